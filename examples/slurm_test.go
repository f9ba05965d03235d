package examples

import (
	"context"
	"crypto/rand"
	"errors"
	"fmt"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
)

// slurmTestEnv is the variable that asks for TestSlurmArray.
const slurmTestEnv = "BANGSIM_SLURM_TEST"

// The array the test submits: 8 tasks of the example script, each a shard of a run of
// slurmGames games at 4 to 6 players.
const (
	slurmTasks   = 8
	slurmGames   = "120000"
	slurmPlayers = "4-6"
	slurmSeed    = "20240601"
)

// TestSlurmArray starts a one-node Slurm cluster on localhost, submits
// slurm/bangsim-array.sbatch as an 8-task job array, waits for it, merges the shards
// and checks the merge equals one process's run of the same flags byte for byte. It
// stops every daemon it started, also when it fails.
func TestSlurmArray(t *testing.T) {
	if os.Getenv(slurmTestEnv) != "1" {
		t.Skipf("the Slurm integration test runs with %s=1; it needs root and Debian's slurmctld, slurmd, slurm-client and munge packages (.ci/run installs them and sets it; or: make slurm-test)", slurmTestEnv)
	}
	for _, tool := range []string{"munged", "slurmctld", "slurmd", "sbatch", "sinfo", "scancel"} {
		if _, err := exec.LookPath(tool); err != nil {
			t.Fatalf("%s=1 but %s is not installed: apt-get install slurmctld slurmd slurm-client munge", slurmTestEnv, tool)
		}
	}
	if os.Geteuid() != 0 {
		t.Fatalf("%s=1 but the test is not root: the test cluster runs its daemons and jobs as root", slurmTestEnv)
	}
	bin := bangsim(t)
	script, err := filepath.Abs(filepath.Join("slurm", "bangsim-array.sbatch"))
	if err != nil {
		t.Fatal(err)
	}
	start := time.Now()
	c := startCluster(t)
	t.Logf("cluster up in %.1fs: node %s, %d CPUs", time.Since(start).Seconds(), c.host, c.cpus)

	work := t.TempDir()
	shards := filepath.Join(work, "shards")
	args := []string{"--wait", "--array=1-" + strconv.Itoa(slurmTasks), "--chdir=" + work}
	if c.cpus < 2 {
		args = append(args, "--cpus-per-task=1") // the script asks for 2, which one CPU can never give
	}
	start = time.Now()
	ctx, cancel := context.WithTimeout(context.Background(), 6*time.Minute)
	defer cancel()
	sbatch := exec.CommandContext(ctx, "sbatch", append(args, script)...)
	sbatch.Env = append(c.env(), "BANGSIM="+bin, "GAMES="+slurmGames, "PLAYERS="+slurmPlayers, "SEED="+slurmSeed, "OUT="+shards)
	out, err := sbatch.CombinedOutput()
	if err != nil {
		t.Logf("queue:\n%s", c.query("squeue", "-a"))
		logs, _ := filepath.Glob(filepath.Join(work, "bangsim-*.log"))
		for _, l := range logs {
			b, _ := os.ReadFile(l)
			t.Logf("%s:\n%s", filepath.Base(l), b)
		}
		t.Fatalf("sbatch %q: %v\n%s", args, err, out)
	}
	waited := time.Since(start)

	var dirs []string
	var last time.Time // when the last task wrote its run.json
	for k := 1; k <= slurmTasks; k++ {
		d := filepath.Join(shards, fmt.Sprintf("shard-%d", k))
		if st, err := os.Stat(filepath.Join(d, "run.json")); err == nil && st.ModTime().After(last) {
			last = st.ModTime()
		}
		r := readRun(t, d)
		if r.Shard.K != k || r.Shard.N != slurmTasks || r.ShardSource != "slurm" {
			t.Errorf("task %d played shard %d/%d from %q, want %d/%d from slurm", k, r.Shard.K, r.Shard.N, r.ShardSource, k, slurmTasks)
		}
		dirs = append(dirs, d)
	}
	t.Logf("%s: %d array tasks done in %.1fs (the last wrote its shard after %.1fs; sbatch --wait polls)",
		strings.TrimSpace(string(out)), slurmTasks, waited.Seconds(), last.Sub(start).Seconds())
	start = time.Now()
	merged := filepath.Join(work, "merged")
	run(t, nil, bin, append([]string{"merge", "--quiet", "--out", merged}, dirs...)...)
	t.Logf("merged in %.1fs", time.Since(start).Seconds())
	whole := filepath.Join(work, "whole")
	start = time.Now()
	run(t, nil, bin, "run", "--players", slurmPlayers, "--games", slurmGames, "--seed", slurmSeed, "--quiet", "--out", whole)
	t.Logf("the single-process run took %.1fs", time.Since(start).Seconds())
	sameResults(t, merged, whole)
}

