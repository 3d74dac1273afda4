package greatgame

import (
	"fmt"
	"slices"
	"strings"
	"sync"
)

// Movement (11.0, 12.2, 13.0, 16.2.1, 19.1–19.2). The phasing player moves
// one force at a time: picks the square (or base) it starts from
// (StepMove), leaves units out of it (StepForm), then marches it a step at a
// time (StepMarch): to a side square (or a corner square when every unit
// has circled movement), into or out of the base, or on a railway or
// amphibious leg whose end is picked in StepMoveDest; units may be dropped
// on the way, and the force stops when the player says so, when it enters a
// square with enemy combat units or its base, or when its points run out.
// Movement points are counted in halves (a trade route costs ½, 13.5.1).
//
// Under the fog of war (22.0) the mover plans with what it may see: every
// list of places within reach is computed from its knowledge (moveOcc), and
// the rules apply when the force goes — a leg ends where it really meets
// enemy combat units (goLeg).

// forceState is the force moving now (11.3).
type forceState struct {
	Active   bool
	Side     Side
	Units    []int16 // the force's members, in piece order
	Out      []int16 // units of the starting stack left out while forming (11.3)
	Start    int16   // where the force set off: a square or a base
	At       int16   // where it stands now
	Full2    int16   // its allowance in half points, fixed when it sets off (11.3, 16.2.1)
	MP2      int16   // half points left
	Bonus    int16   // the agent lending its military rating (16.2.1), -1 if none
	Paid     bool    // it has left its place, and the phase's supply point is paid (12.2.2)
	Rails    int8    // railway legs made (13.6.3)
	Amph     int8    // amphibious legs made (13.8.3)
	FromBase bool    // it set off from its base (19.2.3)
}

func (f forceState) clone() forceState {
	f.Units = slices.Clone(f.Units)
	f.Out = slices.Clone(f.Out)
	return f
}

func (f *forceState) reset() {
	*f = forceState{Side: NoSide, Units: f.Units[:0], Out: f.Out[:0], Start: -1, At: -1, Bonus: -1}
}

// beginMove starts the phasing player's movement subphase (3.1(4)a, 12.1).
func (g *Game) beginMove() {
	g.Move.reset()
	g.push(task(StepMove, g.Phasing))
}

// ---- the map as movement sees it ----

// moveTab is what movement needs of a map, compiled once per edition.
type moveTab struct {
	orth, near  [][]int16 // side neighbours; side and corner neighbours
	routeNext   [][]int16 // side neighbours along a trade route (13.5)
	riverNext   [][]int16 // side neighbours along a river (13.8)
	amphLand    []bool    // land an amphibious leg may start, pass or end in: coast or river, no mountain (13.8.2)
	sea         []bool
	entry       [2][]int16 // the map squares each side's base is entered from (19.1.1–2)
	entryRoute  [2][]int16 // those where a trade route leads off to the base (19.1)
	baseSea     [2]int     // the water crossed to the base by amphibious movement, -1 none
	baseName    [2]string
	clear2      int16 // the base box is entered as clear terrain…
	clearRoute2 int16 // …or along a trade route where one leads off to it (19.1)
	base2       int16 // to enter or leave a base (19.1.3)
	rail2       int16 // a railway leg (13.6.1)
	amph2       int16 // an amphibious leg (13.8.1)
	// landIn and landOut list, for each land square, the land squares
	// beside it with the cost in half points of stepping from there into it
	// (landIn) and from it into them (landOut), at least one: the tables
	// the computer players walk.
	landIn, landOut [][]edgeCost
}

// edgeCost is a step to a neighbouring square and its cost in half points.
type edgeCost struct{ sq, cost int16 }

// cost is the cost of entering a neighbouring square (stepCost).
func (t *moveTab) cost(r *rules, from, to int16) int16 {
	if slices.Contains(t.routeNext[from], to) {
		return int16(r.route2[to])
	}
	return int16(r.move2[to])
}

var moveTabs sync.Map // *rules → *moveTab, built once and never changed

func (g *Game) mt() *moveTab {
	if v, ok := moveTabs.Load(g.r); ok {
		return v.(*moveTab)
	}
	v, _ := moveTabs.LoadOrStore(g.r, buildMoveTab(g.r))
	return v.(*moveTab)
}

