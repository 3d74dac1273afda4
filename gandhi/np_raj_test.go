package gandhi

import (
	"strconv"
	"strings"
	"testing"

	"durbar/core"
)

// NP Raj procedures (8.1.4, 8.6.2, 8.6.3, 8.7.1) and the worked examples of
// section 8 that concern them, driven through the real decision model.

// npRajCard arranges the Arjuna deck so that the next draw (8.3) is the card
// whose face-up side has the given letter.
func npRajCard(t *testing.T, g *Game, letter string) {
	t.Helper()
	d := g.np.Deck[:g.np.NDeck]
	for k := range d {
		if g.arjuna.Cards[d[k]].Front.Letter == letter {
			// drawArjuna moves the top card to the bottom before reading.
			d[1], d[k] = d[k], d[1]
			return
		}
	}
	t.Fatalf("no Arjuna card %s in the deck", letter)
}

// npDice makes the engine's own next die rolls the given ones.
func npRajDice(t *testing.T, g *Game, rolls ...int) {
	t.Helper()
	g.np.rng = core.NewRNG(seedFor(t, rolls...))
}

func npRajAtStep(step string) func(*Game) bool {
	return func(g *Game) bool { return len(g.stack) > 0 && g.top().Step == step }
}

// afterSpaces stops at the "op" step once n spaces of the Operation are
// done, before the Activation roll for the last of them.
func npRajAfterSpaces(n int) func(*Game) bool {
	return func(g *Game) bool { return g.top().Step == "op" && g.turn.NOpSpaces == n && !g.turn.OpDone }
}

func npRajOpDone(g *Game) bool { return g.top().Step == "op" && g.turn.OpDone }

func npRajLogHas(g *Game, s string) bool {
	for _, l := range g.LogText {
		if strings.Contains(l, s) {
			return true
		}
	}
	return false
}

func npRajLogIndex(g *Game, s string) int {
	for k, l := range g.LogText {
		if strings.Contains(l, s) {
			return k
		}
	}
	return -1
}

// 8.1.5 "Get": AA Deploy in Delhi with two Troops there adds one Troop and
// then five Sepoys — or all three when only three are Available. Then two
// cubes come from Out of Play, Troops first (8.6.3).
func TestNPRajDeployGetExample(t *testing.T) {
	for _, tc := range []struct {
		name            string
		oopTroop, oopSe int
		wantSepoys      int
		wantOOPTroop    int
		wantOOPSepoy    int
	}{
		{"three Sepoys Available", 8, 42, 3, 6, 42},
		{"enough Sepoys", 8, 35, 5, 6, 35},
		{"one Troop Out of Play", 1, 42, 3, 0, 41},
	} {
		t.Run(tc.name, func(t *testing.T) {
			// Every City but Delhi has Raj Control, so the Place Cubes
			// column (no Raj Control) selects Delhi first. Available
			// Troops: one (15 less 6 on the map less Out of Play).
			js := `{"outOfPlay":{"troop":` + strconv.Itoa(tc.oopTroop) + `,"sepoy":` + strconv.Itoa(tc.oopSe) + `},"spaces":{
				"delhi":{"troop":2,"congress":3,"protest":true},
				"bombay":{"troop":1},"madras":{"troop":1},"karachi":{"troop":1},"calcutta":{"troop":1}}}`
			if tc.oopTroop == 1 {
				js = strings.Replace(js, `"calcutta":{"troop":1}`, `"calcutta":{"troop":8}`, 1)
			}
			g := atNP(t, Raj, js, 1, "raj")
			npRajCard(t, g, "A") // no two Assault spaces: flip to AA, Deploy
			npUntil(t, g, 100, npRajOpDone)
			if !npRajLogHas(g, "Arjuna card AA, box aa1: Deploy in Delhi") {
				t.Fatalf("Delhi not selected first:\n%s", strings.Join(g.LogText, "\n"))
			}
			d := g.sp("delhi")
			eq(t, "Delhi Troops", int(d.P[Troop]), 3)
			eq(t, "Delhi Sepoys", int(d.P[Sepoy]), tc.wantSepoys)
			eq(t, "Troops Out of Play", g.OOP[Troop], tc.wantOOPTroop)
			eq(t, "Sepoys Out of Play", g.OOP[Sepoy], tc.wantOOPSepoy)
		})
	}
}