// cluster is a running test cluster: its scratch directory, configuration and daemons.
type cluster struct {
	t     *testing.T
	dir   string
	conf  string
	host  string
	cpus  int
	procs []*daemon // in start order
}

// daemon is one started daemon; done is closed once it has exited.
type daemon struct {
	name string
	cmd  *exec.Cmd
	done chan struct{}
}

// env is the environment of a Slurm command talking to the test cluster.
func (c *cluster) env() []string { return append(os.Environ(), "SLURM_CONF="+c.conf) }

// query runs a Slurm client command against the cluster and returns what it printed,
// or the error.
func (c *cluster) query(name string, args ...string) string {
	cmd := exec.Command(name, args...)
	cmd.Env = c.env()
	out, err := cmd.CombinedOutput()
	if err != nil {
		return fmt.Sprintf("%s: %v\n%s", name, err, out)
	}
	return string(out)
}

// startCluster starts munged, slurmctld and slurmd for a one-node cluster whose every
// file lives in a scratch directory, waits until the node is idle, and registers the
// cleanup that cancels the jobs and stops the daemons.
func startCluster(t *testing.T) *cluster {
	t.Helper()
	// A short path: the munge socket's must fit a socket address (108 bytes).
	dir, err := os.MkdirTemp("", "slurm-")
	if err != nil {
		t.Fatal(err)
	}
	c := &cluster{t: t, dir: dir, conf: filepath.Join(dir, "slurm.conf")}
	t.Cleanup(c.stop)
	if err := os.Chmod(dir, 0o755); err != nil { // munged wants its socket's path open to all
		t.Fatal(err)
	}
	for _, d := range []string{"munge", "state", "spool"} {
		if err := os.MkdirAll(filepath.Join(dir, d), 0o755); err != nil {
			t.Fatal(err)
		}
	}

	// The node as slurmd sees it: its short host name, CPUs and memory.
	node, err := exec.Command("slurmd", "-C").Output()
	if err != nil {
		t.Fatalf("slurmd -C: %v", err)
	}
	field := func(name string) string {
		m := regexp.MustCompile(`\b` + name + `=(\S+)`).FindSubmatch(node)
		if m == nil {
			t.Fatalf("slurmd -C says no %s:\n%s", name, node)
		}
		return string(m[1])
	}
	c.host = field("NodeName")
	if c.cpus, err = strconv.Atoi(field("CPUs")); err != nil {
		t.Fatal(err)
	}
	memory := field("RealMemory")

	key := make([]byte, 1024)
	rand.Read(key)
	keyFile := filepath.Join(dir, "munge.key")
	if err := os.WriteFile(keyFile, key, 0o600); err != nil {
		t.Fatal(err)
	}
	socket := filepath.Join(dir, "munge", "munge.socket")
	c.daemon("munged", "--foreground", "--force", "--socket="+socket, "--key-file="+keyFile,
		"--pid-file="+filepath.Join(dir, "munged.pid"), "--seed-file="+filepath.Join(dir, "munged.seed"))
	c.waitFor("the munge socket", func() bool { _, err := os.Stat(socket); return err == nil })

	tmpl, err := os.ReadFile(filepath.Join("slurm", "testcluster", "slurm.conf"))
	if err != nil {
		t.Fatal(err)
	}
	conf := strings.NewReplacer("@HOST@", c.host, "@CPUS@", strconv.Itoa(c.cpus), "@MEMORY@", memory, "@DIR@", dir,
		"@CTLD_PORT@", freePort(t), "@SLURMD_PORT@", freePort(t)).Replace(string(tmpl))
	if regexp.MustCompile(`@[A-Z_]+@`).MatchString(conf) {
		t.Fatalf("slurm.conf keeps a placeholder:\n%s", conf)
	}
	if err := os.WriteFile(c.conf, []byte(conf), 0o644); err != nil {
		t.Fatal(err)
	}
	c.daemon("slurmctld", "-D", "-i", "-f", c.conf)
	c.daemon("slurmd", "-D", "-f", c.conf, "-N", c.host)
	c.waitFor("the node to be idle", func() bool {
		return strings.TrimSpace(c.query("sinfo", "--noheader", "--format=%T")) == "idle"
	})
	return c
}

