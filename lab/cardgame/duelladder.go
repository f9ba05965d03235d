package cardgame

import (
	"fmt"

	"github.com/bangsim/bangsim/lab"
	"github.com/bangsim/bangsim/resultfile"
	"github.com/bangsim/bangsim/sim/bang"
	"github.com/bangsim/bangsim/sim/card"
	"github.com/bangsim/bangsim/strategy/duelbots"
)

// DuelLabGame describes the long duel to lab.Ladder and lab.RunTune: its name, what its
// games share, its characters (the printed sixteen; Plain is never drafted) and its
// play bots with their parameters. The duel is no lab Game (it has no `run`, and its
// table is a DuelTable, not a Prepared), so only a ladder and a tune take this. Its
// WithCharacters is DuelWithCharacters: a character file of the card game (or one
// that says game: duel) adds characters to the draft.
func DuelLabGame() *lab.Game { return duelLabGame(Printed) }

// DuelWithCharacters returns the long duel drafting from the printed characters and
// the added ones (numbered from bang.NumCharacters in order), with the card game's
// lives and powers: the duel's lab.Game for --characters-file.
func DuelWithCharacters(added ...bang.CharacterSpec) (*lab.Game, error) {
	set, err := Printed.Extend(added...)
	if err != nil {
		return nil, err
	}
	return duelLabGame(set), nil
}

// duelLabGame is the long duel's descriptor for the characters of set (Printed or
// Printed.Extend): the card game's characters, primitives and printed powers.
func duelLabGame(set *bang.CharacterSet) *lab.Game {
	return &lab.Game{Name: resultfile.DuelGame, Title: "BANG! long duel", Luck: "cards and draft",
		MinPlayers: 2, MaxPlayers: 2, DefaultPlayers: 2, Declaration: bang.Declare(2, 2, set),
		Characters: characterInfos(set, abilitiesOf(set).table), Primitives: card.Primitives(), PrintedPowers: printedPowers,
		WithCharacters: func(added []bang.CharacterSpec) (*lab.Game, error) { return DuelWithCharacters(added...) },
		CharactersOf:   Game.Name,
		DefaultPolicy:  "heuristic", LookupPolicy: lookupDuelPlay, PolicyParams: lab.PolicyParamsOf(duelbots.PlayRegistry)}
}

// lookupDuelPlay checks a duel play bot spec and returns its canonical name.
func lookupDuelPlay(spec string) (string, error) {
	if _, err := duelbots.Play(spec); err != nil {
		return "", duelBotError{err}
	}
	e, _ := duelbots.PlayRegistry.Lookup(spec)
	return e.Name, nil
}

// DuelTable is the long duel as a ladder's and a tune's table (lab.Table): the play
// bots come from the entrants, both seats draft with Draft, under Rules (whose
// character deal, DuelRulesIn's, holds the added characters the draft lays out too). A ladder of it
// (lab.LadderSpec with Players 2 and CharactersPerSeat from CharactersPerSeat) is a
// round-robin of paired duels: every pair of play bots plays each duel seed twice, the
// seats swapped, on the same draft.
type DuelTable struct {
	Draft string // the draft bot of both seats (strategy/duelbots)
	// Rules are the card rule options a duel takes, RuleSettings as they are recorded
	// (DuelRules).
	Rules        card.Rules
	RuleSettings resultfile.Settings
}

var _ lab.DraftedSeating = (*duelSeating)(nil)

// Settings implements lab.Table: the duel's rule options and the draft bot, which a
// ladder's games depend on and two shards must share.
func (t DuelTable) Settings() resultfile.Settings {
	return append(resultfile.Settings{{Name: "draft_policy", Value: t.Draft}}, t.RuleSettings...)
}

// CharactersPerSeat is what lab.LadderSpec's field of that name must be for a ladder of
// this table: the five characters a seat drafts.
func (DuelTable) CharactersPerSeat() int { return card.DuelCharacters }

// Seating implements lab.Table for two seats; specs are play bot specs. Each seating
// owns one LongDuel and, for each entrant, an instance per seat.
func (t DuelTable) Seating(players int, specs []string) (func() lab.Seating, error) {
	if players != 2 {
		return nil, fmt.Errorf("a long duel has two seats, not %d", players)
	}
	entries := make([]duelbots.PlayEntry, len(specs))
	for i, s := range specs {
		if _, err := lookupDuelPlay(s); err != nil {
			return nil, err
		}
		entries[i], _ = duelbots.PlayRegistry.Lookup(s)
	}
	if _, err := duelbots.Draft(t.Draft); err != nil {
		return nil, duelBotError{err}
	}
	build := func() (lab.Seating, error) {
		var dr [2]card.DraftPolicy
		for s := range dr {
			dr[s], _ = duelbots.Draft(t.Draft) // checked above
		}
		d := card.NewLongDuel([2]card.Policy{}, dr)
		if err := d.SetOptions(t.Rules); err != nil {
			return nil, err
		}
		st := &duelSeating{duel: d, at: make([][2]card.Policy, len(entries))}
		for k, e := range entries {
			st.at[k] = [2]card.Policy{e.New(), e.New()}
		}
		return st, nil
	}
	if _, err := build(); err != nil {
		return nil, err
	}
	return func() lab.Seating {
		st, err := build()
		if err != nil {
			panic(err) // the same build succeeded above
		}
		return st
	}, nil
}

// duelSeating is one worker's long duel of a ladder (lab.DraftedSeating).
type duelSeating struct {
	duel *card.LongDuel
	at   [][2]card.Policy // at[k][s]: entrant k's instance at seat s
	out  bang.Outcome
	bots [2]int
}

// Play implements lab.Seating: entrant k at seat, the reference (entrant 0) at the
// other; seat −1 the reference at both.
func (st *duelSeating) Play(gameSeed uint64, seat, k int) *bang.Outcome {
	st.bots = [2]int{0, 0}
	if seat >= 0 {
		st.bots[seat] = k
	}
	return st.PlayAt(gameSeed, st.bots[:])
}

// PlayAt implements lab.Seating: entrant bots[s] at seat s. A seat's bot draws from the
// seat's stream (card.LongDuel.Play), whichever bot it is: a paired duel's two games
// draw the same numbers at a seat until play diverges.
func (st *duelSeating) PlayAt(gameSeed uint64, bots []int) *bang.Outcome {
	d := st.duel
	for s, k := range bots {
		d.Policies[s] = st.at[k][s]
	}
	d.Play(gameSeed)
	o := &st.out
	*o = bang.Outcome{Players: 2, Illegal: uint32(d.Illegal)}
	if w := d.Info.Winner; w >= 0 {
		o.Winners = 1 << uint(w)
	} else {
		o.Draw = true
	}
	for s := range 2 {
		o.Char[s] = d.Info.Picked[s][0]
	}
	return o
}

// Drafted implements lab.DraftedSeating: the five characters seat s drafted.
func (st *duelSeating) Drafted(seat int) []bang.Character { return st.duel.Info.Picked[seat][:] }
