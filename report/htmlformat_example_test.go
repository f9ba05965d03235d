package report_test

import (
	"fmt"
	"strings"

	"github.com/bangsim/bangsim/report"
)

func ExampleFormatCell() {
	show := func(header, row []string) {
		out := make([]string, len(row))
		for j := range row {
			out[j] = header[j] + "=" + report.FormatCell(header, row, j)
		}
		fmt.Println(strings.Join(out, " "))
	}
	show([]string{"players", "role", "games", "wins", "win_rate", "ci_low", "ci_high", "n_eff"},
		[]string{"5", "Sheriff", "20000", "7200", "0.360000", "0.353400", "0.366700", "19876.4"})
	show([]string{"policy", "mean_diff", "ci_low", "ci_high", "p_holm", "significant"},
		[]string{"random", "-0.129700", "-0.140900", "-0.118400", "1e-60", "true"})
	show([]string{"players", "gain", "gain_low", "gain_high", "gain_p"},
		[]string{"5", "0.036000", "0.003412", "0.068588", "0.030726"})
	// Output:
	// players=5 role=Sheriff games=20,000 wins=7,200 win_rate=36.0% ci_low=35.3% ci_high=36.7% n_eff=19,876
	// policy=random mean_diff=−13.0 pts ci_low=−14.1 pts ci_high=−11.8 pts p_holm=< 0.001 significant=significant (Holm p < 0.001)
	// players=5 gain=+3.6 pts gain_low=+0.3 pts gain_high=+6.9 pts gain_p=0.031
}
