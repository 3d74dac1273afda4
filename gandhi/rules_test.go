package gandhi

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"
)

// Table-driven tests of the Viceroy capabilities (2.5.1), Crisis (6.8) and
// Campaign Round phases (6.0).

func TestViceroyCapabilities(t *testing.T) {
	cases := []struct {
		name, viceroy, pos string
		acts               []string
		check              func(t *testing.T, g *Game)
	}{
		{"Chelmsford: Assault with Sepoys costs 1", "chelmsford",
			`{"restraint":3,"resources":{"raj":10},"spaces":{"punjab":{"sepoy":2,"active-guerrilla":1}}}`,
			[]string{"op:assault", "space:punjab", "all"},
			func(t *testing.T, g *Game) { eq(t, "resources", g.Resources[Raj], 9) }},
		{"no capability: Assault with Sepoys costs Restraint", "irwin",
			`{"restraint":3,"resources":{"raj":10},"spaces":{"punjab":{"sepoy":2,"active-guerrilla":1}}}`,
			[]string{"op:assault", "space:punjab", "all"},
			func(t *testing.T, g *Game) { eq(t, "resources", g.Resources[Raj], 7) }},
		{"Reading: Garrison is free", "reading",
			`{"restraint":3,"resources":{"raj":10},"spaces":{"west-bengal":{"sepoy":2},"delhi":{"troop":1}}}`,
			[]string{"op:garrison", "space:west-bengal", "move:sepoy:delhi"},
			func(t *testing.T, g *Game) { eq(t, "resources", g.Resources[Raj], 10) }},
		{"Reading: first Deploy space free, second paid", "reading",
			`{"restraint":3,"resources":{"raj":10},"spaces":{}}`,
			[]string{"op:deploy", "space:delhi", "sepoy", "done", "space:bombay", "sepoy", "done"},
			func(t *testing.T, g *Game) { eq(t, "resources", g.Resources[Raj], 7) }},
		{"Reading: first Assault space free", "reading",
			`{"restraint":3,"resources":{"raj":10},"spaces":{"punjab":{"sepoy":2,"active-guerrilla":1},"sind":{"sepoy":2,"active-guerrilla":1}}}`,
			[]string{"op:assault", "space:punjab", "all", "target:active-guerrilla", "space:sind", "all"},
			func(t *testing.T, g *Game) { eq(t, "resources", g.Resources[Raj], 7) }},
		{"Irwin: Sweep with Sepoys costs 1", "irwin",
			`{"restraint":4,"resources":{"raj":10},"spaces":{"punjab":{"sepoy":1,"guerrilla":1}}}`,
			[]string{"op:sweep", "space:punjab", "in-place", "done"},
			func(t *testing.T, g *Game) {
				eq(t, "resources", g.Resources[Raj], 9)
				eq(t, "activated", int(g.sp("punjab").P[GuerA]), 1)
			}},
		{"Willingdon: Deploy with Sepoys costs 1", "willingdon",
			`{"restraint":4,"resources":{"raj":10},"spaces":{}}`,
			[]string{"op:deploy", "space:delhi", "sepoy", "sepoy", "done"},
			func(t *testing.T, g *Game) { eq(t, "resources", g.Resources[Raj], 9) }},
		{"Deploy with only Troops is free", "irwin",
			`{"restraint":4,"resources":{"raj":10},"spaces":{}}`,
			[]string{"op:deploy", "space:delhi", "troop", "troop", "done"},
			func(t *testing.T, g *Game) { eq(t, "resources", g.Resources[Raj], 10) }},
		{"Linlithgow: Martial Law adds no Unrest", "linlithgow",
			`{"spaces":{"punjab":{"troop":1,"congress":1}}}`,
			append(append([]string{}, deployDelhi...), "sa:martial-law", "space:punjab", "target:congress"),
			func(t *testing.T, g *Game) { eq(t, "unrest", int(g.sp("punjab").Unrest), 0) }},
		{"Wavell: free Limited Sweep into an Assault space", "wavell",
			`{"restraint":3,"resources":{"raj":10},"spaces":{"punjab":{"troop":1,"guerrilla":2},"sind":{"sepoy":2}}}`,
			[]string{"op:assault", "space:punjab", "wavell-sweep", "from:sepoy:sind", "from:sepoy:sind", "done", "all"},
			func(t *testing.T, g *Game) {
				eq(t, "guerrillas activated by 3 cubes", int(g.sp("punjab").P[GuerA]), 2)
				eq(t, "only the Assault paid", g.Resources[Raj], 7)
			}},
		{"Mountbatten: Imperialism costs 2", "mountbatten",
			`{"resources":{"raj":10},"spaces":{"bombay-presidency":{"troop":2}}}`,
			append(append([]string{}, deployDelhi...), "sa:govern", "space:bombay-presidency", "imperialism", "buy:shift", "buy:shift"),
			func(t *testing.T, g *Game) { eq(t, "resources", g.Resources[Raj], 6) }},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			pos := strings.Replace(c.pos, "{", `{"viceroy":"`+c.viceroy+`",`, 1)
			g := at(t, Raj, pos, 1)
			play(t, g, c.acts...)
			c.check(t, g)
		})
	}
}

