package dice

import "math/bits"

// Kind says what a pending decision is about.
type Kind uint8

// The decisions the engine asks for. The choice a policy returns means:
const (
	DecideNone        Kind = iota // nothing pending: the game is over
	DecideReroll                  // a mask of dice to reroll, a subset of Options; 0 stops rolling (D14)
	DecideSidHeal                 // Sid Ketchum: the seat that gains 1 life
	DecideSlab                    // Slab the Killer: the Bull's Eye die to double with a Beer, or Skip
	DecideTarget                  // the seat hit by Bull's Eye die Die (Calamity Janet: either range)
	DecideBartArrow               // Bart Cassidy: 1 takes an arrow instead of the life point, 0 loses it
	DecidePedroReturn             // Pedro Ramirez: 1 returns one of his arrows, 0 keeps them
	DecideBeer                    // the seat that Beer die Die heals
	DecideKitDiscard              // Kit Carlson: the seat one of whose arrows is discarded, or Skip
	NumKinds
)

var kindNames = [NumKinds]string{"none", "reroll", "sid-heal", "slab", "target", "bart-arrow", "pedro-return", "beer", "kit-discard"}

// String returns the kind's name as logs print it.
func (k Kind) String() string {
	if k < NumKinds {
		return kindNames[k]
	}
	return "kind?"
}

// Skip is the choice that declines an optional ability (Slab, Kit Carlson).
const Skip = 31

// Decision is what the engine waits for.
type Decision struct {
	Kind    Kind
	Seat    int8   // who decides
	Die     int8   // the die the decision is about (Target, Beer, Kit), else -1
	Cause   Cause  // Bart and Pedro: what the life point is lost to
	Options uint32 // legal choices: bit c set means choice c is legal; Reroll: the dice that may be rerolled
}

// Legal reports whether choice c is allowed.
func (d *Decision) Legal(c int) bool {
	if d.Kind == DecideReroll {
		return c >= 0 && uint64(c)&^uint64(d.Options) == 0
	}
	return c >= 0 && c < 32 && d.Options>>uint(c)&1 == 1
}

// Count returns the number of legal choices (for Reroll, of subsets).
func (d *Decision) Count() int {
	if d.Kind == DecideReroll {
		return 1 << bits.OnesCount32(d.Options)
	}
	return bits.OnesCount32(d.Options)
}

// Nth returns the i-th legal choice (0 <= i < Count) in increasing order, which lets a
// policy pick uniformly and lets the engine map any integer onto a legal choice.
func (d *Decision) Nth(i int) int {
	if d.Kind == DecideReroll {
		return int(deposit(uint32(i), d.Options))
	}
	o := d.Options
	for ; i > 0; i-- {
		o &= o - 1
	}
	return bits.TrailingZeros32(o)
}

// deposit spreads the low bits of x over the set bits of mask (a software PDEP).
func deposit(x, mask uint32) uint32 {
	var out uint32
	for m := mask; m != 0; m &= m - 1 {
		if x&1 == 1 {
			out |= m & -m
		}
		x >>= 1
	}
	return out
}

// Cause is what made a player lose life or be eliminated.
type Cause uint8

// Causes of life loss; Indians and Dynamite are nobody's doing (ruling D6).
const (
	CauseBullsEye Cause = iota
	CauseGatling
	CauseIndians
	CauseDynamite
	NumCauses
)

var causeNames = [NumCauses]string{"bullseye", "gatling", "indians", "dynamite"}

// String returns the cause as the events table names it.
func (c Cause) String() string {
	if c < NumCauses {
		return causeNames[c]
	}
	return "cause?"
}

// legalize returns the pending decision's choice made legal: an illegal one is replaced
// by a legal one (a reroll keeps its legal dice; anything else becomes the choice-th
// legal option, modulo their number) and counted in Illegal, so no policy can break a
// rule and a buggy one shows. A reroll's choice is traced here, where no other event
// shows it.
func (g *State) legalize(choice int) int {
	d := &g.dec
	if !d.Legal(choice) {
		g.Illegal++
		if d.Kind == DecideReroll && choice >= 0 {
			choice = int(uint32(choice) & d.Options)
		} else {
			choice = d.Nth(int(uint(choice) % uint(d.Count())))
		}
	}
	if g.trace.on {
		g.traceChoice(choice)
	}
	return choice
}
