package report

import (
	"maps"
	"slices"
	"strings"
	"unicode"

	"github.com/bangsim/bangsim/resultfile"
)

// The omniscient bot is shown every hidden role: it cheats, as an upper bound on what
// reading the table could give a fair bot. Its results must never pass for a fair
// player's, so every summary, page and chart that shows one says so: a banner, the
// bot's name marked wherever the caption lists it, and the chart's title.

// cheatingBot is the name of the bot that sees every hidden role.
const cheatingBot = "omniscient"

// cheatTag marks a cheating bot's name in a caption; page.named adds cheatTitle to the
// title of a chart whose caption holds it.
const cheatTag = " (CHEATS: sees every role)"

// cheatTitle ends the title of a chart with a cheating bot's results.
const cheatTitle = " — with a CHEATING bot"

// cheats reports whether a bot spec names the omniscient bot: "omniscient",
// "omniscient:…", or a role's "Outlaw=omniscient" in a list.
func cheats(spec string) bool {
	for _, part := range strings.FieldsFunc(spec, func(r rune) bool { return r == ',' || r == '=' || unicode.IsSpace(r) }) {
		if i := strings.IndexFunc(part, func(r rune) bool { return !(unicode.IsLetter(r) || unicode.IsDigit(r) || r == '-' || r == '_') }); i >= 0 {
			part = part[:i]
		}
		if strings.EqualFold(part, cheatingBot) {
			return true
		}
	}
	return false
}

// botLabel is spec, marked with cheatTag when it cheats.
func botLabel(spec string) string {
	if cheats(spec) {
		return spec + cheatTag
	}
	return spec
}

// cheatWarning is the banner of results that used a cheating bot among specs, or "".
func cheatWarning(specs ...string) string {
	var who []string
	for _, s := range specs {
		if cheats(s) && !slices.Contains(who, s) {
			who = append(who, s)
		}
	}
	if len(who) == 0 {
		return ""
	}
	return "CHEATING bot: " + strings.Join(who, ", ") + " is shown every hidden role, which no fair player knows; " +
		"its results are an upper bound on what reading the table could give, not a fair bot's."
}

// runBots are the bot specs of a run: the default and each role's.
func runBots(set *resultfile.TallySet) []string {
	bots := []string{set.Policies.Default}
	for _, k := range slices.Sorted(maps.Keys(set.Policies.ByRole)) {
		bots = append(bots, set.Policies.ByRole[k])
	}
	return bots
}

// compareBots are the bot specs of a comparison: the reference and the entrants (their
// specs as given, and their labels).
func compareBots(rec *resultfile.Compare) []string {
	return slices.Concat([]string{rec.Reference}, rec.Policies, rec.Specs)
}

// sweepBots are the bot specs of a sweep: the base's and the values of any axis that
// sets a policy.
func sweepBots(m *resultfile.Sweep) []string {
	bots := []string{m.Base.Policy}
	for _, k := range slices.Sorted(maps.Keys(m.Base.PolicyFor)) {
		bots = append(bots, m.Base.PolicyFor[k])
	}
	for _, a := range m.Axes {
		if strings.Contains(a.Name, "policy") {
			bots = append(bots, a.Values...)
		}
	}
	return bots
}
