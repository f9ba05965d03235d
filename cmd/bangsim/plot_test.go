package main

import (
	"bytes"
	"encoding/json"
	"image/png"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// svgWidth returns the width in points an SVG declares.
func svgWidth(t *testing.T, svg []byte) int {
	t.Helper()
	m := regexp.MustCompile(`<svg width="(\d+)pt"`).FindSubmatch(svg)
	if m == nil {
		t.Fatal("the SVG declares no width in points")
	}
	w, _ := strconv.Atoi(string(m[1]))
	return w
}

// A run directory: every chart in both formats, listed by --json; the SVGs are
// self-contained and the same files give the same bytes; a PNG has 2 pixels a point.
func TestPlotRunDir(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "run")
	mustCLI(t, "run", "--players", "4-6", "--games", "3000", "--seed", "3", "--out", dir, "-q")
	out, _ := mustCLI(t, "plot", dir, "--json")
	var files []plotFile
	if err := json.Unmarshal([]byte(out), &files); err != nil {
		t.Fatalf("--json: %v\n%s", err, out)
	}
	var plots []string
	for _, f := range files {
		if f.File != filepath.Join(dir, f.Plot+"."+f.Format) || f.Shows == "" {
			t.Errorf("listed %+v", f)
		}
		if !slices.Contains(plots, f.Plot) {
			plots = append(plots, f.Plot)
		}
	}
	want := []string{"plot-roles", "plot-seats", "plot-turns", "plot-characters", "plot-characters-vs-role",
		"plot-characters-sheriff", "plot-characters-deputy", "plot-characters-outlaw", "plot-characters-renegade"}
	if !slices.Equal(plots, want) || len(files) != 2*len(want) {
		t.Fatalf("%d files of %v, want svg and png of %v", len(files), plots, want)
	}
	for _, f := range files {
		if f.Format != "png" {
			continue
		}
		b, err := os.ReadFile(f.File)
		if err != nil {
			t.Fatal(err)
		}
		img, err := png.Decode(bytes.NewReader(b))
		if err != nil {
			t.Fatalf("%s: %v", f.File, err)
		}
		svg, err := os.ReadFile(strings.TrimSuffix(f.File, ".png") + ".svg")
		if err != nil {
			t.Fatal(err)
		}
		if w := img.Bounds().Dx(); w != 2*svgWidth(t, svg) {
			t.Errorf("%s: %d pixels wide, want 2 a point of the SVG's %d", f.File, w, svgWidth(t, svg))
		}
		rest := strings.NewReplacer(`xmlns="http://www.w3.org/2000/svg"`, "", `xmlns:xlink="http://www.w3.org/1999/xlink"`, "").Replace(string(svg))
		if !strings.Contains(rest, "@font-face") || !strings.Contains(rest, "base64,") || strings.Contains(rest, "http") || strings.Contains(rest, "href") {
			t.Errorf("%s.svg: not self-contained (embedded font, no external reference)", f.Plot)
		}
		if len(svg) >= 100_000 {
			t.Errorf("%s.svg: %d bytes, want under 100 KB", f.Plot, len(svg))
		}
	}

	// --out elsewhere, SVG only: the same bytes, the table, and the input left alone.
	other := filepath.Join(t.TempDir(), "charts")
	before, _ := os.ReadDir(dir)
	out, _ = mustCLI(t, "plot", "--out", other, "--format", "svg", dir)
	if !strings.Contains(out, "plot-characters-vs-role.svg") || !strings.Contains(out, "\nWrote 9 files into "+other+"\nNext: bangsim report ") {
		t.Errorf("table:\n%s", out)
	}
	for _, p := range want {
		a, _ := os.ReadFile(filepath.Join(dir, p+".svg"))
		b, err := os.ReadFile(filepath.Join(other, p+".svg"))
		if err != nil || !bytes.Equal(a, b) {
			t.Errorf("%s.svg: a second plot of the same files differs (%v)", p, err)
		}
		if _, err := os.Stat(filepath.Join(other, p+".png")); err == nil {
			t.Errorf("--format svg wrote %s.png", p)
		}
	}
	if after, _ := os.ReadDir(dir); len(after) != len(before) {
		t.Errorf("plot --out changed the input directory: %d entries, then %d", len(before), len(after))
	}
}

// A compare directory gives plot-compare.
func TestPlotCompareDir(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "cmp")
	mustCLI(t, "compare", "--policies", "keep,random", "--players", "4", "--games", "300", "--seed", "9", "--out", dir, "-q")
	out, _ := mustCLI(t, "plot", "--format", "png,PNG", dir)
	if !strings.Contains(out, filepath.Join(dir, "plot-compare.png")) || !strings.Contains(out, "\nWrote 1 file into "+dir+"\nNext: bangsim report ") {
		t.Errorf("output:\n%s", out)
	}
	f, err := os.Open(filepath.Join(dir, "plot-compare.png"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if _, err := png.DecodeConfig(f); err != nil {
		t.Error(err)
	}
}

// A directory that is not a result directory, damaged files and bad flags are usage
// errors (exit 2) that say what is wrong.
func TestPlotUsageErrors(t *testing.T) {
	base := t.TempDir()
	half := filepath.Join(base, "half")
	os.MkdirAll(half, 0o755)
	os.WriteFile(filepath.Join(half, "compare.json"), []byte("{}"), 0o644)
	bad := filepath.Join(base, "bad")
	mustCLI(t, "run", "--players", "3", "--games", "50", "--out", bad, "-q")
	tally := filepath.Join(bad, "tally.json")
	b, _ := os.ReadFile(tally)
	os.WriteFile(tally, bytes.Replace(b, []byte(`"games": 50`), []byte(`"games": 51`), 1), 0o644)
	for _, tc := range []struct {
		args []string
		msg  string
	}{
		{[]string{"plot"}, "plot needs one result directory, got 0 arguments"},
		{[]string{"plot", base, half}, "got 2 arguments"},
		{[]string{"plot", base}, "it is not a bangsim result directory: want a run or merge (run.json, tally.json), a comparison (compare.json)"},
		{[]string{"plot", half}, "compare-diff.csv: it does not exist"},
		{[]string{"plot", filepath.Join(base, "missing")}, "it does not exist"},
		{[]string{"plot", bad}, "cannot plot " + tally + ": invalid tally: checksum"},
		{[]string{"plot", "--format", "svg,pdf", bad}, `invalid argument "svg,pdf" for --format: want svg, png or svg,png`},
		{[]string{"plot", "--format", "", bad}, `invalid argument "" for --format`},
	} {
		code, _, errs := cli(t, tc.args...)
		if code != exitUsage || !strings.Contains(errs, tc.msg) || !strings.Contains(errs, "bangsim plot --help") {
			t.Errorf("%v: exit %d, stderr:\n%s\nwant exit 2 and %q", tc.args, code, errs, tc.msg)
		}
	}
}
