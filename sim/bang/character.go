package bang

import (
	"fmt"
	"strings"

	"github.com/bangsim/bangsim/data"
)

// Character is a character card, numbered as in data/characters.tsv; Plain is the
// no-ability baseline both games offer for balance studies.
type Character uint8

// The 16 characters in the order of data/characters.tsv, then Plain.
const (
	BartCassidy Character = iota
	BlackJack
	CalamityJanet
	ElGringo
	JesseJones
	Jourdonnais
	KitCarlson
	LuckyDuke
	PaulRegret
	PedroRamirez
	RoseDoolan
	SidKetchum
	SlabTheKiller
	SuzyLafayette
	VultureSam
	WillyTheKid
	Plain
	NumCharacters
)

// NumCharacters counts the printed characters and Plain only: a game's own count is its
// CharacterSet's Len, and arrays indexed by Character are sized MaxCharacters.

// NumRealCharacters is the number of printed characters (Plain excluded).
const NumRealCharacters = 16

var characterNames [NumCharacters]string

func init() {
	infos := data.Characters()
	if len(infos) != NumRealCharacters {
		panic(fmt.Sprintf("bang: characters table has %d rows, want %d", len(infos), NumRealCharacters))
	}
	for i, c := range infos {
		characterNames[i] = c.Name
	}
	characterNames[Plain] = "Plain"
	for c := range NumCharacters {
		printedNames.specs[c].Name, printedNames.slugs[c] = characterNames[c], Slugify(characterNames[c])
		if c != Plain {
			printedNames.box = append(printedNames.box, c)
		}
	}
}

// String returns the printed name, e.g. "Willy the Kid"; an added character, whose
// name only its CharacterSet knows, is "character #N".
func (c Character) String() string {
	if c < NumCharacters {
		return characterNames[c]
	}
	return fmt.Sprintf("character #%d", int(c))
}

// Slug returns the kebab-case name, e.g. "willy-the-kid".
func (c Character) Slug() string { return Slugify(c.String()) }

// Slugify lowercases a name and joins its words with hyphens.
func Slugify(s string) string {
	var b strings.Builder
	dash := false
	for _, r := range strings.ToLower(s) {
		if (r >= 'a' && r <= 'z') || (r >= '0' && r <= '9') {
			if dash && b.Len() > 0 {
				b.WriteByte('-')
			}
			dash = false
			b.WriteRune(r)
		} else {
			dash = true
		}
	}
	return b.String()
}

// ErrUnknownCharacter is wrapped by ParseCharacter's error.
var ErrUnknownCharacter = fmt.Errorf("unknown character")

// ParseCharacter accepts a printed name or a slug, in any case ("Willy the Kid",
// "willy-the-kid", "WILLY THE KID").
func ParseCharacter(s string) (Character, error) { return printedNames.Parse(s) }

// ErrCharacterList is wrapped by ParseCharacterList's errors.
var ErrCharacterList = fmt.Errorf("bad character list")

// ParseCharacterList reads a comma-separated list of character names or slugs. A real
// character may be listed once only, whatever the spelling ("Willy the Kid" and
// willy-the-kid are one card, and one box has one of each); Plain, having no ability,
// may repeat.
func ParseCharacterList(s string) ([]Character, error) { return printedNames.ParseList(s) }
