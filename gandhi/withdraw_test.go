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
