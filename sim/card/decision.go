package card

// DecisionKind says what a pending decision is about.
type DecisionKind uint8

// The decisions the engine asks for; each lists its options in Decision.Options.
const (
	DecideNone    DecisionKind = iota // nothing pending: the game is over
	DecideDraw                        // phase 1, Jesse Jones or Pedro Ramirez: where the first card comes from
	DecideKit                         // phase 1, Kit Carlson: which of the three cards goes back on the deck
	DecideLucky                       // Lucky Duke's "draw!": which of his two cards counts
	DecidePlay                        // phase 2: a card to play (with its target), Sid's heal, or the end of phase 2
	DecideDiscard                     // phase 3: one card to discard (asked until the hand fits the limit)
	DecideMissed                      // a shot (BANG!, Gatling): take the hit, or cancel with a Missed! (Janet: a BANG!)
	DecideBang                        // Indians! or a Duel step: take the hit, or discard a BANG! (Janet: a Missed!)
	DecideLethal                      // a lethal hit: die, drink a Beer, or (Sid Ketchum) heal
	DecideSidCard                     // Sid Ketchum's heal: one of the two cards to discard (asked twice)
	DecideStore                       // General Store: the card to take
	DecideSwap                        // long duel, turn start: keep or swap the front and back characters
	DecidePass                        // long duel: the opponent's character an unexploded Dynamite passes to
	DecidePlace                       // long duel, set-up: which of the two revealed characters goes in front
	NumDecisionKinds
)

var decisionNames = [NumDecisionKinds]string{"none", "draw", "kit", "lucky", "play", "discard", "missed", "bang", "lethal", "sid-card", "store", "swap", "pass-dynamite", "place"}

// String returns the decision's name as logs print it.
func (k DecisionKind) String() string {
	if k < NumDecisionKinds {
		return decisionNames[k]
	}
	return "decision?"
}

// Act says what an option does.
type Act uint8

// The acts an option may stand for.
const (
	ActEnd     Act = iota // end phase 2
	ActPlay               // play Card (at Target, taking Pick for Panic!/Cat Balou)
	ActHeal               // Sid Ketchum: discard two cards (asked next, DecideSidCard) for 1 life
	ActTakeHit            // do not answer: lose the life point
	ActDie                // give up a lethal hit: be eliminated
	ActCard               // use Card: a Missed!/BANG! answer, a Beer, the card to discard, take, put back or count
	ActDeck               // phase 1: draw the first card from the deck
	ActPlayer             // phase 1, Jesse Jones: a random card from Target's hand
	ActPile               // phase 1, Pedro Ramirez: the top card of the discard pile (Card)
	ActSwap               // long duel: swap the front and back characters (ActEnd keeps them); place the second revealed in front
	NumActs
)

var actNames = [NumActs]string{"end", "play", "heal", "take-hit", "die", "card", "deck", "player", "pile", "swap"}

// String returns the act's name.
func (a Act) String() string {
	if a < NumActs {
		return actNames[a]
	}
	return "act?"
}

// Option is one legal choice of a decision: four bytes, so a Decision's list stays cheap
// to fill and copy.
type Option struct {
	Act    Act
	Card   CardID // the card played or used; NoCard when none
	Target int8   // the seat aimed at (ActPlay, ActPlayer); -1 when none
	// Pick, for Panic! and Cat Balou, is the card in play taken from Target, or PickHand
	// for a random card of Target's hand; NoCard otherwise.
	Pick CardID
}

// MaxOptions bounds the options of one decision. Phase 2 has the most: at most 37
// BANG!-like cards (25 BANG!, 12 Missed! for Calamity Janet) × 6 targets = 222, 8
// Panic!/Cat Balou × (7 hands + 17 blue cards) = 192, 3 Duels and 3 Jails × 6 = 36, 14
// other blue cards, 6 Beers, 9 other brown cards, Sid's heal and the end: 481.
const MaxOptions = 512

