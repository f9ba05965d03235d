package lab

// PlayLadderIndex exposes playLadderIndex to the external tests' allocation check.
var PlayLadderIndex = playLadderIndex
