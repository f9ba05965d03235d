package tui

import (
	"context"
	"errors"
	"os"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"
	"golang.org/x/term"
)

// ErrNoTerminal is Run's answer when in or out is not a terminal.
var ErrNoTerminal = errors.New("play needs a terminal: run it in one (its input and output a terminal, not a pipe or a file)")

// Outcome is how a session ended.
type Outcome struct {
	Over   bool   // the game was played to its end
	Result string // how it ended, when Over
}

// IsTerminal reports whether f is a terminal.
func IsTerminal(f *os.File) bool { return f != nil && term.IsTerminal(int(f.Fd())) }

// Run plays g on the terminal in/out until the game ends and the person leaves, or the
// person leaves first (Ctrl-C or q, then y). It does not close g.
func Run(ctx context.Context, g Game, in, out *os.File) (Outcome, error) {
	if !IsTerminal(in) || !IsTerminal(out) {
		return Outcome{}, ErrNoTerminal
	}
	r := lipgloss.NewRenderer(out)
	m := newModel(g, newStyles(r, wantsColour(r)))
	p := tea.NewProgram(m, tea.WithInput(in), tea.WithOutput(out), tea.WithContext(ctx), tea.WithAltScreen())
	if _, err := p.Run(); err != nil && !errors.Is(err, tea.ErrProgramKilled) {
		return Outcome{}, err
	}
	if m.cur.Over {
		return Outcome{Over: true, Result: m.cur.Result}, nil
	}
	return Outcome{}, ctx.Err()
}
