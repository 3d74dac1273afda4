package gandhi

import (
	"fmt"
	"strings"

	"durbar/core"
)

// Faction is one of the four sides (1.5).
type Faction int

const (
	Raj Faction = iota
	Congress
	League
	Rev
	NumFactions
)

var factionIDs = [NumFactions]string{"raj", "congress", "league", "rev"}
var factionNames = [NumFactions]string{"British Raj", "Congress", "Muslim League", "Revolutionaries"}

func (f Faction) String() string { return factionNames[f] }

// factionList names factions for reading: "Congress, Revolutionaries", or
// with last " and " before the final name: "Congress and Revolutionaries".
func factionList(fs []Faction, last string) string {
	var b strings.Builder
	for i, f := range fs {
		switch {
		case i == 0:
		case i == len(fs)-1:
			b.WriteString(last)
		default:
			b.WriteString(", ")
		}
		b.WriteString(f.String())
	}
	return b.String()
}

// ID is the short stable identifier used in files and option ids.
func (f Faction) ID() string { return factionIDs[f] }

// ParseFaction reads a faction id.
func ParseFaction(s string) (Faction, bool) {
	for i, id := range factionIDs {
		if id == s {
			return Faction(i), true
		}
	}
	return 0, false
}

// Piece is a kind of force piece (1.4). Guerrillas are split by activity;
// Activists are not, because their activity follows from their space (1.4.3).
type Piece int

const (
	Troop Piece = iota
	Sepoy
	CongAct
	LeagueAct
	GuerU // Underground Guerrilla
	GuerA // Active Guerrilla
	LeagueBase
	RevBase
	NumPieces
)

var pieceIDs = [NumPieces]string{"troop", "sepoy", "congress", "league", "guerrilla", "active-guerrilla", "league-base", "rev-base"}
var pieceNames = [NumPieces]string{"Troop", "Sepoy", "Congress Activist", "Muslim League Activist", "Underground Guerrilla", "Active Guerrilla", "Muslim League Base", "Revolutionaries Base"}

func (p Piece) String() string { return pieceNames[p] }

// ID is the stable identifier used in files and option ids.
func (p Piece) ID() string { return pieceIDs[p] }

// A gives the name with its indefinite article, for labels.
func (p Piece) A() string {
	if p == GuerA || p == GuerU {
		return "an " + p.String()
	}
	return "a " + p.String()
}

// Owner is the faction a piece belongs to.
func (p Piece) Owner() Faction {
	switch p {
	case Troop, Sepoy:
		return Raj
	case CongAct:
		return Congress
	case LeagueAct, LeagueBase:
		return League
	default:
		return Rev
	}
}

// Inventory (1.4.1, Available Forces chart). GuerA shares the Guerrilla pool.
var inventory = [NumPieces]int{Troop: 15, Sepoy: 45, CongAct: 16, LeagueAct: 16, GuerU: 16, LeagueBase: 5, RevBase: 5}

const (
	// TotalForces counts every force piece including Gandhi (the 125 wooden
	// pieces of 1.2 also include 6 Eligibility/Resource cylinders).
	TotalForces        = 15 + 45 + 16 + 16 + 16 + 1 + 5 + 5
	UnrestStrikePool   = 12 // Unrest and Strike are two sides of 12 markers (1.11, 1.12)
	MuslimStatePool    = 5  // project's edition: five Muslim State markers
	NumProtestBoxes    = 8  // project's edition: eight Protest markers beside the Restraint track (1.10)
	GandhiInJail       = -1
	GandhiUnplaced     = -2 // only during set-up, before Congress places him
	MinTrack, MaxTrack = 1, 5
	MaxResources       = 50
)

// protestCap is how many Protest boxes (numbered from 1) are Available during
// Operations at each Restraint (1.10): the boxes beside the Restraint marker's
// level and above it. Project's edition of the track: one box beside 5 and 4,
// two beside 3, 2 and 1.
var protestCap = [MaxTrack + 1]int{0, 8, 6, 4, 2, 1}

// SpaceState is what lies in one space.
type SpaceState struct {
	P           [NumPieces]int16 // pieces by kind (inventory holds at most 45 of one)
	Protest     bool
	Strike      bool
	MuslimState bool
	Unrest      int8
	Support     int8 // -2 Active Opposition … +2 Active Support (1.6)
	Control     bool
}

// Board holds every piece and marker: the part of the state that a position
// file describes.
type Board struct {
	Sp        []SpaceState
	Gandhi    int // space index, GandhiInJail or GandhiUnplaced
	Avail     [NumPieces]int
	OOP       [NumPieces]int
	Jail      [2]int // Congress, League Activists
	Protests  [NumProtestBoxes]bool
	Resources [NumFactions]int
	Restraint int
	Unity     int
	VP        [NumFactions]int // tracked victory totals (1.9)
}