// After the Activation roll fails, Deploy only gets Troops to three in each
// City (8.6.3).
func TestNPRajDeployTroopsOnlyAfterFailedRoll(t *testing.T) {
	g := atNP(t, Raj, `{"outOfPlay":{"troop":5},"spaces":{
		"delhi":{"troop":2,"congress":3,"protest":true},
		"bombay":{"troop":1},"madras":{"troop":1},"karachi":{"troop":1},"calcutta":{"troop":1}}}`, 1, "raj")
	npRajCard(t, g, "A")
	npUntil(t, g, 100, npRajAfterSpaces(1))
	eq(t, "Delhi Troops", int(g.sp("delhi").P[Troop]), 3)
	eq(t, "Delhi Sepoys", int(g.sp("delhi").P[Sepoy]), 5)
	npRajDice(t, g, 1) // 1 ≤ Restraint 3: the roll fails
	npUntil(t, g, 100, npRajOpDone)
	eq(t, "Activation failed", g.np.Plan.ActFailed, true)
	troops, sepoys := 0, 0
	for _, c := range []string{"bombay", "madras", "karachi", "calcutta"} {
		troops += int(g.sp(c).P[Troop])
		sepoys += int(g.sp(c).P[Sepoy])
	}
	eq(t, "Sepoys placed after the failed roll", sepoys, 0)
	eq(t, "Troops in the other Cities (4 + the 3 left Available)", troops, 7)
}

// Sweep (8.6.3 with the Move Priorities 8.4.2).
func TestNPRajSweep(t *testing.T) {
	type want struct {
		space string
		piece Piece
		n     int
	}
	for _, tc := range []struct {
		name     string
		pos      string
		failRoll bool // the Activation roll after the first space fails
		want     []want
		control  []string // origins that must keep Raj Control
	}{
		{"get one Troop, one Sepoy, then exceed the Active adversaries",
			`"united-provinces":{"guerrilla":2},"delhi":{"troop":2,"sepoy":3}`, false,
			[]want{{"united-provinces", Troop, 1}, {"united-provinces", Sepoy, 2}, {"united-provinces", GuerA, 2}, {"united-provinces", GuerU, 0}},
			[]string{"delhi"}},
		{"Sepoys before Troops",
			`"bihar":{"troop":1,"guerrilla":3},"west-bengal":{"troop":2,"sepoy":3}`, false,
			[]want{{"bihar", Troop, 1}, {"bihar", Sepoy, 3}, {"bihar", GuerA, 3}, {"west-bengal", Sepoy, 0}},
			[]string{"west-bengal"}},
		{"lose no Raj Control in the origin",
			`"bihar":{"guerrilla":3},"west-bengal":{"troop":2,"sepoy":2,"active-guerrilla":2}`, false,
			[]want{{"bihar", Troop, 1}, {"bihar", Sepoy, 0}, {"west-bengal", Troop, 1}, {"west-bengal", Sepoy, 2}},
			[]string{"west-bengal"}},
		{"no cubes out of a Protest space",
			`"bihar":{"guerrilla":1},"west-bengal":{"troop":3,"sepoy":3,"protest":true},"united-provinces":{"troop":1,"sepoy":1}`, false,
			[]want{{"bihar", Troop, 1}, {"bihar", Sepoy, 0}, {"bihar", GuerA, 1}, {"west-bengal", Troop, 3}, {"west-bengal", Sepoy, 3}},
			[]string{"united-provinces"}},
		{"Troops only after the failed roll",
			`"punjab":{"guerrilla":1,"support":"passive-support"},"delhi":{"troop":2,"sepoy":3},
			 "bihar":{"guerrilla":3},"west-bengal":{"troop":2,"sepoy":3}`, true,
			[]want{{"punjab", Troop, 1}, {"punjab", Sepoy, 1}, {"bihar", Troop, 2}, {"bihar", Sepoy, 0}, {"bihar", GuerA, 2}, {"west-bengal", Sepoy, 3}},
			[]string{"delhi", "west-bengal"}},
		{"Sweep in place with the Sepoys there",
			`"bihar":{"troop":2,"sepoy":2,"guerrilla":3,"protest":true}`, false,
			[]want{{"bihar", GuerA, 3}, {"bihar", GuerU, 0}},
			nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			// Assam's Guerrilla makes two spaces with Underground
			// Guerrillas, so card B Sweeps; no cube can reach it.
			g := atNP(t, Raj, `{"spaces":{"assam":{"guerrilla":1},`+tc.pos+`}}`, 1, "raj")
			npRajCard(t, g, "B")
			if tc.failRoll {
				npUntil(t, g, 100, npRajAfterSpaces(1))
				npRajDice(t, g, 1)
			}
			npUntil(t, g, 200, npRajOpDone)
			if !npRajOpDone(g) {
				t.Fatalf("Sweep did not finish:\n%s", strings.Join(g.LogText, "\n"))
			}
			for _, w := range tc.want {
				if got := int(g.sp(w.space).P[w.piece]); got != w.n {
					t.Errorf("%s %s = %d, want %d\n%s", w.space, w.piece, got, w.n, strings.Join(g.LogText, "\n"))
				}
			}
			for _, s := range tc.control {
				eq(t, s+" Raj Control", g.sp(s).Control, true)
			}
		})
	}
}

