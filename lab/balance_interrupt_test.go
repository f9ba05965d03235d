package lab_test

import (
	"context"
	"strings"
	"testing"

	"github.com/bangsim/bangsim/lab"
	"github.com/bangsim/bangsim/report"
)

// Interrupted before its second batch, a --precision balance says what it played: the
// last batch's games and run.json's counts are the 1,000 of the first batch, where the
// batch list claimed the second batch's planned total (and balance.md and the terminal
// "N games a count" with it).
func TestRunBalanceInterruptedSaysWhatWasPlayed(t *testing.T) {
	s := diceSpec(t, []int{4, 5}, 1000, 9, "simple", nil)
	s.Precision, s.MaxGames = 0.001, 4000
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	s.Announce = func(string) { cancel() } // before the second batch plays
	res, err := lab.RunBalance(ctx, s)
	if err != nil {
		t.Fatal(err)
	}
	if !res.Run.Partial || len(res.Batches) != 2 || res.Batches[1].Games != 1000 {
		t.Fatalf("partial %v, batches %+v", res.Run.Partial, res.Batches)
	}
	for _, c := range res.Run.Counts {
		if c.Games != 1000 || !c.Partial {
			t.Fatalf("run.json count %+v", c)
		}
	}
	if got := report.GamesAnalysed(res.Run, 5); !strings.HasPrefix(got, "1,000 of ") || !strings.HasSuffix(got, " games (partial)") {
		t.Errorf("GamesAnalysed: %q", got)
	}
}
