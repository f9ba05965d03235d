package card

import (
	"math/bits"
	"math/rand/v2"

	"github.com/bangsim/bangsim/internal/fastrand"
	"github.com/bangsim/bangsim/sim/bang"
)

func roleDeck(n int) []Role { return bang.RoleDeck(n) }

// advance runs the rules until a decision with two or more options is pending or the
// game is over. A decision with a single option is not asked: it is taken at once.
func (g *State) advance() {
	for {
		if g.dec.Kind != DecideNone {
			if g.dec.N > 1 {
				return
			}
			g.take(0)
			continue
		}
		switch p := g.phase; { // the commonest phases by a compare, not step's jump table
		case p == phPlay:
			g.playOptions()
		case p >= phOver: // over, or a duel paused between turns
			return
		default:
			g.step()
		}
	}
}

// step runs one phase: it either asks (sets a pending decision) or moves the phase on.
func (g *State) step() {
	switch g.phase {
	case phTurnStart:
		g.turnStart()
	case phNoonDone:
		g.afterOwnHit(phDynamite)
	case phDynamite:
		g.fromDynamite()
	case phDynamiteDrawn:
		g.dynamiteDrawn()
	case phDynamiteDone:
		g.afterOwnHit(phJail)
	case phJail:
		g.fromJail()
	case phJailDrawn:
		g.jailDrawn()
	case phDraw:
		g.fromDraw()
	case phPlay:
		g.playOptions()
	case phAfterCard:
		g.afterCard()
	case phShotBarrel:
		g.shotBarrel()
	case phShotBarrelDrawn:
		g.barrelDrawn()
		g.shotBarrel()
	case phShotAnswer:
		g.shotAnswer()
	case phGatling:
		g.gatlingStep()
	case phIndians:
		g.indiansStep()
	case phDuel:
		g.duelStep()
	case phDuelDone:
		g.suzyHold = false // C20: she draws once the Duel is over, if alive with an empty hand
		if g.duel {
			g.duelDone()
		}
		g.suzyAll()
		g.phase = phAfterCard
		g.afterCard() // the machine's next step, taken at once
	case phStore:
		g.storeStep()
	case phLethal:
		g.lethal()
	case phSurvived:
		g.survived()
	case phSid:
		s := g.sidSeat
		d := g.ask(DecideSidCard, s)
		d.Need = g.sidLeft
		g.setList(d, g.Hand[s&7], int(g.HandLen[s&7]))
	case phDiscard:
		g.discardStep()
	case phNextTurn:
		g.nextTurn()
	case phOver, phPaused:
	}
}

// gatlingStep shoots the next living player after loopK, or ends the Gatling.
func (g *State) gatlingStep() {
	var t int8
	if g.duel { // the duel's order; the game's round inlined
		t = g.duelNextInLoop()
	} else {
		t = g.nextInLoop()
	}
	if t >= 0 {
		g.shoot(t, 1, phGatling) // C18: Slab's two Missed! are for his BANG! cards only
		return
	}
	g.phase = phAfterCard
	g.afterCard() // the machine's next step, taken at once
}

// indiansStep asks the next living player after loopK for a BANG!, or ends Indians!.
func (g *State) indiansStep() {
	var t int8
	if g.duel { // the duel's order; the game's round inlined
		t = g.duelNextInLoop()
	} else {
		t = g.nextInLoop()
	}
	if t >= 0 {
		g.aimU = t // the duel: a back character's ability works while it is asked
		g.askBang(t, g.Active)
		return
	}
	g.phase = phAfterCard
	g.afterCard() // the machine's next step, taken at once
}

// nextInLoop moves loopK on to the next living player of a Gatling's or Indians!' round
// (C16: clockwise from the active player's left) and returns that seat, or -1 once the
// round is over.
func (g *State) nextInLoop() int8 {
	a, n := g.Active, int8(g.Players)
	for g.loopK++; g.loopK < n; g.loopK++ {
		t := a + g.loopK // (a + loopK) mod n, both below n: no division
		if t >= n {
			t -= n
		}
		if g.alive(t) {
			return t
		}
	}
	return -1
}

// duelStep asks the Duel's responder for a BANG!.
func (g *State) duelStep() {
	a, r := g.Active, g.responder
	other := a
	if r == a {
		other = g.duelT
	}
	g.askBang(r, other)
}

// ask starts a new pending decision of kind k for seat; the caller adds the options.
func (g *State) ask(k DecisionKind, seat int8) *Decision {
	d := &g.dec
	d.Kind, d.Seat, d.Unit, d.From, d.Card, d.Need, d.N, d.Yard = k, seat, seat, -1, NoCard, 0, 0, 0
	g.opts = optsFull
	return d
}

// add appends an option, counting it for the yardstick too.
func (d *Decision) add(o Option) {
	d.Options[d.N&(MaxOptions-1)] = o
	d.N++
	d.Yard = d.N
}

