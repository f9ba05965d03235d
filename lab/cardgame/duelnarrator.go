package cardgame

import (
	"encoding/json"
	"fmt"
	"io"
	"strings"

	"github.com/bangsim/bangsim/lab"
	"github.com/bangsim/bangsim/sim/bang"
	"github.com/bangsim/bangsim/sim/card"
)

// duelNarrator turns a long duel's events and decisions into a replay, text for people
// or JSON Lines for tools, as narrator does a game's. The duel's events name a
// character by its slot (damage, heals, "draw!"s, eliminations, the Dynamite's pass,
// a play's target, a swap's and a reinforcement's) and a player by its seat
// elsewhere; the narrator keeps who stands in each slot, and with what life, from the
// events alone (EvSwap, EvEnter, EvDamage, EvHeal, EvEliminate).
type duelNarrator struct {
	w         io.Writer
	json      bool
	decisions bool
	d         *card.LongDuel
	turn      int
	count     int
	char      [card.DuelSlots]card.Character
	names     *bang.CharacterSet // the duel's characters, which name the added ones
	life, max [card.DuelSlots]int
	in        [card.DuelSlots]bool
	shown     bool // the hands dealt are written
	dealt     [2]card.Set
	hide      int8 // the seat whose hand the text keeps secret (a person's opponent: bangsim play); -1: none
	enc       *json.Encoder
	err       error
}

// newDuelNarrator reads the placed characters from d, set up (Begin) and not yet run;
// names is the duel's characters (DuelSpec.Characters).
func newDuelNarrator(w io.Writer, d *card.LongDuel, names *bang.CharacterSet, asJSON, decisions bool) *duelNarrator {
	n := &duelNarrator{w: w, json: asJSON, decisions: decisions, d: d, names: names, hide: -1}
	for s := int8(0); s < card.DuelSlots; s++ {
		n.char[s], n.life[s], n.max[s], n.in[s] = d.Char[s], int(d.Life[s]), int(d.MaxLife[s]), d.IsAlive(int(s))
	}
	return n
}

// name is character c's name: an added character's is its set's.
func (n *duelNarrator) name(c card.Character) string { return n.names.Name(c) }

func (n *duelNarrator) printf(format string, args ...any) {
	if n.err == nil {
		_, n.err = fmt.Fprintf(n.w, format, args...)
	}
}

func (n *duelNarrator) put(v any) {
	if n.err != nil {
		return
	}
	if n.enc == nil {
		n.enc = json.NewEncoder(n.w)
		n.enc.SetEscapeHTML(false)
	}
	n.err = n.enc.Encode(v)
}

// place names a slot's place: front or back.
func place(slot int8) string {
	if slot >= 2 {
		return "back"
	}
	return "front"
}

// slotLabel names the character in a slot for people: "P1 back (Rose Doolan)".
func (n *duelNarrator) slotLabel(slot int8) string {
	if slot < 0 || slot >= card.DuelSlots {
		return "nobody"
	}
	return fmt.Sprintf("P%d %s (%s)", card.DuelOwner(slot), place(slot), n.name(n.char[slot]))
}

// seatLabel names a player: "P0", or "nobody".
func seatLabel(s int8) string {
	if s < 0 || s > 1 {
		return "nobody"
	}
	return fmt.Sprintf("P%d", s)
}

// slotSeat reports whether an event of kind k names a character (a slot) in its Seat.
func slotSeat(e card.Event) bool {
	switch e.Kind {
	case card.EvCheck, card.EvDamage, card.EvHeal, card.EvEliminate, card.EvPass, card.EvEnter:
		return true
	case card.EvDiscard:
		return card.DiscardWhy(e.Cause) == card.DiscardDead // a dead character's cards in play
	}
	return false
}

// slotOther reports whether an event of kind k names a character (a slot) in its Other.
func slotOther(e card.Event) bool {
	switch e.Kind {
	case card.EvPlay, card.EvPass:
		return true
	case card.EvTake:
		return card.TakeWhy(e.Cause) == card.TakeVulture // the dead character's
	}
	return false
}

