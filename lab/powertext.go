package lab

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/bangsim/bangsim/resultfile"
	"github.com/bangsim/bangsim/sim/bang"
)

// ParsePower reads one power in its short form, as bang.Power.Format writes it and
// run.json records it: a primitive of table by name, alone ("lucky_draw": its
// defaults) or with some of its parameters ("draw_on_hit(cards=1,by=duel)"), a choice
// by name or number. Errors name what the table or the primitive allows.
func ParsePower(table []bang.Primitive, text string) (bang.Power, error) {
	text = strings.TrimSpace(text)
	name, inside, hasArgs := strings.Cut(text, "(")
	name = strings.TrimSpace(name)
	if hasArgs {
		var ok bool
		if inside, ok = strings.CutSuffix(strings.TrimSpace(inside), ")"); !ok {
			return bang.Power{}, fmt.Errorf("%q has no closing ')': write PRIMITIVE(PARAM=VALUE,...), e.g. draw_on_hit(cards=1,by=duel)", text)
		}
	}
	i, err := bang.FindPrimitive(table, name)
	if err != nil {
		return bang.Power{}, err
	}
	var b powerBuilder
	b.start(table, i)
	if hasArgs && strings.TrimSpace(inside) != "" {
		for _, item := range strings.Split(inside, ",") {
			key, val, ok := strings.Cut(item, "=")
			if !ok {
				return bang.Power{}, fmt.Errorf("%s: %q has no '=': write PARAM=VALUE", name, strings.TrimSpace(item))
			}
			if err := b.set(strings.TrimSpace(key), strings.TrimSpace(val)); err != nil {
				return bang.Power{}, err
			}
		}
	}
	return b.pw, nil
}

// powerBuilder sets a power's parameters one by one, each at most once, from the
// defaults: what the short form and a character file's mapping both read.
type powerBuilder struct {
	prim  *bang.Primitive
	pw    bang.Power
	given [bang.MaxPowerArgs]bool
}

// start begins primitive i of table at its defaults.
func (b *powerBuilder) start(table []bang.Primitive, i int) {
	b.prim, b.pw, b.given = &table[i], bang.Power{Prim: uint8(i + 1)}, [bang.MaxPowerArgs]bool{}
	for j, p := range b.prim.Params {
		b.pw.Args[j] = uint8(p.Default)
	}
}

// param returns the index of the primitive's parameter name, or an error listing them.
func (b *powerBuilder) param(name string) (int, error) {
	for j := range b.prim.Params {
		if b.prim.Params[j].Name == name {
			return j, nil
		}
	}
	if len(b.prim.Params) == 0 {
		return -1, fmt.Errorf("%s has no parameter %q (it takes none)", b.prim.Name, name)
	}
	names := make([]string, len(b.prim.Params))
	for j := range b.prim.Params {
		names[j] = b.prim.Params[j].Name
	}
	return -1, fmt.Errorf("%s has no parameter %q (allowed: %s)", b.prim.Name, name, strings.Join(names, ", "))
}

// set reads the value of parameter name: a whole number in its range, or one of its
// choices by name.
func (b *powerBuilder) set(name, val string) error {
	j, err := b.param(name)
	if err != nil {
		return err
	}
	if b.given[j] {
		return fmt.Errorf("%s.%s is given twice", b.prim.Name, name)
	}
	v, err := paramValue(&b.prim.Params[j], val)
	if err != nil {
		return fmt.Errorf("%s.%s: %w", b.prim.Name, name, err)
	}
	b.given[j], b.pw.Args[j] = true, uint8(v)
	return nil
}

// paramValue reads one parameter's value, refusing what is outside it and naming what
// is allowed.
func paramValue(p *bang.PrimitiveParam, val string) (int, error) {
	if p.Choices != nil {
		if i := slices.IndexFunc(p.Choices, func(c string) bool { return strings.EqualFold(c, val) }); i >= 0 {
			return i, nil
		}
	}
	v, err := strconv.Atoi(strings.TrimPrefix(val, "+"))
	switch {
	case err != nil && p.Choices != nil:
		return 0, fmt.Errorf("%q is not one of its choices (allowed: %s, or their numbers 0 to %d; default %s)",
			val, strings.Join(p.Choices, ", "), len(p.Choices)-1, p.Choices[p.Default])
	case err != nil:
		return 0, fmt.Errorf("%q is not a whole number (allowed: %d to %d; default %d)", val, p.Min, p.Max, p.Default)
	case v < p.Min || v > p.Max:
		if p.Choices != nil {
			return 0, fmt.Errorf("%d is out of range (allowed: %s, or their numbers 0 to %d; default %s)",
				v, strings.Join(p.Choices, ", "), len(p.Choices)-1, p.Choices[p.Default])
		}
		return 0, fmt.Errorf("%d is out of range (allowed: %d to %d; default %d)", v, p.Min, p.Max, p.Default)
	}
	return v, nil
}

// describePowers is an added character's ability where its file gives none: each
// primitive's one line, with the values of its parameters.
func describePowers(table []bang.Primitive, p *bang.Powers) string {
	var parts []string
	for _, pw := range p {
		if pw.Prim == 0 {
			continue
		}
		pr := &table[pw.Prim-1]
		s := pr.Doc
		if len(pr.Params) > 0 {
			if _, args, ok := strings.Cut(pw.Format(table), "("); ok {
				s += " (" + strings.ReplaceAll(strings.TrimSuffix(args, ")"), ",", ", ") + ")"
			}
		}
		parts = append(parts, s)
	}
	if parts == nil {
		return "none"
	}
	return strings.Join(parts, "; ")
}

