package report

import (
	"html"
	"unicode"

	"golang.org/x/image/font/sfnt"
	"golang.org/x/image/math/fixed"

	"bytes"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"flag"
	"fmt"
	"image/png"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/bangsim/bangsim/resultfile"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata/")

// splitmix is a tiny fixed generator, so the test data never depends on math/rand.
type splitmix uint64

func (s *splitmix) next() uint64 {
	*s += 0x9e3779b97f4a7c15
	z := uint64(*s)
	z = (z ^ z>>30) * 0xbf58476d1ce4e5b9
	z = (z ^ z>>27) * 0x94d049bb133111eb
	return z ^ z>>31
}

func (s *splitmix) intn(n int) int { return int(s.next() % uint64(n)) }

// plotTestSet is a hand-made, consistent tally of 3, 4 and 5 players: 3 players deal no
// Sheriff, Zed is dealt only at 5 players and Plain never, so the charts meet a role
// that is not dealt, empty heatmap cells and a character left out.
func plotTestSet(t *testing.T) *resultfile.TallySet {
	t.Helper()
	roles := []string{"Sheriff", "Deputy", "Outlaw", "Renegade"}
	chars := []string{"Bart Cassidy", "Black Jack", "Calamity Janet", "El Gringo", "Jesse Jones", "Zed", "Plain"}
	deal := map[int][]int{3: {1, 2, 3}, 4: {0, 2, 2, 3}, 5: {0, 1, 2, 2, 3}}
	rng := splitmix(2024)
	tail := splitmix(7) // the long games, drawn apart so that the other counts stay as they were
	set := &resultfile.TallySet{
		Game: "dice", Version: "test", Seed: 3,
		Policies: resultfile.Policies{Default: "heuristic", ByRole: map[string]string{"Outlaw": "random"}},
	}
	for _, n := range []int{3, 4, 5} {
		const games = 400
		y := resultfile.Tally{Games: games, Seats: make([]Cell, n)}
		cells := make([][5]Cell, len(chars)) // 4 roles, then all
		var roleCells [4]Cell
		var teamWins [4]uint64
		lengths := map[int]uint64{}
		for range games {
			seat := slices.Clone(deal[n])
			for i := len(seat) - 1; i > 1; i-- { // seat 0 keeps its role
				j := 1 + rng.intn(i)
				seat[i], seat[j] = seat[j], seat[i]
			}
			pool := 5 // Zed only at 5 players
			if n == 5 {
				pool = 6
			}
			var who []int
			for len(who) < n {
				if c := rng.intn(pool); !slices.Contains(who, c) {
					who = append(who, c)
				}
			}
			// The winning side: 0 the Sheriff's (Sheriff and Deputies), 2 the Outlaws, 3 the
			// Renegade, -1 a draw; Jesse Jones tilts it towards his side.
			side := []int{0, 0, 2, 2, 2, 3, -1}[rng.intn(7)]
			if side == -1 && n > 3 {
				side = 0
			}
			if j := slices.Index(who, 4); j >= 0 && rng.intn(4) == 0 {
				side = seat[j]
				if side == 1 {
					side = 0
				}
			}
			won := func(s int) bool {
				r := seat[s]
				return side >= 0 && (r == side || (side == 0 && r == 1) || (side == 1 && r == 0))
			}
			switch {
			case side < 0:
				y.Draws++
			case side == 0 && n == 3:
				teamWins[1]++ // no Sheriff: the Deputy's side
			default:
				teamWins[side]++
			}
			turns := 6 + n + rng.intn(9)
			if tail.intn(6) == 0 {
				turns += 1 + tail.intn(4*n)
			}
			y.Turns += uint64(turns)
			lengths[turns]++
			var m, w [4]uint64
			for s := range n {
				win := uint64(0)
				if won(s) {
					win = 1
				}
				m[seat[s]]++
				w[seat[s]] += win
				y.Seats[s].Add(1, win)
				cells[who[s]][seat[s]].Add(1, win)
				cells[who[s]][4].Add(1, win)
			}
			for r := range roles {
				roleCells[r].Add(m[r], w[r])
			}
		}
		counts := map[int][4]int{}
		for _, r := range deal[n] {
			c := counts[n]
			c[r]++
			counts[n] = c
		}
		for r, name := range roles {
			y.Roles = append(y.Roles, resultfile.RoleTally{Role: name, Dealt: counts[n][r], TeamWins: teamWins[r], Cell: roleCells[r]})
		}
		for c, name := range chars {
			ct := resultfile.CharacterTally{Character: name}
			for r := range 5 {
				role := resultfile.AllRoles
				if r < 4 {
					role = roles[r]
				}
				ct.Roles = append(ct.Roles, resultfile.RoleCell{Role: role, Cell: cells[c][r]})
			}
			y.Characters = append(y.Characters, ct)
		}
		y.Events = []resultfile.Counter{{Name: "dynamite_stops", Count: uint64(n * 7)}}
		y.Lengths = &resultfile.Lengths{Cap: 1000, Games: []resultfile.LengthCount{}}
		for turns := range 1001 {
			if g := lengths[turns]; g > 0 {
				y.Lengths.Games = append(y.Lengths.Games, resultfile.LengthCount{Turns: turns, Games: g})
			}
		}
		set.Counts = append(set.Counts, resultfile.CountTally{Players: n, FirstGame: 0, Games: games, Tally: y})
	}
	if err := set.Seal(); err != nil {
		t.Fatal(err)
	}
	if err := set.Validate(); err != nil {
		t.Fatalf("the test tally is inconsistent: %v", err)
	}
	return set
}

