package report

import (
	"bytes"
	"encoding/base64"
	"encoding/binary"
	"errors"
	"fmt"
	"html"
	"regexp"
	"slices"
	"sort"

	"golang.org/x/image/font/sfnt"
)

// A standalone SVG embeds its font, and the whole Liberation Sans face is about 560 KB
// of base64, 97% of the file. subsetSVGFont keeps in the embedded face only the glyphs
// the chart's text uses, so that each file is a few tens of KB and still shows the same
// everywhere. The HTML page keeps the whole face once, since its own text uses it too.

// svgEmbeddedFont finds the base64 TrueType data of the @font-face rule vgsvg writes.
var svgEmbeddedFont = regexp.MustCompile(`data:font/ttf;charset=utf-8;base64,([A-Za-z0-9+/=]+)`)

// svgText finds the content of every <text> element.
var svgText = regexp.MustCompile(`(?s)<text[^>]*>(.*?)</text>`)

// subsetSVGFont replaces the embedded font of svg by its subset to the characters the
// svg's text elements hold. An SVG without an embedded font is returned as it is.
func subsetSVGFont(svg []byte) ([]byte, error) {
	m := svgEmbeddedFont.FindSubmatchIndex(svg)
	if m == nil {
		return svg, nil
	}
	raw, err := base64.StdEncoding.DecodeString(string(svg[m[2]:m[3]]))
	if err != nil {
		return nil, fmt.Errorf("embedded font: %v", err)
	}
	var runes []rune
	for _, t := range svgText.FindAllSubmatch(svg, -1) {
		runes = append(runes, []rune(html.UnescapeString(string(t[1])))...)
	}
	sub, err := subsetTTF(raw, runes)
	if err != nil {
		return nil, fmt.Errorf("embedded font: %v", err)
	}
	var out bytes.Buffer
	out.Write(svg[:m[2]])
	out.WriteString(base64.StdEncoding.EncodeToString(sub))
	out.Write(svg[m[3]:])
	return out.Bytes(), nil
}

// droppedTables are the tables a subset leaves out: glyph substitution and positioning
// (the charts use neither ligatures nor GPOS kerning; the kern table stays), glyph
// names, and the font editor's stamp.
var droppedTables = []string{"GDEF", "GPOS", "GSUB", "FFTM", "DSIG", "hdmx", "LTSH", "VDMX", "PCLT"}

