package enginetest

// The harness's own tests run a toy engine (a countdown: each decision takes 1 or 2
// from a counter seeded by the game) with one fault switched on at a time, and require
// that the harness reports each fault: a broken invariant, an Illegal count that does
// not grow, a loop, a copy that shares state, a nondeterministic driver, an allocating
// one, a fast path that differs. Without them a harness that never fails would pass.

import (
	"fmt"
	"strings"
	"testing"
)

// toy is the countdown engine with its fault switches. Its policy stream sits behind a
// pointer, as a View's Rand does; fault "share" makes Clone forget to copy it.
type toy struct {
	left, illegal, steps int
	rng                  *uint64
	fault                string
}

func (m *toy) Start(g Game) error {
	r := g.Seed | 1
	m.left, m.illegal, m.steps, m.rng = 5+int(g.Seed%20), 0, 0, &r
	return nil
}
func (m *toy) Done() bool    { return m.left <= 0 }
func (m *toy) Asked() string { return fmt.Sprintf("take at %d", m.left) }
func (m *toy) Choose() (int, bool, error) {
	r := *m.rng
	r ^= r << 13
	r ^= r >> 7
	r ^= r << 17
	*m.rng = r
	c := 1 + int(r%3) // 3 is illegal
	return c, c <= 2, nil
}
func (m *toy) Apply(c int) {
	if c < 1 || c > 2 {
		c = 1
		if m.fault != "uncounted" {
			m.illegal++
		}
	}
	if m.fault != "loop" {
		m.left -= c
	}
	m.steps++
}
func (m *toy) Illegal() int { return m.illegal }
func (m *toy) Check() error {
	if m.fault == "invariant" && m.steps == 3 {
		return fmt.Errorf("broken at step 3")
	}
	return nil
}
func (m *toy) End() error    { return nil }
func (m *toy) MaxSteps() int { return 100 }
func (m *toy) Clone() *toy {
	c := *m
	if m.fault != "share" {
		r := *m.rng
		c.rng = &r
	}
	return &c
}
func (m *toy) Diff(o *toy) string {
	if m.left != o.left || m.illegal != o.illegal || m.steps != o.steps {
		return fmt.Sprintf("left %d illegal %d steps %d vs %d %d %d", m.left, m.illegal, m.steps, o.left, o.illegal, o.steps)
	}
	return ""
}
func (m *toy) Describe() string { return fmt.Sprintf("left %d", m.left) }

// recorder is a testing.TB that records failures instead of failing.
type recorder struct {
	testing.TB
	failed []string
}

func (r *recorder) Helper() {}
func (r *recorder) Fatalf(f string, a ...any) {
	r.failed = append(r.failed, fmt.Sprintf(f, a...))
	panic(r)
}
func (r *recorder) Errorf(f string, a ...any) { r.failed = append(r.failed, fmt.Sprintf(f, a...)) }
func (r *recorder) Fatal(a ...any)            { r.Fatalf("%s", fmt.Sprint(a...)) }
func (r *recorder) Logf(string, ...any)       {}
func (r *recorder) Log(...any)                {}
func (r *recorder) Name() string              { return "recorder" }
func (r *recorder) Cleanup(func())            {}
func (r *recorder) Failed() bool              { return len(r.failed) > 0 }

// failure runs f on a recorder and returns its first failure, "" if none.
func failure(t *testing.T, f func(tb testing.TB)) (msg string) {
	r := &recorder{TB: t}
	defer func() {
		if p := recover(); p != nil && p != any(r) {
			panic(p)
		}
		if len(r.failed) > 0 {
			msg = r.failed[0]
		}
	}()
	f(r)
	return ""
}

func TestPlayoutsClean(t *testing.T) {
	if msg := failure(t, func(tb testing.TB) { Playouts(tb, &toy{}, 1, 300, Options{}) }); msg != "" {
		t.Fatalf("a correct engine failed: %s", msg)
	}
	if msg := failure(t, func(tb testing.TB) { Playouts(tb, &toy{}, 1, 300, Options{Strict: true}) }); !strings.Contains(msg, "not legal") {
		t.Fatalf("strict playouts of an engine whose policy chooses illegally: %q", msg)
	}
}

func TestPlayoutsCatchFaults(t *testing.T) {
	for fault, want := range map[string]string{
		"invariant": "broken at step 3",
		"uncounted": "Illegal went",
		"loop":      "still running after 100",
		"share":     "end differently",
	} {
		msg := failure(t, func(tb testing.TB) { Playouts(tb, &toy{fault: fault}, 1, 300, Options{CopyEvery: 1}) })
		if !strings.Contains(msg, want) {
			t.Errorf("fault %s: harness reported %q, want it to say %q", fault, msg, want)
		}
	}
}

