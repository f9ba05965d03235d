package dice_test

// Random playouts: many seeded games for every table size, every registered policy,
// every character deal and the rule options, driving the State directly (Setup, Start,
// then Pending → FillView → Choose → Apply) and checking the game's invariants after
// every step. The loop, the step bound, the Illegal count and the copy check are
// internal/enginetest's; this file adapts the State to it (driven) and holds the dice
// game's invariants (gameChecker), which fuzz_test.go shares.

import (
	"fmt"
	"math/bits"
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"

	"github.com/bangsim/bangsim/internal/enginetest"
	"github.com/bangsim/bangsim/internal/seed"
	"github.com/bangsim/bangsim/sim/dice"
	"github.com/bangsim/bangsim/strategy/dicebots"
)

// playoutGames returns full games per configuration, or short under -short.
func playoutGames(full, short int) int { return enginetest.Games(full, short) }

// seatPolicies gives the policy of each seat for one game.
type seatPolicies [dice.MaxPlayers]dice.Policy

// policyConfig names a way to seat policies at a table.
type policyConfig struct {
	name string
	// seats returns the policies of game index i.
	seats func(i uint64) seatPolicies
}

// policyConfigs returns one config per registered policy (every seat plays it) and a
// "mixed" one that seats the registered policies in rotation.
func policyConfigs() []policyConfig {
	entries := dicebots.Entries()
	var out []policyConfig
	for _, e := range entries {
		var ps seatPolicies
		for s := range ps {
			ps[s] = e.New()
		}
		out = append(out, policyConfig{e.Name, func(uint64) seatPolicies { return ps }})
	}
	var all [][dice.MaxPlayers]dice.Policy
	for _, e := range entries {
		var ps [dice.MaxPlayers]dice.Policy
		for s := range ps {
			ps[s] = e.New()
		}
		all = append(all, ps)
	}
	out = append(out, policyConfig{"mixed", func(i uint64) seatPolicies {
		var ps seatPolicies
		for s := range ps {
			ps[s] = all[(int(i)+s)%len(all)][s]
		}
		return ps
	}})
	return out
}

// maxSteps bounds the decisions of one game: a turn asks at most a few dozen questions.
func maxSteps(r *dice.Rules) int { return (int(r.MaxTurns) + 1) * (96 + 2*int(r.Rerolls)) }

// driven adapts a dice.State, with a policy per seat, to enginetest.Machine: the harness
// plays it (Setup, Start, then Pending → FillView → Choose → Apply) and this file's
// checker checks every invariant after Setup, Start and every Apply. strict requires
// every choice to be legal (registered policies) and Illegal to stay 0.
type driven struct {
	g      dice.State
	rules  dice.Rules
	name   string                      // the policy configuration, for messages
	seats  func(i uint64) seatPolicies // the policies of game index i
	pols   seatPolicies
	strict bool
	ck     gameChecker
	rng    rand.PCG // the policies' stream, seeded from the game seed's last two words
	v      dice.View
	asked  dice.Decision // the decision Choose last answered
}

// newDriven returns the adapter for rules and a policy configuration.
func newDriven(rules dice.Rules, name string, seats func(i uint64) seatPolicies, strict bool) *driven {
	return &driven{rules: rules, name: name, seats: seats, strict: strict}
}

// Start implements enginetest.Machine.
func (m *driven) Start(gm enginetest.Game) error {
	s1, s2, s3, s4 := seed.Streams(gm.Seed)
	m.pols = m.seats(gm.Index)
	m.g.Setup(&m.rules, s1, s2)
	ck, err := newGameChecker(&m.g, &m.rules)
	if err != nil {
		return fmt.Errorf("after Setup: %w", err)
	}
	m.ck = *ck
	m.ck.strict = m.strict
	m.g.Start()
	m.rng.Seed(s3, s4)
	m.v = dice.View{Rand: &m.rng}
	return nil
}

// Done implements enginetest.Machine.
func (m *driven) Done() bool { return m.g.Pending().Kind == dice.DecideNone }

// Choose implements enginetest.Machine: the seat's policy answers through the View,
// which must show the pending decision and exactly what the seat may know.
func (m *driven) Choose() (int, bool, error) {
	m.asked = *m.g.Pending()
	m.g.FillView(&m.v)
	if err := checkView(&m.g, &m.v); err != nil {
		return 0, false, err
	}
	c := m.pols[m.asked.Seat].Choose(&m.v)
	return c, m.asked.Legal(c), nil
}

// Asked implements enginetest.Machine.
func (m *driven) Asked() string {
	d := &m.asked
	return fmt.Sprintf("%s seat %d options %#x", d.Kind, d.Seat, d.Options)
}

// Apply implements enginetest.Machine.
func (m *driven) Apply(c int) { m.g.Apply(c) }

// Illegal implements enginetest.Machine.
func (m *driven) Illegal() int { return int(m.g.Illegal) }

