package tui

import (
	"os"

	"github.com/charmbracelet/lipgloss"
	"github.com/muesli/termenv"
)

// styles are the screen's few colours; plain (all zero) on a terminal without colour
// or with NO_COLOR set, so the screen reads the same in words.
type styles struct {
	title, board, ask, cursor, bad, help, dim lipgloss.Style
}

// newStyles returns the styles for a renderer writing to out's terminal.
func newStyles(r *lipgloss.Renderer, colour bool) styles {
	if !colour {
		plain := r.NewStyle()
		return styles{plain, plain, plain, plain, plain, plain, plain}
	}
	return styles{
		title:  r.NewStyle().Bold(true),
		board:  r.NewStyle().Foreground(lipgloss.Color("6")),
		ask:    r.NewStyle().Bold(true).Foreground(lipgloss.Color("3")),
		cursor: r.NewStyle().Reverse(true),
		bad:    r.NewStyle().Foreground(lipgloss.Color("1")),
		help:   r.NewStyle().Faint(true),
		dim:    r.NewStyle().Faint(true),
	}
}

// wantsColour reports whether the terminal shows colour and the user has not asked for
// none (NO_COLOR, https://no-color.org; TERM=dumb).
func wantsColour(r *lipgloss.Renderer) bool {
	if _, ok := os.LookupEnv("NO_COLOR"); ok || os.Getenv("TERM") == "dumb" {
		return false
	}
	return r.ColorProfile() != termenv.Ascii
}
