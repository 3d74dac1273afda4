package gandhi

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"testing"
)

// Non-Player Campaign Rounds (8.9) and the 1-player victory (8.10), driven
// through the real decision model.

// npCampaignAt builds a position whose Upcoming card is a Campaign card, so
// the Campaign Round starts at once (2.4), with the given Non-Players. A
// position without a draw deck gets one with a later Campaign card.
func npCampaignAt(t *testing.T, js string, seed uint64, np ...string) *Game {
	t.Helper()
	if !strings.Contains(js, `"drawDeck"`) {
		js = strings.Replace(js, "{", `{"drawDeck":[3,4,5,75,6],`, 1)
	}
	js = strings.Replace(js, "{", `{"current":1,"upcoming":74,`, 1)
	return atNP(t, Raj, js, seed, np...)
}

func npStep(g *Game) (string, Faction) {
	if g.Over || len(g.stack) == 0 {
		return "", -1
	}
	return g.top().Step, g.top().F
}

// npDrive lets the Non-Players decide and answers the players' decisions
// with done or skip (else the first option) until stop holds.
func npDrive(t *testing.T, g *Game, stop func(*Game) bool) {
	t.Helper()
	for k := 0; ; k++ {
		if g.Over || stop(g) {
			return
		}
		if k > 2000 {
			t.Fatalf("no end in sight at %q; log %v", g.Decision().Prompt, tail(g.LogText, 10))
		}
		if g.NPToMove() {
			if _, err := g.ApplyNP(); err != nil {
				t.Fatal(err)
			}
			if err := g.CheckInvariants(); err != nil {
				t.Fatal(err)
			}
			continue
		}
		d := g.Decision()
		id := d.Options[0].ID
		for _, o := range d.Options {
			if o.ID == "done" || o.ID == "skip" {
				id = o.ID
			}
		}
		play(t, g, id)
	}
}

// npAt stops when faction f's decision of the given step is pending.
func npAt(step string, f Faction) func(*Game) bool {
	return func(g *Game) bool { s, h := npStep(g); return s == step && h == f }
}

func TestNPCampaignStrikesHighestEcon(t *testing.T) {
	// No City has Raj Control, so eleven Railways qualify; ten Unrest
	// markers on the map leave two Strikes: the two Econ 5 lines (8.9.1).
	g := npCampaignAt(t, `{"spaces":{"bihar":{"unrest":2},"orissa":{"unrest":2},"assam":{"unrest":2},
		"sind":{"unrest":2},"gujarat":{"unrest":2}}}`, 1, "congress")
	eq(t, "Strikes decision", g.top().Step, "strikes")
	npUntil(t, g, 5, func(g *Game) bool { s, _ := npStep(g); return s != "strikes" })
	eq(t, "Allahabad–Calcutta", g.sp("rail-allahabad-calcutta").Strike, true)
	eq(t, "Bombay–Delhi", g.sp("rail-bombay-delhi").Strike, true)
	eq(t, "markers", g.unrestStrikeOnMap(), UnrestStrikePool)
}

// npSupportUsed sums Unrest removed and levels shifted since before.
func npSupportUsed(before, after *Game) (used, spaces int) {
	for i := range after.Sp {
		d := int(before.Sp[i].Unrest) - int(after.Sp[i].Unrest) + int(after.Sp[i].Support) - int(before.Sp[i].Support)
		used += d
		if d > 0 {
			spaces++
		}
	}
	return
}

