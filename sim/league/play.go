package league

import (
	"math/bits"

	"github.com/bangsim/bangsim/sim/bang"
	"github.com/bangsim/bangsim/sim/card"
)

// player plays league games on the card engine: one card.Table with a policy of the
// season's bot per role, and the elimination order read from the traced events when the
// score table needs it (untraced games cost less).
type player struct {
	tb    *card.Table
	needs card.Needs
	rec   recorder
}

// recorder keeps, per seat, how many players were alive (the dead one included) when it
// was eliminated; 0 while alive or untraced.
type recorder struct {
	alive uint8
	at    [bang.MaxSeats]uint8
}

func (r *recorder) events(ev []card.Event) {
	for i := range ev {
		if ev[i].Kind == card.EvEliminate {
			r.at[ev[i].Seat&7] = r.alive
			r.alive--
		}
	}
}

// newPlayer returns a player of the bot entry's policies; trace asks for the
// elimination order.
func newPlayer(bot CardBot, trace bool) *player {
	p := &player{tb: &card.Table{NeedsDeclared: true}, needs: bot.Needs}
	for r := range p.tb.ByRole {
		p.tb.ByRole[r] = bot.New()
		p.tb.RoleNeeds[r] = p.needs
	}
	if trace {
		p.tb.OnEvents = p.rec.events
	}
	return p
}

// play plays one game under rules with the game seed; passiveFrom[s] > 0 makes seat s
// withdraw from that turn on: the engine plays it passive (card.State.Withdraw), its
// policy never asked again. It returns the finished State, valid until the next game.
func (p *player) play(rules *card.Rules, gameSeed uint64, passiveFrom *[bang.MaxSeats]uint16) *card.State {
	p.tb.Rules = *rules
	p.rec = recorder{alive: rules.Players}
	p.tb.Withdraw = *passiveFrom
	return p.tb.Play(gameSeed)
}

// fate returns seat s's fate in the game just played: a survivor's from how many were
// alive at the end (known whether traced or not), a death's from the traced order.
func (p *player) fate(g *card.State, s int) Fate {
	if g.Alive>>uint(s)&1 == 1 {
		return FateOf(true, bits.OnesCount8(g.Alive))
	}
	return FateOf(false, int(p.rec.at[s]))
}

// sideOf returns the side that won a finished game that is not a draw.
func sideOf(g *card.State) Side {
	return SideOf(g.Role[bang.WinnerSeat(g.Winners)])
}
