package dicebots_test

import (
	"errors"
	"reflect"
	"testing"

	"github.com/bangsim/bangsim/strategy/dicebots"
)

// FuzzParseSpec: ParseSpec never panics; a spec it accepts writes back to one that
// parses the same; Lookup never panics, fails only with its two errors, and a policy
// it resolves has a canonical Name that resolves to itself.
//
//	go test ./strategy/dicebots -run '^$' -fuzz FuzzParseSpec -fuzztime 1000000x
func FuzzParseSpec(f *testing.F) {
	for _, s := range []string{
		"heuristic", "heuristic(beer_below=4)", " Heuristic ( BEER_BELOW = 4 , keep_bullseyes=yes ) ",
		"search(rollouts=16,all=false)", "random()", "heuristic(", "heuristic(x=)", "(a=b)", "a(b=c,d=e)",
		"heuristic(beer_below=4,beer_below=5)", "no-third-dynamite(dynamite_stop=-1)", "search(z10=1e3)",
		"\x00", "heuristic(beer_below=99999999999999999999)",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, spec string) {
		sp, err := dicebots.ParseSpec(spec)
		if err != nil {
			if !errors.Is(err, dicebots.ErrPolicySpec) {
				t.Fatalf("ParseSpec(%q): %v does not wrap ErrPolicySpec", spec, err)
			}
		} else {
			again, err := dicebots.ParseSpec(sp.String())
			if err != nil || !reflect.DeepEqual(sp, again) {
				t.Fatalf("ParseSpec(%q) = %#v, written back %q parses to %#v, %v", spec, sp, sp.String(), again, err)
			}
		}
		e, err := dicebots.Lookup(spec)
		if err != nil {
			if !errors.Is(err, dicebots.ErrPolicySpec) && !errors.Is(err, dicebots.ErrUnknownPolicy) {
				t.Fatalf("Lookup(%q): %v wraps neither ErrPolicySpec nor ErrUnknownPolicy", spec, err)
			}
			return
		}
		again, err := dicebots.Lookup(e.Name)
		if err != nil || again.Name != e.Name {
			t.Fatalf("Lookup(%q).Name = %q, which resolves to %q, %v", spec, e.Name, again.Name, err)
		}
		if e.New() == nil {
			t.Fatalf("Lookup(%q): New returned nil", spec)
		}
	})
}
