package card

import (
	"encoding/binary"
	"fmt"
	"hash/fnv"
	"testing"

	"github.com/bangsim/bangsim/internal/enginetest"
)

// The long duel under the shared harness's checks that need no Pending/Apply
// (determinism, the count path against the View path); the playouts with copies and
// the decision fuzzing wait for the duel's state machine (doc.go, "The duel's rule
// steps and the machine's").

// duelHasher plays duels through d and returns each one's hash: every decision asked
// (kind, seat, options) and the choice applied, and the end.
func duelHasher(d *LongDuel) func(gameSeed uint64) uint64 {
	h := fnv.New64a()
	var buf [8]byte
	put := func(v uint64) {
		binary.LittleEndian.PutUint64(buf[:], v)
		h.Write(buf[:])
	}
	d.OnDecision = func(dec *Decision, c int) {
		put(decisionWord(dec, c))
		for _, o := range dec.Options[:dec.N] {
			put(optionWord(o, true))
		}
	}
	return func(gameSeed uint64) uint64 {
		h.Reset()
		d.Play(gameSeed)
		put(uint64(uint8(d.Info.Winner)) | uint64(d.Turns)<<8 | uint64(d.Info.Lost[0])<<24 | uint64(d.Info.Lost[1])<<32 | uint64(d.Illegal)<<40)
		return h.Sum64()
	}
}

// decisionWord packs what TestDuelFingerprint hashes of a decision asked and choice c.
func decisionWord(dec *Decision, c int) uint64 {
	return uint64(dec.Kind) | uint64(uint8(dec.Seat))<<8 | uint64(dec.N)<<16 | uint64(dec.Yard)<<32 | uint64(c)<<48
}

// optionWord packs what TestDuelFingerprint hashes of an option, its Target only with
// target set.
func optionWord(o Option, target bool) uint64 {
	v := uint64(o.Act) | uint64(o.Card)<<16 | uint64(o.Pick)<<24
	if target {
		v |= uint64(uint8(o.Target)) << 8
	}
	return v
}

func diffDuelHash(x, y uint64) string {
	if x == y {
		return ""
	}
	return fmt.Sprintf("hash %#x against %#x", x, y)
}

// TestDuelDeterminism: the same seed gives the same duel, in a fresh LongDuel and in
// one that played another duel first (enginetest.Determinism), with random and value
// drafts.
func TestDuelDeterminism(t *testing.T) {
	mk := func() *LongDuel {
		return NewLongDuel([2]Policy{&Random{}, &Random{}}, [2]DraftPolicy{RandomDraft{}, NewValueDraft(false)})
	}
	enginetest.Determinism(t, 31, 50, duelHasher(mk()), duelHasher(mk()), diffDuelHash)
}

// viewRandom is Random without its CountPolicy: the duel asks it through a View.
type viewRandom struct{ r Random }

func (p *viewRandom) Choose(v *View) int { return p.r.Choose(v) }

// TestDuelCountPathAgrees: a Random seat asked from the decision's counts alone (the
// duel's fast path, no View) plays the very duels it plays through a filled View
// (enginetest.FastPathAgrees), decision for decision.
func TestDuelCountPathAgrees(t *testing.T) {
	fast := duelHasher(NewLongDuel([2]Policy{&Random{}, &Random{}}, [2]DraftPolicy{RandomDraft{}, RandomDraft{}}))
	ref := duelHasher(NewLongDuel([2]Policy{&viewRandom{}, &viewRandom{}}, [2]DraftPolicy{RandomDraft{}, RandomDraft{}}))
	enginetest.FastPathAgrees(t, "random duels", 32, 200,
		func(_, gs uint64) uint64 { return fast(gs) },
		func(_, gs uint64) uint64 { return ref(gs) }, diffDuelHash)
}
