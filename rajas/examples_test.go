package rajas

import "testing"

// The worked examples of the rulebook, driven through Decision/Apply.

// "Cantera": Rajesh sends a worker to the quarry, pays 1 money, gives 2
// orange dice to the supply, takes the orange 9 and joins it to a road of
// his province.
func TestExampleRajeshBuysOrange9(t *testing.T) {
	g := newGame(t, Setup{Players: 2})
	putTile(t, g, 0, "orange-1", "r0c1", 1) // a road west of the residence
	toTop(t, g, "orange-9")
	setDice(t, g, 0, "orange-4", "orange-5", "blue-3")
	pool := g.Pool[Orange]
	refused(t, g, "quarry:2", RuleSequence) // the quarry fills row by row, left to right
	play(t, g, "quarry:1")
	eq(t, "money after the quarry", g.P[0].Money, 2)
	if !hasOpt(g, "tile:orange-9") {
		t.Fatalf("orange 9 not for sale: %v", optionIDs(g))
	}
	play(t, g, "tile:orange-9")
	refused(t, g, "die:blue-3", RuleQuarry) // only dice of the tile's colour pay
	play(t, g, "die:orange-4")
	eq(t, "still paying", g.top().Step, "pay-tile")
	eq(t, "left to pay", g.top().N, int16(5))
	play(t, g, "die:orange-5")
	eq(t, "step", g.top().Step, "place-tile")
	refused(t, g, "place:r3c3:rot0", RuleProvince) // not joined to the residence
	play(t, g, "place:r0c0:rot1")
	eq(t, "tile placed", g.TileAt(0, cell(t, g, "r0c0")).ID, "orange-9")
	eq(t, "orange dice returned", g.Pool[Orange], pool+2)
	eq(t, "orange dice left", g.P[0].Dice.OfColor(Orange), 0)
	eq(t, "fame for the palace", g.P[0].Fame, 2)
	eq(t, "money: 3 - 1 + tea market 3", g.P[0].Money, 5)
	eq(t, "next to decide", g.Decision().Player, 1)
}

// "Producciones especiales": Leila places a crossroads whose two ends reach
// the two productions beside it; the tile is scored first, then she gains 5
// money and takes a die of any colour.
func TestExampleLeilaCrossroads(t *testing.T) {
	g := newGame(t, Setup{Players: 2})
	putTile(t, g, 0, "orange-2", "r1c2", 3) // N-W curve below the residence
	putTile(t, g, 0, "orange-1", "r1c1", 1) // E-W
	putTile(t, g, 0, "blue-2", "r1c0", 1)   // E-S curve
	putTile(t, g, 0, "blue-1", "r2c0", 0)   // N-S
	toTop(t, g, "orange-8")                 // a crossroads with two markets of 2
	setDice(t, g, 0, "orange-4", "orange-4")
	play(t, g, "quarry:1", "tile:orange-8", "die:orange-4", "die:orange-4", "place:r3c0:rot0")
	// Tile scored (3-1+4), then the money production, then the die.
	eq(t, "money", g.P[0].Money, 3-1+4+5)
	eq(t, "step", g.top().Step, "gain-color")
	eq(t, "decider", g.Decision().Player, 0)
	play(t, g, "color:green")
	eq(t, "green die", g.P[0].Dice.OfColor(Green), 1)
	for _, id := range []string{"r3c0-w", "r3c0-s"} {
		for i, s := range g.sites(0) {
			if s.ID == id && !g.P[0].Sites[i].Collected {
				t.Fatalf("%s not received", id)
			}
		}
	}
}

