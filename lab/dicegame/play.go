package dicegame

import (
	"bufio"
	"errors"
	"fmt"
	"strings"

	"github.com/bangsim/bangsim/internal/seed"
	"github.com/bangsim/bangsim/lab"
	"github.com/bangsim/bangsim/sim/dice"
	"github.com/bangsim/bangsim/tui"
)

// scripted plays a play file's recorded choices at the person's seat (replay --file).
type scripted struct{ s *lab.Script }

// Choose implements dice.Policy.
func (p scripted) Choose(v *dice.View) int { return p.s.Next(v.Decision.Kind.String()) }

// play is one dice game a person plays at a table of bots (bangsim play): the Table
// plays it as any replay, the person's seat a policy that hands each decision to the
// terminal through a tui.Pipe, and the narrator writes the replay file as it goes.
type play struct {
	t        *dice.Table
	person   int
	gameSeed uint64
	title    string
	pipe     *tui.Pipe
	n        *narrator
	file     *bufio.Writer
	json     *jsonNarration
	text     strings.Builder // the text narration not yet shown
	view     *dice.View      // the person's View while a decision waits
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
	var probe dice.State // the deal, to find the person's seat
	s1, s2, _, _ := seed.Streams(gameSeed)
	probe.Setup(&rules, s1, s2)
	draw := gameSeed ^ 0x5eed5eed5eed5eed
	person, err := r.PersonSeat(probe.Role[:rules.Players], seed.SplitMix64(&draw))
	if err != nil {
		return nil, err
	}
	pl := &play{t: t, person: person, gameSeed: gameSeed, file: bufio.NewWriter(r.Replay)}
	pl.json = &jsonNarration{w: pl.file}
	info := replayInfo{Seed: r.Seed, Index: r.Index, GameSeed: gameSeed, Bots: p.DescribePolicies(),
		RulesText: p.RulesText, Rules: p.Rules, Policies: p.PolicyRecord(), Person: &pl.person,
		Characters: p.decl.Characters, Added: r.Added}
	pl.n = &narrator{info: info, out: &playNarration{pl}, table: t, decisions: true}
	t.OnEvents = pl.n.events
	t.OnDecision = pl.decided
	// Declared a lookahead seat so the Table plays the game on the state machine, whose
	// State the hint (the search bot's playouts) can copy at the person's decision.
	t.SetSeat(person, personSeat{pl}, dice.NeedsLookahead, 0)
	pl.title = fmt.Sprintf("BANG! The Dice Game · seed %d, game %d · you: P%d (%s, %s) · bots: %s",
		r.Seed, r.Index, person, probe.Role[person], p.decl.Characters.Name(probe.Char[person]), p.DescribePolicies())
	pl.pipe = tui.StartPipe(pl.drive)
	return pl, nil
}

// drive plays the game to its end in the pipe's goroutine.
func (pl *play) drive(*tui.Pipe) tui.Step {
	g := pl.t.Play(pl.gameSeed)
	pl.n.end(g)
	res := winningSide(int(g.Players), g.Role[max(firstWinner(g), 0)])
	switch {
	case g.Draw:
		res = "a draw"
	case g.Winners>>uint(pl.person)&1 == 1:
		res += " win: you win"
	default:
		res += " win: you lose"
	}
	return tui.Step{Lines: pl.take(), Board: pl.board(), Result: fmt.Sprintf("%s after %d turns", res, g.Turns)}
}

// firstWinner is the first winning seat, -1 for none.
func firstWinner(g *dice.State) int {
	if w := winnerSeats(g); len(w) > 0 {
		return w[0]
	}
	return -1
}

