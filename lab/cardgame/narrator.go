package cardgame

import (
	"encoding/json"
	"fmt"
	"io"
	"strings"

	"github.com/bangsim/bangsim/lab"
	"github.com/bangsim/bangsim/resultfile"
	"github.com/bangsim/bangsim/sim/bang"
	"github.com/bangsim/bangsim/sim/card"
)

// header names the game being replayed and how it was set up.
type header struct {
	Seed, Index, GameSeed uint64
	Bots                  string // the bots in one phrase
	RulesText             string // the rules in one line (lab.Describe)
	Rules                 resultfile.Settings
	Policies              resultfile.Policies
	Title                 string // the text replay's first line, when not a run's game (a league's)
	Person                *int   // the seat a person played (bangsim play), marked in the JSON header
	// Added are the characters the game adds, which a play file's first line records
	// (lab.SitRequest.Added).
	Added []resultfile.AddedCharacter
	// Characters names the seats' characters, the added ones too (nil: the printed ones).
	Characters *bang.CharacterSet
}

// narrator turns a card Table's events and decisions into a replay: text for people or
// JSON Lines for tools. Its account of life is kept from the events alone, so a test
// can hold it against the engine's (TestReplayAccount).
type narrator struct {
	w         io.Writer
	json      bool
	decisions bool
	table     *card.Table
	head      header
	started   bool
	count     int // decisions asked
	turn      int
	players   int
	role      [bang.MaxSeats]card.Role
	char      [bang.MaxSeats]card.Character
	life      [bang.MaxSeats]int
	dealt     [bang.MaxSeats]card.Set // the opening hands, from the EvDeal events
	enc       *json.Encoder
	err       error
	// seen, when set, makes the text say only what seat self may know (bangsim play):
	// roles it does not know stay hidden, and other seats' hidden cards unnamed.
	seen func(s int8) bool
	self int8
}

// Why-names of the events' causes, as the text replay says them and JSON writes them.
var (
	drawWhy    = []string{"phase 1", "the discard pile", "a card's effect", "the reward", "Bart Cassidy's ability", "Suzy Lafayette's ability"}
	drawJSON   = []string{"phase1", "pile", "card", "reward", "bart", "suzy"}
	checkWhy   = []string{"Barrel", "Dynamite", "Jail"}
	healWhy    = []string{"Beer", "Saloon", "Sid Ketchum's ability"}
	healJSON   = []string{"beer", "saloon", "sid"}
	discardWhy = []string{"played", "answer", "hand limit", "draw!", "Cat Balou", "replaced", "spent", "Sid Ketchum's heal", "eliminated", "penalty", "withdrawal"}
	discardJS  = []string{"played", "answer", "limit", "check", "cat-balou", "replaced", "spent", "sid", "dead", "penalty", "withdraw"}
	takeWhy    = []string{"Jesse Jones's draw", "Panic!", "El Gringo's ability", "Vulture Sam's ability", "the General Store"}
	takeJSON   = []string{"jesse", "panic", "el-gringo", "vulture", "store"}
)

// name returns names[i], or "?" out of range.
func name(names []string, i uint8) string {
	if int(i) < len(names) {
		return names[i]
	}
	return "?"
}

// label names a seat for people: "P2 (Outlaw, Willy the Kid)".
func (n *narrator) label(s int8) string {
	if s < 0 || int(s) >= n.players {
		return "nobody"
	}
	if n.seen != nil && !n.seen(s) {
		return fmt.Sprintf("P%d (%s)", s, n.charName(s))
	}
	return fmt.Sprintf("P%d (%s, %s)", s, n.role[s], n.charName(s))
}

// charName names seat s's character: by the game's set, where an added one has its name.
func (n *narrator) charName(s int8) string {
	if n.head.Characters == nil {
		return n.char[s].String()
	}
	return n.head.Characters.Name(n.char[s])
}

func (n *narrator) printf(format string, args ...any) {
	if n.err == nil {
		_, n.err = fmt.Fprintf(n.w, format, args...)
	}
}