func buildMoveTab(r *rules) *moveTab {
	m := r.m
	n := len(m.Squares)
	t := &moveTab{orth: make([][]int16, n), near: make([][]int16, n), routeNext: make([][]int16, n),
		riverNext: make([][]int16, n), amphLand: make([]bool, n), sea: make([]bool, n), baseSea: [2]int{-1, -1}}
	tec := &r.d.TEC
	for i, sq := range m.Squares {
		for _, x := range m.Orthogonal(i) {
			t.orth[i] = append(t.orth[i], int16(x))
		}
		for _, x := range m.Neighbours(i) {
			t.near[i] = append(t.near[i], int16(x))
		}
		row := tec.Terrain[tec.TerrainIndex(sq.Terrain.String())]
		t.sea[i] = !row.Land
		t.amphLand[i] = row.Land && row.Amphibious && (sq.Coast || len(sq.Rivers) > 0)
	}
	link := func(next [][]int16, chains []Chain) {
		for _, c := range chains {
			for k := 1; k < len(c.Squares); k++ {
				a, b := c.Squares[k-1], c.Squares[k]
				if !slices.Contains(next[a], int16(b)) {
					next[a] = append(next[a], int16(b))
					next[b] = append(next[b], int16(a))
				}
			}
		}
	}
	link(t.routeNext, m.Routes)
	link(t.riverNext, m.Rivers)
	t.landIn, t.landOut = make([][]edgeCost, n), make([][]edgeCost, n)
	for sq := range n {
		if !r.land[sq] {
			continue
		}
		for _, nb := range t.orth[sq] {
			if r.land[nb] {
				t.landIn[sq] = append(t.landIn[sq], edgeCost{nb, max(1, t.cost(r, nb, int16(sq)))})
				t.landOut[sq] = append(t.landOut[sq], edgeCost{nb, max(1, t.cost(r, int16(sq), nb))})
			}
		}
	}
	for _, b := range m.Bases {
		s := sideOf(b.Side)
		if s == NoSide {
			continue
		}
		for _, e := range b.Entry {
			t.entry[s] = append(t.entry[s], int16(e))
		}
		t.baseSea[s], t.baseName[s] = b.Sea, b.Name
		for _, c := range m.Routes {
			if c.Base != b.ID || len(c.Squares) == 0 {
				continue
			}
			end := c.Squares[len(c.Squares)-1]
			if c.BaseEnd == "first" {
				end = c.Squares[0]
			}
			t.entryRoute[s] = append(t.entryRoute[s], int16(end))
		}
	}
	clear := tec.Terrain[tec.TerrainIndex(Clear.String())]
	t.clear2, t.clearRoute2 = int16(clear.Move*2), int16(clear.RouteMove*2)
	t.base2, t.rail2, t.amph2 = int16(tec.BaseMove*2), int16(tec.RailMove*2), int16(tec.Amphibious.Move*2)
	return t
}

// canRetreatInto reports whether land units may be in a square at all: a
// land square, not all sea or lake (13.7.1). Other rules (enemy units,
// belligerence) are the retreat's own.
func (g *Game) canRetreatInto(side Side, sq int16) bool {
	return sq >= 0 && int(sq) < len(g.r.land) && g.r.land[sq]
}

// ---- who may move ----

// movable reports whether a piece may join a force of the side this
// subphase: the side controls it (5.3.1, 11.2), it has not moved (11.3),
// and it stands on the map or in the side's base.
func (g *Game) movable(p int, s Side) bool {
	pc := &g.Pieces[p]
	return pc.Flags&FlagMoved == 0 && (pc.Loc >= 0 || pc.Loc == BaseLoc(s)) && g.Owner(p) == s
}

// canSetOff reports whether the side may set a force off now: from the
// second operations phase on, a force moves only for a supply point (12.2.2).
func (g *Game) canSetOff(s Side) bool { return g.Ops < 2 || g.SP[s] >= 1 }

// stack is a place holding units a side may still move, and how many.
type stack struct {
	loc int16
	n   int
}

// moveStacks lists the places holding units the side may still move, in
// order (the base first).
func (g *Game) moveStacks(s Side) []stack {
	var out []stack
	for p := range g.Pieces {
		if !g.movable(p, s) {
			continue
		}
		loc := g.Pieces[p].Loc
		i, found := slices.BinarySearchFunc(out, loc, func(a stack, l int16) int { return int(a.loc) - int(l) })
		if found {
			out[i].n++
		} else {
			out = slices.Insert(out, i, stack{loc, 1})
		}
	}
	return out
}

// allowance is a force's movement in half points: its slowest unit's
// factor, every combat unit adding the military rating of one agent with
// it, never an agent's own (11.3, 16.2.1); and the agent lending it.
func (g *Game) allowance(units []int16) (int16, int16) {
	bonus, mil := int16(-1), 0
	for _, u := range units {
		if t := g.T(int(u)); t.Agent >= 0 && int(t.Military) > mil {
			bonus, mil = u, int(t.Military)
		}
	}
	least := -1
	for _, u := range units {
		mf := g.MoveFactor(int(u))
		if !g.IsAgent(int(u)) {
			mf += mil
		}
		if least < 0 || mf < least {
			least = mf
		}
	}
	return int16(2 * max(0, least)), bonus
}

