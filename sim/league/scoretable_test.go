package league

import (
	"errors"
	"strings"
	"testing"

	"github.com/bangsim/bangsim/sim/bang"
)

func builtin(t testing.TB, name string) *ScoreTable {
	t.Helper()
	st, err := Builtin(name)
	if err != nil {
		t.Fatal(err)
	}
	return st
}

// lookup is one expected Amount.
type lookup struct {
	n    int
	w    Side
	r    bang.Role
	f    Fate
	want int64
}

func checkLookups(t *testing.T, st *ScoreTable, cases []lookup) {
	t.Helper()
	for _, c := range cases {
		if got := st.Amount(c.n, c.w, c.r, c.f); got != c.want {
			t.Errorf("%s: %d players, %s won, %s %s: %d, want %d", st.Name, c.n, c.w, c.r, c.f, got, c.want)
		}
	}
}

// ruling L1: the shipped example is labelled as not the league's tables, and its known
// part pays as documented: 5 players, the Law won (2 Outlaws at the start), the Sheriff
// $3,000, a Deputy still alive $2,000, the losing side nothing. Those rows say "known";
// every other row says "assumption".
func TestScoreTableL1Example(t *testing.T) {
	st := builtin(t, DefaultTableName)
	if st.Unit != "$" || !strings.HasPrefix(st.Label, "EXAMPLE, not the league's") {
		t.Errorf("unit %q label %q: want $ and a label saying it is an example", st.Unit, st.Label)
	}
	if bang.RoleCounts(5)[bang.Outlaw] != 2 {
		t.Fatal("the documented game has 2 Outlaws at 5 players")
	}
	checkLookups(t, st, []lookup{
		{5, SideLaw, bang.Sheriff, FateAlive, 3000},
		{5, SideLaw, bang.Deputy, FateAlive, 2000},
		{5, SideLaw, bang.Outlaw, FateDead, 0},
		{5, SideLaw, bang.Outlaw, FateAlive, 0},
		{5, SideLaw, bang.Renegade, FateDead, 0},
		// assumptions, as the file states them
		{5, SideLaw, bang.Deputy, FateDead, 1000},
		{4, SideLaw, bang.Sheriff, FateAlive, 3000},
		{7, SideLaw, bang.Sheriff, FateAlive, 4000},
		{6, SideOutlaws, bang.Outlaw, FateAlive, 2000},
		{6, SideOutlaws, bang.Outlaw, FateDead, 1000},
		{7, SideRenegade, bang.Renegade, FateAlive, 7000},
		{7, SideRenegade, bang.Deputy, FateDead, 0},
	})
	for _, r := range st.Rows() {
		known := r.Players == 5 && r.Winner == SideLaw && !(r.Role == bang.Deputy && r.Cond == CondDead)
		if (r.Basis == Known) != known {
			t.Errorf("row %+v says %s", r, r.Basis)
		}
	}
	for n := 4; n <= 7; n++ {
		if !st.Covers(n) {
			t.Errorf("the example does not cover %d players", n)
		}
	}
	if st.NeedsOrder() {
		t.Error("the example pays on alive/dead only; it should not need the elimination order")
	}
}

