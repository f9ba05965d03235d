package report

import (
	"bytes"
	"fmt"
	"slices"
	"strings"

	"github.com/bangsim/bangsim/resultfile"
)

// PopulationColumn is balance.csv's first column when `bangsim balance --policies`
// played several bot populations: the population of the row.
const PopulationColumn = "population"

// Population is the balance of one bot population: every seat played by the bot of
// Name (a bot spec), the same seeds and games as the others.
type Population struct {
	Name    string   // the bot spec; "" for a balance.csv without a population column
	Balance *Balance // its analysis, with its own step-down and Holm adjustment
}

// PopulationsTable returns balance.csv of several populations: the population column,
// then BalanceHeader's, each population's rows in turn.
func PopulationsTable(pops []Population) Table {
	t := Table{Header: append([]string{PopulationColumn}, BalanceHeader...)}
	for _, p := range pops {
		for _, row := range p.Balance.Table().Rows {
			t.Rows = append(t.Rows, append([]string{p.Name}, row...))
		}
	}
	return t
}

// Verdicts of a character's all row under one population, and across populations.
const (
	VerdictStronger   = "stronger"    // flagged, above the others
	VerdictWeaker     = "weaker"      // flagged, below the others
	VerdictNotFlagged = "not flagged" // not told apart from the others
	// Across populations.
	AgreeSame    = "agree"      // every population gives the same verdict
	AgreeFlip    = "flips sign" // flagged under one, and the difference has the other sign under another
	AgreeDiffers = "differs"    // flagged under some, the same sign (or 0) under the rest
)

// rowVerdict is an all row's verdict: stronger or weaker when it is flagged.
func rowVerdict(r *BalanceRow) string {
	switch {
	case r == nil:
		return ""
	case r.Flagged && r.Diff > 0:
		return VerdictStronger
	case r.Flagged && r.Diff < 0:
		return VerdictWeaker
	}
	return VerdictNotFlagged
}

// Agreement is one character at one player count under every population: its all rows
// (nil where a population did not deal it) and whether their verdicts agree.
type Agreement struct {
	Players   int
	Character string
	Rows      []*BalanceRow // one per population, in the populations' order
	Kind      string        // AgreeSame, AgreeFlip or AgreeDiffers
}

// Agreements compares the populations' all rows, character by character at each
// player count (the first population's order): they agree when every population gives
// the same verdict (stronger, weaker or not flagged); the difference flips sign when
// one population flags it and another's difference has the opposite sign; otherwise
// (flagged under some, not under others, the signs alike) they differ.
func Agreements(pops []Population) []Agreement {
	var out []Agreement
	for _, base := range pops {
		for _, r := range base.Balance.Rows {
			if r.Role != resultfile.AllRoles || slices.ContainsFunc(out, func(a Agreement) bool { return a.Players == r.Players && a.Character == r.Character }) {
				continue
			}
			a := Agreement{Players: r.Players, Character: r.Character}
			for _, p := range pops {
				a.Rows = append(a.Rows, p.Balance.Row(r.Players, resultfile.AllRoles, r.Character))
			}
			a.Kind = agreementKind(a.Rows)
			out = append(out, a)
		}
	}
	return out
}

// agreementKind classifies the verdicts of rows (nil rows left out).
func agreementKind(rows []*BalanceRow) string {
	var verdicts []string
	pos, neg, flagged := false, false, false
	for _, r := range rows {
		if r == nil {
			continue
		}
		verdicts = append(verdicts, rowVerdict(r))
		pos, neg, flagged = pos || r.Diff > 0, neg || r.Diff < 0, flagged || r.Flagged
	}
	same := true
	for _, v := range verdicts {
		same = same && v == verdicts[0]
	}
	switch {
	case same:
		return AgreeSame
	case flagged && pos && neg:
		return AgreeFlip
	}
	return AgreeDiffers
}

