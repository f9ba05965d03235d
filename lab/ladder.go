package lab

import (
	"context"
	"fmt"
	"math/bits"
	"runtime"
	"time"

	"github.com/bangsim/bangsim/internal/seed"
	"github.com/bangsim/bangsim/report"
	"github.com/bangsim/bangsim/resultfile"
	"github.com/bangsim/bangsim/sim/bang"
	"github.com/bangsim/bangsim/sim/run"
	"github.com/bangsim/bangsim/sim/tally"
)

// LadderGroups is how many groups of game indices (index mod LadderGroups) a ladder
// keeps its pairwise counts in, for the ratings' grouped-jackknife intervals.
const LadderGroups = 32

// LadderDesign describes a ladder's games in ladder.json.
func LadderDesign(luck string) string {
	return "for each game index, an order π of the B bots drawn from the game seed and one game per rotation j = 0..B−1 with bot π((s + j) mod B) at seat s, " +
		"so every bot plays every seat (and the role and character the seed deals it) once per index; common " + luck +
		" from the game seed; bot k's seats draw from the streams salted k; a bot that won a seat another bot lost " +
		"at the same seat of the same index beat it (Bradley–Terry comparison)"
}

// LadderPairDesign describes a two-seat ladder's games (the long duel) in ladder.json.
func LadderPairDesign(luck string) string {
	return "for each game index and each pair of bots a, b, two games from the game seed: a at seat 0 and b at seat 1, then the seats swapped; common " + luck +
		" from the game seed (the draft bot the same at both seats, so every game of an index drafts alike); a seat's bot draws from the seat's stream; " +
		"a bot that won a seat its pair's other bot lost at the same seat of the same index beat it (Bradley–Terry comparison)"
}

// ladderDealt returns the roles a ladder's seats are dealt at n players, as the tally
// keeps its comparisons, and their names; a game without roles (the long duel) keeps
// every seat under role 0, named "all".
func ladderDealt(d *bang.Declaration, players int) ([]int, []string) {
	roles := CompareRoles(d, players)
	roles = roles[:len(roles)-1]
	if len(roles) == 0 {
		return []int{0}, []string{RoleName(RoleAll)}
	}
	names := make([]string, len(roles))
	for i, r := range roles {
		names[i] = RoleName(r)
	}
	return roles, names
}

// LadderRatingModel describes the ratings in ladder.json.
const LadderRatingModel = "Bradley–Terry log strengths (mean 0; a − b is the log-odds that a's seat wins where b's loses), " +
	"fitted by MM with half a virtual win each way per pair; intervals by the grouped jackknife over 32 groups of game indices (index mod 32)"

// LadderSpec is one `bangsim ladder`.
type LadderSpec struct {
	Game     *Game
	Prepared Table
	Seed     uint64
	Players  int
	Games    uint64 // game indices, over all shards
	Entrants []Entrant
	// CharactersPerSeat is how many characters a seat holds where its Seating is a
	// DraftedSeating (the duel's five); 0 means one.
	CharactersPerSeat int
	Shard             resultfile.Shard // K of N, K from 1; the zero value plays every index
	// ShardSource is where Shard came from (ResolveShard), recorded in ladder.json.
	ShardSource string
	Workers     int
	Out         string
	Command     []string
	Progress    Progress
}

// LadderTally holds every count of a ladder; all integers, merged by adding.
type LadderTally struct {
	Indices uint64 // game indices played
	Games   uint64 // games played, one per bot and index
	Illegal uint64 // illegal choices replaced by the engine, over every game
	// Beat[g][r][a][b]: seats of role r, in indices of group g, that bot a won and bot b
	// lost (the same seat of the same index, in two rotations).
	Beat [LadderGroups][bang.NumRoles][MaxEntrants][MaxEntrants]uint64
	// Rates[a][r]: bot a's seats in role r (RoleAll: every role), clustered by index.
	Rates [MaxEntrants][bang.NumRoles + 1]tally.Cell
	// RoleDiff[a][b][r] (a < b): a's win minus b's at the same seats, clustered by index;
	// CharDiff the same per character dealt to the seat.
	RoleDiff [MaxEntrants][MaxEntrants][bang.NumRoles + 1]report.PairedCell
	CharDiff [MaxEntrants][MaxEntrants][bang.MaxCharacters]report.PairedCell
}