// subsetTTF returns a TrueType font with the glyphs of runes (and .notdef, and the
// components of composite glyphs) only, numbered anew: glyf, loca, hmtx, the kern pairs
// and the composites' references follow, and the cmap maps runes only.
func subsetTTF(raw []byte, runes []rune) ([]byte, error) {
	f, err := sfnt.Parse(raw)
	if err != nil {
		return nil, err
	}
	tables, err := ttfTables(raw)
	if err != nil {
		return nil, err
	}
	head, loca, glyf := tables["head"], tables["loca"], tables["glyf"]
	if len(head) < 54 || loca == nil || glyf == nil {
		return nil, errors.New("not a TrueType font with glyf outlines")
	}
	longLoca := binary.BigEndian.Uint16(head[50:]) == 1
	nGlyphs := f.NumGlyphs()
	offset := func(g int) (int, error) {
		var o int
		if longLoca {
			if 4*g+4 > len(loca) {
				return 0, errors.New("short loca table")
			}
			o = int(binary.BigEndian.Uint32(loca[4*g:]))
		} else {
			if 2*g+2 > len(loca) {
				return 0, errors.New("short loca table")
			}
			o = 2 * int(binary.BigEndian.Uint16(loca[2*g:]))
		}
		if o > len(glyf) {
			return 0, errors.New("loca points past glyf")
		}
		return o, nil
	}
	glyph := func(g int) ([]byte, error) {
		a, err := offset(g)
		if err != nil {
			return nil, err
		}
		b, err := offset(g + 1)
		if err != nil || b < a {
			return nil, errors.New("bad loca table")
		}
		return glyf[a:b], nil
	}

	// The glyphs to keep: .notdef, each rune's, and their components.
	cmap := map[rune]sfnt.GlyphIndex{}
	keep := map[int]bool{0: true}
	var todo []int
	var buf sfnt.Buffer
	for _, r := range runes {
		if _, ok := cmap[r]; ok || r > 0xffff {
			continue
		}
		g, err := f.GlyphIndex(&buf, r)
		if err != nil {
			return nil, err
		}
		if g != 0 {
			cmap[r] = g
			todo = append(todo, int(g))
		}
	}
	for len(todo) > 0 {
		g := todo[len(todo)-1]
		todo = todo[:len(todo)-1]
		if keep[g] || g >= nGlyphs {
			continue
		}
		keep[g] = true
		data, err := glyph(g)
		if err != nil {
			return nil, err
		}
		comps, err := glyphComponents(data)
		if err != nil {
			return nil, fmt.Errorf("glyph %d: %v", g, err)
		}
		todo = append(todo, comps...)
	}

	// The kept glyphs get new indices 0…n−1 in their old order, so that the kern
	// pairs stay sorted.
	var olds []int
	for g := range nGlyphs {
		if keep[g] {
			olds = append(olds, g)
		}
	}
	newID := make(map[int]uint16, len(olds))
	for i, g := range olds {
		newID[g] = uint16(i)
	}
	n := len(olds)

	// glyf, with the composites' component indices renumbered, and loca.
	var newGlyf []byte
	newLoca := make([]byte, 4*(n+1))
	for i, g := range olds {
		binary.BigEndian.PutUint32(newLoca[4*i:], uint32(len(newGlyf)))
		data, err := glyph(g)
		if err != nil {
			return nil, err
		}
		data = slices.Clone(data)
		if err := renumberComponents(data, newID); err != nil {
			return nil, fmt.Errorf("glyph %d: %v", g, err)
		}
		newGlyf = append(newGlyf, data...)
		for len(newGlyf)%4 != 0 {
			newGlyf = append(newGlyf, 0)
		}
	}
	binary.BigEndian.PutUint32(newLoca[4*n:], uint32(len(newGlyf)))
	format := uint16(1)
	if len(newGlyf) < 2*0xffff {
		// The short format (offsets halved, 16 bits) halves loca: the glyphs are
		// 4-byte aligned, so every offset is even.
		short := make([]byte, 2*(n+1))
		for i := range n + 1 {
			binary.BigEndian.PutUint16(short[2*i:], uint16(binary.BigEndian.Uint32(newLoca[4*i:])/2))
		}
		newLoca, format = short, 0
	}
	tables["glyf"], tables["loca"] = newGlyf, newLoca
	newHead := slices.Clone(head)
	binary.BigEndian.PutUint16(newHead[50:], format)
	tables["head"] = newHead

	// hmtx: a full metric for every kept glyph; hhea and maxp count them.
	hhea, hmtx, maxp := tables["hhea"], tables["hmtx"], tables["maxp"]
	if len(hhea) < 36 || len(maxp) < 6 {
		return nil, errors.New("short hhea or maxp table")
	}
	nh := int(binary.BigEndian.Uint16(hhea[34:]))
	if nh == 0 || len(hmtx) < 4*nh+2*(nGlyphs-nh) {
		return nil, errors.New("short hmtx table")
	}
	newHmtx := make([]byte, 0, 4*n)
	for _, g := range olds {
		adv, lsb := hmtx[4*(nh-1):4*(nh-1)+2], []byte(nil)
		if g < nh {
			adv, lsb = hmtx[4*g:4*g+2], hmtx[4*g+2:4*g+4]
		} else {
			lsb = hmtx[4*nh+2*(g-nh) : 4*nh+2*(g-nh)+2]
		}
		newHmtx = append(append(newHmtx, adv...), lsb...)
	}
	tables["hmtx"] = newHmtx
	newHhea, newMaxp := slices.Clone(hhea), slices.Clone(maxp)
	binary.BigEndian.PutUint16(newHhea[34:], uint16(n))
	binary.BigEndian.PutUint16(newMaxp[4:], uint16(n))
	tables["hhea"], tables["maxp"] = newHhea, newMaxp
	if k, ok := tables["kern"]; ok {
		if nk := subsetKern(k, newID); nk != nil {
			tables["kern"] = nk
		} else {
			delete(tables, "kern")
		}
	}
	for r, g := range cmap {
		cmap[r] = sfnt.GlyphIndex(newID[int(g)])
	}
	tables["cmap"] = cmapFormat4(cmap)
	if post := tables["post"]; len(post) >= 32 {
		// Version 3: no glyph names.
		p := slices.Clone(post[:32])
		binary.BigEndian.PutUint32(p, 0x00030000)
		tables["post"] = p
	}
	for _, t := range droppedTables {
		delete(tables, t)
	}
	return writeTTF(tables), nil
}