// Text says an agreement in words: "agree: stronger", "flips sign: stronger under A,
// weaker under B", "flips sign: flagged under A only", "differs: flagged under A only".
func (a *Agreement) Text(pops []Population) string {
	switch a.Kind {
	case AgreeSame:
		for _, r := range a.Rows {
			if r != nil {
				return "agree: " + rowVerdict(r)
			}
		}
	}
	var strong, weak []string
	for i, r := range a.Rows {
		switch rowVerdict(r) {
		case VerdictStronger:
			strong = append(strong, pops[i].Name)
		case VerdictWeaker:
			weak = append(weak, pops[i].Name)
		}
	}
	switch {
	case a.Kind == AgreeFlip && len(strong) > 0 && len(weak) > 0:
		return "flips sign: stronger under " + strings.Join(strong, ", ") + ", weaker under " + strings.Join(weak, ", ")
	case a.Kind == AgreeFlip:
		return "flips sign: flagged under " + strings.Join(append(strong, weak...), ", ") + " only"
	}
	return "differs: flagged under " + strings.Join(append(strong, weak...), ", ") + " only"
}

// AgreementRows returns the agreements as a table for people: player count, character,
// each population's difference and interval in points ("*" flagged), and the verdict
// across populations.
func AgreementRows(pops []Population) (header []string, rows [][]string) {
	header = []string{"players", "character"}
	for _, p := range pops {
		header = append(header, p.Name)
	}
	header = append(header, "across bots")
	for _, a := range Agreements(pops) {
		row := []string{itoa(a.Players), a.Character}
		for _, r := range a.Rows {
			if r == nil {
				row = append(row, "–")
				continue
			}
			row = append(row, cellText(*r))
		}
		rows = append(rows, append(row, a.Text(pops)))
	}
	return header, rows
}

// agreementCounts counts the agreements of each kind.
func agreementCounts(as []Agreement) (same, flip, differs int) {
	for _, a := range as {
		switch a.Kind {
		case AgreeSame:
			same++
		case AgreeFlip:
			flip++
		default:
			differs++
		}
	}
	return same, flip, differs
}

// PopulationsSummary is the sentence that opens the comparison across bots: how many
// characters and player counts agree, flip sign and differ, and which flip.
func PopulationsSummary(pops []Population) string {
	as := Agreements(pops)
	same, flip, differs := agreementCounts(as)
	var names []string
	for _, p := range pops {
		names = append(names, p.Name)
	}
	verb := func(n int, one, many string) string {
		if n == 1 {
			return fmt.Sprintf("%d %s", n, one)
		}
		return fmt.Sprintf("%d %s", n, many)
	}
	s := fmt.Sprintf("Each character's difference over its roles (the all row) under each bot population (%s: every seat that bot, the same seeds): "+
		"of %d characters and player counts, %s, %s and %s.", strings.Join(names, ", "), len(as),
		verb(same, "agrees", "agree"), verb(flip, "flips sign", "flip sign"), verb(differs, "differs", "differ"))
	var flips []string
	for _, a := range as {
		if a.Kind == AgreeFlip {
			flips = append(flips, fmt.Sprintf("%s at %d players", a.Character, a.Players))
		}
	}
	if len(flips) > 0 {
		s += " Flips: " + strings.Join(flips, ", ") + "."
	}
	return s
}

// writePopulationsMarkdown writes balance.md's section across bot populations.
func writePopulationsMarkdown(m *bytes.Buffer, pops []Population) {
	m.WriteString("\n## Verdicts across bots\n\n")
	m.WriteString(PopulationsSummary(pops) + " A verdict is the all row's: stronger or weaker when flagged (*), each population with its own Holm adjustment and step-down; " +
		"\"flips sign\": flagged under one population and of the opposite sign under another; \"differs\": flagged under some only, the signs alike. " +
		"The other sections are those of the first population, " + mdCode(pops[0].Name) + ".\n\n")
	h, rows := AgreementRows(pops)
	right := make([]bool, len(h))
	right[0] = true
	(&mdTable{Header: h, Rows: rows, Right: right}).write(m)
}
