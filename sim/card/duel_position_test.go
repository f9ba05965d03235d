package card

import (
	"strings"
	"testing"
)

// duelTable is a mid-duel position for the arranger's tests: seat 0 (Willy the Kid in
// front with a Volcanic, Kit Carlson behind, two reinforcements to come, one lost)
// against seat 1's Slab the Killer at 1 life alone (its four others lost, two of them
// unnamed), with 3 cards in hand.
func duelTable() DuelPosition {
	return DuelPosition{
		Self:        0,
		Char:        [DuelSlots]Character{WillyTheKid, SlabTheKiller, KitCarlson, Plain},
		Life:        [DuelSlots]int8{3, 1, 4, 0},
		InPlay:      [DuelSlots][]CardID{{KindSet(Volcanic).First()}, nil, nil, nil},
		Hand:        KindSet(BANG).Cards(nil)[:2],
		HandLen:     3,
		ToCome:      [2][]Character{{ElGringo, SuzyLafayette}, nil},
		Lost:        [2][]Character{{BartCassidy}, {CalamityJanet, PaulRegret}},
		LostUnknown: [2]int{0, 2},
		Discard:     KindSet(Beer).Cards(nil)[:1],
		Bangs:       1,
	}
}

// TestDuelArrangeKeepsTheInvariants: an arranged position holds every invariant of a
// duel in progress (the 80 cards once each, five characters a seat, each in play from
// its own stack), sits at seat 0's phase 2 with a BANG! at the opponent's front
// offered (Willy plays a second), and plays on to an end with the invariants kept.
func TestDuelArrangeKeepsTheInvariants(t *testing.T) {
	for s := uint64(0); s < 20; s++ {
		d := NewLongDuel([2]Policy{&Random{}, &Random{}}, [2]DraftPolicy{RandomDraft{}, RandomDraft{}})
		p := duelTable()
		if err := d.Arrange(&p, s, 7); err != nil {
			t.Fatal(err)
		}
		if e := duelCheck(d); e != "" {
			t.Fatalf("seed %d: arranged: %s", s, e)
		}
		dec := d.Pending()
		if dec.Kind != DecidePlay || dec.Seat != 0 || d.HandLen[1] != 3 || d.Info.Next != [2]uint8{3, 5} || d.Info.Lost != [2]uint8{1, 4} {
			t.Fatalf("seed %d: %s of seat %d, hands %v, next %v, lost %v", s, dec.Kind, dec.Seat, d.HandLen[:2], d.Info.Next, d.Info.Lost)
		}
		if dec.FindPlay(p.Hand[0], DuelFront(1), NoCard) < 0 {
			t.Fatalf("seed %d: no BANG! at the opponent's front among %d options", s, dec.N)
		}
		var bad string
		d.OnDecision = func(*Decision, int) {
			if bad == "" {
				bad = duelCheck(d)
			}
		}
		d.Run()
		if bad != "" || !d.Over {
			t.Fatalf("seed %d: played on: %q, over %v", s, bad, d.Over)
		}
	}
}

// TestDuelArrangeRefusesImpossible: each impossible position is refused by an error
// naming its field.
func TestDuelArrangeRefusesImpossible(t *testing.T) {
	for _, c := range []struct {
		edit func(*DuelPosition)
		want string
	}{
		{func(p *DuelPosition) { p.Self = 2 }, "seat:"},
		{func(p *DuelPosition) { p.Life[0] = 5 }, "life[0]: 5, above Willy the Kid's maximum of 4"},
		{func(p *DuelPosition) { p.Char[2] = WillyTheKid }, "characters[2]: Willy the Kid is named twice"},
		{func(p *DuelPosition) { p.Lost[1][0] = ElGringo }, "lost[1][0]: El Gringo is named twice"},
		{func(p *DuelPosition) { p.Life[0] = 0 }, "characters[0]: seat 0 has a back character but no front one"},
		{func(p *DuelPosition) { p.Life[2] = 0 }, "characters[2]: seat 0's back is empty while reinforcements are still to come"},
		{func(p *DuelPosition) { p.LostUnknown[1] = 1 }, "reinforcements: seat 1 has 1 in play, 0 to come and 3 lost"},
		{func(p *DuelPosition) { p.Hand = append(p.Hand, p.Hand[0]) }, "hand: BANG! A♠ is placed twice"},
		{func(p *DuelPosition) { p.InPlay[0] = append(p.InPlay[0], KindSet(Schofield).First()) }, "in_play[0]: two weapons"},
		{func(p *DuelPosition) { p.InPlay[3] = KindSet(Barrel).Cards(nil)[:1] }, "in_play[3]: an empty slot"},
		{func(p *DuelPosition) { p.InPlay[2] = KindSet(Jail).Cards(nil)[:1] }, "in_play[2]: a Jail in front of the player whose phase 2"},
		{func(p *DuelPosition) { p.HandLen = 80 }, "hand_size: the opponent holds 80 cards"},
		{func(p *DuelPosition) { p.Char[0], p.InPlay[0], p.Bangs = BlackJack, nil, 2 }, "bangs: 2 this turn"},
	} {
		p := duelTable()
		c.edit(&p)
		var d LongDuel
		err := d.Arrange(&p, 1, 2)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("want %q, got %v", c.want, err)
		}
	}
}

