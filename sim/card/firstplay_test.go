package card

import (
	"fmt"
	"testing"
)

// firstDeclared is a ListPolicy declaring FirstPlays kinds (and, with upgrades, weapon
// upgrades), playing as Random wherever the Table asks it.
type firstDeclared struct {
	r        Random
	kinds    KindList
	upgrades bool
}

func (p *firstDeclared) Choose(v *View) int    { return p.r.Choose(v) }
func (p *firstDeclared) ReadsLists() bool      { return true }
func (p *firstDeclared) FirstPlays() KindList  { return p.kinds }
func (p *firstDeclared) UpgradesWeapons() bool { return p.upgrades }
func (p *firstDeclared) String() string        { return fmt.Sprint(p.kinds, p.upgrades) }
func (p *firstDeclared) reference() *firstByHand {
	return &firstByHand{kinds: p.kinds, upgrades: p.upgrades}
}

// firstByHand is firstDeclared's rule written as a plain Policy: it reads phase 2's
// list written out and picks the first option of the first card of the first kind
// listed that has an option in the yard, else the furthest-reaching weapon in the yard
// when it outreaches its own and neither is a Volcanic (with upgrades), else draws as
// Random.
type firstByHand struct {
	r        Random
	kinds    KindList
	upgrades bool
}

func (p *firstByHand) Choose(v *View) int {
	d := &v.Decision
	if d.Kind != DecidePlay {
		return p.r.Choose(v)
	}
	yard := options(d.Options[1:d.Yard])
	for _, k := range p.kinds {
		if k >= NumKinds {
			break
		}
		for i, o := range yard {
			if o.Act == ActPlay && o.Card.Kind() == k {
				return 1 + i
			}
		}
	}
	if p.upgrades {
		own := v.InPlay[v.Self&7]
		reach, volcanic := 1, own.hasKind(Volcanic)
		for k := Volcanic; k < NumKinds; k++ {
			if own.hasKind(k) {
				reach = k.Range()
			}
		}
		best := -1
		for i, o := range yard {
			if o.Act == ActPlay && o.Card.Kind().Weapon() && (best < 0 || o.Card.Kind() > yard[best].Card.Kind()) {
				best = i
			}
		}
		if best >= 0 && !volcanic && !yard.hasVolcanic() && yard[best].Card.Kind().Range() > reach {
			return 1 + best
		}
	}
	return p.r.Choose(v)
}

// options is a slice of Options, for hasVolcanic.
type options []Option

func (o options) hasVolcanic() bool {
	for _, x := range o {
		if x.Act == ActPlay && x.Card.Kind() == Volcanic {
			return true
		}
	}
	return false
}

// cancelDeclared is a ListPolicy declaring CancelsShots, playing as Random wherever the
// Table asks it; cancelByHand is its rule as a plain Policy: at a shot, the first card
// offered when the cards are at least Need and of one kind.
type (
	cancelDeclared struct{ r Random }
	cancelByHand   struct{ r Random }
)

func (p *cancelDeclared) Choose(v *View) int { return p.r.Choose(v) }
func (p *cancelDeclared) ReadsLists() bool   { return true }
func (p *cancelDeclared) CancelsShots() bool { return true }

func (p *cancelByHand) Choose(v *View) int {
	d := &v.Decision
	if d.Kind != DecideMissed {
		return p.r.Choose(v)
	}
	first, n := -1, 0
	var kinds Set
	for i, o := range d.Options[:d.N] {
		if o.Act == ActCard {
			if first < 0 {
				first = i
			}
			n++
			kinds = kinds.Or(kindSet[o.Card.Kind()])
		}
	}
	if n > 0 && n >= int(d.Need) && (kinds == kindSet[Missed] || kinds == kindSet[BANG]) {
		return first
	}
	return p.r.Choose(v)
}

// TestDeclaredCancelsAgree: the shots a CancelPolicy's seat answers unasked (by card,
// carried out at once; by index, Pre, when a hook watches) play the very games of a
// plain policy that picks that card from the written list, at 4 to 7 players.
func TestDeclaredCancelsAgree(t *testing.T) {
	for n := MinPlayers; n <= MaxPlayers; n++ {
		for _, hooked := range []bool{false, true} {
			r := DefaultRules(n)
			declared, byHand := randomTable(t, r), randomTable(t, r)
			for i := range declared.ByRole {
				declared.ByRole[i], byHand.ByRole[i] = &cancelDeclared{}, &cancelByHand{}
			}
			if hooked {
				declared.OnDecision = func(*Decision, int) {}
			}
			const seeds = 400
			if got, want := gamesHash(declared, seeds), gamesHash(byHand, seeds); got != want {
				t.Errorf("p%d hooked %v: declared games hash %#x, by hand %#x", n, hooked, got, want)
			}
		}
	}
}

// TestDeclaredFirstPlaysAgree: the Table's unasked first plays and weapon upgrades play
// the very games of a plain policy that picks them from the written list, both where
// the engine finds them before phase 2's count (FirstPlays of kinds with one option a
// card, optsFixed) and where a FirstPlays kind's count decides (a BANG!, a Beer: after
// the count, lateFirst), with a hook watching or not, at 4 to 7 players.
func TestDeclaredFirstPlaysAgree(t *testing.T) {
	for _, p := range []*firstDeclared{
		{kinds: KindList{Barrel, Scope, Stagecoach, NumKinds}},
		{kinds: KindList{Mustang, WellsFargo, NumKinds}, upgrades: true},
		{kinds: KindList{NumKinds}, upgrades: true},
		{kinds: KindList{Beer, Barrel, BANG, NumKinds}, upgrades: true},
		{kinds: KindList{Panic, Jail, GeneralStore, NumKinds}},
	} {
		for n := MinPlayers; n <= MaxPlayers; n++ {
			r := DefaultRules(n)
			declared, byHand := randomTable(t, r), randomTable(t, r)
			for i := range declared.ByRole {
				declared.ByRole[i], byHand.ByRole[i] = p, p.reference()
			}
			const seeds = 400
			want := gamesHash(byHand, seeds)
			if got := gamesHash(declared, seeds); got != want {
				t.Errorf("%v p%d: declared games hash %#x, by hand %#x", p, n, got, want)
			}
			declared.OnDecision = func(*Decision, int) {} // the plays taken through the hook, by index
			if got := gamesHash(declared, seeds); got != want {
				t.Errorf("%v p%d hooked: declared games hash %#x, by hand %#x", p, n, got, want)
			}
			if p.kinds[0] == Barrel && declared.lateFirst != 0 || p.kinds[0] == Beer && declared.lateFirst == 0 {
				t.Errorf("%v p%d: lateFirst %b", p, n, declared.lateFirst)
			}
		}
	}
}
