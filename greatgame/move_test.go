package greatgame

import (
	"fmt"
	"reflect"
	"slices"
	"strings"
	"testing"

	"durbar/core"
)

// moveGame is a game at the start of a side's movement subphase in an
// operations phase, with the map emptied of counters and markers.
func moveGame(t *testing.T, sc string, start int, side Side, ops int) *Game {
	t.Helper()
	g := newTestGame(t, sc, start, 1)
	for i := range g.Pieces {
		g.Pieces[i] = Piece{Tpl: int16(i), Loc: LocAvail}
	}
	g.Markers = nil
	g.Seq, g.Ops, g.Phasing, g.First = SeqMove, ops, side, side
	g.Tasks = nil
	g.beginMove()
	moveCheck(t, g)
	return g
}

// movePhase starts another operations phase's movement for the same side.
func movePhase(t *testing.T, g *Game, ops int) {
	t.Helper()
	for i := range g.Pieces {
		g.Pieces[i].Flags &^= FlagMoved
	}
	g.Tasks = nil
	g.Seq, g.Ops = SeqMove, ops
	g.beginMove()
	moveCheck(t, g)
}

// movePut puts an available counter of a template id ("russian/field-force/1",
// "keane") at a square id, "base:british" or "base:russian"; it returns the piece.
func movePut(t *testing.T, g *Game, id, where string) int {
	t.Helper()
	loc := g.parseSq(where)
	switch where {
	case "base:british":
		loc = LocBaseBr
	case "base:russian":
		loc = LocBaseRu
	}
	if loc == -1 {
		t.Fatalf("no square %q", where)
	}
	for p := range g.Pieces {
		if g.T(p).ID == id && g.Pieces[p].Loc == LocAvail {
			g.Pieces[p].Loc = loc
			return p
		}
	}
	t.Fatalf("no available counter %q", id)
	return -1
}

func moveRail(g *Game, s Side, sqs ...string) {
	for _, q := range sqs {
		g.Markers = append(g.Markers, Marker{Kind: Railway, Side: s, Sq: g.parseSq(q)})
	}
}

func moveCheck(t *testing.T, g *Game) {
	t.Helper()
	if err := g.Check(); err != nil {
		t.Fatal(err)
	}
	if err := g.checkMove(); err != nil {
		t.Fatal(err)
	}
}

// moveDo plays option ids in turn, failing with the options on offer.
func moveDo(t *testing.T, g *Game, ids ...string) {
	t.Helper()
	for _, id := range ids {
		if err := g.Apply(id); err != nil {
			t.Fatalf("%s: %v\noptions: %v", id, err, moveIDs(g))
		}
		moveCheck(t, g)
	}
}

// moveIDs lists the pending options, but for the agreement every
// movement step offers (23.0, agree.go).
func moveIDs(g *Game) []string {
	var ids []string
	for _, o := range g.Decision().Options {
		if o.ID != "deal" {
			ids = append(ids, o.ID)
		}
	}
	return ids
}

func moveHas(g *Game, id string) bool {
	_, ok := g.Decision().Find(id)
	return ok
}

func moveStep(g *Game) StepID {
	if t := g.top(); t != nil {
		return t.Step
	}
	return StepNone
}

// moveGoTo picks a destination in StepMoveDest, through its region and part menus.
func moveGoTo(t *testing.T, g *Game, tok string) {
	t.Helper()
	for i := 0; i < 3; i++ {
		if moveHas(g, "to:"+tok) {
			moveDo(t, g, "to:"+tok)
			return
		}
		sq := g.parseSq(tok)
		if sq < 0 {
			t.Fatalf("%s not offered: %v", tok, moveIDs(g))
		}
		if r := "region:" + g.r.m.Regions[g.r.m.Squares[sq].Region].ID; moveHas(g, r) {
			moveDo(t, g, r)
			continue
		}
		d := g.destMenu(g.top())
		found := false
		for k, part := range d.parts {
			if slices.ContainsFunc(part, func(l leg) bool { return l.to == sq }) {
				moveDo(t, g, fmt.Sprintf("part:%d", k+1))
				found = true
				break
			}
		}
		if !found {
			t.Fatalf("%s not offered: %v", tok, moveIDs(g))
		}
	}
	t.Fatalf("%s not reached", tok)
}

