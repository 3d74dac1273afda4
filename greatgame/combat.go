package greatgame

import (
	"fmt"
	"strconv"
	"strings"
)

// Combat (14.0), open war (24.0), agents' capture (16.3), massacres (20.5).
//
// The combat subphase fights every square holding combat units of the
// phasing player and enemy combat units, one after another in square order
// (StepCombatNext, an automatic step left at the bottom of the stack until
// no square is left). A combat is: both stacks revealed (14.1(1)), open war
// checked (24.0), the defender's retreat before combat if it may (14.5), the
// attacker's choice of table (14.6), the roll (14.7, 14.8) and the result
// (14.9 and the notes of the Combat Results Tables), whose losses and
// retreats are decisions of their own (StepLoss, StepRetreat). At the end of
// the subphase agents are checked for capture (16.3) and the phasing player
// may massacre civilization markers (20.5).

// fightState is the combat being resolved.
type fightState struct {
	Sq      int16   // the square being fought, -1 between combats
	Att     Side    // the attacker: the phasing player (14.0)
	Table   byte    // 'B' battle or 'R' raid (14.6)
	Done    []int16 // squares already fought this subphase: one attack a square (14.2.2)
	Retreat []int16 // the pieces of the retreating force (CRT note 4)
	Visited []int16 // the squares the retreating force has stood in
	Closed  []int16 // squares this retreat found closed on trying them (CRT note 4(1))
	// The last roll: modified die, odds column and result, for the log and tests.
	Roll int8
	Col  int8
	Code string
}

func (f fightState) clone() fightState {
	f.Done = append([]int16(nil), f.Done...)
	f.Retreat = append([]int16(nil), f.Retreat...)
	f.Visited = append([]int16(nil), f.Visited...)
	f.Closed = append([]int16(nil), f.Closed...)
	return f
}

func (f *fightState) reset() { *f = fightState{Sq: -1, Att: NoSide} }

// Loss modes of StepLoss (Task.Aux).
const (
	lossPoints   = 0 // N combat strength points still due
	lossBrigades = 1 // N brigades/groups still due
)

// ---- reading the board ----

// occBit is the occupancy bit of a side's combat units or agents.
func occBit(s Side, agent bool) uint8 {
	i := 2
	switch s {
	case British:
		i = 0
	case Russian:
		i = 1
	}
	if agent {
		i += 3
	}
	return 1 << i
}

// occupancy marks, per map square, whose combat units and agents stand there.
func (g *Game) occupancy() []uint8 {
	occ := make([]uint8, len(g.r.m.Squares))
	for p := range g.Pieces {
		if sq := g.Pieces[p].Loc; sq >= 0 {
			occ[sq] |= occBit(g.Owner(p), g.IsAgent(p))
		}
	}
	return occ
}

// regularCombatAt reports whether a side has British or Russian combat units at a square.
func (g *Game) regularCombatAt(sq int16, s Side) bool {
	for p := range g.Pieces {
		if g.Pieces[p].Loc == sq && !g.IsAgent(p) && g.Regular(p) && g.Owner(p) == s {
			return true
		}
	}
	return false
}

// fighters lists a side's combat units in the combat at sq. Under the
// Anglo-Russian Accord the attacker's British or Russian units sit out
// when the defender has regular units: only its natives attack (events).
func (g *Game) fighters(sq int16, s, att Side) []int {
	sitOut := s == att && g.Ev.Accord && g.regularCombatAt(sq, s.Other())
	var out []int
	for p := range g.Pieces {
		if g.Pieces[p].Loc == sq && !g.IsAgent(p) && g.Owner(p) == s && !(sitOut && g.Regular(p)) {
			out = append(out, p)
		}
	}
	return out
}

// agentsAt lists a side's agents at a square.
func (g *Game) agentsAt(sq int16, s Side) []int {
	var out []int
	for p := range g.Pieces {
		if g.Pieces[p].Loc == sq && g.IsAgent(p) && g.Owner(p) == s {
			out = append(out, p)
		}
	}
	return out
}

func (g *Game) strengthOf(ps []int) int {
	n := 0
	for _, p := range ps {
		n += g.Strength(p)
	}
	return n
}

func (g *Game) brigadesOf(ps []int) int {
	n := 0
	for _, p := range ps {
		n += g.Brigades(p)
	}
	return n
}

func (g *Game) anyRegular(ps []int) bool {
	for _, p := range ps {
		if g.Regular(p) {
			return true
		}
	}
	return false
}

// sidePlural names a side's forces in the log: "the British", "the Russians".
func sidePlural(s Side) string {
	switch s {
	case British:
		return "the British"
	case Russian:
		return "the Russians"
	}
	return "the neutrals"
}

func (g *Game) forceText(ps []int) string {
	if len(ps) == 0 {
		return "nothing"
	}
	names := make([]string, len(ps))
	for i, p := range ps {
		names[i] = g.PieceName(p)
	}
	return strings.Join(names, ", ")
}

// ---- the subphase ----

// beginCombat is the phasing player's combat subphase.
func (g *Game) beginCombat() {
	g.Fight.reset()
	g.Fight.Att = g.Phasing
	g.push(Task{Step: StepCombatNext, Side: g.Phasing, Sq: -1, Region: -1})
}

// nextCombatSquare is the first square not yet fought where the attacker
// has combat units that must attack enemy combat units (14.2.1), -1 if none.
func (g *Game) nextCombatSquare() int16 {
	att := g.Fight.Att
	occ := g.occupancy()
	both := occBit(att, false) | occBit(att.Other(), false)
	for sq := range occ {
		s := int16(sq)
		if occ[sq]&both != both || containsSq(g.Fight.Done, s) {
			continue
		}
		if len(g.fighters(s, att, att)) > 0 {
			return s
		}
	}
	return -1
}

