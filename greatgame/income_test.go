package greatgame

import (
	"slices"
	"strings"
	"testing"
)

// econGame is a game of a scenario past its set-up, with the board
// emptied: every counter in the mix, no markers, no tasks, both treasuries
// at 100, the sequence in the income phase.
func econGame(t *testing.T, sc string, start int) *Game {
	t.Helper()
	g := newTestGame(t, sc, start, 1)
	for g.top() != nil && g.top().Step == StepPlace {
		if err := g.Apply("standard"); err != nil {
			t.Fatal(err)
		}
	}
	for i := range g.Pieces {
		g.Pieces[i].Loc, g.Pieces[i].Flags = LocAvail, 0
	}
	g.Markers, g.Tasks = nil, nil
	g.Pounds, g.SP, g.SPBought = [2]int{100, 100}, [2]int{}, [2]int{}
	g.Seq = SeqIncome
	g.Econ = econState{}
	return g
}

// econPut puts an available counter of a template id on a location.
func econPut(t *testing.T, g *Game, id string, loc int16) int {
	t.Helper()
	for p := range g.Pieces {
		if g.T(p).ID == id && g.Pieces[p].Loc == LocAvail {
			g.Pieces[p].Loc = loc
			return p
		}
	}
	t.Fatalf("no counter %q left in the mix", id)
	return -1
}

// econCity is a city's square.
func econCity(t *testing.T, g *Game, id string) int16 {
	t.Helper()
	c := g.r.m.CityIndex(id)
	if c < 0 {
		t.Fatalf("no city %q", id)
	}
	return int16(g.r.m.Cities[c].Square)
}

// econSquare finds a square of a region with a terrain, with or without a
// city, and optionally on a trade route.
func econSquare(t *testing.T, g *Game, region string, ter Terrain, city bool, route int) int16 {
	t.Helper()
	r := g.r.m.RegionIndex(region)
	for _, s := range g.r.m.Regions[r].Squares {
		q := &g.r.m.Squares[s]
		if q.Terrain == ter && (q.City >= 0) == city && (route < 0 || (len(q.Routes) > 0) == (route > 0)) {
			return int16(s)
		}
	}
	t.Fatalf("no %s square in %s (city %v, route %d)", ter, region, city, route)
	return -1
}

func econRegion(g *Game, id string) int { return g.r.m.RegionIndex(id) }

// econIDs lists the ids of the pending decision's options.
func econIDs(g *Game) []string {
	var ids []string
	for _, o := range g.Decision().Options {
		ids = append(ids, o.ID)
	}
	return ids
}

// econSpend puts a spending decision of a side on the stack.
func econSpend(g *Game, s Side) {
	g.Tasks = []Task{task(StepSpend, s)}
}

// econPlay applies option ids in turn, failing on the first refused.
func econPlay(t *testing.T, g *Game, ids ...string) {
	t.Helper()
	for _, id := range ids {
		if err := g.Apply(id); err != nil {
			t.Fatalf("%s refused: %v (options %v)", id, err, econIDs(g))
		}
	}
}

func TestEconGovernmentModifier(t *testing.T) {
	g := econGame(t, "1", 0)
	for _, c := range []struct {
		bop      int
		open     bool
		brt, rus int
	}{
		{1, false, 0, 0}, {5, false, 0, 0}, {-5, false, 0, 0},
		{6, false, 1, -1}, {-6, false, -1, 1}, {11, false, 1, -1},
		{12, false, 2, -2}, {-18, false, -2, 2},
		{1, true, 1, 1}, {12, true, 3, -1}, {-12, true, -1, 3},
	} {
		g.BoP, g.OpenWar = c.bop, c.open
		if b, r := g.govModifier(British), g.govModifier(Russian); b != c.brt || r != c.rus {
			t.Errorf("BoP %+d open war %v: modifiers %d/%d, want %d/%d", c.bop, c.open, b, r, c.brt, c.rus)
		}
	}
}

