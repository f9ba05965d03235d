package lab

import (
	"cmp"
	"slices"

	"github.com/bangsim/bangsim/report"
	"github.com/bangsim/bangsim/resultfile"
	"github.com/bangsim/bangsim/sim/bang"
)

// ladderGroups returns the pairwise counts of role r (RoleAll: every role) per group,
// as report.LadderRatings wants them.
func ladderGroups(t *LadderTally, bots, r int) [][][]float64 {
	out := make([][][]float64, LadderGroups)
	for g := range out {
		out[g] = make([][]float64, bots)
		for a := range bots {
			out[g][a] = make([]float64, bots)
			for b := range bots {
				for q := range t.Beat[g] {
					if r == RoleAll || r == int(q) {
						out[g][a][b] += float64(t.Beat[g][q][a][b])
					}
				}
			}
		}
	}
	return out
}

// rate fills the record's ratings (every role row, "all" first, ranked) and skill depth
// from the tally.
func (l *LadderResult) rate() {
	rec, t := l.Record, &l.Tally
	bots := len(rec.Policies)
	z := report.ZFor(report.Confidence)
	roles := CompareRoles(l.Declared, rec.Players)
	roles = append([]int{RoleAll}, roles[:len(roles)-1]...)
	rec.Ratings = nil
	var overall []report.Rating
	for _, r := range roles {
		rs := report.LadderRatings(ladderGroups(t, bots, r), z)
		if r == RoleAll {
			overall = rs
		}
		order := make([]int, bots)
		for a := range order {
			order[a] = a
		}
		slices.SortStableFunc(order, func(a, b int) int { return cmp.Compare(rs[b].Theta, rs[a].Theta) })
		for rank, a := range order {
			rec.Ratings = append(rec.Ratings, resultfile.LadderRating{
				Policy: rec.Policies[a], Role: RoleName(r), Rank: rank + 1,
				Rating: rs[a].Theta, Low: rs[a].Low, High: rs[a].High,
				Seats: t.Rates[a][r].Seats, WinRate: report.WinRate(t.Rates[a][r], z).Rate,
			})
		}
	}
	weak, strong := 0, 0
	for a := range overall {
		if overall[a].Theta < overall[weak].Theta {
			weak = a
		}
		if overall[a].Theta > overall[strong].Theta {
			strong = a
		}
	}
	rec.Weakest, rec.Strongest = rec.Policies[weak], rec.Policies[strong]
	rec.Depth = nil
	if weak == strong {
		return
	}
	depth := func(scope, name string, c report.PairedCell, flip bool) {
		if c.Seats == 0 {
			return
		}
		d := report.PairedDiff(c, z)
		lo, hi, mean := d.Low, d.High, d.Mean
		if flip {
			lo, hi, mean = -hi, -lo, -mean
		}
		rec.Depth = append(rec.Depth, resultfile.LadderDepth{Scope: scope, Name: name, Seats: c.Seats, Depth: mean, Low: lo, High: hi})
	}
	a, b, flip := strong, weak, false
	if a > b {
		a, b, flip = weak, strong, true
	}
	for _, r := range roles {
		depth("role", RoleName(r), t.RoleDiff[a][b][r], flip)
	}
	set := l.Characters
	if set == nil {
		set = bang.PrintedNames()
	}
	for c := range bang.Character(set.Len()) {
		depth("character", set.Name(c), t.CharDiff[a][b][c], flip)
	}
}

// WriteLadder writes ladder-ratings.csv, skill-depth.csv, ladder-tally.csv,
// ladder-tally.json (sealed with its checksum) and ladder.json into dir as one set;
// everything but ladder.json depends only on what was played, so a merge of shards
// writes the same bytes as the whole ladder. A partial ladder never replaces a complete
// one (resultfile.WriteSetKeep): it then goes beside it, into dir.partial. It returns
// the directory written.
func WriteLadder(dir string, l *LadderResult) (string, error) {
	rec := l.Record
	ratings := report.Table{Header: []string{"policy", "role", "rank", "rating", "ci_low", "ci_high", "seats", "win_rate"}}
	for _, r := range rec.Ratings {
		ratings.AddRow(r.Policy, r.Role, r.Rank, r.Rating, r.Low, r.High, r.Seats, r.WinRate)
	}
	depth := report.Table{Header: []string{"scope", "name", "seats", "depth", "ci_low", "ci_high"}}
	for _, d := range rec.Depth {
		depth.AddRow(d.Scope, d.Name, d.Seats, d.Depth, d.Low, d.High)
	}
	counts := report.Table{Header: []string{"group", "role", "winner", "loser", "seats"}}
	dealt, names := ladderDealt(l.Declared, rec.Players)
	for g := range LadderGroups {
		for i, r := range dealt {
			for a, wa := range rec.Policies {
				for b, lb := range rec.Policies {
					if n := l.Tally.Beat[g][r][a][b]; n > 0 {
						counts.AddRow(g, names[i], wa, lb, n)
					}
				}
			}
		}
	}
	ts := exportLadder(l)
	if err := ts.Seal(); err != nil {
		return dir, err
	}
	return resultfile.WriteSetKeep(dir, rec.Partial, []resultfile.File{
		{Name: resultfile.LadderRatingsFile, Write: ratings.WriteCSV},
		{Name: resultfile.LadderDepthFile, Write: depth.WriteCSV},
		{Name: resultfile.LadderTallyFile, Write: counts.WriteCSV},
		{Name: resultfile.LadderCountsFile, Write: jsonWriter(ts)},
		{Name: resultfile.LadderJSONFile, Write: jsonWriter(rec)},
	})
}