func (b *Board) clone() Board {
	c := *b
	c.Sp = append([]SpaceState(nil), b.Sp...)
	return c
}

// ---- derived facts ----

func (g *Game) space(i int) *Space { return &g.m.Spaces[i] }

func (g *Game) isRailway(i int) bool { return g.m.kinds[i] == Railway }
func (g *Game) isCity(i int) bool    { return g.m.kinds[i] == City }

// isState: Princely State or Muslim State (1.3.5).
func (g *Game) isState(i int) bool {
	return g.m.kinds[i] == PrincelyState || g.Sp[i].MuslimState
}

// isProvince: a printed Province that is not currently a Muslim State.
func (g *Game) isProvince(i int) bool {
	return g.m.kinds[i] == Province && !g.Sp[i].MuslimState
}

func (g *Game) popOf(i int) int { return g.m.pops[i] }

func (g *Game) crisis() bool { return g.Restraint == 1 && g.Unity == 1 }

func (g *Game) activistsActive(i int) bool { return g.Sp[i].Protest || g.isRailway(i) }

func (g *Game) cubes(i int) int { return int(g.Sp[i].P[Troop]) + int(g.Sp[i].P[Sepoy]) }

func (g *Game) gandhiAt(i int) int {
	if g.Gandhi == i {
		return 1
	}
	return 0
}

// activeNonRaj counts Active pieces of the other three factions (1.4.3, 1.7).
func (g *Game) activeNonRaj(i int) int {
	s := &g.Sp[i]
	n := int(s.P[GuerA]) + int(s.P[LeagueBase]) + int(s.P[RevBase]) + g.gandhiAt(i)
	if g.activistsActive(i) {
		n += int(s.P[CongAct]) + int(s.P[LeagueAct])
	}
	return n
}

// activeAdversaries of faction f in space i (pieces that Operations may target).
func (g *Game) activeAdversaries(f Faction, i int) int {
	s := &g.Sp[i]
	n := 0
	if f != Raj {
		n += g.cubes(i)
	}
	if f != Congress {
		n += g.gandhiAt(i)
		if g.activistsActive(i) {
			n += int(s.P[CongAct])
		}
	}
	if f != League {
		n += int(s.P[LeagueBase])
		if g.activistsActive(i) {
			n += int(s.P[LeagueAct])
		}
	}
	if f != Rev {
		n += int(s.P[GuerA]) + int(s.P[RevBase])
	}
	return n
}

func (g *Game) computeControl(i int) bool {
	if !(g.isCity(i) || g.isProvince(i)) {
		return false
	}
	return g.cubes(i) > g.activeNonRaj(i)
}

// touch recomputes the cached Raj Control of a space and the victory totals.
// Every mutation of the board goes through a helper that calls it.
func (g *Game) touch(i int) {
	g.Sp[i].Control = g.computeControl(i)
	g.VP = g.computeVP()
}

func (g *Game) touchAll() {
	for i := range g.Sp {
		g.Sp[i].Control = g.computeControl(i)
	}
	g.VP = g.computeVP()
}

func (g *Game) computeVP() [NumFactions]int {
	var vp [NumFactions]int
	for i := range g.Sp {
		s := &g.Sp[i]
		if g.isRailway(i) {
			continue
		}
		p := g.popOf(i)
		if int(s.Support) > 0 {
			vp[Raj] += int(s.Support) * p
		}
		if s.Control {
			vp[Raj] += p
		}
		if int(s.Support) < 0 {
			vp[Congress] += -int(s.Support) * p
			if g.m.muslim[i] {
				vp[League] += -int(s.Support) * p
			}
		}
		if s.MuslimState {
			vp[League] += 2 * p
		}
		if int(s.Unrest) > 0 {
			vp[Rev] += p
		}
		vp[Rev] += int(s.P[RevBase])
	}
	return vp
}

// Victory thresholds (7.2): a faction wins a check when its total exceeds it.
var thresholds = [NumFactions]int{38, 20, 14, 14}

// Margin is the victory margin of 7.3.
func (g *Game) Margin(f Faction) int { return g.VP[f] - thresholds[f] }

// ---- markers on the map ----

func (g *Game) unrestStrikeOnMap() int {
	n := 0
	for i := range g.Sp {
		n += int(g.Sp[i].Unrest)
		if g.Sp[i].Strike {
			n++
		}
	}
	return n
}

func (g *Game) unrestAvailable() bool { return g.unrestStrikeOnMap() < UnrestStrikePool }