// merge adds o into t.
func (t *LadderTally) merge(o *LadderTally) {
	t.Indices += o.Indices
	t.Games += o.Games
	t.Illegal += o.Illegal
	for g := range t.Beat {
		for r := range t.Beat[g] {
			for a := range t.Beat[g][r] {
				for b := range t.Beat[g][r][a] {
					t.Beat[g][r][a][b] += o.Beat[g][r][a][b]
				}
			}
		}
	}
	for a := range t.Rates {
		for r := range t.Rates[a] {
			t.Rates[a][r].Merge(&o.Rates[a][r])
		}
		for b := range t.RoleDiff[a] {
			for r := range t.RoleDiff[a][b] {
				t.RoleDiff[a][b][r].Merge(&o.RoleDiff[a][b][r])
			}
			for c := range t.CharDiff[a][b] {
				t.CharDiff[a][b][c].Merge(&o.CharDiff[a][b][c])
			}
		}
	}
}

// playLadderIndex plays one game index's rotations on st and adds them into t; at is
// the worker's buffer of the bot at each seat, one for all its games so that nothing is
// allocated per game.
func playLadderIndex(st Seating, bots, n int, at []int, t *LadderTally, index, gameSeed uint64) {
	var won [MaxEntrants][bang.MaxSeats]bool // won[j][s]: seat s won in rotation j
	var role [bang.MaxSeats]bang.Role
	var char [bang.MaxSeats]bang.Character
	perm, pos := ladderOrder(gameSeed, bots)
	// bot returns the bot at seat s in rotation j.
	bot := func(j, s int) int { return perm[(s+j)%bots] }
	for j := range bots {
		for s := range n {
			at[s] = bot(j, s)
		}
		o := st.PlayAt(gameSeed, at)
		if j == 0 {
			role, char = o.Role, o.Char
		} else if o.Role != role || o.Char != char {
			panic(fmt.Sprintf("ladder: index %d deals other roles or characters in rotation %d", index, j))
		}
		t.Games++
		t.Illegal += uint64(o.Illegal)
		for s := range n {
			won[j][s] = o.Won(s)
		}
	}
	t.Indices++
	g := index % LadderGroups
	var m, y [MaxEntrants][bang.NumRoles + 1]uint64
	for s := range n {
		r := role[s]
		for j := range bots {
			a := bot(j, s)
			m[a][r]++
			m[a][RoleAll]++
			if won[j][s] {
				y[a][r]++
				y[a][RoleAll]++
				for j2 := range bots {
					if j2 != j && !won[j2][s] {
						t.Beat[g][r][a][bot(j2, s)]++
					}
				}
			}
		}
	}
	for a := range bots {
		for r := range m[a] {
			t.Rates[a][r].Add(m[a][r], y[a][r])
		}
	}
	// win(a, s): bot a's result at seat s, from the rotation that put it there.
	win := func(a, s int) int64 {
		if won[((pos[a]-s)%bots+bots)%bots][s] {
			return 1
		}
		return 0
	}
	for a := range bots {
		for b := a + 1; b < bots; b++ {
			var dm [bang.NumRoles + 1]uint64
			var d [bang.NumRoles + 1]int64
			for s := range n {
				diff := win(a, s) - win(b, s)
				r := role[s]
				dm[r]++
				dm[RoleAll]++
				d[r] += diff
				d[RoleAll] += diff
				t.CharDiff[a][b][char[s]].Add(1, diff)
			}
			for r := range dm {
				t.RoleDiff[a][b][r].Add(dm[r], d[r])
			}
		}
	}
}

// maxSeatCharacters bounds the characters one seat holds (the duel's five drafted).
const maxSeatCharacters = 8

// seatCharacters copies the characters of seat s of the game st played last into dst
// and returns how many: o's one, or a DraftedSeating's.
func seatCharacters(st Seating, o *bang.Outcome, s int, dst *[maxSeatCharacters]bang.Character) int {
	if d, ok := st.(DraftedSeating); ok {
		return copy(dst[:], d.Drafted(s))
	}
	dst[0] = o.Char[s]
	return 1
}

