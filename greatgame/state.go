package greatgame

import (
	"fmt"
	"sync"

	"durbar/core"
)

// This file holds the game state of The Great Game and the read-only
// tables compiled once per edition (rules). The rules engine is a flat set
// of named steps (steps.go); the turn sequence of 3.1 drives them
// (sequence.go); each part of the rulebook has its own file: set-up
// (setup.go), movement (move.go), negotiations (negotiate.go), belligerence
// and defection (control.go), combat (combat.go), events (events.go),
// income and spending (income.go), supply (supply.go), the end of the turn
// and victory (endturn.go), player agreements (agree.go) and what each seat
// may see (observe.go).

// Side is a player: the British (seat 0) or the Russian (seat 1).
type Side int8

// The sides; NoSide is neutral control or nobody.
const (
	British Side = 0
	Russian Side = 1
	NoSide  Side = -1
)

// Other is the opposing side.
func (s Side) Other() Side { return 1 - s }

func (s Side) String() string {
	switch s {
	case British:
		return "british"
	case Russian:
		return "russian"
	}
	return "neutral"
}

// Title is the side's name for people.
func (s Side) Title() string {
	switch s {
	case British:
		return "British"
	case Russian:
		return "Russian"
	}
	return "neutral"
}

func sideOf(id string) Side {
	switch id {
	case "british":
		return British
	case "russian":
		return Russian
	}
	return NoSide
}

// Locations of a piece that is not on a map square (a square index ≥ 0).
const (
	LocAvail    int16 = -1 // in the counter mix, recruitable (10.6.2)
	LocDead     int16 = -2 // eliminated; recruitable again (10.4) unless a historical agent
	LocGone     int16 = -3 // out of the game for good (historical agents, 16.3.3)
	LocBaseBr   int16 = -4 // Central India, the British base (19.0)
	LocBaseRu   int16 = -5 // the Urals, the Russian base
	LocPrisonBr int16 = -6 // a prisoner held by the British (16.3.2)
	LocPrisonRu int16 = -7 // a prisoner held by the Russian
)

// BaseLoc is a side's base location.
func BaseLoc(s Side) int16 {
	if s == British {
		return LocBaseBr
	}
	return LocBaseRu
}

// PrisonLoc is where a side keeps its prisoners.
func PrisonLoc(captor Side) int16 {
	if captor == British {
		return LocPrisonBr
	}
	return LocPrisonRu
}

// Piece flags.
const (
	FlagMoved    uint8 = 1 << iota // moved (or was left behind by a force) this movement subphase (11.3)
	FlagNew                        // bought in this income phase, hidden from the other side until it ends (3.1.3)
	FlagBack                       // an elephant counter on its back (reduced) face
	FlagFaceDown                   // an agent face down (22.3)
	FlagLeaving                    // disbanded or reorganized in this income phase: leaves when it ends, seen until then (3.1(3), 10.5)
	FlagReorg                      // with FlagNew: made by a reorganization in this income phase, not a recruit (10.6.1, 18.0)
)

// Piece is one counter: a combat unit or an agent.
type Piece struct {
	Tpl   int16 // index in rules.tpl
	Loc   int16 // square index, or one of the Loc constants
	Flags uint8
}

// Marker is a civilization marker on the map (20.0).
type Marker struct {
	Kind MarkerKind
	Side Side
	Sq   int16
}

// MarkerKind is a kind of civilization marker.
type MarkerKind int8

// The civilization markers.
const (
	Colony MarkerKind = iota
	Fort
	TradingPost
	Railway
	NumMarkerKinds
)

var markerIDs = [NumMarkerKinds]string{"colony", "fort", "trading-post", "railway"}

func (k MarkerKind) String() string { return markerIDs[k] }

// Task is one pending decision on the task stack: a named step, the side
// deciding, and the step's small arguments.
type Task struct {
	Step   StepID
	Side   Side
	Sq     int16 // the square concerned, -1 if none
	N      int16 // a count (losses still due, squares still to retreat…)
	Region int8  // the region concerned, -1 if none
	Aux    int16 // a step's own extra argument
}

