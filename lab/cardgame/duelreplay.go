package cardgame

import (
	"fmt"
	"io"
	"strings"

	"github.com/bangsim/bangsim/internal/seed"
	"github.com/bangsim/bangsim/sim/card"
)

// Replay replays duel i of s (the same seed PlayDuels gives it) and
// writes the draft, the stacks, both placements of the two revealed characters (made
// at once, neither seeing the other's) and every decision asked, with the board at the start of
// each turn that asked one. Decisions with a single option are not asked, so they do
// not show (a turn skipped by Jail with nothing to decide shows nothing).
func (s DuelSpec) Replay(w io.Writer, i uint64) error {
	gs := seed.ForGame(s.Seed, i)
	return s.ReplaySeed(w, gs, fmt.Sprintf("Long duel %d of run seed %d (duel seed %d): bots %s, drafts %s", i, s.Seed, gs, pairText(s.Bots), pairText(s.Drafts)))
}

// ReplaySeed is Replay of the duel with seed gs (a league's knock-out match: its
// matches.csv duel_seed), title its first line.
func (s DuelSpec) ReplaySeed(w io.Writer, gs uint64, title string) error {
	d, err := s.NewDuel()
	if err != nil {
		return err
	}
	var b strings.Builder
	lastTurn := uint16(0)
	d.OnDecision = func(dec *card.Decision, c int) {
		if dec.Kind == card.DecidePlace {
			return // the set-up's lines below show each placement
		}
		if d.Turns != lastTurn {
			lastTurn = d.Turns
			fmt.Fprintf(&b, "turn %d, seat %d: %s\n", d.Turns, d.Active, duelBoard(d))
		}
		fmt.Fprintf(&b, "  seat %d %s: %s (of %d)\n", dec.Seat, dec.Kind, duelOption(d, dec.Options[c]), dec.N)
	}
	d.Begin(gs)
	in := &d.Info
	order := "start first"
	if in.ChoseFirst {
		order = "pick first"
	}
	fmt.Fprintf(w, "%s\n", title)
	fmt.Fprintf(w, "laid out: %s\nremoved: %s\n", charList(in.Pool[:]), charList(in.Removed[:]))
	fmt.Fprintf(w, "seat 0 (better-ranked) chose to %s: seat %d picks first, seat %d starts\n", order, in.PickFirst, in.Starter)
	for k := 0; k < 2*card.DuelCharacters; k++ {
		p := in.PickFirst ^ int8(k&1)
		fmt.Fprintf(w, "pick %d: seat %d takes %s\n", k+1, p, in.Picked[p][k/2])
	}
	for p := 0; p < 2; p++ {
		st := in.Stack[p]
		top := [2]card.Character{st[0], st[1]}
		if in.Flipped[p] {
			top[0], top[1] = top[1], top[0]
		}
		fmt.Fprintf(w, "seat %d stacks: %s, %s on top (revealed), then %s\n", p, top[0], top[1], charList(st[2:]))
	}
	for p := 0; p < 2; p++ {
		fmt.Fprintf(w, "seat %d places: front %s, back %s\n", p, in.Stack[p][0], in.Stack[p][1])
	}
	d.Run()
	if _, err := io.WriteString(w, b.String()); err != nil {
		return err
	}
	if d.Draw {
		_, err = fmt.Fprintf(w, "draw at the turn cap (%d turns)\n", d.Turns)
		return err
	}
	_, err = fmt.Fprintf(w, "seat %d wins after %d turns (characters lost: seat 0 %d, seat 1 %d)\n",
		in.Winner, d.Turns, in.Lost[0], in.Lost[1])
	return err
}

// charList joins character names.
func charList(cs []card.Character) string {
	s := make([]string, len(cs))
	for i, c := range cs {
		s[i] = c.String()
	}
	return strings.Join(s, ", ")
}

// duelBoard describes both seats' characters in play (life, cards in front), hand
// sizes and reinforcements left.
func duelBoard(d *card.LongDuel) string {
	var parts []string
	for p := int8(0); p < 2; p++ {
		var ch []string
		for _, slot := range []int8{card.DuelFront(p), card.DuelBack(p)} {
			if !d.IsAlive(int(slot)) {
				continue
			}
			c := fmt.Sprintf("%s %d/%d", d.Char[slot], d.Life[slot], d.MaxLife[slot])
			if cs := d.InPlay[slot].Cards(nil); len(cs) > 0 {
				var names []string
				for _, x := range cs {
					names = append(names, x.Kind().String())
				}
				c += " [" + strings.Join(names, ", ") + "]"
			}
			ch = append(ch, c)
		}
		parts = append(parts, fmt.Sprintf("seat %d %s, hand %d, %d to come", p, strings.Join(ch, " | "), d.HandLen[p],
			card.DuelCharacters-int(d.Info.Next[p])))
	}
	return strings.Join(parts, "; ")
}

// duelOption describes an option, naming the character in a targeted slot.
func duelOption(d *card.LongDuel, o card.Option) string {
	s := o.Act.String()
	if o.Card != card.NoCard {
		s += " " + o.Card.String()
	}
	if o.Target >= 0 && o.Act != card.ActTakeHit && o.Act != card.ActDie {
		place := "front"
		if o.Target >= 2 {
			place = "back"
		}
		s += fmt.Sprintf(" → seat %d %s (%s)", card.DuelOwner(o.Target), place, d.Char[o.Target&3])
	}
	if o.Pick != card.NoCard {
		s += ", taking " + o.Pick.String()
	}
	return s
}

// pairText writes a pair of bot names as duel's --policy and --draft-policy take them: one name when
// both seats have it.
func pairText(p [2]string) string {
	if p[0] == p[1] {
		return p[0]
	}
	return p[0] + "," + p[1]
}
