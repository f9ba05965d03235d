package tui

import (
	"fmt"
	"strings"
	"time"

	tea "github.com/charmbracelet/bubbletea"
)

// model is the table's screen and its state between keys.
type model struct {
	game          Game
	st            styles
	width, height int

	log    []string // every line of the game so far
	scroll int      // lines scrolled back from the end of the log
	cur    Step     // the latest step
	asks   int      // the person's decisions asked so far (numbers the prompt)
	busy   bool     // a step or a hint is being computed
	pace   int      // -1: one bot move per key; else an index into paces
	tick   int      // numbers the pace's ticks, so a stale one is dropped
	skip   bool     // run the bots until the person's next decision
	cursor int      // the highlighted option
	marked int      // the toggled bits of a toggle Ask
	hints  []Hint
	msg    string
	bad    bool // msg refuses an input
	ask    bool // "leave the game?" is showing
	left   bool // the person chose to leave
}

type (
	stepMsg Step
	hintMsg struct {
		hints []Hint
		err   error
	}
	tickMsg int
)

func newModel(g Game, st styles) *model {
	return &model{game: g, st: st, pace: -1, width: 80, height: 24}
}

// Init asks the game for its first step.
func (m *model) Init() tea.Cmd { return m.next(0) }

// next asks the game for its next step, answering the pending Ask with answer.
func (m *model) next(answer int) tea.Cmd {
	m.busy, m.msg, m.bad, m.hints = true, "", false, nil
	g := m.game
	return func() tea.Msg { return stepMsg(g.Next(answer)) }
}

// later schedules the next bot move after the pace's delay.
func (m *model) later() tea.Cmd {
	m.tick++
	n := m.tick
	return tea.Tick(time.Duration(paces[m.pace])*time.Millisecond, func(time.Time) tea.Msg { return tickMsg(n) })
}

// Update takes one message: a step, a hint, a tick, a key or a resize.
func (m *model) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	switch msg := msg.(type) {
	case tea.WindowSizeMsg:
		if msg.Width > 0 && msg.Height > 0 { // a terminal that reports no size keeps 80×24
			m.width, m.height = msg.Width, msg.Height
		}
	case stepMsg:
		m.busy = false
		m.log = append(m.log, msg.Lines...)
		m.scroll = 0
		m.cur = Step(msg)
		m.cursor, m.marked = 0, 0
		switch {
		case msg.Over:
			m.skip = false
		case msg.Ask != nil:
			m.asks++
			m.skip = false
		case m.skip:
			return m, m.next(0)
		case m.pace >= 0:
			return m, m.later()
		}
	case hintMsg:
		m.busy = false
		if msg.err != nil {
			m.msg, m.bad = "no hint: "+msg.err.Error(), true
		} else {
			m.hints = msg.hints
		}
	case tickMsg:
		if int(msg) == m.tick && m.pace >= 0 && !m.busy && !m.cur.Over && m.cur.Ask == nil && !m.ask {
			return m, m.next(0)
		}
	case tea.KeyMsg:
		if msg.Type == tea.KeyRunes && len(msg.Runes) > 1 && !msg.Paste {
			// Keys typed faster than the terminal is read arrive together: each counts.
			var cmds []tea.Cmd
			for _, r := range msg.Runes {
				_, c := m.key(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune{r}})
				cmds = append(cmds, c)
			}
			return m, tea.Batch(cmds...)
		}
		return m.key(msg)
	}
	return m, nil
}