func (g *Game) forceCircled() bool {
	for _, u := range g.Move.Units {
		if !g.T(int(u)).Circled {
			return false
		}
	}
	return true
}

// forceMayEnterBase: only the side's own regulars enter its base, and not
// in the phase they left it (19.2).
func (g *Game) forceMayEnterBase() bool {
	f := &g.Move
	if f.FromBase || f.At == BaseLoc(f.Side) {
		return false
	}
	for _, u := range f.Units {
		if Side(g.T(int(u)).Nation) != f.Side {
			return false
		}
	}
	return true
}

func (g *Game) forceHasRegular() bool {
	for _, u := range g.Move.Units {
		if g.Regular(int(u)) {
			return true
		}
	}
	return false
}

// ---- where a force may go ----

// What stands in a square, as the moving side knows it (22.0). The mover
// examines only the squares where it has a counter (22.1); elsewhere it
// sees the other side's counters as a stack and cannot tell agents, which
// do not stop it (13.3.3), from combat units, which do (13.3.2, 13.6.2).
// Every list of places within reach is computed from this: a leg is planned
// through such a stack, and the force is stopped where it really meets
// enemy combat units when it goes (goLeg).
const (
	occEnemy  uint8 = 1 << iota // enemy combat units the mover may examine: entering stops the force (13.3.2)
	occHidden                   // counters of the other side the mover may not examine: planned through
	occBanned                   // a regular piece of the other side, closed to regulars by the Anglo-Russian Accord
	occRail                     // a friendly railway marker (13.6.1)
	occSeen                     // the mover may examine the square (22.1)
)

func (g *Game) moveOcc() []uint8 {
	f := &g.Move
	occ := make([]uint8, len(g.r.m.Squares))
	g.markExaminable(f.Side, occ, occSeen)
	accord := g.Ev.Accord && g.forceHasRegular()
	other := f.Side.Other()
	for p := range g.Pieces {
		loc := g.Pieces[p].Loc
		if loc < 0 {
			continue
		}
		if g.Owner(p) == other {
			switch {
			case occ[loc]&occSeen == 0:
				occ[loc] |= occHidden
			case !g.IsAgent(p):
				occ[loc] |= occEnemy
			}
		}
		// The Accord's ban is read from the whole board, seen or not: the
		// event bids each player tell the other where it applies while the
		// fog of war is in play (Anglo-Russian Accord), so it is public.
		if accord && Side(g.T(p).Nation) == other {
			occ[loc] |= occBanned
		}
	}
	for _, m := range g.Markers {
		if m.Kind == Railway && m.Side == f.Side {
			occ[m.Sq] |= occRail
		}
	}
	return occ
}

// leg is a move the force may make: where to and its cost in half points.
type leg struct{ to, cost int16 }

// stepCost is the cost of entering a neighbouring square: half a point
// along a trade route in clear terrain, one through desert or mountain
// (13.5), else the terrain's (13.1, 13.2.1).
func (g *Game) stepCost(from, to int16) int16 { return g.mt().cost(g.r, from, to) }

// steps lists the squares next to the force it may enter: land (13.7.1),
// across a side, or a corner when every unit has circled movement (13.2),
// not closed by the Accord, within its points.
func (g *Game) steps(occ []uint8) []leg {
	f := &g.Move
	if f.At < 0 {
		return nil
	}
	mt := g.mt()
	nb := mt.orth[f.At]
	if g.forceCircled() {
		nb = mt.near[f.At]
	}
	var out []leg
	for _, n := range nb {
		if !g.r.land[n] || occ[n]&occBanned != 0 {
			continue
		}
		if c := g.stepCost(f.At, n); c <= f.MP2 {
			out = append(out, leg{n, c})
		}
	}
	return out
}

// moveBaseEntry is the cost of entering the base from the force's square by
// land, if it may: its own regulars, from a square of the right edge, as
// clear terrain or along the trade route leading off there, plus the
// base's point (19.1).
func (g *Game) moveBaseEntry() (int16, bool) {
	f := &g.Move
	mt := g.mt()
	if f.At < 0 || !g.forceMayEnterBase() || !slices.Contains(mt.entry[f.Side], f.At) {
		return 0, false
	}
	c := mt.clear2
	if slices.Contains(mt.entryRoute[f.Side], f.At) {
		c = mt.clearRoute2
	}
	c += mt.base2
	return c, c <= f.MP2
}

// The legs picked in StepMoveDest.
const (
	destExit int16 = iota + 1 // from the base onto the map by land (19.1)
	destRail                  // a railway leg (13.6)
	destAmph                  // an amphibious leg (13.8)
)

var destNames = [...]string{destExit: "Leaving the base", destRail: "Railway movement", destAmph: "Amphibious movement"}