// addCard appends an option that uses card c.
func (d *Decision) addCard(c CardID) {
	d.add(Option{Act: ActCard, Card: c, Target: -1, Pick: NoCard})
}

// addHand appends one ActCard option per card of h, in increasing order.
func (g *State) addHand(d *Decision, h Set) {
	for w := 0; w < 2; w++ {
		for m := h[w]; m != 0; m &= m - 1 {
			d.addCard(CardID(w*64 + trailing(m)))
		}
	}
}

// Apply plays choice for the pending decision and runs on to the next one. A choice out
// of range is replaced by option choice mod N and counted in Illegal: no policy can
// break a rule, and a buggy one shows.
func (g *State) Apply(choice int) {
	d := &g.dec
	if d.Kind == DecideNone {
		return
	}
	if g.opts == optsFixed { // uncounted: N is only "at least 2"
		g.materialize()
	}
	if uint(choice) >= uint(d.N) {
		g.Illegal++
		choice = int(uint(choice) % uint(d.N))
	}
	g.take(choice)
	g.advance()
}

// take carries out option i of the pending decision.
func (g *State) take(i int) {
	d := &g.dec
	var o Option
	if g.opts == optsPlay && i > 0 && i < int(d.Yard) { // phase 2's yard, in compact form
		o = g.playOption(i)
	} else {
		o = g.option(i)
	}
	g.carryOut(o)
}

// carryOut carries out o, an option of the pending decision (take's, or a card a
// CardPolicy named).
func (g *State) carryOut(o Option) {
	d := &g.dec
	s, u := d.Seat, d.Unit
	k := d.Kind
	d.Kind = DecideNone
	switch k {
	case DecideDraw:
		g.phase1Take(s, o)
		g.playOptions() // phase 2, the machine's next step, taken at once
	case DecideKit:
		g.putBack(s, o.Card)
		g.phase = phPlay
		if g.kitLeft > 0 && g.keptBack(s, o.Card) { // look_keep: another goes back
			return
		}
		g.playOptions()
	case DecideLucky:
		g.drawn = o.Card
		g.phase = g.drawRet
	case DecidePlay:
		g.applyPlay(s, o)
	case DecideDiscard:
		g.drop(s, o.Card)
		g.discardBy(s, o.Card, DiscardLimit)
		g.suzy(s)
		g.phase = phDiscard
		g.discardStep()
	case DecideMissed:
		if o.Act == ActTakeHit {
			g.hit(u, 1, g.cause, g.shooter(u), g.shotRet)
			return
		}
		g.answer(s, o.Card)
		g.shotNeed--
		g.suzy(s) // C6: she may draw and use a second Missed! against Slab
		g.phase = phShotAnswer
		g.shotAnswer()
	case DecideBang:
		if o.Act == ActTakeHit {
			g.bangHit(u)
			return
		}
		if g.cause == CauseIndians {
			g.answer(s, o.Card)
			g.suzy(s)
			g.phase = phIndians
			g.indiansStep() // the machine's next step, taken at once
			return
		}
		// A Duel step.
		g.answer(s, o.Card) // Suzy waits until the Duel is over (suzyHold)
		if s == g.Active {
			g.responder = g.duelT
		} else {
			g.responder = g.Active
		}
		g.phase = phDuel
		g.duelStep()
	case DecideLethal:
		switch o.Act {
		case ActDie:
			g.eliminate(u, g.hitBy, g.hitCause)
			if !g.Over { // a duel ends at the elimination
				g.phase = g.hitRet
			}
		case ActHeal:
			g.sidSeat, g.sidUnit, g.sidLeft, g.sidRet = s, u, g.prof[u&7].healCards, phLethal
			g.phase = phSid
		default: // a Beer
			g.beerSave(s, u, o.Card)
			g.suzy(s)
			g.phase = phLethal
		}
	case DecideSidCard:
		g.sidPay(s, o.Card)
		g.sidLeft--
		if g.sidLeft > 0 {
			g.phase = phSid
			return
		}
		g.sidHealed(g.sidUnit)
		g.phase = g.sidRet
	case DecideStore:
		g.storeTake(s, o.Card)
		g.picker = g.nextPicker(s)
		g.phase = phStore
		g.storeStep()
	case DecideSwap:
		if o.Act == ActSwap {
			g.swapTraced(s, SwapChosen)
		}
		g.fromDraw()
	case DecidePass:
		g.passDynamite(g.chkU, o.Target&3, o.Card)
		g.aimU = -1
		g.phase = phJail
		g.fromJail()
	}
}

// nextPicker is the seat that takes from a General Store after seat s: the next living
// player clockwise; in the long duel the other player (the seats alternate).
func (g *State) nextPicker(s int8) int8 {
	if g.duel {
		return s ^ 1
	}
	return g.nextAlive(s)
}

// shooter is who a shot or Indians! at unit t is by: the active player, or nobody when
// t is the active player's own (the duel's own back, under its own Gatling or Indians!).
func (g *State) shooter(t int8) int8 {
	if g.owner(t) == g.Active {
		return -1
	}
	return g.Active
}

