package cardgame

import (
	"encoding/json"
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/bangsim/bangsim/internal/seed"
	"github.com/bangsim/bangsim/lab"
	"github.com/bangsim/bangsim/sim/card"
)

// A replay a reader can follow (issue 28): the deal shown, the event shapes
// consistent, the random yardstick's options marked.

// replayLine is the fields of a JSON replay line these tests read.
type replayLine struct {
	Event    string   `json:"event"`
	Seat     int      `json:"seat"`
	Other    *int     `json:"other"`
	Card     string   `json:"card"`
	Cards    []string `json:"cards"`
	Cause    string   `json:"cause"`
	Reason   string   `json:"reason"`
	Options  []string `json:"options"`
	Yard     *int     `json:"yard"`
	Choice   *int     `json:"choice"`
	GameSeed string   `json:"game_seed"`
	Seats    []struct {
		Seat      int    `json:"seat"`
		Role      string `json:"role"`
		Character string `json:"character"`
		Life      int    `json:"life"`
	} `json:"seats"`
}

// jsonReplay replays game index of seed 1 at n players as JSON Lines with decisions.
func jsonReplay(t *testing.T, p *prepared, n int, index uint64) []replayLine {
	t.Helper()
	var b strings.Builder
	if _, err := p.replay(&b, lab.ReplayRequest{Players: n, Seed: 1, Index: index, JSON: true, Decisions: true}); err != nil {
		t.Fatal(err)
	}
	var lines []replayLine
	for _, l := range strings.Split(strings.TrimSpace(b.String()), "\n") {
		var e replayLine
		if err := json.Unmarshal([]byte(l), &e); err != nil {
			t.Fatalf("line %q: %v", l, err)
		}
		lines = append(lines, e)
	}
	return lines
}

// TestReplayDealIsTheStart: the JSON replay's deal (a deal line per seat after the game
// line) and seating are the engine's State at the game's start, set up again here from
// the game seed the replay names, at every table size: a tool can follow each hand
// from the log alone. Before, the replay had no deal.
func TestReplayDealIsTheStart(t *testing.T) {
	p := testPrepared(t)
	for n := card.MinPlayers; n <= card.MaxPlayers; n++ {
		rules, err := p.rules(n)
		if err != nil {
			t.Fatal(err)
		}
		for i := uint64(0); i < 25; i++ {
			lines := jsonReplay(t, p, n, i*37+uint64(n))
			gs, err := strconv.ParseUint(lines[0].GameSeed, 0, 64)
			if err != nil || lines[0].Event != "game" || len(lines[0].Seats) != n {
				t.Fatalf("p%d game %d: game line %+v (%v)", n, i, lines[0], err)
			}
			var g card.State
			s1, s2, _, _ := seed.Streams(gs)
			g.Setup(&rules, s1, s2)
			for s := 0; s < n; s++ {
				seat, deal := lines[0].Seats[s], lines[1+s]
				if seat.Seat != s || seat.Role != g.Role[s].String() || seat.Character != g.Char[s].String() || seat.Life != int(g.Life[s]) {
					t.Fatalf("p%d game %d seat %d: replay %+v, engine %s %s %d life", n, i, s, seat, g.Role[s], g.Char[s], g.Life[s])
				}
				var want []string
				for _, c := range g.Hand[s].Cards(nil) {
					want = append(want, c.String())
				}
				if deal.Event != "deal" || deal.Seat != s || fmt.Sprint(deal.Cards) != fmt.Sprint(want) || len(want) != int(g.HandLen[s]) {
					t.Fatalf("p%d game %d seat %d: deal line %+v, engine's hand %v", n, i, s, deal, want)
				}
			}
			if next := lines[1+n].Event; next != "turn" {
				t.Fatalf("p%d game %d: the deal is followed by %q, want the first turn", n, i, next)
			}
		}
	}
}

