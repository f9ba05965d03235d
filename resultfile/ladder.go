package resultfile

// The files of a ladder (`bangsim ladder`).
const (
	// LadderSchema is ladder.json's schema.
	LadderSchema = "bangsim.ladder/1"
	// LadderJSONFile is a ladder's record, ratings and skill depth included.
	LadderJSONFile = "ladder.json"
	// LadderRatingsFile holds every bot's rating, overall and per role.
	LadderRatingsFile = "ladder-ratings.csv"
	// LadderTallyFile holds the integer counts the ratings are fitted from.
	LadderTallyFile = "ladder-tally.csv"
	// LadderDepthFile holds the skill depth per role and per character.
	LadderDepthFile = "skill-depth.csv"
	// LadderCountsFile holds every exact count of a ladder, sealed, which `bangsim
	// merge` adds up across shards (LadderTally).
	LadderCountsFile = "ladder-tally.json"
	// LadderTallySchema is ladder-tally.json's schema.
	LadderTallySchema = "bangsim.ladder-tally/1"
)

// Ladder is ladder.json: what was played and how, the ratings and the skill depth. A
// shard's (`bangsim ladder --shard K/N`) rates its own indices; a merge's (`bangsim
// merge`) is refitted from the shards' tallies added up (LadderTally).
type Ladder struct {
	Schema   string   `json:"schema"`
	Origin            // Game: the game's name
	Slice             // Shard 1/1 for a whole ladder and a merge
	Players  int      `json:"players"`
	Policies []string `json:"policies"` // labels, in --policies order
	Specs    []string `json:"specs"`    // as given
	Design   string   `json:"design"`
	Rating   string   `json:"rating"` // the model and its interval, in words
	Rules    Settings `json:"rules"`
	// Characters are the characters a character file added to the game's printed ones
	// (--characters-file), as run.json records them; absent when none was added. The
	// tally's character rows name them after the printed ones.
	Characters     []AddedCharacter `json:"added_characters,omitempty"`
	GamesPlanned   uint64           `json:"game_indices_planned"` // this shard's (a merge's: --games)
	GamesPlayed    uint64           `json:"game_indices_played"`
	GamesPerIndex  int              `json:"games_per_index"`
	TablesPlayed   uint64           `json:"games_played"`
	Illegal        uint64           `json:"illegal_choices"`
	Partial        bool             `json:"partial"`
	ElapsedSeconds float64          `json:"elapsed_seconds"`
	GamesPerSecond float64          `json:"games_per_second"`
	Host
	Confidence float64        `json:"confidence"`
	Output                    // MergedFrom and Missing: a merge's
	Ratings    []LadderRating `json:"ratings"` // every bot in every role row, "all" first
	Weakest    string         `json:"weakest"`
	Strongest  string         `json:"strongest"`
	Depth      []LadderDepth  `json:"skill_depth"`

	// Pairs and CharactersPerSeat: the two-seat design (the long duel) and the
	// characters a seat holds, as the tally (LadderTally) has them.
	Pairs             bool `json:"pairs,omitempty"`
	CharactersPerSeat int  `json:"characters_per_seat,omitempty"`
}

// LadderRating is one bot's Bradley–Terry rating in one role ("all": every seat).
type LadderRating struct {
	Policy  string  `json:"policy"`
	Role    string  `json:"role"`
	Rank    int     `json:"rank"` // 1 for the highest rating of the role
	Rating  float64 `json:"rating"`
	Low     float64 `json:"ci_low"`
	High    float64 `json:"ci_high"`
	Seats   uint64  `json:"seats"`
	WinRate float64 `json:"win_rate"`
}

// LadderDepth is the skill depth of one role or character: the strongest bot's win rate
// minus the weakest's at the same seats of the same games.
type LadderDepth struct {
	Scope string  `json:"scope"` // "role" or "character"
	Name  string  `json:"name"`
	Seats uint64  `json:"seats"`
	Depth float64 `json:"depth"`
	Low   float64 `json:"ci_low"`
	High  float64 `json:"ci_high"`
}