// ttfTables reads the table directory of a TrueType font.
func ttfTables(raw []byte) (map[string][]byte, error) {
	if len(raw) < 12 {
		return nil, errors.New("short font")
	}
	n := int(binary.BigEndian.Uint16(raw[4:]))
	if len(raw) < 12+16*n {
		return nil, errors.New("short table directory")
	}
	tables := map[string][]byte{}
	for i := range n {
		r := raw[12+16*i:]
		off, length := int(binary.BigEndian.Uint32(r[8:])), int(binary.BigEndian.Uint32(r[12:]))
		if off < 0 || length < 0 || off+length > len(raw) {
			return nil, fmt.Errorf("table %q out of the file", r[:4])
		}
		tables[string(r[:4])] = raw[off : off+length]
	}
	return tables, nil
}

// glyphComponents returns the glyph indices a composite glyph is made of (none for a
// simple glyph).
func glyphComponents(data []byte) ([]int, error) {
	if len(data) < 10 || int16(binary.BigEndian.Uint16(data)) >= 0 {
		return nil, nil
	}
	var comps []int
	for p := 10; ; {
		if p+4 > len(data) {
			return nil, errors.New("short composite glyph")
		}
		flags := binary.BigEndian.Uint16(data[p:])
		comps = append(comps, int(binary.BigEndian.Uint16(data[p+2:])))
		p += 4 + componentArgs(flags)
		if flags&0x0020 == 0 {
			return comps, nil
		}
	}
}

// cmapFormat4 returns a cmap table with one Windows Unicode BMP subtable (platform 3,
// encoding 1, format 4) mapping each rune to its glyph: one segment a rune, and the
// closing 0xFFFF segment.
func cmapFormat4(m map[rune]sfnt.GlyphIndex) []byte {
	rs := make([]rune, 0, len(m))
	for r := range m {
		rs = append(rs, r)
	}
	sort.Slice(rs, func(i, j int) bool { return rs[i] < rs[j] })
	segs := len(rs) + 1
	ends := make([]uint16, 0, segs)
	deltas := make([]uint16, 0, segs)
	for _, r := range rs {
		ends = append(ends, uint16(r))
		deltas = append(deltas, uint16(int(m[r])-int(r)))
	}
	ends = append(ends, 0xffff)
	deltas = append(deltas, 1)
	starts := ends
	pow := 1
	for pow*2 <= segs {
		pow *= 2
	}
	var sub []byte
	u16 := func(v uint16) { sub = binary.BigEndian.AppendUint16(sub, v) }
	length := 16 + 8*segs
	u16(4)
	u16(uint16(length))
	u16(0) // language
	u16(uint16(2 * segs))
	u16(uint16(2 * pow))
	u16(uint16(bitsLen(pow) - 1))
	u16(uint16(2*segs - 2*pow))
	for _, e := range ends {
		u16(e)
	}
	u16(0) // reservedPad
	for _, s := range starts {
		u16(s)
	}
	for _, d := range deltas {
		u16(d)
	}
	for range segs {
		u16(0) // idRangeOffset
	}
	var t []byte
	t = binary.BigEndian.AppendUint16(t, 0) // version
	t = binary.BigEndian.AppendUint16(t, 1) // one subtable
	t = binary.BigEndian.AppendUint16(t, 3)
	t = binary.BigEndian.AppendUint16(t, 1)
	t = binary.BigEndian.AppendUint32(t, 12)
	return append(t, sub...)
}

// bitsLen is the number of bits of a positive n.
func bitsLen(n int) int {
	b := 0
	for ; n > 0; n >>= 1 {
		b++
	}
	return b
}

// writeTTF writes the tables as a TrueType font: the directory in tag order, each table
// 4-byte aligned with its checksum, and head's checkSumAdjustment.
func writeTTF(tables map[string][]byte) []byte {
	tags := make([]string, 0, len(tables))
	for t := range tables {
		tags = append(tags, t)
	}
	sort.Strings(tags)
	n := len(tags)
	pow := 1
	for pow*2 <= n {
		pow *= 2
	}
	out := binary.BigEndian.AppendUint32(nil, 0x00010000)
	out = binary.BigEndian.AppendUint16(out, uint16(n))
	out = binary.BigEndian.AppendUint16(out, uint16(16*pow))
	out = binary.BigEndian.AppendUint16(out, uint16(bitsLen(pow)-1))
	out = binary.BigEndian.AppendUint16(out, uint16(16*n-16*pow))
	dir := len(out)
	out = append(out, make([]byte, 16*n)...)
	headAt := -1
	for i, tag := range tags {
		data := tables[tag]
		if tag == "head" {
			data = slices.Clone(data)
			binary.BigEndian.PutUint32(data[8:], 0) // checkSumAdjustment, set below
			headAt = len(out)
		}
		r := out[dir+16*i:]
		copy(r, tag)
		binary.BigEndian.PutUint32(r[4:], ttfChecksum(data))
		binary.BigEndian.PutUint32(r[8:], uint32(len(out)))
		binary.BigEndian.PutUint32(r[12:], uint32(len(data)))
		out = append(out, data...)
		for len(out)%4 != 0 {
			out = append(out, 0)
		}
	}
	if headAt >= 0 {
		binary.BigEndian.PutUint32(out[headAt+8:], 0xB1B0AFBA-ttfChecksum(out))
	}
	return out
}