// events is the duel's OnEvents hook: the deal's events first (gathered, then shown
// once the set-up is written: begin), then the duel's.
func (n *duelNarrator) events(evs []card.Event) {
	for _, e := range evs {
		if e.Kind == card.EvDeal {
			n.dealt[e.Seat&1].Add(e.Card)
			continue
		}
		n.begin()
		n.event(e)
	}
}

// begin writes the opening hands (the deal's events, gathered by events), once.
func (n *duelNarrator) begin() {
	if n.shown {
		return
	}
	n.shown = true
	for s := 0; s < 2; s++ {
		if n.json {
			n.put(jsonEvent{Event: "deal", Seat: s, Label: seatLabel(int8(s)), Cards: cardNames(n.dealt[s])})
			continue
		}
		hand := "nothing"
		if names := cardNames(n.dealt[s]); len(names) > 0 {
			hand = strings.Join(names, ", ")
		}
		if int8(s) == n.hide {
			hand = lab.Plural(n.dealt[s].Len(), "card")
		}
		n.printf("P%d is dealt %s\n", s, hand)
	}
}

// jsonDuelEvent is a JSON replay line of the duel: a game's line, with the characters
// an event names by place (front, back) and name beside their seat.
type jsonDuelEvent struct {
	jsonEvent
	Place          string `json:"place,omitempty"`
	Character      string `json:"character,omitempty"`
	OtherPlace     string `json:"other_place,omitempty"`
	OtherCharacter string `json:"other_character,omitempty"`
}

// event narrates one event and keeps the slots' account.
func (n *duelNarrator) event(e card.Event) {
	s, o := e.Seat, e.Other
	label, other := seatLabel(s), seatLabel(o)
	if slotSeat(e) {
		label = n.slotLabel(s)
	}
	if slotOther(e) {
		other = n.slotLabel(o)
	}
	var js jsonDuelEvent
	if n.json {
		js.jsonEvent = jsonEvent{Event: strings.ReplaceAll(e.Kind.String(), "-", "_"), Turn: n.turn, Seat: int(s), Label: label}
		if slotSeat(e) && s >= 0 {
			js.Seat, js.Place, js.Character = int(card.DuelOwner(s)), place(s), n.name(n.char[s&3])
		}
		if o >= 0 && e.Kind != card.EvTurn && e.Kind != card.EvCheck && e.Kind != card.EvHeal {
			js.Other = ptr(int(o))
			if slotOther(e) {
				js.Other = ptr(int(card.DuelOwner(o)))
				js.OtherPlace, js.OtherCharacter = place(o), n.name(n.char[o&3])
			}
		}
		if e.Card != card.NoCard && e.Card.Valid() {
			js.Card = e.Card.String()
		}
	}
	switch e.Kind {
	case card.EvTurn:
		n.turn++
		if n.json {
			js.Turn = n.turn
			n.put(js)
			return
		}
		n.printf("\nTurn %d, P%d's: %s\n", n.turn, s, n.board())
		return
	case card.EvSwap:
		f, b := card.DuelFront(s), card.DuelBack(s)
		switch why := min(int(e.Cause), 2); {
		case n.json:
			js.Cause = [...]string{"chosen", "jailed", "forward"}[why]
		case why == int(card.SwapForward):
			n.printf("  P%d's %s comes forward\n", s, n.name(n.char[b]))
		default:
			n.printf("  P%d swaps %s and %s (%s)\n", s, n.name(n.char[f]), n.name(n.char[b]), [...]string{"by choice", "jailed: the front character goes to the back"}[why])
		}
		n.char[f], n.char[b] = n.char[b], n.char[f]
		n.life[f], n.life[b] = n.life[b], n.life[f]
		n.max[f], n.max[b] = n.max[b], n.max[f]
		n.in[f], n.in[b] = n.in[b], n.in[f]
		if n.json {
			n.put(js)
		}
		return
	case card.EvEnter:
		c := card.Character(e.N)
		n.char[s&3], n.in[s&3] = c, true
		n.max[s&3] = n.d.Rules.CharacterDeal.Life(c, card.Life) + int(n.d.Rules.LifeDelta[c]) // at full life, as the engine's enter
		n.life[s&3] = n.max[s&3]
		if n.json {
			js.Character, js.Life = n.name(n.char[s&3]), ptr(n.life[s&3])
			n.put(js)
			return
		}
		n.printf("  %s enters with %d life\n", n.slotLabel(s), n.life[s&3])
		return
	case card.EvDamage:
		n.life[s&3] -= int(e.N)
	case card.EvHeal:
		n.life[s&3] += int(e.N)
	case card.EvGameOver, card.EvDeal:
		return
	}
	if n.json {
		var life int
		if slotSeat(e) && s >= 0 {
			life = n.life[s&3]
		}
		eventJSON(&js.jsonEvent, e, life)
		n.put(js)
	} else {
		n.text(e, label, other)
	}
	if e.Kind == card.EvEliminate {
		n.life[s&3], n.in[s&3] = 0, false
	}
}

