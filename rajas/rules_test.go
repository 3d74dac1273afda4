package rajas

import (
	"strings"
	"testing"

	"durbar/core"
)

var (
	_ core.Game         = (*Game)(nil)
	_ core.Scorer       = (*Game)(nil)
	_ core.Determinizer = (*Game)(nil)
)

func TestSetupByPlayers(t *testing.T) {
	for n := 2; n <= 4; n++ {
		g := newGame(t, Setup{Players: n})
		eq(t, "seats", g.Seats(), n)
		for k := 0; k < n; k++ {
			eq(t, "starting money by turn order", g.P[k].Money, 3+k)
			eq(t, "starting dice", g.P[k].Dice.Count(), 4)
			for c := Color(0); c < NumColors; c++ {
				eq(t, "one die of each colour", g.P[k].Dice.OfColor(c), 1)
			}
			eq(t, "karma", g.P[k].Karma, 1)
			eq(t, "workers", g.P[k].Active, 3)
		}
		covered := 0
		for i := range g.side.Spaces {
			if g.Occ[i] == -2 {
				covered++
			}
		}
		eq(t, "covered spaces", covered, map[int]int{2: 0, 3: 2, 4: 0}[n])
		eq(t, "visible tiles", len(g.VisibleTiles()), 12)
		eq(t, "first to decide", g.Decision().Player, 0)
	}
	for _, bad := range []Setup{{Players: 1}, {Players: 5}, {Players: 2, Legacy: &Legacy{SecondTile: true}},
		{Players: 3, FirstPlayer: 4}, {Players: 3, FirstPlayer: -1}, {Players: 3, FirstPlayer: 2, Legacy: &Legacy{}},
		{Players: 2, Navaratnas: true, Experts: []int{0}}, {Players: 2, Experts: []int{2}}, {Players: 3, Experts: []int{1, 1}}} {
		if _, err := New(testData(t), bad, 1); err == nil {
			t.Errorf("set-up %+v accepted", bad)
		}
	}
}

func TestWorkersFromTracks(t *testing.T) {
	g := newGame(t, Setup{Players: 2})
	g.P[0].Fame = 13
	setDice(t, g, 0, "blue-1")
	play(t, g, "palace:mogul", "die:blue-1")
	eq(t, "fame", g.P[0].Fame, 15)
	eq(t, "worker from fame 15", g.P[0].Active, 4)
	g.P[1].Money, g.P[1].NextBonus = 18, 1
	play(t, g, "palace:outer", "done")
	eq(t, "worker from money 20", g.P[1].Active, 4)
	// Back below 20 and up again: no second worker.
	g.payMoney(1, 5)
	g.addMoney(1, 5)
	eq(t, "once only", g.P[1].Active, 4)
	// A new worker may be placed in the round it is gained.
	eq(t, "seat 0 workers left", g.P[0].Active-g.P[0].Placed, 3)
}

func TestSpareWorkerLeaves(t *testing.T) {
	g := newGame(t, Setup{Players: 2})
	g.gainWorker(0, FromFame)
	g.gainWorker(0, FromRiver)
	eq(t, "active", g.P[0].Active, 5)
	eq(t, "spare gone", g.P[0].SpareGone, true)
	g.gainWorker(0, FromMoney)
	eq(t, "still five", g.P[0].Active, 5)
	n := newGame(t, Setup{Players: 2, Navaratnas: true})
	for src := 0; src < 3; src++ {
		n.gainWorker(0, src)
	}
	eq(t, "Navaratnas: six", n.P[0].Active, 6)
	m := newGame(t, Setup{Players: 2, Experts: []int{0}})
	for src := 0; src < 3; src++ {
		m.gainWorker(0, src)
	}
	eq(t, "mixed groups: five", m.P[0].Active, 5)
}

func TestBridgeWorker(t *testing.T) {
	g := newGame(t, Setup{Players: 2})
	g.P[0].Boat = g.d.BridgeAfter
	setDice(t, g, 0, "blue-1")
	play(t, g, "harbour:1", "die:blue-1", "move:1")
	eq(t, "passed the bridge", g.P[0].Active, 4)
}

func TestRowByRowAndMoneyCosts(t *testing.T) {
	g := newGame(t, Setup{Players: 2})
	setDice(t, g, 0, "blue-1")
	setDice(t, g, 1, "blue-2")
	play(t, g, "harbour:1", "die:blue-1", "move:1")
	if hasOpt(g, "harbour:1") || !hasOpt(g, "harbour:2") {
		t.Fatalf("harbour not filled left to right: %v", optionIDs(g))
	}
	m := g.P[1].Money
	play(t, g, "harbour:2", "die:blue-2", "move:2", "upgrade:temple")
	eq(t, "harbour:2 costs 1", g.P[1].Money, m-1)
	eq(t, "skipping the occupied space 1", g.P[1].Boat, 3)
	// No money, no paid space.
	g.P[0].Money = 0
	if hasOpt(g, "harbour:3") || hasOpt(g, "quarry:1") {
		t.Fatal("a space costing money offered at money 0")
	}
}

