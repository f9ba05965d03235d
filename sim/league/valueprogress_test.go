package league

import (
	"context"
	"testing"
)

// Config.ValueProgress hears the value games counted up: from 0 to every game of every
// table size, never backwards, the last call with the total; and listening changes no
// value.
func TestValueProgress(t *testing.T) {
	bot := testCardBot(t, "heuristic")
	st := builtin(t, DefaultTableName)
	type call struct{ done, total uint64 }
	var calls []call
	heard, err := simulateValues(context.Background(), bot, nil, st, 1000, 4, 5, 300, 9, 2, func(done, total uint64) {
		calls = append(calls, call{done, total})
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(calls) < 2 || calls[0] != (call{0, 600}) || calls[len(calls)-1] != (call{600, 600}) {
		t.Fatalf("calls %v: want (0, 600) first and (600, 600) last", calls)
	}
	for i := 1; i < len(calls); i++ {
		if calls[i].done < calls[i-1].done || calls[i].total != 600 {
			t.Fatalf("call %d: %v after %v", i, calls[i], calls[i-1])
		}
	}
	quiet, err := simulateValues(context.Background(), bot, nil, st, 1000, 4, 5, 300, 9, 2, nil)
	if err != nil {
		t.Fatal(err)
	}
	if *heard != *quiet {
		t.Error("the values differ with a progress callback")
	}
}
