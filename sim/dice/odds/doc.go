// Package odds computes exact single-turn dice odds of BANG! The Dice Game by dynamic
// programming over dice states, without sampling (issue #4 "Exact odds").
//
// Only the dice count: a turn is the first roll of the five dice and up to
// Setup.Rerolls rerolls (extra_rerolls more: Lucky Duke), Dynamite locked
// (reroll_dynamite excepted: Black Jack),
// and rolling stops at once when Dynamite showing reach the threshold (rules digest
// shared/rules/dice.md, A turn, 1 to 3; ruling D23). Life, the arrow pile, Indians and
// targets play no part.
//
// The state after a roll is the multiset of faces showing (252 multisets of five dice)
// and the rerolls left. Rolling k dice gives each outcome multiset with probability
// multinomial/6^k, so every probability is an integer over a power of 6: the DP keeps
// exact integer numerators (math/big) over 6^(5r) at r rerolls left and returns a
// big.Rat. A policy (Policy) says, in each state, how many dice of each face to reroll;
// Exact evaluates a given policy, or the optimal one (the maximum over every legal
// reroll at every state) when the policy is nil. Solve returns that optimal policy as a
// Plan, which can drive the real engine (RerollMask turns its counts into a die mask).
//
// docs/odds.md explains the method and tabulates the values for the default rules.
package odds