func TestNPCampaignRajSupportPhase(t *testing.T) {
	// Five Cities fit for Imperialism, each worth two (one Unrest, one
	// level): twice the die, but four spaces at most (8.9.2).
	js := `{"jail":{"congress":3,"league":1},"spaces":{
		"delhi":{"troop":1,"sepoy":1,"unrest":1,"support":"passive-support"},
		"bombay":{"troop":1,"sepoy":1,"unrest":1,"support":"passive-support"},
		"madras":{"troop":1,"sepoy":1,"unrest":1,"support":"passive-support"},
		"karachi":{"troop":1,"sepoy":1,"unrest":1,"support":"passive-support"},
		"calcutta":{"troop":1,"sepoy":1,"unrest":1,"support":"passive-support"}}}`
	seen := map[bool]bool{}
	for seed := uint64(1); seed < 60 && len(seen) < 2; seed++ {
		g := npCampaignAt(t, js, seed, "raj")
		eq(t, "Support Phase", g.top().Step, "support-imperialism")
		total := g.np.Plan.Budget
		if total < 2 || total > 12 || total%2 != 0 {
			t.Fatalf("rolled total %d is not twice a die", total)
		}
		before := g.clone()
		npUntil(t, g, 100, nil)
		used, spaces := npSupportUsed(before, g)
		eq(t, "levels and Unrest", used, min(total, 8))
		eq(t, "spaces", spaces, min(total, 8)/2)
		seen[spaces == 4] = true
		// Two Activists per space, a Congress and a League one when possible.
		want := [2]int{0, 0} // all four prisoners
		if spaces == 1 {
			want = [2]int{2, 0}
		}
		eq(t, "Jail", g.Jail, want)
		// Gandhi goes to a space with no Raj Control.
		if g.Gandhi < 0 || g.Sp[g.Gandhi].Control || g.isRailway(g.Gandhi) {
			t.Fatalf("Gandhi released to %d", g.Gandhi)
		}
	}
	if !seen[true] || !seen[false] {
		t.Fatalf("seeds did not cover both a short roll and the four-space limit: %v", seen)
	}
}

func TestNPCampaignRajSupportUnrestFirst(t *testing.T) {
	// One space: both Unrest markers go before any shift (8.9.2).
	js := `{"gandhi":"hyderabad","spaces":{"delhi":{"troop":1,"sepoy":1,"unrest":2}}}`
	for seed := uint64(1); seed <= 6; seed++ {
		g := npCampaignAt(t, js, seed, "raj")
		total := g.np.Plan.Budget
		npUntil(t, g, 20, nil)
		removed := min(2, total)
		eq(t, "Unrest", int(g.sp("delhi").Unrest), 2-removed)
		eq(t, "Support", int(g.sp("delhi").Support), min(2, total-removed))
	}
}

func TestNPCampaignConstructiveUpToUnity(t *testing.T) {
	js := `{"gandhi":"hyderabad","unity":3,"spaces":{"bihar":{"congress":1},"united-provinces":{"congress":1},
		"gujarat":{"congress":1},"central-provinces":{"congress":1},"sind":{"league":1}}}`
	g := npCampaignAt(t, js, 1, "congress", "league")
	npDrive(t, g, npAt("place-base", League))
	// Congress takes all three spaces of Unity, 2-Pop first, two levels each.
	eq(t, "Bihar", int(g.sp("bihar").Support), -2)
	eq(t, "United Provinces", int(g.sp("united-provinces").Support), -2)
	eq(t, "one of the 1-Pop spaces", int(g.sp("gujarat").Support)+int(g.sp("central-provinces").Support), -2)
	eq(t, "nothing left for the League", int(g.sp("sind").Support), 0)

	// Congress in one space leaves two to the League, Punjab (2-Pop) first.
	js = `{"gandhi":"hyderabad","unity":3,"spaces":{"bihar":{"congress":1},
		"sind":{"league":1},"punjab":{"league":1},"baluchistan":{"league":1},"assam":{"league":1}}}`
	g = npCampaignAt(t, js, 1, "congress", "league")
	npDrive(t, g, npAt("place-base", League))
	eq(t, "Bihar", int(g.sp("bihar").Support), -2)
	eq(t, "Punjab", int(g.sp("punjab").Support), -2)
	n := 0
	for _, id := range []string{"sind", "baluchistan", "assam"} {
		if int(g.sp(id).Support) == -2 {
			n++
		}
	}
	eq(t, "one more League space", n, 1)
}

func TestNPCampaignPlaceBases(t *testing.T) {
	// League: Muslim, 2-Pop, most League Activists; Karachi is under Raj
	// Control. Revolutionaries: 2-Pop, most Guerrillas (8.9.2).
	js := `{"gandhi":"hyderabad","spaces":{"punjab":{"league":2},"sind":{"league":1},"karachi":{"league":3,"troop":5},
		"bihar":{"guerrilla":2},"orissa":{"guerrilla":3},"united-provinces":{"guerrilla":1}}}`
	g := npCampaignAt(t, js, 1, "league", "rev")
	npDrive(t, g, func(g *Game) bool { s, _ := npStep(g); return s == "redeploy" })
	eq(t, "League Base", int(g.sp("punjab").P[LeagueBase]), 1)
	eq(t, "Revolutionaries Base", int(g.sp("bihar").P[RevBase]), 1)
}

