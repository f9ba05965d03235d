package card

// FuzzEngine drives whole games with an arbitrary stream of choices (legal or not) and
// arbitrary rules through enginetest.FuzzDecisions, which checks the invariants of
// playout_test.go after every step: the
// engine must map any integer onto a legal option, count it in Illegal, and never
// panic; Table.Play, fed the same stream, must play the same game.
//
//	go test ./sim/card -run '^$' -fuzz FuzzEngine -fuzztime 300000x

import (
	"fmt"
	"testing"

	"github.com/bangsim/bangsim/internal/enginetest"
	"github.com/bangsim/bangsim/internal/seed"
)

// streamPolicy answers every decision with the next value of a fuzzed byte stream
// (enginetest.Stream), cycling; many values are out of range. 0x7e and 0x7d keep the
// values this engine's stream gave them before the harness (1<<40 and 125), so the
// saved corpus under testdata/fuzz replays the very games it was saved for.
type streamPolicy struct{ enginetest.Stream }

// newStream returns a streamPolicy over choices.
func newStream(choices []byte) streamPolicy {
	return streamPolicy{enginetest.Stream{B: choices, Special: map[byte]int{0x7e: 1 << 40, 0x7d: 0x7d}}}
}

// Choose implements Policy.
func (p *streamPolicy) Choose(*View) int { return p.Next() }

// fuzzRules builds the rules of one fuzzed game from the player byte and the seed.
func fuzzRules(players uint8, gameSeed uint64) Rules {
	n := MinPlayers + int(players%4)
	r := DefaultRules(n)
	v := gameSeed>>32 | uint64(players/4)<<32
	switch v & 3 {
	case 1:
		r.Deal = DealPlain
	case 2:
		r.Deal = DealSeats
		cs := make([]Character, n)
		for s := range cs {
			cs[s] = Character((v >> (2 + 4*uint(s))) % uint64(NumCharacters))
		}
		_ = r.SetPool(cs)
	}
	if v>>30&1 == 1 {
		// Remove a seeded set of cards (never all of them).
		x := gameSeed*0x9e3779b97f4a7c15 | 1
		r.Removed = [2]uint64{x & (x >> 7), (x >> 3) & 0xffff & (x >> 21)}
	}
	if v>>31&1 == 1 {
		r.HighNoon = uint8(1 + v>>33%3)
	}
	r.MaxTurns = uint16(1 + v>>36%300)
	return r
}

// fuzzCorpus seeds FuzzEngine.
func fuzzCorpus() []enginetest.FuzzInput {
	c := []enginetest.FuzzInput{
		{Seed: 0, Players: 2, Choices: []byte{}},
		{Seed: 1, Players: 0, Choices: []byte{0, 1, 2, 3, 4, 5, 6, 7}},
		{Seed: 2, Players: 5, Choices: []byte{0x80, 0x7f, 0xff, 31, 32, 33, 0x7e}},
		{Seed: 3, Players: 3, Choices: []byte{0xff, 0xfe, 0x10, 0x1f, 0x40}},
		{Seed: 4<<32 | 1, Players: 1, Choices: []byte{9, 200, 17, 4}},
		{Seed: 5<<32 | 2, Players: 6, Choices: []byte{1}},
		{Seed: 0xc0000000<<32 | 3, Players: 7, Choices: []byte{3, 1, 4, 1, 5, 9, 2, 6}},
		{Seed: 0xffff_ffff_ffff_ffff, Players: 255, Choices: []byte("arbitrary bytes make arbitrary choices")},
	}
	for i := range uint64(24) {
		gs := seed.ForGame(77, i)
		c = append(c, enginetest.FuzzInput{Seed: gs, Players: uint8(i), Choices: []byte{byte(gs), byte(gs >> 8), byte(gs >> 16), 0x7e, 0x80}})
	}
	return c
}

func FuzzEngine(f *testing.F) {
	build := func(gameSeed uint64, players uint8, choices []byte) (*driven, error) {
		r := fuzzRules(players, gameSeed)
		if err := r.Validate(); err != nil {
			return nil, fmt.Errorf("fuzzRules built invalid rules: %v", err)
		}
		p := newStream(choices)
		return newDrivenAll(r, &p, false), nil
	}
	enginetest.FuzzDecisions(f, fuzzCorpus(), build, func(t *testing.T, m *driven, gameSeed uint64, _ uint8, choices []byte) {
		// Table.Play, fed the same stream, plays the same game, untraced and traced.
		g, r := &m.g, m.rules
		for _, trace := range []bool{false, true} {
			p := newStream(choices)
			var by [NumRoles]Policy
			for i := range by {
				by[i] = &p
			}
			tb, err := NewTable(r, by)
			if err != nil {
				t.Fatal(err)
			}
			if trace {
				tb.OnEvents = func([]Event) {}
			}
			f := tb.Play(gameSeed)
			if f.Board != g.Board || f.Counters != g.Counters || f.Outcome != g.Outcome || f.Hand != g.Hand {
				t.Fatalf("rules %+v, seed %#x, trace %v: Table.Play and the machine differ\nfast:    %s\nmachine: %s", r, gameSeed, trace, describe(f), describe(g))
			}
		}
	})
}