// plotTestCompare is a hand-made comparison of two policies against keep.
func plotTestCompare() (*resultfile.Compare, []CompareDiffRow) {
	rec := &resultfile.Compare{
		Schema: resultfile.CompareSchema, Game: "dice", Seed: 9, Players: 4,
		Policies: []string{"keep", "random", "heuristic"}, Reference: "keep",
		GamesPlanned: 1500, GamesPlayed: 1500, Confidence: 0.95, Alpha: 0.05,
	}
	rows := []CompareDiffRow{
		{"random", "Sheriff", 1500, -0.24, -0.2689, -0.2111, true},
		{"random", "Outlaw", 3000, -0.1097, -0.1385, -0.0808, true},
		{"random", "Renegade", 1500, -0.0093, -0.0256, 0.0070, false},
		{"random", "all", 6000, -0.1297, -0.1409, -0.1184, true},
		{"heuristic", "Sheriff", 1500, 0.0320, 0.0050, 0.0590, true},
		{"heuristic", "Outlaw", 3000, 0.0105, -0.0120, 0.0330, false},
		{"heuristic", "Renegade", 1500, 0.0450, 0.0210, 0.0690, true},
		{"heuristic", "all", 6000, 0.0210, 0.0080, 0.0340, true},
	}
	return rec, rows
}

// fontData matches the base64 font an SVG embeds.
var fontData = regexp.MustCompile(`base64,([A-Za-z0-9+/=]+)\)`)

// normalizeSVG replaces the embedded font by its size and SHA-256, so that a golden file
// holds the drawing (a few kB) rather than the same 550 kB of font in every file.
func normalizeSVG(svg []byte) string {
	return fontData.ReplaceAllStringFunc(string(svg), func(m string) string {
		raw, err := base64.StdEncoding.DecodeString(fontData.FindStringSubmatch(m)[1])
		if err != nil {
			return "base64,<not base64: " + err.Error() + ">)"
		}
		h := sha256.Sum256(raw)
		return fmt.Sprintf("base64,<%d bytes, sha256 %s>)", len(raw), hex.EncodeToString(h[:8]))
	})
}

// goldenSVG compares got with testdata/name, or rewrites it with -update.
func goldenSVG(t *testing.T, name, got string) {
	t.Helper()
	path := filepath.Join("testdata", name)
	if *update {
		if err := os.MkdirAll("testdata", 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run 'go test ./report -run %s -update' to create it)", err, t.Name())
	}
	if got != string(want) {
		w, g := strings.Split(string(want), "\n"), strings.Split(got, "\n")
		for i := range max(len(w), len(g)) {
			var a, b string
			if i < len(w) {
				a = w[i]
			}
			if i < len(g) {
				b = g[i]
			}
			if a != b {
				t.Fatalf("%s differs at line %d (rerun with -update if the change is intended):\n want: %s\n  got: %s", path, i+1, a, b)
			}
		}
	}
}