func TestCrisisEffects(t *testing.T) {
	t.Run("Martial Law selects two spaces only in Crisis", func(t *testing.T) {
		for _, crisis := range []bool{false, true} {
			pos := `{"restraint":2,"unity":1,"spaces":{"punjab":{"troop":1,"congress":1},"sind":{"troop":1,"league":1}}}`
			if crisis {
				pos = strings.Replace(pos, `"restraint":2`, `"restraint":1`, 1)
			}
			g := at(t, Raj, pos, 1)
			play(t, g, deployDelhi...)
			play(t, g, "sa:martial-law", "space:punjab", "target:congress")
			mustOffer(t, g, "space:sind", crisis)
		}
	})
	t.Run("Congress Non-Cooperation in Raj Control only in Crisis", func(t *testing.T) {
		for _, crisis := range []bool{false, true} {
			pos := `{"restraint":2,"unity":1,"spaces":{"punjab":{"troop":3,"congress":1,"protest":true},"sind":{"congress":1,"protest":true}}}`
			if crisis {
				pos = strings.Replace(pos, `"restraint":2`, `"restraint":1`, 1)
			}
			g := at(t, Congress, pos, 1)
			play(t, g, "op:congress-non-cooperation")
			mustOffer(t, g, "space:punjab", crisis)
		}
	})
	t.Run("Revolutionaries Infiltrate places a Base only in Crisis", func(t *testing.T) {
		for _, crisis := range []bool{false, true} {
			pos := `{"restraint":2,"unity":1,"resources":{"rev":5},"spaces":{"bihar":{"guerrilla":1,"congress":1}}}`
			if crisis {
				pos = strings.Replace(pos, `"restraint":2`, `"restraint":1`, 1)
			}
			g := at(t, Rev, pos, 1)
			play(t, g, "op:rev-rally", "space:assam", "guerrillas", "done", "sa:rev-infiltrate", "space:bihar")
			mustOffer(t, g, "base", crisis)
		}
	})
	t.Run("a Crisis begun in a turn brings a die roll of cubes, no Troops to States", func(t *testing.T) {
		g := at(t, Rev, `{"restraint":2,"unity":1,"resources":{"rev":5},"outOfPlay":{"troop":3,"sepoy":6},"spaces":{"bihar":{"guerrilla":1}}}`, seedFor(t, 3))
		play(t, g, "op:unrest", "space:bihar", "done", "end")
		d := g.Decision()
		eq(t, "Raj decides", d.Role, "raj")
		mustOffer(t, g, "place:troop:hyderabad", false)
		mustOffer(t, g, "place:sepoy:hyderabad", true)
		play(t, g, "place:troop:delhi", "place:sepoy:hyderabad", "place:sepoy:bihar")
		eq(t, "three cubes (die 3), then the turn goes on", g.Decision().Rule != "6.8", true)
		eq(t, "OOP troops", g.OOP[Troop], 2)
	})
	t.Run("no new Crisis when already in Crisis", func(t *testing.T) {
		g := at(t, Rev, `{"restraint":1,"unity":1,"resources":{"rev":5},"spaces":{"bihar":{"guerrilla":1}}}`, 1)
		play(t, g, "op:unrest", "space:bihar", "done", "end")
		eq(t, "no Crisis placement", g.Decision().Rule != "6.8", true)
	})
}

