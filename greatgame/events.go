package greatgame

import (
	"fmt"
	"slices"
	"strings"
)

// Random events (8.0) and Jihad (21.0).
//
// The events phase (3.1(2)): the British roll on odd turns of the Turn
// Record Track and the Russian on even ones (8.1). The first roll, modified
// by the Balance of Power (−2 strongly pro-Russian … +2 strongly
// pro-British), names one or two columns of the Random Events Table; each
// column then gets one unmodified roll, in the table's order. The same event
// twice in a turn is no event (8.2); an event before its first turn, or a
// once-per-game event that has happened, is no event too. Each event of the
// four columns is applied at once; the ones that need a player's choice push
// it (a region to name, units to pick, place or remove), and the next column
// is rolled only when they are done (StepEvRoll below them on the stack).

// eventState is what this turn's events changed. Other rules read it:
// income (European War, Famine, Trade Boom), recruiting (European War),
// operations (Indian Mutiny, Nihilist Revolt), movement and combat
// (Anglo-Russian Accord), the end of the turn (forward policy, the
// Duhamel-Khrulev plan, ghazis leave).
type eventState struct {
	// Drawn lists this turn's events in order (8.2: the same one twice is no event).
	Drawn []string
	// FirstOpsOnly: the side may operate only in its first operations
	// phase this turn (Indian Mutiny, Nihilist Revolt).
	FirstOpsOnly [2]bool
	// GovHalf: government income halved this turn (European War).
	GovHalf bool
	// NoRegulars: no regular units may be recruited this turn (European War).
	NoRegulars bool
	// CityDiv, CityMul: city income divided (Famine) or multiplied (Trade
	// Boom) this turn; 0 means 1.
	CityDiv, CityMul int
	// Accord: the Anglo-Russian Accord is in force for the rest of the turn.
	Accord bool
	// CityGoal: at the end of the turn a side gains or loses pounds by the
	// cities it occupies against StartCities (British forward policy,
	// Duhamel-Khrulev plan).
	CityGoal [2]bool
	// Jihad: ghazis and the Mad Mullah are on the map until the end of the turn (21.3).
	Jihad bool
	// Happened: events that may happen only once per game and have (the
	// Indian Mutiny), kept across turns.
	Happened []string

	// Queue holds the pieces an event (or a negotiation's E result) gives
	// that are still to be placed by StepEventPlace, the first first. They
	// stay in the mix (LocAvail or LocDead) until placed.
	Queue []int16
	// PlaceKind says where the pieces of Queue may go (evPlace…).
	PlaceKind int8
	// PlaceRegion is the region a free irregular goes to (evPlaceFree).
	PlaceRegion int8
}

func (e eventState) clone() eventState {
	c := e
	c.Drawn = append([]string(nil), e.Drawn...)
	c.Happened = append([]string(nil), e.Happened...)
	c.Queue = append([]int16(nil), e.Queue...)
	return c
}

// Where queued pieces may be placed (eventState.PlaceKind).
const (
	evPlaceJihad int8 = iota // one land square for them all, outside the excluded regions, without enemy or neutral units (21.2)
	evPlaceMarch             // Sinkiang's east-edge squares without enemy or neutral units (Chinese march west)
	evPlaceAgent             // a square holding a combat unit of the agent's nation (Native agent appears)
	evPlaceFree              // a square of PlaceRegion without enemy or neutral units (15.0 result E(2))
)

// What a StepEventRegion, StepEventRemove or StepEventPick task is for (Task.Aux).
const (
	evRegionMutiny   int16 = iota // the Russian names a region; the British remove brigades there
	evRegionNihilist              // the British name a region; the Russian remove brigades there
	evRegionRising                // the roller names a region for a rising

	evRemoveRegulars   int16 = 10 // the victim removes British/Russian brigades of Task.Region
	evRemoveIrregulars int16 = 11 // the favoured player removes native irregular groups outside their regions

	evPickRelief int16 = 20 // brigades of any British/Russian type to the base
	evPickMarch  int16 = 21 // brigades/groups of any Sinkiang type, to be placed on the east edge
)

// evSquaresDirect is the most squares a placing decision lists at once;
// beyond it the player first picks a region, then a block of the map.
const evSquaresDirect = 30

// evBlock is the side of a block of squares (placing in a large region).
const evBlock = 6

// ---- the table ----

// evIndex is an event's index in the edition's list (charts.json events.list), -1 if unknown.
func (g *Game) evIndex(id string) int {
	for i := range g.r.d.Charts.Events.List {
		if g.r.d.Charts.Events.List[i].ID == id {
			return i
		}
	}
	return -1
}

// evName is an event's name for people.
func (g *Game) evName(id string) string {
	if i := g.evIndex(id); i >= 0 {
		return g.r.d.Charts.Events.List[i].Name
	}
	return id
}

// EventName is an event's name as the Random Events Table gives it (its id
// if unknown).
func (g *Game) EventName(id string) string { return g.evName(id) }

// evParam is one of an event's numbers (charts.json events.list params), 0 if absent.
func (g *Game) evParam(id, key string) int {
	if i := g.evIndex(id); i >= 0 {
		return g.r.d.Charts.Events.List[i].Params[key]
	}
	return 0
}

// evModifier is the first roll's modifier: the favoured level's event
// modifier, positive for the British, negative for the Russian (8.1).
func (g *Game) evModifier() int {
	_, lv, ok := g.r.d.Charts.Favour(g.BoP)
	if !ok {
		return 0
	}
	if g.BoP < 0 {
		return -lv.EventModifier
	}
	return lv.EventModifier
}

// evColumns is the columns a modified first roll names; rolls beyond the
// table use its end rows.
func (g *Game) evColumns(roll int) []string {
	fr := g.r.d.Charts.Events.FirstRoll
	if len(fr) == 0 {
		return nil
	}
	i := roll - fr[0].Roll
	i = max(0, min(len(fr)-1, i))
	return fr[i].Columns
}