// Check implements enginetest.Machine.
func (m *driven) Check() error { return m.ck.step(&m.g) }

// End implements enginetest.Machine.
func (m *driven) End() error { return m.ck.end(&m.g) }

// MaxSteps implements enginetest.Machine.
func (m *driven) MaxSteps() int { return maxSteps(&m.rules) }

// Clone implements enginetest.Machine: a State is a plain value, and so is the
// policies' stream; the policies themselves are shared, as a search shares them.
func (m *driven) Clone() *driven {
	c := *m
	c.v.Rand = &c.rng
	return &c
}

// Diff implements enginetest.Machine: the whole State, every field.
func (m *driven) Diff(o *driven) string {
	if reflect.DeepEqual(m.g, o.g) {
		return ""
	}
	return "\n" + describe(&m.g) + "vs\n" + describe(&o.g)
}

// Describe implements enginetest.Machine.
func (m *driven) Describe() string {
	return fmt.Sprintf("policy %s, rules %+v\n%s", m.name, m.rules, describe(&m.g))
}

// gameChecker remembers what may not change during a game and checks the invariants.
type gameChecker struct {
	rules   dice.Rules
	n       int
	strict  bool
	role    [dice.MaxPlayers]dice.Role
	char    [dice.MaxPlayers]dice.Character
	maxLife [dice.MaxPlayers]int8
	turn    uint16
}

// newGameChecker checks a freshly set-up game (roles, characters, life) and remembers it.
func newGameChecker(g *dice.State, rules *dice.Rules) (*gameChecker, error) {
	n := int(rules.Players)
	ck := &gameChecker{rules: *rules, n: n, role: g.Role, char: g.Char, maxLife: g.MaxLife}
	if g.Rules != *rules {
		return nil, fmt.Errorf("State.Rules %+v differ from the rules set up %+v", g.Rules, *rules)
	}
	if int(g.Players) != n || g.Alive != uint8(1<<n-1) || g.Pile != rules.Arrows || g.Turn != 0 || g.Over {
		return nil, fmt.Errorf("fresh table wrong: players %d alive %#b pile %d turn %d over %v", g.Players, g.Alive, g.Pile, g.Turn, g.Over)
	}
	var counts [dice.NumRoles]int
	for s := 0; s < n; s++ {
		if g.Role[s] >= dice.NumRoles {
			return nil, fmt.Errorf("seat %d dealt role %d", s, g.Role[s])
		}
		counts[g.Role[s]]++
	}
	if want := dice.RoleCounts(n); counts != want {
		return nil, fmt.Errorf("role counts %v, want %v (roles %v)", counts, want, g.Role[:n])
	}
	first := dice.Sheriff
	if n == 3 {
		first = dice.Deputy
	}
	if g.Role[0] != first {
		return nil, fmt.Errorf("seat 0 holds %s, want %s", g.Role[0], first)
	}
	if n >= 4 && counts[dice.Sheriff] != 1 {
		return nil, fmt.Errorf("%d Sheriffs", counts[dice.Sheriff])
	}
	if err := checkDeal(g, rules); err != nil {
		return nil, err
	}
	for s := 0; s < n; s++ {
		want := int8(dice.Life(g.Char[s]))
		if g.Role[s] == dice.Sheriff {
			want += int8(rules.SheriffBonus)
		}
		if g.MaxLife[s] != want || g.Life[s] != want {
			return nil, fmt.Errorf("seat %d (%s, %s): life %d max %d, want %d", s, g.Role[s], g.Char[s], g.Life[s], g.MaxLife[s], want)
		}
	}
	return ck, nil
}

// checkDeal checks the characters against the rules' deal.
func checkDeal(g *dice.State, r *dice.Rules) error {
	n := int(r.Players)
	chars := g.Char[:n]
	switch r.Deal {
	case dice.DealRandom:
		var seen uint32
		for s, c := range chars {
			if c >= dice.NumRealCharacters || seen>>uint(c)&1 == 1 {
				return fmt.Errorf("random deal gave seat %d %s (deal %v)", s, c, chars)
			}
			seen |= 1 << uint(c)
		}
	case dice.DealPlain:
		for s, c := range chars {
			if c != dice.Plain {
				return fmt.Errorf("plain deal gave seat %d %s", s, c)
			}
		}
	case dice.DealPool:
		var left [dice.NumCharacters]int
		for _, c := range r.Pool[:r.PoolLen] {
			left[c]++
		}
		for s, c := range chars {
			if c >= dice.NumCharacters || left[c] == 0 {
				return fmt.Errorf("pool deal gave seat %d %s, not left in the list %v (deal %v)", s, c, r.Pool[:r.PoolLen], chars)
			}
			left[c]--
		}
	case dice.DealSeats:
		for s, c := range chars {
			if c != r.Pool[s] {
				return fmt.Errorf("seat deal gave seat %d %s, want %s", s, c, r.Pool[s])
			}
		}
	}
	return nil
}

