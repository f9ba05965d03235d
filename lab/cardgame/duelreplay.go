package cardgame

import (
	"encoding/json"
	"fmt"
	"io"
	"strings"

	"github.com/bangsim/bangsim/internal/seed"
	"github.com/bangsim/bangsim/lab"
	"github.com/bangsim/bangsim/resultfile"
	"github.com/bangsim/bangsim/sim/bang"
	"github.com/bangsim/bangsim/sim/card"
)

// DuelReplay says how a duel is narrated: text for people or JSON Lines for tools,
// with or without every decision asked.
type DuelReplay struct {
	JSON, Decisions bool
}

// Replay replays duel i of s (the same seed PlayDuels gives it) and narrates it: the
// draft, the stacks, both placements of the two revealed characters (made at once,
// neither seeing the other's), the hands dealt, then turn by turn every card drawn,
// played and answered, every "draw!", hit, swap, elimination and reinforcement, and
// with Decisions every decision asked with its options (decisions with a single option
// are not asked, so they do not show).
func (s DuelSpec) Replay(w io.Writer, i uint64, how DuelReplay) error {
	gs := seed.ForGame(s.Seed, i)
	return s.ReplaySeed(w, gs, fmt.Sprintf("Long duel %d of run seed %d (duel seed %d): bots %s, drafts %s", i, s.Seed, gs, pairText(s.Bots), pairText(s.Drafts)), how)
}

// ReplaySeed is Replay of the duel with seed gs (a league's knock-out match: its
// matches.csv duel_seed), title its first line.
func (s DuelSpec) ReplaySeed(w io.Writer, gs uint64, title string, how DuelReplay) error {
	return s.replay(w, gs, title, how, nil)
}

// replay is ReplaySeed; with p set (a person's duel played again, replay --file) p.pol
// plays seat p.seat, marked in the JSON header with the run's duel index.
func (s DuelSpec) replay(w io.Writer, gs uint64, title string, how DuelReplay, p *duelPerson) error {
	spec := s
	if p != nil {
		spec.Bots[p.seat] = spec.Bots[p.seat^1] // a placeholder, replaced by p.pol
	}
	d, err := spec.NewDuel()
	if err != nil {
		return err
	}
	if p != nil {
		d.Policies[p.seat] = p.pol
	}
	var n *duelNarrator // made once the set-up is done; nothing is traced before
	d.OnEvents = func(ev []card.Event) {
		if n != nil {
			n.events(ev)
		}
	}
	d.OnDecision = func(dec *card.Decision, c int) {
		if n != nil {
			n.decision(dec, c)
		}
	}
	d.Begin(gs)
	if how.JSON {
		writeDuelHeader(w, d, s, gs, title, p)
	} else {
		writeDuelSetup(w, d, s.Characters(), title)
	}
	n = newDuelNarrator(w, d, s.Characters(), how.JSON, how.Decisions)
	d.Run()
	n.end()
	return n.err
}

// writeDuelSetup writes the set-up of duel d for people: the draft and the stacks, the
// characters named by set (the duel's, DuelSpec.Characters).
func writeDuelSetup(w io.Writer, d *card.LongDuel, set *bang.CharacterSet, title string) {
	in := &d.Info
	order := "start first"
	if in.ChoseFirst {
		order = "pick first"
	}
	fmt.Fprintf(w, "%s\n", title)
	fmt.Fprintf(w, "laid out: %s\nremoved: %s\n", charListIn(set, in.Pool[:]), charListIn(set, d.Removed[:d.NumRemoved]))
	fmt.Fprintf(w, "seat 0 (better-ranked) chose to %s: seat %d picks first, seat %d starts\n", order, in.PickFirst, in.Starter)
	for k := 0; k < 2*card.DuelCharacters; k++ {
		p := in.PickFirst ^ int8(k&1)
		fmt.Fprintf(w, "pick %d: seat %d takes %s\n", k+1, p, set.Name(in.Picked[p][k/2]))
	}
	for p := 0; p < 2; p++ {
		st := in.Stack[p]
		top := [2]card.Character{st[0], st[1]}
		if in.Flipped[p] {
			top[0], top[1] = top[1], top[0]
		}
		fmt.Fprintf(w, "seat %d stacks: %s, %s on top (revealed), then %s\n", p, set.Name(top[0]), set.Name(top[1]), charListIn(set, st[2:]))
	}
	for p := 0; p < 2; p++ {
		fmt.Fprintf(w, "seat %d places: front %s, back %s\n", p, set.Name(in.Stack[p][0]), set.Name(in.Stack[p][1]))
	}
}

// writeDuelHeader writes the JSON replay's first line: the duel and its set-up.
// With who set (a person's duel), it names the person's seat and the duel's index.
func writeDuelHeader(w io.Writer, d *card.LongDuel, s DuelSpec, gs uint64, title string, who *duelPerson) {
	in := &d.Info
	set := s.Characters()
	names := func(cs []card.Character) []string {
		out := make([]string, len(cs))
		for i, c := range cs {
			out[i] = set.Name(c)
		}
		return out
	}
	type seat struct {
		Seat   int      `json:"seat"`
		Bot    string   `json:"bot"`
		Draft  string   `json:"draft"`
		Picked []string `json:"picked"`
		Stack  []string `json:"stack"` // front, back, then the reinforcements in order
	}
	out := struct {
		Event      string   `json:"event"`
		Game       string   `json:"game"`
		Title      string   `json:"title"`
		Seed       uint64   `json:"seed"`
		GameSeed   string   `json:"game_seed"`
		Pool       []string `json:"laid_out"`
		Removed    []string `json:"removed"`
		ChoseFirst bool     `json:"chose_pick_first"`
		PickFirst  int      `json:"pick_first"`
		Starter    int      `json:"starter"`
		Seats      []seat   `json:"seats"`
		Index      *uint64  `json:"index,omitempty"`
		Person     *int     `json:"person,omitempty"`
		// Added is the characters a file added to the draft's box, so that a person's
		// play file (replay --file) needs no YAML; absent for none.
		Added []resultfile.AddedCharacter `json:"added_characters,omitempty"`
	}{Event: "game", Game: "duel", Title: title, Seed: s.Seed, GameSeed: fmt.Sprintf("%#x", gs),
		Pool: names(in.Pool[:]), Removed: names(d.Removed[:d.NumRemoved]), ChoseFirst: in.ChoseFirst, PickFirst: int(in.PickFirst), Starter: int(in.Starter)}
	for p := 0; p < 2; p++ {
		out.Seats = append(out.Seats, seat{p, s.Bots[p], s.Drafts[p], names(in.Picked[p][:]), names(in.Stack[p][:])})
	}
	if s.Game != nil {
		out.Added = lab.RecordCharacters(s.Game)
	}
	if who != nil {
		seat := int(who.seat)
		out.Index, out.Person = &who.index, &seat
	}
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	_ = enc.Encode(out)
}

// charListIn joins the names set gives characters (an added one's is its set's).
func charListIn(set *bang.CharacterSet, cs []card.Character) string {
	s := make([]string, len(cs))
	for i, c := range cs {
		s[i] = set.Name(c)
	}
	return strings.Join(s, ", ")
}

// charList joins printed characters' names.
func charList(cs []card.Character) string {
	s := make([]string, len(cs))
	for i, c := range cs {
		s[i] = c.String()
	}
	return strings.Join(s, ", ")
}

// pairText writes a pair of bot names as duel's --policy and --draft-policy take them: one name when
// both seats have it.
func pairText(p [2]string) string {
	if p[0] == p[1] {
		return p[0]
	}
	return p[0] + "," + p[1]
}