func TestEconGovernmentTable(t *testing.T) {
	g := econGame(t, "1", 0)
	for roll, want := range map[int]int{-1: 10, 0: 10, 1: 10, 2: 15, 3: 20, 4: 25, 5: 30, 6: 35, 7: 40, 8: 50, 9: 50} {
		if got := g.govPounds(roll); got != want {
			t.Errorf("roll %d: %d £, want %d", roll, got, want)
		}
	}
}

// The income phase adds the government roll, the cities and the railways;
// a European war halves the government's part.
func TestEconBeginIncome(t *testing.T) {
	for _, half := range []bool{false, true} {
		g := econGame(t, "1", 0)
		g.BoP = 12 // strongly British: +2 / −2
		g.Ev.GovHalf = half
		econPut(t, g, "british/field-force/1", econCity(t, g, "delhi"))
		g.Markers = append(g.Markers, Marker{Kind: Railway, Side: Russian, Sq: econCity(t, g, "orenburg")})
		c := g.clone()
		d1, d2 := c.Die(), c.Die()
		wantB, wantR := g.govPounds(d1+2), g.govPounds(d2-2)
		if half {
			wantB, wantR = wantB/2, wantR/2
		}
		g.beginIncome()
		if gov, cities, rails := g.Income(British); gov != wantB || cities != 6 || rails != 0 || g.Pounds[British] != 100+wantB+6 {
			t.Errorf("half %v: British %d/%d/%d, treasury %d; want %d/6/0", half, gov, cities, rails, g.Pounds[British], wantB)
		}
		if gov, cities, rails := g.Income(Russian); gov != wantR || cities != 0 || rails != 1 || g.Pounds[Russian] != 100+wantR+1 {
			t.Errorf("half %v: Russian %d/%d/%d, treasury %d; want %d/0/1", half, gov, cities, rails, g.Pounds[Russian], wantR)
		}
		if top := g.top(); top == nil || top.Step != StepSpend || top.Side != British {
			t.Fatalf("the British spend first")
		}
	}
}

func TestEconCityValues(t *testing.T) {
	g := econGame(t, "1", 0)
	for city, want := range map[string]int{"delhi": 6, "orenburg": 4, "lahore": 3, "karachi": 3, "kabul": 2} {
		if got := g.r.m.Cities[g.r.m.CityIndex(city)].Income; got != want {
			t.Errorf("%s pays %d, want %d", city, got, want)
		}
	}
}