// daemon starts name in the foreground with its output in the scratch directory. It
// dies with the test process (Pdeathsig), even one killed by a timeout that leaves no
// time for cleanups.
func (c *cluster) daemon(name string, args ...string) {
	c.t.Helper()
	cmd := exec.Command(name, args...)
	cmd.Env = c.env()
	logf, err := os.Create(filepath.Join(c.dir, name+".out"))
	if err != nil {
		c.t.Fatal(err)
	}
	cmd.Stdout, cmd.Stderr = logf, logf
	cmd.SysProcAttr = &syscall.SysProcAttr{Pdeathsig: syscall.SIGTERM}
	if err := cmd.Start(); err != nil {
		c.t.Fatalf("start %s: %v", name, err)
	}
	logf.Close()
	d := &daemon{name: name, cmd: cmd, done: make(chan struct{})}
	go func() {
		cmd.Wait()
		close(d.done)
	}()
	c.procs = append(c.procs, d)
}

// waitFor polls ok for up to a minute, failing the test (with the daemons' logs) if
// it never holds or a daemon exits meanwhile.
func (c *cluster) waitFor(what string, ok func() bool) {
	c.t.Helper()
	deadline := time.Now().Add(time.Minute)
	for !ok() {
		for _, d := range c.procs {
			select {
			case <-d.done:
				c.t.Fatalf("waiting for %s: %s exited (%v)", what, d.name, d.cmd.ProcessState)
			default:
			}
		}
		if time.Now().After(deadline) {
			c.t.Fatalf("waiting for %s: still not there after a minute", what)
		}
		time.Sleep(200 * time.Millisecond)
	}
}

// stop cancels the cluster's jobs and stops its daemons, the last started first
// (SIGTERM, then SIGKILL after ten seconds); on failure it logs what they said.
func (c *cluster) stop() {
	if len(c.procs) > 1 {
		c.query("scancel", "--quiet", "--user=root")
	}
	for i := len(c.procs) - 1; i >= 0; i-- {
		d := c.procs[i]
		d.cmd.Process.Signal(syscall.SIGTERM)
		select {
		case <-d.done:
		case <-time.After(10 * time.Second):
			d.cmd.Process.Kill()
			<-d.done
		}
	}
	if c.t.Failed() {
		for _, name := range []string{"munged", "slurmctld", "slurmd"} {
			if b, err := os.ReadFile(filepath.Join(c.dir, name+".out")); err == nil {
				c.t.Logf("%s said:\n%s", name, tail(b, 40))
			}
		}
	}
	if err := os.RemoveAll(c.dir); err != nil && !errors.Is(err, os.ErrNotExist) {
		c.t.Logf("removing %s: %v", c.dir, err)
	}
}

// tail returns the last n lines of b.
func tail(b []byte, n int) string {
	lines := strings.Split(strings.TrimRight(string(b), "\n"), "\n")
	return strings.Join(lines[max(0, len(lines)-n):], "\n")
}

// freePort returns a TCP port free on localhost now, so the test cluster does not meet
// a real one on Slurm's ports.
func freePort(t *testing.T) string {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	return strconv.Itoa(l.Addr().(*net.TCPAddr).Port)
}
