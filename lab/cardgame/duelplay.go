package cardgame

import (
	"bufio"
	"cmp"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"slices"
	"strings"

	"github.com/bangsim/bangsim/internal/seed"
	"github.com/bangsim/bangsim/lab"
	"github.com/bangsim/bangsim/resultfile"
	"github.com/bangsim/bangsim/sim/card"
	"github.com/bangsim/bangsim/strategy/duelbots"
	"github.com/bangsim/bangsim/tui"
)

// PersonBot is the play bot a duel's replay file names at the person's seat.
const PersonBot = "person"

// duelPerson is a person's seat in a duel: the seat, its policy, the run's duel index.
type duelPerson struct {
	seat  int8
	pol   card.Policy
	index uint64
}

// duelPlay is one long duel a person plays against a bot (bangsim play --game duel),
// built as the card game's play: the LongDuel plays it, the person's seat a policy
// that hands each decision to the terminal through a tui.Pipe; one narrator writes the
// replay file (JSON Lines, every decision), another the text the person may read (the
// opponent's hand and reinforcement order hidden). The person's draft (the pick order,
// the picks, the stacking) is made by Drafts[person], a draft bot; the placement of the
// two revealed characters, a play decision, is the person's.
type duelPlay struct {
	spec    DuelSpec
	d       *card.LongDuel
	person  int8
	index   uint64
	gs      uint64
	title   string
	pipe    *tui.Pipe
	file    *bufio.Writer
	full    *duelNarrator
	seen    *duelNarrator
	text    strings.Builder
	placed  int        // the person's placement choice, for the file (-1: none asked)
	view    *card.View // the person's pending decision (the hint's)
	placing bool       // the pending decision is the placement
	started bool
}

// SitDuel seats a person at duel index of spec's run at seat person (0 or 1), the
// other seat's bots spec's; the replay goes to replay. spec.Bots[person] is ignored
// (the file names PersonBot there).
func (s DuelSpec) SitDuel(index uint64, person int, replay io.Writer) (tui.Game, error) {
	if person < 0 || person > 1 {
		return nil, fmt.Errorf("--seat %d: a long duel has seats 0 and 1", person)
	}
	s.Bots[person] = s.Bots[person^1]
	d, err := s.NewDuel()
	if err != nil {
		return nil, err
	}
	s.Bots[person] = PersonBot
	pl := &duelPlay{spec: s, d: d, person: int8(person), index: index, gs: seed.ForGame(s.Seed, index), file: bufio.NewWriter(replay), placed: -1}
	d.Policies[person] = duelPersonSeat{pl}
	d.OnEvents = func(ev []card.Event) {
		if pl.full != nil {
			pl.full.events(ev)
			pl.seen.events(ev)
		}
	}
	d.OnDecision = pl.decided
	pl.title = fmt.Sprintf("BANG! the long duel · seed %d, duel %d · you: P%d (your draft by the %s draft bot) · bot: %s, draft %s",
		s.Seed, index, person, s.Drafts[person], s.Bots[person^1], s.Drafts[person^1])
	pl.pipe = tui.StartPipe(pl.drive)
	return pl, nil
}

// DuelPersonSeat is the seat a person takes at duel index of the run with runSeed when
// none is chosen: drawn from the duel's seed, so --seed alone repeats duel and seat.
func DuelPersonSeat(runSeed, index uint64) int {
	draw := seed.ForGame(runSeed, index) ^ 0x5eed5eed5eed5eed
	return int(seed.SplitMix64(&draw) % 2)
}

