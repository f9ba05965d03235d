package report

import (
	"bytes"
	"fmt"
	"html/template"
	"strconv"

	"github.com/bangsim/bangsim/resultfile"
)

// LeagueReport is what report.html and summary.md show of a league directory: the
// charts of LeagueFigures, prices.csv, standings.csv, and the bracket as tables
// (matches.csv): how often the better-ranked player won by round, and every match. The
// bracket is a table, not a chart.
type LeagueReport struct {
	league  *League
	figures []Figure
}

// NewLeagueReport returns the report of a league directory read by ReadLeague.
func NewLeagueReport(l *League) (*LeagueReport, error) {
	figs, err := LeagueFigures(l)
	if err != nil {
		return nil, err
	}
	return &LeagueReport{league: l, figures: figs}, nil
}

// WriteFiles writes report.html and summary.md into dir (the league's directory, or
// one of their own) and returns their paths.
func (r *LeagueReport) WriteFiles(dir string) ([]string, error) {
	var page, md bytes.Buffer
	pg, err := r.htmlPage()
	if err != nil {
		return nil, err
	}
	if err := pageTemplate.Execute(&page, pg); err != nil {
		return nil, err
	}
	r.writeMarkdown(&md)
	return writeFilesOf(resultfile.KindLeagueExtras, dir, namedFile{HTMLFile, page.Bytes()}, namedFile{MarkdownFile, md.Bytes()})
}

// leagueRounds are matches.csv's rounds in the order of a season.
var leagueRounds = []string{"quarter", "semi", "third", "final"}

// roundsTable sums matches.csv by round: the matches, how many the better-ranked
// player won, the forfeits and the draws (decided by the draft order).
func (r *LeagueReport) roundsTable() Table {
	m := r.league.Matches
	round, higher, winner, forfeit, draw := m.col("round"), m.col("higher"), m.col("winner"), m.col("forfeit"), m.col("draw")
	t := Table{Header: []string{"round", "matches", "higher_won", "higher_won_share", "forfeits", "draws"}}
	for _, rd := range leagueRounds {
		var n, won, forfeits, draws int
		for i := range round {
			if round[i] != rd {
				continue
			}
			n++
			if winner[i] == higher[i] {
				won++
			}
			if forfeit[i] == "true" {
				forfeits++
			}
			if draw[i] == "true" {
				draws++
			}
		}
		if n == 0 {
			continue
		}
		t.Rows = append(t.Rows, []string{rd, strconv.Itoa(n), strconv.Itoa(won), pct(float64(won)/float64(n)) + "%", strconv.Itoa(forfeits), strconv.Itoa(draws)})
	}
	return t
}

