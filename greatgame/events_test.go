package greatgame

import (
	"slices"
	"strings"
	"testing"

	"durbar/core"
)

// ---- helpers (events area) ----

// evGame is a game past its set-up with a sentinel decision (the
// initiative) at the bottom of the task stack, so that the steps under test
// stop there instead of running the turn on.
func evGame(t *testing.T, sc string, start int) *Game {
	t.Helper()
	g := newTestGame(t, sc, start, 1)
	for g.Seq == SeqSetup {
		if err := g.Apply("standard"); err != nil {
			t.Fatal(err)
		}
	}
	g.Tasks = g.Tasks[:0]
	g.push(task(StepInitiative, British))
	g.Seq = SeqEvents
	return g
}

// evIdle reports whether only the sentinel is left.
func evIdle(g *Game) bool { return len(g.Tasks) == 1 && g.Tasks[0].Step == StepInitiative }

// evRig makes the game's next dice come up as given.
func evRig(t *testing.T, g *Game, dice ...int) {
	t.Helper()
	for seed := uint64(1); seed < 50_000_000; seed++ {
		r := core.NewRNG(seed)
		ok := true
		for _, d := range dice {
			if r.Die() != d {
				ok = false
				break
			}
		}
		if ok {
			r = core.NewRNG(seed)
			r.Draws = g.rng.Draws
			g.rng = r
			return
		}
	}
	t.Fatalf("no seed rolls %v", dice)
}

// evPut moves a counter of a template id (an agent id, or nation/type/size)
// from the mix to a location and returns it.
func evPut(t *testing.T, g *Game, id string, loc int16) int {
	t.Helper()
	for p := range g.Pieces {
		if g.T(p).ID == id && (g.Pieces[p].Loc == LocAvail || g.Pieces[p].Loc == LocDead) {
			g.Pieces[p].Loc = loc
			return p
		}
	}
	t.Fatalf("no %s left in the mix", id)
	return -1
}

// evAgent finds an agent's (first) counter.
func evAgent(t *testing.T, g *Game, id string) int {
	t.Helper()
	p, ok := g.r.agentTpl[id]
	if !ok {
		t.Fatalf("no agent %q", id)
	}
	return p
}

func evCity(t *testing.T, g *Game, id string) int16 {
	t.Helper()
	c := g.r.m.CityIndex(id)
	if c < 0 {
		t.Fatalf("no city %q", id)
	}
	return int16(g.r.m.Cities[c].Square)
}

func evRegion(t *testing.T, g *Game, id string) int {
	t.Helper()
	r := g.r.m.RegionIndex(id)
	if r < 0 {
		t.Fatalf("no region %q", id)
	}
	return r
}

// evClear puts every counter back in the mix and removes every marker.
func evClear(g *Game) {
	for p := range g.Pieces {
		g.Pieces[p].Loc = LocAvail
		g.Pieces[p].Flags = 0
	}
	g.Markers = nil
}

// evApply plays an option that must be listed.
func evApply(t *testing.T, g *Game, id string) {
	t.Helper()
	if err := g.Apply(id); err != nil {
		t.Fatal(err)
	}
	if err := g.checkEvents(); err != nil {
		t.Fatal(err)
	}
}

// evIDs lists the pending decision's option ids.
func evIDs(g *Game) []string {
	var out []string
	for _, o := range g.Decision().Options {
		out = append(out, o.ID)
	}
	return out
}

// evDrain plays the first option of every decision until the sentinel.
// evRecruits takes and places, the first way offered, the defence recruits
// of a region that has just turned belligerent (5.4.2(3)).
func evRecruits(t *testing.T, g *Game) {
	t.Helper()
	for i := 0; g.top() != nil && g.top().Step == StepDefenceRecruit; i++ {
		if i > 1000 {
			t.Fatalf("defence recruits do not end: %s", g.Decision().Prompt)
		}
		evApply(t, g, g.Decision().Options[0].ID)
	}
}

func evDrain(t *testing.T, g *Game) {
	t.Helper()
	for i := 0; !evIdle(g); i++ {
		if i > 1000 {
			t.Fatalf("decisions do not end: %s", g.Decision().Prompt)
		}
		evApply(t, g, g.Decision().Options[0].ID)
	}
}

// evBrigades counts the brigades of a nation and type at a location.
func evBrigades(g *Game, nation int, typ string, loc int16) int {
	n := 0
	for p := range g.Pieces {
		if g.Pieces[p].Loc == loc && !g.IsAgent(p) && int(g.T(p).Nation) == nation && g.r.types[g.T(p).Type] == typ {
			n += g.Brigades(p)
		}
	}
	return n
}

