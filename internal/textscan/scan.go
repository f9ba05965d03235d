// Package textscan is the byte scanner of bangsim's small spec languages: a bot spec
// (`heuristic(beer_below=3)`, strategy) and a configuration (`card(players=5,...)`,
// lab). Both read names, parentheses and key=value lists the same way.
package textscan

// Scanner reads S from I on.
type Scanner struct {
	S string
	I int
}

// Done reports whether all of S was read.
func (p *Scanner) Done() bool { return p.I >= len(p.S) }

// Rest is what is left to read, for an error message.
func (p *Scanner) Rest() string { return p.S[min(p.I, len(p.S)):] }

// Space skips blanks and tabs.
func (p *Scanner) Space() {
	for p.I < len(p.S) && (p.S[p.I] == ' ' || p.S[p.I] == '\t') {
		p.I++
	}
}

// Eat reads c if it comes next, and reports whether it did.
func (p *Scanner) Eat(c byte) bool {
	if p.I < len(p.S) && p.S[p.I] == c {
		p.I++
		return true
	}
	return false
}

// While reads the longest run of bytes that ok accepts.
func (p *Scanner) While(ok func(byte) bool) string {
	j := p.I
	for j < len(p.S) && ok(p.S[j]) {
		j++
	}
	t := p.S[p.I:j]
	p.I = j
	return t
}