func (ck *gameChecker) roleMask(r dice.Role) uint8 {
	var m uint8
	for s := 0; s < ck.n; s++ {
		if ck.role[s] == r {
			m |= 1 << uint(s)
		}
	}
	return m
}

// hunter3 returns the 3-player role that must eliminate r (Deputy→Renegade→Outlaw→Deputy).
func hunter3(r dice.Role) dice.Role {
	switch r {
	case dice.Renegade:
		return dice.Deputy
	case dice.Outlaw:
		return dice.Renegade
	}
	return dice.Outlaw
}

// step checks the invariants that hold at every decision point and at the end.
func (ck *gameChecker) step(g *dice.State) error {
	n := ck.n
	r := &ck.rules
	all := uint8(1<<n - 1)
	switch {
	case g.Rules != ck.rules:
		return fmt.Errorf("rules changed during the game")
	case int(g.Players) != n:
		return fmt.Errorf("players changed to %d", g.Players)
	case g.Role != ck.role:
		return fmt.Errorf("roles changed: %v -> %v", ck.role, g.Role)
	case g.Char != ck.char:
		return fmt.Errorf("characters changed: %v -> %v", ck.char, g.Char)
	case g.MaxLife != ck.maxLife:
		return fmt.Errorf("maximum life changed: %v -> %v", ck.maxLife, g.MaxLife)
	case g.Alive&^all != 0:
		return fmt.Errorf("alive mask %#b names seats beyond %d players", g.Alive, n)
	case g.Turn > r.MaxTurns || g.Turns != g.Turn || g.Turn < ck.turn:
		return fmt.Errorf("turn %d (Turns %d, before %d, cap %d)", g.Turn, g.Turns, ck.turn, r.MaxTurns)
	case g.Active < 0 || int(g.Active) >= n:
		return fmt.Errorf("active seat %d", g.Active)
	}
	ck.turn = g.Turn
	if ck.strict && g.Illegal != 0 {
		return fmt.Errorf("Illegal = %d with a registered policy", g.Illegal)
	}
	for f := range dice.Face(len(g.Faces)) {
		if g.Faces[f] != g.Dice.Mask(f) {
			return fmt.Errorf("Faces[%d] = %05b, but the dice are %v", f, g.Faces[f], g.Dice)
		}
	}
	for i, f := range g.Dice {
		if f >= dice.NumFaces {
			return fmt.Errorf("die %d shows face %d", i, f)
		}
	}

	// Arrows: the pile and the arrows held always add up to the rules' arrows; the pile
	// never stays empty (the Indians refill it at once).
	held := 0
	for s := 0; s < dice.MaxPlayers; s++ {
		if s >= n && (g.Arrows[s] != 0 || g.Life[s] != 0) {
			return fmt.Errorf("empty seat %d holds %d arrows, %d life", s, g.Arrows[s], g.Life[s])
		}
		held += int(g.Arrows[s])
	}
	if int(g.Pile)+held != int(r.Arrows) {
		return fmt.Errorf("arrows: pile %d + held %d (%v) = %d, want %d", g.Pile, held, g.Arrows[:n], int(g.Pile)+held, r.Arrows)
	}
	if g.Pile == 0 {
		return fmt.Errorf("the pile is empty and the Indians did not attack")
	}

	// Life, elimination and the public record of roles.
	pending := g.Pending()
	midStep := pending.Kind == dice.DecideBartArrow || pending.Kind == dice.DecidePedroReturn
	dead := all &^ g.Alive
	var elim int
	for _, e := range g.Eliminations {
		elim += int(e)
	}
	if elim != bits.OnesCount8(dead) {
		return fmt.Errorf("eliminations %v sum to %d, but %d seats are dead (alive %#b)", g.Eliminations, elim, bits.OnesCount8(dead), g.Alive)
	}
	for s := 0; s < n; s++ {
		alive := g.IsAlive(s)
		life := g.Life[s]
		switch {
		case life < 0 || life > g.MaxLife[s]:
			return fmt.Errorf("seat %d life %d outside 0..%d", s, life, g.MaxLife[s])
		case !alive && (life != 0 || g.Arrows[s] != 0):
			return fmt.Errorf("dead seat %d has life %d and %d arrows", s, life, g.Arrows[s])
		case life > 0 && !alive:
			return fmt.Errorf("seat %d has life %d but is not alive", s, life)
		case alive && life == 0 && !midStep:
			// Within one step (D4, D5) a player can sit at 0 until the step ends, which
			// only a Bart Cassidy or Pedro Ramirez decision can interrupt.
			return fmt.Errorf("seat %d is alive with 0 life outside a step (pending %s)", s, pending.Kind)
		case alive && g.KilledBy[s] != -1:
			return fmt.Errorf("living seat %d has KilledBy %d", s, g.KilledBy[s])
		}
		if !alive {
			switch c := g.DeathCause[s]; c {
			case dice.CauseIndians, dice.CauseDynamite: // nobody's blow (D6)
				if g.KilledBy[s] != -1 {
					return fmt.Errorf("seat %d died to %s but KilledBy is %d (D6)", s, c, g.KilledBy[s])
				}
			case dice.CauseBullsEye, dice.CauseGatling:
				if g.KilledBy[s] < 0 || int(g.KilledBy[s]) >= n {
					return fmt.Errorf("seat %d died to %s with KilledBy %d", s, c, g.KilledBy[s])
				}
			default:
				return fmt.Errorf("seat %d died of cause %d", s, c)
			}
		}
		wantRev := dice.RoleUnknown
		if !alive || n == 3 || g.Role[s] == dice.Sheriff {
			wantRev = g.Role[s]
		}
		if g.Revealed[s] != wantRev {
			return fmt.Errorf("seat %d (%s, alive %v) shows role %s publicly, want %s", s, g.Role[s], alive, g.Revealed[s], wantRev)
		}
	}

	if g.Over {
		if pending.Kind != dice.DecideNone {
			return fmt.Errorf("game over but %s pending", pending.Kind)
		}
		return nil
	}
	if g.Draw || g.Winners != 0 {
		return fmt.Errorf("game running with draw %v winners %#b", g.Draw, g.Winners)
	}
	// The game must have ended if an end condition holds.
	if n >= 4 {
		if g.Alive&ck.roleMask(dice.Sheriff) == 0 {
			return fmt.Errorf("Sheriff dead and the game goes on (alive %#b)", g.Alive)
		}
		if g.Alive&(ck.roleMask(dice.Outlaw)|ck.roleMask(dice.Renegade)) == 0 {
			return fmt.Errorf("no Outlaw or Renegade alive and the game goes on (alive %#b)", g.Alive)
		}
	} else {
		if bits.OnesCount8(g.Alive) < 2 {
			return fmt.Errorf("3 players: %d alive and the game goes on", bits.OnesCount8(g.Alive))
		}
		if d := dead; bits.OnesCount8(d) == 1 {
			ds := bits.TrailingZeros8(d)
			h := ck.roleMask(hunter3(g.Role[ds]))
			if g.KilledBy[ds] >= 0 && h == 1<<uint(g.KilledBy[ds]) {
				return fmt.Errorf("3 players: seat %d (%s) fell to its hunter seat %d and the game goes on", ds, g.Role[ds], g.KilledBy[ds])
			}
		}
	}
	return ck.checkPending(g)
}

