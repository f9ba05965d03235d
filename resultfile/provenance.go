package resultfile

import "strings"

// The parts every run.json shares (a run's Run, a duel's DuelRun, a league's LeagueRun)
// and ladder.json (Ladder), embedded in each so that a field is declared, named and
// documented once. They are four, not one, because each kind's own fields sit between
// them and run.json keeps the order its readers have always seen (encoding/json writes
// an embedded struct's fields where it is embedded).

// Origin is who wrote the directory and how: the tool and its version, the command
// line, and the game it played.
type Origin struct {
	Tool     string   `json:"tool"`
	Version  string   `json:"version"`
	Revision string   `json:"revision,omitempty"`
	Command  []string `json:"command"`
	Game     string   `json:"game"`
}

// Slice is the run's seed and the shard of it the directory holds.
type Slice struct {
	Seed        uint64 `json:"seed"`
	Shard       Shard  `json:"shard"`
	ShardSource string `json:"shard_source,omitempty"` // where Shard came from: "flag", "slurm" or "kubernetes"; absent when none was given
}

// Host is where and when it was played; results do not depend on it.
type Host struct {
	Workers   int    `json:"workers"`
	GoVersion string `json:"go_version"`
	StartedAt string `json:"started_at"`
}

// Output is where the directory was written and, after a merge, what it was merged from.
type Output struct {
	Out        string   `json:"out"`
	MergedFrom []string `json:"merged_from,omitempty"`
	// Missing lists the ranges a partial merge lacks: "players 5: games 0-999", "duels
	// 0-999", "seasons 0-99".
	Missing []string `json:"missing,omitempty"`
}

// jsonField is a JSON decoding error's field path as the file names it: encoding/json
// puts the Go names of the embedded structs above in it ("Slice.seed"), which no
// run.json holds.
func jsonField(path string) string {
	parts := strings.Split(path, ".")
	out := parts[:0]
	for _, p := range parts {
		switch p {
		case "Origin", "Slice", "Host", "Output":
		default:
			out = append(out, p)
		}
	}
	return strings.Join(out, ".")
}
