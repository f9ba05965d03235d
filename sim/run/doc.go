// Package run plays a numbered batch of independent games on a worker pool and merges
// their integer tallies so that the result is bit-identical whatever the worker count.
//
// It knows nothing about the game being played: the caller supplies a Player, which
// plays one game and adds its outcome into a tally of type T, and a merge function that
// adds one tally into another.
//
// # Determinism
//
// Game i of a run is always played with seed.ForGame(Config.Seed, i), so a game's seed
// depends only on the run seed and its global index, never on which worker, shard or
// moment played it. Any game can therefore be replayed alone from (Seed, index).
//
// # Chunk-ordered merge
//
// The games are cut into chunks of Config.Chunk consecutive indices. Each chunk is played
// into a fresh zero T by one worker, and finished chunk tallies are merged into the total
// strictly in chunk order, chunks that finish early waiting in a small buffer. Because the
// sequence of merge calls is fixed by (Games, Shard, Shards, Chunk) alone, even a merge
// that is not commutative (a floating-point sum, a rolling hash) gives the same result for
// any number of workers; an integer-counter tally is moreover independent of Chunk. At
// most about two chunks per worker are in flight or buffered, so memory does not grow
// with the number of games.
//
// # Partial runs
//
// When the context is cancelled, workers finish the chunk in hand and stop. The result
// then holds exactly the longest contiguous prefix of completed chunks, so a partial run
// of n games equals a complete run of the first n games: it can be reported, compared
// and reproduced like any other. Cancellation is not an error; Result.Partial says so.
//
// # Shards
//
// A run can be split over processes: shard k of n plays the contiguous index range
// ShardRange(Games, k, n). Since seeds depend only on global indices, merging the tallies
// of all shards gives the unsharded run's tally exactly, for an order-insensitive merge.
package run
