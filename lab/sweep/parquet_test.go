package sweep_test

import (
	"encoding/csv"
	"math"
	"os"
	"path/filepath"
	"strconv"
	"testing"

	"github.com/parquet-go/parquet-go"

	"github.com/bangsim/bangsim/resultfile"
)

// The Parquet tables read back equal to the CSV tables: the same columns in the same
// order, typed, and every value the CSV's (a rate the double its 6 decimals give).
func TestParquetMatchesCSV(t *testing.T) {
	out := filepath.Join(t.TempDir(), "s")
	p := parse(t, cardSweep+"  fixed-seats: [false]\n  policy: [random]\ncharacters: \"el-gringo,bart-cassidy,jourdonnais,calamity-janet,kit-carlson\"\n")
	runSweep(t, p, out, resultfile.Shard{K: 1, N: 1}, "csv", "parquet")
	for _, f := range [][2]string{
		{resultfile.SweepRolesFile, resultfile.SweepRolesParquetFile},
		{resultfile.SweepCharactersFile, resultfile.SweepCharactersParquetFile},
	} {
		want := readCSV(t, filepath.Join(out, f[0]))
		header, rows := readParquet(t, filepath.Join(out, f[1]))
		if len(header) != len(want[0]) {
			t.Fatalf("%s has columns %v, %s has %v", f[1], header, f[0], want[0])
		}
		for j := range header {
			if header[j] != want[0][j] {
				t.Errorf("%s column %d is %q, %s's %q", f[1], j, header[j], f[0], want[0][j])
			}
		}
		if len(rows) != len(want)-1 || len(rows) == 0 {
			t.Fatalf("%s has %d rows, %s %d", f[1], len(rows), f[0], len(want)-1)
		}
		kinds := map[string]parquet.Kind{}
		for i, row := range rows {
			for j, v := range row {
				cell, name := want[i+1][j], header[j]
				kinds[name] = v.Kind()
				if !sameValue(v, cell) {
					t.Fatalf("%s row %d column %s: %v (%v), %s has %q", f[1], i+1, name, v, v.Kind(), f[0], cell)
				}
			}
		}
		for name, kind := range map[string]parquet.Kind{
			"cell": parquet.ByteArray, "life_el_gringo": parquet.Int64, "high_noon": parquet.Int64, "fixed_seats": parquet.Boolean,
			"policy": parquet.ByteArray, "players": parquet.Int64, "games": parquet.Int64, "win_rate": parquet.Double, "n_eff": parquet.Double,
		} {
			if kinds[name] != kind {
				t.Errorf("%s column %s has type %v, want %v", f[1], name, kinds[name], kind)
			}
		}
	}
}

// sameValue reports whether a Parquet value is the CSV cell's.
func sameValue(v parquet.Value, cell string) bool {
	switch v.Kind() {
	case parquet.Int64:
		return strconv.FormatInt(v.Int64(), 10) == cell
	case parquet.Boolean:
		return strconv.FormatBool(v.Boolean()) == cell
	case parquet.Double:
		x, err := strconv.ParseFloat(cell, 64)
		return err == nil && math.Float64bits(x) == math.Float64bits(v.Double())
	case parquet.ByteArray:
		return string(v.ByteArray()) == cell
	}
	return false
}

// readParquet reads a Parquet file's column names and rows.
func readParquet(t *testing.T, path string) ([]string, []parquet.Row) {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil {
		t.Fatal(err)
	}
	pf, err := parquet.OpenFile(f, st.Size())
	if err != nil {
		t.Fatal(err)
	}
	var header []string
	for _, field := range pf.Schema().Fields() {
		header = append(header, field.Name())
	}
	r := parquet.NewReader(f)
	defer r.Close()
	var rows []parquet.Row
	buf := make([]parquet.Row, 64)
	for {
		n, err := r.ReadRows(buf)
		for _, row := range buf[:n] {
			rows = append(rows, row.Clone())
		}
		if err != nil {
			break
		}
	}
	return header, rows
}

// readCSV reads a CSV file, header first.
func readCSV(t *testing.T, path string) [][]string {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	rows, err := csv.NewReader(f).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	return rows
}
