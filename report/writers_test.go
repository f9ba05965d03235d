package report

import (
	"bytes"
	"io"
	"os"
	"strings"
	"testing"
)

func dirEntries(t *testing.T, dir string) []string {
	t.Helper()
	es, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, e := range es {
		names = append(names, e.Name())
	}
	return names
}

type stringer struct{}

func (stringer) String() string { return "S" }

func TestTableCSV(t *testing.T) {
	tb := Table{Header: []string{"players", "role", "n", "rate", "flag", "s"}}
	tb.AddRow(5, "Sheriff", uint64(1000), 0.412, true, stringer{})
	tb.AddRow(int8(-3), `quote "and", comma`, uint8(7), -0.0, false, 1.5)
	var b bytes.Buffer
	if err := tb.WriteCSV(&b); err != nil {
		t.Fatal(err)
	}
	want := "players,role,n,rate,flag,s\n" +
		"5,Sheriff,1000,0.412000,true,S\n" +
		"-3,\"quote \"\"and\"\", comma\",7,0.000000,false,1.500000\n"
	if b.String() != want {
		t.Errorf("CSV:\n%s\nwant:\n%s", b.String(), want)
	}
	tb.Rows = append(tb.Rows, []string{"short"})
	if err := tb.WriteCSV(io.Discard); err == nil {
		t.Error("row shorter than header: no error")
	}
}

func TestRateRow(t *testing.T) {
	h := RateHeader("players", "role")
	if strings.Join(h, ",") != "players,role,games,wins,win_rate,ci_low,ci_high,distinct_games,n_eff" {
		t.Errorf("header %v", h)
	}
	c := teamCell(10000, 4000, 2)
	keys := []string{"5", "Outlaw"}
	r := RateRow(keys, c, ZFor(0.95))
	if got := strings.Join(r, ","); got != "5,Outlaw,20000,8000,0.400000,0.390438,0.409639,10000,9999.0" {
		t.Errorf("row %s", got)
	}
	r[0] = "changed"
	if keys[0] != "5" {
		t.Error("RateRow shares its keys slice")
	}
	if got := strings.Join(RateRow(nil, Cell{}, 1.96), ","); got != "0,0,0.000000,0.000000,1.000000,0,0.0" {
		t.Errorf("empty row %s", got)
	}
}