// npRedeployRun plays to faction f's Redeploy, then through it, and returns
// the board as it began.
func npRedeployRun(t *testing.T, g *Game, f Faction) *Game {
	t.Helper()
	npDrive(t, g, npAt("redeploy", f))
	if g.Over {
		t.Fatal("game over before the Redeploy")
	}
	before := g.clone()
	moves := 0
	npDrive(t, g, func(g *Game) bool {
		moves++
		if moves > 200 {
			t.Fatalf("%s Redeploy does not end", f)
		}
		return !npAt("redeploy", f)(g)
	})
	return before
}

func TestNPCampaignRajRedeploy(t *testing.T) {
	js := `{"gandhi":"hyderabad","spaces":{
		"delhi":{"troop":3},"bombay":{"sepoy":3},"madras":{"troop":1,"sepoy":1},"karachi":{"troop":1,"sepoy":2},
		"calcutta":{"troop":1,"sepoy":1,"congress":2,"protest":true},
		"punjab":{"troop":1},"gujarat":{"troop":1,"sepoy":1,"congress":3,"protest":true},
		"rajputana":{"sepoy":1},"mysore":{"sepoy":2,"support":"passive-support"},"orissa":{"sepoy":1}}}`
	for seed := uint64(1); seed <= 5; seed++ {
		g := npCampaignAt(t, js, seed, "raj")
		before := npRedeployRun(t, g, Raj)
		for i := range g.Sp {
			if g.isCity(i) {
				eq(t, g.space(i).Name+" Troops", int(g.Sp[i].P[Troop]), 1)
				eq(t, g.space(i).Name+" has a Sepoy", int(g.Sp[i].P[Sepoy]) > 0, true)
				eq(t, g.space(i).Name+" Raj Control", g.Sp[i].Control, true)
			} else if before.Sp[i].Control && !g.Sp[i].Control {
				t.Errorf("%s lost Raj Control", g.space(i).Name)
			}
		}
		n := 0
		for i := range g.Sp {
			if g.isState(i) && int(g.Sp[i].Support) <= 0 && int(g.Sp[i].P[Sepoy]) > 0 {
				n++
			}
		}
		eq(t, "States with no Support holding a Sepoy", n >= 3, true)
		// Punjab's Troop gave way to a Sepoy and went to Available.
		eq(t, "Punjab", [2]int{int(g.sp("punjab").P[Troop]), int(g.sp("punjab").P[Sepoy])}, [2]int{0, 1})
		eq(t, "no cubes left where Raj Control is missing", g.cubes(g.idx("gujarat")), 0)
	}
}

func TestNPCampaignCongressRedeploy(t *testing.T) {
	js := `{"gandhi":"sind","unity":1,"spaces":{
		"bihar":{"congress":5},"gujarat":{"congress":2,"support":"active-opposition"},
		"rail-bombay-delhi":{"congress":2},"delhi":{"congress":1,"troop":2},
		"bombay-presidency":{"support":"active-support"},"madras-presidency":{"support":"passive-support"}}}`
	for seed := uint64(1); seed <= 5; seed++ {
		g := npCampaignAt(t, js, seed, "congress")
		before := npRedeployRun(t, g, Congress)
		total := func(g *Game) int {
			n := 0
			for i := range g.Sp {
				n += int(g.Sp[i].P[CongAct])
			}
			return n
		}
		eq(t, "Activists conserved", total(g), total(before))
		for i := range g.Sp {
			b, a := int(before.Sp[i].P[CongAct]), int(g.Sp[i].P[CongAct])
			switch {
			case g.isRailway(i):
				eq(t, g.space(i).Name, a, 0)
			case int(before.Sp[i].Support) != -2 && a < min(b, g.popOf(i)):
				t.Errorf("%s kept %d of %d Activists, Population %d", g.space(i).Name, a, b, g.popOf(i))
			}
		}
		eq(t, "Gandhi to the most Support", g.space(g.Gandhi).ID, "bombay-presidency")
		// Two Activists to each non-Muslim 2-Pop space first.
		for _, id := range []string{"united-provinces", "bombay-presidency"} {
			if int(g.sp(id).P[CongAct]) < 2 && int(g.sp("madras-presidency").P[CongAct]) >= 2 {
				t.Errorf("%s short while Madras Presidency is served", id)
			}
		}
	}
}

