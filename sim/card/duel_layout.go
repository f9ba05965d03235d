package card

// The long duel's layout of the state machine (L5, L8; docs/rules.md, "The long duel").
// A duel is the machine's game with its units the four characters in play (seat s's
// front in slot s, its back in slot s+2) and its players the two seats: the machine's
// per-unit arrays (Life, MaxLife, Char, InPlay, Alive) are indexed by slot, the hands
// and the decisions by seat (owner). Every rule step is the machine's; what the duel
// changes is here, called from the machine's hooks (each an `if g.duel`): the start
// of a turn (both characters' Dynamite and Jail, the swap), phase 2's options (slots,
// the distance table), the Jail's move to the back, the multi-target order, the
// player's alternation in a General Store, the elimination's tail (reinforcements, the
// end). A copy of the State taken at any duel decision resumes it: everything the
// duel's phases hold is in duelCore and State.Info.

// duelCore is what the duel's layout keeps in the machine's core.
type duelCore struct {
	duel bool // the State is a long duel
	// slotBits clears a unit's back bit to give its player (owner): 2 in the duel, 0 in
	// the game, whose units are its seats.
	slotBits int8
	// aimU is the slot a card is being resolved against (a shot's, an Indians!' or a
	// Duel's target; the character whose Dynamite or Jail is checked): a back
	// character's ability works only then (L8). The game sets it too and never reads it.
	aimU int8
	chkU int8 // the slot whose Dynamite or Jail "draw!" is being read
	chkI int8 // the next of the active player's characters to check for a Jail (0 front, 1 back, 2 done)
	// jailed: a Jail's "draw!" of this turn failed (the turn is skipped once both are read).
	jailed bool
	// vol is a Gatling's or Indians!' targets in the order L5 gives (the opponent's front,
	// one's own back, the opponent's back), each the character that stood there when the
	// card was played; volN of them, volI the next.
	vol        [3]Character
	volN, volI int8
	duelCh     Character // the character a Duel was played at (its Suzy's draw after it)
	sidUnit    int8      // the unit Sid Ketchum's heal restores (the game's: his seat)
	pause      bool      // stop at the next turn's start (phPaused): LongDuel's turn
}

// owner returns unit u's player: u in the game, the seat of the duel's slot u.
func (g *State) owner(u int8) int8 { return u &^ g.slotBits }

// duelTurnOpen counts a duel turn for its seat and starts the checks of its Jails.
func (g *State) duelTurnOpen() {
	g.Info.Turns[g.Active&1]++
	g.chkI, g.jailed, g.aimU = 0, false, -1
}

// duelNextTurn passes the turn to the other player: stopped at its start (phPaused)
// when the duel is stepped a turn at a time.
func (g *State) duelNextTurn() {
	g.Active ^= 1
	g.phase = phTurnStart
	if g.pause {
		g.phase = phPaused
		return
	}
	g.turnStart()
}

// duelDynamite reads the Dynamite on the first of the active player's characters that
// has one (front first): the machine's check, then duelDynamiteDrawn. A Dynamite is
// attached to the character it is on, so while it is read it is a card aimed at it
// (a back one's Lucky Duke, Bart Cassidy, Sid Ketchum work).
func (g *State) duelDynamite() {
	a := g.Active
	for _, u := range [2]int8{DuelFront(a), DuelBack(a)} {
		if !g.alive(u) || !g.InPlay[u&3].hasKind(Dynamite) {
			continue
		}
		g.aimU, g.chkU = u, u
		g.DynamiteDraws++
		g.check(u, phDynamiteDrawn)
		if g.dec.Kind == DecideNone { // not Lucky Duke's choice: the next step at once
			g.duelDynamiteDrawn()
		}
		return
	}
	g.phase = phJail
	g.duelJail()
}

// duelDynamiteDrawn is dynamiteDrawn for the duel's character chkU: the machine's
// dynamiteOn and, on an explosion, its hit; otherwise its player passes the Dynamite to
// an opponent's character of its choice (L5: DecidePass, asked with the Dynamite still
// on its character), where the game passes it to the next seat (C22).
func (g *State) duelDynamiteDrawn() {
	a, u := g.Active, g.chkU
	dy, boom := g.dynamiteOn(u, a)
	if boom {
		g.hit(u, 3, CauseDynamite, -1, phDynamiteDone)
		return
	}
	g.phase = phJail // where the pass goes on (carryOut's DecidePass)
	d := g.ask(DecidePass, a)
	d.Card, d.Unit = dy, u
	o := a ^ 1
	for _, t := range [2]int8{DuelFront(o), DuelBack(o)} {
		if g.alive(t) {
			d.add(Option{Act: ActPlayer, Card: dy, Target: t, Pick: NoCard})
		}
	}
}

