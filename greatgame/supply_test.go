package greatgame

import (
	"slices"
	"testing"
)

// econSupply settles a side's supply from the first square, over a
// sentinel decision that stops the sequence when it is done.
func econSupply(g *Game, s Side) {
	g.Tasks = []Task{task(StepSpend, s), task(StepSupplyNext, s)}
	g.Seq = SeqSupply
	g.advance()
}

// econAt counts a side's combat units and brigades in a square.
func econAt(g *Game, s Side, sq int16) (units, brigades int) {
	for p := range g.Pieces {
		if g.Pieces[p].Loc == sq && !g.IsAgent(p) && g.Owner(p) == s {
			units++
			brigades += g.Brigades(p)
		}
	}
	return
}

// 17.6 example: one British unit, two North Indian and one Afghan in a
// clear Afghan square (forage 3) cost two supply points: one beyond
// forage, one for the units from outside Afghanistan.
func TestEconSupplyExpeditionExample(t *testing.T) {
	g := econGame(t, "1", 0)
	g.Control[econRegion(g, "afghanistan")] = British
	sq := econSquare(t, g, "afghanistan", Clear, false, -1)
	econPut(t, g, "british/field-force/1", sq)
	econPut(t, g, "north-india/irregular/1", sq)
	econPut(t, g, "north-india/garrison/1", sq)
	econPut(t, g, "afghanistan/irregular/1", sq)
	econPut(t, g, "keane", sq) // agents need nothing (17.3.1)
	if f, e := g.SupplyNeed(British, sq); !f || !e {
		t.Fatalf("need forage %v, expedition %v; want both", f, e)
	}
	g.SP[British] = 2
	econSupply(g, British)
	if top := g.top(); top.Step != StepSupply || top.Aux != 1 || top.Sq != sq {
		t.Fatalf("first the expeditionary question, got %+v", *top)
	}
	econPlay(t, g, "pay", "pay")
	if u, _ := econAt(g, British, sq); u != 4 || g.SP[British] != 0 || g.top().Step != StepSpend {
		t.Errorf("after paying twice: %d units, %d SP, step %d", u, g.SP[British], g.top().Step)
	}
}

// 17.6: letting the outsiders go eliminates them, and the rest may then
// forage; with no supply points only the refusals are offered.
func TestEconSupplyRefuseExpedition(t *testing.T) {
	g := econGame(t, "1", 0)
	g.Control[econRegion(g, "afghanistan")] = British
	sq := econSquare(t, g, "afghanistan", Clear, false, -1)
	b := econPut(t, g, "british/field-force/1", sq)
	n1 := econPut(t, g, "north-india/irregular/1", sq)
	n2 := econPut(t, g, "north-india/garrison/1", sq)
	a := econPut(t, g, "afghanistan/irregular/1", sq)
	econSupply(g, British)
	if ids := econIDs(g); !slices.Equal(ids, []string{"refuse"}) {
		t.Fatalf("with no SP: %v, want refuse only", ids)
	}
	econPlay(t, g, "refuse")
	for _, p := range []int{b, n1, n2} {
		if g.Pieces[p].Loc != LocDead {
			t.Errorf("%s not eliminated", g.PieceName(p))
		}
	}
	if g.Pieces[a].Loc != sq || g.top().Step != StepSpend {
		t.Errorf("the Afghan unit should stay and the square be settled")
	}
}

// 17.3: forage by terrain, a desert feeding one irregular (2.8.1); agents,
// neutral units and units in a base need nothing.
func TestEconForage(t *testing.T) {
	g := econGame(t, "1", 0)
	g.Control[econRegion(g, "afghanistan")] = British
	desert := econSquare(t, g, "afghanistan", Desert, false, -1)
	mountain := econSquare(t, g, "afghanistan", Mountain, false, -1)
	clear := econSquare(t, g, "afghanistan", Clear, false, -1)
	for _, c := range []struct {
		name   string
		sq     int16
		units  []string
		beyond bool
	}{
		{"desert, one irregular", desert, []string{"afghanistan/irregular/1"}, false},
		{"desert, two irregulars", desert, []string{"afghanistan/irregular/1", "afghanistan/irregular/1"}, true},
		{"desert, a field force", desert, []string{"afghanistan/field-force/1"}, true},
		{"desert, agent only", desert, []string{"khan-afghanistan"}, false},
		{"mountain, one brigade", mountain, []string{"afghanistan/field-force/1"}, false},
		{"mountain, a XXX horde", mountain, []string{"afghanistan/irregular/3"}, true},
		{"clear, a XXX horde", clear, []string{"afghanistan/irregular/3"}, false},
		{"clear, four brigades", clear, []string{"afghanistan/irregular/3", "afghanistan/field-force/1"}, true},
		{"clear, three and neutrals", clear, []string{"afghanistan/irregular/3", "herat/irregular/1"}, false},
	} {
		for i := range g.Pieces {
			g.Pieces[i].Loc = LocAvail
		}
		for _, id := range c.units {
			econPut(t, g, id, c.sq)
		}
		if f, e := g.SupplyNeed(British, c.sq); f != c.beyond || e {
			t.Errorf("%s: beyond forage %v, expedition %v; want %v, false", c.name, f, e, c.beyond)
		}
	}
	for i := range g.Pieces {
		g.Pieces[i].Loc = LocAvail
	}
	for i := 0; i < 5; i++ {
		econPut(t, g, "british/field-force/1", LocBaseBr)
	}
	econSupply(g, British)
	if g.top().Step != StepSpend {
		t.Error("units in the base asked for supply (17.3.1)")
	}
}

