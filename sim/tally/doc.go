// Package tally holds the integer counters that game outcomes are summed into. It knows
// nothing of any game: engines fill cells, runners merge them by addition (so results
// are exact for any worker count or shard split), and report turns them into rates with
// confidence intervals.
package tally
