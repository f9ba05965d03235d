package lab

import (
	"fmt"
	"os"
	"strings"

	"go.yaml.in/yaml/v3"

	"github.com/bangsim/bangsim/internal/yamlnode"
	"github.com/bangsim/bangsim/sim/bang"
)

// MaxLife is the most life a character may start with: what the engines' tallies hold
// (bang.NewCharacterSet).
const MaxLife = 127

// characterFileWant is what a character file holds, for the messages of a file that
// holds something else.
const characterFileWant = "a mapping with game and characters (see docs/guide.md, \"A new character from a file\")"

// ReadCharacterFile reads the character file at path (--characters-file) for game g
// and returns g playing its characters after the printed ones, and those characters.
// Every error is one line naming the file, the line, the field and what is allowed.
func ReadCharacterFile(path string, g *Game) (*Game, []bang.CharacterSpec, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, nil, fmt.Errorf("--characters-file: %w", err)
	}
	return ParseCharacterFile(data, path, g)
}

// ParseCharacterFile reads a character file's data, named file in its errors, for game
// g (see ReadCharacterFile):
//
//	game: card
//	characters:
//	  - name: Duel Dodger
//	    life: 3
//	    ability: draws a card when hit by a Duel   # optional: made from the powers
//	    powers:
//	      - draw_on_hit: {cards: 1, by: duel}
//	      - lucky_draw                             # no parameters: the defaults
//
// A power is one of g's primitives (Game.Primitives) with some of its parameters, a
// choice by name or number; the short form "draw_on_hit(cards=1,by=duel)" is read too.
func ParseCharacterFile(data []byte, file string, g *Game) (*Game, []bang.CharacterSpec, error) {
	r := newYAMLReader(file)
	root, err := r.Document(data, characterFileWant, "the file is one document; remove the --- line")
	if err != nil {
		return nil, nil, err
	}
	pairs, err := r.Pairs(root, "", []string{"game", "characters"})
	if err != nil {
		return nil, nil, err
	}
	var chars *yaml.Node
	var gameSeen bool
	for _, p := range pairs {
		switch p.Key {
		case "game":
			name, err := r.Text(p.V, "game")
			if err != nil {
				return nil, nil, err
			}
			if err := r.checkGame(p.V, name, g); err != nil {
				return nil, nil, err
			}
			gameSeen = true
		case "characters":
			chars = p.V
		}
	}
	if !gameSeen {
		return nil, nil, r.Fail(root, "game", "missing: say which game the characters are for (allowed: %s)", strings.Join(Names(), ", "))
	}
	if chars == nil {
		return nil, nil, r.Fail(root, "characters", "missing: list the characters to add, each with name, life and powers")
	}
	items, err := r.list(chars, "characters")
	if err != nil {
		return nil, nil, err
	}
	if len(items) == 0 {
		return nil, nil, r.Fail(chars, "characters", "the list is empty: add at least one character")
	}
	set := g.CharacterSet()
	names := map[string]string{} // slug: where it is declared
	for c := range bang.Character(set.Len()) {
		names[set.Slug(c)] = "a printed character"
	}
	specs := make([]bang.CharacterSpec, 0, len(items))
	for i, it := range items {
		field := fmt.Sprintf("characters[%d]", i)
		if set.Len()+i >= bang.MaxCharacters {
			return nil, nil, r.Fail(it, field, "one character too many: a game holds at most %d characters, the %d printed and Plain and %d added",
				bang.MaxCharacters, set.Len(), bang.MaxCharacters-set.Len())
		}
		sp, err := r.character(it, field, g.Primitives, names)
		if err != nil {
			return nil, nil, err
		}
		specs = append(specs, sp)
	}
	out, err := g.WithCharacters(specs)
	if err != nil { // every check the set makes was made above; this is a bug
		return nil, nil, &FileError{File: file, Field: "characters", Msg: err.Error()}
	}
	return out, specs, nil
}

