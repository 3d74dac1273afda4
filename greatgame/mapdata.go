package greatgame

import (
	"fmt"
	"math"
	"strconv"
	"strings"
)

// Terrain is the terrain of a square (TEC).
type Terrain int8

// The four terrains.
const (
	Clear Terrain = iota
	Desert
	Mountain
	Sea
	NumTerrains = 4
)

var terrainIDs = [NumTerrains]string{"clear", "desert", "mountain", "sea"}

func (t Terrain) String() string {
	if t < 0 || t >= NumTerrains {
		return "?"
	}
	return terrainIDs[t]
}

func parseTerrain(s string) (Terrain, bool) {
	for i, id := range terrainIDs {
		if id == s {
			return Terrain(i), true
		}
	}
	return 0, false
}

// Projection places the grid on the globe (the edition's; an official map
// may leave it zero).
type Projection struct {
	Kind        string  `json:"kind"`
	West        float64 `json:"west"`
	North       float64 `json:"north"`
	DegLon      float64 `json:"degLon"`
	DegLat      float64 `json:"degLat"`
	SquareMiles int     `json:"squareMiles"`
}

// Square returns the column and row (0-based) holding a point.
func (p Projection) Square(lat, lon float64) (col, row int) {
	return int(math.Floor((lon - p.West) / p.DegLon)), int(math.Floor((p.North - lat) / p.DegLat))
}

type mapFile struct {
	Comment    string            `json:"comment"`
	Projection Projection        `json:"projection"`
	Cols       int               `json:"cols"`
	Rows       int               `json:"rows"`
	TerrainKey map[string]string `json:"terrainKey"`
	Terrain    []string          `json:"terrain"`
	AreaKey    map[string]string `json:"areaKey"`
	Areas      []string          `json:"areas"`
	Waters     []struct {
		ID   string `json:"id"`
		Name string `json:"name"`
	} `json:"waters"`
	Cities []struct {
		ID     string  `json:"id"`
		Name   string  `json:"name"`
		Region string  `json:"region"`
		At     string  `json:"at"`
		Lat    float64 `json:"lat"`
		Lon    float64 `json:"lon"`
	} `json:"cities"`
	Ports []struct {
		Name string `json:"name"`
		At   string `json:"at"`
	} `json:"ports"`
	Routes []chainJSON `json:"routes"`
	Rivers []chainJSON `json:"rivers"`
	Bases  []struct {
		ID         string   `json:"id"`
		LandEdges  []string `json:"landEdges"`
		LandRegion string   `json:"landRegion"`
		Sea        string   `json:"sea"`
	} `json:"bases"`
	MarchWest struct {
		Edge   string `json:"edge"`
		Region string `json:"region"`
	} `json:"marchWest"`
}

type chainJSON struct {
	ID      string `json:"id"`
	Name    string `json:"name"`
	Path    string `json:"path"`
	Base    string `json:"base"`
	BaseEnd string `json:"baseEnd"`
	Edge    string `json:"edge"`
}

// Square is one square of the map.
type Square struct {
	ID       string // CCRR, 1-based column then row
	Col, Row int    // 0-based
	Terrain  Terrain
	Region   int // index in Map.Regions, -1 at sea
	Water    int // index in Map.Waters, -1 on land
	City     int // index in Map.Cities, -1 if none
	Coast    bool
	Port     bool
	Routes   []int // indices in Map.Routes
	Rivers   []int // indices in Map.Rivers
}

// City is a city of the map.
type City struct {
	ID, Name string
	Region   int
	Square   int
	Lat, Lon float64
	Capital  bool
	OnRoute  bool
	Income   int // pounds when occupied (Income Table), set from charts.json
}

// Region is a map region (Region Control Chart).
type Region struct {
	ID, Name, Abbr, Colour string
	Letter                 byte
	VP                     int
	Capital                int   // city index
	Cities                 []int // city indices
	Squares                []int
}

// Water is a body of all-sea squares.
type Water struct {
	ID, Name string
	Letter   byte
	Squares  []int
}