// checkPending checks the decision the game waits for.
func (ck *gameChecker) checkPending(g *dice.State) error {
	d := g.Pending()
	n := ck.n
	a := g.Active
	if d.Kind == dice.DecideNone || d.Kind >= dice.NumKinds {
		return fmt.Errorf("game running but pending kind %d", d.Kind)
	}
	if d.Options == 0 {
		return fmt.Errorf("%s pending with no options", d.Kind)
	}
	if d.Seat < 0 || int(d.Seat) >= n {
		return fmt.Errorf("%s pending for seat %d", d.Kind, d.Seat)
	}
	if !g.IsAlive(int(d.Seat)) && !(ck.rules.ResolveAfterDeath && d.Seat == a) {
		return fmt.Errorf("%s pending for dead seat %d", d.Kind, d.Seat)
	}
	if !g.IsAlive(int(a)) && !ck.rules.ResolveAfterDeath {
		return fmt.Errorf("%s pending while the active seat %d is dead (D3)", d.Kind, a)
	}
	skip := uint32(1) << dice.Skip
	dieIs := func(faces ...dice.Face) bool {
		if d.Die < 0 || d.Die >= dice.NumDice {
			return false
		}
		for _, f := range faces {
			if g.Dice[d.Die] == f {
				return true
			}
		}
		return false
	}
	var holders uint32
	for s := 0; s < n; s++ {
		if g.IsAlive(s) && g.Arrows[s] > 0 {
			holders |= 1 << uint(s)
		}
	}
	ch := g.Char[d.Seat]
	bad := ""
	switch d.Kind {
	case dice.DecideReroll:
		switch {
		case d.Seat != a || d.Die != -1:
			bad = "not the active seat's"
		case d.Options&^(1<<dice.NumDice-1) != 0:
			bad = "options beyond the five dice"
		case g.RerollsLeft == 0:
			bad = "no rerolls left"
		case ch != dice.BlackJack && d.Options&uint32(g.Dice.Mask(dice.Dynamite)) != 0:
			bad = "offers to reroll Dynamite"
		case g.Dice.Count(dice.Dynamite) >= int(ck.rules.DynamiteThreshold):
			bad = "offered after the Dynamite stop"
		}
	case dice.DecideSidHeal:
		if ch != dice.SidKetchum || d.Seat != a || d.Options != uint32(g.Alive) {
			bad = "Sid Ketchum's heal must go to any living player"
		}
	case dice.DecideSlab:
		rest := d.Options &^ skip
		switch {
		case ch != dice.SlabTheKiller || d.Seat != a:
			bad = "not Slab the Killer's turn"
		case d.Options&skip == 0 || rest == 0 || rest&^(1<<dice.NumDice-1) != 0:
			bad = "options must be Skip and some dice"
		case uint8(rest)&^(g.Dice.Mask(dice.BullsEye1)|g.Dice.Mask(dice.BullsEye2)) != 0:
			bad = "offers dice that are not Bull's Eyes"
		case g.Dice.Count(dice.Beer) == 0 && g.Rules.Ability.SlabBeers != 0:
			bad = "no Beer to spend"
		}
	case dice.DecideTarget:
		switch {
		case d.Seat != a || !dieIs(dice.BullsEye1, dice.BullsEye2):
			bad = "not a Bull's Eye of the active seat"
		case bits.OnesCount32(d.Options) < 2:
			bad = "fewer than two targets to choose from"
		case d.Options != uint32(dice.Targets(&g.Public, &g.Rules, &g.Profile, a, g.Dice[d.Die])):
			bad = fmt.Sprintf("targets differ from dice.Targets = %#b", dice.Targets(&g.Public, &g.Rules, &g.Profile, a, g.Dice[d.Die]))
		case d.Options&^uint32(g.Alive) != 0 || d.Options>>uint(a)&1 == 1:
			bad = "targets must be living players other than the roller (D19)"
		}
	case dice.DecideBartArrow:
		switch {
		case ch != dice.BartCassidy || d.Options != 0b11:
			bad = "not a Bart Cassidy yes/no"
		case g.Pile < 2:
			bad = "Bart may never take the pile's last arrow"
		case g.Life[d.Seat] <= 0:
			bad = "Bart at 0 life"
		case d.Cause != dice.CauseBullsEye && d.Cause != dice.CauseGatling:
			bad = "Bart's arrow only against Bull's Eyes and the Gatling"
		}
	case dice.DecidePedroReturn:
		if ch != dice.PedroRamirez || d.Options != 0b11 || g.Arrows[d.Seat] == 0 {
			bad = "Pedro Ramirez needs an arrow (and is asked for his last point too: he stays in the game until the step ends, D4)"
		}
	case dice.DecideBeer:
		if d.Seat != a || !dieIs(dice.Beer) || d.Options != uint32(g.Alive) {
			bad = "a Beer of the active seat goes to any living player"
		}
	case dice.DecideKitDiscard:
		if g.Char[a] != dice.KitCarlson || d.Seat != a || !dieIs(dice.Gatling) || d.Options != holders|skip {
			bad = fmt.Sprintf("Kit Carlson discards an arrow of a living holder (%#b) or skips", holders)
		}
	}
	if bad != "" {
		return fmt.Errorf("bad pending %s (seat %d %s, die %d, options %#b, dice %v): %s", d.Kind, d.Seat, ch, d.Die, d.Options, g.Dice, bad)
	}
	return nil
}

