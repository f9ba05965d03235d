package lab

// PlayLadderIndex exposes playLadderIndex to the external tests' allocation check.
var PlayLadderIndex = playLadderIndex

// PlayLadderPairs exposes playLadderPairs to the allocation test.
var PlayLadderPairs = playLadderPairs