// evRoller is the player who rolls on the table this turn (8.1).
func (g *Game) evRoller() Side {
	if g.Turn%2 == 1 {
		return British
	}
	return Russian
}

// evFavoured is the side the Balance of Power favours (British if none).
func (g *Game) evFavoured() Side {
	if f, _ := g.Favour(); f != NoSide {
		return f
	}
	return British
}

// evDice rolls n dice and adds them.
func (g *Game) evDice(n int) int {
	t := 0
	for i := 0; i < n; i++ {
		t += g.Die()
	}
	return t
}

// evHappened reports whether a once-per-game event has happened, in this
// game or before the scenario began (scenario special "event-already-happened").
func (g *Game) evHappened(id string) bool {
	if slices.Contains(g.Ev.Happened, id) {
		return true
	}
	for _, s := range g.scenario().Special {
		if s.ID == "event-already-happened" && s.Event == id {
			return true
		}
	}
	return false
}

// rollEvents is the random events phase (8.1).
func (g *Game) rollEvents() {
	// this turn's effects start afresh; the jihad is ended by the end of
	// the turn that removes the ghazis (21.3)
	g.Ev = eventState{Happened: g.Ev.Happened, Jihad: g.Ev.Jihad, PlaceRegion: -1}
	for _, s := range g.scenario().Special {
		if s.ID == "event-already-happened" && !slices.Contains(g.Ev.Happened, s.Event) {
			g.Ev.Happened = append(g.Ev.Happened, s.Event)
		}
	}
	roller := g.evRoller()
	d := g.Die()
	mod := g.evModifier()
	cols := g.evColumns(d + mod)
	g.logf("Random events (8.1): %s rolls %d, %+d for the Balance of Power: %d — column %s.", roller.Title(), d, mod, d+mod, strings.Join(cols, " and "))
	ts := make([]Task, 0, len(cols))
	for _, c := range cols {
		ts = append(ts, Task{Step: StepEvRoll, Side: roller, Sq: -1, Region: -1, Aux: int16(c[0])})
	}
	g.push(ts...)
}

func init() {
	defineAuto(StepEvRoll, func(g *Game, t *Task) {
		col, roller := string(rune(t.Aux)), t.Side
		g.pop()
		g.evRollColumn(col, roller)
	})
}

// evRollColumn rolls once on a column and applies the event (8.1(2)).
func (g *Game) evRollColumn(col string, roller Side) {
	list := g.r.d.Charts.Events.Columns[col]
	if len(list) == 0 {
		return
	}
	d := g.Die()
	id := list[min(d, len(list))-1]
	g.logf("%s rolls %d on column %s: %s.", roller.Title(), d, col, g.evName(id))
	g.evDraw(id)
}

// evDraw applies an event drawn on the table, or nothing when the rules make it no event.
func (g *Game) evDraw(id string) {
	i := g.evIndex(id)
	if i < 0 {
		return
	}
	e := &g.r.d.Charts.Events.List[i]
	switch {
	case slices.Contains(g.Ev.Drawn, id):
		g.logf("%s a second time this turn: no event (8.2).", e.Name)
		return
	case e.FromTurn > 0 && g.Turn < e.FromTurn:
		g.logf("%s cannot happen before %s: no event.", e.Name, g.r.d.Charts.Turns[e.FromTurn-1].Years)
		g.Ev.Drawn = append(g.Ev.Drawn, id)
		return
	case e.OncePerGame && g.evHappened(id):
		g.logf("%s happens once per game and has happened: no event.", e.Name)
		g.Ev.Drawn = append(g.Ev.Drawn, id)
		return
	}
	g.Ev.Drawn = append(g.Ev.Drawn, id)
	if e.OncePerGame {
		g.Ev.Happened = append(g.Ev.Happened, id)
	}
	if f := evEffects[id]; f != nil {
		f(g, id)
	}
}

// evEffects applies each event of the table (the rulebook's explanation of
// the events); filled in init.
var evEffects map[string]func(g *Game, id string)

func init() {
	evEffects = map[string]func(g *Game, id string){
		"british-relief-force": func(g *Game, id string) { g.evRelief(id, British) },
		"russian-relief-force": func(g *Game, id string) { g.evRelief(id, Russian) },
		"european-war":         (*Game).evEuropeanWar,
		"jihad-british":        func(g *Game, id string) { g.evJihad(id, British) },
		"jihad-russian":        func(g *Game, id string) { g.evJihad(id, Russian) },
		"indian-mutiny":        func(g *Game, id string) { g.evRevolt(id, British) },
		"nihilist-revolt":      func(g *Game, id string) { g.evRevolt(id, Russian) },
		"pro-british-rising":   func(g *Game, id string) { g.evRising(British) },
		"pro-russian-rising":   func(g *Game, id string) { g.evRising(Russian) },
		"duhamel-khrulev-plan": func(g *Game, id string) { g.evCityGoal(id, Russian) },
		"british-forward-policy": func(g *Game, id string) {
			g.evCityGoal(id, British)
		},
		"batta":                (*Game).evBatta,
		"chinese-march-west":   (*Game).evMarchWest,
		"famine":               func(g *Game, id string) { g.Ev.CityDiv = max(1, g.evParam(id, "cityIncomeDivisor")) },
		"trade-boom":           func(g *Game, id string) { g.Ev.CityMul = max(1, g.evParam(id, "cityIncomeMultiplier")) },
		"irregulars-go-home":   (*Game).evIrregularsHome,
		"native-agent-appears": (*Game).evAgentAppears,
		"native-agent-departs": (*Game).evNativeAgentsDepart,
		"british-agent-departs": func(g *Game, id string) {
			g.evAgentsDepart(id, British)
		},
		"russian-agent-departs": func(g *Game, id string) { g.evAgentsDepart(id, Russian) },
		"anglo-russian-accord":  func(g *Game, id string) { g.Ev.Accord = true },
		"badmashes":             (*Game).evBadmashes,
		"shifting-situation":    (*Game).evShifting,
		"no-event":              func(g *Game, id string) {},
	}
}

