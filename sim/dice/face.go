package dice

// Face is what one die shows.
type Face uint8

// The six faces of a BANG! die, each with probability 1/6.
const (
	Arrow Face = iota
	Dynamite
	BullsEye1
	BullsEye2
	Beer
	Gatling
	NumFaces
)

// NumDice is the number of dice rolled in a turn.
const NumDice = 5

var faceNames = [NumFaces]string{"Arrow", "Dynamite", "Bull's Eye 1", "Bull's Eye 2", "Beer", "Gatling"}
var faceLetters = [NumFaces]byte{'A', 'D', '1', '2', 'B', 'G'}

// String returns the face's printed name.
func (f Face) String() string {
	if f < NumFaces {
		return faceNames[f]
	}
	return "Face?"
}

// Letter is a one-character code for compact logs and scripted tests: A D 1 2 B G.
func (f Face) Letter() byte {
	if f < NumFaces {
		return faceLetters[f]
	}
	return '?'
}

// FaceFromLetter parses a Letter code.
func FaceFromLetter(c byte) (Face, bool) {
	for i, l := range faceLetters {
		if l == c {
			return Face(i), true
		}
	}
	return 0, false
}

// Dice is the five dice of a turn.
type Dice [NumDice]Face

// Count returns how many dice show f.
func (d *Dice) Count(f Face) int {
	n := 0
	for _, x := range d {
		if x == f {
			n++
		}
	}
	return n
}

// Mask returns the bitmask of dice (bit i = die i) showing f.
func (d *Dice) Mask(f Face) uint8 {
	var m uint8
	for i, x := range d {
		if x == f {
			m |= 1 << i
		}
	}
	return m
}

// String renders the dice as letters, e.g. "AD12G".
func (d Dice) String() string {
	var b [NumDice]byte
	for i, f := range d {
		b[i] = f.Letter()
	}
	return string(b[:])
}
