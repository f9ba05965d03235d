package report

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"os"
	"path/filepath"
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

func TestWriteFileAtomic(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "out.csv")
	if err := WriteFileAtomic(path, func(w io.Writer) error {
		_, err := io.WriteString(w, "first\n")
		return err
	}); err != nil {
		t.Fatal(err)
	}
	if err := WriteFileAtomic(path, func(w io.Writer) error {
		_, err := io.WriteString(w, "second\n")
		return err
	}); err != nil {
		t.Fatal(err)
	}
	got, err := os.ReadFile(path)
	if err != nil || string(got) != "second\n" {
		t.Fatalf("content %q, %v", got, err)
	}
	if names := dirEntries(t, dir); len(names) != 1 {
		t.Fatalf("directory holds %v, want only out.csv", names)
	}
	if fi, _ := os.Stat(path); fi.Mode().Perm() != 0o644 {
		t.Errorf("mode %v, want 0644", fi.Mode().Perm())
	}
}

func TestWriteFileAtomicError(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "out.json")
	if err := os.WriteFile(path, []byte("old"), 0o644); err != nil {
		t.Fatal(err)
	}
	boom := errors.New("boom")
	err := WriteFileAtomic(path, func(w io.Writer) error {
		io.WriteString(w, "partial")
		return boom
	})
	if !errors.Is(err, boom) || !strings.Contains(err.Error(), path) {
		t.Fatalf("error %v: want it to wrap boom and name %s", err, path)
	}
	if got, _ := os.ReadFile(path); string(got) != "old" {
		t.Errorf("old file changed to %q", got)
	}
	if names := dirEntries(t, dir); len(names) != 1 {
		t.Errorf("temporary file left behind: %v", names)
	}

	// A panic in write also leaves no temporary file.
	func() {
		defer func() { recover() }()
		WriteFileAtomic(path, func(w io.Writer) error { panic("writer bug") })
	}()
	if names := dirEntries(t, dir); len(names) != 1 {
		t.Errorf("temporary file left behind after panic: %v", names)
	}

	missing := filepath.Join(dir, "no", "such", "dir", "x.csv")
	if err := WriteFileAtomic(missing, func(io.Writer) error { return nil }); err == nil ||
		!errors.Is(err, os.ErrNotExist) || !strings.Contains(err.Error(), missing) {
		t.Errorf("missing directory: error %v", err)
	}
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

func TestWriteJSONAtomic(t *testing.T) {
	path := filepath.Join(t.TempDir(), "run.json")
	v := map[string]any{"name": "a<b", "cell": Cell{Games: 1, Seats: 2}}
	if err := WriteJSONAtomic(path, v); err != nil {
		t.Fatal(err)
	}
	got, _ := os.ReadFile(path)
	want := "{\n  \"cell\": {\n    \"games\": 1,\n    \"seats\": 2,\n    \"wins\": 0,\n    \"wins_sq\": 0,\n" +
		"    \"seats_wins\": 0,\n    \"seats_sq\": 0\n  },\n  \"name\": \"a<b\"\n}\n"
	if string(got) != want {
		t.Errorf("JSON:\n%s\nwant:\n%s", got, want)
	}
	var back map[string]json.RawMessage
	if err := json.Unmarshal(got, &back); err != nil {
		t.Error(err)
	}
	if err := WriteJSONAtomic(path, func() {}); err == nil || !strings.Contains(err.Error(), path) {
		t.Errorf("unencodable value: error %v", err)
	}
}
