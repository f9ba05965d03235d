package data

import (
	"bufio"
	_ "embed"
	"fmt"
	"strconv"
	"strings"
)

//go:embed characters.tsv
var charactersTSV string

// CharacterInfo is one row of characters.tsv.
type CharacterInfo struct {
	Name     string // printed name, e.g. "Willy the Kid"
	DiceLife int    // life in BANG! The Dice Game (the Sheriff adds 2)
	CardLife int    // life in the BANG! card game (the Sheriff adds 1)
}

// Characters returns the 16 characters in file order; the embedded table is checked by
// a test, so a parse error here is a build defect and panics.
func Characters() []CharacterInfo {
	cs, err := ParseCharacters(charactersTSV)
	if err != nil {
		panic(err)
	}
	return cs
}

// ParseCharacters reads a characters table: '#' comments, a header naming the columns
// name, dice_life and card_life (any order), then one tab-separated row per character.
func ParseCharacters(text string) ([]CharacterInfo, error) {
	var out []CharacterInfo
	col := map[string]int{}
	sc := bufio.NewScanner(strings.NewReader(text))
	line := 0
	for sc.Scan() {
		line++
		s := strings.TrimRight(sc.Text(), "\r")
		if s == "" || strings.HasPrefix(s, "#") {
			continue
		}
		fields := strings.Split(s, "\t")
		if len(col) == 0 {
			for i, f := range fields {
				col[strings.TrimSpace(f)] = i
			}
			for _, need := range []string{"name", "dice_life", "card_life"} {
				if _, ok := col[need]; !ok {
					return nil, fmt.Errorf("characters table line %d: header lacks column %q", line, need)
				}
			}
			continue
		}
		get := func(name string) (string, error) {
			i := col[name]
			if i >= len(fields) {
				return "", fmt.Errorf("characters table line %d: missing column %q", line, name)
			}
			return strings.TrimSpace(fields[i]), nil
		}
		var c CharacterInfo
		var err error
		if c.Name, err = get("name"); err != nil {
			return nil, err
		}
		if c.Name == "" {
			return nil, fmt.Errorf("characters table line %d: empty name", line)
		}
		for _, p := range []struct {
			col string
			dst *int
		}{{"dice_life", &c.DiceLife}, {"card_life", &c.CardLife}} {
			v, err := get(p.col)
			if err != nil {
				return nil, err
			}
			n, err := strconv.Atoi(v)
			if err != nil || n < 1 || n > 20 {
				return nil, fmt.Errorf("characters table line %d: %s %q is not a life between 1 and 20", line, p.col, v)
			}
			*p.dst = n
		}
		out = append(out, c)
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("characters table: %w", err)
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("characters table: no rows")
	}
	return out, nil
}