// end checks a finished game: it is over within the turn cap and its winners are a set
// the rules allow.
func (ck *gameChecker) end(g *dice.State) error {
	n := ck.n
	if !g.Over || g.Pending().Kind != dice.DecideNone {
		return fmt.Errorf("not over (over %v, pending %s)", g.Over, g.Pending().Kind)
	}
	if g.Turns > ck.rules.MaxTurns {
		return fmt.Errorf("%d turns past the cap %d", g.Turns, ck.rules.MaxTurns)
	}
	alive := g.Alive
	capped := g.Turns == ck.rules.MaxTurns
	if g.Draw {
		if g.Winners != 0 {
			return fmt.Errorf("draw with winners %#b", g.Winners)
		}
		switch {
		case n == 3 && alive == 0: // D16: everyone died at once
			return nil
		case !capped:
			return fmt.Errorf("draw after %d turns, before the cap %d, alive %#b", g.Turns, ck.rules.MaxTurns, alive)
		case n == 3 && bits.OnesCount8(alive) < 2:
			return fmt.Errorf("turn-cap draw with %d alive", bits.OnesCount8(alive))
		case n >= 4 && (alive&ck.roleMask(dice.Sheriff) == 0 || alive&(ck.roleMask(dice.Outlaw)|ck.roleMask(dice.Renegade)) == 0):
			return fmt.Errorf("turn-cap draw in a decided game (alive %#b)", alive)
		}
		return nil
	}
	w := g.Winners
	if w == 0 || w&^uint8(1<<n-1) != 0 {
		return fmt.Errorf("no draw, winners %#b", w)
	}
	if n == 3 {
		if bits.OnesCount8(w) != 1 || alive&w == 0 {
			return fmt.Errorf("3 players: winners %#b, alive %#b: want one living winner", w, alive)
		}
		if alive == w {
			return nil // last one standing
		}
		ws := bits.TrailingZeros8(w)
		for s := 0; s < n; s++ {
			if alive>>uint(s)&1 == 0 && hunter3(g.Role[s]) == g.Role[ws] && int(g.KilledBy[s]) == ws {
				return nil // killing blow on the target
			}
		}
		return fmt.Errorf("3 players: seat %d (%s) wins with %#b alive, but did not eliminate its target (killed by %v)", ws, g.Role[ws], alive, g.KilledBy[:n])
	}
	sheriff, deputies := ck.roleMask(dice.Sheriff), ck.roleMask(dice.Deputy)
	outlaws, renegades := ck.roleMask(dice.Outlaw), ck.roleMask(dice.Renegade)
	switch {
	case w == sheriff|deputies:
		if alive&sheriff == 0 || alive&(outlaws|renegades) != 0 {
			return fmt.Errorf("Sheriff's side wins with alive %#b (sheriff %#b, outlaws %#b, renegades %#b)", alive, sheriff, outlaws, renegades)
		}
	case w == outlaws:
		if alive&sheriff != 0 {
			return fmt.Errorf("Outlaws win with the Sheriff alive (alive %#b)", alive)
		}
		if bits.OnesCount8(alive) == 1 && alive&renegades != 0 {
			return fmt.Errorf("Outlaws win but a Renegade is the only one alive (alive %#b)", alive)
		}
	case bits.OnesCount8(w) == 1 && w&renegades != 0:
		if alive != w {
			return fmt.Errorf("Renegade %#b wins but alive is %#b", w, alive)
		}
	default:
		return fmt.Errorf("winners %#b are no team (sheriff %#b deputies %#b outlaws %#b renegades %#b)", w, sheriff, deputies, outlaws, renegades)
	}
	return nil
}

