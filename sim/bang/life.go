package bang

import (
	"fmt"
	"strconv"
	"strings"
)

// MaxLifeDelta bounds each character's life change in a --life option: −5 to +5.
const MaxLifeDelta = 5

// ErrLifeDeltas is wrapped by ParseLifeDeltas's errors.
var ErrLifeDeltas = fmt.Errorf("bad life changes")

// LifeDeltas is a life change per character, added to its printed life at the deal (so
// to its maximum life too); the zero value changes nothing. It is sized for any set
// (MaxCharacters); a set's characters are its first Len entries.
type LifeDeltas [MaxCharacters]int8

// ParseLifeDeltas reads a --life option: a comma-separated list NAME=DELTA, the name
// printed or as a slug in any case, the delta signed ("+2", "-1") from −MaxLifeDelta to
// +MaxLifeDelta, each character at most once: "Willy the Kid=+2,el-gringo=-1". An empty
// text changes nothing. Whether the changed life stays at least 1 is each game's check.
func ParseLifeDeltas(s string) (LifeDeltas, error) { return printedNames.ParseLifeDeltas(s) }

// ParseLifeDeltas reads a --life option naming the set's characters (see the function
// ParseLifeDeltas).
func (set *CharacterSet) ParseLifeDeltas(s string) (LifeDeltas, error) {
	var d LifeDeltas
	if strings.TrimSpace(s) == "" {
		return d, nil
	}
	var seen [MaxCharacters]bool
	for _, item := range strings.Split(s, ",") {
		name, delta, ok := strings.Cut(item, "=")
		if !ok || strings.TrimSpace(name) == "" {
			return d, fmt.Errorf("%w %q: want NAME=DELTA, e.g. \"Willy the Kid=+2\"", ErrLifeDeltas, strings.TrimSpace(item))
		}
		c, err := set.Parse(name)
		if err != nil {
			return d, fmt.Errorf("%w: %w", ErrLifeDeltas, err)
		}
		if seen[c] {
			return d, fmt.Errorf("%w %q: %s is listed twice", ErrLifeDeltas, s, set.Name(c))
		}
		seen[c] = true
		v, err := parseDelta(delta)
		if err != nil {
			return d, fmt.Errorf("%w: %s=%s: %v", ErrLifeDeltas, set.Name(c), strings.TrimSpace(delta), err)
		}
		d[c] = int8(v)
	}
	return d, nil
}

// Check reports the first change outside ±MaxLifeDelta or leaving a character below 1
// life, life giving each character's printed life in the game at hand: the engines'
// Validate share it. Only the characters changed are checked (an unchanged one keeps
// its life), so life is asked only of characters a change names.
func (d *LifeDeltas) Check(life func(Character) int) error {
	return d.CheckCount(int(NumCharacters), life)
}

// CheckCount is Check for a game of n characters (CharacterDeal.Count): a change to a
// character past them is refused too.
func (d *LifeDeltas) CheckCount(n int, life func(Character) int) error {
	for c := range Character(MaxCharacters) {
		v := int(d[c])
		switch {
		case v == 0:
		case int(c) >= n:
			return fmt.Errorf("%w: a life change %+d for character number %d, which the game does not have", ErrLifeDeltas, v, c)
		case v < -MaxLifeDelta || v > MaxLifeDelta:
			return fmt.Errorf("%w: %s's life change %+d, want -%d to +%d", ErrLifeDeltas, c, v, MaxLifeDelta, MaxLifeDelta)
		case life(c)+v < 1:
			return fmt.Errorf("%w: %s's life change %+d leaves %d life, want at least 1", ErrLifeDeltas, c, v, life(c)+v)
		}
	}
	return nil
}

// parseDelta reads a signed whole number within ±MaxLifeDelta; the sign is required so
// that a delta cannot be mistaken for a life total.
func parseDelta(s string) (int, error) {
	s = strings.TrimSpace(strings.ReplaceAll(s, "−", "-")) // a typographic minus too
	if s == "" || (s[0] != '+' && s[0] != '-') {
		return 0, fmt.Errorf("want a signed change such as +2 or -1")
	}
	v, err := strconv.Atoi(s)
	if err != nil {
		return 0, fmt.Errorf("want a signed whole number such as +2 or -1")
	}
	if v < -MaxLifeDelta || v > MaxLifeDelta {
		return 0, fmt.Errorf("out of range (-%d to +%d)", MaxLifeDelta, MaxLifeDelta)
	}
	return v, nil
}

// String writes the changes in canonical form, in character order with printed names
// and explicit signs, the characters left unchanged omitted: "El Gringo=-1,Willy the
// Kid=+2" ("" for none). ParseLifeDeltas reads it back.
func (d *LifeDeltas) String() string { return d.StringIn(printedNames) }

// StringIn is String naming the characters of set.
func (d *LifeDeltas) StringIn(set *CharacterSet) string {
	var parts []string
	for c := range Character(set.Len()) {
		if d[c] != 0 {
			parts = append(parts, fmt.Sprintf("%s=%+d", set.Name(c), d[c]))
		}
	}
	return strings.Join(parts, ",")
}

// Phrase describes the changes for people, "El Gringo -1 life, Willy the Kid +2 life"
// ("" for none).
func (d *LifeDeltas) Phrase() string { return d.PhraseIn(printedNames) }

// PhraseIn is Phrase naming the characters of set.
func (d *LifeDeltas) PhraseIn(set *CharacterSet) string {
	var parts []string
	for c := range Character(set.Len()) {
		if d[c] != 0 {
			parts = append(parts, fmt.Sprintf("%s %+d life", set.Name(c), d[c]))
		}
	}
	return strings.Join(parts, ", ")
}

// CanonLifeDeltas checks a --life text and returns its canonical form and its phrase
// (see LifeDeltas.String and Phrase): a game's rule-option table entry uses it as the
// option's Canon.
func CanonLifeDeltas(s string) (canonical, phrase string, err error) {
	return printedNames.CanonLifeDeltas(s)
}

// CanonLifeDeltas is the function CanonLifeDeltas naming the characters of set.
func (set *CharacterSet) CanonLifeDeltas(s string) (canonical, phrase string, err error) {
	d, err := set.ParseLifeDeltas(s)
	if err != nil {
		return "", "", err
	}
	return d.StringIn(set), d.PhraseIn(set), nil
}
