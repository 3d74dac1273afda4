package greatgame

import (
	"sort"
	"strings"
	"testing"
)

func mustData(t *testing.T) *Data {
	t.Helper()
	d, err := DefaultData()
	if err != nil {
		t.Fatal(err)
	}
	return d
}

func city(t *testing.T, m *Map, id string) City {
	t.Helper()
	ci := m.CityIndex(id)
	if ci < 0 {
		t.Fatalf("no city %q", id)
	}
	return m.Cities[ci]
}

func regionOf(m *Map, c City) string { return m.Regions[c.Region].ID }

// The map spans the Caspian and the Gulf to Nepal and West Tibet, Orenburg
// to Karachi, in about 50-mile squares (2.1, 2.5).
func TestGridAndProjection(t *testing.T) {
	m := mustData(t).Map
	if m.Cols < 35 || m.Cols > 40 || m.Rows < 35 || m.Rows > 40 {
		t.Errorf("grid %d×%d, want 35–40 squares a side", m.Cols, m.Rows)
	}
	p := m.Projection
	// 50 miles: 69 miles a degree of latitude, 54.5 of longitude at 38° N.
	if mi := p.DegLat * 69; mi < 45 || mi > 55 {
		t.Errorf("a square is %.1f miles north-south", mi)
	}
	if mi := p.DegLon * 54.5; mi < 45 || mi > 55 {
		t.Errorf("a square is %.1f miles east-west", mi)
	}
	for _, c := range m.Cities {
		col, row := p.Square(c.Lat, c.Lon)
		s := m.Squares[c.Square]
		if s.Col != col || s.Row != row {
			t.Errorf("%s at %s, its coordinates %.2f,%.2f project to column %d row %d", c.ID, s.ID, c.Lat, c.Lon, col+1, row+1)
		}
	}
	for _, e := range []struct{ id, edge string }{{"orenburg", "north"}, {"karachi", "south"}, {"bushire", "west"}, {"kathmandu", "east"}} {
		if !m.OnEdge(city(t, m, e.id).Square, e.edge) {
			t.Errorf("%s is not on the %s edge", e.id, e.edge)
		}
	}
}

func TestEveryTerrainAndEverySquare(t *testing.T) {
	m := mustData(t).Map
	var n [NumTerrains]int
	for _, s := range m.Squares {
		n[s.Terrain]++
		if (s.Terrain == Sea) != (s.Region < 0) || (s.Terrain == Sea) != (s.Water >= 0) {
			t.Errorf("square %s: land squares have a region, sea squares a water", s.ID)
		}
	}
	for i, k := range n {
		if k == 0 {
			t.Errorf("no %s square", Terrain(i))
		}
	}
}

