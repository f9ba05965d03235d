package report

import (
	"slices"
	"strconv"
	"strings"
)

// FormatCell writes cell j of a CSV row under header as summary.md writes numbers, for
// the HTML page: a rate (win_rate and its ci_low, ci_high; a share) as a percentage
// with one decimal; a paired difference of rates (mean_diff and its interval, diff,
// diff_low, diff_high) in percentage points; another column's interval (a price's
// worth) as it is; a p-value with three decimals or "< 0.001"; significant as "yes" or "no"; a
// whole number of four digits or more with thousands separators. Anything else is
// returned as it is. The page keeps the file's text beside it (data-value), which the
// sorting script and the tests read.
func FormatCell(header []string, j int, v string) string {
	if j >= len(header) {
		return v
	}
	name := header[j]
	if name == "significant" {
		switch v {
		case "true":
			return "yes"
		case "false":
			return "no"
		}
		return v
	}
	f, err := strconv.ParseFloat(v, 64)
	if err != nil {
		return v
	}
	diff := slices.Contains(header, "mean_diff")
	ci := name == "ci_low" || name == "ci_high"
	switch {
	case name == "mean_diff" || name == "diff" || name == "diff_low" || name == "diff_high" || (diff && ci):
		return strconv.FormatFloat(100*f, 'f', 1, 64) + " pts"
	case ci && slices.Contains(header, "win_rate"), !ci && isRateColumn(name):
		return strconv.FormatFloat(100*f, 'f', 1, 64) + "%"
	case name == "p_value" || name == "p_holm":
		if f < 0.001 {
			return "< 0.001"
		}
		return strconv.FormatFloat(f, 'f', 3, 64)
	}
	if n, err := strconv.ParseUint(v, 10, 64); err == nil && n >= 1000 {
		return groupDigits(n)
	}
	return v
}

// isRateColumn reports whether a column holds shares in [0, 1].
func isRateColumn(name string) bool {
	switch name {
	case "win_rate", "share":
		return true
	}
	return strings.HasSuffix(name, "_rate") || strings.HasSuffix(name, "_share")
}