// FuzzDuelArrange builds a DuelPosition from arbitrary bytes (characters, lives,
// cards, hand size, stacks, the seat) and arranges it: Arrange must never panic, and a
// position it takes must hold every invariant of a duel in progress, sit at the
// seat's phase 2, and play on to an end with the invariants kept.
//
//	go test ./sim/card -run '^$' -fuzz FuzzDuelArrange -fuzztime 20000x
func FuzzDuelArrange(f *testing.F) {
	// A position Arrange takes: four characters at 2 life, two cards in hand, the
	// opponent 3 cards, three reinforcements each (the opponent's unnamed).
	f.Add([]byte{0, 0, 3, 1, 3, 2, 3, 3, 3, 0, 0, 0, 0, 2, 0, 1, 0, 3, 0, 3, 4, 5, 6, 0, 1, 0, 0, 1, 4})
	f.Add([]byte{1, 0, 1, 2, 3, 4, 4, 4, 4, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0})
	f.Fuzz(func(t *testing.T, b []byte) {
		p := fuzzDuelPosition(b)
		d := NewLongDuel([2]Policy{&Random{}, &Random{}}, [2]DraftPolicy{RandomDraft{}, RandomDraft{}})
		if err := d.Arrange(&p, uint64(len(b)), 3); err != nil {
			return
		}
		if e := duelCheck(d); e != "" {
			t.Fatalf("arranged %+v: %s", p, e)
		}
		if dec := d.Pending(); dec.Kind != DecidePlay || dec.Seat != p.Self {
			t.Fatalf("arranged: %s of seat %d", dec.Kind, dec.Seat)
		}
		var bad string
		d.OnDecision = func(*Decision, int) {
			if bad == "" {
				bad = duelCheck(d)
			}
		}
		d.Run()
		if bad != "" || !d.Over {
			t.Fatalf("played on: %q, over %v", bad, d.Over)
		}
	})
}

// fuzzDuelPosition reads a DuelPosition from bytes, most fields in and a little beyond
// their ranges.
func fuzzDuelPosition(b []byte) DuelPosition {
	i := 0
	next := func() int {
		if i >= len(b) {
			return 0
		}
		i++
		return int(b[i-1])
	}
	var p DuelPosition
	p.Self = int8(next() % 3)
	for s := range p.Char {
		p.Char[s] = Character(next() % 18)
		p.Life[s] = int8(next()%7) - 1
	}
	cards := func(n int) []CardID {
		var out []CardID
		for range n % 6 {
			out = append(out, CardID(next()%(NumCards+2)))
		}
		return out
	}
	for s := range p.InPlay {
		p.InPlay[s] = cards(next() % 3)
	}
	p.Hand = cards(next())
	p.Discard = cards(next())
	p.HandLen = uint8(next() % 12)
	p.Bangs = uint8(next() % 3)
	for s := range p.ToCome {
		for range next() % 4 {
			p.ToCome[s] = append(p.ToCome[s], Character(next()%17))
		}
		for range next() % 4 {
			p.Lost[s] = append(p.Lost[s], Character(next()%17))
		}
		p.LostUnknown[s] = next()%5 - 1
	}
	p.ToComeUnknown = next()%5 - 1
	return p
}
