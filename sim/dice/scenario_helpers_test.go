package dice

import (
	"fmt"
	"testing"

	"github.com/bangsim/bangsim/sim/bang"
)

// Scenario tests arrange a table (roles, characters, life, arrows, whose turn it is),
// script the dice, and play the rulebook's situations decision by decision through the
// exported API, checking the exact table after each step. The helpers below are methods
// of scenario so that their names cannot clash with other test files of the package.

// scenario is one arranged game under test.
type scenario struct {
	t *testing.T
	g *State
}

// newScenario deals an n-player game under the default rules without playing it, gives
// seat s role roles[s] and character chars[s] (Plain where not listed), full life, no
// arrows held and a full pile.
func newScenario(t *testing.T, n int, chars map[int]Character, roles ...Role) *scenario {
	t.Helper()
	return newScenarioRules(t, DefaultRules(n), chars, roles...)
}

// newScenarioRules is newScenario under the given rules.
func newScenarioRules(t *testing.T, r Rules, chars map[int]Character, roles ...Role) *scenario {
	t.Helper()
	if err := r.Validate(); err != nil {
		t.Fatalf("rules: %v", err)
	}
	n := int(r.Players)
	if len(roles) != n {
		t.Fatalf("scenario: %d roles for %d players", len(roles), n)
	}
	if scenarioTwins {
		r, chars = twinRules(t, r, chars)
	}
	g := new(State)
	g.Setup(&r, 1, 2)
	for s := 0; s < n; s++ {
		g.Role[s] = roles[s]
		g.Char[s] = Plain
		if c, ok := chars[s]; ok {
			g.Char[s] = c
		}
	}
	g.Refresh()
	for s := 0; s < n; s++ {
		g.Arrows[s] = 0
	}
	g.Pile = r.Arrows
	return &scenario{t: t, g: g}
}

// life sets the life of the listed seats.
func (s *scenario) life(l map[int]int) {
	for seat, v := range l {
		s.g.Life[seat] = int8(v)
	}
}

// arrows sets the pile and the arrows held (seats not listed hold none); the total must be
// the rules' arrow count.
func (s *scenario) arrows(pile int, held map[int]int) {
	s.t.Helper()
	total := pile
	for seat := 0; seat < int(s.g.Players); seat++ {
		s.g.Arrows[seat] = uint8(held[seat])
		total += held[seat]
	}
	s.g.Pile = uint8(pile)
	if total != int(s.g.Rules.Arrows) {
		s.t.Fatalf("scenario: %d arrows arranged, the game has %d", total, s.g.Rules.Arrows)
	}
}

// dead arranges the listed seats as already eliminated (their arrows, if any, go back).
func (s *scenario) dead(seats ...int) {
	for _, seat := range seats {
		s.g.Alive &^= 1 << uint(seat)
		s.g.Life[seat] = 0
		s.g.Pile += s.g.Arrows[seat]
		s.g.Arrows[seat] = 0
		s.g.Revealed[seat] = s.g.Role[seat]
	}
}

// active makes seat the first player to take a turn.
func (s *scenario) active(seat int) { s.g.Active = int8(seat) }

// script fixes the dice from letters A D 1 2 B G (Arrow, Dynamite, Bull's Eye 1 and 2,
// Beer, Gatling); spaces are ignored.
func (s *scenario) script(letters string) {
	s.t.Helper()
	var faces []Face
	for i := 0; i < len(letters); i++ {
		if letters[i] == ' ' {
			continue
		}
		f, ok := FaceFromLetter(letters[i])
		if !ok {
			s.t.Fatalf("scenario: bad face letter %q", letters[i])
		}
		faces = append(faces, f)
	}
	s.g.Script(faces...)
}

// start plays to the first decision.
func (s *scenario) start() {
	s.t.Helper()
	s.g.Start()
	s.invariants("Start")
}

// dump renders the table for failure messages.
func (s *scenario) dump() string {
	g := s.g
	n := int(g.Players)
	return fmt.Sprintf("turn=%d active=%d dice=%s life=%v arrows=%v pile=%d alive=%0*b over=%v draw=%v winners=%0*b pending={%s seat=%d die=%d options=%b cause=%s} scriptLeft=%d",
		g.Turn, g.Active, g.Dice, g.Life[:n], g.Arrows[:n], g.Pile, n, g.Alive, g.Over, g.Draw, n, g.Winners,
		g.Pending().Kind, g.Pending().Seat, g.Pending().Die, g.Pending().Options, g.Pending().Cause, g.ScriptLeft())
}