func (n *narrator) put(v any) {
	if n.err != nil {
		return
	}
	if n.enc == nil {
		n.enc = json.NewEncoder(n.w)
		n.enc.SetEscapeHTML(false)
	}
	n.err = n.enc.Encode(v)
}

// begin reads the seating from the table the first time a hook fires, and shows it
// with the hands dealt (gathered from the EvDeal events by events, which calls it).
func (n *narrator) begin() {
	if n.started {
		return
	}
	n.started = true
	g := &n.table.State
	n.players = int(g.Players)
	for s := 0; s < n.players; s++ {
		n.role[s], n.char[s], n.life[s] = g.Role[s], g.Char[s], int(g.MaxLife[s])
	}
	h := &n.head
	if n.json {
		type seat struct {
			Seat      int    `json:"seat"`
			Label     string `json:"label"`
			Role      string `json:"role"`
			Character string `json:"character"`
			Life      int    `json:"life"`
		}
		out := struct {
			Event    string                      `json:"event"`
			Game     string                      `json:"game"`
			Seed     uint64                      `json:"seed"`
			Index    uint64                      `json:"index"`
			GameSeed string                      `json:"game_seed"`
			Players  int                         `json:"players"`
			Rules    resultfile.Settings         `json:"rules"`
			Policies resultfile.Policies         `json:"policies"`
			Person   *int                        `json:"person,omitempty"`
			Added    []resultfile.AddedCharacter `json:"added_characters,omitempty"`
			Seats    []seat                      `json:"seats"`
		}{Event: "game", Game: "card", Seed: h.Seed, Index: h.Index, GameSeed: fmt.Sprintf("%#x", h.GameSeed),
			Players: n.players, Rules: h.Rules, Policies: h.Policies, Person: h.Person, Added: h.Added}
		for s := 0; s < n.players; s++ {
			out.Seats = append(out.Seats, seat{s, n.label(int8(s)), n.role[s].String(), n.charName(int8(s)), n.life[s]})
		}
		n.put(out)
		for s := 0; s < n.players; s++ {
			n.put(jsonEvent{Event: "deal", Seat: s, Label: n.label(int8(s)), Cards: cardNames(n.dealt[s])})
		}
		return
	}
	if h.Title != "" {
		n.printf("%s\n", h.Title)
	} else {
		n.printf("Replay of game %d of the run with seed %d (game seed %#x): %d players, the card game\n", h.Index, h.Seed, h.GameSeed, n.players)
	}
	n.printf("Rules: %s\nBots: %s\n", h.RulesText, h.Bots)
	n.printf("Seats, clockwise from seat 0 (%s), and the hands dealt:\n", n.role[0])
	for s := 0; s < n.players; s++ {
		hand := "nothing"
		if names := cardNames(n.dealt[s]); len(names) > 0 {
			hand = strings.Join(names, ", ")
		}
		n.printf("  %s: %d life; dealt %s\n", n.label(int8(s)), n.life[s], hand)
	}
}

// cardNames names the cards of h, in card order; an empty list (not nil) for none, so
// that JSON writes [].
func cardNames(h card.Set) []string {
	names := []string{}
	for _, c := range h.Cards(nil) {
		names = append(names, c.String())
	}
	return names
}

// jsonEvent is one line of a JSON replay; fields an event does not use are left out.
type jsonEvent struct {
	Event   string   `json:"event"`
	Turn    int      `json:"turn"`
	Seat    int      `json:"seat"`
	Label   string   `json:"label,omitempty"`
	Other   *int     `json:"other,omitempty"`
	Card    string   `json:"card,omitempty"`
	Pick    string   `json:"pick,omitempty"`
	Amount  *int     `json:"amount,omitempty"`
	Cause   string   `json:"cause,omitempty"`
	Success *bool    `json:"success,omitempty"`
	Life    *int     `json:"life,omitempty"`
	Kind    string   `json:"kind,omitempty"`
	Options []string `json:"options,omitempty"`
	// Yard, on a decision, is how many of the options, from the first, the random
	// yardstick draws among (uniformly); the rest are legal but not its (rules.md).
	Yard  *int     `json:"yard,omitempty"`
	Cards []string `json:"cards,omitempty"` // a deal line's opening hand
	// Reason says why a check turned no card: the deck and the discard pile were empty.
	Reason  string `json:"reason,omitempty"`
	Choice  *int   `json:"choice,omitempty"`
	Winners []int  `json:"winners,omitempty"`
	Side    string `json:"side,omitempty"`
	Draw    *bool  `json:"draw,omitempty"`
	// EventsLost, on game_over, counts the events the trace could not keep (card.Table).
	EventsLost int `json:"events_lost,omitempty"`
}