// Income Table: a city pays its value to the side occupying it; with its
// colony or trading post twice that if it occupies it, once if empty or
// held by neutrals, nothing if the enemy holds it; famine halves and trade
// boom doubles the cities; railways pay one each.
func TestEconCityIncome(t *testing.T) {
	const (
		none = iota
		mine
		enemy
		neutral
	)
	for _, c := range []struct {
		name      string
		marker    MarkerKind // -1 none
		occupant  int
		div, mul  int
		rails     int
		brt, rus  int
		railsWant int
	}{
		{"occupied, no marker", -1, mine, 0, 0, 0, 6, 0, 0},
		{"empty, no marker", -1, none, 0, 0, 0, 0, 0, 0},
		{"enemy-held, no marker", -1, enemy, 0, 0, 0, 0, 6, 0},
		{"trading post, occupied", TradingPost, mine, 0, 0, 0, 12, 0, 0},
		{"trading post, empty", TradingPost, none, 0, 0, 0, 6, 0, 0},
		{"trading post, neutral-held", TradingPost, neutral, 0, 0, 0, 6, 0, 0},
		{"trading post, enemy-held", TradingPost, enemy, 0, 0, 0, 0, 6, 0},
		{"colony, occupied", Colony, mine, 0, 0, 0, 12, 0, 0},
		{"colony, empty", Colony, none, 0, 0, 0, 6, 0, 0},
		{"colony, enemy-held", Colony, enemy, 0, 0, 0, 0, 6, 0},
		{"famine", TradingPost, mine, 2, 0, 0, 6, 0, 0},
		{"trade boom", TradingPost, mine, 0, 2, 0, 24, 0, 0},
		{"railways", -1, none, 0, 0, 3, 0, 0, 3},
	} {
		g := econGame(t, "1", 0)
		delhi := econCity(t, g, "delhi")
		if c.marker >= 0 {
			g.Markers = append(g.Markers, Marker{Kind: c.marker, Side: British, Sq: delhi})
		}
		switch c.occupant {
		case mine:
			econPut(t, g, "british/garrison/1", delhi)
		case enemy:
			econPut(t, g, "russian/garrison/1", delhi)
		case neutral:
			econPut(t, g, "punjab/irregular/1", delhi) // Punjab is neutral in scenario 1
		}
		for i := 0; i < c.rails; i++ {
			g.Markers = append(g.Markers, Marker{Kind: Railway, Side: British, Sq: int16(i)})
		}
		g.Ev.CityDiv, g.Ev.CityMul = c.div, c.mul
		bc, br := g.CityIncome(British)
		rc, _ := g.CityIncome(Russian)
		if bc != c.brt || rc != c.rus || br != c.railsWant {
			t.Errorf("%s: British cities %d railways %d, Russian cities %d; want %d, %d, %d", c.name, bc, br, rc, c.brt, c.railsWant, c.rus)
		}
	}
}

// Expenses Table: every price.
func TestEconExpenses(t *testing.T) {
	g := econGame(t, "1", 0)
	tplOf := func(id string) *tmpl {
		for i := range g.r.tpl {
			if g.r.tpl[i].ID == id {
				return &g.r.tpl[i]
			}
		}
		t.Fatalf("no counter %q", id)
		return nil
	}
	for _, c := range []struct {
		id   string
		cost int
		ok   bool
	}{
		{"british/field-force/1", 8, true}, {"british/field-force/2", 16, true},
		{"british/flying-column/1", 9, true}, {"british/garrison/1", 2, true},
		{"russian/irregular/1", 5, true}, {"afghanistan/irregular/3", 15, true},
		{"north-india/elephant/2", 12, true}, {"ghazis/ghazi/1", 0, false},
		{"keane", 6, true}, {"burnes", 9, true}, {"napier", 12, true},
		{"pundit-british", 3, true}, {"khan-afghanistan", 6, true}, {"mad-mullah", 0, false},
	} {
		cost, ok := g.unitCost(tplOf(c.id))
		if cost != c.cost || ok != c.ok {
			t.Errorf("%s costs %d (recruitable %v), want %d (%v)", c.id, cost, ok, c.cost, c.ok)
		}
	}
	clear := econSquare(t, g, "afghanistan", Clear, false, -1)
	mountain := econSquare(t, g, "afghanistan", Mountain, false, -1)
	for _, c := range []struct {
		k    MarkerKind
		sq   int16
		cost int
	}{{Colony, clear, 20}, {Fort, clear, 5}, {TradingPost, clear, 5}, {Railway, clear, 5}, {Railway, mountain, 10}} {
		if got := g.markerCost(c.k, c.sq); got != c.cost {
			t.Errorf("%s on %s costs %d, want %d", c.k, g.r.m.Squares[c.sq].Terrain, got, c.cost)
		}
	}
}

