package resultfile

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// ReadTune reads what a tune wrote and refuses another schema or a damaged
// evaluation list, which --resume would otherwise continue from.
func TestReadTune(t *testing.T) {
	dir := t.TempDir()
	write := func(body string) {
		t.Helper()
		if err := os.WriteFile(filepath.Join(dir, TuneFile), []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write(`{"schema":"bangsim.tune/1","game":"dice","evaluations":[{"iteration":1,"spec":"heuristic","seats":10,"wins":4}]}`)
	got, err := ReadTune(dir)
	if err != nil || got.Game != "dice" || len(got.Evaluations) != 1 {
		t.Fatalf("got %+v, %v", got, err)
	}
	for body, want := range map[string]string{
		`{"schema":"bangsim.tune/9"}`: `schema "bangsim.tune/9"`,
		`{"schema":"bangsim.tune/1","evaluations":[{"iteration":2,"spec":"heuristic","seats":10,"wins":4}]}`: "evaluation 1 is damaged",
		`{"schema":"bangsim.tune/1","evaluations":[{"iteration":1,"spec":"heuristic","seats":3,"wins":4}]}`:  "4 wins of 3 seats",
		`{"schema":`: "unexpected end",
	} {
		write(body)
		if _, err := ReadTune(dir); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%s: %v, want %q", body, err, want)
		}
	}
	if KindOf([]string{TuneFile}) != KindTune {
		t.Errorf("tune.json makes no tune directory")
	}
}