// drive plays the duel to its end in the pipe's goroutine.
func (pl *duelPlay) drive(*tui.Pipe) tui.Step {
	d := pl.d
	d.Begin(pl.gs)
	who := &duelPerson{seat: pl.person, index: pl.index}
	writeDuelHeader(pl.file, d, pl.spec, pl.gs, pl.title, who)
	if pl.placed >= 0 {
		enc := json.NewEncoder(pl.file)
		enc.SetEscapeHTML(false)
		_ = enc.Encode(jsonEvent{Event: "decision", Seat: int(pl.person), Label: seatLabel(pl.person), Kind: card.DecidePlace.String(), Choice: ptr(pl.placed)})
	}
	pl.setupText()
	pl.full = newDuelNarrator(pl.file, d, pl.spec.Characters(), true, true)
	pl.seen = newDuelNarrator(&pl.text, d, pl.spec.Characters(), false, false)
	pl.seen.hide = pl.person ^ 1
	pl.started = true
	d.Run()
	pl.full.end()
	pl.seen.end()
	res := "a draw (the turn cap)"
	if !d.Draw {
		res = "you lose"
		if d.Info.Winner == pl.person {
			res = "you win"
		}
	}
	return tui.Step{Lines: pl.take(), Board: pl.board(), Result: fmt.Sprintf("%s after %d turns", res, d.Turns)}
}

// setupText writes the set-up as the person knows it: the draft, their own stack, the
// opponent's two revealed characters and placement, its reinforcements face down.
func (pl *duelPlay) setupText() {
	in := &pl.d.Info
	w := &pl.text
	set := pl.spec.Characters()
	fmt.Fprintf(w, "laid out: %s\n", charListIn(set, in.Pool[:]))
	order := "start first"
	if in.ChoseFirst {
		order = "pick first"
	}
	fmt.Fprintf(w, "seat 0 chose to %s: P%d picks first, P%d starts\n", order, in.PickFirst, in.Starter)
	for p := int8(0); p < 2; p++ {
		who := "the bot"
		if p == pl.person {
			who = "your draft bot (" + pl.spec.Drafts[p] + ")"
		}
		fmt.Fprintf(w, "P%d picked (%s): %s\n", p, who, charListIn(set, in.Picked[p][:]))
	}
	me, them := pl.person, pl.person^1
	fmt.Fprintf(w, "you place: front %s, back %s; your reinforcements in order: %s\n", set.Name(in.Stack[me][0]), set.Name(in.Stack[me][1]), charListIn(set, in.Stack[me][2:]))
	fmt.Fprintf(w, "P%d places: front %s, back %s; three reinforcements face down\n", them, set.Name(in.Stack[them][0]), set.Name(in.Stack[them][1]))
}

// decided is the duel's OnDecision hook: a bot's decision ends a step of the screen.
func (pl *duelPlay) decided(dec *card.Decision, choice int) {
	if !pl.started {
		if dec.Kind == card.DecidePlace && dec.Seat == pl.person {
			pl.placed = choice
		}
		return
	}
	pl.full.decision(dec, choice)
	pl.seen.count++
	if dec.Seat != pl.person {
		pl.pipe.Show(tui.Step{Lines: pl.take(), Board: pl.board()})
	}
}

// take returns the narration since the last step and flushes the replay file.
func (pl *duelPlay) take() []string { return lab.TakeLines(&pl.text, pl.file) }

// board is what the person may know: both players' characters in play with their
// life and cards in play, the hands' sizes, the reinforcements left, the person's hand.
func (pl *duelPlay) board() []string {
	d := pl.d
	top := "empty"
	if d.DiscardTop != card.NoCard {
		top = d.DiscardTop.String()
	}
	out := []string{fmt.Sprintf("Turn %d · P%d's turn · deck %d · discard pile %d, top %s", d.Turns, d.Active, d.DeckLen, d.DiscardLen, top)}
	for p := int8(0); p < 2; p++ {
		mark := "  "
		if p == pl.person {
			mark = "▶ "
		}
		left := 0
		if n := int(d.Info.Next[p]); n < card.DuelCharacters {
			left = card.DuelCharacters - n
		}
		out = append(out, fmt.Sprintf("%sP%d hand %d · characters left %d (%d to come)", mark, p, d.HandLen[p], d.Info.Left(p), left))
		for _, slot := range []int8{card.DuelFront(p), card.DuelBack(p)} {
			if !d.IsAlive(int(slot)) {
				continue
			}
			inPlay := strings.Join(cardNames(d.InPlay[slot]), ", ")
			if inPlay == "" {
				inPlay = "-"
			}
			out = append(out, fmt.Sprintf("    %-5s %-18s life %d/%d  in play: %s", place(slot), d.Char[slot], d.Life[slot], d.MaxLife[slot], inPlay))
		}
	}
	out = append(out, "Your hand: "+strings.Join(cardNames(d.Hand[pl.person]), ", "))
	return out
}