// optionStream is a PlayPolicy that names its phase-2 choices from a fuzzed byte stream,
// four bytes an option: the act, a card (of its hand, or any byte), a target, a pick
// (none, a hand, a card of the target's in play, or any byte): legal and illegal
// options alike. With byCard it is a CardPolicy too, naming its list choices by card
// (ChooseCard); its other choices are the stream's indexes, as streamPolicy's.
type optionStream struct {
	streamPolicy
	byCard bool
}

func (p *optionStream) ReadsLists() bool    { return true }
func (p *optionStream) PlaysByOption() bool { return true }
func (p *optionStream) PicksByCard() bool   { return p.byCard }

// ChooseCard names a card of the list, any byte as a card, or NoCard and any index: legal
// and illegal choices alike.
func (p *optionStream) ChooseCard(v *View) (CardID, int) {
	a, c := p.next(), p.next()
	switch {
	case a < 0xc0:
		if n := v.List.Cards.Len(); n > 0 {
			return v.List.Cards.Nth(int(c) % n), 0
		}
		return NoCard, int(c)
	case a < 0xf0:
		return CardID(c), 0
	}
	return NoCard, int(int8(c))
}

func (p *optionStream) next() byte { return p.Byte() }

func (p *optionStream) ChoosePlay(v *View) Option {
	a, c, t, k := p.next(), p.next(), p.next(), p.next()
	o := Option{Act: Act(a % 4), Card: CardID(c), Target: int8(t%9) - 1, Pick: NoCard}
	if a&0x80 == 0 { // mostly a card of its hand, played
		o.Act = ActPlay
		if n := v.Hand.Len(); n > 0 {
			o.Card = v.Hand.Nth(int(c) % n)
		}
	}
	switch {
	case k < 0x40:
	case k < 0x80:
		o.Pick = PickHand
	case k < 0xf0 && o.Target >= 0:
		if in := v.InPlay[o.Target&7]; !in.Empty() {
			o.Pick = in.Nth(int(k) % in.Len())
		}
	default:
		o.Pick, o.Target = CardID(k), int8(t)
	}
	return o
}

// FuzzPlayOption drives whole games whose phase 2 is chosen by option (PlayPolicy) and,
// for an odd seed, whose lists are chosen by card (CardPolicy) from an arbitrary stream,
// legal or not: the invariants of playout_test.go hold after every decision (seen
// through an OnDecision hook, which finds the option's index), and the Table, unhooked
// (playLegal and the list check the choice), plays the same game.
//
//	go test ./sim/card -run '^$' -fuzz FuzzPlayOption -fuzztime 200000x
func FuzzPlayOption(f *testing.F) {
	f.Add(uint64(0), uint8(2), []byte{})
	f.Add(uint64(1), uint8(0), []byte{0, 1, 2, 3, 4, 5, 6, 7})
	f.Add(uint64(2), uint8(5), []byte{0x81, 0x7f, 0xff, 31, 32, 33, 0x7e, 0x90})
	for i := range uint64(16) {
		gs := seed.ForGame(78, i)
		f.Add(gs, uint8(i), []byte{byte(gs), byte(gs >> 8), byte(gs >> 16), byte(gs >> 24), byte(gs >> 32), 0x45, 0x92})
	}
	f.Fuzz(func(t *testing.T, gameSeed uint64, players uint8, choices []byte) {
		r := fuzzRules(players, gameSeed)
		var finals [2]State
		for i, hooked := range []bool{true, false} {
			p := &optionStream{newStream(choices), gameSeed&1 == 1}
			tb, err := NewTable(r, [NumRoles]Policy{p, p, p, p})
			if err != nil {
				t.Fatal(err)
			}
			s1, s2, s3, s4 := seed.Streams(gameSeed) // as Table.Play seeds a game, with the checker made after the deal
			tb.State.Setup(&r, s1, s2)
			ck, ckErr := newChecker(&tb.State, &r)
			if hooked {
				tb.OnDecision = func(*Decision, int) {
					if ckErr == nil {
						ckErr = ck.step(&tb.State)
					}
				}
			}
			g := tb.Finish(s3, s4)
			if ckErr == nil && hooked {
				ckErr = ck.step(g)
			}
			if ckErr != nil {
				t.Fatalf("rules %+v, seed %#x: %v\n%s", r, gameSeed, ckErr, describe(g))
			}
			if !g.Over {
				t.Fatalf("rules %+v, seed %#x: the game did not end", r, gameSeed)
			}
			finals[i] = *g
		}
		a, b := &finals[0], &finals[1]
		if a.Board != b.Board || a.Counters != b.Counters || a.Outcome != b.Outcome || a.Hand != b.Hand {
			t.Fatalf("rules %+v, seed %#x: hooked and unhooked differ\nhooked:   %s\nunhooked: %s", r, gameSeed, describe(a), describe(b))
		}
	})
}
