package cardgame

import (
	"bufio"
	"encoding/json"
	"io"
	"strings"
	"testing"

	"github.com/bangsim/bangsim/lab"
	"github.com/bangsim/bangsim/sim/card"
)

// choiceOf is cfg's Choice (seed 1) through the one codec, lab.NewChoice.
func choiceOf(t *testing.T, cfg lab.Config) lab.Choice {
	t.Helper()
	c, err := lab.NewChoice(Game, cfg, 1, nil)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// testPrepared prepares the card game with its default bots and rules.
func testPrepared(t *testing.T) *prepared {
	t.Helper()
	pr, err := Game.Prepare(choiceOf(t, lab.Config{Game: Game.Name}))
	if err != nil {
		t.Fatal(err)
	}
	return pr.(*prepared)
}

// TestReplayAccount replays games at every table size and checks that the replay's
// account of life, kept from the events alone, ends where the engine does: no damage
// or heal is missing from the events.
func TestReplayAccount(t *testing.T) {
	p := testPrepared(t)
	for n := card.MinPlayers; n <= card.MaxPlayers; n++ {
		for i := uint64(0); i < 40; i++ {
			rules, err := p.rules(n)
			if err != nil {
				t.Fatal(err)
			}
			table, err := p.newTable(rules)
			if err != nil {
				t.Fatal(err)
			}
			nr := &narrator{w: io.Discard, table: table}
			table.OnEvents = nr.events
			table.OnDecision = nr.decision
			g := table.Play(i + 1000*uint64(n))
			nr.end(g)
			for s := 0; s < n; s++ {
				if nr.life[s] != int(g.Life[s]) {
					t.Fatalf("%d players, game %d, seat %d: replay has life %d, engine %d", n, i, s, nr.life[s], g.Life[s])
				}
			}
			if nr.turn != int(g.Turns) {
				t.Fatalf("%d players, game %d: replay counted %d turns, engine %d", n, i, nr.turn, g.Turns)
			}
		}
	}
}

// TestReplayJSONLines checks every line is a JSON object with an event name, the game
// line first and game_over last, and that the replay plays the run's game.
func TestReplayJSONLines(t *testing.T) {
	p := testPrepared(t)
	var b strings.Builder
	g, err := p.replay(&b, lab.ReplayRequest{Players: 5, Seed: 1, Index: 7, JSON: true, Decisions: true})
	if err != nil {
		t.Fatal(err)
	}
	sc := bufio.NewScanner(strings.NewReader(b.String()))
	sc.Buffer(nil, 1<<20)
	var first, last map[string]any
	lines := 0
	for sc.Scan() {
		var m map[string]any
		if err := json.Unmarshal(sc.Bytes(), &m); err != nil {
			t.Fatalf("line %d %q: %v", lines+1, sc.Text(), err)
		}
		if _, ok := m["event"].(string); !ok {
			t.Fatalf("line without event: %s", sc.Text())
		}
		if first == nil {
			first = m
		}
		last = m
		lines++
	}
	if first["event"] != "game" || last["event"] != "game_over" {
		t.Fatalf("first %v, last %v", first["event"], last["event"])
	}
	if int(last["turn"].(float64)) != int(g.Turns) {
		t.Errorf("game_over turn %v, engine %d", last["turn"], g.Turns)
	}
	var text strings.Builder
	if _, err := p.replay(&text, lab.ReplayRequest{Players: 5, Seed: 1, Index: 7}); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"Replay of game 7", "Turn 1: P0 (Sheriff", "Game over after"} {
		if !strings.Contains(text.String(), want) {
			t.Errorf("text replay lacks %q", want)
		}
	}
}

// TestRemoveCards checks --remove-cards takes every copy of a card out of the deck and
// refuses an unknown name.
func TestRemoveCards(t *testing.T) {
	var r card.Rules
	if err := setRemoved(&r, lab.Value{Text: "dynamite, Rev. Carabine,JAIL"}); err != nil {
		t.Fatal(err)
	}
	if got := r.RemovedSet().Len(); got != 1+1+3 {
		t.Errorf("removed %d cards, want 5", got)
	}
	if err := setRemoved(&r, lab.Value{Text: "Dynamit"}); err == nil || !strings.Contains(err.Error(), `--remove-cards: unknown card "Dynamit"`) {
		t.Errorf("unknown card: %v", err)
	}
	// One canonical text for every spelling and order of the same cards, so that the
	// runs record the same rules and their shards merge; "" stays "" (run.json of a run
	// without the option is unchanged).
	p := &options[lab.Lookup(Game.Rules, "remove-cards")].Param
	for _, text := range []string{"dynamite, Rev. Carabine,JAIL", "jail,rev-carabine,Dynamite,jail"} {
		if got := p.Value(lab.Value{Text: text}); got != "Dynamite,Jail,Rev. Carabine" {
			t.Errorf("%q recorded as %q", text, got)
		}
	}
	if got := p.Value(lab.Value{Text: " "}); got != "" {
		t.Errorf("no card recorded as %q", got)
	}
	if got := lab.Describe(Game.Rules, []lab.Value{{Int: 1000}, {Text: "jail,dynamite"}, {}, {}, {}}); !strings.Contains(got, "without Dynamite, Jail") {
		t.Errorf("replay header %q", got)
	}
}