// svgOf draws f as SVG.
func svgOf(t *testing.T, f *Figure) []byte {
	t.Helper()
	var b bytes.Buffer
	if err := f.Write(&b, "svg"); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

func plotTestFigures(t *testing.T) []Figure {
	t.Helper()
	figs, err := RunFigures(&resultfile.Run{}, plotTestSet(t))
	if err != nil {
		t.Fatal(err)
	}
	rec, rows := plotTestCompare()
	cfigs, err := CompareFigures(rec, rows)
	if err != nil {
		t.Fatal(err)
	}
	return append(figs, cfigs...)
}

func TestPlotGolden(t *testing.T) {
	figs := plotTestFigures(t)
	var names []string
	for i := range figs {
		names = append(names, figs[i].Name)
		goldenSVG(t, figs[i].Name+".svg.golden", normalizeSVG(svgOf(t, &figs[i])))
	}
	want := []string{"plot-roles", "plot-seats", "plot-turns", "plot-characters", "plot-characters-vs-role",
		"plot-characters-sheriff", "plot-characters-deputy", "plot-characters-outlaw", "plot-characters-renegade", "plot-compare"}
	if !slices.Equal(names, want) {
		t.Errorf("figures %v, want %v", names, want)
	}
}

// The same input gives byte-identical SVG, font included.
func TestPlotDeterministic(t *testing.T) {
	a, b := plotTestFigures(t), plotTestFigures(t)
	for i := range a {
		if !bytes.Equal(svgOf(t, &a[i]), svgOf(t, &b[i])) {
			t.Errorf("%s: two drawings of the same input differ", a[i].Name)
		}
	}
}

// An SVG embeds the one font its text uses and refers to nothing outside itself.
func TestPlotSVGSelfContained(t *testing.T) {
	figs := plotTestFigures(t)
	for i := range figs {
		svg := string(svgOf(t, &figs[i]))
		if n := strings.Count(svg, "@font-face"); n != 1 {
			t.Errorf("%s: %d @font-face rules, want 1", figs[i].Name, n)
		}
		if !strings.Contains(svg, `font-family:"Liberation Sans";`) || !strings.Contains(svg, "font-family:Liberation Sans;") {
			t.Errorf("%s: the text does not use the embedded Liberation Sans", figs[i].Name)
		}
		m := fontData.FindStringSubmatch(svg)
		if m == nil {
			t.Fatalf("%s: no embedded font data", figs[i].Name)
		}
		raw, err := base64.StdEncoding.DecodeString(m[1])
		if err != nil || !bytes.HasPrefix(raw, []byte{0, 1, 0, 0}) {
			t.Errorf("%s: the embedded font is not a TrueType file (%d bytes, %v)", figs[i].Name, len(raw), err)
		}
		checkSubsetCovers(t, figs[i].Name, raw, svg)
		rest := strings.NewReplacer(`xmlns="http://www.w3.org/2000/svg"`, "", `xmlns:xlink="http://www.w3.org/1999/xlink"`, "").Replace(svg)
		for _, ref := range []string{"http:", "https:", "file:", "@import", "<image", "href="} {
			if strings.Contains(rest, ref) {
				t.Errorf("%s: the SVG refers outside itself (%q)", figs[i].Name, ref)
			}
		}
	}
}

// PNGs decode, at PlotDPI, to the figure's size.
func TestPlotPNG(t *testing.T) {
	figs := plotTestFigures(t)
	for _, i := range []int{0, 3, len(figs) - 1} { // bars, a heatmap, the comparison
		var b bytes.Buffer
		if err := figs[i].Write(&b, "png"); err != nil {
			t.Fatal(err)
		}
		img, err := png.Decode(&b)
		if err != nil {
			t.Fatalf("%s: %v", figs[i].Name, err)
		}
		w, h := figs[i].PNGSize()
		if got := img.Bounds().Size(); got.X != w || got.Y != h || w != int(figs[i].Width)*2 {
			t.Errorf("%s: PNG %v, want %dx%d (2 pixels a point)", figs[i].Name, got, w, h)
		}
	}
}

func TestPlotWriteFigures(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "new")
	figs := plotTestFigures(t)[:2]
	paths, err := WriteFigures(dir, figs, []string{"png", "svg"})
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"plot-roles.svg", "plot-roles.png", "plot-seats.svg", "plot-seats.png"}
	for i, p := range paths {
		if i >= len(want) || p != filepath.Join(dir, want[i]) {
			t.Fatalf("paths %v, want %v in %s", paths, want, dir)
		}
	}
	// and resultfile.ExtrasMarker, which a new directory of charts gets so that a later
	// plot knows the charts are bangsim's.
	es, _ := os.ReadDir(dir)
	if len(es) != len(want)+1 {
		t.Errorf("%s holds %d entries, want %d (no temporary file left)", dir, len(es), len(want)+1)
	}
	if _, err := WriteFigures(dir, figs, []string{"pdf"}); err == nil {
		t.Error("format pdf: no error")
	}
}

