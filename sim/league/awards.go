package league

// Awards are the season's three distinctions (seed 003; L9), each a player number, -1
// when nobody is ranked.
type Awards struct {
	MostKills    int // "Wanted dead or alive"
	FewestDeaths int // "Bulletproof"
	MostDeaths   int // "Cross-eyed Bill"
}

// AwardsOf gives the awards among the ranked players (Rank > 0) of standings who did not
// withdraw (a withdrawn player leaves the league for good, seed 003: a player who
// withdrew in the qualifying round is not ranked; one who withdrew before the finals is,
// and still wins no award; the next in line has it). Kills and
// deaths are counted over a player's counted games, kills as credited by C1/C4. Ties go
// to the player with more $ (Score), except for most deaths, which goes to the one with
// fewer $; players equal on that too are separated by the lower player number (this
// project's choice: the rules stop at the $).
func AwardsOf(standings []Standing) Awards {
	kills, fewest, most := -1, -1, -1 // indices into standings
	for i := range standings {
		p := &standings[i]
		if p.Rank == 0 || p.Withdrawn {
			continue
		}
		if better(standings, kills, p, p.Kills, func(q *Standing) int { return q.Kills }, true) {
			kills = i
		}
		if better(standings, fewest, p, -p.Deaths, func(q *Standing) int { return -q.Deaths }, true) {
			fewest = i
		}
		if better(standings, most, p, p.Deaths, func(q *Standing) int { return q.Deaths }, false) {
			most = i
		}
	}
	player := func(i int) int {
		if i < 0 {
			return -1
		}
		return standings[i].Player
	}
	return Awards{player(kills), player(fewest), player(most)}
}

// better reports whether p, whose measure is m, beats the current holder cur: a higher
// measure, or an equal one and more $ (richer) or fewer $ (!richer). Players are visited
// in order, so a full tie keeps the earlier one (the lower number in a season's
// standings).
func better(st []Standing, cur int, p *Standing, m int, measure func(*Standing) int, richer bool) bool {
	if cur < 0 {
		return true
	}
	h := &st[cur]
	if hm := measure(h); m != hm {
		return m > hm
	}
	if richer {
		return p.Score > h.Score
	}
	return p.Score < h.Score
}