// The nineteen regions of the native-unit list, each with a capital that is
// one of its cities (errata 2.8.1: Khiva, Chitral), and no Ghazi region (5.7).
func TestRegions(t *testing.T) {
	d := mustData(t)
	m := d.Map
	want := map[string]string{"AF": "afghanistan", "BL": "baluchistan", "BU": "bukhara", "HE": "herat", "KK": "khokand",
		"KS": "kashmir", "KV": "khiva", "KZ": "kazakhstan", "MV": "merv", "NI": "north-india", "NP": "nepal", "PA": "pamir",
		"PE": "persia", "PJ": "punjab", "SK": "sinkiang", "SN": "sind", "TK": "turkestan", "WS": "west-siberia", "WT": "west-tibet"}
	if len(m.Regions) != 19 {
		t.Errorf("%d regions, want 19", len(m.Regions))
	}
	for _, r := range m.Regions {
		if want[r.Abbr] != r.ID {
			t.Errorf("region %s abbreviated %s", r.ID, r.Abbr)
		}
		if r.Capital < 0 || m.Cities[r.Capital].Region != m.RegionIndex(r.ID) {
			t.Errorf("region %s: capital is not one of its cities", r.ID)
		}
		if r.VP < 1 {
			t.Errorf("region %s is worth no victory points", r.ID)
		}
		// one piece of land, squares touching at sides or corners
		seen := map[int]bool{r.Squares[0]: true}
		queue := []int{r.Squares[0]}
		for len(queue) > 0 {
			s := queue[0]
			queue = queue[1:]
			for _, n := range m.Neighbours(s) {
				if m.Squares[n].Region == m.Squares[s].Region && !seen[n] {
					seen[n] = true
					queue = append(queue, n)
				}
			}
		}
		if len(seen) != len(r.Squares) {
			t.Errorf("region %s is in pieces (%d of %d squares joined)", r.ID, len(seen), len(r.Squares))
		}
	}
	if c := m.Cities[m.Regions[m.RegionIndex("khiva")].Capital].ID; c != "khiva" {
		t.Errorf("capital of Khiva is %s (errata 2.8.1)", c)
	}
	if c := m.Cities[m.Regions[m.RegionIndex("pamir")].Capital].ID; c != "chitral" {
		t.Errorf("capital of Pamir is %s (errata 2.8.1)", c)
	}
	if d.Regions.Ghazis.Abbr != "GH" || m.RegionIndex(d.Regions.Ghazis.ID) >= 0 {
		t.Error("the ghazis have no region (5.7)")
	}
	if len(m.Bases) != 2 {
		t.Fatalf("%d bases", len(m.Bases))
	}
}

// Cities the set-ups name, in the regions they name; city counts the set-ups imply.
func TestSetupCities(t *testing.T) {
	m := mustData(t).Map
	named := map[string]string{"orenburg": "west-siberia", "gurev": "west-siberia", "karkaralinsk": "west-siberia",
		"semipalatinsk": "west-siberia", "tehran": "persia", "delhi": "north-india", "agra": "north-india",
		"jodhpur": "north-india", "lucknow": "north-india", "simla": "north-india", "kathmandu": "nepal", "herat": "herat",
		"kabul": "afghanistan", "gartok": "west-tibet", "srinagar": "kashmir", "bushire": "persia", "karachi": "sind"}
	for id, r := range named {
		if got := regionOf(m, city(t, m, id)); got != r {
			t.Errorf("%s is in %s, want %s", id, got, r)
		}
	}
	count := func(r string) int { return len(m.Regions[m.RegionIndex(r)].Cities) }
	if n := count("persia"); n != 6 {
		t.Errorf("Persia has %d cities; the set-ups place a garrison in each, six in all", n)
	}
	if n := count("north-india"); n < 5 {
		t.Errorf("North India has %d cities, the set-ups name five", n)
	}
}

// The Income Table: Delhi 6, Orenburg 4, other cities of India, Punjab and
// Sind on trade routes 3, other cities on trade routes 2, all others 1.
func TestCityIncome(t *testing.T) {
	m := mustData(t).Map
	for _, c := range m.Cities {
		want := 1
		r := regionOf(m, c)
		switch {
		case c.ID == "delhi":
			want = 6
		case c.ID == "orenburg":
			want = 4
		case c.OnRoute && (r == "north-india" || r == "punjab" || r == "sind"):
			want = 3
		case c.OnRoute:
			want = 2
		}
		if c.Income != want {
			t.Errorf("%s earns %d, want %d", c.ID, c.Income, want)
		}
	}
	for _, id := range []string{"khiva", "bukhara", "herat", "kabul", "peshawar", "lahore", "karachi", "tehran", "kashgar", "leh"} {
		if !city(t, m, id).OnRoute {
			t.Errorf("%s is not on a trade route", id)
		}
	}
}

