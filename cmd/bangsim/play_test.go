package main

import (
	"bytes"
	"context"
	"os"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/creack/pty"
)

// screen collects what bangsim play draws on a pseudo-terminal, escapes removed.
type screen struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

var ansiEscape = regexp.MustCompile(`\x1b\[[0-9;?]*[ -/]*[@-~]|\x1b[()][A-Z0-9]|\x1b[=>]|\x1b\][^\x07]*\x07`)

func (s *screen) text() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return ansiEscape.ReplaceAllString(s.buf.String(), "\n")
}

// playInPty runs `bangsim play args` on a pseudo-terminal and plays the person's seat
// as a person would: t to skip to their turn, at each decision the first option (or,
// at a reroll, enter: stop), once an illegal key first, checking it is refused with
// refusal's message, and the hint key (at the first decision that has one), checking
// the ranking shows. It returns the exit status, stderr and the screen.
func playInPty(t *testing.T, args []string, illegal, refusal string) (int, string, string) {
	t.Helper()
	t.Setenv("NO_COLOR", "1")
	t.Setenv("TERM", "xterm")
	ptmx, tty, err := pty.Open()
	if err != nil {
		t.Fatal(err)
	}
	defer ptmx.Close()
	defer tty.Close()
	if err := pty.Setsize(ptmx, &pty.Winsize{Rows: 40, Cols: 140}); err != nil {
		t.Fatal(err)
	}
	var sc screen
	go func() {
		b := make([]byte, 4096)
		for {
			n, err := ptmx.Read(b)
			sc.mu.Lock()
			sc.buf.Write(b[:n])
			sc.mu.Unlock()
			if err != nil {
				return
			}
		}
	}()
	stdin := os.Stdin
	os.Stdin = tty
	defer func() { os.Stdin = stdin }()
	var stderr bytes.Buffer
	done := make(chan int, 1)
	go func() {
		done <- execute(context.Background(), append([]string{"bangsim", "play"}, args...), tty, &stderr)
	}()
	send := func(k string) {
		if _, err := ptmx.Write([]byte(k)); err != nil {
			t.Fatal(err)
		}
	}
	ask := regexp.MustCompile(`Your move #(\d+): ([^\n]*)`)
	asked, refused, hinted := 0, false, false
	deadline := time.Now().Add(3 * time.Minute)
	send("t")
	last := time.Now()
	for {
		select {
		case code := <-done:
			return code, stderr.String(), sc.text()
		default:
		}
		if time.Now().After(deadline) {
			t.Fatalf("the game did not end in time; screen:\n%s", tail(sc.text()))
		}
		txt := sc.text()
		if strings.Contains(txt, "Game over:") {
			send("q")
			time.Sleep(200 * time.Millisecond)
			continue
		}
		ms := ask.FindAllStringSubmatch(txt, -1)
		n := 0
		prompt := ""
		if len(ms) > 0 {
			n, _ = strconv.Atoi(ms[len(ms)-1][1])
			prompt = ms[len(ms)-1][2]
		}
		if n > asked {
			asked = n
			if !refused {
				send(illegal)
				waitFor(t, &sc, refusal)
				refused = true
			}
			if !hinted && !strings.HasPrefix(prompt, "place your") { // the duel's placement has no hint
				send("h")
				waitFor(t, &sc, "Hint (the search bot's estimate")
				hinted = true
			}
			if strings.HasPrefix(prompt, "reroll which dice") {
				send("\r")
			} else {
				send("1")
			}
			time.Sleep(50 * time.Millisecond)
			send("t")
			last = time.Now()
			continue
		}
		if time.Since(last) > 2*time.Second {
			send("t") // a key that came while the table was thinking was not taken
			last = time.Now()
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// waitFor waits until the screen shows s.
func waitFor(t *testing.T, sc *screen, s string) {
	t.Helper()
	for end := time.Now().Add(20 * time.Second); time.Now().Before(end); time.Sleep(20 * time.Millisecond) {
		if strings.Contains(sc.text(), s) {
			return
		}
	}
	t.Fatalf("the screen never showed %q:\n%s", s, tail(sc.text()))
}

func tail(s string) string {
	if len(s) > 3000 {
		return s[len(s)-3000:]
	}
	return s
}

// TestPlayDiceInPty plays a whole dice game as a person in a pseudo-terminal, with one
// illegal key, and replays the file it wrote to the same end.
func TestPlayDiceInPty(t *testing.T) {
	out := t.TempDir() + "/game.jsonl"
	code, stderr, scr := playInPty(t, []string{"--seed", "3", "--players", "4", "--seat", "1", "--out", out}, "9", "there is no die 9")
	if code != 0 {
		t.Fatalf("play exited %d: %s\n%s", code, stderr, tail(scr))
	}
	if !strings.Contains(stderr, "Game over:") || !strings.Contains(stderr, "Next: bangsim replay --file") {
		t.Errorf("play's summary: %s", stderr)
	}
	checkReplayFile(t, out)
}

// checkReplayFile replays a play file (which checks it ends as the file says).
func checkReplayFile(t *testing.T, path string) {
	t.Helper()
	var stdout, stderr bytes.Buffer
	if code := execute(context.Background(), []string{"bangsim", "replay", "--file", path}, &stdout, &stderr); code != 0 {
		t.Fatalf("replay --file exited %d: %s", code, stderr.String())
	}
	if !strings.Contains(stdout.String(), "Game over after") {
		t.Errorf("replay --file printed:\n%s", tail(stdout.String()))
	}
}

// TestPlayNeedsATerminal: off a terminal, play says so (exit 2).
func TestPlayNeedsATerminal(t *testing.T) {
	var stdout, stderr bytes.Buffer
	if code := execute(context.Background(), []string{"bangsim", "play", "--seed", "1"}, &stdout, &stderr); code != exitUsage {
		t.Fatalf("exit %d, want %d: %s", code, exitUsage, stderr.String())
	}
	if !strings.Contains(stderr.String(), "play needs a terminal") {
		t.Errorf("stderr: %s", stderr.String())
	}
}

// TestPlayCardInPty plays a whole card game as a person in a pseudo-terminal, with one
// illegal key, and replays the file it wrote to the same end.
func TestPlayCardInPty(t *testing.T) {
	out := t.TempDir() + "/game.jsonl"
	code, stderr, scr := playInPty(t, []string{"--game", "card", "--seed", "5", "--players", "4", "--role", "outlaw", "--out", out}, "0", "there is no option 0")
	if code != 0 {
		t.Fatalf("play exited %d: %s\n%s", code, stderr, tail(scr))
	}
	if !strings.Contains(scr, "Your hand:") || !strings.Contains(stderr, "Game over:") {
		t.Errorf("play's screen or summary: %s\n%s", stderr, tail(scr))
	}
	checkReplayFile(t, out)
}

// TestPlayLeaveWithCtrlC: Ctrl-C asks first; y leaves cleanly (exit 0) and says where
// the moves so far are, a file replay --file refuses as a game left before its end.
func TestPlayLeaveWithCtrlC(t *testing.T) {
	t.Setenv("NO_COLOR", "1")
	ptmx, tty, err := pty.Open()
	if err != nil {
		t.Fatal(err)
	}
	defer ptmx.Close()
	defer tty.Close()
	var sc screen
	go func() {
		b := make([]byte, 4096)
		for {
			n, err := ptmx.Read(b)
			sc.mu.Lock()
			sc.buf.Write(b[:n])
			sc.mu.Unlock()
			if err != nil {
				return
			}
		}
	}()
	stdin := os.Stdin
	os.Stdin = tty
	defer func() { os.Stdin = stdin }()
	out := t.TempDir() + "/left.jsonl"
	var stderr bytes.Buffer
	done := make(chan int, 1)
	go func() {
		done <- execute(context.Background(), []string{"bangsim", "play", "--seed", "2", "--out", out}, tty, &stderr)
	}()
	waitFor(t, &sc, "BANG! The Dice Game")
	ptmx.Write([]byte{3})
	waitFor(t, &sc, "Leave the game? y: leave")
	ptmx.Write([]byte("y"))
	select {
	case code := <-done:
		if code != 0 || !strings.Contains(stderr.String(), "You left the game") {
			t.Fatalf("exit %d: %s", code, stderr.String())
		}
	case <-time.After(20 * time.Second):
		t.Fatal("play did not leave")
	}
	var o, e bytes.Buffer
	if code := execute(context.Background(), []string{"bangsim", "replay", "--file", out}, &o, &e); code == 0 || !strings.Contains(e.String(), "left the game before its end") {
		t.Errorf("replay --file of a game left: exit %d: %s", code, e.String())
	}
}

// TestPlayDuelInPty plays a whole long duel as a person in a pseudo-terminal (the
// placement and every turn), with one illegal key, and replays the file it wrote to the
// same end.
func TestPlayDuelInPty(t *testing.T) {
	out := t.TempDir() + "/duel.jsonl"
	code, stderr, scr := playInPty(t, []string{"--game", "duel", "--seed", "4", "--seat", "1", "--out", out}, "0", "there is no option 0")
	if code != 0 {
		t.Fatalf("play exited %d: %s\n%s", code, stderr, tail(scr))
	}
	for _, want := range []string{"Your hand:", "your draft bot (value-first)", "three reinforcements face down", "P0 draws a card"} {
		if !strings.Contains(scr, want) {
			t.Errorf("the screen never showed %q:\n%s", want, tail(scr))
		}
	}
	if !strings.Contains(stderr, "Game over:") {
		t.Errorf("play's summary: %s", stderr)
	}
	var stdout, errs bytes.Buffer
	if code := execute(context.Background(), []string{"bangsim", "replay", "--file", out}, &stdout, &errs); code != 0 {
		t.Fatalf("replay --file exited %d: %s", code, errs.String())
	}
	if !strings.Contains(stdout.String(), "wins after") && !strings.Contains(stdout.String(), "Draw at the turn cap") {
		t.Errorf("replay --file printed:\n%s", tail(stdout.String()))
	}
}
