package report

import (
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"math"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/bangsim/bangsim/resultfile"
)

// balanceColumns are the columns of balance.csv ReadBalanceTable needs, by name.
var balanceColumns = []string{"players", "role", "character", "games", "wins", "win_rate", "others_win_rate", "mean_diff",
	"ci_low", "ci_high", "p_value", "p_holm", "flagged"}

// ReadBalanceTable reads balance.csv as `bangsim balance` writes it: one population's
// rows, or, with a population column (several bot populations, --policies), every
// population's, in the order first met. Columns are found by their header names (the
// legacy ones too); an error names the line and column of a value that does not parse.
// Rows keep what the file holds: Games (distinct games), SE and the seat-level fields
// it does not hold are 0.
func ReadBalanceTable(r io.Reader) ([]Population, error) {
	recs, err := csv.NewReader(r).ReadAll()
	if err != nil {
		return nil, errors.New(resultfile.CSVProblem(err))
	}
	if len(recs) == 0 {
		return nil, errors.New("it is empty")
	}
	header := canonicalHeader(recs[0])
	col := map[string]int{}
	for i, h := range header {
		col[h] = i
	}
	for _, name := range balanceColumns {
		if _, ok := col[name]; !ok {
			return nil, fmt.Errorf("it has no %q column", name)
		}
	}
	var pops []Population
	for i, rec := range recs[1:] {
		line := i + 2
		var perr error
		num := func(name string) float64 {
			v, err := strconv.ParseFloat(rec[col[name]], 64)
			if (err != nil || math.IsNaN(v)) && perr == nil {
				perr = fmt.Errorf("line %d: %s %q is not a number", line, name, rec[col[name]])
			}
			return v
		}
		whole := func(name string) uint64 {
			v, err := strconv.ParseUint(rec[col[name]], 10, 64)
			if err != nil && perr == nil {
				perr = fmt.Errorf("line %d: %s %q is not a whole number", line, name, rec[col[name]])
			}
			return v
		}
		players, err := strconv.Atoi(rec[col["players"]])
		if err != nil {
			return nil, fmt.Errorf("line %d: players %q is not a whole number", line, rec[col["players"]])
		}
		row := BalanceRow{Players: players, Role: rec[col["role"]], Character: rec[col["character"]],
			Seats: whole("games"), Wins: whole("wins"), Rate: num("win_rate"), Avg: num("others_win_rate"), Diff: num("mean_diff"),
			Low: num("ci_low"), High: num("ci_high"), P: num("p_value"), PHolm: num("p_holm")}
		if k, ok := col["z"]; ok {
			row.Z, _ = strconv.ParseFloat(rec[k], 64)
		}
		if row.Flagged, err = strconv.ParseBool(rec[col["flagged"]]); err != nil && perr == nil {
			perr = fmt.Errorf("line %d: flagged %q is not true or false", line, rec[col["flagged"]])
		}
		if perr != nil {
			return nil, perr
		}
		if k, ok := col["note"]; ok {
			notes := strings.Split(rec[k], ";")
			row.Few, row.Bound = slices.Contains(notes, "few"), slices.Contains(notes, "bound")
		}
		if k, ok := col["reference"]; ok {
			if left, ok := strings.CutPrefix(rec[k], "others less "); ok {
				row.LeftOut = strings.Split(left, ", ")
			}
		}
		name := ""
		if k, ok := col[PopulationColumn]; ok {
			name = rec[k]
		}
		j := slices.IndexFunc(pops, func(p Population) bool { return p.Name == name })
		if j < 0 {
			pops = append(pops, Population{Name: name, Balance: &Balance{Z: ZFor(Confidence)}})
			j = len(pops) - 1
		}
		pops[j].Balance.Rows = append(pops[j].Balance.Rows, row)
	}
	if len(pops) == 0 {
		return nil, errors.New("it has no row")
	}
	return pops, nil
}

// mdAlpha finds balance.md's α: "below α = 0.05".
var mdAlpha = regexp.MustCompile(`below α = ([0-9.eE+-]+)`)

// balanceMarkdownAlpha returns the α balance.md says its flags were set at, or
// DefaultAlpha when it does not say.
func balanceMarkdownAlpha(md string) float64 {
	if m := mdAlpha.FindStringSubmatch(md); m != nil {
		if a, err := strconv.ParseFloat(m[1], 64); err == nil && a > 0 && a < 1 {
			return a
		}
	}
	return DefaultAlpha
}

// mdPart is a piece of a balance.md section read back: a paragraph (a bullet's
// text without its dash) or a table with the line before it as its caption.
type mdPart struct {
	Text  string
	Table *Table
}

// markdownSection returns the parts of balance.md's section "## title", up to the next
// "## " heading: the Markdown that WriteMarkdown writes (paragraphs, "- " bullets and
// mdTable's tables), read back so that the report shows the tuning that only
// balance.md holds. A table cell's escaped "|" comes back as "|".
func markdownSection(md, title string) []mdPart {
	var parts []mdPart
	in := false
	var caption string
	for _, line := range strings.Split(md, "\n") {
		if strings.HasPrefix(line, "## ") {
			in = strings.TrimSpace(line[3:]) == title
			continue
		}
		if !in || strings.TrimSpace(line) == "" {
			continue
		}
		if strings.HasPrefix(line, "|") {
			cells := splitMarkdownRow(line)
			if len(parts) > 0 && parts[len(parts)-1].Table != nil && caption == "" {
				t := parts[len(parts)-1].Table
				if !slices.ContainsFunc(cells, func(c string) bool { return strings.Trim(c, "-:") != "" }) {
					continue // the alignment row
				}
				t.Rows = append(t.Rows, cells)
				continue
			}
			parts = append(parts, mdPart{Text: caption, Table: &Table{Header: cells}})
			caption = ""
			continue
		}
		if caption != "" {
			parts = append(parts, mdPart{Text: caption})
		}
		caption = strings.TrimPrefix(line, "- ")
		if strings.HasPrefix(line, "- ") {
			parts = append(parts, mdPart{Text: caption})
			caption = ""
		}
	}
	if caption != "" {
		parts = append(parts, mdPart{Text: caption})
	}
	return parts
}

// splitMarkdownRow splits "| a | b \| c |" into its cells, unescaping "\|".
func splitMarkdownRow(line string) []string {
	line = strings.TrimSpace(line)
	line = strings.TrimSuffix(strings.TrimPrefix(line, "|"), "|")
	var cells []string
	var cur strings.Builder
	for i := 0; i < len(line); i++ {
		switch {
		case line[i] == '\\' && i+1 < len(line) && line[i+1] == '|':
			cur.WriteByte('|')
			i++
		case line[i] == '|':
			cells = append(cells, strings.TrimSpace(cur.String()))
			cur.Reset()
		default:
			cur.WriteByte(line[i])
		}
	}
	return append(cells, strings.TrimSpace(cur.String()))
}
