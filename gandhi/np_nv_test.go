package gandhi

import (
	"strings"
	"testing"

	"durbar/core"
)

// NP Congress and NP Muslim League procedures (8.6.4, 8.6.5, 8.7.2, 8.7.3,
// 8.1.4), each driven through the decision model from a small position with
// one Arjuna card forced to the top of the deck.

// nvDeck keeps the Current and Upcoming Events free of Critical Events for
// the NV factions, so the NP Eligibility table gives Operation plus Special
// Activity (8.2).
const nvDeck = `"current":7,"upcoming":9,"drawDeck":[3,4,5,6,8,10,11,12],`

// atNV builds the position with faction f alone Eligible, the named factions
// run by the Arjuna system, and the Arjuna deck holding only the card with
// front letter letter.
func atNV(t *testing.T, f Faction, letter, js string, np ...string) *Game {
	t.Helper()
	g := atNP(t, f, `{`+nvDeck+js[1:], 1, np...)
	for k, c := range g.arjuna.Cards {
		if c.Front.Letter == letter {
			g.np.Deck[0], g.np.NDeck = int8(k), 1
			return g
		}
	}
	t.Fatalf("no Arjuna card %s", letter)
	return nil
}

func nvOpDone(g *Game) bool { return g.turn.OpDone && g.top().Step == "op" }
func nvSADone(g *Game) bool { return g.turn.SADone }

// nvLogHas reports whether a log line contains s; nvLogAt gives the first index.
func nvLogHas(g *Game, s string) bool { return nvLogAt(g, s) >= 0 }

func nvLogAt(g *Game, s string) int {
	for k, l := range g.LogText {
		if strings.Contains(l, s) {
			return k
		}
	}
	return -1
}

func nvOnMap(g *Game, p Piece) int {
	n := 0
	for i := range g.Sp {
		n += int(g.Sp[i].P[p])
	}
	return n
}

// 8.4.1 EXAMPLE of Selecting a Space for an Operation: Restraint 3, two
// Available Protests, Congress Activists in United Provinces (at Active
// Opposition), Bihar, West Bengal and Central India Agency. The Place Protests
// column picks Bihar (not at Active Opposition, 2-Pop, non-Muslim), then West
// Bengal (2-Pop); with no Protest left the Operation is over.
func TestNPNVExampleCivilDisobedience(t *testing.T) {
	g := atNV(t, Congress, "G", `{"restraint":3,"spaces":{
		"united-provinces":{"congress":1,"support":"active-opposition"},
		"bihar":{"congress":2},"west-bengal":{"congress":1},"central-india-agency":{"congress":1},
		"madras":{"protest":true},"mysore":{"protest":true}}}`, "congress")
	eq(t, "Protests Available", g.ProtestsAvailableForOps(), 2)
	npUntil(t, g, 20, nvOpDone)
	eq(t, "Operation", g.turn.Op, "congress-civil-disobedience")
	eq(t, "Bihar Protest", g.sp("bihar").Protest, true)
	eq(t, "West Bengal Protest", g.sp("west-bengal").Protest, true)
	eq(t, "United Provinces Protest", g.sp("united-provinces").Protest, false)
	eq(t, "Central India Agency Protest", g.sp("central-india-agency").Protest, false)
	eq(t, "spaces", g.turn.NOpSpaces, 2)
	b, w := nvLogAt(g, "Civil Disobedience in Bihar by"), nvLogAt(g, "Civil Disobedience in West Bengal by")
	if b < 0 || w < 0 || b > w {
		t.Errorf("Bihar (log %d) must come before West Bengal (log %d)", b, w)
	}
}

