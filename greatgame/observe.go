package greatgame

import (
	"slices"

	"durbar/core"
)

// What each seat may see (22.0, 9.0, 15.1, 3.1(3)) is computed here and
// nowhere else: front ends and computer players read only Observation.
//
//   - Friendly counters are always seen in full.
//   - Enemy and neutral counters are seen only as stacks — how many
//     counters, whose — unless 22.1 lets the seat examine them: a friendly
//     unit (combat unit or agent) in the same square, or the combat being
//     fought there. Controlling a region makes its units friendly (22.1(4)).
//   - Civilization markers are always seen (22.2), except those the other
//     side bought in the income phase still running (3.1(3) is simultaneous).
//   - Counters the other side bought in the running income phase are not
//     seen at all until both sides have finished.
//   - Each side's pounds are private (9.0); supply points are public (2.3.5:
//     their marker may sit on the Balance of Power track).
//   - A sealed negotiation offer is not seen by the other side until both
//     offers are opened (15.1).
//   - The pending decision's prompt and options are given only to the seat
//     that decides; the other seat sees who decides and what kind of step.

// Observation is everything one seat may see now (core.Observer).
type Observation struct {
	Seat      Side        `json:"seat"`
	Turn      int         `json:"turn"`
	Years     string      `json:"years"`
	Phase     string      `json:"phase"`
	Ops       int         `json:"ops"`
	Phasing   Side        `json:"phasing"`
	First     Side        `json:"first"`
	BoP       int         `json:"bop"`
	Control   []Side      `json:"control"`
	Pounds    int         `json:"pounds"`
	SP        [2]int      `json:"sp"`
	OpenWar   bool        `json:"openWar"`
	Over      bool        `json:"over"`
	Stacks    []StackView `json:"stacks"`
	Markers   []Marker    `json:"markers"`
	Prisoners []int       `json:"prisoners,omitempty"`
	// Dead are the counters eliminated and not yet recruited again (10.4):
	// the dead pile lies open on the table.
	Dead []int `json:"dead,omitempty"`
	// Events are this turn's random events so far, in the order drawn
	// (8.1: the rolls are made openly), as event ids.
	Events  []string    `json:"events,omitempty"`
	Pending PendingView `json:"pending"`
	Log     []string    `json:"log"`
}

// StackView is one location as a seat sees it.
type StackView struct {
	Loc int16 `json:"loc"`
	// Pieces are the counters the seat may examine.
	Pieces []int `json:"pieces,omitempty"`
	// Hidden counts the counters it may not, by owner: British, Russian, neutral.
	Hidden [3]int `json:"hidden,omitempty"`
}

// PendingView is the pending decision as a seat sees it.
type PendingView struct {
	Side    Side          `json:"side"`
	Step    string        `json:"step"`
	Prompt  string        `json:"prompt,omitempty"`
	Options []core.Option `json:"options,omitempty"`
}

// Observation is what seat (0 British, 1 Russian) may see now; any other
// seat is a spectator, who sees what neither side keeps secret.
func (g *Game) Observation(seat int) any { return g.Observe(seat) }

// Observe is Observation with its concrete type.
func (g *Game) Observe(seat int) Observation {
	me := NoSide
	if seat == 0 || seat == 1 {
		me = Side(seat)
	}
	o := Observation{Seat: me, Turn: g.Turn, Years: g.Years(), Phase: g.Seq.String(), Ops: g.Ops, Phasing: g.Phasing,
		First: g.First, BoP: g.BoP, Control: slices.Clone(g.Control), SP: g.SP, OpenWar: g.OpenWar, Over: g.Over,
		Log: slices.Clone(g.Log), Events: slices.Clone(g.Ev.Drawn)}
	if me != NoSide {
		o.Pounds = g.Pounds[me]
		o.SP[me] += g.Econ.NewSP[me] // bought this income phase: its buyer counts them (3.1(3))
	}
	// stacks, in location order
	byLoc := map[int16]*StackView{}
	var locs []int16
	examined := make([]uint8, len(g.r.m.Squares)) // squares whose counters the seat may examine (22.1)
	g.markExaminable(me, examined, 1)
	for i, p := range g.Pieces {
		if p.Loc == LocDead {
			o.Dead = append(o.Dead, i)
		}
		if p.Loc == LocAvail || p.Loc == LocDead || p.Loc == LocGone {
			continue
		}
		owner := g.Owner(i)
		if p.Flags&FlagNew != 0 && owner != me {
			continue // bought in the running income phase (3.1(3))
		}
		if p.Loc == LocPrisonBr || p.Loc == LocPrisonRu {
			o.Prisoners = append(o.Prisoners, i)
			continue
		}
		sv := byLoc[p.Loc]
		if sv == nil {
			sv = &StackView{Loc: p.Loc}
			byLoc[p.Loc] = sv
			locs = append(locs, p.Loc)
		}
		if owner == me && me != NoSide || p.Loc >= 0 && examined[p.Loc] != 0 {
			sv.Pieces = append(sv.Pieces, i)
		} else {
			switch owner {
			case British:
				sv.Hidden[0]++
			case Russian:
				sv.Hidden[1]++
			default:
				sv.Hidden[2]++
			}
		}
	}
	slices.Sort(locs)
	for _, l := range locs {
		o.Stacks = append(o.Stacks, *byLoc[l])
	}
	for i, m := range g.Markers {
		if m.Side != me && g.markerHidden(i) {
			continue
		}
		o.Markers = append(o.Markers, m)
	}
	if t := g.top(); t != nil && !g.Over {
		o.Pending = PendingView{Side: t.Side, Step: publicStep(t.Step)}
		if t.Side == me {
			o.Pending.Step = stepDefs[t.Step].name
			d := g.Decision()
			o.Pending.Prompt, o.Pending.Options = d.Prompt, d.Options
		}
	} else {
		o.Pending = PendingView{Side: NoSide, Step: "over"}
	}
	return o
}

