package main

import (
	"context"
	"encoding/json"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// goInternal is one mark of Go's own formatting that no bangsim message may show (the
// project brief: every error is one plain line, no `[a b]` slices, no `%v` of structs,
// no "open x: not a directory"). Each pattern is written so that it cannot match the
// plain text bangsim does use: "[a, b]" lists with commas in a YAML hint,
// "PLAYER:GAME[:TURN]", "name(key=value,...)", "cannot read x: permission denied".
type goInternal struct {
	what string
	re   *regexp.Regexp
}

var goInternals = []goInternal{
	// fmt's %v of a slice: space-separated items in brackets, no commas.
	{"a Go slice", regexp.MustCompile(`\[[^\s,\[\]]+( [^\s,\[\]]+)+\]`)},
	{"an empty Go slice or map", regexp.MustCompile(`(^|[\s(])(\[\]|map\[\])($|[\s),])`)},
	{"a Go map", regexp.MustCompile(`map\[`)},
	// fmt's %v of a struct ({a b}) or a pointer to one (&{a b}).
	{"a Go struct", regexp.MustCompile(`&\{|\{[^\s{}:,"]+( [^\s{}:,"]+)+\}`)},
	// JSON as json.Marshal writes it: no space after a key's colon.
	{"JSON text", regexp.MustCompile(`\{"|\["|"\w*":\S`)},
	{"a fmt error", regexp.MustCompile(`%!|\((MISSING|BADINDEX|NOVERB|EXTRA)\)`)},
	{"a pointer", regexp.MustCompile(`0x[0-9a-f]{6,}`)},
	{"nil", regexp.MustCompile(`<nil>`)},
	{"a Go package's name", regexp.MustCompile(`\b(strconv|json|main|errors|fs|os|bufio|syscall|reflect|yaml|csv|cobra|pflag|results)\.[A-Za-z]`)},
	{"a Go type's name", regexp.MustCompile(`\*(errors|fs|os|json|strconv)\.|Go struct|Go value`)},
	{"encoding/json's words", regexp.MustCompile(`(^|\s)json: |cannot unmarshal|unexpected end of JSON input|looking for beginning of value`)},
	{"strconv's words", regexp.MustCompile(`invalid syntax|value out of range|parsing "`)},
	{"encoding/csv's words", regexp.MustCompile(`parse error on line|extraneous or missing|bare " in non-quoted`)},
	{"bufio's words", regexp.MustCompile(`token too long`)},
	{"a system error's text for a missing file", regexp.MustCompile(`no such file or directory`)},
	{"cobra's words", regexp.MustCompile(`arg\(s\)|Unknown help topic`)},
	// A message cut short: "..." at its end or before a quote or a space (not the
	// "...)" of "name(key=value,...)" or the "...]" of "A,B[,C...]").
	{"a cut message", regexp.MustCompile(`\.\.\.($|[\s"'])`)},
}

// goSyscall is Go's *fs.PathError text: the system call, the path, the error ("open
// r1/roles.csv/run.json: not a directory"). A plain sentence may read alike after
// "cannot " ("cannot read x: permission denied"), so that is allowed.
var goSyscall = regexp.MustCompile(`(^|[\s:"])(open|stat|lstat|mkdir|read|write|rename|remove|unlinkat|readdirent|chdir|fstat) \S+: (not a directory|is a directory|no such file or directory|permission denied|file exists|no space left on device|read-only file system|directory not empty)`)

// internalsIn returns what of Go's formatting msg shows.
func internalsIn(msg string) []string {
	var found []string
	for _, g := range goInternals {
		if m := g.re.FindString(msg); m != "" {
			found = append(found, g.what+" ("+m+")")
		}
	}
	for _, loc := range goSyscall.FindAllStringSubmatchIndex(msg, -1) {
		start := loc[4] // the system call's name
		if !strings.HasSuffix(msg[:start], "cannot ") {
			found = append(found, "a raw system error ("+msg[start:loc[1]]+")")
		}
	}
	return found
}

// TestGoInternalsCatch: the ban-list finds every message the issue quotes (and the
// other shapes of Go formatting), and none of the plain texts bangsim prints; so a
// test that passes cannot be passing because the list misses, nor fail on good text.
func TestGoInternalsCatch(t *testing.T) {
	for _, bad := range []string{
		`--policy: invalid policy: unknown policy "x"; want one of [bank-beers chase-gatling heuristic]`,
		`no duel play bot "nosuch" (have [heuristic random])`,
		`cannot merge r1/roles.csv: open r1/roles.csv/run.json: not a directory`,
		`no duel play bot "random,random" (have [heuristic random])`,
		`cannot merge s2 with s1: the sweeps differ: base {"players":[5],"games_per_player_count":50,"seed":2,"policy":"heuristic","characters":"random","fixed_seats":fals...`,
		`cannot create --out directory "afile": mkdir afile: not a directory`,
		`read sweep file: open nosuch.yaml: no such file or directory`,
		`--table: bad score table emptydir: line 1: read emptydir: is a directory`,
		`not valid JSON (at byte 100: unexpected end of JSON input)`,
		`json: cannot unmarshal number into Go struct field Run.seed of type string`,
		`strconv.ParseUint: parsing "abc": invalid syntax`,
		`the value is {4 5 true}`, `the value is &{4 5}`, `a map map[a:1]`, `players []`, `%!d(string=x)`,
		`stat afile/x: not a directory`, `parse error on line 2, column 15: extraneous or missing " in quoted-field`,
		`bufio.Scanner: token too long`, `accepts at most 1 arg(s), received 2`, `at 0xc000123456`,
	} {
		if len(internalsIn(bad)) == 0 {
			t.Errorf("the ban-list misses Go's formatting in %q", bad)
		}
	}
	for _, good := range []string{
		`t.yaml:3: players: want a player count (5), a list ([4, 5, 6]) or a range ("3-8"), each from 3 to 8`,
		`t.yaml:4: axes.arrows: want a list such as [a, b], not a mapping`,
		`--withdraw "0:x:1": "x" is not a whole number (want PLAYER:GAME[:TURN], e.g. 3:5:12)`,
		`compare needs --policies A,B[,C...]: the reference first, then the bots to compare with it`,
		`--policy: bad policy spec "heuristic(": expected a parameter name at "" (want name or name(key=value,...))`,
		`cannot read sweep file s.yaml: permission denied`,
		`cannot merge afile/run.json: it is a file, not a result directory`,
		`cannot create --out directory "a/b": a is a file, not a directory`,
		`cannot merge s2 with s1: the sweeps differ in their base run: seed 2 against 1`,
		`cannot read --out "x": it is a directory, not a file`,
		`run.json and tally.json (bangsim run or merge); see examples/sweep.yaml`,
		`--policy-for outlaw=heuristic(: bad policy spec`,
	} {
		if found := internalsIn(good); len(found) > 0 {
			t.Errorf("the ban-list misfires on plain text %q: %v", good, found)
		}
	}
}

// hintPath is the command whose help the hint after a usage error names: the deepest
// command args reach ("bangsim" for an unknown one).
func hintPath(args []string) string {
	root := (&app{ctx: context.Background(), stdout: io.Discard, stderr: io.Discard}).rootCmd()
	if len(args) > 0 && args[0] == "help" { // cobra adds its help command only when it runs
		return "bangsim help"
	}
	cmd, _, err := root.Find(args)
	if err != nil || cmd == nil {
		return root.CommandPath()
	}
	return cmd.CommandPath()
}

// checkBadInput runs bangsim with args, a request that can never work, and checks the
// answer: exit 2, nothing on stdout, one line "bangsim: error: ..." holding want and
// none of Go's formatting (goInternals), then the hint naming the command's help.
// Lines before it are progress a command printed before refusing; none may be an error.
func checkBadInput(t *testing.T, args []string, want string) {
	t.Helper()
	code, stdout, stderr := cli(t, args...)
	if code != exitUsage {
		t.Fatalf("bangsim %s: exit %d, want %d; stderr:\n%s", strings.Join(args, " "), code, exitUsage, stderr)
	}
	if stdout != "" {
		t.Errorf("stdout not empty: %q", stdout)
	}
	lines := strings.Split(strings.TrimSuffix(stderr, "\n"), "\n")
	if len(lines) < 2 {
		t.Fatalf("stderr %q: want the error line and the hint", stderr)
	}
	msg, hint := lines[len(lines)-2], lines[len(lines)-1]
	if !strings.HasPrefix(msg, "bangsim: error: ") || !strings.Contains(msg, want) {
		t.Errorf("error line %q, want \"bangsim: error: ...%s...\"", msg, want)
	}
	for _, l := range lines[:len(lines)-2] {
		if strings.Contains(l, "error") {
			t.Errorf("a second error line before the message: %q", l)
		}
	}
	if found := internalsIn(msg); len(found) > 0 {
		t.Errorf("the message shows Go's formatting, %s: %s", strings.Join(found, "; "), msg)
	}
	if cmd := hintPath(args); hint != "run '"+cmd+" --help' for usage" {
		t.Errorf("hint %q, want it to name '%s --help'", hint, cmd)
	}
}

// treeSnapshot is every file and directory under root with its mode and contents, to
// check that a refused request changed nothing; own (the request's --out) is left out:
// the command's own output is not a user's file.
func treeSnapshot(t *testing.T, root, own string) map[string]string {
	t.Helper()
	out := map[string]string{}
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if p == own {
			return filepath.SkipDir
		}
		info, err := d.Info()
		if err != nil {
			return err
		}
		v := info.Mode().String()
		if d.Type().IsRegular() {
			b, err := os.ReadFile(p)
			if err != nil {
				return err
			}
			v += " " + string(b)
		}
		out[p] = v
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// badInputFixtures are the directories and files TestBadInputEveryCommand's requests
// name: real results, results damaged in the ways a disk or a hand does, and paths
// that are files where a directory belongs and the other way round.
type badInputFixtures struct {
	root                               string
	run, compare, sweep1, sweep2       string
	file, empty, truncRun, wrongSchema string
	truncSweep, yamlDir, goodYAML      string
	roleYAML, charYAML, out            string
	badRules, nestedRule               string
}

// newBadInputFixtures plays the small results and writes the damaged copies.
func newBadInputFixtures(t *testing.T) badInputFixtures {
	t.Helper()
	root := t.TempDir()
	f := badInputFixtures{root: root}
	p := func(name string) string { return filepath.Join(root, name) }
	write := func(path, text string) {
		t.Helper()
		if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	copyDir := func(from, to string) {
		t.Helper()
		if err := os.CopyFS(to, os.DirFS(from)); err != nil {
			t.Fatal(err)
		}
	}
	f.run, f.compare, f.sweep1, f.sweep2 = p("run"), p("compare"), p("sweep1"), p("sweep2")
	mustCLI(t, "run", "--games", "30", "--out", f.run, "-q")
	mustCLI(t, "compare", "--policies", "heuristic,random", "--games", "4", "--out", f.compare, "-q")
	sweep := "game: dice\ngames: 10\nseed: %s\naxes:\n  arrows: [8, 9]\n"
	f.goodYAML = p("good.yaml")
	write(f.goodYAML, strings.Replace(sweep, "%s", "1", 1))
	write(p("seed2.yaml"), strings.Replace(sweep, "%s", "2", 1))
	mustCLI(t, "sweep", f.goodYAML, "--out", f.sweep1, "-q")
	mustCLI(t, "sweep", p("seed2.yaml"), "--out", f.sweep2, "-q")
	f.file, f.empty = p("afile"), p("emptydir")
	write(f.file, "mine\n")
	if err := os.Mkdir(f.empty, 0o755); err != nil {
		t.Fatal(err)
	}
	f.truncRun, f.wrongSchema, f.truncSweep = p("trunc"), p("wrongschema"), p("truncsweep")
	copyDir(f.run, f.truncRun)
	b, err := os.ReadFile(filepath.Join(f.run, "run.json"))
	if err != nil {
		t.Fatal(err)
	}
	write(filepath.Join(f.truncRun, "run.json"), string(b[:100]))
	copyDir(f.run, f.wrongSchema)
	write(filepath.Join(f.wrongSchema, "run.json"), `{"schema": 99}`)
	// run.json's rules as a list, and a rule's value a list holding an object.
	f.badRules, f.nestedRule = p("badrules"), p("nestedrule")
	for dir, rules := range map[string]any{f.badRules: []int{1}, f.nestedRule: map[string]any{"arrows": []any{1, map[string]any{}}}} {
		copyDir(f.run, dir)
		var rec map[string]any
		if err := json.Unmarshal(b, &rec); err != nil {
			t.Fatal(err)
		}
		rec["rules"] = rules
		text, err := json.Marshal(rec)
		if err != nil {
			t.Fatal(err)
		}
		write(filepath.Join(dir, "run.json"), string(text))
	}
	copyDir(f.sweep1, f.truncSweep)
	b, err = os.ReadFile(filepath.Join(f.sweep1, "sweep.json"))
	if err != nil {
		t.Fatal(err)
	}
	write(filepath.Join(f.truncSweep, "sweep.json"), string(b[:70]))
	f.yamlDir = p("dir.yaml")
	if err := os.Mkdir(f.yamlDir, 0o755); err != nil {
		t.Fatal(err)
	}
	f.roleYAML, f.charYAML = p("role.yaml"), p("char.yaml")
	write(f.roleYAML, "game: dice\ngames: 10\npolicy-for:\n  king: random\naxes:\n  arrows: [8]\n")
	write(f.charYAML, "game: dice\ngames: 10\ncharacters: 5\naxes:\n  arrows: [8]\n")
	f.out = p("out") // the requests' own output, which treeSnapshot leaves out
	return f
}

// TestBadInputEveryCommand: every command, given requests that can never work (unknown
// values of its enumerated flags, malformed bot specs, files where a directory belongs
// and directories where a file does, damaged result files, sweeps that cannot be merged),
// exits 2 with one plain line and the hint (checkBadInput), and changes no file outside
// the request's own --out.
func TestBadInputEveryCommand(t *testing.T) {
	f := newBadInputFixtures(t)
	in := func(dir, name string) string { return filepath.Join(dir, name) }
	// An --out that is a file is refused by each command's check of its output
	// directory, in that check's words; "not a directory" with the ban-list on raw
	// system errors (goSyscall) asks for a sentence, whichever words it chooses.
	for _, tc := range []struct {
		name string
		args []string
		want string
	}{
		// run
		{"run: unclosed spec", []string{"run", "--policy", "heuristic(", "--out", f.out}, `bad policy spec "heuristic(": expected a parameter name`},
		{"run: a bot without parameters", []string{"run", "--policy", "random(x=1)", "--out", f.out}, "policy random takes no parameters"},
		{"run: unknown parameter", []string{"run", "--policy", "heuristic(nosuch=1)", "--out", f.out}, `policy heuristic has no parameter "nosuch" (parameters: beer_below=0..99, `},
		{"run: parameter out of range", []string{"run", "--policy", "heuristic(beer_below=100)", "--out", f.out}, "beer_below=100: want an integer from 0 to 99"},
		{"run: another game's bot", []string{"run", "--game", "card", "--policy", "optimal", "--out", f.out}, `unknown policy "optimal" (known: heuristic, omniscient, random, search)`},
		{"run: empty card name", []string{"run", "--game", "card", "--remove-cards", "Jail,,Beer", "--out", f.out}, "--remove-cards: an empty name in the list"},
		{"run: out under a file", []string{"run", "--games", "5", "--out", in(f.file, "sub")}, "not a directory"},
		// replay
		{"replay: unknown bot", []string{"replay", "--policy", "nosuch"}, `unknown policy "nosuch" (known: bank-beers, chase-gatling, `},
		{"replay: a range", []string{"replay", "--players", "3-5"}, "--players must be one count"},
		{"replay: index not a number", []string{"replay", "--index", "abc"}, `invalid argument "abc" for --index: want a whole number of 0 or more`},
		// characters, policies
		{"characters: unknown game", []string{"characters", "--game", "chess"}, `unknown --game "chess": want card or dice`},
		{"characters: stray argument", []string{"characters", "extra"}, `unknown command "extra" for "bangsim characters"`},
		{"policies: unknown game", []string{"policies", "--game", "chess"}, `unknown --game "chess": want card or dice`},
		{"policies: stray argument", []string{"policies", "--json", "extra"}, `unknown command "extra" for "bangsim policies"`},
		// merge
		{"merge: two sweeps", []string{"merge", "--out", f.out, f.sweep1, f.sweep2}, "the sweeps differ in their base run: seed 2 against 1"},
		{"merge: a file", []string{"merge", "--out", f.out, f.file}, "cannot merge " + strconv.Quote(f.file) + ": it is a file: want a run or merge"},
		{"merge: a result file", []string{"merge", "--out", f.out, in(f.run, "roles.csv")}, "it is a file: want a run or merge"},
		{"merge: truncated run.json", []string{"merge", "--out", f.out, f.truncRun}, "it is not valid JSON: it ends at byte 100"},
		{"merge: wrong schema", []string{"merge", "--out", f.out, f.wrongSchema}, `field "schema" holds a JSON number where a text belongs`},
		{"merge: rules not an object", []string{"merge", "--out", f.out, f.badRules}, "the rules are not a JSON object of names and values"},
		{"merge: a rule holding an object", []string{"merge", "--out", f.out, f.nestedRule}, "rules: arrows 9 against 1, none"},
		{"merge: a run and a comparison", []string{"merge", "--out", f.out, f.run, f.compare}, "it is a comparison (compare.json) and " + strconv.Quote(f.run) + " is a run or merge (run.json, tally.json)"},
		{"merge: a sweep and a run", []string{"merge", "--out", f.out, f.sweep1, f.run}, "is a sweep (sweep.json); merge the shards of one result together"},
		{"merge: out is a file", []string{"merge", "--out", f.file, f.run}, "not a directory"},
		// odds
		{"odds: unknown policy", []string{"odds", "gatling", "--policy", "nosuch"}, "want one of bank-beers, chase-gatling, heuristic, "},
		{"odds: count out of range", []string{"odds", "bullseyes=9"}, "the count must be a whole number from 0 to 5"},
		{"odds: no objective", []string{"odds"}, "odds needs one objective (got 0 arguments)"},
		{"odds: unknown character", []string{"odds", "gatling", "--character", "nobody"}, `unknown character "nobody"`},
		// compare
		{"compare: no policies", []string{"compare"}, "compare needs --policies A,B[,C...]"},
		{"compare: unknown policy", []string{"compare", "--policies", "heuristic,nosuch", "--out", f.out}, `unknown policy "nosuch" (known: bank-beers, `},
		{"compare: a range", []string{"compare", "--policies", "heuristic,random", "--players", "3-5"}, `--players must be one count for compare, got "3-5"`},
		{"compare: out is a file", []string{"compare", "--policies", "heuristic,random", "--games", "2", "--out", f.file}, "not a directory"},
		// plot
		{"plot: a file", []string{"plot", f.file}, "it is a file: want a run or merge"},
		{"plot: missing", []string{"plot", in(f.root, "nosuch")}, "it does not exist: want a run or merge (run.json, tally.json)"},
		{"plot: under a file", []string{"plot", in(f.file, "x")}, f.file + " is a file, not a directory"},
		{"plot: truncated run.json", []string{"plot", f.truncRun}, "it is not valid JSON: it ends at byte 100"},
		{"plot: truncated sweep.json", []string{"plot", f.truncSweep}, "it is not valid JSON: it ends at byte 70"},
		{"plot: out is a file", []string{"plot", f.run, "--out", f.file}, "not a directory"},
		{"plot: unknown format", []string{"plot", f.run, "--format", "gif"}, `invalid argument "gif" for --format: want svg, png or svg,png`},
		// report
		{"report: a file", []string{"report", f.file}, "it is a file: want a run or merge"},
		{"report: empty directory", []string{"report", f.empty}, "it is not a bangsim result directory: want a run or merge (run.json, tally.json), a comparison (compare.json)"},
		{"report: wrong schema", []string{"report", f.wrongSchema}, `field "schema" holds a JSON number where a text belongs`},
		{"report: truncated sweep.json", []string{"report", f.truncSweep}, "it is not valid JSON: it ends at byte 70"},
		{"report: out under a file", []string{"report", f.run, "--out", in(f.file, "x")}, "not a directory"},
		// balance
		{"balance: a sweep", []string{"balance", f.sweep1, "--out", f.out}, "it is a sweep (sweep.json), whose cells are runs"},
		{"balance: a comparison", []string{"balance", f.compare, "--out", f.out}, "it is a comparison (compare.json): want a run or merge (run.json, tally.json)"},
		{"balance: a file", []string{"balance", f.file, "--out", f.out}, "it is a file: want a run or merge"},
		{"balance: truncated run.json", []string{"balance", f.truncRun, "--out", f.out}, "it is not valid JSON: it ends at byte 100"},
		{"balance: out is a file", []string{"balance", f.run, "--out", f.file}, "not a directory"},
		{"balance: alpha", []string{"balance", "--alpha", "5", "--out", f.out}, "--alpha 5: want a number between 0 and 1"},
		// league
		{"league: two duel bots", []string{"league", "--duel-policy", "random,random", "--value-games", "10", "--out", f.out}, `"random,random" names more than one duel play bot, where one seat plays one (known: heuristic, random)`},
		{"league: unknown duel bot", []string{"league", "--duel-policy", "nosuch", "--value-games", "10", "--out", f.out}, `unknown duel play bot "nosuch" (known: heuristic, random)`},
		{"league: missing table", []string{"league", "--table", in(f.root, "nosuch.tsv"), "--out", f.out}, `is neither a shipped table`},
		{"league: a directory as table", []string{"league", "--table", f.empty, "--out", f.out}, f.empty + " is a directory, not a score table file"},
		{"league: finals", []string{"league", "--finals", "nosuch", "--out", f.out}, `--finals "nosuch": want duel or coin`},
		// Refused before the worth's games, whose progress line must not come first.
		{"league: a points table", []string{"league", "--table", "czech-points", "--out", f.out}, "score table czech-points counts points, not dollars"},
		{"league: tables too large", []string{"league", "--max-table", "9", "--out", f.out}, "the card game seats 4 to 7"},
		// duel
		{"duel: unknown bot", []string{"duel", "--bots", "nosuch", "--out", f.out}, `unknown duel play bot "nosuch" (known: heuristic, random)`},
		{"duel: three bots", []string{"duel", "--bots", "random,random,random", "--out", f.out}, "names more than one duel play bot"},
		{"duel: unknown draft", []string{"duel", "--drafts", "nosuch", "--out", f.out}, `unknown duel draft bot "nosuch" (known: random, value-first, value-start)`},
		{"duel: out is a file", []string{"duel", "--duels", "2", "--out", f.file}, "not a directory"},
		{"duel: no duels", []string{"duel", "--duels", "0", "--out", f.out}, "--duels 0: want 1 to 1,000,000,000"},
		// sweep
		{"sweep: missing file", []string{"sweep", in(f.root, "nosuch.yaml")}, "cannot read sweep file " + in(f.root, "nosuch.yaml") + ": it does not exist"},
		{"sweep: a directory", []string{"sweep", f.yamlDir}, "it is a directory, not a file"},
		{"sweep: out under a file", []string{"sweep", f.goodYAML, "--out", in(f.file, "x")}, "not a directory"},
		{"sweep: unknown role", []string{"sweep", f.roleYAML, "--dry-run"}, `policy-for.king: unknown role "king": want policy-for.sheriff, `},
		{"sweep: characters not a list", []string{"sweep", f.charYAML, "--dry-run"}, `characters: unknown character "5"`},
		{"sweep: unknown format", []string{"sweep", f.goodYAML, "--format", "xml", "--out", f.out}, `unknown table format "xml": want csv, parquet or csv,parquet`},
		// man, completion, help, the root
		{"man: stray argument", []string{"man", "extra"}, `unknown command "extra" for "bangsim man"`},
		{"man: dir is a file", []string{"man", "--dir", f.file}, "not a directory"},
		{"completion: unknown shell", []string{"completion", "tcsh"}, `unknown shell "tcsh" for completion: want bash, zsh, fish or powershell`},
		{"completion: unknown flag", []string{"completion", "bash", "--bogus"}, "unknown flag: --bogus"},
		{"help: unknown flag", []string{"help", "--bogus"}, "unknown flag: --bogus"},
		{"version is a flag", []string{"version"}, `unknown command "version" for "bangsim"`},
		{"root: unknown flag", []string{"--bogus"}, "unknown flag: --bogus"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			before := treeSnapshot(t, f.root, f.out)
			checkBadInput(t, tc.args, tc.want)
			after := treeSnapshot(t, f.root, f.out)
			for p, v := range after {
				if w, ok := before[p]; !ok {
					t.Errorf("the refused request created %s", p)
				} else if w != v {
					t.Errorf("the refused request changed %s", p)
				}
			}
			for p := range before {
				if _, ok := after[p]; !ok {
					t.Errorf("the refused request removed %s", p)
				}
			}
		})
	}
}
