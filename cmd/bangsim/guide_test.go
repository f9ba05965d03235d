package main

import (
	"bytes"
	"context"
	"encoding/csv"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/bangsim/bangsim/lab"
)

// repoRoot is the repository from this package's folder.
const repoRoot = "../.."

// guideDocs are the documents whose commands TestGuideCommands runs, each as a
// walk-through from a fresh directory: README.md first (its first command is the main
// job), then the guide, which starts from the same command.
var guideDocs = []string{"README.md", "docs/guide.md"}

// TestGuideCommands runs every command of the ```sh blocks of README.md and
// docs/guide.md, in order, in one fresh directory per document (so a command finds
// what the commands above it wrote), with the counts lowered by the count rules
// (guidedoc_test.go), and checks each command's exit status (`# exits N`, else 0) and
// the ```text blocks shown after it (the output rules, guidedoc_test.go). Then every
// CSV header the documents quote in backticks must be the header of a file the
// commands wrote. A command the test cannot run is skipped by an explicit list
// (skipPrograms, optionalPrograms) and logged; an unknown program fails. So the
// documents' commands, flags, outputs and column names cannot go stale unnoticed.
func TestGuideCommands(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("the documents' commands are POSIX shell (bash)")
	}
	bin := buildBinary(t)
	binDir := filepath.Dir(bin)
	env := guideEnv(binDir)
	have := func(p string) bool { _, err := exec.LookPath(p); return err == nil }
	start := time.Now()
	headers := map[string]bool{}
	for _, doc := range guideDocs {
		t.Run(strings.ReplaceAll(doc, "/", "_"), func(t *testing.T) {
			work := t.TempDir()
			cmds, err := docCommands(filepath.Join(repoRoot, doc))
			if err != nil {
				t.Fatal(err)
			}
			ran := 0
			for _, c := range cmds {
				c.file = doc
				if runDocCommand(t, c, work, env, have) {
					ran++
				}
			}
			t.Logf("%s: ran %d of %d commands", doc, ran, len(cmds))
			collectHeaders(t, work, headers)
		})
	}
	if t.Failed() {
		return // a command that failed may not have written the files checked below
	}
	checkQuotedHeaders(t, headers)
	t.Logf("all documents' commands in %v", time.Since(start).Round(time.Millisecond))
}

// guideEnv is the environment of the documents' commands: the built bangsim first on
// PATH, and no scheduler variable that would shard a run (lab.ShardEnv).
func guideEnv(binDir string) []string {
	var env []string
	for _, kv := range os.Environ() {
		name, _, _ := strings.Cut(kv, "=")
		if slices.Contains(lab.ShardEnv, name) || name == "PATH" {
			continue
		}
		env = append(env, kv)
	}
	return append(env, "PATH="+binDir+string(os.PathListSeparator)+os.Getenv("PATH"))
}

// docCommands reads a document's commands with the ```text blocks shown after them.
func docCommands(path string) ([]docCommand, error) {
	fences, err := readFences(path)
	if err != nil {
		return nil, err
	}
	var cmds []docCommand
	lastSh := -1 // index in cmds of the command a ```text block would belong to
	for _, f := range fences {
		switch f.lang {
		case "sh":
			cmds = append(cmds, splitCommands(f)...)
			lastSh = len(cmds) - 1
		case "text":
			if lastSh < 0 {
				return nil, fmt.Errorf("%s:%d: a ```text block (a command's output) that follows no ```sh block: fence a display that is not a command's output with plain ```", path, f.start)
			}
			cmds[lastSh].outputs = append(cmds[lastSh].outputs, f)
		default:
			lastSh = -1
		}
	}
	return cmds, nil
}

