package dicegame

import (
	"encoding/json"
	"fmt"
	"io"

	"github.com/bangsim/bangsim/resultfile"

	"github.com/bangsim/bangsim/sim/dice"
)

// eventNames are the "event" values of `bangsim replay --json`, by dice.EventKind; they
// are part of the output format and never change meaning.
var eventNames = [dice.NumEventKinds]string{
	dice.EvTurn:          "turn",
	dice.EvRoll:          "roll",
	dice.EvKeep:          "keep",
	dice.EvArrow:         "arrow",
	dice.EvIndians:       "indians",
	dice.EvDynamite:      "dynamite",
	dice.EvLoseLife:      "lose_life",
	dice.EvArrowInstead:  "arrow_instead",
	dice.EvArrowReturned: "arrow_returned",
	dice.EvArrowDiscard:  "arrow_discard",
	dice.EvShot:          "shot",
	dice.EvSlab:          "slab",
	dice.EvHeal:          "heal",
	dice.EvGatling:       "gatling",
	dice.EvReturnArrows:  "return_arrows",
	dice.EvEliminated:    "eliminated",
	dice.EvGameOver:      "game_over",
}

// healNames are the "cause" values of heal events, by dice.HealSource.
var healNames = [...]string{dice.HealBeer: "beer", dice.HealSid: "sid", dice.HealSuzy: "suzy", dice.HealVulture: "vulture"}

// jsonGame is the first line of a JSON replay: the game and its deal.
type jsonGame struct {
	Event    string              `json:"event"`            // "game"
	Game     string              `json:"game,omitempty"`   // set with Person: a played game (`bangsim play`)
	Person   *int                `json:"person,omitempty"` // the seat a person played
	Seed     uint64              `json:"seed"`
	Index    uint64              `json:"index"`
	GameSeed string              `json:"game_seed"` // hex, as the text replay prints it
	Players  int                 `json:"players"`
	Rules    resultfile.Settings `json:"rules"`
	Policies resultfile.Policies `json:"policies"`
	// Added: a play file's added characters (lab.PlayFile.Characters); absent for none.
	Added []resultfile.AddedCharacter `json:"added_characters,omitempty"`
	Seats []jsonSeat                  `json:"seats"`
}

// jsonSeat is one seat of the deal.
type jsonSeat struct {
	Seat      int    `json:"seat"`
	Label     string `json:"label"`
	Role      string `json:"role"`
	Character string `json:"character"`
	Life      int    `json:"life"`
}

// jsonEvent is one line of a JSON replay; fields a kind of event does not use are
// left out. Seats count from 0 (seat 0 is the Sheriff, or the Deputy with 3 players),
// dice from 0; seat -1 means nobody.
type jsonEvent struct {
	Event   string `json:"event"`
	Turn    int    `json:"turn"`
	Seat    int    `json:"seat"`
	Label   string `json:"label,omitempty"`
	Other   *int   `json:"other,omitempty"`
	Amount  *int   `json:"amount,omitempty"`
	Cause   string `json:"cause,omitempty"`
	Roll    *int   `json:"roll,omitempty"`
	Die     *int   `json:"die,omitempty"`
	Dice    string `json:"dice,omitempty"`
	Mask    *int   `json:"mask,omitempty"`
	Life    *int   `json:"life,omitempty"`
	Arrows  *int   `json:"arrows,omitempty"`
	Pile    *int   `json:"pile,omitempty"`
	Winners []int  `json:"winners,omitempty"`
	Side    string `json:"side,omitempty"`
	Draw    *bool  `json:"draw,omitempty"`
	// EventsLost, on game_over, counts the events the trace could not keep
	// (dice.Table.EventsLost).
	EventsLost int     `json:"events_lost,omitempty"`
	Kind       string  `json:"kind,omitempty"`
	Options    *uint32 `json:"options,omitempty"`
	Choice     *int    `json:"choice,omitempty"`
}

// jsonNarration prints a replay as JSON Lines.
type jsonNarration struct {
	w     io.Writer
	enc   *json.Encoder
	first error
}

