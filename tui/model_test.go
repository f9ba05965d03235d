package tui

import (
	"strings"
	"testing"

	tea "github.com/charmbracelet/bubbletea"
)

// fakeGame asks one pick-one decision, then one toggle decision, then ends.
type fakeGame struct{ answers []int }

func (f *fakeGame) Title() string { return "fake" }
func (f *fakeGame) Next(a int) Step {
	f.answers = append(f.answers, a)
	switch len(f.answers) {
	case 1:
		return Step{Lines: []string{"a bot moves"}}
	case 2:
		return Step{Ask: &Ask{Prompt: "pick", Options: []Option{{"left", 10}, {"right", 20}}}}
	case 3:
		return Step{Ask: &Ask{Prompt: "dice", Toggles: []Toggle{{Label: "A", Bit: 1}, {Label: "D", Bit: 2, Locked: "Dynamite"}, {Label: "G", Bit: 4}}}}
	}
	return Step{Over: true, Result: "done"}
}
func (f *fakeGame) Hint() ([]Hint, error) {
	return []Hint{{Label: "right", Win: 0.6, Lo: 0.5, Hi: 0.7}}, nil
}
func (f *fakeGame) Close() error { return nil }

// press sends one key and runs the command it returns (a step or a hint) in place.
func press(t *testing.T, m *model, k tea.KeyMsg) {
	t.Helper()
	_, cmd := m.Update(k)
	run(m, cmd)
}

func run(m *model, cmd tea.Cmd) {
	if cmd == nil {
		return
	}
	switch msg := cmd().(type) {
	case stepMsg, hintMsg:
		_, next := m.Update(msg)
		run(m, next)
	}
}

func runes(s string) tea.KeyMsg { return tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune(s)} }

// TestModelKeys: a bot's move by space, illegal keys refused with a message, a pick by
// arrow and enter, a locked die refused, the toggles' OR as the answer, the hint shown,
// a resize taken, and leaving only after a question.
func TestModelKeys(t *testing.T) {
	g := &fakeGame{}
	m := newModel(g, newStyles(nil, false))
	run(m, m.Init())
	if !strings.Contains(m.View(), "A bot moves next") {
		t.Fatalf("after the first step:\n%s", m.View())
	}
	press(t, m, runes("7"))
	if !m.bad || !strings.Contains(m.msg, "a bot moves next") {
		t.Errorf("a digit while a bot moves: %q", m.msg)
	}
	press(t, m, tea.KeyMsg{Type: tea.KeySpace, Runes: []rune{' '}})
	if m.cur.Ask == nil || !strings.Contains(m.View(), "Your move #1: pick") {
		t.Fatalf("no pick asked:\n%s", m.View())
	}
	press(t, m, runes("3"))
	if !strings.Contains(m.msg, "there is no option 3: choose 1 to 2") {
		t.Errorf("option 3 of 2: %q", m.msg)
	}
	press(t, m, runes("h"))
	if !strings.Contains(m.View(), "60.0% [50.0, 70.0]  right") {
		t.Errorf("no hint:\n%s", m.View())
	}
	m.Update(tea.WindowSizeMsg{Width: 30, Height: 12})
	for _, l := range strings.Split(m.View(), "\n") {
		if len([]rune(l)) > 30 {
			t.Errorf("a line wider than the terminal: %q", l)
		}
	}
	press(t, m, tea.KeyMsg{Type: tea.KeyDown})
	press(t, m, tea.KeyMsg{Type: tea.KeyEnter})
	if g.answers[len(g.answers)-1] != 20 {
		t.Fatalf("↓ enter answered %v", g.answers)
	}
	press(t, m, runes("2"))
	if !strings.Contains(m.msg, "die 2 cannot be rerolled: Dynamite") {
		t.Errorf("a locked die: %q", m.msg)
	}
	press(t, m, runes("13"))
	press(t, m, tea.KeyMsg{Type: tea.KeyEnter})
	if g.answers[len(g.answers)-1] != 5 {
		t.Fatalf("dice 1 and 3 answered %v", g.answers)
	}
	if !m.cur.Over {
		t.Fatal("not over")
	}
	m.cur.Over = false // leaving mid-game asks first
	_, cmd := m.Update(tea.KeyMsg{Type: tea.KeyCtrlC})
	if cmd != nil || !m.ask {
		t.Fatal("Ctrl-C left without asking")
	}
	m.Update(runes("n"))
	if m.ask {
		t.Fatal("n did not stay")
	}
}
