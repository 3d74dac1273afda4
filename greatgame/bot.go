package greatgame

import (
	"cmp"
	"fmt"
	"math"
	"math/bits"
	"slices"
	"strings"

	"durbar/core"
)

// The heuristic computer player. It scores every option of the pending
// decision and plays the best; its scores read a Sample of the game (what
// its seat may see, the rest drawn from its own seed), so it is honest by
// construction. Its knowledge of the game, in the spirit of an influence
// map:
//
//   - an army field: every city worth holding (income, the side's bonus
//     cities, not in a neutral region) radiates its value, halved every
//     few movement points along the cheapest land path; forces climb it;
//   - an agent field: the capitals of neutral and enemy regions with no
//     agent of the side radiate the region's worth (VP and cities);
//   - fights are taken at good odds only, never against the other side's
//     regulars before open war, and never into a neutral region's city or
//     units (5.4: that hands the region to the other side);
//   - spending keeps supply points for the forces on the map, agents for the
//     capitals, markers for their victory points, then combat units;
//   - rare decisions (events, massacres, prisoners, offers) are scored by
//     trying each option on a copy and evaluating the position (Eval).
//
// Weights are named in botWeights so that a tuning run can vary them.
type botWeights struct {
	Decay      float64 // field value kept per half movement point
	MoveGain   float64 // least field gain for which a force sets off (first ops phase)
	MoveGainSP float64 // …when setting off costs a supply point
	AttackOdds float64 // least strength ratio to attack
	Retreat    float64 // retreat before combat below this ratio
	Material   float64 // VP per combat strength point in Eval
	Agent      float64 // VP per agent on the map in Eval
	SPValue    float64 // VP per supply point in Eval
	Income     float64 // VP per pound of city and railway income for each turn still to come, in Eval
}

var defaultWeights = botWeights{Decay: 0.93, MoveGain: 0.05, MoveGainSP: 0.6, AttackOdds: 2, Retreat: 1.5,
	Material: 0.15, Agent: 0.8, SPValue: 0.1, Income: 0.1}

// Candidate is an option a computer player weighed, with its value.
type Candidate struct {
	ID    string
	Value float64
}

// Heuristic is the heuristic player of one seat.
type Heuristic struct {
	seed uint64
	w    botWeights
	c    hctx
	sc   []float64
	// leftMarkers is the phase key (plus one) in which the player left the
	// markers menu having nothing it wanted there
	leftMarkers uint64
}

// NewHeuristic returns a heuristic player whose samples of the hidden are
// drawn from seed.
func NewHeuristic(seed uint64) *Heuristic { return &Heuristic{seed: seed, w: defaultWeights} }

// Choose picks an option of the pending decision (its place in
// Decision().Options) and returns the candidates weighed, best first (at
// most five). Only a Sample of the game is read.
func (h *Heuristic) Choose(g *Game) (int, []Candidate) {
	d := g.Decision()
	if len(d.Options) <= 1 {
		return 0, nil
	}
	// One draw of the hidden per phase, so that a force's plan does not
	// change with each step of it (the turn, phase and operations phase
	// are public).
	k := uint64(g.Turn)<<16 | uint64(g.Seq)<<8 | uint64(g.Ops)
	s := g.Sample(Side(d.Player), h.seed^k*0x9e3779b97f4a7c15)
	ids := optionIDs(nil, d)
	h.c.noMarkers = h.leftMarkers == k+1
	best := h.scoreAll(s, ids)
	h.c.noMarkers = false
	if t := g.top(); t.Step == StepSpend && t.Aux == spendMarkers && ids[best] == "back" {
		// what the side may buy was read on a sample; the menu offered
		// less: do not come back to it this phase
		h.leftMarkers = k + 1
	}
	cands := make([]Candidate, len(ids))
	for i := range ids {
		cands[i] = Candidate{ids[i], h.sc[i]}
	}
	sortCandidates(cands)
	return best, cands[:min(5, len(cands))]
}

// optionIDs appends a decision's option ids to buf[:0].
func optionIDs(buf []string, d core.Decision) []string {
	buf = buf[:0]
	for _, o := range d.Options {
		buf = append(buf, o.ID)
	}
	return buf
}

// sortCandidates orders candidates best first (equals keep their order).
func sortCandidates(cs []Candidate) {
	slices.SortStableFunc(cs, func(a, b Candidate) int { return cmp.Compare(b.Value, a.Value) })
}

// scoreAll scores each option id on g (a sample, or a search's world) into
// h.sc and returns the best one's place (the first of equals).
func (h *Heuristic) scoreAll(g *Game, ids []string) int {
	c := &h.c
	c.reset(g, &h.w)
	h.sc = h.sc[:0]
	best := 0
	for i, id := range ids {
		v := c.score(id)
		h.sc = append(h.sc, v)
		if v > h.sc[best] {
			best = i
		}
	}
	return best
}

