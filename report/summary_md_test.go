package report

import (
	"bytes"
	"strings"
	"testing"
)

func markdownOf(t *testing.T, r *Report) string {
	t.Helper()
	var b bytes.Buffer
	if err := r.WriteMarkdown(&b); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

// goldenText compares got with testdata/name, or rewrites it with -update.
func goldenText(t *testing.T, name, got string) {
	t.Helper()
	goldenSVG(t, name, got) // a line-by-line comparison, for any text
}

func TestReportMarkdownGolden(t *testing.T) {
	r, _ := newTestRunReport(t)
	goldenText(t, "summary-run.md.golden", markdownOf(t, r))
	goldenText(t, "summary-compare.md.golden", markdownOf(t, newTestCompareReport(t)))
}

func TestReportMarkdownPartial(t *testing.T) {
	set := plotTestSet(t)
	run := reportTestRun(set)
	run.Partial, run.GamesPlanned = true, 2000
	r, err := NewRunReport(run, set)
	if err != nil {
		t.Fatal(err)
	}
	md := markdownOf(t, r)
	for _, want := range []string{"> [!WARNING]\n> Partial results: 1,200 of 2,000 planned games", "1,200 of 2,000 games (400 per player count), **partial**"} {
		if !strings.Contains(md, want) {
			t.Errorf("summary.md lacks %q", want)
		}
	}
}

func TestReportMarkdownCode(t *testing.T) {
	for in, want := range map[string]string{"a": "`a`", "a`b": "``a`b``", "`x": "`` `x ``"} {
		if got := mdCode(in); got != want {
			t.Errorf("mdCode(%q) = %s, want %s", in, got, want)
		}
	}
	var b bytes.Buffer
	(&mdTable{Header: []string{"a|b", "n"}, Right: []bool{false, true}, Rows: [][]string{{"x|y", "1"}}}).write(&b)
	if want := "| a\\|b | n |\n|---|---:|\n| x\\|y | 1 |\n\n"; b.String() != want {
		t.Errorf("table:\n%s\nwant:\n%s", b.String(), want)
	}
}