// 17.1: the first ten supply points bought in a turn cost one pound, the
// others two.
func TestEconSupplyPointPriceBreak(t *testing.T) {
	g := econGame(t, "1", 0)
	for _, c := range []struct{ bought, n, cost int }{{0, 1, 1}, {0, 10, 10}, {0, 11, 12}, {8, 5, 8}, {10, 1, 2}, {12, 3, 6}} {
		g.SPBought[British] = c.bought
		if got := g.spCost(British, c.n); got != c.cost {
			t.Errorf("%d more after %d: %d £, want %d", c.n, c.bought, got, c.cost)
		}
	}
	g.SPBought[British] = 0
	econSpend(g, British)
	econPlay(t, g, "sp:5", "sp:5", "sp:1")
	if g.SP[British]+g.Econ.NewSP[British] != 11 || g.SPBought[British] != 11 || g.Pounds[British] != 100-12 {
		t.Errorf("after 5+5+1 SP: %d SP, %d bought, %d £; want 11, 11, 88", g.SP[British]+g.Econ.NewSP[British], g.SPBought[British], g.Pounds[British])
	}
}

// 10.3.3 example: the British control Afghanistan and occupy Kabul, so
// they may recruit an Afghan field force placed in Kabul.
func TestEconRecruitAfghanFieldForceInKabul(t *testing.T) {
	g := econGame(t, "1", 0)
	kabul := econCity(t, g, "kabul")
	af := econRegion(g, "afghanistan")
	econSpend(g, British)
	econPlay(t, g, "cat:units")
	if slices.Contains(econIDs(g), "nation:afghanistan") {
		t.Fatal("Afghan units offered while Afghanistan is neutral (5.2.2)")
	}
	g.Control[af] = British
	econPlay(t, g, "back", "cat:units", "nation:afghanistan")
	if slices.Contains(econIDs(g), "buy:afghanistan/field-force/1") {
		t.Fatal("an Afghan field force offered with no British unit in an Afghan city (10.3.3 B)")
	}
	if !slices.Contains(econIDs(g), "buy:afghanistan/irregular/1") {
		t.Fatal("Afghan irregulars not offered (10.3.3 A)")
	}
	econPut(t, g, "british/field-force/1", kabul)
	econPlay(t, g, "buy:afghanistan/field-force/1")
	if ids := econIDs(g); !slices.Equal(ids, []string{"at:" + g.sqTok(kabul), "back"}) {
		t.Fatalf("the Afghan field force may go to %v, want Kabul only", ids)
	}
	econPlay(t, g, "at:"+g.sqTok(kabul))
	n := 0
	for p := range g.Pieces {
		if g.Pieces[p].Loc == kabul && g.T(p).ID == "afghanistan/field-force/1" {
			n++
			if g.Pieces[p].Flags&FlagNew == 0 {
				t.Error("a unit just bought is not flagged new (3.1(3))")
			}
		}
	}
	if n != 1 || g.Pounds[British] != 92 {
		t.Errorf("%d Afghan field forces in Kabul, treasury %d; want 1 and 92", n, g.Pounds[British])
	}
}

// 10.3.1, 10.6.1: British regulars go to the base or a British colony, and
// a colony takes one regular counter a phase.
func TestEconRecruitRegularsBaseAndColony(t *testing.T) {
	g := econGame(t, "1", 0)
	delhi := econCity(t, g, "delhi")
	g.Markers = append(g.Markers, Marker{Kind: Colony, Side: British, Sq: delhi})
	info := g.survey(British)
	p := g.firstRecruitable(British, "british/field-force/1")
	if got := g.econRecruitSquares(British, p, false, info); !slices.Equal(got, []int16{LocBaseBr, delhi}) {
		t.Fatalf("British field force may go to %v, want base and Delhi", got)
	}
	econSpend(g, British)
	econPlay(t, g, "cat:units", "nation:british", "buy:british/field-force/1", "at:"+g.sqTok(delhi))
	p = g.firstRecruitable(British, "british/garrison/1")
	if got := g.econRecruitSquares(British, p, false, g.survey(British)); !slices.Equal(got, []int16{LocBaseBr}) {
		t.Errorf("after one regular in the colony, a garrison may go to %v, want the base only (10.6.1)", got)
	}
	a := g.firstRecruitable(British, "gough")
	if got := g.econRecruitSquares(British, a, false, g.survey(British)); !slices.Equal(got, []int16{LocBaseBr, delhi}) {
		t.Errorf("an agent may go to %v, want the base and the colony (agents unlimited)", got)
	}
}