// 11.3: a flying column (6) with a field force (4) moves 4, even when the
// field force is dropped in the first square entered.
func TestMoveSlowestUnitSetsTheForce(t *testing.T) {
	g := moveGame(t, "1", 0, British, 1)
	fc := movePut(t, g, "british/flying-column/1", "2005")
	ff := movePut(t, g, "british/field-force/1", "2005")
	moveDo(t, g, "force:2005", "go")
	if g.Move.Full2 != 8 {
		t.Fatalf("allowance %s MP, want 4 (11.3)", fmtMP(g.Move.Full2))
	}
	moveDo(t, g, "to:2105", "drop:"+PieceID(ff))
	if g.Move.MP2 != 6 {
		t.Fatalf("after one clear square and the drop: %s MP left, want 3", fmtMP(g.Move.MP2))
	}
	moveDo(t, g, "to:2205", "to:2305", "to:2405")
	if moveStep(g) != StepMove {
		t.Fatalf("the force should have stopped with its points spent, at %v", moveStep(g))
	}
	if g.Pieces[fc].Loc != g.parseSq("2405") || g.Pieces[ff].Loc != g.parseSq("2105") {
		t.Fatalf("flying column at %s, field force at %s", g.SqName(g.Pieces[fc].Loc), g.SqName(g.Pieces[ff].Loc))
	}
	for _, p := range []int{fc, ff} {
		if g.Pieces[p].Flags&FlagMoved == 0 {
			t.Errorf("%s not marked as moved", g.PieceName(p))
		}
	}
	if moveHas(g, "force:2105") || moveHas(g, "force:2405") {
		t.Errorf("units that moved or were dropped may not move again this subphase: %v", moveIDs(g))
	}
}

// 12.2, 12.3: moving is free in the first operations phase; from the second
// on, each force that moves costs a supply point, each phase it moves.
func TestMoveSupplyPerForcePerPhase(t *testing.T) {
	g := moveGame(t, "1", 0, Russian, 1)
	g.SP[Russian] = 3
	movePut(t, g, "perovski", "2005")
	for i := 0; i < 3; i++ {
		movePut(t, g, "russian/field-force/1", "2005")
	}
	moveDo(t, g, "force:2005", "go", "to:2105", "stop")
	if g.SP[Russian] != 3 {
		t.Fatalf("first phase cost %d SP, want none (12.2.1)", 3-g.SP[Russian])
	}
	movePhase(t, g, 2)
	moveDo(t, g, "force:2105", "go", "to:2205", "stop")
	if g.SP[Russian] != 2 {
		t.Fatalf("second phase: %d SP left, want 2 (12.2.2)", g.SP[Russian])
	}
	movePhase(t, g, 3) // the force does nothing
	moveDo(t, g, "force:2205", "go", "stop")
	if g.SP[Russian] != 2 {
		t.Fatalf("a force that stops where it stands pays nothing: %d SP left", g.SP[Russian])
	}
	movePhase(t, g, 4)
	moveDo(t, g, "force:2205", "go", "to:2305", "to:2405", "stop")
	if g.SP[Russian] != 1 {
		t.Fatalf("fourth phase: %d SP left, want 1 (one per force, not per square)", g.SP[Russian])
	}
	// two forces cost two
	movePhase(t, g, 5)
	g.SP[Russian] = 2
	moveDo(t, g, "force:2405")
	moveDo(t, g, "out:"+PieceID(int(g.Move.Units[0])), "go", "to:2505", "stop")
	moveDo(t, g, "force:2405", "go", "to:2406", "stop")
	if g.SP[Russian] != 0 {
		t.Fatalf("two forces: %d SP left of 2", g.SP[Russian])
	}
	// with no supply point nothing sets off
	movePhase(t, g, 5)
	if ids := moveIDs(g); !slices.Equal(ids, []string{"end"}) {
		t.Fatalf("without supply points the options are %v, want only end (12.2.2)", ids)
	}
}

// 16.2.1: Keane (military 2) with a field force (4) gives the force 6; he
// must stay with it; agents add nothing to themselves or other agents.
func TestMoveAgentBonus(t *testing.T) {
	cases := []struct {
		name  string
		units []string
		want  int16
	}{
		{"Keane and a field force", []string{"keane", "british/field-force/1"}, 12},
		{"Keane alone", []string{"keane"}, 16},
		{"Keane and Burnes", []string{"keane", "burnes"}, 16},
		{"Burnes (military 0) and a field force", []string{"burnes", "british/field-force/1"}, 8},
		{"Keane, a garrison and a flying column", []string{"keane", "british/garrison/1", "british/flying-column/1"}, 8},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			g := moveGame(t, "1", 0, British, 1)
			var ps []int
			for _, u := range c.units {
				ps = append(ps, movePut(t, g, u, "2005"))
			}
			moveDo(t, g, "force:2005", "go")
			if g.Move.Full2 != c.want {
				t.Fatalf("allowance %s MP, want %s", fmtMP(g.Move.Full2), fmtMP(c.want))
			}
			if g.Move.Bonus >= 0 && moveHas(g, "drop:"+PieceID(int(g.Move.Bonus))) {
				t.Errorf("the agent lending his rating may not leave the force (16.2.1)")
			}
		})
	}
	g := moveGame(t, "1", 0, British, 1)
	movePut(t, g, "keane", "2005")
	ff := movePut(t, g, "british/field-force/1", "2005")
	moveDo(t, g, "force:2005", "go")
	if !moveHas(g, "drop:"+PieceID(ff)) {
		t.Errorf("other units may leave the agent's force: %v", moveIDs(g))
	}
}