// TestLifeOption checks --life reaches the card rules and that the engine refuses a
// change leaving a character without life.
func TestLifeOption(t *testing.T) {
	r := card.DefaultRules(5)
	if err := setLife(Printed, &r, lab.Value{Text: "el-gringo=+2,Paul Regret=-1"}); err != nil {
		t.Fatal(err)
	}
	if r.LifeDelta[card.ElGringo] != 2 || r.LifeDelta[card.PaulRegret] != -1 {
		t.Errorf("life changes %v", r.LifeDelta)
	}
	if err := setLife(Printed, &r, lab.Value{Text: "el-gringo=2"}); err == nil || !strings.Contains(err.Error(), "signed") {
		t.Errorf("unsigned change: %v", err)
	}
	if err := setLife(Printed, &r, lab.Value{Text: "el-gringo=-3"}); err != nil {
		t.Fatal(err)
	}
	if err := r.Validate(); err == nil || !strings.Contains(err.Error(), "leaves 0 life") {
		t.Errorf("El Gringo at 0 life: Validate = %v", err)
	}
}

// TestReplayReportsLostEvents: a deck of Winchesters alone leaves turns with nothing
// to decide, more than the trace's 256 events between two decisions; the replay says
// how many it could not show (text) and counts them on game_over (JSON), where it used
// to stop at the 256th in silence. An ordinary game loses none.
func TestReplayReportsLostEvents(t *testing.T) {
	var all []string
	for k := card.Kind(0); k < card.NumKinds; k++ {
		if k != card.Winchester {
			all = append(all, k.String())
		}
	}
	cfg, err := lab.Config{Game: Game.Name}.WithRule(Game, "remove-cards", lab.Value{Text: strings.Join(all, ",")})
	if err != nil {
		t.Fatal(err)
	}
	pr, err := Game.Prepare(choiceOf(t, cfg))
	if err != nil {
		t.Fatal(err)
	}
	p := pr.(*prepared)
	var text, js strings.Builder
	if _, err := p.replay(&text, lab.ReplayRequest{Players: 4, Seed: 1, Index: 0}); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(text.String(), "events not shown") {
		t.Errorf("no word of the lost events:\n%s", text.String()[max(0, text.Len()-400):])
	}
	if _, err := p.replay(&js, lab.ReplayRequest{Players: 4, Seed: 1, Index: 0, JSON: true}); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(js.String()), "\n")
	var last map[string]any
	if err := json.Unmarshal([]byte(lines[len(lines)-1]), &last); err != nil {
		t.Fatal(err)
	}
	if lost, _ := last["events_lost"].(float64); last["event"] != "game_over" || lost <= 0 {
		t.Errorf("game_over %v: want events_lost > 0", last)
	}
	var plain strings.Builder
	if _, err := testPrepared(t).replay(&plain, lab.ReplayRequest{Players: 5, Seed: 1, Index: 7, JSON: true}); err != nil {
		t.Fatal(err)
	}
	if strings.Contains(plain.String(), "events_lost") {
		t.Error("an ordinary game reports lost events")
	}
}

// FuzzCanonRemoved: whatever the --remove-cards text, the canonical form is refused or
// names the same cards, reads back as itself, and setRemoved agrees with it.
func FuzzCanonRemoved(f *testing.F) {
	for _, s := range []string{"", " ", "dynamite,jail", "Rev. Carabine, BANG", "jail,jail", "Dynamit", ",", "rev-carabine,,x"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		c, _, err := canonRemoved(text)
		var r card.Rules
		serr := setRemoved(&r, lab.Value{Text: text})
		if (err == nil) != (serr == nil) {
			t.Fatalf("%q: canonRemoved %v, setRemoved %v", text, err, serr)
		}
		if err != nil {
			return
		}
		again, _, err := canonRemoved(c)
		if err != nil || again != c {
			t.Fatalf("%q: canonical %q reads back as %q, %v", text, c, again, err)
		}
		var rc card.Rules
		if err := setRemoved(&rc, lab.Value{Text: c}); err != nil || rc.RemovedSet() != r.RemovedSet() {
			t.Fatalf("%q: canonical %q removes other cards (%v)", text, c, err)
		}
	})
}