func TestElephant(t *testing.T) {
	// Nobody on the Great Mogul: the elephant passes clockwise.
	g := newGame(t, Setup{Players: 3})
	for g.Round == 1 {
		o := g.Decision().Options
		id := o[0].ID
		if id == "palace:mogul" {
			id = o[1].ID
		}
		play(t, g, id)
	}
	eq(t, "start player", g.Start, 1)
	// Seat 2 on the Great Mogul takes it.
	g = newGame(t, Setup{Players: 3})
	setDice(t, g, 2, "green-1")
	for g.Round == 1 {
		if g.Decision().Player == 2 && hasOpt(g, "palace:mogul") {
			play(t, g, "palace:mogul", "die:green-1")
			continue
		}
		o := g.Decision().Options
		id := o[0].ID
		if id == "palace:mogul" {
			id = o[1].ID
		}
		play(t, g, id)
	}
	eq(t, "start player", g.Start, 2)
	eq(t, "first to decide", g.Decision().Player, 2)
}

func TestAssortedOncePerRound(t *testing.T) {
	g := newGame(t, Setup{Players: 3})
	for p, id := range []string{"orange-1", "blue-1", "green-1"} {
		putTile(t, g, p, id, "r1c2", 0) // a silk or tea market each
	}
	play(t, g, "market:assorted-1")
	play(t, g, "palace:outer", "done")
	play(t, g, "palace:terrace-blue")
	if hasOpt(g, "market:assorted-2") {
		t.Fatal("a second assorted market for the same player in one round (3-4 players)")
	}
	play(t, g, "palace:terrace-orange")
	if !hasOpt(g, "market:assorted-2") {
		t.Fatal("the second assorted space is closed to another player")
	}
	eq(t, "2-player side: no such limit", newGame(t, Setup{Players: 2}).side.AssortedOnce, false)
}

func TestKarmaFlip(t *testing.T) {
	g := newGame(t, Setup{Players: 2})
	setDice(t, g, 0, "blue-6")
	g.P[0].Money = 0
	// Only spaces without money cost; a 6 opens the Portuguese, and Karma
	// can turn it into a 1 for the harbour or the Great Mogul.
	play(t, g, "karma:blue-6")
	eq(t, "karma", g.P[0].Karma, 0)
	eq(t, "die turned", g.P[0].Dice[Blue][1], int8(1))
	if hasOpt(g, "karma:blue-1") {
		t.Fatal("flip offered without Karma")
	}
	play(t, g, "harbour:1", "die:blue-1", "move:1")
}

// stuck closes every space of seat 0 but those a die pays (the harbour
// and the rooms but the Portuguese), and gives it a blue 6, no money and
// a Karma: only a flip (to a 1) opens a space.
func stuck(t *testing.T, g *Game) {
	t.Helper()
	setDice(t, g, 0, "blue-6")
	g.P[0].Money = 0
	for i := range g.side.Spaces {
		switch sp := &g.side.Spaces[i]; sp.Kind {
		case KindOuter, KindTerrace, KindBalcony, KindAssorted, KindSingle, KindQuarry:
			g.Occ[i] = -2 // out of reach for this test
		case KindRoom:
			if sp.Room == Portuguese {
				g.Occ[i] = -2
			}
		}
	}
}

func TestPassOnlyWhenStuck(t *testing.T) {
	g := newGame(t, Setup{Players: 2})
	stuck(t, g)
	// Only a flip opens a space (the harbour or the Great Mogul).
	if ids := optionIDs(g); len(ids) != 2 || ids[0] != "karma:blue-6" || ids[1] != "pass" {
		t.Fatalf("options %v", ids)
	}
	play(t, g, "pass")
	eq(t, "passed", g.P[0].Out, true)
	eq(t, "seat 1 plays on", g.Decision().Player, 1)
	g.P[0].Karma = 0
	if g.canPlace(0) {
		t.Fatal("a seat without Karma and no open space can place")
	}
}

// A pass declines the flip for this turn only ("Transcurso del juego":
// the round goes on until nobody can place a worker): once another worker
// is placed the seat is asked again and may place.
func TestPassIsNotAnExit(t *testing.T) {
	g := newGame(t, Setup{Players: 2})
	stuck(t, g)
	setDice(t, g, 1, "orange-1", "orange-1")
	play(t, g, "pass", "palace:mogul", "die:orange-1")
	eq(t, "seat 0 asked again", g.Decision().Player, 0)
	eq(t, "the pass is forgotten", g.P[0].Out, false)
	if ids := optionIDs(g); len(ids) != 2 || ids[1] != "pass" {
		t.Fatalf("options %v", ids)
	}
	play(t, g, "karma:blue-6", "harbour:1", "die:blue-1", "move:1")
	eq(t, "placed after passing", g.P[0].Placed, 1)
}