// ---- the events ----

// evRelief: a die of brigades of the side's own types and supply points in its base, free (10.4.2).
func (g *Game) evRelief(id string, s Side) {
	n := g.evDice(g.evParam(id, "brigadeDice"))
	sp := g.evParam(id, "supplyPoints")
	g.SP[s] += sp
	g.logf("%s: %s rolls %d — %d %s and %d supply %s in %s, free (10.4.2).", g.evName(id), s.Title(), n, n, pl(n, "brigade"), sp, pl(sp, "point"), g.SqName(BaseLoc(s)))
	g.evStartPick(s, int(s), n, evPickRelief)
}

// evEuropeanWar: government income halved, no regulars recruited, and the
// war's winner moves the Balance of Power.
func (g *Game) evEuropeanWar(id string) {
	g.Ev.GovHalf, g.Ev.NoRegulars = true, true
	d := g.Die()
	switch {
	case d <= g.evParam(id, "britishWinsTo"):
		n := g.evDice(g.evParam(id, "shiftDice"))
		g.ShiftBoP(British, n)
		g.logf("European war: government income halved, no regulars recruited; roll %d, Britain wins — the Balance of Power moves %d toward the British (%+d).", d, n, g.BoP)
	case d <= g.evParam(id, "russiaWinsTo"):
		n := g.evDice(g.evParam(id, "shiftDice"))
		g.ShiftBoP(Russian, n)
		g.logf("European war: government income halved, no regulars recruited; roll %d, Russia wins — the Balance of Power moves %d toward the Russian (%+d).", d, n, g.BoP)
	default:
		g.logf("European war: government income halved, no regulars recruited; roll %d, stalemate.", d)
	}
}

// evJihad: a die of ghazi groups and the Mad Mullah under the side's
// control for the rest of the turn, placed by it (21.1, 21.2).
func (g *Game) evJihad(id string, s Side) {
	n := g.evDice(g.evParam(id, "groupDice"))
	g.Control[g.r.nr] = s
	g.Ev.Jihad = true
	q := g.evCounters(g.r.ghazi, g.evType("ghazi"), n)
	for p := range g.Pieces {
		if g.T(p).Kind == "mullah" && g.evFree(p) {
			q = append(q, int16(p))
			break
		}
	}
	g.logf("Jihad (21.1): %s rolls %d — %d ghazi %s and the Mad Mullah under %s control this turn.", s.Title(), n, n, pl(n, "group"), s.Title())
	g.Ev.Queue, g.Ev.PlaceKind = q, evPlaceJihad
	g.evBeginPlace(s)
}

// evRevolt: Indian Mutiny (victim British) or Nihilist Revolt (victim
// Russian): the other side names a region and rolls; the victim removes that
// many of its brigades there, and operates only in its first operations
// phase this turn.
func (g *Game) evRevolt(id string, victim Side) {
	g.Ev.FirstOpsOnly[victim] = true
	kind := evRegionMutiny
	if victim == Russian {
		kind = evRegionNihilist
	}
	g.logf("%s: %s may operate only in the first operations phase this turn; %s names a region.", g.evName(id), victim.Title(), victim.Other().Title())
	g.push(Task{Step: StepEventRegion, Side: victim.Other(), Sq: -1, Region: -1, Aux: kind})
}

// evRising: the side names a neutral or enemy region and checks for a rising.
func (g *Game) evRising(s Side) {
	if len(g.evRisingRegions(s)) == 0 {
		g.logf("Rising: no neutral or %s region to rise; no effect.", s.Other().Title())
		return
	}
	g.push(Task{Step: StepEventRegion, Side: s, Sq: -1, Region: -1, Aux: evRegionRising})
}

// evRisingRegions are the regions a rising may name: neutral or enemy ones.
func (g *Game) evRisingRegions(s Side) []int {
	var out []int
	for r := 0; r < g.r.nr; r++ {
		if g.Control[r] != s {
			out = append(out, r)
		}
	}
	return out
}

// evCityGoal: British forward policy, Duhamel-Khrulev plan — the cities the
// side occupies now are counted; the end of the turn settles the difference.
func (g *Game) evCityGoal(id string, s Side) {
	g.Ev.CityGoal[s] = true
	if g.citiesUnseen(s) {
		g.reveal("the cities " + sidePlural(s) + " hold") // counted in public
	}
	g.StartCities[s] = g.evCities(s)
	gain := g.evParam(id, "gainPerCity")
	g.logf("%s: %s occupies %d %s; at the end of the turn it gains %d %s for each more and loses %d for each fewer.", g.evName(id), s.Title(),
		g.StartCities[s], pl2(g.StartCities[s], "city", "cities"), gain, pl(gain, "pound"), g.evParam(id, "lossPerCity"))
}

// evCities counts the cities a side occupies (its combat units, natives included).
func (g *Game) evCities(s Side) int {
	n := 0
	for _, c := range g.r.m.Cities {
		if g.Occupies(s, int16(c.Square)) {
			n++
		}
	}
	return n
}

// evBatta: each player loses a die of pounds, never below zero.
func (g *Game) evBatta(id string) {
	for _, s := range []Side{British, Russian} {
		n := g.evDice(g.evParam(id, "poundDice"))
		g.Pounds[s] = max(0, g.Pounds[s]-n)
		g.logf("Batta: %s rolls %d and loses that many pounds (or all it has).", s.Title(), n)
	}
}

// evBadmashes: the favoured player rolls; the other loses that many supply points.
func (g *Game) evBadmashes(id string) {
	f := g.evFavoured()
	n := g.evDice(g.evParam(id, "supplyDice"))
	lost := min(n, g.SP[f.Other()])
	g.SP[f.Other()] -= lost
	g.logf("Badmashes: %s rolls %d; %s loses %d supply %s.", f.Title(), n, f.Other().Title(), lost, pl(lost, "point"))
}

