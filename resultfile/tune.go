package resultfile

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
)

// TuneSchema names the format of tune.json.
const TuneSchema = "bangsim.tune/1"

// The files of a tune directory (`bangsim tune`): the record, the convergence table,
// the validation table; its chart is report's plot-tune.
const (
	TuneFile            = "tune.json"
	TuneConvergenceFile = "tune-convergence.csv"
	TuneValidationFile  = "tune-validation.csv"
)

// Tune is tune.json: what a tune varied, against whom, every evaluation in the order
// the search asked for it (the state --resume continues from) and the validation.
type Tune struct {
	Schema   string   `json:"schema"`
	Tool     string   `json:"tool"`
	Version  string   `json:"version"`
	Revision string   `json:"revision,omitempty"`
	Command  []string `json:"command,omitempty"`
	Game     string   `json:"game"`
	Seed     uint64   `json:"seed"`
	Players  []int    `json:"players"`
	Role     string   `json:"role"`  // "all" or a role's name
	Field    string   `json:"field"` // the bot at every other seat (canonical)
	Start    string   `json:"start"` // the spec the search started from (canonical)
	Params   []string `json:"params"`
	Method   string   `json:"method"`
	Design   string   `json:"design"`
	Rules    Settings `json:"rules"`
	// Characters are the characters a character file added to the game's printed ones
	// (--characters-file), as run.json records them; absent when none was added.
	// --resume plays them again without the file.
	Characters []AddedCharacter `json:"added_characters,omitempty"`
	// GamesPerEval is the game indices of each evaluation, at each player count; the
	// tuning plays indices 0..GamesPerEval-1, the validation ValidateGames indices from
	// ValidateFirst, so no validation game was seen while tuning.
	GamesPerEval  uint64 `json:"games_per_eval"`
	Budget        int    `json:"budget"`
	ValidateGames uint64 `json:"validate_games"`
	ValidateFirst uint64 `json:"validate_first_index"`
	// StartEval is the start's own evaluation on the tuning seeds.
	StartEval   TuneEval   `json:"start_eval"`
	Evaluations []TuneEval `json:"evaluations"`
	Best        string     `json:"best"`
	BestGain    float64    `json:"best_gain"` // on the tuning seeds
	Stopped     string     `json:"stopped"`   // why the search ended
	// Validation is nil until the tuned spec was validated (absent in a partial tune).
	Validation     *TuneValidation `json:"validation,omitempty"`
	GamesPlayed    uint64          `json:"games_played"`
	Workers        int             `json:"workers"`
	GoVersion      string          `json:"go_version"`
	StartedAt      string          `json:"started_at"`
	ElapsedSeconds float64         `json:"elapsed_seconds"`
	Partial        bool            `json:"partial"`
	Out            string          `json:"out,omitempty"`
}

// TuneEval is one evaluation of a candidate on the tuning seeds: its wins at the
// focal seats and the start's wins at the same seats of the same games.
type TuneEval struct {
	Iteration int     `json:"iteration"`
	Spec      string  `json:"spec"`
	Seats     uint64  `json:"seats"`
	Wins      uint64  `json:"wins"`
	Gain      float64 `json:"gain"` // (Wins − the start's wins) / Seats
	Best      string  `json:"best"` // the best spec so far, this one included
	BestGain  float64 `json:"best_gain"`
	Games     uint64  `json:"games"` // games played for it (0 when already evaluated)
}

// TuneValidation is the tuned spec against the start (and the field) on fresh seeds.
type TuneValidation struct {
	Indices uint64         `json:"game_indices"` // per player count
	Seats   uint64         `json:"seats"`
	Games   uint64         `json:"games"`
	Rows    []TuneValidRow `json:"rows"` // each player count, then "all" pooled
}

// TuneValidRow is one row of the validation: the win rates at the focal seats and the
// paired differences with their 95% intervals.
type TuneValidRow struct {
	Players     string  `json:"players"` // a count, or "all"
	Seats       uint64  `json:"seats"`
	FieldRate   float64 `json:"field_rate"`
	StartRate   float64 `json:"start_rate"`
	TunedRate   float64 `json:"tuned_rate"`
	Gain        float64 `json:"gain"` // tuned − start
	GainLow     float64 `json:"gain_low"`
	GainHigh    float64 `json:"gain_high"`
	GainP       float64 `json:"gain_p"`
	VsField     float64 `json:"vs_field"` // tuned − field
	VsFieldLow  float64 `json:"vs_field_low"`
	VsFieldHigh float64 `json:"vs_field_high"`
	VsFieldP    float64 `json:"vs_field_p"`
}

// ReadTune reads and checks dir's tune.json.
func ReadTune(dir string) (*Tune, error) {
	path := filepath.Join(dir, TuneFile)
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var t Tune
	if err := json.Unmarshal(b, &t); err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	if t.Schema != TuneSchema {
		return nil, fmt.Errorf("%s: schema %q, want %q", path, t.Schema, TuneSchema)
	}
	for i, e := range t.Evaluations {
		if e.Iteration != i+1 || e.Spec == "" || e.Wins > e.Seats {
			return nil, fmt.Errorf("%s: evaluation %d is damaged (iteration %d, spec %q, %d wins of %d seats)", path, i+1, e.Iteration, e.Spec, e.Wins, e.Seats)
		}
	}
	return &t, nil
}