// Title implements tui.Game.
func (pl *duelPlay) Title() string { return pl.title }

// Next implements tui.Game.
func (pl *duelPlay) Next(answer int) tui.Step { return pl.pipe.Next(answer) }

// Hint implements tui.Game: the pending decision ranked by DuelAdvisor.
func (pl *duelPlay) Hint() ([]tui.Hint, error) {
	switch {
	case pl.placing:
		return nil, errors.New("no hint for the placement: the cards are not dealt yet, so there is nothing to play out")
	case pl.view == nil:
		return nil, errors.New("no decision of yours is pending")
	}
	return DuelAdvisor{}.Rank(pl.view, pl.seen)
}

// DuelAdvisor ranks a duel decision's options as the duel's search bot weighs them:
// each played out Rollouts times to the end, the heuristic at both seats, on worlds
// card.DuelDeterminizer deals (the opponent's hand, the deck, its reinforcements'
// order), common random numbers across the options; the search bot's own choice is
// marked (strategy/duelbots' Search, asked on the same View).
type DuelAdvisor struct {
	Rollouts int // playouts per option (0: 200)
}

// Rank returns v's options, best first, with each one's rate of wins for v's seat and
// a 95% Wilson interval; nar names them.
func (a DuelAdvisor) Rank(v *card.View, nar *duelNarrator) ([]tui.Hint, error) {
	n := a.Rollouts
	if n <= 0 {
		n = 200
	}
	d := &v.Decision
	if d.N < 1 || d.N > 64 {
		return nil, fmt.Errorf("%d options: too many to rank", d.N)
	}
	w := *v // the search's copy, its own stream: the person's seat's is left alone
	w.Rand = rand.NewPCG(0x6475656c, uint64(v.Turns)<<8|uint64(d.N))
	pick := duelbots.NewSearch(100, true, 1).ChooseDuel(&w, nil)
	h := &duelbots.Heuristic{}
	sim := card.NewLongDuel([2]card.Policy{h, h}, [2]card.DraftPolicy{card.RandomDraft{}, card.RandomDraft{}})
	var det card.DuelDeterminizer
	det.Prepare(v)
	var root card.State
	wins := make([]int, d.N)
	for range n {
		s1, s2 := w.Rand.Uint64(), w.Rand.Uint64()
		det.Deal(&root, s1, s2)
		for i := range wins {
			sim.State = root
			sim.State.Apply(i)
			sim.Finish(s1^0x632be59bd9b4e019, s2)
			if sim.Info.Winner == v.Self {
				wins[i]++
			}
		}
	}
	out := make([]tui.Hint, 0, d.N)
	for i, k := range wins {
		p, lo, hi := tui.Rate(k, n)
		out = append(out, tui.Hint{Label: nar.describe(d.Options[i]), Value: i, Win: p, Lo: lo, Hi: hi, SearchPick: i == pick})
	}
	slices.SortStableFunc(out, func(x, y tui.Hint) int { return cmp.Compare(y.Win, x.Win) })
	return out, nil
}

// Close implements tui.Game.
func (pl *duelPlay) Close() error {
	pl.pipe.Close()
	var err error
	if pl.full != nil {
		err = pl.full.err
	}
	return errors.Join(err, pl.file.Flush())
}

// duelPersonSeat is the person's policy in a duel: it shows the decision and waits.
type duelPersonSeat struct{ pl *duelPlay }

