package resultfile

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"slices"
)

// Kind is what a result directory holds, told from its file names alone (KindOf), so
// that every writing command can refuse to replace a directory of another kind.
type Kind int

// The kinds of result directory. A directory holding the files of several kinds has
// the first of them in this order (a run directory with its report is a run's).
const (
	KindNone    Kind = iota // absent or empty, or only files that name no kind
	KindSweep               // sweep.json ('bangsim sweep')
	KindCompare             // compare.json, compare-diff.csv... ('bangsim compare')
	KindDuel                // order.csv ('bangsim duel')
	KindLeague              // standings.csv, prices.csv, league-tally.json ('bangsim league')
	KindTune                // tune.json, tune-convergence.csv ('bangsim tune')
	KindLadder              // ladder.json, ladder-ratings.csv... ('bangsim ladder')
	KindRun                 // run.json, tally.json, roles.csv... ('bangsim run', 'merge', 'balance')
	KindMan                 // bangsim*.1 ('bangsim man')
	KindExtras              // ExtrasMarker: report, chart or balance files only, in a directory of their own
	// KindDuelExtras is no directory's kind (KindOf never returns it) but what `plot`
	// and `report` of a duel write: report and chart files, which go into the duel's
	// own directory or one of their own (AddFilesOf).
	KindDuelExtras
	// KindLeagueExtras is KindDuelExtras for a league directory.
	KindLeagueExtras
	// KindLadderExtras is KindDuelExtras for a ladder directory.
	KindLadderExtras
	// KindTuneExtras is KindDuelExtras for a tune directory.
	KindTuneExtras
)

// extrasOf maps the kinds of report and chart files that belong to one kind of
// directory only (a duel's, a league's) to that kind: one table, so that a further
// experiment needs a line here and none in the writers.
var extrasOf = map[Kind]Kind{KindDuelExtras: KindDuel, KindLeagueExtras: KindLeague, KindLadderExtras: KindLadder, KindTuneExtras: KindTune}

// ExtrasFor returns the kind of the report and chart files written about a directory
// of kind k: KindDuelExtras or KindLeagueExtras for a duel or a league, which keep
// their files apart from a run's, KindExtras for every other kind.
func ExtrasFor(k Kind) Kind {
	for e, of := range extrasOf {
		if of == k {
			return e
		}
	}
	return KindExtras
}

// ExtrasMarker is the empty file AddFiles leaves in a directory it creates that is not
// a result directory (`bangsim plot --out charts`), so that a later command knows the
// report, chart and balance files there are bangsim's: a user's own summary.md in a
// directory without it is never overwritten.
const ExtrasMarker = ".bangsim-report-files"

// kindNames say what a directory of each kind holds, for messages.
var kindNames = map[Kind]string{
	KindNone:    "nothing of bangsim's",
	KindSweep:   "a sweep (sweep.json)",
	KindCompare: "a comparison (compare.json)",
	KindDuel:    "a duel result (order.csv)",
	KindLeague:  "a league result (standings.csv)",
	KindTune:    "a tune result (tune.json)",
	KindLadder:  "a ladder (ladder.json)",
	KindRun:     "a run or merge result (run.json, tally.json)",
	KindMan:     "man pages (bangsim.1)",
	KindExtras:  "report, chart or balance files only",
	// KindDuelExtras names what it writes, for the refusal of another directory.
	KindDuelExtras:   "report or chart files of a duel",
	KindLeagueExtras: "report or chart files of a league",
	KindLadderExtras: "report or chart files of a ladder",
	KindTuneExtras:   "report or chart files of a tune",
}

// String says what a directory of kind k holds, e.g. "a sweep (sweep.json)".
func (k Kind) String() string { return kindNames[k] }

// kindFiles are the names that make a directory of each kind, in KindOf's order.
var kindFiles = []struct {
	kind  Kind
	names []string
}{
	{KindSweep, []string{SweepFile}},
	{KindCompare, []string{CompareJSONFile, CompareDiffFile, CompareFile, CompareTallyFile}},
	{KindDuel, []string{DuelOrderFile, DuelTallyFile}},
	{KindLeague, []string{LeagueStandingsFile, LeaguePricesFile, LeagueTallyFile}},
	{KindTune, []string{TuneFile, TuneConvergenceFile, TuneValidationFile}},
	{KindLadder, []string{LadderJSONFile, LadderRatingsFile, LadderTallyFile, LadderDepthFile, LadderCountsFile}},
	{KindRun, []string{RunFile, TallyFile, RolesFile, EventsFile, TurnsFile, SeatsFile, CharactersFile}},
}

