package report

import (
	"regexp"

	"github.com/bangsim/bangsim/resultfile"
)

// commonLuck finds what a comparison's design says its games share: lab.CompareDesign
// writes "common <luck> from the game seed", with the game's Luck ("dice", "deck").
var commonLuck = regexp.MustCompile(`common (\w+) from the game seed`)

// sameLuck names what the paired games of a comparison share, for its notes: "the
// same dice" for the dice game, "the same deck" for the card game, read from the
// recorded design (the game's name decides for older files without it).
func sameLuck(rec *resultfile.Compare) string {
	if m := commonLuck.FindStringSubmatch(rec.Design); m != nil {
		return "the same " + m[1]
	}
	switch rec.Game {
	case "dice":
		return "the same dice"
	case "card":
		return "the same deck"
	}
	return "the same random draws"
}