// Choose implements card.Policy.
func (s duelPersonSeat) Choose(v *card.View) int {
	pl := s.pl
	d := &v.Decision
	a := &tui.Ask{}
	var lines []string
	if d.Kind == card.DecidePlace {
		in := &pl.d.Info
		me, them := pl.person, pl.person^1
		a.Prompt = fmt.Sprintf("place your two revealed characters (P%d shows %s and %s): which goes in front?", them, in.Stack[them][0], in.Stack[them][1])
		a.Options = []tui.Option{{Label: fmt.Sprintf("%s in front, %s behind", in.Stack[me][0], in.Stack[me][1]), Value: 0},
			{Label: fmt.Sprintf("%s in front, %s behind", in.Stack[me][1], in.Stack[me][0]), Value: 1}}
		lines = []string{fmt.Sprintf("Your draft bot (%s) drafted %s and stacked %s, %s on top", pl.spec.Drafts[me], charList(in.Picked[me][:]), in.Stack[me][0], in.Stack[me][1])}
		pl.placing = true
		defer func() { pl.placing = false }()
		return pl.pipe.Show(tui.Step{Lines: lines, Ask: a})
	}
	a.Prompt = pl.prompt(d)
	for i := 0; i < int(d.N); i++ {
		a.Options = append(a.Options, tui.Option{Label: pl.seen.describe(d.Options[i]), Value: i})
	}
	pl.view = v
	defer func() { pl.view = nil }()
	return pl.pipe.Show(tui.Step{Lines: pl.take(), Board: pl.board(), Ask: a})
}

// prompt says what a duel decision is about: the card game's words, the character it
// is for named, and the duel's own decisions.
func (pl *duelPlay) prompt(d *card.Decision) string {
	switch d.Kind {
	case card.DecideSwap:
		return "the start of your turn: keep your front and back characters, or swap them?"
	case card.DecidePass:
		return "your Dynamite did not explode: which of the opponent's characters does it pass to?"
	}
	p := prompt(d)
	if u := d.Unit; u >= 0 && u < card.DuelSlots && d.Kind != card.DecidePlay {
		p += " — for " + pl.seen.slotLabel(u)
	}
	return p
}

// duelScripted plays a play file's recorded choices at the person's seat.
type duelScripted struct{ s *lab.Script }

// Choose implements card.Policy.
func (p duelScripted) Choose(v *card.View) int { return p.s.Next(v.Decision.Kind.String()) }

// duelPlayHead is what a duel's play file's first line holds for playing it again.
type duelPlayHead struct {
	Title string `json:"title"`
	Seed  uint64 `json:"seed"`
	Seats []struct {
		Bot   string `json:"bot"`
		Draft string `json:"draft"`
	} `json:"seats"`
	Index  *uint64                     `json:"index"`
	Person *int                        `json:"person"`
	Added  []resultfile.AddedCharacter `json:"added_characters"`
}

// ReplayPlayedDuel plays a person's duel again from its play file's first line and the
// person's recorded choices (replay --file), narrated as how says, and returns the
// script's verdict: whether the duel asked the person exactly what the file records.
func ReplayPlayedDuel(w io.Writer, head []byte, choices []lab.PlayChoice, how DuelReplay) error {
	var h duelPlayHead
	if err := json.Unmarshal(head, &h); err != nil {
		return err
	}
	if h.Index == nil || h.Person == nil || len(h.Seats) != 2 || (*h.Person != 0 && *h.Person != 1) {
		return errors.New("line 1 is not a duel's first line as bangsim play writes it (index, person, two seats)")
	}
	spec := DuelSpec{Seed: h.Seed}
	if len(h.Added) > 0 { // the duel's box again, from the characters the file recorded
		g, err := lab.WithRecordedIn(DuelLabGame(), h.Added, "its first line")
		if err != nil {
			return err
		}
		spec.Game = g // NewDuel gives the rules its characters
	}
	for p, s := range h.Seats {
		spec.Bots[p], spec.Drafts[p] = s.Bot, s.Draft
	}
	script := &lab.Script{Choices: choices}
	who := &duelPerson{seat: int8(*h.Person), pol: duelScripted{script}, index: *h.Index}
	if err := spec.replay(w, seed.ForGame(h.Seed, *h.Index), h.Title, how, who); err != nil {
		return err
	}
	return script.Err()
}