// startFight opens the combat at a square: both forces revealed (14.1(1),
// 22.1(2)), open war (24.0), then the defender's retreat before combat
// (14.5) or the choice of table.
func (g *Game) startFight(sq int16) {
	f := &g.Fight
	f.Sq, f.Table, f.Code = sq, 0, ""
	f.Done = append(f.Done, sq)
	f.Retreat, f.Visited, f.Closed = f.Retreat[:0], f.Visited[:0], f.Closed[:0]
	att, def := f.Att, f.Att.Other()
	g.reveal("the forces fighting at " + g.SqName(sq))
	if !g.quiet {
		a := append(g.fighters(sq, att, att), g.agentsAt(sq, att)...)
		d := append(g.fighters(sq, def, att), g.agentsAt(sq, def)...)
		g.logf("Combat at %s (14.1): %s (%s) attack %s (%s).", g.SqName(sq), sidePlural(att), g.forceText(a), sidePlural(def), g.forceText(d))
	}
	g.checkOpenWar()
	if g.canRetreatBefore() {
		g.push(Task{Step: StepRetreatBefore, Side: def, Sq: sq, Region: -1})
		return
	}
	g.pushCRT()
}

// checkOpenWar declares open war the first time a force with British or
// Russian combat units attacks one with the other's (24.0): the defender
// gains three dice of pounds (kept private, 9.0) and the Balance of Power
// moves a die toward the attacker (24.1). Native forces, even led by a
// British or Russian agent, never start it (24.3).
func (g *Game) checkOpenWar() {
	if g.OpenWar {
		return
	}
	sq, att, def := g.Fight.Sq, g.Fight.Att, g.Fight.Att.Other()
	if !g.anyRegular(g.fighters(sq, att, att)) || !g.anyRegular(g.fighters(sq, def, att)) {
		return
	}
	ow := &g.r.d.Charts.OpenWar
	g.OpenWar, g.OpenWarBy = true, att
	pounds := 0
	for i := 0; i < ow.DefenderPoundDice; i++ {
		pounds += g.Die()
	}
	g.Pounds[def] += pounds
	n := 0
	for i := 0; i < ow.BoPDice; i++ {
		n += g.Die()
	}
	g.ShiftBoP(att, n)
	g.logf("Open war (24.0)! %s receive %d dice of pounds; the Balance of Power moves %d toward %s (now %+d).",
		upFirst(sidePlural(def)), ow.DefenderPoundDice, n, sidePlural(att), g.BoP)
}

// canRetreatBefore: every defending combat unit moves faster than the
// attacker's fastest (14.5), and a square to retreat into exists.
func (g *Game) canRetreatBefore() bool {
	sq, att, def := g.Fight.Sq, g.Fight.Att, g.Fight.Att.Other()
	fast := 0
	for _, p := range g.fighters(sq, att, att) {
		fast = max(fast, g.MoveFactor(p))
	}
	ds := g.fighters(sq, def, att)
	for _, p := range ds {
		if g.MoveFactor(p) <= fast {
			return false
		}
	}
	return len(g.retreatSteps(sq, def, ds, 1, []int16{sq}, g.retreatOcc(def))) > 0
}

// tablesAllowed says which tables the attacker may use (14.6.1): battle
// when at least half its strength is in B or C units, raid when at least
// half is in R or C units.
func (g *Game) tablesAllowed(ps []int) (battle, raid bool) {
	total, b, r := 0, 0, 0
	for _, p := range ps {
		s := g.Strength(p)
		total += s
		switch g.CRTLetter(p) {
		case 'B':
			b += s
		case 'R':
			r += s
		default:
			b += s
			r += s
		}
	}
	return 2*b >= total, 2*r >= total
}

// pushCRT asks the attacker for a table, or takes the only one allowed.
func (g *Game) pushCRT() {
	att := g.Fight.Att
	battle, raid := g.tablesAllowed(g.fighters(g.Fight.Sq, att, att))
	switch {
	case battle && raid:
		g.push(Task{Step: StepCRT, Side: att, Sq: g.Fight.Sq, Region: -1})
		return
	case battle:
		g.Fight.Table = 'B'
	default:
		g.Fight.Table = 'R'
	}
	g.push(Task{Step: StepCombatRoll, Side: att, Sq: g.Fight.Sq, Region: -1})
}

// ---- odds, modifiers and tables ----

// parseRatio reads a column heading such as "1.5:1" as tenths.
func parseRatio(s string) (num, den int) {
	a, b, _ := strings.Cut(s, ":")
	x, _ := strconv.ParseFloat(a, 64)
	y, _ := strconv.ParseFloat(b, 64)
	return int(x*10 + 0.5), int(y*10 + 0.5)
}

// oddsColumn is the odds column of the tables for attack strength a against
// defence strength d (already multiplied), 14.7: when the attacker is
// stronger the fraction is dropped (14 to 5 is 2:1) but 1.5:1 is used from
// half as much again up to double (7 to 4); when the defender is stronger
// the fraction is rounded up (6 to 10 is 1:2); beyond the ends the end
// columns are used (14.7.2).
func oddsColumn(ratios []string, a, d int) int {
	col := 0
	for i, r := range ratios {
		cn, cd := parseRatio(r)
		var ok bool
		switch {
		case d <= 0:
			ok = true
		case a >= d:
			ok = cn*d <= a*cd
		case a <= 0:
			ok = false
		default:
			k := (d + a - 1) / a // 1:k, the defender's fraction rounded up
			ok = cn*k <= cd
		}
		if ok {
			col = i
		}
	}
	return col
}

