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
