package card

import "github.com/bangsim/bangsim/sim/bang"

// The engine tests abilities by primitive, never by character: at the deal each unit (a
// seat in the game, a slot in the long duel) gets its character's profile, the
// primitives it holds and their arguments (PrintedPowers for a printed character, the
// deal's AddedPowers for an added one), and every rule step reads that. So an added
// character composed of primitives plays, and a printed one re-created from its
// primitive plays the very same games.

// profile is one unit's ability as the engine reads it: plain bytes, so State copies
// whole. Each argument is set so that a unit without the primitive needs no test: no
// built-in Barrel draws 0, no Mustang adds 0, a BANG! without needs_missed needs 1
// Missed!, the BANG! cap without bang_limit is 1, discard_to_heal's price without it is
// past any hand.
type profile struct {
	prims      uint16 // bit i: primitive i (PrimDrawOnHit…) held
	hitCards   uint8  // draw_on_hit: cards per life point lost
	hitBy      uint8  // draw_on_hit: HitCauses index (0 any)
	takeCards  uint8  // take_from_hitter: cards per life point lost
	takeBy     uint8  // take_from_hitter: HitCauses index (0 any)
	extra      uint8  // reveal_second: cards drawn more on a red second card
	barrel     uint8  // built_in_barrel: "draw!"s (0 without)
	look, keep uint8  // look_keep
	lucky      uint8  // lucky_draw: cards flipped per "draw!" (0 without)
	harder     uint8  // harder_to_reach: distance added (0 without)
	closer     uint8  // sees_closer: distance taken off (0 without)
	healCards  uint8  // discard_to_heal: cards for one life (noHeal without)
	missed     uint8  // needs_missed: Missed! his BANG! needs (1 without)
	suzyCards  uint8  // empty_hand_draw: cards drawn
	bangCap    uint8  // BANG!s a turn before the limit bites (1 without; noCap for any number)
}

// noHeal is discard_to_heal's price for a unit without it (no hand is that large), noCap
// the BANG! cap of bang_limit's "any number" (a turn plays at most MaxTurnPlays cards).
const (
	noHeal = 255
	noCap  = 255
)

// plainProfile is the profile of no ability (Plain, a passive seat).
var plainProfile = profile{healCards: noHeal, missed: 1, bangCap: 1}

// profileOf returns the profile that powers p give.
func profileOf(p *bang.Powers) profile {
	f := plainProfile
	for _, pw := range p {
		if pw.Prim == 0 || int(pw.Prim) > NumPrimitives {
			continue
		}
		i := int(pw.Prim) - 1
		f.prims |= 1 << uint(i)
		a := pw.Args
		switch i {
		case PrimDrawOnHit:
			f.hitCards, f.hitBy = a[0], a[1]
		case PrimRevealSecond:
			f.extra = a[0]
		case PrimTakeFromHitter:
			f.takeCards, f.takeBy = a[0], a[1]
		case PrimBuiltInBarrel:
			f.barrel = a[0]
		case PrimLookKeep:
			f.look, f.keep = a[0], a[1]
		case PrimLuckyDraw:
			f.lucky = a[0]
		case PrimHarderToReach:
			f.harder = a[0]
		case PrimSeesCloser:
			f.closer = a[0]
		case PrimDiscardToHeal:
			f.healCards = a[0]
		case PrimNeedsMissed:
			f.missed = a[0]
		case PrimEmptyHandDraw:
			f.suzyCards = a[0]
		case PrimBangLimit:
			f.bangCap = a[0]
			if a[0] == 0 {
				f.bangCap = noCap
			}
		}
	}
	return f
}

// printedProfiles are the printed characters' profiles at the printed values (Plain's
// none): a deal with no --ability change reads them rather than composing them.
var printedProfiles = func() (t [NumCharacters]profile) {
	var a Abilities
	for c := range Character(NumCharacters) {
		p := PrintedPowers(c, &a)
		t[c] = profileOf(&p)
	}
	return t
}()

// profileFor returns character c's profile under the rules: a printed one's with the
// rules' ability values, an added one's from the deal.
func (r *Rules) profileFor(c Character) profile {
	if c < NumCharacters {
		if r.Ability == (Abilities{}) {
			return printedProfiles[c]
		}
		p := PrintedPowers(c, &r.Ability)
		return profileOf(&p)
	}
	p := r.CharacterDeal.AddedPowersOf(c)
	return profileOf(&p)
}

// PowersFor returns character c's ability as primitives under the rules (PrintedPowers
// with the rules' values for a printed character, the deal's for an added one): what
// the engine plays, for a policy or a report to read.
func (r *Rules) PowersFor(c Character) bang.Powers {
	if c < NumCharacters {
		return PrintedPowers(c, &r.Ability)
	}
	return r.CharacterDeal.AddedPowersOf(c)
}

// life returns character c's starting life before the Sheriff's bonus: its card life
// (an added one's declared) plus the rules' change.
func (r *Rules) life(c Character) int { return r.CharacterDeal.Life(c, Life) }

// holds reports whether unit u's profile has primitive i.
func (g *State) holds(u int8, i int) bool { return g.prof[u&7].prims>>uint(i)&1 != 0 }

// holder returns the unit whose primitive i seat s uses now, or -1: the seat's own in
// the game; in the duel its front character's, or its back one's while a card aimed at
// it is resolved (aimU, L8).
func (g *State) holder(s int8, i int) int8 {
	if g.holds(s, i) {
		return s
	}
	if g.duel && g.aimU == DuelBack(s) && g.holds(g.aimU, i) && g.alive(g.aimU) {
		return g.aimU
	}
	return -1
}

// has reports whether seat s has primitive i's ability now (holder).
func (g *State) has(s int8, i int) bool { return g.holder(s, i) >= 0 }

// hitFrom reports whether a hit of cause c is one a "by" parameter (HitCauses) reacts to.
func hitFrom(by uint8, c Cause) bool { return by == 0 || Cause(by-1) == c }

func b2u8(b bool) uint8 { return uint8(b2i8(b)) }
