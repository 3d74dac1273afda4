package greatgame

import (
	"fmt"
	"strings"
)

// Control, belligerence, return to neutrality and defection (5.0).
//
// gainControl and makeNeutral are the contract other rules call: events
// (uprisings, the Chinese march west, Jihad), negotiations (results E, S and
// T) and the belligerence check below. They change the Region Control Chart
// at once and push whatever decisions follow (defence recruits, units sent
// home, prisoners).

// regionTitle names a region, or the ghazis for index nr (5.7).
func (g *Game) regionTitle(r int) string {
	if r == g.r.nr {
		return g.r.d.Regions.Ghazis.Name
	}
	return g.r.m.Regions[r].Name
}

// nationOfRegion is the nation index of a region's units (the ghazis' for nr).
func nationOfRegion(r int) int8 { return int8(2 + r) }

// sqRegion is the region of a map square, -1 at sea or off the map.
func (g *Game) sqRegion(sq int16) int {
	if sq < 0 {
		return -1
	}
	return g.r.m.Squares[sq].Region
}

// checkBelligerence is the phasing player's belligerence check subphase
// (5.4.1): a neutral region is invaded when combat units of the phasing
// player stand in a square with its combat units (1) or in one of its cities
// (2). It goes to the other player (5.4(3)). Agents and civilization markers
// never violate neutrality (5.4.4, 5.4.5); passing through is no violation,
// only where the units stand now counts (5.4.3).
func (g *Game) checkBelligerence() {
	for _, r := range g.invadedRegions(g.Phasing) {
		g.logf("Belligerence (5.4.1): %s combat units violate the neutrality of %s, which joins %s.",
			g.Phasing.Title(), g.regionTitle(r), sidePlural(g.Phasing.Other()))
		g.gainControl(r, g.Phasing.Other(), "invaded by "+sidePlural(g.Phasing))
	}
}

// neutralCity says whether sq is a city of a neutral region: a side's
// combat units standing there invade the region (5.4.1(2)).
func (g *Game) neutralCity(sq int16) bool {
	if sq < 0 || g.r.cityAt[sq] < 0 {
		return false
	}
	r := g.sqRegion(sq)
	return r >= 0 && g.Control[r] == NoSide
}

// invadedRegions lists, in region order, the neutral regions whose
// neutrality a side's combat units violate where they stand (5.4.1(1)(2)).
func (g *Game) invadedRegions(s Side) []int {
	occ := g.occupancy()
	hit := make([]bool, g.r.nr)
	for p := range g.Pieces {
		sq := g.Pieces[p].Loc
		if sq < 0 || g.IsAgent(p) || g.Owner(p) != NoSide {
			continue
		}
		if r := g.RegionOf(p); r >= 0 && occ[sq]&occBit(s, false) != 0 {
			hit[r] = true // (1) with neutral combat units
		}
	}
	for p := range g.Pieces {
		sq := g.Pieces[p].Loc
		if sq < 0 || g.IsAgent(p) || g.Owner(p) != s {
			continue
		}
		if g.neutralCity(sq) {
			hit[g.sqRegion(sq)] = true // (2) in a neutral city
		}
	}
	var out []int
	for r, h := range hit {
		if h {
			out = append(out, r)
		}
	}
	return out
}

// gainControl gives a region to a side by an event, a negotiation or an
// invasion (5.4, 5.6): a neutral region becomes belligerent with its
// defence recruits (5.4.2(3), pushing the placing decisions), a region of
// the other side defects (5.6: its units stacked with the old owner's units
// are eliminated). why is said in the log.
func (g *Game) gainControl(region int, to Side, why string) {
	from := g.Control[region]
	if from == to || to == NoSide {
		if to == NoSide {
			g.makeNeutral(region, why)
		}
		return
	}
	g.Control[region] = to
	g.reveal("the units of " + g.regionTitle(region) + " to their new controller") // 22.1(4)
	g.logf("%s is now controlled by %s (%s).", g.regionTitle(region), sidePlural(to), why)
	if from == NoSide {
		if region < g.r.nr {
			g.startDefenceRecruits(region, to)
		}
		return
	}
	g.defect(region, from, to)
}

