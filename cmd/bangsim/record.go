package main

import (
	"github.com/bangsim/bangsim/sim/dice"
)

// runRecord is run.json: everything needed to know what a result directory holds and to
// reproduce it.
type runRecord struct {
	Tool           string         `json:"tool"`
	Version        string         `json:"version"`
	Revision       string         `json:"revision,omitempty"`
	Command        []string       `json:"command"`
	Game           string         `json:"game"`
	Seed           uint64         `json:"seed"`
	Shard          shardRecord    `json:"shard"`
	Players        []int          `json:"players"`
	GamesPerCount  uint64         `json:"games_per_player_count"` // --games, over all shards
	Rules          rulesRecord    `json:"rules"`
	Policies       policiesRecord `json:"policies"`
	Counts         []countRecord  `json:"counts"`
	GamesPlanned   uint64         `json:"games_planned"`
	GamesPlayed    uint64         `json:"games_played"`
	ElapsedSeconds float64        `json:"elapsed_seconds"`
	GamesPerSecond float64        `json:"games_per_second"`
	Partial        bool           `json:"partial"`
	Workers        int            `json:"workers"`
	GoVersion      string         `json:"go_version"`
	StartedAt      string         `json:"started_at"`
	Confidence     float64        `json:"confidence"`
	Out            string         `json:"out"`
	MergedFrom     []string       `json:"merged_from,omitempty"`
}

// shardRecord is --shard K/N (1/1 for an unsharded run).
type shardRecord struct {
	K int `json:"k"`
	N int `json:"n"`
}

// countRecord is one player count of a run: which games were planned and played.
type countRecord struct {
	Players        int     `json:"players"`
	FirstGame      uint64  `json:"first_game"`
	Planned        uint64  `json:"planned"`
	Games          uint64  `json:"games"`
	Partial        bool    `json:"partial"`
	ElapsedSeconds float64 `json:"elapsed_seconds"`
	GamesPerSecond float64 `json:"games_per_second"`
}

// rulesRecord is the rules as the flags set them.
type rulesRecord struct {
	Arrows            int      `json:"arrows"`
	SheriffBonus      int      `json:"sheriff_bonus"`
	Rerolls           int      `json:"rerolls"`
	Gatling           int      `json:"gatling"`
	Dynamite          int      `json:"dynamite"`
	MaxTurns          int      `json:"max_turns"`
	ResolveAfterDeath bool     `json:"resolve_after_death"`
	DistanceEitherWay bool     `json:"distance_either_way"`
	Characters        string   `json:"characters"` // random, plain, pool or fixed-seats
	CharacterList     []string `json:"character_list,omitempty"`
}

// policiesRecord names the bots: the --policy default and the bot of every role.
type policiesRecord struct {
	Default string            `json:"default"`
	ByRole  map[string]string `json:"by_role"`
}

// newRulesRecord describes a setup's rules.
func newRulesRecord(s *gameSetup) rulesRecord {
	r := s.base
	rec := rulesRecord{
		Arrows:            int(r.Arrows),
		SheriffBonus:      int(r.SheriffBonus),
		Rerolls:           int(r.Rerolls),
		Gatling:           int(r.GatlingThreshold),
		Dynamite:          int(r.DynamiteThreshold),
		MaxTurns:          int(r.MaxTurns),
		ResolveAfterDeath: r.ResolveAfterDeath,
		DistanceEitherWay: r.DistanceEitherWay,
		Characters:        dealName(s.characters.Deal),
	}
	for _, c := range s.characters.List {
		rec.CharacterList = append(rec.CharacterList, c.String())
	}
	return rec
}

// newPoliciesRecord describes a setup's bots.
func newPoliciesRecord(s *gameSetup) policiesRecord {
	rec := policiesRecord{Default: s.defaultPolicy, ByRole: map[string]string{}}
	for r, name := range s.policyNames() {
		rec.ByRole[dice.Role(r).String()] = name
	}
	return rec
}

// fillTotals sets the per-count records and the totals from the results.
func (rec *runRecord) fillTotals(rs []countResult, planned []countRecord) {
	rec.Counts = planned
	rec.GamesPlanned, rec.GamesPlayed, rec.Partial = 0, 0, false
	for i := range rec.Counts {
		cr := &rec.Counts[i]
		for _, r := range rs {
			if r.Players == cr.Players {
				cr.FirstGame, cr.Games = r.First, r.Games
				cr.ElapsedSeconds = r.Elapsed.Seconds()
				cr.GamesPerSecond = perSecond(r.Games, cr.ElapsedSeconds)
			}
		}
		cr.Partial = cr.Games < cr.Planned
		rec.Partial = rec.Partial || cr.Partial
		rec.GamesPlanned += cr.Planned
		rec.GamesPlayed += cr.Games
	}
	rec.GamesPerSecond = perSecond(rec.GamesPlayed, rec.ElapsedSeconds)
}

// perSecond returns games per second, 0 when no time has passed.
func perSecond(games uint64, seconds float64) float64 {
	if seconds <= 0 {
		return 0
	}
	return float64(games) / seconds
}

// tallyFile is tally.json: the exact integer sums behind every CSV, which `bangsim
// merge` adds up across shards before recomputing rates and intervals.
type tallyFile struct {
	Seed   uint64       `json:"seed"`
	Counts []tallyCount `json:"counts"`
}

// tallyCount is the tally of one player count and the games it covers.
type tallyCount struct {
	Players   int        `json:"players"`
	FirstGame uint64     `json:"first_game"`
	Games     uint64     `json:"games"`
	Tally     dice.Tally `json:"tally"`
}
