package greatgame

import (
	"fmt"
	"slices"
	"strings"
	"sync"
)

// Income and spending (9.0, 10.0, 17.1, 18.0, 20.0). The phase is
// simultaneous (3.1(3)): both sides collect their income, then the British
// spend and then the Russians; whatever either buys is flagged new (pieces:
// FlagNew; markers: the last Econ.NewMarkers of g.Markers; supply points:
// Econ.NewSP) so that the other side does not see it until both are done,
// when the purchases are shown. What a side takes off the map (disbanded or
// reorganized counters: FlagLeaving; markers: Econ.Leaving; a trading post
// a new colony replaces) stays where the other side saw it until then.
//
// Spending is one menu (StepSpend) whose task remembers the open submenu in
// Aux: recruit a unit (by nation, then counter), an agent, buy supply points
// or a civilization marker, disband, reorganize, or finish. A purchase is
// paid when it is placed (StepRecruitPlace, StepMarkerPlace), so that a
// player may still go back.

// econState is what the income phase collected and bought. It holds no
// slices: Game.clone copies it whole.
type econState struct {
	// GovRoll, Gov, Cities, Rails: this turn's government roll (modified)
	// and income from the government, the cities and the railways (9.1).
	GovRoll, Gov, Cities, Rails [2]int
	// NewMarkers: the last NewMarkers markers of g.Markers were bought in
	// this income phase and are hidden from the other side until it ends.
	NewMarkers int
	// NewSP: supply points bought in this income phase, added to g.SP (which
	// both sides see) when it ends.
	NewSP [2]int
	// Leaving: the markers (by index in g.Markers, below leavingCap) a side
	// removed in this income phase; they go when it ends. Markers are only
	// appended during the phase, so the indices hold.
	Leaving [leavingCap / 64]uint64
}

// leavingCap bounds the markers whose removal can wait for the end of the
// income phase; a marker beyond it goes at once.
const leavingCap = 256

// markerLeaving reports whether marker i was removed in the running income phase.
func (g *Game) markerLeaving(i int) bool {
	return i < leavingCap && g.Econ.Leaving[i/64]&(1<<(i%64)) != 0
}

// leaving reports whether a piece was disbanded or reorganized away in the
// running income phase.
func (g *Game) leaving(p int) bool { return g.Pieces[p].Flags&FlagLeaving != 0 }

// takeOff takes a side's piece off the map in the income phase (10.5, 18.1):
// one bought in this phase goes back to the mix at once (the other side
// never saw it); any other stays in place, seen, until the phase ends.
func (g *Game) takeOff(p int) {
	if g.Pieces[p].Flags&FlagNew != 0 {
		g.Pieces[p].Loc, g.Pieces[p].Flags = LocAvail, 0
		return
	}
	g.Pieces[p].Flags |= FlagLeaving
}

// NewMarker reports whether marker i was bought in the income phase under
// way (hidden from the other side until the purchases are shown).
func (g *Game) NewMarker(i int) bool { return i >= len(g.Markers)-g.Econ.NewMarkers }

// ---- income (9.1) ----

// beginIncome is the income and spending phase (3.1(3)): both sides collect
// their income, then spend.
func (g *Game) beginIncome() {
	g.Econ = econState{}
	for _, s := range []Side{British, Russian} {
		roll := g.Die() + g.govModifier(s)
		gov := g.govPounds(roll)
		if g.Ev.GovHalf {
			gov /= 2
		}
		if g.incomeUnseen(s) {
			g.reveal("whether enemy units hold " + s.Title() + " colony and trading-post cities")
		}
		cities, rails := g.CityIncome(s)
		g.Econ.GovRoll[s], g.Econ.Gov[s], g.Econ.Cities[s], g.Econ.Rails[s] = roll, gov, cities, rails
		g.Pounds[s] += gov + cities + rails
	}
	g.logf("%s: both sides collect their income (9.1).", g.Years())
	g.push(task(StepSpend, British), task(StepSpend, Russian), task(StepSpendEnd, British))
}

// govModifier is a side's modifier to the government income roll: the
// Balance of Power's income modifier, for or against, and open war (Income
// Table).
func (g *Game) govModifier(s Side) int {
	m := 0
	if f, lv := g.Favour(); lv > 0 {
		mod := g.r.d.Charts.BoP.Levels[lv-1].IncomeModifier
		if f == s {
			m += mod
		} else {
			m -= mod
		}
	}
	if g.OpenWar {
		for _, x := range g.r.d.Charts.Income.Modifiers {
			if x.ID == "open-war" {
				m += x.DRM
			}
		}
	}
	return m
}

// govPounds reads the government income table; a modified roll beyond the
// table's ends reads its end rows.
func (g *Game) govPounds(roll int) int {
	t := g.r.d.Charts.Income.Government
	if len(t) == 0 {
		return 0
	}
	roll = max(t[0].Roll, min(t[len(t)-1].Roll, roll))
	for _, r := range t {
		if r.Roll == roll {
			return r.Pounds
		}
	}
	return 0
}

// Income is what a side collected in this turn's income phase: from its
// government, its cities (with colonies and trading posts) and its railways.
func (g *Game) Income(s Side) (gov, cities, railways int) {
	return g.Econ.Gov[s], g.Econ.Cities[s], g.Econ.Rails[s]
}

