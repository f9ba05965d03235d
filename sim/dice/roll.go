package dice

import (
	"encoding/binary"
	"math/bits"

	"github.com/bangsim/bangsim/internal/fastrand"
)

// fullRollOutcomes is 6^5: a roll draws one uniform number below it and reads its
// base-6 digits as the five dice, one generator call per roll instead of one per die.
const fullRollOutcomes = 7776

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
	// Every roll draws all five dice, and the dice in mask take theirs: each base-6 digit
	// of a uniform number below 6^5 is uniform and independent of the others, so the
	// rerolled dice are fair whichever they are, and a partial roll is two masked merges
	// of whole words instead of a digit dealt to each rolled die.
	// fastrand.UintN's first line written out here, its rare rejection called as UintN
	// calls it (the same draws): UintN is too big to inline.
	r, lo := bits.Mul64(g.rng.Uint64(), fullRollOutcomes)
	if lo < fullRollOutcomes {
		r = fastrand.Reject(&g.rng, fullRollOutcomes, r, lo)
	}
	e := &fullRolls[r]
	bytes := dieBytes[mask&allDice]           // the rolled dice's bytes of a Dice word
	bit := uint64(mask) * 0x01010101_01010101 // the rolled dice's bits in every face's byte
	d := &g.Dice
	// Byte by byte in the source; the compiler merges them into word loads and stores.
	old := uint64(d[0]) | uint64(d[1])<<8 | uint64(d[2])<<16 | uint64(d[3])<<24 | uint64(d[4])<<32
	now := old&^bytes | e.dice&bytes
	d[0], d[1], d[2], d[3], d[4] = Face(now), Face(now>>8), Face(now>>16), Face(now>>24), Face(now>>32)
	g.setFaces(binary.LittleEndian.Uint64(g.Faces[:])&^bit | e.faces&bit)
}

// allDice is the mask of all five dice.
const allDice = 1<<NumDice - 1

// fullRoll is one outcome of rolling all five dice, as words.
type fullRoll struct {
	dice  uint64 // byte i: die i's face
	faces uint64 // byte f: the dice showing f
}

// fullRolls[r] is the roll whose faces are the base-6 digits of r, die 0 lowest.
var fullRolls [fullRollOutcomes]fullRoll

// dieBytes[m] has byte i set to 0xff for every die i in the mask m.
var dieBytes [allDice + 1]uint64

func init() {
	for r := range fullRolls {
		x := r
		e := &fullRolls[r]
		for i := range NumDice {
			e.dice |= uint64(x%6) << (8 * i)
			e.faces |= 1 << uint(i) << (8 * uint(x%6))
			x /= 6
		}
	}
	for m := range dieBytes {
		for i := range NumDice {
			if m>>i&1 == 1 {
				dieBytes[m] |= 0xff << (8 * i)
			}
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
func (g *State) setFaces(x uint64) { binary.LittleEndian.PutUint64(g.Faces[:], x) }

// count returns how many dice show f.
func (g *State) count(f Face) int { return bits.OnesCount8(g.Faces[f]) }

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
