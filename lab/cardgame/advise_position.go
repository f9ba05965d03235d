package cardgame

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"unicode"

	"github.com/bangsim/bangsim/lab"
	"github.com/bangsim/bangsim/sim/bang"
	"github.com/bangsim/bangsim/sim/card"
	"github.com/bangsim/bangsim/tui"
)

// Position is a card-game table as a person reads it off a real one, for bangsim
// advise: you are Seat, in phase 2 of your own turn, with your hand; every seat's
// known role ("?" for unknown; the Sheriff's is public), character, life (0:
// eliminated), hand size and cards in play; the discard pile as far as you know it (the
// top last); the BANG!s you have played this turn. Cards are written as "BANG! A♠",
// "bang As", "rev-carabine 5c" (a name, then rank and suit: ♠♥♦♣ or s h d c).
type Position struct {
	Seat       int        `yaml:"seat" json:"seat"`
	Roles      []string   `yaml:"roles" json:"roles"`
	Characters []string   `yaml:"characters" json:"characters"`
	Life       []int      `yaml:"life" json:"life"`
	Hand       []string   `yaml:"hand" json:"hand"`
	HandSizes  []int      `yaml:"hand_sizes" json:"hand_sizes"` // your own entry is len(hand) or left out as 0
	InPlay     [][]string `yaml:"in_play" json:"in_play"`
	Discard    []string   `yaml:"discard,omitempty" json:"discard,omitempty"`
	Bangs      int        `yaml:"bangs,omitempty" json:"bangs,omitempty"`
	// Set is the game's characters, those a character file adds included, which the
	// names are read among and whose lives and powers the seats have (nil: the printed
	// ones). The file, not the position, says it: no YAML or JSON key.
	Set *bang.CharacterSet `yaml:"-" json:"-"`
}