// Bases and edges (19.1, Chinese march west).
func TestBasesAndEdges(t *testing.T) {
	m := mustData(t).Map
	for _, b := range m.Bases {
		if len(b.Entry) == 0 {
			t.Errorf("base %s has no entry square", b.ID)
		}
		for _, s := range b.Entry {
			if m.Regions[m.Squares[s].Region].ID != m.Regions[b.LandRegion].ID {
				t.Errorf("base %s: entry %s outside %s", b.ID, m.Squares[s].ID, m.Regions[b.LandRegion].ID)
			}
		}
		switch b.ID {
		case "central-india":
			if b.Side != "british" || m.Regions[b.LandRegion].ID != "north-india" || m.Waters[b.Sea].ID != "gulf" || strings.Join(b.LandEdges, ",") != "south" {
				t.Errorf("Central India: south edge of North India and the Persian Gulf (19.1.1)")
			}
		case "urals":
			if b.Side != "russian" || m.Regions[b.LandRegion].ID != "west-siberia" || m.Waters[b.Sea].ID != "caspian" {
				t.Errorf("Urals: west or north edge of West Siberia and the Caspian (19.1.2)")
			}
			var w, n bool
			for _, s := range b.Entry {
				w = w || m.OnEdge(s, "west")
				n = n || m.OnEdge(s, "north")
			}
			if !w || !n {
				t.Error("West Siberia must touch both the west and the north edges")
			}
		}
	}
	if len(m.MarchWest) == 0 {
		t.Error("Sinkiang has no east-edge square")
	}
	// the water a base is entered through touches a port and coast
	coastOf := func(water, cityID string) {
		s := city(t, m, cityID).Square
		for _, n := range m.Neighbours(s) {
			if m.Squares[n].Water >= 0 && m.Waters[m.Squares[n].Water].ID == water {
				return
			}
		}
		t.Errorf("%s is not on the %s", cityID, water)
	}
	coastOf("gulf", "bushire")
	coastOf("gulf", "karachi")
	coastOf("caspian", "gurev")
	coastOf("caspian", "astrabad")
	for _, id := range []string{"bushire", "karachi", "gurev", "astrabad"} {
		if !m.Squares[city(t, m, id).Square].Port {
			t.Errorf("%s is not a port", id)
		}
	}
}

// routeConnected reports whether two cities are joined by trade-route squares.
func routeConnected(m *Map, a, b int) bool {
	from, to := m.Cities[a].Square, m.Cities[b].Square
	seen := map[int]bool{from: true}
	queue := []int{from}
	for len(queue) > 0 {
		s := queue[0]
		queue = queue[1:]
		if s == to {
			return true
		}
		for _, ri := range m.Squares[s].Routes {
			sq := m.Routes[ri].Squares
			for i, x := range sq {
				if x != s {
					continue
				}
				for _, j := range []int{i - 1, i + 1} {
					if j >= 0 && j < len(sq) && !seen[sq[j]] {
						seen[sq[j]] = true
						queue = append(queue, sq[j])
					}
				}
			}
		}
	}
	return false
}

func TestTradeRoutesFollowCaravanRoads(t *testing.T) {
	m := mustData(t).Map
	for _, p := range [][2]string{
		{"orenburg", "khiva"}, {"khiva", "bukhara"}, {"bukhara", "samarkand"}, {"samarkand", "tashkent"},
		{"herat", "kandahar"}, {"kandahar", "quetta"}, {"quetta", "hyderabad"}, {"kabul", "peshawar"},
		{"leh", "yarkand"}, {"meshed", "herat"}, {"lahore", "delhi"}, {"delhi", "agra"}, {"tehran", "bushire"},
		{"orenburg", "tashkent"}, {"tashkent", "kashgar"}, {"merv", "meshed"}, {"karachi", "hyderabad"},
	} {
		if !routeConnected(m, m.CityIndex(p[0]), m.CityIndex(p[1])) {
			t.Errorf("no trade route from %s to %s", p[0], p[1])
		}
	}
	// Passes: the Khyber and Bolan roads cross mountain squares.
	for _, id := range []string{"grand-trunk", "herat-road", "karakoram-road"} {
		found := false
		for _, r := range m.Routes {
			if r.ID != id {
				continue
			}
			for _, s := range r.Squares {
				found = found || m.Squares[s].Terrain == Mountain
			}
		}
		if !found {
			t.Errorf("route %s crosses no mountain pass", id)
		}
	}
	bases := map[string]bool{}
	for _, r := range m.Routes {
		if r.Base != "" {
			bases[r.Base] = true
		}
	}
	if !bases["central-india"] || !bases["urals"] {
		t.Error("both bases keep trade routes onto the map (19.1)")
	}
}

