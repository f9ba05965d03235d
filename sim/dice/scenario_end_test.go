package dice

import "testing"

// End-of-game cases, the 3-player game and the rulebook's worked example.

func TestEnd_SheriffDiesOutlawsWin(t *testing.T) {
	// The Sheriff is eliminated with others alive: the Outlaws win, the dead one too.
	s := newScenario(t, 5, nil, scFive...)
	s.active(1)
	s.life(map[int]int{0: 1})
	s.script("1DDGG")
	s.start()
	s.stop(1)
	s.options(s.expectDie(DecideTarget, 1, 0), scOpts(0, 2))
	s.apply(0)
	s.wantWinners(1, 2)
	s.wantDeath(0, CauseBullsEye, 1)
}

func TestEnd_LoneRenegadeWins(t *testing.T) {
	// The Renegade's Gatling kills the Sheriff and the Deputy at once, leaving him alone:
	// he wins alone.
	s := newScenario(t, 5, nil, scFive...)
	s.dead(1, 2)
	s.active(3)
	s.life(map[int]int{0: 1, 4: 1})
	s.script("GGGDD")
	s.start()
	s.stop(3)
	s.wantWinners(3)
	s.wantAlive(3)
}

func TestEnd_AllDieAtOnceOutlawsWin(t *testing.T) {
	// Every player dies to one Indian attack: the Outlaws win (rulebook example 3).
	s := newScenario(t, 5, nil, scFive...)
	s.life(map[int]int{0: 1, 1: 1, 2: 1, 3: 1, 4: 1})
	s.arrows(1, map[int]int{1: 2, 2: 2, 3: 2, 4: 2})
	s.script("ADDGG")
	s.start()
	s.wantWinners(1, 2)
	s.wantAlive()
	s.wantArrows(9, 0, 0, 0, 0, 0)
}

func TestEnd_OutlawsAndRenegadeDeadSheriffAndDeputyWin(t *testing.T) {
	// The Sheriff's Gatling eliminates both Outlaws and the Renegade: Sheriff and Deputy win.
	s := newScenario(t, 5, nil, scFive...)
	s.life(map[int]int{1: 1, 2: 1, 3: 1})
	s.script("GGGDD")
	s.start()
	s.stop(0)
	s.wantWinners(0, 4)
	s.wantLife(10, 0, 0, 0, 7)
}

func TestEnd_RenegadeLeftGameGoesOn(t *testing.T) {
	// Rulebook example 1: all Outlaws are out but the Renegade lives: the game goes on.
	s := newScenario(t, 5, nil, scFive...)
	s.dead(1)
	s.life(map[int]int{2: 1})
	s.script("1DDGG" + "BBBBB")
	s.start()
	s.stop(0)
	s.options(s.expectDie(DecideTarget, 0, 0), scOpts(2, 4))
	s.apply(2)
	s.wantRunning()
	s.expect(DecideReroll, 3)
	s.wantAlive(0, 3, 4)
}

func TestEnd_SheriffDiesOutlawsAlreadyOutOutlawsWin(t *testing.T) {
	// Rulebook example 2: the Outlaws are out; the Renegade kills the Sheriff with the
	// Deputy still alive: the Outlaws win.
	s := newScenario(t, 5, nil, scFive...)
	s.dead(1, 2)
	s.active(3)
	s.life(map[int]int{0: 1})
	s.script("1DDGG")
	s.start()
	s.stop(3)
	s.options(s.expectDie(DecideTarget, 3, 0), scOpts(0, 4))
	s.apply(0)
	s.wantWinners(1, 2)
	s.wantAlive(3, 4)
}

func TestEnd_SheriffDiesByOwnDynamiteOutlawsWin(t *testing.T) {
	// The Sheriff's own Dynamite eliminates him: the Outlaws win at once.
	s := newScenario(t, 5, nil, scFive...)
	s.life(map[int]int{0: 1})
	s.script("DDDGG")
	s.start()
	s.wantWinners(1, 2)
	s.wantDeath(0, CauseDynamite, -1)
	s.wantLife(0, 8, 8, 8, 8)
}

func TestEnd_EightPlayersSheriffDiesBothRenegadesAlive(t *testing.T) {
	// 8 players: the Sheriff falls while both Renegades live: the Outlaws win.
	s := newScenario(t, 8, nil, Sheriff, Renegade, Renegade, Outlaw, Outlaw, Outlaw, Deputy, Deputy)
	s.dead(3, 4, 5, 6, 7)
	s.active(1)
	s.life(map[int]int{0: 1})
	s.script("1DDGG")
	s.start()
	s.stop(1)
	s.options(s.expectDie(DecideTarget, 1, 0), scOpts(0, 2))
	s.apply(0)
	s.wantWinners(3, 4, 5)
	s.wantAlive(1, 2)
}

