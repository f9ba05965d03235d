package card

import "github.com/bangsim/bangsim/sim/bang"

// The card game's ability primitives, in the order of the primitives table: each
// printed ability is one of them (PrintedPowers), and a character file composes them.
const (
	PrimDrawOnHit       = iota // Bart Cassidy
	PrimRevealSecond           // Black Jack
	PrimBangMissedSwap         // Calamity Janet
	PrimTakeFromHitter         // El Gringo
	PrimDrawFromPlayer         // Jesse Jones
	PrimBuiltInBarrel          // Jourdonnais
	PrimLookKeep               // Kit Carlson
	PrimLuckyDraw              // Lucky Duke
	PrimHarderToReach          // Paul Regret
	PrimDrawFromDiscard        // Pedro Ramirez
	PrimSeesCloser             // Rose Doolan
	PrimDiscardToHeal          // Sid Ketchum
	PrimNeedsMissed            // Slab the Killer
	PrimEmptyHandDraw          // Suzy Lafayette
	PrimLootEliminated         // Vulture Sam
	PrimBangLimit              // Willy the Kid
	NumPrimitives
)

// HitCauses names what a hit may come from, for the primitives that react to one
// (the "by" parameter): any, or one card or effect.
var HitCauses = []string{"any", "bang", "gatling", "indians", "duel", "dynamite"}

// primitives is the card game's one table of ability primitives. The printed
// characters' parameters (AbilityParams) keep their names, ranges and defaults, so that
// a printed character re-created from its primitive plays the very same games.
var primitives = []bang.Primitive{
	{Name: "draw_on_hit", Doc: "draws cards from the deck for each life point lost, if he survives the hit", Params: []bang.PrimitiveParam{
		{Name: "cards", Min: 0, Max: 3, Default: printedBartCards, Doc: "cards per life point lost"},
		{Name: "by", Min: 0, Max: len(HitCauses) - 1, Choices: HitCauses, Doc: "only for hits from this"}}},
	{Name: "reveal_second", Doc: "shows his second card of phase 1 and draws more when it is a heart or a diamond", Params: []bang.PrimitiveParam{
		{Name: "extra", Min: 0, Max: 3, Default: printedBlackJackExtra, Doc: "cards drawn more on a red second card"}}},
	{Name: "bang_missed_swap", Doc: "plays BANG! cards as Missed! and Missed! as BANG! cards"},
	{Name: "take_from_hitter", Doc: "takes cards at random from the hand of the player who hit him, for each life point lost", Params: []bang.PrimitiveParam{
		{Name: "cards", Min: 0, Max: 3, Default: printedGringoCards, Doc: "cards per life point lost"},
		{Name: "by", Min: 0, Max: len(HitCauses) - 1, Choices: HitCauses, Doc: "only for hits from this"}}},
	{Name: "draw_from_player", Doc: "may draw his first card of phase 1 from another player's hand"},
	{Name: "built_in_barrel", Doc: "\"draw!\"s against a shot as a Barrel does, beside a real Barrel's", Params: []bang.PrimitiveParam{
		{Name: "draws", Min: 0, Max: 3, Default: printedJourdonnaisDraws, Doc: "\"draw!\"s his built-in Barrel gives"}}},
	{Name: "look_keep", Doc: "looks at the top cards of the deck in phase 1, keeps some and puts the others back on top", Params: []bang.PrimitiveParam{
		{Name: "look", Min: 2, Max: 4, Default: printedKitLook, Doc: "cards looked at"},
		{Name: "keep", Min: 1, Max: 3, Default: printedKitKeep, Doc: "cards kept (fewer than looked at)"}}},
	{Name: "lucky_draw", Doc: "flips several cards for a \"draw!\" and chooses one", Params: []bang.PrimitiveParam{
		{Name: "cards", Min: 2, Max: 3, Default: printedLuckyCards, Doc: "cards flipped per \"draw!\""}}},
	{Name: "harder_to_reach", Doc: "others see him farther away, as with a Mustang", Params: []bang.PrimitiveParam{
		{Name: "distance", Min: 0, Max: 2, Default: printedPaulDistance, Doc: "distance added"}}},
	{Name: "draw_from_discard", Doc: "may draw his first card of phase 1 from the top of the discard pile"},
	{Name: "sees_closer", Doc: "sees the others nearer, as with a Scope", Params: []bang.PrimitiveParam{
		{Name: "distance", Min: 0, Max: 2, Default: printedRoseDistance, Doc: "distance taken off"}}},
	{Name: "discard_to_heal", Doc: "at any time may discard cards to gain one life point", Params: []bang.PrimitiveParam{
		{Name: "cards", Min: 1, Max: 4, Default: printedSidCards, Doc: "cards discarded for one life"}}},
	{Name: "needs_missed", Doc: "his BANG! cards need more Missed! to cancel", Params: []bang.PrimitiveParam{
		{Name: "missed", Min: 1, Max: 3, Default: printedSlabMissed, Doc: "Missed! needed (a Barrel success counts as one)"}}},
	{Name: "empty_hand_draw", Doc: "draws from the deck as soon as his hand is empty", Params: []bang.PrimitiveParam{
		{Name: "cards", Min: 1, Max: 3, Default: printedSuzyCards, Doc: "cards drawn"}}},
	{Name: "loot_eliminated", Doc: "takes every card of a player eliminated, in hand and in play"},
	{Name: "bang_limit", Doc: "may play more BANG! cards a turn", Params: []bang.PrimitiveParam{
		{Name: "per_turn", Min: 0, Max: 3, Default: printedWillyPerTurn, Doc: "BANG! cards a turn (0: any number)"}}},
}

// Primitives returns the card game's ability primitives (a copy of the one table).
func Primitives() []bang.Primitive { return append([]bang.Primitive(nil), primitives...) }

// PrintedPowers returns printed character c's ability as primitives with a's values
// (the printed cards' unless a run's --ability changed them): character i of the
// printed order has primitive i; Plain has none.
func PrintedPowers(c Character, a *Abilities) bang.Powers {
	var p bang.Powers
	if c >= bang.NumRealCharacters {
		return p
	}
	p[0].Prim = uint8(c) + 1
	for j, par := range primitives[c].Params {
		p[0].Args[j] = uint8(par.Default)
	}
	for i := range abilityParams {
		if ap := &abilityParams[i]; ap.Character == c {
			for j, par := range primitives[c].Params {
				if par.Name == ap.Name {
					p[0].Args[j] = uint8(ap.Get(a))
				}
			}
		}
	}
	return p
}