// toCampaign builds a game whose Upcoming card is a Campaign card, so the
// Campaign Round starts at once (2.4).
func toCampaign(t *testing.T, js string) *Game {
	t.Helper()
	js = strings.Replace(js, "{", `{"current":1,"upcoming":74,"drawDeck":[3,4,5,75,6],`, 1)
	if !strings.Contains(js, `"gandhi"`) {
		js = strings.Replace(js, "{", `{"gandhi":"hyderabad",`, 1)
	}
	return at(t, Raj, js, 1)
}

// skipTo answers "done"/"skip" until a decision of the given rule comes up.
func skipTo(t *testing.T, g *Game, rule string) {
	t.Helper()
	for i := 0; i < 50 && !g.Over; i++ {
		d := g.Decision()
		if d.Rule == rule {
			return
		}
		switch {
		case offered(g, "done"):
			play(t, g, "done")
		case offered(g, "skip"):
			play(t, g, "skip")
		default:
			t.Fatalf("stuck at %q (%s) looking for %s: %v", d.Prompt, d.Rule, rule, ids(d))
		}
	}
	if g.Over {
		t.Fatalf("game ended looking for %s", rule)
	}
}

func TestCampaignVictoryCheck(t *testing.T) {
	// Congress above 20 Total Opposition wins at the Campaign Round (7.2).
	js := `{"spaces":{"bihar":{"support":"active-opposition"},"united-provinces":{"support":"active-opposition"},
		"punjab":{"support":"active-opposition"},"west-bengal":{"support":"active-opposition"},
		"east-bengal":{"support":"active-opposition"},"bombay-presidency":{"support":"active-opposition"}}}`
	g := toCampaign(t, js)
	eq(t, "over", g.Over, true)
	eq(t, "winner", g.Result[0], Congress)
	eq(t, "margin", g.Margin(Congress), 4)
}

func TestCampaignResources(t *testing.T) {
	g := toCampaign(t, `{"gandhi":"jail","resources":{"raj":10,"rev":3},"jail":{"congress":2},"spaces":{
		"rail-bombay-delhi":{"protest":true},
		"bihar":{"rev-base":1},"orissa":{"rev-base":1},
		"delhi":{"troop":1},"bombay":{"troop":1},"madras":{"troop":1},"karachi":{"troop":1},"calcutta":{"troop":1}}}`)
	// The Railway with a Protest strikes; all Cities are Controlled.
	eq(t, "strike", g.sp("rail-bombay-delhi").Strike, true)
	eq(t, "no other strike", g.unrestStrikeOnMap(), 1)
	// Raj: 10 + (40 - 5) - 2 x 3 prisoners (Gandhi and 2 Activists).
	eq(t, "raj resources", g.Resources[Raj], 39)
	eq(t, "rev resources", g.Resources[Rev], 7)
}

func TestCampaignStrikesNextToUncontrolledCity(t *testing.T) {
	g := toCampaign(t, `{"resources":{"raj":10},"spaces":{"delhi":{"troop":1},"bombay":{"troop":1},"madras":{"troop":1},"calcutta":{"troop":1},
		"rail-lahore-delhi":{"congress":1,"sepoy":0}}}`)
	// Karachi has no Raj Control: its Railway strikes; the Activist out-numbers
	// the cubes on the Lahore-Delhi line.
	eq(t, "Karachi line", g.sp("rail-karachi-lahore").Strike, true)
	eq(t, "Lahore-Delhi line", g.sp("rail-lahore-delhi").Strike, true)
	eq(t, "strikes", g.unrestStrikeOnMap(), 2)
}

