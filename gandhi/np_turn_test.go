package gandhi

import (
	"strings"
	"testing"

	"durbar/core"
)

// The Non-Player's turn (8.2, 8.3, 8.4.1, 8.5, 8.6): NP Eligibility, reading
// the Arjuna card, Space Selection and Adversary Priorities, through the
// real decision model.

// npNoFallback fails when a decision fell back to a generic choice, or when
// a line of the Non-Player's turn does not name the Arjuna card behind it.
func npNoFallback(t *testing.T, g *Game) {
	t.Helper()
	for _, l := range g.LogText {
		if strings.Contains(l, "no Arjuna instruction applies") {
			t.Fatalf("fallback decision: %s\n%s", l, strings.Join(g.LogText, "\n"))
		}
		if strings.HasPrefix(l, "  [Arjuna] ") && !strings.Contains(l, "Arjuna card") {
			t.Errorf("a decision of the turn names no Arjuna card: %s", l)
		}
	}
}

// npTurnOver: faction f has finished its turn on the current card.
func npTurnOver(f Faction) func(*Game) bool {
	return func(g *Game) bool { return g.card.Done[f] && (len(g.stack) == 0 || g.top().F != f) }
}

// Card 5 (Khilafat Movement): order Raj, League, Rev, Congress; a Critical
// Event for the League only; its unshaded text is not effective for the Raj.
// Card B's front sends the Raj to BB (fewer than two spaces with an
// Underground Guerrilla), whose Govern comes before the Operation, then
// "a space for Assault?" leads to Assault.
const npBBPosition = `{"current":5,"upcoming":2,"drawDeck":[3,4,6,7,8,74,9,10],%s"spaces":{
	"punjab":{"troop":2,"active-guerrilla":2},"bihar":{"troop":1,"protest":true}}}`

func npBB(t *testing.T, eligible string) *Game {
	t.Helper()
	g := atNP(t, Raj, strings.Replace(npBBPosition, "%s", eligible, 1), 1, "raj")
	npRajCard(t, g, "B")
	return g
}

// 8.2/8.3: the 1st Eligible chooses Operation only when the card is a
// Critical Event for the next Eligible faction, and then skips every Special
// Activity instruction — here one placed before the Operation (BB) — and
// still reaches the Operation behind the condition box.
func TestNPOperationOnlySkipsSpecialActivity(t *testing.T) {
	g := npBB(t, `"eligible":{"raj":true,"league":true},`)
	npUntil(t, g, 100, npTurnOver(Raj))
	npNoFallback(t, g)
	eq(t, "mode", g.np.Plan.Mode, "op-only")
	eq(t, "1st Eligible did", g.card.FirstDid, "op")
	eq(t, "Bihar Protest (no Govern)", g.sp("bihar").Protest, true)
	eq(t, "Punjab Guerrillas (Assault)", g.guerrillas(g.idx("punjab")), 0)
	if !npRajLogHas(g, "Arjuna card BB, box bb1: no Special Activity with an Operation only") {
		t.Errorf("the skipped Special Activity is not logged:\n%s", strings.Join(g.LogText, "\n"))
	}
}

// 8.3: with Operation plus Special Activity, BB's Govern comes first, then
// the reading goes on through the condition box to the Assault chosen when
// the card was read.
func TestNPSpecialActivityBeforeOperation(t *testing.T) {
	g := npB(t)
	npUntil(t, g, 100, npTurnOver(Raj))
	npNoFallback(t, g)
	eq(t, "mode", g.np.Plan.Mode, "op-sa")
	eq(t, "Bihar Protest removed by Govern", g.sp("bihar").Protest, false)
	eq(t, "Punjab Guerrillas", g.guerrillas(g.idx("punjab")), 0)
	govern, assault := npRajLogIndex(g, "begins Govern"), npRajLogIndex(g, "Assault in Punjab by the")
	if govern < 0 || assault < 0 || govern > assault {
		t.Errorf("Govern (%d) must come before the Assault (%d):\n%s", govern, assault, strings.Join(g.LogText, "\n"))
	}
	if !npRajLogHas(g, "Arjuna card B, box b1 (underground-guerrilla-spaces-at-least 2) no, flip to card BB, box bb1 (Special Activity first), box bb2 (assault-spaces-at-least 1) yes, box bb3: Assault") {
		t.Errorf("the reading of the card is not logged:\n%s", strings.Join(g.LogText, "\n"))
	}
}