// TestPlotCharacterVsOthers holds the heatmap to balance's definition of a character
// against its role: every cell is the mean_diff of balance.csv's all row, and the cells
// whose interval holds 0, and only they, are faded and hatched.
func TestPlotCharacterVsOthers(t *testing.T) {
	set := plotTestSet(t)
	b := NewBalance(set.Counts, DefaultAlpha, ZFor(Confidence))
	rows := CharacterVsOthers(set.Counts)
	var all, muted int
	for _, r := range b.Rows {
		if r.Role != resultfile.AllRoles {
			continue
		}
		all++
		if r.Low <= 0 && r.High >= 0 {
			muted++
		}
		if got := rows[r.Players][r.Character]; got.Diff != r.Diff || got.Low != r.Low || got.High != r.High {
			t.Errorf("%d players, %s: %+v, want balance's all row %+v", r.Players, r.Character, got, r)
		}
	}
	if muted == 0 || muted == all {
		t.Fatalf("the test tally has %d muted cells of %d: want some of each", muted, all)
	}
	run := &resultfile.Run{Origin: resultfile.Origin{Game: set.Game}, Slice: resultfile.Slice{Seed: set.Seed}, Policies: set.Policies}
	figs, err := RunFigures(run, set)
	if err != nil {
		t.Fatal(err)
	}
	i := slices.IndexFunc(figs, func(f Figure) bool { return f.Name == "plot-characters-vs-role" })
	var svg bytes.Buffer
	if err := figs[i].Write(&svg, "svg"); err != nil {
		t.Fatal(err)
	}
	// Every muted cell is one path of the hatch's grey diagonals (a move and a line
	// each, several a cell), and no other cell has one.
	hatches := regexp.MustCompile(`<path d="([^"]*)" style="fill:none;stroke:#A0A0A0;stroke-width:0.5"`).FindAllStringSubmatch(svg.String(), -1)
	if len(hatches) != muted {
		t.Errorf("%d hatched cells for %d muted cells: want one each and none elsewhere", len(hatches), muted)
	}
	for _, h := range hatches {
		if n := strings.Count(h[1], "M"); n < 5 {
			t.Errorf("a hatched cell has %d diagonals, want several", n)
		}
	}
	for _, r := range b.Rows {
		if r.Role == resultfile.AllRoles {
			if label := ">" + minusSign(FormatPoints(r.Diff, 1)) + "<"; !strings.Contains(svg.String(), label) {
				t.Errorf("%d players, %s: no cell labelled %s", r.Players, r.Character, label)
			}
		}
	}
}

func TestPlotNiceTicks(t *testing.T) {
	for _, tc := range []struct {
		lo, hi float64
		want   string
	}{
		{0, 70, "0 10 20 30 40 50 60 70"},
		{-15, 15, "−15 −10 −5 0 5 10 15"},
		{0, 1, "0.0 0.2 0.4 0.6 0.8 1.0"},
		{0, 17, "0.0 2.5 5.0 7.5 10.0 12.5 15.0"},
		{22, 56, "25 30 35 40 45 50 55"},
	} {
		var labels []string
		for _, tk := range (niceTicks{}).Ticks(tc.lo, tc.hi) {
			labels = append(labels, tk.Label)
		}
		if got := strings.Join(labels, " "); got != tc.want {
			t.Errorf("ticks of [%v, %v]: %s, want %s", tc.lo, tc.hi, got, tc.want)
		}
	}
}

