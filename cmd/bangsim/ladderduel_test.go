package main

import (
	"bytes"
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/bangsim/bangsim/resultfile"
)

// TestLadderDuelCommand runs `bangsim ladder --game duel` end to end: the summary names
// the pair design and ranks random last, two shards merge into the whole ladder's files
// byte for byte, plot and report read the directory, and what a duel does not take is
// refused in one line.
func TestLadderDuelCommand(t *testing.T) {
	root := t.TempDir()
	args := []string{"ladder", "--game", "duel", "--policies", "random,heuristic", "--games", "64", "--seed", "2", "--high-noon", "3"}
	whole := filepath.Join(root, "whole")
	out, _ := mustCLI(t, append(args, "--out", whole)...)
	for _, want := range []string{"Ladder ratings (duel, 64 seeds x 2 games: every pair both ways, draft by random, seed 2", "Order: heuristic > random (every neighbour's interval apart)", "\nNext: bangsim plot "} {
		if !strings.Contains(out, want) {
			t.Errorf("summary lacks %q:\n%s", want, out)
		}
	}
	var shards []string
	for k := 1; k <= 2; k++ {
		d := filepath.Join(root, fmt.Sprintf("s%d", k))
		mustCLI(t, append(args, "--out", d, "--shard", fmt.Sprintf("%d/2", k), "-q")...)
		shards = append(shards, d)
	}
	merged := filepath.Join(root, "merged")
	mustCLI(t, append([]string{"merge", "-q", "--out", merged}, shards...)...)
	for _, name := range []string{resultfile.LadderRatingsFile, resultfile.LadderDepthFile, resultfile.LadderTallyFile, resultfile.LadderCountsFile} {
		if got, want := readBytes(t, filepath.Join(merged, name)), readBytes(t, filepath.Join(whole, name)); !bytes.Equal(got, want) {
			t.Errorf("merged %s differs from the whole duel ladder's", name)
		}
	}
	mustCLI(t, "plot", "--format", "svg", whole)
	mustCLI(t, "report", whole)
	for _, bad := range [][]string{
		{"--policies", "random,heuristic", "--players", "3"},
		{"--policies", "random,heuristic", "--sheriff-bonus", "1"},
		{"--policies", "random,nosuchbot"},
		{"--policies", "random,heuristic", "--draft-policy", "nosuchdraft"},
		{"--policies", "random"},
	} {
		a := append([]string{"ladder", "--game", "duel", "--games", "32", "--out", filepath.Join(t.TempDir(), "x")}, bad...)
		if code, _, errs := cli(t, a...); code != exitUsage || !strings.HasPrefix(errs, "bangsim: error: ") || strings.Count(errs, "\n") != 2 {
			t.Errorf("bangsim %v: exit %d, stderr %q; want a usage error in one line and the --help hint", a, code, errs)
		}
	}
	if code, _, errs := cli(t, "ladder", "--policies", "random,simple", "--draft-policy", "random", "--out", filepath.Join(t.TempDir(), "y")); code != exitUsage || !strings.Contains(errs, "only the long duel drafts") {
		t.Errorf("--draft-policy in the dice game: exit %d, stderr %q", code, errs)
	}
}
