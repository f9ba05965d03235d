package examples

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"sync"
	"testing"

	"github.com/bangsim/bangsim/lab"
)

// binDir holds the bangsim binary the tests build once (see bangsim).
var binDir string

func TestMain(m *testing.M) {
	// The recipes set the scheduler's variables themselves; a test run inside a job
	// array must not pass its own on.
	for _, v := range lab.ShardEnv {
		os.Unsetenv(v)
	}
	var err error
	binDir, err = os.MkdirTemp("", "bangsim-examples-")
	if err != nil {
		panic(err)
	}
	code := m.Run()
	os.RemoveAll(binDir)
	os.Exit(code)
}

var (
	buildOnce sync.Once
	buildErr  error
)

// bangsim builds cmd/bangsim once for the package's tests and returns its path: the
// recipes run the binary, as a cluster would.
func bangsim(t *testing.T) string {
	t.Helper()
	bin := filepath.Join(binDir, "bangsim")
	buildOnce.Do(func() {
		goTool, err := exec.LookPath("go")
		if err != nil {
			goTool = filepath.Join(runtime.GOROOT(), "bin", "go")
		}
		out, err := exec.Command(goTool, "build", "-o", bin, "github.com/bangsim/bangsim/cmd/bangsim").CombinedOutput()
		if err != nil {
			buildErr = &buildError{err, out}
		}
	})
	if buildErr != nil {
		t.Fatal(buildErr)
	}
	return bin
}

type buildError struct {
	err error
	out []byte
}

func (e *buildError) Error() string {
	return "go build ./cmd/bangsim: " + e.err.Error() + "\n" + string(e.out)
}

// run runs a command with env added to the test's environment and fails the test
// unless it exits 0; it returns the standard output.
func run(t *testing.T, env []string, name string, args ...string) string {
	t.Helper()
	cmd := exec.Command(name, args...)
	cmd.Env = append(os.Environ(), env...)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		t.Fatalf("%s %q: %v\nstdout:\n%s\nstderr:\n%s", name, args, err, stdout.String(), stderr.String())
	}
	return stdout.String()
}

// sameResults checks that dir holds the files of want byte for byte, but for the
// record of how each was made (run.json), which a merge cannot share with a single run.
func sameResults(t *testing.T, got, want string) {
	t.Helper()
	entries, err := os.ReadDir(want)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, e := range entries {
		if e.Name() != "run.json" {
			names = append(names, e.Name())
		}
	}
	if !slices.Contains(names, "tally.json") || !slices.Contains(names, "roles.csv") {
		t.Fatalf("%s holds %v: no run's result files", want, names)
	}
	for _, name := range names {
		a, err := os.ReadFile(filepath.Join(got, name))
		if err != nil {
			t.Errorf("the merge lacks %s: %v", name, err)
			continue
		}
		b, err := os.ReadFile(filepath.Join(want, name))
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(a, b) {
			t.Errorf("merged %s differs from the single run's", name)
		}
	}
	t.Logf("the merge equals the single run in %v", names)
}
