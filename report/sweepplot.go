package report

import (
	"fmt"
	"slices"
	"strings"
)

// SweepPlotPrefix starts the name of every chart of a sweep: plot-sweep-cells and
// plot-sweep-<axis column>.
const SweepPlotPrefix = "plot-sweep-"

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