// TestReplayEventShapesJSON reads JSON replays at every table size: every heal names
// its card (a Beer, a Saloon) or its cause (Sid Ketchum's ability, sid); every decision
// says how many options, from the first, the random yardstick draws among (yard), phase
// 2 some of them fewer than all; a Cat Balou's discard names who played it (other);
// Black Jack's shown card was drawn first.
func TestReplayEventShapesJSON(t *testing.T) {
	p := testPrepared(t)
	var heals, catBalou, fewer, shows int
	for n := card.MinPlayers; n <= card.MaxPlayers; n++ {
		for i := uint64(0); i < 30; i++ {
			lines := jsonReplay(t, p, n, i)
			for j, e := range lines {
				switch e.Event {
				case "heal":
					heals++
					if e.Cause == "" || e.Card == "" && e.Cause != "sid" || e.Card != "" && !strings.HasPrefix(e.Card, map[string]string{"beer": "Beer ", "saloon": "Saloon "}[e.Cause]) {
						t.Fatalf("p%d game %d: heal %+v", n, i, e)
					}
				case "decision":
					if e.Yard == nil || *e.Yard < 1 || *e.Yard > len(e.Options) {
						t.Fatalf("p%d game %d: decision %+v", n, i, e)
					}
					if *e.Yard < len(e.Options) {
						fewer++
					}
				case "discard":
					if e.Cause == "cat-balou" {
						catBalou++
						if e.Other == nil || lines[j-1].Event != "play" || lines[j-1].Seat != *e.Other || !strings.HasPrefix(lines[j-1].Card, "Cat Balou") {
							t.Fatalf("p%d game %d: a Cat Balou discard %+v after %+v", n, i, e, lines[j-1])
						}
					} else if e.Other != nil {
						t.Fatalf("p%d game %d: discard %+v names another player", n, i, e)
					}
				case "show":
					shows++
					if d := lines[j-1]; d.Event != "draw" || d.Card != e.Card || d.Seat != e.Seat {
						t.Fatalf("p%d game %d: show %+v after %+v", n, i, e, d)
					}
				}
			}
		}
	}
	if heals == 0 || catBalou == 0 || fewer == 0 || shows == 0 {
		t.Errorf("the games showed %d heals, %d Cat Balou discards, %d decisions with options past the yard, %d Black Jack shows: the test saw too little",
			heals, catBalou, fewer, shows)
	}
}

// TestReplayCatBalouText: the text says who discards which card to a Cat Balou, on the
// play's line ("who discards Barrel Q♠", or a card from the hand at random) and on the
// discard's (the target's line, "Cat Balou of P2"); it used to say the player was
// "taking" the card, as for a Panic!.
func TestReplayCatBalouText(t *testing.T) {
	p := testPrepared(t)
	play := regexp.MustCompile(`^  (P\d) \([^)]*\) plays Cat Balou .* at (P\d) \([^)]*\), who discards (.*)$`)
	found := 0
	for i := uint64(0); i < 20; i++ {
		var b strings.Builder
		if _, err := p.replay(&b, lab.ReplayRequest{Players: 5, Seed: 1, Index: i}); err != nil {
			t.Fatal(err)
		}
		lines := strings.Split(b.String(), "\n")
		for j, l := range lines {
			if !strings.Contains(l, " plays Cat Balou ") {
				continue
			}
			found++
			m := play.FindStringSubmatch(l)
			if m == nil || j+1 == len(lines) {
				t.Fatalf("game %d: %q does not say who discards", i, l)
			}
			next := lines[j+1]
			card := m[3]
			if card == "a card from the hand at random" {
				card = ""
			}
			if !strings.HasPrefix(next, "  "+m[2]+" (") || !strings.Contains(next, " discards "+card) || !strings.HasSuffix(next, "(Cat Balou of "+m[1]+")") {
				t.Fatalf("game %d: %q is followed by %q, want %s's discard", i, l, next, m[2])
			}
		}
	}
	if found == 0 {
		t.Error("no Cat Balou in the games: the test saw nothing")
	}
}

// TestReplayCheckWithNoCard: a "draw!" that turned nothing (C23) says why, in text and
// in JSON (reason), where the text used to print the missing card's placeholder.
func TestReplayCheckWithNoCard(t *testing.T) {
	ev := card.Event{Kind: card.EvCheck, Seat: 1, Other: -1, Card: card.NoCard, Pick: card.NoCard, Cause: uint8(card.CheckJail), Mask: card.CheckNoCard}
	for _, js := range []bool{false, true} {
		var b strings.Builder
		n := &narrator{w: &b, json: js, started: true, players: 4}
		n.role[1], n.char[1] = card.Outlaw, card.LuckyDuke
		n.event(ev)
		want := "draw! for P1 (Outlaw, Lucky Duke)'s Jail: no card to turn (the deck and the discard pile are both empty), fails"
		if js {
			want = `"reason":"deck-and-discard-empty"`
		}
		if !strings.Contains(b.String(), want) || js && strings.Contains(b.String(), `"card"`) {
			t.Errorf("json %v: %s, want %s", js, b.String(), want)
		}
	}
}
