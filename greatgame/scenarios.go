package greatgame

import "fmt"

// Item is one entry of a placement: brigades of a unit type, an agent, or
// civilization markers.
type Item struct {
	Nation   string `json:"nation"`
	Type     string `json:"type"`
	Brigades int    `json:"brigades"`
	Agent    string `json:"agent"`
	Marker   string `json:"marker"`
	Count    int    `json:"count"`
}

// Where says where a placement's items go.
type Where struct {
	City         string   `json:"city"`
	EachCity     []string `json:"eachCity"`
	EachCityOf   string   `json:"eachCityOf"`
	AnyCityOf    []string `json:"anyCityOf"`
	OnePerCity   bool     `json:"onePerCity"`
	Base         string   `json:"base"`
	NonCityOf    string   `json:"nonCityOf"`
	Marker       string   `json:"marker"`
	Region       string   `json:"region"`
	OnePerSquare bool     `json:"onePerSquare"`
	CityCount    int      `json:"cities"` // how many cities the rulebook says the placement covers
}

// Placement is one line of a set-up, in the rulebook's order.
type Placement struct {
	Rule    string `json:"rule"`
	By      string `json:"by"`
	Control string `json:"control"`
	Where   Where  `json:"where"`
	Items   []Item `json:"items"`
	Note    string `json:"note"`
}

// Scenario is a scenario and its set-up.
type Scenario struct {
	ID          string   `json:"id"`
	Name        string   `json:"name"`
	Rule        string   `json:"rule"`
	FirstTurn   int      `json:"firstTurn"`
	LastTurn    int      `json:"lastTurn"`
	BoP         int      `json:"bop"`
	PlacesFirst string   `json:"placesFirst"`
	SetupFrom   []string `json:"setupFrom"`
	Sides       []struct {
		Side     string   `json:"side"`
		Control  []string `json:"control"`
		Treasury int      `json:"treasury"`
	} `json:"sides"`
	Placements []Placement `json:"placements"`
	Special    []struct {
		ID     string `json:"id"`
		Rule   string `json:"rule"`
		Agent  string `json:"agent"`
		DiesTo int    `json:"diesTo"`
		Event  string `json:"event"`
	} `json:"special"`
}

// ScenariosFile lists the scenarios.
type ScenariosFile struct {
	Comment   string     `json:"comment"`
	Scenarios []Scenario `json:"scenarios"`
}

// Controller returns the side controlling a region at the start of a
// scenario, or "neutral".
func (s *Scenario) Controller(region string) string {
	for _, sd := range s.Sides {
		for _, r := range sd.Control {
			if r == region {
				return sd.Side
			}
		}
	}
	return "neutral"
}

// Cities returns the city indices a placement may use (nil for a base or
// non-city squares).
func (w *Where) Cities(m *Map) []int {
	var out []int
	add := func(id string) {
		if ci := m.CityIndex(id); ci >= 0 {
			out = append(out, ci)
		}
	}
	switch {
	case w.City != "":
		add(w.City)
	case len(w.EachCity) > 0:
		for _, id := range w.EachCity {
			add(id)
		}
	case w.EachCityOf != "":
		if r := m.RegionIndex(w.EachCityOf); r >= 0 {
			out = append(out, m.Regions[r].Cities...)
		}
	case len(w.AnyCityOf) > 0:
		for _, id := range w.AnyCityOf {
			if r := m.RegionIndex(id); r >= 0 {
				out = append(out, m.Regions[r].Cities...)
			}
		}
	}
	return out
}

// Multiplier is how many times the items are placed: once per city for
// eachCity and eachCityOf, once otherwise.
func (w *Where) Multiplier(m *Map) int {
	if len(w.EachCity) > 0 || w.EachCityOf != "" {
		return len(w.Cities(m))
	}
	return 1
}