// invariants checks what must hold after every step: arrows held plus the pile make the
// rules' count, the dead hold nothing, and life stays within 0..maximum.
func (s *scenario) invariants(after string) {
	s.t.Helper()
	g := s.g
	total := int(g.Pile)
	for seat := 0; seat < int(g.Players); seat++ {
		total += int(g.Arrows[seat])
		if !g.IsAlive(seat) && (g.Arrows[seat] != 0 || g.Life[seat] != 0) {
			s.t.Fatalf("after %s: dead seat %d holds %d arrows and %d life; %s", after, seat, g.Arrows[seat], g.Life[seat], s.dump())
		}
		if g.Life[seat] < 0 || g.Life[seat] > g.MaxLife[seat] {
			s.t.Fatalf("after %s: seat %d has life %d outside 0..%d; %s", after, seat, g.Life[seat], g.MaxLife[seat], s.dump())
		}
	}
	if total != int(g.Rules.Arrows) {
		s.t.Fatalf("after %s: %d arrows on the table, want %d; %s", after, total, g.Rules.Arrows, s.dump())
	}
}

// expect checks that the pending decision is kind for seat and returns it.
func (s *scenario) expect(kind Kind, seat int) *Decision {
	s.t.Helper()
	d := s.g.Pending()
	if d.Kind != kind || int(d.Seat) != seat {
		s.t.Fatalf("pending decision %s for seat %d, want %s for seat %d; %s", d.Kind, d.Seat, kind, seat, s.dump())
	}
	return d
}

// expectDie checks the pending decision (kind, seat) is about die.
func (s *scenario) expectDie(kind Kind, seat, die int) *Decision {
	s.t.Helper()
	d := s.expect(kind, seat)
	if int(d.Die) != die {
		s.t.Fatalf("pending %s is about die %d, want die %d; %s", kind, d.Die, die, s.dump())
	}
	return d
}

// options checks a decision's legal options exactly.
func (s *scenario) options(d *Decision, want uint32) {
	s.t.Helper()
	if d.Options != want {
		s.t.Fatalf("%s options %b, want %b; %s", d.Kind, d.Options, want, s.dump())
	}
}

// apply plays a legal choice and rechecks the invariants.
func (s *scenario) apply(choice int) {
	s.t.Helper()
	d := s.g.Pending()
	if d.Kind == DecideNone {
		s.t.Fatalf("apply(%d) with nothing pending; %s", choice, s.dump())
	}
	if !d.Legal(choice) {
		s.t.Fatalf("choice %d is not legal for %s (options %b); %s", choice, d.Kind, d.Options, s.dump())
	}
	before := s.g.Illegal
	s.g.Apply(choice)
	if s.g.Illegal != before {
		s.t.Fatalf("legal choice %d counted as illegal; %s", choice, s.dump())
	}
	s.invariants(fmt.Sprintf("apply(%d)", choice))
}

// stop ends seat's rolling at the pending reroll decision.
func (s *scenario) stop(seat int) {
	s.t.Helper()
	s.expect(DecideReroll, seat)
	s.apply(0)
}

// wantLife checks every seat's life.
func (s *scenario) wantLife(life ...int) {
	s.t.Helper()
	s.wantCount(len(life))
	for seat, v := range life {
		if int(s.g.Life[seat]) != v {
			s.t.Fatalf("life %v, want %v; %s", s.g.Life[:s.g.Players], life, s.dump())
		}
	}
}

// wantArrows checks the pile and every seat's arrows.
func (s *scenario) wantArrows(pile int, held ...int) {
	s.t.Helper()
	s.wantCount(len(held))
	if int(s.g.Pile) != pile {
		s.t.Fatalf("pile %d, want %d; %s", s.g.Pile, pile, s.dump())
	}
	for seat, v := range held {
		if int(s.g.Arrows[seat]) != v {
			s.t.Fatalf("arrows %v, want %v; %s", s.g.Arrows[:s.g.Players], held, s.dump())
		}
	}
}

func (s *scenario) wantCount(n int) {
	s.t.Helper()
	if n != int(s.g.Players) {
		s.t.Fatalf("test lists %d seats, the game has %d", n, s.g.Players)
	}
}

// wantAlive checks exactly which seats are alive.
func (s *scenario) wantAlive(seats ...int) {
	s.t.Helper()
	if s.g.Alive != scMask(seats...) {
		s.t.Fatalf("alive %0*b, want seats %v; %s", s.g.Players, s.g.Alive, seats, s.dump())
	}
}

// wantRunning checks the game is not over.
func (s *scenario) wantRunning() {
	s.t.Helper()
	if s.g.Over || s.g.Draw || s.g.Winners != 0 {
		s.t.Fatalf("game over (draw=%v winners=%b), want it running; %s", s.g.Draw, s.g.Winners, s.dump())
	}
}