// defenceMultiplier is the one multiplier the defender uses (14.7.4): the
// square's terrain, a city, or a fort of the defender's own (20.3.2, 20.4);
// the best of them and never more than triple. Rivers give nothing.
func (g *Game) defenceMultiplier(sq int16, def Side) int {
	tec := &g.r.d.TEC
	m := int(g.r.defence[sq])
	if g.r.cityAt[sq] >= 0 {
		m = max(m, tec.FeatureDefence("city"))
	}
	if g.MarkerAt(sq, Fort, def) >= 0 {
		m = max(m, tec.FeatureDefence("fort"))
	}
	return max(1, min(m, tec.MaxDefence))
}

// bestMilitary is the highest military rating among agents (one agent's
// rating counts, 14.8).
func (g *Game) bestMilitary(ps []int) int {
	m := 0
	for _, p := range ps {
		m = max(m, int(g.T(p).Military))
	}
	return m
}

// combatDRM is the attacker's best agent's military rating less the
// defender's (14.8: 2 − 1 = +1).
func (g *Game) combatDRM() int {
	sq, att := g.Fight.Sq, g.Fight.Att
	return g.bestMilitary(g.agentsAt(sq, att)) - g.bestMilitary(g.agentsAt(sq, att.Other()))
}

// crtCell is a table's result for a modified roll (clamped to the table's
// rows) and an odds column.
func (g *Game) crtCell(table byte, roll, col int) string {
	c := &g.r.d.Charts.Combat
	rows := c.Battle
	if table == 'R' {
		rows = c.Raid
	}
	roll = max(c.MinRoll, min(c.MaxRoll, roll))
	return rows[roll-c.MinRoll][col]
}

func tableName(t byte) string {
	if t == 'R' {
		return "raid"
	}
	return "battle"
}

// fightStrengths are the attack and the defence (before its multiplier) of
// the combat in square sq, the phasing attacker g.Fight.Att against the
// other side, and the defence multiplier there (14.7).
func (g *Game) fightStrengths(sq int16) (a, d, mult int) {
	att, def := g.Fight.Att, g.Fight.Att.Other()
	return g.strengthOf(g.fighters(sq, att, att)), g.strengthOf(g.fighters(sq, def, att)), g.defenceMultiplier(sq, def)
}

// resolveCombat rolls (the die given) on the table chosen and applies the result.
func (g *Game) resolveCombat(die int) {
	f := &g.Fight
	a, d, mult := g.fightStrengths(f.Sq)
	d *= mult
	col := oddsColumn(g.r.d.Charts.Combat.Ratios, a, d)
	drm := g.combatDRM()
	c := &g.r.d.Charts.Combat
	roll := max(c.MinRoll, min(c.MaxRoll, die+drm))
	f.Roll, f.Col = int8(roll), int8(col)
	f.Code = g.crtCell(f.Table, roll, col)
	g.logf("Attack %d against defence %d×%d: %s; die %d %+d on the %s table: %s (14.7, 14.8).",
		a, d/mult, mult, c.Ratios[col], die, drm, tableName(f.Table), g.resultName(f.Code))
	g.applyResult(f.Code)
}

func (g *Game) resultName(code string) string {
	for _, r := range g.r.d.Charts.Combat.Results {
		if r.Code == code {
			return r.Code + " (" + r.Name + ")"
		}
	}
	return code
}

// ---- results ----

// applyResult applies a combat result (CRT explanations): eliminations at
// once, losses, agents and retreats as tasks in that order (note 1).
func (g *Game) applyResult(code string) {
	sq, att, def := g.Fight.Sq, g.Fight.Att, g.Fight.Att.Other()
	var ts []Task
	loss := func(s Side, mode, n int) {
		if t, ok := g.lossTask(s, mode, n); ok {
			ts = append(ts, t)
		}
	}
	agents := func(s Side, all bool) {
		t := Task{Step: StepCombatAgents, Side: s, Sq: sq, Region: -1}
		if all {
			t.Aux = 1
		}
		ts = append(ts, t)
	}
	retreat := func(s, chooser Side, n int) {
		ts = append(ts, Task{Step: StepRetreatStart, Side: chooser, Sq: sq, N: int16(n), Aux: int16(s), Region: -1})
	}
	half := func(s Side) int { return (g.strengthOf(g.fighters(sq, s, att)) + 1) / 2 }
	switch code {
	case "AC": // everything of the attacker, agents too
		g.wipeOut(att, true)
	case "DC":
		g.wipeOut(def, true)
	case "AD": // at least half, agents affected; the defender retreats the rest two squares
		loss(att, lossPoints, half(att))
		agents(att, true)
		retreat(att, def, 2)
	case "AM": // one brigade, agents unaffected; the defender retreats the rest one square
		loss(att, lossBrigades, 1)
		agents(att, false)
		retreat(att, def, 1)
	case "DD":
		loss(def, lossPoints, half(def))
		agents(def, false)
		retreat(def, att, 2)
	case "DM":
		loss(def, lossBrigades, 1)
		agents(def, false)
		retreat(def, att, 1)
	case "BB":
		a, d := g.strengthOf(g.fighters(sq, att, att)), g.strengthOf(g.fighters(sq, def, att))
		switch {
		case a < d:
			g.wipeOut(att, true)
			loss(def, lossPoints, a)
			agents(def, false)
		case d < a:
			g.wipeOut(def, true)
			loss(att, lossPoints, d)
			agents(att, false)
		default:
			loss(att, lossPoints, half(att))
			loss(def, lossPoints, half(def))
			agents(att, false)
			agents(def, false)
			retreat(att, att, 1)
		}
	}
	g.push(ts...)
}

