// Package duelbots holds the long duel's bots (shared/rules/league.md, the finals): play
// policies that choose among the duel's legal options through the card engine's View
// (the `random` yardstick, card.Random, and Heuristic), and draft policies for the
// set-up (card.RandomDraft, card.ValueDraft picking first or starting first), with a
// registry of both by name for `bangsim duel` and the league's finals.
package duelbots