// 8.5 EXAMPLE of Removing Adversaries: NP Raj Assaults Punjab with eight
// Sepoys and removes four pieces: Gandhi first with the Congress Activist
// beside him (Target Faction: Congress's remaining pieces), then the
// Revolutionaries' Guerrilla (a player's), last the NP Muslim League
// Activist.
func TestNPRajAssaultExample(t *testing.T) {
	g := atNP(t, Raj, `{"restraint":2,"gandhi":"punjab","spaces":{
		"punjab":{"sepoy":8,"congress":1,"league":1,"active-guerrilla":1,"protest":true}}}`, 1, "raj", "league")
	npRajCard(t, g, "D") // Restraint 2: Assault
	npUntil(t, g, 100, npRajAfterSpaces(1))
	p := g.sp("punjab")
	eq(t, "Gandhi", g.Gandhi, GandhiInJail)
	eq(t, "Congress Activists jailed", g.Jail[0], 1)
	eq(t, "League Activists jailed", g.Jail[1], 1)
	eq(t, "Guerrillas left", g.guerrillas(g.idx("punjab")), 0)
	eq(t, "Activists left", g.activists(g.idx("punjab")), 0)
	eq(t, "Sepoys stay", int(p.P[Sepoy]), 8)
	// The example's order: Gandhi with the Congress Activist beside him, then
	// the player's Guerrilla, last the Non-Player League's Activist.
	order := []int{
		npRajLogIndex(g, "Adversary Priorities (8.5) row 1: gandhi"),
		npRajLogIndex(g, "Adversary Priorities (8.5) row 3: congress-activist of a player; the targeted faction's remaining pieces first"),
		npRajLogIndex(g, "Adversary Priorities (8.5) row 2: guerrilla of a player"),
		npRajLogIndex(g, "Adversary Priorities (8.5) row 9: league-activist of a Non-Player"),
	}
	for k := range order {
		if order[k] < 0 || (k > 0 && order[k] < order[k-1]) {
			t.Fatalf("removal order %v is not the 8.5 example's:\n%s", order, strings.Join(g.LogText, "\n"))
		}
	}
	eq(t, "Sepoys used: Activation roll due", g.np.Plan.SepoysUsed, true)
}

// Assault only where cubes meet Active adversaries; Troops only after the
// Activation roll failed (8.6.2, 8.6.3).
func TestNPRajAssaultTroopsOnlyAfterFailedRoll(t *testing.T) {
	g := atNP(t, Raj, `{"restraint":2,"spaces":{
		"punjab":{"troop":1,"sepoy":4,"active-guerrilla":3},
		"bihar":{"troop":1,"sepoy":2,"active-guerrilla":2},
		"sind":{"sepoy":4,"active-guerrilla":1},
		"bombay":{"troop":3}}}`, 1, "raj")
	npRajCard(t, g, "D")
	npUntil(t, g, 100, npRajAfterSpaces(1))
	eq(t, "Punjab Guerrillas (Troop and Sepoys)", int(g.sp("punjab").P[GuerA]), 0)
	npRajDice(t, g, 1)
	npUntil(t, g, 100, npRajOpDone)
	eq(t, "Bihar Guerrillas (one Troop only)", int(g.sp("bihar").P[GuerA]), 1)
	eq(t, "Sind Guerrillas (no Troops: not selected)", int(g.sp("sind").P[GuerA]), 1)
	eq(t, "Assault spaces", g.turn.NOpSpaces, 2)
}