// evRegionBrigades counts a side's own (red or blue) brigades in a region.
func evRegionBrigades(g *Game, s Side, r int) int {
	n := 0
	for p := range g.Pieces {
		if g.OnMap(p) && int(g.T(p).Nation) == int(s) && !g.IsAgent(p) && g.r.m.Squares[g.Pieces[p].Loc].Region == r {
			n += g.Brigades(p)
		}
	}
	return n
}

// evDrawRun draws an event and runs the automatic steps after it.
func evDrawRun(g *Game, id string) {
	g.evDraw(id)
	g.advance()
}

// ---- the table ----

func TestEvFirstRollColumns(t *testing.T) {
	g := evGame(t, "1", 0)
	for _, c := range []struct {
		roll int
		want string
	}{{-3, "AA"}, {-1, "AA"}, {0, "AA"}, {1, "AC"}, {2, "AB"}, {3, "B"}, {4, "C"}, {5, "BD"}, {6, "CD"}, {7, "DD"}, {8, "DD"}, {11, "DD"}} {
		if got := strings.Join(g.evColumns(c.roll), ""); got != c.want {
			t.Errorf("first roll %d: columns %s, want %s (8.1, Random Events Table)", c.roll, got, c.want)
		}
	}
}

func TestEvModifierAndRoller(t *testing.T) {
	g := evGame(t, "1", 0)
	for _, c := range []struct{ bop, mod int }{{1, 0}, {5, 0}, {6, 1}, {11, 1}, {12, 2}, {18, 2}, {-1, 0}, {-6, -1}, {-12, -2}, {-18, -2}} {
		g.BoP = c.bop
		if got := g.evModifier(); got != c.mod {
			t.Errorf("BoP %+d: modifier %d, want %d", c.bop, got, c.mod)
		}
	}
	for turn, want := range map[int]Side{1: British, 2: Russian, 3: British, 6: Russian, 7: British, 14: Russian} {
		g.Turn = turn
		if got := g.evRoller(); got != want {
			t.Errorf("turn %d: %s rolls, want %s (8.1)", turn, got, want)
		}
	}
}

// TestEvExample81 plays the example of 8.1: turn 3, the British roll 5,
// modified to 6 by the Balance of Power: columns C and D; 1 on C is the
// Anglo-Russian accord, 4 on D the Nihilist revolt.
func TestEvExample81(t *testing.T) {
	g := evGame(t, "3", 1)
	g.Turn, g.BoP = 3, 6
	evRig(t, g, 5, 1, 4)
	g.rollEvents()
	g.advance()
	if !strings.Contains(strings.Join(g.Log, "\n"), "column C and D") {
		t.Errorf("log does not name columns C and D: %v", tail(g.Log, 4))
	}
	if !slices.Equal(g.Ev.Drawn, []string{"anglo-russian-accord", "nihilist-revolt"}) {
		t.Fatalf("drawn %v", g.Ev.Drawn)
	}
	if !g.Ev.Accord || !g.Ev.FirstOpsOnly[Russian] || g.Ev.FirstOpsOnly[British] {
		t.Errorf("accord %v, first ops only %v", g.Ev.Accord, g.Ev.FirstOpsOnly)
	}
	if d := g.Decision(); d.Player != int(British) || g.top().Step != StepEventRegion || len(d.Options) != g.r.nr {
		t.Errorf("the British should name a region for the revolt: %+v", d)
	}
}

// The second of two columns is rolled only after the first event's decisions.
func TestEvColumnsInOrder(t *testing.T) {
	g := evGame(t, "1", 0)
	g.Turn, g.BoP = 2, 1
	// first roll 2 → A and B; A: 1 relief force (2 brigades), B: 3 famine
	evRig(t, g, 2, 1, 2, 3)
	g.rollEvents()
	g.advance()
	if g.top().Step != StepEventPick || g.Ev.CityDiv != 0 {
		t.Fatalf("the relief force's pick should come before column B: top %v, famine %d", g.top().Step, g.Ev.CityDiv)
	}
	evDrain(t, g)
	if g.Ev.CityDiv != 2 || !slices.Equal(g.Ev.Drawn, []string{"british-relief-force", "famine"}) {
		t.Errorf("drawn %v, city divisor %d", g.Ev.Drawn, g.Ev.CityDiv)
	}
}

func TestEvSameEventTwiceIsNoEvent(t *testing.T) {
	g := evGame(t, "1", 0)
	g.Turn, g.BoP = 2, 1
	// first roll 0 → A twice; 2 (European war) twice, stalemate on the first
	evRig(t, g, 1, 2, 6, 2)
	g.BoP = -12 // 1 − 2 = −1 → A, A
	g.rollEvents()
	g.advance()
	if !slices.Equal(g.Ev.Drawn, []string{"european-war"}) || g.BoP != -12 {
		t.Errorf("drawn %v, BoP %d", g.Ev.Drawn, g.BoP)
	}
	if !strings.Contains(strings.Join(g.Log, "\n"), "no event (8.2)") {
		t.Errorf("log: %v", tail(g.Log, 3))
	}
}

