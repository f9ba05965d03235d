package main

// The one place the card game enters the command line: registering its descriptor
// with the lab.

import (
	"github.com/bangsim/bangsim/lab"
	"github.com/bangsim/bangsim/lab/cardgame"
)

// The long duel is no lab Game, but its ladder, tune and play files name it: readers
// rebuild its added characters through lab.GameOfRecord.
func init() {
	lab.Register(cardgame.Game)
	lab.RegisterRecorded(cardgame.DuelLabGame())
}
