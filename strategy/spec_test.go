package strategy_test

import (
	"errors"
	"reflect"
	"testing"

	"github.com/bangsim/bangsim/strategy"
)

// TestParseSpec: the grammar lowers names and keys, keeps values as written, and a
// parsed spec writes back to one that parses the same.
func TestParseSpec(t *testing.T) {
	cases := []struct {
		spec string
		want strategy.Spec
	}{
		{"heuristic", strategy.Spec{Name: "heuristic"}},
		{" \tNo-Third_Dynamite\t ", strategy.Spec{Name: "no-third_dynamite"}},
		{"x()", strategy.Spec{Name: "x"}},
		{"X ( Key_1 = +0.5e-3 , B=TRUE )", strategy.Spec{Name: "x", Args: []strategy.Arg{{"key_1", "+0.5e-3"}, {"b", "TRUE"}}}},
		{"x(a=1,a=2)", strategy.Spec{Name: "x", Args: []strategy.Arg{{"a", "1"}, {"a", "2"}}}}, // Lookup refuses the repeat
	}
	for _, c := range cases {
		got, err := strategy.ParseSpec(c.spec)
		if err != nil || !reflect.DeepEqual(got, c.want) {
			t.Errorf("ParseSpec(%q) = %#v, %v; want %#v", c.spec, got, err, c.want)
			continue
		}
		again, err := strategy.ParseSpec(got.String())
		if err != nil || !reflect.DeepEqual(again, got) {
			t.Errorf("ParseSpec(%q).String() = %q parses to %#v, %v", c.spec, got.String(), again, err)
		}
	}
	if s := (strategy.Spec{Name: "x", Args: []strategy.Arg{{"a", "1"}, {"b", "on"}}}).String(); s != "x(a=1,b=on)" {
		t.Errorf("String() = %q", s)
	}
	for _, spec := range []string{"", "x(", "x(a)", "x(a=)", "x(a=1;b=2)", "x y", "x(a=1) y", "x(a=\"1\")", "é"} {
		if _, err := strategy.ParseSpec(spec); !errors.Is(err, strategy.ErrPolicySpec) {
			t.Errorf("ParseSpec(%q) = %v, want an error wrapping ErrPolicySpec", spec, err)
		}
	}
}

// TestParam: values read and write back as a canonical spec writes them.
func TestParam(t *testing.T) {
	i := strategy.Param{Name: "n", Min: -2, Max: 7}
	b := strategy.Param{Name: "b", Kind: strategy.ParamBool, Max: 1}
	if i.Range() != "-2..7" || b.Range() != "true|false" {
		t.Errorf("ranges %q, %q", i.Range(), b.Range())
	}
	for s, want := range map[string]int{"-2": -2, "+07": 7, "0": 0} {
		if v, err := i.Parse(s); err != nil || v != want {
			t.Errorf("int Parse(%q) = %d, %v", s, v, err)
		}
	}
	for _, s := range []string{"8", "-3", "x", "1.0", ""} {
		if _, err := i.Parse(s); err == nil {
			t.Errorf("int Parse(%q) accepted", s)
		}
	}
	for s, want := range map[string]int{"true": 1, "YES": 1, "on": 1, "1": 1, "false": 0, "No": 0, "off": 0, "0": 0} {
		if v, err := b.Parse(s); err != nil || v != want {
			t.Errorf("bool Parse(%q) = %d, %v", s, v, err)
		}
	}
	if _, err := b.Parse("2"); err == nil {
		t.Error("bool Parse(2) accepted")
	}
	if i.Format(-2) != "-2" || b.Format(1) != "true" || b.Format(0) != "false" {
		t.Errorf("Format: %q %q %q", i.Format(-2), b.Format(1), b.Format(0))
	}
}

// FuzzParseSpec: ParseSpec never panics; a spec it accepts writes back to one that
// parses the same; its errors wrap ErrPolicySpec.
//
//	go test ./strategy -run '^$' -fuzz FuzzParseSpec -fuzztime 1000000x
func FuzzParseSpec(f *testing.F) {
	for _, s := range []string{"heuristic", " A ( b = 1 , c=true ) ", "x(", "x(a=1))", "(a=1)", "x(a=+0.5)"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, spec string) {
		sp, err := strategy.ParseSpec(spec)
		if err != nil {
			if !errors.Is(err, strategy.ErrPolicySpec) {
				t.Fatalf("ParseSpec(%q): %v does not wrap ErrPolicySpec", spec, err)
			}
			return
		}
		again, err := strategy.ParseSpec(sp.String())
		if err != nil || !reflect.DeepEqual(again, sp) {
			t.Fatalf("ParseSpec(%q) = %#v, written back %q parses to %#v, %v", spec, sp, sp.String(), again, err)
		}
	})
}