// defect applies 5.6 to a region that went from one side to the other: its
// combat units stacked with combat units of their former side are
// eliminated, then agents left alone with enemy combat units in those
// squares are checked for capture (both ways).
func (g *Game) defect(region int, from, to Side) {
	nat := nationOfRegion(region)
	occ := g.occupancy()
	var squares []int16
	for p := range g.Pieces {
		sq := g.Pieces[p].Loc
		if sq < 0 || g.T(p).Nation != nat {
			continue
		}
		if !containsSq(squares, sq) {
			squares = append(squares, sq)
		}
	}
	for p := range g.Pieces {
		sq := g.Pieces[p].Loc
		if sq < 0 || g.T(p).Nation != nat || g.IsAgent(p) || occ[sq]&occBit(from, false) == 0 {
			continue
		}
		// occ was taken after the change of control, so from's combat
		// units there are others than the region's own.
		g.logf("%s, stacked with its former allies at %s, is eliminated (5.6).", g.PieceName(p), g.SqName(sq))
		g.eliminate(p)
	}
	for _, sq := range squares {
		g.captureAt(sq, from)
		g.captureAt(sq, to)
	}
}

func containsSq(xs []int16, s int16) bool {
	for _, x := range xs {
		if x == s {
			return true
		}
	}
	return false
}

// makeNeutral returns a region to neutrality (5.5): its units outside it go
// home (or are eliminated).
//
// The units inside the region stay where they are (5.5.1(1)); those outside
// are placed by the former controller in cities of their region holding no
// British, Russian or other natives' units (5.5.1(2)): at once when there is
// one such city or none (then they are eliminated), else by StepNeutralHome.
func (g *Game) makeNeutral(region int, why string) {
	from := g.Control[region]
	if from == NoSide {
		return
	}
	g.Control[region] = NoSide
	g.logf("%s returns to neutrality (%s, 5.5).", g.regionTitle(region), why)
	if region >= g.r.nr {
		return
	}
	away := g.unitsAway(region)
	if len(away) == 0 {
		return
	}
	homes := g.homeCities(region)
	switch len(homes) {
	case 0:
		for _, p := range away {
			g.logf("%s has no city of its own to return to and is eliminated (5.5.1(2)).", g.PieceName(p))
			g.eliminate(p)
		}
	case 1:
		for _, p := range away {
			g.Pieces[p].Loc = homes[0]
		}
		g.logf("%d %s %s to %s (5.5.1(2)).", len(away), g.regionTitle(region), pl2(len(away), "unit returns", "units return"), g.SqName(homes[0]))
	default:
		g.push(Task{Step: StepNeutralHome, Side: from, Sq: -1, Region: int8(region)})
	}
}

// unitsAway lists a region's pieces on map squares outside it (5.5.1(2)).
func (g *Game) unitsAway(region int) []int {
	nat := nationOfRegion(region)
	var out []int
	for p := range g.Pieces {
		sq := g.Pieces[p].Loc
		if sq >= 0 && g.T(p).Nation == nat && g.sqRegion(sq) != region {
			out = append(out, p)
		}
	}
	return out
}

// homeCities lists the cities of a region with no British, Russian or other
// natives' pieces (5.5.1(2)).
func (g *Game) homeCities(region int) []int16 {
	nat := nationOfRegion(region)
	var out []int16
	for _, c := range g.r.m.Regions[region].Cities {
		sq := int16(g.r.m.Cities[c].Square)
		ok := true
		for p := range g.Pieces {
			if g.Pieces[p].Loc == sq && g.T(p).Nation != nat {
				ok = false
				break
			}
		}
		if ok {
			out = append(out, sq)
		}
	}
	return out
}

// ---- defence recruits (5.4.2(3)) ----

// startDefenceRecruits rolls the die of free irregulars for a region that
// turned from neutral to belligerent and pushes their placing.
func (g *Game) startDefenceRecruits(region int, to Side) {
	n := g.Die()
	g.logf("Defence recruits (5.4.2(3)): %s roll %d irregular %s of %s.", sidePlural(to), n, pl(n, "group"), g.regionTitle(region))
	t := Task{Step: StepDefenceRecruit, Side: to, Sq: -1, N: int16(n), Region: int8(region), Aux: -1}
	if !g.canDefenceRecruit(&t) {
		g.logf("No %s irregulars can be placed.", g.regionTitle(region))
		return
	}
	g.push(t)
}

