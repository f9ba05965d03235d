// Package dicebots holds the policies (bots) that play BANG! The Dice Game and the
// registry that names them. A policy reads only the dice.View the engine gives it and
// returns one of the legal choices; it cannot change the game.
//
// The yardsticks random, keep and reroll-all are defined exactly (see their docs) so
// other tools can reproduce them; heuristic is the default player.
package dicebots
