package greatgame

import (
	"strings"
	"testing"

	"durbar/core"
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

// 5.4.2(3): defence recruits go where no enemy or neutral units stand, and
// units are combat units and agents (2.4): a square holding only an enemy
// or a neutral agent is not offered (which also told the new controller
// what the hidden stack held).
func TestReviewWarDefenceRecruitsAvoidAgents(t *testing.T) {
	for _, tc := range []struct {
		name  string
		agent string
	}{
		{"Russian agent", "vitkovitch"},
		{"neutral agent", "khan-afghanistan"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			g := cbGame(t)
			herat := cbRegion(t, g, "herat")
			city := cbSq(t, g, "herat")
			cbPut(t, g, tc.agent, city)
			cbRig(t, g, 2)
			g.gainControl(herat, British, "a test")
			if err := g.Apply("irr:1"); err != nil {
				t.Fatal(err)
			}
			for _, id := range cbIDs(g.Decision()) {
				if id == "at:"+g.sqTok(city) {
					t.Errorf("Herat, holding %s, offered for a defence recruit", tc.agent)
				}
			}
		})
	}
}

// 22.1: the public log does not name the counters a side places where the
// other may not examine them: defence recruits (5.4.2(3)) and units sent
// home by a return to neutrality (5.5.1(2)); their sizes stay hidden.
func TestReviewWarPlacingLogsNameNoCounter(t *testing.T) {
	check := func(t *testing.T, g *Game, from int, ps []int) {
		t.Helper()
		for _, line := range g.Log[from:] {
			for _, p := range ps {
				if strings.Contains(line, g.PieceName(p)) {
					t.Errorf("the log names %s: %q", g.PieceName(p), line)
				}
			}
		}
	}
	t.Run("defence recruits", func(t *testing.T) {
		g := cbGame(t)
		herat := cbRegion(t, g, "herat")
		cbRig(t, g, 3)
		from := len(g.Log)
		g.gainControl(herat, British, "a test")
		cbPlay(t, g, func(d core.Decision, tk *Task) string {
			for _, o := range d.Options {
				if o.ID == "irr:2" {
					return o.ID
				}
			}
			return ""
		})
		var placed []int
		for p := range g.Pieces {
			if g.RegionOf(p) == herat && g.OnMap(p) {
				placed = append(placed, p)
			}
		}
		if len(placed) == 0 {
			t.Fatal("no recruit placed")
		}
		check(t, g, from, placed)
	})
	t.Run("units home", func(t *testing.T) {
		g := cbGame(t)
		per := cbRegion(t, g, "persia")
		g.Control[per] = Russian
		out := []int{cbPut(t, g, "persia/irregular/1", cbSq(t, g, "herat")), cbPut(t, g, "persia/field-force/1", cbSq(t, g, "merv"))}
		from := len(g.Log)
		g.makeNeutral(per, "a test")
		cbPlay(t, g, func(d core.Decision, tk *Task) string {
			for _, o := range d.Options {
				if strings.HasPrefix(o.ID, "to:") {
					return o.ID
				}
			}
			return ""
		})
		check(t, g, from, out)
	})
}