// ruling L1a: the Czech organiser's points, every number, with each condition the
// format must express: alive, dead, among the last three, lost the final duel.
func TestScoreTableL1aExample(t *testing.T) {
	st := builtin(t, CzechTableName)
	if st.Unit != "points" || !st.NeedsOrder() || st.Covers(6) {
		t.Errorf("unit %q, needs order %v, covers 6 %v: want points, true, false", st.Unit, st.NeedsOrder(), st.Covers(6))
	}
	law, out, ren := SideLaw, SideOutlaws, SideRenegade
	S, D, O, R := bang.Sheriff, bang.Deputy, bang.Outlaw, bang.Renegade
	checkLookups(t, st, []lookup{
		// 4 players: Sheriff 30 / 0 / 4
		{4, law, S, FateAlive, 30}, {4, out, S, FateEarlier, 0}, {4, ren, S, FateFinalDuel, 4},
		// Outlaw 0 / 20 if alive, 16 if dead / 0
		{4, law, O, FateEarlier, 0}, {4, out, O, FateAlive, 20}, {4, out, O, FateEarlier, 16},
		{4, out, O, FateLastThree, 16}, {4, ren, O, FateLastThree, 0},
		// Renegade 16 if he lost the final duel / 1 if alive / 50
		{4, law, R, FateFinalDuel, 16}, {4, law, R, FateLastThree, 0}, {4, law, R, FateEarlier, 0},
		{4, out, R, FateAlive, 1}, {4, out, R, FateLastThree, 0}, {4, ren, R, FateAlive, 50},
		// 5 players: Sheriff 35 / 0 / 5
		{5, law, S, FateAlive, 35}, {5, out, S, FateEarlier, 0}, {5, ren, S, FateFinalDuel, 5},
		// Deputy 35 if alive, 20 if dead / 0 / 2 if among the last three
		{5, law, D, FateAlive, 35}, {5, law, D, FateEarlier, 20}, {5, law, D, FateLastThree, 20},
		{5, out, D, FateAlive, 0}, {5, ren, D, FateLastThree, 2}, {5, ren, D, FateFinalDuel, 2},
		{5, ren, D, FateEarlier, 0},
		// Outlaw 0 / 25 if alive, 20 if dead / 0
		{5, law, O, FateEarlier, 0}, {5, out, O, FateAlive, 25}, {5, out, O, FateFinalDuel, 20}, {5, ren, O, FateLastThree, 0},
		// Renegade 24 / 5 / 75
		{5, law, R, FateFinalDuel, 24}, {5, law, R, FateEarlier, 24}, {5, out, R, FateAlive, 5}, {5, ren, R, FateAlive, 75},
		// no rows at 6 players: nothing is paid
		{6, law, S, FateAlive, 0},
	})
}

// A fate is read from the elimination order: alive with the number alive at the end (4
// or more: not among the last three), or dead with the number alive at the death.
func TestFateOf(t *testing.T) {
	for _, c := range []struct {
		alive bool
		at    int
		want  Fate
	}{{true, 0, FateAlive}, {true, 2, FateAlive}, {true, 3, FateAlive}, {true, 4, FateAliveMany}, {true, 7, FateAliveMany}, {false, 2, FateFinalDuel}, {false, 3, FateLastThree}, {false, 4, FateEarlier}, {false, 7, FateEarlier}, {false, 0, FateDead}} {
		if got := FateOf(c.alive, c.at); got != c.want {
			t.Errorf("FateOf(%v, %d) = %s, want %s", c.alive, c.at, got, c.want)
		}
	}
}

// Format writes what Parse reads back to the same table.
func TestScoreTableRoundTrip(t *testing.T) {
	for _, name := range BuiltinTables() {
		st := builtin(t, name)
		var b strings.Builder
		if err := st.Format(&b); err != nil {
			t.Fatal(err)
		}
		back, err := Parse("formatted", strings.NewReader(b.String()))
		if err != nil {
			t.Fatalf("%s: %v\n%s", name, err, b.String())
		}
		if *back != *st {
			t.Errorf("%s: the formatted table reads back differently", name)
		}
	}
}

