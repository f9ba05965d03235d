package dicegame

import (
	"fmt"
	"io"
	"math/bits"
	"strconv"
	"strings"

	"github.com/bangsim/bangsim/lab"
	"github.com/bangsim/bangsim/sim/dice"
)

// textNarration prints a replay for people.
type textNarration struct {
	w     io.Writer
	first error
}

// printf writes one formatted piece, keeping the first write error.
func (t *textNarration) printf(format string, args ...any) {
	if t.first != nil {
		return
	}
	_, t.first = fmt.Fprintf(t.w, format, args...)
}

func (t *textNarration) err() error { return t.first }

func (t *textNarration) header(info replayInfo, a *account) {
	t.printf("Replay of game %d of the run with seed %d (game seed %#x): %d players\n", info.Index, info.Seed, info.GameSeed, a.Players)
	t.printf("Rules: %s", info.RulesText)
	t.printf("\nBots: %s\n", info.Bots)
	t.printf("Dice: A Arrow, D Dynamite, 1 Bull's Eye 1, 2 Bull's Eye 2, B Beer, G Gatling (dice numbered 1 to 5)\n")
	t.printf("Seats, clockwise from seat 0 (%s):\n", a.Role[0])
	for s := 0; s < a.Players; s++ {
		t.printf("  %s: %d life\n", a.label(s), a.Life[s])
	}
}

// showDice renders the five dice as letters, e.g. "[A D 1 2 G]".
func showDice(d dice.Dice) string {
	var b strings.Builder
	b.WriteByte('[')
	for i, f := range d {
		if i > 0 {
			b.WriteByte(' ')
		}
		b.WriteByte(f.Letter())
	}
	b.WriteByte(']')
	return b.String()
}

// dieList names the dice in mask, numbered from 1: "1, 3".
func dieList(mask uint8) string {
	var parts []string
	for m := mask; m != 0; m &= m - 1 {
		parts = append(parts, itoa(bits.TrailingZeros8(m)+1))
	}
	return strings.Join(parts, ", ")
}

// facesIn renders the faces of the dice in mask: "A 1".
func facesIn(d dice.Dice, mask uint8) string {
	var parts []string
	for m := mask; m != 0; m &= m - 1 {
		parts = append(parts, string(d[bits.TrailingZeros8(m)].Letter()))
	}
	return strings.Join(parts, " ")
}

// lifeLeft describes what is left after a loss.
func lifeLeft(n int) string {
	if n <= 0 {
		return "no life left"
	}
	if n == 1 {
		return "1 life left"
	}
	return fmt.Sprintf("%d life left", n)
}

func (t *textNarration) event(e dice.Event, a *account) {
	s, o := int(e.Seat), int(e.Other)
	switch e.Kind {
	case dice.EvTurn:
		t.printf("\nTurn %d: %s, %d life, %s, %s in the pile\n", a.Turn, a.label(s), a.Life[s], lab.Plural(a.Arrows[s], "arrow"), lab.Plural(a.Pile, "arrow"))
	case dice.EvRoll:
		if a.Roll == 1 {
			t.printf("  roll 1: %s\n", showDice(e.Dice))
		} else {
			t.printf("  roll %d: %s (rerolled dice %s)\n", a.Roll, showDice(e.Dice), dieList(e.Mask))
		}
	case dice.EvKeep:
		if e.Mask == 0 {
			t.printf("  keeps %s\n", showDice(a.Dice))
		} else {
			t.printf("  rerolls %s (dice %s)\n", facesIn(a.Dice, e.Mask), dieList(e.Mask))
		}
	case dice.EvArrow:
		t.printf("  %s takes an arrow (holds %d, %d left in the pile)\n", a.label(s), a.Arrows[s], a.Pile)
	case dice.EvIndians:
		t.printf("  Indians attack! Everyone loses a life per arrow held\n")
	case dice.EvDynamite:
		t.printf("  %d Dynamite: the rolling stops\n", a.Dice.Count(dice.Dynamite))
	case dice.EvLoseLife:
		by := a.causeOf(dice.Cause(e.Cause), o)
		t.printf("  %s loses %d life to %s (%s)\n", a.label(s), e.N, by, lifeLeft(a.Life[s]))
	case dice.EvArrowInstead:
		t.printf("  %s takes an arrow instead of losing a life (holds %d, %d left in the pile)\n", a.label(s), a.Arrows[s], a.Pile)
	case dice.EvArrowReturned:
		t.printf("  %s returns one of his arrows to the pile (holds %d)\n", a.label(s), a.Arrows[s])
	case dice.EvArrowDiscard:
		t.printf("  %s discards an arrow of %s\n", a.label(o), a.label(s))
	case dice.EvShot:
		dmg := ""
		if e.N > 1 {
			dmg = fmt.Sprintf(" for %d damage", e.N)
		}
		t.printf("  P%d shoots %s with die %d (%s)%s\n", o, a.label(s), int(e.Mask)+1, a.Dice[e.Mask], dmg)
	case dice.EvSlab:
		t.printf("  %s spends a Beer to double die %d\n", a.label(s), int(e.Mask)+1)
	case dice.EvHeal:
		gain := fmt.Sprintf("+%d life, %d", e.N, a.Life[s])
		if e.N == 0 {
			gain = fmt.Sprintf("already at the maximum %d", a.MaxLife[s])
		}
		switch dice.HealSource(e.Cause) {
		case dice.HealBeer:
			t.printf("  Beer for %s (%s)\n", a.label(s), gain)
		case dice.HealSid:
			t.printf("  %s heals %s (%s)\n", a.label(o), a.label(s), gain)
		case dice.HealSuzy:
			t.printf("  %s ends the turn without a Bull's Eye (%s)\n", a.label(s), gain)
		case dice.HealVulture:
			t.printf("  %s profits from the elimination (%s)\n", a.label(s), gain)
		}
	case dice.EvGatling:
		t.printf("  %s fires the Gatling!\n", a.label(s))
	case dice.EvReturnArrows:
		t.printf("  %s returns %s to the pile after the Gatling\n", a.label(s), lab.Plural(int(e.N), "arrow"))
	case dice.EvEliminated:
		how := "by " + a.causeOf(dice.Cause(e.Cause), o)
		t.printf("  ** %s is eliminated %s\n", a.label(s), how)
	case dice.EvGameOver:
		// The end line, with the winners, is printed by end.
	}
}