func ptr[T any](v T) *T { return &v }

// events is the Table's OnEvents hook. The first events of a game are the deal's
// (Start records them before anything else): gathered, then shown by begin.
func (n *narrator) events(evs []card.Event) {
	if !n.started {
		for len(evs) > 0 && evs[0].Kind == card.EvDeal {
			n.dealt[evs[0].Seat&7].Add(evs[0].Card)
			evs = evs[1:]
		}
	}
	n.begin()
	for _, e := range evs {
		n.event(e)
	}
}

// event narrates one event and keeps the account.
func (n *narrator) event(e card.Event) {
	s, o := e.Seat, e.Other
	switch e.Kind {
	case card.EvTurn:
		n.turn++
	case card.EvDamage:
		n.life[s] -= int(e.N)
	case card.EvHeal:
		n.life[s] += int(e.N)
	case card.EvEliminate:
		n.life[s] = 0 // life may have fallen below 0 (Dynamite); the dead hold none
	case card.EvGameOver, card.EvDeal:
		return // end writes the outcome; begin, the deal (events gathers it)
	}
	if n.json {
		out := jsonEvent{Event: strings.ReplaceAll(e.Kind.String(), "-", "_"), Turn: n.turn, Seat: int(s), Label: n.label(s)}
		if e.Card != card.NoCard && e.Card.Valid() {
			out.Card = e.Card.String()
		}
		if o >= 0 && (e.Kind == card.EvPlay || e.Kind == card.EvDamage || e.Kind == card.EvTake || e.Kind == card.EvPass ||
			e.Kind == card.EvEliminate || e.Kind == card.EvReward || e.Kind == card.EvPenalty || e.Kind == card.EvDiscard) {
			out.Other = ptr(int(o))
		}
		var life int
		if s >= 0 {
			life = n.life[s&7]
		}
		eventJSON(&out, e, life)
		n.put(out)
		return
	}
	switch e.Kind {
	case card.EvTurn:
		n.printf("\nTurn %d: %s, %d life\n", n.turn, n.label(s), n.life[s])
	case card.EvDraw:
		if n.hidden(s, -1) && name(drawJSON, e.Cause) != "pile" {
			n.printf("  %s draws a card (%s)\n", n.label(s), name(drawWhy, e.Cause))
			break
		}
		n.printf("  %s draws %s (%s)\n", n.label(s), e.Card, name(drawWhy, e.Cause))
	case card.EvShow:
		more := ": no extra card"
		if e.N == 1 {
			more = ": draws one more"
		}
		n.printf("  %s shows %s%s\n", n.label(s), e.Card, more)
	case card.EvPutBack:
		if n.hidden(s, -1) {
			n.printf("  %s puts a card back on the deck\n", n.label(s))
			break
		}
		n.printf("  %s puts %s back on the deck\n", n.label(s), e.Card)
	case card.EvPlay:
		at := ""
		if o >= 0 {
			at = " at " + n.label(o)
		}
		switch {
		case e.Card.Valid() && e.Card.Kind() == card.CatBalou && e.Pick == card.PickHand:
			at += ", who discards a card from the hand at random"
		case e.Card.Valid() && e.Card.Kind() == card.CatBalou && e.Pick != card.NoCard:
			at += ", who discards " + e.Pick.String()
		case e.Pick == card.PickHand:
			at += ", taking a card from the hand"
		case e.Pick != card.NoCard:
			at += ", taking " + e.Pick.String()
		}
		n.printf("  %s plays %s%s\n", n.label(s), e.Card, at)
	case card.EvAnswer:
		n.printf("  %s answers with %s\n", n.label(s), e.Card)
	case card.EvCheck:
		res := "fails"
		if e.N == 1 {
			res = "succeeds"
		}
		turned := e.Card.String()
		if e.Mask&card.CheckNoCard != 0 {
			turned = "no card to turn (the deck and the discard pile are both empty)"
		}
		n.printf("  draw! for %s's %s: %s, %s\n", n.label(s), name(checkWhy, e.Cause), turned, res)
	case card.EvDamage:
		by := card.Cause(e.Cause).String()
		if o >= 0 {
			by += " of " + n.label(o)
		}
		left := "no life left"
		if l := n.life[s]; l > 0 {
			left = fmt.Sprintf("%d left", l)
		}
		n.printf("  %s loses %d life to %s (%s)\n", n.label(s), e.N, by, left)
	case card.EvHeal:
		from := name(healWhy, e.Cause)
		if e.Card.Valid() {
			from = e.Card.String()
		}
		n.printf("  %s gains %d life from %s (%d)\n", n.label(s), e.N, from, n.life[s])
	case card.EvDiscard:
		why := name(discardWhy, e.Cause)
		if o >= 0 {
			why += fmt.Sprintf(" of P%d", o)
		}
		n.printf("  %s discards %s (%s)\n", n.label(s), e.Card, why)
	case card.EvTake:
		from := ""
		if o >= 0 {
			from = " from " + n.label(o)
		}
		if n.hidden(s, o) && name(takeJSON, e.Cause) != "store" {
			n.printf("  %s takes a card%s (%s)\n", n.label(s), from, name(takeWhy, e.Cause))
			break
		}
		n.printf("  %s takes %s%s (%s)\n", n.label(s), e.Card, from, name(takeWhy, e.Cause))
	case card.EvPass:
		n.printf("  the Dynamite passes from %s to %s\n", n.label(s), n.label(o))
	case card.EvEliminate:
		by := card.Cause(e.Cause).String()
		if o >= 0 {
			by += " of " + n.label(o)
		}
		n.printf("  ** %s is eliminated by %s\n", n.label(s), by)
	case card.EvReward:
		n.printf("  %s killed an Outlaw, %s, and draws 3 cards\n", n.label(s), n.label(o))
	case card.EvPenalty:
		n.printf("  %s killed a Deputy, %s, and discards every card\n", n.label(s), n.label(o))
	case card.EvReshuffle:
		n.printf("  the discard pile is shuffled into a new deck (%d cards)\n", e.N)
	case card.EvReveal:
		n.printf("  the General Store shows %s\n", e.Card)
	case card.EvWithdraw:
		n.printf("  %s withdraws and plays passive\n", n.label(s))
	}
}

