package dice

import (
	"fmt"

	"github.com/bangsim/bangsim/data"
	"github.com/bangsim/bangsim/sim/bang"
)

// Character is a player's character card (the shared BANG! characters); Plain is the
// no-ability baseline.
type Character = bang.Character

// The 16 characters in the order of data/characters.tsv, then Plain.
const (
	BartCassidy   = bang.BartCassidy
	BlackJack     = bang.BlackJack
	CalamityJanet = bang.CalamityJanet
	ElGringo      = bang.ElGringo
	JesseJones    = bang.JesseJones
	Jourdonnais   = bang.Jourdonnais
	KitCarlson    = bang.KitCarlson
	LuckyDuke     = bang.LuckyDuke
	PaulRegret    = bang.PaulRegret
	PedroRamirez  = bang.PedroRamirez
	RoseDoolan    = bang.RoseDoolan
	SidKetchum    = bang.SidKetchum
	SlabTheKiller = bang.SlabTheKiller
	SuzyLafayette = bang.SuzyLafayette
	VultureSam    = bang.VultureSam
	WillyTheKid   = bang.WillyTheKid
	Plain         = bang.Plain
	NumCharacters = bang.NumCharacters
)

// NumRealCharacters is the number of characters in the box (Plain excluded).
const NumRealCharacters = bang.NumRealCharacters

// PlainLife is the life of the Plain baseline character.
const PlainLife = 8

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
		characterLife[i] = int8(c.DiceLife)
	}
	characterLife[Plain] = PlainLife
}

// Life returns a character's starting life in the dice game, before the Sheriff's bonus.
func Life(c Character) int { return int(characterLife[c]) }

// Ability returns a one-line description of a character's dice-game ability.
func Ability(c Character) string { return characterAbilities[c] }

// Slugify lowercases a name and joins its words with hyphens.
func Slugify(s string) string { return bang.Slugify(s) }

// ErrUnknownCharacter is wrapped by ParseCharacter's error.
var ErrUnknownCharacter = bang.ErrUnknownCharacter

// ParseCharacter accepts a printed name or a slug, in any case ("Willy the Kid",
// "willy-the-kid", "WILLY THE KID").
func ParseCharacter(s string) (Character, error) { return bang.ParseCharacter(s) }
