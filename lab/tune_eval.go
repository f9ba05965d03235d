package lab

import (
	"context"

	"github.com/bangsim/bangsim/report"
	"github.com/bangsim/bangsim/sim/run"
)

// focalTally counts a tune's games at its focal seats (the seats of the tuned role,
// or every seat): entrant 0 is the field (the all-field game), entrant 1 the start,
// entrant 2 the tuned spec when validating. Integers only, merged by adding.
type focalTally struct {
	Games uint64    // games played
	Seats uint64    // focal seats played, per entrant
	Wins  [3]uint64 // wins at the focal seats, per entrant
	// Gain is the last entrant minus entrant 1 (the start), VsField the last entrant
	// minus the field, both paired by seat and clustered by game index.
	Gain, VsField report.PairedCell
}

// merge adds o into t.
func (t *focalTally) merge(o *focalTally) {
	t.Games += o.Games
	t.Seats += o.Seats
	for k := range t.Wins {
		t.Wins[k] += o.Wins[k]
	}
	t.Gain.Merge(&o.Gain)
	t.VsField.Merge(&o.VsField)
}

// playFocal plays one game index: the all-field game, then each entrant k ≥ 1 at each
// focal seat (role RoleAll: every seat) with the field at the others.
func playFocal(st Seating, entrants, role int, t *focalTally, gameSeed uint64) {
	ref := *st.Play(gameSeed, -1, 0)
	t.Games++
	var m uint64
	var gain, vs int64
	for s := 0; s < int(ref.Players); s++ {
		if role != RoleAll && int(ref.Role[s]) != role {
			continue
		}
		m++
		wRef := int64(ref.Winners >> uint(s) & 1)
		t.Wins[0] += uint64(wRef)
		var w [3]int64
		for k := 1; k < entrants; k++ {
			g := st.Play(gameSeed, s, k)
			t.Games++
			w[k] = int64(g.Winners >> uint(s) & 1)
			t.Wins[k] += uint64(w[k])
		}
		last := w[entrants-1]
		gain += last - w[1]
		vs += last - wRef
	}
	t.Seats += m
	t.Gain.Add(m, gain)
	t.VsField.Add(m, vs)
}

// playFocalCounts plays games indices from first at every player count with specs
// (the field first) and returns each count's tally; an interruption returns the error
// and tallies that must not be used.
func playFocalCounts(ctx context.Context, s *TuneSpec, specs []string, seed, first, games uint64) ([]focalTally, error) {
	out := make([]focalTally, len(s.Players))
	for i, n := range s.Players {
		newSeating, err := s.Prepared.Seating(n, specs)
		if err != nil {
			return nil, err
		}
		cfg := run.Config{Games: games, First: first, Seed: seed, Workers: workerCount(s.Workers)}
		entrants, role := len(specs), s.Role
		newPlayer := func() run.Player[focalTally] {
			st := newSeating()
			return func(t *focalTally, _, gameSeed uint64) { playFocal(st, entrants, role, t, gameSeed) }
		}
		res, err := run.Run(ctx, cfg, newPlayer, func(dst, src *focalTally) { dst.merge(src) })
		if err != nil {
			return nil, err
		}
		if res.Partial {
			return nil, context.Canceled
		}
		out[i] = res.Tally
	}
	return out, nil
}

// pooled adds the tallies of every player count.
func pooled(ts []focalTally) focalTally {
	var t focalTally
	for i := range ts {
		t.merge(&ts[i])
	}
	return t
}