func TestEnd_EightPlayersEachRenegadeWinsAlone(t *testing.T) {
	// 8 players: either Renegade whose Gatling kills the Sheriff and the other Renegade at
	// once wins alone.
	for _, roller := range []int{1, 2} {
		other := 3 - roller
		t.Run(Renegade.String()+string(rune('0'+roller)), func(t *testing.T) {
			s := newScenario(t, 8, nil, Sheriff, Renegade, Renegade, Outlaw, Outlaw, Outlaw, Deputy, Deputy)
			s.dead(3, 4, 5, 6, 7)
			s.active(roller)
			s.life(map[int]int{0: 1, other: 1})
			s.script("GGGDD")
			s.start()
			s.stop(roller)
			s.wantWinners(roller)
			s.wantAlive(roller)
		})
	}
}

func TestEnd_EightPlayersSheriffDiesOneRenegadeAndDeputyLeft(t *testing.T) {
	// 8 players: one Renegade is out; the other kills the Sheriff with a Deputy alive: the
	// Outlaws win, not the Renegade.
	s := newScenario(t, 8, nil, Sheriff, Renegade, Renegade, Outlaw, Outlaw, Outlaw, Deputy, Deputy)
	s.dead(1, 3, 4, 5, 6)
	s.active(2)
	s.life(map[int]int{0: 1})
	s.script("GGGDD")
	s.start()
	s.stop(2)
	s.wantWinners(3, 4, 5)
	s.wantAlive(2, 7)
}

func TestThreePlayer_PublicRolesDeputyStarts(t *testing.T) {
	// 3 players: Deputy, Outlaw, Renegade dealt face up, the Deputy in seat 0 starts, no
	// Sheriff bonus.
	for seed := uint64(1); seed <= 20; seed++ {
		var g State
		r := DefaultRules(3)
		r.Deal = DealPlain
		g.Setup(&r, seed, seed*7)
		g.Script(Beer, Beer, Beer, Beer, Beer)
		if g.Role[0] != Deputy || g.Role[1] == g.Role[2] || (g.Role[1] != Outlaw && g.Role[1] != Renegade) ||
			(g.Role[2] != Outlaw && g.Role[2] != Renegade) {
			t.Fatalf("seed %d: roles %v", seed, g.Role[:3])
		}
		for s := 0; s < 3; s++ {
			if g.Revealed[s] != g.Role[s] {
				t.Fatalf("seed %d: seat %d shows %s, role %s", seed, s, g.Revealed[s], g.Role[s])
			}
			if g.Life[s] != 8 || g.MaxLife[s] != 8 {
				t.Fatalf("seed %d: seat %d life %d/%d, want 8/8", seed, s, g.Life[s], g.MaxLife[s])
			}
		}
		g.Start()
		if g.Turn != 1 || g.Active != 0 || g.Pending().Seat != 0 {
			t.Fatalf("seed %d: turn %d active %d deciding %d, want the Deputy's first turn", seed, g.Turn, g.Active, g.Pending().Seat)
		}
	}
	var g State
	r := DefaultRules(5)
	g.Setup(&r, 1, 2)
	for s := 0; s < 5; s++ {
		want := RoleUnknown
		if g.Role[s] == Sheriff {
			want = Sheriff
		}
		if g.Revealed[s] != want {
			t.Fatalf("5 players: seat %d (%s) shows %s, want %s", s, g.Role[s], g.Revealed[s], want)
		}
	}
}

func TestThreePlayer_OwnKillingBlowWins(t *testing.T) {
	// Each role killing its own target with its own Bull's Eye wins alone, the third
	// player still alive.
	cases := []struct {
		roller, target int
	}{{0, 2}, {1, 0}, {2, 1}} // Deputy→Renegade, Outlaw→Deputy, Renegade→Outlaw
	for _, c := range cases {
		t.Run([]Role{Deputy, Outlaw, Renegade}[c.roller].String(), func(t *testing.T) {
			s := newScenario(t, 3, nil, Deputy, Outlaw, Renegade)
			s.active(c.roller)
			s.life(map[int]int{c.target: 1})
			s.script("1DDGG")
			s.start()
			s.stop(c.roller)
			s.expectDie(DecideTarget, c.roller, 0)
			s.apply(c.target)
			s.wantWinners(c.roller)
			s.wantDeath(c.target, CauseBullsEye, c.roller)
			if s.g.Alive&scMask(3-c.roller-c.target) == 0 {
				t.Fatalf("third player dead")
			}
		})
	}
}

func TestThreePlayer_TargetKilledBySomeoneElseLastStanding(t *testing.T) {
	// The Outlaw kills the Renegade (not his target): nobody has won; the Deputy must now
	// outlive the Outlaw, and does so by killing him.
	s := newScenario(t, 3, nil, Deputy, Outlaw, Renegade)
	s.active(1)
	s.life(map[int]int{1: 1, 2: 1})
	s.script("1DDGG" + "1DDGG")
	s.start()
	s.stop(1)
	s.options(s.expectDie(DecideTarget, 1, 0), scOpts(0, 2))
	s.apply(2)
	s.wantRunning()
	s.wantDeath(2, CauseBullsEye, 1)
	s.stop(0) // the Deputy's Bull's Eye has one target left
	s.wantWinners(0)
	s.wantDeath(1, CauseBullsEye, 0)
	s.wantScriptUsed()
}