// dests lists where a leg of a kind may end, by square (the base first).
func (g *Game) dests(mode int16, occ []uint8) []leg {
	var out []leg
	switch mode {
	case destExit:
		out = g.exitDests(occ)
	case destRail:
		out = g.railDests(occ)
	case destAmph:
		out = g.amphDests(occ)
	}
	slices.SortFunc(out, func(a, b leg) int { return int(a.to) - int(b.to) })
	return out
}

// reach is where a railway or amphibious leg may end and the way the
// search found to each: from[s] is the square s was reached from (-1 for
// the squares the leg sets off into), baseVia the square the base is
// reached from (-1 if it is not).
type reach struct {
	legs    []leg
	from    []int16
	baseVia int16
}

// legPath is the way a railway or amphibious leg takes to a place it may
// end in: the squares it enters in order, the last being the place; the
// first way the search found, so the same for everything the mover sees
// (sea and lake squares included: they hold no counters).
func (g *Game) legPath(mode int16, occ []uint8, to int16) []int16 {
	var r reach
	switch mode {
	case destRail:
		r = g.railReach(occ)
	case destAmph:
		r = g.amphReach(occ)
	default:
		return []int16{to}
	}
	var path []int16
	s := to
	if to < 0 {
		path = append(path, to)
		s = r.baseVia
	}
	for ; s >= 0 && s != g.Move.At; s = r.from[s] {
		path = append(path, s)
	}
	slices.Reverse(path)
	return path
}

// exitDests: from the base onto any square of its edge, paying the square
// (along the trade route leading off there, if any) and the base's point
// (19.1, 19.1.5).
func (g *Game) exitDests(occ []uint8) []leg {
	f := &g.Move
	mt := g.mt()
	if f.At != BaseLoc(f.Side) {
		return nil
	}
	var out []leg
	for _, e := range mt.entry[f.Side] {
		if !g.r.land[e] || occ[e]&occBanned != 0 {
			continue
		}
		c := int16(g.r.move2[e])
		if slices.Contains(mt.entryRoute[f.Side], e) {
			c = int16(g.r.route2[e])
		}
		if c += mt.base2; c <= f.MP2 {
			out = append(out, leg{e, c})
		}
	}
	return out
}

// railDests: any square joined to the force's by friendly railways across
// square sides, for one point; a square with an enemy combat unit ends the
// leg; from 1860-64 the base has railways joining the edge squares that
// hold a friendly railway (13.6, 19.1.4).
func (g *Game) railDests(occ []uint8) []leg { return g.railReach(occ).legs }

func (g *Game) railReach(occ []uint8) reach {
	f := &g.Move
	mt := g.mt()
	base := BaseLoc(f.Side)
	railBase := g.Turn >= g.r.d.Charts.RailwaysFromTurn
	cost := mt.rail2
	switch {
	case f.At == base && (!railBase || cost+mt.base2 > f.MP2):
		return reach{}
	case f.At >= 0 && (occ[f.At]&occRail == 0 || cost > f.MP2), f.At < 0 && f.At != base:
		return reach{}
	}
	seen := make([]bool, len(occ))
	r := reach{from: make([]int16, len(occ)), baseVia: -1}
	var queue []int16
	visit := func(s, from int16) {
		if seen[s] || occ[s]&occRail == 0 || occ[s]&occBanned != 0 {
			return
		}
		seen[s] = true
		r.from[s] = from
		r.legs = append(r.legs, leg{s, 0})
		if occ[s]&occEnemy == 0 {
			queue = append(queue, s)
		}
	}
	if f.At == base {
		cost += mt.base2
		for _, e := range mt.entry[f.Side] {
			visit(e, -1)
		}
	} else {
		seen[f.At] = true
		r.from[f.At] = -1
		queue = append(queue, f.At)
	}
	for len(queue) > 0 {
		s := queue[0]
		queue = queue[1:]
		for _, n := range mt.orth[s] {
			visit(n, s)
		}
	}
	for i := range r.legs {
		r.legs[i].cost = cost
	}
	if railBase && g.forceMayEnterBase() && cost+mt.base2 <= f.MP2 {
		for _, e := range mt.entry[f.Side] {
			if seen[e] && occ[e]&occRail != 0 && (e == f.At || occ[e]&occEnemy == 0) {
				r.legs = append(r.legs, leg{base, cost + mt.base2})
				r.baseVia = e
				break
			}
		}
	}
	return r
}

// amphDests: any land square reached along continuous river, coast and
// sea or lake squares, for one point; not into or out of mountain, never
// ending at sea (13.8); a square with enemy combat units ends the leg; the
// base is reached across its own water (19.1.1–2).
func (g *Game) amphDests(occ []uint8) []leg { return g.amphReach(occ).legs }