// checkView checks that FillView shows the pending decision and exactly what the player
// may know: the public table, their own role, no other hidden role.
func checkView(g *dice.State, v *dice.View) error {
	d := g.Pending()
	s := d.Seat
	if v.Decision != *d || v.Self != s || v.Role != g.Role[s] || v.Omniscient || v.Rules != g.Rules {
		return fmt.Errorf("view: decision %+v self %d role %s omniscient %v, want %+v self %d role %s", v.Decision, v.Self, v.Role, v.Omniscient, *d, s, g.Role[s])
	}
	want := g.Public
	want.Revealed[s] = g.Role[s]
	if v.Public != want {
		return fmt.Errorf("view's public table differs from the state's (revealed %v, want %v)", v.Revealed, want.Revealed)
	}
	return nil
}

// describe summarises a game for failure messages.
func describe(g *dice.State) string {
	n := int(g.Players)
	var b strings.Builder
	fmt.Fprintf(&b, "turn %d active %d pile %d alive %#b dice %v pending %+v over %v draw %v winners %#b illegal %d\n",
		g.Turn, g.Active, g.Pile, g.Alive, g.Dice, *g.Pending(), g.Over, g.Draw, g.Winners, g.Illegal)
	for s := 0; s < n; s++ {
		fmt.Fprintf(&b, "  seat %d %-8s %-15s life %d/%d arrows %d killedBy %d\n", s, g.Role[s], g.Char[s], g.Life[s], g.MaxLife[s], g.Arrows[s], g.KilledBy[s])
	}
	return b.String()
}

// runPlayouts plays games seeds run/0..games-1 under rules for every policy config
// through the harness (every invariant after every step, every choice legal, a
// mid-game copy of one game in enginetest.DefaultCopyEvery continued to the same end).
func runPlayouts(t *testing.T, rules dice.Rules, run uint64, games int) {
	t.Helper()
	if err := rules.Validate(); err != nil {
		t.Fatal(err)
	}
	for _, pc := range policyConfigs() {
		enginetest.Playouts(t, newDriven(rules, pc.name, pc.seats, true), run, games, enginetest.Options{Strict: true})
	}
}

// TestPlayouts plays ≥10,000 games per player count and policy (500 with -short) with
// characters dealt at random, the rulebook's rules.
func TestPlayouts(t *testing.T) {
	t.Parallel()
	games := playoutGames(10_000, 500)
	for n := dice.MinPlayers; n <= dice.MaxPlayers; n++ {
		t.Run(fmt.Sprintf("p%d", n), func(t *testing.T) {
			t.Parallel()
			runPlayouts(t, dice.DefaultRules(n), uint64(100+n), games)
		})
	}
}

// dealPool is a character list for DealPool: some repeats, Plain among them, more than
// eight entries so every table size can be dealt.
var dealPool = []dice.Character{
	dice.BartCassidy, dice.PedroRamirez, dice.KitCarlson, dice.SlabTheKiller, dice.Plain,
	dice.ElGringo, dice.ElGringo, dice.VultureSam, dice.SidKetchum, dice.Jourdonnais,
}

