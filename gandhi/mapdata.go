package gandhi

import (
	"bytes"
	"encoding/json"
	"fmt"
	"sort"
	"strings"
	"unsafe"
)

// SpaceType is one of the four kinds of map space (1.3.1).
type SpaceType int

const (
	City SpaceType = iota
	Province
	PrincelyState
	Railway
)

var spaceTypeNames = map[string]SpaceType{"city": City, "province": Province, "state": PrincelyState, "railway": Railway}

func (t SpaceType) String() string {
	for k, v := range spaceTypeNames {
		if v == t {
			return k
		}
	}
	return "?"
}

// Space is the static description of one map space.
type Space struct {
	Index  int
	ID     string
	Name   string
	Type   SpaceType
	Pop    int
	Muslim bool
	Econ   int
	Ends   []string // a Railway's terminating City or Town ids
	Adj    []int    // all adjacent spaces, symmetric, sorted
	// At is where the space is drawn on the LayoutSize × LayoutSize
	// picture of India (docs/gandhi-map.md); a Railway's is the middle of
	// its line unless the map file places its marker elsewhere.
	At Point
}

// Point is a position on the map drawing: X grows eastwards, Y southwards.
type Point struct{ X, Y int }

// LayoutSize is the side of the square the map drawing's positions lie in.
const LayoutSize = 1000

// Town is a Town on the map (1.3.7): not a space, but a Railway may end at
// it and it may link spaces (1.3.8).
type Town struct {
	ID   string
	Name string
	At   Point
}

// Map is the validated, indexed map. It is immutable once loaded and shared
// by every game state.
type Map struct {
	Spaces      []Space
	Towns       []Town
	byID        map[string]int
	Random      [6][6]int // Random Spaces map (8.1.2): region × die
	RegionNames [6]string
	adjMatrix   [][]bool
	// every space and the non-Railway spaces, by index (read-only lists
	// for Game.all and Game.nonRailway)
	allIdx, nonRail []int
	// adjacency and the Railways and Cities as bit sets (space i is bit
	// i), for searches along the railway network (garrisonDests); a map of
	// more than maxSpaces spaces leaves them empty (a game refuses it).
	adjBits      []uint64
	railCityBits uint64
	// each space's type and population side by side (the Space records are
	// large), for the predicates every listing runs (isRailway, popOf…)
	kinds  [maxSpaces]SpaceType
	pops   [maxSpaces]int
	muslim [maxSpaces]bool
	// option ids built once: prefix + space id, prefix + piece id + ":" +
	// space id, for the prefixes in optPrefixes (spaceID, pieceSpaceID)
	spaceIDs [len(optPrefixes)][]string
	// idText[k] holds the ids spaceIDs[k] cut from it, one after the
	// other; idAt[k][n] is the space whose id (after the prefix) starts at
	// byte n of it, -1 elsewhere. ID finds a space from one of these ids
	// by its address, without hashing it (see ID).
	idText        [len(optPrefixes)]string
	idAt          [len(optPrefixes)][]int8
	pieceSpaceIDs [len(optPrefixes)][NumPieces][]string
}

// optPrefixes are the option id prefixes whose ids are built once per map.
var optPrefixes = [...]string{"space:", "to:", "from:", "move:", "take:", "place:"}

func optPrefix(prefix string) int {
	switch prefix { // in optPrefixes' order (TestOptPrefix)
	case "space:":
		return 0
	case "to:":
		return 1
	case "from:":
		return 2
	case "move:":
		return 3
	case "take:":
		return 4
	case "place:":
		return 5
	}
	return -1
}

// spaceID is prefix + the id of space i, e.g. "space:bihar".
func (m *Map) spaceID(prefix string, i int) string {
	if k := optPrefix(prefix); k >= 0 && i < len(m.spaceIDs[k]) {
		return m.spaceIDs[k][i]
	}
	return prefix + m.Spaces[i].ID
}

// pieceSpaceID is prefix + piece id + ":" + the id of space i, e.g.
// "move:troop:bihar".
func (m *Map) pieceSpaceID(prefix string, pc Piece, i int) string {
	if k := optPrefix(prefix); k >= 0 && i < len(m.pieceSpaceIDs[k][pc]) {
		return m.pieceSpaceIDs[k][pc][i]
	}
	return prefix + pc.ID() + ":" + m.Spaces[i].ID
}

type mapFile struct {
	Spaces []struct {
		ID     string   `json:"id"`
		Name   string   `json:"name"`
		Type   string   `json:"type"`
		Pop    int      `json:"pop"`
		Muslim bool     `json:"muslim"`
		Econ   int      `json:"econ"`
		Ends   []string `json:"ends"`
		Adj    []string `json:"adj"`
		At     []int    `json:"at"`
	} `json:"spaces"`
	Towns []struct {
		ID    string      `json:"id"`
		Name  string      `json:"name"`
		Links [][2]string `json:"links"`
		At    []int       `json:"at"`
	} `json:"towns"`
	RandomSpaces [][]string `json:"randomSpaces"`
	RegionNames  []string   `json:"regionNames"`
	Comment      string     `json:"comment"`
}

