package gandhi

import (
	"slices"
	"strings"
	"testing"

	"durbar/core"
)

// NP Revolutionaries procedures (8.6.6, 8.7.4), driven through the real
// decision model: the Non-Player engine answers every decision of its turn.

// npRevStack makes the Revolutionaries' Arjuna card with front letter the
// next one drawn (8.3: the top card goes to the bottom, then the new top is
// read).
func npRevStack(t *testing.T, g *Game, letter string) {
	t.Helper()
	d := g.np.Deck[:g.np.NDeck]
	k := slices.IndexFunc(d, func(c int8) bool {
		return g.arjuna.Cards[c].Faction == Rev && g.arjuna.Cards[c].Front.Letter == letter
	})
	if k < 0 {
		t.Fatalf("no Revolutionaries Arjuna card %s", letter)
	}
	d[1], d[k] = d[k], d[1]
}

// npRevChoose lets NP Revolutionaries choose, and checks the Operation and
// the Arjuna side it reads. noRolls switches the Activation roll off so that
// the Operation runs through every eligible space.
func npRevChoose(t *testing.T, g *Game, op, side string, noRolls bool) {
	t.Helper()
	if g.top().Step != "choose" || g.top().F != Rev {
		t.Fatalf("not the Revolutionaries' choice: %s", g.Decision().Prompt)
	}
	id, err := g.ApplyNP()
	if err != nil {
		t.Fatal(err)
	}
	if id != "op:"+op {
		t.Fatalf("chose %s, want op:%s; log %v", id, op, tail(g.LogText, 3))
	}
	s, _ := g.npBoxes()
	if s.Letter != side {
		t.Fatalf("reading Arjuna side %s, want %s", s.Letter, side)
	}
	if noRolls {
		g.np.Plan.Act = 0
	}
}

// npRevFinish lets the engine play out the rest of the Revolutionaries' turn.
func npRevFinish(t *testing.T, g *Game) {
	t.Helper()
	npUntil(t, g, 300, func(g *Game) bool { return g.top().Step == "choose" })
	if g.NPToMove() && g.top().Step != "choose" {
		t.Fatalf("turn not over: %s", g.Decision().Prompt)
	}
}

func logHas(g *Game, s string) bool {
	for _, l := range g.LogText {
		if strings.Contains(l, s) {
			return true
		}
	}
	return false
}

// Rally (8.6.6): Bases first where Guerrillas exceed Unity — by the Place
// Bases column when there are more such spaces than Available Bases — then
// Guerrillas; afterwards a Guerrilla moves from Out of Play to Available.
func TestNPRevRallyBasesFirst(t *testing.T) {
	g := atNP(t, Rev, `{"unity":2,"outOfPlay":{"rev-base":4,"guerrilla":2},"spaces":{
		"punjab":{"guerrilla":3,"troop":2,"sepoy":2},
		"bihar":{"guerrilla":3},
		"orissa":{"guerrilla":2}}}`, 1, "rev")
	eq(t, "Available Bases", g.Avail[RevBase], 1)
	npRevStack(t, g, "U") // no Crisis, 4+ Guerrillas Available: Rally (u5)
	npRevChoose(t, g, "rev-rally", "U", true)
	npUntil(t, g, 2, nil) // the first space and its Rally step
	eq(t, "Bihar Base (no Raj Control beats Punjab)", int(g.sp("bihar").P[RevBase]), 1)
	eq(t, "Bihar Guerrillas left", g.guerrillas(g.idx("bihar")), 1)
	npUntil(t, g, 1, nil)
	if i := g.turn.NOpSpaces; i != 2 || int(g.sp("punjab").P[RevBase])+int(g.sp("orissa").P[RevBase]) != 0 {
		t.Fatalf("second space: %v", tail(g.LogText, 2))
	}
	npRevFinish(t, g)
	eq(t, "Punjab: no Base left", int(g.sp("punjab").P[RevBase]), 0)
	eq(t, "Orissa: Guerrillas only equal Unity, no Base", int(g.sp("orissa").P[RevBase]), 0)
	eq(t, "Out of Play Guerrillas", g.OOP[GuerU], 1)
	eq(t, "every Available Guerrilla placed, then one from Out of Play", g.Avail[GuerU], 1)
	if !logHas(g, "2 such spaces for 1 Available Bases") {
		t.Error("the log does not explain the Place Bases column")
	}
}