// ttfChecksum is the sum of the data as big-endian uint32s, zero-padded.
func ttfChecksum(data []byte) uint32 {
	var sum uint32
	for i := 0; i < len(data); i += 4 {
		var w [4]byte
		copy(w[:], data[i:])
		sum += binary.BigEndian.Uint32(w[:])
	}
	return sum
}

// renumberComponents rewrites, in place, the component glyph indices of a composite
// glyph (a simple glyph is left as it is).
func renumberComponents(data []byte, newID map[int]uint16) error {
	if len(data) < 10 || int16(binary.BigEndian.Uint16(data)) >= 0 {
		return nil
	}
	for p := 10; ; {
		if p+4 > len(data) {
			return errors.New("short composite glyph")
		}
		flags := binary.BigEndian.Uint16(data[p:])
		id, ok := newID[int(binary.BigEndian.Uint16(data[p+2:]))]
		if !ok {
			return errors.New("a component was not kept")
		}
		binary.BigEndian.PutUint16(data[p+2:], id)
		p += 4 + componentArgs(flags)
		if flags&0x0020 == 0 {
			return nil
		}
	}
}

// componentArgs is the size of a composite component's arguments and transform after
// its flags and glyph index.
func componentArgs(flags uint16) int {
	n := 2
	if flags&0x0001 != 0 {
		n = 4
	}
	switch {
	case flags&0x0008 != 0:
		n += 2
	case flags&0x0040 != 0:
		n += 4
	case flags&0x0080 != 0:
		n += 8
	}
	return n
}

// subsetKern returns a version-0 kern table with one format-0 subtable holding the
// pairs of kept glyphs, renumbered, or nil if kern holds no such subtable or no pair
// survives.
func subsetKern(kern []byte, newID map[int]uint16) []byte {
	if len(kern) < 4+14 || binary.BigEndian.Uint16(kern) != 0 {
		return nil
	}
	sub := kern[4:]
	length, coverage := int(binary.BigEndian.Uint16(sub[2:])), binary.BigEndian.Uint16(sub[4:])
	if coverage>>8 != 0 || length > len(sub) || length < 14 {
		return nil
	}
	nPairs := int(binary.BigEndian.Uint16(sub[6:]))
	var pairs []byte
	for i := range nPairs {
		q := 14 + 6*i
		if q+6 > len(sub) {
			return nil
		}
		l, okL := newID[int(binary.BigEndian.Uint16(sub[q:]))]
		r, okR := newID[int(binary.BigEndian.Uint16(sub[q+2:]))]
		if okL && okR {
			pairs = binary.BigEndian.AppendUint16(pairs, l)
			pairs = binary.BigEndian.AppendUint16(pairs, r)
			pairs = append(pairs, sub[q+4:q+6]...)
		}
	}
	np := len(pairs) / 6
	if np == 0 {
		return nil
	}
	pow := 1
	for pow*2 <= np {
		pow *= 2
	}
	t := binary.BigEndian.AppendUint16(nil, 0)
	t = binary.BigEndian.AppendUint16(t, 1)
	t = binary.BigEndian.AppendUint16(t, 0)
	t = binary.BigEndian.AppendUint16(t, uint16(14+len(pairs)))
	t = binary.BigEndian.AppendUint16(t, coverage)
	t = binary.BigEndian.AppendUint16(t, uint16(np))
	t = binary.BigEndian.AppendUint16(t, uint16(6*pow))
	t = binary.BigEndian.AppendUint16(t, uint16(bitsLen(pow)-1))
	t = binary.BigEndian.AppendUint16(t, uint16(6*np-6*pow))
	return append(t, pairs...)
}
