package report

import (
	"bytes"
	"testing"
)

func TestWriteSummary(t *testing.T) {
	z := ZFor(0.95)
	header := []string{"players", "role", "games", "wins", "win_rate", "95% CI"}
	var rows [][]string
	for _, r := range []struct {
		players, role string
		c             Cell
	}{
		{"5", "Sheriff", teamCell(1000, 412, 1)},
		{"5", "Outlaw", teamCell(10000, 4000, 2)},
		{"8", "Renegade", teamCell(300, 21, 1)},
	} {
		rate, ci := FormatPercentCI(WinRate(r.c, z))
		rows = append(rows, []string{r.players, r.role, FormatValue(r.c.Seats), FormatValue(r.c.Wins), rate, ci})
	}
	var b bytes.Buffer
	if err := WriteSummary(&b, "Win rate by role", header, rows); err != nil {
		t.Fatal(err)
	}
	want := `Win rate by role
players  role      games  wins  win_rate          95% CI
      5  Sheriff    1000   412     41.2%  [38.2%, 44.3%]
      5  Outlaw    20000  8000     40.0%  [39.0%, 41.0%]
      8  Renegade    300    21      7.0%   [4.6%, 10.5%]
`
	if b.String() != want {
		t.Errorf("summary:\n%s\nwant:\n%s", b.String(), want)
	}
}

func TestFormatPercentCI(t *testing.T) {
	for _, tc := range []struct {
		iv       Interval
		rate, ci string
	}{
		{Interval{Rate: 0.412, Low: 0.382, High: 0.443}, "41.2%", "[38.2%, 44.3%]"},
		{Interval{Rate: 0.4, Low: 0.3997, High: 0.4003}, "40.00%", "[39.97%, 40.03%]"},
		{Interval{Rate: 0.4, Low: 0.39997, High: 0.40003}, "40.000%", "[39.997%, 40.003%]"},
		{Interval{Rate: 0.4, Low: 0.4, High: 0.4}, "40.0000%", "[40.0000%, 40.0000%]"},
		{Interval{Rate: 0, Low: 0, High: 1}, "0.0%", "[0.0%, 100.0%]"},
	} {
		rate, ci := FormatPercentCI(tc.iv)
		if rate != tc.rate || ci != tc.ci {
			t.Errorf("FormatPercentCI(%+v) = %q, %q; want %q, %q", tc.iv, rate, ci, tc.rate, tc.ci)
		}
	}
}
