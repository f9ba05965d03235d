package resultfile

import (
	"fmt"
	"math/bits"

	"github.com/bangsim/bangsim/sim/tally"
)

// Lengths is the games of one table size by their length in turns (tally.json schema
// 3): one entry per length at which some game ended, shortest first. The games of Cap
// turns or more are counted together, under Cap. The entries add up to the tally's
// games, so the distribution merges by addition like every other count.
type Lengths struct {
	Cap   int           `json:"cap"`
	Games []LengthCount `json:"games"`
}

// LengthCount is the games that ended after Turns turns (Turns or more at the cap).
type LengthCount struct {
	Turns int    `json:"turns"`
	Games uint64 `json:"games"`
}

// NewLengths writes an engine's histogram in the file's form: the lengths no game had
// are left out.
func NewLengths(h *tally.Lengths) *Lengths {
	l := &Lengths{Cap: tally.LengthCap, Games: []LengthCount{}}
	for n, g := range h {
		if g > 0 {
			l.Games = append(l.Games, LengthCount{Turns: n, Games: g})
		}
	}
	return l
}

// AtCap returns the games counted at the cap: those of Cap turns or more.
func (l *Lengths) AtCap() uint64 {
	if k := len(l.Games); k > 0 && l.Games[k-1].Turns == l.Cap {
		return l.Games[k-1].Games
	}
	return 0
}

// check verifies the lengths of games games of turns turns in all: lengths in order
// and within the cap, each counting at least one game, adding up to the games; their
// turns (each game at the cap counted at the cap) at most the total, and equal to it
// when no game reached the cap.
func (l *Lengths) check(games, turns uint64) error {
	if l.Cap < 1 {
		return fmt.Errorf("lengths.cap %d is not a positive number of turns", l.Cap)
	}
	var n, sum uint64
	var ok bool
	for i, e := range l.Games {
		switch {
		case e.Turns < 0 || e.Turns > l.Cap:
			return fmt.Errorf("lengths.games[%d]: %d turns is outside 0 to the cap %d", i, e.Turns, l.Cap)
		case i > 0 && e.Turns <= l.Games[i-1].Turns:
			return fmt.Errorf("lengths.games[%d]: %d turns does not follow %d (the lengths go shortest first, each once)", i, e.Turns, l.Games[i-1].Turns)
		case e.Games == 0:
			return fmt.Errorf("lengths.games[%d]: no game of %d turns (a length no game had is left out)", i, e.Turns)
		}
		if n, ok = add(n, e.Games); !ok {
			return fmt.Errorf("lengths.games: the games overflow")
		}
		hi, lo := bits.Mul64(uint64(e.Turns), e.Games)
		if sum, ok = add(sum, lo); !ok || hi != 0 {
			return fmt.Errorf("lengths.games: the turns overflow")
		}
	}
	switch {
	case n != games:
		return fmt.Errorf("lengths count %d games, the tally %d", n, games)
	case sum > turns || (l.AtCap() == 0 && sum != turns):
		return fmt.Errorf("lengths add up to %d turns, the tally's turns are %d", sum, turns)
	}
	return nil
}

// merge adds o, of the same cap, into l; sum adds one count and notes an overflow by
// name.
func (l *Lengths) merge(o *Lengths, sum func(name string, dst *uint64, v uint64)) {
	out := make([]LengthCount, 0, max(len(l.Games), len(o.Games)))
	i, j := 0, 0
	for i < len(l.Games) || j < len(o.Games) {
		switch {
		case j == len(o.Games) || (i < len(l.Games) && l.Games[i].Turns < o.Games[j].Turns):
			out = append(out, l.Games[i])
			i++
		case i == len(l.Games) || o.Games[j].Turns < l.Games[i].Turns:
			out = append(out, o.Games[j])
			j++
		default:
			e := l.Games[i]
			sum(fmt.Sprintf("lengths[%d turns]", e.Turns), &e.Games, o.Games[j].Games)
			out = append(out, e)
			i++
			j++
		}
	}
	l.Games = out
}

// clone returns a copy of l that shares nothing with it; nil stays nil.
func (l *Lengths) clone() *Lengths {
	if l == nil {
		return nil
	}
	return &Lengths{Cap: l.Cap, Games: append([]LengthCount{}, l.Games...)}
}
