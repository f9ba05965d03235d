package dicebots

import "github.com/bangsim/bangsim/strategy"

// Spec is a parsed policy spec (strategy.Spec); an alias, so callers keep their types.
type Spec = strategy.Spec

// Arg is one key=value of a spec (strategy.Arg).
type Arg = strategy.Arg

// ParseSpec reads a policy spec without checking that the policy or its parameters
// exist, by the grammar every game shares (strategy.ParseSpec). Errors wrap
// ErrPolicySpec.
func ParseSpec(spec string) (Spec, error) { return strategy.ParseSpec(spec) }

// ParamKind says how a parameter's value is written (strategy.ParamKind).
type ParamKind = strategy.ParamKind

// Parameter kinds, as strategy defines them.
const (
	ParamInt  = strategy.ParamInt
	ParamBool = strategy.ParamBool
)

// Param documents one parameter of a policy (strategy.Param).
type Param = strategy.Param