// occupancy bits of a square (occupied: combat units there).
// CityIncome is what a side's cities and railways yield now (9.1.2, 9.1.3,
// Income Table): each city occupied by its combat units pays its value;
// with its colony or trading post twice that, or once if the city is empty
// or held by neutrals, nothing if the enemy holds it; famine and trade boom
// divide or multiply the cities' total; each railway marker pays one.
func (g *Game) CityIncome(s Side) (cities, railways int) {
	occ := g.occupancy()
	inc := &g.r.d.Charts.Income.Markers
	for ci := range g.r.m.Cities {
		c := &g.r.m.Cities[ci]
		sq := int16(c.Square)
		mine, enemy := occ[sq]&occBit(s, false) != 0, occ[sq]&occBit(s.Other(), false) != 0
		mult := 0
		if g.MarkerAt(sq, Colony, s) >= 0 || g.MarkerAt(sq, TradingPost, s) >= 0 {
			switch {
			case enemy && mine:
				mult = 1
			case enemy:
				mult = inc.OccupiedEnemy
			case mine:
				mult = inc.OccupiedFriendly
			default:
				mult = inc.EmptyOrNeutral
			}
		} else if mine {
			mult = 1
		}
		cities += mult * c.Income
	}
	if g.Ev.CityMul > 1 {
		cities *= g.Ev.CityMul
	}
	if g.Ev.CityDiv > 1 {
		cities /= g.Ev.CityDiv
	}
	for _, m := range g.Markers {
		if m.Side == s && m.Kind == Railway {
			railways += inc.Railway
		}
	}
	return cities, railways
}

// incomeUnseen reports whether a city with the side's colony or trading
// post holds enemy counters the side may not examine: whether the enemy
// holds it, which its income turns on, is then told the side (9.1.3).
func (g *Game) incomeUnseen(s Side) bool {
	for _, m := range g.Markers {
		if m.Side == s && (m.Kind == Colony || m.Kind == TradingPost) && g.hiddenFrom(s, m.Sq, s.Other()) {
			return true
		}
	}
	return false
}

// ---- costs (Expenses Table, 17.1) ----

// unitCost is what a counter costs to recruit, and whether it may be
// recruited at all: agents three times their ratings, units their type's
// price times their size (XX double, XXX triple), an elephant counter the
// price of a group of elephants on its back (one group) and twice that on
// its front (two groups, clarifications); ghazis and the Mad Mullah come
// only with a jihad (10.4.3).
func (g *Game) unitCost(t *tmpl) (int, bool) { return g.faceCost(t, false) }

// faceCost is unitCost for a counter placed on a face (back: an elephant
// counter's reduced face, one group).
func (g *Game) faceCost(t *tmpl, back bool) (int, bool) {
	ex := &g.r.d.Charts.Expenses
	if t.Agent >= 0 {
		if t.Kind == "mullah" {
			return 0, false
		}
		return ex.AgentPerRating * int(t.Political+t.Military), true
	}
	typ := g.r.types[t.Type]
	for _, u := range ex.Units {
		if u.Type != typ {
			continue
		}
		if u.Recruitable != nil && !*u.Recruitable {
			return 0, false
		}
		n := u.Pounds
		if ex.SizeMultiplier {
			size := t.Size
			if t.Back != nil && back {
				size = t.Back.Size
			}
			n *= int(size)
		}
		return n, true
	}
	return 0, false
}

// spCost is what n more supply points cost a side this turn: the first ten
// bought in a turn one pound each, the others two (17.1).
func (g *Game) spCost(s Side, n int) int {
	sp := &g.r.d.Charts.Supply
	cost := 0
	for k := 0; k < n; k++ {
		if g.SPBought[s]+k < sp.FirstCount {
			cost += sp.FirstPounds
		} else {
			cost += sp.LaterPounds
		}
	}
	return cost
}

// markerCost is what a civilization marker costs on a square: a railway
// costs more on a mountain square (Expenses Table).
func (g *Game) markerCost(k MarkerKind, sq int16) int {
	for _, m := range g.r.d.Charts.Expenses.Markers {
		if m.ID == k.String() {
			if k == Railway && g.r.m.Squares[sq].Terrain == Mountain && m.MountainPounds > 0 {
				return m.MountainPounds
			}
			return m.Pounds
		}
	}
	return 0
}

// ---- who is where ----

// sqInfo is what a square holds, for the placement rules.
type sqInfo struct {
	units    [3]uint8 // combat units by owner: British, Russian, neutral
	agents   [3]uint8 // agents by owner
	regUnits [2]uint8 // British (red) / Russian (blue) combat units
	regAgent [2]uint8 // British / Russian agents
	newBrig  [2]uint8 // brigades bought this phase by each side
	newReg   [2]uint8 // British / Russian counters bought this phase
	marks    [2]uint8 // civilization markers of each side, a bit per kind
}

func sideIdx(s Side) int {
	if s == NoSide {
		return 2
	}
	return int(s)
}

// surveys keeps survey buffers for reuse: menus are listed often.
var surveys = sync.Pool{New: func() any { return new([]sqInfo) }}