// duelJail reads the Jail on each of the active player's characters in turn (front,
// then back; chkI the next), each by the machine's check and jailOn; once both are
// read, a failed "draw!" skips the turn (C14), else the swap is offered.
func (g *State) duelJail() {
	a := g.Active
	for g.chkI < 2 {
		u := a + 2*g.chkI
		g.chkI++
		if !g.alive(u) || !g.InPlay[u&3].hasKind(Jail) {
			continue
		}
		g.aimU, g.chkU = u, u
		g.JailDraws++
		g.check(u, phJailDrawn)
		if g.dec.Kind != DecideNone { // Lucky Duke's choice: duelJailDrawn after it
			return
		}
		g.duelJailRead()
	}
	g.aimU = -1
	if g.jailed {
		g.phase = phNextTurn
		return
	}
	g.duelSwap()
}

// duelJailDrawn goes on after Lucky Duke chose a Jail's card.
func (g *State) duelJailDrawn() {
	g.duelJailRead()
	g.phase = phJail
	g.duelJail()
}

// duelJailRead reads the "draw!" for the Jail on chkU (the machine's jailOn).
func (g *State) duelJailRead() {
	if !g.jailOn(g.chkU, g.Active) {
		g.jailed = true
	}
}

// duelSwap offers the active player the swap of its front and back characters, after
// the Jail and the Dynamite and before drawing (L5), unless the back one is jailed (it
// may not come forward); then phase 1.
func (g *State) duelSwap() {
	a := g.Active
	b := DuelBack(a)
	if !g.alive(b) || g.InPlay[b&3].hasKind(Jail) {
		g.fromDraw()
		return
	}
	g.phase = phDraw // where the swap goes on (carryOut's DecideSwap)
	d := g.ask(DecideSwap, a)
	d.add(Option{Act: ActEnd, Card: NoCard, Target: -1, Pick: NoCard})
	d.add(Option{Act: ActSwap, Card: NoCard, Target: b, Pick: NoCard})
}

// swapTraced is swapFront during play, traced (the set-up's placement is not).
func (g *State) swapTraced(s int8, why SwapWhy) {
	g.swapFront(s)
	if g.trace.on {
		g.emit(Event{Kind: EvSwap, Seat: s, Other: -1, Card: NoCard, Pick: NoCard, Cause: uint8(why)})
	}
}

// swapFront exchanges seat s's front and back characters (life, cards in play and all).
func (g *State) swapFront(s int8) {
	f, b := DuelFront(s), DuelBack(s)
	g.Char[f], g.Char[b] = g.Char[b], g.Char[f]
	g.prof[f], g.prof[b] = g.prof[b], g.prof[f]
	g.Life[f], g.Life[b] = g.Life[b], g.Life[f]
	g.MaxLife[f], g.MaxLife[b] = g.MaxLife[b], g.MaxLife[f]
	g.InPlay[f], g.InPlay[b] = g.InPlay[b], g.InPlay[f]
	fa, ba := g.Alive>>uint(f)&1, g.Alive>>uint(b)&1
	g.Alive = g.Alive&^(1<<uint(f)|1<<uint(b)) | ba<<uint(f) | fa<<uint(b)
}

// duelJailed moves a jailed front character to the back (L5), the back one coming
// forward.
func (g *State) duelJailed(t int8) {
	if ow := DuelOwner(t); t == DuelFront(ow) && g.alive(DuelBack(ow)) {
		g.swapTraced(ow, SwapJailed)
	}
}

// duelVolley records a Gatling's or Indians!' targets: the opponent's front, the
// player's own back, the opponent's back (L5), each by its character, so that one who
// moves (a back one coming forward) is still hit where it stands by its turn.
func (g *State) duelVolley() {
	a := g.Active
	o := a ^ 1
	g.volN, g.volI = 0, 0
	for _, s := range [3]int8{DuelFront(o), DuelBack(a), DuelBack(o)} {
		if g.alive(s) {
			g.vol[g.volN&3] = g.Char[s&3]
			g.volN++
		}
	}
}

// duelNextInLoop is nextInLoop for the duel: the slot of the next character of the
// volley still in play, or -1 once the round is over.
func (g *State) duelNextInLoop() int8 {
	for g.volI < g.volN {
		c := g.vol[g.volI&3]
		g.volI++
		if t := g.slotOf(c); t >= 0 {
			return t
		}
	}
	return -1
}

// slotOf returns the slot character c is in, -1 when it is not in play.
func (g *State) slotOf(c Character) int8 {
	for s := int8(0); s < DuelSlots; s++ {
		if g.alive(s) && g.Char[s] == c {
			return s
		}
	}
	return -1
}