// wipeOut eliminates a side's force in the combat, with its agents if agents is set.
func (g *Game) wipeOut(s Side, agents bool) {
	sq := g.Fight.Sq
	ps := g.fighters(sq, s, g.Fight.Att)
	if agents {
		ps = append(ps, g.agentsAt(sq, s)...)
	}
	if !g.quiet && len(ps) > 0 {
		g.logf("%s lose %s.", upFirst(sidePlural(s)), g.forceText(ps))
	}
	for _, p := range ps {
		g.eliminate(p)
	}
}

// lossTask builds a side's losses: nothing when the force is gone, the
// whole force at once when it cannot cover the losses otherwise, else a
// decision of its owner (note 2).
func (g *Game) lossTask(s Side, mode, n int) (Task, bool) {
	ps := g.fighters(g.Fight.Sq, s, g.Fight.Att)
	if len(ps) == 0 || n <= 0 {
		return Task{}, false
	}
	if g.lossCovered(ps, mode, n) {
		g.wipeOut(s, false)
		return Task{}, false
	}
	return Task{Step: StepLoss, Side: s, Sq: g.Fight.Sq, N: int16(n), Aux: int16(mode), Region: -1}, true
}

// lossCovered: the whole force is needed to cover n points or brigades.
func (g *Game) lossCovered(ps []int, mode, n int) bool {
	if mode == lossBrigades {
		return g.brigadesOf(ps) <= n
	}
	return g.strengthOf(ps) <= n
}

// lossOption is one way to take a loss: a unit eliminated, or a division
// broken down and one brigade lost (18.0).
type lossOption struct {
	p     int
	split bool
}

// lossOptions lists the distinct ways a force may take its next loss.
func (g *Game) lossOptions(t *Task) []lossOption {
	ps := g.fighters(t.Sq, t.Side, g.Fight.Att)
	var out []lossOption
	seen := map[string]bool{}
	add := func(p int, split bool) {
		k := fmt.Sprintf("%s/%d/%v", g.T(p).ID, g.Pieces[p].Flags&FlagBack, split)
		if !seen[k] {
			seen[k] = true
			out = append(out, lossOption{p, split})
		}
	}
	exact := false // some unit loses exactly one brigade
	for _, p := range ps {
		if g.Brigades(p) == 1 || (g.Brigades(p) > 1 && g.canSplit(p)) {
			exact = true
		}
	}
	for _, p := range ps {
		if t.Aux == lossPoints || g.Brigades(p) == 1 || !exact {
			add(p, false)
		}
		if g.Brigades(p) > 1 && g.canSplit(p) {
			add(p, true)
		}
	}
	return out
}

// canSplit: a division can lose one brigade, an elephant army by turning
// to its back, any other by exchange for smaller counters of its nation and
// type from the mix (18.0).
func (g *Game) canSplit(p int) bool {
	t := g.T(p)
	if t.Back != nil {
		return g.Pieces[p].Flags&FlagBack == 0
	}
	return g.Brigades(p) > 1 && g.reorgSet(t.Nation, t.Type, g.Brigades(p)-1) != nil
}

// reorgSet picks counters in the mix (available before eliminated) of a
// nation and type showing exactly b brigades, as many counters as
// possible; nil if none can.
func (g *Game) reorgSet(nat, typ int8, b int) []int {
	var bySize [4][]int
	for _, loc := range [2]int16{LocAvail, LocDead} {
		for p := range g.Pieces {
			t := g.T(p)
			if g.Pieces[p].Loc == loc && t.Agent < 0 && t.Nation == nat && t.Type == typ && t.Size >= 1 && t.Size <= 3 && t.Back == nil {
				bySize[t.Size] = append(bySize[t.Size], p)
			}
		}
	}
	bc, ok := BestSplit(b, [4]int{0, len(bySize[1]), len(bySize[2]), len(bySize[3])})
	if !ok || b <= 0 {
		return nil
	}
	var out []int
	for s := 1; s <= 3; s++ {
		out = append(out, bySize[s][:bc[s]]...)
	}
	return out
}

// loseBrigade takes one brigade from a division: elephants turn to their
// back, others are exchanged for smaller counters (18.0); it returns the
// strength lost.
func (g *Game) loseBrigade(p int) int {
	before := g.Strength(p)
	t := g.T(p)
	if t.Back != nil {
		g.Pieces[p].Flags |= FlagBack
		return before - g.Strength(p)
	}
	sq := g.Pieces[p].Loc
	set := g.reorgSet(t.Nation, t.Type, g.Brigades(p)-1)
	after := 0
	for _, q := range set {
		g.Pieces[q].Loc = sq
		g.Pieces[q].Flags = g.Pieces[p].Flags &^ (FlagBack | FlagNew)
		after += g.Strength(q)
	}
	g.eliminate(p)
	return before - after
}

func (g *Game) lossApply(t *Task, id string) {
	var p int
	lost := 0
	if n, ok := parseInt(id, "split:p"); ok {
		p = n
		name := g.PieceName(p)
		pts := g.loseBrigade(p)
		g.logf("%s break down %s and lose one brigade (%d %s).", upFirst(sidePlural(t.Side)), name, pts, pl(pts, "point"))
		lost = pts
		if t.Aux == lossBrigades {
			lost = 1
		}
	} else {
		p, _ = parseInt(id, "elim:p")
		g.logf("%s lose %s.", upFirst(sidePlural(t.Side)), g.PieceName(p))
		lost = g.Strength(p)
		if t.Aux == lossBrigades {
			lost = g.Brigades(p)
		}
		g.eliminate(p)
	}
	t.N -= int16(lost)
	ps := g.fighters(t.Sq, t.Side, g.Fight.Att)
	switch {
	case t.N <= 0 || len(ps) == 0:
		g.pop()
	case g.lossCovered(ps, int(t.Aux), int(t.N)):
		g.wipeOut(t.Side, false)
		g.pop()
	}
}

