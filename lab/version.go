package lab

import (
	"runtime"
	"runtime/debug"
	"time"

	"github.com/bangsim/bangsim/resultfile"
)

// Version is bangsim's release version; result files record it with the VCS revision.
// 0.3.0: every seat draws its bots' random numbers from a stream of its own, so games
// whose bots draw random numbers differ from 0.2.0's for the same seed. 0.4.0: the same
// games as 0.3.0; tally.json is bangsim.tally/3 (the games by length), compare
// directories hold compare-tally.json, and sweeps, the card game's --life and the
// league arrive. 0.5.0: the same dice and card games as 0.4.0; the league's knock-out
// matches are long duels (bangsim duel) and a withdrawn player's passive rules are the
// engine's, so league seasons differ from 0.4.0's. 0.6.0: the dice game asks Pedro
// Ramirez for the point that brings him to 0 too (a rare extra decision), the card
// game's `random` draws nothing where its yardstick has one option, and a league
// withdrawal whose turn never came is none: games with those differ from 0.5.0's.
// 0.7.0: the same games as 0.6.0; a league's --withdraw and standings.csv number the
// players from 1 (as the score sheet), so a league run.json's withdrawals mean other
// players than 0.6.0's, and summary.md's character column is "vs others" (balance's
// definition): shards of 0.6.0 and 0.7.0 do not merge.
const Version = "0.7.0"

// Tool names the program in the result files.
const Tool = "bangsim"

// Revision returns the VCS revision the binary was built from ("" if unknown), with a
// "+dirty" suffix when the work tree had uncommitted changes.
func Revision() string {
	info, ok := debug.ReadBuildInfo()
	if !ok {
		return ""
	}
	var rev string
	dirty := false
	for _, s := range info.Settings {
		switch s.Key {
		case "vcs.revision":
			rev = s.Value
		case "vcs.modified":
			dirty = s.Value == "true"
		}
	}
	if rev != "" && dirty {
		rev += "+dirty"
	}
	return rev
}

// Origin is the head of every run.json bangsim writes: this binary, the command line
// and the game.
func Origin(command []string, game string) resultfile.Origin {
	return resultfile.Origin{Tool: Tool, Version: Version, Revision: Revision(), Command: command, Game: game}
}

// Host is where and when a run was played: its workers (0: every CPU), this Go and the
// time it began, in UTC.
func Host(workers int, started time.Time) resultfile.Host {
	return resultfile.Host{Workers: workerCount(workers), GoVersion: runtime.Version(), StartedAt: started.UTC().Format(time.RFC3339)}
}