// 19.1: a British force at Agra moving to Central India pays trade-route
// costs, and one more point to enter the base; it cannot leave it again
// in the same phase, nor leave and come back (19.2.3).
func TestMoveAgraToCentralIndia(t *testing.T) {
	g := moveGame(t, "1", 0, British, 1)
	ff := movePut(t, g, "british/field-force/1", "3135")
	moveDo(t, g, "force:"+g.sqTok(g.Pieces[ff].Loc), "go", "to:3136", "to:3137", "to:3138")
	if g.Move.MP2 != 5 {
		t.Fatalf("three route squares left %s MP of 4, want 2½", fmtMP(g.Move.MP2))
	}
	if c, ok := g.moveBaseEntry(); !ok || c != 3 {
		t.Fatalf("entering Central India from the route's end costs %s MP (offered %v), want 1½", fmtMP(c), ok)
	}
	moveDo(t, g, "to:base")
	if g.Pieces[ff].Loc != LocBaseBr || moveStep(g) != StepMove {
		t.Fatalf("the force should stand in its base, stopped: %s, %v", g.SqName(g.Pieces[ff].Loc), moveStep(g))
	}
	if moveHas(g, "force:base") {
		t.Errorf("a unit may not enter and leave its base in one phase (19.2.3)")
	}

	g = moveGame(t, "1", 0, British, 1)
	ff = movePut(t, g, "british/field-force/1", "base:british")
	moveDo(t, g, "force:base", "go", "exit")
	moveGoTo(t, g, "3138")
	if g.Pieces[ff].Loc != g.parseSq("3138") || g.Move.MP2 != 5 {
		t.Fatalf("leaving by the Gwalior road costs 1½: at %s with %s MP", g.SqName(g.Pieces[ff].Loc), fmtMP(g.Move.MP2))
	}
	if moveHas(g, "to:base") {
		t.Errorf("the force left its base this phase and may not go back (19.2.3)")
	}
}

// Entering and leaving both bases: own regulars only, from the right edge
// (19.1.1–2), as clear terrain or along a trade route, +1 (19.1.3).
func TestMoveBases(t *testing.T) {
	cases := []struct {
		name  string
		side  Side
		unit  string
		at    string
		cost  int16 // -1: may not enter
		setup func(g *Game)
	}{
		{"Russian regulars from the north edge", Russian, "russian/field-force/1", "0301", 4, nil},
		{"Russian regulars from the west edge", Russian, "russian/field-force/1", "0105", 4, nil},
		{"Russian regulars at the Irtysh road's end", Russian, "russian/field-force/1", "3201", 3, nil},
		{"Russian regulars inside the map", Russian, "russian/field-force/1", "0303", -1, nil},
		{"West Siberian natives", Russian, "west-siberia/irregular/1", "0301", -1, nil},
		{"British regulars from North India's south edge", British, "british/field-force/1", "3038", 4, nil},
		{"British regulars at the Grand Trunk road's end", British, "british/field-force/1", "3538", 3, nil},
		{"North Indian natives", British, "north-india/irregular/1", "3038", -1, nil},
		{"British regulars from Sind's south edge", British, "british/field-force/1", "2238", -1, nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			g := moveGame(t, "1", 0, c.side, 1)
			movePut(t, g, c.unit, c.at)
			moveDo(t, g, "force:"+c.at, "go")
			cost, ok := g.moveBaseEntry()
			if c.cost < 0 {
				if moveHas(g, "to:base") {
					t.Fatalf("may not enter the base here")
				}
				return
			}
			if !ok || cost != c.cost || !moveHas(g, "to:base") {
				t.Fatalf("entry costs %s (offered %v), want %s", fmtMP(cost), ok, fmtMP(c.cost))
			}
			moveDo(t, g, "to:base")
			if g.Move.Active {
				t.Fatalf("entering the base ends the move")
			}
		})
	}
	// leaving the Urals by the west and north edges
	g := moveGame(t, "1", 0, Russian, 1)
	movePut(t, g, "russian/field-force/1", "base:russian")
	moveDo(t, g, "force:base", "go", "exit")
	for _, l := range g.dests(destExit, g.moveOcc()) {
		if g.r.m.Squares[l.to].Region != g.r.m.RegionIndex("west-siberia") || !(g.r.m.OnEdge(int(l.to), "west") || g.r.m.OnEdge(int(l.to), "north")) {
			t.Errorf("exit to %s is not on West Siberia's west or north edge", g.SqName(l.to))
		}
	}
	moveGoTo(t, g, "0105")
	if g.Move.MP2 != 4 {
		t.Errorf("leaving onto clear terrain costs 2 MP, %s left of 4", fmtMP(g.Move.MP2))
	}
}

