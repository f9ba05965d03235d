package dicebots

import (
	"encoding/binary"
	"math/bits"

	"github.com/bangsim/bangsim/sim/dice"
	"github.com/bangsim/bangsim/strategy"
)

// Heuristic is the default player. It never sees a hidden role: it reads the public
// record (who took life from whom, who healed whom) into a suspicion score per player
// (see reading.read), decides who its friends are by its own role, and then:
//
//   - rerolls: keeps Bull's Eyes that can hit a non-friend, Gatlings once they are close
//     to firing (or while it holds many arrows, which a volley returns), Beers while it
//     or a friend needs them (an Outlaw banks them only for itself); rerolls Arrows, spare Beers, Black Jack's Dynamite, and
//     Bull's Eyes that could only hit friends; stops when one more Dynamite would cost a
//     life it cannot spare, or when the pile is nearly empty and the Indians would hurt
//     it more than its enemies;
//   - aims by role: an Outlaw at the Sheriff, then at whoever looks lawful; the Sheriff
//     and Deputies at whoever looks like an Outlaw; the Renegade at the Outlaws first and
//     at the Sheriff only when the two of them are left; kills first, then the weakest;
//   - heals itself or a friend in need (a Deputy the Sheriff first; the Renegade the
//     Sheriff only when he is about to fall), and otherwise wastes the Beer on itself,
//     or on the Sheriff as a public sign of loyalty for a Deputy or Renegade;
//   - uses every ability: Sid Ketchum heals like a Beer, Slab the Killer doubles a shot
//     at an enemy when it can spare the Beer or the shot kills, Bart Cassidy takes the
//     arrow unless the Indians would then kill him, Pedro Ramirez always returns an
//     arrow, Kit Carlson discards his own arrows (a friend's when his Gatling fires and
//     returns his own anyway), Black Jack rerolls Dynamite, Calamity Janet's and Rose
//     Doolan's ranges come from dice.Targets, Willy the Kid chases his two-die Gatling,
//     Jesse Jones banks Beers when low, Suzy Lafayette gives up a lone Bull's Eye for her
//     two life when hurt (each by the primitive, on whatever character holds it).
//
// The zero Heuristic plays with DefaultHeuristicParams; P, when set, tunes it (the named
// habits are such tunings). It draws no random numbers and does not allocate.
type Heuristic struct {
	P *HeuristicParams
}

// HeuristicParams tunes the heuristic family. Every field is a spec parameter (see
// heuristicParams for names, defaults and ranges).
type HeuristicParams struct {
	BeerBelow     int  // keep Beers for itself while its life is below this (and below its maximum)
	AllyBelow     int  // keep Beers for a friend whose life is below this
	BeerExtra     int  // Beers kept beyond the missing life, while it or a friend is hurt
	GatlingShort  int  // keep Gatlings once they are at most this many short of firing
	ChaseArrows   int  // also keep a lone Gatling while holding at least this many arrows (0: never)
	ChaseAll      bool // while chasing the Gatling, reroll every other die it may
	ArrowCare     int  // stop rolling when the pile has at most this many arrows and Indians would hurt it most
	DynamiteStop  int  // with one Dynamite short of the stop showing, stop rolling at this life or less
	KeepBullseyes bool // never reroll a Bull's Eye
	SuzyBelow     int  // Suzy Lafayette rerolls a lone Bull's Eye when at least this far below her maximum (0: never)
	OutlawTeam    bool // an Outlaw counts whoever looks like an Outlaw as a friend
	SecondLook    bool // rank targets also by whom each player shot, when it read the record for its friends anyway
}

// DefaultHeuristicParams is how the default heuristic plays (read-only: the registry and
// the zero Heuristic share it).
var DefaultHeuristicParams = HeuristicParams{
	BeerBelow:    99,
	AllyBelow:    99,
	GatlingShort: 1,
	ChaseArrows:  4,
	ArrowCare:    1,
	DynamiteStop: 1,
	SuzyBelow:    2,
	OutlawTeam:   true,
	SecondLook:   true,
}

