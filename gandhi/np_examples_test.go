package gandhi

import (
	"strings"
	"testing"
)

// Worked examples of section 8 not pinned elsewhere. The others are:
// 8.1.2 TestNPRevRandomSpaceExample; 8.1.5 TestNPRajDeployGetExample; 8.4.1
// TestNPNVExampleCivilDisobedience; 8.5 TestNPRajAssaultExample; 8.7
// TestNPNVExampleCardH, TestNPNVExampleCardN; 8.7.1 TestNPRajGovernExample;
// 8.8.4 TestNPEventChauriChaura*, TestNPEventPakistanDeclaration*; 8.8.5
// TestNPEventSuryaSenShiftColumn.

// 8.6 EXAMPLE of Instructions: NP Muslim League Rallies; after placing its
// pieces it moves a Muslim League Activist from Out of Play to Available
// (fewer than three of its Activists are in Jail, so none are released).
func TestNPExampleLeagueRallyThenOutOfPlay(t *testing.T) {
	g := atNV(t, League, "M", `{"unity":3,"outOfPlay":{"league":2},"jail":{"league":1},"spaces":{
		"sind":{"league":1},"punjab":{"league":1}}}`, "league")
	npUntil(t, g, 40, nvOpDone)
	eq(t, "Operation", g.turn.Op, "league-rally")
	eq(t, "Muslim League Activists Out of Play", g.OOP[LeagueAct], 1)
	eq(t, "Muslim League Activists in Jail", g.Jail[1], 1)
	if nvOnMap(g, LeagueAct) <= 2 {
		t.Errorf("no Activist placed before the Out of Play move:\n%s", strings.Join(g.LogText, "\n"))
	}
}

// 8.5 EXAMPLE, second part: NP Raj Governs in Punjab with Imperialism and
// removes the Unrest marker first, then the Muslim State marker.
func TestNPExampleGovernUnrestThenMuslimState(t *testing.T) {
	g := atNP(t, Raj, `{"spaces":{"punjab":{"sepoy":1,"unrest":1,"muslimState":true}}}`, 1, "raj")
	npRajCard(t, g, "D") // Restraint 3: DD, Deploy then Govern with Imperialism first
	npUntil(t, g, 100, npRajAtStep("imperialism"))
	if !npRajAtStep("imperialism")(g) || g.space(g.top().Space).ID != "punjab" {
		t.Fatalf("no Imperialism in Punjab:\n%s", strings.Join(g.LogText, "\n"))
	}
	npRajDice(t, g, 2)
	npUntil(t, g, 100, func(g *Game) bool { return g.turn.SADone })
	p := g.sp("punjab")
	eq(t, "Punjab Unrest", int(p.Unrest), 0)
	eq(t, "Punjab Muslim State", p.MuslimState, false)
	eq(t, "Punjab Support (the roll is spent)", int(p.Support), 0)
	unrest, state := -1, -1
	for k, l := range g.LogText {
		if !strings.Contains(l, "Imperialism in Punjab") {
			continue
		}
		if unrest < 0 && strings.Contains(l, "unrest") {
			unrest = k
		}
		if state < 0 && strings.Contains(l, "muslim-state") {
			state = k
		}
	}
	if unrest < 0 || state < 0 || unrest > state {
		t.Errorf("Unrest (line %d) must go before the Muslim State (line %d):\n%s", unrest, state, strings.Join(g.LogText, "\n"))
	}
}