func TestEvChineseMarchNotBefore1865(t *testing.T) {
	g := evGame(t, "2", 0)
	sk := evRegion(t, g, "sinkiang")
	g.Control[sk] = British
	evPut(t, g, "russian/field-force/1", evCity(t, g, "kashgar"))
	g.Turn = 6
	evDrawRun(g, "chinese-march-west")
	if !evIdle(g) || g.Control[sk] != British {
		t.Errorf("turn 6 (1860-64): the march west is no event")
	}
}

func TestEvIndianMutinyOncePerGame(t *testing.T) {
	g := evGame(t, "2", 0) // scenario 2, 9.2: it has happened
	g.Turn = 7
	evRig(t, g, 1, 4, 1) // first roll 1 (slight Russian favour, 0) → A and C; A: 4 mutiny; C: 1 accord
	g.BoP = -1
	g.rollEvents()
	g.advance()
	if g.Ev.FirstOpsOnly[British] || !evIdle(g) || !slices.Contains(g.Ev.Happened, "indian-mutiny") {
		t.Errorf("scenario 2: the mutiny has happened; drawn %v, happened %v", g.Ev.Drawn, g.Ev.Happened)
	}

	g = evGame(t, "1", 0)
	evDrawRun(g, "indian-mutiny")
	if !g.Ev.FirstOpsOnly[British] || !slices.Equal(g.Ev.Happened, []string{"indian-mutiny"}) {
		t.Fatalf("first mutiny: %+v", g.Ev)
	}
	evRig(t, g, 1)
	evDrain(t, g)
	g.Ev = eventState{Happened: g.Ev.Happened} // a later turn
	evDrawRun(g, "indian-mutiny")
	if g.Ev.FirstOpsOnly[British] || !evIdle(g) {
		t.Errorf("a second mutiny in the game is no event")
	}
}

// ---- every event ----

// TestEvEveryEventHasAnEffect checks the edition's list against the engine
// and this file's tests.
func TestEvEveryEventHasAnEffect(t *testing.T) {
	g := evGame(t, "1", 0)
	tested := map[string]bool{}
	for _, c := range evCases {
		tested[c.id] = true
	}
	if len(g.r.d.Charts.Events.List) != 24 {
		t.Errorf("%d events, want 24", len(g.r.d.Charts.Events.List))
	}
	for _, e := range g.r.d.Charts.Events.List {
		if evEffects[e.ID] == nil {
			t.Errorf("event %q has no effect", e.ID)
		}
		if !tested[e.ID] {
			t.Errorf("event %q has no test case", e.ID)
		}
	}
}

type evCase struct {
	name, id string
	sc       string
	start    int
	dice     []int
	setup    func(t *testing.T, g *Game)
	play     func(t *testing.T, g *Game) // decisions after the draw
	check    func(t *testing.T, g *Game)
}