// survey tallies every square as a side sees it in the income phase: the
// other side's counters bought in this phase are not there for it, and
// those it is disbanding still are (3.1(3): the purchases are simultaneous,
// and hidden until both have finished); release gives the buffer back.
func (g *Game) survey(me Side) []sqInfo {
	buf := surveys.Get().(*[]sqInfo)
	n := len(g.r.m.Squares)
	if cap(*buf) < n {
		*buf = make([]sqInfo, n)
	}
	info := (*buf)[:n]
	clear(info)
	for i := range g.Pieces {
		l := g.Pieces[i].Loc
		if l < 0 {
			continue
		}
		o, x := g.Owner(i), &info[l]
		if o == me && g.leaving(i) || o != me && g.Pieces[i].Flags&FlagNew != 0 {
			continue // gone for its owner; not yet there for the other side
		}
		reg := g.Regular(i)
		if g.IsAgent(i) {
			x.agents[sideIdx(o)]++
			if reg {
				x.regAgent[o]++
			}
			continue
		}
		x.units[sideIdx(o)]++
		if reg {
			x.regUnits[o]++
		}
		if g.Pieces[i].Flags&(FlagNew|FlagReorg) == FlagNew && o != NoSide {
			x.newBrig[o] += uint8(g.Brigades(i))
			if reg {
				x.newReg[o]++
			}
		}
	}
	for _, m := range g.Markers {
		info[m.Sq].marks[m.Side] |= 1 << m.Kind
	}
	return info
}

// release returns a survey's buffer for reuse; info is not used after.
func release(info []sqInfo) { surveys.Put(&info) }

// hostile reports whether a square holds units of the other side or neutral ones.
func (x *sqInfo) hostile(s Side) bool {
	o := sideIdx(s.Other())
	return x.units[o]+x.agents[o]+x.units[2]+x.agents[2] > 0
}

// ---- recruiting (10.0) ----

// recruitLimit is how many new brigades a square takes in one income phase:
// from one up to its forage value (10.6.1).
func (g *Game) recruitLimit(sq int16) int { return max(1, int(g.r.forage[sq])) }

// recruitable reports whether a counter can be bought by a side now: in
// the mix or eliminated (10.4, 10.6.2), of the side or of a region it
// controls (5.2.2), with a price (10.4.3), an agent only in its period
// (16.6.1), no regular units during a European war.
func (g *Game) recruitable(s Side, p int) bool {
	if l := g.Pieces[p].Loc; l != LocAvail && l != LocDead {
		return false
	}
	t := g.T(p)
	if int(t.Nation) == g.r.ghazi || g.Owner(p) != s {
		return false
	}
	if _, ok := g.unitCost(t); !ok {
		return false
	}
	if t.Agent >= 0 {
		return slices.Contains(g.r.d.Counters.Agents[t.Agent].Periods, g.Period())
	}
	return !(t.Nation <= 1 && g.Ev.NoRegulars)
}

// recruitSquares lists where a counter just bought may go (10.3, 10.6.1):
// British and Russian counters in their base or a colony of theirs (at
// most one regular counter a colony a phase); native irregulars and agents
// in any square of their region without enemy or neutral units; other
// natives in a city of their region the side's combat units occupy; combat
// units within the square's limit of new brigades. A base is given as its
// Loc constant.
func (g *Game) econRecruitSquares(s Side, p int, back bool, info []sqInfo) []int16 {
	t := g.T(p)
	b := int(t.Size)
	if t.Agent >= 0 {
		b = 0
	} else if t.Back != nil && back {
		b = int(t.Back.Size)
	}
	fits := func(sq int16) bool {
		if t.Agent >= 0 {
			return true
		}
		return int(info[sq].newBrig[s])+b <= g.recruitLimit(sq)
	}
	var out []int16
	if t.Nation <= 1 {
		out = append(out, BaseLoc(s))
		for _, m := range g.Markers {
			if m.Kind == Colony && m.Side == s && fits(m.Sq) && (t.Agent >= 0 || info[m.Sq].newReg[s] == 0) {
				out = append(out, m.Sq)
			}
		}
		return out
	}
	reg := &g.r.m.Regions[g.RegionOf(p)]
	if t.Agent >= 0 || g.r.types[t.Type] == "irregular" {
		for _, sq := range reg.Squares {
			if g.r.land[sq] && !info[sq].hostile(s) && fits(int16(sq)) {
				out = append(out, int16(sq))
			}
		}
		return out
	}
	for _, c := range reg.Cities {
		sq := int16(g.r.m.Cities[c].Square)
		if info[sq].units[s] > 0 && fits(sq) {
			out = append(out, sq)
		}
	}
	return out
}

// canBuy reports whether a side can pay for a counter on a face and place it.
func (g *Game) canBuy(s Side, p int, back bool, info []sqInfo) bool {
	cost, _ := g.faceCost(g.T(p), back)
	return cost <= g.Pounds[s] && len(g.econRecruitSquares(s, p, back, info)) > 0
}

// buyable lists, one counter per kind, what a side can recruit now from a
// nation (agents: nation < 0 lists every agent) that it can pay and place
// (an elephant counter on either face).
func (g *Game) buyable(s Side, nation int, agents bool, info []sqInfo, one bool) []int {
	var out []int
	seen := map[string]bool{}
	for p := range g.Pieces {
		t := g.T(p)
		if (t.Agent >= 0) != agents || (!agents && int(t.Nation) != nation) || seen[t.ID] || !g.recruitable(s, p) {
			continue
		}
		seen[t.ID] = true
		if g.canBuy(s, p, false, info) || t.Back != nil && g.canBuy(s, p, true, info) {
			out = append(out, p)
			if one {
				break
			}
		}
	}
	return out
}

// recruitNations lists the nations a side can recruit a unit from now.
func (g *Game) recruitNations(s Side, info []sqInfo) []int {
	var out []int
	for n := 0; n < 2+g.r.nr; n++ {
		if n <= 1 && Side(n) != s || n > 1 && g.Control[n-2] != s {
			continue
		}
		if len(g.buyable(s, n, false, info, true)) > 0 {
			out = append(out, n)
		}
	}
	return out
}