func ptr[T any](v T) *T { return &v }

func (j *jsonNarration) put(v any) {
	if j.first != nil {
		return
	}
	if j.enc == nil {
		j.enc = json.NewEncoder(j.w)
		j.enc.SetEscapeHTML(false)
	}
	j.first = j.enc.Encode(v)
}

func (j *jsonNarration) err() error { return j.first }

func (j *jsonNarration) header(info replayInfo, a *account) {
	g := jsonGame{
		Event: "game", Seed: info.Seed, Index: info.Index, GameSeed: fmt.Sprintf("%#x", info.GameSeed),
		Players: a.Players, Rules: info.Rules, Policies: info.Policies,
	}
	if info.Person != nil {
		g.Game, g.Person, g.Added = Game.Name, info.Person, info.Added
	}
	for s := 0; s < a.Players; s++ {
		g.Seats = append(g.Seats, jsonSeat{Seat: s, Label: a.label(s), Role: a.Role[s].String(), Character: a.charName(s), Life: a.Life[s]})
	}
	j.put(g)
}

func (j *jsonNarration) event(e dice.Event, a *account) {
	if e.Kind == dice.EvGameOver {
		return // end writes the game_over line with the outcome
	}
	s := int(e.Seat)
	out := jsonEvent{Event: eventNames[e.Kind], Turn: a.Turn, Seat: s, Label: a.label(s)}
	switch e.Kind {
	case dice.EvTurn:
		out.Life, out.Arrows, out.Pile = ptr(a.Life[s]), ptr(a.Arrows[s]), ptr(a.Pile)
	case dice.EvRoll:
		out.Roll, out.Dice, out.Mask = ptr(a.Roll), e.Dice.String(), ptr(int(e.Mask))
	case dice.EvKeep:
		out.Dice, out.Mask = a.Dice.String(), ptr(int(e.Mask))
	case dice.EvArrow, dice.EvArrowInstead, dice.EvArrowReturned:
		out.Arrows, out.Pile = ptr(a.Arrows[s]), ptr(a.Pile)
	case dice.EvArrowDiscard:
		out.Other, out.Arrows, out.Pile = ptr(int(e.Other)), ptr(a.Arrows[s]), ptr(a.Pile)
	case dice.EvIndians:
		out.Seat, out.Label = -1, ""
	case dice.EvLoseLife:
		out.Other, out.Amount, out.Cause, out.Life = ptr(int(e.Other)), ptr(int(e.N)), dice.Cause(e.Cause).String(), ptr(a.Life[s])
	case dice.EvShot:
		out.Other, out.Amount, out.Die = ptr(int(e.Other)), ptr(int(e.N)), ptr(int(e.Mask))
	case dice.EvSlab:
		out.Die = ptr(int(e.Mask))
	case dice.EvHeal:
		out.Other, out.Amount, out.Life = ptr(int(e.Other)), ptr(int(e.N)), ptr(a.Life[s])
		if int(e.Cause) < len(healNames) {
			out.Cause = healNames[e.Cause]
		}
	case dice.EvReturnArrows:
		out.Amount, out.Pile = ptr(int(e.N)), ptr(a.Pile)
	case dice.EvEliminated:
		out.Other, out.Cause = ptr(int(e.Other)), dice.Cause(e.Cause).String()
	}
	j.put(out)
}

func (j *jsonNarration) decision(d dice.Decision, choice int, a *account) {
	s := int(d.Seat)
	out := jsonEvent{Event: "decision", Turn: a.Turn, Seat: s, Label: a.label(s), Kind: d.Kind.String(), Options: ptr(d.Options), Choice: ptr(choice)}
	if d.Die >= 0 {
		out.Die = ptr(int(d.Die))
	}
	j.put(out)
}

func (j *jsonNarration) end(g *dice.State, a *account, _, lost int) {
	out := jsonEvent{Event: "game_over", Turn: int(g.Turns), Seat: -1, Winners: winnerSeats(g), Draw: ptr(g.Draw), EventsLost: lost}
	if !g.Draw {
		out.Side = sideOf(g)
	}
	j.put(out)
}