// sidPay discards card c of seat s's hand towards Sid Ketchum's heal (C19: two cards
// for one life). For the game and the long duel alike.
func (g *State) sidPay(s int8, c CardID) {
	g.drop(s, c)
	g.discardBy(s, c, DiscardSid)
}

// sidHealed gives unit u (Sid Ketchum: a seat, or the duel's slot) the life his two
// discards paid for, counted.
func (g *State) sidHealed(u int8) {
	g.SidHeals++
	g.heal(u, HealSid, NoCard)
}

// beerSave is seat s's Beer c against a lethal hit, for t (seat s in the game, one of
// s's characters in the long duel): answered, 1 life regained, above 0 or not.
func (g *State) beerSave(s, t int8, c CardID) {
	g.answer(s, c)
	g.Life[t&7]++
	if g.trace.on {
		g.emit(Event{Kind: EvHeal, Seat: t, Other: -1, Card: c, Pick: NoCard, N: 1, Cause: uint8(HealBeer)})
	}
}

// putBack is Kit Carlson's choice carried out: seat s returns c, drawn in phase 1, to
// the top of the deck (C22); for the game and the long duel alike.
func (g *State) putBack(s int8, c CardID) {
	g.drop(s, c)
	g.pushDeck(c)
	if g.trace.on {
		g.emit(Event{Kind: EvPutBack, Seat: s, Other: -1, Card: c, Pick: NoCard})
	}
}

// storeTake is a General Store's pick carried out: seat s takes c from the table into
// its hand; for the game and the long duel alike.
func (g *State) storeTake(s int8, c CardID) {
	g.Store.Remove(c)
	g.give(s, c)
	g.StorePicks++
	if g.trace.on {
		g.emit(Event{Kind: EvTake, Seat: s, Other: -1, Card: c, Pick: NoCard, Cause: uint8(TakeStore)})
	}
}

// playRandom plays phase 2's pending decision, in compact form, for a seat of the
// random yardstick whose stream is r, and the plays that follow it while the machine
// comes straight back to phase 2: Table.run's draw (randomChoice written out) and take,
// fused, so each play skips the loop's and take's dispatch. The same draws and the same
// plays as take; the end of phase 2 (drawn, or the only option left) is taken here,
// Sid Ketchum's heal through take, and the discards phase 3 then asks of the same seat
// are drawn from r in discardRandom, as Table.run would draw them next. Not inlined
// (discardRandom says why).
//
//go:noinline
func (g *State) playRandom(r *rand.PCG) {
	d, a := &g.dec, g.dec.Seat
	for {
		n := uint64(d.Yard)
		if n <= 1 { // only the end in the yard (a Beer that would not heal, C10 past it): nothing drawn
			break
		}
		hi, lo := bits.Mul64(r.Uint64(), n)
		if lo < n {
			hi = fastrand.Reject(r, n, hi, lo)
		}
		i := int(hi)
		if i == 0 {
			break
		}
		if g.pHeal && i == int(d.Yard)-1 { // the heal is rare: tested first, the branch predicts
			g.take(i)
			g.settle()
			return
		}
		o := g.playOption(i)
		d.Kind = DecideNone
		g.play(o)
		if g.phase != phPlay || d.Kind != DecideNone { // a play whose hit went on to phase 2 has counted it
			if d.Kind == DecidePlay && d.Seat == a && g.opts == optsPlay { // back to this phase 2, asking no one: Table.run would call again
				if d.N <= 1 {
					break
				}
				continue
			}
			g.settle()
			return
		}
		g.playOptionsNext(o)
		if d.N <= 1 { // only the end is left (advance would take it unasked)
			break
		}
	}
	d.Kind = DecideNone // the end of phase 2, as take ends it
	g.phase = phDiscard
	g.discardStep()
	if d.Kind == DecideDiscard && d.N > 1 { // the same seat's discards: Table.run would go there next
		g.discardRandom(r)
		return
	}
	g.settle()
}

// discardRandom is playRandom for phase 3: the pending discard and the ones after it,
// one card at a time, drawn from r as Table.run draws them and discarded as take
// discards them. Between two discards it asks nothing: discardStep would ask the same
// seat again for one card of the hand (N and Yard the hand's size, the cards in
// order), which is what the loop draws from; once the hand is down to the limit
// discardStep ends the turn as before. Not inlined: inlined in Table.run's loop (as
// the profile would have it) it costs run more than the call saves.
//
//go:noinline
func (g *State) discardRandom(r *rand.PCG) {
	d := &g.dec
	a := d.Seat
	h, n := g.optSet, uint64(d.Yard)
	d.Kind = DecideNone
	for {
		hi, lo := bits.Mul64(r.Uint64(), n)
		if lo < n {
			hi = fastrand.Reject(r, n, hi, lo)
		}
		c := h.Nth(int(hi))
		g.drop(a, c)
		g.discardBy(a, c, DiscardLimit)
		g.suzy(a)
		if g.overLimit(a) <= 0 { // discardStep's limit
			break
		}
		h, n = g.Hand[a&7], uint64(g.HandLen[a&7])
	}
	g.phase = phDiscard
	g.discardStep() // the turn's end
	g.settle()
}