// hctx is what one decision's scoring knows; fields are built when asked.
type hctx struct {
	g    *Game
	w    *botWeights
	me   Side
	t    *Task
	army fieldCache // army field by square, built when asked
	agnt fieldCache // agent field by square
	str  [2][]int16
	occ  []uint8
	pq   fieldQueue
	mark []uint8 // spread scratch
	// reach search scratch
	seen      seenSet
	reachLeft []int16
	reachList []int16
	front     []int16
	noMarkers bool // the markers menu is not to be entered again this phase
	// the form step's plan
	planned bool
	keep    []int16
}

func (c *hctx) reset(g *Game, w *botWeights) {
	c.g, c.w = g, w
	c.t = g.top()
	c.me = c.t.Side
	c.planned = false
	c.str[0], c.str[1] = c.str[0][:0], c.str[1][:0]
	ak, gk := c.fieldKeys()
	c.army.want(ak)
	c.agnt.want(gk)
}

// fieldCache holds a field for the key it was built from, and the fields
// of a few keys before it: the search's playouts decide for both sides in
// turn, and a field is the same whenever its key is.
type fieldCache struct {
	key  uint64
	vals []float64 // empty until built for key
	old  [3]struct {
		key  uint64
		vals []float64
	}
	next int
}

// want makes key the current one: its field comes back from the cache, or
// is empty until built.
func (f *fieldCache) want(key uint64) {
	if key == f.key && len(f.vals) > 0 {
		return
	}
	if len(f.vals) > 0 {
		e := &f.old[f.next]
		f.next = (f.next + 1) % len(f.old)
		e.key, e.vals, f.vals = f.key, f.vals, e.vals[:0]
	}
	f.key = key
	for i := range f.old {
		if e := &f.old[i]; len(e.vals) > 0 && e.key == key {
			f.vals, e.vals = e.vals, f.vals[:0]
			return
		}
	}
}

// fieldKeys sum up what the army and the agent fields read: the deciding
// side, control, open war, and where the strength tables (strength, which
// leave out the force moving now, so that a force climbs one field from
// its start to its stop) have units: the army field the cities' squares
// and where neutrals stand, the agent field the capitals' squares and where
// the other side has units.
func (c *hctx) fieldKeys() (army, agent uint64) {
	g := c.g
	const basis, prime = 14695981039346656037, 1099511628211
	a, b := uint64(basis), uint64(basis)
	mix := func(h *uint64, x uint64) { *h = (*h ^ x) * prime }
	mix(&a, uint64(c.me)+7)
	mix(&b, uint64(c.me)+7)
	if g.OpenWar {
		mix(&a, 99)
	}
	for _, s := range g.Control {
		mix(&a, uint64(s)+3)
		mix(&b, uint64(s)+3)
	}
	mine, theirs := c.strength(c.me), c.strength(c.me.Other())
	city := g.r.cityAt
	for sq, o := range c.occ {
		if city[sq] >= 0 {
			mix(&a, uint64(sq)<<32|uint64(o&7)<<8|b2u(mine[sq] > 0)<<1|b2u(theirs[sq] > 0)) // not the side's agents (bit 8)
			if g.r.m.Cities[city[sq]].Capital {
				mix(&b, uint64(sq)<<32|uint64(o)<<8)
			}
		} else if o&4 != 0 {
			mix(&a, uint64(sq)<<32|4)
		}
		if theirs[sq] > 0 {
			mix(&b, uint64(sq)<<32|1<<20)
		}
	}
	return a, b
}

func b2u(b bool) uint64 {
	if b {
		return 1
	}
	return 0
}

// hiddenStrength is what the heuristic reckons a counter it may not
// examine to be worth: the fields read stacks as the seat sees them, so
// that they do not change with each draw of the hidden.
const hiddenStrength = 2

// strength is each side's combat strength by square as the deciding seat
// sees it (a counter it may not examine counts hiddenStrength and may be a
// regular; the force moving now is left out). occ marks, per square, bit
// 1<<side for that side's British or Russian combat units, 4 for neutral
// combat units, 8 for the deciding side's agents.
func (c *hctx) strength(s Side) []int16 {
	if len(c.str[0]) == 0 {
		g := c.g
		n := len(g.r.m.Squares)
		for k := range c.str {
			c.str[k] = append(c.str[k][:0], make([]int16, n)...)
		}
		c.occ = append(c.occ[:0], make([]uint8, n)...)
		g.seen(&c.seen)
		moving := g.Move.Active && g.Move.Side == c.me
		for p := range g.Pieces {
			l := g.Pieces[p].Loc
			if l < 0 {
				continue
			}
			o := g.Owner(p)
			if o != c.me && c.seen[c.me][p/64]&(1<<(p%64)) == 0 {
				if g.Pieces[p].Flags&FlagNew != 0 {
					continue
				}
				switch o {
				case British, Russian:
					c.str[o][l] += hiddenStrength
					c.occ[l] |= 1 << o
				default:
					c.occ[l] |= 4
				}
				continue
			}
			if moving && o == c.me && (slices.Contains(g.Move.Units, int16(p)) || slices.Contains(g.Move.Out, int16(p))) {
				continue
			}
			if g.IsAgent(p) {
				if o == c.me {
					c.occ[l] |= 8
				}
				continue
			}
			switch o {
			case British, Russian:
				c.str[o][l] += int16(g.Strength(p))
				if g.Regular(p) {
					c.occ[l] |= 1 << o
				}
			default:
				c.occ[l] |= 4
			}
		}
	}
	return c.str[s]
}

