package greatgame

import (
	"fmt"
	"slices"
	"strings"
)

// Set-up (the scenarios' sections 3–6): the lines of a set-up are placed in
// the rulebook's order, each by the player it names. Counters with a fixed
// place go there at once; where a line says "any city of region X", the
// placing player puts each counter in a city of their choice (with "at
// least one unit per city" kept), or places the rest of the line the
// standard way in one step. Brigades are shown with the counters in the mix
// (18.4): as many counters as the mix allows, so that lines asking for one
// unit per city can be met.

// placeState is where the set-up stands.
type placeState struct {
	Line  int     // index in the scenario's placements
	Queue []int16 // templates still to place for the line, in order (agents, units, then markers as -1-kind)
	Cover []int16 // the squares of the line already holding one of its counters (one per city, one per square)
}

func (p placeState) clone() placeState {
	p.Queue = slices.Clone(p.Queue)
	p.Cover = slices.Clone(p.Cover)
	return p
}

// beginSetup starts placing a scenario's set-up.
func (g *Game) beginSetup(sc *Scenario) {
	g.Seq = SeqSetup
	g.Place = placeState{Line: -1}
	g.logf("%s (%s): set-up.", sc.Name, sc.Rule)
	g.nextLine()
}

// nextLine moves to the next set-up line that needs a decision, placing
// fixed lines on the way. When the set-up is done the task stack is empty.
func (g *Game) nextLine() {
	sc := g.scenario()
	for {
		g.Place.Line++
		g.Place.Cover = g.Place.Cover[:0]
		if g.Place.Line >= len(sc.Placements) {
			g.Place.Queue = nil
			g.logf("Set-up complete.")
			return
		}
		pl := &sc.Placements[g.Place.Line]
		g.Place.Queue = g.lineQueue(pl)
		if len(g.placeSquares(pl)) == 0 {
			// a fixed place: a named city, each city, a base
			g.placeFixed(pl)
			continue
		}
		g.push(Task{Step: StepPlace, Side: sideOf(pl.By), Sq: -1, Region: -1})
		return
	}
}

// lineQueue lists what a line places: templates of counters (≥ 0) and
// markers (−1 − kind).
func (g *Game) lineQueue(pl *Placement) []int16 {
	var q []int16
	taken := map[int16]bool{}
	for _, it := range pl.Items {
		switch {
		case it.Agent != "":
			n := max(1, it.Count)
			for i := 0; i < n; i++ {
				if p := g.freeAgent(it.Agent, taken); p >= 0 {
					q = append(q, int16(p))
					taken[int16(p)] = true
				}
			}
		case it.Marker != "":
			for k := range markerIDs {
				if markerIDs[k] == it.Marker {
					for i := 0; i < max(1, it.Count); i++ {
						q = append(q, int16(-1-k))
					}
				}
			}
		default:
			for _, p := range g.unitsFor(it.Nation, it.Type, it.Brigades, taken) {
				q = append(q, int16(p))
				taken[int16(p)] = true
			}
		}
	}
	return q
}

// freeAgent finds an available copy of an agent.
func (g *Game) freeAgent(id string, taken map[int16]bool) int {
	first, ok := g.r.agentTpl[id]
	if !ok {
		return -1
	}
	for p := first; p < len(g.Pieces) && g.r.tpl[p].ID == id; p++ {
		if g.Pieces[p].Loc == LocAvail && !taken[int16(p)] {
			return p
		}
	}
	return -1
}

