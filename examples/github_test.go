package examples

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"go.yaml.in/yaml/v3"
)

// workflow is the part of a GitHub Actions workflow the test reads.
type workflow struct {
	Jobs map[string]struct {
		Needs    any `yaml:"needs"`
		Strategy struct {
			Matrix struct {
				Shard []int `yaml:"shard"`
			} `yaml:"matrix"`
		} `yaml:"strategy"`
		Steps []struct {
			Name string `yaml:"name"`
			Uses string `yaml:"uses"`
			Run  string `yaml:"run"`
		} `yaml:"steps"`
	} `yaml:"jobs"`
}

// readWorkflow parses the example workflow.
func readWorkflow(t *testing.T) *workflow {
	t.Helper()
	path := filepath.Join("github", "bangsim-sweep.yml")
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var w workflow
	if err := yaml.Unmarshal(b, &w); err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	return &w
}

// TestWorkflowSteps runs the workflow's shell steps as GitHub would, on this machine:
// each matrix job's steps with its shard number, the artifacts moved by hand
// (upload-artifact, then download-artifact's shards/shard-K), the build replaced by the
// binary the tests built, and the merge job's steps; summary.md must reach the job
// summary.
func TestWorkflowSteps(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: the workflow's settings only (TestWorkflowShards)")
	}
	w := readWorkflow(t)
	bin := bangsim(t)
	root := t.TempDir()
	runner := filepath.Join(root, "runner")
	if err := os.MkdirAll(runner, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(bin, filepath.Join(runner, "bangsim")); err != nil {
		t.Fatal(err)
	}
	sweepFile, err := os.ReadFile("sweep.yaml")
	if err != nil {
		t.Fatal(err)
	}
	// A checkout of the repository: what the steps read of it.
	checkout := func(dir string) {
		if err := os.MkdirAll(filepath.Join(dir, "examples"), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, "examples", "sweep.yaml"), sweepFile, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	steps := func(job string, dir string, shard int) {
		summary := filepath.Join(root, job+"-summary.md")
		for _, s := range w.Jobs[job].Steps {
			if s.Run == "" || strings.Contains(s.Run, "go build") {
				continue
			}
			script := strings.ReplaceAll(s.Run, "${{ matrix.shard }}", fmt.Sprint(shard))
			run(t, []string{"RUNNER_TEMP=" + runner, "GITHUB_STEP_SUMMARY=" + summary}, "bash", "-e", "-c", "cd "+dir+" && "+script)
		}
	}
	n := len(w.Jobs["shard"].Strategy.Matrix.Shard)
	mergeDir := filepath.Join(root, "merge")
	checkout(mergeDir)
	for k := 1; k <= n; k++ {
		dir := filepath.Join(root, fmt.Sprintf("shard-job-%d", k))
		checkout(dir)
		steps("shard", dir, k)
		// upload-artifact shard-K, download-artifact with pattern shard-* into shards/.
		artifact := fmt.Sprintf("shard-%d", k)
		if err := os.CopyFS(filepath.Join(mergeDir, "shards", artifact), os.DirFS(filepath.Join(dir, artifact))); err != nil {
			t.Fatal(err)
		}
	}
	steps("merge", mergeDir, 0)
	b, err := os.ReadFile(filepath.Join(root, "merge-summary.md"))
	if err != nil || len(b) == 0 {
		t.Fatalf("the merge job published no summary: %v", err)
	}
	want, _ := os.ReadFile(filepath.Join(mergeDir, "merged", "summary.md"))
	if string(b) != string(want) {
		t.Error("the job summary is not merged/summary.md")
	}
	first, _, _ := strings.Cut(string(b), "\n")
	t.Logf("%d shards merged; the job summary: %s ...", n, first)
}

// TestWorkflowShards checks what actionlint cannot: that the workflow's matrix lists
// shards 1 to N, that each matrix job plays --shard K/N of that same N into its own
// directory, and that the merge job waits for them, merges, reports and publishes
// summary.md as the job summary.
func TestWorkflowShards(t *testing.T) {
	w := readWorkflow(t)
	shard, ok := w.Jobs["shard"]
	if !ok {
		t.Fatal("no job named shard")
	}
	ks := shard.Strategy.Matrix.Shard
	n := len(ks)
	for i, k := range ks {
		if k != i+1 {
			t.Fatalf("matrix shards %v: want 1 to %d", ks, n)
		}
	}
	var script string
	for _, s := range shard.Steps {
		script += s.Run + "\n"
	}
	for _, want := range []string{" sweep ", fmt.Sprintf("--shard ${{ matrix.shard }}/%d", n), `--out "shard-${{ matrix.shard }}"`} {
		if !strings.Contains(script, want) {
			t.Errorf("the shard job does not run %q:\n%s", want, script)
		}
	}
	merge, ok := w.Jobs["merge"]
	if !ok {
		t.Fatal("no job named merge")
	}
	needs := merge.Needs
	if list, ok := needs.([]any); ok && len(list) == 1 {
		needs = list[0]
	}
	if needs != "shard" {
		t.Errorf("the merge job needs %v, want the shard job", merge.Needs)
	}
	script = ""
	for _, s := range merge.Steps {
		script += s.Run + "\n"
	}
	for _, want := range []string{"merge --out merged shards/shard-*", "report merged", `cat merged/summary.md >> "$GITHUB_STEP_SUMMARY"`} {
		if !strings.Contains(script, want) {
			t.Errorf("the merge job does not run %q:\n%s", want, script)
		}
	}
}