// TestPlayoutsDeals covers the character deals other than the rulebook's.
func TestPlayoutsDeals(t *testing.T) {
	t.Parallel()
	games := playoutGames(2_000, 100)
	for n := dice.MinPlayers; n <= dice.MaxPlayers; n++ {
		t.Run(fmt.Sprintf("plain/p%d", n), func(t *testing.T) {
			t.Parallel()
			r := dice.DefaultRules(n)
			r.Deal = dice.DealPlain
			runPlayouts(t, r, 200, games)
		})
		t.Run(fmt.Sprintf("pool/p%d", n), func(t *testing.T) {
			t.Parallel()
			r := dice.DefaultRules(n)
			r.Deal = dice.DealPool
			if err := r.SetPool(dealPool); err != nil {
				t.Fatal(err)
			}
			runPlayouts(t, r, 201, games)
		})
		t.Run(fmt.Sprintf("seats/p%d", n), func(t *testing.T) {
			t.Parallel()
			// A few seat lists per size: all the same character, and rotations of the box.
			lists := [][]dice.Character{}
			for _, c := range []dice.Character{dice.BartCassidy, dice.PedroRamirez, dice.KitCarlson, dice.ElGringo, dice.VultureSam} {
				l := make([]dice.Character, n)
				for s := range l {
					l[s] = c
				}
				lists = append(lists, l)
			}
			for k := 0; k < dice.NumRealCharacters; k += 3 {
				l := make([]dice.Character, n)
				for s := range l {
					l[s] = dice.Character((k + s) % int(dice.NumCharacters))
				}
				lists = append(lists, l)
			}
			for li, l := range lists {
				r := dice.DefaultRules(n)
				r.Deal = dice.DealSeats
				if err := r.SetPool(l); err != nil {
					t.Fatal(err)
				}
				runPlayouts(t, r, 300+uint64(li), max(games/len(lists), 20))
			}
		})
	}
}

// ruleVariants are the rule options and some extremes Validate accepts.
var ruleVariants = []struct {
	name string
	set  func(r *dice.Rules)
}{
	{"arrows5", func(r *dice.Rules) { r.Arrows = 5 }},
	{"arrows1", func(r *dice.Rules) { r.Arrows = 1 }},
	{"arrows60", func(r *dice.Rules) { r.Arrows = 60 }},
	{"rerolls0", func(r *dice.Rules) { r.Rerolls = 0 }},
	{"rerolls4", func(r *dice.Rules) { r.Rerolls = 4 }},
	{"gatling2", func(r *dice.Rules) { r.GatlingThreshold = 2 }},
	{"gatling1", func(r *dice.Rules) { r.GatlingThreshold = 1 }},
	{"gatling6", func(r *dice.Rules) { r.GatlingThreshold = 6 }},
	{"dynamite2", func(r *dice.Rules) { r.DynamiteThreshold = 2 }},
	{"dynamite1", func(r *dice.Rules) { r.DynamiteThreshold = 1 }},
	{"sheriffbonus0", func(r *dice.Rules) { r.SheriffBonus = 0 }},
	{"resolveafterdeath", func(r *dice.Rules) { r.ResolveAfterDeath = true }},
	{"distanceeitherway", func(r *dice.Rules) { r.DistanceEitherWay = true }},
	{"maxturns5", func(r *dice.Rules) { r.MaxTurns = 5 }},
	{"maxturns1", func(r *dice.Rules) { r.MaxTurns = 1 }},
	{"everything", func(r *dice.Rules) {
		r.Arrows, r.Rerolls, r.GatlingThreshold, r.DynamiteThreshold = 5, 4, 2, 2
		r.ResolveAfterDeath, r.DistanceEitherWay = true, true
	}},
	// Every ability parameter at the low and the high end of its range (dice.AbilityParams).
	{"abilitiesmin", func(r *dice.Rules) { setAbilities(r, func(p *dice.AbilityParam) int { return p.Min }) }},
	{"abilitiesmax", func(r *dice.Rules) { setAbilities(r, func(p *dice.AbilityParam) int { return p.Max }) }},
}

// setAbilities sets every ability parameter of r to v's value for it.
func setAbilities(r *dice.Rules, v func(p *dice.AbilityParam) int) {
	for _, p := range dice.AbilityParams() {
		p.Set(&r.Ability, v(&p))
	}
}

// TestPlayoutsRuleVariants plays every rule option at every table size.
func TestPlayoutsRuleVariants(t *testing.T) {
	t.Parallel()
	games := playoutGames(1_500, 60)
	for vi, rv := range ruleVariants {
		t.Run(rv.name, func(t *testing.T) {
			t.Parallel()
			for n := dice.MinPlayers; n <= dice.MaxPlayers; n++ {
				r := dice.DefaultRules(n)
				rv.set(&r)
				runPlayouts(t, r, 400+uint64(vi), games)
			}
		})
	}
}

