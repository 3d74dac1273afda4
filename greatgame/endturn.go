package greatgame

import (
	"fmt"
	"slices"
)

// The start and end of the turn, the Balance of Power phase and victory
// (4.1, 16.3.2, 21.3, 25.0, scenario special rules).

// beginTurn starts a turn: Ranjit Singh's health (scenario 1, 7.2), the
// cities each side holds (for the events' city goals), prisoners returned
// by their owners (16.3.2).
func (g *Game) beginTurn() {
	g.logf("=== %s ===", g.Years())
	g.ranjitSingh()
	g.StartCities = [2]int{g.CitiesHeld(British), g.CitiesHeld(Russian)}
	g.offerPrisoners()
}

// ranjitSingh: at the start of every turn, the first included, a die
// decides whether Ranjit Singh dies (scenario 1, 7.2).
func (g *Game) ranjitSingh() {
	for _, sp := range g.scenario().Special {
		if sp.ID != "ranjit-singh-mortality" {
			continue
		}
		first, ok := g.r.agentTpl[sp.Agent]
		if !ok || g.Pieces[first].Loc == LocGone {
			continue
		}
		name := g.PieceName(first)
		if d := g.Die(); d <= sp.DiesTo {
			g.Pieces[first].Loc, g.Pieces[first].Flags = LocGone, 0
			g.logf("%s dies (rolled %d; scenario special rule %s).", name, d, sp.Rule)
		} else {
			g.logf("%s lives on (rolled %d; scenario special rule %s).", name, d, sp.Rule)
		}
	}
}

// CitiesHeld counts the cities a side occupies, with its native units
// included (British forward policy, Duhamel-Khrulev plan).
func (g *Game) CitiesHeld(s Side) int {
	occ := g.occupancy()
	n := 0
	for i := range g.r.m.Cities {
		if occ[g.r.m.Cities[i].Square]&occBit(s, false) != 0 {
			n++
		}
	}
	return n
}

// offerPrisoners lets the owner of each prisoner agent put it back on the
// map or leave it in prison (16.3.2); a native agent's owner is whoever
// controls its region now (16.3.4), and nobody while it is neutral.
func (g *Game) offerPrisoners() {
	// first each captor may execute the prisoners it holds (16.3.2: "at
	// any time"), then the owners may take back those still alive
	var ts []Task
	for p := range g.Pieces {
		switch g.Pieces[p].Loc {
		case LocPrisonBr:
			ts = append(ts, Task{Step: StepPrisoner, Side: British, Sq: -1, Region: -1, Aux: int16(p), N: int16(g.Owner(p))})
		case LocPrisonRu:
			ts = append(ts, Task{Step: StepPrisoner, Side: Russian, Sq: -1, Region: -1, Aux: int16(p), N: int16(g.Owner(p))})
		}
	}
	if len(ts) == 0 {
		return
	}
	g.push(append(ts, task(StepPrisonersBack, British))...)
}

// offerReturns lets the owners take back the prisoners still held (16.3.2).
func (g *Game) offerReturns() {
	var ts []Task
	for p := range g.Pieces {
		if l := g.Pieces[p].Loc; l != LocPrisonBr && l != LocPrisonRu {
			continue
		}
		if o := g.Owner(p); o != NoSide {
			ts = append(ts, Task{Step: StepPrisonerReturn, Side: o, Sq: -1, Region: -1, Aux: int16(p)})
		}
	}
	g.push(ts...)
}

func init() {
	defineAuto(StepPrisonersBack, func(g *Game, t *Task) {
		g.pop()
		g.offerReturns()
	})
}

// returnSquares lists where a side may put a returning prisoner: the
// squares holding its units (of "any square", 16.3.2, the ones that matter).
func (g *Game) returnSquares(s Side) []int16 {
	has := make([]bool, len(g.r.m.Squares))
	for p := range g.Pieces {
		if l := g.Pieces[p].Loc; l >= 0 && g.Owner(p) == s {
			has[l] = true
		}
	}
	var out []int16
	for sq, h := range has {
		if h {
			out = append(out, int16(sq))
		}
	}
	return out
}

// bopPhase is the Balance of Power phase (3.1(15), 4.1): the side whose
// combat units (regulars or controlled natives) alone hold a city of the
// Balance-of-Power list moves the Balance its way; a city listed for one
// side moves it only for that side.
func (g *Game) bopPhase() {
	occ := g.occupancy()
	m := g.r.m
	// The cities are counted at the table: who holds each one is shown,
	// stack examined or not.
	for _, c := range g.r.d.Charts.BoP.Cities {
		sq := int16(m.Cities[m.CityIndex(c.City)].Square)
		if g.hiddenFrom(British, sq, Russian) || g.hiddenFrom(Russian, sq, British) {
			g.reveal("who holds the Balance of Power cities")
			break
		}
	}
	for _, c := range g.r.d.Charts.BoP.Cities {
		sq := m.Cities[m.CityIndex(c.City)].Square
		to := NoSide
		switch occ[sq] & (occBit(British, false) | occBit(Russian, false)) {
		case occBit(British, false):
			to = British
		case occBit(Russian, false):
			to = Russian
		}
		if to == NoSide || (c.For != "either" && sideOf(c.For) != to) {
			continue
		}
		g.ShiftBoP(to, c.Shift)
		g.logf("%s holds %s: the Balance of Power moves %d toward it, now %+d (4.1).", to.Title(), g.SqName(int16(sq)), c.Shift, g.BoP)
	}
}