func TestCampaignSupportPhase(t *testing.T) {
	g := toCampaign(t, `{"gandhi":"jail","resources":{"raj":20},"jail":{"congress":3,"league":2},"spaces":{
		"punjab":{"troop":1,"sepoy":1,"unrest":1},
		"sind":{"troop":1},"bombay":{"troop":1,"sepoy":1}}}`)
	skipTo(t, g, "6.3.1")
	before := g.Resources[Raj]
	mustOffer(t, g, "space:sind", false) // needs both Troops and Sepoys
	play(t, g, "space:punjab", "buy:unrest", "buy:shift", "buy:shift")
	mustOffer(t, g, "buy:shift", false) // two levels at most
	play(t, g, "space:bombay", "buy:shift", "done", "done")
	eq(t, "Punjab", int(g.sp("punjab").Support), 2)
	eq(t, "Punjab unrest", int(g.sp("punjab").Unrest), 0)
	eq(t, "paid 4 x 3", g.Resources[Raj], before-12)
	// Two Activists released per Imperialism space: four.
	play(t, g, "release:congress", "release:congress", "release:league", "release:league")
	eq(t, "jail", g.Jail, [2]int{1, 0})
	// Gandhi goes to a space without Raj Control.
	mustOffer(t, g, "space:punjab", false)
	play(t, g, "space:gujarat")
	eq(t, "Gandhi", g.Gandhi, g.idx("gujarat"))
}

func TestCampaignConstructiveAndBases(t *testing.T) {
	g := toCampaign(t, `{"unity":2,"resources":{"raj":0},"gandhi":"bihar","spaces":{
		"united-provinces":{"congress":1},"sind":{"league":1},"punjab":{"league":1}}}`)
	skipTo(t, g, "6.3.2")
	eq(t, "Congress first", g.Decision().Role, "congress")
	play(t, g, "space:bihar", "shift", "space:united-provinces", "done")
	eq(t, "Bihar", int(g.sp("bihar").Support), -2)
	eq(t, "UP", int(g.sp("united-provinces").Support), -1)
	// Unity 2 spaces in all: nothing left for the Muslim League.
	play(t, g, "done")
	eq(t, "League's turn", g.Decision().Role, "league")
	eq(t, "League has only done", strings.Join(ids(g.Decision()), ","), "done")
	play(t, g, "done")
	eq(t, "Pakistan Movement", g.Decision().Role, "league")
	play(t, g, "space:sind")
	eq(t, "Secret Societies", g.Decision().Role, "rev")
	play(t, g, "space:orissa")
	eq(t, "bases", int(g.sp("sind").P[LeagueBase])+int(g.sp("orissa").P[RevBase]), 2)
}

func TestCampaignRedeployAndReset(t *testing.T) {
	// Twenty prisoners cost the Raj all its earnings (6.2.2).
	g := toCampaign(t, `{"resources":{"raj":0},"jail":{"congress":10,"league":10},"restraint":1,"unity":5,"spaces":{
		"delhi":{"troop":3,"sepoy":1},"gujarat":{"troop":1,"congress":1,"protest":true},
		"rail-lahore-delhi":{"congress":1,"troop":1},
		"punjab":{"guerrilla":1,"unrest":2},"bihar":{"unrest":1,"active-guerrilla":0},
		"sind":{"active-guerrilla":1}}}`)
	skipTo(t, g, "6.4")
	eq(t, "new Viceroy", g.deck.Cards[g.Viceroy].Number, 74)
	// The Troop on the Railway cannot be paid for: the Raj must move it.
	mustOffer(t, g, "done", false)
	play(t, g, "from:troop:rail-lahore-delhi", "to:delhi", "done")
	// Congress must take its Activist off the Railway.
	eq(t, "Congress redeploys", g.Decision().Role, "congress")
	mustOffer(t, g, "done", false)
	play(t, g, "from:congress:rail-lahore-delhi", "to:hyderabad", "done")
	skipTo(t, g, "2.3")
	eq(t, "Delhi keeps one Troop", int(g.sp("delhi").P[Troop]), 1)
	eq(t, "uncontrolled Gujarat loses its cubes", g.cubes(g.idx("gujarat")), 0)
	eq(t, "protests removed", g.protestsOnMap(), 0)
	eq(t, "Punjab keeps Unrest with a Guerrilla", int(g.sp("punjab").Unrest), 2)
	eq(t, "Bihar loses one Unrest", int(g.sp("bihar").Unrest), 0)
	eq(t, "guerrillas Underground", int(g.sp("sind").P[GuerU]), 1)
	eq(t, "Restraint = Campaign cards left", g.Restraint, 1)
	eq(t, "Unity = Campaign cards left", g.Unity, 1)
	eq(t, "the swapped card is played next (2.4)", g.Current, 1)
	eq(t, "upcoming", g.Upcoming, 3)
}