// regularsAt: the other side's British or Russian combat units stand there.
func (c *hctx) regularsAt(sq int16, s Side) bool {
	c.strength(s)
	return c.occ[sq]&(1<<s) != 0
}

func (c *hctx) neutralAt(sq int16) bool {
	c.strength(c.me)
	return c.occ[sq]&4 != 0
}

// forbidden: standing there hands a neutral region to the other side (5.4.1).
func (c *hctx) forbidden(sq int16) bool {
	return sq >= 0 && (c.neutralAt(sq) || c.g.neutralCity(sq))
}

// cityWorth is what holding a city is worth to the side: its income, and
// the victory bonus for the side's bonus cities.
func (c *hctx) cityWorth(ci int) float64 {
	g := c.g
	city := &g.r.m.Cities[ci]
	v := float64(city.Income) + 0.5
	bonus := g.r.d.Charts.Victory.RussianBonus
	if c.me == British {
		bonus = g.r.d.Charts.Victory.BritishBonus
	}
	if slices.Contains(bonus.Cities, city.ID) {
		v += float64(bonus.Points)
	}
	if city.Capital {
		v += 1
	}
	return v
}

// armyField is the value of standing with combat units on each square.
func (c *hctx) armyField() []float64 {
	if len(c.army.vals) > 0 {
		return c.army.vals
	}
	g := c.g
	n := len(g.r.m.Squares)
	army := append(c.army.vals[:0], make([]float64, n)...)
	mine := c.strength(c.me)
	theirs := c.strength(c.me.Other())
	for ci := range g.r.m.Cities {
		city := &g.r.m.Cities[ci]
		sq := int16(city.Square)
		ctl := g.Control[city.Region]
		if ctl == NoSide || c.neutralAt(sq) {
			continue
		}
		v := c.cityWorth(ci)
		if mine[sq] > 0 {
			v *= 0.25 // held already: a second force adds little
		}
		if theirs[sq] > 0 {
			if c.regularsAt(sq, c.me.Other()) && !g.OpenWar {
				continue
			}
			v *= 0.6
		}
		if ctl != c.me {
			v *= 0.8
		}
		army[sq] = max(army[sq], v)
	}
	c.spread(army, false)
	c.army.vals = army
	return army
}

// agentField is the value of an agent standing on each square.
func (c *hctx) agentField() []float64 {
	if len(c.agnt.vals) > 0 {
		return c.agnt.vals
	}
	g := c.g
	n := len(g.r.m.Squares)
	agnt := append(c.agnt.vals[:0], make([]float64, n)...)
	for r := 0; r < g.r.nr; r++ {
		reg := &g.r.m.Regions[r]
		if g.Control[r] == c.me || reg.Capital < 0 {
			continue
		}
		sq := int16(g.r.m.Cities[reg.Capital].Square)
		if c.occ[sq]&8 != 0 {
			continue // one of the side's agents is there already
		}
		if c.regularsAt(sq, c.me.Other()) {
			continue // an agent alone with enemy combat units is taken (16.3)
		}
		v := float64(reg.VP)
		for _, ci := range reg.Cities {
			v += 0.5 * float64(g.r.m.Cities[ci].Income)
		}
		if g.Control[r] != NoSide {
			v *= 0.5
		}
		agnt[sq] = v + 1
	}
	c.spread(agnt, true)
	c.agnt.vals = agnt
	return agnt
}

