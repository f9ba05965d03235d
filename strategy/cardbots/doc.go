// Package cardbots holds the bots of the BANG! card game and their registry: the
// yardstick `random` (shared/rules/card.md, R1–R7, implemented in sim/card so that the
// engine's option lists and the yardstick cannot drift apart), `heuristic` and
// `omniscient`. Every bot declares in its registry entry what it needs from the engine
// (strategy.Needs), so a wrapper cannot drop it.
package cardbots