// firstRecruitable finds a counter of a template id a side can recruit, -1 if none.
func (g *Game) firstRecruitable(s Side, id string) int {
	for p := range g.Pieces {
		if g.T(p).ID == id && g.recruitable(s, p) {
			return p
		}
	}
	return -1
}

// ---- civilization markers (20.0) ----

// baseEntry reports whether a square lies along a side of the side's base (19.1).
func (g *Game) baseEntry(s Side, sq int16) bool { return slices.Contains(g.mt().entry[s], sq) }

// markerOK reports whether a side may place a civilization marker of a kind
// on a square (20.2, 20.3): one of each kind a square, none where the enemy
// has a marker, land squares only (the bases are off the map); a colony in
// a city with a British or Russian combat unit and agent of the side
// (replacing its trading post); a fort with a combat unit of the side; a
// trading post in a city with a combat unit or agent of the side (not
// beside its colony); a railway from 1860-64 with a British or Russian unit
// of the side, in a city or along the base's side or next to (by a side) a
// railway of the side in a city, clear, desert or trade-route square, a
// mountain only with a trade route.
func (g *Game) markerOK(s Side, k MarkerKind, sq int16, info []sqInfo) bool {
	x := &info[sq]
	if !g.r.land[sq] || x.marks[s.Other()] != 0 || x.marks[s]&(1<<k) != 0 {
		return false
	}
	q := &g.r.m.Squares[sq]
	city := q.City >= 0
	switch k {
	case Colony:
		return city && x.regUnits[s] > 0 && x.regAgent[s] > 0
	case Fort:
		return x.units[s] > 0
	case TradingPost:
		return city && x.units[s]+x.agents[s] > 0 && x.marks[s]&(1<<Colony) == 0
	case Railway:
		if g.Turn < g.r.d.Charts.RailwaysFromTurn || x.regUnits[s]+x.regAgent[s] == 0 {
			return false
		}
		route := len(q.Routes) > 0
		if q.Terrain == Mountain && !route {
			return false
		}
		if city || g.baseEntry(s, sq) {
			return true
		}
		for _, n := range g.r.m.Orthogonal(int(sq)) {
			if info[n].marks[s]&(1<<Railway) != 0 {
				return true
			}
		}
	}
	return false
}

// markerKinds is the set (a bit per kind) of markers a side may place
// somewhere now and can pay for.
func (g *Game) markerKinds(s Side, info []sqInfo) uint8 {
	var set uint8
	for sq := range info {
		x := &info[sq]
		if x.units[s]+x.agents[s] == 0 {
			continue
		}
		for k := MarkerKind(0); k < NumMarkerKinds; k++ {
			if set&(1<<k) == 0 && g.markerOK(s, k, int16(sq), info) && g.markerCost(k, int16(sq)) <= g.Pounds[s] {
				set |= 1 << k
			}
		}
		if set == 1<<NumMarkerKinds-1 {
			break
		}
	}
	return set
}

// markerSquares lists where a side may place a marker of a kind now and
// can pay for it.
func (g *Game) markerSquares(s Side, k MarkerKind, info []sqInfo) []int16 {
	var out []int16
	for sq := range info {
		x := &info[sq]
		if x.units[s]+x.agents[s] == 0 {
			continue // every kind needs a unit of the side there
		}
		if g.markerOK(s, k, int16(sq), info) && g.markerCost(k, int16(sq)) <= g.Pounds[s] {
			out = append(out, int16(sq))
		}
	}
	return out
}

// addMarker places a marker bought this phase; the trading post a colony
// replaces (20.3.1) goes when the phase ends (endSpending), so that the
// other side does not learn of the colony before.
func (g *Game) addMarker(s Side, k MarkerKind, sq int16) {
	g.Markers = append(g.Markers, Marker{Kind: k, Side: s, Sq: sq})
	g.Econ.NewMarkers++
}

// unmark removes a side's marker in the income phase (10.5): one bought in
// this phase at once, any other when the phase ends.
func (g *Game) unmark(i int) {
	if g.NewMarker(i) || i >= leavingCap {
		g.removeMarker(i)
		return
	}
	g.Econ.Leaving[i/64] |= 1 << (i % 64)
}

// removeMarker takes a marker off the map, keeping the new ones last.
func (g *Game) removeMarker(i int) {
	if g.NewMarker(i) && g.Econ.NewMarkers > 0 {
		g.Econ.NewMarkers--
	}
	g.Markers = slices.Delete(g.Markers, i, i+1)
}

// ---- reorganization (18.0) ----

// mixCounter finds a counter of a nation, type and size in the mix
// (available or eliminated), -1 if none.
func (g *Game) mixCounter(nation, typ, size int8) int {
	for p := range g.Pieces {
		t := g.T(p)
		if t.Agent < 0 && t.Nation == nation && t.Type == typ && t.Size == size && t.Back == nil {
			if l := g.Pieces[p].Loc; l == LocAvail || l == LocDead {
				return p
			}
		}
	}
	return -1
}

// splitParts is how a division breaks: into brigades, or a XXX into XX + X.
func splitParts(size int8, twoOne bool) []int8 {
	switch {
	case size == 3 && twoOne:
		return []int8{2, 1}
	case size == 3:
		return []int8{1, 1, 1}
	case size == 2:
		return []int8{1, 1}
	}
	return nil
}