// 13.1, 13.2, 13.5, 13.7: the cost of each kind of step, and the steps not allowed.
func TestMoveStepCosts(t *testing.T) {
	cases := []struct {
		name     string
		units    []string
		from, to string
		cost     int16 // half points; -1 not allowed
	}{
		{"clear across a side", []string{"russian/field-force/1"}, "2005", "2105", 2},
		{"diagonal for a field force", []string{"russian/field-force/1"}, "2005", "2106", -1},
		{"diagonal for irregulars", []string{"russian/irregular/1"}, "2005", "2106", 2},
		{"diagonal for an agent", []string{"perovski"}, "2005", "2104", 2},
		{"diagonal for irregulars with a field force", []string{"russian/irregular/1", "russian/field-force/1"}, "2005", "2106", -1},
		{"trade route in clear", []string{"russian/field-force/1"}, "0601", "0701", 1},
		{"two route squares not joined by a route", []string{"russian/field-force/1"}, "0701", "0702", 2},
		{"trade route in desert", []string{"russian/field-force/1"}, "1306", "1307", 2},
		{"desert off the route", []string{"russian/field-force/1"}, "1307", "1207", 4},
		{"trade route in mountain", []string{"russian/field-force/1"}, "0621", "0622", 2},
		{"mountain off the route", []string{"russian/field-force/1"}, "0621", "0721", 6},
		{"into the sea", []string{"russian/irregular/1"}, "0307", "0308", -1},
		{"mountain beyond the garrison's reach", []string{"russian/garrison/1"}, "0621", "0721", -1},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			g := moveGame(t, "1", 0, Russian, 1)
			for _, u := range c.units {
				movePut(t, g, u, c.from)
			}
			moveDo(t, g, "force:"+c.from, "go")
			if c.cost < 0 {
				if moveHas(g, "to:"+c.to) {
					t.Fatalf("step offered: %v", moveIDs(g))
				}
				return
			}
			before := g.Move.MP2
			moveDo(t, g, "to:"+c.to)
			if got := before - g.Move.MP2; got != c.cost {
				t.Fatalf("cost %s MP, want %s", fmtMP(got), fmtMP(c.cost))
			}
		})
	}
}

