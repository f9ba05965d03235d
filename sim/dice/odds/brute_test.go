package odds

import (
	"math/big"
	"testing"

	"github.com/bangsim/bangsim/sim/dice"
)

// bruteForce is an independent check of the DP: an expectimax over ORDERED dice (7776
// tuples, each die its own position), rerolls chosen as die masks, every outcome of the
// rerolled dice enumerated one die at a time (6^k ordered outcomes, each 1/6^k), the
// objective tested on the tuple itself. It shares no table, index or multinomial with
// the DP. policy nil maximises over every legal mask; otherwise the policy's counts pick
// the lowest-numbered dice of each face. Values are int64 numerators over 6^(5r), so
// it needs TotalRerolls() <= 3.
func bruteForce(t testing.TB, obj Objective, s Setup, policy Policy) *big.Rat {
	const n = 7776
	R := s.Rerolls + s.ExtraRerolls
	if R > 3 {
		t.Fatalf("bruteForce: %d rerolls overflow int64", R)
	}
	need := s.GatlingThreshold
	for i := 0; i < s.GatlingDiscount && need > 1 && need <= 5; i++ {
		need--
	}
	var place [5]int
	place[0] = 1
	for i := 1; i < 5; i++ {
		place[i] = place[i-1] * 6
	}
	decode := func(code int) (d [5]int) {
		for i := range d {
			d[i] = code % 6
			code /= 6
		}
		return d
	}
	count := func(d [5]int, faces ...dice.Face) int {
		c := 0
		for _, x := range d {
			for _, f := range faces {
				if x == int(f) {
					c++
				}
			}
		}
		return c
	}
	success := func(d [5]int) bool {
		switch obj.Kind {
		case Gatling:
			return count(d, dice.Gatling) >= need
		case Dynamite:
			return count(d, dice.Dynamite) >= s.DynamiteThreshold
		case BullsEyes:
			return count(d, dice.BullsEye1, dice.BullsEye2) >= obj.K
		case Beers:
			return count(d, dice.Beer) >= obj.K
		case NoArrows:
			return true // failures are cut when an Arrow is rolled
		}
		t.Fatalf("bruteForce: objective %v", obj)
		return false
	}
	var pow [21]int64
	pow[0] = 1
	for i := 1; i < len(pow); i++ {
		pow[i] = pow[i-1] * 6
	}
	// offsets[mask] lists, for every ordered outcome of the dice in mask, the code those
	// dice add to the tuple; an Arrow among them cuts the path for no-arrows.
	var offsets [32][]int
	for mask := range offsets {
		offs := []int{0}
		for i := range 5 {
			if mask&(1<<i) == 0 {
				continue
			}
			var next []int
			for _, o := range offs {
				for f := range 6 {
					if obj.Kind == NoArrows && f == int(dice.Arrow) {
						continue
					}
					next = append(next, o+f*place[i])
				}
			}
			offs = next
		}
		offsets[mask] = offs
	}
	prev := make([]int64, n)
	for code := range prev {
		if success(decode(code)) {
			prev[code] = 1
		}
	}
	for r := 1; r <= R; r++ {
		cur := make([]int64, n)
		for code := range cur {
			d := decode(code)
			stop := int64(0)
			if success(d) {
				stop = pow[5*r]
			}
			cur[code] = stop
			if count(d, dice.Dynamite) >= s.DynamiteThreshold {
				continue
			}
			legal := 0
			for i, x := range d {
				if x != int(dice.Dynamite) || count(d, dice.Dynamite) <= s.DynamiteRerollMax {
					legal |= 1 << i
				}
			}
			value := func(mask int) int64 {
				base, k := code, 0
				for i := range 5 {
					if mask&(1<<i) != 0 {
						base -= d[i] * place[i]
						k++
					}
				}
				var sum int64
				for _, o := range offsets[mask] {
					sum += prev[base+o]
				}
				return pow[5-k] * sum
			}
			if policy != nil {
				if legal == 0 {
					continue
				}
				var c [dice.NumFaces]int
				for _, x := range d {
					c[x]++
				}
				rr := policy.Reroll(c, r)
				mask := 0
				for i, x := range d {
					if rr[x] > 0 {
						rr[x]--
						mask |= 1 << i
					}
				}
				if mask&^legal != 0 || rr != [dice.NumFaces]int{} {
					t.Fatalf("bruteForce: illegal reroll in %v", d)
				}
				if mask != 0 {
					cur[code] = value(mask)
				}
				continue
			}
			for mask := legal; mask != 0; mask = (mask - 1) & legal {
				if v := value(mask); v > cur[code] {
					cur[code] = v
				}
			}
		}
		prev = cur
	}
	var total int64
	for code := range prev {
		if obj.Kind == NoArrows && count(decode(code), dice.Arrow) > 0 {
			continue
		}
		total += prev[code]
	}
	return big.NewRat(total, pow[5*(R+1)])
}

