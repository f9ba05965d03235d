package cardbots_test

import (
	"testing"

	"github.com/bangsim/bangsim/internal/seed"
	"github.com/bangsim/bangsim/sim/card"
	"github.com/bangsim/bangsim/strategy/cardbots"
)

// playSample is a phase-2 View as the Table filled it for the heuristic, kept by the
// fields ChoosePlay reads (the whole View, with its list of options, is 2.8 KB: copying
// it back would outweigh the thinking), and the seat's memo as it stood.
type playSample struct {
	board card.Board
	rec   card.Record
	deeds [card.MaxSeats]uint16
	hand  card.Set
	play  card.PlayList
	self  int8
	role  card.Role
	kind  card.DecisionKind
	n, y  uint16
	end   card.Option
	memo  card.Memo
	memod bool
}

// playRecorder is the heuristic (every interface it declares promoted, so the Table
// asks it as it asks the heuristic) keeping each phase-2 View it is shown.
type playRecorder struct {
	cardbots.Heuristic
	out *[]playSample
}

// ChoosePlay keeps the View, then chooses as the heuristic does.
func (p playRecorder) ChoosePlay(v *card.View) card.Option {
	d := &v.Decision
	s := playSample{board: v.Board, rec: v.Record, deeds: v.Deeds, hand: v.Hand, play: v.Play,
		self: v.Self, role: v.Role, kind: d.Kind, n: d.N, y: d.Yard, end: d.Options[0]}
	if v.Memo != nil {
		s.memo, s.memod = *v.Memo, true
	}
	*p.out = append(*p.out, s)
	return p.Heuristic.ChoosePlay(v)
}

// load puts sample s back into v, its memo into m.
func (s *playSample) load(v *card.View, m *card.Memo) {
	v.Board, v.Record, v.Deeds, v.Hand, v.Play = s.board, s.rec, s.deeds, s.hand, s.play
	v.Self, v.Role = s.self, s.role
	d := &v.Decision
	d.Kind, d.Seat, d.N, d.Yard, d.Options[0] = s.kind, s.self, s.n, s.y, s.end
	v.ReadProfiles() // a sample's View was filled from a game long gone
	v.Memo = nil
	if s.memod {
		*m = s.memo
		v.Memo = m
	}
}

// BenchmarkChoosePlayReplay times the heuristic's phase-2 thinking alone: the phase-2
// Views of the first 300 games of BenchmarkCardHeuristic/p5 (about 20,000), recorded as
// the Table filled them, are put back into one View and asked again in order; "load" is
// the putting back alone, to subtract from "choose". Without the engine around it, a
// change to the heuristic's phase 2 shows here at a few percent where a whole game's
// time, noisier, hides it (BASELINE.md, 2026-11-27: its branches).
func BenchmarkChoosePlayReplay(b *testing.B) {
	var samples []playSample
	tb := declaredTable(b, "heuristic", 5, func(e cardbots.Entry) card.Policy {
		return playRecorder{e.New().(cardbots.Heuristic), &samples}
	})
	for i := range uint64(300) {
		tb.Play(seed.ForGame(1, i))
	}
	for _, think := range []bool{false, true} {
		name := "load"
		if think {
			name = "choose"
		}
		b.Run(name, func(b *testing.B) {
			h := cardbots.Heuristic{}
			var v card.View
			var m card.Memo
			var sink card.CardID
			b.ReportAllocs()
			n := 0
			for b.Loop() {
				for i := range samples {
					samples[i].load(&v, &m)
					if think {
						sink ^= h.ChoosePlay(&v).Card
					}
				}
				n += len(samples)
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(n), "ns/decision")
			_ = sink
		})
	}
}