// eventJSON fills the fields of a JSON replay line that event e's kind gives, the same
// for the game's narrator and the duel's; life is the account's life of the one e names
// (a damage's, a heal's).
func eventJSON(out *jsonEvent, e card.Event, life int) {
	switch e.Kind {
	case card.EvPlay:
		if e.Pick != card.NoCard {
			out.Pick = e.Pick.String()
		}
	case card.EvDraw:
		out.Cause = name(drawJSON, e.Cause)
	case card.EvShow:
		out.Success = ptr(e.N == 1)
	case card.EvCheck:
		out.Cause, out.Success = strings.ToLower(name(checkWhy, e.Cause)), ptr(e.N == 1)
		if e.Mask&card.CheckNoCard != 0 {
			out.Reason = "deck-and-discard-empty"
		}
	case card.EvDamage:
		out.Amount, out.Cause, out.Life = ptr(int(e.N)), card.Cause(e.Cause).String(), ptr(life)
	case card.EvHeal:
		out.Amount, out.Cause, out.Life = ptr(int(e.N)), name(healJSON, e.Cause), ptr(life)
	case card.EvDiscard:
		out.Cause = name(discardJS, e.Cause)
	case card.EvTake:
		out.Cause = name(takeJSON, e.Cause)
	case card.EvEliminate:
		out.Cause = card.Cause(e.Cause).String()
	case card.EvReshuffle:
		out.Seat, out.Label, out.Amount = -1, "", ptr(int(e.N))
	case card.EvReveal:
		out.Seat, out.Label = -1, ""
	}
}

