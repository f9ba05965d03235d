package report

import (
	"encoding/csv"
	"fmt"
	"io"
	"math"
	"slices"
	"strconv"
)

// Table is a header and rows of already formatted cells, the one shape that the CSV
// writer and the terminal summary both print, so a file and a screen never disagree.
type Table struct {
	Header []string
	Rows   [][]string
}

// AddRow appends one row, formatting each value: integers in decimal, floats with a
// fixed 6 decimals (rates stay column-aligned and diff cleanly between runs), strings
// as they are, fmt.Stringer through String and anything else through fmt.Sprint.
func (t *Table) AddRow(values ...any) {
	row := make([]string, len(values))
	for i, v := range values {
		row[i] = FormatValue(v)
	}
	t.Rows = append(t.Rows, row)
}

// FormatValue formats one table cell the way AddRow does; it is exported so callers
// that build rows by hand format numbers the same way.
func FormatValue(v any) string {
	switch x := v.(type) {
	case string:
		return x
	case int:
		return strconv.FormatInt(int64(x), 10)
	case int8:
		return strconv.FormatInt(int64(x), 10)
	case int16:
		return strconv.FormatInt(int64(x), 10)
	case int32:
		return strconv.FormatInt(int64(x), 10)
	case int64:
		return strconv.FormatInt(x, 10)
	case uint:
		return strconv.FormatUint(uint64(x), 10)
	case uint8:
		return strconv.FormatUint(uint64(x), 10)
	case uint16:
		return strconv.FormatUint(uint64(x), 10)
	case uint32:
		return strconv.FormatUint(uint64(x), 10)
	case uint64:
		return strconv.FormatUint(x, 10)
	case float64:
		return formatRate(x)
	case float32:
		return formatRate(float64(x))
	case bool:
		return strconv.FormatBool(x)
	case fmt.Stringer:
		return x.String()
	default:
		return fmt.Sprint(v)
	}
}

// formatRate prints a float with 6 decimals; −0 prints as 0 so that equal rates are
// equal strings.
func formatRate(v float64) string {
	if v == 0 {
		v = 0 // drops the sign of −0
	}
	return strconv.FormatFloat(v, 'f', 6, 64)
}

// WriteCSV writes the header (if any) and the rows as RFC 4180 CSV. A row whose
// length differs from the header's is an error rather than a silently shifted column.
func (t *Table) WriteCSV(w io.Writer) error {
	cw := csv.NewWriter(w)
	if len(t.Header) > 0 {
		if err := cw.Write(t.Header); err != nil {
			return err
		}
	}
	for i, row := range t.Rows {
		if len(t.Header) > 0 && len(row) != len(t.Header) {
			return fmt.Errorf("csv row %d has %d fields, header has %d", i, len(row), len(t.Header))
		}
		if err := cw.Write(row); err != nil {
			return err
		}
	}
	cw.Flush()
	return cw.Error()
}

// JSONRows returns the table's rows as --json prints a CSV file's rows: one object per
// row keyed by the header, the text columns' cells as strings, "true" and "false" as
// booleans, the others as the numbers they write, and null where a cell holds none (an
// empty cell, NaN, an infinity: JSON has no number for them). Read from the cells the
// file holds, the JSON says exactly what the file says.
func (t *Table) JSONRows(text ...string) []map[string]any {
	out := make([]map[string]any, len(t.Rows))
	for i, row := range t.Rows {
		m := make(map[string]any, len(t.Header))
		for j, h := range t.Header {
			cell := row[j]
			x, err := strconv.ParseFloat(cell, 64)
			switch {
			case slices.Contains(text, h):
				m[h] = cell
			case cell == "true" || cell == "false":
				m[h] = cell == "true"
			case err != nil || math.IsNaN(x) || math.IsInf(x, 0):
				m[h] = nil
			default:
				m[h] = x
			}
		}
		out[i] = m
	}
	return out
}

// RateHeader returns keys followed by the rate columns that RateRow fills:
// games, wins, win_rate, ci_low, ci_high, distinct_games, n_eff.
func RateHeader(keys ...string) []string {
	h := make([]string, 0, len(keys)+7)
	h = append(h, keys...)
	return append(h, "games", "wins", "win_rate", "ci_low", "ci_high", "distinct_games", "n_eff")
}

// RateRow returns keys followed by the cell's games (player-games, Seats), wins, win
// rate and confidence bounds at critical value z, then the games it occurred in
// (Games) and the effective sample size behind the interval, matching RateHeader's
// columns. The last two are there because player-games overstate the information a row
// holds (the seats of one game are not independent), and an analyst planning a run or
// judging a row needs the number that does not.
func RateRow(keys []string, c Cell, z float64) []string {
	iv := WinRate(c, z)
	r := make([]string, 0, len(keys)+7)
	r = append(r, keys...)
	return append(r,
		strconv.FormatUint(c.Seats, 10),
		strconv.FormatUint(c.Wins, 10),
		formatRate(iv.Rate),
		formatRate(iv.Low),
		formatRate(iv.High),
		strconv.FormatUint(c.Games, 10),
		strconv.FormatFloat(iv.EffectiveN, 'f', 1, 64),
	)
}