// text narrates one event for people (the game's wording, characters by place).
func (n *duelNarrator) text(e card.Event, label, other string) {
	switch e.Kind {
	case card.EvDraw:
		if e.Seat == n.hide {
			n.printf("  %s draws a card (%s)\n", label, name(drawWhy, e.Cause))
			break
		}
		n.printf("  %s draws %s (%s)\n", label, e.Card, name(drawWhy, e.Cause))
	case card.EvShow:
		more := ": no extra card"
		if e.N == 1 {
			more = ": draws one more"
		}
		n.printf("  %s shows %s%s\n", label, e.Card, more)
	case card.EvPutBack:
		if e.Seat == n.hide {
			n.printf("  %s puts a card back on the deck\n", label)
			break
		}
		n.printf("  %s puts %s back on the deck\n", label, e.Card)
	case card.EvPlay:
		at := ""
		if e.Other >= 0 {
			at = " at " + other
		}
		switch {
		case e.Card.Valid() && e.Card.Kind() == card.CatBalou && e.Pick == card.PickHand:
			at += ", whose player discards a card from the hand at random"
		case e.Card.Valid() && e.Card.Kind() == card.CatBalou && e.Pick != card.NoCard:
			at += ", discarding " + e.Pick.String()
		case e.Pick == card.PickHand:
			at += ", taking a card from the hand"
		case e.Pick != card.NoCard:
			at += ", taking " + e.Pick.String()
		}
		n.printf("  %s plays %s%s\n", label, e.Card, at)
	case card.EvAnswer:
		n.printf("  %s answers with %s\n", label, e.Card)
	case card.EvCheck:
		res := "fails"
		if e.N == 1 {
			res = "succeeds"
		}
		turned := e.Card.String()
		if e.Mask&card.CheckNoCard != 0 {
			turned = "no card to turn (the deck and the discard pile are both empty)"
		}
		n.printf("  draw! for %s's %s: %s, %s\n", label, name(checkWhy, e.Cause), turned, res)
	case card.EvDamage:
		by := card.Cause(e.Cause).String()
		if e.Other >= 0 {
			by += " of " + other
		}
		left := "no life left"
		if l := n.life[e.Seat&3]; l > 0 {
			left = fmt.Sprintf("%d left", l)
		}
		n.printf("  %s loses %d life to %s (%s)\n", label, e.N, by, left)
	case card.EvHeal:
		from := name(healWhy, e.Cause)
		if e.Card.Valid() {
			from = e.Card.String()
		}
		n.printf("  %s gains %d life from %s (%d)\n", label, e.N, from, n.life[e.Seat&3])
	case card.EvDiscard:
		why := name(discardWhy, e.Cause)
		if e.Other >= 0 {
			why += " of " + other
		}
		n.printf("  %s discards %s (%s)\n", label, e.Card, why)
	case card.EvTake:
		from := ""
		if e.Other >= 0 {
			from = " from " + other
		}
		n.printf("  %s takes %s%s (%s)\n", label, e.Card, from, name(takeWhy, e.Cause))
	case card.EvPass:
		n.printf("  the Dynamite passes from %s to %s\n", label, other)
	case card.EvEliminate:
		by := card.Cause(e.Cause).String()
		if e.Other >= 0 {
			by += " of " + other
		}
		n.printf("  ** %s is eliminated by %s\n", label, by)
	case card.EvReshuffle:
		n.printf("  the discard pile is shuffled into a new deck (%d cards)\n", e.N)
	case card.EvReveal:
		n.printf("  the General Store shows %s\n", e.Card)
	}
}

