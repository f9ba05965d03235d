package bang

import (
	"fmt"
	"strings"
)

// MaxCharacters is the capacity of every per-character array (tallies, life changes,
// the engines' lookup tables): the printed 16 and Plain, and room for a designer's
// own. A game's CharacterSet says how many it has; exports, labels and loops use that
// count, never this capacity.
const MaxCharacters = 64

// CharacterSpec declares one character of a game: its printed name (its slug is
// derived), its starting life in that game and a one-line ability. An added
// character's Powers are its ability as the game's primitives (a printed character's
// are the engine's PrintedPowers, and these are ignored).
type CharacterSpec struct {
	Name    string
	Life    int
	Ability string
	Powers  Powers
}

// CharacterSet is the characters a game plays, numbered from 0 in declared order: the
// printed characters first under their Character constants (their abilities are the
// engines'), then Plain, then any added by NewCharacterSet. A set is read-only once
// made and shared by pointer (the engines' Rules hold one through CharacterDeal).
type CharacterSet struct {
	n     int
	specs [MaxCharacters]CharacterSpec
	slugs [MaxCharacters]string
	life  [MaxCharacters]int8
	box   []Character // what a random deal draws from: every character but Plain
}

// NewCharacterSet returns the set of specs, specs[i] numbered Character(i). The first
// NumCharacters must be the printed characters and Plain in Character order (their
// abilities are keyed on those numbers); the rest are added characters, with no ability
// an engine knows of unless it says otherwise. Names must differ as slugs and lives be
// at least 1.
func NewCharacterSet(specs []CharacterSpec) (*CharacterSet, error) {
	if len(specs) < int(NumCharacters) || len(specs) > MaxCharacters {
		return nil, fmt.Errorf("%d characters declared, want %d to %d (the printed %d and Plain first)", len(specs), NumCharacters, MaxCharacters, NumRealCharacters)
	}
	s := &CharacterSet{n: len(specs)}
	for i, sp := range specs {
		c := Character(i)
		slug := Slugify(sp.Name)
		switch {
		case c < NumCharacters && slug != c.Slug():
			return nil, fmt.Errorf("character %d is %q, want %s (the printed characters and Plain come first, in order)", i, sp.Name, c)
		case slug == "":
			return nil, fmt.Errorf("character %d has no name", i)
		case sp.Life < 1 || sp.Life > 127:
			return nil, fmt.Errorf("%s: life %d, want 1 to 127", sp.Name, sp.Life)
		}
		for j := range i {
			if s.slugs[j] == slug {
				return nil, fmt.Errorf("%q is declared twice (as %q and %q)", slug, s.specs[j].Name, sp.Name)
			}
		}
		s.specs[i], s.slugs[i], s.life[i] = sp, slug, int8(sp.Life)
		if c != Plain {
			s.box = append(s.box, c)
		}
	}
	return s, nil
}

// PrintedSet returns the printed characters and Plain with a game's life and ability
// for each: what each game's lab descriptor declares by default.
func PrintedSet(life func(Character) int, ability func(Character) string) *CharacterSet {
	specs := make([]CharacterSpec, NumCharacters)
	for c := range NumCharacters {
		specs[c] = CharacterSpec{Name: c.String(), Life: life(c), Ability: ability(c)}
	}
	s, err := NewCharacterSet(specs)
	if err != nil {
		panic(err) // the printed table is checked by a test
	}
	return s
}

// printedNames is the printed characters and Plain by name only (no life): what
// ParseCharacter and ParseCharacterList read. init fills it from characterNames.
var printedNames = &CharacterSet{n: int(NumCharacters)}

// PrintedNames returns the printed characters and Plain by name (their lives, being
// each game's, are 0): the set of a game that declares none.
func PrintedNames() *CharacterSet { return printedNames }

// Extend returns the set with added characters numbered after the last.
func (s *CharacterSet) Extend(added ...CharacterSpec) (*CharacterSet, error) {
	return NewCharacterSet(append(s.Specs(), added...))
}

// Len is the number of characters, Plain included.
func (s *CharacterSet) Len() int { return s.n }

// Printed reports whether the set is the printed characters and Plain only.
func (s *CharacterSet) Printed() bool { return s.n == int(NumCharacters) }

// Specs returns a copy of the declarations in order.
func (s *CharacterSet) Specs() []CharacterSpec { return append([]CharacterSpec(nil), s.specs[:s.n]...) }

// Has reports whether c is one of the set's characters.
func (s *CharacterSet) Has(c Character) bool { return int(c) < s.n }

// Name returns c's name ("character #N" outside the set, as Character.String).
func (s *CharacterSet) Name(c Character) string {
	if s.Has(c) {
		return s.specs[c].Name
	}
	return fmt.Sprintf("character #%d", int(c))
}

// Slug returns c's kebab-case name.
func (s *CharacterSet) Slug(c Character) string { return Slugify(s.Name(c)) }

// Life returns c's starting life in the set's game (0 outside the set).
func (s *CharacterSet) Life(c Character) int {
	if s.Has(c) {
		return int(s.life[c])
	}
	return 0
}

// Ability returns c's one-line ability.
func (s *CharacterSet) Ability(c Character) string {
	if s.Has(c) {
		return s.specs[c].Ability
	}
	return ""
}

// Box lists what a random deal draws from, in order: every character but Plain. The
// slice is shared: callers must not modify it.
func (s *CharacterSet) Box() []Character { return s.box }

// Parse accepts a name or a slug of one of the set's characters, in any case.
func (s *CharacterSet) Parse(name string) (Character, error) {
	slug := Slugify(name)
	for c := range s.n {
		if s.slugs[c] == slug {
			return Character(c), nil
		}
	}
	return 0, fmt.Errorf("%w %q (run `bangsim characters` for the list)", ErrUnknownCharacter, name)
}

// ParseList reads a comma-separated list of the set's characters as
// ParseCharacterList does: each real character once, Plain as often as wanted.
func (s *CharacterSet) ParseList(text string) ([]Character, error) {
	var list []Character
	var seen [MaxCharacters]string
	for _, name := range strings.Split(text, ",") {
		if strings.TrimSpace(name) == "" {
			return nil, fmt.Errorf("%w %q: an empty name in the list", ErrCharacterList, text)
		}
		c, err := s.Parse(name)
		if err != nil {
			return nil, err
		}
		if c != Plain && seen[c] != "" {
			return nil, fmt.Errorf("%w %q: %s is listed twice (as %q and %q); each character is one card",
				ErrCharacterList, text, s.Name(c), seen[c], strings.TrimSpace(name))
		}
		seen[c] = strings.TrimSpace(name)
		list = append(list, c)
	}
	return list, nil
}
