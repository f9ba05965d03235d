package dice_test

// Fuzz targets: FuzzEngine drives whole games with an arbitrary stream of choices (legal
// or not) through enginetest.FuzzDecisions, which checks the invariants of
// playout_test.go after every step; the engine must
// map any integer onto a legal choice, count it in Illegal, and never panic; Table.Play,
// fed the same stream, must end the game the same way.
// FuzzDecisionLegal checks Decision.Legal, Count and Nth against each other.
//
//	go test ./sim/dice -run '^$' -fuzz FuzzEngine -fuzztime 3000000x
//	go test ./sim/dice -run '^$' -fuzz FuzzDecisionLegal -fuzztime 3000000x
//
// Budgets are counts, not durations: with a duration, Go 1.26's fuzz coordinator can end
// a clean run with "context deadline exceeded" and no failing input (go.dev/issue/75804,
// fixed in Go 1.27); only a file written under testdata/fuzz is a real failure.

import (
	"fmt"
	"math"
	"math/bits"
	"testing"

	"github.com/bangsim/bangsim/internal/enginetest"
	"github.com/bangsim/bangsim/internal/seed"
	"github.com/bangsim/bangsim/sim/dice"
)

// streamPolicy answers every decision with the next value of a fuzzed byte stream
// (enginetest.Stream: int8 values, the int extremes, masks wider than 32 bits), cycling,
// with 0x7c standing for Skip; most values are illegal for most decisions.
type streamPolicy struct{ enginetest.Stream }

// newStream returns a streamPolicy over choices.
func newStream(choices []byte) *streamPolicy {
	return &streamPolicy{enginetest.Stream{B: choices, Special: map[byte]int{0x7c: dice.Skip}}}
}

// Choose implements dice.Policy.
func (p *streamPolicy) Choose(*dice.View) int { return p.Next() }

// fuzzRules builds the rules of one fuzzed game: the player count from players, a deal and
// rule options from its high bits and the seed.
func fuzzRules(players uint8, gameSeed uint64) dice.Rules {
	n := dice.MinPlayers + int(players%6)
	r := dice.DefaultRules(n)
	v := gameSeed>>40 | uint64(players/6)<<24
	switch v & 3 {
	case 1:
		r.Deal = dice.DealPlain
	case 2:
		r.Deal = dice.DealSeats
		cs := make([]dice.Character, n)
		for s := range cs {
			cs[s] = dice.Character((v >> (4 + 4*uint(s))) % uint64(dice.NumCharacters))
		}
		_ = r.SetPool(cs)
	}
	if v>>2&1 == 1 {
		r.ResolveAfterDeath = true
	}
	if v>>3&1 == 1 {
		r.DistanceEitherWay = true
	}
	if v>>36&1 == 1 {
		r.Arrows = uint8(1 + v>>37%12)
	}
	if v>>41&1 == 1 {
		r.Rerolls = uint8(v >> 42 % 5)
	}
	if v>>45&1 == 1 {
		r.GatlingThreshold = uint8(1 + v>>46%6)
		r.DynamiteThreshold = uint8(1 + v>>49%6)
	}
	r.MaxTurns = uint16(1 + v>>52%400)
	return r
}

// fuzzCorpus seeds FuzzEngine.
func fuzzCorpus() []enginetest.FuzzInput {
	c := []enginetest.FuzzInput{
		{Seed: 0, Players: 2, Choices: []byte{}},
		{Seed: 1, Players: 0, Choices: []byte{0, 1, 2, 3, 4, 5, 6, 7}},
		{Seed: 2, Players: 5, Choices: []byte{0x80, 0x7f, 0xff, 31, 32, 33, 0x7c}},
		{Seed: 3, Players: 3, Choices: []byte{0xff, 0xfe, 0x10, 0x1f, 0x40}},
		{Seed: 4<<40 | 1, Players: 1, Choices: []byte{9, 200, 17, 4}},
		{Seed: 5<<40 | 2, Players: 4, Choices: []byte{1}},
		{Seed: 6<<40 | 3, Players: 11, Choices: []byte{31, 0, 31, 1, 31, 2}},
		{Seed: 0xffff_ffff_ffff_ffff, Players: 255, Choices: []byte("arbitrary bytes make arbitrary choices")},
	}
	for i := range uint64(24) {
		gs := seed.ForGame(77, i)
		c = append(c, enginetest.FuzzInput{Seed: gs, Players: uint8(i), Choices: []byte{byte(gs), byte(gs >> 8), byte(gs >> 16), 0x7c, 0x80}})
	}
	return c
}

