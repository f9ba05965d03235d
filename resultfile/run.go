package resultfile

// Schema versions of the files; a reader refuses a version it does not know, naming it.
const (
	// RunSchema is run.json's schema. Files written before it existed (bangsim 0.2.0
	// and older) have no schema field and the same fields: they are read as version 1.
	RunSchema = "bangsim.run/1"
	// TallySchema is tally.json's schema: version 3 adds the games by length in turns
	// (Tally.Lengths) to version 2's counts. Version 1 (bangsim 0.2.0 and older) wrote the
	// dice engine's Go structure and is refused.
	TallySchema = "bangsim.tally/3"
	// TallySchema2 is tally.json's version 2: every count of version 3 but the game
	// lengths. It is still read (charts and reports then say the file has no length
	// distribution), and a merge of version-2 files is written as version 2.
	TallySchema2 = "bangsim.tally/2"
	// CompareSchema is compare.json's schema.
	CompareSchema = "bangsim.compare/1"
)

// File names of a run directory.
const (
	RolesFile      = "roles.csv"
	CharactersFile = "characters.csv"
	SeatsFile      = "seats.csv"
	EventsFile     = "events.csv"
	TurnsFile      = "turns.csv" // games by length; absent when tally.json has no lengths (schema 2)
	TallyFile      = "tally.json"
	RunFile        = "run.json"
)

// File names of a compare directory.
const (
	CompareFile     = "compare.csv"
	CompareDiffFile = "compare-diff.csv"
	CompareJSONFile = "compare.json"
)

// Run is run.json: everything needed to know what a result directory holds and to
// reproduce it.
type Run struct {
	Schema string `json:"schema,omitempty"`
	Origin
	Config string `json:"config,omitempty"` // the canonical configuration (lab.Config: game, players, bots, characters, rules not at their default); absent in files written before it, whose other fields say the same
	Slice
	Players       []int    `json:"players"`
	GamesPerCount uint64   `json:"games_per_player_count"` // --games, over all shards
	Rules         Settings `json:"rules"`
	Policies      Policies `json:"policies"`
	// Characters are the characters a character file added to the game's printed ones
	// (--characters-file), in their numbering order: what a reader rebuilds the game
	// from (lab.GameOfRun), so that replay and balance of the directory need no file.
	Characters     []AddedCharacter `json:"added_characters,omitempty"`
	Counts         []Count          `json:"counts"`
	GamesPlanned   uint64           `json:"games_planned"`
	GamesPlayed    uint64           `json:"games_played"`
	ElapsedSeconds float64          `json:"elapsed_seconds"`
	GamesPerSecond float64          `json:"games_per_second"`
	Partial        bool             `json:"partial"`
	Host
	Confidence float64 `json:"confidence"`
	Output
}

// AddedCharacter is one added character as run.json records it: its powers in the
// short form, one primitive each ("draw_on_hit(cards=1,by=duel)"), which the game's
// primitive table reads back (lab.ParsePower).
type AddedCharacter struct {
	Name    string   `json:"name"`
	Life    int      `json:"life"`
	Ability string   `json:"ability"`
	Powers  []string `json:"powers"`
}

// Shard is --shard K/N (1/1 for an unsharded run).
type Shard struct {
	K int `json:"k"`
	N int `json:"n"`
}

// Count is one player count of a run: which games were planned and played.
type Count struct {
	Players        int     `json:"players"`
	FirstGame      uint64  `json:"first_game"`
	Planned        uint64  `json:"planned"`
	Games          uint64  `json:"games"`
	Partial        bool    `json:"partial"`
	ElapsedSeconds float64 `json:"elapsed_seconds"`
	GamesPerSecond float64 `json:"games_per_second"`
}

// Policies names the bots: the --policy default and the bot of every role, by role name.
type Policies struct {
	Default string            `json:"default"`
	ByRole  map[string]string `json:"by_role"`
}

// PerSecond returns games per second, 0 when no time has passed.
func PerSecond(games uint64, seconds float64) float64 {
	if seconds <= 0 {
		return 0
	}
	return float64(games) / seconds
}

// FillTotals sets each count's games played and timing from the played counts (matched
// by player count) and the run's totals; planned holds every planned count.
func (r *Run) FillTotals(played []CountTally, planned []Count) {
	r.Counts = planned
	r.GamesPlanned, r.GamesPlayed, r.Partial = 0, 0, false
	for i := range r.Counts {
		cr := &r.Counts[i]
		for _, p := range played {
			if p.Players == cr.Players {
				cr.FirstGame, cr.Games = p.FirstGame, p.Games
				cr.ElapsedSeconds = p.ElapsedSeconds
				cr.GamesPerSecond = PerSecond(p.Games, cr.ElapsedSeconds)
			}
		}
		cr.Partial = cr.Games < cr.Planned
		r.Partial = r.Partial || cr.Partial
		r.GamesPlanned += cr.Planned
		r.GamesPlayed += cr.Games
	}
	r.GamesPerSecond = PerSecond(r.GamesPlayed, r.ElapsedSeconds)
}
