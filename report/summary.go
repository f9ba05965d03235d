package report

import (
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"
	"text/tabwriter"
	"unicode/utf8"
)

// WriteSummary prints a titled table for the terminal: columns separated by two spaces,
// numeric columns (integers, percentages, "[a%, b%]" intervals) right-aligned so that
// magnitudes line up, text columns left-aligned. The title is omitted when empty; rows
// shorter than the header are padded with empty cells.
func WriteSummary(w io.Writer, title string, header []string, rows [][]string) error {
	ncol := len(header)
	for _, r := range rows {
		ncol = max(ncol, len(r))
	}
	cell := func(r []string, j int) string {
		if j < len(r) {
			// A tab or newline inside a cell would break the layout.
			return strings.NewReplacer("\t", " ", "\n", " ", "\r", " ").Replace(r[j])
		}
		return ""
	}
	// tabwriter aligns columns but pads only on one side for all of them, so the
	// right-aligned columns are padded here to their width first.
	width := make([]int, ncol)
	numeric := make([]bool, ncol)
	for j := range ncol {
		width[j] = utf8.RuneCountInString(cell(header, j))
		numeric[j] = len(rows) > 0
		for _, r := range rows {
			s := cell(r, j)
			width[j] = max(width[j], utf8.RuneCountInString(s))
			if s != "" && !isNumeric(s) {
				numeric[j] = false
			}
		}
	}
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	line := func(r []string) {
		var b strings.Builder
		for j := range ncol {
			s := cell(r, j)
			if numeric[j] {
				s = strings.Repeat(" ", width[j]-utf8.RuneCountInString(s)) + s
			}
			b.WriteString(s)
			if j < ncol-1 {
				b.WriteByte('\t')
			}
		}
		b.WriteByte('\n')
		io.WriteString(tw, b.String())
	}
	if title != "" {
		// Written through tw (without tabs) so output stays in order.
		io.WriteString(tw, title+"\n")
	}
	if ncol > 0 {
		line(header)
		for _, r := range rows {
			line(r)
		}
	}
	return tw.Flush()
}

// isNumeric reports whether a summary cell is a number, a percentage or an interval
// of them, i.e. something to right-align.
func isNumeric(s string) bool {
	s = strings.TrimSpace(s)
	if strings.HasPrefix(s, "[") && strings.HasSuffix(s, "]") {
		lo, hi, ok := strings.Cut(s[1:len(s)-1], ",")
		return ok && isNumeric(lo) && isNumeric(hi)
	}
	s = strings.TrimSuffix(s, "%")
	_, err := strconv.ParseFloat(s, 64)
	return err == nil
}

// FormatPercentCI formats an interval for people, e.g. "41.2%" and "[38.2%, 44.3%]".
// The number of decimals (1 to 4) grows as the interval narrows, so a large run does
// not print a useless "[40.0%, 40.0%]"; the rate and bounds share it.
func FormatPercentCI(iv Interval) (rate, ci string) {
	width := 100 * (iv.High - iv.Low) // percentage points
	d := 1
	// Each step adds a decimal while the interval would span fewer than 2 last digits.
	for d < 4 && width < 2*math.Pow(10, -float64(d)) {
		d++
	}
	pct := func(x float64) string {
		x *= 100
		if x == 0 {
			x = 0 // drops the sign of −0
		}
		return strconv.FormatFloat(x, 'f', d, 64) + "%"
	}
	return pct(iv.Rate), fmt.Sprintf("[%s, %s]", pct(iv.Low), pct(iv.High))
}
