package data

import (
	"bufio"
	_ "embed"
	"fmt"
	"strings"
)

//go:embed card-deck.tsv
var deckTSV string

// Card is one physical card of the 80-card deck.
type Card struct {
	Name   string // e.g. "BANG!", "Missed!"
	Rank   string // "2".."10", "J", "Q", "K", "A"
	Suit   string // spades, hearts, diamonds, clubs
	Border string // brown (played and discarded) or blue (stays in play)
}

// Deck returns the 80 cards in file order; the embedded table is checked by a test.
func Deck() []Card {
	d, err := ParseDeck(deckTSV)
	if err != nil {
		panic(err)
	}
	return d
}

var validRanks = map[string]bool{"2": true, "3": true, "4": true, "5": true, "6": true, "7": true,
	"8": true, "9": true, "10": true, "J": true, "Q": true, "K": true, "A": true}
var validSuits = map[string]bool{"spades": true, "hearts": true, "diamonds": true, "clubs": true}
var validBorders = map[string]bool{"brown": true, "blue": true}

// ParseDeck reads a deck table: '#' comments, the header "name rank suit border", then
// one tab-separated card per line.
func ParseDeck(text string) ([]Card, error) {
	var out []Card
	header := false
	sc := bufio.NewScanner(strings.NewReader(text))
	line := 0
	for sc.Scan() {
		line++
		s := strings.TrimRight(sc.Text(), "\r")
		if s == "" || strings.HasPrefix(s, "#") {
			continue
		}
		f := strings.Split(s, "\t")
		if !header {
			if len(f) != 4 || f[0] != "name" || f[1] != "rank" || f[2] != "suit" || f[3] != "border" {
				return nil, fmt.Errorf("deck table line %d: header must be name, rank, suit, border", line)
			}
			header = true
			continue
		}
		if len(f) != 4 {
			return nil, fmt.Errorf("deck table line %d: want 4 tab-separated columns, got %d", line, len(f))
		}
		c := Card{Name: f[0], Rank: f[1], Suit: f[2], Border: f[3]}
		switch {
		case c.Name == "":
			return nil, fmt.Errorf("deck table line %d: empty card name", line)
		case !validRanks[c.Rank]:
			return nil, fmt.Errorf("deck table line %d: rank %q is not 2-10, J, Q, K or A", line, c.Rank)
		case !validSuits[c.Suit]:
			return nil, fmt.Errorf("deck table line %d: suit %q is not spades, hearts, diamonds or clubs", line, c.Suit)
		case !validBorders[c.Border]:
			return nil, fmt.Errorf("deck table line %d: border %q is not brown or blue", line, c.Border)
		}
		out = append(out, c)
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("deck table: %w", err)
	}
	if !header {
		return nil, fmt.Errorf("deck table: no header")
	}
	return out, nil
}