// With enough Bases, every space where Guerrillas exceed Unity gets one
// before any Guerrilla is placed.
func TestNPRevRallyAllBases(t *testing.T) {
	g := atNP(t, Rev, `{"unity":2,"spaces":{
		"punjab":{"guerrilla":3,"troop":2,"sepoy":2},
		"mysore":{"guerrilla":4}}}`, 1, "rev")
	npRevStack(t, g, "U")
	npRevChoose(t, g, "rev-rally", "U", true)
	npUntil(t, g, 4, nil)
	eq(t, "Punjab Base", int(g.sp("punjab").P[RevBase]), 1)
	eq(t, "Mysore Base", int(g.sp("mysore").P[RevBase]), 1)
	eq(t, "no other space yet", g.turn.NOpSpaces, 2)
	eq(t, "Mysore keeps the Guerrillas above Unity", g.guerrillas(g.idx("mysore")), 2)
}

// March (8.6.6, 8.4.2): the origin is the space with the most Guerrillas;
// one Guerrilla at a time goes to the destination the March column picks,
// Underground first; an origin with a Base (or Unrest) keeps one; origins
// are never destinations, and a destination may be picked again (play note
// of 8.6.6).
func TestNPRevMarchOneAtATime(t *testing.T) {
	g := atNP(t, Rev, `{"spaces":{
		"bihar":{"guerrilla":1,"active-guerrilla":2,"rev-base":1,"support":"active-support"},
		"orissa":{"active-guerrilla":2},
		"west-bengal":{"support":"active-support"},
		"united-provinces":{"unrest":1},"mysore":{"unrest":1},"sind":{"unrest":1},"assam":{"unrest":1}}}`, 1, "rev")
	npRevStack(t, g, "X") // four Unrest spaces: March (x2)
	npRevChoose(t, g, "march", "X", true)

	npUntil(t, g, 1, nil)
	eq(t, "first origin (most Guerrillas)", g.turn.Origin, g.idx("bihar"))
	// Underground first; no Unrest, 2-Pop, then the most Support: West Bengal.
	npUntil(t, g, 1, nil)
	eq(t, "WB Underground", int(g.sp("west-bengal").P[GuerU]), 1)
	eq(t, "one Guerrilla moved", g.guerrillas(g.idx("bihar")), 2)
	// The next one is sent on its own: West Bengal now has an Underground
	// Guerrilla, East Bengal has none.
	npUntil(t, g, 1, nil)
	eq(t, "EB Active", int(g.sp("east-bengal").P[GuerA]), 1)
	npUntil(t, g, 1, nil) // Bihar keeps one for its Base
	eq(t, "Bihar keeps one", g.guerrillas(g.idx("bihar")), 1)
	eq(t, "back at the op step", g.top().Step, "op")

	npUntil(t, g, 1, nil)
	eq(t, "second origin", g.turn.Origin, g.idx("orissa"))
	npRevFinish(t, g)
	// Bihar (2-Pop, no Underground Guerrilla) would top the March column
	// but is an origin; West Bengal is picked again, twice.
	eq(t, "Bihar got none", g.guerrillas(g.idx("bihar")), 1)
	eq(t, "WB Guerrillas", g.guerrillas(g.idx("west-bengal")), 3)
	eq(t, "Orissa emptied", g.guerrillas(g.idx("orissa")), 0)
	eq(t, "origins", g.turn.NOpSpaces, 2)
}

// An origin with Unrest keeps one Guerrilla; with nothing free to leave it
// is not an origin at all (8.4.2).
func TestNPRevMarchKeep(t *testing.T) {
	g := atNP(t, Rev, `{"spaces":{
		"bihar":{"guerrilla":1,"unrest":1},
		"mysore":{"guerrilla":1}}}`, 1, "rev")
	if g.npRevOrigin(g.idx("bihar")) {
		t.Error("Bihar's only Guerrilla stays with its Unrest")
	}
	if !g.npRevOrigin(g.idx("mysore")) {
		t.Error("Mysore may March")
	}
}