func FuzzEngine(f *testing.F) {
	build := func(gameSeed uint64, players uint8, choices []byte) (*driven, error) {
		r := fuzzRules(players, gameSeed)
		if err := r.Validate(); err != nil {
			return nil, fmt.Errorf("fuzzRules built invalid rules: %v", err)
		}
		var pols seatPolicies
		p := newStream(choices)
		for s := range pols {
			pols[s] = p
		}
		return newDriven(r, "stream", func(uint64) seatPolicies { return pols }, false), nil
	}
	enginetest.FuzzDecisions(f, fuzzCorpus(), build, func(t *testing.T, m *driven, gameSeed uint64, _ uint8, choices []byte) {
		// Table.Play's straight-line driver, fed the same stream, plays the same game,
		// untraced (its shortcuts) and traced.
		g := &m.g
		for _, trace := range []bool{false, true} {
			var pols seatPolicies
			fast := newStream(choices)
			for s := range pols {
				pols[s] = fast
			}
			f := playTableTraced(t, m.rules, gameSeed, &pols, trace).final
			if f.Public != g.Public || f.Outcome != g.Outcome || *f.Pending() != *g.Pending() {
				t.Fatalf("rules %+v, seed %#x, trace %v: Table.Play and the machine differ\nfast:    %s\nmachine: %s", m.rules, gameSeed, trace, describe(&f), describe(g))
			}
		}
	})
}

// pext gathers the bits of x at the set bits of mask into the low bits (inverse of the
// deposit behind Nth for rerolls).
func pext(x, mask uint32) int {
	out, k := 0, 0
	for m := mask; m != 0; m &= m - 1 {
		if x&(m&-m) != 0 {
			out |= 1 << k
		}
		k++
	}
	return out
}

// checkDecision checks Legal, Count and Nth against each other and the documented meaning
// of Options; i and c are arbitrary probes.
func checkDecision(t *testing.T, d dice.Decision, i, c int) {
	t.Helper()
	pop := bits.OnesCount32(d.Options)
	count := d.Count()
	if d.Kind == dice.DecideReroll {
		if count != 1<<pop {
			t.Fatalf("%+v: Count %d, want 2^%d", d, count, pop)
		}
	} else if count != pop {
		t.Fatalf("%+v: Count %d, want %d", d, count, pop)
	}
	// Nth(i), i < Count, lists the legal choices in increasing order.
	probe := func(i int) int {
		x := d.Nth(i)
		if !d.Legal(x) {
			t.Fatalf("%+v: Nth(%d) = %d is not Legal", d, i, x)
		}
		return x
	}
	if count == 0 {
		if d.Legal(c) {
			t.Fatalf("%+v: no options but Legal(%d)", d, c)
		}
		return
	}
	if count <= 1<<12 {
		prev := -1
		for k := range count {
			x := probe(k)
			if x <= prev {
				t.Fatalf("%+v: Nth(%d) = %d after Nth(%d) = %d: not increasing", d, k, x, k-1, prev)
			}
			prev = x
		}
	} else {
		for _, k := range []int{0, 1, count / 2, count - 2, count - 1, int(uint(i) % uint(count))} {
			probe(k)
		}
		if a, b := d.Nth(count-2), d.Nth(count-1); a >= b {
			t.Fatalf("%+v: Nth(%d) = %d >= Nth(%d) = %d", d, count-2, a, count-1, b)
		}
	}
	if d.Nth(0) != min0(d) || d.Nth(count-1) != maxChoice(d) {
		t.Fatalf("%+v: Nth(0) = %d, Nth(Count-1) = %d, want %d and %d", d, d.Nth(0), d.Nth(count-1), min0(d), maxChoice(d))
	}
	// Legal(c) exactly when c is one of the listed choices.
	var want bool
	var rank int
	if d.Kind == dice.DecideReroll {
		want = c >= 0 && c <= math.MaxUint32 && uint32(c)&^d.Options == 0
		rank = pext(uint32(c), d.Options)
	} else {
		want = c >= 0 && c < 32 && d.Options>>uint(c)&1 == 1
		if c >= 0 && c < 32 {
			rank = bits.OnesCount32(d.Options & (1<<uint(c) - 1))
		}
	}
	if got := d.Legal(c); got != want {
		t.Fatalf("%+v: Legal(%d) = %v, want %v", d, c, got, want)
	}
	if want && d.Nth(rank) != c {
		t.Fatalf("%+v: legal choice %d is not Nth(%d) = %d", d, c, rank, d.Nth(rank))
	}
}