// TestBruteForceGatling checks the default optimal Gatling odds, 2 rerolls, against the
// ordered-dice expectimax.
func TestBruteForceGatling(t *testing.T) {
	s := DefaultSetup()
	obj := Objective{Kind: Gatling}
	got, err := Exact(obj, s, nil)
	if err != nil {
		t.Fatal(err)
	}
	if want := bruteForce(t, obj, s, nil); got.Cmp(want) != 0 {
		t.Fatalf("optimal gatling: DP %s, brute force %s", got.RatString(), want.RatString())
	}
	if want := big.NewRat(1138594, 4782969); got.Cmp(want) != 0 {
		t.Fatalf("optimal gatling: DP %s, want %s (docs/odds.md)", got.RatString(), want.RatString())
	}
}

// TestBruteForce compares the DP with the ordered-dice expectimax for every objective
// and every character whose ability touches the dice, optimal and fixed policies.
func TestBruteForce(t *testing.T) {
	chars := []dice.Character{dice.Plain, dice.LuckyDuke, dice.WillyTheKid, dice.BlackJack}
	for _, obj := range allObjectives() {
		for _, ch := range chars {
			t.Run(obj.String()+"/"+ch.Slug(), func(t *testing.T) {
				t.Parallel()
				for rerolls := 0; rerolls <= 2; rerolls++ {
					s := DefaultSetup()
					s = s.WithCharacter(ch)
					s.Rerolls = rerolls
					policies := map[string]Policy{"keep": Keep(), "reroll-all": RerollAll(s), "greedy": greedy(obj, s)}
					// The optimal expectimax costs ~60M steps per level: keep it to the
					// cases the brief names plus one reroll for everyone.
					if rerolls <= 1 && (s.TotalRerolls() <= 1 || !testing.Short()) ||
						rerolls == 2 && !testing.Short() && ch == dice.Plain && obj.Kind == BullsEyes && obj.K == 3 {
						policies["optimal"] = nil
					}
					for name, p := range policies {
						got, err := Exact(obj, s, p)
						if err != nil {
							t.Fatal(err)
						}
						if want := bruteForce(t, obj, s, p); got.Cmp(want) != 0 {
							t.Errorf("%d rerolls, %s: DP %s, brute force %s", rerolls, name, got.RatString(), want.RatString())
						}
					}
				}
			})
		}
	}
}

// TestBruteForceBeyondGreedy: with Black Jack and 3 rerolls the optimum beats the greedy
// habit (it holds dice back to dodge the Dynamite stop); the brute force agrees.
func TestBruteForceBeyondGreedy(t *testing.T) {
	if testing.Short() {
		t.Skip("3 levels of ordered-dice expectimax")
	}
	s := DefaultSetup()
	s = s.WithCharacter(dice.BlackJack)
	s.Rerolls = 3
	obj := Objective{Kind: BullsEyes, K: 1}
	got, err := Exact(obj, s, nil)
	if err != nil {
		t.Fatal(err)
	}
	if want := bruteForce(t, obj, s, nil); got.Cmp(want) != 0 {
		t.Fatalf("DP %s, brute force %s", got.RatString(), want.RatString())
	}
	g, err := Exact(obj, s, greedy(obj, s))
	if err != nil {
		t.Fatal(err)
	}
	if got.Cmp(g) <= 0 {
		t.Fatalf("optimal %s does not beat greedy %s", got.FloatString(6), g.FloatString(6))
	}
}