// spread turns target values into a field: each square holds the best
// target value discounted by Decay per half movement point of the
// cheapest way from it to the target (a Dijkstra from every target at once;
// values below a tenth are not spread further).
func (c *hctx) spread(f []float64, agents bool) {
	in := c.g.mt().landIn
	q := &c.pq
	q.reset()
	for sq, v := range f {
		if v > 0 {
			q.push(fieldItem{int16(sq), v})
		}
	}
	// mark: 1 where a step into the square halves the value (the other
	// side's units in the way of an agent; for an army, a square that would
	// hand a neutral region over), 2 once the square's value is final
	mark := c.mark[:0]
	mark = append(mark, make([]uint8, len(f))...)
	c.mark = mark
	if agents {
		for n, t := range c.strength(c.me.Other()) {
			if t > 0 {
				mark[n] = 1
			}
		}
	} else {
		for n := range mark {
			if c.forbidden(int16(n)) {
				mark[n] = 1
			}
		}
	}
	var pow [16]float64
	pow[0] = 1
	for i := 1; i < len(pow); i++ {
		pow[i] = pow[i-1] * c.w.Decay
	}
	for q.n > 0 {
		it := q.pop()
		if mark[it.sq]&2 != 0 {
			continue
		}
		mark[it.sq] |= 2
		if it.v < 0.1 {
			continue
		}
		for _, e := range in[it.sq] {
			n := e.sq
			if mark[n]&2 != 0 {
				continue
			}
			v := it.v * pow[min(int(e.cost), len(pow)-1)]
			if mark[n] != 0 {
				v *= 0.5
			}
			if v > f[n] {
				f[n] = v
				q.push(fieldItem{n, v})
			}
		}
	}
}

type fieldItem struct {
	sq int16
	v  float64
}

// fieldQueue is a monotone priority queue of field values, the greatest
// first: a radix heap on the values' bits (a Dijkstra from the targets
// pops ever smaller values, and a value pushed is never greater than the
// last popped). Equal values come out in any order, which leaves the field
// as it is.
type fieldQueue struct {
	last uint64 // the key last popped
	n    int
	b    [65][]fieldItem
}

// fieldKeyOf orders values greatest first: positive floats' bits order as
// the values do.
func fieldKeyOf(v float64) uint64 { return ^math.Float64bits(v) }

func (q *fieldQueue) reset() {
	q.last, q.n = 0, 0
	for i := range q.b {
		q.b[i] = q.b[i][:0]
	}
}

func (q *fieldQueue) push(it fieldItem) {
	i := bits.Len64(fieldKeyOf(it.v) ^ q.last)
	q.b[i] = append(q.b[i], it)
	q.n++
}

func (q *fieldQueue) pop() fieldItem {
	if len(q.b[0]) == 0 {
		i := 1
		for len(q.b[i]) == 0 {
			i++
		}
		least := uint64(math.MaxUint64)
		for _, it := range q.b[i] {
			least = min(least, fieldKeyOf(it.v))
		}
		q.last = least
		for _, it := range q.b[i] {
			j := bits.Len64(fieldKeyOf(it.v) ^ least)
			q.b[j] = append(q.b[j], it)
		}
		q.b[i] = q.b[i][:0]
	}
	top := q.b[0][len(q.b[0])-1]
	q.b[0] = q.b[0][:len(q.b[0])-1]
	q.n--
	return top
}

// score is one option's value: higher is better.
func (c *hctx) score(id string) float64 {
	switch c.t.Step {
	case StepPlace:
		if id == "standard" {
			return 1
		}
		return 0
	case StepInitiative:
		if id == "first:"+c.me.String() {
			return 1
		}
		return 0
	case StepSpend:
		return c.spendScore(id)
	case StepRecruitPlace, StepMarkerPlace:
		if id == "back" {
			return -100
		}
		return c.placeScore(id)
	case StepMove:
		return c.moveScore(id)
	case StepForm:
		return c.formScore(id)
	case StepMarch:
		return c.marchScore(id)
	case StepMoveDest:
		return c.destScore(id)
	case StepNegotiate:
		return c.negScore(id)
	case StepNegOffer, StepNegOppose:
		return c.bidScore(id)
	case StepDeal:
		if id == "cancel" {
			return 1
		}
		return 0
	case StepRetreatBefore:
		return c.retreatBeforeScore(id)
	case StepCRT:
		return c.tableScore(id)
	case StepLoss, StepStarve:
		return c.lossScore(id)
	case StepRetreat:
		return c.safeScore(id)
	case StepSupply:
		if id == "pay" {
			return 1
		}
		return 0
	case StepDefenceRecruit:
		if n, ok := parseInt(id, "irr:"); ok {
			return float64(n)
		}
		if id == "khan" {
			return 0.5
		}
		return c.placeScore(id)
	case StepEventPlace:
		switch {
		case id == "back":
			return -100
		case strings.HasPrefix(id, "block:"):
			n, _ := parseInt(id, "block:")
			return 1 - 0.001*float64(n)
		case strings.HasPrefix(id, "at:"):
			return 2 + c.placeScore(id)
		}
		return c.lookahead(id)
	case StepPrisonerReturn:
		if id == "stay" {
			return -1
		}
		return c.placeScore(id)
	}
	return c.lookahead(id)
}

// lookahead plays the option on a copy and evaluates what follows for the
// deciding side (rare decisions: events, massacres, prisoners, offers).
func (c *hctx) lookahead(id string) float64 {
	cp := c.g.clone()
	cp.quiet, cp.Log = true, nil
	if err := cp.play(id); err != nil {
		return math.Inf(-1)
	}
	return Eval(cp, c.me, c.w)
}