// 10.6.1: new brigades in a square up to its forage value (at least one);
// 10.3.3 A: not where enemy or neutral units are.
func TestEconRecruitForageLimit(t *testing.T) {
	g := econGame(t, "1", 0)
	af := econRegion(g, "afghanistan")
	g.Control[af] = British
	clear := econSquare(t, g, "afghanistan", Clear, false, -1)
	mountain := econSquare(t, g, "afghanistan", Mountain, false, -1)
	desert := econSquare(t, g, "afghanistan", Desert, false, -1)
	can := func(id string, sq int16) bool {
		p := g.firstRecruitable(British, id)
		return p >= 0 && slices.Contains(g.econRecruitSquares(British, p, false, g.survey(British)), sq)
	}
	for _, c := range []struct {
		sq    int16
		limit int
	}{{clear, 3}, {mountain, 1}, {desert, 1}} {
		if got := g.recruitLimit(c.sq); got != c.limit {
			t.Errorf("%s limit %d, want %d", g.r.m.Squares[c.sq].Terrain, got, c.limit)
		}
	}
	if can("afghanistan/irregular/3", mountain) || !can("afghanistan/irregular/3", clear) {
		t.Error("a XXX horde fits a clear square (3) but not a mountain one (1)")
	}
	for i := 0; i < 3; i++ {
		if !can("afghanistan/irregular/1", clear) {
			t.Fatalf("irregular %d refused in a clear square", i+1)
		}
		p := g.firstRecruitable(British, "afghanistan/irregular/1")
		g.Pieces[p].Loc, g.Pieces[p].Flags = clear, FlagNew
	}
	if can("afghanistan/irregular/1", clear) {
		t.Error("a fourth new brigade in a clear square (forage 3)")
	}
	if !can("afghanistan/irregular/1", desert) || !can("khan-afghanistan", mountain) {
		t.Error("one irregular in a desert square, agents anywhere")
	}
	econPut(t, g, "herat/irregular/1", desert) // neutral
	if can("afghanistan/irregular/1", desert) || can("khan-afghanistan", desert) {
		t.Error("natives placed where neutral units are (10.3.3 A)")
	}
	econPut(t, g, "russian/garrison/1", mountain)
	if can("khan-afghanistan", mountain) {
		t.Error("an agent placed where enemy units are (10.3.3 A)")
	}
}

// 10.4, 16.6.1, European war: what may be recruited.
func TestEconRecruitable(t *testing.T) {
	g := econGame(t, "1", 0)
	first := func(id string) int { return g.r.agentTpl[id] }
	gough, cav, burnes := first("gough"), first("cavagnari"), first("burnes")
	if !g.recruitable(British, gough) || g.recruitable(British, cav) {
		t.Error("turn 1: Gough (period 1) recruitable, Cavagnari (period 2) not (16.6.1)")
	}
	g.Pieces[burnes].Loc = LocGone
	if g.recruitable(British, burnes) {
		t.Error("a dead historical agent recruited again (10.4, 16.3.3)")
	}
	pundit := first("pundit-british")
	g.Pieces[pundit].Loc = LocDead
	if !g.recruitable(British, pundit) {
		t.Error("a dead pundit may be recruited again (16.8)")
	}
	if g.recruitable(Russian, gough) {
		t.Error("the Russians recruit a British agent")
	}
	ff := g.firstRecruitable(British, "british/field-force/1")
	g.Ev.NoRegulars = true
	if g.recruitable(British, ff) || !g.recruitable(British, gough) {
		t.Error("European war: no regular units, agents still")
	}
	g.Ev.NoRegulars = false
	g.Pounds[British] = 7
	econSpend(g, British)
	econPlay(t, g, "cat:units", "nation:british")
	if ids := econIDs(g); slices.Contains(ids, "buy:british/field-force/1") || !slices.Contains(ids, "buy:british/garrison/1") {
		t.Errorf("with 7 £: %v (a field force costs 8, a garrison 2)", ids)
	}
}