// heuristicParams are the spec parameters of every heuristic-family policy; get and set
// tie each to its field. A habit changes some defaults.
var heuristicParams = []struct {
	Param
	get func(p *HeuristicParams) int
	set func(p *HeuristicParams, v int)
}{
	{Param{Name: "beer_below", Max: 99, Description: "keep Beers for itself while its life is below this (99: whenever hurt; 0: never)"},
		func(p *HeuristicParams) int { return p.BeerBelow }, func(p *HeuristicParams, v int) { p.BeerBelow = v }},
	{Param{Name: "ally_below", Max: 99, Description: "keep Beers for a friend whose life is below this (99: whenever hurt; 0: never)"},
		func(p *HeuristicParams) int { return p.AllyBelow }, func(p *HeuristicParams, v int) { p.AllyBelow = v }},
	{Param{Name: "beer_extra", Max: dice.NumDice, Description: "Beers kept beyond the life it and its friends miss, while any of them is hurt"},
		func(p *HeuristicParams) int { return p.BeerExtra }, func(p *HeuristicParams, v int) { p.BeerExtra = v }},
	{Param{Name: "gatling_short", Max: dice.NumDice, Description: "keep Gatlings once they are at most this many short of firing (0: only a volley that fires)"},
		func(p *HeuristicParams) int { return p.GatlingShort }, func(p *HeuristicParams, v int) { p.GatlingShort = v }},
	{Param{Name: "chase_arrows", Max: 99, Description: "also keep a lone Gatling while holding at least this many arrows, which a volley returns (0: never)"},
		func(p *HeuristicParams) int { return p.ChaseArrows }, func(p *HeuristicParams, v int) { p.ChaseArrows = v }},
	{Param{Name: "chase_all", Kind: ParamBool, Max: 1, Description: "while chasing the Gatling, reroll every other die it may (Bull's Eyes and Beers too)"},
		func(p *HeuristicParams) int { return b2i(p.ChaseAll) }, func(p *HeuristicParams, v int) { p.ChaseAll = v != 0 }},
	{Param{Name: "arrow_care", Max: 99, Description: "stop rolling when the pile has at most this many arrows and an Indian attack would kill it or cost it more than its enemies (0: never)"},
		func(p *HeuristicParams) int { return p.ArrowCare }, func(p *HeuristicParams, v int) { p.ArrowCare = v }},
	{Param{Name: "dynamite_stop", Max: 99, Description: "with one Dynamite short of the stop showing, stop rolling at this life or less (0: never; 99: always)"},
		func(p *HeuristicParams) int { return p.DynamiteStop }, func(p *HeuristicParams, v int) { p.DynamiteStop = v }},
	{Param{Name: "keep_bullseyes", Kind: ParamBool, Max: 1, Description: "never reroll a Bull's Eye, even one that can only hit a friend"},
		func(p *HeuristicParams) int { return b2i(p.KeepBullseyes) }, func(p *HeuristicParams, v int) { p.KeepBullseyes = v != 0 }},
	{Param{Name: "outlaw_team", Kind: ParamBool, Max: 1, Description: "an Outlaw counts whoever looks like an Outlaw (shot the Sheriff) as a friend: does not shoot them, heals them"},
		func(p *HeuristicParams) int { return b2i(p.OutlawTeam) }, func(p *HeuristicParams, v int) { p.OutlawTeam = v != 0 }},
	{Param{Name: "second_look", Kind: ParamBool, Max: 1, Description: "rank targets also by whom each player shot (shooting those who shot the Sheriff looks lawful), when it read the record for its friends anyway"},
		func(p *HeuristicParams) int { return b2i(p.SecondLook) }, func(p *HeuristicParams, v int) { p.SecondLook = v != 0 }},
	{Param{Name: "suzy_below", Max: 99, Description: "Suzy Lafayette rerolls a lone Bull's Eye (for her 2 life) when at least this far below her maximum (0: never)"},
		func(p *HeuristicParams) int { return p.SuzyBelow }, func(p *HeuristicParams, v int) { p.SuzyBelow = v }},
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// habit is a named tuning of the heuristic: a few defaults changed.
type habit struct {
	name, desc string
	tune       func(p *HeuristicParams)
	omniscient bool
}

// habits are the heuristic's family in the registry; the first is the default player.
var habits = []habit{
	{name: "heuristic", desc: "default player: keeps and rerolls by its life, arrows, role and the table; aims and heals by role and by suspicion from public hits and heals; uses every ability",
		tune: func(*HeuristicParams) {}},
	{name: "omniscient", desc: "CHEATS: the heuristic shown every hidden role (an upper bound on what role inference can give); label results that use it",
		tune: func(*HeuristicParams) {}, omniscient: true},
	{name: "chase-gatling", desc: "habit: once a Gatling shows, keep Gatlings and reroll every other die for the volley; otherwise heuristic",
		tune: func(p *HeuristicParams) { p.GatlingShort, p.ChaseAll = dice.NumDice, true }},
	{name: "keep-bullseyes", desc: "habit: never rerolls a Bull's Eye, even one that can only hit a friend; otherwise heuristic",
		tune: func(p *HeuristicParams) { p.KeepBullseyes, p.SuzyBelow = true, 0 }},
	{name: "bank-beers", desc: "habit: keeps every Beer while it or a friend is hurt, even more than they miss; otherwise heuristic",
		tune: func(p *HeuristicParams) { p.BeerBelow, p.AllyBelow, p.BeerExtra = 99, 99, dice.NumDice }},
	{name: "reroll-arrows", desc: "habit: always rerolls Arrows, however few arrows the pile has left; otherwise heuristic",
		tune: func(p *HeuristicParams) { p.ArrowCare = 0 }},
	{name: "no-third-dynamite", desc: "habit: stops rolling whenever one more Dynamite would stop it (two of three showing); otherwise heuristic",
		tune: func(p *HeuristicParams) { p.DynamiteStop = 99 }},
}

// registerHeuristics registers the heuristic family, every member taking every
// heuristic parameter with its own defaults.
func registerHeuristics() {
	for _, h := range habits {
		base := DefaultHeuristicParams
		h.tune(&base)
		params := make([]Param, len(heuristicParams))
		for i, hp := range heuristicParams {
			params[i] = hp.Param
			params[i].Default = hp.Param.Format(hp.get(&base))
		}
		omni := h.omniscient
		mk := func(p *HeuristicParams) dice.Policy {
			if omni {
				return Omniscient{Heuristic{P: p}}
			}
			return Heuristic{P: p}
		}
		var def *HeuristicParams // nil: the zero Heuristic is the default player
		if base != DefaultHeuristicParams {
			def = &base
		}
		variant := "heuristic"
		if h.name == "heuristic" || h.omniscient {
			variant = "" // the default player, and the one that sees every role
		}
		var needs strategy.Needs // the heuristic reads the record to suspect
		if omni {
			needs = strategy.SeesAllRoles
		}
		Register(Entry{
			Name:        h.name,
			Description: h.desc,
			Variant:     variant,
			Params:      params,
			Needs:       needs,
			New:         func() dice.Policy { return mk(def) },
			Build: func(args []int) func() dice.Policy {
				p := new(HeuristicParams)
				for i, hp := range heuristicParams {
					hp.set(p, args[i])
				}
				return func() dice.Policy { return mk(p) }
			},
		})
	}
}

// Omniscient is the heuristic shown every role (dice.OmniscientPolicy): with all roles
// revealed its suspicion scores are never needed, so it measures how much perfect role
// inference would be worth to the heuristic. It cheats; reports label it.
type Omniscient struct{ Heuristic }

// Omniscient implements dice.OmniscientPolicy.
func (Omniscient) Omniscient() bool { return true }

// params returns the tuning in force.
func (h Heuristic) params() *HeuristicParams {
	if h.P == nil {
		return &DefaultHeuristicParams
	}
	return h.P
}

// Choose implements dice.Policy.
func (h Heuristic) Choose(v *dice.View) int {
	d := &v.Decision
	var r reading
	switch d.Kind {
	case dice.DecideReroll:
		p := h.params()
		r.pending = !r.glance(v, p) // the reroll takes the look only if it needs the friends
		return rerollMask(v, p, &r)
	case dice.DecideTarget:
		if v.Role == dice.Outlaw && v.Sheriff >= 0 && d.Options>>uint(v.Sheriff&7)&1 == 1 {
			return int(v.Sheriff) // what every Outlaw shoots at (the reading would say the same)
		}
		r.read(v, h.params())
		return r.target(v, uint8(d.Options))
	case dice.DecideBeer, dice.DecideSidHeal:
		r.pending = !r.glance(v, h.params()) // the look only if a friend could need the Beer
		return r.bestHeal(v, uint8(d.Options))
	case dice.DecidePedroReturn:
		return 1 // an arrow returned is a life the Indians cannot take
	case dice.DecideBartArrow:
		s := v.Self & 7
		// Take the arrow instead of the life point, unless the Indians could then kill him.
		if v.Life[s] <= 1 || (v.Pile > 2 && int(v.Arrows[s])+1 < int(v.Life[s])) {
			return 1
		}
		return 0
	case dice.DecideSlab:
		r.read(v, h.params())
		return slabChoice(v, &r, d.Options)
	case dice.DecideKitDiscard:
		r.read(v, h.params())
		return kitChoice(v, &r, d.Options)
	}
	return d.Nth(0)
}

// gatlingNeed returns the Gatlings the active player needs to fire.
func gatlingNeed(v *dice.View) int {
	return botGatlingNeed(v, int(v.Self))
}

// botGatlingNeed is the Gatlings the heuristic believes seat s needs: the threshold
// less its gatling_discount (never below 1). Unlike the engine (Profile.GatlingNeed) it
// applies the discount at the threshold 6 too, as it always has: left so, for now, to
// keep its games byte-identical under --gatling 6.
func botGatlingNeed(v *dice.View, s int) int {
	t := int(v.Rules.GatlingThreshold)
	if v.Profile.Holds(s, dice.PrimGatlingDiscount) {
		t -= min(int(v.Profile.Arg[s&7].WillyFewer), t-1)
	}
	return t
}

// lowestN returns the n lowest set bits of m.
func lowestN(m uint8, n int) uint8 {
	var out uint8
	for ; m != 0 && n > 0; n-- {
		out |= m & -m
		m &= m - 1
	}
	return out
}

// faceBits returns the dice by face as one word, byte f holding bit i for every die i
// showing face f: the View's Faces, which the engine keeps, read in one load.
func faceBits(v *dice.View) uint64 { return binary.LittleEndian.Uint64(v.Faces[:]) }

// faceOf returns the mask of the dice showing f from faceBits.
func faceOf(x uint64, f dice.Face) uint8 { return uint8(x >> (8 * uint(f))) }

// lowest[m][k] is the k lowest set bits of the five-dice mask m (all of them when m has
// fewer): the first dice of a face to keep.
var lowest = func() (t [32][dice.NumDice + 1]uint8) {
	for m := range t {
		for k := range t[m] {
			t[m][k] = lowestN(uint8(m), k)
		}
	}
	return t
}()

// rerollMask is the heuristic's reroll decision: the dice to roll again, 0 to stop. It
// runs before a third of all decisions, so it keeps data-dependent branches few.
func rerollMask(v *dice.View, p *HeuristicParams, r *reading) int {
	s := r.self & 7
	opts := uint8(v.Decision.Options)
	x := faceBits(v)
	g, beer := faceOf(x, dice.Gatling), faceOf(x, dice.Beer)
	be := faceOf(x, dice.BullsEye1) | faceOf(x, dice.BullsEye2)
	life, maxLife := int(v.Life[s]), int(v.MaxLife[s])
	prof := &v.Profile

	// Gatling: keep a volley that fires, chase one that is close (or that would return
	// many arrows), drop one that would hurt its friends more than its enemies.
	// Flags rather than branches where the dice decide: they change every roll.
	need := botGatlingNeed(v, int(s))
	n := bits.OnesCount8(g)
	arrows := int(v.Arrows[s])
	chase := b2u8(g != 0) & b2u8(n < need) & (b2u8(need-n <= p.GatlingShort) | b2u8(p.ChaseArrows > 0)&b2u8(arrows >= p.ChaseArrows))
	want := chase | b2u8(g != 0)&b2u8(n >= need)
	if want&b2u8(arrows == 0) != 0 && !gatlingWorth(v, r) {
		want, chase = 0, 0
	}
	if p.ChaseAll && chase != 0 {
		return int(opts &^ g)
	}
	k := need
	if chase != 0 {
		k = n
	}
	keep := lowest[g&31][min(k, dice.NumDice)] & -want

	// Bull's Eyes that can reach someone it does not count as a friend. With 5 or more
	// alive every Bull's Eye reaches two seats (D22), so one friend cannot fill its reach.
	switch {
	case be == 0:
	case p.KeepBullseyes:
		keep |= be
	case prof.Holds(int(s), dice.PrimEndHeal) && p.SuzyBelow > 0 && maxLife-life >= p.SuzyBelow && be&(be-1) == 0:
		// a lone Bull's Eye is worth less than the heal at the turn's end (Suzy Lafayette's 2)
	case bits.OnesCount8(v.Alive) >= 5 && (maxFriends[min(v.Players, dice.MaxPlayers)][r.role&3] <= 1 || bits.OnesCount8(r.friendMask(v)) <= 1):
		keep |= be
	default:
		friends := r.friendMask(v)
		for f := dice.BullsEye1; f <= dice.BullsEye2; f++ {
			if m := faceOf(x, f); m != 0 && v.Targets(v.Self, f)&^friends != 0 {
				keep |= m
			}
		}
	}

	// Beers: as many as it and its friends in need can use.
	if beer != 0 {
		want := (maxLife - life) & -b2i(life < p.BeerBelow)
		if heal := prof.SelfBeer(int(s), life); heal > 1 {
			want = (want + heal - 1) / heal // a Beer on himself gives more (low_beer)
		}
		if r.role != dice.Outlaw { // an Outlaw cannot be sure who the other Outlaws are
			for m := r.friendMask(v); m != 0; m &= m - 1 {
				j := bits.TrailingZeros8(m) & 7
				l, ml := int(v.Life[j]), int(v.MaxLife[j])
				want += (ml - l) & -b2i(l < p.AllyBelow)
			}
		}
		want += p.BeerExtra & -b2i(want > 0)
		if prof.Holds(int(s), dice.PrimDoubleBullsEye) && prof.Arg[s].SlabBeers != 0 {
			want += b2i(keep&be != 0) // fuel for the doubled shot
		}
		keep |= lowest[beer&31][min(want, dice.NumDice)]
	}

	junk := opts &^ keep
	// Dynamite: one more would stop the rolling and cost a life it cannot spare.
	// (One branch on the combined, rarely true condition: the parts are data-dependent.)
	kept := bits.OnesCount8(faceOf(x, dice.Dynamite) &^ junk)
	if b2u8(kept+1 >= int(v.Rules.DynamiteThreshold))&b2u8(life <= p.DynamiteStop) != 0 {
		return 0
	}
	// Indians: the pile is nearly empty and an attack would hurt it most.
	if int(v.Pile) <= p.ArrowCare && junk != 0 && indiansHurtMost(v, r, life) {
		return 0
	}
	return int(junk)
}

// gatlingWorth reports whether a volley would hurt more of its enemies than of its
// friends (a seat with gatling_loss 0, Paul Regret, loses no life to it).
func gatlingWorth(v *dice.View, r *reading) bool {
	friends := r.friendMask(v)
	hit := r.others &^ v.Profile.NoGatling
	return bits.OnesCount8(hit&^friends) > bits.OnesCount8(hit&friends)
}

// indiansHurtMost reports whether an Indian attack now would kill the player or cost it
// more than its enemies lose on average (by more than one life).
func indiansHurtMost(v *dice.View, r *reading, life int) bool {
	s := r.self & 7
	mine := v.Profile.IndianLoss(int(s), int(v.Arrows[s])+1)
	if mine >= life {
		return true
	}
	foes := r.others &^ r.friendMask(v)
	sum := 0
	for m := foes; m != 0; m &= m - 1 {
		sum += int(v.Arrows[bits.TrailingZeros8(m)&7])
	}
	k := bits.OnesCount8(foes)
	return k > 0 && mine*k > sum+k
}

// slabChoice doubles the Bull's Eye whose best target is the best enemy, when the Beer
// it costs can be spared (it is not hurt much, or has another Beer) or the doubled shot
// kills; otherwise Skip.
func slabChoice(v *dice.View, r *reading, options uint32) int {
	var reach [2]uint8
	reach[0] = v.Targets(v.Self, dice.BullsEye1)
	reach[1] = v.Targets(v.Self, dice.BullsEye2)
	best, bestSeat, bestScore := -1, -1, 0
	for m := uint8(options); m != 0; m &= m - 1 {
		i := bits.TrailingZeros8(m)
		j, sc := r.bestShot(v, reach[v.Dice[i]-dice.BullsEye1], 2)
		if j >= 0 && (best < 0 || sc > bestScore) {
			best, bestSeat, bestScore = i, j, sc
		}
	}
	if best < 0 || bestScore < 0 || r.friends>>uint(bestSeat)&1 == 1 {
		return dice.Skip
	}
	s := r.self
	kill := v.Life[bestSeat] <= 2
	spare := v.Life[s] >= 5 || v.Life[s] >= v.MaxLife[s] || v.Dice.Count(dice.Beer) >= 2
	if kill || spare {
		return best
	}
	return dice.Skip
}

// kitChoice discards one of its own arrows, or, when its Gatling fires (and returns its
// own arrows anyway), a friend's; otherwise Skip (an enemy's arrows are the Indians'
// business).
func kitChoice(v *dice.View, r *reading, options uint32) int {
	s := r.self
	fires := v.Dice.Count(dice.Gatling) >= gatlingNeed(v)
	if !fires && options>>uint(s)&1 == 1 {
		return s
	}
	best, most := -1, 0
	for m := uint8(options) & r.friends; m != 0; m &= m - 1 {
		j := bits.TrailingZeros8(m)
		if a := int(v.Arrows[j]); a > most {
			best, most = j, a
		}
	}
	if best >= 0 {
		return best
	}
	return dice.Skip
}