// 13.6, 19.1.4: railway movement along friendly railways, across sides only,
// stopping at enemy combat units; the base's railways from 1860-64.
func TestMoveRailways(t *testing.T) {
	setup := func(t *testing.T) (*Game, int) {
		g := moveGame(t, "2", 0, Russian, 1)
		moveRail(g, Russian, "0601", "0701", "0801", "0901", "0502")
		moveRail(g, British, "1001")
		return g, movePut(t, g, "russian/field-force/1", "0601")
	}
	sqs := func(g *Game) []string {
		var out []string
		for _, l := range g.railDests(g.moveOcc()) {
			out = append(out, g.sqTok(l.to))
		}
		slices.Sort(out)
		return out
	}
	g, ff := setup(t)
	moveDo(t, g, "force:0601", "go")
	if got, want := sqs(g), []string{"0701", "0801", "0901", "base"}; !slices.Equal(got, want) {
		t.Fatalf("rail reach %v, want %v (no corners, no enemy railways)", got, want)
	}
	moveDo(t, g, "rail")
	moveGoTo(t, g, "0901")
	if g.Pieces[ff].Loc != g.parseSq("0901") || g.Move.MP2 != 6 || g.Move.Rails != 1 {
		t.Fatalf("after a rail leg: at %s, %s MP left, %d legs", g.SqName(g.Pieces[ff].Loc), fmtMP(g.Move.MP2), g.Move.Rails)
	}
	moveDo(t, g, "rail")
	moveGoTo(t, g, "0701")
	if g.Move.MP2 != 4 {
		t.Fatalf("a second rail leg costs another point (13.6.3): %s MP left", fmtMP(g.Move.MP2))
	}

	// an enemy combat unit ends the leg; an enemy agent does not (the
	// Russian agent at 0801 lets the Russians examine the stack, 22.1)
	g, _ = setup(t)
	movePut(t, g, "british/field-force/1", "0801")
	movePut(t, g, "perovski", "0801")
	movePut(t, g, "burnes", "0701")
	moveDo(t, g, "force:0601", "go")
	if got, want := sqs(g), []string{"0701", "0801", "base"}; !slices.Equal(got, want) {
		t.Fatalf("rail reach %v, want %v (13.6.2)", got, want)
	}
	moveDo(t, g, "rail")
	moveGoTo(t, g, "0801")
	if g.Move.Active {
		t.Fatalf("entering a square with an enemy combat unit ends the move")
	}

	// a stack the Russians may not examine is planned through (22.0): the
	// leg to 0901 meets the field force at 0801 and ends there (13.6.2)
	g, ff = setup(t)
	movePut(t, g, "british/field-force/1", "0801")
	moveDo(t, g, "force:0601", "go")
	if got, want := sqs(g), []string{"0701", "0801", "0901", "base"}; !slices.Equal(got, want) {
		t.Fatalf("rail reach %v, want %v: a hidden stack may be agents only (22.0, 13.3.3)", got, want)
	}
	bar := g.Irreversible().N
	moveDo(t, g, "rail")
	moveGoTo(t, g, "0901")
	if g.Pieces[ff].Loc != g.parseSq("0801") || g.Move.Active || g.Irreversible().N == bar {
		t.Fatalf("the leg to 0901 should stop at 0801 and show the stack: at %s, moving %v, barrier %d→%d",
			g.SqName(g.Pieces[ff].Loc), g.Move.Active, bar, g.Irreversible().N)
	}

	// the railway may start in an enemy-occupied square
	g, _ = setup(t)
	movePut(t, g, "british/field-force/1", "0601")
	moveDo(t, g, "force:0601", "go")
	if !moveHas(g, "rail") {
		t.Fatalf("a force may leave an enemy-occupied square by rail (13.6.2): %v", moveIDs(g))
	}

	// on an enemy railway, no rail movement
	g, _ = setup(t)
	movePut(t, g, "russian/field-force/1", "1001")
	moveDo(t, g, "force:1001", "go")
	if moveHas(g, "rail") {
		t.Fatalf("enemy railways may not be used (13.6.5)")
	}

	// from the base onto the railway joined to its edge, from 1860-64
	g, _ = setup(t)
	movePut(t, g, "russian/field-force/1", "base:russian")
	moveDo(t, g, "force:base", "go", "rail")
	moveGoTo(t, g, "0901")
	if g.Move.MP2 != 4 {
		t.Fatalf("rail out of the base costs 1 + 1: %s MP left", fmtMP(g.Move.MP2))
	}
	g = moveGame(t, "1", 0, Russian, 1)
	moveRail(g, Russian, "0601", "0701")
	movePut(t, g, "russian/field-force/1", "base:russian")
	moveDo(t, g, "force:base", "go")
	if moveHas(g, "rail") {
		t.Fatalf("no railways in the base before 1860-64 (19.1.4)")
	}
}

// 13.8: amphibious movement along coasts, seas, lakes and rivers: supply
// from a port or elsewhere, one more for each further leg, no mountain,
// never ending at sea; the bases across their own waters (19.1.1–2).
func TestMoveAmphibious(t *testing.T) {
	cases := []struct {
		name    string
		side    Side
		from    string
		to      string
		sp, mp2 int // supply spent, half points spent; sp -1: no amphibious move
	}{
		{"from the port of Gur'ev", Russian, "0307", "0521", 1, 2},
		{"from a coast without a port", Russian, "0507", "0521", 2, 2},
		{"from a mountain shore", Russian, "0422", "", -1, 0},
		{"inland", Russian, "2005", "", -1, 0},
		{"up the Ural river", Russian, "0307", "0701", 1, 2},
		{"into the Urals across the Caspian", Russian, "0520", "base", 2, 4},
		{"out of the Urals across the Caspian", Russian, "base:russian", "0417", 1, 4},
		{"out of Central India through the Gulf", British, "base:british", "karachi", 1, 4},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			g := moveGame(t, "1", 0, c.side, 1)
			g.SP[c.side] = 5
			p := movePut(t, g, map[Side]string{British: "british/field-force/1", Russian: "russian/field-force/1"}[c.side], c.from)
			moveDo(t, g, "force:"+g.sqTok(g.Pieces[p].Loc), "go")
			if c.sp < 0 {
				if moveHas(g, "amph") {
					t.Fatalf("amphibious move offered")
				}
				return
			}
			for _, l := range g.amphDests(g.moveOcc()) {
				if l.to >= 0 && (!g.r.land[l.to] || g.r.m.Squares[l.to].Terrain == Mountain) {
					t.Errorf("amphibious leg may end in %s (13.8.2, 13.8.4)", g.SqName(l.to))
				}
			}
			moveDo(t, g, "amph")
			tok := c.to
			if tok != "base" && g.parseSq(tok) < 0 {
				tok = g.sqTok(int16(g.r.m.Cities[g.r.m.CityIndex(tok)].Square))
			}
			moveGoTo(t, g, tok)
			if got := 5 - g.SP[c.side]; got != c.sp {
				t.Errorf("spent %d SP, want %d", got, c.sp)
			}
			if (c.to == "base") != (g.Pieces[p].Loc == BaseLoc(c.side)) || c.to != "base" && g.sqTok(g.Pieces[p].Loc) != tok {
				t.Errorf("at %s, want %s", g.SqName(g.Pieces[p].Loc), tok)
			}
			if g.Move.Active && int(8-g.Move.MP2) != c.mp2 {
				t.Errorf("spent %s MP, want %s", fmtMP(8-g.Move.MP2), fmtMP(int16(c.mp2)))
			}
		})
	}

	// a second leg costs one more supply point; in a later phase the
	// phase's point comes first
	g := moveGame(t, "1", 0, Russian, 2)
	g.SP[Russian] = 3
	movePut(t, g, "russian/field-force/1", "0307")
	moveDo(t, g, "force:0307", "go", "amph")
	moveGoTo(t, g, "0417")
	if g.SP[Russian] != 1 {
		t.Fatalf("phase point and port leg: %d SP left of 3", g.SP[Russian])
	}
	if !moveHas(g, "amph") {
		t.Fatalf("a further leg costs one SP (13.8.3): %v", moveIDs(g))
	}
	moveDo(t, g, "amph")
	moveGoTo(t, g, "0521")
	if g.SP[Russian] != 0 || g.Move.Amph != 2 {
		t.Fatalf("after two legs: %d SP, %d legs", g.SP[Russian], g.Move.Amph)
	}
	if moveHas(g, "amph") {
		t.Fatalf("no supply left, no amphibious leg")
	}
	g = moveGame(t, "1", 0, Russian, 2)
	g.SP[Russian] = 1
	movePut(t, g, "russian/field-force/1", "0307")
	moveDo(t, g, "force:0307", "go")
	if moveHas(g, "amph") {
		t.Fatalf("one SP pays the phase, not the amphibious leg too")
	}
}