// 8.6.4: with the Raj a player Faction, one Activist from a Civil
// Disobedience space with 3 or more Congress Activists gets onto the adjacent
// Railway of highest Econ without one; only one in the whole Operation.
func TestNPNVCivilDisobedienceRailway(t *testing.T) {
	g := atNV(t, Congress, "G", `{"restraint":3,"spaces":{
		"bihar":{"congress":3},"united-provinces":{"congress":3}}}`, "congress")
	npUntil(t, g, 20, nvOpDone)
	eq(t, "Protests placed", g.sp("bihar").Protest && g.sp("united-provinces").Protest, true)
	eq(t, "Activists on Railways", nvOnMap(g, CongAct)-int(g.sp("bihar").P[CongAct])-int(g.sp("united-provinces").P[CongAct]), 1)
	eq(t, "on the 5-Econ Allahabad–Calcutta Railway", int(g.sp("rail-allahabad-calcutta").P[CongAct]), 1)

	// The 5-Econ Railway already has a Congress Activist: the next best.
	g = atNV(t, Congress, "G", `{"restraint":3,"spaces":{
		"bihar":{"congress":3},"rail-allahabad-calcutta":{"congress":1}}}`, "congress")
	npUntil(t, g, 20, nvOpDone)
	eq(t, "Nagpur–Calcutta Railway", int(g.sp("rail-nagpur-calcutta").P[CongAct]), 1)
	eq(t, "Bihar keeps", int(g.sp("bihar").P[CongAct]), 2)

	// NP Raj: no Activist onto a Railway.
	g = atNV(t, Congress, "G", `{"restraint":3,"spaces":{"bihar":{"congress":3}}}`, "congress", "raj")
	npUntil(t, g, 20, nvOpDone)
	eq(t, "Bihar keeps all", int(g.sp("bihar").P[CongAct]), 3)
}

// 8.6.4 Rally: as many Activists as allowed by the Place Activists column,
// then release prisoners with 3 or more Congress Activists in Jail,
// otherwise one Congress Activist from Out of Play.
func TestNPNVRallyCongress(t *testing.T) {
	g := atNV(t, Congress, "H", `{"restraint":1,"jail":{"congress":3},"spaces":{}}`, "congress")
	npUntil(t, g, 20, nvOpDone)
	eq(t, "Operation", g.turn.Op, "congress-rally")
	eq(t, "Activists placed", nvOnMap(g, CongAct), 2)
	if g.Jail[0] >= 3 {
		t.Errorf("no prisoner released: Jail %v", g.Jail)
	}

	g = atNV(t, Congress, "H", `{"restraint":1,"jail":{"congress":2},"outOfPlay":{"congress":1,"league":1},"spaces":{}}`, "congress")
	npUntil(t, g, 20, nvOpDone)
	eq(t, "Jail kept", g.Jail[0], 2)
	eq(t, "own Activist from Out of Play", g.OOP[CongAct], 0)
	eq(t, "League Activist stays Out of Play", g.OOP[LeagueAct], 1)
}

// 8.6.5 Rally: Bases first where Muslim League Activists exceed Unity, by
// the Place Bases column when such spaces outnumber the Available Bases;
// then Activists; then, with 3 or more in Jail, release prisoners.
func TestNPNVRallyLeagueBases(t *testing.T) {
	g := atNV(t, League, "M", `{"unity":2,"outOfPlay":{"league-base":4},"jail":{"league":3},"spaces":{
		"sind":{"league":4},"baluchistan":{"league":3}}}`, "league")
	npUntil(t, g, 20, nvOpDone)
	eq(t, "Operation", g.turn.Op, "league-rally")
	eq(t, "Base in Sind (most Muslim League Activists)", int(g.sp("sind").P[LeagueBase]), 1)
	eq(t, "Sind Activists after the Base", int(g.sp("sind").P[LeagueAct]), 2)
	eq(t, "no Base in Baluchistan", int(g.sp("baluchistan").P[LeagueBase]), 0)
	if i := nvLogAt(g, "Base first"); i < 0 || i > nvLogAt(g, "place as many Activists") {
		t.Errorf("the Base is not placed first")
	}
	if g.Jail[1] >= 3 {
		t.Errorf("no prisoner released: Jail %v", g.Jail)
	}
}

