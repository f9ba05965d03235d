package odds

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/bangsim/bangsim/sim/dice"
)

// ObjectiveKind is what a turn tries to achieve.
type ObjectiveKind uint8

// The objectives. Gatling: the final dice show at least the Gatling threshold of
// Gatlings (Willy the Kid one fewer). Dynamite: rolling stops on the Dynamite threshold,
// i.e. the turn ends with at least that many Dynamite showing. BullsEyes: at least K
// Bull's Eyes (1 and 2 together) at the end. Beers: at least K Beers at the end.
// NoArrows: no Arrow is rolled during the turn (every roll's fresh dice show no Arrow,
// so no arrow is taken).
const (
	Gatling ObjectiveKind = iota
	Dynamite
	BullsEyes
	Beers
	NoArrows
	NumObjectiveKinds
)

var kindNames = [NumObjectiveKinds]string{"gatling", "dynamite", "bullseyes", "beers", "no-arrows"}

// String returns the kind's name as ParseObjective reads it, without a count.
func (k ObjectiveKind) String() string {
	if k < NumObjectiveKinds {
		return kindNames[k]
	}
	return "objective?"
}

// HasCount reports whether the kind takes a count K (bullseyes=K, beers=K).
func (k ObjectiveKind) HasCount() bool { return k == BullsEyes || k == Beers }

// Objective is one event of a turn whose probability Exact computes. K is the count of
// BullsEyes and Beers (0 to 5) and must be 0 for the other kinds.
type Objective struct {
	Kind ObjectiveKind
	K    int
}

// ErrObjective is wrapped by every ParseObjective and Exact error about an objective.
var ErrObjective = errors.New("invalid objective")

// objectiveForms lists the accepted spellings for error messages.
const objectiveForms = `"gatling", "dynamite", "bullseyes=K", "beers=K" (K from 0 to 5) or "no-arrows"`

// String renders the objective as ParseObjective reads it, e.g. "bullseyes=2".
func (o Objective) String() string {
	if o.Kind.HasCount() {
		return fmt.Sprintf("%s=%d", o.Kind, o.K)
	}
	return o.Kind.String()
}

// Validate reports an objective ParseObjective would not produce.
func (o Objective) Validate() error {
	switch {
	case o.Kind >= NumObjectiveKinds:
		return fmt.Errorf("%w: unknown kind %d; want %s", ErrObjective, o.Kind, objectiveForms)
	case o.Kind.HasCount() && (o.K < 0 || o.K > dice.NumDice):
		return fmt.Errorf("%w: %s=%d: the count must be from 0 to %d", ErrObjective, o.Kind, o.K, dice.NumDice)
	case !o.Kind.HasCount() && o.K != 0:
		return fmt.Errorf("%w: %s takes no count (K=%d)", ErrObjective, o.Kind, o.K)
	}
	return nil
}

// ParseObjective reads "gatling", "dynamite", "bullseyes=K", "beers=K" or "no-arrows",
// in any case; "bulls-eyes", "bullseye", "beer", "noarrows" and "no-arrow" are accepted too.
func ParseObjective(s string) (Objective, error) {
	t := strings.ToLower(strings.TrimSpace(s))
	name, count, hasCount := strings.Cut(t, "=")
	name = strings.TrimSpace(name)
	var kind ObjectiveKind
	switch name {
	case "gatling", "gatlings":
		kind = Gatling
	case "dynamite", "dynamites":
		kind = Dynamite
	case "bullseyes", "bullseye", "bulls-eyes", "bulls-eye":
		kind = BullsEyes
	case "beers", "beer":
		kind = Beers
	case "no-arrows", "no-arrow", "noarrows", "noarrow":
		kind = NoArrows
	default:
		return Objective{}, fmt.Errorf("%w %q: want %s", ErrObjective, s, objectiveForms)
	}
	if !kind.HasCount() {
		if hasCount {
			return Objective{}, fmt.Errorf("%w %q: %s takes no count (the thresholds are rule options)", ErrObjective, s, kind)
		}
		return Objective{Kind: kind}, nil
	}
	if !hasCount {
		return Objective{}, fmt.Errorf("%w %q: %s needs a count, e.g. %s=2", ErrObjective, s, kind, kind)
	}
	k, err := strconv.Atoi(strings.TrimSpace(count))
	if err != nil || k < 0 || k > dice.NumDice {
		return Objective{}, fmt.Errorf("%w %q: the count must be a whole number from 0 to %d", ErrObjective, s, dice.NumDice)
	}
	return Objective{Kind: kind, K: k}, nil
}

// Met reports whether a turn achieved the objective under setup s: final is the count of
// each face showing when rolling ended, arrowsRolled the number of Arrow faces rolled
// during the turn (the arrows taken, kept dice not counted twice). Monte Carlo checks,
// the engine's included, score their turns with it.
func (o Objective) Met(s Setup, final [dice.NumFaces]int, arrowsRolled int) bool {
	switch o.Kind {
	case Gatling:
		return final[dice.Gatling] >= s.GatlingNeed()
	case Dynamite:
		return final[dice.Dynamite] >= s.DynamiteThreshold
	case BullsEyes:
		return final[dice.BullsEye1]+final[dice.BullsEye2] >= o.K
	case Beers:
		return final[dice.Beer] >= o.K
	case NoArrows:
		return arrowsRolled == 0
	}
	return false
}

// Counts returns how many of the dice show each face.
func Counts(d dice.Dice) [dice.NumFaces]int {
	var c [dice.NumFaces]int
	for _, f := range d {
		c[f]++
	}
	return c
}
