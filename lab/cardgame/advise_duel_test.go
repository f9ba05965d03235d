package cardgame

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/bangsim/bangsim/sim/card"
)

// lethalDuel is a duel position with a known best answer: P0's last character, Bart
// Cassidy at 1 life, holds a BANG! in range (front to front: 1) of P1's last, Slab the
// Killer at 1 life, who can cancel nothing (an empty hand, no Barrel, not
// Jourdonnais); each seat's four others are lost, some unnamed. Any other play leaves
// Slab a turn to shoot back.
func lethalDuel() DuelPosition {
	return DuelPosition{
		Seat:           0,
		Characters:     []string{"bart cassidy", "slab the killer", "-", "-"},
		Life:           []int{1, 1, 0, 0},
		InPlay:         [][]string{{"mustang 8h"}, {}, {}, {}},
		Hand:           []string{"bang As", "stagecoach 9s", "beer 6h"},
		HandSizes:      []int{3, 0},
		Reinforcements: [][]string{{}, {}},
		Lost:           [][]string{{"suzy lafayette", "kit carlson", "?", "?"}, {"paul regret", "calamity janet", "2"}},
		Discard:        []string{"bang Qh"},
	}
}

// TestAdviseDuelLethalBang: the lethal BANG! at the opponent's last character wins
// every playout, so it is estimated top at a win rate of 1 and, winning at once,
// ranked first among any plays tied with it; the search bot's own choice is estimated
// as high (its interval reaches the BANG!'s).
func TestAdviseDuelLethalBang(t *testing.T) {
	p := lethalDuel()
	hints, err := p.Advise(60, 1)
	if err != nil {
		t.Fatal(err)
	}
	top := hints[0]
	var bang *int
	for i, h := range hints {
		if h.Label == "play BANG! A♠ → P1 front (Slab the Killer)" {
			bang = &i
		}
	}
	if bang == nil {
		t.Fatalf("no lethal BANG! among %+v", hints)
	}
	if b := hints[*bang]; b.Win != 1 || *bang != 0 {
		t.Fatalf("the lethal BANG! %+v is not estimated top (first: %+v)", b, top)
	}
	for _, h := range hints {
		if h.SearchPick && h.Hi < hints[*bang].Lo {
			t.Errorf("search's choice %+v is estimated below the lethal BANG!", h)
		}
	}
}

// TestAdviseDuelRefusesImpossible: impossible positions are refused with the field
// named, from the parser's checks and the arranger's.
func TestAdviseDuelRefusesImpossible(t *testing.T) {
	for _, c := range []struct {
		edit func(*DuelPosition)
		want string
	}{
		{func(p *DuelPosition) { p.Life = p.Life[:3] }, "life: 3 entries; give 4"},
		{func(p *DuelPosition) { p.Characters[3] = "rose doolan" }, "characters[3]: rose doolan at life 0"},
		{func(p *DuelPosition) { p.Characters[0] = "nobody" }, "characters[0]:"},
		{func(p *DuelPosition) { p.Life[1] = 5 }, "life[1]: 5, above Slab the Killer's maximum of 4"},
		{func(p *DuelPosition) { p.Lost[1][0] = "kit carlson" }, "lost[1][0]: Kit Carlson is named twice"},
		{func(p *DuelPosition) { p.Reinforcements[0] = []string{"?"} }, "reinforcements[0]: your own reinforcements are known"},
		{func(p *DuelPosition) { p.Lost[1][2] = "3" }, "reinforcements: seat 1 has 1 in play, 0 to come and 5 lost"},
		{func(p *DuelPosition) { p.Hand = append(p.Hand, "bang As"); p.HandSizes[0] = 0 }, "hand: BANG! A♠ is placed twice"},
		{func(p *DuelPosition) { p.HandSizes[0] = 2 }, "hand_sizes[0]: 2, but your hand lists 3 cards"},
		{func(p *DuelPosition) { p.InPlay[3] = []string{"barrel Ks"} }, "in_play[3]: an empty slot"},
		{func(p *DuelPosition) { p.Seat = 2 }, "seat: 2"},
	} {
		p := lethalDuel()
		c.edit(&p)
		_, err := p.Advise(1, 1)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("want %q, got %v", c.want, err)
		}
	}
}

// FuzzDuelPositionParse reads arbitrary text into a duel position's fields (the four
// slots' characters and cards, the hand, the stacks' entries, comma-separated) and
// builds the duel: never a panic, and a position taken sits at the seat's phase 2
// with the hand and hand sizes given.
//
//	go test ./lab/cardgame -run '^$' -fuzz FuzzDuelPositionParse -fuzztime 20000x
func FuzzDuelPositionParse(f *testing.F) {
	f.Add("bart cassidy,slab the killer,-,-", "1,1,0,0", "bang As,stagecoach 9s,beer 6h", "mustang 8h;;;", ";", "suzy lafayette,kit carlson,2;paul regret,calamity janet,2", 0, 0)
	f.Add("willy the kid,rose doolan,el gringo,jourdonnais", "4,4,3,3", "volcanic 10s", "barrel Ks;;;jail 4h", "lucky duke,sid ketchum;3", "1;", 0, 4)
	f.Fuzz(func(t *testing.T, chars, life, hand, inPlay, toCome, lost string, seat, handSize int) {
		p := DuelPosition{Seat: seat, Characters: strings.Split(chars, ","), Hand: strings.Split(hand, ",")}
		for _, l := range strings.Split(life, ",") {
			n := 0
			for _, r := range l {
				n = n*10 + int(r-'0')%10
			}
			p.Life = append(p.Life, n%12)
		}
		p.HandSizes = []int{len(p.Hand), handSize}
		if seat == 1 {
			p.HandSizes = []int{handSize, len(p.Hand)}
		}
		lists := func(s string) (out [][]string) {
			for _, x := range strings.Split(s, ";") {
				out = append(out, strings.Split(x, ","))
			}
			return out
		}
		p.InPlay, p.Reinforcements, p.Lost = lists(inPlay), lists(toCome), lists(lost)
		d, err := p.Duel(rand.NewPCG(1, 2))
		if err != nil {
			return
		}
		dec := d.Pending()
		if dec.Kind != card.DecidePlay || int(dec.Seat) != seat || d.HandLen[seat] != uint8(len(p.Hand)) || int(d.HandLen[seat^1]) != handSize {
			t.Fatalf("%+v: %s of seat %d, hands %v", p, dec.Kind, dec.Seat, d.HandLen[:2])
		}
	})
}
