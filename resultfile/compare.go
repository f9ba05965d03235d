package resultfile

// Compare is compare.json: what was compared, how, and how long it took.
type Compare struct {
	Schema      string   `json:"schema,omitempty"`
	Tool        string   `json:"tool"`
	Version     string   `json:"version"`
	Revision    string   `json:"revision,omitempty"`
	Command     []string `json:"command"`
	Game        string   `json:"game"`
	Seed        uint64   `json:"seed"`
	Shard       *Shard   `json:"shard,omitempty"`        // --shard K/N of a shard; absent for a whole (or merged) comparison
	ShardSource string   `json:"shard_source,omitempty"` // where Shard came from, as in run.json
	Players     int      `json:"players"`
	Policies    []string `json:"policies"` // labels, in --policies order
	Specs       []string `json:"specs"`    // as given
	Reference   string   `json:"reference"`
	Design      string   `json:"design"`
	Rules       Settings `json:"rules"`
	// Characters are the characters a character file added to the game's printed ones
	// (--characters-file), as run.json records them; absent when none was added.
	Characters     []AddedCharacter `json:"added_characters,omitempty"`
	GamesPlanned   uint64           `json:"game_indices_planned"`
	GamesPlayed    uint64           `json:"game_indices_played"`
	GamesPerIndex  int              `json:"games_per_index"`
	TablesPlayed   uint64           `json:"games_played"` // every game, all entrants
	Illegal        uint64           `json:"illegal_choices"`
	Partial        bool             `json:"partial"`
	ElapsedSeconds float64          `json:"elapsed_seconds"`
	GamesPerSecond float64          `json:"games_per_second"`
	Workers        int              `json:"workers"`
	GoVersion      string           `json:"go_version"`
	StartedAt      string           `json:"started_at"`
	Confidence     float64          `json:"confidence"`
	Alpha          float64          `json:"alpha"`
	Adjustment     string           `json:"adjustment"`
	Out            string           `json:"out"`
	MergedFrom     []string         `json:"merged_from,omitempty"` // the shard directories a merge added up
	Missing        []string         `json:"missing,omitempty"`     // what a partial merge lacks, "game indices 0-999"
}