// Lord Wavell: NP Raj first Sweeps into a space eligible for Assault, then
// Assaults there (8.1.6, 8.6.3).
func TestNPRajAssaultWavell(t *testing.T) {
	g := atNP(t, Raj, `{"restraint":2,"viceroy":"wavell","spaces":{
		"punjab":{"troop":1,"active-guerrilla":1,"guerrilla":2},
		"delhi":{"troop":3,"sepoy":3}}}`, 1, "raj")
	npRajCard(t, g, "D")
	npUntil(t, g, 100, npRajAfterSpaces(1))
	p := g.sp("punjab")
	eq(t, "Wavell Sweep used", g.turn.WavellUsed, true)
	eq(t, "Punjab Sepoys (one, then two more to exceed)", int(p.P[Sepoy]), 3)
	eq(t, "Punjab Guerrillas after the Assault", g.guerrillas(g.idx("punjab")), 0)
	eq(t, "Delhi Sepoys", int(g.sp("delhi").P[Sepoy]), 0)
	eq(t, "Delhi Troops", int(g.sp("delhi").P[Troop]), 3)
}

// Treaty removes Active adversaries in each State with Sepoys, and never
// moves Sepoys in (8.7.1).
func TestNPRajTreaty(t *testing.T) {
	g := atNP(t, Raj, `{"spaces":{
		"rajputana":{"sepoy":2,"active-guerrilla":1,"rev-base":1},
		"hyderabad":{"sepoy":1,"active-guerrilla":2},
		"mysore":{"sepoy":2}}}`, 1, "raj")
	npRajCard(t, g, "F") // Cities without Raj Control: Deploy, then Treaty
	npUntil(t, g, 200, nil)
	if !npRajLogHas(g, "British Raj begins Treaty") {
		t.Fatalf("no Treaty:\n%s", strings.Join(g.LogText, "\n"))
	}
	eq(t, "Rajputana Guerrillas", g.guerrillas(g.idx("rajputana")), 0)
	eq(t, "Rajputana Base (after the Guerrilla)", int(g.sp("rajputana").P[RevBase]), 0)
	eq(t, "Hyderabad Guerrillas", int(g.sp("hyderabad").P[GuerA]), 1)
	eq(t, "Mysore Sepoys", int(g.sp("mysore").P[Sepoy]), 2)
}

// 8.7.1 EXAMPLE of NP Raj Govern (card BB): no Protest space without
// Activists, so Imperialism; a roll of 2 in Bihar removes the Unrest and
// shifts Passive Opposition to Neutral; then one adversary is removed in the
// space the Remove or Replace column selects.
func TestNPRajGovernExample(t *testing.T) {
	g := atNP(t, Raj, `{"spaces":{
		"bihar":{"troop":2,"unrest":1,"support":"passive-opposition"},
		"united-provinces":{"troop":1,"congress":1,"protest":true},
		"punjab":{"troop":1,"active-guerrilla":2},
		"sind":{"troop":1,"active-guerrilla":1}}}`, 1, "raj")
	npRajCard(t, g, "B") // one space with Underground Guerrillas: flip to BB
	npUntil(t, g, 100, npRajAtStep("imperialism"))
	eq(t, "Imperialism in", g.space(g.top().Space).Name, "Bihar")
	npRajDice(t, g, 2)
	npUntil(t, g, 100, func(g *Game) bool { return g.turn.SADone })
	b := g.sp("bihar")
	eq(t, "Bihar Unrest", int(b.Unrest), 0)
	eq(t, "Bihar Support", int(b.Support), 0)
	eq(t, "Budget", g.np.Plan.Budget, 0)
	eq(t, "Punjab Guerrillas (most Active adversaries)", int(g.sp("punjab").P[GuerA]), 1)
	eq(t, "Sind Guerrillas", int(g.sp("sind").P[GuerA]), 1)
	eq(t, "United Provinces Protest (has Activists)", g.sp("united-provinces").Protest, true)
	eq(t, "United Provinces Activist", int(g.sp("united-provinces").P[CongAct]), 1)
}

