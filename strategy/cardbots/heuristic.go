package cardbots

import (
	"github.com/bangsim/bangsim/sim/card"
	"github.com/bangsim/bangsim/strategy"
)

// Heuristic is the card game's rule-of-thumb player. It never sees a hidden role unless
// the run makes it omniscient: it reads the public record into a suspicion per hidden
// player and its friends and enemies by its own role (reading.read), and then:
//
//   - phase 1: Jesse Jones draws from the enemy with the most cards in hand (a known or
//     suspected one first); Pedro Ramirez takes the discard top when its value is 60 or
//     more (Beer, Missed!, BANG!, Wells Fargo, Panic!, Stagecoach, a Barrel or Mustang
//     it lacks, a better weapon of reach 4 or more or a Volcanic it would use; see
//     table.value); Kit Carlson puts back the
//     least useful of his three; Lucky Duke picks the card that makes his "draw!"
//     succeed (a heart for a Barrel or a Jail, anything but 2–9♠ for his Dynamite);
//   - phase 2 (see play): draws first (Wells Fargo, Stagecoach, General Store), then
//     equips (Barrel, Mustang, Scope, a better weapon), Jails an enemy, takes or
//     discards an enemy's best card with Panic!/Cat Balou (or frees a friend from Jail),
//     duels when it likely holds at least as many BANG!s (plus DuelEdge), shoots the
//     enemy it most wants to hurt, fires Gatling/Indians! when they hurt enemies more
//     than friends (sprayValue: +10 an enemy, −15 a friend, more at 1 life), then plays
//     Dynamite when it wants chaos, and heals (Saloon, Beer, Sid Ketchum) last;
//   - the Sheriff's endgame (Endgame): once no Outlaw is hidden, the hidden seats are his
//     Deputies and the Renegade, who shoot each other and whom the record no longer tells
//     apart. Holding fire until one of them raises a hand against him or a known Deputy
//     left him idle through most of such endgames (at five players 25 of a game's 44
//     turns came after the last Outlaw's death); a real Sheriff takes a side. He shoots
//     the hidden seat with the most life, at 2 or more (never a killing shot: killing his
//     Deputy costs him his cards), the fewer cards in hand on ties, then the later seat;
//     he may Jail, Duel or rob it, but spends no Gatling or Indians! on it. Hurting the
//     healthier one helps his Deputy whenever the Renegade is ahead and finishes nobody
//     off: the law wins more often (five players, against the heuristic: 76.3% → 78.0%,
//     the Renegade 7.8% → 6.1%) and five-player games are a quarter shorter (44 → 32
//     turns);
//   - phase 3 and Sid Ketchum's cards: discards the least useful card (table.value);
//   - answers: a Missed! against every shot it can cancel (not a lone one against Slab
//     the Killer's two), a BANG! against Indians! when low or holding several, in a Duel
//     when it holds about as many as the other side likely does or would die; a Beer,
//     then Sid's heal, against every lethal hit; the most useful card of a General Store.
//
// The zero Heuristic plays with DefaultHeuristicParams. It draws no random numbers (its
// games replay exactly), allocates nothing and keeps no state of its own: each decision
// reads the View once (table.look; reading.read only when an option aims at someone,
// kept in the seat's View.Memo while the other seats' record is unchanged, readMemo).
// It is a card.ListPolicy: it scores phase 2 by kind of card from View.Play
// (see play) and answers, discards and picks from View.List, so the engine writes none
// of those lists out for it; a View built by hand (no Play, no List) is read option by
// option, with the same choices. It is a card.FirstPlayPolicy, CancelPolicy, EndPolicy
// and WeaponPolicy too: the Table plays its draw and equip cards (FirstPlays), answers
// the shots its cards of one kind cancel (CancelsShots), ends a phase 2 with nothing
// to play (EndsBareYard) and plays a weapon that outreaches its own (UpgradesWeapons)
// without asking it; a card.PlayPolicy: the Table asks the rest of its phase 2 by
// option (ChoosePlay: the card, target and pick play chose), not by index; and a
// card.CardPolicy: its answers, discards and picks are asked by card (ChooseCard).
type Heuristic struct {
	P *HeuristicParams
}