// 20.2, 20.3: where each civilization marker may go.
func TestEconMarkerConditions(t *testing.T) {
	g := econGame(t, "1", 0)
	kabul, herat := econCity(t, g, "kabul"), econCity(t, g, "herat")
	clear := econSquare(t, g, "afghanistan", Clear, false, 0)
	ok := func(k MarkerKind, sq int16) bool { return g.markerOK(British, k, sq, g.survey(British)) }
	if ok(Colony, kabul) || ok(TradingPost, kabul) || ok(Fort, clear) {
		t.Fatal("markers where the British have nobody")
	}
	a := econPut(t, g, "burnes", kabul)
	if ok(Colony, kabul) || !ok(TradingPost, kabul) {
		t.Error("an agent alone: a trading post, not a colony")
	}
	g.Pieces[a].Loc = LocAvail
	econPut(t, g, "afghanistan/irregular/1", kabul)
	g.Control[econRegion(g, "afghanistan")] = British
	if ok(Colony, kabul) || !ok(TradingPost, kabul) || !ok(Fort, kabul) {
		t.Error("a native unit: a trading post or a fort, not a colony")
	}
	econPut(t, g, "british/field-force/1", kabul)
	if ok(Colony, kabul) {
		t.Error("a colony without a British agent (20.3.1)")
	}
	econPut(t, g, "burnes", kabul)
	if !ok(Colony, kabul) {
		t.Error("a colony with a British unit and agent refused")
	}
	econPut(t, g, "british/garrison/1", clear)
	if !ok(Fort, clear) || ok(TradingPost, clear) || ok(Colony, clear) {
		t.Error("off a city: a fort only")
	}
	// a colony replaces the trading post
	g.addMarker(British, TradingPost, kabul)
	g.addMarker(British, Colony, kabul)
	g.endSpending()
	if g.MarkerAt(kabul, TradingPost, British) >= 0 || g.MarkerAt(kabul, Colony, British) < 0 || len(g.Markers) != 1 {
		t.Errorf("the colony did not replace the trading post: %+v", g.Markers)
	}
	if ok(Colony, kabul) || ok(TradingPost, kabul) {
		t.Error("a second colony, or a trading post beside a colony (20.2.1)")
	}
	// 20.2.1 example: a colony and a railway in one square
	g.Turn = 6
	if !ok(Railway, kabul) {
		t.Error("a railway beside a colony refused (20.2.1)")
	}
	// 20.2.3: not where the enemy has a marker
	econPut(t, g, "british/field-force/1", herat)
	econPut(t, g, "pottinger", herat)
	g.Markers = append(g.Markers, Marker{Kind: Fort, Side: Russian, Sq: herat})
	if ok(Colony, herat) || ok(TradingPost, herat) || ok(Fort, herat) || ok(Railway, herat) {
		t.Error("a marker where the enemy has one (20.2.3)")
	}
}