// Govern's Imperialism spends a die roll over up to two spaces: Unrest
// first, then a Muslim State, else shifts (8.7.1).
func TestNPRajImperialism(t *testing.T) {
	type want struct {
		space           string
		unrest, support int
		muslimState     bool
	}
	for _, tc := range []struct {
		name string
		roll int
		pos  string
		want []want
	}{
		{"roll 1: the Unrest only", 1,
			`"bihar":{"troop":1,"unrest":1,"support":"passive-opposition"}`,
			[]want{{"bihar", 0, -1, false}}},
		{"roll 6: two shifts in each of two spaces", 6,
			`"bihar":{"troop":1},"united-provinces":{"troop":1,"support":"passive-support"}`,
			[]want{{"bihar", 0, 2, false}, {"united-provinces", 0, 2, false}}},
		{"roll 3: the Muslim State, then a shift", 3,
			`"punjab":{"sepoy":1,"muslimState":true}`,
			[]want{{"punjab", 0, 1, false}}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			// Restraint 3: card D flips to DD; three Troops Available:
			// Deploy, then Govern with Imperialism first.
			g := atNP(t, Raj, `{"spaces":{`+tc.pos+`}}`, 1, "raj")
			npRajCard(t, g, "D")
			npUntil(t, g, 100, npRajAtStep("imperialism"))
			if !npRajAtStep("imperialism")(g) {
				t.Fatalf("no Imperialism:\n%s", strings.Join(g.LogText, "\n"))
			}
			npRajDice(t, g, tc.roll)
			npUntil(t, g, 100, func(g *Game) bool { return g.turn.SADone })
			for _, w := range tc.want {
				s := g.sp(w.space)
				if int(s.Unrest) != w.unrest || int(s.Support) != w.support || s.MuslimState != w.muslimState {
					t.Errorf("%s: Unrest %d Support %d Muslim State %v, want %d %d %v\n%s", w.space,
						int(s.Unrest), int(s.Support), s.MuslimState, w.unrest, w.support, w.muslimState, strings.Join(g.LogText, "\n"))
				}
			}
		})
	}
}

// Martial Law: spaces with Unrest by the Remove or Replace column, two in
// Crisis; under Lord Linlithgow also spaces without Unrest (8.7.1).
func TestNPRajMartialLaw(t *testing.T) {
	for _, tc := range []struct {
		name    string
		pos     string
		card    string
		removed map[string]int // Activists left
	}{
		{"Crisis: two spaces with Unrest", `"restraint":1,"unity":1,"viceroy":"irwin","spaces":{
			"united-provinces":{"troop":2,"congress":2,"unrest":1},
			"bihar":{"troop":1,"league":1,"unrest":1},
			"west-bengal":{"troop":1,"congress":1}}`, "C",
			map[string]int{"united-provinces": 0, "bihar": 0, "west-bengal": 1}},
		{"no Unrest: no Martial Law", `"viceroy":"irwin","spaces":{
			"west-bengal":{"troop":2,"congress":2}}`, "C",
			map[string]int{"west-bengal": 2}},
		{"Lord Linlithgow: a space without Unrest", `"viceroy":"linlithgow","spaces":{
			"west-bengal":{"troop":2,"congress":2}}`, "C",
			map[string]int{"west-bengal": 0}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			g := atNP(t, Raj, `{`+tc.pos+`}`, 1, "raj")
			npRajCard(t, g, tc.card)
			npUntil(t, g, 200, func(g *Game) bool { return g.turn.SADone })
			for s, n := range tc.removed {
				if got := g.activists(g.idx(s)); got != n {
					t.Errorf("%s Activists = %d, want %d\n%s", s, got, n, strings.Join(g.LogText, "\n"))
				}
			}
		})
	}
}

// NP Raj always refuses to release Gandhi for Satyagraha (8.1.4).
func TestNPRajRefusesRelease(t *testing.T) {
	g := atNP(t, Congress, `{"spaces":{"bihar":{"congress":2},"united-provinces":{"congress":1}}}`, 1, "raj")
	play(t, g, "op:congress-rally", "sa:satyagraha", "space:bihar")
	eq(t, "step", g.top().Step, "raj-release")
	npUntil(t, g, 1, nil)
	eq(t, "Gandhi", g.Gandhi, GandhiInJail)
	eq(t, "refused", g.turn.SatyagrahaRefused, true)
}