// evShifting: even, one space toward the British; odd, toward the Russian.
func (g *Game) evShifting(id string) {
	d := g.Die()
	s := Russian
	if d%2 == 0 {
		s = British
	}
	n := max(1, g.evParam(id, "shift"))
	g.ShiftBoP(s, n)
	g.logf("Shifting situation: roll %d — the Balance of Power moves %d toward the %s (%+d).", d, n, s.Title(), g.BoP)
}

// evMarchWest: the Chinese march west. When a side's combat units (not
// Sinkiang's) occupy a Sinkiang city, the other side takes (or keeps)
// Sinkiang and gets a die of its brigades/groups, and Liu Ching-t'ang in
// his turns, on the east edge. Sinkiang neutral, or no such units: no event.
func (g *Game) evMarchWest(id string) {
	if len(g.r.m.MarchWest) == 0 {
		return
	}
	sk := g.r.m.Squares[g.r.m.MarchWest[0]].Region
	ctrl := g.Control[sk]
	if ctrl == NoSide {
		g.logf("Chinese march west: Sinkiang is neutral; no event.")
		return
	}
	var in [2]bool
	for _, c := range g.r.m.Regions[sk].Cities {
		sq := int16(g.r.m.Cities[c].Square)
		for p := range g.Pieces {
			if g.Pieces[p].Loc == sq && !g.IsAgent(p) && g.RegionOf(p) != sk {
				if o := g.Owner(p); o != NoSide {
					in[o] = true
				}
			}
		}
	}
	var to Side
	switch {
	case in[ctrl.Other()]:
		to = ctrl
	case in[ctrl]:
		to = ctrl.Other()
	default:
		g.logf("Chinese march west: no foreign units in the cities of Sinkiang; no event.")
		return
	}
	if to != ctrl {
		g.gainControl(sk, to, "Chinese march west (8.0)")
	}
	n := g.evDice(g.evParam(id, "brigadeDice"))
	g.logf("Chinese march west: %s controls Sinkiang and rolls %d for Sinkiang brigades on the east edge.", to.Title(), n)
	g.Ev.Queue, g.Ev.PlaceKind = nil, evPlaceMarch
	if len(g.evPlaceSquares(to, -1)) == 0 {
		g.logf("No east-edge square of Sinkiang free of enemy and neutral units: no reinforcements.")
		return
	}
	g.evStartPick(to, 2+sk, n, evPickMarch)
}

// evMarchAgent queues Liu Ching-t'ang in his turns (Chinese march west).
func (g *Game) evMarchAgent(sk int) {
	id := "chinese-march-west"
	from, to := g.evParam(id, "agentFromTurn"), g.evParam(id, "agentToTurn")
	if g.Turn < from || (to > 0 && g.Turn > to) {
		return
	}
	for p := range g.Pieces {
		if g.IsAgent(p) && g.T(p).Kind == "historical" && g.RegionOf(p) == sk && g.evFree(p) && !slices.Contains(g.Ev.Queue, int16(p)) {
			g.Ev.Queue = append(g.Ev.Queue, int16(p))
		}
	}
}

// evIrregularsHome: the favoured player rolls and removes that many native
// irregular groups that are outside their own regions.
func (g *Game) evIrregularsHome(id string) {
	f := g.evFavoured()
	n := g.evDice(g.evParam(id, "groupDice"))
	g.logf("Irregulars go home: %s rolls %d and removes that many native irregular groups outside their regions.", f.Title(), n)
	// The player removing them is shown them all, examined or not (22.1(3)).
	g.reveal("the native irregulars outside their regions")
	g.evStartRemove(Task{Step: StepEventRemove, Side: f, Sq: -1, Region: -1, N: int16(n), Aux: evRemoveIrregulars})
}

// evAgentAppears: a random native historical agent of this period, placed
// with a combat unit of its nation by the region's controller (the favoured
// player if neutral); back to the available box if there is none.
func (g *Game) evAgentAppears(id string) {
	var cands []int
	per := g.Period()
	for p := range g.Pieces {
		t := g.T(p)
		if t.Agent >= 0 && t.Kind == "historical" && g.RegionOf(p) >= 0 && g.Pieces[p].Loc == LocAvail &&
			slices.Contains(g.r.d.Counters.Agents[t.Agent].Periods, per) {
			cands = append(cands, p)
		}
	}
	if len(cands) == 0 {
		g.logf("Native agent appears: no native agent of this period is available; no effect.")
		return
	}
	p := cands[0]
	if len(cands) > 1 {
		p = cands[g.rng.IntN(len(cands))]
	}
	r := g.RegionOf(p)
	placer := g.Control[r]
	if placer == NoSide {
		placer = g.evFavoured()
	}
	g.Ev.Queue, g.Ev.PlaceKind = []int16{int16(p)}, evPlaceAgent
	if len(g.evPlaceSquares(placer, p)) == 0 {
		g.Ev.Queue = nil
		g.logf("Native agent appears: %s, but no unit of %s is on the map; back to the available box.", g.PieceName(p), g.r.m.Regions[r].Name)
		return
	}
	g.logf("Native agent appears: %s; %s places the agent with a unit of %s.", g.PieceName(p), placer.Title(), g.r.m.Regions[r].Name)
	// The placer must know where the nation's units stand, seen or not: the
	// event shows it (22.1(3)), as the squares offered.
	g.reveal("where the units of " + g.r.m.Regions[r].Name + " stand")
	g.evBeginPlace(placer)
}