// endTurn is the end of the turn (3.1(16)): the jihad ends (21.3), the
// events' city goals are settled (British forward policy, Duhamel-Khrulev
// plan), this turn's events and supply purchases are forgotten.
func (g *Game) endTurn() {
	g.ghazisLeave()
	for _, s := range []Side{British, Russian} {
		if g.Ev.CityGoal[s] {
			g.settleCityGoal(s)
		}
	}
	g.Ev = eventState{Happened: g.Ev.Happened}
	g.SPBought = [2]int{}
}

// ghazisLeave removes the ghazis and the Mad Mullah at the end of the turn
// of a jihad; they do not count as losses (21.3).
func (g *Game) ghazisLeave() {
	gone := 0
	for p := range g.Pieces {
		l := g.Pieces[p].Loc
		if int(g.T(p).Nation) == g.r.ghazi && (l >= 0 || l == LocPrisonBr || l == LocPrisonRu) {
			g.Pieces[p].Loc, g.Pieces[p].Flags = LocAvail, 0
			gone++
		}
	}
	if gone > 0 || g.Ev.Jihad {
		g.Control[g.r.nr] = NoSide
		g.logf("The jihad is over: the ghazis and the Mad Mullah leave the map (21.3).")
	}
}

// cityGoal is a side's pounds per city gained and lost against the start
// of the turn (British forward policy, Duhamel-Khrulev plan).
func (g *Game) cityGoal(s Side) (gain, loss int) {
	gain, loss = 3, 2
	for _, e := range g.r.d.Charts.Events.List {
		if e.Side == s.String() {
			if v, ok := e.Params["gainPerCity"]; ok {
				gain, loss = v, e.Params["lossPerCity"]
			}
		}
	}
	return gain, loss
}

// settleCityGoal pays or takes the pounds of a side's city goal; a
// treasury never goes below zero.
func (g *Game) settleCityGoal(s Side) {
	if g.citiesUnseen(s) {
		g.reveal("the cities " + sidePlural(s) + " hold") // counted in public
	}
	gain, loss := g.cityGoal(s)
	d := g.CitiesHeld(s) - g.StartCities[s]
	switch {
	case d > 0:
		g.Pounds[s] += gain * d
	case d < 0:
		g.Pounds[s] = max(0, g.Pounds[s]+loss*d)
	}
	g.logf("%s holds %d %s against %d at the start of the turn (event city goal).", s.Title(), g.StartCities[s]+d, pl2(g.StartCities[s]+d, "city", "cities"), g.StartCities[s])
}

// finish ends the game and scores it (25.0).
func (g *Game) finish() {
	g.Over = true
	g.logf("The game ends: %s", g.Result())
}

// Score is a side's victory points by source (25.1).
type Score struct {
	Regions  int // the VP of the regions it controls
	Cities   int // the income value of the cities its British or Russian units occupy
	Markers  int // trading posts and railways 1, colonies 3
	BoP      int // 5, 10 or 15 by the Balance of Power's favour
	Treasury int // pounds / 10, rounded up
	OpenWar  int // −15 for starting open war
	Bonus    int // Orenburg (British), Bushire and/or Karachi (Russian)
	Total    int
}

// Score counts a side's victory points (25.1). Cities count when the side's
// British or Russian combat units occupy them, at their income value with
// no doubling and no event (25.1.1, 4.1).
func (g *Game) Score(s Side) Score {
	var sc Score
	v := &g.r.d.Charts.Victory
	m := g.r.m
	for r := 0; r < g.r.nr; r++ {
		if g.Control[r] == s {
			sc.Regions += m.Regions[r].VP
		}
	}
	reg := make([]bool, len(m.Squares))
	for p := range g.Pieces {
		if l := g.Pieces[p].Loc; l >= 0 && !g.IsAgent(p) && int(g.T(p).Nation) == int(s) {
			reg[l] = true
		}
	}
	for i := range m.Cities {
		if reg[m.Cities[i].Square] {
			sc.Cities += m.Cities[i].Income
		}
	}
	for _, mk := range g.Markers {
		if mk.Side != s {
			continue
		}
		switch mk.Kind {
		case TradingPost:
			sc.Markers += v.TradingPost
		case Railway:
			sc.Markers += v.Railway
		case Colony:
			sc.Markers += v.Colony
		}
	}
	if f, lv := g.Favour(); f == s && lv > 0 {
		sc.BoP = g.r.d.Charts.BoP.Levels[lv-1].VictoryPoints
	}
	if div := v.TreasuryDivisor; div > 0 {
		sc.Treasury = (g.Pounds[s] + div - 1) / div
	}
	if g.OpenWar && g.OpenWarBy == s {
		sc.OpenWar = v.OpenWarPenalty
	}
	bonus := v.RussianBonus
	if s == British {
		bonus = v.BritishBonus
	}
	for _, c := range bonus.Cities {
		if reg[m.Cities[m.CityIndex(c)].Square] {
			sc.Bonus = bonus.Points
			break
		}
	}
	sc.Total = sc.Regions + sc.Cities + sc.Markers + sc.BoP + sc.Treasury + sc.OpenWar + sc.Bonus
	return sc
}