// settle runs the machine on to the next decision that is asked, unless one is pending.
func (g *State) settle() {
	if g.dec.Kind == DecideNone || g.dec.N <= 1 { // else advance would return at once
		g.advance()
	}
}

// turnStart begins the active player's turn, or ends the game at the turn cap (C11).
// C14: the turn counts as soon as it starts.
func (g *State) turnStart() {
	if !g.turnOpen() {
		g.finish(0)
		return
	}
	a := g.Active
	if g.duel { // kept out of turnOpen, which inlines
		g.duelTurnOpen()
	}
	if g.highNoon() {
		g.hit(a, 1, CauseHighNoon, -1, phNoonDone)
		return
	}
	if g.InPlay[a&7][1]&(dynamite1|jail1) != 0 || g.passive != 0 || g.wdNext != 0 || g.duel { // layout.go
		g.fromDynamite()
		return
	}
	g.fromDraw() // the common turn: neither "draw!" (what fromDynamite would come to)
}

// turnOpen opens the active player's turn, the game's and the long duel's: at the turn
// cap it is a draw (C11: Draw set, the caller ends the game) and it reports false;
// otherwise the turn counts as soon as it starts (C14), the BANG! and play counts
// start again, traced.
func (g *State) turnOpen() bool {
	if g.Turns >= g.Rules.MaxTurns {
		g.Draw = true
		return false
	}
	g.Turns++
	g.Bangs = 0
	g.plays = 0
	if g.trace.on {
		g.emit(Event{Kind: EvTurn, Seat: g.Active, Other: -1, Card: NoCard, Pick: NoCard})
	}
	return true
}

// highNoon reports whether the High Noon option (Rules.HighNoon) takes a life at the
// start of this turn: from the given reshuffle on.
func (g *State) highNoon() bool {
	h := g.Rules.HighNoon
	return h > 0 && g.Reshuffles >= uint16(h)
}

// nextTurn passes the turn to the next living player clockwise and starts it.
func (g *State) nextTurn() {
	if g.duel {
		g.duelNextTurn()
		return
	}
	g.Active = g.nextAlive(g.Active)
	g.phase = phTurnStart
	g.turnStart()
}

// fromDynamite runs the start of a turn from the Dynamite's "draw!" (checked before
// the Jail's) on. The common turn, with neither in play, runs straight through phase 1
// to phase 2's first decision in one step of the machine. The withdrawals due come
// first (turnStart sends every turn here while one is scheduled or a seat is passive,
// which keeps the common turn's code, and cmd/bangsim's profile, as it was).
func (g *State) fromDynamite() {
	a := g.Active
	if g.wdNext != 0 && g.Turns >= g.wdNext {
		g.withdrawDue()
	}
	if g.duel {
		g.duelDynamite()
		return
	}
	if g.InPlay[a&7].hasKind(Dynamite) {
		g.DynamiteDraws++
		g.check(a, phDynamiteDrawn)
		if g.dec.Kind == DecideNone { // not Lucky Duke's choice: the next step at once
			g.dynamiteDrawn()
		}
		return
	}
	g.fromJail()
}

// fromJail runs the start of a turn from the Jail's "draw!" on.
func (g *State) fromJail() {
	if g.duel {
		g.duelJail()
		return
	}
	a := g.Active
	if g.InPlay[a&7].hasKind(Jail) {
		g.JailDraws++
		g.check(a, phJailDrawn)
		if g.dec.Kind == DecideNone { // not Lucky Duke's choice: the next step at once
			g.jailDrawn()
		}
		return
	}
	if g.passive>>uint(a&7)&1 != 0 { // a passive player's turn ends here
		g.phase = phNextTurn // not nextTurn: a ring of passive seats would recurse
		return
	}
	g.fromDraw()
}

// fromDraw runs phase 1 and, unless it asks something, lists phase 2's options.
func (g *State) fromDraw() {
	g.phase1() // sets phPlay
	if g.dec.Kind == DecideNone {
		g.playOptions()
	}
}

// afterCard goes on once a card played in phase 2 is resolved: the end of the game is
// checked (C7, C17: after the whole card), then phase 2 goes on, unless the player died
// in his own turn (his Duel): the turn ends at once.
func (g *State) afterCard() {
	g.aimU = -1 // the duel: the card is resolved, no back character is aimed at
	g.checkEnd()
	if g.Over {
		return
	}
	if !g.alive(g.Active) {
		g.phase = phNextTurn
		return
	}
	g.suzy(g.Active) // her last card resolved (C20 as amended)
	g.phase = phPlay
	g.playOptions()
}

