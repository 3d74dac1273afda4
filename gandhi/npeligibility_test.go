package gandhi

import (
	"slices"
	"strconv"
	"strings"
	"testing"
)

func always(int, Faction) bool { return true }
func never(int, Faction) bool  { return false }

// onCards builds the sequence-test position on given current and upcoming
// cards with every faction Eligible.
func onCards(t *testing.T, current, upcoming int) *Game {
	t.Helper()
	js := strings.Replace(seqPos, "{", `{"eligible":{"raj":true,"congress":true,"league":true,"rev":true},"current":`+itoa(current)+`,"upcoming":`+itoa(upcoming)+`,"drawDeck":[7,8,9],`, 1)
	return at(t, Raj, js, 1)
}

func itoa(n int) string { return strconv.Itoa(n) }

func npAct(t *testing.T, g *Game, f Faction, eff EffectiveFunc) string {
	t.Helper()
	a, err := DefaultArjuna()
	if err != nil {
		t.Fatal(err)
	}
	act, err := g.NPEligibility(a, f, eff)
	if err != nil {
		t.Fatal(err)
	}
	return act
}

func TestNPEligibilityFirst(t *testing.T) { // 8.2
	// Card 32: Congress first, Critical for Congress. Card 4: Congress first,
	// Critical for Congress. Card 2: Revolutionaries and League lead.
	g := onCards(t, 32, 2)
	eq(t, "critical and effective: Event", npAct(t, g, Congress, always), "event")
	eq(t, "not effective: Op with Special Activity", npAct(t, g, Congress, never), "op-sa")
	g = onCards(t, 32, 4)
	eq(t, "guaranteed 1st on a Critical upcoming card: Pass", npAct(t, g, Congress, never), "pass")
	// Card 5: Raj first, Critical for the Muslim League, which is next.
	g = onCards(t, 5, 2)
	eq(t, "Critical for the next Eligible: Operation only", npAct(t, g, Raj, always), "op-only")
}

func TestNPEligibilitySecond(t *testing.T) { // 8.2
	g := onCards(t, 1, 2)
	play(t, g, opWithSA(Congress)...)
	eq(t, "Raj is 2nd Eligible", g.Decision().Role, "raj")
	eq(t, "after Op+SA, an effective Event", npAct(t, g, Raj, always), "event")
	eq(t, "after Op+SA, no effective Event: Limited Op", npAct(t, g, Raj, never), "limited-op")

	g = onCards(t, 1, 2)
	play(t, g, opOnly[Congress]...)
	eq(t, "after an Operation only: Limited Op", npAct(t, g, Raj, always), "limited-op")

	// An upcoming card led by Congress then the Raj, Critical for the Raj:
	// with Congress Ineligible after acting, the Raj is sure to be 1st there.
	d := testData(t)
	up := 0
	for _, n := range d.Deck.Events {
		c := d.Deck.Cards[n]
		if n != 1 && c.Order[0] == Congress && c.Order[1] == Raj && slices.Contains(c.Critical, Raj) {
			up = n
		}
	}
	if up == 0 {
		t.Skip("no such card in this edition")
	}
	g = onCards(t, 1, up)
	play(t, g, opOnly[Congress]...)
	eq(t, "guaranteed", g.GuaranteedFirstNext(Raj), true)
	eq(t, "Pass to take the Critical Event next", npAct(t, g, Raj, always), "pass")
}

func TestNPEligibilityConditionsAreKnown(t *testing.T) {
	a, err := DefaultArjuna()
	if err != nil {
		t.Fatal(err)
	}
	g := onCards(t, 1, 2)
	for _, rows := range [][]NPEligibilityRow{a.Eligibility.First, a.Eligibility.Second} {
		for _, r := range rows {
			for _, c := range append(append([]string{}, r.All...), r.Any...) {
				if _, err := g.npCondition(c, Raj, always); err != nil {
					t.Error(err)
				}
			}
		}
	}
}