// Game is a game of The Great Game in progress. It is a core.Game: the one
// decision model every front end, bot and test plays through.
type Game struct {
	r     *rules
	Setup Setup
	scen  string // the scenario ("1", "2", "3") whose length and special rules apply
	start int    // scenario 3: the set-up it started from

	rng core.RNG
	sec core.Secrets

	Turn      int  // turn on the Turn Record Track (1 = 1835-39)
	LastTurn  int  // the scenario's last turn
	FirstTurn int  // the scenario's first turn
	Seq       Seq  // where the turn sequence stands (3.1)
	Ops       int  // operations phase 1–5
	Phasing   Side // the phasing player of the current operations phase
	First     Side // the first player this turn (7.0)
	BoP       int  // Balance of Power, −18…+18 without zero; positive favours the British
	Over      bool

	// Control of each region (index as Map.Regions), and of the ghazis at
	// the end: NoSide is neutral.
	Control  []Side
	Pounds   [2]int // treasuries (9.0), each private to its side
	SP       [2]int // supply points (17.0)
	SPBought [2]int // supply points bought this turn (17.1)

	Pieces  []Piece
	Markers []Marker
	Tasks   []Task

	// Setup is the placing of a scenario's set-up (setup.go).
	Place placeState
	// Move is the force moving now (move.go).
	Move forceState
	// Neg is the negotiation being resolved (negotiate.go).
	Neg negState
	// Fight is the combat being resolved (combat.go).
	Fight fightState
	// Ev is what this turn's events changed (events.go).
	Ev eventState
	// Deal is a player agreement being proposed (agree.go).
	Deal dealState
	// Negotiated marks the regions negotiated against this subphase (15.3).
	Negotiated uint32

	OpenWar   bool // open war has been declared (24.0)
	OpenWarBy Side // who started it (25.1.1: −15)
	// StartCities is the number of cities each side occupied at the start
	// of the turn (British forward policy, Duhamel-Khrulev plan).
	StartCities [2]int

	Log   []string
	quiet bool     // no log text is formatted
	scr   *scratch // working memory between steps, not state (observe.go)

	// econ: what the income phase collected and bought (income.go)
	Econ econState
}

// rules is what an edition compiles to once: templates of every counter,
// and per-square tables. It is shared by every game of that edition and
// never changed.
type rules struct {
	d        *Data
	m        *Map
	tpl      []tmpl
	nr       int // map regions
	ghazi    int // the ghazis' nation index (2 + nr)
	types    []string
	circled  []bool
	agentTpl map[string]int // agent id → first template of it
	// per square
	forage    []int8
	irrForage []int8
	move2     []int8 // movement cost in half points, 0 for sea
	route2    []int8 // cost along a trade route in half points
	defence   []int8
	land      []bool
	bopCity   []int8 // BoP shift for occupying the city at the square (0 none)
	bopFor    []Side // NoSide = either side
	cityAt    []int16
}

// tmpl is a counter as printed (both faces for elephants).
type tmpl struct {
	Nation              int8  // 0 British, 1 Russian, 2+r a map region's natives, ghazi
	Type                int8  // unit type index; -1 for an agent
	Agent               int16 // index in Counters.Agents; -1 for a combat unit
	Size                int8
	Combat              int8
	Move                int8
	CRT                 byte
	Back                *face // the other face (elephants), nil if none
	Circled             bool
	Political, Military int8
	Kind                string // agent kind: historical, pundit, khan, mullah
	ID                  string // agent id, or nation/type/size for a unit
}

type face struct {
	Size, Combat, Move int8
	CRT                byte
}

var rulesCache sync.Map // *Data → *rules

