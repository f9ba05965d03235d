package cardgame

import (
	"cmp"
	"fmt"
	"io"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"

	"github.com/bangsim/bangsim/sim/bang"
	"github.com/bangsim/bangsim/sim/card"
	"github.com/bangsim/bangsim/tui"
)

// DuelPosition is a long duel's table as a person reads it off a real one, for bangsim
// advise --game duel: you are Seat, in phase 2 of your own turn, with your hand. The
// four slots are listed in the engine's order: P0's front, P1's front, P0's back, P1's
// back; each slot's character ("-" for an empty slot, whose life is 0), life and cards
// in play. Per seat: the hand sizes (yours len(hand) or 0), the reinforcements still to
// come (yours named, in the order they enter; the opponent's face down: names in any
// order, "?" for one not known, or a count) and the characters lost (names, "?" or a
// count). Then the discard pile as far as you know it (the top last) and the BANG!s you
// have played this turn. Cards are written as the card game's (ParseCard).
type DuelPosition struct {
	Seat           int        `yaml:"seat" json:"seat"`
	Characters     []string   `yaml:"characters" json:"characters"`
	Life           []int      `yaml:"life" json:"life"`
	InPlay         [][]string `yaml:"in_play" json:"in_play"`
	Hand           []string   `yaml:"hand" json:"hand"`
	HandSizes      []int      `yaml:"hand_sizes" json:"hand_sizes"`
	Reinforcements [][]string `yaml:"reinforcements" json:"reinforcements"`
	Lost           [][]string `yaml:"lost" json:"lost"`
	Discard        []string   `yaml:"discard,omitempty" json:"discard,omitempty"`
	Bangs          int        `yaml:"bangs,omitempty" json:"bangs,omitempty"`
	// Set is the duel's characters, those a character file adds included, among which
	// the names are read (nil: the printed sixteen).
	Set *bang.CharacterSet `yaml:"-" json:"-"`
}

// set returns the characters p's names are read among.
func (p *DuelPosition) set() *bang.CharacterSet {
	if p.Set == nil {
		return Printed
	}
	return p.Set
}

// Duel builds a duel at p's phase-2 decision under the league's rules (the hidden
// parts dealt from r, as card.LongDuel.Arrange deals them). Every error names the
// field that makes the position impossible.
func (p *DuelPosition) Duel(r *rand.PCG) (*card.LongDuel, error) {
	for _, f := range []struct {
		name string
		l, n int
	}{{"characters", len(p.Characters), card.DuelSlots}, {"life", len(p.Life), card.DuelSlots},
		{"hand_sizes", len(p.HandSizes), 2}} {
		if f.l != f.n {
			return nil, fmt.Errorf("%s: %d entries; give %d", f.name, f.l, f.n)
		}
	}
	for _, f := range []struct {
		name string
		l, n int
	}{{"in_play", len(p.InPlay), card.DuelSlots}, {"reinforcements", len(p.Reinforcements), 2}, {"lost", len(p.Lost), 2}} {
		if f.l > f.n {
			return nil, fmt.Errorf("%s: %d entries; give at most %d", f.name, f.l, f.n)
		}
	}
	if p.Seat != 0 && p.Seat != 1 {
		return nil, fmt.Errorf("seat: %d; a long duel has seats 0 and 1", p.Seat)
	}
	self := int8(p.Seat)
	pos := card.DuelPosition{Self: self}
	for s := 0; s < card.DuelSlots; s++ {
		name := strings.TrimSpace(p.Characters[s])
		l := p.Life[s]
		if l < 0 || l > 10 {
			return nil, fmt.Errorf("life[%d]: %d", s, l)
		}
		if l == 0 {
			if name != "" && name != "-" {
				return nil, fmt.Errorf("characters[%d]: %s at life 0; an empty slot is written -", s, name)
			}
			continue
		}
		c, err := p.set().Parse(name)
		if err != nil || c == card.Plain {
			return nil, fmt.Errorf("characters[%d]: %q is no character of the duel (at life %d the slot is not empty)", s, name, l)
		}
		if max := p.set().Life(c); l > max { // said here by name: the engine knows an added one by number
			return nil, fmt.Errorf("life[%d]: %d, above %s's maximum of %d", s, l, p.set().Name(c), max)
		}
		pos.Char[s], pos.Life[s] = c, int8(l)
	}
	for s := 0; s < 2; s++ {
		h := p.HandSizes[s]
		switch {
		case h < 0 || h > card.NumCards:
			return nil, fmt.Errorf("hand_sizes[%d]: %d", s, h)
		case s == p.Seat && h != 0 && h != len(p.Hand):
			return nil, fmt.Errorf("hand_sizes[%d]: %d, but your hand lists %d cards", s, h, len(p.Hand))
		case s != p.Seat:
			pos.HandLen = uint8(h)
		}
	}
	for s := int8(0); s < 2; s++ {
		var names []string
		if int(s) < len(p.Reinforcements) {
			names = p.Reinforcements[s]
		}
		known, unknown, err := duelCharacters(p.set(), fmt.Sprintf("reinforcements[%d]", s), names)
		if err != nil {
			return nil, err
		}
		if s == self && unknown > 0 {
			return nil, fmt.Errorf("reinforcements[%d]: your own reinforcements are known: name them in the order they enter", s)
		}
		pos.ToCome[s] = known
		if s != self {
			pos.ToComeUnknown = unknown
		}
		names = nil
		if int(s) < len(p.Lost) {
			names = p.Lost[s]
		}
		if pos.Lost[s], pos.LostUnknown[s], err = duelCharacters(p.set(), fmt.Sprintf("lost[%d]", s), names); err != nil {
			return nil, err
		}
	}
	var err error
	if pos.Hand, err = parseCards("hand", p.Hand); err != nil {
		return nil, err
	}
	for s, cs := range p.InPlay {
		if pos.InPlay[s], err = parseCards(fmt.Sprintf("in_play[%d]", s), cs); err != nil {
			return nil, err
		}
	}
	if pos.Discard, err = parseCards("discard", p.Discard); err != nil {
		return nil, err
	}
	if p.Bangs < 0 || p.Bangs > 80 {
		return nil, fmt.Errorf("bangs: %d", p.Bangs)
	}
	pos.Bangs = uint8(p.Bangs)
	d := card.NewLongDuel([2]card.Policy{}, [2]card.DraftPolicy{})
	var rules card.Rules // the league's duel, with the set's added characters (as DuelSpec.NewDuel)
	rules.SetCharacters(p.set())
	if err := d.SetOptions(rules); err != nil {
		return nil, err
	}
	if err := d.Arrange(&pos, r.Uint64(), r.Uint64()); err != nil {
		return nil, err
	}
	return d, nil
}