// 8.6.4 Demonstrate with the Move Priorities (8.4.2): one Congress Activist,
// then more until Activists equal the cubes; Muslim League Activists come
// along one for one up to Unity; one Congress Activist stays in a Protest
// origin; a Protest where there is no Raj Control.
func TestNPNVDemonstrateCongress(t *testing.T) {
	const pos = `{"restraint":3,"unity":%d,"spaces":{
		"assam":{"congress":3,"league":2,"protest":true},
		"east-bengal":{"sepoy":5,"active-guerrilla":5}}}`
	g := atNV(t, Congress, "I", strings.Replace(pos, "%d", "3", 1), "congress")
	npUntil(t, g, 30, nvOpDone)
	eq(t, "Operation", g.turn.Op, "congress-demonstrate")
	eb, as := g.sp("east-bengal"), g.sp("assam")
	eq(t, "Congress into East Bengal", int(eb.P[CongAct]), 2)
	eq(t, "Muslim League along", int(eb.P[LeagueAct]), 2)
	eq(t, "one Congress Activist kept in the Protest origin", int(as.P[CongAct]), 1)
	eq(t, "Protest", eb.Protest, true)

	// Unity 1: only one Muslim League Activist comes along.
	g = atNV(t, Congress, "I", strings.Replace(pos, "%d", "1", 1), "congress")
	npUntil(t, g, 30, nvOpDone)
	eq(t, "League along up to Unity", int(g.sp("east-bengal").P[LeagueAct]), 1)
	eq(t, "Congress moved", int(g.sp("east-bengal").P[CongAct]), 2)

	// Keep the origin without Raj Control from gaining it: with 2 Sepoys in
	// Assam two of its four Active Activists must stay.
	g = atNV(t, Congress, "I", `{"restraint":3,"spaces":{
		"assam":{"congress":4,"sepoy":2,"protest":true},
		"east-bengal":{"sepoy":5,"active-guerrilla":5}}}`, "congress")
	npUntil(t, g, 30, nvOpDone)
	eq(t, "moved", int(g.sp("east-bengal").P[CongAct]), 2)
	eq(t, "kept", int(g.sp("assam").P[CongAct]), 2)
	eq(t, "no Raj Control gained", g.sp("assam").Control, false)
}

// 8.4.2 B: the origin is the adjacent space with the most Congress
// Activists; the destination is chosen by the Demonstrate column (no Raj
// Control, then 2-Pop: East Bengal).
func TestNPNVDemonstrateOrigin(t *testing.T) {
	g := atNV(t, Congress, "I", `{"restraint":3,"spaces":{
		"assam":{"congress":2},"west-bengal":{"congress":3},
		"east-bengal":{"sepoy":1,"active-guerrilla":1},
		"bihar":{"sepoy":1},"calcutta":{"sepoy":1}}}`, "congress")
	npUntil(t, g, 30, func(g *Game) bool { return g.top().Step == "op" && g.turn.NOpSpaces == 1 })
	eq(t, "first destination", g.turn.OpSpaces.has(g.idx("east-bengal")), true)
	eq(t, "one Activist matches the cube", int(g.sp("east-bengal").P[CongAct]), 1)
	eq(t, "from West Bengal (3)", int(g.sp("west-bengal").P[CongAct]), 2)
	eq(t, "not from Assam (2)", int(g.sp("assam").P[CongAct]), 2)
	eq(t, "Protest", g.sp("east-bengal").Protest, true)
}

// 8.6.5 Demonstrate: the Muslim League keeps Activists equal to Population in
// a Muslim origin, and only moves its own Activists.
func TestNPNVDemonstrateLeague(t *testing.T) {
	g := atNV(t, League, "O", `{"unity":3,"spaces":{
		"assam":{"league":3,"congress":2},
		"east-bengal":{"sepoy":5,"active-guerrilla":5}}}`, "league")
	npUntil(t, g, 30, nvOpDone)
	eq(t, "Operation", g.turn.Op, "league-demonstrate")
	eq(t, "moved", int(g.sp("east-bengal").P[LeagueAct]), 2)
	eq(t, "kept (Population 1)", int(g.sp("assam").P[LeagueAct]), 1)
	eq(t, "Congress stays", int(g.sp("assam").P[CongAct]), 2)
	eq(t, "Protest", g.sp("east-bengal").Protest, true)
}