// Attack (8.6.6) by the Attack or Go Underground column, removing by the
// Adversary Priorities (Sepoys, then Troops), Unrest after a success; then
// Aid flips Guerrillas Underground in up to two spaces (8.7.4).
func TestNPRevAttackThenAid(t *testing.T) {
	g := atNP(t, Rev, `{"spaces":{
		"punjab":{"guerrilla":1,"active-guerrilla":2,"sepoy":1,"troop":1,"congress":1},
		"bihar":{"active-guerrilla":1}}}`, seedFor(t, 1, 6), "rev")
	npRevStack(t, g, "T") // two Active Guerrilla spaces: Attack (t2)
	npRevChoose(t, g, "attack", "T", true)
	npRevFinish(t, g)
	p := g.sp("punjab")
	if !logHas(g, "Attack in Punjab succeeds") {
		t.Fatalf("Punjab (a player's pieces) is attacked first and succeeds: %v", tail(g.LogText, 20))
	}
	eq(t, "Sepoy removed", int(p.P[Sepoy]), 0)
	eq(t, "then the Troop", int(p.P[Troop]), 0)
	eq(t, "Congress Activist (not Active) stays", int(p.P[CongAct]), 1)
	eq(t, "Unrest (no Raj Control)", int(p.Unrest), 1)
	eq(t, "Aid flipped Punjab", int(p.P[GuerU]), 3)
	eq(t, "Aid flipped Bihar", int(g.sp("bihar").P[GuerA]), 0)
	eq(t, "Resources untouched (8.1)", g.Resources[Rev], MaxResources)
}

// Aid selects at most two spaces, by the Attack or Go Underground column.
func TestNPRevAidTwoSpaces(t *testing.T) {
	g := atNP(t, Rev, `{"spaces":{
		"punjab":{"active-guerrilla":1,"congress":1},
		"bihar":{"active-guerrilla":2},
		"mysore":{"active-guerrilla":1}}}`, 1, "rev")
	npRevStack(t, g, "U") // Rally (u5), then Aid (u6)
	npRevChoose(t, g, "rev-rally", "U", false)
	npRevFinish(t, g)
	eq(t, "Punjab (player adversary) flipped", int(g.sp("punjab").P[GuerA]), 0)
	eq(t, "Bihar (2-Pop) flipped", int(g.sp("bihar").P[GuerA]), 0)
	eq(t, "Mysore still Active", int(g.sp("mysore").P[GuerA]), 1)
}

// Unrest (8.6.6) by the Place Unrest column, then Assassinate (8.7.4) in a
// space selected for Unrest, by the Remove or Replace column and the
// Adversary Priorities; Punjab's pieces are out of reach.
func TestNPRevUnrestAssassinate(t *testing.T) {
	g := atNP(t, Rev, `{"spaces":{
		"bihar":{"guerrilla":1,"troop":2,"sepoy":1},
		"united-provinces":{"guerrilla":1,"congress":1,"protest":true},
		"mysore":{"guerrilla":1},
		"punjab":{"active-guerrilla":1,"sepoy":3,"troop":1}}}`, 1, "rev")
	npRevStack(t, g, "S") // three Underground Guerrilla spaces: Unrest (s2)
	npRevChoose(t, g, "unrest", "S", true)
	npRevFinish(t, g)
	for _, id := range []string{"bihar", "united-provinces", "mysore"} {
		eq(t, id+" Unrest", int(g.sp(id).Unrest), 1)
		eq(t, id+" Guerrilla Activated", int(g.sp(id).P[GuerA]), 1)
	}
	eq(t, "Restraint", g.Restraint, 2)
	eq(t, "Bihar (Raj Control) loses its Sepoy", int(g.sp("bihar").P[Sepoy]), 0)
	eq(t, "Bihar Troops", int(g.sp("bihar").P[Troop]), 2)
	eq(t, "UP Congress Activist", int(g.sp("united-provinces").P[CongAct]), 1)
	eq(t, "Punjab untouched", int(g.sp("punjab").P[Sepoy]), 3)
}

// Infiltrate in Crisis places a Base by the Place Bases column (Arjuna U:
// Unrest, then Assassinate if possible, else Infiltrate).
func TestNPRevInfiltrateBase(t *testing.T) {
	g := atNP(t, Rev, `{"restraint":1,"unity":1,"spaces":{
		"bihar":{"guerrilla":2},
		"sind":{"guerrilla":2},
		"orissa":{"guerrilla":1}}}`, 1, "rev")
	npRevStack(t, g, "U") // Crisis: Unrest (u2)
	npRevChoose(t, g, "unrest", "U", true)
	npRevFinish(t, g)
	eq(t, "Bihar (2-Pop) Base", int(g.sp("bihar").P[RevBase]), 1)
	eq(t, "Sind no Base", int(g.sp("sind").P[RevBase]), 0)
	if logHas(g, "begins Assassinate") {
		t.Error("nothing to Assassinate")
	}
}