// board describes both players' characters in play and their life, from the account
// the events keep (the engine's State has moved on by the time the events are read).
func (n *duelNarrator) board() string {
	var parts []string
	for p := int8(0); p < 2; p++ {
		var ch []string
		for _, slot := range []int8{card.DuelFront(p), card.DuelBack(p)} {
			if n.in[slot] {
				ch = append(ch, fmt.Sprintf("%s %s %d/%d", place(slot), n.name(n.char[slot]), n.life[slot], n.max[slot]))
			}
		}
		parts = append(parts, fmt.Sprintf("P%d %s", p, strings.Join(ch, ", ")))
	}
	return strings.Join(parts, "; ")
}

// describe renders an option for people, naming the character in a targeted slot.
func (n *duelNarrator) describe(o card.Option) string {
	s := o.Act.String()
	if o.Card != card.NoCard {
		s += " " + o.Card.String()
	}
	if o.Target >= 0 && o.Target < card.DuelSlots {
		s += " → " + n.slotLabel(o.Target)
	}
	if o.Pick == card.PickHand {
		s += " (a card of the hand)"
	} else if o.Pick != card.NoCard {
		s += ", taking " + o.Pick.String()
	}
	return s
}

// decision is the duel's OnDecision hook.
func (n *duelNarrator) decision(d *card.Decision, choice int) {
	if d.Kind == card.DecidePlace {
		return // the set-up's lines show each placement
	}
	n.count++
	if !n.decisions {
		return
	}
	if n.json {
		out := jsonDuelEvent{jsonEvent: jsonEvent{Event: "decision", Turn: n.turn, Seat: int(d.Seat), Label: seatLabel(d.Seat), Kind: d.Kind.String(),
			Choice: ptr(choice), Yard: ptr(yard(d))}}
		if u := d.Unit; u >= 0 && u < card.DuelSlots {
			out.Place, out.Character = place(u), n.name(n.char[u])
		}
		for i := 0; i < int(d.N); i++ {
			out.Options = append(out.Options, n.describe(d.Options[i]))
		}
		n.put(out)
		return
	}
	among := ""
	if y := yard(d); y < int(d.N) {
		among = fmt.Sprintf(" (random draws among the first %d)", y)
	}
	for_ := ""
	if u := d.Unit; u >= 0 && u < card.DuelSlots && u != d.Seat {
		for_ = " for " + n.slotLabel(u)
	}
	n.printf("  [decision] P%d %s%s: %d options%s, chooses %s\n", d.Seat, d.Kind, for_, d.N, among, n.describe(d.Option(choice)))
}

// end closes the narration with the finished duel.
func (n *duelNarrator) end() {
	d := n.d
	if n.json {
		out := jsonEvent{Event: "game_over", Turn: int(d.Turns), Seat: -1, Draw: ptr(d.Draw), EventsLost: d.EventsLost}
		if w := d.Info.Winner; w >= 0 {
			out.Winners = []int{int(w)}
		}
		n.put(out)
		return
	}
	if d.EventsLost > 0 {
		n.printf("\n(%d events not shown: the trace keeps 256 between two decisions, and this duel went further without one)\n", d.EventsLost)
	}
	if d.Draw {
		n.printf("\nDraw at the turn cap (%s, %s)\n", lab.Plural(int(d.Turns), "turn"), lab.Plural(n.count, "decision"))
		return
	}
	n.printf("\nP%d wins after %s and %s (characters lost: P0 %d, P1 %d)\n",
		d.Info.Winner, lab.Plural(int(d.Turns), "turn"), lab.Plural(n.count, "decision"), d.Info.Lost[0], d.Info.Lost[1])
}
