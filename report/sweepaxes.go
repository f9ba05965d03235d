package report

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/bangsim/bangsim/resultfile"
)

// A sweep's numbers along one axis are never pooled: cells that differ in another
// axis, or counts of players, are unlike (a 4-player Sheriff wins far less than a
// 5-player one, and a 4-player table deals no Deputy), so adding them up would show the
// mix of cells, not the axis. Each group below is one player count and one combination
// of the other axes' values; its rates, one per value of the axis, are single cells'.

// sweepGroup is the cells of one player count and one combination of the other axes'
// values, along one axis: each role's win rate at each of the axis's values.
type sweepGroup struct {
	players int      // the player count; 0 when the axis is players itself
	others  []string // the other axes' values (but players), in sweep.json's order
	rates   [][]*Interval
	// rates is [role][value]: nil where no complete cell has the value or the role is
	// not dealt.
}

// title is the group's panel title and row label: "5 players · high-noon 3".
func (g *sweepGroup) title(m *resultfile.Sweep, a int) string {
	var parts []string
	if g.players > 0 {
		parts = append(parts, strconv.Itoa(g.players)+" players")
	}
	k := 0
	for b, ax := range m.Axes {
		if b != a && ax.Name != resultfile.SweepPlayersAxis {
			parts = append(parts, ax.Name+" "+sweepLabel(g.others[k]))
			k++
		}
	}
	return strings.Join(parts, " · ")
}

// sweepGroups returns the groups of axis a, in the order first met in the cells (the
// sweep file's order), with each role's interval at each value of the axis.
func sweepGroups(s *SweepResults, a int, roles []string, z float64) []*sweepGroup {
	ax := s.Manifest.Axes[a]
	var groups []*sweepGroup
	byKey := map[string]*sweepGroup{}
	for _, c := range s.Cells {
		var others []string
		for b, bx := range s.Manifest.Axes {
			if b != a && bx.Name != resultfile.SweepPlayersAxis {
				others = append(others, c.Entry.Values[b])
			}
		}
		for _, ct := range c.Counts {
			players, x := ct.Players, c.Entry.Values[a]
			if ax.Name == resultfile.SweepPlayersAxis {
				players, x = 0, strconv.Itoa(ct.Players)
			}
			v := slices.Index(ax.Values, x)
			if v < 0 {
				continue
			}
			key := fmt.Sprintf("%d\x00%s", players, strings.Join(others, "\x00"))
			g := byKey[key]
			if g == nil {
				g = &sweepGroup{players: players, others: others, rates: make([][]*Interval, len(roles))}
				for k := range g.rates {
					g.rates[k] = make([]*Interval, len(ax.Values))
				}
				byKey[key] = g
				groups = append(groups, g)
			}
			for _, r := range ct.Tally.Roles {
				if r.Dealt == 0 {
					continue
				}
				iv := WinRate(r.Cell, z)
				g.rates[slices.Index(roles, r.Role)][v] = &iv
			}
		}
	}
	slices.SortStableFunc(groups, func(x, y *sweepGroup) int { return x.players - y.players })
	return groups
}

// sweepAxisTable is the table of axis a beside its chart: one row per player count,
// combination of the other axes' values and role dealt, one column per value of the
// axis holding that cell's win rate with its interval ("36.0% (34.1–38.0%)"; "–": no
// complete cell, or the role not dealt there). A row reads as the chart's line.
func sweepAxisTable(s *SweepResults, a int, z float64) Table {
	m := &s.Manifest
	ax := m.Axes[a]
	roles := sweepRoles(s)
	groups := sweepGroups(s, a, roles, z)
	var t Table
	if ax.Name != resultfile.SweepPlayersAxis {
		t.Header = append(t.Header, "players")
	}
	for b, bx := range m.Axes {
		if b != a && bx.Name != resultfile.SweepPlayersAxis {
			t.Header = append(t.Header, bx.Name)
		}
	}
	t.Header = append(t.Header, "role")
	for _, v := range ax.Values {
		t.Header = append(t.Header, ax.Name+" "+sweepLabel(v))
	}
	for _, g := range groups {
		for k, role := range roles {
			if !slices.ContainsFunc(g.rates[k], func(iv *Interval) bool { return iv != nil }) {
				continue
			}
			var row []string
			if g.players > 0 {
				row = append(row, strconv.Itoa(g.players))
			}
			for _, o := range g.others {
				row = append(row, sweepLabel(o))
			}
			row = append(row, role)
			for _, iv := range g.rates[k] {
				row = append(row, rateWithInterval(iv))
			}
			t.Rows = append(t.Rows, row)
		}
	}
	return t
}

// rateWithInterval writes a win rate with its interval, "36.0% (34.1–38.0%)", or "–"
// for none.
func rateWithInterval(iv *Interval) string {
	if iv == nil {
		return "–"
	}
	return fmt.Sprintf("%s%% (%s–%s%%)", pct(iv.Rate), pct(iv.Low), pct(iv.High))
}