func npB(t *testing.T) *Game { return npBB(t, "") }

// 8.2 2nd Eligible after the 1st Eligible's Event: the procedure's row
// "the 1st Eligible executed an Operation only or the Current Event is not
// effective: a Limited Operation" applies as written, so a Non-Player for
// which the Event would not be effective executes a Limited Operation.
func TestNPSecondEligibleAfterEvent(t *testing.T) {
	g := npB(t)
	g.card.NActed, g.card.FirstDid = 1, "event"
	g.card.Acted[League], g.card.Done[League] = true, true
	if g.npEventEffective(g.Current, Raj) {
		t.Fatal("the position's Event is effective for the Raj")
	}
	npUntil(t, g, 100, npTurnOver(Raj))
	npNoFallback(t, g)
	eq(t, "mode", g.np.Plan.Mode, "limited")
	if !npRajLogHas(g, "NP Eligibility table gives limited-op (8.2)") || npRajLogHas(g, "begins Govern") {
		t.Errorf("no Limited Operation, or a Special Activity:\n%s", strings.Join(g.LogText, "\n"))
	}
}

// 8.2 2nd Eligible after the 1st Eligible's Operation plus Special Activity,
// the Event not effective: a Limited Operation, one space, no Special
// Activity (2.3.5).
func TestNPSecondEligibleLimited(t *testing.T) {
	g := atNP(t, Raj, `{"current":5,"upcoming":2,"drawDeck":[3,4,6,7,8,74,9,10],"spaces":{
		"punjab":{"troop":2,"active-guerrilla":1},"sind":{"troop":2,"active-guerrilla":1},"bihar":{"troop":1,"protest":true}}}`, 1, "raj")
	npRajCard(t, g, "B")
	g.card.NActed, g.card.FirstDid = 1, "opsa"
	g.card.Acted[League], g.card.Done[League] = true, true
	npUntil(t, g, 100, npTurnOver(Raj))
	npNoFallback(t, g)
	eq(t, "mode", g.np.Plan.Mode, "limited")
	eq(t, "Bihar Protest (no Govern)", g.sp("bihar").Protest, true)
	eq(t, "Assault spaces", g.guerrillas(g.idx("punjab"))+g.guerrillas(g.idx("sind")), 1)
}

// 8.3: when no card of the faction gives an Operation that can be carried
// out, every card is read once, then the faction Passes.
func TestNPNoCardGivesAnOperation(t *testing.T) {
	g := atNP(t, Raj, `{"outOfPlay":{"troop":15,"sepoy":45},"spaces":{}}`, 1, "raj")
	id, why, err := g.NPChoice()
	if err != nil {
		t.Fatal(err)
	}
	eq(t, "choice", id, "pass")
	if !strings.Contains(why, "every Arjuna card of the faction has been read") {
		t.Errorf("why = %q", why)
	}
	npUntil(t, g, 1, nil)
	eq(t, "cards drawn", g.np.Plan.Draws, 6)
}