func terrainAt(m *Map, lat, lon float64) (Terrain, string) {
	c, r := m.Projection.Square(lat, lon)
	s := m.Squares[m.At(c, r)]
	w := ""
	if s.Water >= 0 {
		w = m.Waters[s.Water].ID
	}
	return s.Terrain, w
}

// Mountains, deserts, seas and rivers where they are on the ground.
func TestGeography(t *testing.T) {
	m := mustData(t).Map
	for _, g := range []struct {
		name     string
		lat, lon float64
		want     Terrain
		water    string
	}{
		{"Hindu Kush", 35.5, 69.0, Mountain, ""}, {"Pamirs", 38.5, 73.5, Mountain, ""}, {"Tian Shan", 42.0, 78.0, Mountain, ""},
		{"Karakoram", 35.8, 76.5, Mountain, ""}, {"Himalaya", 30.0, 81.5, Mountain, ""}, {"Sulaiman", 31.0, 69.8, Mountain, ""},
		{"Elburz", 36.3, 52.5, Mountain, ""}, {"Zagros", 30.0, 52.5, Mountain, ""},
		{"Kara Kum", 39.5, 59.5, Desert, ""}, {"Kyzyl Kum", 42.5, 64.0, Desert, ""}, {"Dasht-e Kavir", 34.5, 54.5, Desert, ""},
		{"Dasht-e Lut", 31.0, 58.8, Desert, ""}, {"Thar", 27.0, 71.0, Desert, ""}, {"Taklamakan", 39.0, 82.0, Desert, ""},
		{"Ust-Yurt", 44.0, 56.0, Desert, ""}, {"Registan", 30.5, 65.0, Desert, ""},
		{"Caspian", 42.0, 51.0, Sea, "caspian"}, {"Aral", 45.5, 60.0, Sea, "aral"}, {"Persian Gulf", 27.0, 51.5, Sea, "gulf"},
		{"Arabian Sea", 24.7, 62.0, Sea, "gulf"}, {"Balkhash", 46.5, 75.0, Sea, "balkhash"},
		{"Punjab plain", 31.0, 73.5, Clear, ""}, {"Ganges plain", 27.0, 80.0, Clear, ""}, {"Fergana", 40.7, 71.5, Clear, ""},
	} {
		if got, w := terrainAt(m, g.lat, g.lon); got != g.want || w != g.water {
			t.Errorf("%s (%.1f N %.1f E) is %s %s, want %s %s", g.name, g.lat, g.lon, got, w, g.want, g.water)
		}
	}
	rivers := map[string][]string{
		"indus": {"hyderabad", "karachi"}, "amu-darya": {"khiva"}, "syr-darya": {"ak-mechet", "khujand"},
		"ural": {"orenburg", "uralsk", "gurev"}, "yamuna": {"delhi", "agra"}, "kabul-river": {"jalalabad", "peshawar"},
		"chenab-ravi": {"multan", "lahore"}, "helmand": nil, "ganges": nil, "sutlej": nil,
	}
	for id, cities := range rivers {
		var r *Chain
		for i := range m.Rivers {
			if m.Rivers[i].ID == id {
				r = &m.Rivers[i]
			}
		}
		if r == nil {
			t.Errorf("no river %s", id)
			continue
		}
		for _, c := range cities {
			if !contains(r.Squares, city(t, m, c).Square) {
				t.Errorf("the %s does not pass %s", id, c)
			}
		}
	}
	// mouths: rivers reach the sea they flow into (13.8 amphibious movement)
	mouth := func(id string, first bool, water string) {
		for _, r := range m.Rivers {
			if r.ID != id {
				continue
			}
			s := r.Squares[len(r.Squares)-1]
			if first {
				s = r.Squares[0]
			}
			for _, n := range m.Neighbours(s) {
				if m.Squares[n].Water >= 0 && m.Waters[m.Squares[n].Water].ID == water {
					return
				}
			}
		}
		t.Errorf("the %s does not reach the %s", id, water)
	}
	mouth("ural", false, "caspian")
	mouth("amu-darya", true, "aral")
	mouth("syr-darya", true, "aral")
	mouth("indus", true, "gulf")
}

