package cardgame

import (
	"bufio"
	"errors"
	"fmt"
	"strings"

	"github.com/bangsim/bangsim/internal/seed"
	"github.com/bangsim/bangsim/lab"
	"github.com/bangsim/bangsim/sim/card"
	"github.com/bangsim/bangsim/tui"
)

// scripted plays a play file's recorded choices at the person's seat (replay --file).
type scripted struct{ s *lab.Script }

// Choose implements card.Policy.
func (p scripted) Choose(v *card.View) int { return p.s.Next(v.Decision.Kind.String()) }

// play is one card game a person plays at a table of bots (bangsim play), built as the
// dice game's (lab/dicegame/play.go): the Table plays it, the person's seat a policy
// that hands each decision to the terminal through a tui.Pipe; one narrator writes the
// replay file, another the text the person's seat may read.
type play struct {
	t        *card.Table
	person   int
	gameSeed uint64
	title    string
	pipe     *tui.Pipe
	file     *bufio.Writer
	full     *narrator // JSON Lines into the file, every decision
	seen     *narrator // text for the person, what the seat may know
	text     strings.Builder
	view     *card.View
	advisor  Advisor
}

// Sit seats a person at game r.Index of the run with r.Seed (bangsim play).
func (p *prepared) Sit(r lab.SitRequest) (tui.Game, error) {
	rules, err := p.rules(r.Players)
	if err != nil {
		return nil, err
	}
	t, err := p.newTable(rules)
	if err != nil {
		return nil, err
	}
	gameSeed := seed.ForGame(r.Seed, r.Index)
	var probe card.State // the deal, to find the person's seat
	s1, s2, _, _ := seed.Streams(gameSeed)
	probe.Setup(&rules, s1, s2)
	draw := gameSeed ^ 0x5eed5eed5eed5eed
	person, err := r.PersonSeat(probe.Role[:rules.Players], seed.SplitMix64(&draw))
	if err != nil {
		return nil, err
	}
	pl := &play{t: t, person: person, gameSeed: gameSeed, file: bufio.NewWriter(r.Replay)}
	head := header{Seed: r.Seed, Index: r.Index, GameSeed: gameSeed, Bots: p.DescribePolicies(),
		RulesText: p.RulesText, Rules: p.Rules, Policies: p.PolicyRecord(), Person: &pl.person, Added: r.Added,
		Characters: p.decl.Characters}
	pl.full = &narrator{w: pl.file, json: true, decisions: true, table: t, head: head}
	pl.seen = &narrator{w: &pl.text, table: t, head: head, self: int8(person), seen: pl.knows}
	t.OnEvents = func(evs []card.Event) {
		pl.full.events(evs)
		pl.seen.events(evs)
	}
	t.OnDecision = pl.decided
	t.SetSeat(person, personSeat{pl}, 0, 0)
	pl.title = fmt.Sprintf("BANG! the card game · seed %d, game %d · you: P%d (%s, %s) · bots: %s",
		r.Seed, r.Index, person, probe.Role[person], p.decl.Characters.Name(probe.Char[person]), p.DescribePolicies())
	pl.pipe = tui.StartPipe(pl.drive)
	return pl, nil
}

// knows reports whether the person's seat knows seat s's role.
func (pl *play) knows(s int8) bool {
	return int(s) == pl.person || pl.t.State.Revealed[s&7] != card.RoleUnknown
}

// drive plays the game to its end in the pipe's goroutine.
func (pl *play) drive(*tui.Pipe) tui.Step {
	g := pl.t.Play(pl.gameSeed)
	pl.full.end(g)
	pl.seen.end(g)
	res := "a draw (the turn cap)"
	if !g.Draw {
		res = "you lose"
		if g.Winners>>uint(pl.person)&1 == 1 {
			res = "you win"
		}
	}
	return tui.Step{Lines: pl.take(), Board: pl.board(), Result: fmt.Sprintf("%s after %d turns", res, g.Turns)}
}

// decided is the Table's OnDecision hook: a bot's decision ends a step of the screen.
func (pl *play) decided(d *card.Decision, choice int) {
	pl.full.decision(d, choice)
	pl.seen.count++
	if int(d.Seat) != pl.person {
		pl.pipe.Show(tui.Step{Lines: pl.take(), Board: pl.board()})
	}
}