var evCases = []evCase{
	{name: "british relief force", id: "british-relief-force", sc: "1", dice: []int{3},
		play: func(t *testing.T, g *Game) {
			if g.top().Step != StepEventPick || g.top().N != 3 || !slices.Contains(evIDs(g), "unit:field-force:2") {
				t.Fatalf("pick: %v %v", g.top(), evIDs(g))
			}
			if slices.Contains(evIDs(g), "unit:irregular:1") {
				t.Errorf("the British have no irregular counters: %v", evIDs(g))
			}
			evApply(t, g, "unit:flying-column:1")
			evApply(t, g, "unit:field-force:2")
		},
		check: func(t *testing.T, g *Game) {
			if n := evBrigades(g, 0, "flying-column", LocBaseBr); n != 1 {
				t.Errorf("flying columns in Central India: %d", n)
			}
			if n := evBrigades(g, 0, "field-force", LocBaseBr); n != 2+2 { // 2 from the set-up
				t.Errorf("field forces in Central India: %d", n)
			}
			if g.SP[British] != 1 {
				t.Errorf("supply points %d", g.SP[British])
			}
		}},
	{name: "russian relief force", id: "russian-relief-force", sc: "1", dice: []int{2},
		play: func(t *testing.T, g *Game) {
			if g.top().Side != Russian {
				t.Fatal("the Russian picks")
			}
			evApply(t, g, "unit:irregular:1")
			evApply(t, g, "unit:garrison:1")
		},
		check: func(t *testing.T, g *Game) {
			if evBrigades(g, 1, "irregular", LocBaseRu) != 2 || evBrigades(g, 1, "garrison", LocBaseRu) != 1 || g.SP[Russian] != 1 {
				t.Errorf("Urals: %d irregulars, %d garrisons, %d SP", evBrigades(g, 1, "irregular", LocBaseRu), evBrigades(g, 1, "garrison", LocBaseRu), g.SP[Russian])
			}
		}},
	{name: "european war, Britain wins", id: "european-war", sc: "1", dice: []int{2, 4},
		check: func(t *testing.T, g *Game) {
			if !g.Ev.GovHalf || !g.Ev.NoRegulars || g.BoP != 5 {
				t.Errorf("half %v, no regulars %v, BoP %d (want 1+4)", g.Ev.GovHalf, g.Ev.NoRegulars, g.BoP)
			}
		}},
	{name: "european war, Russia wins", id: "european-war", sc: "1", dice: []int{5, 3},
		check: func(t *testing.T, g *Game) {
			if g.BoP != -3 {
				t.Errorf("BoP %d, want 1 → -3 (no zero)", g.BoP)
			}
		}},
	{name: "european war, stalemate", id: "european-war", sc: "1", dice: []int{6},
		check: func(t *testing.T, g *Game) {
			if g.BoP != 1 || !g.Ev.GovHalf {
				t.Errorf("BoP %d", g.BoP)
			}
		}},
	{name: "jihad (British)", id: "jihad-british", sc: "1", dice: []int{5}, play: evPlayJihad(British, 5)},
	{name: "jihad (Russian)", id: "jihad-russian", sc: "1", dice: []int{6}, play: evPlayJihad(Russian, 6)},
	{name: "indian mutiny", id: "indian-mutiny", sc: "1", dice: []int{3},
		play: func(t *testing.T, g *Game) {
			if d := g.Decision(); d.Player != int(Russian) || len(d.Options) != g.r.nr {
				t.Fatalf("the Russian names any region: %+v", d)
			}
			evApply(t, g, "region:north-india")
			if g.top().Step != StepEventRemove || g.top().Side != British || g.top().N != 3 {
				t.Fatalf("remove: %+v", g.top())
			}
			for _, id := range evIDs(g) {
				p, _ := parseInt(id, "rm:p")
				if g.T(p).Nation != 0 || g.r.m.Squares[g.Pieces[p].Loc].Region != evRegion(t, g, "north-india") {
					t.Errorf("%s is not a British brigade of North India", g.PieceName(p))
				}
			}
			evDrain(t, g)
		},
		check: func(t *testing.T, g *Game) {
			if n := evRegionBrigades(g, British, evRegion(t, g, "north-india")); n != 4-3 || !g.Ev.FirstOpsOnly[British] || !slices.Contains(g.Ev.Happened, "indian-mutiny") {
				t.Errorf("%d British brigades left in North India (4 − 3); first ops only %v", n, g.Ev.FirstOpsOnly)
			}
		}},
	{name: "indian mutiny breaks a division", id: "indian-mutiny", sc: "1", dice: []int{1},
		setup: func(t *testing.T, g *Game) {
			evClear(g)
			evPut(t, g, "british/field-force/2", evCity(t, g, "lahore"))
		},
		play: func(t *testing.T, g *Game) {
			evApply(t, g, "region:punjab")
			evDrain(t, g)
		},
		check: func(t *testing.T, g *Game) {
			if n := evBrigades(g, 0, "field-force", evCity(t, g, "lahore")); n != 1 {
				t.Errorf("%d brigades in Lahore, want the division broken to 1", n)
			}
		}},
	{name: "nihilist revolt", id: "nihilist-revolt", sc: "1", dice: []int{2},
		play: func(t *testing.T, g *Game) {
			if g.Decision().Player != int(British) {
				t.Fatal("the British name the region")
			}
			evApply(t, g, "region:west-siberia")
			if g.top().Side != Russian {
				t.Fatal("the Russian removes")
			}
			evDrain(t, g)
		},
		check: func(t *testing.T, g *Game) {
			if n := evRegionBrigades(g, Russian, evRegion(t, g, "west-siberia")); n != 7-2 {
				t.Errorf("Russian brigades left in West Siberia: %d, want 7 − 2", n)
			}
			if !g.Ev.FirstOpsOnly[Russian] || g.Ev.FirstOpsOnly[British] {
				t.Errorf("first ops only %v", g.Ev.FirstOpsOnly)
			}
		}},
	{name: "pro-british rising, treaty", id: "pro-british-rising", sc: "1", dice: []int{6, 6},
		play: func(t *testing.T, g *Game) {
			ids := evIDs(g)
			if slices.Contains(ids, "region:north-india") || !slices.Contains(ids, "region:afghanistan") || !slices.Contains(ids, "region:persia") {
				t.Errorf("a rising names neutral or enemy regions: %v", ids)
			}
			evApply(t, g, "region:afghanistan")
		},
		check: func(t *testing.T, g *Game) {
			if g.Control[evRegion(t, g, "afghanistan")] != British {
				t.Errorf("column 6, roll 6 is T: Afghanistan British")
			}
		}},
	{name: "pro-russian rising, allegiance and reaction", id: "pro-russian-rising", sc: "1", dice: []int{5, 3},
		play: func(t *testing.T, g *Game) { evApply(t, g, "region:afghanistan") },
		check: func(t *testing.T, g *Game) {
			if g.Control[evRegion(t, g, "afghanistan")] != Russian || g.BoP != 2 {
				t.Errorf("column 5, roll 3 is S+R: Afghanistan %v, BoP %d", g.Control[evRegion(t, g, "afghanistan")], g.BoP)
			}
		}},
	{name: "duhamel-khrulev plan", id: "duhamel-khrulev-plan", sc: "1",
		check: func(t *testing.T, g *Game) {
			// Orenburg, Gur'ev, Karkaralinsk, Semipalatinsk, the West Siberian irregulars' city, six Persian cities
			if !g.Ev.CityGoal[Russian] || g.Ev.CityGoal[British] || g.StartCities[Russian] != g.evCities(Russian) || g.StartCities[Russian] < 10 {
				t.Errorf("city goal %v, start cities %v", g.Ev.CityGoal, g.StartCities)
			}
		}},
	{name: "british forward policy", id: "british-forward-policy", sc: "1",
		check: func(t *testing.T, g *Game) {
			if !g.Ev.CityGoal[British] || g.StartCities[British] != g.evCities(British) || g.StartCities[British] < 5 {
				t.Errorf("city goal %v, start cities %v", g.Ev.CityGoal, g.StartCities)
			}
		}},
	{name: "batta", id: "batta", sc: "1", dice: []int{4, 5},
		setup: func(t *testing.T, g *Game) { g.Pounds = [2]int{10, 2} },
		check: func(t *testing.T, g *Game) {
			if g.Pounds != [2]int{6, 0} {
				t.Errorf("pounds %v, want 6 and 0 (never below zero)", g.Pounds)
			}
		}},
	{name: "chinese march west, the intruder's enemy", id: "chinese-march-west", sc: "2", dice: []int{3},
		setup: func(t *testing.T, g *Game) {
			g.Turn = 7
			g.Control[evRegion(t, g, "sinkiang")] = British
			evPut(t, g, "british/garrison/1", evCity(t, g, "kashgar"))
		},
		play: func(t *testing.T, g *Game) {
			if g.top().Step != StepEventPick || g.top().Side != Russian {
				t.Fatalf("the Russian picks Sinkiang units: %+v", g.top())
			}
			evApply(t, g, "unit:field-force:1")
			evApply(t, g, "unit:irregular:2")
			if len(g.Ev.Queue) != 3 || g.T(int(g.Ev.Queue[2])).ID != "liu-ching-tang" {
				t.Fatalf("queue: %v", g.Ev.Queue)
			}
			for _, id := range evIDs(g) {
				sq := g.parseSq(id[len("at:"):])
				if !slices.Contains(g.r.m.MarchWest, int(sq)) {
					t.Errorf("%s is not on Sinkiang's east edge", id)
				}
			}
			evDrain(t, g)
		},
		check: func(t *testing.T, g *Game) {
			sk := evRegion(t, g, "sinkiang")
			if g.Control[sk] != Russian {
				t.Errorf("Sinkiang should pass to the Russian")
			}
			liu := evAgent(t, g, "liu-ching-tang")
			if !g.OnMap(liu) || !slices.Contains(g.r.m.MarchWest, int(g.Pieces[liu].Loc)) {
				t.Errorf("Liu Ching-t'ang at %s", g.SqName(g.Pieces[liu].Loc))
			}
		}},
	{name: "chinese march west, the controller keeps it", id: "chinese-march-west", sc: "2", dice: []int{2},
		setup: func(t *testing.T, g *Game) {
			g.Turn = 12 // after Liu Ching-t'ang's turns
			g.LastTurn = 14
			g.Control[evRegion(t, g, "sinkiang")] = British
			evPut(t, g, "russian/field-force/1", evCity(t, g, "yarkand"))
		},
		play: func(t *testing.T, g *Game) {
			if g.top().Side != British {
				t.Fatalf("the British pick: %+v", g.top())
			}
			evApply(t, g, "unit:garrison:1")
			evApply(t, g, "unit:garrison:1")
			if len(g.Ev.Queue) != 2 {
				t.Errorf("no agent after 1885-89: queue %v", g.Ev.Queue)
			}
			evDrain(t, g)
		},
		check: func(t *testing.T, g *Game) {
			if g.Control[evRegion(t, g, "sinkiang")] != British {
				t.Errorf("Sinkiang stays British")
			}
		}},
	{name: "chinese march west, Sinkiang neutral", id: "chinese-march-west", sc: "2",
		setup: func(t *testing.T, g *Game) {
			g.Turn = 8
			evPut(t, g, "russian/field-force/1", evCity(t, g, "kashgar"))
		},
		check: func(t *testing.T, g *Game) {
			if g.Control[evRegion(t, g, "sinkiang")] != NoSide {
				t.Errorf("neutral Sinkiang: no event")
			}
		}},
	{name: "chinese march west, no foreign units", id: "chinese-march-west", sc: "2",
		setup: func(t *testing.T, g *Game) {
			g.Turn = 8
			g.Control[evRegion(t, g, "sinkiang")] = Russian
		},
		check: func(t *testing.T, g *Game) {
			if g.Control[evRegion(t, g, "sinkiang")] != Russian {
				t.Errorf("no foreign units in Sinkiang's cities: no event")
			}
		}},
	{name: "famine", id: "famine", sc: "1", check: func(t *testing.T, g *Game) {
		if g.Ev.CityDiv != 2 || g.Ev.CityMul != 0 {
			t.Errorf("city income divisor %d", g.Ev.CityDiv)
		}
	}},
	{name: "trade boom", id: "trade-boom", sc: "1", check: func(t *testing.T, g *Game) {
		if g.Ev.CityMul != 2 || g.Ev.CityDiv != 0 {
			t.Errorf("city income multiplier %d", g.Ev.CityMul)
		}
	}},
	{name: "irregulars go home", id: "irregulars-go-home", sc: "1", dice: []int{3},
		setup: func(t *testing.T, g *Game) {
			evClear(g)
			g.BoP = -3 // the Russian is favoured and removes
			tehran := evCity(t, g, "tehran")
			evPut(t, g, "afghanistan/irregular/3", tehran)               // outside its region
			evPut(t, g, "khiva/irregular/1", evCity(t, g, "khiva"))      // at home
			evPut(t, g, "russian/irregular/1", evCity(t, g, "kabul"))    // not native
			evPut(t, g, "persia/field-force/1", evCity(t, g, "herat"))   // not irregular
			evPut(t, g, "kazakhstan/irregular/1", evCity(t, g, "kabul")) // outside
		},
		play: func(t *testing.T, g *Game) {
			if g.top().Side != Russian {
				t.Fatal("the favoured player removes")
			}
			ids := evIDs(g)
			if len(ids) != 2 {
				t.Fatalf("removable: %v", ids)
			}
			for _, id := range ids {
				p, _ := parseInt(id, "rm:p")
				if g.r.types[g.T(p).Type] == "irregular" && g.T(p).Size == 3 {
					evApply(t, g, id) // 3 groups of a horde
				}
			}
		},
		check: func(t *testing.T, g *Game) {
			if evBrigades(g, 2+evRegion(t, g, "afghanistan"), "irregular", evCity(t, g, "tehran")) != 0 ||
				evBrigades(g, 2+evRegion(t, g, "kazakhstan"), "irregular", evCity(t, g, "kabul")) != 1 ||
				evBrigades(g, 2+evRegion(t, g, "khiva"), "irregular", evCity(t, g, "khiva")) != 1 {
				t.Errorf("wrong irregulars removed")
			}
		}},
	{name: "irregulars go home, horde broken", id: "irregulars-go-home", sc: "1", dice: []int{1},
		setup: func(t *testing.T, g *Game) {
			evClear(g)
			evPut(t, g, "afghanistan/irregular/3", evCity(t, g, "tehran"))
		},
		play: func(t *testing.T, g *Game) { evDrain(t, g) },
		check: func(t *testing.T, g *Game) {
			if n := evBrigades(g, 2+evRegion(t, g, "afghanistan"), "irregular", evCity(t, g, "tehran")); n != 2 {
				t.Errorf("%d groups left, want 3 − 1", n)
			}
		}},
	{name: "native agent appears", id: "native-agent-appears", sc: "2",
		setup: func(t *testing.T, g *Game) {
			for _, id := range []string{"nasir-ed-din", "yakub-beg", "liu-ching-tang"} {
				g.Pieces[evAgent(t, g, id)].Loc = LocGone
			}
			g.Control[evRegion(t, g, "afghanistan")] = Russian
		},
		play: func(t *testing.T, g *Game) {
			if g.top().Step != StepEventPlace || g.top().Side != Russian || g.T(int(g.Ev.Queue[0])).ID != "abdur-rahman" {
				t.Fatalf("the controller places Abdur Rahman: %+v %v", g.top(), g.Ev.Queue)
			}
			for _, id := range evIDs(g) {
				if g.r.m.Squares[g.parseSq(id[3:])].City < 0 {
					t.Errorf("%s: the Afghan units of the set-up are in cities", id)
				}
			}
			evDrain(t, g)
		},
		check: func(t *testing.T, g *Game) {
			a := evAgent(t, g, "abdur-rahman")
			if !g.OnMap(a) || g.CombatUnits(g.Pieces[a].Loc, Russian) == 0 {
				t.Errorf("Abdur Rahman at %s", g.SqName(g.Pieces[a].Loc))
			}
		}},
	{name: "native agent appears, no unit of its nation", id: "native-agent-appears", sc: "2",
		setup: func(t *testing.T, g *Game) {
			for _, id := range []string{"nasir-ed-din", "yakub-beg", "abdur-rahman"} {
				g.Pieces[evAgent(t, g, id)].Loc = LocGone
			}
			for p := range g.Pieces {
				if g.RegionOf(p) == evRegion(t, g, "sinkiang") {
					g.Pieces[p].Loc = LocAvail
				}
			}
		},
		check: func(t *testing.T, g *Game) {
			if g.Pieces[evAgent(t, g, "liu-ching-tang")].Loc != LocAvail {
				t.Errorf("Liu Ching-t'ang should return to the available box")
			}
		}},
	{name: "native agent departs", id: "native-agent-departs", sc: "1", dice: []int{2, 1, 6},
		check: func(t *testing.T, g *Game) {
			// on the map in piece order: Dost Mohammed, Kutebar, Ranjit Singh
			var gone []string
			for _, id := range []string{"dost-mohammed", "kutebar", "ranjit-singh"} {
				if g.Pieces[evAgent(t, g, id)].Loc == LocGone {
					gone = append(gone, id)
				}
			}
			if !slices.Equal(gone, []string{"kutebar"}) {
				t.Errorf("gone: %v", gone)
			}
		}},
	{name: "british agent departs", id: "british-agent-departs", sc: "1", dice: []int{1, 2, 3, 4, 1},
		check: func(t *testing.T, g *Game) {
			var gone []string
			for p := range g.Pieces {
				if g.Pieces[p].Loc == LocGone {
					gone = append(gone, g.T(p).ID)
				}
			}
			// British historical agents on the map, in counter order: Burnes, Conolly, Keane, Macnaghten, Pottinger
			if !slices.Equal(gone, []string{"burnes", "pottinger"}) {
				t.Errorf("gone: %v", gone)
			}
		}},
	{name: "russian agent departs", id: "russian-agent-departs", sc: "1", dice: []int{3, 1, 1},
		check: func(t *testing.T, g *Game) {
			var gone []string
			for p := range g.Pieces {
				if g.Pieces[p].Loc == LocGone {
					gone = append(gone, g.T(p).ID)
				}
			}
			if !slices.Equal(gone, []string{"simonich", "vitkovitch"}) {
				t.Errorf("gone: %v", gone)
			}
		}},
	{name: "anglo-russian accord", id: "anglo-russian-accord", sc: "1", check: func(t *testing.T, g *Game) {
		if !g.Ev.Accord {
			t.Error("no accord")
		}
	}},
	{name: "badmashes", id: "badmashes", sc: "1", dice: []int{5},
		setup: func(t *testing.T, g *Game) { g.SP = [2]int{7, 3} },
		check: func(t *testing.T, g *Game) {
			if g.SP != [2]int{7, 0} {
				t.Errorf("supply points %v: the favoured British roll 5, the Russian loses 3", g.SP)
			}
		}},
	{name: "shifting situation, even", id: "shifting-situation", sc: "1", dice: []int{4},
		check: func(t *testing.T, g *Game) {
			if g.BoP != 2 {
				t.Errorf("BoP %d", g.BoP)
			}
		}},
	{name: "shifting situation, odd", id: "shifting-situation", sc: "1", dice: []int{3},
		check: func(t *testing.T, g *Game) {
			if g.BoP != -1 {
				t.Errorf("BoP %d, want 1 → -1", g.BoP)
			}
		}},
	{name: "no event", id: "no-event", sc: "1", check: func(t *testing.T, g *Game) {
		if g.BoP != 1 || g.Ev.Accord || g.Ev.CityDiv != 0 {
			t.Error("no event changed something")
		}
	}},
}

