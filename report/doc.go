// Package report turns tallied simulation results into win rates, confidence intervals,
// CSV and JSON files and terminal tables.
//
// It only reads results: it never imports the game engines or the bots, so that a
// change to the rules or to a policy cannot change how a result is counted or printed,
// and so that saved results can be re-reported without the code that produced them.
//
// A win-rate cell (Cell) holds integer sums only. Merging two cells is adding their
// fields, so a run split over workers or shards gives exactly the same numbers as one
// run, in any order. The confidence interval (WinRate) is cluster-robust, with the
// game as the cluster, because the seats of one team in one game win or lose together;
// docs/statistics.md explains the method for analysts.
package report