// Eval is a position's worth to a side in victory points: the difference
// of the scores (25.1), plus what the forces, agents and supply points on
// hand promise, and the cities' income for the turns still to come.
func Eval(g *Game, s Side, w *botWeights) float64 {
	if w == nil {
		w = &defaultWeights
	}
	v := float64(g.VP(s) - g.VP(s.Other()))
	if g.Over {
		return v
	}
	var mat [2]float64
	for p := range g.Pieces {
		l := g.Pieces[p].Loc
		if l < 0 && l != LocBaseBr && l != LocBaseRu {
			continue
		}
		o := g.Owner(p)
		if o != British && o != Russian {
			continue
		}
		if g.IsAgent(p) {
			mat[o] += w.Agent
		} else {
			mat[o] += w.Material * float64(g.Strength(p))
		}
	}
	v += mat[s] - mat[s.Other()]
	v += w.SPValue * float64(g.SP[s]-g.SP[s.Other()])
	if left := g.LastTurn - g.Turn; left > 0 && w.Income > 0 {
		// the income still to come (9.1): pounds are victory points at the
		// end (25.1) and buy more before it
		mc, mr := g.CityIncome(s)
		oc, or := g.CityIncome(s.Other())
		v += w.Income * float64(left) * float64(mc+mr-oc-or)
	}
	return v
}

// ---- spending (9.0–10.0, 17.1, 20.0) ----

func (c *hctx) agentsOnHand() int {
	g, n := c.g, 0
	for p := range g.Pieces {
		l := g.Pieces[p].Loc
		if g.IsAgent(p) && g.Owner(p) == c.me && (l >= 0 || l == BaseLoc(c.me)) {
			n++
		}
	}
	return n
}

// supplyWanted is how many supply points the side wants in hand: one for
// each square of its combat units (its natives' included) that needs one
// now, beyond forage (17.3.3) or as an expeditionary force (17.6), and
// some to spare for the squares its forces will move to.
func (c *hctx) supplyWanted() int {
	g := c.g
	seen := map[int16]bool{}
	n := 4
	for p := range g.Pieces {
		l := g.Pieces[p].Loc
		if l < 0 || g.IsAgent(p) || g.Owner(p) != c.me || seen[l] {
			continue
		}
		seen[l] = true
		forage, exp := g.SupplyNeed(c.me, l)
		if forage {
			n++
		}
		if exp {
			n++
		}
	}
	return n + len(seen)/2
}

// agentWorth is the least value (agentValue) of an agent worth buying.
const agentWorth = 0.75

// agentValue is what an agent of ratings t is worth at its price.
func agentValue(t *tmpl, cost int) float64 {
	return 2*float64(t.Political) + 0.5*float64(t.Military) - float64(cost)/3
}

// markerWanted: the side can buy a marker other than a fort now (a fort
// scores nothing, 25.1, and the heuristic does not buy one).
func (c *hctx) markerWanted() bool {
	info := c.g.survey(c.me)
	defer release(info)
	return c.g.markerKinds(c.me, info)&^(1<<Fort) != 0
}

// bestAgent is the best value of an agent the side can buy and place now.
func (c *hctx) bestAgent() float64 {
	g := c.g
	info := g.survey(c.me)
	defer release(info)
	best := -100.0
	for _, p := range g.buyable(c.me, -1, true, info, false) {
		t := g.T(p)
		cost, _ := g.unitCost(t)
		best = max(best, agentValue(t, cost))
	}
	return best
}

func (c *hctx) spendScore(id string) float64 {
	g, me := c.g, c.me
	pounds := g.Pounds[me]
	agents := c.agentsOnHand()
	reserve := 2 * agents
	last := g.Turn >= g.LastTurn
	switch c.t.Aux {
	case 0: // the menu
		switch {
		case strings.HasPrefix(id, "sp:"):
			n, _ := parseInt(id, "sp:")
			sp := g.SP[me] + g.Econ.NewSP[me]
			want := c.supplyWanted() // units that starve are lost, and cost more to replace
			if sp >= want || g.spCost(me, n) > pounds {
				return -1
			}
			// the largest pack within the need, else the least beyond it
			if need := want - sp; n > need {
				return 50 - float64(n-need)
			}
			return 50 + 0.1*float64(n)
		case id == "cat:agents":
			if agents >= 4 || pounds < 6 || last {
				return -1
			}
			if c.bestAgent() < agentWorth {
				return -1
			}
			return 40
		case id == "cat:markers":
			if pounds < 5 {
				return -1
			}
			if c.noMarkers || !c.markerWanted() {
				return -1
			}
			return 30
		case id == "cat:units":
			if pounds-reserve < 4 || last {
				return -1
			}
			return 20
		case id == "done":
			return 0
		}
		return -2
	case 1: // nation
		if id == "nation:"+me.String() {
			return 2
		}
		if id == "back" {
			return -1
		}
		return 1
	case 2, 3: // a unit or an agent
		if id == "back" {
			if c.t.Aux == spendAgents {
				if agents >= 4 {
					return 100
				}
				return agentWorth // leave when no agent left is worth its price
			}
			return -100
		}
		p := g.firstRecruitable(me, id[len("buy:"):])
		if p < 0 {
			return -50
		}
		t := g.T(p)
		cost, _ := g.unitCost(t)
		if c.t.Aux == 3 {
			return agentValue(t, cost)
		}
		str := float64(t.Combat)
		v := str/float64(max(1, cost)) + 0.05*str
		if cost > pounds-reserve {
			v -= 10
		}
		return v
	case 4: // marker
		if id == "back" {
			return 1 // a fort alone is not worth buying (no VP, 25.1)
		}
		switch id {
		case "mark:trading-post":
			return 4
		case "mark:railway":
			return 3
		case "mark:colony":
			if pounds >= 20+reserve {
				return 5
			}
			return 1
		case "mark:fort":
			return 0.5
		}
		return -100
	}
	// disbanding and reorganizing are never entered; leave them
	if id == "back" {
		return 1
	}
	return 0
}