func TestFinalCampaignEndsGame(t *testing.T) {
	// Without a victory at its Victory Phase, the final Round is played to
	// the end of its Support Phase and the game ends by margins (2.4.1, 7.3).
	js := `{"current":1,"upcoming":74,"drawDeck":[3,4],"gandhi":"hyderabad","spaces":{
		"bihar":{"support":"active-opposition"}}}`
	g := at(t, Raj, js, 1)
	eq(t, "not over at the victory phase", g.Over, false)
	for i := 0; i < 20 && !g.Over; i++ {
		if offered(g, "done") {
			play(t, g, "done")
		} else {
			play(t, g, "skip")
		}
	}
	eq(t, "over", g.Over, true)
	eq(t, "reason", strings.Contains(g.Reason, "final"), true)
	eq(t, "Redeploy never reached", g.deck.Cards[g.Viceroy].Number != 74, true)

	// A faction above its threshold at the final Victory Phase ends it there.
	js = strings.Replace(js, `"bihar":{"support":"active-opposition"}`, `"bihar":{"support":"active-opposition"},"united-provinces":{"support":"active-opposition"},
		"punjab":{"support":"active-opposition"},"west-bengal":{"support":"active-opposition"},
		"east-bengal":{"support":"active-opposition"},"bombay-presidency":{"support":"active-opposition"}`, 1)
	g = at(t, Raj, js, 1)
	eq(t, "over at once", g.Over, true)
	eq(t, "ranking first", g.Result[0], Congress)
}

func TestTieBreakOrder(t *testing.T) {
	// Equal margins rank Muslim League, Congress, Revolutionaries, Raj (7.1).
	g := at(t, Raj, `{"spaces":{}}`, 1)
	g.endGame("test")
	eq(t, "ranking", fmt.Sprint(g.Result), fmt.Sprint([]Faction{League, Rev, Congress, Raj}))
}

func TestTwoFactionPlayerNeedsBothToWin(t *testing.T) { // 1.5
	js := `{"current":1,"upcoming":74,"drawDeck":[3,4,5,75,6],"gandhi":"hyderabad","spaces":{
		"bihar":{"support":"active-opposition"},"united-provinces":{"support":"active-opposition"},
		"punjab":{"support":"active-opposition"},"west-bengal":{"support":"active-opposition"},
		"east-bengal":{"support":"active-opposition"},"bombay-presidency":{"support":"active-opposition"}}}`
	var p Position
	if err := json.Unmarshal([]byte(js), &p); err != nil {
		t.Fatal(err)
	}
	p.Restraint, p.Unity = 3, 3
	seats, _ := SeatsFor(3)
	g, err := New(testData(t), Setup{Position: &p, Seats: seats}, 1)
	if err != nil {
		t.Fatal(err)
	}
	// Congress exceeds 20, but its player also runs the Muslim League, whose
	// Muslim Opposition (4+4+4=12) does not exceed 14: no victory.
	eq(t, "Congress margin", g.Margin(Congress), 4)
	eq(t, "League margin", g.Margin(League), -2)
	eq(t, "not over", g.Over, false)
	eq(t, "ranked by the lower margin", g.SeatMargin(Congress), -2)
}
