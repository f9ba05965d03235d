package lab_test

import (
	"context"
	"errors"
	"reflect"
	"testing"

	"github.com/bangsim/bangsim/lab"
)

// Each population after the first is the run of that bot at every seat with the same
// seeds and games: its balance equals a run played with that bot from the start; the
// first is the base's own; an unknown bot is refused.
func TestBalancePopulations(t *testing.T) {
	s := diceSpec(t, []int{5}, 1500, 4, "simple", nil)
	base, err := lab.RunBalance(context.Background(), s)
	if err != nil {
		t.Fatal(err)
	}
	pops, err := lab.BalancePopulations(context.Background(), s, base, []string{"simple", "random"})
	if err != nil {
		t.Fatal(err)
	}
	if len(pops) != 2 || pops[0].Name != "simple" || pops[0].Balance != base.Balance || pops[1].Name != "random" {
		t.Fatalf("populations %+v", pops)
	}
	alone, err := lab.RunBalance(context.Background(), diceSpec(t, []int{5}, 1500, 4, "random", nil))
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(pops[1].Balance.Table(), alone.Balance.Table()) {
		t.Error("the random population differs from a run of random at every seat")
	}
	if _, err := s.Population("nosuch"); err == nil {
		t.Error("an unknown bot: no error")
	}
	// Interrupted: the populations finished before (here the base's alone) and the
	// interruption.
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	got, err := lab.BalancePopulations(ctx, s, base, []string{"simple", "random"})
	if !errors.Is(err, context.Canceled) || len(got) != 1 || got[0].Balance != base.Balance {
		t.Errorf("interrupted: %d populations, %v", len(got), err)
	}
}