// publicStep is the name of a step as the seat that does not decide sees
// it: the steps of one secret phase under one name (spending: what is being
// bought stays hidden, 3.1(3); supply: what starves shows when it does).
func publicStep(s StepID) string {
	switch s {
	case StepSpend, StepRecruitPlace, StepMarkerPlace:
		return stepDefs[StepSpend].name
	case StepSupply, StepStarve:
		return stepDefs[StepSupply].name
	}
	return stepDefs[s].name
}

// mayExamine reports whether a seat may examine the other counters at a
// location (22.1): it has a unit of its own there, or a combat is being
// fought there. Bases are never examined by the other side.
func (g *Game) mayExamine(me Side, loc int16) bool {
	if me == NoSide || loc < 0 {
		return false
	}
	if loc == g.combatSquare() {
		return true
	}
	for i, p := range g.Pieces {
		if p.Loc == loc && g.Owner(i) == me && p.Flags&FlagNew == 0 {
			return true
		}
	}
	return false
}

// markExaminable sets bit in occ (one byte a square) for every square
// whose counters the seat may examine now (22.1, as mayExamine): a square
// holding a counter of its own, and the square of the combat being fought.
// Option lists that depend on what stands in squares read this, so that a
// decision is computed from what the decider may see.
func (g *Game) markExaminable(me Side, occ []uint8, bit uint8) {
	if me == NoSide {
		return
	}
	if cs := g.combatSquare(); cs >= 0 {
		occ[cs] |= bit
	}
	for i, p := range g.Pieces {
		if p.Loc >= 0 && p.Flags&FlagNew == 0 && g.Owner(i) == me {
			occ[p.Loc] |= bit
		}
	}
}

// hiddenFrom reports whether a square holds counters of an owner that a
// seat may not examine (22.1). A rule that reads what stands there — whose
// combat units hold a city, say — shows the seat something hidden.
func (g *Game) hiddenFrom(me Side, sq int16, owner Side) bool {
	if me == owner || g.mayExamine(me, sq) {
		return false
	}
	for i, p := range g.Pieces {
		if p.Loc == sq && p.Flags&FlagNew == 0 && g.Owner(i) == owner {
			return true
		}
	}
	return false
}

// citiesUnseen reports whether the other side may not examine some city
// holding counters of a side: then counting the cities the side's combat
// units hold, in public, shows the other side something hidden.
func (g *Game) citiesUnseen(s Side) bool {
	for i := range g.r.m.Cities {
		if g.hiddenFrom(s.Other(), int16(g.r.m.Cities[i].Square), s) {
			return true
		}
	}
	return false
}

// occExamined marks, in occupancySeen, a square the seat may examine.
const occExamined uint8 = 1 << 6

// occupancySeen is occupancy as a seat knows it (22.1): in a square it may
// examine (occExamined), whose combat units and agents stand there; in one
// it may not, a counter of another owner sets both that owner's bits, for
// the seat cannot tell an agent from a combat unit there. Counters bought
// by the other side in the running income phase are not seen at all.
func (g *Game) occupancySeen(me Side) []uint8 {
	occ := make([]uint8, len(g.r.m.Squares))
	g.markExaminable(me, occ, occExamined)
	for i, p := range g.Pieces {
		if p.Loc < 0 {
			continue
		}
		o := g.Owner(i)
		switch {
		case o != me && p.Flags&FlagNew != 0:
		case occ[p.Loc]&occExamined != 0 || o == me:
			occ[p.Loc] |= occBit(o, g.IsAgent(i))
		default:
			occ[p.Loc] |= occBit(o, false) | occBit(o, true)
		}
	}
	return occ
}

// combatSquare is the square whose combat is being fought, -1 if none.
func (g *Game) combatSquare() int16 {
	if g.Seq == SeqCombat {
		return g.Fight.Sq
	}
	return -1
}

// markerHidden reports whether a marker was bought in the running income
// phase (seen by its owner only).
func (g *Game) markerHidden(i int) bool { return g.NewMarker(i) }

// seenSet is, for each seat, the other side's and neutral counters it may
// examine now (a bitset over pieces).
type seenSet [2][]uint64

