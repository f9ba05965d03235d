// Package lab is bangsim's experiment layer, the same for every game: it plays a run's
// player counts through the generic runner (sim/run), writes and merges the versioned
// result files (package resultfile), runs the paired compare design, and hands a replay
// to the game's narrator. RunTune (tune*.go) searches a bot's declared parameters on
// the same paired seating, CMA-ES over the integers and an n-tuple bandit over the
// booleans, and validates the result on fresh seeds.
//
// A game enters the lab as a value, a *Game: its name, table sizes, rule options (a
// table of Params that feeds the flags, validation, run.json and replay headers), its
// characters and bots, and Prepare, which turns a user's Choice into a Prepared game
// that can play one player count into a tally, seat a comparison and narrate a replay.
// Adding a game is writing one such value (see lab/dicegame) and registering it;
// adding a rule option is one entry in its table. docs/architecture.md walks through
// both.
//
// Game.Declaration (a bang.Declaration) says the game's roles, role decks and
// characters; the tallies' rows (ExportWins), --characters (ParseCharactersIn), --life
// (LifeParamIn), run.json's character list, balance's --tune-life, a ladder's skill
// depth and a sweep's life axes name characters from it, so a game of other characters
// is another Game value: dicegame.WithCharacters(specs...) is the dice game with
// characters added (no ability, their declared life), to pass to Run, RunBalance,
// Ladder or a sweep directly (it is not registered: merge, plot, report and balance of
// a directory read the names from tally.json and need no game).
//
// A character file (ReadCharacterFile, charfile.go) defines such characters in YAML,
// each power one of the engine's primitives (Game.Primitives) with its parameters;
// run.json records them (RecordCharacters) and GameOfRun rebuilds the game from it.
package lab
