// Package data embeds the game facts bangsim is built on (the characters' life points
// and the card deck) and parses them, so that rules code reads numbers from the same
// tables the rulebooks give rather than from constants typed by hand.
package data
