package main

import (
	"fmt"
	"os"
	"regexp"
	"strconv"
	"strings"

	"github.com/bangsim/bangsim/lab"
)

// This file reads the commands and the shown outputs out of README.md and
// docs/guide.md and rewrites the commands' counts, for TestGuideCommands
// (guide_test.go). The rules are written here, next to the code that applies them.
//
// Reading the documents:
//   - A ```sh block holds commands, one a line; a command continues on the next line
//     while a quote is open, the line ends in `\`, or a `for … do` lacks its `done`.
//     `#` starts a comment (outside quotes); a comment ending in `exits N` says the
//     command is expected to exit with status N (default 0).
//   - A ```text block is the output of the last command of the nearest ```sh block
//     above it, with only prose between them (no other fenced block). Several
//     ```text blocks may follow one command (its stderr and its stdout, say). A
//     display that is not a command's output (a message quoted in prose, a fragment)
//     is fenced with plain ``` and not checked.

// fence is one fenced code block of a document.
type fence struct {
	file  string
	start int    // line number of the opening ```
	lang  string // the info string's first word: sh, text, yaml, "" ...
	lines []docLine
}

// docLine is one line of a document with its number, for failure messages.
type docLine struct {
	n    int
	text string
	cut  bool // the document elided the rest of the line with `…`
}

// readFences returns the fenced blocks of a Markdown file, in order.
func readFences(path string) ([]fence, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var out []fence
	var cur *fence
	for i, line := range strings.Split(string(b), "\n") {
		n := i + 1
		if cur == nil {
			if info, ok := strings.CutPrefix(line, "```"); ok {
				lang, _, _ := strings.Cut(strings.TrimSpace(info), " ")
				cur = &fence{file: path, start: n, lang: lang}
			}
			continue
		}
		if strings.TrimSpace(line) == "```" {
			out = append(out, *cur)
			cur = nil
			continue
		}
		cur.lines = append(cur.lines, docLine{n: n, text: line})
	}
	if cur != nil {
		return nil, fmt.Errorf("%s:%d: the fenced block is never closed", path, cur.start)
	}
	return out, nil
}

// docCommand is one shell command of a ```sh block, as written and as the test runs it.
type docCommand struct {
	file    string
	line    int    // the line it starts on
	written string // the lines as written, comments included
	code    string // the lines without comments: what the shell runs, before rewriting
	exits   int    // the expected exit status (`# exits N`), 0 by default
	outputs []fence
}

// where names the command for failure messages: file:line and the text as written.
func (c docCommand) where() string {
	return fmt.Sprintf("%s:%d: %s", c.file, c.line, strings.TrimSpace(c.written))
}

var exitsComment = regexp.MustCompile(`\bexits (\d+)\s*$`)

// splitCommands cuts a ```sh block into commands (see the rules at the top).
func splitCommands(f fence) []docCommand {
	var out []docCommand
	var cur *docCommand
	var sc shellScan
	for _, l := range f.lines {
		if cur == nil {
			if strings.TrimSpace(l.text) == "" {
				continue
			}
			cur = &docCommand{file: f.file, line: l.n}
		}
		code, comment := sc.line(l.text)
		if cur.written != "" {
			cur.written += "\n"
			cur.code += "\n"
		}
		cur.written += l.text
		cur.code += code
		if m := exitsComment.FindStringSubmatch(comment); m != nil {
			cur.exits, _ = strconv.Atoi(m[1])
		}
		if sc.open() {
			continue
		}
		if strings.TrimSpace(cur.code) != "" {
			out = append(out, *cur)
		}
		cur = nil
	}
	if cur != nil && strings.TrimSpace(cur.code) != "" {
		out = append(out, *cur) // an unfinished command: the shell will say what is wrong
	}
	return out
}

// shellScan follows quotes and `for … do … done` across the lines of a command, well
// enough for the documents' commands (not a full shell parser).
type shellScan struct {
	quote     byte // the open quote, or 0
	loops     int  // `do` without its `done`
	continued bool // the last line ended in a backslash
}

func (s *shellScan) open() bool { return s.quote != 0 || s.loops > 0 || s.continued }

