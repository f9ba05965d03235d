package league

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/bangsim/bangsim/sim/bang"
	"github.com/bangsim/bangsim/sim/card"
)

// ErrScoreTable is wrapped by every Parse error.
var ErrScoreTable = errors.New("bad score table")

// MaxAmount bounds one row's amount, so that sums over millions of games stay exact.
const MaxAmount = 1_000_000

// header is the column line every table file has before its first row.
const header = "players\twinner\trole\tcondition\tamount\tbasis"

// Parse reads a score table file (docs/league.md, "Score tables"): '#' starts a comment,
// "!key value" lines set the name, unit, label and source, then the header line, then one
// row a line, columns separated by tabs or spaces. name names the file in errors and is
// the table's name unless !name sets one.
func Parse(name string, r io.Reader) (*ScoreTable, error) {
	t := &ScoreTable{Name: name}
	p := parser{t: t, file: name}
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 4096), 1<<16)
	for sc.Scan() {
		p.line++
		if err := p.parseLine(sc.Text()); err != nil {
			return nil, err
		}
	}
	if err := sc.Err(); err != nil {
		why := err.Error()
		if errors.Is(err, bufio.ErrTooLong) { // bufio's own words name the Scanner
			why = "the line is longer than 65,536 bytes"
		}
		return nil, fmt.Errorf("%w %s: line %d: %s", ErrScoreTable, name, p.line+1, why)
	}
	switch {
	case t.Unit == "":
		return nil, p.errf("no !unit line: say whether the amounts are dollars (!unit $) or points (!unit points)")
	case !p.header:
		return nil, p.errf("no header line %q", strings.ReplaceAll(header, "\t", " "))
	case p.rows == 0:
		return nil, p.errf("no rows after the header")
	}
	return t, nil
}

// parser is Parse's state: the table so far and, per key, the line of each row.
type parser struct {
	t      *ScoreTable
	file   string
	line   int
	header bool
	rows   int
	lines  [card.MaxPlayers + 1][NumSides][bang.NumRoles][maxRows]int
}

func (p *parser) errf(format string, a ...any) error {
	return fmt.Errorf("%w %s: line %d: %s", ErrScoreTable, p.file, p.line, fmt.Sprintf(format, a...))
}

func (p *parser) parseLine(text string) error {
	s := strings.TrimSpace(text)
	if s == "" || s[0] == '#' {
		return nil
	}
	if s[0] == '!' {
		return p.directive(s[1:])
	}
	if i := strings.IndexByte(s, '#'); i >= 0 {
		s = s[:i]
	}
	f := strings.Fields(s)
	if !p.header {
		if strings.Join(f, "\t") != header {
			return p.errf("want the header %q before the first row, found %q", strings.ReplaceAll(header, "\t", " "), strings.Join(f, " "))
		}
		p.header = true
		return nil
	}
	if len(f) != 6 {
		return p.errf("want 6 columns (players winner role condition amount basis), found %d: %q", len(f), strings.Join(f, " "))
	}
	lo, hi, err := playerRange(f[0])
	if err != nil {
		return p.errf("%v", err)
	}
	w, err := parseSide(f[1])
	if err != nil {
		return p.errf("%v", err)
	}
	role, err := bang.ParseRole(f[2])
	if err != nil {
		return p.errf("%v", err)
	}
	c, err := parseCondition(f[3])
	if err != nil {
		return p.errf("%v", err)
	}
	amount, err := strconv.ParseInt(f[4], 10, 64)
	if err != nil || amount < 0 || amount > MaxAmount {
		return p.errf("amount %q: want a whole number from 0 to %d (a table pays, it never charges)", f[4], MaxAmount)
	}
	b, err := parseBasis(f[5])
	if err != nil {
		return p.errf("%v", err)
	}
	for n := lo; n <= hi; n++ {
		if err := p.add(Row{Players: n, Winner: w, Role: role, Cond: c, Amount: amount, Basis: b}); err != nil {
			return err
		}
	}
	p.rows++
	return nil
}

// add appends a row to its key after checking that it can ever pay.
func (p *parser) add(r Row) error {
	if bang.RoleCounts(r.Players)[r.Role] == 0 {
		return p.errf("no %s plays at %d players", r.Role, r.Players)
	}
	k := &p.t.keys[r.Players][r.Winner][r.Role]
	var covered Condition
	for i := 0; i < int(k.n); i++ {
		prev := k.rows[i]
		if prev.Cond == r.Cond {
			return p.errf("%d players, %s won, %s, %s: already given on line %d", r.Players, r.Winner, r.Role, r.Cond, p.lines[r.Players][r.Winner][r.Role][i])
		}
		covered |= prev.Cond
	}
	if r.Cond&^covered == 0 {
		return p.errf("%d players, %s won, %s, %s: never pays, the earlier rows for the same players, winner and role (from line %d) already cover it; the first matching row pays",
			r.Players, r.Winner, r.Role, r.Cond, p.lines[r.Players][r.Winner][r.Role][0])
	}
	p.lines[r.Players][r.Winner][r.Role][k.n] = p.line
	k.rows[k.n] = r
	k.n++
	if r.Cond.needsOrder() {
		p.t.order = true
	}
	p.t.sizes |= 1 << uint(r.Players)
	return nil
}

// directive reads a "!key value" line, given without its "!".
func (p *parser) directive(s string) error {
	k, v := s, ""
	if i := strings.IndexAny(s, " \t"); i >= 0 {
		k, v = s[:i], s[i+1:]
	}
	k, v = strings.ToLower(k), strings.TrimSpace(v)
	if v == "" {
		return p.errf("!%s has no value", k)
	}
	switch k {
	case "name":
		p.t.Name = v
	case "label":
		p.t.Label = v
	case "source":
		p.t.Source = v
	case "unit":
		switch strings.ToLower(v) {
		case "$", "dollars":
			p.t.Unit = "$"
		case "points":
			p.t.Unit = "points"
		default:
			return p.errf("!unit %q: want $ or points", v)
		}
	default:
		return p.errf("unknown directive !%s (known: !name, !unit, !label, !source)", k)
	}
	return nil
}

// playerRange reads "5" or "4-7".
func playerRange(s string) (int, int, error) {
	a, b, isRange := strings.Cut(s, "-")
	lo, err1 := strconv.Atoi(a)
	hi, err2 := lo, error(nil)
	if isRange {
		hi, err2 = strconv.Atoi(b)
	}
	if err1 != nil || err2 != nil || lo < card.MinPlayers || hi > card.MaxPlayers || lo > hi {
		return 0, 0, fmt.Errorf("players %q: want a count from %d to %d, or a range such as 4-7", s, card.MinPlayers, card.MaxPlayers)
	}
	return lo, hi, nil
}

func parseSide(s string) (Side, error) {
	for i, n := range sideNames {
		if strings.EqualFold(s, n) {
			return Side(i), nil
		}
	}
	return 0, fmt.Errorf("winner %q: want law, outlaws or renegade", s)
}

func parseCondition(s string) (Condition, error) {
	for _, k := range conditions {
		if strings.EqualFold(s, k.name) {
			return k.c, nil
		}
	}
	return 0, fmt.Errorf("condition %q: want any, alive, dead, last-three or lost-final-duel", s)
}

func parseBasis(s string) (Basis, error) {
	for i, n := range basisNames {
		if strings.EqualFold(s, n) {
			return Basis(i), nil
		}
	}
	return 0, fmt.Errorf("basis %q: want known or assumption", s)
}
