package dicebots

import (
	"math/bits"
	"testing"

	"github.com/bangsim/bangsim/sim/dice"
)

// readView returns a fresh non-omniscient View at an n-player table: seat 0 the Sheriff,
// self deciding with role, everyone alive at full life.
func readView(n, self int, role dice.Role) *dice.View {
	v := &dice.View{Self: int8(self), Role: role, Rules: dice.DefaultRules(n)}
	v.Players = uint8(n)
	v.Sheriff = 0
	v.Alive = uint8(1<<n - 1)
	for s := 0; s < dice.MaxPlayers; s++ {
		v.Revealed[s] = dice.RoleUnknown
		v.Life[s], v.MaxLife[s] = 8, 8
	}
	v.Revealed[0] = dice.Sheriff
	v.Revealed[self] = role
	return v
}

// TestReadingFriends: who the heuristic counts as a friend, from the public record and
// its own role, at every table size from 4 to 8 (a seat number or a player count must
// never be reduced modulo 8).
func TestReadingFriends(t *testing.T) {
	p := &DefaultHeuristicParams
	for n := 4; n <= dice.MaxPlayers; n++ {
		// Seat 1 shot the Sheriff; seat 2 healed him.
		v := readView(n, 3, dice.Outlaw)
		v.Hits[1][0], v.Heals[2][0] = 2, 1
		var r reading
		r.read(v, p)
		if want := uint8(1 << 1); r.friends != want {
			t.Errorf("%d players, an Outlaw: friends %08b, want %08b (who shot the Sheriff)", n, r.friends, want)
		}
		if r.shotScore(v, 2, 1) <= r.shotScore(v, 1, 1) {
			t.Errorf("%d players, an Outlaw prefers shooting the one who shot the Sheriff", n)
		}

		v.Self, v.Role, v.Revealed[3] = 0, dice.Sheriff, dice.RoleUnknown
		r = reading{}
		r.read(v, p)
		deputies := dice.RoleCounts(n)[dice.Deputy]
		want := uint8(1 << 2)
		if deputies == 0 {
			want = 0 // 4 players: nobody is on his side
		}
		if r.friends != want {
			t.Errorf("%d players, the Sheriff: friends %08b, want %08b (who healed him)", n, r.friends, want)
		}
		if r.target(v, 0b110) != 1 {
			t.Errorf("%d players, the Sheriff does not shoot the one who shot him", n)
		}

		// The Renegade keeps the Sheriff alive while others live; a lone Deputy's only
		// friend is the Sheriff.
		v.Self, v.Role, v.Revealed[3] = 3, dice.Renegade, dice.Renegade
		r = reading{}
		r.read(v, p)
		if r.friends != 1 {
			t.Errorf("%d players, the Renegade: friends %08b, want the Sheriff", n, r.friends)
		}
		if deputies == 0 {
			continue
		}
		v.Role, v.Revealed[3] = dice.Deputy, dice.Deputy
		r = reading{}
		r.read(v, p)
		if lone := deputies == 1; lone && r.friends != 1 || !lone && r.friends != 0b101 {
			t.Errorf("%d players, a Deputy: friends %08b", n, r.friends)
		}
	}
}

// TestReadingOmniscient: shown every role, the reading's friends are the true partners.
func TestReadingOmniscient(t *testing.T) {
	v := readView(8, 3, dice.Outlaw)
	roles := [8]dice.Role{dice.Sheriff, dice.Outlaw, dice.Deputy, dice.Outlaw, dice.Renegade, dice.Outlaw, dice.Deputy, dice.Renegade}
	v.Revealed = roles
	v.Omniscient = true
	v.Hits[2][0] = 5 // a Deputy who looks like an Outlaw fools nobody who sees the roles
	var r reading
	r.read(v, &DefaultHeuristicParams)
	if want := uint8(1<<1 | 1<<5); r.friends != want {
		t.Errorf("friends %08b, want %08b", r.friends, want)
	}
	if bits.OnesCount8(r.hidden) != 0 {
		t.Errorf("hidden %08b for an omniscient player", r.hidden)
	}
}

// TestThreePlayers: with 3 players nobody is a friend and each shoots its own target.
func TestThreePlayers(t *testing.T) {
	v := readView(3, 0, dice.Deputy)
	v.Sheriff = -1
	v.Revealed = [8]dice.Role{dice.Deputy, dice.Outlaw, dice.Renegade}
	var r reading
	r.read(v, &DefaultHeuristicParams)
	if r.friends != 0 {
		t.Errorf("friends %08b", r.friends)
	}
	if got := r.target(v, 0b110); got != 2 {
		t.Errorf("the Deputy shoots seat %d, want the Renegade (2)", got)
	}
}