// ---- agents in combat (CRT note 3, AD) ----

// combatAgents checks a side's agents at the combat square: all of them
// after an AD (its agents are affected; one that escapes stays with its
// force if the force survives), or, after any other result, when the side
// has no combat unit left there (note 3). The captor is the other side.
func (g *Game) combatAgents(s Side, all bool) {
	sq := g.Fight.Sq
	units := len(g.fighters(sq, s, NoSide)) > 0
	if units && !all {
		return
	}
	for _, p := range g.agentsAt(sq, s) {
		g.captureCheck(p, s.Other(), units)
	}
}

// ---- capture (16.3) ----

// captureAt checks the agents of the captor's enemy at a square for
// capture when the captor has combat units there and they have none
// (16.3(4)). Under the Accord British and Russian units capture nobody.
func (g *Game) captureAt(sq int16, captor Side) {
	victim := captor.Other()
	able := false
	for p := range g.Pieces {
		if g.Pieces[p].Loc != sq || g.IsAgent(p) {
			continue
		}
		switch g.Owner(p) {
		case victim:
			return
		case captor:
			if !(g.Ev.Accord && g.Regular(p)) {
				able = true
			}
		}
	}
	if !able {
		return
	}
	for _, p := range g.agentsAt(sq, victim) {
		g.captureCheck(p, captor, false)
	}
}

// captureCheck is the capture procedure (16.3.1): a die at most the agent's
// military plus political rating and it escapes (staying with its force if
// stay is set, else to the nearest stack of its side's combat units);
// otherwise a pundit, Khan or the Mad Mullah is eliminated and a historical
// agent becomes the captor's prisoner, who may execute it (16.3.2).
func (g *Game) captureCheck(p int, captor Side, stay bool) {
	owner := g.Owner(p)
	from := g.Pieces[p].Loc
	t := g.T(p)
	g.reveal("an agent checked for capture at " + g.SqName(from))
	die, v := g.Die(), int(t.Political)+int(t.Military)
	if die <= v {
		if stay {
			g.logf("%s escapes capture (die %d ≤ %d, 16.3.1) and stays with the force.", g.PieceName(p), die, v)
			return
		}
		to := g.escapeSquare(p, owner)
		g.Pieces[p].Loc = to
		g.logf("%s escapes capture (die %d ≤ %d) to %s (16.3.1).", g.PieceName(p), die, v, g.SqName(to))
		return
	}
	if t.Kind != "historical" {
		g.logf("%s is captured (die %d > %d) and eliminated (16.3.1).", g.PieceName(p), die, v)
		g.eliminate(p)
		return
	}
	g.Pieces[p].Loc = PrisonLoc(captor)
	g.Pieces[p].Flags = 0
	g.logf("%s is captured by %s (die %d > %d, 16.3.1).", g.PieceName(p), sidePlural(captor), die, v)
	g.push(Task{Step: StepPrisoner, Side: captor, Sq: -1, N: int16(owner), Aux: int16(p), Region: -1})
}

// escapeSquare is where an escaping agent goes (16.3.1): the nearest
// square (king's moves, then square order) holding combat units of its
// side and none of the enemy's; a British or Russian agent with no such
// square goes to its base, a native one stays where it is.
func (g *Game) escapeSquare(p int, s Side) int16 {
	from := g.Pieces[p].Loc
	occ := g.occupancy()
	m := g.r.m
	fc, fr := m.Squares[from].Col, m.Squares[from].Row
	best, bestD := int16(-1), 1<<30
	for sq := range occ {
		if occ[sq]&occBit(s, false) == 0 || occ[sq]&occBit(s.Other(), false) != 0 || int16(sq) == from {
			continue
		}
		if d := max(abs(m.Squares[sq].Col-fc), abs(m.Squares[sq].Row-fr)); d < bestD {
			best, bestD = int16(sq), d
		}
	}
	switch {
	case best >= 0:
		return best
	case g.Regular(p):
		return BaseLoc(s)
	}
	return from
}