// 8.6.5 Non-Cooperation: every eligible Muslim space only.
func TestNPNVNonCooperationLeague(t *testing.T) {
	g := atNV(t, League, "M", `{"unity":3,"spaces":{
		"punjab":{"league":1,"protest":true},"sind":{"league":1,"protest":true},
		"bihar":{"league":1,"protest":true}}}`, "league")
	npUntil(t, g, 30, nvOpDone)
	eq(t, "Operation", g.turn.Op, "league-non-cooperation")
	eq(t, "Punjab", int(g.sp("punjab").Support), -1)
	eq(t, "Sind", int(g.sp("sind").Support), -1)
	eq(t, "Bihar (not Muslim)", int(g.sp("bihar").Support), 0)
}

// 8.7 EXAMPLE (card H): Negotiate to release Gandhi is skipped when Gandhi
// is free; Satyagraha moves him instead and places an Activist.
func TestNPNVExampleCardH(t *testing.T) {
	const pos = `{"restraint":3,"gandhi":"%s","spaces":{
		"bihar":{"congress":1},"united-provinces":{"congress":1,"support":"passive-support"}}}`
	g := atNV(t, Congress, "H", strings.Replace(pos, "%s", "bihar", 1), "congress")
	npUntil(t, g, 40, func(g *Game) bool { return g.top().Step == "satyagraha" })
	if g.top().Step != "satyagraha" {
		t.Fatalf("no Satyagraha: %s", g.Decision().Prompt)
	}
	eq(t, "no Negotiate", nvLogHas(g, "begins Negotiate"), false)
	at := g.Gandhi
	if at < 0 || at == g.idx("bihar") {
		t.Fatalf("Gandhi not moved: %d", at)
	}
	before := int(g.Sp[at].P[CongAct])
	npUntil(t, g, 10, nvSADone)
	eq(t, "Activist placed with Gandhi", int(g.Sp[at].P[CongAct]), before+1)
	eq(t, "Restraint (no Negotiate)", g.Restraint, 3)

	// Gandhi in Jail: Negotiate to release him, in United Provinces (Congress
	// Activists, no Raj Control, not a Rally space).
	g = atNV(t, Congress, "H", strings.Replace(pos, "%s", "jail", 1), "congress")
	npUntil(t, g, 40, nvSADone)
	eq(t, "Negotiate", nvLogHas(g, "Congress begins Negotiate"), true)
	eq(t, "Restraint +1", g.Restraint, 4)
	if g.Gandhi >= 0 && g.Gandhi != g.idx("united-provinces") {
		t.Errorf("Gandhi released to %s", g.space(g.Gandhi).Name)
	}
}

// 8.7 EXAMPLE (card N): Crisis Infiltrate to place a Muslim State is skipped
// when India is not in Crisis; Persuade removes an adversary instead.
func TestNPNVExampleCardN(t *testing.T) {
	g := atNV(t, League, "N", `{"unity":3,"spaces":{
		"punjab":{"league":2,"league-base":1,"sepoy":1}}}`, "league")
	npUntil(t, g, 40, nvSADone)
	eq(t, "no Infiltrate", nvLogHas(g, "begins Infiltrate"), false)
	eq(t, "Persuade", nvLogHas(g, "Muslim League begins Persuade"), true)
	eq(t, "Sepoy removed", int(g.sp("punjab").P[Sepoy]), 0)
	eq(t, "no Muslim State", g.sp("punjab").MuslimState, false)

	// In Crisis the Infiltrate places the Muslim State.
	g = atNV(t, League, "N", `{"restraint":1,"unity":1,"spaces":{
		"punjab":{"league":2,"league-base":1,"sepoy":1}}}`, "league")
	eq(t, "Crisis", g.crisis(), true)
	npUntil(t, g, 40, nvSADone)
	eq(t, "Infiltrate", nvLogHas(g, "Muslim League begins Infiltrate"), true)
	eq(t, "Muslim State", g.sp("punjab").MuslimState, true)
}

