package gandhi

import (
	"strings"
	"testing"
)

// A position where every faction has a simple Operation and Special Activity.
const seqPos = `{"gandhi":"hyderabad","resources":{"raj":20,"rev":5},"spaces":{
	"rail-bombay-raichur":{"sepoy":1,"strike":true},
	"gujarat":{"congress":1},"sind":{"league":1,"sepoy":1},"bihar":{"guerrilla":1}}}`

var opOnly = map[Faction][]string{
	Raj:      {"op:deploy", "space:delhi", "troop", "done", "done", "done", "end"},
	Congress: {"op:congress-rally", "space:gujarat", "place:1", "done", "skip", "end"},
	League:   {"op:league-rally", "space:sind", "place:1", "done", "skip", "end"},
	Rev:      {"op:rev-rally", "space:assam", "guerrillas", "done", "end"},
}

var saOf = map[Faction][]string{
	Raj:      {"sa:govern", "space:rail-bombay-raichur", "strike", "done"},
	Congress: {"sa:satyagraha", "space:orissa", "activist", "done"},
	League:   {"sa:league-infiltrate", "space:sind", "replace:sepoy", "done"},
	Rev:      {"sa:aid", "space:bihar", "resources", "done"},
}

func opWithSA(f Faction) []string {
	ops := opOnly[f]
	return append(append(append([]string{}, ops[:len(ops)-1]...), saOf[f]...), "end")
}

func allEligible(t *testing.T) *Game {
	js := strings.Replace(seqPos, "{", `{"eligible":{"raj":true,"congress":true,"league":true,"rev":true},`, 1)
	return at(t, Raj, js, 1)
}

func TestSecondEligibleAfterOperationOnly(t *testing.T) {
	g := allEligible(t)
	order := g.deck.Cards[g.Current].Order
	eq(t, "1st Eligible is the leftmost icon", g.Decision().Role, order[0].ID())
	play(t, g, opOnly[order[0]]...)
	d := g.Decision()
	eq(t, "2nd Eligible", d.Role, order[1].ID())
	for _, o := range d.Options {
		if strings.HasPrefix(o.ID, "event:") {
			t.Errorf("Event offered after an Operation only (2.3.4)")
		}
		if strings.HasPrefix(o.ID, "op:") && !strings.HasPrefix(o.Label, "Limited Operation") {
			t.Errorf("full Operation offered after an Operation only: %s", o.Label)
		}
	}
	// A Limited Operation: one space, no Special Activity (2.3.5).
	ops := opOnly[order[1]]
	play(t, g, ops[:3]...)
	for _, id := range ids(g.Decision()) {
		if strings.HasPrefix(id, "sa:") {
			t.Errorf("Special Activity offered in a Limited Operation")
		}
		if strings.HasPrefix(id, "space:") && g.Decision().Rule != "6.8" {
			t.Errorf("a second space offered in a Limited Operation: %s", id)
		}
	}
	play(t, g, ops[3:]...)
	// Both executed: they are Ineligible for the next card, the others are 1st/2nd.
	eq(t, "next card", g.Current, 2)
	eq(t, "ineligible 1", g.Eligible[order[0]], false)
	eq(t, "ineligible 2", g.Eligible[order[1]], false)
	first := g.Decision().Role
	if first == order[0].ID() || first == order[1].ID() {
		t.Errorf("an Ineligible faction acts on the next card")
	}
}

func TestSecondEligibleAfterOperationWithSpecialActivity(t *testing.T) {
	g := allEligible(t)
	order := g.deck.Cards[g.Current].Order
	play(t, g, opWithSA(order[0])...)
	eq(t, "first did op+SA", g.card.FirstDid, "opsa")
	for _, o := range g.Decision().Options {
		if strings.HasPrefix(o.ID, "op:") && !strings.HasPrefix(o.Label, "Limited Operation") {
			t.Errorf("full Operation offered after Op+SA: %s", o.Label)
		}
	}
}