// Chain is a trade route or a river: squares joined side to side.
type Chain struct {
	ID, Name string
	Squares  []int
	Base     string // a route that leads off the map to this base
	BaseEnd  string // "first" or "last"
	Edge     string // a route that leads off this map edge
}

// Port is a port square (13.8.1).
type Port struct {
	Name   string
	Square int
}

// Base is an off-map base with its ways onto the map (19.1).
type Base struct {
	ID, Name   string
	Side       string
	VP         int
	LandEdges  []string
	LandRegion int
	Sea        int   // water index for amphibious entry
	Entry      []int // the land squares a unit enters from the base
}

// Map is the compiled map.
type Map struct {
	Projection Projection
	Cols, Rows int
	Squares    []Square
	Regions    []Region
	Waters     []Water
	Cities     []City
	Ports      []Port
	Routes     []Chain
	Rivers     []Chain
	Bases      []Base
	MarchWest  []int // Sinkiang's east-edge squares (Chinese march west)
}

// At returns the square index at a column and row, or -1 off the grid.
func (m *Map) At(col, row int) int {
	if col < 0 || row < 0 || col >= m.Cols || row >= m.Rows {
		return -1
	}
	return row*m.Cols + col
}

// SquareByID returns the index of a square named CCRR, or -1.
func (m *Map) SquareByID(id string) int {
	if len(id) != 4 {
		return -1
	}
	c, err1 := strconv.Atoi(id[:2])
	r, err2 := strconv.Atoi(id[2:])
	if err1 != nil || err2 != nil {
		return -1
	}
	return m.At(c-1, r-1)
}

// CityIndex returns the index of a city, or -1.
func (m *Map) CityIndex(id string) int {
	for i, c := range m.Cities {
		if c.ID == id {
			return i
		}
	}
	return -1
}

// RegionIndex returns the index of a region, or -1.
func (m *Map) RegionIndex(id string) int {
	for i, r := range m.Regions {
		if r.ID == id {
			return i
		}
	}
	return -1
}

// Orthogonal returns the squares sharing a side with s.
func (m *Map) Orthogonal(s int) []int {
	q := m.Squares[s]
	var out []int
	for _, d := range [4][2]int{{0, -1}, {1, 0}, {0, 1}, {-1, 0}} {
		if n := m.At(q.Col+d[0], q.Row+d[1]); n >= 0 {
			out = append(out, n)
		}
	}
	return out
}

// Neighbours returns the up to eight squares touching s (sides and corners).
func (m *Map) Neighbours(s int) []int {
	q := m.Squares[s]
	var out []int
	for dr := -1; dr <= 1; dr++ {
		for dc := -1; dc <= 1; dc++ {
			if dr == 0 && dc == 0 {
				continue
			}
			if n := m.At(q.Col+dc, q.Row+dr); n >= 0 {
				out = append(out, n)
			}
		}
	}
	return out
}

// OnEdge reports whether a square lies on the named map edge.
func (m *Map) OnEdge(s int, edge string) bool {
	q := m.Squares[s]
	switch edge {
	case "north":
		return q.Row == 0
	case "south":
		return q.Row == m.Rows-1
	case "west":
		return q.Col == 0
	case "east":
		return q.Col == m.Cols-1
	}
	return false
}

func validEdge(e string) bool { return e == "north" || e == "south" || e == "east" || e == "west" }

func adjacentSide(a, b Square) bool {
	dc, dr := a.Col-b.Col, a.Row-b.Row
	return dc*dc+dr*dr == 1
}