// When every seat that could still place has passed, the round ends.
func TestPassEndsTheRoundWhenNobodyElseCan(t *testing.T) {
	g := newGame(t, Setup{Players: 2})
	stuck(t, g)
	// Seat 1's three workers are out already (on covered spaces).
	n := 0
	for i := range g.side.Spaces {
		if g.Occ[i] == -2 && n < 3 {
			g.Occ[i] = 1
			n++
		}
	}
	g.P[1].Placed = 3
	play(t, g, "pass")
	eq(t, "next round", g.Round, 2)
}

// A set-up written before "rules": 2 keeps the first reading: a pass ends
// the seat's round.
func TestPassLegacyEndsTheRound(t *testing.T) {
	g := newGame(t, Setup{Players: 2, Legacy: &Legacy{}})
	stuck(t, g)
	setDice(t, g, 1, "orange-1", "orange-1")
	play(t, g, "pass", "palace:mogul", "die:orange-1")
	eq(t, "seat 1 again", g.Decision().Player, 1)
	eq(t, "out for the round", g.P[0].Out, true)
}

func TestPortuguese(t *testing.T) {
	g := newGame(t, Setup{Players: 3})
	g.P[1].Boat, g.P[2].Boat = 2, 4
	setDice(t, g, 0, "blue-6")
	play(t, g, "palace:portuguese", "die:blue-6")
	eq(t, "six unoccupied spaces", g.P[0].Boat, 8)
	// Within the last six spaces the Portuguese is closed.
	g = newGame(t, Setup{Players: 2})
	g.P[0].Boat = g.RiverEnd() - 5
	g.P[0].Gained[FromRiver], g.P[0].Active = true, 4
	setDice(t, g, 0, "blue-6")
	if hasOpt(g, "palace:portuguese") {
		t.Fatal("the Portuguese offered within the last six spaces")
	}
	g.P[0].Boat = g.RiverEnd() - 6
	if !hasOpt(g, "palace:portuguese") {
		t.Fatal("the Portuguese closed six spaces from the end")
	}
}

func TestKaliCapacity(t *testing.T) {
	g := newGame(t, Setup{Players: 2})
	setDice(t, g, 0, "blue-1", "blue-2", "blue-3", "blue-4", "blue-5", "green-1", "green-2", "green-3", "green-4", "green-5")
	play(t, g, "palace:terrace-orange")
	eq(t, "step", g.top().Step, "gain-room")
	if !hasOpt(g, "skip") || !hasOpt(g, "return:blue-1") {
		t.Fatalf("options %v", optionIDs(g))
	}
	play(t, g, "return:blue-1")
	eq(t, "orange taken", g.P[0].Dice.OfColor(Orange), 1)
	eq(t, "ten dice", g.P[0].Dice.Count(), 10)
	// Navaratnas: the back of the statue holds 8.
	n := newGame(t, Setup{Players: 2, Navaratnas: true})
	eq(t, "capacity", n.KaliCapacity(0), 8)
}

func TestDancerBasicDrawsWhite(t *testing.T) {
	g := newGame(t, Setup{Players: 2})
	setDice(t, g, 0, "blue-2")
	eq(t, "white pile", g.White.N, int8(8))
	g.White, g.Discard = g.Discard, g.White // all used: the next draw reshuffles them
	play(t, g, "palace:dancer", "die:blue-2", "color:green", "color:green")
	eq(t, "drawn from the reshuffled pile", g.White.N, int8(7))
	eq(t, "discarded", g.Discard.N, int8(1))
	eq(t, "two dice", g.P[0].Dice.OfColor(Green), 2)
}

func TestMoneyBonusOnce(t *testing.T) {
	g := newGame(t, Setup{Players: 2})
	g.P[0].Money = 10
	play(t, g, "palace:outer")
	eq(t, "boat bonus at 12", g.top().Step, "boat-next")
	play(t, g, "skip", "done")
	eq(t, "marker moved to 33", g.P[0].NextBonus, 1)
	g.payMoney(0, 5)
	g.addMoney(0, 5)
	eq(t, "no second bonus", g.top().Step, "turn")
}