// "Las mejoras de edificios": Leila's tile shows a temple and a mill; she
// gains 2 + 3 = 5 fame (her mill is upgraded), then, through the special
// production she connects, a die of any colour and an upgrade.
func TestExampleLeilaTwoBuildings(t *testing.T) {
	g := newGame(t, Setup{Players: 2})
	putTile(t, g, 0, "orange-1", "r1c2", 0)
	putTile(t, g, 0, "blue-1", "r2c2", 0)
	toTop(t, g, "green-6") // temple and mill, T-junction
	g.P[0].Levels[Mill] = 3
	g.P[0].Fame = 6
	setDice(t, g, 0, "green-3", "green-3")
	play(t, g, "quarry:1", "tile:green-6", "die:green-3", "die:green-3", "place:r3c2:rot0")
	eq(t, "fame", g.P[0].Fame, 11)
	eq(t, "step", g.top().Step, "gain-color")
	play(t, g, "color:orange")
	eq(t, "step", g.top().Step, "upgrade")
	refused(t, g, "upgrade:castle", RuleUpgrades)
	play(t, g, "upgrade:temple")
	eq(t, "temple level", g.P[0].Levels[Temple], int8(3))
	eq(t, "orange die", g.P[0].Dice.OfColor(Orange), 1)
	eq(t, "next to decide", g.Decision().Player, 1)
}

// rajeshMarkets: three tea markets (2, 2, 3) and one silk market (2).
func rajeshMarkets(t *testing.T) *Game {
	g := newGame(t, Setup{Players: 2})
	putTile(t, g, 0, "orange-3", "r1c2", 0) // tea 2
	putTile(t, g, 0, "green-3", "r2c2", 0)  // silk 2
	putTile(t, g, 0, "purple-9", "r0c1", 1) // tea 3 (and a temple)
	putTile(t, g, 0, "green-4", "r1c1", 0)  // tea 2
	eq(t, "tea markets", len(g.markets(0, Tea, nil)), 3)
	eq(t, "silk markets", len(g.markets(0, Silk, nil)), 1)
	return g
}

// "Mercado", assorted goods: Rajesh scores his silk market and one of his
// three tea markets: 5 money.
func TestExampleRajeshAssortedMarket(t *testing.T) {
	g := rajeshMarkets(t)
	m := g.P[0].Money
	play(t, g, "market:assorted-1")
	eq(t, "money", g.P[0].Money, m+5)
}

// "Mercado", one good: paying a die of 4 on the tea space, Rajesh scores
// all three tea markets: 7 money.
func TestExampleRajeshTeaMarket(t *testing.T) {
	g := rajeshMarkets(t)
	setDice(t, g, 0, "blue-4", "green-1")
	m := g.P[0].Money
	play(t, g, "market:tea", "die:blue-4")
	eq(t, "money", g.P[0].Money, m+7)
	// With a die of 1 only the best tea market scores.
	g = rajeshMarkets(t)
	setDice(t, g, 0, "green-1")
	m = g.P[0].Money
	play(t, g, "market:tea", "die:green-1")
	eq(t, "money with a 1", g.P[0].Money, m+3)
}

// "Palacio", the terrace: Leila takes an orange die from the supply, rolls
// it and puts it on her Kali statue.
func TestExampleLeilaTerraceDie(t *testing.T) {
	g := newGame(t, Setup{Players: 2})
	before, pool, draws := g.P[0].Dice.OfColor(Orange), g.Pool[Orange], g.rng.Draws
	play(t, g, "palace:terrace-orange")
	eq(t, "orange dice", g.P[0].Dice.OfColor(Orange), before+1)
	eq(t, "supply", g.Pool[Orange], pool-1)
	eq(t, "rolled once", g.rng.Draws, draws+1)
}

// "Los balcones": Rajesh gives a blue die (any value) and takes two orange
// dice, rolled at once.
func TestExampleRajeshBalcony(t *testing.T) {
	g := newGame(t, Setup{Players: 2})
	setDice(t, g, 0, "blue-6", "green-2")
	play(t, g, "palace:balcony-blue")
	refused(t, g, "die:green-2", RuleSequence)
	play(t, g, "die:blue-6")
	eq(t, "orange dice", g.P[0].Dice.OfColor(Orange), 2)
	eq(t, "blue dice", g.P[0].Dice.OfColor(Blue), 0)
	eq(t, "green dice", g.P[0].Dice.OfColor(Green), 1)
}