// Crisis (8.1.4): Troops first, each to the space the Place Cubes column
// selects; then Sepoys, never onto a Railway.
func TestNPRajCrisisCubes(t *testing.T) {
	g := atNP(t, Raj, `{"outOfPlay":{"troop":2,"sepoy":5},"spaces":{
		"bihar":{"unrest":1},"united-provinces":{"unrest":1,"congress":1}}}`, 1, "raj")
	g.push(frame{Step: "crisis-cubes", F: Raj, N: 3})
	npUntil(t, g, 10, func(g *Game) bool { return g.top().Step != "crisis-cubes" })
	eq(t, "Troops Out of Play", g.OOP[Troop], 0)
	eq(t, "Sepoys Out of Play", g.OOP[Sepoy], 4)
	eq(t, "Bihar Troops", int(g.sp("bihar").P[Troop]), 1)
	eq(t, "United Provinces Troops", int(g.sp("united-provinces").P[Troop]), 1)
	for i := range g.Sp {
		if g.isRailway(i) && g.cubes(i) > 0 {
			t.Errorf("cube placed on %s", g.space(i).Name)
		}
	}
}

// Troops caught in a new Muslim State go to the City the Place Cubes column
// selects (8.1.4).
func TestNPRajEvictTroops(t *testing.T) {
	g := atNP(t, Raj, `{"spaces":{"punjab":{"troop":2},
		"bombay":{"troop":1,"unrest":1},"madras":{"troop":1},"karachi":{"troop":1},"calcutta":{"troop":1}}}`, 1, "raj")
	g.push(frame{Step: "evict-troops", F: Raj, Space: g.idx("punjab")})
	npUntil(t, g, 10, func(g *Game) bool { return g.top().Step != "evict-troops" })
	eq(t, "Punjab Troops", int(g.sp("punjab").P[Troop]), 0)
	eq(t, "Delhi (no Raj Control)", int(g.sp("delhi").P[Troop]), 1)
	eq(t, "Bombay (Unrest)", int(g.sp("bombay").P[Troop]), 2)
}

// Govern's Remove Adversaries takes what comes first in the Adversary
// Priorities: pieces before markers, and, with no piece to take, a Strike on
// a Railway without Activists (8.7.1, 8.5).
func TestNPRajGovernRemovesStrike(t *testing.T) {
	g := atNP(t, Raj, `{"restraint":2,"spaces":{
		"punjab":{"troop":1,"active-guerrilla":2},
		"rail-bombay-delhi":{"troop":1,"strike":true}}}`, 1, "raj")
	npRajCard(t, g, "D") // Restraint 2: Assault, then Martial Law or Govern
	npUntil(t, g, 200, npTurnOver(Raj))
	npNoFallback(t, g)
	eq(t, "Punjab Guerrillas", g.guerrillas(g.idx("punjab")), 0)
	eq(t, "Strike", g.sp("rail-bombay-delhi").Strike, false)
	if !npRajLogHas(g, "Govern in Bombay–Delhi Railway (8.7.1): remove-adversary by the Adversary Priorities (8.5): strike") {
		t.Errorf("the Strike did not go by Govern:\n%s", strings.Join(g.LogText, "\n"))
	}
}

// NP factions never take pieces from the map when none are Available (8.1):
// Deploy places the one Troop Available and takes no cube from elsewhere.
func TestNPRajDeployNeverTakesFromMap(t *testing.T) {
	g := atNP(t, Raj, `{"outOfPlay":{"troop":11,"sepoy":42},"spaces":{
		"bombay":{"troop":3,"sepoy":3}}}`, 1, "raj")
	npRajCard(t, g, "C") // not in Crisis, Cities short of Troops: Deploy
	npUntil(t, g, 200, npTurnOver(Raj))
	npNoFallback(t, g)
	b := g.sp("bombay")
	eq(t, "Bombay Troops", int(b.P[Troop]), 3)
	eq(t, "Bombay Sepoys", int(b.P[Sepoy]), 3)
	troops := 0
	for i := range g.Sp {
		troops += int(g.Sp[i].P[Troop])
	}
	eq(t, "Troops on the map", troops, 4)
}

// A space offered only for Lord Wavell's Sweep gets it, not a fallback.
func TestNPRajWavellOnlyChoice(t *testing.T) {
	g := atNP(t, Raj, `{"spaces":{"bihar":{"troop":1}}}`, 1, "raj")
	fr := &frame{Step: "assault", F: Raj, Space: g.idx("bihar")}
	id, _ := npRajAssault(g, fr, core.Decision{Options: []core.Option{{ID: "wavell-sweep"}}})
	eq(t, "choice", id, "wavell-sweep")
}