// 8.7.2 Persuade: Activate Guerrillas where Congress Activists are Active,
// then remove an adversary by the Adversary Priorities; Satyagraha when
// Persuade cannot be carried out: move Gandhi, remove Protest and Unrest.
func TestNPNVPersuadeAndSatyagraha(t *testing.T) {
	g := atNV(t, Congress, "G", `{"restraint":3,"spaces":{
		"bihar":{"congress":2,"protest":true,"sepoy":1},
		"united-provinces":{"congress":2,"protest":true,"guerrilla":1}}}`, "congress")
	npUntil(t, g, 40, nvSADone)
	eq(t, "Operation", g.turn.Op, "congress-non-cooperation")
	eq(t, "Non-Cooperation in both", int(g.sp("bihar").Support)+int(g.sp("united-provinces").Support), -2)
	eq(t, "Guerrilla Activated", int(g.sp("united-provinces").P[GuerA]), 1)
	eq(t, "Sepoy removed", int(g.sp("bihar").P[Sepoy]), 0)

	g = atNV(t, Congress, "G", `{"restraint":3,"gandhi":"madras","spaces":{
		"bihar":{"congress":2,"protest":true,"unrest":1},
		"united-provinces":{"congress":2,"protest":true,"unrest":1}}}`, "congress")
	npUntil(t, g, 40, nvSADone)
	eq(t, "Satyagraha", nvLogHas(g, "Congress begins Satyagraha"), true)
	at := g.Gandhi
	if at != g.idx("bihar") && at != g.idx("united-provinces") {
		t.Fatalf("Gandhi moved to %d", at)
	}
	eq(t, "Protest removed", g.Sp[at].Protest, false)
	eq(t, "Unrest removed", int(g.Sp[at].Unrest), 0)
}

// 8.7.2: a Satyagraha the NP Raj refuses to begin (8.1.4) gives way to the
// card's next Special Activity, here Negotiate to release Gandhi.
func TestNPNVSatyagrahaRefused(t *testing.T) {
	g := atNV(t, Congress, "G", `{"restraint":1,"spaces":{
		"bihar":{"congress":1},"united-provinces":{"congress":1}}}`, "congress", "raj")
	npUntil(t, g, 40, nvSADone)
	if r, n := nvLogAt(g, "refuses to release"), nvLogAt(g, "Congress begins Negotiate"); r < 0 || n < r {
		t.Fatalf("refusal at %d, Negotiate at %d:\n%s", r, n, strings.Join(g.LogText, "\n"))
	}
	eq(t, "Restraint +1", g.Restraint, 2)
}

// 8.7.2 Negotiate: remove a Muslim State where Congress outnumbers the
// Muslim League (card JJ).
func TestNPNVNegotiateMuslimState(t *testing.T) {
	g := atNV(t, Congress, "J", `{"restraint":5,"spaces":{
		"sind":{"congress":2,"muslimState":true,"support":"passive-support"}}}`, "congress")
	npUntil(t, g, 40, nvSADone)
	eq(t, "Operation", g.turn.Op, "congress-rally")
	eq(t, "Muslim State removed", g.sp("sind").MuslimState, false)
	eq(t, "Neutral", int(g.sp("sind").Support), 0)
}

// 8.7.3 Negotiate: remove Unrest (card Q, after a Rally with 3 Muslim League
// Activists in Jail).
func TestNPNVNegotiateUnrest(t *testing.T) {
	g := atNV(t, League, "Q", `{"jail":{"league":3},"spaces":{
		"sind":{"league":1,"unrest":1,"support":"passive-support"}}}`, "league")
	npUntil(t, g, 40, nvSADone)
	eq(t, "Operation", g.turn.Op, "league-rally")
	eq(t, "Unrest removed", int(g.sp("sind").Unrest), 0)
	eq(t, "toward Active Support", int(g.sp("sind").Support), 2)
}