func (g *Game) amphReach(occ []uint8) reach {
	f := &g.Move
	mt := g.mt()
	m := g.r.m
	base := BaseLoc(f.Side)
	water := mt.baseSea[f.Side]
	cost := mt.amph2
	switch {
	case f.At == base && (water < 0 || cost+mt.base2 > f.MP2):
		return reach{}
	case f.At >= 0 && (!mt.amphLand[f.At] || cost > f.MP2), f.At < 0 && f.At != base:
		return reach{}
	}
	seen := make([]bool, len(occ))
	r := reach{from: make([]int16, len(occ)), baseVia: -1}
	var queue []int16
	visit := func(s, from int16) {
		if seen[s] {
			return
		}
		switch {
		case mt.sea[s]:
			seen[s] = true
			r.from[s] = from
			queue = append(queue, s)
			if m.Squares[s].Water == water && r.baseVia < 0 {
				r.baseVia = s
			}
		case mt.amphLand[s] && occ[s]&occBanned == 0:
			seen[s] = true
			r.from[s] = from
			r.legs = append(r.legs, leg{s, 0})
			if occ[s]&occEnemy == 0 {
				queue = append(queue, s)
			}
		}
	}
	if f.At == base {
		cost += mt.base2
		for _, s := range m.Waters[water].Squares {
			visit(int16(s), -1)
		}
	} else {
		seen[f.At] = true
		r.from[f.At] = -1
		queue = append(queue, f.At)
	}
	for len(queue) > 0 {
		s := queue[0]
		queue = queue[1:]
		for _, n := range mt.near[s] {
			if mt.sea[n] || mt.sea[s] {
				visit(n, s)
			}
		}
		if !mt.sea[s] {
			for _, n := range mt.riverNext[s] {
				visit(n, s)
			}
		}
	}
	for i := range r.legs {
		r.legs[i].cost = cost
	}
	if r.baseVia >= 0 && g.forceMayEnterBase() && cost+mt.base2 <= f.MP2 {
		r.legs = append(r.legs, leg{base, cost + mt.base2})
	} else {
		r.baseVia = -1
	}
	return r
}

// amphSP is the supply an amphibious leg costs: from a port (the base
// counting as one) or elsewhere for the first, one more for each further
// leg (13.8.1, 13.8.3).
func (g *Game) amphSP() int {
	f := &g.Move
	a := &g.r.d.TEC.Amphibious
	switch {
	case f.Amph > 0:
		return 1
	case f.At < 0 || g.r.m.Squares[f.At].Port:
		return a.SupplyFromPort
	}
	return a.SupplyElsewhere
}

// opsSPDue is the supply point still owed for moving this force (12.2.2).
func (g *Game) opsSPDue() int {
	if g.Ops >= 2 && !g.Move.Paid {
		return 1
	}
	return 0
}

// ---- doing it ----

// formForce gathers the units at a place the side may move.
func (g *Game) formForce(s Side, loc int16) {
	f := &g.Move
	f.reset()
	f.Active, f.Side, f.Start, f.At = true, s, loc, loc
	for p := range g.Pieces {
		if g.Pieces[p].Loc == loc && g.movable(p, s) {
			f.Units = append(f.Units, int16(p))
		}
	}
}

// setOff starts the formed force's march.
func (g *Game) setOff() {
	f := &g.Move
	f.Full2, f.Bonus = g.allowance(f.Units)
	f.MP2 = f.Full2
	f.FromBase = f.At == BaseLoc(f.Side)
	f.Out = f.Out[:0] // left where they stand, free to move in another force (11.3)
	g.logf("%s: a force of %d sets off from %s with %s MP.", f.Side.Title(), len(f.Units), g.SqName(f.At), fmtMP(f.MP2))
}

// pay charges the phase's supply point when the force first leaves its place (12.2.2).
func (g *Game) pay(extra int) {
	f := &g.Move
	due := g.opsSPDue() + extra
	f.Paid = true
	if due > 0 {
		g.SP[f.Side] -= due
		g.logf("%s spends %d supply %s (%d left).", f.Side.Title(), due, pl(int(due), "point"), g.SP[f.Side])
	}
}

// travel moves the force to a place for a cost, then stops it if it must.
func (g *Game) travel(to, cost int16, how string) {
	f := &g.Move
	from := f.At
	for _, u := range f.Units {
		g.Pieces[u].Loc = to
	}
	f.At = to
	f.MP2 -= cost
	g.logf("%s force: %s → %s (%s, %s MP left).", f.Side.Title(), g.SqName(from), g.SqName(to), how, fmtMP(f.MP2))
	switch {
	case to < 0:
		g.endForce("in its base")
	case g.CombatUnits(to, f.Side.Other()) > 0:
		g.endForce("enemy units there (13.3.2)")
	case f.MP2 <= 0:
		g.endForce("no movement points left")
	}
}