// afterOwnHit goes on after a hit at the start of the active player's turn (high noon,
// Dynamite): the end of the game is checked (C17), and a player who died loses the rest
// of the turn.
func (g *State) afterOwnHit(next phase) {
	g.checkEnd()
	if g.Over {
		return
	}
	if !g.alive(g.Active) {
		g.phase = phNextTurn
		return
	}
	g.phase = next
}

// check makes a "draw!" for seat and goes to ret with g.drawn set: the top card of the
// deck is turned and discarded (C15: before the card it decides). Lucky Duke turns two,
// both are discarded (the first, then the second) and he decides which counts. With the
// deck and the discard pile both empty nothing is turned: drawn is NoCard, a failure (C23).
func (g *State) check(u int8, ret phase) {
	c1 := g.drawCard()
	if c1 == NoCard {
		g.drawn = NoCard
		g.phase = ret
		return
	}
	seat := g.owner(u)
	lu := g.holder(seat, PrimLuckyDraw)
	if lu < 0 {
		g.discardBy(seat, c1, DiscardCheck)
		g.drawn = c1
		g.phase = ret
		return
	}
	if g.prof[lu&7].lucky != 2 {
		g.checkLucky(u, seat, c1, int(g.prof[lu&7].lucky), ret)
		return
	}
	c2 := g.luckyTurn(seat, c1)
	if c2 == NoCard {
		g.drawn = c1
		g.phase = ret
		return
	}
	g.drawRet = ret
	g.phase = ret // take sets it again; kept for a copy taken at the decision
	d := g.ask(DecideLucky, seat)
	d.Unit = u
	d.addCard(c1)
	d.addCard(c2)
}

// checkLucky is check's lucky_draw flipping k cards other than the printed two: the
// others turned after c1, all discarded in the order turned, and the choice among
// them (the first alone counts when no other can be had, C23).
//
//go:noinline
func (g *State) checkLucky(u, seat int8, c1 CardID, k int, ret phase) {
	var got [4]CardID
	got[0], k = c1, min(k, len(got))
	n := 1
	for ; n < k; n++ {
		c := g.drawCard()
		if c == NoCard {
			break
		}
		got[n] = c
	}
	for i := 0; i < n; i++ {
		g.discardBy(seat, got[i], DiscardCheck)
	}
	if n == 1 {
		g.drawn = c1
		g.phase = ret
		return
	}
	g.drawRet = ret
	g.phase = ret
	d := g.ask(DecideLucky, seat)
	d.Unit = u
	for i := 0; i < n; i++ {
		d.addCard(got[i])
	}
}

// luckyTurn is Lucky Duke's "draw!" once its first card, c1, is turned: the second is
// turned, then both are discarded in that order (c1 first); NoCard when there is no
// second to be had (C23; c1 alone counts). For the game and the long duel alike.
func (g *State) luckyTurn(seat int8, c1 CardID) CardID {
	c2 := g.drawCard()
	g.discardBy(seat, c1, DiscardCheck)
	if c2 != NoCard {
		g.discardBy(seat, c2, DiscardCheck)
	}
	return c2
}

// emitCheck traces the "draw!" for seat that decided why (g.drawn the card, ok its
// result), saying so when nothing could be turned (C23).
func (g *State) emitCheck(seat int8, why CheckWhy, ok bool) {
	var none uint8
	if g.drawn == NoCard {
		none = CheckNoCard
	}
	g.emit(Event{Kind: EvCheck, Seat: seat, Other: -1, Card: g.drawn, Pick: NoCard, N: b2i8(ok), Cause: uint8(why), Mask: none})
}

// dynamiteDrawn explodes the Dynamite on 2–9 of spades (3 damage, nobody's, C1) or
// passes it to the next living player clockwise (C22).
func (g *State) dynamiteDrawn() {
	if g.duel {
		g.duelDynamiteDrawn()
		return
	}
	a := g.Active
	dy, boom := g.dynamiteOn(a, a)
	if boom {
		g.hit(a, 3, CauseDynamite, -1, phDynamiteDone)
		return
	}
	g.passDynamite(a, g.nextAlive(a), dy)
	g.phase = phJail
	g.fromJail()
}

// dynamiteOn reads the "draw!" (g.drawn) for the Dynamite on unit u (a seat, or one of
// the long duel's characters), seat s's: traced; on 2–9 of spades it explodes (boom:
// taken off and discarded, the caller hits u for 3, nobody's: C1); otherwise dy is
// still on u, to be passed (passDynamite). For the game and the long duel alike.
func (g *State) dynamiteOn(u, s int8) (dy CardID, boom bool) {
	boom = boomSet.Has(g.drawn)
	if g.trace.on {
		g.emitCheck(u, CheckDynamite, boom)
	}
	dy = g.InPlay[u&7].ofKind(Dynamite)
	if boom {
		g.DynamiteExplosions++
		g.InPlay[u&7].Remove(dy) // Dynamite and Jail change nobody's distance or reach
		g.discardBy(s, dy, DiscardSpent)
	}
	return dy, boom
}