// playLadderPairs plays one game index of a two-seat ladder (the long duel) on st: for
// every pair of bots a < b the game seed twice, a at seat 0 then at seat 1, and adds
// them into t as playLadderIndex would its rotations (at is the worker's buffer).
func playLadderPairs(st Seating, bots int, at []int, t *LadderTally, index, gameSeed uint64) {
	var role [2]bang.Role
	var chars [2][maxSeatCharacters]bang.Character
	var nc [2]int
	first := true
	// play plays the seed with x at seat 0 and y at seat 1 and returns who won each seat.
	play := func(x, y int) (won [2]bool) {
		at[0], at[1] = x, y
		o := st.PlayAt(gameSeed, at)
		for s := range 2 {
			var c [maxSeatCharacters]bang.Character
			k := seatCharacters(st, o, s, &c)
			if first {
				role[s], chars[s], nc[s] = o.Role[s], c, k
			} else if o.Role[s] != role[s] || k != nc[s] || c != chars[s] {
				panic(fmt.Sprintf("ladder: index %d deals other roles or characters between its games", index))
			}
			won[s] = o.Won(s)
		}
		first = false
		t.Games++
		t.Illegal += uint64(o.Illegal)
		return won
	}
	t.Indices++
	g := index % LadderGroups
	var m, y [MaxEntrants][bang.NumRoles + 1]uint64
	for a := range bots {
		for b := a + 1; b < bots; b++ {
			ab, ba := play(a, b), play(b, a)
			// wa[s], wb[s]: a's and b's result at seat s.
			wa, wb := [2]bool{ab[0], ba[1]}, [2]bool{ba[0], ab[1]}
			var dm [bang.NumRoles + 1]uint64
			var d [bang.NumRoles + 1]int64
			for s := range 2 {
				r := role[s]
				for _, p := range [2]struct {
					bot       int
					won, lost bool
					other     int
				}{{a, wa[s], !wb[s], b}, {b, wb[s], !wa[s], a}} {
					m[p.bot][r]++
					m[p.bot][RoleAll]++
					if p.won {
						y[p.bot][r]++
						y[p.bot][RoleAll]++
						if p.lost {
							t.Beat[g][r][p.bot][p.other]++
						}
					}
				}
				diff := int64(b2i(wa[s]) - b2i(wb[s]))
				dm[r]++
				dm[RoleAll]++
				d[r] += diff
				d[RoleAll] += diff
				for _, c := range chars[s][:nc[s]] {
					t.CharDiff[a][b][c].Add(1, diff)
				}
			}
			for r := range dm {
				t.RoleDiff[a][b][r].Add(dm[r], d[r])
			}
		}
	}
	for a := range bots {
		for r := range m[a] {
			t.Rates[a][r].Add(m[a][r], y[a][r])
		}
	}
}

// LadderResult is a finished (or interrupted) ladder.
type LadderResult struct {
	Record      *resultfile.Ladder // ladder.json, its ratings and skill depth filled from Tally
	GameIndices uint64             // --games: the whole ladder's, over all shards
	FirstIndex  uint64             // the first index Tally covers
	Tally       LadderTally
	// Declared is the game's declaration, whose roles are the rows (CompareRoles).
	Declared *bang.Declaration
	// Characters names CharDiff's rows: the game's characters.
	Characters *bang.CharacterSet
}