// VP is a side's victory points (25.1).
func (g *Game) VP(s Side) int { return g.Score(s).Total }

// VictoryLevel compares the totals (25.2): the winner (NoSide for a draw),
// the level's id (draw, regional, continental, imperial) and the margin.
func (g *Game) VictoryLevel() (Side, string, int) {
	b, r := g.VP(British), g.VP(Russian)
	diff, win := b-r, British
	if diff < 0 {
		diff, win = -diff, Russian
	}
	level := "draw"
	for _, l := range g.r.d.Charts.Victory.Levels {
		if diff >= l.From && (l.To == 0 || diff <= l.To) {
			level = l.ID
		}
	}
	if level == "draw" {
		win = NoSide
	}
	return win, level, diff
}

// Result describes the outcome once the game is over.
func (g *Game) Result() string {
	if !g.Over {
		return ""
	}
	win, level, diff := g.VictoryLevel()
	score := fmt.Sprintf("British %d VP, Russian %d VP", g.VP(British), g.VP(Russian))
	if win == NoSide {
		return fmt.Sprintf("%s: a draw (difference %d, 25.2.2).", score, diff)
	}
	return fmt.Sprintf("%s: %s %s victory by %d (25.2.2).", score, win.Title(), level, diff)
}

// Outcome is each seat's result (core.Scorer): the winner 1 and the loser
// 0, a draw half each.
func (g *Game) Outcome() []float64 {
	switch win, _, _ := g.VictoryLevel(); win {
	case British:
		return []float64{1, 0}
	case Russian:
		return []float64{0, 1}
	}
	return []float64{0.5, 0.5}
}

func init() {
	defineStep(StepPrisonerReturn, stepDef{
		name: "prisoner-return", rule: "16.3.2",
		prompt: func(g *Game, t *Task) string {
			return fmt.Sprintf("%s is held prisoner: put it back on the map, or leave it in prison?", g.PieceName(int(t.Aux)))
		},
		options: func(g *Game, t *Task, o *optList) {
			g.addSquares(o, t, g.returnSquares(t.Side), func(sq int16) string { return "return to " + g.SqName(sq) })
			o.add("stay", "leave it in prison")
		},
		apply: func(g *Game, t *Task, id string) error {
			verb, arg, _ := cut(id)
			switch verb {
			case "page":
				return turnPage(t, id)
			case "at":
				p := int(t.Aux)
				g.Pieces[p].Loc, g.Pieces[p].Flags = g.parseSq(arg), 0
				g.logf("%s: %s returns from prison (16.3.2).", t.Side.Title(), g.PieceName(p))
			}
			g.pop()
			return nil
		},
	})
}

// checkEcon verifies the economy's invariants: purchases are flagged new
// only in the income phase, the new markers are markers, and no ghazi is on
// the map at the start of a turn (21.3).
func (g *Game) checkEcon() error {
	if g.Econ.NewMarkers < 0 || g.Econ.NewMarkers > len(g.Markers) {
		return fmt.Errorf("%d new markers of %d (3.1(3))", g.Econ.NewMarkers, len(g.Markers))
	}
	income := g.Seq == SeqIncome
	if !income && g.Econ.NewMarkers != 0 {
		return fmt.Errorf("%d markers still hidden after the income phase (3.1(3))", g.Econ.NewMarkers)
	}
	if !income && (g.Econ.NewSP != [2]int{} || g.Econ.Leaving != [leavingCap / 64]uint64{}) {
		return fmt.Errorf("supply points or marker removals of the income phase still pending after it (3.1(3))")
	}
	for p := range g.Pieces {
		if !income && g.Pieces[p].Flags&(FlagNew|FlagLeaving|FlagReorg) != 0 {
			return fmt.Errorf("%s still new or leaving after the income phase (3.1(3))", g.PieceName(p))
		}
		if g.Pieces[p].Flags&FlagLeaving != 0 && g.Pieces[p].Loc == LocAvail {
			return fmt.Errorf("%s leaving but already in the mix", g.PieceName(p))
		}
		if (g.Seq == SeqTurnStart || g.Seq == SeqInitiative) && g.Pieces[p].Loc >= 0 && int(g.T(p).Nation) == g.r.ghazi {
			return fmt.Errorf("%s on the map after the end of the turn (21.3)", g.PieceName(p))
		}
	}
	for s := 0; s < 2; s++ {
		if g.SPBought[s] < 0 {
			return fmt.Errorf("%s bought %d supply points", Side(s).Title(), g.SPBought[s])
		}
	}
	if slices.ContainsFunc(g.Tasks, func(t Task) bool { return t.Step == StepSpend }) && g.Seq != SeqIncome {
		return fmt.Errorf("a spending decision outside the income phase")
	}
	return g.checkSupply()
}
