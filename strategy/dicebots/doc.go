// Package dicebots holds the policies (bots) that play BANG! The Dice Game and the
// registry that names them. A policy reads only the dice.View the engine gives it and
// returns one of the legal choices; it cannot change the game. A seat's abilities are
// read from the View's Profile (the primitives it holds and their arguments), never
// from its character's name, so a designer's added character is played as its
// primitives say, and a printed character's added twin gets the very same choices.
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
