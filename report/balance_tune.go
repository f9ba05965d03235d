package report

import (
	"fmt"
	"math"

	"github.com/bangsim/bangsim/resultfile"
)

// LifeTrial is one life change of a character in `balance --tune-life` and where it
// put the character: its role-weighted row ("all") and its row in each role.
type LifeTrial struct {
	Delta int          // change from the run's life: −2 … +2 (0 is the run itself)
	Life  int          // the character's life with the change (before the Sheriff's bonus)
	All   BalanceRow   // the role-weighted row
	Roles []BalanceRow // the row in each role
}

// LifeTuning is `balance --tune-life`'s finding for one character at one player count:
// every life tried, and the one whose role-weighted difference is closest to 0.
type LifeTuning struct {
	Character string      // the printed name
	Players   int         // the table size
	Life      int         // the character's life in the run
	Trials    []LifeTrial // by change, −2 first
	Best      int         // index in Trials of the life closest to parity
}

// NewLifeTuning gathers a character's rows at one player count from the balances of
// the runs at each life change (deltas[i] played as balances[i]; the run itself is
// delta 0) and picks the change that brings the role-weighted difference closest to 0;
// of two equally close, the smaller change. life is the character's life in the run.
func NewLifeTuning(character string, players, life int, deltas []int, balances []*Balance) LifeTuning {
	t := LifeTuning{Character: character, Players: players, Life: life, Best: -1}
	for i, d := range deltas {
		b := balances[i]
		all := b.Row(players, resultfile.AllRoles, character)
		if all == nil {
			continue
		}
		tr := LifeTrial{Delta: d, Life: life + d, All: *all}
		for _, r := range b.Rows {
			if r.Players == players && r.Character == character && r.Role != resultfile.AllRoles {
				tr.Roles = append(tr.Roles, r)
			}
		}
		t.Trials = append(t.Trials, tr)
	}
	// Trials in order of the change.
	for i := 1; i < len(t.Trials); i++ {
		for j := i; j > 0 && t.Trials[j].Delta < t.Trials[j-1].Delta; j-- {
			t.Trials[j], t.Trials[j-1] = t.Trials[j-1], t.Trials[j]
		}
	}
	for i, tr := range t.Trials {
		if t.Best < 0 {
			t.Best = i
			continue
		}
		b := t.Trials[t.Best]
		d, bd := math.Abs(tr.All.Diff), math.Abs(b.All.Diff)
		if d < bd || (d == bd && abs(tr.Delta) < abs(b.Delta)) {
			t.Best = i
		}
	}
	return t
}

// base returns the run's own trial (delta 0), or nil.
func (t *LifeTuning) base() *LifeTrial {
	for i := range t.Trials {
		if t.Trials[i].Delta == 0 {
			return &t.Trials[i]
		}
	}
	return nil
}

// Suggestion says in one sentence which life brings the character closest to parity
// and the evidence: "Willy the Kid (5 players): 8 → 6 life brings it from +19.3
// [+18.8, +19.8] to −0.4 [−1.0, +0.2] points over its roles".
func (t *LifeTuning) Suggestion() string {
	if t.Best < 0 {
		return fmt.Sprintf("%s (%d players): no life change could be played", t.Character, t.Players)
	}
	best, from := t.Trials[t.Best], t.base()
	if from == nil {
		return fmt.Sprintf("%s (%d players): %d life gives %s points over its roles", t.Character, t.Players, best.Life, pointsCI(best.All))
	}
	if best.Delta == 0 {
		return fmt.Sprintf("%s (%d players): keep %d life; at %s points over its roles, no change within ±2 brings it closer to parity",
			t.Character, t.Players, t.Life, pointsCI(from.All))
	}
	s := fmt.Sprintf("%s (%d players): %d → %d life brings it from %s to %s points over its roles",
		t.Character, t.Players, t.Life, best.Life, pointsCI(from.All), pointsCI(best.All))
	if best.All.Low <= 0 && 0 <= best.All.High {
		s += " (parity within the interval)"
	}
	return s
}

// pointsCI writes a row's difference and interval in points: "+4.1 [+3.2, +5.0]".
func pointsCI(r BalanceRow) string {
	d := pointDecimals(r.High - r.Low)
	return fmt.Sprintf("%s [%s, %s]", FormatPoints(r.Diff, d), FormatPoints(r.Low, d), FormatPoints(r.High, d))
}

