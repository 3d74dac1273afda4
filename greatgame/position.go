package greatgame

import (
	"bytes"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
)

// A position is any legal board written as JSON (docs/greatgame-formats.md):
// the turn and the phase it starts at, the Balance of Power, control,
// treasuries, supply points, where every counter on the map or off it is,
// the civilization markers, and the once-per-game facts. A game loaded from
// a position starts at the beginning of that phase with no decision half
// made, so a position never holds a half-finished move or combat.

// Position is the file form of a board.
type Position struct {
	Scenario string `json:"scenario"`        // "1", "2" or "3": the scenario's length and special rules
	Start    int    `json:"start,omitempty"` // scenario 3: the set-up it started from (1 or 2)
	Turn     int    `json:"turn"`
	// Phase is where play starts: "turn" (the start of the turn, before
	// initiative) or "operations" (the movement subphase of an operations
	// phase: then Ops, Phasing and First say which).
	Phase   string            `json:"phase"`
	Ops     int               `json:"ops,omitempty"`
	Phasing string            `json:"phasing,omitempty"`
	First   string            `json:"first,omitempty"`
	BoP     int               `json:"bop"`
	Control map[string]string `json:"control"` // region id (or "ghazis") → british or russian; absent: neutral
	Pounds  map[string]int    `json:"pounds"`
	SP      map[string]int    `json:"sp"`
	// Pieces maps a location — a square (CCRR), "base-british",
	// "base-russian", "dead", "gone", "prison-british", "prison-russian" —
	// to the counters there: agent ids, or units as nation/type/size (with
	// "/back" for a reduced elephant). Counters not listed are available.
	Pieces  map[string][]string `json:"pieces"`
	Markers []PosMarker         `json:"markers,omitempty"`
	OpenWar string              `json:"openWar,omitempty"` // who started open war, if anyone
	// Happened lists once-per-game events that have happened.
	Happened []string `json:"happened,omitempty"`
}

// PosMarker is a civilization marker in a position.
type PosMarker struct {
	Kind   string `json:"kind"`
	Side   string `json:"side"`
	Square string `json:"square"`
}

// MaxPositionBytes bounds a position file.
const MaxPositionBytes = 1 << 20

var locNames = map[int16]string{LocBaseBr: "base-british", LocBaseRu: "base-russian", LocDead: "dead", LocGone: "gone",
	LocPrisonBr: "prison-british", LocPrisonRu: "prison-russian"}

// Position writes the board. It is meaningful at the start of a turn or of
// a movement subphase; elsewhere it records the board as it stands.
func (g *Game) Position() Position {
	p := Position{Scenario: g.scen, Start: g.start, Turn: g.Turn, BoP: g.BoP,
		Control: map[string]string{}, Pounds: map[string]int{"british": g.Pounds[0], "russian": g.Pounds[1]},
		SP: map[string]int{"british": g.SP[0], "russian": g.SP[1]}, Pieces: map[string][]string{}}
	if g.Seq >= SeqMove && g.Seq <= SeqAfterCombat {
		p.Phase, p.Ops, p.Phasing, p.First = "operations", g.Ops, g.Phasing.String(), g.First.String()
	} else {
		p.Phase = "turn"
	}
	for r, c := range g.Control {
		if c != NoSide {
			p.Control[g.RegionID(r)] = c.String()
		}
	}
	for i, pc := range g.Pieces {
		if pc.Loc == LocAvail {
			continue
		}
		loc := g.LocID(pc.Loc)
		id := g.r.tpl[i].ID
		if pc.Flags&FlagBack != 0 {
			id += "/back"
		}
		p.Pieces[loc] = append(p.Pieces[loc], id)
	}
	for _, m := range g.Markers {
		p.Markers = append(p.Markers, PosMarker{Kind: m.Kind.String(), Side: m.Side.String(), Square: g.r.m.Squares[m.Sq].ID})
	}
	if g.OpenWar {
		p.OpenWar = g.OpenWarBy.String()
	}
	p.Happened = slices.Clone(g.Ev.Happened)
	return p
}

