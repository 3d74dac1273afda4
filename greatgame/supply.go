package greatgame

import "fmt"

// Supply (17.3–17.6). In the supply phase each side, the first player
// first, settles every square holding its combat units: agents, neutral
// units and units in a base need nothing (17.3.1); the side's units forage
// up to the square's forage value, a desert square feeding one irregular
// group (17.3.2, 2.8.1); one supply point feeds all the units beyond that
// (17.3.3), else the owner picks units that starve until the rest can
// forage, breaking divisions if he likes (17.4). A square whose combat
// units include any from outside their home region (atHome) costs one
// supply point more, else those units are eliminated (17.6), unless a
// friendly railway there runs to the base through squares free of enemy
// units (17.6.2). The expeditionary question is asked first, so that a
// player who lets the outsiders go may find the rest can forage.

// beginSupply is the supply phase (3.1(14)).
func (g *Game) beginSupply() {
	g.logf("%s: supply phase (17.3).", g.Years())
	// Both sides check their supply at once; who has squares to settle,
	// and so who is asked first, shows: the phase is an undo barrier.
	g.reveal("the supply phase began")
	a, b := task(StepSupplyNext, g.First), task(StepSupplyNext, g.First.Other())
	g.push(a, b)
}

// supplyTally is what a side has in one square for supply.
type supplyTally struct {
	brigades, irregulars int
	outside              bool // a combat unit from outside the square's region (17.6)
}

// tally counts a side's combat units in a square.
func (g *Game) tally(s Side, sq int16) supplyTally {
	var x supplyTally
	reg := g.r.m.Squares[sq].Region
	for p := range g.Pieces {
		if g.Pieces[p].Loc != sq || g.IsAgent(p) || g.Owner(p) != s {
			continue
		}
		g.count(&x, p, reg)
	}
	return x
}

func (g *Game) count(x *supplyTally, p, region int) {
	b := g.Brigades(p)
	x.brigades += b
	if g.r.types[g.T(p).Type] == "irregular" {
		x.irregulars += b
	}
	if !g.atHome(p, region) {
		x.outside = true
	}
}

// atHome reports whether a combat unit is in its home region for 17.6: a
// native unit in its own region; a British or Russian unit in the region its
// base opens onto (North India, West Siberia: the Raj and Russia proper,
// where the supply lines start); ghazis, raised wherever the Jihad calls
// them for one turn (21.0), anywhere.
func (g *Game) atHome(p, region int) bool {
	switch n := int(g.T(p).Nation); {
	case n == g.r.ghazi:
		return true
	case n <= 1:
		for _, b := range g.r.m.Bases {
			if sideOf(b.Side) == Side(n) {
				return b.LandRegion == region
			}
		}
		return false
	}
	return g.RegionOf(p) == region
}

// forageCap is how many brigades a square feeds (17.3.2, 2.8.1).
func (g *Game) forageCap(sq int16, irregulars int) int {
	return int(g.r.forage[sq]) + min(int(g.r.irrForage[sq]), irregulars)
}

// SupplyNeed says what a side's units in a square need in the supply
// phase: a supply point for the units beyond forage (17.3.3), and one for
// an expeditionary force (17.6).
func (g *Game) SupplyNeed(s Side, sq int16) (forage, expedition bool) {
	x := g.tally(s, sq)
	if !x.outside {
		return g.beyondForage(sq, x), false
	}
	line, _ := g.railSupplied(s, sq)
	return g.beyondForage(sq, x), !line
}

func (g *Game) beyondForage(sq int16, x supplyTally) bool {
	return x.brigades > g.forageCap(sq, x.irregulars)
}

// supplySquares lists, in map order, the squares where a side must decide
// about supply, and whether each holds an unsupplied expeditionary force.
func (g *Game) supplySquares(s Side, from int16) (int16, bool) {
	n := len(g.r.m.Squares)
	xs := make([]supplyTally, n)
	for p := range g.Pieces {
		l := g.Pieces[p].Loc
		if l <= from || g.IsAgent(p) || g.Owner(p) != s {
			continue
		}
		g.count(&xs[l], p, g.r.m.Squares[l].Region)
	}
	for sq := int(from) + 1; sq < n; sq++ {
		x := xs[sq]
		if x.brigades == 0 {
			continue
		}
		exp := false
		if x.outside {
			line, hidden := g.railSupplied(s, int16(sq))
			if hidden {
				g.reveal(fmt.Sprintf("whether enemy units cut the %s railway supply line from %s", s.Title(), g.SqName(int16(sq))))
			}
			exp = !line
		}
		if exp || g.beyondForage(int16(sq), x) {
			return int16(sq), exp
		}
	}
	return -1, false
}