// take returns the narration since the last step and flushes the replay file.
func (pl *play) take() []string { return lab.TakeLines(&pl.text, pl.file) }

// Title implements tui.Game.
func (pl *play) Title() string { return pl.title }

// Next implements tui.Game.
func (pl *play) Next(answer int) tui.Step { return pl.pipe.Next(answer) }

// Close implements tui.Game.
func (pl *play) Close() error {
	pl.pipe.Close()
	return errors.Join(pl.full.err, pl.file.Flush())
}

// personSeat is the person's policy: it shows the decision and waits for the answer.
type personSeat struct{ pl *play }

// Choose implements card.Policy.
func (s personSeat) Choose(v *card.View) int {
	pl := s.pl
	pl.view = v
	defer func() { pl.view = nil }()
	a := &tui.Ask{Prompt: prompt(&v.Decision)}
	for i := 0; i < int(v.Decision.N); i++ {
		a.Options = append(a.Options, tui.Option{Label: pl.seen.describe(v.Decision.Options[i]), Value: i})
	}
	return pl.pipe.Show(tui.Step{Lines: pl.take(), Board: pl.board(), Ask: a})
}

// prompt says what a decision is about.
func prompt(d *card.Decision) string {
	switch d.Kind {
	case card.DecideDraw:
		return "phase 1: where does your first card come from?"
	case card.DecideKit:
		return "Kit Carlson: which card goes back on the deck?"
	case card.DecideLucky:
		return "Lucky Duke: which card counts for the draw!?"
	case card.DecidePlay:
		return "phase 2: play a card, or end the turn"
	case card.DecideDiscard:
		return fmt.Sprintf("phase 3: discard down to your life (%d more)", d.Need)
	case card.DecideMissed:
		return fmt.Sprintf("P%d shoots you with %s: answer or take the hit (%d Missed! needed)", d.From, d.Card, d.Need)
	case card.DecideBang:
		return fmt.Sprintf("%s from P%d: discard a BANG! or take the hit", d.Card, d.From)
	case card.DecideLethal:
		return "a lethal hit: drink a Beer or die"
	case card.DecideSidCard:
		return "Sid Ketchum: a card to discard for the heal"
	case card.DecideStore:
		return "General Store: the card to take"
	}
	return d.Kind.String()
}

// board is what the person's seat may know: the public table, their own hand and role.
func (pl *play) board() []string {
	g := &pl.t.State
	top := "empty"
	if g.DiscardTop != card.NoCard {
		top = g.DiscardTop.String()
	}
	out := []string{fmt.Sprintf("Turn %d · P%d's turn · deck %d · discard pile %d, top %s", g.Turns, g.Active, g.DeckLen, g.DiscardLen, top)}
	for s := 0; s < int(g.Players); s++ {
		role := "?"
		if pl.knows(int8(s)) {
			role = g.Role[s].String()
		}
		mark := "  "
		switch {
		case s == pl.person:
			mark = "▶ "
		case s == int(g.Active):
			mark = "* "
		}
		if !g.IsAlive(s) {
			out = append(out, fmt.Sprintf("%sP%d %-8s %-18s eliminated", mark, s, role, g.Char[s]))
			continue
		}
		inPlay := strings.Join(cardNames(g.InPlay[s]), ", ")
		if inPlay == "" {
			inPlay = "-"
		}
		out = append(out, fmt.Sprintf("%sP%d %-8s %-18s life %d/%d  hand %d  in play: %s", mark, s, role, g.Char[s], g.Life[s], g.MaxLife[s], g.HandLen[s], inPlay))
	}
	out = append(out, "Your hand: "+strings.Join(cardNames(g.Hand[pl.person]), ", "))
	return out
}

// Hint implements tui.Game: the pending decision ranked as `bangsim advise` ranks it.
func (pl *play) Hint() ([]tui.Hint, error) {
	if pl.view == nil {
		return nil, errors.New("no decision of yours is pending")
	}
	return pl.advisor.Rank(pl.view)
}