func TestNPCampaignLeagueRevRedeploy(t *testing.T) {
	js := `{"gandhi":"hyderabad","unity":1,"spaces":{
		"punjab":{"league":1,"congress":2},"east-bengal":{"league":4},"sind":{"league":1},
		"bihar":{"league":3},"rail-karachi-lahore":{"league":1,"guerrilla":1},
		"orissa":{"guerrilla":3,"unrest":1},"assam":{"unrest":1},"mysore":{"rev-base":1},
		"central-provinces":{"guerrilla":2},"madras-presidency":{"support":"active-support"}}}`
	for seed := uint64(1); seed <= 5; seed++ {
		g := npCampaignAt(t, js, seed, "league", "rev")
		before := npRedeployRun(t, g, League)
		for i := range g.Sp {
			b, a := int(before.Sp[i].P[LeagueAct]), int(g.Sp[i].P[LeagueAct])
			switch {
			case g.isRailway(i):
				eq(t, g.space(i).Name, a, 0)
			case g.space(i).Muslim && a < min(b, g.popOf(i)):
				t.Errorf("%s kept %d of %d League Activists", g.space(i).Name, a, b)
			}
		}
		p := g.sp("punjab")
		eq(t, "League above Congress in Punjab", int(p.P[LeagueAct])+int(p.P[LeagueBase]) > int(p.P[CongAct])+g.gandhiAt(g.idx("punjab")), true)

		before = npRedeployRun(t, g, Rev)
		for i := range g.Sp {
			b, a := before.guerrillas(i), g.guerrillas(i)
			switch {
			case g.isRailway(i):
				eq(t, g.space(i).Name, a, 0)
			case (int(before.Sp[i].Unrest) > 0 || int(before.Sp[i].P[RevBase]) > 0) && a < min(b, 1):
				t.Errorf("%s lost its last Guerrilla", g.space(i).Name)
			}
		}
		for _, id := range []string{"assam", "mysore"} {
			eq(t, id+" gets a Guerrilla", g.guerrillas(g.idx(id)) >= 1, true)
		}
	}
}

func TestNPCampaignResetPhase(t *testing.T) {
	js := `{"gandhi":"hyderabad","spaces":{"bihar":{"congress":2},"delhi":{"congress":1},"punjab":{"congress":1,"protest":true}}}`
	g := npCampaignAt(t, js, 1, "raj", "congress", "league", "rev")
	deck := slices.Clone(g.np.Deck[:g.np.NDeck])
	npDrive(t, g, npAt("np-reset-protest", Congress))
	if g.Over {
		t.Fatal("game over")
	}
	eq(t, "Protests cleared by the Reset Phase", g.protestsOnMap(), 0)
	after := slices.Clone(g.np.Deck[:g.np.NDeck])
	if slices.Equal(deck, after) {
		t.Error("the Arjuna deck was not reshuffled")
	}
	slices.Sort(deck)
	slices.Sort(after)
	eq(t, "same Arjuna cards", slices.Equal(deck, after), true)
	// The Place Protests column among spaces with Congress Activists.
	cands := g.spaceOptions(g.Decision(), "space:")
	for _, i := range cands {
		eq(t, g.space(i).Name+" has Activists", int(g.Sp[i].P[CongAct]) > 0, true)
	}
	want, _ := g.clone().npSelect(Congress, "place-protests", cands)
	npUntil(t, g, 1, nil)
	eq(t, "one Protest", g.protestsOnMap(), 1)
	eq(t, "placed by the column", g.Sp[want].Protest, true)
	if s, _ := npStep(g); s == "np-reset-protest" {
		t.Error("a second Protest asked for")
	}

	// A player Congress places no Protest.
	g = npCampaignAt(t, js, 1, "raj")
	npDrive(t, g, func(g *Game) bool { s, _ := npStep(g); return s == "choose" })
	eq(t, "no Protest", g.protestsOnMap(), 0)
}