func (g *Game) seen(buf *seenSet) {
	words := (len(g.Pieces) + 63) / 64
	for s := range buf {
		if cap(buf[s]) < words {
			buf[s] = make([]uint64, words)
		}
		buf[s] = buf[s][:words]
		clear(buf[s])
	}
	present := g.scratchPresent()
	for i, p := range g.Pieces {
		if p.Loc >= 0 && p.Flags&FlagNew == 0 {
			if o := g.Owner(i); o != NoSide {
				present[p.Loc] |= 1 << o
			}
		}
	}
	cs := g.combatSquare()
	for i, p := range g.Pieces {
		if p.Loc < 0 {
			continue
		}
		o := g.Owner(i)
		if p.Flags&FlagNew != 0 && o != NoSide {
			continue
		}
		at := present[p.Loc]
		if p.Loc == cs {
			at = 3
		}
		for s := British; s <= Russian; s++ {
			if o != s && at&(1<<s) != 0 {
				buf[s][i/64] |= 1 << (i % 64)
			}
		}
	}
}

// reseed gives the game a new future: a random source from seed that
// keeps the count of draws (the undo barrier).
func (g *Game) reseed(seed uint64) {
	draws := g.rng.Draws
	g.rng = core.NewRNG(seed)
	g.rng.Draws = draws
}

// pinnedPieces are the counters whose places the pending decision names
// and that a determinization must leave where they are: the force moving
// and the units it left out (11.3), the retreating force (CRT note 4), an
// event's queue, and the units of a region returned to neutrality that
// their former controller sends home one by one by name (5.5.1(2)).
func (g *Game) pinnedPieces() map[int16]bool {
	busy := map[int16]bool{}
	for _, ps := range [][]int16{g.Fight.Retreat, g.Move.Units, g.Move.Out, g.Ev.Queue} {
		for _, p := range ps {
			busy[p] = true
		}
	}
	if t := g.top(); t != nil && t.Step == StepNeutralHome {
		for _, p := range g.unitsAway(int(t.Region)) {
			busy[int16(p)] = true
		}
	}
	return busy
}

// scratch is working memory a game reuses between steps; it holds nothing
// of the state, and a clone starts without it (clones may run on other
// goroutines).
type scratch struct {
	present       []uint8
	before, after seenSet
}

// scratchPresent is a cleared per-square byte table.
func (g *Game) scratchPresent() []uint8 {
	if g.scr == nil {
		g.scr = &scratch{}
	}
	if len(g.scr.present) != len(g.r.m.Squares) {
		g.scr.present = make([]uint8, len(g.r.m.Squares))
	}
	clear(g.scr.present)
	return g.scr.present
}

// revealNewlySeen moves the undo barrier when a step let a seat examine a
// counter it could not examine before (22.1: a unit arrived in its square,
// a combat began): whatever the rule that moved the counters, the secret,
// once seen, stays seen.
func (g *Game) revealNewlySeen(before *seenSet) {
	if g.scr == nil {
		g.scr = &scratch{}
	}
	after := &g.scr.after
	g.seen(after)
	for s := range after {
		for w := range after[s] {
			if after[s][w]&^before[s][w] != 0 {
				g.reveal(Side(s).Title() + " examined a stack")
				return
			}
		}
	}
}

// Determinize reseeds the game's future and reshuffles what the deciding
// seat cannot see (core.Determinizer), for a search that must not read the
// real dice or the other side's hidden stacks: counters of one nation that
// the seat may not examine trade places, and the other side's treasury is
// redrawn. The seat's observation is unchanged and the undo barrier kept,
// and so is what its pending decision shows it.
func (g *Game) Determinize(seed uint64) {
	g.reseed(seed)
	t := g.top()
	if t == nil || g.Over {
		return
	}
	me := t.Side
	if me != British && me != Russian {
		return
	}
	// the other side's money, as Sample draws it
	purse := core.NewRNG(seed ^ 0x2545f4914f6cdd1d)
	g.redrawPurse(me, &purse)
	switch t.Step {
	case StepEventRemove, StepEventPlace, StepEventPick, StepEventRegion:
		// an event's choices may name counters the seat could not
		// examine before (Irregulars go home lists every native irregular
		// outside its region): those stay where they are
		return
	}
	var seen seenSet
	g.seen(&seen)
	busy := g.pinnedPieces()
	byNation := map[int8][]int{}
	for i, p := range g.Pieces {
		if p.Loc < 0 || g.Owner(i) == me || busy[int16(i)] || seen[me][i/64]&(1<<(i%64)) != 0 || p.Flags&FlagNew != 0 {
			continue
		}
		n := g.T(i).Nation
		byNation[n] = append(byNation[n], i)
	}
	mix := core.NewRNG(seed ^ 0x5bd1e995)
	for n := int8(0); int(n) <= g.r.ghazi; n++ {
		ps := byNation[n]
		mix.Shuffle(len(ps), func(i, j int) {
			a, b := &g.Pieces[ps[i]], &g.Pieces[ps[j]]
			a.Loc, b.Loc = b.Loc, a.Loc
			a.Flags, b.Flags = b.Flags, a.Flags
		})
	}
}
