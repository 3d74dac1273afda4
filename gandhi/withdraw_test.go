package gandhi

import (
	"strings"
	"testing"
)

// Voluntary removal (1.4.1): a Muslim League player with every Activist on
// the map is offered, while executing an Operation, to take some back to
// Available, and then Rallies with them; a Non-Player League is not (it
// skips what it cannot place), nor is a faction with pieces Available.
func TestVoluntaryRemoval(t *testing.T) {
	pos := withFields(map[string]string{"current": "5", "upcoming": "6", "acting": `"league"`,
		"spaces": `{"bihar":{"league":8},"punjab":{"league":8,"league-base":1},"sind":{"league-base":1}}`})
	g, err := loadPos(t, pos, 1)
	if err != nil {
		t.Fatal(err)
	}
	eq(t, "League Activists Available", g.Avail[LeagueAct], 0)
	var rally string
	for _, o := range g.Decision().Options {
		if strings.HasPrefix(o.ID, "op:") && strings.Contains(strings.ToLower(o.Label), "rally") {
			rally = o.ID
		}
	}
	if rally == "" {
		t.Fatalf("no Rally for the League: %v", g.Decision().Options)
	}
	play(t, g, rally)
	if _, ok := g.Decision().Find("withdraw"); !ok {
		t.Fatalf("no voluntary removal offered: %v", g.Decision().Options)
	}
	play(t, g, "withdraw")
	d := g.Decision()
	if _, ok := d.Find("wd:bihar:league"); !ok || d.Rule != "1.4.1" {
		t.Fatalf("removal options: %v (rule %s)", d.Options, d.Rule)
	}
	for _, o := range d.Options {
		if strings.Contains(o.ID, "congress") || strings.Contains(o.ID, "troop") {
			t.Fatalf("another faction's piece offered: %s", o.ID)
		}
	}
	play(t, g, "wd:bihar:league", "wd:bihar:league")
	eq(t, "League Activists Available", g.Avail[LeagueAct], 2)
	eq(t, "Bihar", int(g.sp("bihar").P[LeagueAct]), 6)
	if !strings.Contains(strings.Join(g.LogText, "\n"), "Muslim League removes one Muslim League Activist from Bihar to Available (1.4.1).") {
		t.Errorf("not logged:\n%s", strings.Join(g.LogText[max(0, len(g.LogText)-5):], "\n"))
	}
	if err := g.Apply("wd:sind:league"); err == nil || !strings.Contains(err.Error(), "rule 1.4.1") {
		t.Errorf("removing what is not there: %v", err)
	}
	play(t, g, "done")
	if g.top().Step != "op" {
		t.Fatalf("after the removal: step %s", g.top().Step)
	}
	if _, ok := g.Decision().Find("withdraw"); ok {
		t.Error("removal still offered with Activists Available")
	}

	// A Non-Player League is never offered it.
	p, _ := ParsePosition([]byte(pos))
	h, err := New(testData(t), Setup{Position: p, NP: []string{"league"}}, 1)
	if err != nil {
		t.Fatal(err)
	}
	if h.mayWithdraw(League) {
		t.Error("a Non-Player is offered voluntary removal")
	}
}

// Resources between the Raj and the Revolutionaries (1.5): with one player
// running both, the Raj executing an Operation may give the Revolutionaries
// Resources (no agreement needed), within the track's 50; not with two
// players, nor for the other factions.
func TestRajRevTransfer(t *testing.T) {
	pos := withFields(map[string]string{"current": "5", "upcoming": "6", "acting": `"raj"`, "resources": `{"raj":20,"rev":44}`})
	open := func(seats []int) *Game {
		p, err := ParsePosition([]byte(pos))
		if err != nil {
			t.Fatal(err)
		}
		g, err := New(testData(t), Setup{Position: p, Seats: seats}, 1)
		if err != nil {
			t.Fatal(err)
		}
		return g
	}
	op := func(g *Game) {
		t.Helper()
		for _, o := range g.Decision().Options {
			if strings.HasPrefix(o.ID, "op:") {
				play(t, g, o.ID)
				return
			}
		}
		t.Fatalf("no Operation: %v", g.Decision().Options)
	}
	g := open([]int{0, 1, 1, 0})
	op(g)
	if _, ok := g.Decision().Find("transfer"); !ok {
		t.Fatalf("no transfer offered: %v", g.Decision().Options)
	}
	play(t, g, "transfer", "give:5")
	eq(t, "Raj", g.Resources[Raj], 15)
	eq(t, "Rev", g.Resources[Rev], 49)
	if _, ok := g.Decision().Find("give:5"); ok {
		t.Error("a transfer past the track's 50 is offered")
	}
	if err := g.Apply("give:5"); err == nil || !strings.Contains(err.Error(), "rule 1.5") {
		t.Errorf("giving past 50: %v", err)
	}
	play(t, g, "give:1", "done")
	eq(t, "Rev", g.Resources[Rev], 50)
	if !strings.Contains(strings.Join(g.LogText, "\n"), "British Raj transfers 5 Resources to the Revolutionaries (1.5).") {
		t.Error("the transfer is not logged")
	}
	if _, ok := g.Decision().Find("transfer"); ok {
		t.Error("transfer offered with the Revolutionaries at 50")
	}
	// Two players each running one: no transfer without an agreement.
	h := open(nil)
	op(h)
	if _, ok := h.Decision().Find("transfer"); ok {
		t.Error("transfer offered between two players")
	}
}