// State builds a game at p's phase-2 decision under the default rules (the hidden
// parts dealt from r, as card.State.Arrange deals them). Every error names the field
// that makes the position impossible.
func (p *Position) State(r *rand.PCG) (*card.State, error) {
	n := len(p.Life)
	if n < 4 || n > 7 {
		return nil, fmt.Errorf("life: %d seats; the card game seats 4 to 7", n)
	}
	for _, f := range []struct {
		name string
		l    int
	}{{"roles", len(p.Roles)}, {"characters", len(p.Characters)}, {"hand_sizes", len(p.HandSizes)}} {
		if f.l != n {
			return nil, fmt.Errorf("%s: %d entries for the %d seats life gives", f.name, f.l, n)
		}
	}
	if len(p.InPlay) > n {
		return nil, fmt.Errorf("in_play: %d seats' cards for the %d seats life gives", len(p.InPlay), n)
	}
	if p.Seat < 0 || p.Seat >= n {
		return nil, fmt.Errorf("seat: %d; the seats are 0 to %d", p.Seat, n-1)
	}
	pos := card.Position{Players: n, Self: p.Seat}
	set := p.Set
	if set == nil {
		set = bang.PrintedNames()
	}
	seatOf := map[bang.Character]int{} // a character's seat, to name one dealt twice by its name
	for s := 0; s < n; s++ {
		pos.Role[s] = card.RoleUnknown
		if name := strings.TrimSpace(p.Roles[s]); name != "" && name != "?" {
			role, err := bang.ParseRole(name)
			if err != nil {
				return nil, fmt.Errorf("roles[%d]: %v", s, err)
			}
			pos.Role[s] = role
		}
		c, err := lab.ParseCharacterIn(set, p.Characters[s])
		if err != nil {
			return nil, fmt.Errorf("characters[%d]: %v", s, err)
		}
		if at, twice := seatOf[c]; twice && c != card.Plain {
			return nil, fmt.Errorf("characters[%d]: %s sits at seat %d too; each character is dealt once", s, set.Name(c), at)
		}
		seatOf[c] = s
		pos.Char[s] = c
		if p.Life[s] < 0 || p.Life[s] > 10 {
			return nil, fmt.Errorf("life[%d]: %d", s, p.Life[s])
		}
		pos.Life[s] = int8(p.Life[s])
		h := p.HandSizes[s]
		if h < 0 || h > card.NumCards {
			return nil, fmt.Errorf("hand_sizes[%d]: %d", s, h)
		}
		if s == p.Seat && h != 0 && h != len(p.Hand) {
			return nil, fmt.Errorf("hand_sizes[%d]: %d, but your hand lists %d cards", s, h, len(p.Hand))
		}
		pos.HandLen[s] = uint8(h)
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
	rules := card.DefaultRules(n)
	if p.Set != nil {
		rules.SetCharacters(p.Set) // the added characters' lives and powers, as a run's rules carry them
	}
	g := new(card.State)
	if err := g.Arrange(&rules, &pos, r.Uint64(), r.Uint64()); err != nil {
		return nil, err
	}
	return g, nil
}

// parseCards reads a list of cards, naming the field in its error.
func parseCards(field string, names []string) ([]card.CardID, error) {
	out := make([]card.CardID, 0, len(names))
	for i, name := range names {
		c, err := ParseCard(name)
		if err != nil {
			return nil, fmt.Errorf("%s[%d]: %v", field, i, err)
		}
		out = append(out, c)
	}
	return out, nil
}

// ParseCard reads a card as "BANG! A♠", "bang As", "Rev. Carabine 5♣": a kind's printed
// name in any case and punctuation, then the rank (2-10, J, Q, K, A) and the suit (♠ ♥
// ♦ ♣, or s h d c).
func ParseCard(s string) (card.CardID, error) {
	s = strings.TrimSpace(s)
	i := strings.LastIndexAny(s, " \t")
	if i < 0 {
		return card.NoCard, fmt.Errorf("%q: give a name, then rank and suit (e.g. \"bang As\")", s)
	}
	name, rs := squash(s[:i]), []rune(strings.TrimSpace(s[i+1:]))
	k := card.NumKinds
	for j := range card.NumKinds {
		if squash(j.String()) == name {
			k = j
		}
	}
	if k == card.NumKinds {
		return card.NoCard, fmt.Errorf("%q: no card is called %q", s, s[:i])
	}
	if len(rs) < 2 {
		return card.NoCard, fmt.Errorf("%q: give the rank and suit after the name (e.g. A♠ or As)", s)
	}
	suit := map[rune]card.Suit{'♠': card.Spades, 's': card.Spades, '♥': card.Hearts, 'h': card.Hearts,
		'♦': card.Diamonds, 'd': card.Diamonds, '♣': card.Clubs, 'c': card.Clubs}
	st, ok := suit[unicode.ToLower(rs[len(rs)-1])]
	rank := map[string]uint8{"J": 11, "Q": 12, "K": 13, "A": 14}[strings.ToUpper(string(rs[:len(rs)-1]))]
	if n := string(rs[:len(rs)-1]); rank == 0 && len(n) <= 2 {
		fmt.Sscan(n, &rank)
	}
	if !ok || rank < 2 || rank > 14 {
		return card.NoCard, fmt.Errorf("%q: %q is no rank and suit (e.g. A♠, 10h)", s, string(rs))
	}
	var have []string
	for _, c := range card.KindSet(k).Cards(nil) {
		if c.Rank() == rank && c.Suit() == st {
			return c, nil
		}
		have = append(have, strings.TrimPrefix(c.String(), k.String()+" "))
	}
	return card.NoCard, fmt.Errorf("%q: the deck has no such %s (it has %s)", s, k, strings.Join(have, " "))
}

// squash lower-cases s and drops all but letters and digits: "Rev. Carabine" and
// "rev-carabine" are one name.
func squash(s string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(s) {
		if unicode.IsLetter(r) || unicode.IsDigit(r) {
			b.WriteRune(r)
		}
	}
	return b.String()
}

// Advise ranks the options of p's phase-2 decision as Advisor does, with rollouts
// playouts each, the game built and the search's streams drawn from seed.
func (p *Position) Advise(rollouts int, seed uint64) ([]tui.Hint, error) {
	r := rand.NewPCG(seed, 0x6164766973652d63) // "advise-c"
	g, err := p.State(r)
	if err != nil {
		return nil, err
	}
	var v card.View
	g.FillView(&v)
	v.Rand = rand.NewPCG(r.Uint64(), r.Uint64())
	return Advisor{Rollouts: rollouts}.Rank(&v)
}