// runDocCommand runs one command in work and checks it; it reports whether it ran.
func runDocCommand(t *testing.T, c docCommand, work string, env []string, have func(string) bool) bool {
	t.Helper()
	reason, err := skipReason(c.code, have)
	if err != nil {
		t.Errorf("%s\n  %v", c.where(), err)
		return false
	}
	if reason != "" {
		t.Logf("skipped %s (%s)", c.where(), reason)
		return false
	}
	rw := rewrite(c.code)
	if err := copyExamples(rw.code, work); err != nil {
		t.Errorf("%s\n  %v", c.where(), err)
		return false
	}
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, "bash", "-o", "pipefail", "-c", rw.code)
	cmd.Dir, cmd.Env = work, env
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	began := time.Now()
	err = cmd.Run()
	took := time.Since(began)
	code := 0
	var exit *exec.ExitError
	switch {
	case ctx.Err() != nil:
		t.Errorf("%s\n  ran as: %s\n  did not finish in 2 minutes: lower its counts (the count rules, guidedoc_test.go)", c.where(), rw.code)
		return true
	case errors.As(err, &exit):
		code = exit.ExitCode()
	case err != nil:
		t.Fatalf("%s: %v", c.where(), err)
	}
	how := "as written"
	if rw.code != c.code {
		how = "as " + rw.code + " (" + strings.Join(rw.changes, ", ") + ")"
	}
	if testing.Verbose() {
		t.Logf("ran %s:%d %s: exit %d in %v", c.file, c.line, how, code, took.Round(time.Millisecond))
	}
	if code != c.exits {
		t.Errorf("%s\n  ran %s\n  exit status %d, the document says %d (mark an expected failure with a trailing `# exits N`)\n  stdout:\n%s\n  stderr:\n%s",
			c.where(), how, code, c.exits, indent(stdout.String()), indent(stderr.String()))
	}
	for _, out := range c.outputs {
		want := expectedLines(out)
		missOut, okOut := outputMatches(want, stdout.String(), rw.exact)
		okErr := false
		if rw.exact {
			_, okErr = outputMatches(want, stderr.String(), true)
		} else {
			missOut, okOut = outputMatches(want, stdout.String()+"\n"+stderr.String(), false)
		}
		if okOut || okErr {
			continue
		}
		rule := "its shape (numbers as N, `*` dropped) in no output line: the counts are the test's, the words and columns must be the document's"
		if rw.exact {
			rule = "not an output line, in the block's order (this command's output depends on its arguments only, so it must match exactly)"
		}
		shown := missOut.text
		if !rw.exact {
			shown = shape(missOut.text)
		}
		t.Errorf("%s:%d: the output shown for the command at %s:%d does not match\n  ran %s\n  line %q\n  is %s\n  stdout:\n%s\n  stderr:\n%s",
			c.file, missOut.n, c.file, c.line, how, shown, rule, indent(stdout.String()), indent(stderr.String()))
	}
	return true
}

// copyExamples copies the examples/ files code names into work, sweep files with
// their games lowered (the count rules).
func copyExamples(code, work string) error {
	for _, p := range examplePath.FindAllString(code, -1) {
		b, err := os.ReadFile(filepath.Join(repoRoot, p))
		if err != nil {
			return fmt.Errorf("names %s, which the repository does not have", p)
		}
		if strings.HasSuffix(p, ".yaml") {
			b = sweepGames.ReplaceAllFunc(b, func(m []byte) []byte {
				sub := sweepGames.FindSubmatch(m)
				if n, err := strconv.ParseUint(string(sub[2]), 10, 64); err == nil && n <= sweepGamesCap {
					return m
				}
				return append(slices.Clone(sub[1]), strconv.Itoa(sweepGamesCap)...)
			})
		}
		dst := filepath.Join(work, p)
		if err := os.MkdirAll(filepath.Dir(dst), 0o755); err != nil {
			return err
		}
		if err := os.WriteFile(dst, b, 0o644); err != nil {
			return err
		}
	}
	return nil
}

// collectHeaders adds the header row of every CSV file under dir.
func collectHeaders(t *testing.T, dir string, headers map[string]bool) {
	t.Helper()
	filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".csv") {
			return nil
		}
		f, err := os.Open(path)
		if err != nil {
			return nil
		}
		defer f.Close()
		if row, err := csv.NewReader(f).Read(); err == nil {
			headers[strings.Join(row, ",")] = true
		}
		return nil
	})
}

// quotedHeader is an inline code span that lists CSV columns: three or more
// lower-case names separated by commas, perhaps ending in `…` (the rest left out).
var (
	codeSpan     = regexp.MustCompile("`([^`\n]+)`")
	quotedHeader = regexp.MustCompile(`^[a-z][a-z0-9_]*(,[a-z][a-z0-9_]*){2,}(,…)?$`)
)