// describe renders an option for people.
func (n *narrator) describe(op card.Option) string {
	switch op.Act {
	case card.ActPlay:
		s := "play " + op.Card.String()
		if op.Target >= 0 {
			s += " at P" + fmt.Sprint(op.Target)
		}
		if op.Pick == card.PickHand {
			s += " (hand)"
		} else if op.Pick != card.NoCard {
			s += " (" + op.Pick.String() + ")"
		}
		return s
	case card.ActCard:
		return op.Card.String()
	case card.ActPlayer:
		return "draw from P" + fmt.Sprint(op.Target)
	case card.ActPile:
		return "draw " + op.Card.String() + " from the pile"
	}
	return op.Act.String()
}

// decision is the Table's OnDecision hook.
func (n *narrator) decision(d *card.Decision, choice int) {
	n.begin()
	n.count++
	if !n.decisions {
		return
	}
	if n.json {
		out := jsonEvent{Event: "decision", Turn: n.turn, Seat: int(d.Seat), Label: n.label(d.Seat), Kind: d.Kind.String(), Choice: ptr(choice),
			Yard: ptr(yard(d))}
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
	n.printf("  [decision] %s %s: %d options%s, chooses %s\n", n.label(d.Seat), d.Kind, d.N, among, n.describe(d.Option(choice)))
}

// yard is the number of d's options, from the first, that the random yardstick draws
// among: Decision.Yard, or all of them where the decision counts none (0).
func yard(d *card.Decision) int {
	if d.Yard == 0 {
		return int(d.N)
	}
	return int(d.Yard)
}

// end closes the narration with the finished game.
func (n *narrator) end(g *card.State) {
	n.begin()
	var winners []int
	for s := 0; s < n.players; s++ {
		if g.Winners>>uint(s)&1 == 1 {
			winners = append(winners, s)
		}
	}
	side := ""
	if w := bang.WinnerSeat(g.Winners); w >= 0 {
		side = g.Role[w].String()
	}
	if n.json {
		out := jsonEvent{Event: "game_over", Turn: int(g.Turns), Seat: -1, Winners: winners, Draw: ptr(g.Draw)}
		out.Side, out.EventsLost = side, n.table.EventsLost
		n.put(out)
		return
	}
	if lost := n.table.EventsLost; lost > 0 {
		n.printf("\n(%d events not shown: the trace keeps 256 between two decisions, and this game went further without one)\n", lost)
	}
	n.printf("\nGame over after %s and %s: ", lab.Plural(int(g.Turns), "turn"), lab.Plural(n.count, "decision"))
	if g.Draw {
		n.printf("a draw (the turn cap was reached)\n")
		return
	}
	var names []string
	for _, s := range winners {
		names = append(names, n.label(int8(s)))
	}
	verb, who := "win", sideName(side)
	switch {
	case side == "Renegade":
		verb = "wins"
	case side != "Outlaw" && len(winners) == 1: // a Sheriff without Deputies (4 players)
		verb, who = "wins", "the Sheriff"
	}
	n.printf("%s %s: %s\n", who, verb, strings.Join(names, ", "))
	if g.Illegal > 0 {
		n.printf("(%d illegal choices replaced by the engine)\n", g.Illegal)
	}
}

// hidden reports whether a card moving between s and o (-1: none) may be hidden from
// the person's seat: neither is the person (only in a person's text, n.seen set).
func (n *narrator) hidden(s, o int8) bool {
	return n.seen != nil && s != n.self && o != n.self
}

// sideName names the winning side: "the Outlaws", "the Renegade", "the Sheriff's side".
func sideName(role string) string {
	switch role {
	case "Sheriff", "Deputy":
		return "the Sheriff's side"
	case "Outlaw":
		return "the Outlaws"
	}
	return "the Renegade"
}
