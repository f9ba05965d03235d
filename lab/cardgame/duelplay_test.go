package cardgame

import (
	"bufio"
	"bytes"
	"io"
	"regexp"
	"strings"
	"testing"

	"github.com/bangsim/bangsim/lab"
)

// TestSitDuelHidesTheBot drives a person's duel through tui.Game as the screen does
// (the first option every time, the hint asked once): the text never names a card the
// bot draws or holds, nor its reinforcements' order; the hint ranks every option, the
// search's choice marked once; the file played again ends as it says.
func TestSitDuelHidesTheBot(t *testing.T) {
	var file bytes.Buffer
	spec := DuelSpec{Bots: [2]string{"heuristic", "heuristic"}, Drafts: [2]string{"value-first", "random"}, Seed: 9}
	g, err := spec.SitDuel(2, 0, &file)
	if err != nil {
		t.Fatal(err)
	}
	var text []string
	hinted := false
	st := g.Next(0)
	for !st.Over {
		text = append(text, st.Lines...)
		if st.Ask != nil && !hinted && !strings.HasPrefix(st.Ask.Prompt, "place") {
			h, err := g.Hint()
			if err != nil || len(h) != len(st.Ask.Options) {
				t.Fatalf("hint: %v, %d of %d options", err, len(h), len(st.Ask.Options))
			}
			picks := 0
			for _, x := range h {
				if x.SearchPick {
					picks++
				}
				if x.Lo > x.Win || x.Win > x.Hi {
					t.Errorf("hint %+v: the rate outside its interval", x)
				}
			}
			if picks != 1 {
				t.Errorf("hint: %d options marked as search's choice", picks)
			}
			hinted = true
		}
		st = g.Next(0)
	}
	if err := g.Close(); err != nil {
		t.Fatal(err)
	}
	all := strings.Join(text, "\n")
	if m := regexp.MustCompile(`P1 (draws|is dealt) [A-Z][^\n]*`).FindString(all); m != "" && !strings.Contains(m, "a card") {
		t.Errorf("the bot's card shown: %q", m)
	}
	for _, want := range []string{"P1 draws a card", "three reinforcements face down", "your reinforcements in order"} {
		if !strings.Contains(all, want) {
			t.Errorf("the text never says %q", want)
		}
	}
	if !hinted {
		t.Error("no decision of the person's had a hint")
	}
	pf, err := lab.ReadPlayFile(bytes.NewReader(file.Bytes()))
	if err != nil || pf.End == nil || len(pf.Choices) == 0 || pf.Choices[0].Kind != "place" {
		t.Fatalf("the file read back: %v %+v", err, pf)
	}
	head, _ := bufio.NewReader(bytes.NewReader(file.Bytes())).ReadBytes('\n')
	var again bytes.Buffer
	if err := ReplayPlayedDuel(&again, head, pf.Choices, DuelReplay{JSON: true, Decisions: true}); err != nil {
		t.Fatal(err)
	}
	back, err := lab.ReadPlayFile(io.Reader(&again))
	if err != nil {
		t.Fatal(err)
	}
	if err := pf.SameEnd(back.End); err != nil {
		t.Error(err)
	}
}
