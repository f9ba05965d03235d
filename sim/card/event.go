package card

// EventKind says what happened, for replays; nothing is recorded unless a State is
// traced (Table.OnEvents set), and an untraced game pays one predictable branch per
// place an event could be recorded.
type EventKind uint8

// The events a traced game records. Fields an event does not name are zero (Other and
// Target -1 where they mean a seat and there is none).
const (
	EvTurn      EventKind = iota // Seat starts a turn
	EvDraw                       // Seat draws Card (Cause: a DrawWhy)
	EvShow                       // Black Jack (Seat) shows his second card, Card (its EvDraw just before); N 1 if he draws one more
	EvPutBack                    // Kit Carlson (Seat) puts Card back on the deck
	EvPlay                       // Seat plays Card at Other (-1: none), taking Pick (Panic!, Cat Balou)
	EvAnswer                     // Seat answers with Card (a Missed!, a BANG!, a Beer against a lethal hit)
	EvCheck                      // "draw!" for Seat: Card counts for Cause (a CheckWhy); N 1 on success; Card NoCard and Mask CheckNoCard when nothing could be turned (C23)
	EvDamage                     // Seat loses N life to Cause; Other caused it (-1: nobody)
	EvHeal                       // Seat gains N life from Card, a Beer or a Saloon (Cause: a HealWhy; Card NoCard for Sid Ketchum's ability)
	EvDiscard                    // Seat's Card goes onto the discard pile (Cause: a DiscardWhy); Other made Seat discard it (a Cat Balou), else -1
	EvTake                       // Seat takes Card from Other (Cause: a TakeWhy)
	EvPass                       // the Dynamite (Card) passes from Seat to Other
	EvEliminate                  // Seat is eliminated by Cause; Other dealt the blow (-1: nobody)
	EvReward                     // Seat killed Outlaw Other and draws 3 cards
	EvPenalty                    // Sheriff Seat killed Deputy Other and discards everything
	EvReshuffle                  // the discard pile becomes the deck; N is its size (Reshuffles counts them)
	EvReveal                     // the General Store lays Card on the table
	EvGameOver                   // the game ends; Mask holds the winning seats (0: a draw, N 1)
	EvWithdraw                   // Seat withdraws: plays passive from now on (its hand's discards follow)
	EvDeal                       // Seat's opening hand holds Card: one per card, seat by seat, first of all (Start)
	EvSwap                       // the long duel: seat Seat's front and back characters change places (Cause: a SwapWhy)
	EvEnter                      // the long duel: a reinforcement, character N, enters in slot Seat
	NumEventKinds
)

var eventNames = [NumEventKinds]string{"turn", "draw", "show", "put-back", "play", "answer", "check",
	"damage", "heal", "discard", "take", "pass", "eliminate", "reward", "penalty", "reshuffle", "reveal", "game-over", "withdraw", "deal", "swap", "enter"}

// String returns the event kind's name.
func (k EventKind) String() string {
	if k < NumEventKinds {
		return eventNames[k]
	}
	return "event?"
}

// SwapWhy says why a long duel's front and back characters changed places (EvSwap's
// Cause).
type SwapWhy uint8

// Why a duel's characters swap.
const (
	SwapChosen  SwapWhy = iota // the player's choice at the turn's start (DecideSwap)
	SwapJailed                 // a Jail moved the front character to the back (L5)
	SwapForward                // the front character was eliminated: the back one comes forward
)

// DrawWhy says why a card was drawn (EvDraw's Cause).
type DrawWhy uint8

// Reasons to draw.
const (
	DrawPhase1     DrawWhy = iota // phase 1 (Black Jack's second, shown, and third, Kit Carlson's three included)
	DrawPile                      // Pedro Ramirez takes the top of the discard pile
	DrawCardEffect                // Stagecoach, Wells Fargo
	DrawReward                    // 3 cards for killing an Outlaw
	DrawBart                      // Bart Cassidy, one per life point lost
	DrawSuzy                      // Suzy Lafayette's empty hand
)

// CheckWhy says what a "draw!" decided (EvCheck's Cause).
type CheckWhy uint8

// What a "draw!" decides.
const (
	CheckBarrel CheckWhy = iota
	CheckDynamite
	CheckJail
)

// CheckNoCard is EvCheck's Mask when the "draw!" turned nothing: the deck and the
// discard pile were both empty, so it fails (C23).
const CheckNoCard uint8 = 1

// HealWhy says where a gain of life came from (EvHeal's Cause).
type HealWhy uint8

// Sources of life.
const (
	HealBeer   HealWhy = iota // a Beer played, or used against a lethal hit (Card)
	HealSaloon                // a Saloon (Card), one event per player it heals
	HealSid                   // Sid Ketchum's ability (two cards discarded before it; Card NoCard)
)

// DiscardWhy says why a card went onto the discard pile (EvDiscard's Cause).
type DiscardWhy uint8

// Reasons to discard.
const (
	DiscardPlayed   DiscardWhy = iota // a brown card played (C15: before its effect)
	DiscardAnswer                     // a Missed!, BANG! or Beer used as an answer
	DiscardLimit                      // phase 3, down to the hand limit
	DiscardCheck                      // a "draw!" card
	DiscardCatBalou                   // taken by a Cat Balou
	DiscardReplaced                   // a weapon replaced by a new one
	DiscardSpent                      // a Jail after its check, an exploded Dynamite
	DiscardSid                        // Sid Ketchum's heal
	DiscardDead                       // an eliminated player's cards
	DiscardPenalty                    // the Sheriff who killed a Deputy
	DiscardWithdraw                   // a withdrawing player's hand; a passive player's General Store card
)

// TakeWhy says how a card changed hands (EvTake's Cause).
type TakeWhy uint8

// Ways to take a card.
const (
	TakeJesse    TakeWhy = iota // Jesse Jones's phase-1 draw from a hand
	TakePanic                   // Panic!
	TakeElGringo                // El Gringo, one per life point lost
	TakeVulture                 // Vulture Sam, an eliminated player's cards
	TakeStore                   // General Store (Other -1)
)

// Event is one traced happening; eight bytes.
type Event struct {
	Kind  EventKind
	Seat  int8
	Other int8
	Card  CardID
	Pick  CardID
	N     int8
	Cause uint8
	Mask  uint8
}

// maxTraceEvents bounds the events recorded between two decisions; more are counted
// as lost (State.Events reports them).
const maxTraceEvents = 256

// traceBuf holds events between two decisions when tracing.
type traceBuf struct {
	on   bool
	n    uint16
	lost uint16
	ev   [maxTraceEvents]Event
}

// Trace turns event recording on or off; events are read with Events after each Apply.
func (g *State) Trace(on bool) { g.trace.on = on }

// Events returns the events recorded since the last ClearEvents, and how many were lost
// to a full buffer.
func (g *State) Events() ([]Event, int) { return g.trace.ev[:g.trace.n], int(g.trace.lost) }

// ClearEvents empties the trace buffer.
func (g *State) ClearEvents() { g.trace.n, g.trace.lost = 0, 0 }

func (g *State) emit(e Event) {
	if g.trace.n == maxTraceEvents {
		g.trace.lost++
		return
	}
	g.trace.ev[g.trace.n] = e
	g.trace.n++
}
