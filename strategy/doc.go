// Package strategy is what every game's bots share: a registry that names them, the
// spec grammar that picks one and tunes it, the parameters a bot takes, and the needs a
// bot declares to its engine. It knows no game; a game's bot package (dicebots for the
// dice game) makes a Registry of its own policy type and registers its bots there, so
// tools list, parse and build every game's bots the same way.
//
// # Registry
//
// A Registry[P] maps names to Entries: a description, the parameters, a constructor New
// (each worker gets its own instance) and Build for tuned ones. Lookup resolves a spec
// to an Entry whose Name is the canonical spec, so a result labelled with it can be
// reproduced by looking the label up again. Entries lists the distinct fast bots a test
// may play thousands of games with; AllEntries adds the Slow ones and the Variants.
//
// # Specs
//
//	spec  = name [ "(" [ arg { "," arg } ] ")" ]
//	arg   = key "=" value
//	name  = 1*( letter | digit | "-" | "_" )
//	key   = 1*( letter | digit | "_" )
//	value = 1*( letter | digit | "." | "+" | "-" | "_" )
//
// Spaces and tabs may surround any token; names and keys are read in any case, values
// as written (a Param reads them: an integer in its range, or true/false, yes/no,
// on/off, 1/0). The canonical spec names only the parameters that differ from their
// defaults, in the order the entry lists them: "heuristic(beer_below=4)".
//
// # Needs
//
// Some bots need something of the engine beyond a plain decision: to see every hidden
// role (SeesAllRoles), or to copy the game and play it on (Lookahead); others promise
// never to read the public record (NoRecord), which lets the engine skip copying it. A
// policy value says so through optional interfaces, but a wrapper around it (a
// legality checker, a timer, a logger) hides those methods and silently drops the need:
// an omniscient bot would then play blind, a lookahead bot crash. So each Entry
// declares its Needs too, Register checks the declaration against what the policy's
// own interfaces say, and the engine reads the needs from the entry, which no wrapper
// touches.
package strategy
