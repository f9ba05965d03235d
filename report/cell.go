package report

import "github.com/bangsim/bangsim/sim/tally"

// Cell is the integer tally of one win-rate cell (see tally.Cell): the engines fill it,
// report turns it into a rate and a cluster-robust interval with WinRate.
type Cell = tally.Cell