// duelDone aims at the Duel's target again once the Duel is over, if the character
// challenged is still there: a Suzy Lafayette behind draws then, her card still being
// resolved (C20).
func (g *State) duelDone() {
	t := g.duelT
	g.aimU = -1
	if g.alive(t) && g.Char[t&3] == g.duelCh {
		g.aimU = t
	}
}

// duelEliminate is eliminate for the duel's character in slot t: out of play (the
// machine's takeOut), its cards in play discarded (L8) or into the hand of a Vulture Sam
// in front (the player's own first); no role, reward or penalty, and the hand stays
// (its player lives on). A dead front character is replaced by the back one, the next
// reinforcement enters at the back; a seat with no character left loses the duel.
func (g *State) duelEliminate(t, by int8, cause Cause) {
	t &= 3
	p := DuelOwner(t)
	g.takeOut(t, by, cause)
	g.Info.Lost[p]++
	x := g.InPlay[t]
	g.InPlay[t] = Set{}
	vs := int8(-1)
	for _, s := range [2]int8{p ^ 1, p} {
		if f := DuelFront(s); f != t && g.alive(f) && g.holds(f, PrimLootEliminated) {
			vs = s
		}
	}
	if vs >= 0 {
		g.Hand[vs] = g.Hand[vs].Or(x)
		g.HandLen[vs] = uint8(g.Hand[vs].Len())
		if g.trace.on {
			g.traceSet(x, Event{Kind: EvTake, Seat: vs, Other: t, Pick: NoCard, Cause: uint8(TakeVulture)})
		}
	} else {
		g.discardSet(t, x, DiscardDead)
	}
	f, b := DuelFront(p), DuelBack(p)
	if t == f && g.alive(b) {
		g.swapTraced(p, SwapForward)
	}
	if !g.alive(b) && g.Info.Next[p] < DuelCharacters {
		c := g.Info.Stack[p][g.Info.Next[p]]
		g.enter(b, c)
		g.Info.Next[p]++
		if g.trace.on {
			g.emit(Event{Kind: EvEnter, Seat: b, Other: -1, Card: NoCard, Pick: NoCard, N: int8(c)})
		}
	}
	if g.Alive&(1<<uint(f)|1<<uint(b)) == 0 {
		g.duelFinish(p ^ 1)
	}
}

// enter puts character c into slot at full life (its own card life, no Sheriff bonus:
// L8; with the rule option's LifeDelta, as the game's Refresh) with nothing in play.
func (g *State) enter(slot int8, c Character) {
	life := int8(g.Rules.life(c)) + g.Rules.LifeDelta[c]
	g.Char[slot&3], g.Life[slot&3], g.MaxLife[slot&3] = c, life, life
	g.prof[slot&3] = g.Rules.profileFor(c)
	g.InPlay[slot&3] = Set{}
	g.Alive |= 1 << uint(slot&3)
}

// duelFinish ends the duel: winner is a seat, or -1 for a draw.
func (g *State) duelFinish(winner int8) {
	g.Info.Winner = winner
	var w uint8
	if winner >= 0 {
		w = 1 << uint(winner)
	}
	g.finish(w) // the game's: Over, Winners, EvGameOver
}

// DuelDistance returns the distance from slot a to slot b of the other seat: front to
// front 1, front to back (either way) 2, back to back 3 (L8), plus b's Mustang (Paul
// Regret's in front), minus a's Scope (Rose Doolan's in front), at least 1. A seat's
// own slots are at distance 0: cards aimed at one's own characters ignore distance.
func (g *State) DuelDistance(a, b int8) int {
	if DuelOwner(a) == DuelOwner(b) {
		return 0
	}
	n := 1 + int(a>>1) + int(b>>1)
	n += int(b2i8(g.InPlay[b&3].hasKind(Mustang))) + int(b2i8(b < 2))*int(g.prof[b&3].harder)
	n -= int(b2i8(g.InPlay[a&3].hasKind(Scope))) + int(b2i8(a < 2))*int(g.prof[a&3].closer)
	return max(n, 1)
}