// Decision is what the engine waits for: who decides, what about, and the legal options.
type Decision struct {
	Kind DecisionKind
	Seat int8 // who decides
	// Unit is the character the decision is for, as the Board indexes it: the seat in
	// the game; in the long duel the slot (DuelFront, DuelBack) shot at, asked for a
	// BANG!, dying, checked ("draw!") or whose Dynamite is passed, else the deciding
	// seat's front.
	Unit int8
	// From is the player whose card is being answered (DecideMissed, DecideBang,
	// DecideLethal's attacker), or -1.
	From int8
	// Card is the card being answered or resolved (the BANG!, Gatling, Indians! or Duel;
	// the General Store), or NoCard.
	Card CardID
	// Need is, for DecideMissed, the Missed! still needed to cancel the shot (2 against
	// Slab the Killer's BANG!); for DecideLethal, the life to regain to survive (1 − life);
	// for DecideSidCard, the cards still to discard; for DecideDiscard, the cards still to
	// discard down to the limit.
	Need uint8
	// N is the number of options; Options[:N] are legal and nothing else is.
	N uint16
	// Yard is the number of options the `random` yardstick draws from: Options[:Yard].
	// It is N except in phase 2, where the options R2 leaves out (Panic! or Cat Balou on
	// oneself, C10; a Beer that would not heal) come after the first Yard.
	Yard    uint16
	Options [MaxOptions]Option
}

// Legal reports whether choice c is one of the options.
func (d *Decision) Legal(c int) bool { return c >= 0 && c < int(d.N) }

// Option returns option c; the zero Option when c is out of range.
func (d *Decision) Option(c int) Option {
	if !d.Legal(c) {
		return Option{}
	}
	return d.Options[c]
}

// Find returns the first option with the given act and card (NoCard matches any card),
// or -1: a convenience for scripted tests and simple bots.
func (d *Decision) Find(a Act, c CardID) int {
	for i := 0; i < int(d.N); i++ {
		o := d.Options[i]
		if o.Act == a && (c == NoCard || o.Card == c) {
			return i
		}
	}
	return -1
}

// FindPlay returns the option that plays card c at target t with pick p, or -1.
func (d *Decision) FindPlay(c CardID, t int8, p CardID) int {
	for i := 0; i < int(d.N); i++ {
		o := d.Options[i]
		if o.Act == ActPlay && o.Card == c && o.Target == t && o.Pick == p {
			return i
		}
	}
	return -1
}

// copyFrom copies the header and the live options of s into d, and nothing past them:
// s's entries past s.N are an earlier decision's, maybe another seat's (no fixed
// 64-byte block, which would carry them into a policy's View).
func (d *Decision) copyFrom(s *Decision) {
	d.copyHead(s)
	copy(d.Options[:s.N], s.Options[:s.N])
}

// copyHead copies s's fields but its options.
func (d *Decision) copyHead(s *Decision) {
	d.Kind, d.Seat, d.Unit, d.From, d.Card, d.Need, d.N, d.Yard = s.Kind, s.Seat, s.Unit, s.From, s.Card, s.Need, s.N, s.Yard
}

// Cause is what made a player lose life or be eliminated.
type Cause uint8

// Causes of life loss and elimination. Dynamite and high noon are nobody's doing (C1);
// CauseOther is reserved (no base-game rule produces it) so that the events table keeps
// its columns when an expansion adds one.
const (
	CauseBang Cause = iota
	CauseGatling
	CauseIndians
	CauseDuel
	CauseDynamite
	CauseHighNoon
	CauseOther
	NumCauses
)

var causeNames = [NumCauses]string{"bang", "gatling", "indians", "duel", "dynamite", "high-noon", "other"}

// String returns the cause as the events table names it.
func (c Cause) String() string {
	if c < NumCauses {
		return causeNames[c]
	}
	return "cause?"
}
