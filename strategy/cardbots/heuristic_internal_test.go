package cardbots

import (
	"testing"

	"github.com/bangsim/bangsim/internal/seed"
	"github.com/bangsim/bangsim/sim/card"
)

// playCheck is the heuristic (a card.ListPolicy: its lists come compact; a
// card.PlayPolicy: its phase 2 is asked by option) with every phase 2 decision also
// taken by index (Choose, from the compact View.Play) and from the list written out: by
// play (from View.Play beside the list) and by playLong (the path for a View built by
// hand, which scores the options one by one); all must choose the option ChoosePlay
// names. Every answer, discard and pick chosen from View.List must be the one chosen
// from the written-out options, and the card ChooseCard names (a card.CardPolicy: its
// lists are asked by card) the one that option uses.
type playCheck struct {
	t       *testing.T
	h       Heuristic
	g       *card.State
	full    card.View
	checks  int // phase-2 decisions checked
	options int // of them, asked by option (ChoosePlay)
	lists   int // decisions checked that offer the cards of a set
	cards   int // of them, asked by card (ChooseCard)
}

func (p *playCheck) ReadsLists() bool    { return true }
func (p *playCheck) PlaysByOption() bool { return true }
func (p *playCheck) PicksByCard() bool   { return true }

func (p *playCheck) ChooseCard(v *card.View) (card.CardID, int) {
	c, i := p.h.ChooseCard(v)
	idx := p.Choose(v) // by index, checked against the list written out
	f := &p.full
	p.g.FillViewFor(f, v.Omniscient)
	if o := f.Decision.Options[idx]; c == card.NoCard && i != idx || c != card.NoCard && (o.Act != card.ActCard || o.Card != c) {
		p.t.Fatalf("seat %d turn %d (%s): ChooseCard chose %s (%d), Choose %d (%+v)", v.Self, v.Turns, v.Decision.Kind, c, i, idx, o)
	}
	p.cards++
	return c, i
}

func (p *playCheck) ChoosePlay(v *card.View) card.Option {
	o := p.h.ChoosePlay(v)
	c := p.Choose(v) // by index, checked against the list written out
	f := &p.full
	p.g.FillViewFor(f, v.Omniscient)
	if f.Decision.Options[c] != o {
		p.t.Fatalf("seat %d turn %d: ChoosePlay chose %+v, Choose %d (%+v)", v.Self, v.Turns, o, c, f.Decision.Options[c])
	}
	p.options++
	return o
}

func (p *playCheck) Choose(v *card.View) int {
	c := p.h.Choose(v)
	if v.List.Filled {
		if !v.List.Compact {
			p.t.Fatalf("seat %d turn %d: View.List %+v, want it compact", v.Self, v.Turns, v.List)
		}
		f := &p.full
		p.g.FillViewFor(f, v.Omniscient) // writes the list out
		if f.List.Filled {
			p.t.Fatalf("seat %d turn %d: FillView's View.List %+v", v.Self, v.Turns, f.List)
		}
		if full := p.h.Choose(f); full != c {
			p.t.Fatalf("seat %d turn %d (%s): chose %d from View.List, %d (%+v) written out", v.Self, v.Turns, v.Decision.Kind, c, full, f.Decision.Options[full])
		}
		p.lists++
	}
	if v.Decision.Kind == card.DecidePlay {
		if !v.Play.Filled || !v.Play.Compact {
			p.t.Fatalf("seat %d turn %d: View.Play %+v, want it compact", v.Self, v.Turns, v.Play)
		}
		f := &p.full
		p.g.FillViewFor(f, v.Omniscient) // writes the list out
		if !f.Play.Filled || f.Play.Compact {
			p.t.Fatalf("seat %d turn %d: FillView's View.Play %+v, want it beside the list", v.Self, v.Turns, f.Play)
		}
		opts := f.Decision.Options[:f.Decision.N]
		if full := p.h.Choose(f); full != c {
			p.t.Fatalf("seat %d turn %d: play chose %d compact, %d (%+v) written out", v.Self, v.Turns, c, full, opts[full])
		}
		var t table
		t.look(f, p.h.params())
		if long := t.playLong(f, opts); long != c {
			p.t.Fatalf("seat %d turn %d: play chose %d (%+v), playLong %d (%+v)", v.Self, v.Turns, c, opts[c], long, opts[long])
		}
		p.checks++
	}
	return c
}