func compileMap(f *mapFile, rf *RegionsFile, c checker) *Map {
	m := &Map{Projection: f.Projection, Cols: f.Cols, Rows: f.Rows}
	if f.Cols < 1 || f.Rows < 1 || f.Cols > 99 || f.Rows > 99 {
		c.add("grid of %d×%d squares: both sides must be 1–99", f.Cols, f.Rows)
		return nil
	}
	bad := len(*c.probs)
	// terrain key
	tk := map[byte]Terrain{}
	for k, v := range f.TerrainKey {
		t, ok := parseTerrain(v)
		if len(k) != 1 || !ok {
			c.add("terrainKey %q: %q must be one character naming clear, desert, mountain or sea", k, v)
			continue
		}
		tk[k[0]] = t
	}
	// area key: regions and waters
	for i, w := range f.Waters {
		if w.ID == "" || rf.RegionIndex(w.ID) >= 0 {
			c.add("water %d: id %q missing or the id of a region", i+1, w.ID)
		}
		m.Waters = append(m.Waters, Water{ID: w.ID, Name: w.Name})
	}
	for _, g := range rf.Regions {
		m.Regions = append(m.Regions, Region{ID: g.ID, Name: g.Name, Abbr: g.Abbr, Colour: g.Colour, VP: g.VP, Capital: -1})
	}
	ak := map[byte][2]int{} // region, water
	for k, v := range f.AreaKey {
		if len(k) != 1 {
			c.add("areaKey %q: keys are single characters", k)
			continue
		}
		r := rf.RegionIndex(v)
		w := -1
		for i := range m.Waters {
			if m.Waters[i].ID == v {
				w = i
			}
		}
		if r < 0 && w < 0 {
			c.add("areaKey %q: %q is neither a region nor a water", k, v)
			continue
		}
		if r >= 0 {
			if m.Regions[r].Letter != 0 {
				c.add("areaKey: region %q has two letters", v)
			}
			m.Regions[r].Letter = k[0]
		} else {
			m.Waters[w].Letter = k[0]
		}
		ak[k[0]] = [2]int{r, w}
	}
	checkRows := func(name string, rows []string) bool {
		good := true
		if len(rows) != f.Rows {
			c.add("%s has %d rows, want %d", name, len(rows), f.Rows)
			good = false
		}
		for i, row := range rows {
			if len(row) != f.Cols {
				c.add("%s row %d has %d squares, want %d", name, i+1, len(row), f.Cols)
				good = false
			}
		}
		return good
	}
	okT := checkRows("terrain", f.Terrain)
	okA := checkRows("areas", f.Areas)
	if !okT || !okA || len(*c.probs) > bad {
		return nil
	}
	m.Squares = make([]Square, f.Cols*f.Rows)
	for r := 0; r < f.Rows; r++ {
		for col := 0; col < f.Cols; col++ {
			s := &m.Squares[r*f.Cols+col]
			*s = Square{ID: fmt.Sprintf("%02d%02d", col+1, r+1), Col: col, Row: r, Region: -1, Water: -1, City: -1}
			t, ok := tk[f.Terrain[r][col]]
			if !ok {
				c.add("square %s: unknown terrain letter %q", s.ID, f.Terrain[r][col])
				continue
			}
			s.Terrain = t
			a, ok := ak[f.Areas[r][col]]
			if !ok {
				c.add("square %s: unknown area letter %q", s.ID, f.Areas[r][col])
				continue
			}
			switch {
			case t == Sea && a[1] < 0:
				c.add("square %s: sea square in region %q, want a water", s.ID, m.Regions[a[0]].ID)
			case t != Sea && a[0] < 0:
				c.add("square %s: land square in water %q, want a region", s.ID, m.Waters[a[1]].ID)
			case t == Sea:
				s.Water = a[1]
				m.Waters[a[1]].Squares = append(m.Waters[a[1]].Squares, r*f.Cols+col)
			default:
				s.Region = a[0]
				m.Regions[a[0]].Squares = append(m.Regions[a[0]].Squares, r*f.Cols+col)
			}
		}
	}
	if len(*c.probs) > bad {
		return nil
	}
	for i := range m.Squares {
		if m.Squares[i].Terrain == Sea {
			continue
		}
		for _, n := range m.Neighbours(i) {
			if m.Squares[n].Terrain == Sea {
				m.Squares[i].Coast = true
			}
		}
	}
	for _, g := range m.Regions {
		if len(g.Squares) == 0 {
			c.add("region %q has no square on the map", g.ID)
		}
	}
	for _, w := range m.Waters {
		if len(w.Squares) == 0 {
			c.add("water %q has no square on the map", w.ID)
		}
	}
	// cities
	for i, ct := range f.Cities {
		city := City{ID: ct.ID, Name: ct.Name, Region: rf.RegionIndex(ct.Region), Square: m.SquareByID(ct.At), Lat: ct.Lat, Lon: ct.Lon}
		if ct.ID == "" || ct.Name == "" {
			c.add("city %d: id and name are required", i+1)
		}
		if m.CityIndex(ct.ID) >= 0 {
			c.add("city %q listed twice", ct.ID)
		}
		if city.Region < 0 {
			c.add("city %q: unknown region %q", ct.ID, ct.Region)
		}
		if city.Square < 0 {
			c.add("city %q: square %q is not on the %d×%d grid", ct.ID, ct.At, f.Cols, f.Rows)
		} else {
			sq := &m.Squares[city.Square]
			switch {
			case sq.Terrain == Sea:
				c.add("city %q at %s is in the sea", ct.ID, ct.At)
			case sq.City >= 0:
				c.add("cities %q and %q share square %s", m.Cities[sq.City].ID, ct.ID, ct.At)
			case city.Region >= 0 && sq.Region != city.Region:
				c.add("city %q at %s lies in %q, not in its region %q", ct.ID, ct.At, m.Regions[sq.Region].ID, ct.Region)
			default:
				sq.City = len(m.Cities)
				if city.Region >= 0 {
					m.Regions[city.Region].Cities = append(m.Regions[city.Region].Cities, len(m.Cities))
				}
			}
		}
		m.Cities = append(m.Cities, city)
	}
	for i, g := range rf.Regions {
		ci := m.CityIndex(g.Capital)
		switch {
		case g.Capital == "":
		case ci < 0:
			c.add("region %q: capital %q is not a city of the map", g.ID, g.Capital)
		case m.Cities[ci].Region != i:
			c.add("region %q: capital %q is a city of another region", g.ID, g.Capital)
		default:
			m.Regions[i].Capital = ci
			m.Cities[ci].Capital = true
		}
		if len(m.Regions[i].Cities) == 0 {
			c.add("region %q has no city", g.ID)
		}
	}
	resolve := func(what, tok string) int {
		if ci := m.CityIndex(tok); ci >= 0 {
			return m.Cities[ci].Square
		}
		s := m.SquareByID(tok)
		if s < 0 {
			c.add("%s: %q is neither a city nor a square of the grid", what, tok)
		}
		return s
	}
	for _, p := range f.Ports {
		s := resolve("port "+p.Name, p.At)
		if s < 0 {
			continue
		}
		if m.Squares[s].Terrain == Sea || !m.Squares[s].Coast {
			c.add("port %q at %s is not a coastal land square", p.Name, m.Squares[s].ID)
			continue
		}
		m.Squares[s].Port = true
		m.Ports = append(m.Ports, Port{Name: p.Name, Square: s})
	}
	// bases
	for _, b := range f.Bases {
		bi := rf.BaseIndex(b.ID)
		if bi < 0 {
			c.add("base %q is not a base of regions.json", b.ID)
			continue
		}
		rb := rf.Bases[bi]
		base := Base{ID: b.ID, Name: rb.Name, Side: rb.Side, VP: rb.VP, LandEdges: b.LandEdges, LandRegion: m.RegionIndex(b.LandRegion), Sea: -1}
		for i := range m.Waters {
			if m.Waters[i].ID == b.Sea {
				base.Sea = i
			}
		}
		if base.LandRegion < 0 {
			c.add("base %q: unknown region %q", b.ID, b.LandRegion)
		}
		if b.Sea != "" && base.Sea < 0 {
			c.add("base %q: unknown water %q", b.ID, b.Sea)
		}
		for _, e := range b.LandEdges {
			if !validEdge(e) {
				c.add("base %q: %q is not a map edge", b.ID, e)
			}
		}
		if base.LandRegion >= 0 {
			for _, s := range m.Regions[base.LandRegion].Squares {
				for _, e := range b.LandEdges {
					if m.OnEdge(s, e) {
						base.Entry = append(base.Entry, s)
						break
					}
				}
			}
			if len(base.Entry) == 0 {
				c.add("base %q: region %q touches none of the edges %v", b.ID, b.LandRegion, b.LandEdges)
			}
		}
		m.Bases = append(m.Bases, base)
	}
	if len(m.Bases) != len(rf.Bases) {
		c.add("%d bases placed on the map, regions.json has %d", len(m.Bases), len(rf.Bases))
	}
	if r := m.RegionIndex(f.MarchWest.Region); r < 0 || !validEdge(f.MarchWest.Edge) {
		c.add("marchWest: region %q and edge %q must be a region and a map edge", f.MarchWest.Region, f.MarchWest.Edge)
	} else {
		for _, s := range m.Regions[r].Squares {
			if m.OnEdge(s, f.MarchWest.Edge) {
				m.MarchWest = append(m.MarchWest, s)
			}
		}
		if len(m.MarchWest) == 0 {
			c.add("marchWest: region %q does not touch the %s edge", f.MarchWest.Region, f.MarchWest.Edge)
		}
	}
	chains := func(kind string, in []chainJSON, out *[]Chain, route bool) {
		ids := map[string]bool{}
		for _, ch := range in {
			what := kind + " " + ch.ID
			if ch.ID == "" || ids[ch.ID] {
				c.add("%s: id missing or used twice", what)
			}
			ids[ch.ID] = true
			cc := Chain{ID: ch.ID, Name: ch.Name, Base: ch.Base, BaseEnd: ch.BaseEnd, Edge: ch.Edge}
			seen := map[int]bool{}
			good := true
			for _, tok := range strings.Fields(ch.Path) {
				s := resolve(what, tok)
				if s < 0 {
					good = false
					continue
				}
				if m.Squares[s].Terrain == Sea {
					c.add("%s: square %s is at sea", what, m.Squares[s].ID)
					good = false
				}
				if seen[s] {
					c.add("%s: square %s visited twice", what, m.Squares[s].ID)
					good = false
				}
				seen[s] = true
				if n := len(cc.Squares); n > 0 && !adjacentSide(m.Squares[cc.Squares[n-1]], m.Squares[s]) {
					c.add("%s: %s and %s do not share a side (a chain steps side to side)", what, m.Squares[cc.Squares[n-1]].ID, m.Squares[s].ID)
					good = false
				}
				cc.Squares = append(cc.Squares, s)
			}
			if len(cc.Squares) < 2 {
				c.add("%s: a chain needs at least two squares", what)
				good = false
			}
			if !good {
				continue
			}
			end := cc.Squares[len(cc.Squares)-1]
			if ch.BaseEnd == "first" {
				end = cc.Squares[0]
			}
			if ch.Base != "" {
				found := false
				for _, b := range m.Bases {
					if b.ID == ch.Base {
						found = true
						if !contains(b.Entry, end) {
							c.add("%s: its %s square %s is not an entry square of base %q", what, ch.BaseEnd, m.Squares[end].ID, ch.Base)
						}
					}
				}
				if !found || (ch.BaseEnd != "first" && ch.BaseEnd != "last") {
					c.add("%s: base %q with end %q: need a known base and first or last", what, ch.Base, ch.BaseEnd)
				}
			} else if ch.BaseEnd != "" {
				c.add("%s: baseEnd without a base", what)
			}
			if ch.Edge != "" && (!validEdge(ch.Edge) || !m.OnEdge(end, ch.Edge)) {
				c.add("%s: does not reach the %q edge", what, ch.Edge)
			}
			k := len(*out)
			for _, s := range cc.Squares {
				if route {
					m.Squares[s].Routes = append(m.Squares[s].Routes, k)
				} else {
					m.Squares[s].Rivers = append(m.Squares[s].Rivers, k)
				}
			}
			*out = append(*out, cc)
		}
	}
	chains("route", f.Routes, &m.Routes, true)
	chains("river", f.Rivers, &m.Rivers, false)
	for i := range m.Cities {
		if s := m.Cities[i].Square; s >= 0 && len(m.Squares[s].Routes) > 0 {
			m.Cities[i].OnRoute = true
		}
	}
	if len(*c.probs) > bad {
		return nil
	}
	return m
}

func contains(xs []int, x int) bool {
	for _, y := range xs {
		if y == x {
			return true
		}
	}
	return false
}