// passDynamite moves Dynamite dy from unit u to unit t: the game's next living player
// (C22), the duel's opponent's character of its player's choice (L5).
func (g *State) passDynamite(u, t int8, dy CardID) {
	g.InPlay[u&7].Remove(dy)
	g.InPlay[t&7].Add(dy)
	if g.trace.on {
		g.emit(Event{Kind: EvPass, Seat: u, Other: t, Card: dy, Pick: NoCard})
	}
}

// jailDrawn frees the player on a heart; either way the Jail is discarded, and without
// a heart the turn is skipped whole (C14).
func (g *State) jailDrawn() {
	if g.duel {
		g.duelJailDrawn()
		return
	}
	a := g.Active
	if g.jailOn(a, a) {
		g.phase = phDraw
		if g.passive>>uint(a&7)&1 != 0 { // a passive player's turn ends here
			g.phase = phNextTurn
			return
		}
		g.fromDraw() // the next step at once (not nextTurn: a ring of jailed seats would recurse)
		return
	}
	g.phase = phNextTurn
}

// jailOn reads the "draw!" (g.drawn) for the Jail on unit u (a seat, or one of the
// long duel's characters), seat s's: traced, the Jail discarded either way; it reports
// whether a heart freed u (C14). For the game and the long duel alike.
func (g *State) jailOn(u, s int8) bool {
	free := hearts.Has(g.drawn)
	if g.trace.on {
		g.emitCheck(u, CheckJail, free)
	}
	j := g.InPlay[u&7].ofKind(Jail)
	g.InPlay[u&7].Remove(j)
	g.discardBy(s, j, DiscardSpent)
	if free {
		g.JailEscapes++
	}
	return free
}

// phase1 draws the active player's two cards, asking Jesse Jones, Pedro Ramirez and
// Kit Carlson what their abilities let them choose.
func (g *State) phase1() {
	a := g.Active
	g.phase = phPlay
	switch p := g.prof[a&7].prims; {
	case p&(1<<PrimDrawFromPlayer) != 0:
		d := g.ask(DecideDraw, a)
		d.add(Option{Act: ActDeck, Card: NoCard, Target: -1, Pick: NoCard})
		for m := g.Alive &^ (1 << a); m != 0; m &= m - 1 {
			t := int8(trailing8(m))
			if !g.Hand[t].Empty() {
				d.add(Option{Act: ActPlayer, Card: NoCard, Target: t, Pick: NoCard})
			}
		}
	case p&(1<<PrimDrawFromDiscard) != 0:
		d := g.ask(DecideDraw, a)
		d.add(Option{Act: ActDeck, Card: NoCard, Target: -1, Pick: NoCard})
		if g.DiscardLen > 0 {
			d.add(Option{Act: ActPile, Card: g.DiscardTop, Target: -1, Pick: NoCard})
		}
	case p&(1<<PrimLookKeep) != 0:
		if f := &g.prof[a&7]; f.look != 3 || f.keep != 2 {
			g.lookKeep(a)
		} else if got, n := g.drawKit(a); n == 3 {
			d := g.ask(DecideKit, a)
			for _, c := range got {
				d.addCard(c)
			}
		}
	case p&(1<<PrimRevealSecond) != 0:
		g.drawBlackJack(a)
	default:
		g.drawTwo(a)
	}
}

// phase1Take carries out Jesse Jones's or Pedro Ramirez's choice.
func (g *State) phase1Take(a int8, o Option) {
	g.phase = phPlay
	switch o.Act {
	case ActPlayer:
		t := o.Target
		c := g.randomCard(g.Hand[t&7])
		g.drop(t, c)
		g.give(a, c)
		if g.trace.on {
			g.emit(Event{Kind: EvTake, Seat: a, Other: t, Card: c, Pick: NoCard, Cause: uint8(TakeJesse)})
		}
		g.suzy(t)
		g.drawTo(a, 1, DrawPhase1)
	case ActPile:
		// C12: the top of the discard pile first; an empty deck is then the rest of the
		// pile shuffled.
		c := g.popDiscard()
		g.give(a, c)
		g.CardsDrawn++
		if g.trace.on {
			g.emit(Event{Kind: EvDraw, Seat: a, Other: -1, Card: c, Pick: NoCard, Cause: uint8(DrawPile)})
		}
		g.drawTo(a, 1, DrawPhase1)
	default:
		g.drawTo(a, 2, DrawPhase1)
	}
}

// discardStep asks the active player for one card to discard while the hand is over the
// limit (the current life); C8: never below it.
func (g *State) discardStep() {
	a := g.Active
	over := g.overLimit(a)
	if over <= 0 {
		g.nextTurn()
		return
	}
	d := g.ask(DecideDiscard, a)
	d.Need = uint8(over)
	g.setList(d, g.Hand[a&7], int(g.HandLen[a&7]))
}