func TestThreePlayer_OneStepKillsBothKillerWins(t *testing.T) {
	// The Deputy's Gatling eliminates both others at once: he wins.
	s := newScenario(t, 3, nil, Deputy, Outlaw, Renegade)
	s.life(map[int]int{1: 1, 2: 1})
	s.script("GGGDD")
	s.start()
	s.stop(0)
	s.wantWinners(0)
	s.wantAlive(0)
}

func TestThreePlayer_IndiansKillBothOthersLastAliveWins(t *testing.T) {
	// The Outlaw's arrow sets off Indians that kill the Deputy and the Renegade: nobody's
	// blow (D6), but the one left alive wins.
	s := newScenario(t, 3, nil, Deputy, Outlaw, Renegade)
	s.active(1)
	s.life(map[int]int{0: 2, 2: 3})
	s.arrows(1, map[int]int{0: 3, 2: 5})
	s.script("ADDGG")
	s.start()
	s.wantWinners(1)
	s.wantLife(0, 7, 0)
	s.wantDeath(0, CauseIndians, -1)
	s.wantDeath(2, CauseIndians, -1)
}

func TestThreePlayer_AllDieDraw(t *testing.T) {
	// ruling D16: the Deputy's Gatling hits El Gringo; the arrow it costs him is the
	// pile's last, and the Indians eliminate all three players at once: a draw.
	s := newScenario(t, 3, map[int]Character{1: ElGringo}, Deputy, Outlaw, Renegade)
	s.life(map[int]int{0: 1, 1: 2, 2: 2})
	s.arrows(1, map[int]int{1: 4, 2: 4})
	s.script("GGGDD")
	s.start()
	s.stop(0)
	s.wantDraw()
	s.wantAlive()
}

func TestThreePlayer_BullsEye2AsOne(t *testing.T) {
	// ruling D18 in the 3-player game: Bull's Eye 2 reaches both other players.
	s := newScenario(t, 3, nil, Deputy, Outlaw, Renegade)
	s.script("2DDGG" + "BBBBB")
	s.start()
	s.stop(0)
	s.options(s.expectDie(DecideTarget, 0, 0), scOpts(1, 2))
	s.apply(1)
	s.expect(DecideReroll, 1)
	s.wantLife(8, 7, 8)
}

func TestWorkedExampleSheriff(t *testing.T) {
	// The rulebook's worked example (Polish 000, Czech 002): the Sheriff, 6 life and 1
	// arrow; the pile holds its last arrow, the other 7 are in front of the others.
	s := newScenario(t, 5, nil, scFive...)
	s.life(map[int]int{0: 6})
	s.arrows(1, map[int]int{0: 1, 1: 2, 2: 2, 3: 2, 4: 1})
	// First roll: two Arrows, Dynamite, Bull's Eye 1 and a Beer. He must take 2 arrows:
	// the first is the pile's last, the Indians attack (he loses 2: 4 left), everyone
	// returns their arrows, and he takes the second (pile 8): 4 life, 1 arrow.
	s.script("AAD1B" + "GGB" + "2G" + "BBBBB")
	s.start()
	d := s.expect(DecideReroll, 0)
	s.wantDice("AAD1B")
	s.wantCounts(1, 0, 0)
	s.wantLife(4, 6, 6, 6, 7)
	s.wantArrows(8, 1, 0, 0, 0, 0)
	// The Dynamite may not be rerolled; he keeps the Bull's Eye 1, rerolls the rest.
	s.options(d, scOpts(0, 1, 3, 4))
	if d.Legal(0b00100) {
		t.Fatalf("rerolling the Dynamite is legal")
	}
	s.apply(scMaskInt(0, 1, 4))
	s.wantDice("GGD1B")
	// Two Gatlings: he keeps them and rerolls the others, the Bull's Eye 1 kept earlier
	// included.
	s.options(s.expect(DecideReroll, 0), scOpts(0, 1, 3, 4))
	s.apply(scMaskInt(3, 4))
	// Final: Dynamite, Bull's Eye 2, three Gatlings; no reroll left, so no decision.
	s.wantDice("GGD2G")
	s.options(s.expectDie(DecideTarget, 0, 3), scOpts(2, 3))
	s.wantLife(4, 6, 6, 6, 7)
	s.wantArrows(8, 1, 0, 0, 0, 0)
	// He shoots a player at distance 2; the Gatling hits everyone else; he returns his
	// arrow: 4 life, 0 arrows.
	s.apply(2)
	s.expect(DecideReroll, 1)
	s.wantLife(4, 5, 4, 5, 6)
	s.wantArrows(9, 0, 0, 0, 0, 0)
	s.wantCounts(1, 0, 1)
	s.wantScriptUsed()
}

// scMaskInt is scMask as a reroll choice.
func scMaskInt(dice ...int) int { return int(scMask(dice...)) }
