package dicegame

import (
	"fmt"

	"github.com/bangsim/bangsim/resultfile"
	"github.com/bangsim/bangsim/sim/bang"
	"github.com/bangsim/bangsim/sim/dice"
)

// replayInfo names the game being replayed and how it was set up.
type replayInfo struct {
	Seed, Index, GameSeed uint64
	Bots                  string              // the bots in one phrase, for the text header
	RulesText             string              // the rules in one line (lab.Describe), for the text header
	Rules                 resultfile.Settings // as run.json records them, for the JSON header
	Policies              resultfile.Policies
	Characters            *bang.CharacterSet // names the seats' characters (nil: the printed ones)
	Person                *int               // the seat a person plays (bangsim play), nil for none
	// Added are the characters the game adds, which a play file's first line records
	// (lab.SitRequest.Added).
	Added []resultfile.AddedCharacter
}

// account is the replay's running view of the table, kept from the events alone.
type account struct {
	Players int
	Rules   dice.Rules
	Role    [dice.MaxPlayers]dice.Role
	Char    [dice.MaxPlayers]dice.Character
	Life    [dice.MaxPlayers]int
	MaxLife [dice.MaxPlayers]int
	Arrows  [dice.MaxPlayers]int
	Alive   [dice.MaxPlayers]bool
	Pile    int
	Dice    dice.Dice
	Turn    int // turns started, counted from 1
	Active  int
	Roll    int // rolls so far in this turn
	names   *bang.CharacterSet
	// Masked, while set, makes label hide the roles Known does not show: the text a
	// person's seat reads during a game (bangsim play).
	Masked bool
	Known  [dice.MaxPlayers]bool
}

// charName is seat s's character's name.
func (a *account) charName(s int) string {
	if a.names == nil {
		return a.Char[s].String()
	}
	return a.names.Name(a.Char[s])
}

// label names a seat for people: "P2 (Outlaw, Willy the Kid)".
func (a *account) label(s int) string {
	if s < 0 || s >= a.Players {
		return "nobody"
	}
	if a.Masked && !a.Known[s] {
		return fmt.Sprintf("P%d (%s)", s, a.charName(s))
	}
	return fmt.Sprintf("P%d (%s, %s)", s, a.Role[s], a.charName(s))
}

// causeOf names what took a life point or a player: "a Bull's Eye of P2 (…)", "the
// Gatling of …", "the Indians", "the Dynamite"; by is the seat that rolled the dice.
func (a *account) causeOf(c dice.Cause, by int) string {
	switch c {
	case dice.CauseBullsEye:
		return "a Bull's Eye of " + a.label(by)
	case dice.CauseGatling:
		return "the Gatling of " + a.label(by)
	case dice.CauseIndians:
		return "the Indians"
	default:
		return "the Dynamite"
	}
}

// apply updates the account for one event.
func (a *account) apply(e dice.Event) {
	s := int(e.Seat)
	switch e.Kind {
	case dice.EvTurn:
		a.Turn++
		a.Active = s
		a.Roll = 0
	case dice.EvRoll:
		a.Dice = e.Dice
		a.Roll++
	case dice.EvArrow, dice.EvArrowInstead:
		a.Arrows[s]++
		a.Pile = int(e.N)
	case dice.EvArrowReturned:
		a.Arrows[s]--
		a.Pile = int(e.N)
	case dice.EvArrowDiscard:
		a.Arrows[s]--
		a.Pile++
	case dice.EvIndians:
		a.Arrows = [dice.MaxPlayers]int{}
		a.Pile = int(a.Rules.Arrows)
	case dice.EvLoseLife:
		a.Life[s] -= int(e.N)
	case dice.EvHeal:
		a.Life[s] += int(e.N)
	case dice.EvReturnArrows:
		a.Pile += a.Arrows[s]
		a.Arrows[s] = 0
	case dice.EvEliminated:
		a.Alive[s] = false
		a.Life[s] = 0
		a.Pile += a.Arrows[s]
		a.Arrows[s] = 0
	}
}

// narration prints a replay in one format.
type narration interface {
	header(info replayInfo, a *account)
	event(e dice.Event, a *account)
	decision(d dice.Decision, choice int, a *account)
	end(g *dice.State, a *account, decisions, lost int)
	err() error
}

// narrator connects a Table's OnEvents and OnDecision hooks to a narration.
type narrator struct {
	info      replayInfo
	out       narration
	table     *dice.Table
	decisions bool // show decisions too
	started   bool
	count     int // decisions made
	acct      account
}

// begin reads the deal from the table the first time a hook fires, when the game has
// been set up: roles, characters and starting life.
func (n *narrator) begin() {
	if n.started {
		return
	}
	n.started = true
	g := &n.table.State
	a := &n.acct
	a.Players = int(g.Players)
	a.Rules = g.Rules
	a.Pile = int(g.Rules.Arrows)
	a.Active = -1
	a.names = n.info.Characters
	for s := 0; s < a.Players; s++ {
		a.Role[s] = g.Role[s]
		a.Char[s] = g.Char[s]
		a.Life[s] = int(g.MaxLife[s])
		a.MaxLife[s] = int(g.MaxLife[s])
		a.Alive[s] = true
	}
	n.out.header(n.info, a)
}

// events is the Table's OnEvents hook.
func (n *narrator) events(evs []dice.Event) {
	n.begin()
	for _, e := range evs {
		n.acct.apply(e)
		n.out.event(e, &n.acct)
	}
}

// decision is the Table's OnDecision hook.
func (n *narrator) decision(d dice.Decision, choice int) {
	n.begin()
	n.count++
	if n.decisions {
		n.out.decision(d, choice, &n.acct)
	}
}

// end closes the narration with the finished game.
func (n *narrator) end(g *dice.State) {
	n.begin()
	n.out.end(g, &n.acct, n.count, n.table.EventsLost)
}

// winningSide names the side whose player won: "the Outlaws", "the Renegade"...
func winningSide(players int, r dice.Role) string {
	if players == 3 {
		return "the " + r.String()
	}
	switch r {
	case dice.Sheriff, dice.Deputy:
		if dice.RoleCounts(players)[dice.Deputy] == 0 {
			return "the Sheriff"
		}
		return "the Sheriff and the Deputies"
	case dice.Outlaw:
		return "the Outlaws"
	default:
		return "the Renegade"
	}
}

// winnerSeats lists the winning seats of a finished game.
func winnerSeats(g *dice.State) []int {
	var out []int
	for s := 0; s < int(g.Players); s++ {
		if g.Winners>>uint(s)&1 == 1 {
			out = append(out, s)
		}
	}
	return out
}

// sideOf returns the side that won a finished game ("" for a draw), as events.csv
// counts it: the role of the first winning seat.
func sideOf(g *dice.State) string {
	w := winnerSeats(g)
	if len(w) == 0 {
		return ""
	}
	return g.Role[w[0]].String()
}