// RecordCharacters returns the characters g plays beyond the printed ones and Plain,
// as run.json records them (nil when none is added).
func RecordCharacters(g *Game) []resultfile.AddedCharacter {
	specs := g.CharacterSet().Specs()[bang.NumCharacters:]
	if len(specs) == 0 {
		return nil
	}
	out := make([]resultfile.AddedCharacter, len(specs))
	for i, sp := range specs {
		out[i] = resultfile.AddedCharacter{Name: sp.Name, Life: sp.Life, Ability: sp.Ability, Powers: []string{}}
		for _, pw := range sp.Powers {
			if s := pw.Format(g.Primitives); s != "" {
				out[i].Powers = append(out[i].Powers, s)
			}
		}
	}
	return out
}

// WithRecorded returns g playing the added characters a run.json recorded (g itself
// when there are none), their powers read back with g's primitive table.
func WithRecorded(g *Game, added []resultfile.AddedCharacter) (*Game, error) {
	return withRecordedIn(g, added, resultfile.RunFile)
}

// WithRecordedIn is WithRecorded for a result file other than run.json (a person's
// duel's play file), which its errors name.
func WithRecordedIn(g *Game, added []resultfile.AddedCharacter, file string) (*Game, error) {
	return withRecordedIn(g, added, file)
}

// withRecordedIn is WithRecorded for the result file named file (run.json,
// compare.json, ...), which its errors name.
func withRecordedIn(g *Game, added []resultfile.AddedCharacter, file string) (*Game, error) {
	if len(added) == 0 {
		return g, nil
	}
	if g.WithCharacters == nil {
		return nil, fmt.Errorf("%s adds %d characters, and the %s game plays no added characters", file, len(added), g.Name)
	}
	specs := make([]bang.CharacterSpec, len(added))
	for i, a := range added {
		specs[i] = bang.CharacterSpec{Name: a.Name, Life: a.Life, Ability: a.Ability}
		if len(a.Powers) > bang.MaxPowers {
			return nil, fmt.Errorf("%s added_characters %s: %d powers, at most %d", file, a.Name, len(a.Powers), bang.MaxPowers)
		}
		for j, text := range a.Powers {
			pw, err := ParsePower(g.Primitives, text)
			if err != nil {
				return nil, fmt.Errorf("%s added_characters %s: %w", file, a.Name, err)
			}
			specs[i].Powers[j] = pw
		}
	}
	out, err := g.WithCharacters(specs)
	if err != nil {
		return nil, fmt.Errorf("%s added_characters: %w", file, err)
	}
	return out, nil
}

// GameOfRecord returns the game a result file other than run.json (compare.json,
// ladder.json, tune.json, a play file) was played with: the registered game name, with
// the characters the file recorded added; file names the file in errors.
func GameOfRecord(file, name string, added []resultfile.AddedCharacter) (*Game, error) {
	g, err := LookupGame(name)
	if r, ok := recorded[strings.ToLower(strings.TrimSpace(name))]; ok && err != nil {
		g, err = r, nil // the long duel's ladder, tune or play file
	}
	if err != nil {
		return nil, fmt.Errorf("%s: %w", file, err)
	}
	return withRecordedIn(g, added, file)
}

// addedNames lists the names of recorded added characters, "none" for none.
func addedNames(a []resultfile.AddedCharacter) string {
	if len(a) == 0 {
		return "none"
	}
	s := make([]string, len(a))
	for i := range a {
		s[i] = a[i].Name
	}
	return strings.Join(s, ", ")
}

// GameOfRun returns the game a run.json was played with: its registered game, with the
// characters it recorded added.
func GameOfRun(r *resultfile.Run) (*Game, error) {
	g, err := LookupGame(r.Game)
	if err != nil {
		return nil, err
	}
	return WithRecorded(g, r.Characters)
}

// PowersText returns character c's ability as g's primitives in short form, and whether
// c is an added character (a printed one's are g.PrintedPowers, "" where g has none).
func (g *Game) PowersText(c int) (text string, added bool) {
	set := g.CharacterSet()
	switch {
	case c >= int(bang.NumCharacters) && c < set.Len():
		p := set.Specs()[c].Powers
		return p.Format(g.Primitives), true
	case g.PrintedPowers != nil && c >= 0 && c < int(bang.NumCharacters):
		p := g.PrintedPowers(bang.Character(c))
		return p.Format(g.Primitives), false
	}
	return "", false
}

// ParseCharacterIn reads one seat's character, by name or slug, among set's (nil: the
// printed ones and Plain), as a position for advise names it; an unknown name's one
// line lists the names allowed, the added ones included.
func ParseCharacterIn(set *bang.CharacterSet, name string) (bang.Character, error) {
	if set == nil {
		set = bang.PrintedNames()
	}
	c, err := set.Parse(strings.TrimSpace(name))
	if err == nil {
		return c, nil
	}
	names := make([]string, set.Len())
	for i := range names {
		names[i] = set.Name(bang.Character(i))
	}
	more := ""
	if set.Printed() {
		more = "; a character a file defines needs its --characters-file"
	}
	return 0, fmt.Errorf("unknown character %q (allowed: %s%s)", strings.TrimSpace(name), strings.Join(names, ", "), more)
}