func (t *textNarration) decision(d dice.Decision, choice int, a *account) {
	t.printf("  [decision] %s %s: options %s, chooses %s\n", a.label(int(d.Seat)), d.Kind, decisionOptions(d), decisionChoice(d, choice))
}

// decisionOptions renders a decision's legal options for people.
func decisionOptions(d dice.Decision) string {
	switch d.Kind {
	case dice.DecideReroll:
		return "reroll any of dice " + dieList(uint8(d.Options))
	case dice.DecideBartArrow, dice.DecidePedroReturn:
		return "0 or 1"
	}
	var parts []string
	for m := d.Options; m != 0; m &= m - 1 {
		c := bits.TrailingZeros32(m)
		if c == dice.Skip {
			parts = append(parts, "skip")
		} else if d.Kind == dice.DecideSlab {
			parts = append(parts, "die "+itoa(c+1))
		} else {
			parts = append(parts, "P"+itoa(c))
		}
	}
	return strings.Join(parts, ", ")
}

// decisionChoice renders the choice made.
func decisionChoice(d dice.Decision, choice int) string {
	switch {
	case d.Kind == dice.DecideReroll && choice == 0:
		return "to stop"
	case d.Kind == dice.DecideReroll:
		return "dice " + dieList(uint8(choice))
	case d.Kind == dice.DecideBartArrow || d.Kind == dice.DecidePedroReturn:
		return itoa(choice)
	case choice == dice.Skip:
		return "skip"
	case d.Kind == dice.DecideSlab:
		return "die " + itoa(choice+1)
	default:
		return "P" + itoa(choice)
	}
}

func (t *textNarration) end(g *dice.State, a *account, decisions, lost int) {
	if lost > 0 {
		t.printf("\n(%s not shown: the trace keeps 128 between two decisions, and this game went further without one)\n", lab.Plural(lost, "event"))
	}
	t.printf("\nGame over after %s and %s: ", lab.Plural(int(g.Turns), "turn"), lab.Plural(decisions, "decision"))
	switch {
	case g.Draw && g.Alive == 0:
		t.printf("a draw (everyone was eliminated at once)\n")
	case g.Draw:
		t.printf("a draw (the turn cap was reached)\n")
	default:
		w := winnerSeats(g)
		var names []string
		for _, s := range w {
			names = append(names, a.label(s))
		}
		verb := "win"
		if len(w) == 1 || a.Players == 3 {
			verb = "wins"
		}
		t.printf("%s %s: %s\n", winningSide(a.Players, g.Role[w[0]]), verb, strings.Join(names, ", "))
	}
	if g.Illegal > 0 {
		t.printf("(%s replaced by the engine)\n", lab.Plural(int(g.Illegal), "illegal choice"))
	}
}

func itoa(n int) string { return strconv.Itoa(n) }