// recruitSquares lists the squares of a region with no enemy or neutral
// units, where defence recruits may go (5.4.2(3)); units are combat units
// and agents alike (2.4).
func (g *Game) recruitSquares(region int, s Side) []int16 {
	occ := g.occupancy()
	bad := occBit(s.Other(), false) | occBit(s.Other(), true) | occBit(NoSide, false) | occBit(NoSide, true)
	var out []int16
	for _, sq := range g.r.m.Regions[region].Squares {
		if g.r.land[sq] && occ[sq]&bad == 0 {
			out = append(out, int16(sq))
		}
	}
	return out
}

// mixUnit finds a counter in the mix (available first, then eliminated) of
// a nation and unit type showing b brigades; -1 if none.
func (g *Game) mixUnit(nat, typ int8, b int) int {
	best := -1
	for p := range g.Pieces {
		t := g.T(p)
		if t.Nation != nat || t.Type != typ || int(t.Size) != b {
			continue
		}
		switch g.Pieces[p].Loc {
		case LocAvail:
			return p
		case LocDead:
			if best < 0 {
				best = p
			}
		}
	}
	return best
}

// khanOf is the region's Khan if it is off the map and may be taken, else -1.
func (g *Game) khanOf(region int) int {
	first, ok := g.r.agentTpl["khan-"+g.r.m.Regions[region].ID]
	if !ok {
		return -1
	}
	if l := g.Pieces[first].Loc; l == LocAvail || l == LocDead {
		return first
	}
	return -1
}

func (g *Game) irregularType() int8 {
	for i, t := range g.r.types {
		if t == "irregular" {
			return int8(i)
		}
	}
	return -1
}

// defenceChoices lists what may still be taken: irregular counters by size
// (at most the groups left) and the Khan.
func (g *Game) defenceChoices(t *Task) (sizes []int, khan int) {
	nat, irr := nationOfRegion(int(t.Region)), g.irregularType()
	for b := 1; b <= 3 && b <= int(t.N); b++ {
		if g.mixUnit(nat, irr, b) >= 0 {
			sizes = append(sizes, b)
		}
	}
	return sizes, g.khanOf(int(t.Region))
}

func (g *Game) canDefenceRecruit(t *Task) bool {
	if t.N <= 0 || g.Control[t.Region] != t.Side {
		return false
	}
	sizes, khan := g.defenceChoices(t)
	if len(sizes) == 0 && khan < 0 {
		return false
	}
	return len(g.recruitSquares(int(t.Region), t.Side)) > 0
}

// addSquareChoices lists squares as "at:CCRR" options; a long list is cut
// in two: cities and "row:N" first, then the squares of the row chosen
// (row ≥ 0).
func (g *Game) addSquareChoices(o *optList, sqs []int16, row int16, what string) {
	const most = 20
	if row >= 0 {
		for _, sq := range sqs {
			if int16(g.r.m.Squares[sq].Row) == row {
				o.add("at:"+g.sqTok(sq), what+" in "+g.SqName(sq))
			}
		}
		return
	}
	if len(sqs) <= most {
		for _, sq := range sqs {
			o.add("at:"+g.sqTok(sq), what+" in "+g.SqName(sq))
		}
		return
	}
	seen := map[int]bool{}
	for _, sq := range sqs {
		if g.r.cityAt[sq] >= 0 {
			o.add("at:"+g.sqTok(sq), what+" in "+g.SqName(sq))
		}
	}
	for _, sq := range sqs {
		s := g.r.m.Squares[sq]
		if g.r.cityAt[sq] >= 0 || seen[s.Row] {
			continue
		}
		seen[s.Row] = true
		o.add(fmt.Sprintf("row:%d", s.Row+1), fmt.Sprintf("%s elsewhere in row %d", what, s.Row+1))
	}
}

func (g *Game) defenceRecruitApply(t *Task, id string) {
	region := int(t.Region)
	switch {
	case id == "done":
		g.pop()
		return
	case id == "khan":
		t.Aux = int16(g.khanOf(region))
		return
	case strings.HasPrefix(id, "irr:"):
		b, _ := parseInt(id, "irr:")
		t.Aux = int16(g.mixUnit(nationOfRegion(region), g.irregularType(), b))
		return
	case strings.HasPrefix(id, "row:"):
		r, _ := parseInt(id, "row:")
		t.Sq = int16(r - 1)
		return
	}
	sq := g.parseSq(id[len("at:"):])
	p := int(t.Aux)
	g.Pieces[p].Loc = sq
	g.Pieces[p].Flags = 0
	if g.IsAgent(p) {
		t.N--
	} else {
		t.N -= int16(g.Brigades(p))
	}
	// the public log names no counter: the other side may not examine the
	// stack (22.1)
	g.logf("%s place a defence recruit of %s in %s (5.4.2(3)).", upFirst(sidePlural(t.Side)), g.regionTitle(region), g.SqName(sq))
	t.Aux, t.Sq = -1, -1
	if !g.canDefenceRecruit(t) {
		g.pop()
	}
}

