package report

import (
	"math"
	"slices"
	"strconv"
	"strings"
)

// FormatCell writes cell j of a CSV row under header as summary.md writes numbers, for
// the HTML page:
//   - a rate (win_rate, a share, any *_rate) as a percentage with one decimal;
//   - a difference of rates (mean_diff, diff, a tune's gain, vs_field and estimates, a
//     ladder's skill depth) in signed percentage points;
//   - an interval's end (ci_low, ci_high; or X_low, X_high beside X) as the estimate it
//     belongs to, which for ci_* is the nearest column on its left that is not one;
//   - a p-value (p_value, p_holm, *_p) with three decimals or "< 0.001";
//   - significant in words with its p-value: "significant (Holm p < 0.001)" or
//     "within noise (Holm p = 0.412)";
//   - a Bradley–Terry rating with two decimals, n_eff as a whole number;
//   - a whole number of four digits or more with thousands separators, except a seed,
//     which is a name.
//
// Anything else (a dollar worth, a z) is returned as it is. The page keeps the file's
// text beside it (data-value), which the sorting script and the tests read.
func FormatCell(header, row []string, j int) string {
	if j >= len(header) || j >= len(row) {
		return cellAt(row, j)
	}
	name, v := header[j], row[j]
	if name == "significant" {
		return significanceText(header, row, v)
	}
	f, err := strconv.ParseFloat(v, 64)
	if err != nil || math.IsNaN(f) {
		return v
	}
	if math.IsInf(f, 0) { // an interval's open end (too few games to bound it)
		if f < 0 {
			return "−∞"
		}
		return "∞"
	}
	switch kind := columnKind(header, j); kind {
	case colMoney:
		if f < 0 {
			return "−$" + groupDigits(uint64(math.Round(-f)))
		}
		return "$" + groupDigits(uint64(math.Round(f)))
	case colRate:
		return strconv.FormatFloat(100*f, 'f', 1, 64) + "%"
	case colPoints:
		return minusSign(FormatPoints(f, 1)) + " pts"
	case colP:
		return pShort(f)
	case colRating:
		return minusSign(strconv.FormatFloat(f, 'f', 2, 64))
	case colCount:
		return groupDigits(uint64(math.Round(f)))
	case colName:
		return v
	}
	if n, err := strconv.ParseUint(v, 10, 64); err == nil && n >= 1000 {
		return groupDigits(n)
	}
	return v
}

// cellAt is row[j], or "" past its end.
func cellAt(row []string, j int) string {
	if j < len(row) {
		return row[j]
	}
	return ""
}

// The kinds of number FormatCell tells apart.
const (
	colOther  = iota
	colRate   // a share in [0, 1]
	colPoints // a difference of shares
	colP      // a p-value
	colRating // a Bradley–Terry log strength
	colCount  // a count that may have decimals (n_eff)
	colName   // a number that names something (a seed)
	colMoney  // the league's dollars (prices, worth, payouts, money, bids)
)

// columnKind is the kind of column j of header; an interval's end is the kind of the
// estimate it belongs to.
func columnKind(header []string, j int) int {
	name := header[j]
	if name == "ci_low" || name == "ci_high" {
		for k := j - 1; k >= 0; k-- {
			if header[k] != "ci_low" && header[k] != "ci_high" {
				return columnKind(header, k)
			}
		}
		return colOther
	}
	for _, end := range []string{"_low", "_high"} {
		if base, ok := strings.CutSuffix(name, end); ok {
			if k := slices.Index(header, base); k >= 0 {
				return columnKind(header, k)
			}
		}
	}
	switch {
	case name == "win_rate" || name == "share" || strings.HasSuffix(name, "_rate") || strings.HasSuffix(name, "_share"):
		return colRate
	case name == "mean_diff" || name == "diff" || name == "gain" || name == "vs_field" || name == "depth" ||
		name == "estimate" || name == "best_estimate":
		return colPoints
	case name == "p_value" || name == "p_holm" || strings.HasSuffix(name, "_p"):
		return colP
	case name == "rating":
		return colRating
	case name == "n_eff":
		return colCount
	case name == "seed" || strings.HasSuffix(name, "_seed"):
		return colName
	case name == "mean_price" || name == "price" || name == "worth" || name == "payout" || name == "amount" || strings.HasPrefix(name, "money"):
		return colMoney
	}
	return colOther
}

// pShort writes a p-value with three decimals, "< 0.001" below.
func pShort(p float64) string {
	if p < 0.001 {
		return "< 0.001"
	}
	return strconv.FormatFloat(p, 'f', 3, 64)
}

// significanceText says a row's significant column in words, with the p-value it was
// judged on (p_holm where the row has one, else p_value): "significant (Holm p <
// 0.001)", "within noise (Holm p = 0.412)".
func significanceText(header, row []string, v string) string {
	var word string
	switch v {
	case "true":
		word = "significant"
	case "false":
		word = "within noise"
	default:
		return v
	}
	for _, c := range []struct{ col, label string }{{"p_holm", "Holm p"}, {"p_value", "p"}} {
		k := slices.Index(header, c.col)
		if k < 0 || k >= len(row) {
			continue
		}
		p, err := strconv.ParseFloat(row[k], 64)
		if err != nil {
			continue
		}
		ps := pShort(p)
		if !strings.HasPrefix(ps, "<") {
			ps = "= " + ps
		}
		return word + " (" + c.label + " " + ps + ")"
	}
	return word
}
