package report

import "testing"

// JSONRows types a CSV table's cells as --json prints them.
func TestTableJSONRows(t *testing.T) {
	tb := Table{Header: []string{"name", "n", "rate", "low", "flag", "note"},
		Rows: [][]string{{"12", "3", "0.250000", "-Inf", "true", ""}, {"x", "", "NaN", "1e-3", "false", "few"}}}
	got := tb.JSONRows("name", "note")
	want := []map[string]any{
		{"name": "12", "n": 3.0, "rate": 0.25, "low": nil, "flag": true, "note": ""},
		{"name": "x", "n": nil, "rate": nil, "low": 0.001, "flag": false, "note": "few"},
	}
	for i := range want {
		for k, v := range want[i] {
			if got[i][k] != v {
				t.Errorf("row %d %s: %#v, want %#v", i, k, got[i][k], v)
			}
		}
	}
}