// goLeg carries the force along a railway or amphibious leg's path (the
// squares it enters, legPath), square by square. The leg was planned with
// what the mover may see; it ends at the first square holding enemy combat
// units (13.3.2, 13.6.2, 13.8.2), which the mover could not examine when it
// planned. The leg costs the same wherever it ends, but for the base's
// point when it is stopped short of entering the base (19.1.3). A force
// that goes on through a stack it could not examine has learnt that no
// enemy combat unit stands there: the undo barrier moves.
func (g *Game) goLeg(occ []uint8, path []int16, cost int16, how string) {
	f := &g.Move
	other := f.Side.Other()
	to := path[len(path)-1]
	passed := false
	for _, s := range path[:len(path)-1] {
		if g.CombatUnits(s, other) > 0 {
			if to < 0 {
				cost -= g.mt().base2
			}
			if passed {
				g.reveal(f.Side.Title() + " force went through a stack it could not examine")
			}
			g.travel(s, cost, fmt.Sprintf("%s, bound for %s: stopped on the way", how, g.SqName(to)))
			return
		}
		if occ[s]&occHidden != 0 {
			passed = true
		}
	}
	if passed {
		g.reveal(f.Side.Title() + " force went through a stack it could not examine")
	}
	g.travel(to, cost, how)
}

// drop leaves a unit where the force stands; it moves no more this subphase (11.3).
func (g *Game) drop(p int16) {
	f := &g.Move
	f.Units = slices.DeleteFunc(f.Units, func(u int16) bool { return u == p })
	g.Pieces[p].Flags |= FlagMoved
	g.logf("%s force leaves a unit at %s.", f.Side.Title(), g.SqName(f.At))
}

// endForce stops the force: its units have moved this subphase (11.3).
func (g *Game) endForce(why string) {
	f := &g.Move
	for _, u := range f.Units {
		g.Pieces[u].Flags |= FlagMoved
	}
	g.logf("%s force of %d stops at %s (%s).", f.Side.Title(), len(f.Units), g.SqName(f.At), why)
	f.reset()
	g.pop() // StepMarch
}

func fmtMP(h int16) string {
	s := fmt.Sprint(h / 2)
	if h%2 != 0 {
		if h < 2 {
			return "½"
		}
		s += "½"
	}
	return s
}

// ---- the steps ----

const destShown = 12 // more legs than this are picked by region, then by part
const destPart = 10

func init() {
	defineStep(StepMove, stepDef{
		name: "move", rule: "13.0",
		prompt: func(g *Game, t *Task) string {
			s := fmt.Sprintf("Movement, operations phase %d: pick a force to move, or end movement.", g.Ops)
			if g.Ops >= 2 {
				s += fmt.Sprintf(" Each force costs a supply point (12.2.2); you have %d.", g.SP[t.Side])
			}
			return s
		},
		options: func(g *Game, t *Task, o *optList) {
			if g.canSetOff(t.Side) {
				for _, st := range g.moveStacks(t.Side) {
					o.addRule("force:"+g.sqTok(st.loc), fmt.Sprintf("move a force from %s (%d %s)", g.SqName(st.loc), st.n, pl(int(st.n), "unit")), "11.3")
				}
			}
			o.addRule("end", "end the movement subphase", "12.3")
			g.dealOptions(t.Side, o)
		},
		apply: func(g *Game, t *Task, id string) error {
			switch id {
			case "end":
				g.pop()
				return nil
			case "deal":
				g.startDeal(t.Side) // the movement step waits below the offer (23.0)
				return nil
			}
			loc := g.parseLoc(t.Side, id[len("force:"):])
			g.formForce(t.Side, loc)
			g.push(Task{Step: StepForm, Side: t.Side, Sq: loc, Region: -1})
			return nil
		},
	})
	defineStep(StepForm, stepDef{
		name: "form", rule: "11.3",
		prompt: func(g *Game, t *Task) string {
			return fmt.Sprintf("Force at %s: leave units out, then set off.", g.SqName(t.Sq))
		},
		options: func(g *Game, t *Task, o *optList) {
			f := &g.Move
			full, _ := g.allowance(f.Units)
			o.add("go", fmt.Sprintf("set off with %d %s, %s MP", len(f.Units), pl(len(f.Units), "unit"), fmtMP(full)))
			if len(f.Units) > 1 {
				for _, u := range f.Units {
					o.add("out:"+PieceID(int(u)), "leave out "+g.PieceName(int(u)))
				}
			}
			for _, u := range f.Out {
				o.add("in:"+PieceID(int(u)), "take along "+g.PieceName(int(u)))
			}
			o.add("cancel", "do not move this force now")
		},
		apply: func(g *Game, t *Task, id string) error {
			f := &g.Move
			switch {
			case id == "go":
				g.pop()
				g.setOff()
				g.push(Task{Step: StepMarch, Side: t.Side, Sq: -1, Region: -1})
			case id == "cancel":
				f.reset()
				g.pop()
			case strings.HasPrefix(id, "out:p"):
				p, _ := parseInt(id, "out:p")
				f.Units = slices.DeleteFunc(f.Units, func(u int16) bool { return int(u) == p })
				f.Out = append(f.Out, int16(p))
			default:
				p, _ := parseInt(id, "in:p")
				f.Out = slices.DeleteFunc(f.Out, func(u int16) bool { return int(u) == p })
				f.Units = append(f.Units, int16(p))
				slices.Sort(f.Units)
			}
			return nil
		},
	})
	defineStep(StepMarch, stepDef{
		name: "march", rule: "13.1",
		prompt: func(g *Game, t *Task) string {
			f := &g.Move
			return fmt.Sprintf("Your force of %d at %s has %s of %s MP left: where next?", len(f.Units), g.SqName(f.At), fmtMP(f.MP2), fmtMP(f.Full2))
		},
		options: marchOptions,
		apply:   marchApply,
	})
	defineStep(StepMoveDest, stepDef{
		name: "move-dest", rule: "13.6",
		prompt: func(g *Game, t *Task) string {
			return fmt.Sprintf("%s from %s, %s MP left: where does the force go?", destNames[t.Aux], g.SqName(g.Move.At), fmtMP(g.Move.MP2))
		},
		options: destOptions,
		apply:   destApply,
	})
}

