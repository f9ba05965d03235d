package resultfile_test

import (
	"encoding/json"
	"reflect"
	"strings"
	"testing"

	"github.com/bangsim/bangsim/resultfile"
)

// TestSettingsRoundTrip checks that settings are written as one object in their own
// order (not sorted) and read back with the same names, order, values and Go types.
func TestSettingsRoundTrip(t *testing.T) {
	s := resultfile.Settings{
		{Name: "zeta", Value: 9},
		{Name: "arrows", Value: -3},
		{Name: "big", Value: 1<<53 + 1}, // beyond a float64's exact integers
		{Name: "resolve_after_death", Value: true},
		{Name: "distance_either_way", Value: false},
		{Name: "characters", Value: "random"},
		{Name: "quoted \"name\" <&>", Value: "a\nb"},
		{Name: "list", Value: []string{"Bart Cassidy", "plain", "1"}},
		{Name: "empty", Value: []string{}},
	}
	b, err := json.Marshal(s)
	if err != nil {
		t.Fatal(err)
	}
	want := `{"zeta":9,"arrows":-3,"big":9007199254740993,"resolve_after_death":true,"distance_either_way":false,` +
		`"characters":"random","quoted \"name\" \u003c\u0026\u003e":"a\nb","list":["Bart Cassidy","plain","1"],"empty":[]}`
	if string(b) != want {
		t.Errorf("settings written as\n%s\nwant\n%s", b, want)
	}
	var back resultfile.Settings
	if err := json.Unmarshal(b, &back); err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(back, s) {
		t.Errorf("settings read back as %#v\nwant %#v", back, s)
	}
	for i := range s {
		if got, want := reflect.TypeOf(back[i].Value), reflect.TypeOf(s[i].Value); got != want {
			t.Errorf("%s read back as %v, want %v", s[i].Name, got, want)
		}
	}
	// Written again, the settings are the same bytes: two runs' settings compare as text.
	again, err := json.Marshal(back)
	if err != nil {
		t.Fatal(err)
	}
	if string(again) != string(b) {
		t.Errorf("settings written again as\n%s\nwant\n%s", again, b)
	}
	if got := back.Get("arrows"); got != -3 {
		t.Errorf("Get(arrows) = %#v, want -3", got)
	}
	if got := back.Get("no such setting"); got != nil {
		t.Errorf("Get of an unknown name = %#v, want nil", got)
	}
}

// TestSettingsInRun checks settings inside run.json, indented, and the empty set.
func TestSettingsInRun(t *testing.T) {
	run := resultfile.Run{Rules: resultfile.Settings{{Name: "b", Value: 2}, {Name: "a", Value: []string{"x"}}}}
	b, err := json.MarshalIndent(&run, "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(b), "\"rules\": {\n    \"b\": 2,\n    \"a\": [\n      \"x\"\n    ]\n  },") {
		t.Errorf("run.json rules not in order:\n%s", b)
	}
	var back resultfile.Run
	if err := json.Unmarshal(b, &back); err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(back.Rules, run.Rules) {
		t.Errorf("rules read back as %#v, want %#v", back.Rules, run.Rules)
	}
	// No settings are written as an empty object and read back as none.
	b, err = json.Marshal(resultfile.Settings(nil))
	if err != nil || string(b) != "{}" {
		t.Errorf("no settings written as %s (%v), want {}", b, err)
	}
	var none resultfile.Settings
	if err := json.Unmarshal([]byte(" { } "), &none); err != nil || len(none) != 0 {
		t.Errorf("{} read as %#v (%v)", none, err)
	}
}

// TestSettingsRefused checks what settings cannot be.
func TestSettingsRefused(t *testing.T) {
	for _, in := range []string{`[1, 2]`, `"arrows"`, `9`, `{"arrows": 9`, `{"arrows" 9}`} {
		var s resultfile.Settings
		if err := json.Unmarshal([]byte(in), &s); err == nil {
			t.Errorf("%s read as settings %#v", in, s)
		}
	}
	if _, err := json.Marshal(resultfile.Settings{{Name: "f", Value: func() {}}}); err == nil || !strings.Contains(err.Error(), "setting f") {
		t.Errorf("a setting JSON cannot hold: %v, want an error naming it", err)
	}
}
