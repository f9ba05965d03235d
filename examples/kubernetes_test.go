package examples

import (
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"go.yaml.in/yaml/v3"
)

// job is the part of a Kubernetes batch/v1 Job the tests read.
type job struct {
	APIVersion string `yaml:"apiVersion"`
	Kind       string `yaml:"kind"`
	Metadata   struct {
		Name string `yaml:"name"`
	} `yaml:"metadata"`
	Spec struct {
		CompletionMode string `yaml:"completionMode"`
		Completions    *int   `yaml:"completions"`
		Parallelism    *int   `yaml:"parallelism"`
		Template       struct {
			Spec struct {
				RestartPolicy string `yaml:"restartPolicy"`
				Containers    []struct {
					Name         string   `yaml:"name"`
					Image        string   `yaml:"image"`
					Command      []string `yaml:"command"`
					Args         []string `yaml:"args"`
					VolumeMounts []struct {
						Name      string `yaml:"name"`
						MountPath string `yaml:"mountPath"`
					} `yaml:"volumeMounts"`
				} `yaml:"containers"`
				Volumes []struct {
					Name string `yaml:"name"`
					PVC  struct {
						ClaimName string `yaml:"claimName"`
					} `yaml:"persistentVolumeClaim"`
				} `yaml:"volumes"`
			} `yaml:"spec"`
		} `yaml:"template"`
	} `yaml:"spec"`
}

// readJob parses a manifest holding one Job, refusing fields the type does not know
// only where it matters: the kind and API.
func readJob(t *testing.T, path string) *job {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var j job
	if err := yaml.Unmarshal(b, &j); err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	if j.APIVersion != "batch/v1" || j.Kind != "Job" {
		t.Fatalf("%s: %s %s, want a batch/v1 Job", path, j.APIVersion, j.Kind)
	}
	if len(j.Spec.Template.Spec.Containers) != 1 {
		t.Fatalf("%s: %d containers, want one", path, len(j.Spec.Template.Spec.Containers))
	}
	return &j
}

// flagValue returns the value of --name=V or --name V in args, and whether it is there.
func flagValue(args []string, name string) (string, bool) {
	for i, a := range args {
		if v, ok := strings.CutPrefix(a, "--"+name+"="); ok {
			return v, true
		}
		if a == "--"+name && i+1 < len(args) {
			return args[i+1], true
		}
	}
	return "", false
}