func (g *Game) muslimStatesOnMap() int {
	n := 0
	for i := range g.Sp {
		if g.Sp[i].MuslimState {
			n++
		}
	}
	return n
}

func (g *Game) protestsOnMap() int {
	n := 0
	for i := range g.Sp {
		if g.Sp[i].Protest {
			n++
		}
	}
	return n
}

// protestAvailableForOps: an occupied Protest box within the Restraint cap (1.10).
func (g *Game) protestBoxForOps() int {
	for b := 0; b < protestCap[g.Restraint] && b < NumProtestBoxes; b++ {
		if g.Protests[b] {
			return b
		}
	}
	return -1
}

func (g *Game) protestBoxAny() int {
	for b := 0; b < NumProtestBoxes; b++ {
		if g.Protests[b] {
			return b
		}
	}
	return -1
}

// placeProtest puts a Protest marker in a space; forOps limits the supply by
// Restraint (1.10). It reports whether a marker was placed.
func (g *Game) placeProtest(i int, forOps bool) bool {
	if g.Sp[i].Protest {
		return false
	}
	b := g.protestBoxAny()
	if forOps {
		b = g.protestBoxForOps()
	}
	if b < 0 {
		return false
	}
	g.Protests[b] = false
	g.Sp[i].Protest = true
	g.touch(i)
	return true
}

// removeProtest returns the marker to the highest-numbered empty box (1.10).
func (g *Game) removeProtest(i int) {
	if !g.Sp[i].Protest {
		return
	}
	g.Sp[i].Protest = false
	for b := NumProtestBoxes - 1; b >= 0; b-- {
		if !g.Protests[b] {
			g.Protests[b] = true
			break
		}
	}
	g.touch(i)
}

// addUnrest adds an Unrest marker, or a Strike on a Railway (1.11, 1.12).
func (g *Game) addUnrest(i int) bool {
	if !g.unrestAvailable() {
		return false
	}
	if g.isRailway(i) {
		if g.Sp[i].Strike {
			return false
		}
		g.Sp[i].Strike = true
	} else {
		g.Sp[i].Unrest++
	}
	g.touch(i)
	return true
}

func (g *Game) removeUnrest(i int) {
	if int(g.Sp[i].Unrest) > 0 {
		g.Sp[i].Unrest--
		g.touch(i)
	}
}

func (g *Game) shiftSupport(i, d int) {
	if g.isRailway(i) {
		return
	}
	g.Sp[i].Support = int8(clamp(int(g.Sp[i].Support)+d, -2, 2))
	g.touch(i)
}

// shiftToward moves the level one step toward target.
func (g *Game) shiftToward(i, target int) {
	switch s := int(g.Sp[i].Support); {
	case s < target:
		g.shiftSupport(i, 1)
	case s > target:
		g.shiftSupport(i, -1)
	}
}

func (g *Game) setSupport(i, level int) {
	if !g.isRailway(i) {
		g.Sp[i].Support = int8(level)
		g.touch(i)
	}
}

// shiftRestraint and shiftUnity keep the tracks within 1-5 and note a Crisis
// that begins during the turn (6.8).
func (g *Game) shiftRestraint(d int) {
	was := g.crisis()
	g.Restraint = clamp(g.Restraint+d, MinTrack, MaxTrack)
	if !was && g.crisis() {
		g.turn.crisis = true
	}
}

func (g *Game) shiftUnity(d int) {
	was := g.crisis()
	g.Unity = clamp(g.Unity+d, MinTrack, MaxTrack)
	if !was && g.crisis() {
		g.turn.crisis = true
	}
}

func (g *Game) addResources(f Faction, d int) {
	if g.npNoResources(f) {
		return
	}
	g.Resources[f] = clamp(g.Resources[f]+d, 0, MaxResources)
}

// placeMuslimState turns a Province into a Muslim State (1.3.5); Troops there
// must go to Cities, which the Raj chooses in a following step.
func (g *Game) placeMuslimState(i int) bool {
	if !g.isProvince(i) || g.muslimStatesOnMap() >= MuslimStatePool {
		return false
	}
	g.Sp[i].MuslimState = true
	g.touch(i)
	if int(g.Sp[i].P[Troop]) > 0 {
		g.pushTroopEviction(i)
	}
	return true
}

func (g *Game) removeMuslimState(i int) {
	g.Sp[i].MuslimState = false
	g.touch(i)
}

// ---- pieces ----

// place moves one piece from Available to a space (Guerrillas go Underground).
func (g *Game) place(i int, p Piece) bool {
	if g.Avail[pool(p)] == 0 {
		return false
	}
	g.Avail[pool(p)]--
	g.Sp[i].P[p]++
	g.touch(i)
	return true
}