// placeScore values an "at:SQ" option: where a new counter or marker
// goes, or a returned prisoner.
func (c *hctx) placeScore(id string) float64 {
	tok, ok := strings.CutPrefix(id, "at:")
	if !ok {
		tok, ok = strings.CutPrefix(id, "to:")
	}
	if !ok {
		return 0
	}
	sq := c.g.parseLoc(c.me, tok)
	if sq < 0 {
		return 0.1
	}
	switch c.t.Step {
	case StepMarkerPlace:
		v := 0.0
		if ci := c.g.r.cityAt[sq]; ci >= 0 {
			v += float64(c.g.r.m.Cities[ci].Income)
		}
		if c.strength(c.me)[sq] > 0 {
			v += 1
		}
		return v - 0.3*float64(c.strength(c.me.Other())[sq])
	case StepPrisonerReturn:
		return c.agentField()[sq]
	}
	return c.armyField()[sq]
}

// ---- movement (11.0–13.0, 19.0) ----

// reachGain is how much a force would gain by marching from where it
// stands within mp2 half points: the best field value in reach less the
// present one (a held city counts its worth where it stands).
func (c *hctx) reachGain(from int16, mp2 int16, agent bool) float64 {
	g := c.g
	f := c.armyField()
	if agent {
		f = c.agentField()
	}
	if from < 0 {
		// in the base: the entry squares
		best := 0.0
		for _, e := range g.mt().entry[c.me] {
			best = max(best, f[e])
		}
		return best
	}
	here := f[from]
	if !agent && c.strength(c.me)[from] > 0 {
		// leaving a held city loses it, unless others stay
		if ci := g.r.cityAt[from]; ci >= 0 && g.Control[g.sqRegion(from)] != NoSide {
			here = max(here, c.cityWorth(int(ci)))
		}
	}
	// the best square within reach (a small bounded search)
	best := here
	out := g.mt().landOut
	if len(c.reachLeft) != len(f) {
		c.reachLeft = make([]int16, len(f))
		for i := range c.reachLeft {
			c.reachLeft[i] = -1
		}
	}
	left := c.reachLeft
	touched := c.reachList[:0]
	front := append(c.front[:0], from)
	left[from] = mp2
	touched = append(touched, from)
	for len(front) > 0 {
		sq := front[len(front)-1]
		front = front[:len(front)-1]
		for _, e := range out[sq] {
			l := left[sq] - e.cost
			if l < 0 || left[e.sq] >= l {
				continue
			}
			if left[e.sq] < 0 {
				touched = append(touched, e.sq)
			}
			left[e.sq] = l
			if !agent && c.forbidden(e.sq) {
				continue
			}
			best = max(best, f[e.sq])
			front = append(front, e.sq)
		}
	}
	for _, sq := range touched {
		left[sq] = -1
	}
	c.reachList, c.front = touched, front
	return best - here
}

func (c *hctx) threshold() float64 {
	if c.g.Ops >= 2 {
		return c.w.MoveGainSP
	}
	return c.w.MoveGain
}

// stackGain is what setting off the units a side may move from loc would
// gain: the better of its army part's and its agent part's reach (an agent
// alone in a capital it negotiates in gains nothing by leaving).
func (c *hctx) stackGain(loc int16) float64 {
	g := c.g
	var army, agents int
	minMove := int16(99)
	for p := range g.Pieces {
		if g.Pieces[p].Loc != loc || !g.movable(p, c.me) {
			continue
		}
		if g.IsAgent(p) {
			agents++
		} else {
			army++
			minMove = min(minMove, int16(g.MoveFactor(p)))
		}
	}
	best := 0.0
	if army > 0 {
		gain := c.reachGain(loc, 2*minMove, false)
		best = max(best, gain)
	}
	if agents > 0 {
		gain := c.reachGain(loc, 6, true)
		if loc >= 0 && c.agentField()[loc] > 0 && g.Agents(loc, c.me) <= 1 && c.isTargetCapital(loc) {
			gain = 0 // stay and negotiate
		}
		best = max(best, gain)
	}
	return best
}