// The TEC facts the rules fix.
func TestTEC(t *testing.T) {
	tec := mustData(t).TEC
	row := func(id string) int { return tec.TerrainIndex(id) }
	clear, desert, mountain, sea := tec.Terrain[row("clear")], tec.Terrain[row("desert")], tec.Terrain[row("mountain")], tec.Terrain[row("sea")]
	if clear.Forage != 3 {
		t.Errorf("clear forages %d, want 3 (17.6)", clear.Forage)
	}
	if desert.Forage != 0 || desert.IrregularForage != 1 {
		t.Error("desert forages 0 and feeds one irregular group (2.8.1)")
	}
	if clear.RouteMove != 0.5 || desert.RouteMove != 1 || mountain.RouteMove != 1 {
		t.Error("trade routes cost ½, and 1 through desert or mountain (13.5)")
	}
	if mountain.Amphibious || !clear.Amphibious || !sea.Amphibious || sea.Land {
		t.Error("no amphibious move into or out of mountain (13.8.2); sea only by amphibious move (13.7.1)")
	}
	mult := map[int]bool{}
	for _, r := range tec.Terrain {
		mult[r.Defence] = true
	}
	for _, f := range tec.Features {
		if f.ID != "fort" && f.ID != "city" {
			if f.Defence != 1 {
				t.Errorf("%s gives defence ×%d (rivers give none, 14.7.4)", f.ID, f.Defence)
			}
		} else {
			mult[f.Defence] = true
		}
	}
	if !mult[2] || !mult[3] || tec.FeatureDefence("fort") != 3 || tec.MaxDefence != 3 {
		t.Error("defence ×2 or ×3 by terrain, fort ×3, never more than ×3 (14.7.4, 20.3.2)")
	}
	if tec.BaseMove != 1 || tec.Amphibious.SupplyFromPort != 1 || tec.Amphibious.SupplyElsewhere != 2 {
		t.Error("base entry +1 MP (19.1.3); amphibious 1 SP from a port, 2 elsewhere (13.8.1)")
	}
}

// Balance of Power: −18…+18 without zero, the favour levels, the errata's shifts.
func TestBalanceOfPower(t *testing.T) {
	ch := mustData(t).Charts
	if ch.BoP.Min != -18 || ch.BoP.Max != 18 || ch.BoP.Zero {
		t.Error("track −18…+18 with no zero (4.3, clarifications)")
	}
	for v := -18; v <= 18; v++ {
		side, lvl, ok := ch.Favour(v)
		if v == 0 {
			if ok {
				t.Error("zero is not a space")
			}
			continue
		}
		if !ok || (v > 0) != (side == "british") {
			t.Errorf("BoP %d: %s %v", v, side, ok)
		}
		if v == 1 && lvl.ID != "slight" || v == 18 && lvl.ID != "strong" {
			t.Errorf("BoP %d is %s favour", v, lvl.ID)
		}
	}
	want := map[string]int{"colony-destroyed": 2, "trading-post-destroyed": 1, "railway-destroyed": 1, "fort-destroyed": 0, "agent-executed": 1}
	for _, a := range ch.BoP.Actions {
		if w, ok := want[a.ID]; ok && (a.Shift != w || a.Toward != "owner") {
			t.Errorf("%s moves %d toward %s", a.ID, a.Shift, a.Toward)
		}
		delete(want, a.ID)
	}
	if len(want) > 0 {
		t.Errorf("missing shifts %v", want)
	}
	if len(ch.BoP.Cities) == 0 {
		t.Error("no cities move the Balance of Power (4.1)")
	}
	vp := map[string]int{}
	for _, l := range ch.BoP.Levels {
		vp[l.ID] = l.VictoryPoints
	}
	if vp["slight"] != 5 || vp["moderate"] != 10 || vp["strong"] != 15 {
		t.Errorf("victory points by favour %v (25.1.1)", vp)
	}
}