// checkGame refuses a game other than g, and a g that plays no added characters.
func (r *yamlReader) checkGame(n *yaml.Node, name string, g *Game) error {
	if strings.EqualFold(strings.TrimSpace(name), g.Name) && g.WithCharacters != nil && len(g.Primitives) > 0 {
		return nil // a game not registered (the long duel) reads files of its own name
	}
	known, err := LookupGame(name)
	switch {
	case err == nil && g.CharactersOf != "" && known.Name == g.CharactersOf && g.WithCharacters != nil:
		return nil // the long duel reads the card game's files
	case err != nil:
		return r.Fail(n, "game", "unknown game %q (allowed: %s)", name, strings.Join(Names(), ", "))
	case known.Name != g.Name:
		return r.Fail(n, "game", "the file is for the %s game, and the command plays %s (give --game %s, or the file of the %s game)", known.Name, g.Name, known.Name, g.Name)
	case g.WithCharacters == nil || len(g.Primitives) == 0:
		return r.Fail(n, "game", "the %s game plays no added characters yet", g.Name)
	}
	return nil
}

// character reads one item of characters; names holds the slugs declared before it
// (the printed characters' and the file's), where it adds its own.
func (r *yamlReader) character(n *yaml.Node, field string, table []bang.Primitive, names map[string]string) (bang.CharacterSpec, error) {
	var sp bang.CharacterSpec
	pairs, err := r.Pairs(n, field, []string{"name", "life", "ability", "powers"})
	if err != nil {
		return sp, err
	}
	var hasName, hasLife, hasAbility bool
	for _, p := range pairs {
		f := yamlnode.Join(field, p.Key)
		switch p.Key {
		case "name":
			if sp.Name, err = r.Text(p.V, f); err != nil {
				return sp, err
			}
			sp.Name = strings.TrimSpace(sp.Name)
			slug := bang.Slugify(sp.Name)
			if slug == "" {
				return sp, r.Fail(p.V, f, "empty: give the character a name with a letter or a digit")
			}
			if strings.ContainsAny(sp.Name, ",=\n") {
				return sp, r.Fail(p.V, f, "%q has a comma, an '=' or a line break, which --characters and --life could not name (allowed: letters, digits, spaces, - . ')", sp.Name)
			}
			if slug == "random" {
				return sp, r.Fail(p.V, f, "%q is what --characters calls the random deal: give the character another name", sp.Name)
			}
			if where, dup := names[slug]; dup {
				return sp, r.Fail(p.V, f, "%q is taken (as %s): give each character a name of its own", sp.Name, where)
			}
			names[slug] = fmt.Sprintf("%q on line %d", sp.Name, p.V.Line)
			hasName = true
		case "life":
			if sp.Life, err = r.integer(p.V, f, 1, MaxLife); err != nil {
				return sp, err
			}
			hasLife = true
		case "ability":
			if sp.Ability, err = r.Text(p.V, f); err != nil {
				return sp, err
			}
			if sp.Ability = strings.TrimSpace(sp.Ability); strings.Contains(sp.Ability, "\n") {
				return sp, r.Fail(p.V, f, "more than one line: an ability is one line")
			}
			hasAbility = sp.Ability != ""
		case "powers":
			if sp.Powers, err = r.powers(p.V, f, table); err != nil {
				return sp, err
			}
		}
	}
	switch {
	case !hasName:
		return sp, r.Fail(n, yamlnode.Join(field, "name"), "missing: every character needs a name")
	case !hasLife:
		return sp, r.Fail(n, yamlnode.Join(field, "life"), "missing: say the character's starting life (allowed: 1 to %d)", MaxLife)
	}
	if !hasAbility {
		sp.Ability = describePowers(table, &sp.Powers)
	}
	return sp, nil
}

// powers reads a character's list of powers: each a primitive's name alone, a mapping
// of one primitive to its parameters, or the short form.
func (r *yamlReader) powers(n *yaml.Node, field string, table []bang.Primitive) (bang.Powers, error) {
	var out bang.Powers
	if n.Kind == yaml.ScalarNode && n.Tag == "!!null" {
		return out, nil // powers: with nothing after it: none
	}
	items, err := r.list(n, field)
	if err != nil {
		return out, err
	}
	seen := map[uint8]int{}
	for i, it := range items {
		f := fmt.Sprintf("%s[%d]", field, i)
		if i >= bang.MaxPowers {
			return out, r.Fail(it, f, "one power too many: a character composes at most %d primitives", bang.MaxPowers)
		}
		pw, err := r.power(it, f, table)
		if err != nil {
			return out, err
		}
		if line, dup := seen[pw.Prim]; dup {
			return out, r.Fail(it, f, "%s is given twice (first on line %d): give each primitive once, with all its parameters", table[pw.Prim-1].Name, line)
		}
		seen[pw.Prim] = it.Line
		out[i] = pw
	}
	return out, nil
}

