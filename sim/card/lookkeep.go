package card

// lookKeep is phase 1 of look_keep at values other than the printed look 3, keep 2
// (drawKit's): look cards drawn one at a time, reshuffling as needed (with fewer to be
// had he keeps what he drew, C22), then look − keep of them put back on top of the
// deck, one DecideKit each, the last put back on top.
//
//go:noinline
func (g *State) lookKeep(a int8) {
	f := &g.prof[a&7]
	look := min(int(f.look), len(g.kit))
	n := 0
	for ; n < look; n++ {
		c := g.drawCard()
		if c == NoCard {
			break
		}
		g.kit[n] = c
		g.give(a, c)
		g.CardsDrawn++
		if g.trace.on {
			g.emit(Event{Kind: EvDraw, Seat: a, Other: -1, Card: c, Pick: NoCard, Cause: uint8(DrawPhase1)})
		}
	}
	back := n - int(f.keep)
	if n < look || back <= 0 {
		return
	}
	g.CardsDrawn -= uint16(back)
	g.kitN, g.kitLeft = int8(n), int8(back)
	g.askKit(a)
}

// askKit asks seat a which of the look_keep cards still in his hand goes back next.
func (g *State) askKit(a int8) {
	d := g.ask(DecideKit, a)
	for _, c := range g.kit[:min(int(g.kitN), len(g.kit))] {
		d.addCard(c)
	}
}

// keptBack takes card c out of the look_keep cards once it is put back, and reports
// whether another is still to go back (asked again).
func (g *State) keptBack(a int8, c CardID) bool {
	if g.kitLeft <= 0 {
		return false
	}
	g.kitLeft--
	for i := int8(0); i < g.kitN; i++ {
		if g.kit[i&3] == c {
			g.kitN--
			g.kit[i&3] = g.kit[g.kitN&3]
			break
		}
	}
	if g.kitLeft == 0 {
		return false
	}
	g.askKit(a)
	return true
}