// htmlPage lays out the league's page: prices, standings, money, bracket.
func (r *LeagueReport) htmlPage() (*htmlPage, error) {
	figs, face, err := inlineFigures(r.figures)
	if err != nil {
		return nil, err
	}
	fig := func(name string) []htmlBlock {
		for i := range figs {
			if figs[i].Name == name {
				return []htmlBlock{{Figure: &figs[i]}}
			}
		}
		return nil
	}
	l := r.league
	pg := &htmlPage{
		Title:    "bangsim league: " + l.Caption(),
		Heading:  fmt.Sprintf("league, %d seasons of %d players", l.seasons(), l.players()),
		Lede:     l.Caption(),
		FontFace: template.CSS(face),
		Footer:   "Written by bangsim report from standings.csv, prices.csv, games.csv and matches.csv; the charts are those of bangsim plot.",
	}
	prices := htmlSection{ID: "prices", Title: "Prices and worth",
		Intro: []string{"worth: a character's mean simulated worth to the players who got it, with its 95% interval (ci_low, ci_high); " +
			"mean_price: the dollars paid over every take, the takes for $0 included; taken = paid + free, free being the takes for $0."}}
	prices.Blocks = append(fig("plot-league-prices"), htmlBlock{Table: tableHTML("t-prices", "prices.csv: price paid and simulated worth per character", resultfile.LeaguePricesFile, l.Prices, true)})
	standings := htmlSection{ID: "standings", Title: "Standings",
		Intro: []string{"standings.csv: every player of every season, with the games played, the dollars won and spent, the score ($2,000 + won − spent), " +
			"the rank after the meetings, the place after the knock-out rounds and the awards. Filter by season (e.g. \"0 \") or sort by a column."}}
	st := tableHTML("t-standings", "standings.csv: the standings of every season", resultfile.LeagueStandingsFile, l.Standings, true)
	st.Filter = true
	if len(st.Rows) > 30 {
		st.Collapsed = fmt.Sprintf("Table: standings.csv, %d rows", len(st.Rows))
	}
	standings.Blocks = []htmlBlock{{Table: st}}
	pg.Sections = []htmlSection{prices, standings}
	if b := fig("plot-league-money"); b != nil {
		pg.Sections = append(pg.Sections, htmlSection{ID: "money", Title: "Money over the season", Blocks: b})
	}
	if len(l.Matches.Rows) > 0 {
		bracket := htmlSection{ID: "bracket", Title: "Bracket",
			Intro: []string{"The knock-out rounds of matches.csv: higher is the better-ranked player, who chooses the draft order; a forfeit is a match the other player did not come to. " +
				"The first table sums every season by round, the second is every match."}}
		mt := tableHTML("t-bracket", "matches.csv: every knock-out match", resultfile.LeagueMatchesFile, l.Matches, true)
		mt.Filter = true
		if len(mt.Rows) > 30 {
			mt.Collapsed = fmt.Sprintf("Table: matches.csv, %d rows", len(mt.Rows))
		}
		bracket.Blocks = []htmlBlock{{Table: tableHTML("t-rounds", "How often the better-ranked player won, by round (from matches.csv)", "", r.roundsTable(), false)}, {Table: mt}}
		pg.Sections = append(pg.Sections, bracket)
	}
	return pg, nil
}

// writeMarkdown writes the league's summary.md: the prices and worth, the first
// season's standings, and the bracket by round.
func (r *LeagueReport) writeMarkdown(b *bytes.Buffer) {
	l := r.league
	fmt.Fprintf(b, "## bangsim league: %d seasons of %d players\n\n%s\n\n", l.seasons(), l.players(), l.Caption())
	b.WriteString("### Prices and worth\n\n")
	p := mdTable{Header: []string{"character", "taken", "of them free", "mean price", "worth", "95% interval"}, Right: []bool{false, true, true, true, true, true}}
	t := l.Prices
	names, taken, free, price, worth, lo, hi := t.col("character"), t.col("taken"), t.col("free"), t.col("mean_price"), t.col("worth"), t.col("ci_low"), t.col("ci_high")
	for i := range names {
		p.Rows = append(p.Rows, []string{names[i], taken[i], free[i], leagueMoney(price[i]), leagueMoney(worth[i]), leagueMoney(lo[i]) + " to " + leagueMoney(hi[i])})
	}
	p.write(b)
	b.WriteString("### Standings of the first season\n\n")
	st := l.Standings
	season, player, score, rank, place := st.col("season"), st.col("player"), st.col("score"), st.col("rank"), st.col("place")
	sm := mdTable{Header: []string{"player", "score", "rank", "place"}, Right: []bool{true, true, true, true}}
	for i := range season {
		if season[i] == season[0] {
			sm.Rows = append(sm.Rows, []string{player[i], leagueMoney(score[i]), rank[i], place[i]})
		}
	}
	sm.write(b)
	if len(l.Matches.Rows) == 0 {
		return
	}
	b.WriteString("### Bracket by round\n\n")
	rt := r.roundsTable()
	m := mdTable{Header: rt.Header, Right: []bool{false, true, true, true, true, true}, Rows: rt.Rows}
	m.write(b)
}