// splitCounters finds the counters a division breaks into, nil if the mix
// lacks them (18.1, 10.6.2).
func (g *Game) splitCounters(p int, twoOne bool) []int {
	t := g.T(p)
	if t.Agent >= 0 || t.Back != nil {
		return nil
	}
	parts := splitParts(t.Size, twoOne)
	if parts == nil {
		return nil
	}
	var out []int
	for _, sz := range parts {
		c := -1
		for q := range g.Pieces {
			u := g.T(q)
			if l := g.Pieces[q].Loc; (l == LocAvail || l == LocDead) && u.Agent < 0 && u.Nation == t.Nation && u.Type == t.Type && u.Size == sz && u.Back == nil && !slices.Contains(out, q) {
				c = q
				break
			}
		}
		if c < 0 {
			return nil
		}
		out = append(out, c)
	}
	return out
}

// split breaks a division into the counters given (18.2); they inherit its
// place and flags.
func (g *Game) split(p int, into []int) {
	loc, fl := g.Pieces[p].Loc, g.Pieces[p].Flags&^FlagBack
	for _, q := range into {
		g.Pieces[q].Loc, g.Pieces[q].Flags = loc, fl
	}
	g.Pieces[p].Loc, g.Pieces[p].Flags = LocAvail, 0
}

// join puts counters together into one larger counter from the mix (18.2).
func (g *Game) join(parts []int, into int) {
	var fl uint8
	loc := g.Pieces[parts[0]].Loc
	for _, q := range parts {
		fl |= g.Pieces[q].Flags
		g.Pieces[q].Loc, g.Pieces[q].Flags = LocAvail, 0
	}
	g.Pieces[into].Loc, g.Pieces[into].Flags = loc, fl&^FlagBack
}

// joinParts finds, with piece p, the other counters at its place of the
// same nation and type making a division of total size (2 or 3) from parts
// of the given sizes; nil if there are not enough.
func (g *Game) joinParts(p int, sizes []int8) []int {
	t := g.T(p)
	loc := g.Pieces[p].Loc
	out := []int{p}
	need := slices.Clone(sizes)
	if i := slices.Index(need, t.Size); i >= 0 {
		need = slices.Delete(need, i, i+1)
	} else {
		return nil
	}
	for _, sz := range need {
		c := -1
		for q := range g.Pieces {
			u := g.T(q)
			if g.Pieces[q].Loc == loc && g.reorgable(q) && u.Agent < 0 && u.Nation == t.Nation && u.Type == t.Type && u.Size == sz && u.Back == nil && !slices.Contains(out, q) {
				c = q
				break
			}
		}
		if c < 0 {
			return nil
		}
		out = append(out, c)
	}
	return out
}

// reorgOption is one reorganization a side may make.
type reorgOption struct{ id, label string }

// unitKind is a kind of combat-unit counter.
type unitKind struct{ nation, typ, size int8 }

// reorgOptions lists the reorganizations a side may make now: break a
// division into brigades (or a XXX into XX + X), or put brigades together
// into a division, with the counters the mix has (18.0–18.3), one option
// per kind of counter and place.
func (g *Game) reorgOptions(s Side) []reorgOption {
	type place struct {
		loc         int16
		nation, typ int8
	}
	mix := map[unitKind]int{}
	here := map[place]*[4][]int{}
	var order []place
	for p := range g.Pieces {
		t := g.T(p)
		if t.Agent >= 0 || t.Back != nil || t.Size < 1 || t.Size > 3 {
			continue
		}
		loc := g.Pieces[p].Loc
		if loc == LocAvail || loc == LocDead {
			mix[unitKind{t.Nation, t.Type, t.Size}]++
			continue
		}
		if (loc < 0 && loc != BaseLoc(s)) || g.Owner(p) != s || !g.reorgable(p) {
			continue
		}
		k := place{loc, t.Nation, t.Type}
		if here[k] == nil {
			here[k] = new([4][]int)
			order = append(order, k)
		}
		here[k][t.Size] = append(here[k][t.Size], p)
	}
	var out []reorgOption
	for _, k := range order {
		by := here[k]
		avail := func(size int8) int { return mix[unitKind{k.nation, k.typ, size}] }
		where := g.SqName(k.loc)
		what := nationTitle(g.r, k.nation) + " " + g.r.d.Counters.UnitTypes[k.typ].Name
		add := func(verb string, p int, label string) {
			out = append(out, reorgOption{verb + ":" + PieceID(p), fmt.Sprintf("%s %s in %s", label, what, where)})
		}
		if len(by[2]) > 0 && avail(1) >= 2 {
			add("split", by[2][0], "break a XX into 2 X:")
		}
		if len(by[3]) > 0 && avail(1) >= 3 {
			add("split", by[3][0], "break a XXX into 3 X:")
		}
		if len(by[3]) > 0 && avail(2) >= 1 && avail(1) >= 1 {
			add("split21", by[3][0], "break a XXX into XX + X:")
		}
		if len(by[1]) >= 2 && avail(2) >= 1 {
			add("join2", by[1][0], "put 2 X together into a XX:")
		}
		if len(by[1]) >= 3 && avail(3) >= 1 {
			add("join3", by[1][0], "put 3 X together into a XXX:")
		}
		if len(by[2]) >= 1 && len(by[1]) >= 1 && avail(3) >= 1 {
			add("join21", by[2][0], "put XX + X together into a XXX:")
		}
	}
	return out
}

// reorgable reports whether a counter may be reorganized in the income
// phase: not already taken off, nor recruited in this phase (its brigades
// count against the square's recruiting limit, 10.6.1).
func (g *Game) reorgable(p int) bool {
	f := g.Pieces[p].Flags
	return f&FlagLeaving == 0 && f&(FlagNew|FlagReorg) != FlagNew
}