func (c *hctx) isTargetCapital(sq int16) bool {
	g := c.g
	ci := g.r.cityAt[sq]
	if ci < 0 || !g.r.m.Cities[ci].Capital {
		return false
	}
	return g.Control[g.r.m.Cities[ci].Region] != c.me
}

func (c *hctx) moveScore(id string) float64 {
	switch {
	case id == "end":
		return c.threshold()
	case id == "deal":
		return -1
	}
	tok, _ := strings.CutPrefix(id, "force:")
	loc := c.g.parseLoc(c.me, tok)
	return c.stackGain(loc)
}

// formPlan decides which units of the forming force go: the part (army
// or agent) that gains more; a held city keeps a garrison; one agent stays
// in a capital it negotiates in.
func (c *hctx) formPlan() {
	if c.planned {
		return
	}
	c.planned = true
	g, f := c.g, &c.g.Move
	c.keep = c.keep[:0]
	all := append(append([]int16(nil), f.Units...), f.Out...)
	var army, agents []int16
	minMove := int16(99)
	for _, u := range all {
		if g.IsAgent(int(u)) {
			agents = append(agents, u)
		} else {
			army = append(army, u)
			minMove = min(minMove, int16(g.MoveFactor(int(u))))
		}
	}
	var armyGain, agentGain float64
	if len(army) > 0 {
		armyGain = c.reachGain(f.Start, 2*minMove, false)
	}
	if len(agents) > 0 {
		agentGain = c.reachGain(f.Start, 6, true)
	}
	if len(army) > 0 && armyGain >= agentGain {
		c.keep = append(c.keep, army...)
		if f.Start >= 0 && g.r.cityAt[f.Start] >= 0 && len(army) > 1 {
			// the weakest stays to hold the city
			weak := army[0]
			for _, u := range army {
				if g.Strength(int(u)) < g.Strength(int(weak)) {
					weak = u
				}
			}
			c.keep = slices.DeleteFunc(c.keep, func(u int16) bool { return u == weak })
		}
		return
	}
	if len(agents) > 0 {
		// one agent goes; one stays in a capital
		best := agents[0]
		for _, u := range agents {
			if g.T(int(u)).Political > g.T(int(best)).Political {
				best = u
			}
		}
		if f.Start >= 0 && c.isTargetCapital(f.Start) && len(agents) > 1 {
			for _, u := range agents {
				if u != best {
					c.keep = append(c.keep, u)
					return
				}
			}
		}
		c.keep = append(c.keep, best)
	}
}

func (c *hctx) formScore(id string) float64 {
	c.formPlan()
	g := c.g
	switch {
	case id == "cancel":
		return -100
	case id == "go":
		return 0
	case strings.HasPrefix(id, "out:p"):
		p, _ := parseInt(id, "out:p")
		if !slices.Contains(c.keep, int16(p)) && len(g.Move.Units) > 1 {
			return 1 - float64(p)*1e-6
		}
		return -1
	}
	return -1
}

func (c *hctx) forceIsAgents() bool {
	for _, u := range c.g.Move.Units {
		if !c.g.IsAgent(int(u)) {
			return false
		}
	}
	return true
}

func (c *hctx) forceStrength() int {
	n := 0
	for _, u := range c.g.Move.Units {
		n += c.g.Strength(int(u))
	}
	return n
}

// squareValue is what the moving force finds worth in a square it may
// enter: the field, or a fight there.
func (c *hctx) squareValue(sq int16) float64 {
	g := c.g
	agents := c.forceIsAgents()
	if sq < 0 {
		return -1
	}
	if agents {
		v := c.agentField()[sq]
		if c.strength(c.me.Other())[sq] > 0 {
			v -= 20
		}
		return v
	}
	if c.forbidden(sq) {
		return -50
	}
	v := c.armyField()[sq]
	if their := c.strength(c.me.Other())[sq]; their > 0 {
		if c.regularsAt(sq, c.me.Other()) && !g.OpenWar {
			return -40
		}
		mult := g.defenceMultiplier(sq, c.me.Other())
		odds := float64(c.forceStrength()) / float64(int(their)*mult)
		if odds < c.w.AttackOdds {
			return -30
		}
		v += 0.5 * odds
	}
	return v
}

