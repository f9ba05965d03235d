package lab

import (
	"github.com/bangsim/bangsim/sim/bang"
	"github.com/bangsim/bangsim/strategy"
)

// SeatTable is what the compare design needs of a game's table: to put one bot at one
// seat (with its declared needs and its own stream salt) and to play a game.
type SeatTable[P any, N ~uint8] interface {
	SetSeat(seat int, p P, needs N, salt uint64)
	ClearSeat(seat int)
	PlayOutcome(gameSeed uint64, o *bang.Outcome)
}

// NewSeating returns the constructor of a comparison's seatings for any game: specs
// are the entrants' bot specs (the reference first), looked up in reg; newTable
// returns a table with the reference bot (a fresh instance per role) at every seat.
// Each seating owns one table per entrant, so entrant k's games never disturb the
// reference's.
func NewSeating[P any, N ~uint8, T SeatTable[P, N]](specs []string, reg *strategy.Registry[P], newTable func(ref strategy.Entry[P]) (T, error)) (func() Seating, error) {
	entries := make([]strategy.Entry[P], len(specs))
	for i, s := range specs {
		var err error
		if entries[i], err = reg.Lookup(s); err != nil {
			return nil, err
		}
	}
	build := func() (*seating[P, N, T], error) {
		st := &seating[P, N, T]{entries: entries}
		for _, e := range entries {
			t, err := newTable(entries[0])
			if err != nil {
				return nil, err
			}
			st.tables = append(st.tables, t)
			st.mixed = t // any table will do for PlayAt, which sets every seat
			st.seatOf = append(st.seatOf, e.New())
			st.needs = append(st.needs, N(e.Needs))
		}
		return st, nil
	}
	if _, err := build(); err != nil {
		return nil, err
	}
	return func() Seating {
		st, err := build()
		if err != nil {
			panic(err) // the same build succeeded above
		}
		return st
	}, nil
}

// seating is one worker's tables of a comparison or a ladder: tables[0] plays the
// all-reference game, tables[k] the games where entrant k sits at one seat, and mixed
// (one of them, unused by a comparison's Play when a ladder uses it) the ladder's.
type seating[P any, N ~uint8, T SeatTable[P, N]] struct {
	entries []strategy.Entry[P]
	tables  []T
	seatOf  []P // entrant k's instance
	needs   []N
	out     bang.Outcome
	// mixed plays PlayAt's games; atSeat[k][s] is entrant k's instance at seat s, made
	// on the first PlayAt, so that a bot keeping state never sees two seats.
	mixed  T
	atSeat [][bang.MaxSeats]P
}

// Play plays one game of the comparison (see Seating); entrant k's seat draws from the
// stream salted k.
func (st *seating[P, N, T]) Play(gameSeed uint64, seat, k int) *bang.Outcome {
	if seat < 0 {
		st.tables[0].PlayOutcome(gameSeed, &st.out)
		return &st.out
	}
	t := st.tables[k]
	t.SetSeat(seat, st.seatOf[k], st.needs[k], uint64(k))
	t.PlayOutcome(gameSeed, &st.out)
	t.ClearSeat(seat)
	return &st.out
}

// PlayAt plays the game where entrant bots[s] sits at seat s, for every seat (see
// Seating); entrant k's seats draw from the streams salted k, as in Play.
func (st *seating[P, N, T]) PlayAt(gameSeed uint64, bots []int) *bang.Outcome {
	if st.atSeat == nil {
		st.atSeat = make([][bang.MaxSeats]P, len(st.entries))
		for k, e := range st.entries {
			for s := range st.atSeat[k] {
				st.atSeat[k][s] = e.New()
			}
		}
	}
	for s, k := range bots {
		st.mixed.SetSeat(s, st.atSeat[k][s], st.needs[k], uint64(k))
	}
	st.mixed.PlayOutcome(gameSeed, &st.out)
	for s := range bots {
		st.mixed.ClearSeat(s)
	}
	return &st.out
}
