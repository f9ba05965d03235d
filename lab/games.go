package lab

import (
	"fmt"
	"sort"
	"strings"
)

// games is the table of games the lab can play, by name.
var games = map[string]*Game{}

// Register adds a game to the table; a second game of one name is a programming error.
func Register(g *Game) {
	if _, dup := games[g.Name]; dup {
		panic("lab: game registered twice: " + g.Name)
	}
	games[g.Name] = g
}

// recorded are the games result files name that are no lab Game to run (the long
// duel): GameOfRecord rebuilds their added characters, LookupGame does not offer them.
var recorded = map[string]*Game{}

// RegisterRecorded adds g to the games GameOfRecord reads but --game does not offer:
// the long duel, whose ladder.json, tune.json and play files record added characters.
func RegisterRecorded(g *Game) {
	if _, dup := recorded[g.Name]; dup {
		panic("lab: recorded game registered twice: " + g.Name)
	}
	recorded[g.Name] = g
}

// Names lists the registered games in alphabetical order.
func Names() []string {
	out := make([]string, 0, len(games))
	for n := range games {
		out = append(out, n)
	}
	sort.Strings(out)
	return out
}

// Games lists the registered games in alphabetical order.
func Games() []*Game {
	var out []*Game
	for _, n := range Names() {
		out = append(out, games[n])
	}
	return out
}

// LookupGame returns the game named name (any case).
func LookupGame(name string) (*Game, error) {
	if g, ok := games[strings.ToLower(strings.TrimSpace(name))]; ok {
		return g, nil
	}
	return nil, fmt.Errorf("unknown --game %q: want %s", name, strings.Join(Names(), " or "))
}