// 20.3.4: railways from 1860-64, from a city or the base's side, then
// square by square with a British unit, a mountain only on a trade route.
func TestEconRailways(t *testing.T) {
	g := econGame(t, "1", 0)
	var entry int16 = -1
	for _, b := range g.r.m.Bases {
		for _, e := range b.Entry {
			if b.Side == "british" && entry < 0 && g.r.m.Squares[e].Terrain == Clear && g.r.m.Squares[e].City < 0 {
				entry = int16(e)
			}
		}
	}
	if entry < 0 {
		t.Skip("no clear entry square of Central India in this edition")
	}
	next := int16(-1)
	for _, n := range g.r.m.Orthogonal(int(entry)) {
		if q := g.r.m.Squares[n]; q.Terrain != Mountain && q.City < 0 && !g.baseEntry(British, int16(n)) {
			next = int16(n)
		}
	}
	ok := func(sq int16) bool { return g.markerOK(British, Railway, sq, g.survey(British)) }
	econPut(t, g, "british/field-force/1", entry)
	econPut(t, g, "british/field-force/1", next)
	if ok(entry) {
		t.Error("a railway before 1860-64")
	}
	g.Turn = 6
	if !ok(entry) || ok(next) {
		t.Error("the first railway along the base's side, not in the open")
	}
	g.Markers = append(g.Markers, Marker{Kind: Railway, Side: British, Sq: entry})
	if !ok(next) {
		t.Error("a railway next to the first refused")
	}
	nat := econSquare(t, g, "north-india", Clear, false, 0)
	g.Control[econRegion(g, "north-india")] = British
	econPut(t, g, "north-india/irregular/1", nat)
	if ok(nat) {
		t.Error("a railway with no British unit (20.3.4)")
	}
	// mountains: only on a trade route, for 10 £
	mr := econSquare(t, g, "afghanistan", Mountain, true, 1)
	m0 := econSquare(t, g, "afghanistan", Mountain, false, 0)
	econPut(t, g, "british/field-force/1", mr)
	econPut(t, g, "british/field-force/1", m0)
	if !ok(mr) || g.markerCost(Railway, mr) != 10 {
		t.Error("a railway in a mountain city on a trade route: allowed, 10 £")
	}
	g.Markers = append(g.Markers, Marker{Kind: Railway, Side: British, Sq: int16(g.r.m.Orthogonal(int(m0))[0])})
	if ok(m0) {
		t.Error("a railway in a mountain square with no trade route")
	}
}

// 18.3 (adapted to the mix: British field forces come as X and XX): a XX
// breaks into two X and two X make a XX, with the counters the mix has.
func TestEconReorganize(t *testing.T) {
	g := econGame(t, "1", 0)
	xx := econPut(t, g, "british/field-force/2", LocBaseBr)
	econSpend(g, British)
	econPlay(t, g, "cat:reorg")
	if !slices.Contains(econIDs(g), "split:"+PieceID(xx)) {
		t.Fatalf("no break-up offered: %v", econIDs(g))
	}
	econPlay(t, g, "split:"+PieceID(xx))
	var xs []int
	for p := range g.Pieces {
		if g.Pieces[p].Loc == LocBaseBr && !g.leaving(p) {
			xs = append(xs, p)
		}
	}
	if len(xs) != 2 || g.T(xs[0]).ID != "british/field-force/1" || g.T(xs[1]).ID != "british/field-force/1" || !g.leaving(xx) {
		t.Fatalf("after the break-up the base holds %v", xs)
	}
	if !slices.Contains(econIDs(g), "join2:"+PieceID(xs[0])) {
		t.Fatalf("no join offered: %v", econIDs(g))
	}
	econPlay(t, g, "join2:"+PieceID(xs[0]))
	n := 0
	for p := range g.Pieces {
		if g.Pieces[p].Loc == LocBaseBr && !g.leaving(p) {
			n++
			if g.T(p).ID != "british/field-force/2" {
				t.Errorf("%s in the base after joining", g.PieceName(p))
			}
		}
	}
	if n != 1 {
		t.Errorf("%d counters in the base after joining, want one XX", n)
	}
	// no X left in the mix: no break-up
	for p := range g.Pieces {
		if g.T(p).ID == "british/field-force/1" {
			g.Pieces[p].Loc = econCity(t, g, "delhi")
		}
	}
	for _, o := range g.reorgOptions(British) {
		if strings.HasPrefix(o.id, "split:") {
			t.Errorf("a break-up offered with no brigade counter in the mix: %s", o.label)
		}
	}
	// a XXX: into three X or XX + X (Afghan hordes)
	g.Control[econRegion(g, "afghanistan")] = British
	h := econPut(t, g, "afghanistan/irregular/3", econCity(t, g, "kabul"))
	var ids []string
	for _, o := range g.reorgOptions(British) {
		ids = append(ids, o.id)
	}
	if !slices.Contains(ids, "split:"+PieceID(h)) {
		t.Errorf("no break-up of the horde into three groups: %v", ids)
	}
}