// 22.0, 13.8.2, 13.3.2: a force plans an amphibious leg with what it may
// see. A British stack on the Ural, which the Russians may not examine,
// changes nothing in the Russian options (it may be agents only, 13.3.3);
// when the force goes up the river, it is stopped where it meets the
// British field force, and the stack shown moves the undo barrier. Lone
// agents there let it pass: passing shows they are no combat units.
func TestMoveAmphibiousHiddenStack(t *testing.T) {
	setup := func(t *testing.T, british ...string) (*Game, int) {
		g := moveGame(t, "1", 0, Russian, 1)
		g.SP[Russian] = 5
		ff := movePut(t, g, "russian/field-force/1", "0307")
		for _, id := range british {
			movePut(t, g, id, "0402")
		}
		moveDo(t, g, "force:0307", "go")
		return g, ff
	}
	route := func(g *Game) []string {
		var out []string
		for _, s := range g.legPath(destAmph, g.moveOcc(), g.parseSq("0701")) {
			out = append(out, g.sqTok(s))
		}
		return out
	}
	options := func(t *testing.T, g *Game) []core.Decision {
		t.Helper()
		c := g.clone()
		ds := []core.Decision{c.Decision()}
		moveDo(t, c, "amph")
		ds = append(ds, c.Decision())
		for _, o := range c.Decision().Options {
			if strings.HasPrefix(o.ID, "region:") || strings.HasPrefix(o.ID, "part:") {
				d := c.clone()
				moveDo(t, d, o.ID)
				ds = append(ds, d.Decision())
			}
		}
		return ds
	}

	clear, _ := setup(t)
	if r := route(clear); !slices.Contains(r, "0402") || r[len(r)-1] != "0701" {
		t.Fatalf("test set-up: the way up the Ural to 0701 is %v, not through 0402", r)
	}
	hidden, ff := setup(t, "british/field-force/1")
	if !reflect.DeepEqual(options(t, clear), options(t, hidden)) {
		t.Fatalf("a stack the Russians may not examine changes their amphibious options (22.0)")
	}
	if !slices.Equal(route(clear), route(hidden)) {
		t.Fatalf("the way taken depends on a hidden stack: %v, %v", route(clear), route(hidden))
	}
	bar := hidden.Irreversible().N
	moveDo(t, hidden, "amph")
	moveGoTo(t, hidden, "0701")
	if hidden.Pieces[ff].Loc != hidden.parseSq("0402") || hidden.Move.Active {
		t.Fatalf("the force should stop at 0402 on meeting the British (13.3.2): at %s, moving %v", hidden.SqName(hidden.Pieces[ff].Loc), hidden.Move.Active)
	}
	if hidden.Pieces[ff].Flags&FlagMoved == 0 || hidden.SP[Russian] != 4 || hidden.Irreversible().N == bar {
		t.Fatalf("stopped: moved flag %v, %d SP left of 5 (want 4), barrier %d→%d", hidden.Pieces[ff].Flags&FlagMoved != 0, hidden.SP[Russian], bar, hidden.Irreversible().N)
	}
	if o := hidden.Observe(int(Russian)); !slices.ContainsFunc(o.Stacks, func(sv StackView) bool {
		return sv.Loc == hidden.parseSq("0402") && len(sv.Pieces) == 2 && sv.Hidden == [3]int{}
	}) {
		t.Errorf("the Russians do not examine the stack they were stopped by (22.1)")
	}
	bff := pieceByID(hidden, "british/field-force/1", hidden.parseSq("0402"))
	if log := strings.Join(hidden.Log, "\n"); !strings.Contains(log, "bound for 0701: stopped on the way") ||
		!strings.Contains(log, "stops at 0402 (enemy units there") || strings.Contains(log, hidden.PieceName(bff)) {
		t.Errorf("the log should say where the force was stopped, naming no counter of the stack:\n%s", log)
	}

	agent, ff := setup(t, "burnes")
	if !reflect.DeepEqual(options(t, clear), options(t, agent)) {
		t.Fatalf("a hidden agent changes the amphibious options (22.0)")
	}
	bar = agent.Irreversible().N
	moveDo(t, agent, "amph")
	moveGoTo(t, agent, "0701")
	if agent.Pieces[ff].Loc != agent.parseSq("0701") || agent.Irreversible().N == bar {
		t.Fatalf("past a lone agent (13.3.3) the force should reach 0701 and the barrier move: at %s, barrier %d→%d", agent.SqName(agent.Pieces[ff].Loc), bar, agent.Irreversible().N)
	}

	// a stack the Russians may examine ends the leg where it stands: the
	// places beyond it are not offered
	seen, _ := setup(t, "british/field-force/1", "pundit-russian")
	moveDo(t, seen, "amph")
	if d := seen.destMenu(seen.top()); slices.ContainsFunc(d.legs, func(l leg) bool { return l.to == seen.parseSq("0701") }) ||
		slices.ContainsFunc(seen.dests(destAmph, seen.moveOcc()), func(l leg) bool { return l.to == seen.parseSq("0701") }) {
		t.Errorf("0701 is offered beyond a British field force the Russians see at 0402")
	}
}

