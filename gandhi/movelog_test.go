package gandhi

import (
	"fmt"
	"strings"
	"testing"

	"durbar/core"
)

// TestEveryMoveIsLogged plays random games, people and Non-Players mixed,
// and checks that whatever a decision changes on the board is named in the
// log lines it adds: every space whose pieces or markers changed, with the
// kind of piece that came or went, and every faction whose Resources
// changed, with the new amount.
func TestEveryMoveIsLogged(t *testing.T) {
	d := testData(t)
	games := 12
	if testing.Short() {
		games = 4
	}
	kinds := map[string]int{} // decisions checked, by the step they answered
	for n := range games {
		scen := []string{"short", "main", "quick"}[n%3]
		var np []string
		for f := range NumFactions {
			if (int(f)+n)%2 == 1 {
				np = append(np, f.ID())
			}
		}
		seed := uint64(4000 + n)
		g, err := New(d, Setup{Scenario: scen, NP: np}, seed)
		if err != nil {
			t.Fatal(err)
		}
		pick := core.NewRNG(seed * 31)
		for step := 0; !g.Over; step++ {
			before := g.Board.clone()
			logLen := len(g.LogText)
			stepName := g.top().Step
			ctx := g.traceContext()
			var id string
			if g.NPToMove() {
				if id, err = g.ApplyNP(); err != nil {
					t.Fatal(err)
				}
			} else {
				dec := g.Decision()
				id = dec.Options[pick.IntN(len(dec.Options))].ID
				if err := g.Apply(id); err != nil {
					t.Fatal(err)
				}
			}
			added := strings.Join(g.LogText[logLen:], "\n")
			where := fmt.Sprintf("%s seed %d step %d (%s, %s)", scen, seed, step, stepName, id)
			for i := range g.Sp {
				if g.Sp[i] == before.Sp[i] && (g.Gandhi == i) == (before.Gandhi == i) {
					continue
				}
				name := g.space(i).Name
				if !strings.Contains(added, " in "+name+": ") {
					t.Fatalf("%s: %s changed but the log says nothing of it:\n%s", where, name, added)
				}
				for p := range NumPieces {
					if g.Sp[i].P[p] != before.Sp[i].P[p] && p != GuerU && p != GuerA &&
						!strings.Contains(added, Piece(p).String()) {
						t.Fatalf("%s: %ss in %s changed but the log does not name them:\n%s", where, Piece(p), name, added)
					}
				}
				kinds[ctx]++
			}
			for f := range NumFactions {
				if g.Resources[f] != before.Resources[f] &&
					!strings.Contains(added, fmt.Sprintf("%s Resources %d → %d.", f, before.Resources[f], g.Resources[f])) {
					t.Fatalf("%s: %s Resources %d → %d unlogged:\n%s", where, f, before.Resources[f], g.Resources[f], added)
				}
			}
			if step > 200000 {
				t.Fatal("game does not end")
			}
		}
	}
	// The kinds of decision the issue names were among those checked.
	for _, k := range []string{"Rally", "Persuade", "Event", "Constructive Programme", "Redeploy", "Deploy"} {
		if kinds[k] == 0 {
			t.Errorf("no %s decision changed the board in %d games (checked: %v)", k, games, kinds)
		}
	}
}