func TestNPCampaignSoloVictory(t *testing.T) {
	congress := `"bihar":{"support":"active-opposition"},"united-provinces":{"support":"active-opposition"},
		"bombay-presidency":{"support":"active-opposition"},"madras-presidency":{"support":"active-opposition"},
		"central-provinces":{"support":"active-opposition"},"coastal-andhra":{"support":"active-opposition"},
		"gujarat":{"support":"active-opposition"}`
	league := `,"punjab":{"support":"active-opposition"},"west-bengal":{"support":"active-opposition"},
		"east-bengal":{"support":"active-opposition"},"sind":{"support":"active-opposition"},
		"northwest-frontier":{"support":"active-opposition"},"baluchistan":{"support":"active-opposition"},
		"assam":{"support":"active-opposition"}`
	npOthers := []string{"raj", "league", "rev"}

	// The lone player (Congress) above its threshold before the final Round:
	// the game goes on (8.10); with four players it would end (7.2).
	g := npCampaignAt(t, `{"gandhi":"hyderabad","spaces":{`+congress+`}}`, 1, npOthers...)
	eq(t, "Congress margin", g.Margin(Congress), 2)
	eq(t, "not over", g.Over, false)
	if _, _, ok := g.SoloOutcome(); ok {
		t.Error("an outcome before the end")
	}
	g4 := npCampaignAt(t, `{"gandhi":"hyderabad","spaces":{`+congress+`}}`, 1)
	eq(t, "four players: over", g4.Over, true)
	if _, _, ok := g4.SoloOutcome(); ok {
		t.Error("a 1-player outcome in a 4-player game")
	}

	// A Non-Player (the League) above its threshold ends the game, and wins
	// although the player's margin is higher.
	g = npCampaignAt(t, `{"gandhi":"hyderabad","spaces":{`+congress+league+`}}`, 1, npOthers...)
	eq(t, "League margin", g.Margin(League), 6)
	eq(t, "over", g.Over, true)
	title, text, ok := g.SoloOutcome()
	eq(t, "outcome", ok, true)
	eq(t, "League wins", title, g.arjuna.NPWinner(League).Title)
	eq(t, "text", text != "", true)

	// At the final Round the player ranks as usual: Congress 2 over a best
	// Non-Player margin of -14 wins by 16.
	g = npCampaignAt(t, `{"gandhi":"hyderabad","drawDeck":[3,4],"spaces":{`+congress+`}}`, 1, npOthers...)
	eq(t, "over", g.Over, true)
	eq(t, "Congress first", g.Result[0], Congress)
	title, _, ok = g.SoloOutcome()
	eq(t, "outcome", ok, true)
	eq(t, "player wins", title, g.arjuna.PlayerOutcome(Congress, 16).Title)
}

func TestNPCampaignSupportRollIsNPDie(t *testing.T) { // 8.9.2
	// The NP Raj's Support Phase die is the engine's own: the game's dice
	// stand where they would with a player Raj.
	js := `{"gandhi":"hyderabad","spaces":{"delhi":{"troop":1,"sepoy":1,"unrest":1}}}`
	np := npCampaignAt(t, js, 3, "raj")
	player := npCampaignAt(t, js, 3)
	eq(t, "NP Raj at the Support Phase", np.top().Step, "support-imperialism")
	eq(t, "player Raj at the Support Phase", player.top().Step, "support-imperialism")
	eq(t, "game dice", np.rng.Draws, player.rng.Draws)
	if b := np.np.Plan.Budget; b < 2 || b > 12 || b%2 != 0 {
		t.Errorf("rolled total %d", b)
	}
}

func TestNPCampaignPassNoFurtherEffect(t *testing.T) { // 8.1.4
	// NP Raj and NP Revolutionaries track no Resources: a Pass adds none.
	for _, f := range []Faction{Raj, Rev} {
		g := atNP(t, f, `{"spaces":{}}`, 1, f.ID())
		eq(t, f.String()+" Resources held", g.Resources[f], MaxResources)
		play(t, g, "pass")
		eq(t, f.String()+" Resources after a Pass", g.Resources[f], MaxResources)
	}
}

// soloCongress and soloLeague put Congress at margin 22 and the League at
// margin 6 (7.2).
const soloCongress = `"bihar":{"support":"active-opposition"},"united-provinces":{"support":"active-opposition"},
	"bombay-presidency":{"support":"active-opposition"},"madras-presidency":{"support":"active-opposition"},
	"central-provinces":{"support":"active-opposition"},"coastal-andhra":{"support":"active-opposition"},
	"gujarat":{"support":"active-opposition"}`
