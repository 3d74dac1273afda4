package gandhi

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"durbar/core"
)

// at builds a game from a partial position written as JSON: the given
// faction alone is Eligible on an Event card, Available pieces are computed,
// and the Viceroy defaults to Lord Linlithgow (whose capability touches only
// Martial Law). Seed chooses the dice.
func at(t *testing.T, f Faction, js string, seed uint64) *Game {
	t.Helper()
	return atNP(t, f, js, seed)
}

// atNP is at with some factions run by the Non-Player engine.
func atNP(t *testing.T, f Faction, js string, seed uint64, np ...string) *Game {
	t.Helper()
	var p Position
	dec := json.NewDecoder(strings.NewReader(js))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&p); err != nil {
		t.Fatalf("position: %v", err)
	}
	if p.Gandhi == "" {
		p.Gandhi = "jail"
	}
	if p.Restraint == 0 {
		p.Restraint = 3
	}
	if p.Unity == 0 {
		p.Unity = 3
	}
	if p.Viceroy == "" {
		p.Viceroy = "linlithgow"
	}
	if p.Current == 0 {
		// A Campaign card in the deck: Lord Reading's, unless he is the
		// Viceroy (each card exists once).
		camp := 74
		if p.Viceroy == "reading" {
			camp = 75
		}
		p.Current, p.Upcoming, p.DrawDeck = 1, 2, []int{3, 4, 5, 6, 7, 8, camp, 9, 10}
	}
	if p.Eligible == nil {
		p.Eligible = map[string]bool{}
		for h := Faction(0); h < NumFactions; h++ {
			p.Eligible[h.ID()] = h == f
		}
	}
	g, err := New(testData(t), Setup{Position: &p, NP: np}, seed)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// play applies option ids in order, failing the test on the first refusal.
func play(t *testing.T, g *Game, ids ...string) {
	t.Helper()
	for _, id := range ids {
		if err := g.Apply(id); err != nil {
			t.Fatalf("apply %q: %v", id, err)
		}
		if err := g.CheckInvariants(); err != nil {
			t.Fatalf("after %q: %v", id, err)
		}
	}
}

func ids(d core.Decision) []string {
	var out []string
	for _, o := range d.Options {
		out = append(out, o.ID)
	}
	return out
}

func offered(g *Game, id string) bool { return slices.Contains(ids(g.Decision()), id) }

func mustOffer(t *testing.T, g *Game, id string, want bool) {
	t.Helper()
	if offered(g, id) != want {
		t.Fatalf("option %q offered=%v, want %v; prompt %q options %v", id, !want, want, g.Decision().Prompt, ids(g.Decision()))
	}
}

func (g *Game) sp(id string) *SpaceState {
	i, ok := g.m.ID(id)
	if !ok {
		panic(id)
	}
	return &g.Sp[i]
}

func (g *Game) idx(id string) int {
	i, _ := g.m.ID(id)
	return i
}

// seedFor finds a seed whose first dice are the given rolls, so worked
// examples with dice are reproduced exactly.
func seedFor(t *testing.T, rolls ...int) uint64 {
	t.Helper()
	for s := uint64(1); s < 100000; s++ {
		r := core.NewRNG(s)
		ok := true
		for _, want := range rolls {
			if r.Die() != want {
				ok = false
				break
			}
		}
		if ok {
			return s
		}
	}
	t.Fatal("no seed")
	return 0
}

func eq(t *testing.T, what string, got, want any) {
	t.Helper()
	if got != want {
		t.Errorf("%s = %v, want %v", what, got, want)
	}
}

// npUntil lets the Non-Player engine decide until the pending decision is no
// longer a Non-Player's, stop(g) holds, or n decisions were made.
func npUntil(t *testing.T, g *Game, n int, stop func(*Game) bool) {
	t.Helper()
	for k := 0; k < n && g.NPToMove() && (stop == nil || !stop(g)); k++ {
		if _, err := g.ApplyNP(); err != nil {
			t.Fatal(err)
		}
		if err := g.CheckInvariants(); err != nil {
			t.Fatal(err)
		}
	}
}