// key takes one key press.
func (m *model) key(k tea.KeyMsg) (tea.Model, tea.Cmd) {
	s := k.String()
	if m.ask {
		switch s {
		case "y", "Y", "ctrl+c":
			m.left = true
			return m, tea.Quit
		case "n", "N", "esc":
			m.ask, m.msg = false, ""
			if m.pace >= 0 && m.cur.Ask == nil && !m.busy {
				return m, m.later()
			}
		default:
			m.msg, m.bad = "leave the game? y: leave · n: stay", true
		}
		return m, nil
	}
	switch s {
	case "ctrl+c", "q":
		if m.cur.Over {
			return m, tea.Quit
		}
		m.ask, m.msg, m.bad = true, "Leave the game? y: leave (the replay keeps the moves so far) · n: stay", false
		return m, nil
	case "pgup":
		m.scroll = min(m.scroll+m.logRows(), max(len(m.log)-m.logRows(), 0))
		return m, nil
	case "pgdown":
		m.scroll = max(m.scroll-m.logRows(), 0)
		return m, nil
	}
	if m.busy {
		m.msg, m.bad = "wait: the table is thinking", false
		return m, nil
	}
	m.msg, m.bad = "", false
	switch a := m.cur.Ask; {
	case m.cur.Over:
		switch s {
		case "up":
			m.scroll = min(m.scroll+1, max(len(m.log)-m.logRows(), 0))
		case "down":
			m.scroll = max(m.scroll-1, 0)
		default:
			m.refuse("the game is over: q leaves")
		}
	case a == nil:
		return m, m.botKey(s)
	case a.Toggles != nil:
		return m, m.toggleKey(s, a)
	default:
		return m, m.pickKey(s, a)
	}
	return m, nil
}

// botKey takes a key while a bot moves next.
func (m *model) botKey(s string) tea.Cmd {
	switch s {
	case " ", "n", "enter", "right":
		m.pace = -1
		return m.next(0)
	case "f":
		if m.pace < len(paces)-1 {
			m.pace++
		}
		return m.later()
	case "p":
		m.pace = -1
		return nil
	case "t":
		m.skip = true
		return m.next(0)
	case "h":
		m.refuse("no decision of yours is pending: a hint ranks your own options")
	default:
		m.refuse(fmt.Sprintf("%q: a bot moves next; %s", s, helpBots))
	}
	return nil
}

// pickKey takes a key at a pick-one Ask.
func (m *model) pickKey(s string, a *Ask) tea.Cmd {
	n := len(a.Options)
	switch {
	case s == "up" || s == "k":
		m.cursor = (m.cursor + n - 1) % n
	case s == "down" || s == "j":
		m.cursor = (m.cursor + 1) % n
	case s == "enter":
		return m.next(a.Options[m.cursor].Value)
	case s == "h":
		return m.hint()
	case len(s) == 1 && s[0] >= '0' && s[0] <= '9':
		d := int(s[0] - '0')
		if d < 1 || d > n || d > 9 {
			m.refuse(fmt.Sprintf("there is no option %d: choose 1 to %d%s", d, min(n, 9), more(n)))
			return nil
		}
		return m.next(a.Options[d-1].Value)
	default:
		m.refuse(fmt.Sprintf("%q is not a choice here; %s", s, helpPick))
	}
	return nil
}

// more tells how to reach options past the ninth.
func more(n int) string {
	if n > 9 {
		return fmt.Sprintf(", or ↑↓ and enter for all %d", n)
	}
	return ""
}

// toggleKey takes a key at a toggle Ask.
func (m *model) toggleKey(s string, a *Ask) tea.Cmd {
	n := len(a.Toggles)
	switch {
	case s == "enter":
		ans := 0
		for i, t := range a.Toggles {
			if m.marked>>uint(i)&1 == 1 {
				ans |= t.Bit
			}
		}
		return m.next(ans)
	case s == "h":
		return m.hint()
	case len(s) == 1 && s[0] >= '0' && s[0] <= '9':
		d := int(s[0] - '0')
		if d < 1 || d > n {
			m.refuse(fmt.Sprintf("there is no die %d: the dice are 1 to %d", d, n))
			return nil
		}
		if why := a.Toggles[d-1].Locked; why != "" {
			m.refuse(fmt.Sprintf("die %d cannot be rerolled: %s", d, why))
			return nil
		}
		m.marked ^= 1 << uint(d-1)
	default:
		m.refuse(fmt.Sprintf("%q is not a choice here; %s", s, helpToggle))
	}
	return nil
}

// refuse shows why an input was not taken.
func (m *model) refuse(why string) { m.msg, m.bad = why, true }

// hint asks the game for the ranking of the pending options.
func (m *model) hint() tea.Cmd {
	m.busy, m.msg, m.bad = true, "thinking: the search bot plays each option out…", false
	g := m.game
	return func() tea.Msg {
		h, err := g.Hint()
		return hintMsg{h, err}
	}
}