// evNativeAgentsDepart: the favoured player rolls for each native
// historical agent on the map; on a 1 it leaves the game.
func (g *Game) evNativeAgentsDepart(id string) {
	f := g.evFavoured()
	on := max(1, g.evParam(id, "departsOn"))
	n := 0
	for p := range g.Pieces {
		if g.OnMap(p) && g.IsAgent(p) && g.T(p).Kind == "historical" && g.RegionOf(p) >= 0 {
			n++
			if d := g.Die(); d <= on {
				g.logf("Native agent departs: %s rolls %d for %s, who leaves the game.", f.Title(), d, g.PieceName(p))
				g.eliminate(p)
			}
		}
	}
	if n == 0 {
		g.logf("Native agent departs: no native historical agent on the map.")
	}
}

// evAgentsDepart: the side rolls for each of its own historical agents on
// the map (not pundits, not natives); on a 1 the agent leaves the game.
func (g *Game) evAgentsDepart(id string, s Side) {
	on := max(1, g.evParam(id, "departsOn"))
	n := 0
	for p := range g.Pieces {
		if g.OnMap(p) && g.IsAgent(p) && g.T(p).Kind == "historical" && int(g.T(p).Nation) == int(s) {
			n++
			if d := g.Die(); d <= on {
				g.logf("%s: %s rolls %d for %s, who leaves the game.", g.evName(id), s.Title(), d, g.PieceName(p))
				g.eliminate(p)
			}
		}
	}
	if n == 0 {
		g.logf("%s: no %s historical agent on the map.", g.evName(id), s.Title())
	}
}

// ---- counters from the mix ----

// evType is a unit type's index, -1 if unknown.
func (g *Game) evType(id string) int8 {
	for i, t := range g.r.types {
		if t == id {
			return int8(i)
		}
	}
	return -1
}

// evFree reports whether a piece is in the mix (available or eliminated,
// 10.4) and not already given by an event still to be placed.
func (g *Game) evFree(p int) bool {
	l := g.Pieces[p].Loc
	return (l == LocAvail || l == LocDead) && !slices.Contains(g.Ev.Queue, int16(p))
}

// evCounters picks free counters of a nation and type showing b
// brigades/groups, as many counters as possible (18.4); when the mix cannot
// show b exactly, the most it can show below b.
func (g *Game) evCounters(nation int, typ int8, b int) []int16 {
	var bySize [4][]int16
	for p := range g.Pieces {
		t := g.T(p)
		if int(t.Nation) == nation && t.Agent < 0 && t.Type == typ && t.Size >= 1 && t.Size <= 3 && g.evFree(p) {
			bySize[t.Size] = append(bySize[t.Size], int16(p))
		}
	}
	for want := b; want > 0; want-- {
		if bc, ok := BestSplit(want, [4]int{0, len(bySize[1]), len(bySize[2]), len(bySize[3])}); ok {
			var out []int16
			for s := 3; s >= 1; s-- {
				out = append(out, bySize[s][:bc[s]]...)
			}
			return out
		}
	}
	return nil
}

// evReduce removes k brigades/groups of a counter: all of it, or it is
// broken into smaller counters of its nation and type showing the rest,
// left in its square (5.0 events: "divisions may be broken", 18.0).
func (g *Game) evReduce(p, k int) {
	loc, size, t := g.Pieces[p].Loc, g.Brigades(p), *g.T(p)
	g.eliminate(p)
	if k >= size {
		return
	}
	for _, q := range g.evCounters(int(t.Nation), t.Type, size-k) {
		g.Pieces[q].Loc = loc
		g.Pieces[q].Flags = 0
	}
}

// evKinds lists the counters (type and size) of a nation still free in the
// mix, one of each, showing at most n brigades: the choices of a pick.
func (g *Game) evKinds(nation, n int) []int {
	var out []int
	seen := map[[2]int8]bool{}
	for p := range g.Pieces {
		t := g.T(p)
		if int(t.Nation) != nation || t.Agent >= 0 || int(t.Size) > n || !g.evFree(p) {
			continue
		}
		if g.r.types[t.Type] == "ghazi" {
			continue // ghazis come only by a jihad (10.4.3)
		}
		k := [2]int8{t.Type, t.Size}
		if !seen[k] {
			seen[k] = true
			out = append(out, p)
		}
	}
	return out
}

// ---- picking the units an event gives (StepEventPick) ----

// evStartPick asks a side to pick n brigades of a nation's types (relief
// forces to the base; the march west to be placed on the east edge).
func (g *Game) evStartPick(s Side, nation, n int, kind int16) {
	if n > 0 && len(g.evKinds(nation, n)) > 0 {
		t := Task{Step: StepEventPick, Side: s, Sq: -1, Region: -1, N: int16(n), Aux: kind}
		if kind == evPickMarch {
			t.Region = int8(nation - 2)
		}
		g.push(t)
		return
	}
	g.evPickDone(s, nation, kind)
}

// evPickDone ends a pick: the march west's units are then placed.
func (g *Game) evPickDone(s Side, nation int, kind int16) {
	if kind == evPickMarch {
		g.evMarchAgent(nation - 2)
		g.evBeginPlace(s)
	}
}

// evPickNation is the nation whose counters a pick task gives: the side's
// own for a relief force, the region's for the march west.
func evPickNation(t *Task) int {
	if t.Aux == evPickMarch {
		return 2 + int(t.Region)
	}
	return int(t.Side)
}

func (g *Game) evUnitLabel(p int) string {
	t := g.T(p)
	what := "brigade"
	if t.Size > 1 {
		what = fmt.Sprintf("%d brigades", t.Size)
	}
	return fmt.Sprintf("%s (%s)", g.PieceName(p), what)
}

