package odds

import (
	"errors"
	"fmt"
	"slices"
	"sort"
	"strings"
	"sync"

	"github.com/bangsim/bangsim/sim/dice"
)

// Policy is a reroll habit: in the state after a roll, with showing[f] dice showing face
// f (they sum to dice.NumDice) and rerollsLeft >= 1 rerolls still allowed, it returns how
// many dice of each face to reroll; all zero stops rolling. It must not reroll more dice
// of a face than show, nor Dynamite unless the setup's character is Black Jack.
//
// Exact asks a policy about every state, reachable or not, and is never asked after the
// Dynamite stop, with no reroll left, or when no die may be rerolled. A Policy must be a
// pure function of its arguments: the DP assumes the same answer every time.
type Policy interface {
	Reroll(showing [dice.NumFaces]int, rerollsLeft int) [dice.NumFaces]int
}

// PolicyFunc adapts a function to Policy.
type PolicyFunc func(showing [dice.NumFaces]int, rerollsLeft int) [dice.NumFaces]int

// Reroll calls f.
func (f PolicyFunc) Reroll(showing [dice.NumFaces]int, rerollsLeft int) [dice.NumFaces]int {
	return f(showing, rerollsLeft)
}

// Keep never rerolls: the first roll is final.
func Keep() Policy {
	return PolicyFunc(func([dice.NumFaces]int, int) [dice.NumFaces]int { return [dice.NumFaces]int{} })
}

// RerollAll rerolls every die it may, every time: all but Dynamite, and Dynamite too for
// a roller who may reroll them (Black Jack, reroll_dynamite).
func RerollAll(s Setup) Policy {
	return PolicyFunc(func(showing [dice.NumFaces]int, _ int) [dice.NumFaces]int {
		if s.LockedAt(showing[dice.Dynamite]) {
			showing[dice.Dynamite] = 0
		}
		return showing
	})
}

// PolicyMaker builds a named policy for one objective and setup.
type PolicyMaker func(obj Objective, s Setup) (Policy, error)

// ErrPolicy is wrapped by errors about a policy: an unknown name, an illegal reroll.
var ErrPolicy = errors.New("invalid policy")

var (
	policyMu     sync.RWMutex
	policyMakers = map[string]PolicyMaker{
		"optimal": func(obj Objective, s Setup) (Policy, error) {
			p, err := Solve(obj, s)
			if err != nil {
				return nil, err
			}
			return p, nil
		},
		"keep":       func(Objective, Setup) (Policy, error) { return Keep(), nil },
		"reroll-all": func(_ Objective, s Setup) (Policy, error) { return RerollAll(s), nil },
	}
)

// RegisterPolicy makes a named habit available to NamedPolicy (and so to the CLI). The
// built-in names are "optimal", "keep" and "reroll-all"; a name may be registered once.
func RegisterPolicy(name string, m PolicyMaker) error {
	if name == "" || m == nil {
		return fmt.Errorf("%w: RegisterPolicy needs a name and a maker", ErrPolicy)
	}
	policyMu.Lock()
	defer policyMu.Unlock()
	if _, dup := policyMakers[name]; dup {
		return fmt.Errorf("%w: policy %q is already registered", ErrPolicy, name)
	}
	policyMakers[name] = m
	return nil
}

// PolicyNames returns the registered policy names, sorted.
func PolicyNames() []string {
	policyMu.RLock()
	defer policyMu.RUnlock()
	names := make([]string, 0, len(policyMakers))
	for n := range policyMakers {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}

// NamedPolicy builds the registered policy name for obj and s: "optimal" is Solve's Plan.
func NamedPolicy(name string, obj Objective, s Setup) (Policy, error) {
	policyMu.RLock()
	m, ok := policyMakers[name]
	policyMu.RUnlock()
	if !ok {
		return nil, fmt.Errorf("%w %q: want one of %s", ErrPolicy, name, strings.Join(PolicyNames(), ", "))
	}
	return m(obj, s)
}

// RerollMask turns a policy's counts into the engine's die mask (bit i = die i): for each
// face, the lowest-numbered dice showing it. The engine's DecideReroll takes this mask.
// It panics if reroll asks for more dice of a face than d shows.
func RerollMask(d dice.Dice, reroll [dice.NumFaces]int) uint8 {
	var m uint8
	for i, f := range d {
		if reroll[f] > 0 {
			reroll[f]--
			m |= 1 << i
		}
	}
	if slices.ContainsFunc(reroll[:], func(n int) bool { return n != 0 }) {
		panic(fmt.Sprintf("odds: reroll counts %v do not fit dice %v", reroll, d))
	}
	return m
}
