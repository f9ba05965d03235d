package dicebots

import "github.com/bangsim/bangsim/sim/dice"

// Estimate is one candidate choice played out: how often the deciding seat's side won.
type Estimate struct {
	Choice      int
	Wins, Plays int
}

// Estimates plays every candidate of v's decision out rollouts times on the same
// samples Choose draws (a determinization of the game, the hidden roles dealt, the
// heuristic at every seat: common random numbers), with no halving, so that every
// candidate's rate rests on the same count and carries its own interval (bangsim
// advise, the hint of bangsim play). It returns them with Choose's own choice, made
// first on the same View; the choices Choose makes are not changed by it. Candidates are
// as Choose lists them (a reroll: how many dice of each face, the lowest first).
func (s *Search) Estimates(v *dice.View, rollouts int) ([]Estimate, int) {
	pick := s.Choose(v)
	s.candidates(v)
	out := make([]Estimate, s.n)
	for i := range out {
		out[i].Choice = s.cand[i]
	}
	if s.n == 0 {
		return out, pick
	}
	all := uint64(1)<<uint(s.n) - 1
	for range max(rollouts, 1) {
		won := s.sample(v, all)
		for i := range out {
			out[i].Plays++
			out[i].Wins += int(won >> uint(i) & 1)
		}
	}
	return out, s.cand[s.index(v, pick)]
}