// min0 is the smallest legal choice.
func min0(d dice.Decision) int {
	if d.Kind == dice.DecideReroll {
		return 0
	}
	return bits.TrailingZeros32(d.Options)
}

// maxChoice is the largest legal choice.
func maxChoice(d dice.Decision) int {
	if d.Kind == dice.DecideReroll {
		return int(d.Options)
	}
	return 31 - bits.LeadingZeros32(d.Options)
}

func FuzzDecisionLegal(f *testing.F) {
	f.Add(uint8(dice.DecideReroll), uint32(0b11111), 3, 7)
	f.Add(uint8(dice.DecideReroll), uint32(0b10101), 5, 0b10100)
	f.Add(uint8(dice.DecideReroll), uint32(0b01010), 0, 1)
	f.Add(uint8(dice.DecideReroll), uint32(0xffff_ffff), -1, -1)
	f.Add(uint8(dice.DecideReroll), uint32(0x8000_0001), 2, math.MaxInt)
	f.Add(uint8(dice.DecideTarget), uint32(0b1011_0110), 2, 4)
	f.Add(uint8(dice.DecideBeer), uint32(0xff), 7, 8)
	f.Add(uint8(dice.DecideSlab), uint32(1<<dice.Skip|0b101), 1, dice.Skip)
	f.Add(uint8(dice.DecideKitDiscard), uint32(1<<dice.Skip|0b1000_0001), 2, 32)
	f.Add(uint8(dice.DecideBartArrow), uint32(0b11), 1, -5)
	f.Add(uint8(dice.DecideNone), uint32(0), 0, 0)
	f.Add(uint8(dice.DecidePedroReturn), uint32(0b11), 1, math.MinInt)
	f.Fuzz(func(t *testing.T, kind uint8, options uint32, i, c int) {
		d := dice.Decision{Kind: dice.Kind(kind % uint8(dice.NumKinds)), Options: options, Seat: 0, Die: -1}
		checkDecision(t, d, i, c)
		// The engine only offers the five dice for rerolls: check that case exhaustively too.
		if d.Kind == dice.DecideReroll {
			d.Options &= 1<<dice.NumDice - 1
			checkDecision(t, d, i, c)
		}
	})
}

// TestDecisionLegalEveryRerollMask checks every reroll option set the engine can offer
// against every choice from -40 to 70.
func TestDecisionLegalEveryRerollMask(t *testing.T) {
	for o := uint32(1); o < 1<<dice.NumDice; o++ {
		d := dice.Decision{Kind: dice.DecideReroll, Options: o}
		for c := -40; c <= 70; c++ {
			checkDecision(t, d, c, c)
		}
	}
	for k := dice.DecideSidHeal; k < dice.NumKinds; k++ {
		for _, o := range []uint32{1, 0b11, 0xff, 0b1010_0101, 1<<dice.Skip | 0b110} {
			d := dice.Decision{Kind: k, Options: o}
			for c := -40; c <= 70; c++ {
				checkDecision(t, d, c, c)
			}
		}
	}
}

// TestDecisionLegalWideRerollChoice is a minimal failing test for an engine bug:
// Decision.Legal for DecideReroll only looks at the low 32 bits of the choice, so an int
// of 2^32 or more whose low bits are a subset of Options counts as legal. Apply then does
// not count it in Illegal and plays uint8(choice) as the reroll mask: 1<<32 "rerolls" no
// die at all yet spends a reroll (g.Apply(1<<32) at the first reroll of
// seed.ForGame(1, 0), 5 players: Illegal stays 0, RerollsLeft 2 -> 1, dice unchanged).
func TestDecisionLegalWideRerollChoice(t *testing.T) {
	d := dice.Decision{Kind: dice.DecideReroll, Options: 0b11111}
	for _, c := range []int{1 << 32, 1<<32 | 1, 1<<40 | 0b11111, math.MaxInt &^ (1<<32 - 1)} {
		if d.Legal(c) {
			t.Errorf("Decision{Reroll, Options %#b}.Legal(%#x) = true; want false (not a subset of the options)", d.Options, c)
		}
	}
}