func init() {
	defineStep(StepEventPick, stepDef{
		name: "event-pick", rule: "8.0",
		prompt: func(g *Game, t *Task) string {
			if t.Aux == evPickRelief {
				return fmt.Sprintf("Relief force: pick the next of your %d free %s, of any type, for %s.", t.N, pl(int(t.N), "brigade"), g.SqName(BaseLoc(t.Side)))
			}
			return fmt.Sprintf("Chinese march west: pick the next of %d Sinkiang %s/%s of any type.", t.N, pl(int(t.N), "brigade"), pl(int(t.N), "group"))
		},
		options: func(g *Game, t *Task, o *optList) {
			for _, p := range g.evKinds(evPickNation(t), int(t.N)) {
				tp := g.T(p)
				o.add(fmt.Sprintf("unit:%s:%d", g.r.types[tp.Type], tp.Size), g.evUnitLabel(p))
			}
			if len(o.opts) == 0 {
				o.add("done", "no more counters in the mix (10.6.2)")
			}
		},
		apply: func(g *Game, t *Task, id string) error {
			nation, kind, s := evPickNation(t), t.Aux, t.Side
			if id != "done" {
				parts := strings.Split(id, ":")
				size, _ := parseInt(parts[2], "")
				typ := g.evType(parts[1])
				for p := range g.Pieces {
					tp := g.T(p)
					if int(tp.Nation) == nation && tp.Agent < 0 && tp.Type == typ && int(tp.Size) == size && g.evFree(p) {
						if kind == evPickRelief {
							g.Pieces[p].Loc = BaseLoc(s)
							g.Pieces[p].Flags = 0
						} else {
							g.Ev.Queue = append(g.Ev.Queue, int16(p))
						}
						break
					}
				}
				t.N -= int16(size)
				if t.N > 0 && len(g.evKinds(nation, int(t.N))) > 0 {
					return nil
				}
			}
			g.pop()
			g.evPickDone(s, nation, kind)
			return nil
		},
	})
}

// ---- placing what an event gives (StepEventPlace) ----

// evHostile marks the squares holding a piece not owned by side (an enemy
// or neutral unit or agent).
func (g *Game) evHostile(side Side) []bool {
	h := make([]bool, len(g.r.m.Squares))
	for p := range g.Pieces {
		if l := g.Pieces[p].Loc; l >= 0 && g.Owner(p) != side {
			h[l] = true
		}
	}
	return h
}

// evPlaceSquares lists where a queued piece may go for the placing side
// (p: the piece, -1 for the head of the queue).
func (g *Game) evPlaceSquares(side Side, p int) []int16 {
	if p < 0 && len(g.Ev.Queue) > 0 {
		p = int(g.Ev.Queue[0])
	}
	m := g.r.m
	var out []int16
	switch g.Ev.PlaceKind {
	case evPlaceJihad:
		h := g.evHostile(side)
		excl := make([]bool, g.r.nr)
		for _, id := range g.r.d.Charts.Events.JihadExcludedRegions {
			if r := m.RegionIndex(id); r >= 0 {
				excl[r] = true
			}
		}
		for s := range m.Squares {
			if r := m.Squares[s].Region; g.r.land[s] && r >= 0 && !excl[r] && !h[s] {
				out = append(out, int16(s))
			}
		}
	case evPlaceMarch:
		h := g.evHostile(side)
		for _, s := range m.MarchWest {
			if g.r.land[s] && !h[s] {
				out = append(out, int16(s))
			}
		}
	case evPlaceAgent:
		if p < 0 {
			return nil
		}
		n := g.T(p).Nation
		for q := range g.Pieces {
			if l := g.Pieces[q].Loc; l >= 0 && !g.IsAgent(q) && g.T(q).Nation == n && !slices.Contains(out, l) {
				out = append(out, l)
			}
		}
		slices.Sort(out)
	case evPlaceFree:
		if g.Ev.PlaceRegion < 0 {
			return nil
		}
		h := g.evHostile(side)
		for _, s := range m.Regions[g.Ev.PlaceRegion].Squares {
			if g.r.land[s] && !h[s] {
				out = append(out, int16(s))
			}
		}
	}
	return out
}

// evBeginPlace drops the queued pieces that have nowhere to go and asks
// the side to place the rest.
func (g *Game) evBeginPlace(s Side) {
	if g.evDropUnplaceable(s) {
		g.push(Task{Step: StepEventPlace, Side: s, Sq: -1, Region: -1, Aux: -1})
	}
}

// evDropUnplaceable drops queued pieces with no square to go to (they stay
// in the mix); it reports whether any is left to place.
func (g *Game) evDropUnplaceable(s Side) bool {
	for len(g.Ev.Queue) > 0 && len(g.evPlaceSquares(s, -1)) == 0 {
		g.logf("No square where %s may be placed: it is not received.", g.PieceName(int(g.Ev.Queue[0])))
		g.Ev.Queue = g.Ev.Queue[1:]
	}
	return len(g.Ev.Queue) > 0
}

// evBlockOf is the block of the map holding a square.
func (g *Game) evBlockOf(s int16) int {
	q := g.r.m.Squares[s]
	return (q.Row/evBlock)*((g.r.m.Cols+evBlock-1)/evBlock) + q.Col/evBlock
}

func (g *Game) evPlaceRule() string {
	switch g.Ev.PlaceKind {
	case evPlaceJihad:
		return "21.2"
	case evPlaceFree:
		return "15.0"
	}
	return "8.0"
}

// evPlaceOptions lists the squares a queued piece may go to; when there are
// many, first the regions holding them, then the blocks of a large region.
func (g *Game) evPlaceOptions(t *Task, o *optList) {
	o.rule = g.evPlaceRule()
	all := g.evPlaceSquares(t.Side, -1)
	sqs, reg := all, int(t.Region)
	if len(all) > evSquaresDirect {
		var regs []int
		count := map[int]int{}
		for _, s := range all {
			r := g.r.m.Squares[s].Region
			if count[r] == 0 {
				regs = append(regs, r)
			}
			count[r]++
		}
		if len(regs) == 1 {
			reg = regs[0]
		}
		if reg < 0 {
			slices.Sort(regs)
			for _, r := range regs {
				o.add("region:"+g.r.m.Regions[r].ID, fmt.Sprintf("in %s (%d %s)", g.r.m.Regions[r].Name, count[r], pl(count[r], "square")))
			}
			return
		}
		sqs = nil
		for _, s := range all {
			if g.r.m.Squares[s].Region == reg {
				sqs = append(sqs, s)
			}
		}
		if len(sqs) > evSquaresDirect {
			if t.Aux < 0 {
				g.evBlockOptions(t, sqs, o)
				return
			}
			var in []int16
			for _, s := range sqs {
				if g.evBlockOf(s) == int(t.Aux) {
					in = append(in, s)
				}
			}
			sqs = in
		}
	}
	for _, s := range sqs {
		o.add("at:"+g.sqTok(s), "in "+g.SqName(s))
	}
	if t.Region >= 0 || t.Aux >= 0 {
		o.add("back", "choose again")
	}
	if len(o.opts) == 0 {
		o.add("skip", "no square where it may go: it is not received")
	}
}

