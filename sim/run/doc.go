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
// moment played it. Any game can therefore be replayed alone from (Seed, index), and a
// run can be played in sequential batches (Config.First: each batch starts where the last
// stopped) whose tallies add up to those of one run of all their games.
//
// # Pieces sized by time, merged in order
//
// The games are handed to workers in pieces of consecutive indices. The merger cuts each
// piece off the front of what is left when it hands it out and remembers its range, so
// the pieces tile the shard in dispatch order whatever their sizes. Each piece is played
// into a fresh zero T by one worker, and finished piece tallies are merged into the total
// strictly in that order, pieces that finish early waiting in a small buffer. At most two
// pieces per worker are in flight or buffered, so memory does not grow with the number
// of games.
//
// A piece's size is chosen by time, not by a game count, because games differ in cost by
// five orders of magnitude: a toy game takes microseconds, a game between slow bots tens
// of milliseconds. Any fixed count is either too small for the first (the per-piece
// channel, atomic and merge traffic shows) or far too large for the second (a piece of
// 2048 slow games runs for minutes, holding up Ctrl-C and the progress count, which both
// move per piece). So the first pieces are a single game, and each later one is sized from
// the time per game measured on the pieces finished so far to take about Config.PieceTime
// (DefaultPieceTime), growing at most fourfold over the largest finished piece and capped
// at MaxPiece games; near the end, pieces shrink so the last ones share out evenly.
//
// Setting Config.Chunk instead fixes every piece at that many games. Since the sequence of
// merge calls is then fixed by (Games, Shard, Shards, Chunk) alone, even a merge that is
// not commutative (a floating-point sum, a rolling hash) gives the same result for any
// number of workers. With pieces sized by time, the boundaries depend on timing, so only
// an order-insensitive merge (integer counters, which is what a tally should be) gives a
// result independent of timing and worker count; it is then bit-identical, since every
// game is merged exactly once and in index order.
//
// # Partial runs
//
// When the context is cancelled, workers stop before the next game (a piece in hand is
// dropped unfinished), so Run returns about one game after the cancellation however slow
// the games are. The result then holds exactly the longest contiguous prefix of completed
// pieces, so a partial run of n games equals a complete run of the first n games: it can
// be reported, compared and reproduced like any other. Cancellation is not an error;
// Result.Partial says so.
//
// # Shards
//
// A run can be split over processes: shard k of n plays the contiguous index range
// ShardRange(Games, k, n). Since seeds depend only on global indices, merging the tallies
// of all shards gives the unsharded run's tally exactly, for an order-insensitive merge.
package run
