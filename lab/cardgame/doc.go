// Package cardgame is the BANG! card game as the lab sees it: the game's descriptor
// (Game) with its rule options as a table, its characters and bots, how to play one
// player count into a tally, how to seat a comparison and how to narrate a replay from
// the engine's events. It joins the engine (sim/card) and the bots (strategy/cardbots)
// to the lab, as lab/dicegame does for the dice game.
package cardgame