// evBlockOptions lists the blocks of the map holding the squares.
func (g *Game) evBlockOptions(t *Task, sqs []int16, o *optList) {
	var blocks []int
	first := map[int]int16{}
	last := map[int]int16{}
	for _, s := range sqs {
		b := g.evBlockOf(s)
		if _, ok := first[b]; !ok {
			blocks = append(blocks, b)
			first[b] = s
		}
		last[b] = s
	}
	for _, b := range blocks {
		o.add(fmt.Sprintf("block:%d", b), fmt.Sprintf("squares %s…%s", g.sqTok(first[b]), g.sqTok(last[b])))
	}
	if t.Region >= 0 {
		o.add("back", "choose another region")
	}
}

func (g *Game) evPlaceApply(t *Task, id string) {
	switch {
	case strings.HasPrefix(id, "region:"):
		t.Region = int8(g.r.m.RegionIndex(id[len("region:"):]))
		t.Aux = -1
		return
	case strings.HasPrefix(id, "block:"):
		b, _ := parseInt(id, "block:")
		t.Aux = int16(b)
		return
	case id == "back":
		t.Region, t.Aux = -1, -1
		return
	}
	n := 1
	if g.Ev.PlaceKind == evPlaceJihad {
		n = len(g.Ev.Queue) // one placement square for the whole jihad (21.2)
	}
	placed := g.Ev.Queue[:n]
	g.Ev.Queue = g.Ev.Queue[n:]
	if id != "skip" {
		sq := g.parseSq(id[len("at:"):])
		for _, p := range placed {
			g.Pieces[p].Loc = sq
			g.Pieces[p].Flags = 0
		}
		what := g.evPlacedName(int(placed[0]))
		if n > 1 {
			what = "the units of the jihad"
		}
		g.logf("%s places %s in %s.", t.Side.Title(), what, g.SqName(sq))
	}
	t.Region, t.Aux = -1, -1
	if !g.evDropUnplaceable(t.Side) {
		g.pop()
	}
}

// evPlacedName names a placed piece for the public log: agents by name,
// combat units by nation and type only (their size stays hidden, 22.1).
func (g *Game) evPlacedName(p int) string {
	t := g.T(p)
	if t.Agent >= 0 {
		return g.PieceName(p)
	}
	if int(t.Nation) == g.r.ghazi {
		return "ghazis"
	}
	return nationTitle(g.r, t.Nation) + " " + strings.ToLower(g.r.d.Counters.UnitTypes[t.Type].Name)
}

func init() {
	defineStep(StepEventPlace, stepDef{
		name: "event-place", rule: "8.0",
		prompt: func(g *Game, t *Task) string {
			if len(g.Ev.Queue) == 0 {
				return "Nothing left to place."
			}
			what := g.PieceName(int(g.Ev.Queue[0]))
			if g.Ev.PlaceKind == evPlaceJihad {
				what = fmt.Sprintf("the jihad (%d %s, all in one square, 21.2)", len(g.Ev.Queue), pl(len(g.Ev.Queue), "counter"))
			}
			where := ""
			if t.Region >= 0 {
				where = " in " + g.r.m.Regions[t.Region].Name
			}
			return fmt.Sprintf("Place %s%s (%d left to place).", what, where, len(g.Ev.Queue))
		},
		options: func(g *Game, t *Task, o *optList) {
			if len(g.Ev.Queue) == 0 {
				o.add("skip", "nothing left to place")
				return
			}
			g.evPlaceOptions(t, o)
		},
		apply: func(g *Game, t *Task, id string) error {
			if len(g.Ev.Queue) == 0 {
				g.pop()
				return nil
			}
			g.evPlaceApply(t, id)
			return nil
		},
	})
}

// ---- naming a region (StepEventRegion) ----

func init() {
	defineStep(StepEventRegion, stepDef{
		name: "event-region", rule: "8.0",
		prompt: func(g *Game, t *Task) string {
			switch t.Aux {
			case evRegionMutiny:
				return "Indian Mutiny: name a region; the British remove a die of British brigades from it."
			case evRegionNihilist:
				return "Nihilist revolt: name a region; the Russian removes a die of Russian brigades from it."
			}
			return "Rising: name a neutral or enemy region to rise (Negotiation Table, uprising procedure)."
		},
		options: func(g *Game, t *Task, o *optList) {
			regs := g.evRisingRegions(t.Side)
			if t.Aux != evRegionRising {
				regs = regs[:0]
				for r := 0; r < g.r.nr; r++ {
					regs = append(regs, r)
				}
			}
			for _, r := range regs {
				o.add("region:"+g.r.m.Regions[r].ID, g.r.m.Regions[r].Name)
			}
			if len(o.opts) == 0 {
				o.add("none", "no region may be named")
			}
		},
		apply: func(g *Game, t *Task, id string) error {
			g.pop()
			if id == "none" {
				return nil
			}
			r := g.r.m.RegionIndex(id[len("region:"):])
			if t.Aux == evRegionRising {
				g.evRise(r, t.Side)
				return nil
			}
			victim := t.Side.Other()
			n := g.Die()
			g.logf("%s names %s and rolls %d: %s removes %d %s of its own there.", t.Side.Title(), g.r.m.Regions[r].Name, n, victim.Title(), n, pl(n, "brigade"))
			g.evStartRemove(Task{Step: StepEventRemove, Side: victim, Sq: -1, Region: int8(r), N: int16(n), Aux: evRemoveRegulars})
			return nil
		},
	})
}