// decided is the Table's OnDecision hook: a bot's decision ends a step of the screen.
func (pl *play) decided(d dice.Decision, choice int) {
	pl.n.decision(d, choice)
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

// Close implements tui.Game: the game stops where it stands and the file is flushed.
func (pl *play) Close() error {
	pl.pipe.Close()
	if err := pl.json.err(); err != nil {
		return err
	}
	return pl.file.Flush()
}

// personSeat is the person's policy: it shows the decision and waits for the answer.
type personSeat struct{ pl *play }

// Choose implements dice.Policy.
func (s personSeat) Choose(v *dice.View) int {
	pl := s.pl
	pl.view = v
	defer func() { pl.view = nil }()
	return pl.pipe.Show(tui.Step{Lines: pl.take(), Board: pl.board(), Ask: pl.ask(v)})
}

// playNarration writes the replay file in full and the person's text with the roles
// their seat may not see hidden.
type playNarration struct{ pl *play }

func (o *playNarration) header(info replayInfo, a *account) { o.pl.json.header(info, a) }

func (o *playNarration) event(e dice.Event, a *account) {
	o.pl.json.event(e, a)
	o.masked(a, func(t *textNarration) { t.event(e, a) })
}

func (o *playNarration) decision(d dice.Decision, choice int, a *account) {
	o.pl.json.decision(d, choice, a)
}

func (o *playNarration) end(g *dice.State, a *account, decisions, lost int) {
	o.pl.json.end(g, a, decisions, lost)
	(&textNarration{w: &o.pl.text}).end(g, a, decisions, lost)
}

func (o *playNarration) err() error { return o.pl.json.err() }

// masked runs f on the text narration with the account's labels hiding the roles
// the person's seat does not know.
func (o *playNarration) masked(a *account, f func(*textNarration)) {
	g := &o.pl.t.State
	a.Masked = true
	for s := range a.Known {
		a.Known[s] = s == o.pl.person || g.Revealed[s] != dice.RoleUnknown
	}
	f(&textNarration{w: &o.pl.text})
	a.Masked = false
}

// seatName names seat s as the person's seat may: "P3 (Outlaw, Bart Cassidy)" once the
// role is known, else "P3 (Bart Cassidy)".
func (pl *play) seatName(s int) string {
	g := &pl.t.State
	if s == pl.person || g.Revealed[s] != dice.RoleUnknown {
		return fmt.Sprintf("P%d (%s, %s)", s, g.Role[s], g.Char[s])
	}
	return fmt.Sprintf("P%d (%s)", s, g.Char[s])
}

// board is what the person's seat may know: the public table and their own role.
func (pl *play) board() []string {
	g := &pl.t.State
	out := []string{fmt.Sprintf("Turn %d · P%d to roll · %d arrows in the pile · rerolls left %d · dice %s",
		g.Turn, g.Active, g.Pile, g.RerollsLeft, showDice(g.Dice))}
	for s := 0; s < int(g.Players); s++ {
		role := "?"
		if s == pl.person || g.Revealed[s] != dice.RoleUnknown {
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
			out = append(out, fmt.Sprintf("%sP%d %-8s %-16s eliminated", mark, s, role, g.Char[s]))
			continue
		}
		out = append(out, fmt.Sprintf("%sP%d %-8s %-16s life %d/%d  arrows %d", mark, s, role, g.Char[s], g.Life[s], g.MaxLife[s], g.Arrows[s]))
	}
	return out
}

// ask describes the person's pending decision in words.
func (pl *play) ask(v *dice.View) *tui.Ask {
	d := &v.Decision
	if d.Kind == dice.DecideReroll {
		a := &tui.Ask{Prompt: fmt.Sprintf("reroll which dice? (%d rerolls left)", v.RerollsLeft)}
		for i, f := range v.Dice {
			t := tui.Toggle{Label: f.String(), Bit: 1 << uint(i)}
			if d.Options>>uint(i)&1 == 0 {
				t.Locked = "kept"
				if f == dice.Dynamite {
					t.Locked = "Dynamite is never rerolled"
				}
			}
			a.Toggles = append(a.Toggles, t)
		}
		return a
	}
	a := &tui.Ask{Prompt: describeKind(d)}
	for i := 0; i < d.Count(); i++ {
		c := d.Nth(i)
		a.Options = append(a.Options, tui.Option{Label: pl.describeChoice(v, c), Value: c})
	}
	return a
}

// describeKind says what a decision other than a reroll is about.
func describeKind(d *dice.Decision) string {
	switch d.Kind {
	case dice.DecideSidHeal:
		return "Sid Ketchum: who gains 1 life?"
	case dice.DecideSlab:
		return "Slab the Killer: double a Bull's Eye with a Beer?"
	case dice.DecideTarget:
		return fmt.Sprintf("whom does die %d shoot?", d.Die+1)
	case dice.DecideBartArrow:
		return "Bart Cassidy: take an arrow instead of losing the life point?"
	case dice.DecidePedroReturn:
		return "Pedro Ramirez: return one of your arrows to the pile?"
	case dice.DecideBeer:
		return fmt.Sprintf("whom does the Beer of die %d heal?", d.Die+1)
	case dice.DecideKitDiscard:
		return fmt.Sprintf("Kit Carlson: whose arrow does the Gatling of die %d discard?", d.Die+1)
	}
	return d.Kind.String()
}

// describeChoice says what choice c of the pending decision does.
func (pl *play) describeChoice(v *dice.View, c int) string {
	d := &v.Decision
	switch {
	case c == dice.Skip && (d.Kind == dice.DecideSlab || d.Kind == dice.DecideKitDiscard):
		return "skip"
	case d.Kind == dice.DecideSlab:
		return fmt.Sprintf("double die %d (%s)", c+1, v.Dice[c])
	case d.Kind == dice.DecideBartArrow:
		return map[int]string{0: "lose the life point", 1: "take an arrow instead"}[c]
	case d.Kind == dice.DecidePedroReturn:
		return map[int]string{0: "keep your arrows", 1: "return one arrow"}[c]
	}
	g := &pl.t.State
	what := map[dice.Kind]string{dice.DecideSidHeal: "heal", dice.DecideTarget: "shoot", dice.DecideBeer: "heal", dice.DecideKitDiscard: "discard an arrow of"}[d.Kind]
	you := ""
	if c == pl.person {
		you = " — you"
	}
	return fmt.Sprintf("%s %s: life %d/%d, arrows %d%s", what, pl.seatName(c), g.Life[c], g.MaxLife[c], g.Arrows[c], you)
}

// Hint implements tui.Game: the pending decision ranked as `bangsim advise` ranks it.
func (pl *play) Hint() ([]tui.Hint, error) {
	if pl.view == nil {
		return nil, errors.New("no decision of yours is pending")
	}
	return pl.advisor.Rank(pl.view)
}
