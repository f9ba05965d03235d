// Package halving is the candidate race both games' search bots run at a decision
// (strategy/dicebots' and strategy/cardbots' Search): successive halving over at most
// 64 candidates on common random numbers, with one candidate, the heuristic's own
// choice, kept to the end as the yardstick and replaced only when another beats it by
// Z standard errors of their paired difference. The bots supply the worlds and the
// playouts; the race keeps the counts, in fixed arrays, so a decision allocates
// nothing.
package halving