// line scans one line and returns its code and its comment (without the `#`).
func (s *shellScan) line(text string) (code, comment string) {
	word := ""
	flush := func() {
		switch word {
		case "do":
			s.loops++
		case "done":
			s.loops--
		}
		word = ""
	}
	for i := 0; i < len(text); i++ {
		c := text[i]
		switch {
		case s.quote == '\'':
			if c == '\'' {
				s.quote = 0
			}
		case s.quote == '"':
			if c == '\\' {
				i++
			} else if c == '"' {
				s.quote = 0
			}
		case c == '\'' || c == '"':
			s.quote = c
			word += "q" // a quoted word is no keyword
		case c == '\\':
			i++
			word += "q"
		case c == '#' && word == "" && (i == 0 || strings.ContainsRune(" \t;&|", rune(text[i-1]))):
			flush()
			s.continued = false
			return strings.TrimRight(text[:i], " \t"), text[i+1:]
		case strings.ContainsRune(" \t;&|()", rune(c)):
			flush()
		default:
			word += string(c)
		}
	}
	flush()
	s.continued = s.quote == 0 && strings.HasSuffix(text, `\`)
	return text, ""
}

// programs returns the first word of every simple command of code (split at unquoted
// newlines, `;`, `&&`, `||`, `|`), shell keywords and the words of a `for` clause left out.
func programs(code string) []string {
	var out []string
	var word []byte
	var quote byte
	first, inFor := true, false
	end := func(sep bool) {
		w := string(word)
		word = word[:0]
		if w == "" {
			if sep {
				first = true
			}
			return
		}
		if first {
			switch w {
			case "for":
				inFor = true
			case "do", "then", "else", "done", "fi", "!":
				// a keyword: the next word starts the command
				if sep {
					first = true
				}
				return
			default:
				if !inFor && !strings.Contains(w, "=") {
					out = append(out, w)
				}
			}
			first = false
		}
		if sep {
			first, inFor = true, false
		}
	}
	for i := 0; i < len(code); i++ {
		c := code[i]
		switch {
		case quote != 0:
			if c == quote {
				quote = 0
			}
			word = append(word, c)
		case c == '\'' || c == '"':
			quote = c
			word = append(word, c)
		case c == '\\' && i+1 < len(code) && code[i+1] == '\n':
			i++
			end(false)
		case c == ' ' || c == '\t':
			end(false)
		case strings.ContainsRune("\n;&|", rune(c)):
			end(true)
		default:
			word = append(word, c)
		}
	}
	end(true)
	return out
}

// The count rules: the documents' commands play as many games as the text says they
// measure with (1,000,000, 200,000 …); the test plays few, so that every command of
// both documents runs in seconds. After `bangsim SUB` (SUB one of the commands below)
// and up to the next `bangsim`, a count flag given is lowered to the cap when higher,
// and a count flag not given is added with the cap (marked "add"), so a command that
// plays its default count plays the cap instead. The caps differ by game (`--game card`
// in the command: a card game takes about 20 times a dice game's time) and are lower
// still for a command naming the slow `search` bot. A `balance` whose first argument is
// a directory plays that run's games (it refuses --games), so nothing is added there.
// Example files the commands name (examples/sweep.yaml) are copied into the working
// directory with their `games:` lowered to sweepGamesCap.

// countRule lowers (and, with add, sets) one count flag of one command.
type countRule struct {
	cmd, flag  string
	dice, card uint64 // the caps
	add        bool   // also set the flag when the command does not give it
}

var countRules = []countRule{
	{"run", "--games", 20000, 300, true},
	{"balance", "--games", 5000, 300, true},
	{"balance", "--max-games", 20000, 1000, true},
	{"compare", "--games", 2000, 300, true},
	{"ladder", "--games", 2000, 300, true},
	{"duel", "--duels", 200, 200, true},
	{"league", "--seasons", 2, 2, true},
	{"league", "--value-games", 2000, 2000, true}, // fewer leave (table size, role) cells without two seats: a worth of ±Inf
	{"odds", "--check", 5000, 5000, false},
	{"tune", "--games", 300, 30, true},
	{"tune", "--budget", 6, 3, true},
	{"tune", "--validate-games", 1000, 100, true},
}

// searchGamesCap is the cap on --games of a command naming the `search` bot, which
// thinks for milliseconds a decision.
const searchGamesCap = 20

// sweepGamesCap is the games a cell of a copied sweep file plays at most.
const sweepGamesCap = 200

// dryRunCalibrate is the --calibrate a `sweep --dry-run` gets when it gives none (the
// default 1s is spent on every call).
const dryRunCalibrate = "100ms"

// exactCommands are the commands whose output depends only on their own arguments,
// never on a count the test lowered: their ```text blocks are compared line by line
// (see outputMatches). `duel` counts only with --replay.
var exactCommands = map[string]bool{"replay": true, "odds": true, "characters": true, "policies": true}

var (
	goRun       = regexp.MustCompile(`\bgo run \./cmd/bangsim\b`)
	bangsimSub  = regexp.MustCompile(`(^|[\s;&|(])bangsim\s+([a-z]+)\b`)
	anyBangsim  = regexp.MustCompile(`(^|[\s;&|(])bangsim\b`)
	examplePath = regexp.MustCompile(`\bexamples/[A-Za-z0-9_./-]+`)
	sweepGames  = regexp.MustCompile(`(?m)^(\s*games:\s*)(\d+)`)
)

// rewritten is a command as the test runs it.
type rewritten struct {
	code    string
	changes []string // what the count rules changed, in words, for messages
	exact   bool     // every bangsim call is an exactCommands call that no rule changed
}

// rewrite applies the count rules to code (see the comment above countRule).
func rewrite(code string) rewritten {
	code = goRun.ReplaceAllString(code, "bangsim")
	r := rewritten{exact: true}
	var b strings.Builder
	subs := bangsimSub.FindAllStringSubmatchIndex(code, -1)
	if len(subs) == 0 {
		r.exact = false
	}
	last := 0
	for i, m := range subs {
		cmdEnd := m[1] // just after "bangsim SUB"
		segEnd := len(code)
		if i+1 < len(subs) {
			segEnd = subs[i+1][0]
		} else if next := anyBangsim.FindStringIndex(code[cmdEnd:]); next != nil {
			segEnd = cmdEnd + next[0]
		}
		sub := code[m[4]:m[5]]
		seg := code[cmdEnd:segEnd]
		newSeg, added, changes := rewriteSegment(sub, seg)
		r.changes = append(r.changes, changes...)
		if !exactCommands[sub] && !(sub == "duel" && hasFlag(seg, "--replay")) || len(changes) > 0 {
			r.exact = false
		}
		b.WriteString(code[last:cmdEnd])
		b.WriteString(added)
		b.WriteString(newSeg)
		last = segEnd
	}
	b.WriteString(code[last:])
	r.code = b.String()
	return r
}

// flagValue matches a flag and its value, `--games 2000` or `--games=2000`.
func flagValue(flag string) *regexp.Regexp {
	return regexp.MustCompile(`(\s` + regexp.QuoteMeta(flag) + `(?:=|\s+))(\d+)\b`)
}

func hasFlag(seg, flag string) bool {
	return regexp.MustCompile(`\s` + regexp.QuoteMeta(flag) + `(=|\s|$)`).MatchString(seg)
}

// rewriteSegment applies the rules of command sub to the arguments seg; added is what
// goes right after `bangsim sub`.
func rewriteSegment(sub, seg string) (newSeg, added string, changes []string) {
	card := regexp.MustCompile(`\s--game(=|\s+)card\b`).MatchString(seg)
	search := strings.Contains(seg, "search")
	withDir := sub == "balance" && regexp.MustCompile(`^\s+[^-\s]`).MatchString(seg)
	for _, rule := range countRules {
		if rule.cmd != sub {
			continue
		}
		limit := rule.dice
		if card {
			limit = rule.card
		}
		if search && rule.flag == "--games" {
			limit = min(limit, searchGamesCap)
			if sub == "ladder" {
				limit = max(limit, lab.LadderGroups) // a ladder needs a game index per jackknife group
			}
		}
		re := flagValue(rule.flag)
		if re.MatchString(seg) {
			seg = re.ReplaceAllStringFunc(seg, func(s string) string {
				m := re.FindStringSubmatch(s)
				n, err := strconv.ParseUint(m[2], 10, 64)
				if err != nil || n <= limit {
					return s
				}
				changes = append(changes, fmt.Sprintf("%s %d lowered to %d", rule.flag, n, limit))
				return m[1] + strconv.FormatUint(limit, 10)
			})
			continue
		}
		if rule.add && !withDir && !(sub == "duel" && hasFlag(seg, "--replay")) {
			added += fmt.Sprintf(" %s %d", rule.flag, limit)
			changes = append(changes, fmt.Sprintf("%s %d added", rule.flag, limit))
		}
	}
	if sub == "sweep" && hasFlag(seg, "--dry-run") && !hasFlag(seg, "--calibrate") {
		added += " --calibrate " + dryRunCalibrate
		changes = append(changes, "--calibrate "+dryRunCalibrate+" added")
	}
	return seg, added, changes
}

// The programs a command may run. bangsim is the binary under test; the shell tools
// below run as they are; optionalPrograms run where installed (the command is skipped,
// with a log line, where not); skipPrograms are never run, each for its reason. A
// program in none of these lists fails the test, so that no command is left out
// silently.
var (
	shellPrograms    = map[string]bool{"bangsim": true, "mkdir": true, "echo": true, "cat": true, "ls": true, "head": true, "rm": true, "cp": true}
	optionalPrograms = map[string]bool{"jq": true}
	skipPrograms     = map[string]string{
		"go test":    "the test suite this test is part of",
		"go build":   "the test builds the binary itself (buildBinary)",
		"go install": "the test builds the binary itself (buildBinary)",
		"duckdb":     "a third-party database the test does not install",
		"python":     "needs pandas and pyarrow, which the test does not install",
		"python3":    "needs pandas and pyarrow, which the test does not install",
		"sbatch":     "needs a Slurm cluster (examples/slurm_test.go runs the job array)",
		"kubectl":    "needs a Kubernetes cluster (examples/kubernetes_test.go checks the Job)",
		"make":       "each target is a thin call of a command run here (Makefile)",
		"man":        "reads the pages `bangsim man` writes; needs man-db",
		"open":       "opens a browser",
		"xdg-open":   "opens a browser",
	}
)

// skipReason says why the test does not run code ("" if it runs it), or returns an
// error for a program it does not know.
func skipReason(code string, have func(string) bool) (string, error) {
	code = goRun.ReplaceAllString(code, "bangsim")
	for _, p := range programs(code) {
		if p == "go" {
			fields := strings.Fields(code[strings.Index(code, "go"):])
			if len(fields) > 1 {
				p = "go " + fields[1]
			}
		}
		switch {
		case shellPrograms[p]:
		case optionalPrograms[p]:
			if !have(p) {
				return p + " is not installed", nil
			}
		case skipPrograms[p] != "":
			return p + ": " + skipPrograms[p], nil
		default:
			return "", fmt.Errorf("runs %q, which the guide test does not know: add it to shellPrograms, optionalPrograms or skipPrograms (guidedoc_test.go) with a reason", p)
		}
	}
	return "", nil
}

// The output rules: a ```text block shown after a command is checked against the
// command's output: for an exact command its stdout, or else its stderr (the whole
// block against one of them); for any other, both (a block may show progress lines,
// which go to stderr, among the results, which go to stdout). Blank
// lines and lines of only `…` are left out, and a line is cut at its first `…` (what
// follows was elided). Then:
//   - for an exact command (exactCommands, nothing rewritten), every line must be an
//     output line, in the block's order (the output may have more lines between);
//   - for any other, the counts are the test's, not the document's, so only the shape
//     is compared: each line, with every number replaced by N (a bound's `<`, `>` or
//     `=` with it: `p<0.0001` and `p=0.0020` are both `pN`; a duration is `Ns`,
//     whatever its unit: `2.2s`, `100ms`, `1m2s`), runs of spaces by one,
//     and significance marks (`*`) dropped, must be part of some output line's shape,
//     in any order (rows sorted by their numbers may come in another order).
// So a changed header, column, message or file name fails, and a changed number does
// not unless the command is exact.

var (
	number   = regexp.MustCompile(`[<>=]?[+\-−]?\d[\d,]*(\.\d+)?(e[+\-]?\d+)?`)
	spaces   = regexp.MustCompile(`\s+`)
	starMark = regexp.MustCompile(`(^| )\*( |$)`)
	duration = regexp.MustCompile(`\bN(h|m|s|ms|µs|ns)(N(h|m|s|ms|µs|ns))*\b`)
)

// shape is a line as the output rules compare it for a command that is not exact.
func shape(s string) string {
	s = number.ReplaceAllString(s, "N")
	s = duration.ReplaceAllString(s, "Ns")
	s = spaces.ReplaceAllString(strings.TrimSpace(s), " ")
	for starMark.MatchString(s) {
		s = starMark.ReplaceAllString(s, "$1")
		s = spaces.ReplaceAllString(strings.TrimSpace(s), " ")
	}
	return s
}

// expectedLines returns the lines of a ```text block the output rules check.
func expectedLines(f fence) []docLine {
	var out []docLine
	for _, l := range f.lines {
		t := strings.TrimRight(l.text, " \t")
		i := strings.Index(t, "…")
		if i >= 0 {
			t = strings.TrimRight(t[:i], " \t")
		}
		if strings.TrimSpace(t) == "" {
			continue
		}
		out = append(out, docLine{l.n, t, i >= 0})
	}
	return out
}

// outputMatches checks a block's lines against an output; it returns the first line
// that is not there, or ok.
func outputMatches(want []docLine, output string, exact bool) (missing docLine, ok bool) {
	got := strings.Split(output, "\n")
	if exact {
		j := 0
		for _, w := range want {
			for j < len(got) && !lineEqual(got[j], w) {
				j++
			}
			if j == len(got) {
				return w, false
			}
			j++
		}
		return docLine{}, true
	}
	shapes := make([]string, len(got))
	for i, g := range got {
		shapes[i] = shape(g)
	}
	for _, w := range want {
		ws := shape(w.text)
		found := false
		for _, s := range shapes {
			if strings.Contains(s, ws) {
				found = true
				break
			}
		}
		if !found {
			return w, false
		}
	}
	return docLine{}, true
}

// lineEqual compares an output line with a block line, only its start if the block
// cut the line at `…`.
func lineEqual(got string, want docLine) bool {
	got = strings.TrimRight(got, " \t")
	if want.cut {
		return strings.HasPrefix(got, want.text)
	}
	return got == want.text
}