// Ladder plays the tournament, or with Shard its slice of the game indices (merged
// with MergeLadders); an interrupted one returns the finished prefix marked
// partial and a nil error. Nothing is written: see WriteLadder.
func Ladder(ctx context.Context, s LadderSpec) (*LadderResult, error) {
	if len(s.Entrants) < 2 || len(s.Entrants) > MaxEntrants {
		return nil, fmt.Errorf("a ladder needs 2 to %d bots, got %d", MaxEntrants, len(s.Entrants))
	}
	newSeating, err := s.Prepared.Seating(s.Players, entrantSpecs(s.Entrants))
	if err != nil {
		return nil, err
	}
	started := time.Now()
	workers := workerCount(s.Workers)
	bots := len(s.Entrants)
	shard := s.Shard
	if shard.N == 0 {
		shard = resultfile.Shard{K: 1, N: 1}
	}
	if shard.K < 1 || shard.K > shard.N {
		return nil, fmt.Errorf("shard %d/%d: want K/N with 1 <= K <= N", shard.K, shard.N)
	}
	lo, hi := run.ShardRange(s.Games, shard.K-1, shard.N)
	pairs := s.Players == 2 // two seats: every pair of bots plays each index both ways
	design, perIndex := LadderDesign(s.Game.Luck), bots
	if pairs {
		design, perIndex = LadderPairDesign(s.Game.Luck), bots*(bots-1)
	}
	rec := &resultfile.Ladder{
		Schema:            resultfile.LadderSchema,
		Origin:            resultfile.Origin{Tool: Tool, Version: Version, Revision: Revision(), Command: s.Command, Game: s.Game.Name},
		Slice:             resultfile.Slice{Seed: s.Seed, Shard: shard, ShardSource: s.ShardSource},
		Players:           s.Players,
		Design:            design,
		Rating:            LadderRatingModel,
		Rules:             s.Prepared.Settings(),
		Characters:        RecordCharacters(s.Game),
		GamesPlanned:      hi - lo,
		GamesPerIndex:     perIndex,
		Pairs:             pairs,
		CharactersPerSeat: s.CharactersPerSeat,
		Host:              resultfile.Host{Workers: workers, GoVersion: runtime.Version(), StartedAt: started.UTC().Format(time.RFC3339)},
		Confidence:        confidenceLevel,
		Output:            resultfile.Output{Out: s.Out},
	}
	rec.Policies, rec.Specs = entrantLabels(s.Entrants), entrantSpecs(s.Entrants)
	cfg := run.Config{Games: s.Games, Seed: s.Seed, Workers: workers, Shard: shard.K - 1, Shards: shard.N}
	if s.Progress != nil {
		cfg.Progress = s.Progress.Start(s.Players, hi-lo)
	}
	newPlayer := func() run.Player[LadderTally] {
		st, at := newSeating(), make([]int, s.Players)
		if pairs {
			return func(t *LadderTally, index, gameSeed uint64) {
				playLadderPairs(st, bots, at, t, index, gameSeed)
			}
		}
		return func(t *LadderTally, index, gameSeed uint64) {
			playLadderIndex(st, bots, s.Players, at, t, index, gameSeed)
		}
	}
	res, playErr := run.Run(ctx, cfg, newPlayer, func(dst, src *LadderTally) { dst.merge(src) })
	if s.Progress != nil {
		s.Progress.Finish(s.Players, res.Games, res.Planned, res.Elapsed)
	}
	rec.GamesPlayed = res.Games
	rec.TablesPlayed = res.Tally.Games
	rec.Illegal = res.Tally.Illegal
	rec.Partial = res.Partial
	rec.ElapsedSeconds = time.Since(started).Seconds()
	rec.GamesPerSecond = resultfile.PerSecond(res.Tally.Games, rec.ElapsedSeconds)
	out := &LadderResult{Record: rec, Declared: s.Game.Declared(), GameIndices: s.Games, FirstIndex: lo, Tally: res.Tally, Characters: s.Game.CharacterSet()}
	out.rate()
	return out, playErr
}

// ladderSalt keeps the order of a ladder's bots apart from every stream the engine
// draws from the same game seed.
const ladderSalt = 0x6c61646465720001

// ladderOrder returns the order of the bots around the table at the index of gameSeed,
// a uniform permutation drawn from it (Fisher–Yates on SplitMix64), and each bot's
// place in it. The rotations put every bot at every seat; the permutation makes who
// sits after whom random, so no bot is always followed by the same one (a fixed cyclic
// order would favour the bot seated before a weak one).
func ladderOrder(gameSeed uint64, bots int) (perm, pos [MaxEntrants]int) {
	for i := range bots {
		perm[i] = i
	}
	st := gameSeed ^ ladderSalt
	for i := bots - 1; i > 0; i-- {
		hi, _ := bits.Mul64(seed.SplitMix64(&st), uint64(i+1))
		k := int(hi)
		perm[i], perm[k] = perm[k], perm[i]
	}
	for i := range bots {
		pos[perm[i]] = i
	}
	return perm, pos
}