// evPlayJihad places a jihad's units and checks where they went (21.1, 21.2).
func evPlayJihad(s Side, groups int) func(t *testing.T, g *Game) {
	return func(t *testing.T, g *Game) {
		if g.Control[g.r.nr] != s || !g.Ev.Jihad || g.top().Step != StepEventPlace || g.top().Side != s {
			t.Fatalf("jihad: control %v, top %+v", g.Control[g.r.nr], g.top())
		}
		for _, id := range evIDs(g) {
			for _, ex := range g.r.d.Charts.Events.JihadExcludedRegions {
				if id == "region:"+ex {
					t.Errorf("ghazis may not go to %s (21.2)", ex)
				}
			}
		}
		// place everything, going through regions and blocks
		for i := 0; !evIdle(g); i++ {
			if i > 200 {
				t.Fatal("placing does not end")
			}
			ids := evIDs(g)
			pick := ids[len(ids)/2]
			if pick == "back" {
				pick = ids[0]
			}
			evApply(t, g, pick)
		}
		n := 0
		for p := range g.Pieces {
			if !g.OnMap(p) || int(g.T(p).Nation) != g.r.ghazi {
				continue
			}
			l := g.Pieces[p].Loc
			n += g.Brigades(p)
			if slices.Contains(g.r.d.Charts.Events.JihadExcludedRegions, g.r.m.Regions[g.r.m.Squares[l].Region].ID) {
				t.Errorf("%s in an excluded region", g.PieceName(p))
			}
			for q := range g.Pieces {
				if g.Pieces[q].Loc == l && g.Owner(q) != s {
					t.Errorf("%s placed with %s, not friendly (21.2)", g.PieceName(p), g.PieceName(q))
				}
			}
		}
		if n != groups || !g.OnMap(evAgent(t, g, "mad-mullah")) {
			t.Errorf("%d ghazi groups on the map, want %d; Mad Mullah on the map %v", n, groups, g.OnMap(evAgent(t, g, "mad-mullah")))
		}
	}
}

