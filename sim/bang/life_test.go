package bang

import (
	"errors"
	"testing"
)

// --life reads names or slugs in any case, each once, with signed changes within ±5,
// and writes them back in one canonical form.
func TestParseLifeDeltas(t *testing.T) {
	d, err := ParseLifeDeltas("Willy the Kid=+2, el-gringo = -1 ,PLAIN=+0")
	if err != nil {
		t.Fatal(err)
	}
	if d[WillyTheKid] != 2 || d[ElGringo] != -1 || d[Plain] != 0 || d[BartCassidy] != 0 {
		t.Fatalf("%v", d)
	}
	if s := d.String(); s != "El Gringo=-1,Willy the Kid=+2" {
		t.Fatalf("canonical %q", s)
	}
	if p := d.Phrase(); p != "El Gringo -1 life, Willy the Kid +2 life" {
		t.Fatalf("phrase %q", p)
	}
	back, err := ParseLifeDeltas(d.String())
	if err != nil || back != d {
		t.Fatalf("round trip %v, %v", back, err)
	}
	if d, err := ParseLifeDeltas("  "); err != nil || d != (LifeDeltas{}) || d.String() != "" {
		t.Fatalf("empty: %v, %v", d, err)
	}
	if d, err := ParseLifeDeltas("vulture sam=−5"); err != nil || d[VultureSam] != -5 {
		t.Fatalf("typographic minus: %v, %v", d, err)
	}
	for _, bad := range []string{
		"Willy the Kid=2",                   // no sign: a change, not a life
		"Willy the Kid=+6",                  // out of range
		"Willy the Kid=-6",                  // out of range
		"willy the kid=+1,Willy-The-Kid=-1", // twice
		"Willy the Kid",                     // no change
		"=+1",                               // no name
		"Lucky Luke=+1",                     // not a character
		"Willy the Kid=+1,",                 // an empty item
		"Willy the Kid=+x",
	} {
		if _, err := ParseLifeDeltas(bad); err == nil {
			t.Errorf("%q accepted", bad)
		} else if !errors.Is(err, ErrLifeDeltas) && !errors.Is(err, ErrUnknownCharacter) {
			t.Errorf("%q: %v wraps neither error", bad, err)
		}
	}
	if c, ph, err := CanonLifeDeltas("jourdonnais=+3"); err != nil || c != "Jourdonnais=+3" || ph != "Jourdonnais +3 life" {
		t.Fatalf("%q %q %v", c, ph, err)
	}
}

// FuzzCanonLifeDeltas: whatever the --life text, it is refused with ErrLifeDeltas or
// its canonical form reads back as itself and as the same changes.
func FuzzCanonLifeDeltas(f *testing.F) {
	for _, s := range []string{"", "Willy the Kid=+2, el-gringo = -1", "plain=+0", "x=+1", "el-gringo=2", "sid-ketchum=−5", "a=+1,a=+1"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		d, err := ParseLifeDeltas(text)
		if err != nil {
			if !errors.Is(err, ErrLifeDeltas) {
				t.Fatalf("%q: error %v is not ErrLifeDeltas", text, err)
			}
			return
		}
		c, _, err := CanonLifeDeltas(text)
		if err != nil || c != d.String() {
			t.Fatalf("%q: canonical %q, %v; String %q", text, c, err, d.String())
		}
		back, err := ParseLifeDeltas(c)
		if err != nil || back != d {
			t.Fatalf("%q: canonical %q reads back as %v, %v; want %v", text, c, back, err, d)
		}
	})
}