// TestPlayoutsTurnCapDraws checks that a tiny turn cap really produces draws (so the draw
// branch of the end check runs) and that they are reported as such.
func TestPlayoutsTurnCapDraws(t *testing.T) {
	t.Parallel()
	for n := dice.MinPlayers; n <= dice.MaxPlayers; n++ {
		r := dice.DefaultRules(n)
		r.MaxTurns = 2
		tb := newTable(t, r, "heuristic")
		draws := 0
		for i := range uint64(200) {
			g := tb.Play(seed.ForGame(9, i))
			if g.Turns > 2 {
				t.Fatalf("%d players: %d turns with a cap of 2", n, g.Turns)
			}
			if g.Draw {
				draws++
				if g.Winners != 0 || g.Turns != 2 {
					t.Fatalf("%d players: draw with winners %#b after %d turns", n, g.Winners, g.Turns)
				}
			}
		}
		if draws < 100 {
			t.Errorf("%d players, 2-turn cap: only %d draws in 200 games", n, draws)
		}
	}
}

// newTable returns a Table where every role plays the named registered policy.
func newTable(t testing.TB, r dice.Rules, policy string) *dice.Table {
	t.Helper()
	e, err := dicebots.Lookup(policy)
	if err != nil {
		t.Fatal(err)
	}
	var by [dice.NumRoles]dice.Policy
	for i := range by {
		by[i] = e.New()
	}
	tb, err := dice.NewTable(r, by)
	if err != nil {
		t.Fatal(err)
	}
	return tb
}

// TestPlayDeterministic: the same seed gives the same finished State, on a fresh Table
// or on one that played other games in between, and different seeds give different
// games (enginetest.Determinism's guard against a constant game, which was
// TestPlayDependsOnSeed: at most one of 19 other seeds may give the first game).
func TestPlayDeterministic(t *testing.T) {
	t.Parallel()
	for n := dice.MinPlayers; n <= dice.MaxPlayers; n++ {
		for _, e := range dicebots.Entries() {
			for _, deal := range []dice.Deal{dice.DealRandom, dice.DealPlain} {
				r := dice.DefaultRules(n)
				r.Deal = deal
				a, b := newTable(t, r, e.Name), newTable(t, r, e.Name)
				play := func(tb *dice.Table) func(uint64) dice.State {
					return func(gs uint64) dice.State { return *tb.Play(gs) }
				}
				t.Run(fmt.Sprintf("%s/p%d/deal%d", e.Name, n, deal), func(t *testing.T) {
					enginetest.Determinism(t, 11, 20, play(a), play(b), diffStates)
				})
			}
		}
	}
}

// diffStates says how two finished States differ, every field compared.
func diffStates(x, y dice.State) string {
	if reflect.DeepEqual(x, y) {
		return ""
	}
	return "\n" + describe(&x) + "vs\n" + describe(&y)
}

// TestResetReusesState: resetting a State that has played a game gives the same game as
// a fresh State.
func TestResetReusesState(t *testing.T) {
	t.Parallel()
	for n := dice.MinPlayers; n <= dice.MaxPlayers; n++ {
		r := dice.DefaultRules(n)
		var used dice.State
		for i := range uint64(50) {
			s1, s2, _, _ := seed.Streams(seed.ForGame(14, i))
			var fresh dice.State
			fresh.Reset(&r, s1, s2)
			used.Reset(&r, s1, s2)
			if !reflect.DeepEqual(fresh, used) {
				t.Fatalf("%d players game %d: Reset on a used State differs from a fresh one\nfresh: %s\nused:  %s", n, i, describe(&fresh), describe(&used))
			}
			for used.Pending().Kind != dice.DecideNone { // finish it: the next Reset starts from a played game
				used.Apply(used.Pending().Nth(0))
			}
		}
	}
}

// TestStateCopyMidGame: a State is a plain value. A copy taken mid-game (after 0 to 22
// decisions) and the original, continued with the same choices, end identically, and
// continuing one leaves the other untouched (enginetest.Copy, every invariant checked
// on both). runPlayouts does the same for one game in enginetest.DefaultCopyEvery.
func TestStateCopyMidGame(t *testing.T) {
	t.Parallel()
	for _, e := range dicebots.Entries() {
		for n := dice.MinPlayers; n <= dice.MaxPlayers; n++ {
			pol := e.New()
			var ps seatPolicies
			for s := range ps {
				ps[s] = pol
			}
			m := newDriven(dice.DefaultRules(n), e.Name, func(uint64) seatPolicies { return ps }, true)
			enginetest.Copies(t, m, 15, 40, func(i uint64) int { return int(i % 23) }, true)
		}
	}
}

// TestStateIsPlainValue: no pointer, slice, map, string, interface, channel or function
// anywhere in State, so assignment copies the whole game.
func TestStateIsPlainValue(t *testing.T) { enginetest.PlainValue[dice.State](t) }