func TestEligibilityAcrossCards(t *testing.T) {
	g := allEligible(t)
	c1 := g.deck.Cards[g.Current].Order
	play(t, g, "pass")
	eq(t, "the next faction replaces the passer", g.Decision().Role, c1[1].ID())
	play(t, g, opOnly[c1[1]]...)
	eq(t, "2nd Eligible is the next one", g.Decision().Role, c1[2].ID())
	play(t, g, "pass")
	eq(t, "then the last", g.Decision().Role, c1[3].ID())
	play(t, g, "pass")
	// Card 2: only c1[1] (which acted) is Ineligible; passers stay Eligible.
	eq(t, "card 2", g.Current, 2)
	for f := Faction(0); f < NumFactions; f++ {
		eq(t, f.String()+" eligible", g.Eligible[f], f != c1[1])
	}
	// After sitting out a card, a faction is Eligible again (ineligible only
	// for the next card, not through it).
	for g.Current == 2 {
		play(t, g, "pass")
	}
	eq(t, "card 3", g.Current, 3)
	eq(t, "Eligible again", g.Eligible[c1[1]], true)
}

func TestPassRewards(t *testing.T) {
	g := at(t, Raj, `{"resources":{"raj":10,"rev":1},"outOfPlay":{"congress":2,"league":2},"eligible":{"raj":true,"congress":true,"league":true,"rev":true},"spaces":{}}`, 1)
	order := g.deck.Cards[g.Current].Order
	unity := g.Unity
	for _, f := range order {
		eq(t, "turn", g.Decision().Role, f.ID())
		play(t, g, "pass")
		switch f {
		case Congress:
			play(t, g, "oop:league") // the other NV faction's Activist: Unity +1
		case League:
			play(t, g, "oop:league")
		}
	}
	eq(t, "Raj +3", g.Resources[Raj], 13)
	eq(t, "Rev +1", g.Resources[Rev], 2)
	eq(t, "League Activists to Available", g.OOP[LeagueAct], 0)
	eq(t, "Unity +1", g.Unity, unity+1)
}

func TestNVSpaceLimitIsPerOperation(t *testing.T) {
	// Restraint 2: two spaces without Protest or Gandhi, however many others.
	g := at(t, Congress, `{"restraint":2,"gandhi":"orissa","spaces":{"gujarat":{"congress":1},"sind":{"congress":1},"assam":{"congress":1},"bihar":{"congress":1,"protest":true}}}`, 1)
	play(t, g, "op:congress-civil-disobedience", "space:bihar", "done", "space:orissa", "done", "space:gujarat", "done", "space:sind", "done")
	mustOffer(t, g, "space:assam", false)
}

func TestRandomSpaces(t *testing.T) { // 8.1.2 example: dice 3 and 5
	g := at(t, Rev, `{"spaces":{}}`, 1)
	name := func(i int) string { return g.space(i).ID }
	all := func(int) bool { return true }
	eq(t, "3-5", name(g.randomSpaceFrom(2, 4, all)), "east-bengal")
	not := func(ids ...string) func(int) bool {
		return func(i int) bool {
			for _, id := range ids {
				if name(i) == id {
					return false
				}
			}
			return true
		}
	}
	eq(t, "then 3-6", name(g.randomSpaceFrom(2, 4, not("east-bengal"))), "calcutta")
	eq(t, "then 4-1", name(g.randomSpaceFrom(2, 4, not("east-bengal", "calcutta"))), "sind")
	eq(t, "then 4-2", name(g.randomSpaceFrom(2, 4, not("east-bengal", "calcutta", "sind"))), "gujarat")
	eq(t, "6-6 wraps to 1-1", name(g.randomSpaceFrom(5, 5, not("central-india-agency"))), "northwest-frontier")
	eq(t, "none eligible", g.randomSpaceFrom(0, 0, func(int) bool { return false }), -1)
}
