package dice

import (
	"fmt"
	"strings"

	"github.com/bangsim/bangsim/data"
)

// Character is a player's character card; Plain is the no-ability baseline.
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

// NumRealCharacters is the number of characters in the box (Plain excluded).
const NumRealCharacters = 16

// PlainLife is the life of the Plain baseline character.
const PlainLife = 8

var characterNames [NumCharacters]string
var characterLife [NumCharacters]int8

var characterAbilities = [NumCharacters]string{
	"may take an arrow instead of losing a life point to a Bull's Eye or the Gatling (never the pile's last arrow)",
	"may reroll Dynamite, unless three or more are showing",
	"may use Bull's Eye 1 as Bull's Eye 2 and the other way round",
	"a player who makes him lose life in a step takes an arrow",
	"with 4 life or less, each Beer he uses on himself gives 2",
	"never loses more than 1 life to one Indian attack",
	"for each Gatling die, may discard one arrow of any player",
	"one extra reroll (four rolls in all)",
	"never loses life to the Gatling",
	"each time he loses a life point, may return one of his arrows",
	"Bull's Eye 1 reaches distance 1 or 2, Bull's Eye 2 distance 2 or 3",
	"at the start of his turn, a player of his choice gains 1 life",
	"once per turn, may spend a Beer to make one Bull's Eye deal 2 damage",
	"at the end of her turn, gains 2 life if her final dice show no Bull's Eye",
	"gains 2 life each time another player is eliminated",
	"needs only 2 Gatling to fire it, once a turn",
	"no ability, 8 life: a baseline for balance studies",
}

func init() {
	infos := data.Characters()
	if len(infos) != NumRealCharacters {
		panic(fmt.Sprintf("dice: characters table has %d rows, want %d", len(infos), NumRealCharacters))
	}
	for i, c := range infos {
		characterNames[i] = c.Name
		characterLife[i] = int8(c.DiceLife)
	}
	characterNames[Plain] = "Plain"
	characterLife[Plain] = PlainLife
}

// String returns the printed name, e.g. "Willy the Kid".
func (c Character) String() string {
	if c < NumCharacters {
		return characterNames[c]
	}
	return "Character?"
}

// Slug returns the kebab-case name, e.g. "willy-the-kid".
func (c Character) Slug() string { return Slugify(c.String()) }

// Life returns the character's starting life before the Sheriff's bonus.
func (c Character) Life() int { return int(characterLife[c]) }

// Ability returns a one-line description of the character's ability.
func (c Character) Ability() string { return characterAbilities[c] }

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
func ParseCharacter(s string) (Character, error) {
	slug := Slugify(s)
	for c := Character(0); c < NumCharacters; c++ {
		if c.Slug() == slug {
			return c, nil
		}
	}
	return 0, fmt.Errorf("%w %q (run `bangsim characters` for the list)", ErrUnknownCharacter, s)
}