// RegionID is the id of a region by its index in Game.Control (and
// Observation.Control): a map region's, or the ghazis' for the last entry.
func (g *Game) RegionID(r int) string {
	if r == g.r.nr {
		return g.r.d.Regions.Ghazis.ID
	}
	return g.r.m.Regions[r].ID
}

// ParsePosition reads a position file strictly (unknown fields are errors).
func ParsePosition(b []byte) (*Position, error) {
	if len(b) > MaxPositionBytes {
		return nil, fmt.Errorf("position: larger than %d KiB", MaxPositionBytes>>10)
	}
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.DisallowUnknownFields()
	var p Position
	if err := dec.Decode(&p); err != nil {
		return nil, fmt.Errorf("position: %v", err)
	}
	if dec.More() {
		return nil, fmt.Errorf("position: data after the top-level value")
	}
	return &p, nil
}

// FromPosition starts a game at a position. Every problem found is listed
// in the error; a position that breaks a rule names it.
func FromPosition(d *Data, p *Position, seed uint64) (*Game, error) {
	g, err := New(d, Setup{Scenario: p.Scenario, Start: p.Start}, seed)
	if err != nil {
		return nil, err
	}
	g.Setup = Setup{Position: p}
	var probs []string
	bad := func(format string, a ...any) { probs = append(probs, fmt.Sprintf(format, a...)) }
	if p.Turn < g.FirstTurn || p.Turn > g.LastTurn {
		bad("turn %d outside the scenario's turns %d–%d", p.Turn, g.FirstTurn, g.LastTurn)
	}
	if p.BoP == 0 || p.BoP > d.Charts.BoP.Max || p.BoP < d.Charts.BoP.Min {
		bad("Balance of Power %d: −%d…%d without zero (4.3)", p.BoP, d.Charts.BoP.Max, d.Charts.BoP.Max)
	}
	g.Tasks, g.Place = nil, placeState{}
	g.Turn, g.BoP, g.Over = p.Turn, p.BoP, false
	for i := range g.Control {
		g.Control[i] = NoSide
	}
	if len(p.Control) > len(g.Control) {
		bad("control lists %d regions; the map has %d and the ghazis", len(p.Control), len(g.Control)-1)
	}
	for reg, s := range p.Control {
		r := g.r.m.RegionIndex(reg)
		if reg == d.Regions.Ghazis.ID {
			r = g.r.nr
		}
		side := sideOf(s)
		if r < 0 || side == NoSide {
			bad("control: %q → %q: want a region and british or russian", reg, s)
			continue
		}
		g.Control[r] = side
	}
	for _, s := range []Side{British, Russian} {
		g.Pounds[s], g.SP[s] = p.Pounds[s.String()], p.SP[s.String()]
		if g.Pounds[s] < 0 || g.SP[s] < 0 || g.Pounds[s] > 100000 || g.SP[s] > 100000 {
			bad("%s: pounds %d and supply points %d must be 0…100000", s, g.Pounds[s], g.SP[s])
		}
	}
	for k := range p.Pounds {
		if sideOf(k) == NoSide {
			bad("pounds: %q is not a side", k)
		}
	}
	for k := range p.SP {
		if sideOf(k) == NoSide {
			bad("sp: %q is not a side", k)
		}
	}
	for i := range g.Pieces {
		g.Pieces[i] = Piece{Tpl: int16(i), Loc: LocAvail}
	}
	g.Markers = nil
	n := 0
	locs := make([]string, 0, len(p.Pieces))
	for loc := range p.Pieces {
		locs = append(locs, loc)
	}
	slices.Sort(locs) // counters of one kind are numbered in the same order every time
	for _, loc := range locs {
		ids := p.Pieces[loc]
		n += len(ids)
		if n > len(g.Pieces) {
			bad("more counters listed than the mix holds (%d)", len(g.Pieces))
			break
		}
		sq := int16(-100)
		for k, v := range locNames {
			if v == loc {
				sq = k
			}
		}
		if sq == -100 {
			sq = g.parseSq(loc)
			if sq < 0 {
				bad("pieces: %q is not a square (CCRR) or a place off the map", loc)
				continue
			}
			if !g.r.land[sq] {
				bad("pieces: square %s is all sea; no counter ends there (13.7.1, 13.8.4)", loc)
				continue
			}
		}
		for _, id := range ids {
			back := strings.HasSuffix(id, "/back")
			id = strings.TrimSuffix(id, "/back")
			found := -1
			for i := range g.Pieces {
				if g.r.tpl[i].ID == id && g.Pieces[i].Loc == LocAvail {
					found = i
					break
				}
			}
			if found < 0 {
				bad("pieces at %s: no counter %q left in the mix (10.6.2)", loc, id)
				continue
			}
			t := &g.r.tpl[found]
			if back && t.Back == nil {
				bad("pieces at %s: %q has no back face", loc, id)
			}
			switch {
			case sq == LocBaseBr && t.Nation != 0, sq == LocBaseRu && t.Nation != 1:
				bad("pieces: %q cannot be in that base; only its own regulars enter a base (19.2)", id)
			case (sq == LocPrisonBr || sq == LocPrisonRu) && t.Agent < 0:
				bad("pieces: %q is a prisoner, but only agents are captured (16.3)", id)
			case sq == LocGone && t.Kind != "historical":
				bad("pieces: %q cannot leave the game for good; only historical agents do (16.3.3)", id)
			}
			g.Pieces[found].Loc = sq
			if back {
				g.Pieces[found].Flags |= FlagBack
			}
		}
	}
	if len(p.Markers) > 4*len(g.r.m.Squares) {
		bad("%d markers: more than the map can hold", len(p.Markers))
	} else {
		for _, m := range p.Markers {
			k := -1
			for i, id := range markerIDs {
				if id == m.Kind {
					k = i
				}
			}
			sq, side := g.parseSq(m.Square), sideOf(m.Side)
			if k < 0 || sq < 0 || side == NoSide || !g.r.land[sq] {
				bad("marker %+v: a kind (colony, fort, trading-post, railway), british or russian, and a land square", m)
				continue
			}
			if g.MarkerAt(sq, MarkerKind(k), NoSide) >= 0 {
				bad("marker %s at %s: one of each kind per square (20.2.1)", m.Kind, m.Square)
			}
			for _, o := range g.Markers {
				if o.Sq == sq && o.Side != side {
					bad("marker %s at %s: not in a square with an enemy marker (20.2.3)", m.Kind, m.Square)
					break
				}
			}
			g.Markers = append(g.Markers, Marker{Kind: MarkerKind(k), Side: side, Sq: sq})
		}
	}
	switch p.OpenWar {
	case "":
	case "british", "russian":
		g.OpenWar, g.OpenWarBy = true, sideOf(p.OpenWar)
	default:
		bad("openWar %q: british, russian or absent", p.OpenWar)
	}
	for _, e := range p.Happened {
		known := false
		for _, x := range d.Charts.Events.List {
			known = known || x.ID == e
		}
		if !known {
			bad("happened: unknown event %q", e)
		}
	}
	g.Ev.Happened = slices.Clone(p.Happened)
	switch p.Phase {
	case "turn":
		g.Seq = SeqTurnStart
		g.beginTurn()
	case "operations":
		ph, fs := sideOf(p.Phasing), sideOf(p.First)
		if p.Ops < 1 || p.Ops > d.Charts.OperationsPhases || ph == NoSide || fs == NoSide {
			bad("operations: ops 1–%d, phasing and first british or russian", d.Charts.OperationsPhases)
			break
		}
		g.Seq, g.Ops, g.Phasing, g.First = SeqMove, p.Ops, ph, fs
		g.enterOps()
	default:
		bad("phase %q: turn or operations", p.Phase)
	}
	if len(probs) > 0 {
		slices.Sort(probs)
		return nil, fmt.Errorf("position: %d problem(s):\n  %s", len(probs), strings.Join(probs, "\n  "))
	}
	g.Log = append(g.Log[:0], fmt.Sprintf("Position loaded: %s, %s.", g.Years(), g.Seq))
	g.advance()
	return g, nil
}
