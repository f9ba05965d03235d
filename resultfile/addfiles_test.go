package resultfile

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestAddFilesOfOwnKind checks that report and chart files of a duel or a league go
// into a directory of that kind (or one of their own) and nowhere else, and that a
// run's go into neither: one table (extrasOf) decides for both (issue 29).
func TestAddFilesOfOwnKind(t *testing.T) {
	root := t.TempDir()
	mk := func(name string, files ...string) string {
		d := filepath.Join(root, name)
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
		for _, f := range files {
			if err := os.WriteFile(filepath.Join(d, f), []byte("x"), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		return d
	}
	dirs := map[Kind]string{
		KindRun:    mk("run", RunFile, TallyFile),
		KindDuel:   mk("duel", RunFile, DuelTallyFile, DuelOrderFile),
		KindLeague: mk("league", LeagueStandingsFile, LeaguePricesFile, LeagueGamesFile, LeagueMatchesFile),
	}
	summary := []File{{Name: "summary.md", Write: func(w io.Writer) error { _, err := io.WriteString(w, "# s\n"); return err }}}
	for _, tc := range []struct {
		writer Kind
		ok     Kind // the one directory kind it may write into
	}{
		{KindExtras, KindRun}, {KindDuelExtras, KindDuel}, {KindLeagueExtras, KindLeague},
	} {
		for k, dir := range dirs {
			err := AddFilesOf(dir, tc.writer, summary)
			if k == tc.ok && err != nil {
				t.Errorf("%v into %v: %v", tc.writer, k, err)
			}
			if k != tc.ok && (err == nil || !strings.Contains(err.Error(), "this command writes "+tc.writer.writes())) {
				t.Errorf("%v into %v: %v, want a refusal naming what it writes", tc.writer, k, err)
			}
		}
		// A new directory of their own is always allowed.
		if err := AddFilesOf(filepath.Join(root, fmt.Sprintf("new-%d", tc.writer)), tc.writer, summary); err != nil {
			t.Errorf("%v into a new directory: %v", tc.writer, err)
		}
	}
	for k, want := range map[Kind]Kind{KindRun: KindExtras, KindCompare: KindExtras, KindSweep: KindExtras, KindDuel: KindDuelExtras, KindLeague: KindLeagueExtras} {
		if got := ExtrasFor(k); got != want {
			t.Errorf("ExtrasFor(%v) = %v, want %v", k, got, want)
		}
	}
}