func compile(d *Data) (*rules, error) {
	if r, ok := rulesCache.Load(d); ok {
		return r.(*rules), nil
	}
	r := &rules{d: d, m: d.Map, nr: len(d.Map.Regions)}
	r.ghazi = 2 + r.nr
	for _, t := range d.Counters.UnitTypes {
		r.types = append(r.types, t.ID)
		r.circled = append(r.circled, t.Circled)
	}
	typeIdx := func(id string) int8 {
		for i, t := range r.types {
			if t == id {
				return int8(i)
			}
		}
		return -1
	}
	for _, u := range d.Counters.Units {
		n := r.nationIndex(u.Nation)
		if n < 0 {
			return nil, fmt.Errorf("greatgame: unit of unknown nation %q", u.Nation)
		}
		t := tmpl{Nation: int8(n), Type: typeIdx(u.Type), Agent: -1, Size: int8(u.Size), Combat: int8(u.Combat),
			Move: int8(u.Move), CRT: u.CRT[0], ID: fmt.Sprintf("%s/%s/%d", u.Nation, u.Type, u.Size)}
		if t.Type >= 0 {
			t.Circled = r.circled[t.Type]
		}
		if u.Back != nil {
			t.Back = &face{Size: int8(u.Back.Size), Combat: int8(u.Back.Combat), Move: int8(u.Back.Move), CRT: u.Back.CRT[0]}
		}
		for i := 0; i < u.Count; i++ {
			r.tpl = append(r.tpl, t)
		}
	}
	r.agentTpl = map[string]int{}
	for ai, a := range d.Counters.Agents {
		n := r.nationIndex(a.Nation)
		if n < 0 {
			return nil, fmt.Errorf("greatgame: agent %q of unknown nation %q", a.ID, a.Nation)
		}
		r.agentTpl[a.ID] = len(r.tpl)
		for i := 0; i < a.Copies(); i++ {
			r.tpl = append(r.tpl, tmpl{Nation: int8(n), Type: -1, Agent: int16(ai), Move: int8(a.Move), Circled: true,
				Political: int8(a.Political), Military: int8(a.Military), Kind: a.Kind, ID: a.ID})
		}
	}
	if len(r.tpl) > 32000 {
		return nil, fmt.Errorf("greatgame: %d counters, more than the engine holds", len(r.tpl))
	}
	m := d.Map
	n := len(m.Squares)
	r.forage = make([]int8, n)
	r.irrForage = make([]int8, n)
	r.move2 = make([]int8, n)
	r.route2 = make([]int8, n)
	r.defence = make([]int8, n)
	r.land = make([]bool, n)
	r.bopCity = make([]int8, n)
	r.bopFor = make([]Side, n)
	r.cityAt = make([]int16, n)
	for i, sq := range m.Squares {
		row := d.TEC.Terrain[d.TEC.TerrainIndex(sq.Terrain.String())]
		r.forage[i] = int8(row.Forage)
		r.irrForage[i] = int8(row.IrregularForage)
		r.move2[i] = int8(row.Move * 2)
		r.route2[i] = int8(row.RouteMove * 2)
		r.defence[i] = int8(row.Defence)
		r.land[i] = row.Land
		r.cityAt[i] = int16(sq.City)
		r.bopFor[i] = NoSide
	}
	for _, c := range d.Charts.BoP.Cities {
		ci := m.CityIndex(c.City)
		s := m.Cities[ci].Square
		r.bopCity[s] = int8(c.Shift)
		r.bopFor[s] = sideOf(c.For)
	}
	v, _ := rulesCache.LoadOrStore(d, r)
	return v.(*rules), nil
}

// nationIndex maps a counter's nation id to its index: 0 British, 1
// Russian, 2+r the natives of map region r, ghazi the ghazis; -1 if unknown.
func (r *rules) nationIndex(id string) int {
	switch id {
	case "british":
		return 0
	case "russian":
		return 1
	}
	if id == r.d.Regions.Ghazis.ID {
		return r.ghazi
	}
	if i := r.m.RegionIndex(id); i >= 0 {
		return 2 + i
	}
	return -1
}

// nationName is a nation's id.
func (r *rules) nationName(n int8) string {
	switch {
	case n == 0:
		return "british"
	case n == 1:
		return "russian"
	case int(n) == r.ghazi:
		return r.d.Regions.Ghazis.ID
	}
	return r.m.Regions[n-2].ID
}

// ---- reading the state ----

// T is a piece's template.
func (g *Game) T(p int) *tmpl { return &g.r.tpl[g.Pieces[p].Tpl] }