// reorganize plays a reorganization option in the income phase: the new
// counters are hidden from the other side and the old ones stay in its
// sight until the phase ends (3.1(3)).
func (g *Game) reorganize(verb string, p int) {
	t := g.T(p)
	loc, fl := g.Pieces[p].Loc, g.Pieces[p].Flags&(FlagMoved|FlagFaceDown)
	var parts, made []int
	switch verb {
	case "split":
		parts, made = []int{p}, g.splitCounters(p, false)
	case "split21":
		parts, made = []int{p}, g.splitCounters(p, true)
	default:
		sizes := map[string][]int8{"join2": {1, 1}, "join3": {1, 1, 1}, "join21": {2, 1}}[verb]
		total := int8(0)
		for _, z := range sizes {
			total += z
		}
		parts, made = g.joinParts(p, sizes), []int{g.mixCounter(t.Nation, t.Type, total)}
	}
	for _, q := range made {
		g.Pieces[q].Loc, g.Pieces[q].Flags = loc, fl|FlagNew|FlagReorg
	}
	for _, q := range parts {
		g.takeOff(q)
	}
}

// ---- the spending menu ----

// The submenus of StepSpend (Task.Aux).
const (
	spendTop int16 = iota
	spendUnits
	spendNation // Task.Region: the nation index
	spendAgents
	spendMarkers
	spendDisband
	spendDisbandAt // Task.Sq: the place
	spendReorg
)

const pageSize = 20

// addPaged lists options a page at a time (Task.N) when there are many.
func addPaged(o *optList, t *Task, ids, labels []string) {
	n := len(ids)
	if n <= pageSize {
		for i := range ids {
			o.add(ids[i], labels[i])
		}
		return
	}
	pages := (n + pageSize - 1) / pageSize
	pg := int(t.N) % pages
	for i := pg * pageSize; i < min(n, (pg+1)*pageSize); i++ {
		o.add(ids[i], labels[i])
	}
	next := (pg + 1) % pages
	o.add(fmt.Sprintf("page:%d", next), fmt.Sprintf("more (page %d of %d)", next+1, pages))
}

// turnPage plays a "page:N" option of a list addSquares paged.
func turnPage(t *Task, id string) error {
	n, _ := parseInt(id, "page:")
	t.N = int16(n)
	return nil
}

// addSquares lists squares (or a base) as "at:" options, a page at a time.
func (g *Game) addSquares(o *optList, t *Task, sqs []int16, label func(sq int16) string) {
	ids, labels := make([]string, len(sqs)), make([]string, len(sqs))
	for i, sq := range sqs {
		ids[i], labels[i] = "at:"+g.sqTok(sq), label(sq)
	}
	addPaged(o, t, ids, labels)
}

// spendSPs are the amounts of supply points offered at a time.
var spendSPs = []int{1, 5, 10}

func (g *Game) spendPrompt(t *Task) string {
	s := t.Side
	head := fmt.Sprintf("%s income %d £ (government %d, cities %d, railways %d); treasury %d £, %d SP.",
		s.Title(), g.Econ.Gov[s]+g.Econ.Cities[s]+g.Econ.Rails[s], g.Econ.Gov[s], g.Econ.Cities[s], g.Econ.Rails[s], g.Pounds[s], g.SP[s]+g.Econ.NewSP[s])
	switch t.Aux {
	case spendUnits:
		return head + " Recruit a unit of which nation?"
	case spendNation:
		return head + " Recruit which " + nationTitle(g.r, t.Region) + " unit?"
	case spendAgents:
		return head + " Recruit which agent?"
	case spendMarkers:
		return head + " Buy which civilization marker?"
	case spendDisband:
		return head + " Disband units or markers where?"
	case spendDisbandAt:
		return head + " Disband what in " + g.SqName(t.Sq) + "?"
	case spendReorg:
		return head + " Reorganize which units?"
	}
	return head + " Spend: recruit, buy supply points or markers, disband, reorganize, or finish."
}

