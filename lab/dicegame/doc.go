// Package dicegame is BANG! The Dice Game as the lab sees it: the game's descriptor
// (Game) with its rule options as a table, its characters and bots, how to play one
// player count into a tally, how to seat a comparison and how to narrate a replay from
// the engine's events. It joins the engine (sim/dice) and the bots (strategy/dicebots)
// to the lab; nothing else of bangsim needs to import them. NewGame and WithCharacters
// make the descriptor of a dice game with characters added to the printed ones.
package dicegame