// TotalEcon is the sum of all Railway Econ values the rules rely on (6.2.2).
const TotalEcon = 40

// LoadMap parses and validates map data. Every problem found is reported.
func LoadMap(data []byte) (*Map, error) {
	var f mapFile
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&f); err != nil {
		return nil, fmt.Errorf("map data: %w", err)
	}
	m := &Map{byID: map[string]int{}}
	var errs []string
	bad := func(format string, a ...any) { errs = append(errs, fmt.Sprintf(format, a...)) }
	towns := map[string]bool{}
	for _, t := range f.Towns {
		towns[t.ID] = true
	}
	for i, s := range f.Spaces {
		t, ok := spaceTypeNames[s.Type]
		if !ok {
			bad("space %q: unknown type %q", s.ID, s.Type)
		}
		if s.ID == "" {
			bad("space %d has no id", i)
		}
		if _, dup := m.byID[s.ID]; dup {
			bad("space %q defined twice", s.ID)
		}
		m.byID[s.ID] = i
		m.Spaces = append(m.Spaces, Space{Index: i, ID: s.ID, Name: s.Name, Type: t, Pop: s.Pop, Muslim: s.Muslim, Econ: s.Econ, Ends: s.Ends})
		switch t {
		case Railway:
			if s.Pop != 0 || s.Muslim {
				bad("railway %q may have neither Population nor Muslim status (1.3.6)", s.ID)
			}
			if s.Econ <= 0 {
				bad("railway %q needs a positive Econ value", s.ID)
			}
			if len(s.Ends) != 2 {
				bad("railway %q must be terminated at both ends by a City or Town (1.3.6)", s.ID)
			}
		default:
			if s.Pop < 1 || s.Pop > 2 {
				bad("space %q: Population must be 1 or 2 (1.3.2-1.3.5)", s.ID)
			}
			if s.Econ != 0 || len(s.Ends) != 0 {
				bad("space %q: only Railways have Econ and ends", s.ID)
			}
		}
		if t == City && s.Pop != 1 {
			bad("city %q must have Population 1 (1.3.2)", s.ID)
		}
	}
	n := len(m.Spaces)
	m.adjMatrix = make([][]bool, n)
	for i := range m.adjMatrix {
		m.adjMatrix[i] = make([]bool, n)
	}
	link := func(a, b int) {
		if a != b {
			m.adjMatrix[a][b], m.adjMatrix[b][a] = true, true
		}
	}
	for i, s := range f.Spaces {
		for _, a := range s.Adj {
			j, ok := m.byID[a]
			if !ok {
				bad("space %q: unknown adjacent space %q", s.ID, a)
				continue
			}
			link(i, j)
		}
		for _, e := range s.Ends {
			if j, ok := m.byID[e]; ok {
				if m.Spaces[j].Type != City {
					bad("railway %q ends at %q, which is not a City", s.ID, e)
				}
				link(i, j)
			} else if !towns[e] {
				bad("railway %q ends at unknown City or Town %q", s.ID, e)
			}
		}
	}
	// Railways separated by a Town are adjacent (1.3.8).
	for i, a := range m.Spaces {
		for j, b := range m.Spaces {
			if i < j && a.Type == Railway && b.Type == Railway {
				for _, ea := range a.Ends {
					for _, eb := range b.Ends {
						if ea == eb && towns[ea] {
							link(i, j)
						}
					}
				}
			}
		}
	}
	for _, t := range f.Towns {
		for _, l := range t.Links {
			a, okA := m.byID[l[0]]
			b, okB := m.byID[l[1]]
			if !okA || !okB {
				bad("town %q links unknown spaces %v", t.ID, l)
				continue
			}
			link(a, b)
		}
	}
	for i := range m.Spaces {
		for j := range m.Spaces {
			if m.adjMatrix[i][j] {
				m.Spaces[i].Adj = append(m.Spaces[i].Adj, j)
			}
		}
		if len(m.Spaces[i].Adj) == 0 {
			bad("space %q has no adjacent space", m.Spaces[i].ID)
		}
	}
	for k, p := range optPrefixes {
		var text strings.Builder
		for _, s := range m.Spaces {
			text.WriteString(p + s.ID)
		}
		m.idText[k] = text.String()
		if len(m.Spaces) <= maxSpaces {
			m.idAt[k] = make([]int8, len(m.idText[k]))
			for n := range m.idAt[k] {
				m.idAt[k][n] = -1
			}
		}
		at := 0
		for i, s := range m.Spaces {
			m.spaceIDs[k] = append(m.spaceIDs[k], m.idText[k][at:at+len(p)+len(s.ID)])
			if m.idAt[k] != nil {
				m.idAt[k][at+len(p)] = int8(i)
			}
			at += len(p) + len(s.ID)
		}
		for pc := Piece(0); pc < NumPieces; pc++ {
			for _, s := range m.Spaces {
				m.pieceSpaceIDs[k][pc] = append(m.pieceSpaceIDs[k][pc], p+pc.ID()+":"+s.ID)
			}
		}
	}
	if len(m.Spaces) <= maxSpaces {
		m.adjBits = make([]uint64, len(m.Spaces))
		for i, s := range m.Spaces {
			m.kinds[i], m.pops[i], m.muslim[i] = s.Type, s.Pop, s.Muslim
			for _, j := range s.Adj {
				m.adjBits[i] |= 1 << uint(j)
			}
			if s.Type == Railway || s.Type == City {
				m.railCityBits |= 1 << uint(i)
			}
		}
	}
	m.layOut(&f, bad)
	for i, s := range m.Spaces {
		m.allIdx = append(m.allIdx, i)
		if s.Type != Railway {
			m.nonRail = append(m.nonRail, i)
		}
	}
	econ := 0
	for _, s := range m.Spaces {
		econ += s.Econ
	}
	if econ != TotalEcon {
		bad("railway Econ totals %d; the rules require %d (6.2.2)", econ, TotalEcon)
	}
	if len(f.RandomSpaces) != 6 || len(f.RegionNames) != 6 {
		bad("the Random Spaces map needs 6 regions and 6 region names (8.1.2)")
	} else {
		seen := map[int]bool{}
		for r, row := range f.RandomSpaces {
			m.RegionNames[r] = f.RegionNames[r]
			if len(row) != 6 {
				bad("random region %d needs 6 spaces (8.1.2)", r+1)
				continue
			}
			for c, id := range row {
				j, ok := m.byID[id]
				if !ok {
					bad("random region %d: unknown space %q", r+1, id)
					continue
				}
				if m.Spaces[j].Type == Railway {
					bad("random region %d holds railway %q; it holds only Cities, Provinces and States", r+1, id)
				}
				m.Random[r][c] = j
				seen[j] = true
			}
		}
		for _, s := range m.Spaces {
			if s.Type != Railway && !seen[s.Index] {
				bad("space %q is missing from the Random Spaces map (8.1.2)", s.ID)
			}
		}
	}
	if len(errs) > 0 {
		sort.Strings(errs)
		return nil, fmt.Errorf("map data is invalid:\n  %s", joinLines(errs))
	}
	return m, nil
}