// evRiseColumn is the Negotiation Table column a rising's first die gives:
// the column headed by the die, differential 1 to 6 (the uprising procedure).
func evRiseColumn(d int) int { return d }

// evRise checks a region for a rising (the uprising procedure): the first
// die gives the column, the second the result, applied with the roller as
// the phasing player; no agents, pounds or modifiers count.
func (g *Game) evRise(r int, s Side) {
	col := evRiseColumn(g.Die())
	d := g.Die()
	res := g.negTable(col, d)
	g.logf("Rising in %s for the %s: column %d, roll %d — %s.", g.r.m.Regions[r].Name, s.Title(), col, d, g.negResultName(res))
	g.negApply(res, r, s, -1)
}

// ---- removing units (StepEventRemove) ----

// evRemovable lists what a remove task may take.
func (g *Game) evRemovable(t *Task) []int {
	var out []int
	irr := g.evType("irregular")
	for p := range g.Pieces {
		l := g.Pieces[p].Loc
		if l < 0 || g.IsAgent(p) {
			continue
		}
		tp := g.T(p)
		reg := g.r.m.Squares[l].Region
		switch t.Aux {
		case evRemoveRegulars:
			if int(tp.Nation) == int(t.Side) && reg == int(t.Region) {
				out = append(out, p)
			}
		case evRemoveIrregulars:
			if home := g.RegionOf(p); home >= 0 && tp.Type == irr && reg != home {
				out = append(out, p)
			}
		}
	}
	return out
}

func evRemoveNoun(kind int16, n int) string {
	if kind == evRemoveIrregulars {
		return pl(n, "group")
	}
	return pl(n, "brigade")
}

// evStartRemove pushes a remove task if there is anything to remove.
func (g *Game) evStartRemove(t Task) {
	if t.N > 0 && len(g.evRemovable(&t)) > 0 {
		g.push(t)
		return
	}
	g.logf("Nothing to remove.")
}

func init() {
	defineStep(StepEventRemove, stepDef{
		name: "event-remove", rule: "8.0",
		prompt: func(g *Game, t *Task) string {
			if t.Aux == evRemoveIrregulars {
				return fmt.Sprintf("Irregulars go home: remove %d more native irregular %s outside their own regions (hordes may be broken).", t.N, pl(int(t.N), "group"))
			}
			return fmt.Sprintf("Remove %d more %s of your own from %s (divisions may be broken).", t.N, pl(int(t.N), "brigade"), g.r.m.Regions[t.Region].Name)
		},
		options: func(g *Game, t *Task, o *optList) {
			for _, p := range g.evRemovable(t) {
				lbl := g.PieceName(p) + " in " + g.SqName(g.Pieces[p].Loc)
				if b := g.Brigades(p); b > int(t.N) {
					lbl += fmt.Sprintf(" (broken: %d of its %d removed)", t.N, b)
				}
				o.add("rm:"+PieceID(p), lbl)
			}
			if len(o.opts) == 0 {
				o.add("done", "nothing left to remove")
			}
		},
		apply: func(g *Game, t *Task, id string) error {
			if id != "done" {
				p, _ := parseInt(id, "rm:p")
				k := min(int(t.N), g.Brigades(p))
				g.logf("%s removes %d %s.", t.Side.Title(), k, evRemoveNoun(t.Aux, int(k)))
				g.evReduce(p, k)
				t.N -= int16(k)
				if t.N > 0 && len(g.evRemovable(t)) > 0 {
					return nil
				}
			}
			g.pop()
			return nil
		},
	})
}

// ---- invariants ----

// checkEvents verifies the events, negotiation and agreement state: events
// drawn at most once a turn and known, once-per-game events recorded once,
// queued pieces in the mix, ghazis on the map only during a jihad, the
// negotiated-regions mask within the regions, and the open negotiation and
// agreement consistent.
func (g *Game) checkEvents() error {
	for i, id := range g.Ev.Drawn {
		if g.evIndex(id) < 0 {
			return fmt.Errorf("unknown event %q drawn", id)
		}
		if slices.Contains(g.Ev.Drawn[:i], id) {
			return fmt.Errorf("event %q drawn twice this turn (8.2)", id)
		}
	}
	for i, id := range g.Ev.Happened {
		if slices.Contains(g.Ev.Happened[:i], id) {
			return fmt.Errorf("event %q recorded twice as happened", id)
		}
	}
	for i, q := range g.Ev.Queue {
		if q < 0 || int(q) >= len(g.Pieces) {
			return fmt.Errorf("queued piece %d unknown", q)
		}
		if l := g.Pieces[q].Loc; l != LocAvail && l != LocDead {
			return fmt.Errorf("%s queued for placing but at %s", g.PieceName(int(q)), g.SqName(l))
		}
		if slices.Contains(g.Ev.Queue[:i], q) {
			return fmt.Errorf("%s queued twice", g.PieceName(int(q)))
		}
	}
	if !g.Ev.Jihad {
		for p := range g.Pieces {
			if g.OnMap(p) && int(g.T(p).Nation) == g.r.ghazi {
				return fmt.Errorf("%s on the map with no jihad this turn (21.3)", g.PieceName(p))
			}
		}
	}
	if g.Negotiated>>uint(g.r.nr) != 0 {
		return fmt.Errorf("negotiated-regions mask %b beyond the %d regions", g.Negotiated, g.r.nr)
	}
	if err := g.checkNeg(); err != nil {
		return err
	}
	return g.checkDeal()
}