func TestEvEvents(t *testing.T) {
	for _, c := range evCases {
		t.Run(c.name, func(t *testing.T) {
			g := evGame(t, c.sc, c.start)
			if c.setup != nil {
				c.setup(t, g)
			}
			if len(c.dice) > 0 {
				evRig(t, g, c.dice...)
			}
			evDrawRun(g, c.id)
			if err := g.checkEvents(); err != nil {
				t.Fatal(err)
			}
			if c.play != nil {
				c.play(t, g)
			}
			evRecruits(t, g)
			if !evIdle(g) {
				t.Fatalf("decisions left: %s (%v)", g.Decision().Prompt, evIDs(g))
			}
			if c.check != nil {
				c.check(t, g)
			}
			if err := g.Check(); err != nil {
				t.Error(err)
			}
			if err := g.checkEvents(); err != nil {
				t.Error(err)
			}
		})
	}
}

// The rising's first die is the column of that heading (uprising procedure).
func TestEvRiseColumns(t *testing.T) {
	g := evGame(t, "1", 0)
	want := map[[2]int]string{{1, 1}: "X", {1, 6}: "S", {3, 4}: "S", {4, 5}: "T", {6, 4}: "T+R", {5, 3}: "S+R", {2, 3}: "-"}
	for k, res := range want {
		if got := g.negTable(evRiseColumn(k[0]), k[1]); got != res {
			t.Errorf("rising die %d, roll %d: %s, want %s", k[0], k[1], got, res)
		}
	}
	// X in a rising: no agent, no effect
	af := evRegion(t, g, "afghanistan")
	bop := g.BoP
	evRig(t, g, 1, 1)
	g.evRise(af, British)
	if g.Control[af] != NoSide || g.BoP != bop {
		t.Errorf("rising X changed %v %d", g.Control[af], g.BoP)
	}
}

// TestEvRandomInvariants plays random games and checks this area's
// invariants after every step.
func TestEvRandomInvariants(t *testing.T) {
	seeds := 6
	if testing.Short() {
		seeds = 2
	}
	for _, sc := range []struct {
		id    string
		start int
	}{{"1", 0}, {"2", 0}, {"3", 1}, {"3", 2}} {
		for s := 0; s < seeds; s++ {
			g := newTestGame(t, sc.id, sc.start, uint64(s)+77)
			rng := core.NewRNG(uint64(s) + 99)
			for steps := 0; !g.Over; steps++ {
				if err := g.Check(); err != nil {
					t.Fatalf("scenario %s seed %d step %d: %v", sc.id, s, steps, err)
				}
				if err := g.checkEvents(); err != nil {
					t.Fatalf("scenario %s seed %d step %d: %v\n%v", sc.id, s, steps, err, tail(g.Log, 6))
				}
				d := g.Decision()
				if err := g.Apply(d.Options[rng.IntN(len(d.Options))].ID); err != nil {
					t.Fatal(err)
				}
				if steps > 200000 {
					t.Fatal("no end")
				}
			}
		}
	}
}