// pointDecimals is the number of decimals (1 to 3) that shows an interval of this width
// in points with at least two significant last digits.
func pointDecimals(width float64) int {
	d := 1
	for d < 3 && 100*width < 2*math.Pow(10, -float64(d)) {
		d++
	}
	return d
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// OptionTrial is one value of a numeric rule option in `balance --tune` and the win
// rates it gave at one player count.
type OptionTrial struct {
	Value int        // the option's value
	Side  Interval   // the games won by the chosen role's side, over all games
	Roles []Interval // each role's win rate (Roles[i] is the tally's i-th role; empty if not dealt)
	Names []string   // the roles' names, in the tally's order
}

// OptionTuning is `balance --tune NAME`'s finding at one player count: each value tried
// and the one whose side win rate is closest to the target.
type OptionTuning struct {
	Option  string        // the option's flag name
	Side    string        // the role whose side's win rate is aimed at the target
	Target  float64       // the side win rate aimed at
	Players int           // the table size
	Default int           // the run's value
	Trials  []OptionTrial // in the order played
	Best    int           // index in Trials; −1 if the side is not dealt at this count
}

// SideWinRate returns the share of the games that the side of the named role won
// (TeamWins over games, one per game, so a plain Wilson interval at z), and false when
// no such role is dealt.
func SideWinRate(y *resultfile.Tally, role string, z float64) (Interval, bool) {
	for _, r := range y.Roles {
		if r.Role == role && r.Dealt > 0 && y.Games > 0 {
			p := float64(r.TeamWins) / float64(y.Games)
			lo, hi := Wilson(float64(r.TeamWins), float64(y.Games), z)
			return Interval{Rate: p, Low: lo, High: hi, EffectiveN: float64(y.Games)}, true
		}
	}
	return Interval{}, false
}

// NewOptionTuning gathers, at one player count, the side and role win rates of each
// value tried (values[i] played as counts[i]) and picks the value whose side win rate
// is closest to target; of two equally close, the one nearer the run's value def.
func NewOptionTuning(option, side string, target float64, players, def int, values []int, counts []*resultfile.CountTally, z float64) OptionTuning {
	t := OptionTuning{Option: option, Side: side, Target: target, Players: players, Default: def, Best: -1}
	for i, v := range values {
		y := &counts[i].Tally
		tr := OptionTrial{Value: v}
		iv, ok := SideWinRate(y, side, z)
		if !ok {
			return t
		}
		tr.Side = iv
		for _, r := range y.Roles {
			tr.Names = append(tr.Names, r.Role)
			if r.Dealt == 0 {
				tr.Roles = append(tr.Roles, Interval{Rate: math.NaN()})
				continue
			}
			tr.Roles = append(tr.Roles, WinRate(r.Cell, z))
		}
		t.Trials = append(t.Trials, tr)
	}
	for i, tr := range t.Trials {
		if t.Best < 0 {
			t.Best = i
			continue
		}
		b := t.Trials[t.Best]
		d, bd := math.Abs(tr.Side.Rate-target), math.Abs(b.Side.Rate-target)
		if d < bd || (d == bd && abs(tr.Value-def) < abs(b.Value-def)) {
			t.Best = i
		}
	}
	return t
}

// Suggestion says in one sentence which value brings the side closest to the target.
func (t *OptionTuning) Suggestion() string {
	if t.Best < 0 {
		return fmt.Sprintf("--%s (%d players): no %s is dealt", t.Option, t.Players, t.Side)
	}
	best := t.Trials[t.Best]
	var from *OptionTrial
	for i := range t.Trials {
		if t.Trials[i].Value == t.Default {
			from = &t.Trials[i]
		}
	}
	rate, ci := FormatPercentCI(best.Side)
	if from == nil || best.Value == t.Default {
		return fmt.Sprintf("--%s (%d players): %d gives the %s side %s %s of the games (target %s)", t.Option, t.Players,
			best.Value, t.Side, rate, ci, formatPct(t.Target))
	}
	frate, fci := FormatPercentCI(from.Side)
	return fmt.Sprintf("--%s (%d players): %d → %d brings the %s side from %s %s to %s %s of the games (target %s)",
		t.Option, t.Players, t.Default, best.Value, t.Side, frate, fci, rate, ci, formatPct(t.Target))
}

// formatPct writes a share as a percentage with up to one decimal: "50%", "47.5%".
func formatPct(x float64) string {
	s := fmt.Sprintf("%.1f", 100*x)
	if len(s) > 2 && s[len(s)-2:] == ".0" {
		s = s[:len(s)-2]
	}
	return s + "%"
}
