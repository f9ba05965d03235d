package lab

import (
	"fmt"
	"slices"
	"strings"

	"github.com/bangsim/bangsim/sim/bang"
)

// Deal says how characters are given to seats (bang.Deal).
type Deal = bang.Deal

// The character deals (see bang.Deal).
const (
	DealRandom = bang.DealRandom
	DealPlain  = bang.DealPlain
	DealPool   = bang.DealPool
	DealSeats  = bang.DealSeats
)

// CharacterChoice is --characters resolved: a deal and, for a list, its characters.
type CharacterChoice struct {
	Deal Deal
	List []bang.Character
	// Names are List's names as the game's CharacterSet spells them (nil: the printed
	// names, Character.String), for run.json and the canonical configuration.
	Names []string
}

// ListNames returns the names of List's characters.
func (c CharacterChoice) ListNames() []string {
	if len(c.Names) == len(c.List) {
		return c.Names
	}
	names := make([]string, len(c.List))
	for i, ch := range c.List {
		names[i] = ch.String()
	}
	return names
}

// ParseCharacters reads --characters: "random", "plain" or a comma-separated list of
// character names or slugs in any case, each real character at most once (Plain may
// repeat); fixedSeats gives list[i] to seat i.
func ParseCharacters(s string, fixedSeats bool) (CharacterChoice, error) {
	return ParseCharactersIn(bang.PrintedNames(), s, fixedSeats)
}

// ParseCharactersIn is ParseCharacters naming the characters of set (Game.CharacterSet).
func ParseCharactersIn(set *bang.CharacterSet, s string, fixedSeats bool) (CharacterChoice, error) {
	switch strings.ToLower(strings.TrimSpace(s)) {
	case "random", "plain":
		if fixedSeats {
			return CharacterChoice{}, fmt.Errorf("--fixed-seats needs a list of characters, e.g. --characters plain,plain,plain")
		}
		if strings.EqualFold(strings.TrimSpace(s), "plain") {
			return CharacterChoice{Deal: DealPlain}, nil
		}
		return CharacterChoice{Deal: DealRandom}, nil
	}
	list, err := set.ParseList(s)
	if err != nil {
		return CharacterChoice{}, fmt.Errorf("--characters: %w", err)
	}
	deal := DealPool
	if fixedSeats {
		deal = DealSeats
	}
	names := make([]string, len(list))
	for i, ch := range list {
		names[i] = set.Name(ch)
	}
	return CharacterChoice{Deal: deal, List: list, Names: names}, nil
}

// ParsePolicyFor reads the --policy-for ROLE=SPEC flags of a game declared d into a
// spec by role; a role d does not declare or names twice is refused, and so is one that
// none of the table sizes in players deals.
func ParsePolicyFor(d *bang.Declaration, items []string, players []int) ([bang.NumRoles]string, error) {
	var by [bang.NumRoles]string
	var from [bang.NumRoles]string
	for _, it := range items {
		role, spec, ok := strings.Cut(it, "=")
		if !ok || strings.TrimSpace(spec) == "" {
			return by, fmt.Errorf("malformed --policy-for %q: want ROLE=NAME, e.g. outlaw=random", it)
		}
		r, err := bang.ParseRole(role)
		if err != nil {
			return by, fmt.Errorf("--policy-for %s: %w", it, err)
		}
		i := slices.Index(d.Roles, r)
		if i < 0 {
			return by, fmt.Errorf("--policy-for %s: this game has no %s (its roles: %s)", it, r, roleList(d))
		}
		if from[r] != "" {
			return by, fmt.Errorf("--policy-for names the %s twice (%q and %q); give each role one bot", r, from[r], it)
		}
		dealt := false
		for _, n := range players {
			dealt = dealt || d.RoleCounts(n)[i] > 0
		}
		if !dealt {
			return by, fmt.Errorf("--policy-for %s: no %s sits at a table of %s players", it, r, joinInts(players))
		}
		from[r] = it
		by[r] = strings.TrimSpace(spec)
	}
	return by, nil
}

// joinInts writes 3, 4 and 5 as "3, 4 or 5".
func joinInts(ns []int) string {
	var parts []string
	for _, n := range ns {
		parts = append(parts, fmt.Sprint(n))
	}
	if len(parts) <= 1 {
		return strings.Join(parts, "")
	}
	return strings.Join(parts[:len(parts)-1], ", ") + " or " + parts[len(parts)-1]
}

// roleList names a declaration's roles, "sheriff, deputy, outlaw, renegade".
func roleList(d *bang.Declaration) string {
	names := make([]string, len(d.Roles))
	for i, r := range d.Roles {
		names[i] = strings.ToLower(r.String())
	}
	return strings.Join(names, ", ")
}