func (c *hctx) marchScore(id string) float64 {
	g, f := c.g, &c.g.Move
	here := -0.5
	if f.At >= 0 {
		agents := c.forceIsAgents()
		if agents {
			here = c.agentField()[f.At]
		} else {
			here = c.armyField()[f.At]
			if c.forbidden(f.At) {
				here = -50
			}
		}
	}
	switch {
	case id == "stop":
		return here + 1e-3
	case id == "to:base", strings.HasPrefix(id, "drop:"):
		return -100
	case id == "exit", id == "rail", id == "amph":
		mode := map[string]int16{"exit": destExit, "rail": destRail, "amph": destAmph}[id]
		best := -100.0
		for _, l := range g.dests(mode, g.moveOcc()) {
			best = max(best, c.squareValue(l.to))
		}
		if id == "amph" {
			best -= 0.5 * float64(g.amphSP())
		}
		if id == "exit" {
			return best + 10 // out of the base
		}
		return best - 0.2
	case strings.HasPrefix(id, "to:"):
		return c.squareValue(g.parseSq(id[3:]))
	}
	return -100
}

func (c *hctx) destScore(id string) float64 {
	g := c.g
	switch {
	case id == "back":
		return -90
	case id == "to:base":
		return -80
	case strings.HasPrefix(id, "to:"):
		return c.squareValue(g.parseSq(id[3:]))
	}
	// a region or a part of the list: its best square
	t := c.t
	best := -100.0
	for _, l := range g.dests(t.Aux, g.moveOcc()) {
		if l.to < 0 {
			continue
		}
		if r, ok := strings.CutPrefix(id, "region:"); ok && g.r.m.Regions[g.r.m.Squares[l.to].Region].ID != r {
			continue
		}
		best = max(best, c.squareValue(l.to))
	}
	return best
}

// ---- negotiations (15.0) ----

func (c *hctx) negScore(id string) float64 {
	g := c.g
	if id == "end" {
		return 0.5
	}
	r := g.r.m.RegionIndex(id[len("neg:"):])
	if r < 0 || g.Control[r] == c.me || g.Pounds[c.me] < 1 && g.Control[r] != NoSide {
		return -1
	}
	v := float64(g.r.m.Regions[r].VP) + 1
	if g.Control[r] != NoSide {
		v *= 0.6
	}
	return v
}

func (c *hctx) bidScore(id string) float64 {
	g := c.g
	if id == "none" {
		r := int(c.t.Region)
		if r >= 0 && (g.Control[r] == c.me || g.Control[r] == NoSide) {
			return 0
		}
		return 1
	}
	a, n := negParseBid(id)
	if a < 0 {
		return -1
	}
	return 2*float64(g.T(a).Political) + float64(n) - 0.05*float64(n*n)
}

// ---- combat (14.0) ----

func (c *hctx) fightOdds() float64 {
	g := c.g
	sq := c.t.Sq
	if sq < 0 {
		sq = g.Fight.Sq
	}
	a, d, mult := g.fightStrengths(sq)
	return float64(a) / float64(max(1, d*mult))
}

func (c *hctx) retreatBeforeScore(id string) float64 {
	if id == "retreat" {
		return c.fightOdds() - c.w.Retreat // attacker to defender
	}
	return 0
}

func (c *hctx) tableScore(id string) float64 {
	odds := c.fightOdds()
	if id == "table:battle" {
		return odds - 2
	}
	return 0
}

func (c *hctx) lossScore(id string) float64 {
	g := c.g
	var p int
	var ok bool
	split := false
	for _, pre := range []string{"elim:p", "split:p", "starve:p"} {
		if p, ok = parseInt(id, pre); ok {
			split = pre == "split:p"
			break
		}
	}
	if !ok || p < 0 || p >= len(g.Pieces) {
		return -100
	}
	lost := float64(g.Strength(p))
	if split {
		lost /= float64(max(1, g.Brigades(p)))
	}
	if g.Regular(p) {
		lost *= 1.5
	}
	return -lost
}

// safeScore values a square to retreat into: friendly, away from the enemy.
func (c *hctx) safeScore(id string) float64 {
	tok, ok := strings.CutPrefix(id, "to:")
	if !ok {
		return 0
	}
	g := c.g
	sq := g.parseLoc(c.me, tok)
	if sq < 0 {
		return 1
	}
	v := 0.0
	if r := g.sqRegion(sq); r >= 0 && g.Control[r] == c.me {
		v += 2
	}
	if g.r.cityAt[sq] >= 0 {
		v += 1
	}
	v -= float64(c.strength(c.me.Other())[sq])
	return v
}

// Describe is a log line for a computer decision: what was chosen and the
// other candidates weighed.
func Describe(label string, cands []Candidate) string {
	var b strings.Builder
	b.WriteString(label)
	if len(cands) > 1 {
		b.WriteString(" — weighed ")
		for i, cd := range cands {
			if i > 0 {
				b.WriteString(", ")
			}
			fmt.Fprintf(&b, "%s %.2f", cd.ID, cd.Value)
		}
	}
	return b.String()
}
