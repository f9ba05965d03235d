package lab

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/bangsim/bangsim/resultfile"
	"github.com/bangsim/bangsim/sim/bang"
)

// SitRequest seats a person at one game of a run (`bangsim play`): game Index of the
// run with Seed at Players seats; the person takes Seat, else the seat dealt Role, else
// a seat drawn from the game seed. Replay receives the game as `replay --json
// --decisions` writes it, the person's seat marked in its first line.
type SitRequest struct {
	Players int
	Seed    uint64
	Index   uint64
	Seat    int    // -1: not chosen
	Role    string // "": not chosen; else a role's name (bang.ParseRole)
	Replay  io.Writer
	// Added are the characters the game plays beyond the printed ones
	// (RecordCharacters), which the replay file's first line records so that `replay
	// --file` rebuilds the game without the character file.
	Added []resultfile.AddedCharacter
}

// PersonSeat returns the seat a SitRequest gives the person in a game whose deal is
// roles: Seat if set, else the first seat dealt Role, else one drawn from draw (the
// game seed, so that --seed alone repeats the game and the seat).
func (r SitRequest) PersonSeat(roles []bang.Role, draw uint64) (int, error) {
	n := len(roles)
	role := bang.NumRoles
	if r.Role != "" {
		var err error
		if role, err = bang.ParseRole(r.Role); err != nil {
			return 0, fmt.Errorf("--role: %w", err)
		}
	}
	switch {
	case r.Seat >= 0 && role < bang.NumRoles:
		return 0, errors.New("give --seat or --role, not both")
	case r.Seat >= n:
		return 0, fmt.Errorf("--seat %d: the seats are 0 to %d at %d players", r.Seat, n-1, n)
	case r.Seat >= 0:
		return r.Seat, nil
	case role < bang.NumRoles:
		for s, x := range roles {
			if x == role {
				return s, nil
			}
		}
		return 0, fmt.Errorf("--role %s: no %s sits at %d players", role, role, n)
	}
	return int(draw % uint64(n)), nil
}

// PlayFile is a game a person played (`bangsim play`'s replay file), read back: the
// run and the rules it was played under, the person's seat and choices, and how it
// ended.
type PlayFile struct {
	Game     string
	Seed     uint64
	Index    uint64
	Players  int
	Person   int
	Rules    resultfile.Settings
	Policies resultfile.Policies
	// Characters are the added characters the first line records (GameOfRecord
	// rebuilds the game with them); nil when none was added.
	Characters []resultfile.AddedCharacter
	// Choices are the person's decisions in order: the kind and the choice applied.
	Choices []PlayChoice
	// End is the game_over line as written, for comparing with the game played again;
	// nil when the person left before the end.
	End map[string]any
}

// PlayChoice is one of the person's decisions in a play file.
type PlayChoice struct {
	Kind   string
	Choice int
}

// playHead is what ReadPlayFile reads of the first line.
type playHead struct {
	Event    string                      `json:"event"`
	Game     string                      `json:"game"`
	Seed     uint64                      `json:"seed"`
	Index    uint64                      `json:"index"`
	Players  int                         `json:"players"`
	Person   *int                        `json:"person"`
	Rules    resultfile.Settings         `json:"rules"`
	Policies resultfile.Policies         `json:"policies"`
	Added    []resultfile.AddedCharacter `json:"added_characters"`
}

