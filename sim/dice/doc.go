// Package dice is the rules engine of BANG! The Dice Game (rules digest
// shared/rules/dice.md, rulings D1–D23): 3 to 8 players, all 16 characters, every
// end-of-game case, with the rule options a designer may vary.
//
// A game is a plain value, State: fixed-size arrays and small integers, no pointers, so
// copying it copies the game (rollouts, tests). The engine is a state machine: Pending
// returns the decision it waits for (who decides, what kind, which options are legal)
// and Apply plays a choice and runs the rules forward to the next decision. Policies
// never touch the State; they see a View (what their player may know) and return a
// choice; an illegal choice is replaced by a legal one and counted (State.Illegal), so no
// policy can break a rule. Table ties a State to one policy per seat and plays whole
// games without allocating.
//
// Table.Play does not step the machine: it runs the same rules as straight-line code
// that calls each seat's policy where a choice is to be made (fastplay.go), because
// stopping and resuming at every one of ~70 decisions a game costs about a fifth more.
// Both drivers share every rule primitive (rolling, arrows, Indians, life, eliminations,
// the end of the game) and differ only in the order they call them; a test plays the
// same games both ways and requires the same decisions, Views, choices, events and
// final table (TestFastPlayMatchesMachine). Pending/Apply remains the driver for tests,
// replays and search, which must stop a game anywhere.
//
// Abilities as primitives: the game steps never test a character's name. Each ability
// is one of the 16 primitives of primitive.go (dice.Primitives: arrow_for_life,
// extra_rerolls, reach…, with the printed card's parameters), and at the deal Refresh
// makes every seat's Profile (profile.go) from its character's powers (Rules.PowersOf:
// the printed card's primitive with Rules.Ability's values, or an added character's
// declared CharacterDeal powers): a seat mask per primitive (Profile.Has), the seat's
// arguments in the fields of Abilities (Profile.Arg), and the rows the hot path reads
// in one load (Rerolls, Need, NoGatling, Reach). A designer's character of up to
// four primitives plays like a printed one, and a printed character re-created from
// its primitive plays the very same games (TestTwinPlaysTheSameGames). Any two
// different primitives combine; one primitive twice is refused (CheckPowers). The View
// carries the Profile, so the bots read abilities the same way.
//
// Randomness belongs to the engine: the State carries its own math/rand/v2 PCG seeded
// from the game seed (see internal/seed); each seat's policy gets its own PCG stream,
// seeded from the game and the seat (and Table.SeatSalt), so a policy that consumes
// randomness shifts neither the dice nor another seat's draws.
package dice
