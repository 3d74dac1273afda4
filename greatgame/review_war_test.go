package greatgame

import (
	"strings"
	"testing"
)

// Review of the war rules (combat, control, events, negotiations,
// agreements): each test failed before its fix.

// rwPlaceAll answers the pending placing decisions until the sentinel is
// left: the i-th square decision takes a different square each time when it
// may (going through regions and blocks first).
func rwPlaceAll(t *testing.T, g *Game) {
	t.Helper()
	placed := 0
	for i := 0; !evIdle(g); i++ {
		if i > 200 {
			t.Fatal("placing does not end")
		}
		var at []string
		ids := evIDs(g)
		for _, id := range ids {
			if strings.HasPrefix(id, "at:") {
				at = append(at, id)
			}
		}
		pick := ids[0]
		if len(at) > 0 {
			pick = at[placed%len(at)]
			placed++
		}
		evApply(t, g, pick)
	}
}

// 21.2 and the Jihad event: the ghazis and the Mad Mullah go to one square
// ("the placement square"; the Mullah is placed "there").
func TestReviewWarJihadOneSquare(t *testing.T) {
	for _, s := range []Side{British, Russian} {
		g := evGame(t, "1", 0)
		evRig(t, g, 4)
		g.evJihad(map[Side]string{British: "jihad-british", Russian: "jihad-russian"}[s], s)
		rwPlaceAll(t, g)
		squares := map[int16]bool{}
		n := 0
		for p := range g.Pieces {
			if g.OnMap(p) && int(g.T(p).Nation) == g.r.ghazi {
				squares[g.Pieces[p].Loc] = true
				n += g.Brigades(p)
			}
		}
		if n != 4 || len(squares) != 1 {
			t.Errorf("%s jihad: %d ghazi groups in %d squares, want 4 in one", s.Title(), n, len(squares))
		}
		if m := g.Pieces[evAgent(t, g, "mad-mullah")].Loc; !squares[m] {
			t.Errorf("%s jihad: the Mad Mullah at %s, not with the ghazis", s.Title(), g.SqName(m))
		}
	}
}
