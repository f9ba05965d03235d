// Package card is the rules engine of the BANG! card game, 4th edition base game (rules
// digest shared/rules/card.md, rulings C1–C23, yardsticks R1–R7): 4 to 7 players, the 80
// cards of data/card-deck.tsv, all 16 characters, every end-of-game case, with the rule
// options a designer may vary (Rules: the character deal, the turn cap, a removed card
// set, the High Noon timer, life changes per character). Each game is independent: the
// digest's consecutive games (survivors may keep their characters) are not modelled.
//
// # The contract
//
// A game is a plain value, State: fixed-size arrays, bitsets and small integers, no
// pointers, so copying it copies the game. Cards are CardIDs, their index in data.Deck()
// order; a hand, the cards in front of a player and the discard pile's contents are
// Sets (a bit per card, two words); the deck and the discard pile are fixed arrays in
// order, the top last. The engine is a state machine: Start runs the set-up game to its
// first decision, Pending returns the decision it waits for (who decides, what about,
// and the legal options, Decision.Options[:N]), and Apply plays the index of an option
// and runs the rules forward to the next decision. A decision with a single option is
// not asked: the engine takes it (so a player without a Missed! is hit without being
// asked). An out-of-range choice is replaced by option choice mod N and counted in
// State.Illegal, so no policy can break a rule.
//
// The decisions (DecisionKind): Jesse Jones's and Pedro Ramirez's first card, Kit
// Carlson's card to put back, Lucky Duke's "draw!" card; phase 2 (one option per card in
// hand and target — a seat, and for Panic! and Cat Balou a card in play or PickHand for
// a random hand card — plus "end", and Sid Ketchum's "heal"); phase 3 (one card at a
// time until the hand fits); the answer to a shot (take the hit or a Missed!, Calamity
// Janet a BANG!); the answer to Indians! or a Duel step (take the hit or a BANG!, Janet a
// Missed!); a lethal hit (die, a Beer, Sid's heal); Sid's two cards (one at a time); the
// General Store's pick.
//
// Policies never touch the State. A Table ties a State to one policy per role (or seat)
// and fills a View before each decision with what that seat may know (except for a
// CountPolicy, which sees only the decision's size and its stream): the Board (life,
// characters, everyone's cards in play, hand sizes, the piles' sizes, the discard pile's
// contents and top, the General Store's table), the public Record (who aimed cards at
// whom, who took whose life), its own hand and role, and the roles that are public (the
// Sheriff's, the dead's); hidden roles read RoleUnknown unless the seat's needs include
// NeedsAllRoles. A Table plays whole games without allocating; Tally sums finished
// games (the shared bang.WinTally and the card game's event counters), and merges by
// addition. With Table.OnEvents set the game is traced: a compact Event per happening
// (the deal, turns, draws, plays, answers, "draw!"s, damage, heals, discards, cards taken,
// eliminations, rewards, penalties, reshuffles, the General Store, the end); untraced, a
// game pays one predictable branch where an event could be recorded.
//
// # The yardsticks
//
// Random is the `random` yardstick: it draws uniformly among Options[:Yard]. The engine
// lists exactly the options R1–R7 name first (Decision.Yard of them) and the other legal
// ones after (only in phase 2: Panic! and Cat Balou on oneself, C10, and a Beer that
// would not heal), so "uniform over R's list" is literally one bounded draw from the
// seat's stream, and none where that list is one option (asked for the plays past it,
// it has nothing to decide). R3's "uniformly random subset" is phase 3 asked one card at a time
// (uniform draws without replacement make a uniform subset), and R2/R5's "heal with a
// uniformly random pair" is one "heal" option followed by two DecideSidCard picks (a
// uniform pair); R7's automatic steps (El Gringo's and Panic!'s random hand card, Bart
// Cassidy, Suzy Lafayette, Vulture Sam, a dead player's discards in card order,
// reshuffles, rewards, penalties) are the engine's and ask nothing. The `plain`
// yardstick is Rules.Deal = DealPlain: no ability, life 4, the Sheriff 5.
//
// # Randomness
//
// Randomness belongs to the engine: seed.Streams(gameSeed) gives four words; the first
// two seed the State's own math/rand/v2 PCG, which deals the roles (the Sheriff at seat
// 0, the rest shuffled), the characters and the deck, reshuffles the discard pile, and
// picks every random card taken from a hand (Panic!, Cat Balou, Jesse Jones, El Gringo);
// the last two seed each seat's policy stream (PolicySeed, sim/dice's scheme, with
// Table.SeatSalt), so a policy that draws shifts neither the cards nor another seat's
// draws. The same seed and policies replay the same game.
//
// # Points the digest leaves open, as the engine settles them
//
//   - Lucky Duke turns both "draw!" cards before either is discarded, discards them in
//     the order turned (the second on top), then picks the one that counts.
//   - A dead player's cards go onto the discard pile in increasing card order, the hand
//     first (C21); with two Vulture Sams (a fixed deal may list one twice) the first
//     living one clockwise from the dead takes them.
//   - A Beer that would not heal (full life, or 2 players alive) may be played in one's
//     own turn, to no effect (seed 003); against a lethal hit with 2 alive it is not
//     offered. Sid Ketchum's heal is offered in his turn only below his maximum.
//   - High Noon's loss comes at the very start of the turn, before the Dynamite and the
//     Jail; it is nobody's doing; a Beer or Sid's heal can save, Bart Cassidy draws.
//   - Phase 3 asks one card at a time (the order fixes the discard pile's top, which
//     Pedro Ramirez may take). Kit Carlson with fewer than three cards to be had keeps
//     them all; a General Store with fewer cards than players leaves the last without.
//   - Suzy Lafayette draws when her hand becomes empty, once the card she played is
//     resolved (seed 003; the digest's C20 had her draw before: docs/rules.md); if both
//     piles are empty then (C23) she draws at the next moment the engine looks at her
//     hand (a card of hers leaves, a Duel or General Store ends) with a card to be had.
//   - Cards played counts a Missed! Calamity Janet plays as BANG! under Missed!.
//   - MaxTurnPlays (255) ends a turn's phase 2: a safeguard, since with both piles
//     exhausted a Wells Fargo, Stagecoach or General Store draws itself back (C9) and a
//     policy replaying it would never end its turn (Counters.PlayCaps counts the cuts).
//
// # Abilities as primitives
//
// The engine tests ability primitives, never character names (profile.go): each
// printed ability is one primitive (Primitives, PrimitiveParam ranges; PrintedPowers
// with the rules' Abilities), an added character's are its Powers from the deal
// (Rules.CharacterDeal.AddedPowersOf). At the deal (Refresh; the duel's enter) each unit
// gets its profile, plain bytes in State (primitive bits and each one's arguments, set
// so that a unit without one needs no test), which moves with its character (the duel's
// swap) and is cleared by a withdrawal. A printed character's twin from its primitive
// plays the very same games (TestTwinsPlayTheSameGames). The View shows the profile,
// which is public (View.Holds, BangCap, BuiltInBarrel, Farther, Closer, MissedNeeded),
// so that policies follow primitives too. Arguments past the printed cards' take their
// own paths off the hot one: look_keep other than 3 and 2 (lookKeep: several DecideKit),
// lucky_draw other than 2 (checkLucky), a distance past 1 (geometryAny).
//
// # Passive seats
//
// The league's withdrawal (shared/rules/league.md "Withdrawal") is the engine's:
// State.Withdraw (or Table.Withdraw for every game a Table plays) makes a seat passive
// at the start of a given turn, before that turn's Dynamite and Jail (after High Noon's
// loss). Its hand goes onto the discard pile at once, its ability is lost (Char reads
// Plain; DealtChar, and so Tally, keep the dealt one); its turn checks the Dynamite and
// the Jail and is then skipped; its cards in play have no effect (no Barrel "draw!";
// its Mustang, Scope and weapon change no distance: "counts for distance" is its seat
// in the ring); a General Store's card is taken for it at random from the engine's
// stream (L8) and discarded. It never draws again, so its hand stays empty and every
// answer (Missed!, BANG!, Beer) has the single option of taking the hit: the engine
// never asks it anything. It can be targeted (Panic! and Cat Balou take its cards in
// play), a Saloon heals it, and it counts for the end of the game and pays the reward
// and penalty as anyone. The passive seats are not on the Board (Passive, IsPassive):
// policies do not see them.
//
// # The long duel
//
// LongDuel plays the league's two-player long duel (seed 003; L5, L8; docs/rules.md,
// "The long duel") as a layout of the same state machine (duel_layout.go): Start,
// Pending and Apply, a copyable State, the same events. Its units are the four
// characters in play: the per-character arrays (Life, MaxLife, Char, InPlay) and Alive
// are indexed by slot, seat s's front at slot s and its back at slot s+2 (DuelFront,
// DuelBack, DuelOwner), while the hands, the record and the decisions are by seat
// (owner: a unit's player, the unit itself in the game). A targeted Option's Target is
// a slot, and Decision.Unit names the slot an answer is for (the shot's, the BANG!
// asked, the dying one's; the game's is the seat). The draft and the reinforcements are
// in State.Info. The set-up (the draft, the stacks and the placement, DraftPolicy and
// DecidePlace, both seats asked before either answer is applied) runs straight through
// in Begin, before the machine starts; from the first turn on every decision is the
// machine's. LongDuel.Run drives it (Pending, the seat's policy through its View,
// Apply); a play policy may implement DuelPolicy to read DuelInfo beside its View.
// Traced (LongDuel.OnEvents) it records the game's events, a character's named by its
// slot. TestDuelFingerprint pins the duel's games, as the fingerprint tests pin the
// game's.
//
// # One engine, two layouts (issue 29)
//
// Every rule step is the machine's, once: the turn cap and High Noon, the "draw!" and
// Lucky Duke's two cards, the Dynamite's explosion, the Jail, phase 1 and its choices,
// the plays (BANG!, Beer, Saloon, Stagecoach, Wells Fargo, General Store, Panic!, Cat
// Balou, Gatling, Indians!, Duel, the blue cards), the shot with its Barrel, Jourdonnais
// and Missed!, the answers to Indians! and the Duel, the hit, Beers against a lethal hit,
// Sid Ketchum's heal, Bart Cassidy and El Gringo, Suzy Lafayette, the discards to the
// limit. What the duel changes is its layout's data and hooks (duel_layout.go; each
// hook an `if g.duel` at the point named), listed here:
//
//   - units and owners: owner(u) (slotBits), and has(s, c), a seat's ability (the
//     front character's, or the back one's while a card aimed at it is resolved: aimU,
//     which shoot, the Indians! round, the Duel and the Dynamite and Jail checks set);
//   - the turn: turnOpen counts DuelInfo.Turns; the Dynamite and the Jail are read on
//     each character, front first (duelDynamite, duelJail: the machine's check,
//     dynamiteOn, jailOn, hit); the Dynamite's pass is the player's choice of an
//     opponent's character (DecidePass, L5); the swap (DecideSwap) before phase 1; the
//     turn passes to the other seat (duelNextTurn);
//   - phase 2's options: duelPlayOptions, the targets by slot (DuelDistance: front to
//     front 1, front to back 2, back to back 3, with the front's Mustang, Paul Regret,
//     Scope and Rose Doolan; blue cards on one's own characters; Panic! and Cat Balou on
//     one's own too; the Jail not on a front whose back is jailed);
//   - a Jail's move of the front character to the back (duelJailed); the volley's order
//     (the opponent's front, one's own back, the opponent's back, by character:
//     duelVolley, duelNextInLoop); the General Store's picks alternate (nextPicker); a
//     hit by one's own Gatling or Indians! is nobody's (shooter);
//   - the elimination's tail (duelEliminate: Vulture Sam in front, the back comes
//     forward, a reinforcement enters, a seat with nothing left loses), and the end,
//     checked there rather than after the card (checkEnd does nothing in a duel).
//
// What a copy taken at a duel decision must carry is in the State: duelCore (the slot
// aimed at, the slot checked and the Jails still to check, the volley's characters and
// the next, the Duel's character, Sid's heal's unit) and Info. The duel runs through
// internal/enginetest like the game (duel_machine_test.go: playouts with invariants
// after every step and mid-duel copies, the count path against the machine, decision
// fuzzing). A duel stepped a turn at a time (scenario tests) pauses the machine at the
// next turn's start (phPaused).

