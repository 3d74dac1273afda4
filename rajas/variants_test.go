package rajas

import "testing"

func riverTile(t *testing.T, g *Game, id string) int8 {
	t.Helper()
	for i, rt := range g.d.RiverTiles {
		if rt.ID == id {
			return int8(i)
		}
	}
	t.Fatalf("no river tile %q", id)
	return -1
}

// "Losetas de río": a tile replaces the printed bonus of its space.
func TestRiverTileEffects(t *testing.T) {
	g := newGame(t, Setup{Players: 2, Ganga: true})
	for s := range g.RiverT {
		g.RiverT[s] = -1
	}
	g.RiverT[1] = riverTile(t, g, "advance")
	g.RiverT[3] = riverTile(t, g, "palace-raja")
	setDice(t, g, 0, "blue-1")
	play(t, g, "harbour:1", "die:blue-1", "move:1")
	eq(t, "advance up to 3", g.top().Step, "river-move")
	play(t, g, "move:2") // to space 3: the Raja Man Singh, free
	eq(t, "free palace action", g.top().Step, "palace-choice")
	if !hasOpt(g, "room:raja") || hasOpt(g, "room:yogi") {
		t.Fatalf("options %v", optionIDs(g))
	}
	m := g.P[0].Money
	play(t, g, "room:raja", "upgrade:fortress")
	eq(t, "fortress", g.P[0].Levels[Fortress], int8(3))
	eq(t, "money", g.P[0].Money, m+3)

	g = newGame(t, Setup{Players: 2, Ganga: true})
	g.RiverT[1] = riverTile(t, g, "karma-dice")
	g.P[0].Karma = 3
	setDice(t, g, 0, "blue-1")
	play(t, g, "harbour:1", "die:blue-1", "move:1", "color:green", "color:green", "color:orange")
	eq(t, "dice per Karma level", g.P[0].Dice.Count(), 3)
}

// Navaratnas: a production tile gives its production once a road joins
// its slot, at once if one already does.
func TestProductionTileOnJoinedSlot(t *testing.T) {
	g := newGame(t, Setup{Players: 2, Navaratnas: true})
	play(t, g, "slot:r3c0-w", "slot:r3c0-w")
	// A road to the white slot on r0c0's north side.
	putTile(t, g, 0, "orange-1", "r0c1", 1) // E-W
	putTile(t, g, 0, "blue-2", "r0c0", 0)   // N-E curve: reaches the empty white slot
	setDice(t, g, 0, "blue-2")
	play(t, g, "palace:dancer", "die:blue-2", "color:green", "color:green")
	m := g.P[0].Money
	play(t, g, "ptile:white-money", "slot:r0c0-n")
	eq(t, "paid at once", g.P[0].Money, m+3)
}

// "Maestro constructor": a production newly joined by the new tile is
// received; one received before is not received again.
func TestBuilderProductions(t *testing.T) {
	g := newGame(t, Setup{Players: 2})
	putTile(t, g, 0, "orange-1", "r0c1", 1) // E-W, reaching r0c0
	putTile(t, g, 0, "blue-2", "r0c0", 0)   // N-E: the production north of r0c0 (money 3) was received
	toTop(t, g, "blue-4")                   // T-junction N-E-S... turned to reach W and N
	setDice(t, g, 0, "green-5", "blue-3")
	m, k := g.P[0].Money, g.P[0].Karma
	play(t, g, "palace:builder", "die:green-5", "old:r0c0", "tile:blue-4", "die:blue-3")
	// rot3: W, N, E: keeps r0c1 joined and reaches both productions.
	play(t, g, "place:r0c0:rot3")
	eq(t, "the new production (Karma) is received", g.P[0].Karma, min(3, k+1))
	eq(t, "the old one (money 3) is not; the tile's market is", g.P[0].Money, m+2)
}

// Mixed groups: experts play the Navaratnas side and statue back, all
// have at most five workers, only the white tiles are used (the Dancer's
// immediate bonus).
func TestMixedGroups(t *testing.T) {
	g := newGame(t, Setup{Players: 3, Experts: []int{1}})
	eq(t, "expert statue", g.KaliCapacity(1), 8)
	eq(t, "beginner statue", g.KaliCapacity(0), 10)
	eq(t, "no brown tiles drawn", g.top().Step, "turn")
	eq(t, "workers", g.MaxWorkers(1), 5)
	eq(t, "white pile", g.White.N, int8(8))
	for _, s := range g.sites(1) {
		if s.Slot == Brown && len(g.siteEffects(1, &s)) == 0 {
			t.Fatal("a brown slot without its printed production")
		}
	}
}