// TestPlayPathsAgree plays heuristic games (default and tuned) at 4 to 7 players: the
// compact View and the written-out list give the same choice at every decision that
// has both (and play and playLong agree in phase 2).
func TestPlayPathsAgree(t *testing.T) {
	games := 300
	if testing.Short() {
		games = 50
	}
	tuned := &HeuristicParams{BeerBelow: 0, Suspect: 1, Aggression: 100, DuelEdge: -3}
	for _, params := range []*HeuristicParams{nil, tuned} {
		p := &playCheck{t: t, h: Heuristic{P: params}}
		for n := card.MinPlayers; n <= card.MaxPlayers; n++ {
			tb, err := card.NewTable(card.DefaultRules(n), [card.NumRoles]card.Policy{p, p, p, p})
			if err != nil {
				t.Fatal(err)
			}
			p.g = &tb.State
			for i := 0; i < games; i++ {
				tb.Play(seed.ForGame(uint64(n), uint64(i)))
			}
		}
		if p.checks == 0 || p.lists == 0 || p.options != p.checks || p.cards != p.lists {
			t.Fatalf("params %+v: %d phase 2 decisions (%d asked by option) and %d card lists (%d asked by card) checked", params, p.checks, p.options, p.lists, p.cards)
		}
	}
}

// askedAlways is the heuristic as a card.ListPolicy that is none of card.FirstPlayPolicy,
// card.WeaponPolicy, card.CancelPolicy, card.EndPolicy: the Table asks it at every
// decision. fixed counts the phase-2 decisions with a card of firstPlays on offer,
// weapons those with a weapon on offer and no Volcanic on offer or in play, cancels the
// shots it answers with the first of cards of one kind, bare the phase-2 decisions with
// only the end in the yard (those the Table decides for the heuristic itself).
type askedAlways struct {
	h                             Heuristic
	fixed, weapons, cancels, bare int
}

func (p *askedAlways) ReadsLists() bool { return true }

func (p *askedAlways) Choose(v *card.View) int {
	if v.Decision.Kind == card.DecidePlay && v.Play.Filled && has(&v.Play.Cards, &drawEquipSet) {
		p.fixed++
	}
	if v.Decision.Kind == card.DecidePlay && v.Decision.Yard == 1 {
		p.bare++
	}
	if v.Decision.Kind == card.DecidePlay && v.Play.Filled && has(&v.Play.Cards, &weaponSet) &&
		!has(ptr(v.Play.Cards.Or(v.InPlay[v.Self&7])), &kindSet[card.Volcanic]) {
		p.weapons++
	}
	c := p.h.Choose(v)
	if l := &v.List; v.Decision.Kind == card.DecideMissed && l.Filled && c == int(l.Pre) &&
		(!has(&l.Cards, &kindSet[card.BANG]) || !has(&l.Cards, &kindSet[card.Missed])) {
		p.cancels++
	}
	return c
}

// ptr is a pointer to a copy of s (has takes pointers).
func ptr(s card.Set) *card.Set { return &s }

// drawEquipSet is every card of the kinds of firstPlays.
var drawEquipSet = func() (s card.Set) {
	for _, k := range firstPlays {
		if k < card.NumKinds {
			s = s.Or(kindSet[k])
		}
	}
	return
}()

// TestUnaskedAgree checks that the Table's plays for the heuristic's FirstPlays and
// better weapons (UpgradesWeapons), its answers to shots (CancelsShots) and its ends of
// a bare yard (EndsBareYard) are the heuristic's own: the games replay the same when it
// is asked at every decision.
func TestUnaskedAgree(t *testing.T) {
	for n := card.MinPlayers; n <= card.MaxPlayers; n++ {
		a := &askedAlways{}
		var h Heuristic
		ta, _ := card.NewTable(card.DefaultRules(n), [card.NumRoles]card.Policy{h, h, h, h})
		tb, _ := card.NewTable(card.DefaultRules(n), [card.NumRoles]card.Policy{a, a, a, a})
		for i := uint64(0); i < 300; i++ {
			ga, gb := ta.Play(seed.ForGame(7, i)), tb.Play(seed.ForGame(7, i))
			if ga.Outcome != gb.Outcome || ga.Counters != gb.Counters || ga.Board != gb.Board {
				t.Fatalf("%d players, game %d: the Table's choices change the game (turns %d, asked always %d)", n, i, ga.Turns, gb.Turns)
			}
		}
		if a.fixed == 0 || a.weapons == 0 || a.cancels == 0 || a.bare == 0 {
			t.Fatalf("%d players: %d decisions with a draw or equip card on offer, %d with a weapon, %d shots cancelled, %d bare yards", n, a.fixed, a.weapons, a.cancels, a.bare)
		}
	}
}

// TestFirstPlaysScores checks firstPlays against fixedScore: every kind with a fixed
// score, the highest first, above what any other option scores (bandEquip).
func TestFirstPlaysScores(t *testing.T) {
	prev := int16(1 << 14)
	n := 0
	for _, k := range firstPlays {
		if k >= card.NumKinds {
			continue
		}
		s := fixedScore[k]
		if s >= prev || s <= bandEquip+10*6 {
			t.Fatalf("%s: fixed score %d after %d", k, s, prev)
		}
		prev, n = s, n+1
	}
	for _, s := range fixedScore {
		if s != 0 {
			n--
		}
	}
	if n != 0 {
		t.Fatalf("firstPlays and fixedScore differ in the kinds they hold")
	}
}