// duelCharacters reads a list of characters, each a name among set, "?" (one not
// known) or a count of characters not known.
func duelCharacters(set *bang.CharacterSet, field string, names []string) ([]card.Character, int, error) {
	var out []card.Character
	unknown := 0
	for i, name := range names {
		name = strings.TrimSpace(name)
		if name == "?" {
			unknown++
			continue
		}
		if n, err := strconv.Atoi(name); err == nil {
			if n < 0 || n > card.DuelCharacters {
				return nil, 0, fmt.Errorf("%s[%d]: %d characters; a seat has %d", field, i, n, card.DuelCharacters)
			}
			unknown += n
			continue
		}
		c, err := set.Parse(name)
		if err != nil || c == card.Plain {
			return nil, 0, fmt.Errorf("%s[%d]: %q is no character of the duel (a name, ? or a count)", field, i, name)
		}
		out = append(out, c)
	}
	return out, unknown, nil
}

// Advise ranks the options of p's phase-2 decision as DuelAdvisor does, with rollouts
// playouts each, the duel arranged from seed.
func (p *DuelPosition) Advise(rollouts int, seed uint64) ([]tui.Hint, error) {
	r := rand.NewPCG(seed, 0x6164766973652d64) // "advise-d"
	d, err := p.Duel(r)
	if err != nil {
		return nil, err
	}
	var v card.View
	d.State.FillView(&v)
	v.Rand = rand.NewPCG(r.Uint64(), r.Uint64())
	hints, err := DuelAdvisor{Rollouts: rollouts}.Rank(&v, newDuelNarrator(io.Discard, d, p.set(), false, false))
	if err != nil {
		return nil, err
	}
	// Among equal rates a play that wins at once first, as the card game's Advisor
	// has it: a sure win is as sure by any road, but the shortest is the one to take.
	now := duelWinsAtOnce(&v)
	slices.SortStableFunc(hints, func(x, y tui.Hint) int {
		return cmp.Or(cmp.Compare(y.Win, x.Win), cmp.Compare(now[y.Value], now[x.Value]))
	})
	return hints, nil
}

// duelWinsAtOnce counts, for each of v's options, the worlds dealt as the search deals
// them (card.DuelDeterminizer) where taking it ends the duel, won by v's seat, before
// anyone decides again.
func duelWinsAtOnce(v *card.View) []int {
	out := make([]int, v.Decision.N)
	var det card.DuelDeterminizer
	det.Prepare(v)
	var g card.State
	for w := range atOnceWorlds {
		for i := range out {
			det.Deal(&g, uint64(w), 0x61742d6f6e6365) // "at-once"
			g.Apply(i)
			if g.Over && g.Info.Winner == v.Self {
				out[i]++
			}
		}
	}
	return out
}
