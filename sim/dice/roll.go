package dice

import (
	"encoding/binary"
	"math/bits"

	"github.com/bangsim/bangsim/internal/fastrand"
)

// pow6[k] is 6^k: rolling k dice draws one uniform number below 6^k and reads its base-6
// digits, one generator call per roll instead of one per die.
// Eight entries (the last two unused) so a popcount masked with 7 indexes it without a
// bounds check.
var pow6 = [8]uint64{1, 6, 36, 216, 1296, 7776}

// uintn returns a uniform integer in [0, n) from the game's dice stream.
func (g *State) uintn(n uint64) uint64 { return fastrand.UintN(&g.rng, n) }

// rollDice sets every die in mask to a fresh face.
func (g *State) rollDice(mask uint8) {
	if g.scriptN > 0 {
		for m := mask; m != 0; m &= m - 1 {
			i := bits.TrailingZeros8(m)
			if g.scriptPos >= g.scriptN {
				panic("dice: scripted faces ran out")
			}
			g.Dice[i] = g.script[g.scriptPos]
			g.scriptPos++
		}
		g.indexFaces()
		return
	}
	// fastrand.UintN's first line written out here, its rare rejection called as UintN
	// calls it (the same draws): UintN is too big to inline, and the call cost a tenth
	// of a roll.
	n := pow6[bits.OnesCount8(mask)&7]
	r, lo := bits.Mul64(g.rng.Uint64(), n)
	if lo < n {
		r = fastrand.Reject(&g.rng, n, r, lo)
	}
	e := &fullRolls[r]
	if mask == allDice {
		// A full roll reads all five faces and their masks from one table entry.
		g.Dice = e.dice
		g.setFaces(e.faces)
		return
	}
	// k dice: one number below 6^k, its base-6 digits (read from the same table: the
	// digits above k are 0) dealt to the rolled dice, lowest die first. All five dice
	// are passed over with flags, not a loop over the rolled ones: how many dice a
	// player rerolls is their choice, and a loop that long mispredicts its exit.
	digits := uint64(e.dice[0]) | uint64(e.dice[1])<<8 | uint64(e.dice[2])<<16 | uint64(e.dice[3])<<24
	// Unrolled (Go does not unroll loops), so every shift by the die's index is a
	// constant; the face masks are built from the new faces in registers rather than
	// read back from the array just stored.
	d := &g.Dice
	f0 := takeDigit(d[0], mask, 0, &digits)
	f1 := takeDigit(d[1], mask, 1, &digits)
	f2 := takeDigit(d[2], mask, 2, &digits)
	f3 := takeDigit(d[3], mask, 3, &digits)
	f4 := takeDigit(d[4], mask, 4, &digits)
	d[0], d[1], d[2], d[3], d[4] = f0, f1, f2, f3, f4
	g.setFaces(1<<(8*uint(f0&7)) | 2<<(8*uint(f1&7)) | 4<<(8*uint(f2&7)) |
		8<<(8*uint(f3&7)) | 16<<(8*uint(f4&7)))
}

// takeDigit returns die i's face after a partial roll: the next base-6 digit of
// digits (consumed) if mask rerolls the die, else its old face. Flags, not a branch.
func takeDigit(old Face, mask uint8, i uint, digits *uint64) Face {
	take := mask >> i & 1
	keep := Face(take) - 1 // 0xff keeps the old face, 0 takes the next digit
	f := old&keep | Face(*digits)&^keep
	*digits >>= 8 * uint64(take) & 63
	return f
}

// allDice is the mask of all five dice.
const allDice = 1<<NumDice - 1

// fullRoll is one outcome of rolling all five dice.
type fullRoll struct {
	dice  Dice
	faces uint64 // byte f: the dice showing f
}

// fullRolls[r] is the roll whose faces are the base-6 digits of r, die 0 lowest, the
// same faces the digit-by-digit path gives for r.
var fullRolls [7776]fullRoll

func init() {
	for r := range fullRolls {
		x := r
		e := &fullRolls[r]
		for i := range e.dice {
			e.dice[i] = Face(x % 6)
			e.faces |= 1 << uint(i) << (8 * uint(x%6))
			x /= 6
		}
	}
}

// indexFaces rebuilds the per-face dice masks after a roll.
func (g *State) indexFaces() {
	d := &g.Dice
	g.setFaces(1<<(8*uint(d[0]&7)) | 2<<(8*uint(d[1]&7)) | 4<<(8*uint(d[2]&7)) |
		8<<(8*uint(d[3]&7)) | 16<<(8*uint(d[4]&7)))
}

// setFaces stores the per-face masks (byte f: the dice showing f) in one write: the
// engine reads single bytes of it right away, and byte-by-byte stores followed by those
// reads stall the CPU's store forwarding on this hot path.
func (g *State) setFaces(x uint64) { binary.LittleEndian.PutUint64(g.faces[:], x) }

// count returns how many dice show f.
func (g *State) count(f Face) int { return bits.OnesCount8(g.faces[f]) }

// Script makes the next rolls show the given faces, in order, die by die (lowest die
// index first within a roll), instead of random ones: scenario tests use it to play the
// rulebook's situations. Faces beyond the script panic, so a test cannot silently fall
// back to chance.
func (g *State) Script(faces ...Face) {
	if len(faces) > len(g.script) {
		panic("dice: script too long")
	}
	g.scriptN = uint8(copy(g.script[:], faces))
	g.scriptPos = 0
}

// ScriptLeft returns how many scripted faces are still unread.
func (g *State) ScriptLeft() int { return int(g.scriptN - g.scriptPos) }