func TestDeterminismCatches(t *testing.T) {
	play := func(gs uint64) int { return int(gs % 1000) }
	if msg := failure(t, func(tb testing.TB) { Determinism(tb, 1, 20, play, play, same) }); msg != "" {
		t.Fatalf("a deterministic driver failed: %s", msg)
	}
	n := 0
	drift := func(gs uint64) int { n++; return int(gs%1000) + n }
	if msg := failure(t, func(tb testing.TB) { Determinism(tb, 1, 20, drift, play, same) }); !strings.Contains(msg, "differ") {
		t.Errorf("a driver that remembers earlier games: %q", msg)
	}
	constant := func(uint64) int { return 7 }
	if msg := failure(t, func(tb testing.TB) { Determinism(tb, 1, 20, constant, constant, same) }); !strings.Contains(msg, "different game") {
		t.Errorf("a constant driver: %q", msg)
	}
}

func same(x, y int) string {
	if x != y {
		return fmt.Sprintf("%d vs %d", x, y)
	}
	return ""
}

var sink []byte

func TestZeroAllocsCatches(t *testing.T) {
	if msg := failure(t, func(tb testing.TB) { ZeroAllocs(tb, "toy", func(uint64) {}) }); msg != "" {
		t.Fatalf("a driver that does not allocate failed: %s", msg)
	}
	if msg := failure(t, func(tb testing.TB) { ZeroAllocs(tb, "toy", func(uint64) { sink = make([]byte, 64) }) }); !strings.Contains(msg, "allocates 1.00") {
		t.Errorf("an allocating driver: %q", msg)
	}
}

func TestFastPathCatches(t *testing.T) {
	ref := func(i, gs uint64) int { return int(gs % 7) }
	odd := func(i, gs uint64) int {
		if i == 5 {
			return -1
		}
		return int(gs % 7)
	}
	if msg := failure(t, func(tb testing.TB) { FastPathAgrees(tb, "toy", 1, 10, ref, ref, same) }); msg != "" {
		t.Fatalf("agreeing paths failed: %s", msg)
	}
	if msg := failure(t, func(tb testing.TB) { FastPathAgrees(tb, "toy", 1, 10, odd, ref, same) }); !strings.Contains(msg, "game 5") {
		t.Errorf("a fast path differing in game 5: %q", msg)
	}
}

func TestStream(t *testing.T) {
	s := Stream{B: []byte{1, 0xff, 0x80, 0x7f, 0x7e, 0x7d, 0x7c}, Special: map[byte]int{0x7c: 31}}
	var got []int
	for range 8 {
		got = append(got, s.Next())
	}
	want := fmt.Sprint([]int{1, -1, -1 << 63, 1<<63 - 1, 1 << 32, 1<<40 | 1, 31, 1})
	if fmt.Sprint(got) != want {
		t.Fatalf("stream gave %v, want %v", got, want)
	}
	if (&Stream{}).Next() != 0 {
		t.Fatal("an empty stream must answer 0")
	}
}

func TestPlainValueCatches(t *testing.T) {
	type plain struct {
		A [3]int
		B struct{ C uint8 }
	}
	type shared struct {
		A [2]struct{ P *int }
	}
	if msg := failure(t, func(tb testing.TB) { PlainValue[plain](tb) }); msg != "" {
		t.Fatalf("a plain value failed: %s", msg)
	}
	if msg := failure(t, func(tb testing.TB) { PlainValue[shared](tb) }); !strings.Contains(msg, "shared.A[].P is a ptr") {
		t.Errorf("a value holding a pointer: %q", msg)
	}
}

func TestPlayoutsFastPath(t *testing.T) {
	m := &toy{}
	agree := func(Game) string { return "" }
	if msg := failure(t, func(tb testing.TB) { Playouts(tb, m, 1, 50, Options{FastPath: agree}) }); msg != "" {
		t.Fatalf("an agreeing fast path failed: %s", msg)
	}
	calls := 0
	odd := func(g Game) string {
		calls++
		if g.Index == 7 {
			return "differs"
		}
		return ""
	}
	if msg := failure(t, func(tb testing.TB) { Playouts(tb, m, 1, 50, Options{FastPath: odd}) }); !strings.Contains(msg, "game 7") || calls != 8 {
		t.Errorf("a fast path differing in game 7: %q after %d calls", msg, calls)
	}
}