func TestPlotReadCompareDiff(t *testing.T) {
	rows, err := ReadCompareDiff(strings.NewReader("policy,role,games,mean_diff,ci_low,ci_high,z,p_value,p_holm,significant\n" +
		"random,Sheriff,1500,-0.240000,-0.268922,-0.211078,-16.26,1.7e-59,5.3e-59,true\n" +
		"random,all,6000,0.001000,-0.010000,0.012000,0.17,0.86,0.86,false\n"))
	if err != nil {
		t.Fatal(err)
	}
	want := []CompareDiffRow{{"random", "Sheriff", 1500, -0.24, -0.268922, -0.211078, true}, {"random", "all", 6000, 0.001, -0.01, 0.012, false}}
	if !slices.Equal(rows, want) {
		t.Errorf("rows %+v, want %+v", rows, want)
	}
	for _, tc := range []struct{ in, msg string }{
		{"policy,role,games\n", `no "mean_diff" column`},
		{"policy,role,games,mean_diff,ci_low,ci_high,significant\nr,all,x,0,0,0,true\n", `line 2: games "x"`},
		{"policy,role,games,mean_diff,ci_low,ci_high,significant\nr,all,1,0,NaN,0,true\n", `line 2: ci_low "NaN" is not a number`},
		{"policy,role,games,mean_diff,ci_low,ci_high,significant\nr,all,1,0,0,0,maybe\n", `significant "maybe"`},
		{"", "empty"},
	} {
		if _, err := ReadCompareDiff(strings.NewReader(tc.in)); err == nil || !strings.Contains(err.Error(), tc.msg) {
			t.Errorf("%q: error %v, want one containing %q", tc.in, err, tc.msg)
		}
	}
}

func TestPlotRunFiguresEmpty(t *testing.T) {
	if _, err := RunFigures(nil, &resultfile.TallySet{}); err == nil {
		t.Error("a tally without counts: no error")
	}
	if _, err := CompareFigures(&resultfile.Compare{}, nil); err == nil {
		t.Error("a comparison without rows: no error")
	}
}

// checkSubsetCovers fails unless the font parses and maps every character of the svg's
// text to a glyph with an outline (a space has none), and maps nothing else.
func checkSubsetCovers(t *testing.T, name string, raw []byte, svg string) {
	t.Helper()
	f, err := sfnt.Parse(raw)
	if err != nil {
		t.Fatalf("%s: the embedded subset does not parse: %v", name, err)
	}
	var b sfnt.Buffer
	used := map[rune]bool{}
	for _, m := range svgText.FindAllStringSubmatch(svg, -1) {
		for _, r := range html.UnescapeString(m[1]) {
			used[r] = true
		}
	}
	for r := range used {
		g, err := f.GlyphIndex(&b, r)
		if err != nil || g == 0 {
			t.Errorf("%s: the subset has no glyph for %q (%v)", name, r, err)
			continue
		}
		segs, err := f.LoadGlyph(&b, g, fixed.I(12), nil)
		if err != nil || (len(segs) == 0 && !unicode.IsSpace(r)) {
			t.Errorf("%s: the glyph of %q has no outline (%v)", name, r, err)
		}
	}
	for _, r := range "QZ@#" {
		if !used[r] {
			if g, _ := f.GlyphIndex(&b, r); g != 0 {
				t.Errorf("%s: the subset maps %q, which no text uses", name, r)
			}
		}
	}
}

// maxSVGBytes is the most a standalone chart may weigh: the font subset and the drawing.
const maxSVGBytes = 100_000

// Every SVG a run's and a comparison's plot writes stays under maxSVGBytes (the whole
// font made each about 580 KB).
func TestPlotSVGSize(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "charts")
	paths, err := WriteFigures(dir, plotTestFigures(t), []string{"svg"})
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range paths {
		st, err := os.Stat(p)
		if err != nil {
			t.Fatal(err)
		}
		t.Logf("%s: %d bytes", filepath.Base(p), st.Size())
		if st.Size() >= maxSVGBytes {
			t.Errorf("%s: %d bytes, want < %d", filepath.Base(p), st.Size(), maxSVGBytes)
		}
	}
}