func (g *Game) spendOptions(t *Task, o *optList) {
	s := t.Side
	info := g.survey(s)
	defer release(info)
	switch t.Aux {
	case spendTop:
		if len(g.recruitNations(s, info)) > 0 {
			o.addRule("cat:units", "recruit a combat unit", "10.0")
		}
		if len(g.buyable(s, -1, true, info, true)) > 0 {
			o.addRule("cat:agents", "recruit an agent", "10.0, 16.5")
		}
		for _, n := range spendSPs {
			if c := g.spCost(s, n); c <= g.Pounds[s] {
				o.addRule(fmt.Sprintf("sp:%d", n), fmt.Sprintf("buy %d supply %s for %d £", n, pl(n, "point"), c), "17.1")
			}
		}
		if g.markerKinds(s, info) != 0 {
			o.addRule("cat:markers", "buy a civilization marker", "20.1")
		}
		if len(g.disbandPlaces(s)) > 0 {
			o.addRule("cat:disband", "disband units or markers", "10.5")
		}
		if len(g.reorgOptions(s)) > 0 {
			o.addRule("cat:reorg", "reorganize divisions and brigades", "18.0")
		}
		o.addRule("done", "finish spending (the rest of the treasury is kept)", "9.3")
		return
	case spendUnits:
		o.rule = "10.0, 5.2.2"
		for _, n := range g.recruitNations(s, info) {
			o.add("nation:"+g.r.nationName(int8(n)), nationTitle(g.r, int8(n))+" units")
		}
	case spendNation, spendAgents:
		o.rule = "10.2"
		for _, p := range g.buyable(s, int(t.Region), t.Aux == spendAgents, info, false) {
			tp := g.T(p)
			if g.canBuy(s, p, false, info) {
				cost, _ := g.unitCost(tp)
				o.add("buy:"+tp.ID, fmt.Sprintf("%s — %d £", g.PieceName(p), cost))
			}
			if tp.Back != nil && g.canBuy(s, p, true, info) {
				cost, _ := g.faceCost(tp, true)
				o.addRule("buy:"+tp.ID+":back", fmt.Sprintf("%s, one group (on its back) — %d £", g.PieceName(p), cost), "10.2, clarifications")
			}
		}
	case spendMarkers:
		o.rule = "20.1"
		set := g.markerKinds(s, info)
		for k := MarkerKind(0); k < NumMarkerKinds; k++ {
			if set&(1<<k) != 0 {
				o.addRule("mark:"+k.String(), g.markerTitle(k), markerRule[k])
			}
		}
	case spendDisband:
		o.rule = "10.5"
		places := g.disbandPlaces(s)
		ids, labels := make([]string, len(places)), make([]string, len(places))
		for i, l := range places {
			ids[i], labels[i] = "loc:"+g.sqTok(l), "in "+g.SqName(l)
		}
		addPaged(o, t, ids, labels)
	case spendDisbandAt:
		o.rule = "10.5"
		seen := map[string]bool{}
		for p := range g.Pieces {
			if g.Pieces[p].Loc != t.Sq || g.Owner(p) != s || g.leaving(p) {
				continue
			}
			k := fmt.Sprint(g.T(p).ID, g.Pieces[p].Flags&FlagBack)
			if seen[k] {
				continue
			}
			seen[k] = true
			o.add("disband:"+PieceID(p), "disband "+g.PieceName(p))
		}
		if t.Sq >= 0 {
			for k := MarkerKind(0); k < NumMarkerKinds; k++ {
				if i := g.MarkerAt(t.Sq, k, s); i >= 0 && !g.markerLeaving(i) {
					o.add("unmark:"+k.String(), "remove the "+k.String()+" marker")
				}
			}
		}
	case spendReorg:
		o.rule = "18.0"
		ro := g.reorgOptions(s)
		ids, labels := make([]string, len(ro)), make([]string, len(ro))
		for i, r := range ro {
			ids[i], labels[i] = r.id, r.label
		}
		addPaged(o, t, ids, labels)
	}
	o.add("back", "back to the spending menu")
}

var markerRule = [NumMarkerKinds]string{"20.3.1", "20.3.2", "20.3.3", "20.3.4"}

func (g *Game) markerTitle(k MarkerKind) string {
	ex := &g.r.d.Charts.Expenses
	for _, m := range ex.Markers {
		if m.ID == k.String() {
			if m.MountainPounds > 0 {
				return fmt.Sprintf("%s — %d £ (%d £ on a mountain square)", k, m.Pounds, m.MountainPounds)
			}
			return fmt.Sprintf("%s — %d £", k, m.Pounds)
		}
	}
	return k.String()
}

// disbandPlaces lists the places holding a side's units or markers, the base first.
func (g *Game) disbandPlaces(s Side) []int16 {
	has := make([]bool, len(g.r.m.Squares))
	base := false
	for p := range g.Pieces {
		l := g.Pieces[p].Loc
		if g.Owner(p) != s || g.leaving(p) {
			continue
		}
		if l >= 0 {
			has[l] = true
		} else if l == BaseLoc(s) {
			base = true
		}
	}
	for i, m := range g.Markers {
		if m.Side == s && !g.markerLeaving(i) {
			has[m.Sq] = true
		}
	}
	var out []int16
	if base {
		out = append(out, BaseLoc(s))
	}
	for sq, h := range has {
		if h {
			out = append(out, int16(sq))
		}
	}
	return out
}

func (g *Game) spendApply(t *Task, id string) error {
	s := t.Side
	verb, arg, _ := cut(id)
	switch verb {
	case "done":
		g.pop()
	case "back":
		t.Aux, t.N, t.Sq, t.Region = spendTop, 0, -1, -1
	case "page":
		n, _ := parseInt(id, "page:")
		t.N = int16(n)
	case "cat":
		t.N = 0
		t.Aux = map[string]int16{"units": spendUnits, "agents": spendAgents, "markers": spendMarkers, "disband": spendDisband, "reorg": spendReorg}[arg]
	case "nation":
		t.Aux, t.Region = spendNation, int8(g.r.nationIndex(arg))
	case "buy":
		// Region 1: an elephant counter bought on its back (one group)
		face := int8(-1)
		if id, ok := strings.CutSuffix(arg, ":back"); ok {
			arg, face = id, 1
		}
		p := g.firstRecruitable(s, arg)
		g.push(Task{Step: StepRecruitPlace, Side: s, Sq: -1, Region: face, Aux: int16(p)})
	case "sp":
		n, _ := parseInt(id, "sp:")
		g.Pounds[s] -= g.spCost(s, n)
		g.Econ.NewSP[s] += n
		g.SPBought[s] += n
	case "mark":
		for k := MarkerKind(0); k < NumMarkerKinds; k++ {
			if k.String() == arg {
				g.push(Task{Step: StepMarkerPlace, Side: s, Sq: -1, Region: -1, Aux: int16(k)})
			}
		}
	case "loc":
		t.Aux, t.Sq, t.N = spendDisbandAt, g.parseLoc(s, arg), 0
	case "disband":
		p, _ := parseInt(arg, "p")
		g.takeOff(p)
	case "unmark":
		for k := MarkerKind(0); k < NumMarkerKinds; k++ {
			if k.String() == arg {
				g.unmark(g.MarkerAt(t.Sq, k, s))
			}
		}
	default: // reorganization
		p, _ := parseInt(arg, "p")
		g.reorganize(verb, p)
	}
	return nil
}