// remove takes one piece from a space to Available (Guerrillas turn Underground).
func (g *Game) remove(i int, p Piece) {
	if int(g.Sp[i].P[p]) == 0 {
		panic(fmt.Sprintf("remove %s from %s: none there", p, g.space(i).ID))
	}
	g.Sp[i].P[p]--
	g.Avail[pool(p)]++
	g.touch(i)
}

// arrest sends an Activist from a space to Jail (1.3.9).
func (g *Game) arrest(i int, p Piece) {
	if int(g.Sp[i].P[p]) == 0 {
		panic(fmt.Sprintf("arrest %s in %s: none there", p, g.space(i).ID))
	}
	g.Sp[i].P[p]--
	g.Jail[p-CongAct]++
	g.touch(i)
}

// release frees one Activist from Jail to Available.
func (g *Game) release(p Piece) {
	g.Jail[p-CongAct]--
	g.Avail[p]++
}

func (g *Game) arrestGandhi() {
	at := g.Gandhi
	g.Gandhi = GandhiInJail
	if at >= 0 {
		g.touch(at)
	}
}

func (g *Game) moveGandhi(to int) {
	from := g.Gandhi
	g.Gandhi = to
	if from >= 0 {
		g.touch(from)
	}
	g.touch(to)
}

func (g *Game) movePiece(from, to int, p Piece) {
	g.Sp[from].P[p]--
	g.Sp[to].P[p]++
	g.touch(from)
	g.touch(to)
}

func (g *Game) flip(i int, from, to Piece, n int) {
	g.Sp[i].P[from] -= int16(n)
	g.Sp[i].P[to] += int16(n)
	g.touch(i)
}

func (g *Game) bases(i int) int { return int(g.Sp[i].P[LeagueBase]) + int(g.Sp[i].P[RevBase]) }

func (g *Game) baseRoom(i int) bool { return !g.isRailway(i) && g.bases(i) < g.popOf(i) }

func (g *Game) guerrillas(i int) int { return int(g.Sp[i].P[GuerU]) + int(g.Sp[i].P[GuerA]) }

func (g *Game) activists(i int) int { return int(g.Sp[i].P[CongAct]) + int(g.Sp[i].P[LeagueAct]) }

func clamp(v, lo, hi int) int {
	if v < lo {
		return lo
	}
	if v > hi {
		return hi
	}
	return v
}

// roll draws a die from the state's own random source.
func (g *Game) roll() int { return g.die(&g.rng) }

// die rolls on stream r, or takes the next die a position fixed, counted
// as a draw of r (the undo barrier moves as for any roll).
func (g *Game) die(r *core.RNG) int {
	if len(g.dice) == 0 {
		return r.Die()
	}
	d := int(g.dice[0])
	g.dice = g.dice[1:]
	r.Draws++
	return d
}

// pool is the Available box a piece comes from and goes back to: an Active
// Guerrilla is an Underground one off the map (1.4.3).
func pool(p Piece) Piece {
	if p == GuerA {
		return GuerU
	}
	return p
}

// sideIndex is an Event text's index in a program: 0 unshaded, 1 shaded.
func sideIndex(shaded bool) int {
	if shaded {
		return 1
	}
	return 0
}

// ProtestsAvailableForOps counts Protest markers an Operation may place at
// the current Restraint (1.10).
func (g *Game) ProtestsAvailableForOps() int {
	n := 0
	for b := 0; b < protestCap[g.Restraint] && b < NumProtestBoxes; b++ {
		if g.Protests[b] {
			n++
		}
	}
	return n
}

// RandomSpace picks a City, Province or State with the Random Spaces map
// (8.1.2): two dice give region and slot; an ineligible slot passes to the
// next one (4-2 after 4-1, 5-1 after 4-6, 1-1 after 6-6). It returns -1 when
// no space is eligible.
func (g *Game) RandomSpace(eligible func(int) bool) int {
	r, c := g.roll()-1, g.roll()-1
	return g.randomSpaceFrom(r, c, eligible)
}

func (g *Game) randomSpaceFrom(r, c int, eligible func(int) bool) int {
	for k := 0; k < 36; k++ {
		if i := g.m.Random[r][c]; eligible(i) {
			return i
		}
		if c++; c == 6 {
			c, r = 0, (r+1)%6
		}
	}
	return -1
}

// noun is a countable noun in agreement with its number: "Activist" for
// one, "Activists" for any other ("1 Activist", "0 Activists").
func noun(n int, one string) string {
	if n == 1 || n == -1 {
		return one
	}
	return one + "s"
}