const soloLeague = `,"punjab":{"support":"active-opposition"},"west-bengal":{"support":"active-opposition"},
	"east-bengal":{"support":"active-opposition"},"sind":{"support":"active-opposition"},
	"northwest-frontier":{"support":"active-opposition"},"baluchistan":{"support":"active-opposition"},
	"assam":{"support":"active-opposition"}`

func TestNPCampaignSoloNPPassesAtFinalRound(t *testing.T) { // 7.1, 8.10
	// At the final Round's Victory Phase the League (a Non-Player) passes
	// its victory check: the player loses although Congress's margin is
	// higher, and the ranking says so.
	g := npCampaignAt(t, `{"gandhi":"hyderabad","drawDeck":[3,4],"spaces":{`+soloCongress+soloLeague+`}}`, 1, "raj", "league", "rev")
	eq(t, "final Round", g.finalCampaign(), true)
	eq(t, "over", g.Over, true)
	eq(t, "margins", [2]int{g.Margin(Congress), g.Margin(League)}, [2]int{22, 6})
	eq(t, "ranking", fmt.Sprint(g.Result), fmt.Sprint([]Faction{League, Rev, Raj, Congress}))
	title, _, ok := g.SoloOutcome()
	eq(t, "outcome", ok, true)
	eq(t, "League wins", title, g.arjuna.NPWinner(League).Title)

	// Before the final Round, the same: the player's margin counts for
	// nothing once a Non-Player passes (8.10), and the ranking agrees.
	g = npCampaignAt(t, `{"gandhi":"hyderabad","spaces":{`+soloCongress+soloLeague+`}}`, 1, "raj", "league", "rev")
	eq(t, "ranking", g.Result[0], League)
	eq(t, "player last", g.Result[3], Congress)

	// With two players and two Non-Players, 7.1 alike: all players lose.
	g = npCampaignAt(t, `{"gandhi":"hyderabad","spaces":{`+soloCongress+soloLeague+`}}`, 1, "league", "rev")
	eq(t, "Non-Players first", fmt.Sprint(g.Result[:2]), fmt.Sprint([]Faction{League, Rev}))
	if _, _, ok := g.SoloOutcome(); ok {
		t.Error("a 1-player outcome with two players")
	}

	// No Non-Player passing: the ranking is by margin (7.3), the player
	// first, and wins (8.10).
	g = npCampaignAt(t, `{"gandhi":"hyderabad","drawDeck":[3,4],"spaces":{`+soloCongress+`}}`, 1, "raj", "league", "rev")
	eq(t, "player first", g.Result[0], Congress)
}

func TestNPCampaignSoloTwoFactions(t *testing.T) { // 1.5, 8.10
	// One player runs Congress and the Muslim League against NP Raj and NP
	// Revolutionaries: the seat's margin is the lower of the two (1.5).
	js := `{"current":1,"upcoming":74,"drawDeck":[3,4],"gandhi":"hyderabad","spaces":{` + soloCongress + soloLeague + `}}`
	var p Position
	if err := json.Unmarshal([]byte(js), &p); err != nil {
		t.Fatal(err)
	}
	p.Restraint, p.Unity = 3, 3
	seats, _ := SeatsFor(3)
	g, err := New(testData(t), Setup{Position: &p, Seats: seats, NP: []string{"raj", "rev"}}, 1)
	if err != nil {
		t.Fatal(err)
	}
	eq(t, "1-player game", g.soloSeat() >= 0, true)
	eq(t, "over", g.Over, true)
	eq(t, "seat margin", g.SeatMargin(Congress), 6)
	eq(t, "player ranked first", fmt.Sprint(g.Result[:2]), fmt.Sprint([]Faction{League, Congress}))
	title, _, ok := g.SoloOutcome()
	eq(t, "outcome", ok, true)
	best := max(g.Margin(Raj), g.Margin(Rev))
	eq(t, "player wins by the lower margin", title, g.arjuna.PlayerOutcome(League, 6-best).Title)
	if 6-best < 6 {
		t.Fatalf("position gives a margin of %d, want 6 or more", 6-best)
	}
}