// TestKubernetesManifests checks the Indexed Job and its merge Job, then plays the
// Job's command line as its pods would, one process per completion index with the
// games scaled down and /results in a scratch directory, runs the merge Job's command
// on what they wrote, and checks the merge equals a single run byte for byte. No
// Kubernetes cluster was at hand: the scheduler's part is taken on trust.
func TestKubernetesManifests(t *testing.T) {
	indexed := readJob(t, filepath.Join("kubernetes", "bangsim-indexed-job.yaml"))
	merge := readJob(t, filepath.Join("kubernetes", "bangsim-merge-job.yaml"))
	s := indexed.Spec
	pod := s.Template.Spec
	c := pod.Containers[0]
	argv := append(slices.Clone(c.Command), c.Args...)
	if s.CompletionMode != "Indexed" {
		t.Errorf("completionMode %q: want Indexed, so each pod gets its JOB_COMPLETION_INDEX", s.CompletionMode)
	}
	if s.Completions == nil || *s.Completions < 1 {
		t.Fatal("completions is not set: an Indexed Job needs one per shard")
	}
	n := *s.Completions
	if s.Parallelism != nil && (*s.Parallelism < 1 || *s.Parallelism > n) {
		t.Errorf("parallelism %d: want 1 to completions (%d); more pods than indices only wait", *s.Parallelism, n)
	}
	if pod.RestartPolicy != "Never" && pod.RestartPolicy != "OnFailure" {
		t.Errorf("restartPolicy %q: a Job's pods need Never or OnFailure", pod.RestartPolicy)
	}
	if len(argv) < 2 || argv[0] != "bangsim" || argv[1] != "run" {
		t.Fatalf("the container runs %q, want bangsim run", argv)
	}
	if v, ok := flagValue(argv, "shards"); !ok || v != strconv.Itoa(n) {
		t.Errorf("--shards %q: want the Job's completions, %d", v, n)
	}
	if _, ok := flagValue(argv, "shard"); ok {
		t.Error("--shard is set: it would win over JOB_COMPLETION_INDEX, and every pod would play the same shard")
	}
	out, _ := flagValue(argv, "out")
	if !strings.Contains(out, "$(JOB_COMPLETION_INDEX)") {
		t.Errorf("--out %q does not hold $(JOB_COMPLETION_INDEX): the pods would write one directory", out)
	}
	mount := func(j *job) string {
		for _, m := range j.Spec.Template.Spec.Containers[0].VolumeMounts {
			return m.MountPath
		}
		return ""
	}
	if m := mount(indexed); m == "" || !strings.HasPrefix(out, m+"/") {
		t.Errorf("--out %q is not on the mounted volume %q", out, m)
	}
	if mount(merge) != mount(indexed) || merge.Spec.Template.Spec.Volumes[0].PVC.ClaimName != pod.Volumes[0].PVC.ClaimName {
		t.Error("the merge Job does not mount the run's volume where the run wrote")
	}
	script := merge.Spec.Template.Spec.Containers[0].Command
	if len(script) != 3 || script[0] != "sh" || script[1] != "-c" || !strings.Contains(script[2], "bangsim merge") {
		t.Fatalf("the merge Job runs %q, want sh -c 'bangsim merge ...'", script)
	}

	if testing.Short() {
		t.Skip("-short: the manifests' settings only, not their command lines")
	}
	bin := bangsim(t)
	root := t.TempDir()
	games, _ := flagValue(argv, "games")
	local := func(a string) string {
		a = strings.ReplaceAll(a, mount(indexed), filepath.Join(root, "results"))
		if strings.HasPrefix(a, "--games") {
			return "--games=30000"
		}
		return a
	}
	t.Logf("playing the Job's %d pods' command line with --games 30000 (the manifest's: %s)", n, games)
	for i := 0; i < n; i++ {
		var args []string
		for _, a := range argv[1:] {
			args = append(args, strings.ReplaceAll(local(a), "$(JOB_COMPLETION_INDEX)", strconv.Itoa(i)))
		}
		run(t, []string{"JOB_COMPLETION_INDEX=" + strconv.Itoa(i)}, bin, args...)
	}
	shard := readRun(t, filepath.Join(root, "results", "shard-3"))
	if shard.Shard.K != 4 || shard.Shard.N != n || shard.ShardSource != "kubernetes" {
		t.Errorf("pod 3 played shard %d/%d from %q, want 4/%d from kubernetes", shard.Shard.K, shard.Shard.N, shard.ShardSource, n)
	}
	// The merge Job's script, with the binary and the volume moved here.
	sh := strings.ReplaceAll(local(script[2]), "bangsim ", bin+" ")
	run(t, nil, "sh", "-c", sh)
	// One process, the same flags but the shard's.
	var whole []string
	for _, a := range argv[1:] {
		switch a = local(a); {
		case strings.HasPrefix(a, "--shards"), strings.HasPrefix(a, "--out"):
		default:
			whole = append(whole, a)
		}
	}
	run(t, nil, bin, append(whole, "--out", filepath.Join(root, "whole"))...)
	sameResults(t, filepath.Join(root, "results", "merged"), filepath.Join(root, "whole"))
	if _, err := os.Stat(filepath.Join(root, "results", "merged", "report.html")); err != nil {
		t.Errorf("the merge Job wrote no report: %v", err)
	}
}

// runRecord is the part of run.json the tests read.
type runRecord struct {
	Shard struct {
		K int `json:"k"`
		N int `json:"n"`
	} `json:"shard"`
	ShardSource string `json:"shard_source"`
}

func readRun(t *testing.T, dir string) runRecord {
	t.Helper()
	var r runRecord
	b, err := os.ReadFile(filepath.Join(dir, "run.json"))
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(b, &r); err != nil {
		t.Fatalf("%s/run.json: %v", dir, err)
	}
	return r
}