// duelPlayOptions is buildPlayOptions for the duel (the front character plays every
// card): the end, then per card in hand (in card order) its targets in slot order; Sid
// Ketchum's heal; after the yard, a Beer that would not heal. Cards aimed at a
// character name its slot (Option.Target); Panic! and Cat Balou also the card
// (PickHand: a random card of the target's player's hand, only for the opponent's).
// The rules of a play are the game's (the BANG! limit, Calamity Janet's Missed!, a
// Beer's heal with three or more in play, MaxTurnPlays); the targets are the duel's:
// distances by DuelDistance, blue cards on one's front or back, Panic! and Cat Balou on
// one's own characters too (L5), a Jail not on a front whose back is jailed, a Duel at
// either opponent.
func (g *State) duelPlayOptions() {
	a := g.Active
	f := DuelFront(a)
	o := a ^ 1
	dec := g.ask(DecidePlay, a)
	dec.add(Option{Act: ActEnd, Card: NoCard, Target: -1, Pick: NoCard})
	if g.plays >= MaxTurnPlays {
		g.PlayCaps++
		return
	}
	var extra [8]Option
	ne := 0
	opp := [2]int8{DuelFront(o), DuelBack(o)}
	own := [2]int8{f, DuelBack(a)}
	reach := g.Reach(f) // the game's: a duel has no passive seat
	bangOK := g.Bangs < g.prof[f].bangCap || g.InPlay[f].hasKind(Volcanic)
	janet := g.holds(f, PrimBangMissedSwap)
	heals := g.livingCount() >= 3
	h := g.Hand[a&1]
	for w := 0; w < 2; w++ {
		for m := h[w]; m != 0; m &= m - 1 {
			c := CardID(w*64 + trailing(m))
			k := kindOf[c]
			switch k {
			case BANG, Missed:
				if !bangOK || (k == Missed && !janet) {
					continue
				}
				for _, t := range opp {
					if g.alive(t) && g.DuelDistance(f, t) <= reach {
						dec.add(Option{Act: ActPlay, Card: c, Target: t, Pick: NoCard})
					}
				}
			case Beer:
				any := false
				for _, t := range own {
					if heals && g.alive(t) && g.Life[t&3] < g.MaxLife[t&3] {
						dec.add(Option{Act: ActPlay, Card: c, Target: t, Pick: NoCard})
						any = true
					}
				}
				if !any && ne < len(extra) {
					extra[ne] = Option{Act: ActPlay, Card: c, Target: f, Pick: NoCard}
					ne++
				}
			case Saloon, Stagecoach, WellsFargo, GeneralStore, Gatling, Indians:
				dec.add(Option{Act: ActPlay, Card: c, Target: -1, Pick: NoCard})
			case Panic, CatBalou:
				for _, t := range opp {
					if !g.alive(t) || (k == Panic && g.DuelDistance(f, t) > 1) {
						continue
					}
					if g.HandLen[o&1] > 0 {
						dec.add(Option{Act: ActPlay, Card: c, Target: t, Pick: PickHand})
					}
					g.addInPlay(dec, c, t)
				}
				for _, t := range own { // one's own characters (the digest's duel rule)
					if g.alive(t) {
						g.addInPlay(dec, c, t)
					}
				}
			case Duel:
				for _, t := range opp {
					if g.alive(t) {
						dec.add(Option{Act: ActPlay, Card: c, Target: t, Pick: NoCard})
					}
				}
			case Jail:
				for _, t := range opp {
					if g.alive(t) && g.jailable(t) {
						dec.add(Option{Act: ActPlay, Card: c, Target: t, Pick: NoCard})
					}
				}
			default: // a blue card on one of one's own characters (L5)
				for _, t := range own {
					if g.alive(t) && !g.InPlay[t&3].hasKind(k) {
						dec.add(Option{Act: ActPlay, Card: c, Target: t, Pick: NoCard})
					}
				}
			}
		}
	}
	if g.Life[f] < g.MaxLife[f] && int(g.HandLen[a&1]) >= int(g.prof[f].healCards) {
		dec.add(Option{Act: ActHeal, Card: NoCard, Target: f, Pick: NoCard})
	}
	yard := dec.N
	for i := 0; i < ne; i++ {
		dec.add(extra[i])
	}
	dec.Yard = yard
}

// addInPlay adds one Panic!/Cat Balou option per card in front of slot t.
func (g *State) addInPlay(dec *Decision, c CardID, t int8) {
	p := g.InPlay[t&3]
	for w := 0; w < 2; w++ {
		for m := p[w]; m != 0; m &= m - 1 {
			dec.add(Option{Act: ActPlay, Card: c, Target: t, Pick: CardID(w*64 + trailing(m))})
		}
	}
}

// jailable reports whether a Jail may go on slot t: not already jailed, and not a front
// character whose back one is jailed (a jailed character moves to the back, and only
// one can be there).
func (g *State) jailable(t int8) bool {
	if g.InPlay[t&3].hasKind(Jail) {
		return false
	}
	b := DuelBack(DuelOwner(t))
	return t == b || !g.alive(b) || !g.InPlay[b&3].hasKind(Jail)
}