// 13.3: entering enemy combat units stops the force; enemy agents,
// neutral units and markers do not; a force may leave an enemy-occupied
// square; a force entering the map where enemies stand stops (19.1.5).
func TestMoveStopRules(t *testing.T) {
	cases := []struct {
		name  string
		put   [][2]string // unit, square
		stops bool
	}{
		{"enemy combat unit", [][2]string{{"russian/field-force/1", "2105"}}, true},
		{"enemy-controlled natives", [][2]string{{"persia/irregular/1", "2105"}}, true},
		{"enemy agent only", [][2]string{{"perovski", "2105"}}, false},
		{"neutral units", [][2]string{{"afghanistan/irregular/1", "2105"}}, false},
		{"starting with the enemy, then clear", [][2]string{{"russian/field-force/1", "2005"}}, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			g := moveGame(t, "1", 0, British, 1)
			ff := movePut(t, g, "british/field-force/1", "2005")
			for _, p := range c.put {
				movePut(t, g, p[0], p[1])
			}
			g.Markers = append(g.Markers, Marker{Kind: Fort, Side: Russian, Sq: g.parseSq("2105")})
			moveDo(t, g, "force:2005", "go", "to:2105")
			if g.Move.Active == c.stops {
				t.Fatalf("force still moving: %v, want stopped %v", g.Move.Active, c.stops)
			}
			if c.stops && (g.Pieces[ff].Flags&FlagMoved == 0 || g.Pieces[ff].Loc != g.parseSq("2105")) {
				t.Fatalf("the stopped force is in %s, moved %v", g.SqName(g.Pieces[ff].Loc), g.Pieces[ff].Flags&FlagMoved != 0)
			}
		})
	}
	g := moveGame(t, "1", 0, British, 1)
	movePut(t, g, "russian/field-force/1", "3538")
	movePut(t, g, "british/field-force/1", "base:british")
	moveDo(t, g, "force:base", "go", "exit")
	moveGoTo(t, g, "3538")
	if g.Move.Active {
		t.Fatalf("entering the map on enemy units stops the force (19.1.5)")
	}
}