// ReadPlayFile reads a play file; every error names the line.
func ReadPlayFile(r io.Reader) (*PlayFile, error) {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 1<<16), 1<<24)
	var f *PlayFile
	for n := 1; sc.Scan(); n++ {
		line := sc.Bytes()
		if f == nil {
			var h playHead
			if err := json.Unmarshal(line, &h); err != nil || h.Event != "game" {
				return nil, fmt.Errorf("line 1 is not a game's first line (bangsim play's replay file): %v", err)
			}
			if h.Person == nil || h.Game == "" {
				return nil, errors.New("line 1 names no person's seat: this is a replay of bots only, not a file 'bangsim play' wrote")
			}
			f = &PlayFile{Game: h.Game, Seed: h.Seed, Index: h.Index, Players: h.Players, Person: *h.Person, Rules: h.Rules, Policies: h.Policies, Characters: h.Added}
			continue
		}
		var e struct {
			Event  string `json:"event"`
			Seat   int    `json:"seat"`
			Kind   string `json:"kind"`
			Choice *int   `json:"choice"`
		}
		if err := json.Unmarshal(line, &e); err != nil {
			return nil, fmt.Errorf("line %d: %w", n, err)
		}
		switch {
		case e.Event == "decision" && e.Seat == f.Person && e.Choice != nil:
			f.Choices = append(f.Choices, PlayChoice{Kind: e.Kind, Choice: *e.Choice})
		case e.Event == "game_over":
			if err := json.Unmarshal(line, &f.End); err != nil {
				return nil, fmt.Errorf("line %d: %w", n, err)
			}
		}
	}
	if err := sc.Err(); err != nil {
		return nil, err
	}
	if f == nil {
		return nil, errors.New("the file is empty")
	}
	return f, nil
}

// Run is the run record the file's game belongs to, as ConfigFromRun reads one.
func (f *PlayFile) Run() *resultfile.Run {
	return &resultfile.Run{Origin: resultfile.Origin{Game: f.Game}, Slice: resultfile.Slice{Seed: f.Seed},
		Players: []int{f.Players}, Policies: f.Policies, Rules: f.Rules, Characters: f.Characters}
}

// SameEnd reports whether the game_over line end (as a replay wrote it) says what the
// file's says: the turn, the winners, a draw, the side.
func (f *PlayFile) SameEnd(end map[string]any) error {
	if f.End == nil {
		return errors.New("the person left the game before its end: there is no result to compare")
	}
	for _, k := range []string{"turn", "winners", "draw", "side"} {
		if a, b := fmt.Sprint(f.End[k]), fmt.Sprint(end[k]); a != b {
			return fmt.Errorf("the game played again ends otherwise: %s %s, the file says %s", k, a, b)
		}
	}
	return nil
}

// Script is a person's recorded choices played back at their seat: Next returns the
// next choice after checking its kind, and Err says where the game went otherwise.
type Script struct {
	Choices []PlayChoice
	next    int
	err     error
}

// Next returns the recorded choice for a decision of kind, or -1 (an illegal choice the
// engine replaces) once the record is exhausted or differs.
func (s *Script) Next(kind string) int {
	if s.err != nil {
		return -1
	}
	if s.next >= len(s.Choices) {
		s.err = fmt.Errorf("the game asks the person's seat more than the %d decisions the file records", len(s.Choices))
		return -1
	}
	c := s.Choices[s.next]
	s.next++
	if !strings.EqualFold(c.Kind, kind) {
		s.err = fmt.Errorf("the person's decision %d is a %s in the file but a %s in the game played again", s.next, c.Kind, kind)
		return -1
	}
	return c.Choice
}

// Err reports a difference between the record and the game, or unused choices.
func (s *Script) Err() error {
	if s.err == nil && s.next < len(s.Choices) {
		return fmt.Errorf("the file records %d decisions of the person's seat, the game played again asked %d", len(s.Choices), s.next)
	}
	return s.err
}

// TakeLines returns the narration written to text since the last step, a line a
// string (blank lines dropped), empties text and flushes the play's replay file, so that
// a game left or lost midway keeps every move made (an error stays in the writer for
// its Close to report). Each game's play screen ends a step with it.
func TakeLines(text *strings.Builder, file *bufio.Writer) []string {
	var out []string
	for _, l := range strings.Split(text.String(), "\n") {
		if strings.TrimSpace(l) != "" {
			out = append(out, l)
		}
	}
	text.Reset()
	_ = file.Flush()
	return out
}
