package report

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/bangsim/bangsim/resultfile"
)

// SweepPlotPrefix starts the name of every chart of a sweep: plot-sweep-<axis column>.
const SweepPlotPrefix = "plot-sweep-"

// sweepAxisPool is one axis of a sweep with, for each of its values, each role's cell
// added up over the complete cells that have the value (every other axis's values and
// every player count pooled).
type sweepAxisPool struct {
	axis  resultfile.SweepAxis
	roles []string
	parts [][][]Cell // [value][role]: the pooled cells' own counts, one per cell and player count
	dealt [][]bool   // [value][role]: the role was dealt in some pooled count
	n     []int      // [value]: cells pooled
}

// cell is value v's counts of role k added up (its seats and wins).
func (p *sweepAxisPool) cell(v, k int) Cell {
	var c Cell
	for i := range p.parts[v][k] {
		c.Merge(&p.parts[v][k][i])
	}
	return c
}

// rate is value v's pooled win rate of role k with PooledWinRate's interval, which
// allows for the pooled cells' games being correlated (they share game seeds).
func (p *sweepAxisPool) rate(v, k int, z float64) Interval { return PooledWinRate(p.parts[v][k], z) }

// uneven reports whether the values pool unequal numbers of cells (an excluded
// combination, or a cell not complete yet): their rates then average over different
// sets of the other axes' values, which can differ for that reason alone.
func (p *sweepAxisPool) uneven() bool { return slices.Min(p.n) != slices.Max(p.n) }

// sweepRoles are the roles any cell of s counts, in the order first met.
func sweepRoles(s *SweepResults) []string {
	var roles []string
	for _, c := range s.Cells {
		for _, ct := range c.Counts {
			for _, r := range ct.Tally.Roles {
				if !slices.Contains(roles, r.Role) {
					roles = append(roles, r.Role)
				}
			}
		}
	}
	return roles
}

// sweepPools pools every axis of s.
func sweepPools(s *SweepResults) []sweepAxisPool {
	roles := sweepRoles(s)
	var out []sweepAxisPool
	for a, ax := range s.Manifest.Axes {
		p := sweepAxisPool{axis: ax, roles: roles, n: make([]int, len(ax.Values))}
		for range ax.Values {
			p.parts = append(p.parts, make([][]Cell, len(roles)))
			p.dealt = append(p.dealt, make([]bool, len(roles)))
		}
		for _, c := range s.Cells {
			v := slices.Index(ax.Values, c.Entry.Values[a])
			p.n[v]++
			for _, ct := range c.Counts {
				for _, r := range ct.Tally.Roles {
					if r.Dealt == 0 {
						continue
					}
					k := slices.Index(roles, r.Role)
					p.parts[v][k] = append(p.parts[v][k], r.Cell)
					p.dealt[v][k] = true
				}
			}
		}
		out = append(out, p)
	}
	return out
}

// sweepCaption is the first note of every sweep chart: what was played.
func sweepCaption(s *SweepResults) string {
	m := &s.Manifest
	parts := []string{m.Game + " game", "sweep " + m.File,
		fmt.Sprintf("%d of %d cells complete", len(s.Cells), len(m.Cells)),
		groupDigits(m.Base.GamesPerCount) + " games per player count and cell"}
	if m.Shard.N > 1 {
		parts = append(parts, fmt.Sprintf("shard %d of %d", m.Shard.K, m.Shard.N))
	}
	if !m.Complete {
		parts = append(parts, "PARTIAL")
	}
	for _, b := range sweepBots(m) {
		if cheats(b) {
			parts = append(parts, botLabel(b))
		}
	}
	return strings.Join(parts, " · ")
}

// sweepLabel shows an empty value (an option left unset) as "(none)".
func sweepLabel(v string) string {
	if v == "" {
		return "(none)"
	}
	return v
}

// cellCounts says how many cells each value pools: "4 cells each" or "3 to 4 cells".
func cellCounts(n []int) string {
	lo, hi := slices.Min(n), slices.Max(n)
	if lo == hi {
		if lo == 1 {
			return "1 cell each"
		}
		return strconv.Itoa(lo) + " cells each"
	}
	return fmt.Sprintf("%d to %d cells", lo, hi)
}
