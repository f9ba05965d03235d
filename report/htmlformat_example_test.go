package report_test

import (
	"fmt"
	"strings"

	"github.com/bangsim/bangsim/report"
)

func ExampleFormatCell() {
	h := []string{"players", "role", "games", "wins", "win_rate", "ci_low", "ci_high"}
	var out []string
	for j, v := range []string{"5", "Sheriff", "20000", "7200", "0.360000", "0.353400", "0.366700"} {
		out = append(out, h[j]+"="+report.FormatCell(h, j, v))
	}
	fmt.Println(strings.Join(out, " "))
	d := []string{"policy", "mean_diff", "ci_low", "ci_high", "p_value", "significant"}
	out = out[:0]
	for j, v := range []string{"random", "-0.129700", "-0.140900", "-0.118400", "1e-60", "true"} {
		out = append(out, d[j]+"="+report.FormatCell(d, j, v))
	}
	fmt.Println(strings.Join(out, " "))
	// Output:
	// players=5 role=Sheriff games=20,000 wins=7,200 win_rate=36.0% ci_low=35.3% ci_high=36.7%
	// policy=random mean_diff=-13.0 pts ci_low=-14.1 pts ci_high=-11.8 pts p_value=< 0.001 significant=yes
}