// manPage matches the names `bangsim man` writes: bangsim.1, bangsim-run.1...
var manPage = regexp.MustCompile(`^bangsim(-[a-z0-9-]+)?\.1$`)

// isManPage reports whether name is one of `bangsim man`'s pages.
func isManPage(name string) bool { return manPage.MatchString(name) }

// KindOf tells the kind of a result directory holding entries of these names: the one
// place that knows which files make which kind. seats.csv and characters.csv, which a
// duel writes too, make a run only where no order.csv says duel.
func KindOf(names []string) Kind {
	for _, kf := range kindFiles {
		for _, n := range names {
			if slices.Contains(kf.names, n) {
				return kf.kind
			}
		}
	}
	if slices.ContainsFunc(names, isManPage) {
		return KindMan
	}
	if slices.Contains(names, ExtrasMarker) {
		return KindExtras
	}
	return KindNone
}

// DetectKind reads directory dir and returns its kind; an absent dir is KindNone.
func DetectKind(dir string) (Kind, error) {
	entries, err := os.ReadDir(dir)
	if errors.Is(err, fs.ErrNotExist) {
		return KindNone, nil
	}
	if err != nil {
		return KindNone, err
	}
	return KindOf(entryNames(entries)), nil
}

func entryNames(entries []fs.DirEntry) []string {
	names := make([]string, len(entries))
	for i, e := range entries {
		names[i] = e.Name()
	}
	return names
}

// ownerNames name the directory that owns its own report and chart files.
var ownerNames = map[Kind]string{KindDuel: "the duel's", KindLeague: "the league's", KindLadder: "the ladder's"}

// writes says in a few words what a command writing a set of kind k writes, for the
// refusal of a directory of another kind.
func (k Kind) writes() string {
	switch k {
	case KindExtras:
		return "report, chart or balance files (into a run's, comparison's or sweep's directory, or one of their own)"
	}
	if of, ok := extrasOf[k]; ok {
		return fmt.Sprintf("%s (into %s directory, or one of their own)", k, ownerNames[of])
	}
	return k.String()
}

// IsComplete reports whether dir holds a complete run, comparison, tune or ladder:
// its run.json, compare.json, tune.json or ladder.json can be read and is not marked
// partial. A partial result must never replace one (see WriteSetKeep).
func IsComplete(dir string) bool {
	for _, name := range []string{RunFile, CompareJSONFile, TuneFile, LadderJSONFile} {
		b, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil {
			continue
		}
		var rec struct {
			Partial *bool `json:"partial"`
		}
		if json.Unmarshal(b, &rec) != nil || rec.Partial == nil {
			return false
		}
		return !*rec.Partial
	}
	return false
}

// ResultKinds are the kinds of result directory that plot, report and merge read, in
// the order their one message names them (NotResultsMessage).
var ResultKinds = []Kind{KindRun, KindCompare, KindSweep, KindDuel, KindLeague, KindLadder, KindTune}

// wantNames say what each readable kind is, by the file that makes it, for the one
// message of a directory that is none of them.
var wantNames = map[Kind]string{
	KindRun:     "a run or merge (run.json, tally.json)",
	KindCompare: "a comparison (compare.json)",
	KindSweep:   "a sweep (sweep.json)",
	KindDuel:    "a duel (duel-tally.json)",
	KindLeague:  "a league (standings.csv)",
	KindTune:    "a tune (tune.json)",
	KindLadder:  "a ladder (ladder.json)",
}

// Want names a readable kind as the one message does, e.g. "a sweep (sweep.json)".
func (k Kind) Want() string {
	if s, ok := wantNames[k]; ok {
		return s
	}
	return k.String()
}

// WantList names the kinds accepted, "a run or merge (...), ... or a league (...)".
func WantList(accepted []Kind) string {
	var s string
	for i, k := range accepted {
		switch {
		case i == 0:
		case i == len(accepted)-1:
			s += " or "
		default:
			s += ", "
		}
		s += k.Want()
	}
	return s
}

// NotResults is why a directory holds no result of a kind a command reads: it holds
// none of bangsim's.
const NotResults = "it is not a bangsim result directory"

// NotResultsMessage is the one message of every command that reads a result directory
// (merge, plot, report, balance) about dir, which holds none of the kinds accepted:
// `cannot plot "x": it is not a bangsim result directory: want a run or merge (...), ...`.
// why is NotResults, or says what dir is instead ("it does not exist", "it is a
// sweep (sweep.json)"); only verb, why and the kinds accepted differ between commands.
func NotResultsMessage(verb, dir, why string, accepted []Kind) string {
	return fmt.Sprintf("cannot %s %q: %s: want %s", verb, dir, why, WantList(accepted))
}
