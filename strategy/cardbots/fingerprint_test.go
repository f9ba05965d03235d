package cardbots_test

import (
	"encoding/binary"
	"fmt"
	"hash"
	"hash/fnv"
	"testing"

	"github.com/bangsim/bangsim/internal/seed"
	"github.com/bangsim/bangsim/sim/card"
)

// The fingerprint tests pin the bots' games: the same seed must make the heuristic (and
// omniscient, and a tuned heuristic, and mixes with `random`) choose exactly the same
// options, so that every game ends exactly as recorded, through every change made for
// speed. The hashes were recorded from the bot before its second speed pass (issue 11);
// a change that alters one changes how the bot plays, which is a strategy change, not an
// optimisation (and the goldens of cmd/bangsim would move too).

// tunedSpec is a heuristic with every parameter off its default.
const tunedSpec = "heuristic(beer_below=0,suspect=1,aggression=100,dynamite=false,duel_edge=-3)"

// fingerprintMix is one way to seat the bots: a spec by role, and optionally a spec at
// one seat over the role's.
type fingerprintMix struct {
	name   string
	byRole [card.NumRoles]string
	seat   int // the seat bySeat takes; ignored when bySeat is empty
	bySeat string
	deal   card.Deal
	rules  func(r *card.Rules)
}

// fingerprintMixes are the mixes the fingerprints cover, at 4 to 7 players.
var fingerprintMixes = []fingerprintMix{
	{name: "heuristic", byRole: [4]string{"heuristic", "heuristic", "heuristic", "heuristic"}},
	{name: "omniscient", byRole: [4]string{"omniscient", "omniscient", "omniscient", "omniscient"}},
	{name: "tuned", byRole: [4]string{tunedSpec, tunedSpec, tunedSpec, tunedSpec}},
	{name: "law-h", byRole: [4]string{"heuristic", "heuristic", "random", "random"}},
	{name: "seat", byRole: [4]string{"random", "omniscient", tunedSpec, "random"}, seat: 1, bySeat: "heuristic"},
	{name: "plain", byRole: [4]string{"heuristic", "heuristic", "heuristic", "heuristic"}, deal: card.DealPlain},
	{name: "noon", byRole: [4]string{"heuristic", "heuristic", "heuristic", "heuristic"},
		rules: func(r *card.Rules) { r.HighNoon = 1 }},
}

// wantBotGames holds the recorded hash of every game's end state, by mix and players,
// fingerprintGames games each.
var wantBotGames = map[string]uint64{
	"heuristic/p4": 0x62558326ac4c2e12, "heuristic/p5": 0x44b3afc52abed8a7,
	"heuristic/p6": 0x2e9fa1e80063451b, "heuristic/p7": 0x549291ec13b3aa3c,
	"omniscient/p4": 0x35799db589881e6a, "omniscient/p5": 0xc87db90c3aaf78a5,
	"omniscient/p6": 0x5bb931a085f62c1c, "omniscient/p7": 0xbc9a6054299c9c2a,
	"tuned/p4": 0xcab12e64d2800458, "tuned/p5": 0xdf3d048d5d8f2682,
	"tuned/p6": 0x4f69e45945691d85, "tuned/p7": 0x65192084709ceefd,
	"law-h/p4": 0xe9fd9c23cfbbdfef, "law-h/p5": 0xdcfab466049c19cd,
	"law-h/p6": 0xbd55f33d0110600d, "law-h/p7": 0x72fb6d6b25d87b5e,
	"seat/p4": 0x98cfd097d2d897d6, "seat/p5": 0xda3e2a1ceaccea11,
	"seat/p6": 0xf9fd5e5461d60617, "seat/p7": 0x3a1ffbc94b06c5f3,
	"plain/p4": 0xf4ebc70a05a609a0, "plain/p5": 0x43132bd0351c3966,
	"plain/p6": 0x8c429d78cda87973, "plain/p7": 0x3d65cae0d51cdb59,
	"noon/p4": 0x370efc504e5fc81d, "noon/p5": 0x98959448609ed312,
	"noon/p6": 0x101fcb2fca874485, "noon/p7": 0xdc1f88ed5e5932fd,
}