// # Speed
//
// A decision's options are counted as it is asked but written out only when someone
// looks (Pending, a View, the OnDecision hook; options.go): a card's phase-2 options
// depend only on its kind, and card IDs are grouped by kind (layout.go), so phase 2 is
// counted as a sum over kinds of the cards of the hand in that kind's range (a popcount)
// times the kind's count, and its i-th option found by walking the hand; the shorter
// lists are a set of cards, whose card of rank i is found without a loop (select64,
// select.go), as is the seat of rank j in a mask (nthBit8).
//
// The random yardstick's draws make every branch on them a coin flip to the
// processor's branch predictor (the card game ran at about 5 instructions a nanosecond
// where the dice game runs at 9): where a hot path would branch on what was drawn (the
// hand's size, which word holds a rank, whether a BANG! was played, whether Sid
// Ketchum's heal is offered) it computes the result with masks instead, at the cost of
// a few instructions (benchmarks/BASELINE.md measures these steps by wall time, as the
// instruction counts went up). A seat whose policy is a CountPolicy (Random) is asked without a View, its
// draw taken from the counts alone, so a game of the yardstick never writes a list out
// nor copies the Board; a Random seat's phase 2 and phase 3 are drawn and played in one
// loop each (playRandom, discardRandom), the draws and the plays those of Table.run and
// take: playRandom goes on when a card's resolution came back to the seat's phase 2
// asking no one, and on into discardRandom, which draws the discards after the first
// from the hand without asking again (TestRandomLoopsAgree plays the same games through
// a View). In that loop, after a Beer, Saloon, Jail, Cat Balou, Barrel, Dynamite or Mustang
// (half the plays that come straight back to phase 2), the count is brought up to date
// from the one the play was drawn from, by what that kind changes (playOptionsNext,
// options_next.go; anything it is unsure of is counted from scratch); the other
// kinds, and the counts after a BANG!, are counted from scratch, as bringing them up to date cost about
// what it saved (benchmarks/BASELINE.md). A decision whose only option is the hit or
// death (no Missed!, BANG! or Beer to play) is not even built: the engine takes it where
// it would have asked. A Random seat's other decisions (about 20 a five-player game:
// answers to shots, Indians! and Duels, General Store picks, phase-1 choices) are
// drawn in Table.run's loop and taken by take: fused loops for them cost more than
// they saved (Table.run's dispatch is about 30 instructions a decision;
// benchmarks/BASELINE.md). A seat whose
// policy is a ListPolicy (the heuristic) gets its View with phase 2 described by
// View.Play (the cards with options, the seats in reach, at distance 1 and open to a
// Jail, each kind's option counts; card IDs are grouped by kind, so a policy counts an
// option's index from these alone) and the other
// lists of cards by View.List, none written out (playlist.go); other seats get phase
// 2's list written as it is asked (buildPlayOptions, a switch per card in hand) and the
// same Views as ever, View.Play (and, through a Table, View.List) filled beside the
// lists. A ListPolicy may also declare choices its rule fixes whatever it would read
// (FirstPlayPolicy: phase-2 kinds it always plays first; CancelPolicy: a shot it always
// cancels with its first card of one kind; EndPolicy: a phase 2 whose yard is the end
// alone, no Dynamite of its own in play, ended; WeaponPolicy: a weapon that outreaches
// its own, no Volcanic either side, played): the Table takes those decisions without
// filling the View (its Choose must agree: the heuristic's TestUnaskedAgree), and asks
// a seat's declarations when its policy changes, not every game. A first play of kinds
// with one option a card, and a weapon upgrade, depend on the walked hand alone: the
// engine finds them before phase 2's count, which they make needless (fixedPlay,
// optsFixed; anything else that looks at such a decision writes the list out first,
// TestUncountedFirstPlay). A ListPolicy that scores cards and targets may name its
// phase-2 choice by the option itself (PlayPolicy, playpick.go): the engine checks the
// option with a few tests (playLegal; TestPlayLegal holds it to the list written out)
// and plays it, where an index would cost the policy a count over the cards below its
// choice and the engine a walk back to the card (TestPlayPolicyAgrees: the same games
// as by index, hooks and illegal choices included); likewise a list decision's card
// (CardPolicy, ChooseCard: the engine checks the card against the list and takes it,
// with no select back from an index; TestCardPolicyAgrees), and a CancelPolicy's
// unasked answer. A View's fill copies the Board in two blocks of straight moves
// (copyBoard, view.go: unsafe casts over a pointer-free struct, guarded by
// compile-time size checks), not by the loop Go uses for a struct of its size.
// Distances come from precomputed ring tables and masks of the Mustangs, Scopes and
// weapon reaches that derive keeps up to date wherever a card enters or leaves play,
// cached per seat; the cards of a hand that phase 2 blocks (blue kinds already in
// play) come from two tables over the 17 blue cards (blocked); hand sizes are kept, not
// counted (derive runs only for a Mustang, Scope or weapon); the machine's commonest
// steps call the next one directly rather than through advance (take after a Missed!,
// a General Store pick or a phase-1 choice; the ends of Gatling, Indians! and the Duel;
// a turn's Dynamite and Jail draws; a shot's Barrel "draw!"s, drawn in one loop,
// shotBarrel); phase 1's common draw and the deal take the
// deck's top cards without drawCard's loop. A policy that recomputes something from
// the public record may keep it in View.Memo, its seat's memory over the game
// (cleared by the Table at the start), keyed on View.Deeds, which count the changes to
// each seat's rows of the record (the heuristic's reading of the record is unchanged
// about half the time, between the plays of a turn). BenchmarkCardGame measures whole
// games of the random yardstick at 4 to 7 players; the fingerprint tests pin every game of a few thousand seeds
// (recorded before this speed work, and again for the Suzy Lafayette ruling), so a
// change for speed cannot change a game.
package card