// Counters: the ratings the rules give and the mix.
func TestCounters(t *testing.T) {
	d := mustData(t)
	k := &d.Counters
	if a := k.AgentByID("dost-mohammed"); a == nil || a.Political != 2 || a.Military != 2 {
		t.Error("Dost Mohammed is 2/2 (2.8.2)")
	}
	if a := k.AgentByID("keane"); a == nil || a.Military != 2 {
		t.Error("Keane has military 2 (16.2.1)")
	}
	circled := map[string]bool{}
	for _, ut := range k.UnitTypes {
		circled[ut.ID] = ut.Circled
	}
	if !circled["irregular"] || !circled["ghazi"] || circled["field-force"] || circled["flying-column"] {
		t.Error("irregulars and ghazis have circled movement, regulars not (13.2)")
	}
	for _, u := range k.Units {
		switch {
		case u.Type == "field-force" && u.Move != 4, u.Type == "flying-column" && u.Move != 6:
			t.Errorf("%s %s moves %d (11.3, 2.8.2)", u.Nation, u.Type, u.Move)
		case u.Type == "elephant" && (u.Size != 2 || u.Back == nil || u.Back.Size != 1):
			t.Errorf("%s elephants: two groups in front, one on the back", u.Nation)
		}
	}
	if _, by := k.Brigades("punjab", "flying-column"); by[1] != 1 {
		t.Error("one Punjab flying column")
	}
	if n, by := k.Brigades("afghanistan", "irregular"); by[3] < 2 || n < 6 {
		t.Error("the two 3r6 hordes of the errata are Afghan (2.8.2)")
	}
	for _, r := range d.Map.Regions {
		if n, _ := k.Brigades(r.ID, "irregular"); n < 2 {
			t.Errorf("%s has %d irregular groups (defence levy 5.4.2)", r.ID, n)
		}
		if k.AgentByID("khan-"+r.ID) == nil {
			t.Errorf("%s has no Khan (5.4.2)", r.ID)
		}
	}
	if n, _ := k.Brigades("ghazis", "ghazi"); n < 6 || k.AgentByID("mad-mullah") == nil {
		t.Error("a jihad brings up to six ghazi groups and the Mad Mullah (21.1)")
	}
	periods := map[int][]string{
		1: {"burnes", "conolly", "gough", "havelock", "keane", "macnaghten", "napier", "pottinger", "perovski", "samson", "simonich", "vitkovitch", "dost-mohammed", "kutebar", "nasir-ed-din", "ranjit-singh", "yakub-beg"},
		2: {"cavagnari", "elias", "roberts", "stewart", "cherniaev", "ignatiev", "ivanov", "von-kaufman", "petrovski", "skobelev", "stolietov", "verevkin", "abdur-rahman", "liu-ching-tang", "nasir-ed-din", "yakub-beg"},
		3: {"blood", "deane", "lockhart", "younghusband", "dukhovski", "petrovski", "vrevski", "abdur-rahman", "muhammad-ali"},
	}
	for p, ids := range periods {
		for _, id := range ids {
			a := k.AgentByID(id)
			if a == nil {
				t.Errorf("no agent %s", id)
				continue
			}
			found := false
			for _, q := range a.Periods {
				found = found || q == p
			}
			if !found {
				t.Errorf("%s is not of period %d", id, p)
			}
		}
	}
	starts := map[int][]string{
		1: {"burnes", "conolly", "dost-mohammed", "keane", "kutebar", "macnaghten", "perovski", "pottinger", "ranjit-singh", "simonich", "vitkovitch"},
		2: {"cherniaev", "ignatiev", "nasir-ed-din", "von-kaufman", "yakub-beg"},
	}
	for s, ids := range starts {
		var got []string
		for _, a := range k.Agents {
			for _, x := range a.Starts {
				if x == s {
					got = append(got, a.ID)
				}
			}
		}
		sort.Strings(got)
		if strings.Join(got, ",") != strings.Join(ids, ",") {
			t.Errorf("scenario %d starting agents %v, want %v", s, got, ids)
		}
	}
}