func upFirst(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// ---- retreats (CRT note 4, 14.5) ----

// retreatForce is what retreats for a side: its combat units in the combat
// with every agent of the side in the square (note 4(5)).
func (g *Game) retreatForce(s Side) []int {
	sq := g.Fight.Sq
	return append(g.fighters(sq, s, g.Fight.Att), g.agentsAt(sq, s)...)
}

// retreatOcc is the occupancy a retreat is chosen with: as the player
// choosing it knows the board (22.1). A stack it may not examine may hold
// only agents, which a retreat may enter (4(6)), or combat units, which
// close the square (4(1)): the player may try it, and the square is closed
// when the force finds combat units there (retreatApply, Fight.Closed).
func (g *Game) retreatOcc(chooser Side) []uint8 {
	occ := g.occupancySeen(chooser)
	combat := occBit(British, false) | occBit(Russian, false) | occBit(NoSide, false)
	for sq := range occ {
		if occ[sq]&occExamined == 0 {
			occ[sq] &^= combat
		}
	}
	for _, sq := range g.Fight.Closed {
		occ[sq] |= combat
	}
	return occ
}

// retreatOpen reports whether a retreating force of a side may enter a
// square: land on the map (4(3)), no enemy or neutral combat units (4(1)),
// nothing that would make it belligerent: a neutral region's city (4(2),
// 5.4.1), and not a square it has stood in during this retreat.
func (g *Game) retreatOpen(sq int16, s Side, visited []int16, occ []uint8) bool {
	if !g.r.land[sq] || occ[sq]&(occBit(s.Other(), false)|occBit(NoSide, false)) != 0 || containsSq(visited, sq) {
		return false
	}
	return !g.neutralCity(sq)
}

// retreatSteps lists the squares next to from that begin a retreat of n
// squares through open squares (a player may not pick a route that ends in
// a forbidden square while another exists, 4(4)). Diagonal steps only when
// every combat unit of the force moves diagonally (13.2).
func (g *Game) retreatSteps(from int16, s Side, force []int, n int, visited []int16, occ []uint8) []int16 {
	diag := true
	for _, p := range force {
		if !g.IsAgent(p) && !g.T(p).Circled {
			diag = false
		}
	}
	var out []int16
	for _, nb := range g.adjacent(from, diag) {
		if g.retreatOpen(nb, s, visited, occ) && g.retreatRoute(nb, s, diag, n-1, append(visited[:len(visited):len(visited)], nb), occ) {
			out = append(out, nb)
		}
	}
	return out
}

func (g *Game) adjacent(sq int16, diag bool) []int16 {
	var ns []int
	if diag {
		ns = g.r.m.Neighbours(int(sq))
	} else {
		ns = g.r.m.Orthogonal(int(sq))
	}
	out := make([]int16, len(ns))
	for i, n := range ns {
		out[i] = int16(n)
	}
	return out
}

func (g *Game) retreatRoute(from int16, s Side, diag bool, n int, visited []int16, occ []uint8) bool {
	if n <= 0 {
		return true
	}
	for _, nb := range g.adjacent(from, diag) {
		if g.retreatOpen(nb, s, visited, occ) && g.retreatRoute(nb, s, diag, n-1, append(visited[:len(visited):len(visited)], nb), occ) {
			return true
		}
	}
	return false
}

func (g *Game) retreatPieces() []int {
	out := make([]int, len(g.Fight.Retreat))
	for i, p := range g.Fight.Retreat {
		out[i] = int(p)
	}
	return out
}

// startRetreat gathers the surviving force of a side and asks the chooser
// for its route, or eliminates it when no route exists (4(4)); its agents
// are then checked for capture (note 3).
func (g *Game) startRetreat(t *Task) {
	s := Side(t.Aux)
	force := g.retreatForce(s)
	if len(g.fighters(g.Fight.Sq, s, g.Fight.Att)) == 0 {
		g.pop()
		return
	}
	f := &g.Fight
	f.Retreat = f.Retreat[:0]
	for _, p := range force {
		f.Retreat = append(f.Retreat, int16(p))
	}
	f.Visited, f.Closed = append(f.Visited[:0], f.Sq), f.Closed[:0]
	if len(g.retreatSteps(f.Sq, s, force, int(t.N), f.Visited, g.retreatOcc(t.Side))) == 0 {
		g.pop()
		g.retreatFails(s)
		return
	}
	*t = Task{Step: StepRetreat, Side: t.Side, Sq: f.Sq, N: t.N, Aux: t.Aux, Region: -1}
}

// retreatFails eliminates the combat units of a retreating force that has
// nowhere to go (4(4)) and checks its agents (note 3).
func (g *Game) retreatFails(s Side) {
	force := g.retreatPieces()
	g.Fight.Retreat = g.Fight.Retreat[:0]
	g.logf("The %s force has no square to retreat into and is eliminated (CRT note 4(4)).", s.Title())
	var agents []int
	for _, p := range force {
		if g.IsAgent(p) {
			agents = append(agents, p)
		} else {
			g.eliminate(p)
		}
	}
	for _, p := range agents {
		g.captureCheck(p, s.Other(), false)
	}
}

func (g *Game) retreatApply(t *Task, id string) {
	s := Side(t.Aux)
	if id == "halt" {
		g.pop()
		g.retreatFails(s)
		return
	}
	sq := g.parseSq(id[len("to:"):])
	if g.hiddenFrom(t.Side, sq, s.Other()) || g.hiddenFrom(t.Side, sq, NoSide) {
		// Whether the square is open turns on a stack the chooser could
		// not examine: trying it shows that.
		g.reveal("whether combat units close " + g.SqName(sq) + " to a retreat")
	}
	if g.occupancy()[sq]&(occBit(s.Other(), false)|occBit(NoSide, false)) != 0 {
		// That stack holds combat units: the square is closed (4(1)) and
		// the force stays, to go elsewhere.
		g.Fight.Closed = append(g.Fight.Closed, sq)
		g.logf("The %s force cannot retreat into %s: combat units there (CRT note 4(1)).", s.Title(), g.SqName(sq))
		return
	}
	for _, p := range g.Fight.Retreat {
		g.Pieces[p].Loc = sq
	}
	g.Fight.Visited = append(g.Fight.Visited, sq)
	g.logf("The %s force retreats to %s.", s.Title(), g.SqName(sq))
	t.N--
	t.Sq = sq
	if t.N <= 0 {
		g.Fight.Retreat = g.Fight.Retreat[:0]
		g.pop()
	}
	g.captureAt(sq, s) // a retreat may enter a square of lone enemy agents (4(6))
}

// ---- the end of the subphase (16.3, 20.5) ----

// afterCombat checks agents for capture and offers massacres (3.1(4)d).
func (g *Game) afterCombat() {
	p := g.Phasing
	g.Fight.Sq = -1
	// Whether the phasing player has markers to massacre shows across the
	// table (it decides, or not): where an enemy marker stands with its
	// counters the enemy may not examine, that turns on whether they are
	// combat units (22.1).
	for _, m := range g.Markers {
		if m.Side == p.Other() && g.hiddenFrom(p.Other(), m.Sq, p) {
			g.reveal("whether " + sidePlural(p) + " may massacre (20.5)")
			break
		}
	}
	if len(g.massacreTargets()) > 0 {
		g.push(Task{Step: StepMassacre, Side: p, Sq: -1, Region: -1})
	}
	occ := g.occupancy()
	for sq := range occ {
		if occ[sq]&occBit(p, false) != 0 && occ[sq]&occBit(p.Other(), true) != 0 && occ[sq]&occBit(p.Other(), false) == 0 {
			g.captureAt(int16(sq), p)
		}
	}
}

// massacreTargets lists the enemy civilization markers in squares with the
// phasing player's combat units and no enemy combat units (20.5).
func (g *Game) massacreTargets() []int {
	p := g.Phasing
	occ := g.occupancy()
	var out []int
	for i, m := range g.Markers {
		if m.Side != p && occ[m.Sq]&occBit(p, false) != 0 && occ[m.Sq]&occBit(p.Other(), false) == 0 {
			out = append(out, i)
		}
	}
	return out
}

// bopAction is a Balance-of-Power action's shift (charts.json).
func (g *Game) bopAction(id string) int {
	for _, a := range g.r.d.Charts.BoP.Actions {
		if a.ID == id {
			return a.Shift
		}
	}
	return 0
}

func (g *Game) massacreApply(t *Task, id string) {
	if id == "done" {
		g.pop()
		return
	}
	rest := id[len("destroy:"):]
	tok, kind, _ := strings.Cut(rest, ":")
	sq := g.parseSq(tok)
	for i, m := range g.Markers {
		if m.Sq != sq || m.Kind.String() != kind || m.Side == t.Side {
			continue
		}
		g.Markers = append(g.Markers[:i], g.Markers[i+1:]...)
		n := g.bopAction(kind + "-destroyed")
		g.ShiftBoP(m.Side, n)
		g.logf("%s destroy the %s %s at %s (20.5); the Balance of Power moves %d toward %s (now %+d).",
			upFirst(sidePlural(t.Side)), m.Side.Title(), kind, g.SqName(sq), n, sidePlural(m.Side), g.BoP)
		break
	}
	if len(g.massacreTargets()) == 0 {
		g.pop()
	}
}

func (g *Game) prisonerApply(t *Task, id string) {
	p := int(t.Aux)
	g.pop()
	if id != "execute" {
		g.logf("%s keep %s prisoner (16.3.2).", upFirst(sidePlural(t.Side)), g.PieceName(p))
		return
	}
	g.Pieces[p].Loc = LocGone
	victim := Side(t.N)
	if victim != British && victim != Russian {
		victim = g.Owner(p)
	}
	n := g.bopAction("agent-executed")
	if victim == British || victim == Russian {
		g.ShiftBoP(victim, n)
	}
	g.logf("%s execute %s (16.3.2); the Balance of Power moves %d toward %s (now %+d).", upFirst(sidePlural(t.Side)), g.PieceName(p), n, sidePlural(victim), g.BoP)
}

func combatPrompt(g *Game, what string) string {
	return fmt.Sprintf("Combat at %s: %s", g.SqName(g.Fight.Sq), what)
}

// combatOdds says the odds of the combat being fought, as the table will
// read them (14.7, 14.8): the attack, the defence and its multiplier, the
// odds column and the die modifier of the agents.
func (g *Game) combatOdds() string {
	a, d, mult := g.fightStrengths(g.Fight.Sq)
	col := oddsColumn(g.r.d.Charts.Combat.Ratios, a, d*mult)
	return fmt.Sprintf("attack %d against defence %d×%d, odds %s, die %+d", a, d, mult, g.r.d.Charts.Combat.Ratios[col], g.combatDRM())
}

func init() {
	defineAuto(StepCombatNext, func(g *Game, t *Task) {
		if sq := g.nextCombatSquare(); sq >= 0 {
			g.startFight(sq)
			return
		}
		g.Fight.Sq = -1
		g.pop()
	})
	defineAuto(StepCombatRoll, func(g *Game, t *Task) {
		g.pop()
		g.resolveCombat(g.Die())
	})
	defineAuto(StepCombatAgents, func(g *Game, t *Task) {
		s, all := t.Side, t.Aux == 1
		g.pop()
		g.combatAgents(s, all)
	})
	defineAuto(StepRetreatStart, func(g *Game, t *Task) { g.startRetreat(t) })

	defineStep(StepRetreatBefore, stepDef{
		name: "retreat before combat", rule: "14.5",
		prompt: func(g *Game, t *Task) string {
			return combatPrompt(g, g.combatOdds()+"; your force is faster than the attacker's: retreat one square before combat, or stand?")
		},
		options: func(g *Game, t *Task, o *optList) {
			o.add("retreat", "retreat one square before combat")
			o.add("stand", "stand and fight")
		},
		apply: func(g *Game, t *Task, id string) error {
			g.pop()
			if id == "retreat" {
				g.logf("%s retreat before combat (14.5).", upFirst(sidePlural(t.Side)))
				g.push(Task{Step: StepRetreatStart, Side: t.Side, Sq: t.Sq, N: 1, Aux: int16(t.Side), Region: -1})
				return nil
			}
			g.pushCRT()
			return nil
		},
	})
	defineStep(StepCRT, stepDef{
		name: "combat table", rule: "14.6",
		prompt: func(g *Game, t *Task) string {
			return combatPrompt(g, g.combatOdds()+": which Combat Results Table do you attack on?")
		},
		options: func(g *Game, t *Task, o *optList) {
			o.addRule("table:battle", "the battle table", "14.6.1")
			o.addRule("table:raid", "the raid table", "14.6.1")
		},
		apply: func(g *Game, t *Task, id string) error {
			g.Fight.Table = 'B'
			if id == "table:raid" {
				g.Fight.Table = 'R'
			}
			g.pop()
			g.push(Task{Step: StepCombatRoll, Side: t.Side, Sq: t.Sq, Region: -1})
			return nil
		},
	})
	defineStep(StepLoss, stepDef{
		name: "combat losses", rule: "14.9",
		prompt: func(g *Game, t *Task) string {
			if t.Aux == lossBrigades {
				return combatPrompt(g, fmt.Sprintf("lose %d %s/%s: which?", t.N, pl(int(t.N), "brigade"), pl(int(t.N), "group")))
			}
			return combatPrompt(g, fmt.Sprintf("lose at least %d more combat strength %s: which unit next?", t.N, pl(int(t.N), "point")))
		},
		options: func(g *Game, t *Task, o *optList) {
			for _, l := range g.lossOptions(t) {
				if l.split {
					o.addRule("split:"+PieceID(l.p), fmt.Sprintf("break down %s and lose one brigade", g.PieceName(l.p)), "18.0, CRT note 2")
				} else {
					o.addRule("elim:"+PieceID(l.p), "eliminate "+g.PieceName(l.p), "CRT note 2")
				}
			}
			if len(o.opts) == 0 {
				o.add("done", "no units left to lose")
			}
		},
		apply: func(g *Game, t *Task, id string) error {
			if id == "done" {
				g.pop()
				return nil
			}
			g.lossApply(t, id)
			return nil
		},
	})
	defineStep(StepRetreat, stepDef{
		name: "retreat", rule: "CRT note 4",
		prompt: func(g *Game, t *Task) string {
			return fmt.Sprintf("Retreat the %s force from %s: %d %s to go. Where next?", Side(t.Aux).Title(), g.SqName(t.Sq), t.N, pl(int(t.N), "square"))
		},
		options: func(g *Game, t *Task, o *optList) {
			s := Side(t.Aux)
			for _, sq := range g.retreatSteps(t.Sq, s, g.retreatPieces(), int(t.N), g.Fight.Visited, g.retreatOcc(t.Side)) {
				o.add("to:"+g.sqTok(sq), "to "+g.SqName(sq))
			}
			if len(o.opts) == 0 {
				o.addRule("halt", "no square to retreat into: the force is eliminated", "CRT note 4(4)")
			}
		},
		apply: func(g *Game, t *Task, id string) error {
			g.retreatApply(t, id)
			return nil
		},
	})
	defineStep(StepMassacre, stepDef{
		name: "massacre", rule: "20.5",
		prompt: func(g *Game, t *Task) string {
			return "End of combat: destroy enemy civilization markers where your combat units stand alone?"
		},
		options: func(g *Game, t *Task, o *optList) {
			for _, i := range g.massacreTargets() {
				m := g.Markers[i]
				n := g.bopAction(m.Kind.String() + "-destroyed")
				o.addRule("destroy:"+g.sqTok(m.Sq)+":"+m.Kind.String(),
					fmt.Sprintf("destroy the %s %s at %s (Balance of Power %d toward the %s)", m.Side.Title(), m.Kind, g.SqName(m.Sq), n, m.Side.Title()),
					"20.5.1")
			}
			o.add("done", "destroy nothing more")
		},
		apply: func(g *Game, t *Task, id string) error {
			g.massacreApply(t, id)
			return nil
		},
	})
	defineStep(StepPrisoner, stepDef{
		name: "prisoner", rule: "16.3.2",
		prompt: func(g *Game, t *Task) string {
			return fmt.Sprintf("You hold %s prisoner: keep or execute?", g.PieceName(int(t.Aux)))
		},
		options: func(g *Game, t *Task, o *optList) {
			o.add("keep", "keep the prisoner")
			if g.Pieces[t.Aux].Loc == PrisonLoc(t.Side) {
				o.add("execute", "execute the prisoner (Balance of Power 1 toward its side)")
			}
		},
		apply: func(g *Game, t *Task, id string) error {
			g.prisonerApply(t, id)
			return nil
		},
	})
}

// checkCombat verifies the invariants of combat and control: prisoners are
// historical agents (pundits, Khans and the Mad Mullah are eliminated when
// captured, 16.3.1); a pending retreat's force stands together in the
// square the retreat has reached; a pending prisoner decision is about a
// prisoner of the deciding side; the squares fought are fought once
// (14.2.2); and the control invariants (checkControl).
func (g *Game) checkCombat() error {
	for p := range g.Pieces {
		if l := g.Pieces[p].Loc; (l == LocPrisonBr || l == LocPrisonRu) && g.T(p).Kind != "historical" {
			return fmt.Errorf("%s is a prisoner, but only historical agents are kept prisoner (16.3.1)", g.PieceName(p))
		}
	}
	for i, sq := range g.Fight.Done {
		if containsSq(g.Fight.Done[i+1:], sq) {
			return fmt.Errorf("square %s fought twice in one combat subphase (14.2.2)", g.SqName(sq))
		}
	}
	if t := g.top(); t != nil {
		switch t.Step {
		case StepRetreat:
			if len(g.Fight.Retreat) == 0 {
				return fmt.Errorf("a retreat is pending with no force (CRT note 4)")
			}
			for _, p := range g.Fight.Retreat {
				if g.Pieces[p].Loc != t.Sq {
					return fmt.Errorf("%s of the retreating force is at %s, not %s", g.PieceName(int(p)), g.SqName(g.Pieces[p].Loc), g.SqName(t.Sq))
				}
			}
		case StepPrisoner:
			if l := g.Pieces[t.Aux].Loc; l != PrisonLoc(t.Side) && l != LocGone {
				return fmt.Errorf("the %s decide about %s, who is not their prisoner (16.3.2)", t.Side.Title(), g.PieceName(int(t.Aux)))
			}
		}
	}
	return g.checkControl()
}
