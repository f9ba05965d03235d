package main

// The one place the card game enters the command line: registering its descriptor
// with the lab.

import (
	"github.com/bangsim/bangsim/lab"
	"github.com/bangsim/bangsim/lab/cardgame"
)

func init() { lab.Register(cardgame.Game) }
