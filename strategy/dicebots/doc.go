// Package dicebots holds the policies (bots) that play BANG! The Dice Game and the
// registry that names them. A policy reads only the dice.View the engine gives it and
// returns one of the legal choices; it cannot change the game.
//
// The yardsticks random, keep and reroll-all are defined exactly (see their docs) so
// other tools can reproduce them; heuristic is the default player, and its habits
// (chase-gatling, keep-bullseyes, bank-beers, reroll-arrows, no-third-dynamite) are
// tunings of it; omniscient is the heuristic shown every role (it cheats, as an upper
// bound); search is a determinized Monte Carlo player built on the heuristic.
//
// Lookup resolves a spec such as "heuristic(beer_below=4)" to an Entry; Entries lists
// the distinct fast policies, AllEntries every one. docs/policies.md is the guide.
package dicebots