// cut splits an option id at its first colon.
func cut(id string) (verb, arg string, ok bool) {
	for i := 0; i < len(id); i++ {
		if id[i] == ':' {
			return id[:i], id[i+1:], true
		}
	}
	return id, "", false
}

func init() {
	defineStep(StepSpend, stepDef{
		name: "spend", rule: "3.1(3), 9.2",
		prompt:  func(g *Game, t *Task) string { return g.spendPrompt(t) },
		options: func(g *Game, t *Task, o *optList) { g.spendOptions(t, o) },
		apply:   func(g *Game, t *Task, id string) error { return g.spendApply(t, id) },
	})
	defineStep(StepRecruitPlace, stepDef{
		name: "recruit-place", rule: "10.3",
		prompt: func(g *Game, t *Task) string {
			cost, _ := g.faceCost(g.T(int(t.Aux)), t.Region == 1)
			name := g.PieceName(int(t.Aux))
			if t.Region == 1 {
				name += " on its back"
			}
			return fmt.Sprintf("Where does the %s (%d £) go?", name, cost)
		},
		options: func(g *Game, t *Task, o *optList) {
			info := g.survey(t.Side)
			g.addSquares(o, t, g.econRecruitSquares(t.Side, int(t.Aux), t.Region == 1, info), func(sq int16) string { return "in " + g.SqName(sq) })
			release(info)
			o.add("back", "do not buy it")
		},
		apply: func(g *Game, t *Task, id string) error {
			verb, arg, _ := cut(id)
			switch verb {
			case "page":
				return turnPage(t, id)
			case "at":
				p := int(t.Aux)
				cost, _ := g.faceCost(g.T(p), t.Region == 1)
				g.Pounds[t.Side] -= cost
				g.Pieces[p].Loc = g.parseLoc(t.Side, arg)
				g.Pieces[p].Flags = FlagNew
				if t.Region == 1 {
					g.Pieces[p].Flags |= FlagBack
				}
			}
			g.pop()
			return nil
		},
	})
	defineStep(StepMarkerPlace, stepDef{
		name: "marker-place", rule: "20.3",
		prompt: func(g *Game, t *Task) string {
			return fmt.Sprintf("Where does the %s go?", MarkerKind(t.Aux))
		},
		options: func(g *Game, t *Task, o *optList) {
			k := MarkerKind(t.Aux)
			o.rule = markerRule[k]
			info := g.survey(t.Side)
			g.addSquares(o, t, g.markerSquares(t.Side, k, info), func(sq int16) string {
				return fmt.Sprintf("in %s — %d £", g.SqName(sq), g.markerCost(k, sq))
			})
			release(info)
			o.add("back", "do not buy it")
		},
		apply: func(g *Game, t *Task, id string) error {
			verb, arg, _ := cut(id)
			switch verb {
			case "page":
				return turnPage(t, id)
			case "at":
				k, sq := MarkerKind(t.Aux), g.parseSq(arg)
				g.Pounds[t.Side] -= g.markerCost(k, sq)
				g.addMarker(t.Side, k, sq)
			}
			g.pop()
			return nil
		},
	})
	defineAuto(StepSpendEnd, func(g *Game, t *Task) {
		g.pop()
		g.endSpending()
	})
}

// endSpending ends the income phase: what both sides bought is shown
// (3.1(3)); the markers are public (22.2), the units stay under the fog of
// war (22.1).
func (g *Game) endSpending() {
	// What each side bought is shown, and so is that it bought nothing:
	// whichever it is, the other side learns it now (3.1(3)).
	g.reveal("purchases shown")
	for s := range g.SP {
		g.SP[s] += g.Econ.NewSP[s]
	}
	for i := range g.Pieces {
		switch f := g.Pieces[i].Flags; {
		case f&FlagLeaving != 0:
			g.Pieces[i].Loc, g.Pieces[i].Flags = LocAvail, 0
		case f&FlagNew != 0:
			g.Pieces[i].Flags &^= FlagNew | FlagReorg
		}
	}
	// markers taken off: those removed (10.5) and the trading posts the new
	// colonies replace (20.3.1)
	first := len(g.Markers) - g.Econ.NewMarkers
	gone := make([]bool, len(g.Markers))
	for i, m := range g.Markers {
		if g.markerLeaving(i) {
			gone[i] = true
			g.logf("%s removes its %s from %s (10.5).", m.Side.Title(), m.Kind, g.SqName(m.Sq))
		}
		if i >= first {
			g.logf("%s builds a %s in %s (20.1).", m.Side.Title(), m.Kind, g.SqName(m.Sq))
			if m.Kind == Colony {
				if j := g.MarkerAt(m.Sq, TradingPost, m.Side); j >= 0 {
					gone[j] = true
				}
			}
		}
	}
	g.Econ.NewMarkers, g.Econ.NewSP, g.Econ.Leaving = 0, [2]int{}, [leavingCap / 64]uint64{}
	for i := len(gone) - 1; i >= 0; i-- {
		if gone[i] {
			g.Markers = slices.Delete(g.Markers, i, i+1)
		}
	}
}
