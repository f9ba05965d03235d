package dice

// EventKind says what happened, for replays; the hot path records nothing unless a
// State is traced.
type EventKind uint8

// The events a traced game records.
const (
	EvTurn          EventKind = iota // Seat starts turn N (N counts from 1 modulo 256; Turns has the true count)
	EvRoll                           // Seat rolled the dice in Mask; Dice shows all five after the roll
	EvKeep                           // Seat rerolls the dice in Mask (0: stops rolling)
	EvArrow                          // Seat takes an arrow; N is the pile left
	EvIndians                        // Indians attack
	EvDynamite                       // Seat's rolling stops on three or more Dynamite
	EvLoseLife                       // Seat loses N life to Cause; Other caused it (-1: nobody)
	EvArrowInstead                   // Bart Cassidy (Seat) takes an arrow instead of a life point
	EvArrowReturned                  // Pedro Ramirez (Seat) returns an arrow
	EvArrowDiscard                   // Kit Carlson (Other) discards an arrow of Seat
	EvShot                           // Other aims Bull's Eye die Mask at Seat for N damage
	EvSlab                           // Slab the Killer (Seat) doubles Bull's Eye die Mask
	EvHeal                           // Seat gains N life from Other's Cause (see HealSource)
	EvGatling                        // Seat fires the Gatling
	EvReturnArrows                   // Seat returns N arrows after the Gatling
	EvEliminated                     // Seat is eliminated by Cause; Other dealt the blow (-1: nobody)
	EvGameOver                       // the game ends; Mask holds the winning seats (0: draw)
	NumEventKinds
)

// HealSource says where a gain of life came from (EvHeal's Cause field).
type HealSource uint8

// Sources of life gain.
const (
	HealBeer HealSource = iota
	HealSid
	HealSuzy
	HealVulture
)

// Event is one traced happening; fields unused by its kind are zero.
type Event struct {
	Kind  EventKind
	Seat  int8
	Other int8
	N     int8
	Cause uint8
	Mask  uint8
	Dice  Dice
}

// maxTraceEvents bounds the events recorded between two decisions.
const maxTraceEvents = 128