// "Maestro constructor": Leila gives a green 5, covers her orange 4 with
// the purple 6 and pays the difference with one purple die of at least 2.
func TestExampleLeilaMasterBuilder(t *testing.T) {
	g := newGame(t, Setup{Players: 2})
	putTile(t, g, 0, "orange-4", "r1c2", 0)
	toTop(t, g, "purple-6")
	setDice(t, g, 0, "green-5", "purple-2", "purple-1")
	fame := g.P[0].Fame
	play(t, g, "palace:builder", "die:green-5", "old:r1c2", "tile:purple-6")
	eq(t, "to pay", g.top().N, int16(2))
	play(t, g, "die:purple-2")
	eq(t, "step", g.top().Step, "mb-place")
	play(t, g, "place:r1c2:rot0")
	c := g.P[0].Cells[cell(t, g, "r1c2")]
	eq(t, "new tile", g.d.Tiles[c.Tile].ID, "purple-6")
	eq(t, "replaced", c.Replaced, true)
	eq(t, "orange 4 out of the game", g.Gone&(1<<uint(g.d.tileByID["orange-4"])) != 0, true)
	eq(t, "fame for two buildings", g.P[0].Fame, fame+4)
	eq(t, "purple 1 kept", g.P[0].Dice[Purple][1], int8(1))
	eq(t, "a replaced tile cannot be covered again", g.builderCell(0, cell(t, g, "r1c2")), false)

	// With only a purple 1 for the difference of 2 the Master Builder
	// cannot be used.
	g = newGame(t, Setup{Players: 2})
	putTile(t, g, 0, "orange-4", "r1c2", 0)
	toTop(t, g, "purple-6")
	for k := range g.Stacks { // nothing else dearer is for sale in purple
		if k/NumBacks == int(Purple) && g.d.Tiles[g.topTile(k)].ID != "purple-6" {
			for ; g.Stacks[k].N > 0; g.Stacks[k].N-- {
				g.Gone |= 1 << uint(g.topTile(k))
			}
		}
	}
	setDice(t, g, 0, "green-5", "purple-1")
	g.P[0].Karma = 0
	if hasOpt(g, "palace:builder") {
		t.Fatal("the Master Builder is offered without the dice to pay the difference")
	}
	// With a Karma the purple 1 can become a 6 ("Karma": at any time in
	// one's turn): the Master Builder opens, and the flip is offered when
	// the new tile is chosen.
	g.P[0].Karma = 1
	play(t, g, "palace:builder", "die:green-5", "old:r1c2")
	if ids := optionIDs(g); len(ids) != 1 || ids[0] != "karma:purple-1" {
		t.Fatalf("options %v, want only the flip", ids)
	}
	play(t, g, "karma:purple-1", "tile:purple-6", "die:purple-6", "place:r1c2:rot0")
	eq(t, "purple 6 laid", g.TileAt(0, cell(t, g, "r1c2")).ID, "purple-6")
}

// "Acción de río (Puerto)": Leila pays a 2 at the harbour and advances two unoccupied
// spaces, not counting the space of the other boat, to an upgrade: her
// mill goes from 3 to 4.
func TestExampleLeilaRiver(t *testing.T) {
	g := newGame(t, Setup{Players: 2})
	g.P[1].Boat = 1
	g.P[0].Levels[Mill] = 3
	setDice(t, g, 0, "orange-2")
	play(t, g, "harbour:1", "die:orange-2")
	if hasOpt(g, "move:3") {
		t.Fatal("a 2 moves at most two spaces")
	}
	play(t, g, "move:2")
	eq(t, "boat", g.P[0].Boat, 3)
	play(t, g, "upgrade:mill")
	eq(t, "mill", g.P[0].Levels[Mill], int8(4))
}

