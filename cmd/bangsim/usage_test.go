package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestBadInput checks that every kind of bad request exits 2 with one clear error line,
// free of Go's formatting, and a hint naming the command's help (checkBadInput;
// TestBadInputEveryCommand covers every command).
func TestBadInput(t *testing.T) {
	dir := t.TempDir()
	blocker := filepath.Join(dir, "file")
	if err := os.WriteFile(blocker, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(dir, "out")
	foreign := filepath.Join(t.TempDir(), "mine")
	if err := os.MkdirAll(foreign, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(foreign, "notes.txt"), []byte("mine"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name string
		args []string
		want string
	}{
		{"too many players", []string{"run", "--players", "9"}, "9 players is outside 3 to 8"},
		{"too few players", []string{"run", "--players", "2-4"}, "2 players is outside 3 to 8"},
		{"malformed range", []string{"run", "--players", "3-"}, "malformed --players"},
		{"backwards range", []string{"run", "--players", "6-4"}, "malformed --players"},
		{"malformed list", []string{"run", "--players", "4,,5"}, "malformed --players"},
		{"repeated count", []string{"run", "--players", "4,4"}, "twice"},
		{"unknown policy", []string{"run", "--policy", "genius"}, `unknown policy "genius"`},
		{"unknown policy for role", []string{"run", "--policy-for", "outlaw=genius"}, `unknown policy "genius"`},
		{"unknown role", []string{"run", "--policy-for", "king=random"}, `unknown role "king"`},
		{"malformed policy-for", []string{"run", "--policy-for", "outlaw"}, "want ROLE=NAME"},
		{"unknown character", []string{"run", "--characters", "Lucky Luke,Bart Cassidy"}, `unknown character "Lucky Luke"`},
		{"pool too small", []string{"run", "--characters", "bart-cassidy,el gringo", "--out", out}, "at least one per player"},
		{"fixed seats wrong length", []string{"run", "--characters", "plain,plain,plain", "--fixed-seats", "--out", out}, "exactly one per seat"},
		{"fixed seats without list", []string{"run", "--fixed-seats"}, "--fixed-seats needs a list"},
		{"zero games", []string{"run", "--games", "0", "--out", out}, "--games must be at least 1"},
		{"negative games", []string{"run", "--games", "-5"}, `invalid argument "-5" for --games: want a whole number of 1 or more`},
		{"games not a number", []string{"run", "--games", "abc"}, `invalid argument "abc" for --games: want a whole number`},
		{"games too large", []string{"run", "--games", "99999999999999999999999"}, "too large; want a whole number of 1 or more, at most 18446744073709551615"},
		{"character twice, two spellings", []string{"run", "--characters", "Willy the Kid,willy-the-kid,el gringo,jourdonnais,black jack"}, "Willy the Kid is listed twice"},
		{"character twice, one spelling", []string{"replay", "--characters", "jourdonnais,el gringo,jourdonnais,plain,plain", "--fixed-seats"}, "Jourdonnais is listed twice"},
		{"policy-for a role twice", []string{"run", "--policy-for", "outlaw=random", "--policy-for", "OUTLAW=keep"}, "names the Outlaw twice"},
		{"policy-for a role not dealt", []string{"run", "--players", "4", "--policy-for", "deputy=random"}, "no Deputy sits at a table of 4 players"},
		{"policy-for a role not dealt, 3 players", []string{"compare", "--policies", "heuristic,keep", "--players", "3", "--policy-for", "sheriff=random"}, "unknown flag: --policy-for"},
		{"completion unknown shell", []string{"completion", "tcsh"}, `unknown shell "tcsh"`},
		{"completion no shell", []string{"completion"}, "completion needs one shell"},
		{"rule out of range in replay", []string{"replay", "--game", "dice", "--arrows", "0"}, "--arrows 0 is out of range"},
		{"shard zero", []string{"run", "--shard", "0/4"}, "bad --shard"},
		{"shard past end", []string{"run", "--shard", "5/4"}, "bad --shard"},
		{"shard malformed", []string{"run", "--shard", "2"}, "malformed --shard"},
		{"negative workers", []string{"run", "--workers", "-1", "--out", out}, "--workers -1"},
		{"bad rule", []string{"run", "--arrows", "0", "--out", out}, "--arrows 0 is out of range (1 to 60)"},
		{"rule out of range", []string{"run", "--max-turns", "70000"}, "--max-turns 70000 is out of range"},
		{"unknown game", []string{"run", "--game", "chess"}, `unknown --game "chess": want card or dice`},
		{"unwritable out", []string{"run", "--out", filepath.Join(blocker, "sub")}, "is a file, not a directory"},
		{"unknown flag", []string{"run", "--bogus"}, "unknown flag: --bogus"},
		{"stray argument", []string{"run", "extra"}, `unknown command "extra"`},
		{"unknown command", []string{"frobnicate"}, `unknown command "frobnicate"`},
		{"replay range", []string{"replay", "--players", "3-5"}, "--players must be one count"},
		{"replay unknown character", []string{"replay", "--characters", "nobody,plain,plain,plain,plain"}, `unknown character "nobody"`},
		{"merge nothing", []string{"merge"}, "at least one result directory"},
		{"merge non-result", []string{"merge", "--out", out, dir}, "not a bangsim result directory"},
		{"merge a missing directory", []string{"merge", "--out", out, filepath.Join(dir, "none")}, "none\": it does not exist: want a run or merge"},
		{"merge into an input", []string{"merge", "--out", dir + "/.", out, dir}, "is the input"},
		{"out holds other files", []string{"run", "--games", "10", "--out", foreign}, "holds files bangsim did not write"},
	} {
		t.Run(tc.name, func(t *testing.T) { checkBadInput(t, tc.args, tc.want) })
	}
}

func TestParsePlayers(t *testing.T) {
	for in, want := range map[string]string{
		"5": "[5]", "4,5,6": "[4 5 6]", "3-8": "[3 4 5 6 7 8]", "8,3-4": "[3 4 8]", " 4 , 6 ": "[4 6]",
	} {
		got, err := parsePlayers(in, defaultGame())
		if err != nil || fmtInts(got) != want {
			t.Errorf("parsePlayers(%q) = %v, %v; want %s", in, got, err, want)
		}
	}
}

func fmtInts(xs []int) string {
	var b strings.Builder
	b.WriteByte('[')
	for i, x := range xs {
		if i > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(itoa(x))
	}
	b.WriteByte(']')
	return b.String()
}
