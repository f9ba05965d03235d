package cardbots

import "github.com/bangsim/bangsim/sim/card"

// Estimate is one option played out: how often the deciding seat's side won.
type Estimate struct {
	Choice      int // an index into the decision's options
	Wins, Plays int
}

// Estimates plays each of the first halving.Max options of v's decision out rollouts
// times on worlds dealt as Choose deals them (card.Determinizer, the heuristic at every
// seat, common random numbers), with no halving, so every option's rate rests on the
// same count and carries its own interval (bangsim advise, the hint of bangsim play).
// It returns them with Choose's own choice, made first on the same View; Choose's
// choices are not changed by it.
func (s *Search) Estimates(v *card.View, rollouts int) ([]Estimate, int) {
	pick := s.Choose(v)
	n := min(int(v.Decision.N), maxCandidates)
	out := make([]Estimate, n)
	for i := range out {
		out[i].Choice = i
	}
	if n == 0 {
		return out, pick
	}
	s.playoutTable(v)
	s.det.Prepare(v)
	all := ^uint64(0) >> uint(64-n)
	for range max(rollouts, 1) {
		won := s.sample(v, all)
		for i := range out {
			out[i].Plays++
			out[i].Wins += int(won >> uint(i) & 1)
		}
	}
	return out, pick
}