func marchOptions(g *Game, t *Task, o *optList) {
	f := &g.Move
	occ := g.moveOcc()
	for _, l := range g.steps(occ) {
		how := ""
		if slices.Contains(g.mt().routeNext[f.At], l.to) {
			how = ", trade route"
		}
		o.add("to:"+g.sqTok(l.to), fmt.Sprintf("to %s (%s MP%s)", g.SqName(l.to), fmtMP(l.cost), how))
	}
	if c, ok := g.moveBaseEntry(); ok {
		o.addRule("to:base", fmt.Sprintf("enter %s (%s MP)", g.SqName(BaseLoc(f.Side)), fmtMP(c)), "19.1")
	}
	if len(g.dests(destExit, occ)) > 0 {
		o.addRule("exit", "leave the base onto the map", "19.1")
	}
	if n := len(g.dests(destRail, occ)); n > 0 {
		o.addRule("rail", fmt.Sprintf("railway movement (%d %s within reach)", n, pl(n, "square")), "13.6")
	}
	if g.SP[f.Side] >= g.amphSP()+g.opsSPDue() {
		if n := len(g.dests(destAmph, occ)); n > 0 {
			o.addRule("amph", fmt.Sprintf("amphibious movement (%d supply %s; %d %s within reach)", g.amphSP(), pl(g.amphSP(), "point"), n, pl(n, "place")), "13.8")
		}
	}
	if len(f.Units) > 1 {
		for _, u := range f.Units {
			if u != f.Bonus {
				o.add("drop:"+PieceID(int(u)), "leave "+g.PieceName(int(u))+" here")
			}
		}
	}
	o.add("stop", "stop here")
}

func marchApply(g *Game, t *Task, id string) error {
	f := &g.Move
	switch id {
	case "stop":
		g.endForce("the player stops it")
	case "exit", "rail", "amph":
		mode := map[string]int16{"exit": destExit, "rail": destRail, "amph": destAmph}[id]
		g.push(Task{Step: StepMoveDest, Side: t.Side, Sq: -1, Region: -1, Aux: mode})
	case "to:base":
		c, _ := g.moveBaseEntry()
		g.pay(0)
		g.travel(BaseLoc(f.Side), c, "enters the base")
	default:
		if strings.HasPrefix(id, "drop:") {
			p, _ := parseInt(id, "drop:p")
			g.drop(int16(p))
			return nil
		}
		to := g.parseSq(id[len("to:"):])
		c := g.stepCost(f.At, to)
		how := "march"
		if slices.Contains(g.mt().routeNext[f.At], to) {
			how = "trade route"
		}
		g.pay(0)
		g.travel(to, c, how)
	}
	return nil
}

// destMenu is what StepMoveDest shows: the base, then the legs' squares;
// when there are many, first the regions they lie in (Task.Region), then
// parts of ten squares (Task.N is the part, from 1).
type destMenu struct {
	base    *leg
	legs    []leg // squares to pick from
	regions []int // or regions
	counts  []int // …with how many squares each
	parts   [][]leg
}