// "Final de partida": Rajesh's markers cross first (money 65, fame 30);
// Leila, on her last turn, crosses too (money 52, fame 37). Both are 2 fame
// past their money marker; Rajesh crossed first and wins.
func TestExampleTieBreak(t *testing.T) {
	g := newGame(t, Setup{Players: 2})
	// Rajesh (seat 0, start player): fame 30, money 55; an assorted market
	// scoring of 10 takes him to 65.
	putTile(t, g, 0, "blue-12", "r1c2", 0)  // silk 4
	putTile(t, g, 0, "green-12", "r2c2", 0) // tea 4
	putTile(t, g, 0, "orange-4", "r0c1", 1) // spice 2
	g.P[0].Fame, g.P[0].Money, g.P[0].NextBonus = 30, 55, 4
	g.P[0].Gained[FromFame], g.P[0].Gained[FromMoney], g.P[0].Active, g.P[0].SpareGone = true, true, 5, true
	// Leila: fame 33, money 53; a tile with two buildings (4 fame) bought
	// for 1 money takes her to 37 and 52.
	g.P[1].Fame, g.P[1].Money, g.P[1].NextBonus = 33, 53, 3
	g.P[1].Gained[FromFame], g.P[1].Gained[FromMoney], g.P[1].Active, g.P[1].SpareGone = true, true, 5, true
	putTile(t, g, 1, "orange-1", "r1c2", 0)
	toTop(t, g, "green-6")
	setDice(t, g, 1, "green-6")
	if err := g.CheckInvariants(); err != nil {
		t.Fatal(err)
	}
	eq(t, "Rajesh not yet crossed", g.Crossed(0), false)
	eq(t, "Leila not yet crossed", g.Crossed(1), false)
	play(t, g, "market:assorted-1")
	eq(t, "Rajesh money", g.P[0].Money, 65)
	eq(t, "Rajesh gap", g.FameMoneyGap(0), 2)
	play(t, g, "quarry:1", "tile:green-6", "die:green-6", "place:r2c2:rot0")
	if !g.Over {
		t.Fatalf("the game goes on: %s", g.Decision().Prompt)
	}
	eq(t, "Leila money", g.P[1].Money, 52)
	eq(t, "Leila fame", g.P[1].Fame, 37)
	eq(t, "Leila gap", g.FameMoneyGap(1), 2)
	eq(t, "winner", g.WinnerSeat(), 0)
	eq(t, "outcome", g.Outcome()[0], 1.0)
	refused(t, g, "pass", RuleEnd)
}

// The end is triggered as soon as the markers meet (not only cross); the
// rest of the turn order up to the start player still plays, and a larger
// gap beats the first to cross.
func TestEndLargerGapWins(t *testing.T) {
	g := newGame(t, Setup{Players: 3})
	for p := 0; p < 2; p++ {
		pl := &g.P[p]
		pl.Gained[FromFame], pl.Gained[FromMoney], pl.Active, pl.SpareGone = true, true, 5, true
	}
	g.P[0].Fame, g.P[0].Money, g.P[0].NextBonus = 30, 59, 4 // facing 31: gap -1
	g.P[1].Fame, g.P[1].Money, g.P[1].NextBonus = 38, 44, 3 // facing 39: gap -1
	setDice(t, g, 1, "blue-1")
	play(t, g, "palace:outer", "done") // 61 money, facing 30: the markers meet
	eq(t, "seat 0 gap", g.FameMoneyGap(0), 0)
	play(t, g, "palace:mogul", "die:blue-1") // 40 fame: gap 1
	if !g.Ended || g.Over {
		t.Fatalf("ended %v over %v", g.Ended, g.Over)
	}
	eq(t, "seat 2 plays its last turn", g.Decision().Player, 2)
	play(t, g, g.Decision().Options[0].ID)
	for !g.Over {
		if g.Decision().Player != 2 {
			t.Fatalf("seat %d acts after the end", g.Decision().Player)
		}
		play(t, g, g.Decision().Options[0].ID)
	}
	eq(t, "first to cross", g.P[0].CrossedAt, 1)
	eq(t, "winner", g.WinnerSeat(), 1)
}