// wantBotDecisions holds the recorded hash of every decision asked (its header, its
// options, the choice) and every end state, by mix and players, decisionGames games each.
var wantBotDecisions = map[string]uint64{
	"heuristic/p4": 0x60698ad083719ee6, "heuristic/p5": 0x2d0127d097bd33f9,
	"heuristic/p6": 0xf952f4e74b4ae726, "heuristic/p7": 0x70fda0ac04a5d21b,
	"omniscient/p4": 0x608380de665354ee, "omniscient/p5": 0xb3828a82ee95ebc2,
	"omniscient/p6": 0x493dff921f5884c8, "omniscient/p7": 0xd328b85437f5e9ea,
	"tuned/p4": 0x85332dd170bf339f, "tuned/p5": 0x55ef49959efc6cc,
	"tuned/p6": 0x856a1a202f608941, "tuned/p7": 0xd966389ab165314d,
	"law-h/p4": 0x46076e3567cef3ce, "law-h/p5": 0x9f5b654d4d59e728,
	"law-h/p6": 0x6d907ef1ca50230b, "law-h/p7": 0x31ccc1c4a0c45f88,
	"seat/p4": 0x55b3d6f66452dcb0, "seat/p5": 0xa6a7b8005fd01bb3,
	"seat/p6": 0x35e72c6258e6d56, "seat/p7": 0x1b690b22be30e745,
	"plain/p4": 0x7929b7ac5ca214e7, "plain/p5": 0xac18aee03eee50a8,
	"plain/p6": 0xf67e5afc7cff456d, "plain/p7": 0x1e47e450d222aeb0,
	"noon/p4": 0xf42e8955a75486b, "noon/p5": 0x9579073df485e588,
	"noon/p6": 0x6ad243c615236e4e, "noon/p7": 0x7ae727ee0c070e48,
}

const (
	fingerprintGames = 1000
	decisionGames    = 200
)

// mixTable builds the table of mix at n players, every seat's needs declared as the
// registry declares them.
func mixTable(t testing.TB, m fingerprintMix, n int) *card.Table {
	t.Helper()
	rules := card.DefaultRules(n)
	rules.Deal = m.deal
	if m.rules != nil {
		m.rules(&rules)
	}
	var pol [card.NumRoles]card.Policy
	var needs [card.NumRoles]card.Needs
	for r, spec := range m.byRole {
		pol[r], needs[r] = newPolicy(t, spec)
	}
	tb, err := card.NewTable(rules, pol)
	if err != nil {
		t.Fatal(err)
	}
	tb.RoleNeeds = needs
	tb.NeedsDeclared = true
	if m.bySeat != "" {
		tb.BySeat[m.seat], tb.SeatNeeds[m.seat] = newPolicy(t, m.bySeat)
	}
	return tb
}

// hasher hashes little-endian values through a reused buffer.
type hasher struct {
	h   hash.Hash64
	buf []byte
}

func (h *hasher) write(x any) {
	var err error
	h.buf, err = binary.Append(h.buf[:0], binary.LittleEndian, x)
	if err != nil {
		panic(err)
	}
	h.h.Write(h.buf)
}

// game hashes what a finished game left behind that a caller can see: the board, the
// record, the counters, the outcome, the roles, the hands and both piles.
func (h *hasher) game(g *card.State) {
	h.write(&g.Board)
	h.write(&g.Record)
	h.write(&g.Counters)
	h.write(&g.Outcome)
	h.write(&g.Role)
	h.write(&g.Hand)
	h.write(g.Deck(nil))
	h.write(g.DiscardPile(nil))
}

// decision hashes a decision asked and the choice applied.
func (h *hasher) decision(d *card.Decision, choice int) {
	b := append(h.buf[:0], byte(d.Kind), byte(d.Seat), byte(d.From), byte(d.Card), d.Need,
		byte(d.N), byte(d.N>>8), byte(d.Yard), byte(d.Yard>>8), byte(choice), byte(choice>>8))
	for _, o := range d.Options[:d.N] {
		b = append(b, byte(o.Act), byte(o.Card), byte(o.Target), byte(o.Pick))
	}
	h.buf = b
	h.h.Write(b)
}

// TestFingerprintBotGames: every game of every mix ends exactly as recorded.
func TestFingerprintBotGames(t *testing.T) {
	for mi, m := range fingerprintMixes {
		for n := card.MinPlayers; n <= card.MaxPlayers; n++ {
			name := fmt.Sprintf("%s/p%d", m.name, n)
			tb := mixTable(t, m, n)
			h := hasher{h: fnv.New64a()}
			for i := uint64(0); i < fingerprintGames; i++ {
				g := tb.Play(seed.ForGame(uint64(2000+100*mi+n), i))
				if g.Illegal != 0 {
					t.Fatalf("%s game %d: %d illegal choices", name, i, g.Illegal)
				}
				h.game(g)
			}
			if got := h.h.Sum64(); got != wantBotGames[name] {
				t.Errorf("%s: games hash %#x, want %#x", name, got, wantBotGames[name])
			}
		}
	}
}

// TestFingerprintBotDecisions: every decision asked in games of every mix is the one
// recorded, with the same options in the same order and the same choice, as the
// OnDecision hook sees them.
func TestFingerprintBotDecisions(t *testing.T) {
	for mi, m := range fingerprintMixes {
		for n := card.MinPlayers; n <= card.MaxPlayers; n++ {
			name := fmt.Sprintf("%s/p%d", m.name, n)
			tb := mixTable(t, m, n)
			h := hasher{h: fnv.New64a()}
			tb.OnDecision = h.decision
			for i := uint64(0); i < decisionGames; i++ {
				h.game(tb.Play(seed.ForGame(uint64(3000+100*mi+n), i)))
			}
			if got := h.h.Sum64(); got != wantBotDecisions[name] {
				t.Errorf("%s: decisions hash %#x, want %#x", name, got, wantBotDecisions[name])
			}
		}
	}
}