// 10.5: disbanding returns units and markers, free.
func TestEconDisband(t *testing.T) {
	g := econGame(t, "1", 0)
	delhi := econCity(t, g, "delhi")
	k := econPut(t, g, "keane", delhi)
	g.Markers = append(g.Markers, Marker{Kind: TradingPost, Side: British, Sq: delhi})
	econSpend(g, British)
	econPlay(t, g, "cat:disband", "loc:"+g.sqTok(delhi), "disband:"+PieceID(k), "unmark:trading-post")
	g.endSpending()
	if g.Pieces[k].Loc != LocAvail || len(g.Markers) != 0 || g.Pounds[British] != 100 {
		t.Errorf("after disbanding: Keane at %d, %d markers, %d £", g.Pieces[k].Loc, len(g.Markers), g.Pounds[British])
	}
}

// 3.1(3): what a side buys stays hidden (flagged new) until both have
// spent; then it is shown.
func TestEconPurchasesHiddenUntilBothSpent(t *testing.T) {
	g := econGame(t, "1", 0)
	delhi := econCity(t, g, "delhi")
	econPut(t, g, "british/field-force/1", delhi)
	g.push(task(StepSpend, British), task(StepSpend, Russian), task(StepSpendEnd, British))
	econPlay(t, g, "cat:markers", "mark:trading-post", "at:"+g.sqTok(delhi), "back", "cat:units", "nation:british", "buy:british/garrison/1", "at:base", "back", "done")
	if g.top().Side != Russian || g.Econ.NewMarkers != 1 || !g.NewMarker(len(g.Markers)-1) {
		t.Fatalf("the British trading post is not hidden while the Russians spend")
	}
	hidden := 0
	for p := range g.Pieces {
		if g.Pieces[p].Flags&FlagNew != 0 {
			hidden++
		}
	}
	if hidden != 1 {
		t.Errorf("%d new pieces, want the garrison", hidden)
	}
	reveals := g.sec.N
	econPlay(t, g, "done")
	for p := range g.Pieces {
		if g.Pieces[p].Flags&FlagNew != 0 {
			t.Fatal("a piece still new after the phase")
		}
	}
	if g.Econ.NewMarkers != 0 || g.sec.N != reveals+1 {
		t.Errorf("purchases not shown: %d new markers, %d reveals", g.Econ.NewMarkers, g.sec.N-reveals)
	}
	if g.Pounds[British] != 100-5-2 {
		t.Errorf("British treasury %d, want 93", g.Pounds[British])
	}
}

// Spending menus always offer a way out, and every listed option plays.
func TestEconSpendMenusPlay(t *testing.T) {
	seeds, maxSteps := 6, 20000
	if testing.Short() {
		seeds, maxSteps = 2, 4000
	}
	for seed := uint64(0); seed < uint64(seeds); seed++ {
		g := newTestGame(t, "2", 0, seed)
		for g.top() != nil && g.top().Step == StepPlace {
			econPlay(t, g, "standard")
		}
		for steps := 0; !g.Over && steps < maxSteps; steps++ {
			if err := g.Check(); err != nil {
				t.Fatal(err)
			}
			if err := g.checkEcon(); err != nil {
				t.Fatalf("seed %d: %v", seed, err)
			}
			d := g.Decision()
			o := d.Options[(steps*7+int(seed))%len(d.Options)]
			if err := g.Apply(o.ID); err != nil {
				t.Fatal(err)
			}
		}
	}
}