// 8.7.3 Infiltrate, 8.5: the NP Muslim League replaces a Sepoy, never a
// Protest marker, when it has a choice (card QQ).
func TestNPNVInfiltrateNeverProtest(t *testing.T) {
	g := atNV(t, League, "Q", `{"spaces":{
		"sind":{"league":1,"protest":true},"punjab":{"league":1,"sepoy":1}}}`, "league")
	npUntil(t, g, 40, nvSADone)
	eq(t, "Operation", g.turn.Op, "league-civil-disobedience")
	eq(t, "Infiltrate", nvLogHas(g, "Muslim League begins Infiltrate"), true)
	eq(t, "Sind Protest kept", g.sp("sind").Protest, true)
	eq(t, "Punjab Sepoy replaced", int(g.sp("punjab").P[Sepoy]), 0)
	eq(t, "Punjab Activists", int(g.sp("punjab").P[LeagueAct]), 2)
}

// 8.1.4: a passing NP Muslim League moves one of its own Activists from Out
// of Play, never Congress's.
func TestNPNVPassOutOfPlay(t *testing.T) {
	g := atNV(t, League, "M", `{"outOfPlay":{"league":1,"congress":1},"spaces":{}}`, "league")
	play(t, g, "pass") // a person takes over the choice; the NP answers what follows
	npUntil(t, g, 1, nil)
	eq(t, "League Activist to Available", g.OOP[LeagueAct], 0)
	eq(t, "Congress Activist stays", g.OOP[CongAct], 1)
	eq(t, "Unity", g.Unity, 3)
}

// 3.2.4 with 8.4.1: after Gandhi's arrest NP Congress places the Protests by
// its Place Protests column.
func TestNPNVGandhiProtests(t *testing.T) {
	g := atNP(t, Raj, `{"restraint":3,"viceroy":"chelmsford","resources":{"raj":5},"gandhi":"bihar","spaces":{
		"bihar":{"troop":1,"sepoy":3,"congress":2,"league":1,"protest":true},
		"united-provinces":{"congress":3},"madras-presidency":{"congress":2}}}`, 1, "congress")
	play(t, g, "op:assault", "space:bihar", "all", "target:congress", "target:congress", "target:league", "target:gandhi", "done", "end")
	npUntil(t, g, 5, func(g *Game) bool { return g.top().Step != "gandhi-protests" })
	eq(t, "United Provinces", g.sp("united-provinces").Protest, true)
	eq(t, "Madras Presidency", g.sp("madras-presidency").Protest, true)
}

// 8.6.4: when several Civil Disobedience spaces qualify, the one the
// Activist leaves is chosen at random among them — not always the first
// selected — and exactly one Activist gets onto a Railway, from a selected
// space, onto the highest-Econ Railway next to it.
func TestNPNVCivilDisobedienceRailwayRandom(t *testing.T) {
	from := map[string]int{}
	for seed := uint64(1); seed <= 24; seed++ {
		g := atNV(t, Congress, "G", `{"restraint":3,"spaces":{
			"bihar":{"congress":3},"punjab":{"congress":3}}}`, "congress")
		g.np.rng = core.NewRNG(seed)
		npUntil(t, g, 20, nvOpDone)
		eq(t, "Protests", g.sp("bihar").Protest && g.sp("punjab").Protest, true)
		onRails := nvOnMap(g, CongAct) - int(g.sp("bihar").P[CongAct]) - int(g.sp("punjab").P[CongAct])
		eq(t, "one Activist on a Railway", onRails, 1)
		switch {
		case int(g.sp("bihar").P[CongAct]) == 2:
			from["bihar"]++
			eq(t, "from Bihar onto the 5-Econ Railway", int(g.sp("rail-allahabad-calcutta").P[CongAct]), 1)
		case int(g.sp("punjab").P[CongAct]) == 2:
			from["punjab"]++
			eq(t, "from Punjab onto a 3-Econ Railway", int(g.sp("rail-karachi-lahore").P[CongAct])+int(g.sp("rail-lahore-delhi").P[CongAct]), 1)
		}
	}
	if from["bihar"] == 0 || from["punjab"] == 0 || from["bihar"]+from["punjab"] != 24 {
		t.Errorf("origins over 24 seeds: %v (both spaces qualify and must be drawn)", from)
	}
}