// unitsFor picks available counters showing b brigades of a nation's unit
// type: as many counters as possible (18.4), fewest large ones.
func (g *Game) unitsFor(nation, typ string, b int, taken map[int16]bool) []int {
	n := g.r.nationIndex(nation)
	var bySize [4][]int
	for p := range g.Pieces {
		t := &g.r.tpl[g.Pieces[p].Tpl]
		if int(t.Nation) == n && t.Agent < 0 && g.r.types[t.Type] == typ && g.Pieces[p].Loc == LocAvail && !taken[int16(p)] && t.Size >= 1 && t.Size <= 3 {
			bySize[t.Size] = append(bySize[t.Size], p)
		}
	}
	bc, ok := BestSplit(b, [4]int{0, len(bySize[1]), len(bySize[2]), len(bySize[3])})
	if !ok {
		// an elephant counter on its back shows one group (clarifications)
		for p := range g.Pieces {
			t := &g.r.tpl[g.Pieces[p].Tpl]
			if int(t.Nation) == n && t.Agent < 0 && g.r.types[t.Type] == typ && t.Back != nil && int(t.Back.Size) == b &&
				g.Pieces[p].Loc == LocAvail && !taken[int16(p)] {
				g.Pieces[p].Flags |= FlagBack
				return []int{p}
			}
		}
		return nil
	}
	var out []int
	for s := 3; s >= 1; s-- {
		out = append(out, bySize[s][:bc[s]]...)
	}
	return out
}

// placeSquares lists the squares a line's counters may go to when the
// placing player chooses; nil for a fixed line.
func (g *Game) placeSquares(pl *Placement) []int16 {
	m := g.r.m
	w := &pl.Where
	var out []int16
	switch {
	case len(w.AnyCityOf) > 0:
		for _, c := range w.Cities(m) {
			out = append(out, int16(m.Cities[c].Square))
		}
	case w.NonCityOf != "":
		r := m.RegionIndex(w.NonCityOf)
		for _, s := range m.Regions[r].Squares {
			if m.Squares[s].City < 0 && g.r.land[s] {
				out = append(out, int16(s))
			}
		}
	case w.Marker != "":
		r := m.RegionIndex(w.Region)
		side := sideOf(pl.By)
		for _, mk := range g.Markers {
			if mk.Kind.String() == w.Marker && mk.Side == side && m.Squares[mk.Sq].Region == r {
				out = append(out, mk.Sq)
			}
		}
	}
	return out
}

// placeFixed places a line whose places are fixed: one city, each city of a
// list or region, or a base.
func (g *Game) placeFixed(pl *Placement) {
	w := &pl.Where
	var where []int16
	switch {
	case w.Base != "":
		b := BaseLoc(sideOf(pl.By))
		if g.r.m.Bases[0].ID == w.Base {
			b = BaseLoc(sideOf(g.r.m.Bases[0].Side))
		} else if len(g.r.m.Bases) > 1 && g.r.m.Bases[1].ID == w.Base {
			b = BaseLoc(sideOf(g.r.m.Bases[1].Side))
		}
		where = []int16{b}
	default:
		for _, c := range w.Cities(g.r.m) {
			where = append(where, int16(g.r.m.Cities[c].Square))
		}
	}
	if len(where) == 0 {
		return
	}
	// once per place for eachCity lines; one place otherwise
	first := g.Place.Queue
	for i, sq := range where {
		if i > 0 {
			g.Place.Queue = g.lineQueue(pl)
		} else {
			g.Place.Queue = first
		}
		for len(g.Place.Queue) > 0 {
			g.placeNext(sideOf(pl.By), sq)
		}
	}
	g.logf("%s places %s (%s).", sideOf(pl.By).Title(), g.lineText(pl), pl.Rule)
}

// placeNext puts the next counter or marker of the line on a square.
func (g *Game) placeNext(side Side, sq int16) {
	x := g.Place.Queue[0]
	g.Place.Queue = g.Place.Queue[1:]
	if x < 0 {
		k := MarkerKind(-1 - x)
		if sq >= 0 {
			g.Markers = append(g.Markers, Marker{Kind: k, Side: side, Sq: sq})
		}
	} else {
		g.Pieces[x].Loc = sq
	}
	if !slices.Contains(g.Place.Cover, sq) {
		g.Place.Cover = append(g.Place.Cover, sq)
	}
}