// ---- units going home (5.5.1(2)) ----

func (g *Game) neutralHomeApply(t *Task, id string) {
	region := int(t.Region)
	away := g.unitsAway(region)
	switch {
	case id == "done":
	case strings.HasPrefix(id, "all:"):
		sq := g.parseSq(id[len("all:"):])
		for _, p := range away {
			g.Pieces[p].Loc = sq
		}
		g.logf("%d %s %s to %s (5.5.1(2)).", len(away), g.regionTitle(region), pl2(len(away), "unit returns", "units return"), g.SqName(sq))
		away = nil
	default:
		sq := g.parseSq(id[len("to:"):])
		g.Pieces[away[0]].Loc = sq
		g.logf("A unit of %s returns to %s (5.5.1(2)).", g.regionTitle(region), g.SqName(sq))
		away = away[1:]
	}
	if id == "done" || len(away) == 0 {
		g.pop()
	}
}

func init() {
	defineStep(StepDefenceRecruit, stepDef{
		name: "defence recruit", rule: "5.4.2",
		prompt: func(g *Game, t *Task) string {
			if t.Aux >= 0 {
				return fmt.Sprintf("%s defence recruits: where does the %s go?", g.regionTitle(int(t.Region)), g.PieceName(int(t.Aux)))
			}
			return fmt.Sprintf("%s defence recruits: %d irregular %s left to take.", g.regionTitle(int(t.Region)), t.N, pl(int(t.N), "group"))
		},
		options: func(g *Game, t *Task, o *optList) {
			region := int(t.Region)
			if t.Aux >= 0 {
				g.addSquareChoices(o, g.recruitSquares(region, t.Side), t.Sq, "place it")
				return
			}
			if g.canDefenceRecruit(t) {
				sizes, khan := g.defenceChoices(t)
				for _, b := range sizes {
					o.add(fmt.Sprintf("irr:%d", b), fmt.Sprintf("take an irregular counter of %d %s", b, pl(b, "group")))
				}
				if khan >= 0 {
					o.add("khan", "take the Khan instead of one group")
				}
			}
			if len(o.opts) == 0 {
				o.add("done", "no more recruits can be placed")
			}
		},
		apply: func(g *Game, t *Task, id string) error {
			g.defenceRecruitApply(t, id)
			return nil
		},
	})
	defineStep(StepNeutralHome, stepDef{
		name: "units home", rule: "5.5.1",
		prompt: func(g *Game, t *Task) string {
			away := g.unitsAway(int(t.Region))
			if len(away) == 0 {
				return "No units to send home."
			}
			return fmt.Sprintf("%s returned to neutrality: to which of its cities does %s go? (%d %s to place)",
				g.regionTitle(int(t.Region)), g.PieceName(away[0]), len(away), pl(len(away), "unit"))
		},
		options: func(g *Game, t *Task, o *optList) {
			away := g.unitsAway(int(t.Region))
			homes := g.homeCities(int(t.Region))
			if len(away) == 0 || len(homes) == 0 {
				o.add("done", "nothing to place")
				return
			}
			for _, sq := range homes {
				o.add("to:"+g.sqTok(sq), "to "+g.SqName(sq))
			}
			if len(away) > 1 {
				for _, sq := range homes {
					o.add("all:"+g.sqTok(sq), fmt.Sprintf("all %d to %s", len(away), g.SqName(sq)))
				}
			}
		},
		apply: func(g *Game, t *Task, id string) error {
			g.neutralHomeApply(t, id)
			return nil
		},
	})
}

// checkControl verifies the control invariants: in the phasing player's
// combat subphase and after it, none of its combat units stands with
// neutral combat units or in a neutral city (the belligerence check has
// just been made, 5.4.1).
func (g *Game) checkControl() error {
	if g.Seq != SeqCombat && g.Seq != SeqAfterCombat {
		return nil
	}
	if rs := g.invadedRegions(g.Phasing); len(rs) > 0 {
		return fmt.Errorf("after the belligerence check the %s still violate the neutrality of %s (5.4.1)", g.Phasing.Title(), g.regionTitle(rs[0]))
	}
	return nil
}