// 17.4: the owner picks who starves, may break divisions first, and an
// elephant counter may lose one group.
func TestEconStarve(t *testing.T) {
	g := econGame(t, "1", 0)
	g.Control[econRegion(g, "afghanistan")] = British
	mountain := econSquare(t, g, "afghanistan", Mountain, false, -1)
	h := econPut(t, g, "afghanistan/irregular/3", mountain)
	ff := econPut(t, g, "afghanistan/field-force/1", mountain)
	g.SP[British] = 5
	econSupply(g, British)
	econPlay(t, g, "starve")
	ids := econIDs(g)
	for _, want := range []string{"starve:" + PieceID(h), "break:" + PieceID(h), "starve:" + PieceID(ff)} {
		if !slices.Contains(ids, want) {
			t.Fatalf("starvation options %v lack %s", ids, want)
		}
	}
	econPlay(t, g, "break:"+PieceID(h), "starve:"+PieceID(ff))
	for g.top().Step == StepStarve {
		var x int
		for _, id := range econIDs(g) {
			if p, ok := parseInt(id, "starve:p"); ok {
				x = p
			}
		}
		econPlay(t, g, "starve:"+PieceID(x))
	}
	if u, b := econAt(g, British, mountain); u != 1 || b != 1 || g.SP[British] != 5 {
		t.Errorf("after starving: %d units, %d brigades, %d SP; want 1, 1, 5", u, b, g.SP[British])
	}
	// an elephant counter in a mountain city loses a group
	g = econGame(t, "1", 0)
	simla := econCity(t, g, "simla")
	if g.r.forage[simla] != 1 {
		t.Skip("Simla is not a mountain square in this edition")
	}
	e := econPut(t, g, "north-india/elephant/2", simla)
	econSupply(g, British)
	econPlay(t, g, "starve", "flip:"+PieceID(e))
	if g.Pieces[e].Loc != simla || g.Pieces[e].Flags&FlagBack == 0 || g.top().Step != StepSpend {
		t.Errorf("the elephants should be on their back in Simla and the square settled")
	}
}

// 17.6.2: a friendly railway running to the base through squares free of
// enemy units spares the expeditionary cost.
func TestEconRailSupplyLine(t *testing.T) {
	g := econGame(t, "2", 0)
	var entry int16 = -1
	for _, b := range g.r.m.Bases {
		for _, e := range b.Entry {
			if b.Side == "british" && entry < 0 && g.r.m.Squares[e].Terrain == Clear {
				entry = int16(e)
			}
		}
	}
	ni := g.r.m.Squares[entry].Region
	// the shortest line of squares, side by side, from the entry square to
	// a square outside North India (where British units are at home)
	prev := map[int16]int16{entry: -1}
	queue := []int16{entry}
	var far int16 = -1
	for len(queue) > 0 && far < 0 {
		s := queue[0]
		queue = queue[1:]
		for _, n := range g.r.m.Orthogonal(int(s)) {
			n16 := int16(n)
			if _, ok := prev[n16]; ok || !g.r.land[n] {
				continue
			}
			prev[n16] = s
			if g.r.m.Squares[n].Region != ni {
				far = n16
				break
			}
			queue = append(queue, n16)
		}
	}
	var line []int16
	for s := far; s >= 0; s = prev[s] {
		line = append(line, s)
	}
	econPut(t, g, "british/field-force/1", far)
	if _, e := g.SupplyNeed(British, far); !e {
		t.Fatal("British regulars outside North India are an expeditionary force (17.6)")
	}
	if len(line) < 3 {
		t.Fatalf("test map: a line of %d squares", len(line))
	}
	g.Markers = append(g.Markers, Marker{Kind: Railway, Side: British, Sq: far})
	if _, e := g.SupplyNeed(British, far); !e {
		t.Error("a railway not joined to the base spares the cost")
	}
	for _, s := range line[1:] {
		g.Markers = append(g.Markers, Marker{Kind: Railway, Side: British, Sq: s})
	}
	if _, e := g.SupplyNeed(British, far); e {
		t.Error("a railway line to the base should spare the cost (17.6.2)")
	}
	econPut(t, g, "russian/garrison/1", line[1])
	if _, e := g.SupplyNeed(British, far); !e {
		t.Error("a line through an enemy-held square supplies (17.6.2)")
	}
	econPut(t, g, "british/field-force/1", entry-1)
	if _, e := g.SupplyNeed(British, entry-1); e && g.r.m.Squares[entry-1].Region == ni {
		t.Error("British regulars in North India are at home: no expeditionary cost")
	}
}
