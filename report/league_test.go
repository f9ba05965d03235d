package report

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/bangsim/bangsim/resultfile"
)

// writeLeague writes a small league directory: two players, two meetings, player 1
// playing twice at meeting 1, and one season's final and third-place match.
func writeLeague(t *testing.T) string {
	t.Helper()
	dir := filepath.Join(t.TempDir(), "league")
	files := map[string]string{
		"standings.csv": "season,seed,player,games,won,spent,score,rank,place\n0,7,1,3,0,0,0,1,1\n0,7,2,2,0,0,0,2,2\n",
		"prices.csv": "character,taken,paid,free,mean_price,worth,ci_low,ci_high\n" +
			"Bart Cassidy,4,2,2,150.00,300.00,100.00,500.00\nEl Gringo,4,0,4,0.00,-20.00,-Inf,10.00\n",
		"games.csv": "season,meeting,game,table,seat,player,role,character,price,winner,alive,fate,kills,payout,money_after,withdrew\n" +
			"0,1,1,1,1,1,Sheriff,Bart Cassidy,100,law,true,alive,0,500,2400,false\n" +
			"0,1,1,1,2,2,Outlaw,El Gringo,0,law,false,dead,0,0,2000,false\n" +
			"0,1,2,1,1,1,Sheriff,Bart Cassidy,0,law,true,alive,0,600,3000,false\n" +
			"0,2,3,1,1,1,Outlaw,El Gringo,0,outlaws,true,alive,0,100,3100,false\n" +
			"0,2,3,1,2,2,Sheriff,Bart Cassidy,200,outlaws,false,dead,0,0,1900,false\n",
		"matches.csv": "season,round,higher,higher_rank,lower,lower_rank,draft_choice,winner,forfeit,draw,duel_seed\n" +
			"0,final,1,1,2,2,pick-first,2,false,false,5\n0,third,1,1,2,2,start-first,1,true,false,6\n",
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	for n, b := range files {
		if err := os.WriteFile(filepath.Join(dir, n), []byte(b), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// TestLeagueFiguresAndReport checks plot and report of a league directory (issue 29):
// the two charts, money by meeting from the last game of each player there (meeting 1:
// player 1 leaves with 3000, not 2400), the bracket by round, and that the files go
// into the league's own directory.
func TestLeagueFiguresAndReport(t *testing.T) {
	dir := writeLeague(t)
	l, err := ReadLeague(dir)
	if err != nil {
		t.Fatal(err)
	}
	figs, err := LeagueFigures(l)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, f := range figs {
		names = append(names, f.Name)
	}
	if !slices.Equal(names, []string{"plot-league-prices", "plot-league-money"}) {
		t.Errorf("figures %q", names)
	}
	r, err := NewLeagueReport(l)
	if err != nil {
		t.Fatal(err)
	}
	rounds := r.roundsTable()
	want := [][]string{{"third", "1", "1", "100.0%", "1", "0"}, {"final", "1", "0", "0.0%", "0", "0"}}
	if !slices.EqualFunc(rounds.Rows, want, slices.Equal[[]string]) {
		t.Errorf("rounds %q, want %q", rounds.Rows, want)
	}
	paths, err := r.WriteFiles(dir)
	if err != nil {
		t.Fatalf("report into the league's directory: %v", err)
	}
	if len(paths) != 2 {
		t.Errorf("wrote %q", paths)
	}
	md, _ := os.ReadFile(filepath.Join(dir, MarkdownFile))
	for _, s := range []string{"| El Gringo | 4 | 4 | $0 | −$20 | −∞ to $10 |", "| final | 1 | 0 | 0.0% |"} {
		if !strings.Contains(string(md), s) {
			t.Errorf("summary.md lacks %q:\n%s", s, md)
		}
	}
	if _, err := WriteLeagueFigures(dir, figs, []string{"svg"}); err != nil {
		t.Errorf("charts into the league's directory: %v", err)
	}
	// A run's report files are refused in a league's directory, as in a duel's.
	if err := resultfile.AddFiles(dir, []resultfile.File{{Name: "summary.md", Write: nil}}); err == nil {
		t.Error("AddFiles into a league directory: no error")
	}
}

// TestLeagueMoneyLastGame checks the money chart's data: per meeting, the money after
// each player's last game there (meeting 1: player 1 played games 1 and 2 and leaves
// with 3000, not 2400).
func TestLeagueMoneyLastGame(t *testing.T) {
	l, err := ReadLeague(writeLeague(t))
	if err != nil {
		t.Fatal(err)
	}
	got := leagueMoneyByMeeting(l)
	want := map[int][]float64{1: {3000, 2000}, 2: {3100, 1900}}
	if len(got) != len(want) || !slices.Equal(got[1], want[1]) || !slices.Equal(got[2], want[2]) {
		t.Errorf("money by meeting %v, want %v", got, want)
	}
}

// TestReadLeagueDamaged checks that a league file lacking a column is refused by name.
func TestReadLeagueDamaged(t *testing.T) {
	dir := writeLeague(t)
	os.WriteFile(filepath.Join(dir, "prices.csv"), []byte("character,taken\nBart Cassidy,3\n"), 0o644)
	_, err := ReadLeague(dir)
	if err == nil || !strings.Contains(err.Error(), "prices.csv: it has no paid column") {
		t.Errorf("damaged prices.csv: %v", err)
	}
}