// layOut reads the drawing positions. Every City, Province, State and
// Town needs one, so that a front end can draw the map without guessing; a
// Railway is drawn as a line between its ends, and its marker sits at the
// middle of that line unless the file places it (to keep it clear of a
// space drawn on the line).
func (m *Map) layOut(f *mapFile, bad func(string, ...any)) {
	point := func(what, id string, at []int) (Point, bool) {
		if len(at) != 2 {
			bad("%s %q: needs its map position \"at\": [x, y] (0-%d)", what, id, LayoutSize)
			return Point{}, false
		}
		p := Point{at[0], at[1]}
		if p.X < 0 || p.X > LayoutSize || p.Y < 0 || p.Y > LayoutSize {
			bad("%s %q: map position %v lies outside the %d×%d drawing", what, id, at, LayoutSize, LayoutSize)
			return Point{}, false
		}
		return p, true
	}
	// ends: where a Railway may end, Towns and Cities, by id
	ends := map[string]Point{}
	for _, t := range f.Towns {
		p, ok := point("town", t.ID, t.At)
		if ok {
			ends[t.ID] = p
		}
		m.Towns = append(m.Towns, Town{ID: t.ID, Name: t.Name, At: p})
	}
	for i, s := range f.Spaces {
		if m.Spaces[i].Type == Railway {
			continue
		}
		if p, ok := point("space", s.ID, s.At); ok {
			m.Spaces[i].At = p
			ends[s.ID] = p
		}
	}
	for i, s := range f.Spaces {
		if m.Spaces[i].Type != Railway {
			continue
		}
		if s.At != nil {
			m.Spaces[i].At, _ = point("railway", s.ID, s.At)
			continue
		}
		if len(s.Ends) != 2 {
			continue // reported with the railway's other faults
		}
		a, okA := ends[s.Ends[0]]
		b, okB := ends[s.Ends[1]]
		if okA && okB {
			m.Spaces[i].At = Point{(a.X + b.X) / 2, (a.Y + b.Y) / 2}
		}
	}
}

func joinLines(s []string) string {
	var b bytes.Buffer
	for i, x := range s {
		if i > 0 {
			b.WriteString("\n  ")
		}
		b.WriteString(x)
	}
	return b.String()
}

// ID looks up a space index by id.
func (m *Map) ID(id string) (int, bool) {
	// An id cut from an option id the map built (spaceIDs) is found by
	// where it lies in memory; any other string by its text.
	if p := uintptr(unsafe.Pointer(unsafe.StringData(id))); p != 0 {
		for k := range m.idText {
			base := uintptr(unsafe.Pointer(unsafe.StringData(m.idText[k])))
			if p < base || p >= base+uintptr(len(m.idText[k])) || m.idAt[k] == nil {
				continue
			}
			if i := m.idAt[k][p-base]; i >= 0 && len(id) == len(m.Spaces[i].ID) {
				return int(i), true
			}
			break
		}
	}
	i, ok := m.byID[id]
	return i, ok
}

// Adjacent reports whether two spaces are adjacent (1.3.8).
func (m *Map) Adjacent(a, b int) bool { return m.adjMatrix[a][b] }