// 8.6.4: the Railway gets an Activist only after all Protests, so it is
// never itself selected for that Civil Disobedience; a Railway holding a
// Muslim League Activist already is passed over.
func TestNPNVCivilDisobedienceRailwayLast(t *testing.T) {
	g := atNV(t, Congress, "G", `{"restraint":3,"spaces":{"bihar":{"congress":3},
		"rail-allahabad-calcutta":{"league":1}}}`, "congress")
	npUntil(t, g, 20, nvOpDone)
	eq(t, "onto the Nagpur–Calcutta Railway", int(g.sp("rail-nagpur-calcutta").P[CongAct]), 1)
	eq(t, "not where a Muslim League Activist is", int(g.sp("rail-allahabad-calcutta").P[CongAct]), 0)
	eq(t, "no Protest on the Railway reached", g.sp("rail-nagpur-calcutta").Protest, false)
	eq(t, "spaces", g.turn.NOpSpaces, 1)
}

// 8.7.2 Satyagraha: Gandhi goes where the card's action can be carried out
// — "remove Unrest" (the Protest goes with it) needs Unrest: United
// Provinces, not Bihar, though the column ties them — and a Protest alone
// is never removed (8.5). Without any Unrest, Satyagraha is skipped (8.7).
func TestNPNVSatyagrahaWhereCardActs(t *testing.T) {
	const pos = `{"restraint":3,"gandhi":"madras","spaces":{
		"bihar":{"congress":2,"protest":true},
		"united-provinces":{"congress":2,"protest":true%s}}}`
	g := atNV(t, Congress, "G", strings.Replace(pos, "%s", `,"unrest":1`, 1), "congress")
	npUntil(t, g, 40, nvSADone)
	eq(t, "Satyagraha", nvLogHas(g, "Congress begins Satyagraha"), true)
	eq(t, "Gandhi in United Provinces", g.Gandhi, g.idx("united-provinces"))
	eq(t, "Unrest removed", int(g.sp("united-provinces").Unrest), 0)
	eq(t, "its Protest with it", g.sp("united-provinces").Protest, false)
	eq(t, "Bihar keeps its Protest", g.sp("bihar").Protest, true)

	g = atNV(t, Congress, "G", strings.Replace(pos, "%s", "", 1), "congress")
	npUntil(t, g, 40, func(g *Game) bool { return g.top().Step == "choose" || g.top().Step == "sa" })
	eq(t, "no Satyagraha", nvLogHas(g, "begins Satyagraha"), false)
	eq(t, "Gandhi stays", g.Gandhi, g.idx("madras"))
	eq(t, "Protests kept", g.sp("bihar").Protest && g.sp("united-provinces").Protest, true)
}

// 8.7.2 with 8.7: card GG asks Satyagraha to place an Activist; with none
// Available it is skipped — the Protest Civil Disobedience just placed is not
// removed instead — and Negotiate to release Gandhi is skipped as he is free.
func TestNPNVSatyagrahaNoActivist(t *testing.T) {
	g := atNV(t, Congress, "G", `{"restraint":3,"gandhi":"madras","spaces":{
		"bihar":{"congress":2},"united-provinces":{"congress":1}}}`, "congress", "raj")
	g.OOP[CongAct] += g.Avail[CongAct]
	g.Avail[CongAct] = 0
	npUntil(t, g, 40, func(g *Game) bool { return g.NPToMove() && g.top().Step == "choose" && g.top().F != Congress })
	eq(t, "Civil Disobedience", nvLogHas(g, "Congress executes Civil Disobedience"), true)
	eq(t, "no Satyagraha", nvLogHas(g, "begins Satyagraha"), false)
	eq(t, "no Negotiate", nvLogHas(g, "begins Negotiate"), false)
	eq(t, "Protests kept", g.sp("bihar").Protest && g.sp("united-provinces").Protest, true)
	eq(t, "Gandhi stays", g.Gandhi, g.idx("madras"))
}