// railSupplied reports whether a side's railway in a square runs, square
// by square along their sides, to its base through squares without enemy
// combat units (17.6.2, 13.6.4, 19.1.4); and whether the answer turns on
// stacks the side may not examine (22.1), which it cannot tell from agents:
// the line would be traced if they held none and not if they all did. Then
// applying the rule shows the side something hidden, and the caller that
// applies it moves the undo barrier.
func (g *Game) railSupplied(s Side, sq int16) (line, hidden bool) {
	if g.Turn < g.r.d.Charts.RailwaysFromTurn || g.MarkerAt(sq, Railway, s) < 0 {
		return false, false
	}
	const (
		enemy  uint8 = 1 << iota // enemy combat units
		known                    // …which the side may examine
		unseen                   // counters of the other side the side may not examine
		seen                     // the side may examine the square
	)
	occ := make([]uint8, len(g.r.m.Squares))
	g.markExaminable(s, occ, seen)
	for i, p := range g.Pieces {
		if p.Loc < 0 || g.Owner(i) != s.Other() {
			continue
		}
		switch {
		case occ[p.Loc]&seen == 0:
			occ[p.Loc] |= unseen
		case !g.IsAgent(i):
			occ[p.Loc] |= known
		}
		if !g.IsAgent(i) {
			occ[p.Loc] |= enemy
		}
	}
	line = g.railLine(s, sq, occ, enemy)
	hidden = g.railLine(s, sq, occ, known) != g.railLine(s, sq, occ, known|unseen)
	return line, hidden
}

// railLine reports whether a side's railway runs from a square to its base
// through squares none of which has a bit of block in occ.
func (g *Game) railLine(s Side, sq int16, occ []uint8, block uint8) bool {
	rail := make([]bool, len(g.r.m.Squares))
	for _, m := range g.Markers {
		if m.Side == s && m.Kind == Railway {
			rail[m.Sq] = true
		}
	}
	seen := make([]bool, len(rail))
	queue := []int16{sq}
	seen[sq] = true
	for len(queue) > 0 {
		q := queue[0]
		queue = queue[1:]
		if occ[q]&block != 0 {
			continue
		}
		if g.baseEntry(s, q) {
			return true
		}
		for _, n := range g.r.m.Orthogonal(int(q)) {
			if rail[n] && !seen[n] {
				seen[n] = true
				queue = append(queue, int16(n))
			}
		}
	}
	return false
}

// outsiders lists a side's combat units in a square from outside its region.
func (g *Game) outsiders(s Side, sq int16) []int {
	reg := g.r.m.Squares[sq].Region
	var out []int
	for p := range g.Pieces {
		if g.Pieces[p].Loc == sq && !g.IsAgent(p) && g.Owner(p) == s && !g.atHome(p, reg) {
			out = append(out, p)
		}
	}
	return out
}

// afterSupplyChoice moves a square's task on: the forage question if the
// units still exceed the forage, else the square is settled.
func (g *Game) afterSupplyChoice(t *Task) {
	if g.beyondForage(t.Sq, g.tally(t.Side, t.Sq)) {
		t.Step, t.Aux = StepSupply, 0
		return
	}
	g.pop()
}

// starveOptions lists the ways a side may shed a brigade in a square: a
// unit starves, a division breaks up first, an elephant counter loses a
// group (17.4).
func (g *Game) starveOptions(t *Task, o *optList) {
	seen := map[string]bool{}
	for p := range g.Pieces {
		if g.Pieces[p].Loc != t.Sq || g.IsAgent(p) || g.Owner(p) != t.Side {
			continue
		}
		k := fmt.Sprint(g.T(p).ID, g.Pieces[p].Flags&FlagBack)
		if seen[k] {
			continue
		}
		seen[k] = true
		o.add("starve:"+PieceID(p), g.PieceName(p)+" starves")
		tp := g.T(p)
		switch {
		case tp.Back != nil && g.Pieces[p].Flags&FlagBack == 0:
			o.add("flip:"+PieceID(p), g.PieceName(p)+" loses a group (turned to its back)")
		case tp.Size >= 2 && g.splitCounters(p, false) != nil:
			o.add("break:"+PieceID(p), "break "+g.PieceName(p)+" into brigades first")
		case tp.Size == 3 && g.splitCounters(p, true) != nil:
			o.add("break21:"+PieceID(p), "break "+g.PieceName(p)+" into XX + X first")
		}
	}
}