// Infiltrate outside Crisis replaces by the Remove or Replace column and the
// Adversary Priorities: a Sepoy before a Muslim League Activist.
func TestNPRevInfiltrateReplace(t *testing.T) {
	g := atNP(t, Rev, `{"spaces":{
		"bihar":{"guerrilla":1,"sepoy":1,"congress":1},
		"punjab":{"guerrilla":1,"troop":2,"sepoy":2,"league":1}}}`, 1, "rev")
	npRevStack(t, g, "S") // two Underground Guerrilla spaces: flip to SS, Rally
	npRevChoose(t, g, "rev-rally", "SS", false)
	npRevFinish(t, g)
	p := g.sp("punjab")
	eq(t, "Punjab (Raj Control) Sepoy replaced", int(p.P[Sepoy]), 1)
	eq(t, "League Activist stays", int(p.P[LeagueAct]), 1)
	eq(t, "Bihar Sepoy stays", int(g.sp("bihar").P[Sepoy]), 1)
	if !logHas(g, "replace by the Adversary Priorities (8.5): sepoy") {
		t.Errorf("no Infiltrate: %v", tail(g.LogText, 10))
	}
}

// Railways: NP Revolutionaries place Strikes only when the Raj is a player
// and only where there is none (8.1.3).
func TestNPRevUnrestRailways(t *testing.T) {
	pos := `{"spaces":{"rail-lahore-delhi":{"guerrilla":1},"rail-delhi-allahabad":{"guerrilla":1,"strike":true}}}`
	keep := npOpFilter["unrest"]
	g := atNP(t, Rev, pos, 1, "rev")
	eq(t, "Raj player: Strike", keep(g, g.idx("rail-lahore-delhi")), true)
	eq(t, "no second Strike", keep(g, g.idx("rail-delhi-allahabad")), false)
	g = atNP(t, Rev, pos, 1, "rev", "raj")
	eq(t, "NP Raj: no Strike", keep(g, g.idx("rail-lahore-delhi")), false)
}

// 8.1.2 worked example: NP Revolutionaries select a space for Unrest among
// equal candidates; the dice give the blue region and East Bengal, which is
// not eligible (no Underground Guerrilla), nor is Calcutta, so Sind.
func TestNPRevRandomSpaceExample(t *testing.T) {
	g := atNP(t, Rev, `{"spaces":{"sind":{"guerrilla":1},"gujarat":{"guerrilla":1},"delhi":{"guerrilla":1}}}`, 1, "rev")
	g.np.rng = core.NewRNG(seedFor(t, 3, 5))
	name := func(i int) string { return g.space(i).ID }
	eq(t, "npBreakTie 3-5", name(g.npBreakTie([]int{g.idx("gujarat"), g.idx("delhi"), g.idx("sind")})), "sind")
	g.np.rng = core.NewRNG(seedFor(t, 3, 5))
	eq(t, "without Sind", name(g.npBreakTie([]int{g.idx("gujarat"), g.idx("delhi")})), "gujarat")

	npRevStack(t, g, "S") // three Underground Guerrilla spaces: Unrest
	npRevChoose(t, g, "unrest", "S", true)
	g.np.rng = core.NewRNG(seedFor(t, 3, 5))
	npUntil(t, g, 1, nil)
	eq(t, "first Unrest space", int(g.sp("sind").Unrest), 1)
	eq(t, "Gujarat not yet", int(g.sp("gujarat").Unrest), 0)
	if !logHas(g, "Unrest in Sind by the Place Unrest column") || !logHas(g, "tie among 3 broken by the Random Spaces map") {
		t.Errorf("log: %v", tail(g.LogText, 3))
	}
}

// 8.1.3: Infiltrate places an Underground Guerrilla, so NP Revolutionaries
// replace on a Railway only when the Raj is a player Faction.
func TestNPRevInfiltrateRailways(t *testing.T) {
	pos := `{"spaces":{"rail-lahore-delhi":{"guerrilla":1,"sepoy":1},"punjab":{"guerrilla":1,"sepoy":1}}}`
	for _, rajNP := range []bool{true, false} {
		np := []string{"rev"}
		if rajNP {
			np = append(np, "raj")
		}
		g := atNP(t, Rev, pos, 1, np...)
		g.turn.SA = "rev-infiltrate"
		keep := npSAFilter["replace-adversary"]
		eq(t, "Railway", keep(g, g.idx("rail-lahore-delhi")), !rajNP)
		eq(t, "Punjab", keep(g, g.idx("punjab")), true)
	}
}