// 8.1.3: NP Congress never puts Gandhi onto a Railway by Satyagraha or
// Negotiate, nor the Muslim League an Activist by Infiltrate, unless the Raj
// is a player Faction.
func TestNPNVRailwaysOnlyWithRajPlayer(t *testing.T) {
	const pos = `{"gandhi":"jail","spaces":{"rail-lahore-delhi":{"congress":1,"league":1,"sepoy":1},"punjab":{"congress":1}}}`
	for _, rajNP := range []bool{true, false} {
		np := []string{"congress", "league"}
		if rajNP {
			np = append(np, "raj")
		}
		g := atNP(t, Congress, pos, 1, np...)
		rail, pj := g.idx("rail-lahore-delhi"), g.idx("punjab")
		g.turn.SA = "satyagraha"
		eq(t, "Satyagraha onto the Railway", g.npSatyagrahaDest(rail), !rajNP)
		eq(t, "Satyagraha to Punjab", g.npSatyagrahaDest(pj), true)
		g.turn.SA = "negotiate"
		eq(t, "released onto the Railway", npSAFilter["release-gandhi"](g, rail), !rajNP)
		eq(t, "released to Punjab", npSAFilter["release-gandhi"](g, pj), true)
		g.turn.SA = "league-infiltrate"
		eq(t, "Infiltrate on the Railway", npSAFilter["replace-adversary"](g, rail), !rajNP)
	}
}

// 4.3.1 with 8.1: Negotiate to release Gandhi needs a die roll above the
// Protests in India (after the selected space's Protest is removed); with 6
// or more left it cannot succeed, so the instruction is skipped.
func TestNPNVNegotiateReleaseHopeless(t *testing.T) {
	const five = `"madras":{"protest":true},"bombay":{"protest":true},"delhi":{"protest":true},
		"karachi":{"protest":true},"calcutta":{"protest":true}`
	keep := npSAFilter["release-gandhi"]
	g := atNP(t, Congress, `{"spaces":{`+five+`,"bihar":{"congress":1},"orissa":{"congress":1,"protest":true}}}`, 1, "congress")
	g.turn.SA = "negotiate"
	eq(t, "six Protests in India", keep(g, g.idx("bihar")), false)
	eq(t, "five once Orissa's is removed: a 6 releases him", keep(g, g.idx("orissa")), true)

	g = atNP(t, Congress, `{"spaces":{`+five+`,"mysore":{"protest":true},"bihar":{"congress":1},"orissa":{"congress":1,"protest":true}}}`, 1, "congress")
	g.turn.SA = "negotiate"
	eq(t, "seven Protests", keep(g, g.idx("bihar")), false)
	eq(t, "six left after Orissa's", keep(g, g.idx("orissa")), false)

	g = atNP(t, Congress, `{"spaces":{`+five+`,"bihar":{"congress":1}}}`, 1, "congress")
	g.turn.SA = "negotiate"
	eq(t, "five Protests", keep(g, g.idx("bihar")), true)
}

// 8.6.5 Rally: the Base spaces go first by the Place Bases column even when
// Bases suffice, which matters when Unity limits the spaces: Sind (no Raj
// Control) before Punjab (2-Pop, first in the Place Activists column).
func TestNPNVRallyLeagueBaseColumn(t *testing.T) {
	g := atNV(t, League, "M", `{"unity":1,"spaces":{
		"punjab":{"league":2,"sepoy":4},"sind":{"league":2}}}`, "league")
	if g.Avail[LeagueBase] < 2 {
		t.Fatalf("Bases Available: %d", g.Avail[LeagueBase])
	}
	npUntil(t, g, 20, nvOpDone)
	eq(t, "Operation", g.turn.Op, "league-rally")
	eq(t, "Base in Sind", int(g.sp("sind").P[LeagueBase]), 1)
	eq(t, "Unity allows one space", int(g.sp("punjab").P[LeagueBase]), 0)
}
