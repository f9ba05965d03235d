// Package enginetest is the one test harness every game engine's tests call: random
// playouts with the engine's invariants checked after every step, a copy of the game
// taken mid-game that must continue identically, determinism, zero allocations, the
// fast path checked against the state machine, and fuzzing of the decision input.
//
// An engine's _test files adapt its state machine to Machine (Start, Done, Choose,
// Apply, Illegal, Check, End, Clone, Diff, Describe); the invariants themselves stay
// in the engine's tests, next to the rules they check. The harness owns the loops: the
// order of checks, the step bound, the Illegal count, the copy check and the messages,
// so every engine is held to the same checks and a new engine (or a new layout of one,
// such as the long duel on the card engine) gets them by writing one adapter.
//
// The package is imported by tests only; it imports no engine.
package enginetest