// 8.5 Target Faction: once a faction's piece is taken, its remaining pieces
// come next — the Revolutionaries' Base after their Guerrilla (Bases last),
// before the player Congress's Activist that ranks above the Base.
func TestNPTargetFactionContinues(t *testing.T) {
	g := atNP(t, Raj, `{"restraint":2,"spaces":{
		"bihar":{"troop":1,"sepoy":1,"active-guerrilla":1,"rev-base":1,"congress":1,"protest":true}}}`, 1, "raj")
	npRajCard(t, g, "D") // Restraint 2: Assault
	npUntil(t, g, 100, npRajAfterSpaces(1))
	b := g.sp("bihar")
	eq(t, "Guerrillas", g.guerrillas(g.idx("bihar")), 0)
	eq(t, "Revolutionaries Base", int(b.P[RevBase]), 0)
	eq(t, "Congress Activist", int(b.P[CongAct]), 1)
	if !npRajLogHas(g, "row 5: rev-base of a player; the targeted faction's remaining pieces first (8.5)") {
		t.Errorf("continuation not logged:\n%s", strings.Join(g.LogText, "\n"))
	}
	npUntil(t, g, 100, npTurnOver(Raj))
	npNoFallback(t, g)
	if !npRajLogHas(g, "Arjuna card D, box d2: Activation roll") {
		t.Errorf("the Activation roll does not name its card:\n%s", strings.Join(g.LogText, "\n"))
	}
}

// 8.1.3: while the Raj is a Non-Player, Non-Players put no forces or
// Strikes on Railways: columns that place prefer any other space, and the
// Operations that place skip Railways altogether.
func TestNPRailwaysOnlyAgainstPlayerRaj(t *testing.T) {
	g := atNP(t, Rev, `{"spaces":{}}`, 1, "raj", "rev")
	rail, prov := g.idx("rail-bombay-delhi"), g.idx("sind")
	for k := 0; k < 20; k++ {
		if i, _ := g.npSelect(Rev, "place-guerrillas", []int{rail, prov}); i != prov {
			t.Fatalf("placing on a Railway while the Raj is a Non-Player")
		}
	}
	if i, _ := g.npSelect(Rev, "place-guerrillas", []int{rail}); i != rail {
		t.Errorf("a lone Railway must still be selectable when the caller cannot decline")
	}
	eq(t, "Rally spaces", len(g.npOpOffRailways("rev-rally", []int{rail, prov})), 1)
	eq(t, "March origins", len(g.npOpOffRailways("march", []int{rail, prov})), 2)
	eq(t, "NP Raj Sweep into a Railway", g.npSweepDest(rail), false)

	p := atNP(t, Rev, `{"spaces":{}}`, 1, "rev") // the Raj is a player
	eq(t, "Rally spaces (player Raj)", len(p.npOpOffRailways("rev-rally", []int{rail, prov})), 2)
	eq(t, "column (player Raj)", len(p.npOffRailways("place-guerrillas", []int{rail, prov})), 2)
}

// Set-up: NP Congress places Gandhi in a 2-Pop space chosen at random
// (the Main scenario's NP line, 8.1.2): over seeds, always a 2-Pop space,
// and not always the same one.
func TestNPSetupGandhi(t *testing.T) {
	seen := map[string]bool{}
	for seed := uint64(1); seed <= 30; seed++ {
		g, err := New(testData(t), Setup{Scenario: "main", NP: allNP}, seed)
		if err != nil {
			t.Fatal(err)
		}
		if g.top().Step != "setup-gandhi" {
			t.Skip("the scenario does not have Congress place Gandhi")
		}
		id, why, err := g.NPChoice()
		if err != nil {
			t.Fatal(err)
		}
		i := g.parseSpace(id, "space:")
		if g.space(i).Pop != 2 || !strings.Contains(why, "2-Pop space chosen at random (Random Spaces") {
			t.Fatalf("seed %d: %s, Pop %d (%s)", seed, id, g.space(i).Pop, why)
		}
		seen[id] = true
	}
	if len(seen) < 4 {
		t.Fatalf("thirty seeds chose only %v", seen)
	}
}

// Random Railways (8.1.3): the highest Econ first.
func TestNPBreakTieRailways(t *testing.T) {
	g := atNP(t, Raj, `{"spaces":{}}`, 1, "raj")
	var rails []int
	best := 0
	for i := range g.Sp {
		if g.isRailway(i) {
			rails = append(rails, i)
			best = max(best, g.space(i).Econ)
		}
	}
	for k := 0; k < 30; k++ {
		if i := g.npBreakTie(rails); g.space(i).Econ != best {
			t.Fatalf("%s (Econ %d) selected, the highest Econ is %d", g.space(i).Name, g.space(i).Econ, best)
		}
	}
}