func validateScenarios(sf *ScenariosFile, d *Data, c checker) {
	m, k, ch := d.Map, &d.Counters, &d.Charts
	byID := map[string]*Scenario{}
	for i := range sf.Scenarios {
		s := &sf.Scenarios[i]
		if s.ID == "" || byID[s.ID] != nil {
			c.add("scenario %d: id %q missing or used twice", i+1, s.ID)
		}
		byID[s.ID] = s
	}
	for i := range sf.Scenarios {
		s := &sf.Scenarios[i]
		what := "scenario " + s.ID
		if s.LastTurn < 1 || s.LastTurn > len(ch.Turns) {
			c.add("%s: last turn %d is not on the turn track", what, s.LastTurn)
		}
		if len(s.SetupFrom) > 0 {
			for _, id := range s.SetupFrom {
				if o := byID[id]; o == nil || len(o.SetupFrom) > 0 || o.LastTurn > s.LastTurn {
					c.add("%s: set-up from %q, which must be a scenario with its own set-up ending no later", what, id)
				}
			}
			if len(s.Placements) > 0 {
				c.add("%s: borrows a set-up and has placements of its own", what)
			}
			continue
		}
		if s.FirstTurn < 1 || s.FirstTurn > s.LastTurn {
			c.add("%s: first turn %d not in 1–%d", what, s.FirstTurn, s.LastTurn)
		}
		if _, _, ok := ch.Favour(s.BoP); !ok {
			c.add("%s: Balance of Power %d is not a space of the track", what, s.BoP)
		}
		if !validSide(s.PlacesFirst) {
			c.add("%s: placesFirst %q", what, s.PlacesFirst)
		}
		if len(s.Sides) != 2 || len(s.Sides) == 2 && (s.Sides[0].Side == s.Sides[1].Side || !validSide(s.Sides[0].Side) || !validSide(s.Sides[1].Side)) {
			c.add("%s: needs one british and one russian side", what)
		}
		controlled := map[string]bool{}
		for _, sd := range s.Sides {
			if sd.Treasury < 0 {
				c.add("%s: negative treasury", what)
			}
			for _, r := range sd.Control {
				if m.RegionIndex(r) < 0 || controlled[r] {
					c.add("%s: control of %q: unknown region or controlled twice", what, r)
				}
				controlled[r] = true
			}
		}
		period := ch.Period(s.FirstTurn)
		brig := map[[2]string]int{}
		agents := map[string]int{}
		markers := map[[2]string]int{}
		forts := map[string]int{} // region → forts placed on non-city squares, wherever listed
		for _, p := range s.Placements {
			for _, it := range p.Items {
				if it.Marker == "fort" && p.Where.NonCityOf != "" {
					forts[p.Where.NonCityOf] += it.Count
				}
			}
		}
		for _, p := range s.Placements {
			pw := fmt.Sprintf("%s %s", what, p.Rule)
			if p.Rule == "" || !validSide(p.By) || (p.Control != "neutral" && !validSide(p.Control)) {
				c.add("%s: rule, by (british/russian) and control (british/russian/neutral) are required", pw)
				continue
			}
			w := &p.Where
			cities := w.Cities(m)
			kinds := 0
			for _, set := range []bool{w.City != "", len(w.EachCity) > 0, w.EachCityOf != "", len(w.AnyCityOf) > 0, w.Base != "", w.NonCityOf != "", w.Marker != ""} {
				if set {
					kinds++
				}
			}
			if kinds != 1 {
				c.add("%s: say where in exactly one way", pw)
				continue
			}
			// where the items may be: regions
			var regions []string
			switch {
			case w.City != "" || len(w.EachCity) > 0:
				names := append([]string{w.City}, w.EachCity...)
				for _, n := range names {
					if n == "" {
						continue
					}
					ci := m.CityIndex(n)
					if ci < 0 {
						c.add("%s: unknown city %q", pw, n)
						continue
					}
					regions = append(regions, m.Regions[m.Cities[ci].Region].ID)
				}
			case w.EachCityOf != "":
				regions = []string{w.EachCityOf}
			case len(w.AnyCityOf) > 0:
				regions = w.AnyCityOf
			case w.NonCityOf != "":
				regions = []string{w.NonCityOf}
			case w.Marker != "":
				regions = []string{w.Region}
			}
			for _, r := range regions {
				if ri := m.RegionIndex(r); ri < 0 {
					c.add("%s: unknown region %q", pw, r)
				} else if len(m.Regions[ri].Cities) == 0 && w.NonCityOf == "" && w.Marker == "" {
					c.add("%s: region %q has no city", pw, r)
				}
			}
			if w.Base != "" {
				bi := d.Regions.BaseIndex(w.Base)
				if bi < 0 || d.Regions.Bases[bi].Side != p.Control {
					c.add("%s: %q is not the base of the %s player", pw, w.Base, p.Control)
				}
			}
			if w.CityCount > 0 && len(cities) != w.CityCount {
				c.add("%s: the set-up implies %d cities of %s, the map has %d", pw, w.CityCount, w.EachCityOf, len(cities))
			}
			mult := w.Multiplier(m)
			pieces := 0
			for _, it := range p.Items {
				n := 0
				for _, set := range []bool{it.Type != "", it.Agent != "", it.Marker != ""} {
					if set {
						n++
					}
				}
				if n != 1 {
					c.add("%s: an item is a unit type, an agent or a marker", pw)
					continue
				}
				switch {
				case it.Type != "":
					if !nationKnown(&d.Regions, it.Nation) || !k.typeKnown(it.Type) || it.Brigades < 1 {
						c.add("%s: %d %s %s: unknown nation or type, or no brigades", pw, it.Brigades, it.Nation, it.Type)
						continue
					}
					total, bySize := k.Brigades(it.Nation, it.Type)
					if total == 0 {
						c.add("%s: the mix has no %s %s counters", pw, it.Nation, it.Type)
						continue
					}
					brig[[2]string{it.Nation, it.Type}] += it.Brigades * mult
					pieces += MaxPieces(it.Brigades, bySize)
					// nationality and control
					switch it.Nation {
					case "british", "russian":
						if p.Control != it.Nation {
							c.add("%s: %s units placed under %s control", pw, it.Nation, p.Control)
						}
					default:
						if got := s.Controller(it.Nation); got != p.Control {
							c.add("%s: %s units are %s in this scenario, placed as %s", pw, it.Nation, got, p.Control)
						}
						if w.Base != "" {
							c.add("%s: native units cannot be placed in a base (19.2)", pw)
						}
					}
				case it.Agent != "":
					a := k.AgentByID(it.Agent)
					if a == nil {
						c.add("%s: unknown agent %q", pw, it.Agent)
						continue
					}
					cnt := it.Count
					if cnt == 0 {
						cnt = 1
					}
					agents[it.Agent] += cnt * mult
					pieces += cnt
					inPeriod := false
					for _, per := range a.Periods {
						if per == period {
							inPeriod = true
						}
					}
					if !inPeriod {
						c.add("%s: agent %q is not of period %d", pw, it.Agent, period)
					}
				case it.Marker != "":
					side := p.By
					if p.Control == "british" || p.Control == "russian" {
						side = p.Control
					}
					if k.civCount(it.Marker, side) < 0 || it.Count < 1 {
						c.add("%s: unknown civilization marker %q or no count", pw, it.Marker)
						continue
					}
					markers[[2]string{side, it.Marker}] += it.Count * mult
					if it.Marker == "fort" && w.NonCityOf != "" {
						if ri := m.RegionIndex(w.NonCityOf); ri >= 0 && len(m.Regions[ri].Squares)-len(m.Regions[ri].Cities) < it.Count {
							c.add("%s: %q has fewer non-city squares than %d forts", pw, w.NonCityOf, it.Count)
						}
					}
				}
			}
			if w.OnePerCity && pieces < len(cities) {
				c.add("%s: at least one unit per city of %v needs %d counters, the items make at most %d", pw, w.AnyCityOf, len(cities), pieces)
			}
			if w.Marker != "" && w.OnePerSquare && forts[w.Region] < pieces {
				c.add("%s: %d units for %d %s squares, one per square", pw, pieces, forts[w.Region], w.Marker)
			}
		}
		for key, n := range brig {
			if total, _ := k.Brigades(key[0], key[1]); n > total {
				c.add("%s: places %d %s %s brigades/groups, the counter mix holds %d (10.6.2)", what, n, key[0], key[1], total)
			}
		}
		for id, n := range agents {
			if a := k.AgentByID(id); a != nil && n > a.Copies() {
				c.add("%s: places agent %q %d times, the mix holds %d", what, id, n, a.Copies())
			}
		}
		for key, n := range markers {
			if have := k.civCount(key[1], key[0]); n > have {
				c.add("%s: places %d %s %s markers, the mix holds %d", what, n, key[0], key[1], have)
			}
		}
	}
}