// The set-ups place exactly the leaders marked as starting them, and every
// nation and unit type of the mix is either set up or recruitable.
func TestScenarios(t *testing.T) {
	d := mustData(t)
	sc := d.Scenarios.Scenarios
	if len(sc) != 3 || sc[0].PlacesFirst != "russian" || sc[1].PlacesFirst != "british" || sc[0].BoP != 1 || sc[1].BoP != -4 {
		t.Fatal("scenarios 1 and 2: Russians then British place first; BoP +1 British, +4 Russian")
	}
	if sc[0].FirstTurn != 1 || sc[0].LastTurn != 5 || sc[1].FirstTurn != 6 || sc[1].LastTurn != 11 || sc[2].LastTurn != 14 {
		t.Error("durations: 1835-39…1855-59, 1860-64…1885-89, to 1900-04")
	}
	used := map[[2]string]bool{}
	for si, s := range sc[:2] {
		agents := map[string]bool{}
		for _, p := range s.Placements {
			for _, it := range p.Items {
				if it.Agent != "" && d.Counters.AgentByID(it.Agent).Kind == "historical" {
					agents[it.Agent] = true
				}
				if it.Type != "" {
					used[[2]string{it.Nation, it.Type}] = true
				}
			}
		}
		for _, a := range d.Counters.Agents {
			starts := false
			for _, x := range a.Starts {
				starts = starts || x == si+1
			}
			if starts != agents[a.ID] {
				t.Errorf("scenario %d: agent %s placed %v, marked as starting %v", si+1, a.ID, agents[a.ID], starts)
			}
		}
	}
	recruit := map[string]bool{}
	for _, u := range d.Charts.Expenses.Units {
		recruit[u.Type] = u.Recruitable == nil || *u.Recruitable
	}
	for _, u := range d.Counters.Units {
		if !used[[2]string{u.Nation, u.Type}] && !recruit[u.Type] && u.Type != "ghazi" {
			t.Errorf("%s %s is neither set up nor recruitable", u.Nation, u.Type)
		}
	}
}

// Tables transcribed from the rulebook, spot-checked.
func TestTables(t *testing.T) {
	ch := mustData(t).Charts
	gov := []int{10, 15, 20, 25, 30, 35, 40, 50}
	for i, g := range ch.Income.Government {
		if g.Pounds != gov[i] {
			t.Errorf("government income %d: %d", g.Roll, g.Pounds)
		}
	}
	cells := 0
	for _, col := range ch.Events.Columns {
		cells += len(col)
	}
	if len(ch.Events.Columns) != 4 || cells != 24 {
		t.Errorf("%d event columns, %d events; want 4 and 24", len(ch.Events.Columns), cells)
	}
	if ch.Events.Columns["C"][0] != "anglo-russian-accord" || ch.Events.Columns["D"][3] != "nihilist-revolt" {
		t.Error("events C1 and D4 (8.1 example)")
	}
	n := ch.Negotiation
	if n.Rows[0][0] != "E" || n.Rows[5][7] != "T" || n.Rows[2][6] != "S+R" || n.Rows[3][7] != "T+R" {
		t.Error("negotiation table")
	}
	cb := ch.Combat
	if cb.Battle[0][0] != "AC" || cb.Battle[7][0] != "DD" || cb.Battle[4][6] != "DC" || cb.Raid[0][4] != "AM" || cb.Raid[7][5] != "DC" {
		t.Error("combat tables")
	}
	if len(cb.Ratios) != 7 || cb.MinRoll != 0 || cb.MaxRoll != 7 {
		t.Error("combat: seven ratio columns, rolls 0–7")
	}
}