// View draws the screen.
func (m *model) View() string {
	var out []string
	add := func(st func(...string) string, line string) {
		out = append(out, st(cut(line, m.width)))
	}
	add(m.st.title.Render, m.game.Title())
	for _, l := range m.cur.Board {
		add(m.st.board.Render, l)
	}
	add(m.st.dim.Render, strings.Repeat("─", max(m.width, 1)))
	tail := m.tail()
	rows := m.logRows()
	end := max(len(m.log)-m.scroll, 0)
	shown := m.log[max(end-rows, 0):end]
	for _, l := range shown {
		add(m.st.dim.Render, l)
	}
	for i := len(shown); i < rows; i++ {
		out = append(out, "")
	}
	for _, l := range tail {
		out = append(out, l)
	}
	return strings.Join(out, "\n")
}

// logRows is how many rows the log gets: what the rest of the screen leaves.
func (m *model) logRows() int {
	return max(m.height-2-len(m.cur.Board)-len(m.tail()), 1)
}

// tail is the screen's bottom: the decision or the pace, the hint, the message, help.
func (m *model) tail() []string {
	var out []string
	add := func(st func(...string) string, line string) { out = append(out, st(cut(line, m.width))) }
	help := helpBots
	switch a := m.cur.Ask; {
	case m.cur.Over:
		add(m.st.ask.Render, "Game over: "+m.cur.Result)
		help = helpOver
	case m.busy && a == nil:
		add(m.st.dim.Render, "…")
	case a == nil:
		pace := "one move per key"
		if m.pace >= 0 {
			pace = fmt.Sprintf("a move every %d ms (p: pause)", paces[m.pace])
		}
		add(m.st.dim.Render, "A bot moves next: "+pace)
	case a.Toggles != nil:
		help = helpToggle
		add(m.st.ask.Render, fmt.Sprintf("Your move #%d: %s", m.asks, a.Prompt))
		for i, t := range a.Toggles {
			mark := "[ ]"
			if m.marked>>uint(i)&1 == 1 {
				mark = "[x]"
			}
			line := fmt.Sprintf("  %d. %s %s", i+1, mark, t.Label)
			if t.Locked != "" {
				line = fmt.Sprintf("  %d.  -  %s (%s)", i+1, t.Label, t.Locked)
			}
			add(m.st.ask.Render, line)
		}
	default:
		help = helpPick
		add(m.st.ask.Render, fmt.Sprintf("Your move #%d: %s", m.asks, a.Prompt))
		first := max(0, min(m.cursor-4, len(a.Options)-9))
		for i := first; i < min(len(a.Options), first+9); i++ {
			line := fmt.Sprintf("  %d. %s", i+1, a.Options[i].Label)
			if i == m.cursor {
				add(m.st.cursor.Render, "› "+line[2:])
			} else {
				add(m.st.ask.Render, line)
			}
		}
	}
	if len(m.hints) > 0 {
		add(m.st.title.Render, "Hint (the search bot's estimate of your side's chance to win):")
		for i, h := range m.hints {
			if i == 6 {
				add(m.st.dim.Render, fmt.Sprintf("  … %d more", len(m.hints)-6))
				break
			}
			add(m.st.board.Render, "  "+FormatHint(h))
		}
	}
	if m.msg != "" {
		st := m.st.dim.Render
		if m.bad {
			st = m.st.bad.Render
		}
		add(st, m.msg)
	}
	add(m.st.help.Render, help)
	return out
}

// FormatHint writes one ranked option on a line: "62.0% [58.9, 65.0] keep all".
func FormatHint(h Hint) string {
	s := fmt.Sprintf("%5.1f%% [%4.1f, %4.1f]  %s", 100*h.Win, 100*h.Lo, 100*h.Hi, h.Label)
	if h.Exact != "" {
		s += "  (" + h.Exact + ")"
	}
	if h.SearchPick {
		s += "  ← search's choice"
	}
	return s
}

// cut shortens line to width columns.
func cut(line string, width int) string {
	if width <= 0 {
		return line
	}
	r := []rune(line)
	if len(r) <= width {
		return line
	}
	if width == 1 {
		return "…"
	}
	return string(r[:width-1]) + "…"
}
