package lab

import (
	"context"
	"io"

	"github.com/bangsim/bangsim/resultfile"
	"github.com/bangsim/bangsim/sim/bang"
	"github.com/bangsim/bangsim/sim/run"
)

// Game describes one game to the lab.
type Game struct {
	Name  string // as --game names it: "dice"
	Title string // for people: "BANG! The Dice Game"
	// Luck names what a comparison's games share, for its summary: "dice", "cards".
	Luck           string
	MinPlayers     int
	MaxPlayers     int
	DefaultPlayers int
	// Declaration is the game's roles, role decks and characters: exports, labels and
	// character names read it (a character list, --life, the tallies' rows).
	Declaration *bang.Declaration
	// Rules are the rule options a designer may vary, in the order flags, run.json and
	// replay headers list them; each has the rulebook's value as its default.
	Rules []Param
	// Characters lists the game's characters for `bangsim characters`.
	Characters []CharacterInfo
	// Abilities is the game's table of ability parameters (--ability), nil for none.
	Abilities []AbilityParam
	// Primitives is the engine's table of ability primitives, what a character file
	// composes (ReadCharacterFile); nil for a game that plays no added characters.
	Primitives []bang.Primitive
	// PrintedPowers returns a printed character's ability as primitives at the printed
	// values (what `bangsim characters` shows and a file may copy).
	PrintedPowers func(c bang.Character) bang.Powers
	// WithCharacters returns the game playing its printed characters, Plain and added
	// (numbered from bang.NumCharacters in order, each with its Powers); nil for a game
	// that plays no added characters.
	WithCharacters func(added []bang.CharacterSpec) (*Game, error)
	// CharactersOf names the game whose character files g reads besides files of its own
	// name: the long duel, which plays the card game's characters, reads "game: card".
	CharactersOf string
	// Policies lists the game's bots for `bangsim policies`; DefaultPolicy names the one
	// every seat gets unless told otherwise.
	Policies      func() []PolicyInfo
	DefaultPolicy string
	// LookupPolicy checks a bot spec and returns its canonical name.
	LookupPolicy func(spec string) (string, error)
	// PolicyParams resolves a bot spec to its parameters and their values, for tune.
	PolicyParams func(spec string) (PolicyPoint, error)
	// Prepare checks a Choice against the game's rules and registry and returns the
	// game ready to play; its errors are the user's mistakes (usage errors).
	Prepare func(c Choice) (Prepared, error)
}

// Declared returns g's declaration, the shared BANG! roles and the printed
// characters where g declares none.
func (g *Game) Declared() *bang.Declaration {
	if g.Declaration != nil {
		return g.Declaration
	}
	return bang.Declare(g.MinPlayers, g.MaxPlayers, bang.PrintedNames())
}

// CharacterSet returns the characters g plays.
func (g *Game) CharacterSet() *bang.CharacterSet { return g.Declared().Characters }

// CharacterInfos lists the characters of set for `bangsim characters`.
func CharacterInfos(set *bang.CharacterSet) []CharacterInfo {
	out := make([]CharacterInfo, set.Len())
	for c := range bang.Character(set.Len()) {
		out[c] = CharacterInfo{Name: set.Name(c), Slug: set.Slug(c), Life: set.Life(c), Ability: set.Ability(c)}
	}
	return out
}

// CharacterInfo is one character as `bangsim characters` lists it.
type CharacterInfo struct {
	Name    string `json:"name"`
	Slug    string `json:"slug"`
	Life    int    `json:"life"`
	Ability string `json:"ability"`
	// Params are the character's ability parameters (--ability), if the game has any.
	Params []AbilityParam `json:"params,omitempty"`
}

// PolicyInfo is one bot as `bangsim policies` lists it.
type PolicyInfo struct {
	Name        string      `json:"name"`
	Description string      `json:"description"`
	Default     bool        `json:"default"`
	Variant     string      `json:"variant,omitempty"` // the policy whose code this one tunes
	Slow        bool        `json:"slow,omitempty"`    // thinks for milliseconds per decision
	Params      []ParamInfo `json:"params,omitempty"`
}

// ParamInfo is one parameter a policy spec may set.
type ParamInfo struct {
	Name        string `json:"name"`
	Default     string `json:"default"`
	Range       string `json:"range"`
	Description string `json:"description"`
}

// Choice is what a user asked to play, as the flags say it, before the game checks it.
type Choice struct {
	Seed   uint64
	Policy string                // the bot spec of every seat
	ByRole [bang.NumRoles]string // a role's bot spec where --policy-for set one
	// Characters is the character deal.
	Characters CharacterChoice
	// Rules holds a value for each of Game.Rules, in order.
	Rules []Value
}

// Prepared is a game with its rules, characters and bots checked and resolved.
type Prepared interface {
	Table
	// Check reports whether the game can be played at n players (a usage error if not).
	Check(players int) error
	// PolicyRecord names the bot of every role as run.json records them.
	PolicyRecord() resultfile.Policies
	// DescribePolicies names the bots in one phrase: "heuristic for every role".
	DescribePolicies() string
	// PlayCount plays the games of one player count that cfg selects.
	PlayCount(ctx context.Context, cfg run.Config, players int) (Played, error)
	// Replay plays game index of the run with seed again and narrates it on w.
	Replay(w io.Writer, r ReplayRequest) error
}

// Table is what a ladder and a tune need of a game: its rules as recorded and its
// seatings. Every Prepared is one; the long duel, which is no lab Game, has one of its
// own (lab/cardgame.DuelTable).
type Table interface {
	// Settings describes the rules as run.json records them.
	Settings() resultfile.Settings
	// Seating returns, for a comparison at n players of the entrants' bot specs (the
	// reference first), a constructor of one worker's seating.
	Seating(players int, specs []string) (func() Seating, error)
}

// DraftedSeating is a Seating whose seats each hold several characters (the long
// duel's five drafted): Drafted returns seat s's characters in the game PlayAt played
// last, and a ladder's skill depth counts the seat under each of them.
type DraftedSeating interface {
	Seating
	Drafted(seat int) []bang.Character
}

// Seating plays the games of a comparison and of a ladder: Play(seed, -1, 0) is the all-reference game;
// Play(seed, s, k) the game where entrant k plays seat s and the reference every other
// seat. The reference seats draw the same random numbers in every game of one seed
// until play diverges; entrant k's seat draws from a stream of its own.
type Seating interface {
	Play(gameSeed uint64, seat, entrant int) *bang.Outcome
	// PlayAt plays a ladder's game: entrant bots[s] at seat s, one entry per seat.
	PlayAt(gameSeed uint64, bots []int) *bang.Outcome
}

// ReplayRequest names one game of a run and how to show it.
type ReplayRequest struct {
	Players   int
	Seed      uint64
	Index     uint64
	JSON      bool // JSON Lines instead of text
	Decisions bool // show every decision too
	// Script, when set, plays the person's recorded choices at seat Person (a play
	// file read back, `replay --file`); the header marks that seat.
	Script *Script
	Person int
	// Added is the play file's added characters, which its first line records again
	// (with Script: the file replayed is as self-contained as the one played).
	Added []resultfile.AddedCharacter
}

// Played is what one player count of a run produced.
type Played struct {
	resultfile.CountTally
	Planned uint64 // games this shard was to play at this count
}

// Partial reports whether fewer games were played than planned.
func (p *Played) Partial() bool { return p.Games < p.Planned }