// 8.2 "guaranteed to be 1st Eligible on the Upcoming card": a faction that
// acted but an Event kept Eligible may still come first there.
func TestNPGuaranteedFirstNextStayEligible(t *testing.T) {
	// Card 2's order: Rev, League, Congress, Raj.
	g := atNP(t, Raj, `{"current":5,"upcoming":2,"drawDeck":[3,4,6,7,8,74,9,10],"spaces":{}}`, 1, "raj")
	for _, h := range []Faction{Rev, League, Congress} {
		g.card.Acted[h] = true
	}
	eq(t, "guaranteed", g.GuaranteedFirstNext(Raj), true)
	g.card.StayEligible[League] = true
	eq(t, "guaranteed with the League kept Eligible", g.GuaranteedFirstNext(Raj), false)
}

// The generic fallback never begins a Special Activity (8.3, 8.7).
func TestNPFallbackNeverBeginsSpecialActivity(t *testing.T) {
	g := atNP(t, Raj, `{"spaces":{}}`, 1, "raj")
	d := core.Decision{Options: []core.Option{{ID: "sa:treaty"}, {ID: "space:bihar"}, {ID: "sa:govern"}}}
	for k := 0; k < 20; k++ {
		if id := g.npFallback(d); id != "space:bihar" {
			t.Fatalf("fallback chose %s", id)
		}
	}
}

// 8.6.2: NP Raj's Activation Number is Restraint, 1 for Assault under Lord
// Chelmsford, Sweep under Lord Irwin and Deploy under Lord Willingdon; NP
// Revolutionaries' is the card's.
func TestNPActivationNumbers(t *testing.T) {
	for _, tc := range []struct {
		viceroy, op string
		want        int
	}{
		{"chelmsford", "assault", 1}, {"chelmsford", "sweep", 4}, {"irwin", "sweep", 1}, {"irwin", "deploy", 4},
		{"willingdon", "deploy", 1}, {"willingdon", "assault", 4}, {"reading", "assault", 4}, {"wavell", "deploy", 4},
	} {
		g := atNP(t, Raj, `{"restraint":4,"viceroy":"`+tc.viceroy+`","spaces":{}}`, 1, "raj")
		g.np.Plan = npPlan{F: Raj, Card: -1}
		g.npStartOp(&ArjunaBox{Op: tc.op, Activation: &ArjunaActivation{Restraint: true}})
		eq(t, tc.viceroy+" "+tc.op, g.np.Plan.Act, tc.want)
	}
	g := atNP(t, Rev, `{"restraint":4,"spaces":{}}`, 1, "rev")
	g.np.Plan = npPlan{F: Rev, Card: -1}
	g.npStartOp(&ArjunaBox{Op: "attack", Activation: &ArjunaActivation{N: 2}})
	eq(t, "Revolutionaries' card", g.np.Plan.Act, 2)
}

// 8.6.2: NP Raj rolls against its Activation Number only after a space where
// Sepoys operated.
func TestNPRajRollsOnlyAfterSepoys(t *testing.T) {
	g := atNP(t, Raj, `{"restraint":2,"spaces":{
		"punjab":{"troop":1,"active-guerrilla":1},"sind":{"troop":1,"active-guerrilla":1}}}`, 1, "raj")
	npRajCard(t, g, "D") // Restraint 2: Assault
	npUntil(t, g, 200, npTurnOver(Raj))
	npNoFallback(t, g)
	eq(t, "Assault spaces", g.turn.NOpSpaces, 2)
	if npRajLogHas(g, "Activation roll") {
		t.Errorf("a roll with Troops only:\n%s", strings.Join(g.LogText, "\n"))
	}
}