// power reads one item of powers.
func (r *yamlReader) power(n *yaml.Node, field string, table []bang.Primitive) (bang.Power, error) {
	switch n.Kind {
	case yaml.ScalarNode:
		text, err := r.Text(n, field)
		if err != nil {
			return bang.Power{}, err
		}
		pw, err := ParsePower(table, text)
		if err != nil {
			return bang.Power{}, r.Fail(n, field, "%s", err)
		}
		return pw, nil
	case yaml.MappingNode:
		pairs, err := r.Pairs(n, field, nil)
		if err != nil {
			return bang.Power{}, err
		}
		if len(pairs) != 1 {
			return bang.Power{}, r.Fail(n, field, "%d primitives in one item: write one per item, PRIMITIVE: {PARAM: VALUE, ...}", len(pairs))
		}
		p := pairs[0]
		i, err := bang.FindPrimitive(table, p.Key)
		if err != nil {
			return bang.Power{}, r.Fail(p.K, field, "%s", err)
		}
		var b powerBuilder
		b.start(table, i)
		f := yamlnode.Join(field, p.Key)
		if p.V.Kind == yaml.ScalarNode && p.V.Tag == "!!null" {
			return b.pw, nil // "lucky_draw:" with nothing after it: the defaults
		}
		args, err := r.Pairs(p.V, f, nil)
		if err != nil {
			return bang.Power{}, err
		}
		for _, a := range args {
			val, err := r.Text(a.V, yamlnode.Join(f, a.Key))
			if err != nil {
				return bang.Power{}, err
			}
			if _, err := b.param(a.Key); err != nil {
				return bang.Power{}, r.Fail(a.K, yamlnode.Join(f, a.Key), "%s", err)
			}
			if err := b.set(a.Key, strings.TrimSpace(val)); err != nil {
				return bang.Power{}, r.Fail(a.V, yamlnode.Join(f, a.Key), "%s", err)
			}
		}
		return b.pw, nil
	}
	return bang.Power{}, r.Fail(n, field, "want a primitive's name or PRIMITIVE: {PARAM: VALUE, ...}, not %s", yamlnode.KindName(n))
}

// FormatCharacterFile writes the added characters specs of game g as a character
// file that ParseCharacterFile reads back to the same specs: each power as a mapping
// of its primitive to every parameter's value.
func FormatCharacterFile(g *Game, specs []bang.CharacterSpec) ([]byte, error) {
	str := func(s string) *yaml.Node { return &yaml.Node{Kind: yaml.ScalarNode, Value: s} }
	quoted := func(s string) *yaml.Node {
		return &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!str", Value: s, Style: yaml.DoubleQuotedStyle}
	}
	list := &yaml.Node{Kind: yaml.SequenceNode}
	for _, sp := range specs {
		powers := &yaml.Node{Kind: yaml.SequenceNode}
		for _, pw := range sp.Powers {
			if pw.Prim == 0 {
				continue
			}
			if int(pw.Prim) > len(g.Primitives) {
				return nil, fmt.Errorf("%s: power %d is no primitive of the %s game", sp.Name, pw.Prim, g.Name)
			}
			pr := &g.Primitives[pw.Prim-1]
			args := &yaml.Node{Kind: yaml.MappingNode, Style: yaml.FlowStyle}
			for j, par := range pr.Params {
				v := str(fmt.Sprint(pw.Args[j]))
				if int(pw.Args[j]) < len(par.Choices) {
					v = str(par.Choices[pw.Args[j]])
				}
				args.Content = append(args.Content, str(par.Name), v)
			}
			powers.Content = append(powers.Content, &yaml.Node{Kind: yaml.MappingNode, Content: []*yaml.Node{str(pr.Name), args}})
		}
		ch := &yaml.Node{Kind: yaml.MappingNode, Content: []*yaml.Node{
			str("name"), quoted(sp.Name), str("life"), str(fmt.Sprint(sp.Life)),
			str("ability"), quoted(sp.Ability), str("powers"), powers,
		}}
		list.Content = append(list.Content, ch)
	}
	doc := &yaml.Node{Kind: yaml.MappingNode, Content: []*yaml.Node{str("game"), str(g.Name), str("characters"), list}}
	return yaml.Marshal(doc)
}