// Anglo-Russian Accord: British and Russian units may not enter squares
// holding the other's regular units; natives alone may.
func TestMoveAccord(t *testing.T) {
	cases := []struct {
		name string
		unit string
		foe  string
		may  bool
	}{
		{"regulars toward regulars", "british/field-force/1", "russian/field-force/1", false},
		{"regulars toward a regular agent", "british/field-force/1", "perovski", false},
		{"regulars toward natives", "british/field-force/1", "persia/irregular/1", true},
		{"natives toward regulars", "north-india/field-force/1", "russian/field-force/1", true},
		{"regular agent toward regulars", "keane", "russian/field-force/1", false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			g := moveGame(t, "1", 0, British, 1)
			g.Ev.Accord = true
			movePut(t, g, c.unit, "2005")
			movePut(t, g, c.foe, "2105")
			moveDo(t, g, "force:2005", "go")
			if moveHas(g, "to:2105") != c.may {
				t.Fatalf("step offered %v, want %v", !c.may, c.may)
			}
		})
	}
}

// 5.3.1, 11.2: only units of regions the side controls move, and with them
// regulars of several nations form one force.
func TestMoveControl(t *testing.T) {
	g := moveGame(t, "1", 0, British, 1)
	movePut(t, g, "afghanistan/irregular/1", "2005")
	movePut(t, g, "persia/irregular/1", "2105")
	movePut(t, g, "north-india/irregular/1", "2205")
	movePut(t, g, "british/field-force/1", "2205")
	if ids := moveIDs(g); !slices.Equal(ids, []string{"force:2205", "end"}) {
		t.Fatalf("British options %v: neutral and Russian-controlled units do not move", ids)
	}
	g.Control[g.r.m.RegionIndex("afghanistan")] = British
	if !moveHas(g, "force:2005") {
		t.Fatalf("Afghan units move once the British control Afghanistan")
	}
	moveDo(t, g, "force:2205", "go")
	if len(g.Move.Units) != 2 {
		t.Fatalf("British and North Indian units form one force (11.2): %d", len(g.Move.Units))
	}
}

// StepForm: units left out stay behind, free to move in another force; a
// cancelled force moves no one.
func TestMoveForming(t *testing.T) {
	g := moveGame(t, "1", 0, British, 1)
	a := movePut(t, g, "british/field-force/1", "2005")
	b := movePut(t, g, "british/field-force/1", "2005")
	moveDo(t, g, "force:2005", "out:"+PieceID(a), "in:"+PieceID(a), "out:"+PieceID(b), "go", "to:2105", "stop")
	if g.Pieces[a].Loc != g.parseSq("2105") || g.Pieces[b].Loc != g.parseSq("2005") || g.Pieces[b].Flags&FlagMoved != 0 {
		t.Fatalf("a at %s, b at %s", g.SqName(g.Pieces[a].Loc), g.SqName(g.Pieces[b].Loc))
	}
	moveDo(t, g, "force:2005", "cancel")
	if g.Move.Active || g.Pieces[b].Flags&FlagMoved != 0 || !moveHas(g, "force:2005") {
		t.Fatalf("cancelling leaves the units free")
	}
	c := g.clone()
	moveDo(t, g, "force:2005", "go")
	if c.Move.Active || len(c.Move.Units) != 0 {
		t.Fatalf("a clone shares the force: %+v", c.Move)
	}
}

// Many destinations are offered by region, then by part, never more than a few at once.
func TestMoveDestMenus(t *testing.T) {
	g := moveGame(t, "1", 0, Russian, 1)
	g.SP[Russian] = 5
	movePut(t, g, "russian/field-force/1", "base:russian")
	moveDo(t, g, "force:base", "go", "amph")
	if n := len(g.Decision().Options); n > destShown+2 {
		t.Fatalf("%d options: %v", n, moveIDs(g))
	}
	if !moveHas(g, "region:persia") || !moveHas(g, "back") {
		t.Fatalf("regions expected: %v", moveIDs(g))
	}
	moveDo(t, g, "back", "exit")
	if !strings.HasPrefix(moveIDs(g)[0], "part:") {
		t.Fatalf("45 edge squares of one region come in parts: %v", moveIDs(g))
	}
	moveDo(t, g, "part:2")
	if n := len(g.Decision().Options); n > destPart+1 {
		t.Fatalf("%d options in a part", n)
	}
	moveDo(t, g, "back", "back")
	if moveStep(g) != StepMarch {
		t.Fatalf("back returns to the march")
	}
}

// Random play with real movement keeps the movement invariants.
func TestMoveRandomPlay(t *testing.T) {
	for _, sc := range []struct {
		id    string
		start int
	}{{"1", 0}, {"2", 0}} {
		g := newTestGame(t, sc.id, sc.start, 7)
		g.SP = [2]int{20, 20}
		rng := core.NewRNG(11)
		for steps := 0; !g.Over && steps < 20000; steps++ {
			moveCheck(t, g)
			d := g.Decision()
			if err := g.Apply(d.Options[rng.IntN(len(d.Options))].ID); err != nil {
				t.Fatal(err)
			}
		}
	}
}
