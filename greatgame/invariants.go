package greatgame

import "fmt"

// Check verifies the game's invariants (issue §6): counters conserved and
// each in one known place, no unit at sea, control values known, the
// Balance of Power within bounds and never zero, treasuries and supply
// points never negative, a pending decision with options unless the game is
// over. Tests call it after every step of random play.
func (g *Game) Check() error {
	if len(g.Pieces) != len(g.r.tpl) {
		return fmt.Errorf("%d pieces for %d counters", len(g.Pieces), len(g.r.tpl))
	}
	nsq := int16(len(g.r.m.Squares))
	for i, p := range g.Pieces {
		if int(p.Tpl) != i {
			return fmt.Errorf("piece %d shows counter %d", i, p.Tpl)
		}
		switch {
		case p.Loc >= nsq || p.Loc < LocPrisonRu:
			return fmt.Errorf("%s at unknown location %d", g.PieceName(i), p.Loc)
		case p.Loc >= 0 && !g.r.land[p.Loc]:
			return fmt.Errorf("%s at sea in square %s (13.8.4)", g.PieceName(i), g.r.m.Squares[p.Loc].ID)
		case p.Loc == LocGone && g.T(i).Kind != "historical":
			return fmt.Errorf("%s out of the game for good, but only historical agents leave for good (16.3.3)", g.PieceName(i))
		case (p.Loc == LocPrisonBr || p.Loc == LocPrisonRu) && !g.IsAgent(i):
			return fmt.Errorf("%s is a prisoner, but only agents are captured (16.3)", g.PieceName(i))
		case p.Loc == LocBaseBr && g.T(i).Nation != 0, p.Loc == LocBaseRu && g.T(i).Nation != 1:
			return fmt.Errorf("%s in a base that is not its own (19.2)", g.PieceName(i))
		}
	}
	for _, m := range g.Markers {
		if m.Sq < 0 || m.Sq >= nsq || !g.r.land[m.Sq] || (m.Side != British && m.Side != Russian) || m.Kind < 0 || m.Kind >= NumMarkerKinds {
			return fmt.Errorf("bad civilization marker %+v", m)
		}
	}
	for i, m := range g.Markers {
		for _, o := range g.Markers[i+1:] {
			if o.Sq == m.Sq && o.Kind == m.Kind {
				return fmt.Errorf("two %s markers in square %s (20.2.1, 20.2.3)", m.Kind, g.r.m.Squares[m.Sq].ID)
			}
			if o.Sq == m.Sq && o.Side != m.Side {
				return fmt.Errorf("British and Russian markers in square %s (20.2.3)", g.r.m.Squares[m.Sq].ID)
			}
		}
	}
	for r, c := range g.Control {
		if c != British && c != Russian && c != NoSide {
			return fmt.Errorf("region %d has control %d", r, c)
		}
	}
	if g.BoP == 0 || g.BoP > g.r.d.Charts.BoP.Max || g.BoP < g.r.d.Charts.BoP.Min {
		return fmt.Errorf("Balance of Power %d outside %d…%d or zero (4.3)", g.BoP, g.r.d.Charts.BoP.Min, g.r.d.Charts.BoP.Max)
	}
	for s := 0; s < 2; s++ {
		if g.Pounds[s] < 0 || g.SP[s] < 0 {
			return fmt.Errorf("%s has %d pounds and %d supply points; neither may be negative", Side(s).Title(), g.Pounds[s], g.SP[s])
		}
	}
	if g.Turn < g.FirstTurn || g.Turn > g.LastTurn {
		return fmt.Errorf("turn %d outside the scenario's %d–%d", g.Turn, g.FirstTurn, g.LastTurn)
	}
	if !g.Over {
		t := g.top()
		if t == nil {
			return fmt.Errorf("no decision pending and the game is not over")
		}
		if t.Side != British && t.Side != Russian {
			return fmt.Errorf("step %s decided by side %d", stepDefs[t.Step].name, t.Side)
		}
		if d := g.Decision(); len(d.Options) == 0 {
			return fmt.Errorf("step %s (%s) has no options", stepDefs[t.Step].name, d.Prompt)
		}
	}
	return g.checkParts()
}