// overLimit is the number of cards seat a holds beyond the hand limit, its life (C8;
// 0 or less when within it).
func (g *State) overLimit(a int8) int { return int(g.HandLen[a&7]) - int(g.Life[a&7]) }

// storeStep asks the next player to take a card of the General Store, or ends it.
func (g *State) storeStep() {
	if g.Store.Empty() {
		g.suzyHold = false // C20: Suzy waits until every pick is made
		g.suzyAll()
		g.phase = phAfterCard
		g.afterCard() // the machine's next step, taken at once
		return
	}
	if g.passive>>uint(g.picker&7)&1 != 0 {
		g.storePassive(g.picker) // phStore again
		return
	}
	d := g.ask(DecideStore, g.picker)
	d.From, d.Card = g.Active, g.card
	g.setList(d, g.Store, g.Store.Len())
}

// shoot starts a shot at t needing need Missed! (BANG!, Gatling), returning to ret.
func (g *State) shoot(t int8, need uint8, ret phase) {
	g.shotT, g.shotNeed, g.shotRet = t, need, ret
	g.aimU = t // the duel: a back character's ability works while it is shot at
	b := uint8(0)
	if p := &g.InPlay[t&7]; p[0]&barrel0|p[1]&barrel1 != 0 && g.passive>>uint(t&7)&1 == 0 { // a passive player's Barrel is not drawn
		b++
	}
	b += g.prof[t&7].barrel // built_in_barrel; C3: with a real Barrel Jourdonnais draws twice
	g.shotBarrels = b
	if b == 0 { // no "draw!": straight to the answer (phShotBarrel would go there)
		g.phase = phShotAnswer
		g.shotAnswer()
		return
	}
	g.phase = phShotBarrel
	g.shotBarrel()
}

// shotBarrel draws the target's Barrels (C2, C18: only while a Missed! is still
// needed, each once), then asks for the Missed!s still needed. A "draw!" Lucky Duke
// chooses leaves the machine at his decision (phShotBarrelDrawn next). Not inlined,
// which keeps step small enough for the profile to inline it in advance.
//
//go:noinline
func (g *State) shotBarrel() {
	for g.shotNeed > 0 && g.shotBarrels > 0 {
		g.shotBarrels--
		g.BarrelDraws++
		g.check(g.shotT, phShotBarrelDrawn)
		if g.dec.Kind != DecideNone {
			return
		}
		g.barrelDrawn()
	}
	g.phase = phShotAnswer
	g.shotAnswer()
}

// barrelDrawn counts a Barrel's "draw!" (drawn): a heart cancels one shot's hit.
func (g *State) barrelDrawn() {
	ok := hearts.Has(g.drawn)
	if g.trace.on {
		g.emitCheck(g.shotT, CheckBarrel, ok)
	}
	if ok {
		g.BarrelSuccesses++
		g.shotNeed--
	}
	g.phase = phShotBarrel
}

// shotAnswer asks the target of a shot for a Missed! while one is needed (R4).
func (g *State) shotAnswer() {
	if g.shotNeed == 0 {
		g.phase = g.shotRet
		if g.phase == phAfterCard { // the machine's next step, taken at once
			g.afterCard()
		}
		return
	}
	t := g.shotT
	p := g.owner(t)
	use := uint64(missed0) // layout.go: the Missed!s and BANG!s are in the first word
	if g.has(p, PrimBangMissedSwap) {
		use |= bang0
	}
	m := Set{g.Hand[p&7][0] & use, 0}
	if m[0] == 0 { // the hit is the only option: taken at once, as advance would take it unasked
		g.hit(t, 1, g.cause, g.shooter(t), g.shotRet)
		return
	}
	d := g.ask(DecideMissed, p)
	d.Unit = t
	d.From, d.Card, d.Need = g.Active, g.card, g.shotNeed
	d.add(Option{Act: ActTakeHit, Card: NoCard, Target: -1, Pick: NoCard})
	g.setList(d, m, bits.OnesCount64(m[0]))
}

// askBang asks unit u's player to discard a BANG! (Janet: or a Missed!, C13) against
// Indians! or in a Duel against from, or take the hit.
func (g *State) askBang(u, from int8) {
	s := g.owner(u)
	use := uint64(bang0) // layout.go: the BANG!s and Missed!s are in the first word
	if g.has(s, PrimBangMissedSwap) {
		use |= missed0
	}
	m := Set{g.Hand[s&7][0] & use, 0}
	if m[0] == 0 { // the hit is the only option: taken at once, as advance would take it unasked
		g.bangHit(u)
		return
	}
	d := g.ask(DecideBang, s)
	d.Unit = u
	d.From, d.Card = g.owner(from), g.card
	d.add(Option{Act: ActTakeHit, Card: NoCard, Target: -1, Pick: NoCard})
	g.setList(d, m, bits.OnesCount64(m[0]))
}