// wantWinners checks the game is over, not drawn, won by exactly these seats.
func (s *scenario) wantWinners(seats ...int) {
	s.t.Helper()
	if !s.g.Over || s.g.Draw || s.g.Winners != scMask(seats...) {
		s.t.Fatalf("over=%v draw=%v winners=%0*b, want won by seats %v; %s", s.g.Over, s.g.Draw, s.g.Players, s.g.Winners, seats, s.dump())
	}
	if k := s.g.Pending().Kind; k != DecideNone {
		s.t.Fatalf("game over but %s pending; %s", k, s.dump())
	}
}

// wantDraw checks the game is over as a draw.
func (s *scenario) wantDraw() {
	s.t.Helper()
	if !s.g.Over || !s.g.Draw || s.g.Winners != 0 {
		s.t.Fatalf("over=%v draw=%v winners=%b, want a draw; %s", s.g.Over, s.g.Draw, s.g.Winners, s.dump())
	}
	if k := s.g.Pending().Kind; k != DecideNone {
		s.t.Fatalf("game drawn but %s pending; %s", k, s.dump())
	}
}

// wantDeath checks how seat was eliminated: the cause and the seat that dealt the blow
// (-1 for nobody, ruling D6).
func (s *scenario) wantDeath(seat int, cause Cause, by int) {
	s.t.Helper()
	if s.g.IsAlive(seat) {
		s.t.Fatalf("seat %d alive, want eliminated by %s; %s", seat, cause, s.dump())
	}
	if s.g.DeathCause[seat] != cause || int(s.g.KilledBy[seat]) != by {
		s.t.Fatalf("seat %d died of %s by %d, want %s by %d; %s", seat, s.g.DeathCause[seat], s.g.KilledBy[seat], cause, by, s.dump())
	}
}

// wantScriptUsed checks every scripted face was rolled.
func (s *scenario) wantScriptUsed() {
	s.t.Helper()
	if n := s.g.ScriptLeft(); n != 0 {
		s.t.Fatalf("%d scripted faces were not rolled; %s", n, s.dump())
	}
}

// wantCounts checks the outcome counters.
func (s *scenario) wantCounts(indians, dynamiteStops, gatlings int) {
	s.t.Helper()
	if int(s.g.Indians) != indians || int(s.g.DynamiteStops) != dynamiteStops || int(s.g.Gatlings) != gatlings {
		s.t.Fatalf("indians=%d dynamiteStops=%d gatlings=%d, want %d %d %d; %s",
			s.g.Indians, s.g.DynamiteStops, s.g.Gatlings, indians, dynamiteStops, gatlings, s.dump())
	}
}

// wantDice checks the five dice.
func (s *scenario) wantDice(letters string) {
	s.t.Helper()
	if s.g.Dice.String() != letters {
		s.t.Fatalf("dice %s, want %s; %s", s.g.Dice, letters, s.dump())
	}
}

// scMask returns the bitmask of the listed seats or dice.
func scMask(bits ...int) uint8 {
	var m uint8
	for _, b := range bits {
		m |= 1 << uint(b)
	}
	return m
}

// scOpts is scMask as a decision's options.
func scOpts(bits ...int) uint32 { return uint32(scMask(bits...)) }

// scenarioTwins, while TestScenariosWithAddedTwins runs, makes newScenarioRules seat an
// added twin of every printed character listed: the same life, the printed card's
// primitive with the arguments of the rules' abilities (PrintedPowers), and the rules'
// abilities themselves put back to the cards, so that any non-default argument reaches
// the engine only through the twin's powers.
var scenarioTwins bool

// twinRules returns r playing an added "<name> Twin" for each printed character of
// chars, and chars with the twins seated in their place.
func twinRules(t *testing.T, r Rules, chars map[int]Character) (Rules, map[int]Character) {
	t.Helper()
	var specs []bang.CharacterSpec
	seated := map[int]Character{}
	delta := r.LifeDelta
	for seat, c := range chars {
		if c >= NumRealCharacters {
			seated[seat] = c
			continue
		}
		twin := NumCharacters + Character(len(specs))
		specs = append(specs, bang.CharacterSpec{Name: c.String() + " Twin", Life: Life(c), Powers: PrintedPowers(c, &r.Ability)})
		delta[twin] = r.LifeDelta[c]
		seated[seat] = twin
	}
	set, err := bang.PrintedSet(Life, Ability).Extend(specs...)
	if err != nil {
		t.Fatalf("twins: %v", err)
	}
	r.SetCharacters(set)
	r.Ability = DefaultAbilities()
	r.LifeDelta = delta
	if err := r.Validate(); err != nil {
		t.Fatalf("twin rules: %v", err)
	}
	return r, seated
}