// IsAgent reports whether a piece is an agent.
func (g *Game) IsAgent(p int) bool { return g.r.tpl[g.Pieces[p].Tpl].Agent >= 0 }

// Strength is a combat unit's current combat factor (0 for an agent).
func (g *Game) Strength(p int) int {
	t := g.T(p)
	if t.Back != nil && g.Pieces[p].Flags&FlagBack != 0 {
		return int(t.Back.Combat)
	}
	return int(t.Combat)
}

// Brigades is a combat unit's size in brigades/groups (0 for an agent).
func (g *Game) Brigades(p int) int {
	t := g.T(p)
	if t.Agent >= 0 {
		return 0
	}
	if t.Back != nil && g.Pieces[p].Flags&FlagBack != 0 {
		return int(t.Back.Size)
	}
	return int(t.Size)
}

// MoveFactor is a piece's printed movement factor (current face).
func (g *Game) MoveFactor(p int) int {
	t := g.T(p)
	if t.Back != nil && g.Pieces[p].Flags&FlagBack != 0 {
		return int(t.Back.Move)
	}
	return int(t.Move)
}

// CRTLetter is a combat unit's table letter (B, R or C) on its current face.
func (g *Game) CRTLetter(p int) byte {
	t := g.T(p)
	if t.Back != nil && g.Pieces[p].Flags&FlagBack != 0 {
		return t.Back.CRT
	}
	return t.CRT
}

// Regular reports whether a piece is a British (red) or Russian (blue) unit or agent.
func (g *Game) Regular(p int) bool { return g.T(p).Nation <= 1 }

// RegionOf is the home region of a native piece, -1 for British, Russian
// and ghazi pieces.
func (g *Game) RegionOf(p int) int {
	n := int(g.T(p).Nation)
	if n < 2 || n == g.r.ghazi {
		return -1
	}
	return n - 2
}

// Owner is the side controlling a piece now, NoSide if neutral (5.0).
func (g *Game) Owner(p int) Side {
	n := int(g.T(p).Nation)
	switch {
	case n == 0:
		return British
	case n == 1:
		return Russian
	case n == g.r.ghazi:
		return g.Control[g.r.nr]
	}
	return g.Control[n-2]
}

// OnMap reports whether a piece is on a map square.
func (g *Game) OnMap(p int) bool { return g.Pieces[p].Loc >= 0 }

// At lists the pieces at a location (a square or a Loc constant), appended to buf.
func (g *Game) At(loc int16, buf []int) []int {
	for i := range g.Pieces {
		if g.Pieces[i].Loc == loc {
			buf = append(buf, i)
		}
	}
	return buf
}

// CombatUnits counts the combat units a side owns at a location (NoSide: neutral ones).
func (g *Game) CombatUnits(loc int16, s Side) int {
	n := 0
	for i := range g.Pieces {
		if g.Pieces[i].Loc == loc && !g.IsAgent(i) && g.Owner(i) == s {
			n++
		}
	}
	return n
}

// Agents counts the agents a side owns at a location.
func (g *Game) Agents(loc int16, s Side) int {
	n := 0
	for i := range g.Pieces {
		if g.Pieces[i].Loc == loc && g.IsAgent(i) && g.Owner(i) == s {
			n++
		}
	}
	return n
}

// Occupies reports whether a side occupies a square: one of its combat
// units there (6.0, 9.1.2).
func (g *Game) Occupies(s Side, sq int16) bool { return g.CombatUnits(sq, s) > 0 }

// MarkerAt returns the index of a marker of a kind at a square (any side if
// side is NoSide), -1 if none.
func (g *Game) MarkerAt(sq int16, k MarkerKind, side Side) int {
	for i, m := range g.Markers {
		if m.Sq == sq && m.Kind == k && (side == NoSide || m.Side == side) {
			return i
		}
	}
	return -1
}

// Favour is the side the Balance of Power favours and its level: 1 slight,
// 2 moderate, 3 strong (4.0).
func (g *Game) Favour() (Side, int) {
	_, lv, ok := g.r.d.Charts.Favour(g.BoP)
	if !ok {
		return NoSide, 0
	}
	s := British
	if g.BoP < 0 {
		s = Russian
	}
	for i := range g.r.d.Charts.BoP.Levels {
		if &g.r.d.Charts.BoP.Levels[i] == lv {
			return s, i + 1
		}
	}
	return s, 0
}