// HeuristicParams tunes the heuristic; every field is a spec parameter (heuristicParams).
type HeuristicParams struct {
	BeerBelow  int  // drinks a Beer in its turn at this life or less (also whenever over the hand limit)
	Suspect    int  // suspicion that marks a hidden player as a suspected Outlaw (or, negated, as lawful)
	Aggression int  // wish to shoot a hidden player with no evidence either way (0: never); not the Renegade's, which is 50
	Dynamite   bool // plays Dynamite when it wants chaos (an Outlaw or the Renegade, 4+ life, no friend on its left)
	DuelEdge   int  // BANG!s beyond the target's likely count it wants before a Duel (may be negative)
	Endgame    bool // the Sheriff shoots the hidden seat with the most life once only Deputies and the Renegade are hidden
}

// DefaultHeuristicParams is how the default heuristic plays (read-only).
var DefaultHeuristicParams = HeuristicParams{
	BeerBelow:  2,
	Suspect:    3,
	Aggression: 30,
	Dynamite:   true,
	DuelEdge:   0,
	Endgame:    true,
}

// heuristicParams are the heuristic's spec parameters; get and set tie each to its field.
var heuristicParams = []struct {
	strategy.Param
	get func(p *HeuristicParams) int
	set func(p *HeuristicParams, v int)
}{
	{strategy.Param{Name: "beer_below", Min: 0, Max: 5, Description: "drinks a Beer in its turn at this life or less (0: only when over the hand limit); a Beer is always drunk against a lethal hit"},
		func(p *HeuristicParams) int { return p.BeerBelow }, func(p *HeuristicParams, v int) { p.BeerBelow = v }},
	{strategy.Param{Name: "suspect", Min: 1, Max: 20, Description: "suspicion (4 a card aimed at the Sheriff, 1 a life taken from him, +3 a card aimed at a known Deputy, −3 at a known Outlaw; then −3 a card aimed at a suspect, +1 at a lawful-looking seat) that marks a hidden player as an Outlaw, or negated as lawful"},
		func(p *HeuristicParams) int { return p.Suspect }, func(p *HeuristicParams, v int) { p.Suspect = v }},
	{strategy.Param{Name: "aggression", Min: 0, Max: 100, Description: "wish to shoot a hidden player with no evidence either way (a suspect is 90 or more; 0: never shoots without evidence); the Renegade's is 50 whatever this says"},
		func(p *HeuristicParams) int { return p.Aggression }, func(p *HeuristicParams, v int) { p.Aggression = v }},
	{strategy.Param{Name: "dynamite", Kind: strategy.ParamBool, Max: 1, Description: "plays Dynamite as an Outlaw or the Renegade with 4+ life and no friend on its left"},
		func(p *HeuristicParams) int { return b2i(p.Dynamite) }, func(p *HeuristicParams, v int) { p.Dynamite = v != 0 }},
	{strategy.Param{Name: "duel_edge", Min: -3, Max: 3, Description: "BANG!s beyond the target's likely count (5/16 of its hand) it wants before playing a Duel"},
		func(p *HeuristicParams) int { return p.DuelEdge }, func(p *HeuristicParams, v int) { p.DuelEdge = v }},
	{strategy.Param{Name: "endgame", Kind: strategy.ParamBool, Max: 1, Description: "the Sheriff, once only Deputies and the Renegade are hidden and none has raised a hand against him or a known Deputy, shoots the hidden seat with the most life (2 or more), not with Gatling or Indians! (false: he holds fire)"},
		func(p *HeuristicParams) int { return b2i(p.Endgame) }, func(p *HeuristicParams, v int) { p.Endgame = v != 0 }},
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// heuristicEntries returns the registry entries of heuristic and omniscient.
func heuristicEntries() []Entry {
	var out []Entry
	for _, omni := range []bool{false, true} {
		params := make([]strategy.Param, len(heuristicParams))
		for i, hp := range heuristicParams {
			params[i] = hp.Param
			params[i].Default = hp.Param.Format(hp.get(&DefaultHeuristicParams))
		}
		mk := func(p *HeuristicParams) card.Policy {
			if omni {
				return Omniscient{Heuristic{P: p}}
			}
			return Heuristic{P: p}
		}
		e := Entry{
			Name:        "heuristic",
			Description: "rule-of-thumb player: draws first, equips, aims by role and by suspicion from the public record (who aimed at and hit whom), keeps Missed! and Beer for defence, discards the least useful card",
			Params:      params,
			New:         func() card.Policy { return mk(nil) },
			Build: func(args []int) func() card.Policy {
				p := new(HeuristicParams)
				for i, hp := range heuristicParams {
					hp.set(p, args[i])
				}
				return func() card.Policy { return mk(p) }
			},
		}
		if omni {
			e.Name = "omniscient"
			e.Description = "CHEATS: the heuristic shown every hidden role (what hidden roles cost the heuristic); label results that use it"
			e.Needs = strategy.SeesAllRoles
		}
		out = append(out, e)
	}
	return out
}

// Omniscient is the heuristic shown every role (card.OmniscientPolicy): with every role
// revealed it needs no suspicion, so it measures what hidden roles cost the heuristic.
// It cheats; reports label it.
type Omniscient struct{ Heuristic }

// Omniscient implements card.OmniscientPolicy.
func (Omniscient) Omniscient() bool { return true }

// params returns the tuning in force.
func (h Heuristic) params() *HeuristicParams {
	if h.P == nil {
		return &DefaultHeuristicParams
	}
	return h.P
}

// ReadsLists implements card.ListPolicy: phase 2 is chosen from View.Play (see play),
// the answers, discards and picks from View.List, so the engine need not write those
// options out.
func (Heuristic) ReadsLists() bool { return true }

// FirstPlays implements card.FirstPlayPolicy: a draw or equip card on offer outscores
// every other phase-2 option (fixedScore; a blue card is on offer only when its kind is
// not in play), so the Table plays it without asking (play would choose the same).
func (Heuristic) FirstPlays() card.KindList { return firstPlays }

// firstPlays are the kinds with a fixedScore, the highest first.
var firstPlays = card.KindList{card.WellsFargo, card.Stagecoach, card.GeneralStore,
	card.Barrel, card.Mustang, card.Scope, card.NumKinds, card.NumKinds}

// CancelsShots implements card.CancelPolicy: missed answers a shot with the first card
// offered whenever they are enough to cancel it and all of one kind (Calamity Janet's
// choice between her two kinds, and a lone Missed! against Slab the Killer, it makes
// itself when asked), so the Table answers those shots without asking.
func (Heuristic) CancelsShots() bool { return true }

// EndsBareYard implements card.EndPolicy: past the yard play offers only Panic! and Cat
// Balou on its own Dynamite (dropOwn), so a phase 2 whose yard is the end alone, with no
// Dynamite in front of it, ends (play would choose the same); the Table ends it unasked.
func (Heuristic) EndsBareYard() bool { return true }

// UpgradesWeapons implements card.WeaponPolicy: a weapon that outreaches its own scores
// bandEquip + 10 × its reach (varScore: a Volcanic aside, neither in play nor on offer),
// above every option but the FirstPlays, so play takes the furthest-reaching one; the
// Table plays it unasked.
func (Heuristic) UpgradesWeapons() bool { return true }

// PlaysByOption implements card.PlayPolicy: play chooses an option by what it plays (a
// key, see optKey), which names it outright; its index in the list would take a count
// over the cards below it.
func (Heuristic) PlaysByOption() bool { return true }

// ChoosePlay implements card.PlayPolicy: play's choice, by what it plays.
func (h Heuristic) ChoosePlay(v *card.View) card.Option {
	var t table
	t.look(v, h.params())
	return t.keyOption(v, t.playKey(v))
}

// Choose implements card.Policy.
func (h Heuristic) Choose(v *card.View) int {
	d := &v.Decision
	p := h.params()
	var t table
	t.look(v, p)
	if d.Kind == card.DecidePlay { // two decisions in three: before the switch's search
		return t.play(v)
	}
	switch d.Kind {
	case card.DecideDiscard, card.DecideSidCard, card.DecideKit:
		return t.leastUseful(v)
	case card.DecideStore:
		return t.mostUseful(v)
	case card.DecideMissed:
		return t.missed(v)
	case card.DecideBang:
		return t.bangAnswer(v)
	case card.DecideLethal:
		return lethal(d)
	case card.DecideDraw:
		return t.draw(v)
	case card.DecideLucky:
		return lucky(v)
	}
	return 0
}

// draw is phase 1's choice for Jesse Jones and Pedro Ramirez.
func (t *table) draw(v *card.View) int {
	d := &v.Decision
	deck := 0
	if t.pedro {
		for i := 0; i < int(d.N); i++ {
			if o := d.Options[i]; o.Act == card.ActPile && t.newValue(o.Card) >= pedroTakes {
				return i
			}
		}
		return deck
	}
	// Jesse Jones: a known or suspected enemy before a seat it would only shoot at, then
	// the most cards, then the one it most wants to hurt.
	r := t.reading(v)
	best, bestKey := deck, 0
	for i := 0; i < int(d.N); i++ {
		o := d.Options[i]
		j := o.Target & 7
		if o.Act != card.ActPlayer || r.want[j] <= 0 {
			continue
		}
		key := b2i(r.isFoe(j))<<20 | int(v.HandLen[j])<<10 | int(r.wish(v, int(j)))
		if key > bestKey {
			best, bestKey = i, key
		}
	}
	return best
}

// pedroTakes is the least value (table.value) of a discard top that Pedro Ramirez takes
// rather than an unknown card from the deck (about a Stagecoach's).
const pedroTakes = 60

// lucky picks Lucky Duke's card: for his Dynamite (in play at his turn's start, checked
// before the Jail) one that is not 2–9 of spades; otherwise (a Jail in his turn, a
// Barrel out of it) a heart. The first card when both or neither do.
func lucky(v *card.View) int {
	d := &v.Decision
	s := int(v.Self) & 7
	dynamite := int(v.Active) == s && has(&v.InPlay[s], &kindSet[card.Dynamite])
	for i := 0; i < int(d.N); i++ {
		c := d.Options[i].Card
		if dynamite {
			if c.Suit() != card.Spades || c.Rank() < 2 || c.Rank() > 9 {
				return i
			}
		} else if c.Suit() == card.Hearts {
			return i
		}
	}
	return 0
}

// missed answers a shot: a Missed! (Calamity Janet: the kind she holds more of) whenever
// the cards it holds can cancel the shot; taking the hit when they cannot (one Missed!
// against the two Slab the Killer's BANG! needs), unless it is Suzy Lafayette's last card
// (she draws at once and may find the second).
func (t *table) missed(v *card.View) int {
	take, n := answers(v)
	if !t.answersMissed(v, n) {
		return take
	}
	return t.answerCard(v, card.Missed)
}

// answersMissed reports whether missed answers the shot with one of its n cards.
func (t *table) answersMissed(v *card.View, n int) bool {
	return n != 0 && (n >= int(v.Decision.Need) || t.suzy && t.hand.Len() == 1)
}

// answers returns the option that takes the hit and the number of cards that answer
// (the others), from View.List when the engine filled it.
func answers(v *card.View) (take, n int) {
	if v.List.Filled { // the hit first, then the cards
		return 0, v.List.Cards.Len()
	}
	d := &v.Decision
	for i := 0; i < int(d.N); i++ {
		if d.Options[i].Act == card.ActTakeHit {
			take = i
		} else {
			n++
		}
	}
	return take, n
}

// answerCard returns the option using a card of kind prefer, else the first card option;
// Calamity Janet, who may use either kind, gives up the kind she holds more of.
func (t *table) answerCard(v *card.View, prefer card.Kind) int {
	prefer = t.janetPrefers(prefer)
	if l := &v.List; l.Filled {
		return listIndex(l, answerPick(l, prefer))
	}
	d := &v.Decision
	first := -1
	for i := 0; i < int(d.N); i++ {
		o := d.Options[i]
		if o.Act != card.ActCard {
			continue
		}
		if kindOf[o.Card] == prefer {
			return i
		}
		if first < 0 {
			first = i
		}
	}
	if first < 0 {
		return 0
	}
	return first
}

// answerPick is answerCard's card at a decision View.List describes, prefer already
// chosen (Calamity Janet's: see answerCard): the first card of kind prefer, else the
// first card; NoCard for none.
func answerPick(l *card.CardList, prefer card.Kind) card.CardID {
	c := l.Cards.And(kindSet[prefer]).First()
	if c == card.NoCard {
		c = l.Cards.First()
	}
	return c
}

// janetPrefers is the kind Calamity Janet gives up in an answer (the one she holds more
// of, the Missed! on a tie), prefer for everyone else.
func (t *table) janetPrefers(prefer card.Kind) card.Kind {
	if !t.janet {
		return prefer
	}
	if count(&t.hand, &kindSet[card.BANG]) > count(&t.hand, &kindSet[card.Missed]) {
		return card.BANG
	}
	return card.Missed
}

// bangAnswer answers Indians! and each step of a Duel. Indians!: a BANG! when its life is
// 3 or less or it holds two or more. A Duel: a BANG! when the hit would be lethal, or when
// it holds at least as many as the other side likely does (5/16 of its hand, DuelEdge
// not counted: the Duel is on).
func (t *table) bangAnswer(v *card.View) int {
	take, n := answers(v)
	if !t.answersBang(v, n) {
		return take
	}
	return t.answerCard(v, card.BANG)
}

// answersBang reports whether bangAnswer answers with one of its n cards.
func (t *table) answersBang(v *card.View, n int) bool {
	d := &v.Decision
	if n == 0 {
		return false
	}
	if kindOf[d.Card] == card.Indians {
		return t.life <= 3 || n >= 2
	}
	return t.life <= 1 || n*16 >= likelyBangs16(v, int(d.From))
}

// likelyBangs16 is 16 times the BANG!s seat s likely holds: 5/16 of its hand (25 of the
// 80 cards), 7/16 for Calamity Janet (BANG! and Missed!).
func likelyBangs16(v *card.View, s int) int {
	per := 5
	if v.Holds(int8(s), card.PrimBangMissedSwap) {
		per = 7
	}
	return per * int(v.HandLen[s&7])
}

// lethal survives a lethal hit: a Beer, else Sid Ketchum's heal, else it dies.
func lethal(d *card.Decision) int {
	heal, die := -1, 0
	for i := 0; i < int(d.N); i++ {
		switch d.Options[i].Act {
		case card.ActCard:
			return i
		case card.ActHeal:
			heal = i
		case card.ActDie:
			die = i
		}
	}
	if heal >= 0 {
		return heal
	}
	return die
}

// PicksByCard implements card.CardPolicy: at a decision View.List describes (a
// discard, Sid Ketchum's cards, the General Store, an answer) the heuristic weighs cards,
// so it names the card (ChooseCard) rather than counting its place in the list for the
// engine to select back.
func (Heuristic) PicksByCard() bool { return true }

// ChooseCard implements card.CardPolicy: Choose's choice at a decision View.List
// describes, as the card it uses, or NoCard and 0 to take the hit (TestPlayPathsAgree
// holds the two to each other at every such decision).
func (h Heuristic) ChooseCard(v *card.View) (card.CardID, int) {
	l := &v.List
	if !l.Filled {
		return card.NoCard, h.Choose(v)
	}
	var t table
	t.look(v, h.params())
	switch v.Decision.Kind {
	case card.DecideDiscard, card.DecideSidCard:
		return t.leastUsefulCard(l), 0
	case card.DecideStore:
		return t.mostUsefulCard(l), 0
	case card.DecideMissed:
		if t.answersMissed(v, l.Cards.Len()) {
			return answerPick(l, t.janetPrefers(card.Missed)), 0
		}
	case card.DecideBang:
		if t.answersBang(v, l.Cards.Len()) {
			return answerPick(l, t.janetPrefers(card.BANG)), 0
		}
	default:
		return card.NoCard, h.Choose(v)
	}
	return card.NoCard, 0 // the hit, the list's written option
}
