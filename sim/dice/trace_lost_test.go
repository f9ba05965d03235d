package dice

import "testing"

// The trace counts what it could not keep, and ClearEvents starts the count again, so
// that a Table adds each stretch's loss once (dice.Table.EventsLost; a replay reports
// it). The count used to outlive ClearEvents, and the Table ignored it.
func TestTraceLostCountedOnce(t *testing.T) {
	var g State
	g.Trace(true)
	for range maxTraceEvents + 2 {
		g.emit(Event{})
	}
	if ev, lost := g.Events(); len(ev) != maxTraceEvents || lost != 2 {
		t.Fatalf("%d events kept, %d lost; want %d and 2", len(ev), lost, maxTraceEvents)
	}
	tb := &Table{OnEvents: func([]Event) {}}
	tb.State = g
	tb.flushEvents()
	tb.State.emit(Event{})
	tb.flushEvents()
	if tb.EventsLost != 2 {
		t.Fatalf("Table.EventsLost %d after a stretch losing 2 and one losing none", tb.EventsLost)
	}
}