func (g *Game) destMenu(t *Task) destMenu {
	var d destMenu
	var sel []leg
	all := g.dests(t.Aux, g.moveOcc())
	for i, l := range all {
		switch {
		case l.to < 0:
			if t.Region < 0 && t.N == 0 {
				d.base = &all[i]
			}
		case t.Region < 0 || g.r.m.Squares[l.to].Region == int(t.Region):
			sel = append(sel, l)
		}
	}
	if len(sel) <= destShown {
		d.legs = sel
		return d
	}
	if t.Region < 0 {
		for _, l := range sel {
			r := g.r.m.Squares[l.to].Region
			if i := slices.Index(d.regions, r); i >= 0 {
				d.counts[i]++
			} else {
				d.regions, d.counts = append(d.regions, r), append(d.counts, 1)
			}
		}
		if len(d.regions) > 1 {
			return d
		}
		d.regions, d.counts = nil, nil
	}
	for k := 0; k < len(sel); k += destPart {
		d.parts = append(d.parts, sel[k:min(len(sel), k+destPart)])
	}
	if t.N > 0 && int(t.N) <= len(d.parts) {
		d.legs, d.parts = d.parts[t.N-1], nil
	}
	return d
}

func destOptions(g *Game, t *Task, o *optList) {
	o.rule = [...]string{destExit: "19.1", destRail: "13.6", destAmph: "13.8"}[t.Aux]
	d := g.destMenu(t)
	if d.base != nil {
		o.addRule("to:base", fmt.Sprintf("into %s (%s MP)", g.SqName(d.base.to), fmtMP(d.base.cost)), "19.1")
	}
	for i, r := range d.regions {
		o.add("region:"+g.r.m.Regions[r].ID, fmt.Sprintf("somewhere in %s (%d %s)", g.r.m.Regions[r].Name, d.counts[i], pl(d.counts[i], "square")))
	}
	for k, part := range d.parts {
		o.add(fmt.Sprintf("part:%d", k+1), fmt.Sprintf("squares %s to %s", g.r.m.Squares[part[0].to].ID, g.r.m.Squares[part[len(part)-1].to].ID))
	}
	for _, l := range d.legs {
		o.add("to:"+g.sqTok(l.to), fmt.Sprintf("to %s (%s MP)", g.SqName(l.to), fmtMP(l.cost)))
	}
	o.add("back", "back")
}

func destApply(g *Game, t *Task, id string) error {
	f := &g.Move
	switch {
	case id == "back":
		switch {
		case t.N > 0:
			t.N = 0
		case t.Region >= 0:
			t.Region = -1
		default:
			g.pop()
		}
		return nil
	case strings.HasPrefix(id, "region:"):
		t.Region = int8(g.r.m.RegionIndex(id[7:]))
		return nil
	case strings.HasPrefix(id, "part:"):
		n, _ := parseInt(id, "part:")
		t.N = int16(n)
		return nil
	}
	to := g.parseLoc(f.Side, id[len("to:"):])
	occ := g.moveOcc()
	var cost int16
	for _, l := range g.dests(t.Aux, occ) {
		if l.to == to {
			cost = l.cost
		}
	}
	mode := t.Aux
	g.pop() // StepMoveDest
	switch mode {
	case destExit:
		g.pay(0)
		g.travel(to, cost, "leaves the base")
	case destRail:
		path := g.legPath(mode, occ, to)
		g.pay(0)
		f.Rails++
		g.goLeg(occ, path, cost, "railway")
	case destAmph:
		path := g.legPath(mode, occ, to)
		g.pay(g.amphSP())
		f.Amph++
		g.goLeg(occ, path, cost, "amphibious")
	}
	return nil
}

// checkMove: a force is being moved exactly while a movement step of it is
// pending; it stands together where it says, is the phasing player's, and
// its points are within its allowance.
func (g *Game) checkMove() error {
	f := &g.Move
	pending := false
	for _, t := range g.Tasks {
		switch t.Step {
		case StepForm, StepMarch, StepMoveDest:
			pending = true
		}
	}
	if pending != f.Active {
		return fmt.Errorf("movement: force active %v but movement steps pending %v", f.Active, pending)
	}
	if !f.Active {
		return nil
	}
	if len(f.Units) == 0 {
		return fmt.Errorf("movement: a force with no units")
	}
	if f.Side != g.Phasing || g.Seq != SeqMove {
		return fmt.Errorf("movement: a %s force moves in the %s of %s", f.Side, g.Seq, g.Phasing)
	}
	if f.MP2 < 0 || f.MP2 > f.Full2 {
		return fmt.Errorf("movement: %d half points left of %d", f.MP2, f.Full2)
	}
	for _, u := range append(slices.Clone(f.Units), f.Out...) {
		if g.Pieces[u].Loc != f.At || g.Owner(int(u)) != f.Side {
			return fmt.Errorf("movement: %s is not with its %s force at %s", g.PieceName(int(u)), f.Side, g.SqName(f.At))
		}
	}
	return nil
}