// placeChoices lists where the next counter of the line may go.
func (g *Game) placeChoices(pl *Placement) []int16 {
	all := g.placeSquares(pl)
	w := &pl.Where
	x := g.Place.Queue[0]
	var out []int16
	for _, sq := range all {
		if x < 0 && g.MarkerAt(sq, MarkerKind(-1-x), NoSide) >= 0 {
			continue // one marker of a kind per square (20.2.1)
		}
		if x < 0 && MarkerKind(-1-x) == TradingPost && g.MarkerAt(sq, Colony, NoSide) >= 0 {
			continue // a colony takes a trading post's place (20.3.1)
		}
		if w.OnePerSquare && slices.Contains(g.Place.Cover, sq) {
			continue
		}
		out = append(out, sq)
	}
	if w.OnePerCity {
		// at least one unit per city: once the counters left are just
		// enough for the cities still empty, only those may be chosen
		var empty []int16
		for _, sq := range all {
			if !slices.Contains(g.Place.Cover, sq) {
				empty = append(empty, sq)
			}
		}
		if len(empty) >= len(g.Place.Queue) {
			out = empty
		}
	}
	return out
}

// standardPlace is the standard choice for the next counter: the first
// square still empty of the line, else the region's capital, else the first.
func (g *Game) standardPlace(pl *Placement) int16 {
	ch := g.placeChoices(pl)
	for _, sq := range ch {
		if !slices.Contains(g.Place.Cover, sq) {
			return sq
		}
	}
	for _, sq := range ch {
		if c := g.r.m.Squares[sq].City; c >= 0 && g.r.m.Cities[c].Capital {
			return sq
		}
	}
	return ch[0]
}

func (g *Game) lineText(pl *Placement) string { return LineText(g.r.d, pl) }

// LineText is a set-up line as the log names it: its items (agents, markers,
// units by nation and type), joined.
func LineText(d *Data, pl *Placement) string {
	var parts []string
	for _, it := range pl.Items {
		switch {
		case it.Agent != "":
			a := d.Counters.AgentByID(it.Agent)
			if it.Count > 1 {
				parts = append(parts, fmt.Sprintf("%d× %s", it.Count, a.Name))
			} else {
				parts = append(parts, a.Name)
			}
		case it.Marker != "":
			parts = append(parts, fmt.Sprintf("%d %s", max(1, it.Count), it.Marker))
		default:
			parts = append(parts, fmt.Sprintf("%d %s %s", it.Brigades, it.Nation, it.Type))
		}
	}
	return strings.Join(parts, ", ")
}

func (g *Game) queueHeadName() string {
	x := g.Place.Queue[0]
	if x < 0 {
		return markerIDs[-1-x] + " marker"
	}
	return g.PieceName(int(x))
}

func init() {
	defineStep(StepPlace, stepDef{
		name: "place", rule: "Scenarios",
		prompt: func(g *Game, t *Task) string {
			pl := &g.scenario().Placements[g.Place.Line]
			return fmt.Sprintf("Set-up %s (%s): where does the %s go? (%d left in this line)", pl.Rule, g.lineText(pl), g.queueHeadName(), len(g.Place.Queue))
		},
		options: func(g *Game, t *Task, o *optList) {
			pl := &g.scenario().Placements[g.Place.Line]
			o.rule = "Scenarios " + pl.Rule
			for _, sq := range g.placeChoices(pl) {
				o.add("at:"+g.sqTok(sq), "in "+g.SqName(sq))
			}
			o.add("standard", "place the rest of this line the standard way")
		},
		apply: func(g *Game, t *Task, id string) error {
			pl := &g.scenario().Placements[g.Place.Line]
			side := sideOf(pl.By)
			if id == "standard" {
				for len(g.Place.Queue) > 0 {
					g.placeNext(side, g.standardPlace(pl))
				}
			} else {
				g.placeNext(side, g.parseSq(id[len("at:"):]))
			}
			if len(g.Place.Queue) == 0 {
				g.logf("%s places %s (%s).", side.Title(), g.lineText(pl), pl.Rule)
				g.pop()
				g.nextLine()
			}
			return nil
		},
	})
}
