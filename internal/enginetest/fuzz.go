package enginetest

import (
	"math"
	"testing"
)

// Stream turns a fuzzed byte string into decisions' choices, cycling: most bytes are
// int8 values (negative, small indexes, far out of range), and a few stand for the
// extremes an int can take. Special maps further bytes to an engine's own values (the
// dice's Skip); it wins over the common ones.
type Stream struct {
	B       []byte
	I       int
	Special map[byte]int
}

// Next returns the next choice: 0 for an empty stream.
func (s *Stream) Next() int {
	if len(s.B) == 0 {
		return 0
	}
	x := s.B[s.I%len(s.B)]
	s.I++
	if v, ok := s.Special[x]; ok {
		return v
	}
	switch x {
	case 0x80:
		return math.MinInt
	case 0x7f:
		return math.MaxInt
	case 0x7e:
		return 1 << 32 // wider than 32 bits: a mask's low bits must not pass for it
	case 0x7d:
		return 1<<40 | 1
	}
	return int(int8(x))
}

// Byte returns the next raw byte: 0 for an empty stream.
func (s *Stream) Byte() byte {
	if len(s.B) == 0 {
		return 0
	}
	x := s.B[s.I%len(s.B)]
	s.I++
	return x
}

// FuzzInput is one seed of a decision fuzz target's corpus.
type FuzzInput struct {
	Seed    uint64
	Players uint8
	Choices []byte
}

// FuzzDecisions runs a fuzz target over (game seed, players byte, choice bytes): build
// makes the machine of one fuzzed game (its rules from players and the seed, every seat
// answering from a Stream over the choices; an error is a bad adapter), Play plays it
// with every invariant checked after every step, arbitrary choices allowed (any int,
// out of range included: the engine must replace it and count it, never panic), and
// then, when after is non-nil, after checks the finished machine (its fast path fed the
// same choices must play the same game, say). corpus seeds the target.
func FuzzDecisions[M Machine[M]](f *testing.F, corpus []FuzzInput, build func(gameSeed uint64, players uint8, choices []byte) (M, error), after func(t *testing.T, m M, gameSeed uint64, players uint8, choices []byte)) {
	for _, c := range corpus {
		f.Add(c.Seed, c.Players, c.Choices)
	}
	f.Fuzz(func(t *testing.T, gameSeed uint64, players uint8, choices []byte) {
		m, err := build(gameSeed, players, choices)
		if err != nil {
			t.Fatal(err)
		}
		if step, err := Play(m, Game{Seed: gameSeed}, false); err != nil {
			t.Fatalf("seed %#x, players byte %d, step %d: %v\n%s", gameSeed, players, step, err, m.Describe())
		}
		if after != nil {
			after(t, m, gameSeed, players, choices)
		}
	})
}