func (g *Game) supplyPrompt(t *Task) string {
	x := g.tally(t.Side, t.Sq)
	where := g.SqName(t.Sq)
	switch {
	case t.Step == StepStarve:
		return fmt.Sprintf("%d %s in %s, forage for %d: which unit starves? (%d SP)", x.brigades, pl(x.brigades, "brigade"), where, g.forageCap(t.Sq, x.irregulars), g.SP[t.Side])
	case t.Aux == 1:
		return fmt.Sprintf("Your force in %s includes units from outside the region: spend a supply point or lose them? (%d SP)", where, g.SP[t.Side])
	}
	return fmt.Sprintf("%d %s in %s, forage for %d: spend a supply point or let units starve? (%d SP)", x.brigades, pl(x.brigades, "brigade"), where, g.forageCap(t.Sq, x.irregulars), g.SP[t.Side])
}

func init() {
	defineAuto(StepSupplyNext, func(g *Game, t *Task) {
		sq, exp := g.supplySquares(t.Side, t.Sq)
		if sq < 0 {
			// whether a side had supply to settle, and how it settled it, is
			// seen across the table (17.3: units starve, supply points are
			// spent), even where its stacks are hidden
			side := t.Side
			g.pop()
			g.reveal(side.Title() + " supply settled")
			return
		}
		t.Sq = sq
		aux := int16(0)
		if exp {
			aux = 1
		}
		g.push(Task{Step: StepSupply, Side: t.Side, Sq: sq, Region: -1, Aux: aux})
	})
	defineStep(StepSupply, stepDef{
		name: "supply", rule: "17.3",
		prompt: func(g *Game, t *Task) string { return g.supplyPrompt(t) },
		options: func(g *Game, t *Task, o *optList) {
			if t.Aux == 1 {
				o.rule = "17.6"
				if g.SP[t.Side] > 0 {
					o.add("pay", "spend 1 SP: the expeditionary force stays")
				}
				o.add("refuse", "spend nothing: the units from outside the region are eliminated")
				return
			}
			if g.SP[t.Side] > 0 {
				o.addRule("pay", "spend 1 SP: the units beyond forage are supplied", "17.3.3")
			}
			o.addRule("starve", "spend nothing: units beyond forage starve", "17.4")
		},
		apply: func(g *Game, t *Task, id string) error {
			switch {
			case t.Aux == 1 && id == "pay":
				g.SP[t.Side]--
				g.afterSupplyChoice(t)
			case t.Aux == 1:
				out := g.outsiders(t.Side, t.Sq)
				for _, p := range out {
					g.eliminate(p)
				}
				g.logf("%s: %d %s from outside the region %s lost in %s (17.6).", t.Side.Title(), len(out), pl(len(out), "unit"), isAre(len(out)), g.SqName(t.Sq))
				g.afterSupplyChoice(t)
			case id == "pay":
				g.SP[t.Side]--
				g.pop()
			default:
				t.Step = StepStarve
			}
			return nil
		},
	})
	defineStep(StepStarve, stepDef{
		name: "starve", rule: "17.4",
		prompt:  func(g *Game, t *Task) string { return g.supplyPrompt(t) },
		options: func(g *Game, t *Task, o *optList) { g.starveOptions(t, o) },
		apply: func(g *Game, t *Task, id string) error {
			verb, arg, _ := cut(id)
			p, _ := parseInt(arg, "p")
			switch verb {
			case "starve":
				g.eliminate(p)
				g.logf("%s: a unit starves in %s (17.4).", t.Side.Title(), g.SqName(t.Sq))
			case "flip":
				g.Pieces[p].Flags |= FlagBack
				g.logf("%s: a unit starves in %s (17.4).", t.Side.Title(), g.SqName(t.Sq))
			case "break":
				g.split(p, g.splitCounters(p, false))
			case "break21":
				g.split(p, g.splitCounters(p, true))
			}
			if !g.beyondForage(t.Sq, g.tally(t.Side, t.Sq)) {
				g.pop()
			}
			return nil
		},
	})
}

// checkSupply: a square's supply task is about a square where the side has combat units.
func (g *Game) checkSupply() error {
	for _, t := range g.Tasks {
		if (t.Step == StepSupply || t.Step == StepStarve) && (t.Sq < 0 || g.tally(t.Side, t.Sq).brigades == 0) {
			return fmt.Errorf("supply decision for %s in a square without its units", t.Side.Title())
		}
	}
	return nil
}