// Parse's errors name the file, the line and what to write instead.
func TestParseErrors(t *testing.T) {
	const head = "!unit $\nplayers winner role condition amount basis\n"
	for _, c := range []struct{ text, want string }{
		{"players winner role condition amount basis\n5 law sheriff any 1 known\n", "no !unit line"},
		{"!unit $\n5 law sheriff any 1 known\n", "line 2: want the header"},
		{"!unit $\nplayers winner role condition amount basis\n", "no rows"},
		{"!unit euros\n", "line 1: !unit \"euros\": want $ or points"},
		{"!colour red\n", "unknown directive !colour"},
		{"!label\n", "!label has no value"},
		{head + "8 law sheriff any 1 known\n", "line 3: players \"8\": want a count from 4 to 7"},
		{head + "6-5 law sheriff any 1 known\n", "players \"6-5\""},
		{head + "4 law deputy any 1 known\n", "line 3: no Deputy plays at 4 players"},
		{head + "5 sheriffs sheriff any 1 known\n", "winner \"sheriffs\": want law, outlaws or renegade"},
		{head + "5 law mayor any 1 known\n", "unknown role \"mayor\""},
		{head + "5 law sheriff wounded 1 known\n", "condition \"wounded\""},
		{head + "5 law sheriff any -1 known\n", "amount \"-1\": want a whole number from 0"},
		{head + "5 law sheriff any 3,000 known\n", "amount \"3,000\""},
		{head + "5 law sheriff any 1 guessed\n", "basis \"guessed\": want known or assumption"},
		{head + "5 law sheriff any 1\n", "want 6 columns"},
		{head + "5 law deputy alive 1 known\n5 law deputy alive 2 known\n", "line 4: 5 players, law won, Deputy, alive: already given on line 3"},
		{head + "5 law deputy any 1 known\n5 law deputy dead 2 known\n", "line 4: 5 players, law won, Deputy, dead: never pays"},
		{head + "5 law deputy alive 1 known\n5 law deputy dead 2 known\n5 law deputy last-three 3 known\n", "line 5: 5 players, law won, Deputy, last-three: never pays"},
		{head + "4-5 law deputy any 1 known\n", "no Deputy plays at 4 players"},
	} {
		_, err := Parse("t.tsv", strings.NewReader(c.text))
		if err == nil || !errors.Is(err, ErrScoreTable) || !strings.Contains(err.Error(), c.want) || !strings.Contains(err.Error(), "t.tsv") {
			t.Errorf("%q:\n got %v\nwant an ErrScoreTable naming t.tsv and saying %q", c.text, err, c.want)
		}
	}
	// A later, narrower row after a wider one that leaves fates open still pays.
	st, err := Parse("t.tsv", strings.NewReader(head+"5 renegade deputy lost-final-duel 3 known\n5 renegade deputy last-three 2 known # adds alive and 3 left\n5 renegade deputy dead 1 known # adds the earlier deaths\n"))
	if err != nil {
		t.Fatalf("a table whose rows each add a fate was refused: %v", err)
	}
	for f, want := range map[Fate]int64{FateFinalDuel: 3, FateLastThree: 2, FateAlive: 2, FateAliveMany: 0, FateEarlier: 1, FateDead: 1} {
		if got := st.Amount(5, SideRenegade, bang.Deputy, f); got != want {
			t.Errorf("%s pays %d, want %d (the first matching row)", f, got, want)
		}
	}
}

// FuzzParse: no input panics the parser, and whatever it accepts formats and reads back
// to the same table.
func FuzzParse(f *testing.F) {
	for _, name := range BuiltinTables() {
		b, err := tableFiles.ReadFile("tables/" + name + ".tsv")
		if err != nil {
			f.Fatal(err)
		}
		f.Add(string(b))
	}
	f.Add("!unit $\nplayers winner role condition amount basis\n4-7 law sheriff any 1 known\n")
	f.Add("!unit points\n!name x\nplayers\twinner\trole\tcondition\tamount\tbasis\n5\trenegade\tdeputy\tlast-three\t2\tknown # c\n")
	f.Fuzz(func(t *testing.T, text string) {
		st, err := Parse("fuzz", strings.NewReader(text))
		if err != nil {
			if !errors.Is(err, ErrScoreTable) {
				t.Fatalf("error not wrapping ErrScoreTable: %v", err)
			}
			return
		}
		var b strings.Builder
		if err := st.Format(&b); err != nil {
			t.Fatal(err)
		}
		back, err := Parse("fuzz", strings.NewReader(b.String()))
		if err != nil {
			t.Fatalf("formatted table refused: %v\n%s", err, b.String())
		}
		if *back != *st {
			t.Fatalf("round trip changed the table:\n%s", b.String())
		}
	})
}
