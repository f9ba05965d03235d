package main

// The one place the dice game enters the command line: registering its descriptor
// with the lab. Its own command (odds) lives in dice_*.go beside it.

import (
	"github.com/bangsim/bangsim/lab"
	"github.com/bangsim/bangsim/lab/dicegame"
)

func init() { lab.Register(dicegame.Game) }