// checkQuotedHeaders checks that every CSV header the documents quote is the header
// of a file their commands wrote (or its start, when the quote ends in `…`).
func checkQuotedHeaders(t *testing.T, headers map[string]bool) {
	t.Helper()
	checked := 0
	defer func() {
		if checked == 0 {
			t.Error("the documents quote no CSV header in backticks: the header check found nothing to check (is quotedHeader still right?)")
		}
	}()
	for _, doc := range guideDocs {
		b, err := os.ReadFile(filepath.Join(repoRoot, doc))
		if err != nil {
			t.Fatal(err)
		}
		inFence := false
		for i, line := range strings.Split(string(b), "\n") {
			if strings.HasPrefix(line, "```") {
				inFence = !inFence
				continue
			}
			if inFence {
				continue
			}
			for _, m := range codeSpan.FindAllStringSubmatch(line, -1) {
				q := strings.ReplaceAll(m[1], " ", "")
				if !quotedHeader.MatchString(q) {
					continue
				}
				checked++
				prefix, cut := strings.CutSuffix(q, ",…")
				found := false
				var near []string
				for h := range headers {
					if h == q || cut && strings.HasPrefix(h, prefix+",") {
						found = true
					}
					if strings.SplitN(h, ",", 2)[0] == strings.SplitN(q, ",", 2)[0] {
						near = append(near, h)
					}
				}
				if !found {
					slices.Sort(near)
					t.Errorf("%s:%d: `%s` is the header of no CSV file the documents' commands wrote; headers starting alike: %q", doc, i+1, m[1], near)
				}
			}
		}
	}
}

// TestGuideStartsFromReadme checks what the README promises a fresh machine: its first
// two code blocks are the main job and the test suite, and the guide starts from the
// same first command.
func TestGuideStartsFromReadme(t *testing.T) {
	readme, err := readFences(filepath.Join(repoRoot, "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	guide, err := readFences(filepath.Join(repoRoot, "docs/guide.md"))
	if err != nil {
		t.Fatal(err)
	}
	first := func(f fence) string {
		if cmds := splitCommands(f); len(cmds) > 0 {
			return strings.TrimSpace(cmds[0].written)
		}
		return ""
	}
	want := []string{"go run ./cmd/bangsim run", "go test ./..."}
	if len(readme) < 2 || first(readme[0]) != want[0] || first(readme[1]) != want[1] {
		t.Fatalf("README.md's first two code blocks must be %q and %q", want[0], want[1])
	}
	if len(guide) == 0 || guide[0].lang != "sh" || first(guide[0]) != want[0] {
		t.Errorf("docs/guide.md's first code block must be the README's first command, %q", want[0])
	}
}

// TestGuideRunFlags checks that the flag table of docs/guide.md section 3 lists every
// flag `bangsim run --help` shows, and no other.
func TestGuideRunFlags(t *testing.T) {
	b, err := os.ReadFile(filepath.Join(repoRoot, "docs/guide.md"))
	if err != nil {
		t.Fatal(err)
	}
	_, section, ok := strings.Cut(string(b), "\n## 3. The flags of `bangsim run`")
	if !ok {
		t.Fatal("docs/guide.md has no section \"3. The flags of `bangsim run`\"")
	}
	section, _, _ = strings.Cut(section, "\n## ")
	cell := regexp.MustCompile("^\\| (`[^|]+`) \\|")
	flagName := regexp.MustCompile("`(--[a-z-]+)")
	documented := map[string]bool{}
	for _, line := range strings.Split(section, "\n") {
		if m := cell.FindStringSubmatch(line); m != nil {
			for _, f := range flagName.FindAllStringSubmatch(m[1], -1) {
				documented[f[1]] = true
			}
		}
	}
	out, _ := mustCLI(t, "run", "--help")
	helpFlag := regexp.MustCompile(`^\s+(?:-[a-z], )?(--[a-z-]+)`)
	shown := map[string]bool{}
	for _, line := range strings.Split(out, "\n") {
		if m := helpFlag.FindStringSubmatch(line); m != nil && m[1] != "--help" {
			shown[m[1]] = true
			if !documented[m[1]] {
				t.Errorf("docs/guide.md section 3: `bangsim run --help` shows %s, the flag table does not", m[1])
			}
		}
	}
	for f := range documented {
		if !shown[f] {
			t.Errorf("docs/guide.md section 3: the flag table lists %s, which `bangsim run --help` does not show", f)
		}
	}
}

func indent(s string) string {
	if s == "" {
		return "    (empty)"
	}
	return "    " + strings.ReplaceAll(strings.TrimRight(s, "\n"), "\n", "\n    ")
}