func TestFameBonuses(t *testing.T) {
	g := newGame(t, Setup{Players: 2})
	g.P[0].Fame = 23
	g.P[0].Gained[FromFame], g.P[0].Active = true, 4
	setDice(t, g, 0, "blue-1")
	play(t, g, "palace:mogul", "die:blue-1")
	eq(t, "karma +2, at most 3", g.P[0].Karma, 3)
	g.P[1].Fame = 29
	g.P[1].Gained[FromFame], g.P[1].Active = true, 4
	g.addFame(1, 2)
	g.advance()
	eq(t, "fame 31: boat", g.top().Step, "boat-next")
}

// "Versión Navaratnas" (b): a seat with two workers fewer than another
// receives two production tiles in the round (the second sentence
// continues (b): the heading of the Ganga module follows it).
func TestNavaratnasSetupAndCompensation(t *testing.T) {
	g := newGame(t, Setup{Players: 2, Navaratnas: true})
	eq(t, "brown tile first", g.top().Step, "setup-brown")
	eq(t, "start player first", g.Decision().Player, 0)
	play(t, g, g.Decision().Options[0].ID)
	eq(t, "then seat 1", g.Decision().Player, 1)
	play(t, g, g.Decision().Options[1].ID)
	eq(t, "then play", g.top().Step, "turn")
	// Seat 1 has two workers more than seat 0: two production tiles.
	b := g.d.BridgeAfter
	g.P[0].Active, g.P[0].Gained, g.P[0].Boat = 4, [3]bool{false, false, true}, b+1
	g.P[1].Active, g.P[1].Gained, g.P[1].Fame, g.P[1].Boat = 6, [3]bool{true, true, true}, 15, b+2
	comps := 0
	for g.Round == 1 {
		if g.top().Step == "ptile" && g.top().B == 1 {
			eq(t, "compensated seat", g.Decision().Player, 0)
			comps++
		}
		o := g.Decision().Options
		play(t, g, o[len(o)-1].ID)
	}
	eq(t, "two tiles", comps, 2)
}

// One worker fewer: one production tile.
func TestCompensationOneForOneWorkerLess(t *testing.T) {
	g := newGame(t, Setup{Players: 2, Navaratnas: true})
	play(t, g, g.Decision().Options[0].ID, g.Decision().Options[0].ID)
	g.P[1].Active, g.P[1].Gained, g.P[1].Fame = 4, [3]bool{true}, 15
	comps := 0
	for g.Round == 1 {
		if g.top().Step == "ptile" && g.top().B == 1 {
			comps++
		}
		o := g.Decision().Options
		play(t, g, o[0].ID)
	}
	eq(t, "one tile", comps, 1)
}

// A set-up written before "rules": 2 with Navaratnas but not its old
// "ganga" switch gives one tile however many workers are lacking.
func TestCompensationLegacyOneWithoutGanga(t *testing.T) {
	g := newGame(t, Setup{Players: 2, Navaratnas: true, Legacy: &Legacy{}})
	play(t, g, g.Decision().Options[0].ID, g.Decision().Options[0].ID)
	g.P[1].Active, g.P[1].Gained, g.P[1].Fame = 5, [3]bool{true, true}, 15
	comps := 0
	for g.Round == 1 {
		if g.top().Step == "ptile" && g.top().B == 1 {
			comps++
			if !strings.Contains(g.Decision().Prompt, "fewer workers") {
				t.Fatal(g.Decision().Prompt)
			}
		}
		o := g.Decision().Options
		play(t, g, o[0].ID)
	}
	eq(t, "one tile", comps, 1)
}

func TestRiverTilesSetup(t *testing.T) {
	d := testData(t)
	for seed := uint64(1); seed <= 200; seed++ {
		g, _ := New(d, Setup{Players: 2, Ganga: true}, seed)
		last, n := 0, 0
		for s := 1; s <= g.RiverEnd(); s++ {
			if g.RiverT[s] >= 0 {
				if s == g.RiverEnd() || s-last < 1 || s-last > 6 {
					t.Fatalf("seed %d: river tile on %d after %d", seed, s, last)
				}
				last = s
				n++
			}
		}
		if n == 0 || n > 8 {
			t.Fatalf("seed %d: %d river tiles", seed, n)
		}
	}
}

func TestDeterminizeHidesOnlyTheUnseen(t *testing.T) {
	g := newGame(t, Setup{Players: 3})
	c := g.clone()
	c.Determinize(99)
	changed := false
	for k := range g.Stacks {
		eq(t, "pile size", c.Stacks[k].N, g.Stacks[k].N)
		eq(t, "top tile", c.topTile(k), g.topTile(k))
		if c.Stacks[k].T != g.Stacks[k].T {
			changed = true
		}
	}
	if !changed {
		t.Fatal("no hidden tile was reshuffled")
	}
	eq(t, "draws continue", c.rng.Draws >= g.rng.Draws, true)
	eq(t, "decision", c.Decision().Prompt, g.Decision().Prompt)
}
