package card

// PlayPolicy is implemented by a ListPolicy that names its phase-2 choice by what it
// plays, not by its place in the list: at a phase-2 decision whose View.Play the engine
// filled, the Table asks ChoosePlay instead of Choose, and ChoosePlay returns the option
// itself, as the list would hold it (Act, Card, Target, Pick; see PlayList for what each
// option is). Finding an option's index costs the policy a walk over the cards below it
// and the engine another walk back to the card; an option named is checked against the
// decision in a few tests instead (playLegal). An option the decision does not offer is
// illegal: counted in State.Illegal and replaced by the end of phase 2 (an OnDecision
// hook sees it as the index N, which wraps to the end, option 0). Its Choose, when asked anyway (a View
// filled by FillView, outside a Table, or a phase 2 with no View.Play), must choose the
// same option by its index. PlaysByOption is asked when the seat's policy changes.
type PlayPolicy interface {
	ListPolicy
	PlaysByOption() bool
	ChoosePlay(v *View) Option
}

// CardPolicy is implemented by a ListPolicy that names its choice at a decision whose
// options View.List describes (a discard, Sid Ketchum's cards, the General Store, an
// answer to a shot, to Indians! or a Duel step) by the card it uses rather than by the
// card's place in the list: at such a decision the Table asks ChooseCard instead of
// Choose. ChooseCard returns a card of View.List.Cards, or NoCard and an index, taken
// as Choose's would be (one of the written options Options[:List.Pre]: taking the
// hit). A card's index costs the policy a count of the cards below it and the engine a
// select back to the card; a card named is checked against the list in one test
// instead. A card the list does not hold is illegal: counted in State.Illegal and
// replaced as an index past the options is (an OnDecision hook is given the index N).
// Its Choose must choose the same option by its index. PicksByCard is asked when the
// seat's policy changes.
type CardPolicy interface {
	ListPolicy
	PicksByCard() bool
	ChooseCard(v *View) (c CardID, i int)
}

// cardIndex is card c's index among the pending list decision's options (optsSet):
// the written ones, then one a card of optSet in increasing order; N when optSet does
// not hold c.
func (g *State) cardIndex(c CardID) int {
	if !g.optSet.Has(c) {
		return int(g.dec.N)
	}
	return int(g.optPre) + g.optSet.Rank(c)
}

// PlayOf is the phase-2 option that plays card c of seat self at seat target taking
// pick, in the form the list holds it (what ChoosePlay returns): a card that aims at
// nobody has Target -1, a blue card played in front of its player Target self, and only
// Panic! and Cat Balou a Pick (PickHand or a card in play; PickHand when pick is
// NoCard). Whether the option is legal is the engine's to check.
func PlayOf(c CardID, self, target int8, pick CardID) Option {
	o := Option{Act: ActPlay, Card: c, Target: target, Pick: NoCard}
	switch k := kindAt[c&127]; k {
	case BANG, Missed, Jail, Duel:
	case Panic, CatBalou:
		o.Pick = pick
		if pick == NoCard {
			o.Pick = PickHand
		}
	case Beer, Saloon, Stagecoach, WellsFargo, GeneralStore, Gatling, Indians:
		o.Target = -1
	default: // a blue card in front of its player
		o.Target = self
	}
	return o
}

// endOption is phase 2's first option: the end.
var endOption = Option{Act: ActEnd, Card: NoCard, Target: -1, Pick: NoCard}

// playLegal reports whether o is one of the pending phase-2 decision's options, kept
// compact (optsPlay): what buildPlayOptions would write, yard or past it, tested from
// what playOptions recorded (TestPlayLegal checks it against the list written out, option
// by option and with options that are not in it). (A switch on the kind: a look-up of
// the seats each kind may aim at, with no branch on it, measured slower.)
func (g *State) playLegal(o Option) bool {
	d := &g.dec
	switch o.Act {
	case ActEnd:
		return o == endOption
	case ActHeal:
		return g.pHeal && o == Option{Act: ActHeal, Card: NoCard, Target: -1, Pick: NoCard}
	case ActPlay:
	default:
		return false
	}
	c := o.Card
	if d.N <= 1 || !g.optSet.Has(c) { // the safeguard leaves only the end (optSet not set)
		return false
	}
	a := d.Seat & 7
	others := g.Alive &^ (1 << uint(a))
	t, pick := o.Target, o.Pick
	switch k := kindAt[c&127]; k {
	case BANG, Missed: // a Missed! only as Calamity Janet's BANG! (its count is 0 otherwise)
		return pick == NoCard && g.perKind[k]&0xffff != 0 && seatIn(g.pReach, t)
	case Duel:
		return pick == NoCard && seatIn(others, t)
	case Jail:
		return pick == NoCard && seatIn(g.pJail, t)
	case Panic, CatBalou:
		if t == a { // C10: oneself, past the yard: a hand of two or more, or a card in play
			return pick == PickHand && g.HandLen[a] >= 2 || g.InPlay[a].Has(pick)
		}
		reach := others
		if k == Panic {
			reach = g.pNear
		}
		return seatIn(reach, t) && (pick == PickHand && g.HandLen[t&7] != 0 || g.InPlay[t&7].Has(pick))
	case Beer, Saloon, Stagecoach, WellsFargo, GeneralStore, Gatling, Indians:
		return t == -1 && pick == NoCard
	default: // a blue card in front of oneself (one whose kind is there already is not in optSet)
		return t == a && pick == NoCard
	}
}

// seatIn reports whether seat t is in the seat set m (a negative t never is).
func seatIn(m uint8, t int8) bool { return uint8(t) < 8 && m>>uint8(t)&1 != 0 }

// playIndex is o's index among the pending phase-2 decision's options, written out
// (what a hook sees); N, which Apply replaces as an illegal choice by the end, when o
// is not one of them.
func (g *State) playIndex(o Option) int {
	if g.opts != optsFull {
		g.materialize()
	}
	d := &g.dec
	for i := range min(int(d.N), MaxOptions) {
		if d.Options[i] == o {
			return i
		}
	}
	return int(d.N)
}

// applyPlay carries out phase 2's option o for seat s (the pending decision already
// cleared): the end, Sid Ketchum's heal, or a card played.
func (g *State) applyPlay(s int8, o Option) {
	switch o.Act {
	case ActEnd:
		g.phase = phDiscard
		g.discardStep() // the machine's next step, taken at once
	case ActHeal:
		g.sidSeat, g.sidUnit, g.sidLeft, g.sidRet = s, s, g.prof[s&7].healCards, phPlay
		g.phase = phSid
	default:
		g.play(o)
		if g.phase == phPlay && g.dec.Kind == DecideNone { // back to phase 2 at once (advance would go there next)
			g.playOptions()
		}
	}
}