// bangHit is unit u taking the hit of Indians! or of a Duel step rather than
// discarding a BANG!.
func (g *State) bangHit(u int8) {
	if g.cause == CauseIndians {
		g.hit(u, 1, CauseIndians, g.shooter(u), phIndians)
		return
	}
	by := g.Active
	if u == g.Active {
		by = -1     // C4: losing one's own Duel is nobody's doing
		g.aimU = -1 // the duel: the player's front loses, no back character aimed at
	}
	g.hit(u, 1, CauseDuel, by, phDuelDone)
}

// answer discards seat s's card c played out of turn.
func (g *State) answer(s int8, c CardID) {
	g.drop(s, c)
	g.Answered[kindAt[c&127]]++
	g.discard(c)
	if g.trace.on {
		g.emit(Event{Kind: EvAnswer, Seat: s, Other: -1, Card: c, Pick: NoCard})
	}
}

// suzy draws Suzy Lafayette a card when her hand is empty (C6, C20), unless a General
// Store or a Duel is in progress. Small enough to inline where a hand shrank.
func (g *State) suzy(s int8) {
	if g.suzies>>uint(s&7)&1 != 0 {
		g.suzyDraw(s)
	}
}

// suzyDraw is suzy's rare part. Not inlined: the profile would inline it into suzy,
// which then grows past the inlining budget and is called at every site.
//
//go:noinline
func (g *State) suzyDraw(s int8) {
	u := s
	if g.duel {
		if u = g.holder(s, PrimEmptyHandDraw); g.Over || u < 0 { // a duel may end inside a card: nothing after
			return
		}
	}
	if g.HandLen[s&7] == 0 && !g.suzyHold && g.alive(s) {
		g.SuzyDraws++
		g.drawTo(s, int(g.prof[u&7].suzyCards), DrawSuzy)
	}
}

// suzyAll runs suzy for every seat (after a General Store or a Duel).
func (g *State) suzyAll() {
	m := g.Alive
	if g.duel {
		m = 3 // the two players (seats), not the characters
	}
	for ; m != 0; m &= m - 1 {
		g.suzy(int8(trailing8(m)))
	}
}

// finish ends the game with the given winners.
func (g *State) finish(winners uint8) {
	g.Over = true
	g.Winners = winners
	g.phase = phOver
	g.dec.Kind, g.dec.Seat, g.dec.N, g.dec.Yard = DecideNone, -1, 0, 0
	if g.trace.on {
		g.emit(Event{Kind: EvGameOver, Seat: -1, Other: -1, Card: NoCard, Pick: NoCard, Mask: winners, N: b2i8(g.Draw)})
	}
}

// checkEnd applies the end of the game: the Sheriff dead (a lone Renegade wins, else
// the Outlaws), or every Outlaw and Renegade dead (the Sheriff and the Deputies).
func (g *State) checkEnd() {
	if g.Over { // a duel never ends here: its masks keep every test false (LongDuel.reset)
		return
	}
	if g.Alive&g.sheriffs == 0 {
		if g.livingCount() == 1 && g.Alive&g.renegades != 0 {
			g.finish(g.Alive)
			return
		}
		g.finish(g.outlaws)
		return
	}
	if g.Alive&(g.outlaws|g.renegades) == 0 {
		g.finish(g.sheriffs | g.deputies)
	}
}

// drawBlackJack draws Black Jack's phase-1 cards into seat a's hand: the second is
// shown, and a heart or a diamond draws him a third (for the game and the long duel
// alike).
func (g *State) drawBlackJack(a int8) {
	g.drawTo(a, 1, DrawPhase1)
	c := g.drawCard()
	if c == NoCard {
		return
	}
	g.give(a, c)
	g.CardsDrawn++
	red := redSet.Has(c)
	if g.trace.on { // drawn like the first, then shown
		g.emit(Event{Kind: EvDraw, Seat: a, Other: -1, Card: c, Pick: NoCard, Cause: uint8(DrawPhase1)})
		g.emit(Event{Kind: EvShow, Seat: a, Other: -1, Card: c, Pick: NoCard, N: b2i8(red)})
	}
	if red {
		g.drawTo(a, int(g.prof[a&7].extra), DrawPhase1)
	}
}

// drawKit draws Kit Carlson's three phase-1 cards into seat a's hand (C22): one at a
// time, reshuffling as needed; with fewer than three to be had he keeps what he drew
// (n < 3). With all three drawn, the count of cards drawn already says two: the one he
// puts back is the caller's decision (DecideKit), for the game and the long duel alike.
func (g *State) drawKit(a int8) (got [3]CardID, n int) {
	for ; n < 3; n++ {
		c := g.drawCard()
		if c == NoCard {
			break
		}
		got[n] = c
		g.give(a, c)
		g.CardsDrawn++
		if g.trace.on {
			g.emit(Event{Kind: EvDraw, Seat: a, Other: -1, Card: c, Pick: NoCard, Cause: uint8(DrawPhase1)})
		}
	}
	if n == 3 {
		g.CardsDrawn-- // he keeps two
	}
	return got, n
}
