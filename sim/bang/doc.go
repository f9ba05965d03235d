// Package bang holds what BANG! The Dice Game and the BANG! card game share, so that
// both engines, the lab and the reports speak of the same things in the same way: the
// roles and how many of each sit at a table of n players, the 16 characters' names and
// how a user may spell them, the outcome of a game (who won, who drew), and the
// role × seat × character win tally every game fills.
//
// It holds no rules of either game: abilities, life points and win conditions are the
// engines'. The tally is the hot path of every run, so it is fixed-size arrays of
// integers that merge by addition (see sim/tally).
package bang