// favourLevel is the level (1–3) a side enjoys, negative when the other is favoured.
func (g *Game) favourLevel(s Side) int {
	f, lv := g.Favour()
	if f == s {
		return lv
	}
	return -lv
}

// ShiftBoP moves the Balance of Power n spaces in a side's favour, skipping
// zero and stopping at the ends (4.3).
func (g *Game) ShiftBoP(toward Side, n int) {
	for ; n > 0; n-- {
		if toward == British {
			g.BoP++
			if g.BoP == 0 {
				g.BoP = 1
			}
		} else {
			g.BoP--
			if g.BoP == 0 {
				g.BoP = -1
			}
		}
	}
	lim := g.r.d.Charts.BoP.Max
	if g.BoP > lim {
		g.BoP = lim
	}
	if g.BoP < -lim {
		g.BoP = -lim
	}
}

// Period is the leader period of the current turn (16.6).
func (g *Game) Period() int { return g.r.d.Charts.Period(g.Turn) }

// Years is the current turn's years, e.g. "1835-39".
func (g *Game) Years() string {
	for _, t := range g.r.d.Charts.Turns {
		if t.Turn == g.Turn {
			return t.Years
		}
	}
	return "?"
}

// Die rolls a die from the game's own source.
func (g *Game) Die() int { return g.rng.Die() }

// logf adds a line to the public log. Nothing is formatted when the log is off.
func (g *Game) logf(format string, a ...any) {
	if g.quiet {
		return
	}
	g.Log = append(g.Log, fmt.Sprintf(format, a...))
}

// reveal records that hidden information was shown to a seat (the undo barrier).
func (g *Game) reveal(what string) { g.sec.Reveal(what, g.rng.Draws) }

// SqName names a square for people: its city if any, else its id.
func (g *Game) SqName(sq int16) string {
	switch sq {
	case LocBaseBr:
		return "Central India"
	case LocBaseRu:
		return "the Urals"
	case LocAvail:
		return "available"
	case LocDead, LocGone:
		return "eliminated"
	case LocPrisonBr:
		return "a British prison"
	case LocPrisonRu:
		return "a Russian prison"
	}
	if sq < 0 || int(sq) >= len(g.r.m.Squares) {
		return "?"
	}
	s := g.r.m.Squares[sq]
	if s.City >= 0 {
		return g.r.m.Cities[s.City].Name + " (" + s.ID + ")"
	}
	return s.ID
}

// PieceName names a piece for people: "Keane", "British field force XX".
func (g *Game) PieceName(p int) string {
	t := g.T(p)
	if t.Agent >= 0 {
		return g.r.d.Counters.Agents[t.Agent].Name
	}
	size := [4]string{"", "X", "XX", "XXX"}[min(3, max(0, g.Brigades(p)))]
	return fmt.Sprintf("%s %s %s (%d)", nationTitle(g.r, t.Nation), g.r.d.Counters.UnitTypes[t.Type].Name, size, g.Strength(p))
}

func nationTitle(r *rules, n int8) string {
	switch {
	case n == 0:
		return "British"
	case n == 1:
		return "Russian"
	case int(n) == r.ghazi:
		return r.d.Regions.Ghazis.Name
	}
	return r.m.Regions[n-2].Name
}

// PieceID is a piece's stable id in option ids: "p" and its index.
func PieceID(p int) string { return fmt.Sprintf("p%d", p) }

// eliminate removes a piece from the map: a historical agent leaves the
// game for good (16.3.3), anything else goes back to the mix, to be
// recruited again (10.4).
func (g *Game) eliminate(p int) {
	if g.T(p).Kind == "historical" {
		g.Pieces[p].Loc = LocGone
	} else {
		g.Pieces[p].Loc = LocDead
	}
	g.Pieces[p].Flags &^= FlagBack | FlagMoved | FlagNew | FlagLeaving | FlagReorg
}
