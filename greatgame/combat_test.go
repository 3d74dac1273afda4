package greatgame

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"durbar/core"
)

// ---- helpers (cb: combat) ----

// cbGame is a scenario-1 game with an empty board, every region neutral, the
// British phasing, and a sentinel decision at the bottom of the task stack
// so that a test's combat stops when its own steps are done.
func cbGame(t *testing.T) *Game {
	t.Helper()
	g := newTestGame(t, "1", 0, 7)
	for i := range g.Pieces {
		g.Pieces[i] = Piece{Tpl: int16(i), Loc: LocAvail}
	}
	g.Markers = nil
	for i := range g.Control {
		g.Control[i] = NoSide
	}
	g.Ev = eventState{}
	g.OpenWar, g.OpenWarBy = false, NoSide
	g.BoP = 1
	g.Pounds = [2]int{}
	g.Fight.reset()
	g.Seq, g.Phasing, g.Ops = SeqCombat, British, 1
	g.Tasks = []Task{task(StepInitiative, British)}
	return g
}

// cbPut puts an available counter of a template id (or an agent id) on a square.
func cbPut(t *testing.T, g *Game, id string, sq int16) int {
	t.Helper()
	for p := range g.Pieces {
		if g.T(p).ID == id && g.Pieces[p].Loc == LocAvail {
			g.Pieces[p].Loc = sq
			return p
		}
	}
	t.Fatalf("no available counter %q", id)
	return -1
}

func cbPutN(t *testing.T, g *Game, id string, sq int16, n int) []int {
	t.Helper()
	var out []int
	for i := 0; i < n; i++ {
		out = append(out, cbPut(t, g, id, sq))
	}
	return out
}

func cbSq(t *testing.T, g *Game, id string) int16 {
	t.Helper()
	if ci := g.r.m.CityIndex(id); ci >= 0 {
		return int16(g.r.m.Cities[ci].Square)
	}
	sq := g.parseSq(id)
	if sq < 0 {
		t.Fatalf("no square %q", id)
	}
	return sq
}

func cbRegion(t *testing.T, g *Game, id string) int {
	t.Helper()
	r := g.r.m.RegionIndex(id)
	if r < 0 {
		t.Fatalf("no region %q", id)
	}
	return r
}

// cbRig reseeds the game's dice so that the next rolls are the ones given.
func cbRig(t *testing.T, g *Game, dice ...int) {
	t.Helper()
	for seed := uint64(1); seed < 5_000_000; seed++ {
		r := core.NewRNG(seed)
		ok := true
		for _, d := range dice {
			if r.Die() != d {
				ok = false
				break
			}
		}
		if ok {
			draws := g.rng.Draws
			g.rng = core.NewRNG(seed)
			g.rng.Draws = draws
			return
		}
	}
	t.Fatalf("no seed rolls %v", dice)
}

func cbCheck(t *testing.T, g *Game) {
	t.Helper()
	if err := g.Check(); err != nil {
		t.Fatal(err)
	}
	if err := g.checkCombat(); err != nil {
		t.Fatal(err)
	}
}

// cbPlay answers decisions until only the sentinel is left: pick returns an
// option id, or "" for the first option. It returns the steps decided.
func cbPlay(t *testing.T, g *Game, pick func(d core.Decision, tk *Task) string) []StepID {
	t.Helper()
	var steps []StepID
	g.advance()
	for len(g.Tasks) > 1 {
		cbCheck(t, g)
		tk := g.top()
		d := g.Decision()
		id := ""
		if pick != nil {
			id = pick(d, tk)
		}
		if id == "" {
			id = d.Options[0].ID
		}
		steps = append(steps, tk.Step)
		if err := g.Apply(id); err != nil {
			t.Fatalf("%s: %v", stepDefs[tk.Step].name, err)
		}
		if len(steps) > 500 {
			t.Fatal("combat does not end")
		}
	}
	cbCheck(t, g)
	return steps
}

// cbFight starts a fight at a square as the combat subphase would, without
// rolling: the table is set, and the result is applied with a given die.
func cbFight(g *Game, sq int16, att Side, table byte) {
	g.Fight.reset()
	g.Fight.Att = att
	g.Fight.Sq = sq
	g.Fight.Done = []int16{sq}
	g.Fight.Table = table
	g.Phasing = att
}

func cbIDs(d core.Decision) []string {
	var out []string
	for _, o := range d.Options {
		out = append(out, o.ID)
	}
	return out
}

func cbOn(g *Game, ps []int, sq int16) []int {
	var out []int
	for _, p := range ps {
		if g.Pieces[p].Loc == sq {
			out = append(out, p)
		}
	}
	return out
}

func cbOnMap(g *Game, ps []int) []int {
	var out []int
	for _, p := range ps {
		if g.Pieces[p].Loc >= 0 {
			out = append(out, p)
		}
	}
	return out
}

// ---- odds, tables, modifiers ----

// 14.7: fractions dropped when the attacker is stronger, rounded up when the
// defender is; 1.5:1 from half as much again to double; the ends (14.7.2).
func TestCombatOdds(t *testing.T) {
	g := cbGame(t)
	ratios := g.r.d.Charts.Combat.Ratios
	for _, c := range []struct {
		a, d int
		want string
	}{
		{14, 5, "2:1"}, {6, 10, "1:2"}, {7, 4, "1.5:1"}, {5, 5, "1:1"}, {9, 10, "1:2"}, {10, 20, "1:2"},
		{10, 21, "1:3"}, {1, 10, "1:3"}, {3, 2, "1.5:1"}, {5, 4, "1:1"}, {8, 4, "2:1"}, {11, 4, "2:1"},
		{12, 4, "3:1"}, {16, 4, "4:1"}, {40, 1, "4:1"}, {5, 0, "4:1"}, {0, 5, "1:3"},
	} {
		if got := ratios[oddsColumn(ratios, c.a, c.d)]; got != c.want {
			t.Errorf("%d against %d: %s, want %s", c.a, c.d, got, c.want)
		}
	}
}

// Both Combat Results Tables as printed in the rulebook, every cell, with
// modified rolls beyond the rows using the end rows.
func TestCombatTablesAsPrinted(t *testing.T) {
	g := cbGame(t)
	printed := map[byte][]string{
		'B': {
			"AC AC AC AC AD AD AD", "AC AC AC AD BB BB BB", "AC AC AD BB BB DD DD", "AC AD BB BB DD DD DD",
			"AD AD DD DD DD DD DC", "AD DD DD DD DC DC DC", "AD DD DC DC DC DC DC", "DD DD DC DC DC DC DC",
		},
		'R': {
			"AC AD AD AD AM AM AM", "AD AD AD AM DM DM DM", "AD AD AM AM DM DM DM", "AD AM AM DM DM DM DM",
			"AM AM DM DM DM DM DD", "AM DM DM DM DD DD DD", "AM DM DD DD DD DD DD", "DM DM DD DD DD DC DC",
		},
	}
	for table, rows := range printed {
		for roll, row := range rows {
			for col, want := range strings.Fields(row) {
				if got := g.crtCell(table, roll, col); got != want {
					t.Errorf("%s table roll %d column %d: %s, want %s", tableName(table), roll, col, got, want)
				}
			}
		}
		for col := 0; col < 7; col++ {
			if g.crtCell(table, -3, col) != g.crtCell(table, 0, col) || g.crtCell(table, 11, col) != g.crtCell(table, 7, col) {
				t.Errorf("%s table: rolls beyond the rows must use the end rows", tableName(table))
			}
		}
	}
}

// 14.6.1: five B and three R factors may only use the battle table; three B
// and three C may use either.
func TestCombatTableChoice(t *testing.T) {
	g := cbGame(t)
	sq := cbSq(t, g, "1006")
	g.Control[cbRegion(t, g, "afghanistan")] = British
	five := []int{cbPut(t, g, "british/field-force/1", sq), cbPut(t, g, "british/garrison/1", sq)}
	three := cbPutN(t, g, "afghanistan/irregular/1", sq, 3)
	b, r := g.tablesAllowed(append(five, three...))
	if !b || r {
		t.Errorf("5 B + 3 R: battle %v raid %v, want battle only", b, r)
	}
	col := cbPut(t, g, "british/flying-column/1", sq)
	gar := cbPutN(t, g, "british/garrison/1", sq, 3)
	if b, r := g.tablesAllowed(append(gar, col)); !b || !r {
		t.Errorf("3 B + 3 C: battle %v raid %v, want either", b, r)
	}
	if b, r := g.tablesAllowed(append(three, col)); !b || !r {
		t.Errorf("3 R + 3 C: battle %v raid %v, want either", b, r)
	}
	if b, r := g.tablesAllowed(three); b || !r {
		t.Errorf("3 R: battle %v raid %v, want raid only", b, r)
	}
	// through the steps: 3 B + 3 C is asked, 5 B + 3 R is not
	for _, c := range []struct {
		force []int
		ask   bool
	}{{append(gar, col), true}, {append(five, three...), false}} {
		g2 := g.clone()
		for p := range g2.Pieces {
			if g2.Pieces[p].Loc == sq && !slices.Contains(c.force, p) {
				g2.Pieces[p].Loc = LocAvail
			}
		}
		cbPut(t, g2, "russian/field-force/1", sq)
		g2.beginCombat()
		g2.advance()
		if asked := g2.top().Step == StepCRT; asked != c.ask {
			t.Errorf("force %v: asked for a table %v, want %v", g2.forceText(c.force), asked, c.ask)
		}
	}
}

// 14.7.4, 20.3.2, 20.4: one multiplier, the best, at most triple; a fort
// only helps its owner; rivers nothing.
func TestCombatDefenceMultiplier(t *testing.T) {
	g := cbGame(t)
	clear, mountain := cbSq(t, g, "1006"), cbSq(t, g, "3703")
	cityClear, cityMountain := cbSq(t, g, "bukhara"), cbSq(t, g, "kabul")
	if g.r.m.Squares[mountain].Terrain != Mountain || g.r.m.Squares[clear].Terrain != Clear || g.r.m.Squares[cityClear].Terrain != Clear {
		t.Fatal("test squares have changed terrain")
	}
	river := int16(-1)
	for sq := range g.r.m.Squares {
		s := g.r.m.Squares[sq]
		if len(s.Rivers) > 0 && s.Terrain == Clear && s.City < 0 {
			river = int16(sq)
			break
		}
	}
	g.Markers = append(g.Markers, Marker{Kind: Fort, Side: Russian, Sq: clear}, Marker{Kind: Fort, Side: British, Sq: cityMountain})
	for _, c := range []struct {
		name string
		sq   int16
		def  Side
		want int
	}{
		{"clear", cbSq(t, g, "1106"), Russian, 1},
		{"river", river, Russian, 1},
		{"mountain", mountain, Russian, 3},
		{"city on clear", cityClear, Russian, 2},
		{"own fort on clear", clear, Russian, 3},
		{"enemy fort on clear", clear, British, 1},
		{"fort in a mountain city", cityMountain, British, 3},
	} {
		if got := g.defenceMultiplier(c.sq, c.def); got != c.want {
			t.Errorf("%s: ×%d, want ×%d", c.name, got, c.want)
		}
	}
}

// 14.8: one agent a side; the attacker's military rating less the defender's.
func TestCombatDieModifier(t *testing.T) {
	g := cbGame(t)
	sq := cbSq(t, g, "1006")
	cbPut(t, g, "british/field-force/1", sq)
	cbPut(t, g, "russian/field-force/1", sq)
	cbFight(g, sq, British, 'B')
	if d := g.combatDRM(); d != 0 {
		t.Errorf("no agents: %+d", d)
	}
	cbPut(t, g, "keane", sq)      // military 2
	cbPut(t, g, "macnaghten", sq) // military 0: only one agent counts
	cbPut(t, g, "simonich", sq)   // military 1
	if d := g.combatDRM(); d != 1 {
		t.Errorf("Keane (2) against Simonich (1): %+d, want +1", d)
	}
	cbFight(g, sq, Russian, 'B')
	if d := g.combatDRM(); d != -1 {
		t.Errorf("Simonich attacking Keane: %+d, want −1", d)
	}
}

// ---- every result of both tables ----

// cbCellForce builds, at a clear square, a British attack of a strength
// points on the table and a Russian defence of d garrisons, with agents
// giving the modifier drm (−1, 0 or +1).
func cbCellForce(t *testing.T, g *Game, sq int16, table byte, a, d, drm int) (att, def []int) {
	if table == 'B' {
		att = cbPutN(t, g, "british/garrison/1", sq, a)
	} else {
		g.Control[cbRegion(t, g, "afghanistan")] = British
		att = cbPutN(t, g, "afghanistan/irregular/1", sq, a)
	}
	def = cbPutN(t, g, "russian/garrison/1", sq, d)
	switch drm {
	case 1:
		att = append(att, cbPut(t, g, "pottinger", sq)) // 2/1
	case -1:
		def = append(def, cbPut(t, g, "simonich", sq)) // 2/1
	}
	return att, def
}

var cbColumnForces = [7][2]int{{1, 3}, {1, 2}, {1, 1}, {3, 2}, {2, 1}, {3, 1}, {4, 1}}

func TestCombatEveryResult(t *testing.T) {
	for _, table := range []byte{'B', 'R'} {
		for roll := 0; roll <= 7; roll++ {
			for col := 0; col < 7; col++ {
				g := cbGame(t)
				sq := cbSq(t, g, "1006")
				die, drm := roll, 0
				switch roll {
				case 0:
					die, drm = 1, -1
				case 7:
					die, drm = 6, 1
				}
				a, d := cbColumnForces[col][0], cbColumnForces[col][1]
				att, def := cbCellForce(t, g, sq, table, a, d, drm)
				cbFight(g, sq, British, table)
				g.resolveCombat(die)
				want := g.crtCell(table, roll, col)
				name := fmt.Sprintf("%s roll %d column %s", tableName(table), roll, g.r.d.Charts.Combat.Ratios[col])
				if g.Fight.Code != want || int(g.Fight.Col) != col || int(g.Fight.Roll) != roll {
					t.Fatalf("%s: got %s at column %d roll %d, want %s", name, g.Fight.Code, g.Fight.Col, g.Fight.Roll, want)
				}
				steps := cbPlay(t, g, nil)
				cbCheckResult(t, g, name, want, sq, att, def, a, d, steps)
			}
		}
	}
}

// cbCheckResult checks a result's effects on all-X forces of one point a unit.
func cbCheckResult(t *testing.T, g *Game, name, code string, sq int16, att, def []int, a, d int, steps []StepID) {
	t.Helper()
	units := func(ps []int) []int {
		var out []int
		for _, p := range ps {
			if !g.IsAgent(p) {
				out = append(out, p)
			}
		}
		return out
	}
	au, du := units(att), units(def)
	aLeft, dLeft := len(cbOnMap(g, au)), len(cbOnMap(g, du))
	aHere, dHere := len(cbOn(g, au, sq)), len(cbOn(g, du, sq))
	retreats := 0
	for _, s := range steps {
		if s == StepRetreat {
			retreats++
		}
	}
	if want := map[string]int{"AD": 2, "DD": 2, "AM": 1, "DM": 1}[code]; retreats > want {
		t.Errorf("%s %s: %d retreat steps, want at most %d", name, code, retreats, want)
	}
	switch code {
	case "AC":
		if len(cbOnMap(g, att)) != 0 || dLeft != d {
			t.Errorf("%s AC: attacker pieces left %d, defender units %d/%d", name, len(cbOnMap(g, att)), dLeft, d)
		}
	case "DC":
		if len(cbOnMap(g, def)) != 0 || aLeft != a {
			t.Errorf("%s DC: defender pieces left %d, attacker units %d/%d", name, len(cbOnMap(g, def)), aLeft, a)
		}
	case "AD":
		if a-aLeft < (a+1)/2 || aHere != 0 || dLeft != d {
			t.Errorf("%s AD: attacker lost %d of %d (want at least half), %d still here; defender %d/%d", name, a-aLeft, a, aHere, dLeft, d)
		}
	case "AM":
		if a-aLeft != 1 || aHere != 0 || dLeft != d {
			t.Errorf("%s AM: attacker lost %d (want 1), %d still here; defender %d/%d", name, a-aLeft, aHere, dLeft, d)
		}
	case "DD":
		if d-dLeft < (d+1)/2 || dHere != 0 || aLeft != a {
			t.Errorf("%s DD: defender lost %d of %d, %d still here; attacker %d/%d", name, d-dLeft, d, dHere, aLeft, a)
		}
	case "DM":
		if d-dLeft != 1 || dHere != 0 || aLeft != a {
			t.Errorf("%s DM: defender lost %d (want 1), %d still here; attacker %d/%d", name, d-dLeft, dHere, aLeft, a)
		}
	case "BB":
		switch {
		case a < d:
			if len(cbOnMap(g, att)) != 0 || d-dLeft != a {
				t.Errorf("%s BB (attacker smaller): attacker pieces %d, defender lost %d (want %d)", name, len(cbOnMap(g, att)), d-dLeft, a)
			}
		case d < a:
			if len(cbOnMap(g, def)) != 0 || a-aLeft != d {
				t.Errorf("%s BB (defender smaller): defender pieces %d, attacker lost %d (want %d)", name, len(cbOnMap(g, def)), a-aLeft, d)
			}
		default:
			if a-aLeft < (a+1)/2 || d-dLeft < (d+1)/2 || aHere != 0 {
				t.Errorf("%s BB (equal): attacker lost %d of %d, defender %d of %d, attacker still here %d", name, a-aLeft, a, d-dLeft, d, aHere)
			}
		}
	default:
		t.Errorf("%s: unknown result %s", name, code)
	}
}

// ---- losses (CRT note 2, 18.0) ----

func cbFirstLossOptions(t *testing.T, g *Game) []string {
	t.Helper()
	g.advance()
	if g.top().Step != StepLoss {
		t.Fatalf("pending step %s, want losses", stepDefs[g.top().Step].name)
	}
	return cbIDs(g.Decision())
}

// A division may be broken down to lose one brigade (AM, DM) or fewer
// points (18.0); with no smaller counter in the mix it is lost whole; an
// elephant army turns to its back.
func TestCombatLossBreakdown(t *testing.T) {
	t.Run("division broken down", func(t *testing.T) {
		g := cbGame(t)
		sq := cbSq(t, g, "1006")
		xx := cbPut(t, g, "british/field-force/2", sq)
		cbPut(t, g, "russian/field-force/1", sq)
		cbFight(g, sq, British, 'B')
		g.applyResult("AM")
		if ids := cbFirstLossOptions(t, g); !slices.Equal(ids, []string{"split:" + PieceID(xx)}) {
			t.Fatalf("AM with one XX: options %v", ids)
		}
		cbPlay(t, g, nil)
		if g.Pieces[xx].Loc >= 0 {
			t.Error("the XX is still on the map")
		}
		var left []int
		for p := range g.Pieces {
			if g.Pieces[p].Loc >= 0 && g.Owner(p) == British {
				left = append(left, p)
			}
		}
		if len(left) != 1 || g.T(left[0]).ID != "british/field-force/1" || g.Pieces[left[0]].Loc == sq {
			t.Errorf("after AM: %s, want one field force brigade retreated", g.forceText(left))
		}
	})
	t.Run("no counter to break down into", func(t *testing.T) {
		g := cbGame(t)
		sq := cbSq(t, g, "1006")
		cbPutN(t, g, "british/field-force/1", cbSq(t, g, "3006"), 9)
		xx := cbPut(t, g, "british/field-force/2", sq)
		cbPut(t, g, "russian/field-force/1", sq)
		cbFight(g, sq, British, 'B')
		g.applyResult("AM")
		if ids := cbFirstLossOptions(t, g); !slices.Equal(ids, []string{"elim:" + PieceID(xx)}) {
			t.Fatalf("AM options %v: an XX that cannot be broken down is lost whole", ids)
		}
		cbPlay(t, g, nil)
		if g.Pieces[xx].Loc != LocDead {
			t.Errorf("the XX is at %s", g.SqName(g.Pieces[xx].Loc))
		}
	})
	t.Run("elephants turn to their back", func(t *testing.T) {
		g := cbGame(t)
		sq := cbSq(t, g, "1006")
		g.Control[cbRegion(t, g, "persia")] = Russian
		el := cbPut(t, g, "persia/elephant/2", sq)
		cbPut(t, g, "russian/garrison/1", sq)
		cbPut(t, g, "british/field-force/1", sq)
		cbFight(g, sq, British, 'B')
		g.applyResult("DM")
		ids := cbFirstLossOptions(t, g)
		if !slices.Contains(ids, "split:"+PieceID(el)) || slices.Contains(ids, "elim:"+PieceID(el)) {
			t.Fatalf("DM options %v: the elephants may lose one group, not be eliminated whole", ids)
		}
		cbPlay(t, g, func(d core.Decision, tk *Task) string {
			if tk.Step == StepLoss {
				return "split:" + PieceID(el)
			}
			return ""
		})
		if g.Pieces[el].Flags&FlagBack == 0 || g.Strength(el) != 2 || g.Pieces[el].Loc == sq || g.Pieces[el].Loc < 0 {
			t.Errorf("elephants: flags %b strength %d at %s", g.Pieces[el].Flags, g.Strength(el), g.SqName(g.Pieces[el].Loc))
		}
	})
	t.Run("at least half the points, the owner choosing", func(t *testing.T) {
		g := cbGame(t)
		sq := cbSq(t, g, "1006")
		xx := cbPut(t, g, "russian/field-force/2", sq)
		gar := cbPut(t, g, "russian/garrison/1", sq)
		cbPut(t, g, "british/field-force/1", sq)
		cbFight(g, sq, British, 'B')
		g.applyResult("DD") // 9 points: at least 5
		if tk := g.top(); tk.Step != StepLoss || tk.Side != Russian || tk.N != 5 {
			t.Fatalf("DD: pending %+v, want the Russian to lose 5 points", *tk)
		}
		ids := cbFirstLossOptions(t, g)
		for _, want := range []string{"elim:" + PieceID(xx), "split:" + PieceID(xx), "elim:" + PieceID(gar)} {
			if !slices.Contains(ids, want) {
				t.Errorf("DD options %v lack %s", ids, want)
			}
		}
		if err := g.Apply("split:" + PieceID(xx)); err != nil {
			t.Fatal(err)
		}
		if tk := g.top(); tk.Step != StepLoss || tk.N != 1 {
			t.Fatalf("after losing 4 points, pending %+v, want 1 point more", *tk)
		}
		if err := g.Apply("elim:" + PieceID(gar)); err != nil {
			t.Fatal(err)
		}
		if tk := g.top(); tk.Step != StepRetreat || tk.Side != British {
			t.Fatalf("after the losses, pending %s by %s, want the British to retreat the survivors", stepDefs[tk.Step].name, tk.Side.Title())
		}
		cbPlay(t, g, nil)
		n := 0
		for p := range g.Pieces {
			if g.Owner(p) == Russian && g.Pieces[p].Loc >= 0 {
				n++
				if g.Pieces[p].Loc == sq || g.T(p).ID != "russian/field-force/1" {
					t.Errorf("survivor %s at %s", g.PieceName(p), g.SqName(g.Pieces[p].Loc))
				}
			}
		}
		if n != 1 {
			t.Errorf("%d Russian units survive, want the one field force brigade", n)
		}
	})
	t.Run("BB: the larger side loses the smaller side's printed points", func(t *testing.T) {
		g := cbGame(t)
		sq := cbSq(t, g, "1006")
		a := cbPutN(t, g, "british/field-force/1", sq, 2)
		k := cbPut(t, g, "keane", sq)
		d := cbPutN(t, g, "russian/garrison/1", sq, 3)
		s := cbPut(t, g, "simonich", sq)
		g.Markers = append(g.Markers, Marker{Kind: Fort, Side: Russian, Sq: sq}) // ×3 does not count: printed points
		cbFight(g, sq, British, 'B')
		g.applyResult("BB")
		cbPlay(t, g, nil)
		if g.Pieces[s].Loc != LocGone || len(cbOnMap(g, d)) != 0 {
			t.Errorf("the smaller side is eliminated with its agents: Simonich at %d, %d garrisons left", g.Pieces[s].Loc, len(cbOnMap(g, d)))
		}
		if len(cbOn(g, a, sq)) != 1 || g.Pieces[k].Loc != sq {
			t.Errorf("the British lose 3 points (one brigade of 4), no agent and do not retreat: %d left here, Keane at %s", len(cbOn(g, a, sq)), g.SqName(g.Pieces[k].Loc))
		}
	})
}

// ---- retreats (CRT note 4, 14.5) ----

// cbRetreatBoard: a Russian garrison (orthogonal moves only) attacked
// below Turgai, a neutral Kazakh city: the city (4(2)), a square of British
// combat units (4(1)) and one of neutral combat units (4(1)) are closed.
func cbRetreatBoard(t *testing.T) (*Game, int16, int) {
	g := cbGame(t)
	sq := cbSq(t, g, "1505")
	if g.r.m.Squares[cbSq(t, g, "1504")].City < 0 {
		t.Fatal("Turgai moved")
	}
	def := cbPut(t, g, "russian/garrison/1", sq)
	cbPut(t, g, "british/field-force/1", sq)
	cbPut(t, g, "british/garrison/1", cbSq(t, g, "1605"))
	cbPut(t, g, "kazakhstan/irregular/1", cbSq(t, g, "1506"))
	return g, sq, def
}

func TestCombatRetreatPriorities(t *testing.T) {
	t.Run("closed squares", func(t *testing.T) {
		g, sq, def := cbRetreatBoard(t)
		cbPut(t, g, "russian/garrison/1", sq)
		cbPut(t, g, "burnes", cbSq(t, g, "1506")) // the British examine the Kazakhs (22.1)
		cbFight(g, sq, British, 'B')
		g.applyResult("DM")
		g.advance()
		if err := g.Apply("elim:" + PieceID(def)); err != nil {
			t.Fatal(err)
		}
		if tk := g.top(); tk.Step != StepRetreat || tk.Side != British {
			t.Fatalf("DM: pending %s, want the British to retreat the Russians", stepDefs[tk.Step].name)
		}
		if ids := cbIDs(g.Decision()); !slices.Equal(ids, []string{"to:1405"}) {
			t.Errorf("retreat options %v, want only 1405 (Turgai is neutral, 1605 British, 1506 neutral)", ids)
		}
	})
	// 22.0: the British may not examine the Kazakh stack at 1506, which may
	// hold agents only (4(6)): they may try it, and find it closed (4(1)).
	t.Run("a stack the chooser may not examine", func(t *testing.T) {
		g, sq, def := cbRetreatBoard(t)
		ru := cbPut(t, g, "russian/garrison/1", sq)
		cbFight(g, sq, British, 'B')
		g.applyResult("DM")
		g.advance()
		if err := g.Apply("elim:" + PieceID(def)); err != nil {
			t.Fatal(err)
		}
		if ids := cbIDs(g.Decision()); !slices.Equal(ids, []string{"to:1506", "to:1405"}) {
			t.Fatalf("retreat options %v, want 1506 (not examined) and 1405", ids)
		}
		bar := g.Irreversible().N
		if err := g.Apply("to:1506"); err != nil {
			t.Fatal(err)
		}
		if g.Pieces[ru].Loc != sq || g.Irreversible().N == bar {
			t.Fatalf("the force should stay at %s with 1506 closed, the barrier moved: at %s, barrier %d→%d", g.SqName(sq), g.SqName(g.Pieces[ru].Loc), bar, g.Irreversible().N)
		}
		if ids := cbIDs(g.Decision()); !slices.Equal(ids, []string{"to:1405"}) {
			t.Fatalf("after trying 1506, retreat options %v, want only 1405", ids)
		}
	})
	t.Run("a route of two squares is needed", func(t *testing.T) {
		g, sq, def := cbRetreatBoard(t)
		cbPut(t, g, "russian/garrison/1", sq)     // survives the DD
		cbPut(t, g, "burnes", cbSq(t, g, "1506")) // the British examine the Kazakhs (22.1)
		for _, b := range []string{"1305", "1404", "1406"} {
			cbPut(t, g, "british/garrison/1", cbSq(t, g, b)) // 1405 leads nowhere
		}
		for p := range g.Pieces {
			if g.Pieces[p].Loc == cbSq(t, g, "1605") {
				g.Pieces[p].Loc = LocAvail // 1605 and beyond are open
			}
		}
		cbFight(g, sq, British, 'B')
		g.applyResult("DD")
		g.advance()
		if err := g.Apply("elim:" + PieceID(def)); err != nil {
			t.Fatal(err)
		}
		if ids := cbIDs(g.Decision()); !slices.Equal(ids, []string{"to:1605"}) {
			t.Errorf("two-square retreat options %v, want only 1605 (1405 is a dead end)", ids)
		}
	})
	t.Run("nowhere to go: eliminated, agents checked", func(t *testing.T) {
		g, sq, def := cbRetreatBoard(t)
		cbPut(t, g, "british/garrison/1", cbSq(t, g, "1405"))
		second := cbPut(t, g, "russian/garrison/1", sq)
		pundit := cbPut(t, g, "pundit-russian", sq)
		cbFight(g, sq, British, 'B')
		g.applyResult("DM")
		g.advance()
		cbRig(t, g, 6) // the pundit (1/0) is captured
		if err := g.Apply("elim:" + PieceID(def)); err != nil {
			t.Fatal(err)
		}
		cbPlay(t, g, nil)
		if g.Pieces[second].Loc != LocDead || g.Pieces[pundit].Loc != LocDead {
			t.Errorf("a force with no retreat is eliminated (garrison at %d) and its pundit captured (at %d)", g.Pieces[second].Loc, g.Pieces[pundit].Loc)
		}
	})
	t.Run("into lone enemy agents, who are checked", func(t *testing.T) {
		g, sq, def := cbRetreatBoard(t)
		cbPut(t, g, "russian/garrison/1", sq)
		burnes := cbPut(t, g, "burnes", cbSq(t, g, "1405")) // 3/0
		cbFight(g, sq, British, 'B')
		g.applyResult("DM")
		g.advance()
		if err := g.Apply("elim:" + PieceID(def)); err != nil {
			t.Fatal(err)
		}
		cbRig(t, g, 5)
		cbPlay(t, g, nil)
		if g.Pieces[burnes].Loc != LocPrisonRu {
			t.Errorf("Burnes, met by the retreating Russians, at %s; want a Russian prisoner (4(6))", g.SqName(g.Pieces[burnes].Loc))
		}
	})
}

// Diagonal retreat: irregulars may retreat diagonally, garrisons may not (13.2).
func TestCombatRetreatDiagonal(t *testing.T) {
	for _, c := range []struct {
		id   string
		diag bool
	}{{"russian/irregular/1", true}, {"russian/garrison/1", false}} {
		g := cbGame(t)
		sq := cbSq(t, g, "1006")
		force := cbPutN(t, g, c.id, sq, 2)
		cbPut(t, g, "british/field-force/1", sq)
		cbFight(g, sq, British, 'B')
		steps := g.retreatSteps(sq, Russian, force, 1, []int16{sq}, g.occupancy())
		if want := map[bool]int{true: 8, false: 4}[c.diag]; len(steps) != want {
			t.Errorf("%s: %d retreat squares, want %d", c.id, len(steps), want)
		}
	}
}

// 14.5: the defender may retreat before combat when all its units are
// faster than the attacker's fastest.
func TestCombatRetreatBeforeCombat(t *testing.T) {
	for _, c := range []struct {
		name     string
		att, def []string
		offered  bool
	}{
		{"irregulars against a field force", []string{"british/field-force/1"}, []string{"russian/irregular/1"}, true},
		{"irregulars against a flying column", []string{"british/flying-column/1"}, []string{"russian/irregular/1"}, false},
		{"with a garrison", []string{"british/field-force/1"}, []string{"russian/irregular/1", "russian/garrison/1"}, false},
	} {
		g := cbGame(t)
		sq := cbSq(t, g, "1006")
		for _, id := range c.att {
			cbPut(t, g, id, sq)
		}
		var def []int
		for _, id := range c.def {
			def = append(def, cbPut(t, g, id, sq))
		}
		g.beginCombat()
		g.advance()
		if got := g.top().Step == StepRetreatBefore; got != c.offered {
			t.Errorf("%s: retreat before combat offered %v", c.name, got)
			continue
		}
		if !c.offered {
			continue
		}
		if g.top().Side != Russian {
			t.Errorf("%s: the defender decides", c.name)
		}
		draws := g.rng.Draws
		cbPlay(t, g, func(d core.Decision, tk *Task) string {
			if tk.Step == StepRetreatBefore {
				return "retreat"
			}
			return ""
		})
		if g.Pieces[def[0]].Loc == sq || g.Pieces[def[0]].Loc < 0 || g.rng.Draws != draws || g.Fight.Code != "" {
			t.Errorf("%s: after retreating before combat the defender is at %s, %d dice rolled, result %q", c.name, g.SqName(g.Pieces[def[0]].Loc), g.rng.Draws-draws, g.Fight.Code)
		}
	}
}

// ---- capture (16.3) ----

func TestCombatCapture(t *testing.T) {
	t.Run("escape to the nearest stack", func(t *testing.T) {
		g := cbGame(t)
		sq := cbSq(t, g, "1006")
		cbPut(t, g, "british/field-force/1", sq)
		s := cbPut(t, g, "simonich", sq) // 2/1: escapes on 3 or less
		near, far := cbSq(t, g, "1108"), cbSq(t, g, "2020")
		cbPut(t, g, "russian/garrison/1", far)
		cbPut(t, g, "russian/garrison/1", near)
		cbRig(t, g, 3)
		g.afterCombat()
		cbPlay(t, g, nil)
		if g.Pieces[s].Loc != near {
			t.Errorf("Simonich escaped to %s, want the nearest Russian stack %s", g.SqName(g.Pieces[s].Loc), g.SqName(near))
		}
	})
	t.Run("historical agent captured, then executed", func(t *testing.T) {
		g := cbGame(t)
		sq := cbSq(t, g, "1006")
		cbPut(t, g, "british/field-force/1", sq)
		s := cbPut(t, g, "simonich", sq)
		cbRig(t, g, 4)
		g.afterCombat()
		g.advance()
		if tk := g.top(); tk.Step != StepPrisoner || tk.Side != British || g.Pieces[s].Loc != LocPrisonBr {
			t.Fatalf("after a failed escape: pending %s, Simonich at %d", stepDefs[tk.Step].name, g.Pieces[s].Loc)
		}
		if ids := cbIDs(g.Decision()); !slices.Equal(ids, []string{"keep", "execute"}) {
			t.Errorf("prisoner options %v", ids)
		}
		g.BoP = 3
		cbPlay(t, g, func(core.Decision, *Task) string { return "execute" })
		if g.Pieces[s].Loc != LocGone || g.BoP != 2 {
			t.Errorf("executed: Simonich at %d, BoP %+d, want gone and 1 toward the Russians (+2)", g.Pieces[s].Loc, g.BoP)
		}
	})
	t.Run("kept prisoner", func(t *testing.T) {
		g := cbGame(t)
		sq := cbSq(t, g, "1006")
		cbPut(t, g, "russian/field-force/1", sq)
		k := cbPut(t, g, "keane", sq) // 0/2
		g.Phasing = Russian
		cbRig(t, g, 3)
		g.afterCombat()
		cbPlay(t, g, func(core.Decision, *Task) string { return "keep" })
		if g.Pieces[k].Loc != LocPrisonRu || g.BoP != 1 {
			t.Errorf("kept: Keane at %d, BoP %+d", g.Pieces[k].Loc, g.BoP)
		}
	})
	t.Run("pundits and Khans are eliminated", func(t *testing.T) {
		g := cbGame(t)
		sq := cbSq(t, g, "1006")
		cbPut(t, g, "british/field-force/1", sq)
		pu := cbPut(t, g, "pundit-russian", sq)
		g.Control[cbRegion(t, g, "persia")] = Russian
		kh := cbPut(t, g, "khan-persia", sq)
		cbRig(t, g, 6, 6)
		g.afterCombat()
		steps := cbPlay(t, g, nil)
		if g.Pieces[pu].Loc != LocDead || g.Pieces[kh].Loc != LocDead || len(steps) != 0 {
			t.Errorf("pundit at %d, Khan at %d, steps %v", g.Pieces[pu].Loc, g.Pieces[kh].Loc, steps)
		}
	})
	t.Run("no check", func(t *testing.T) {
		for _, c := range []struct {
			name  string
			setup func(g *Game, sq int16)
		}{
			{"a neutral agent", func(g *Game, sq int16) { cbPut(t, g, "kutebar", sq) }},
			{"an agent with its own combat units", func(g *Game, sq int16) {
				cbPut(t, g, "simonich", sq)
				cbPut(t, g, "russian/garrison/1", sq)
			}},
			{"an agent with enemy agents only", func(g *Game, sq int16) {
				g.Pieces[g.At(sq, nil)[0]].Loc = LocAvail
				cbPut(t, g, "simonich", sq)
				cbPut(t, g, "keane", sq)
			}},
			{"not the phasing player's check", func(g *Game, sq int16) {
				g.Phasing = Russian
				cbPut(t, g, "simonich", sq)
			}},
		} {
			g := cbGame(t)
			sq := cbSq(t, g, "1006")
			cbPut(t, g, "british/field-force/1", sq)
			c.setup(g, sq)
			draws := g.rng.Draws
			g.afterCombat()
			cbPlay(t, g, nil)
			if g.rng.Draws != draws {
				t.Errorf("%s: a capture check was rolled", c.name)
			}
		}
	})
}

// AD: the attacker's agents are affected: each is checked (16.3.1) and one
// that escapes stays with its retreating force.
func TestCombatADAgents(t *testing.T) {
	for _, c := range []struct {
		die      int
		captured bool
	}{{2, false}, {3, true}} {
		g := cbGame(t)
		sq := cbSq(t, g, "1006")
		ff := cbPutN(t, g, "british/field-force/1", sq, 2)
		k := cbPut(t, g, "keane", sq) // 0/2
		cbPut(t, g, "russian/field-force/1", sq)
		cbFight(g, sq, British, 'B')
		g.applyResult("AD")
		g.advance() // the British lose one brigade of two
		cbRig(t, g, c.die)
		if err := g.Apply("elim:" + PieceID(ff[0])); err != nil {
			t.Fatal(err)
		}
		cbPlay(t, g, nil)
		switch {
		case c.captured && g.Pieces[k].Loc != LocPrisonRu:
			t.Errorf("die %d: Keane at %s, want a Russian prisoner", c.die, g.SqName(g.Pieces[k].Loc))
		case !c.captured && (g.Pieces[k].Loc != g.Pieces[ff[1]].Loc || g.Pieces[k].Loc == sq):
			t.Errorf("die %d: Keane at %s, the force at %s; he should retreat with it", c.die, g.SqName(g.Pieces[k].Loc), g.SqName(g.Pieces[ff[1]].Loc))
		}
	}
}

// Note 3: a force that loses all its combat units (not by AC or DC) has its
// agents checked for capture by the enemy.
func TestCombatNote3(t *testing.T) {
	g := cbGame(t)
	sq := cbSq(t, g, "1006")
	cbPut(t, g, "british/field-force/1", sq)
	cbPut(t, g, "russian/garrison/1", sq)
	v := cbPut(t, g, "vitkovitch", sq) // 3/0
	cbFight(g, sq, British, 'B')
	cbRig(t, g, 4)
	g.applyResult("DM")
	cbPlay(t, g, func(core.Decision, *Task) string { return "keep" })
	if g.Pieces[v].Loc != LocPrisonBr {
		t.Errorf("Vitkovitch at %s, want a British prisoner", g.SqName(g.Pieces[v].Loc))
	}
	// AC and DC eliminate agents outright
	g = cbGame(t)
	cbPut(t, g, "british/field-force/1", sq)
	cbPut(t, g, "russian/garrison/1", sq)
	v = cbPut(t, g, "vitkovitch", sq)
	p := cbPut(t, g, "pundit-russian", sq)
	cbFight(g, sq, British, 'B')
	draws := g.rng.Draws
	g.applyResult("DC")
	cbPlay(t, g, nil)
	if g.Pieces[v].Loc != LocGone || g.Pieces[p].Loc != LocDead || g.rng.Draws != draws {
		t.Errorf("DC: Vitkovitch at %d, pundit at %d, %d dice", g.Pieces[v].Loc, g.Pieces[p].Loc, g.rng.Draws-draws)
	}
}

// ---- open war (24.0) ----

func TestCombatOpenWar(t *testing.T) {
	g := cbGame(t)
	g.BoP = 1
	sq1, sq2 := cbSq(t, g, "1006"), cbSq(t, g, "2006")
	cbPutN(t, g, "british/field-force/1", sq1, 4)
	cbPut(t, g, "russian/garrison/1", sq1)
	cbPutN(t, g, "british/field-force/1", sq2, 4)
	cbPut(t, g, "russian/garrison/1", sq2)
	cbRig(t, g, 2, 3, 4, 5, 6, 6)
	g.beginCombat()
	cbPlay(t, g, nil)
	if !g.OpenWar || g.OpenWarBy != British || g.Pounds[Russian] != 9 || g.Pounds[British] != 0 || g.BoP != 6 {
		t.Errorf("open war %v by %s, pounds %v, BoP %+d; want by the British, 9 pounds to the Russians, BoP +6", g.OpenWar, g.OpenWarBy.Title(), g.Pounds, g.BoP)
	}
	if len(g.Fight.Done) != 2 {
		t.Errorf("%d squares fought, want 2", len(g.Fight.Done))
	}
	for _, l := range g.Log {
		if strings.Contains(l, "9 pounds") || strings.Contains(l, " 9 ") {
			t.Errorf("the log shows the Russian pounds: %q", l)
		}
	}
	// once per game: a later British attack changes nothing
	cbPutN(t, g, "russian/garrison/1", sq2, 1)
	cbPutN(t, g, "british/flying-column/1", sq2, 1)
	pounds := g.Pounds
	g.beginCombat()
	cbPlay(t, g, nil)
	if g.OpenWarBy != British || g.Pounds != pounds {
		t.Errorf("open war declared twice: pounds %v, by %s", g.Pounds, g.OpenWarBy.Title())
	}
}

func TestCombatNoOpenWar(t *testing.T) {
	for _, c := range []struct {
		name     string
		att, def []string
	}{
		{"natives led by a British agent", []string{"afghanistan/irregular/1", "keane"}, []string{"russian/garrison/1"}},
		{"against natives only", []string{"british/field-force/1"}, []string{"persia/garrison/1", "simonich"}},
	} {
		g := cbGame(t)
		g.Control[cbRegion(t, g, "afghanistan")] = British
		g.Control[cbRegion(t, g, "persia")] = Russian
		sq := cbSq(t, g, "1006")
		for _, id := range c.att {
			cbPut(t, g, id, sq)
		}
		for _, id := range c.def {
			cbPut(t, g, id, sq)
		}
		g.beginCombat()
		cbPlay(t, g, nil)
		if g.OpenWar || len(g.Fight.Done) != 1 {
			t.Errorf("%s: open war %v, %d combats", c.name, g.OpenWar, len(g.Fight.Done))
		}
	}
}

// ---- the Anglo-Russian Accord (events) ----

func TestCombatAccord(t *testing.T) {
	t.Run("regulars do not fight each other", func(t *testing.T) {
		g := cbGame(t)
		g.Ev.Accord = true
		sq := cbSq(t, g, "1006")
		cbPut(t, g, "british/field-force/1", sq)
		cbPut(t, g, "russian/field-force/1", sq)
		g.beginCombat()
		cbPlay(t, g, nil)
		if len(g.Fight.Done) != 0 || g.OpenWar {
			t.Errorf("combats %v under the Accord", g.Fight.Done)
		}
	})
	t.Run("natives attack, the regulars sit out", func(t *testing.T) {
		g := cbGame(t)
		g.Ev.Accord = true
		g.Control[cbRegion(t, g, "afghanistan")] = British
		sq := cbSq(t, g, "1006")
		ff := cbPut(t, g, "british/field-force/1", sq)
		af := cbPut(t, g, "afghanistan/irregular/1", sq)
		ru := cbPut(t, g, "russian/field-force/1", sq)
		cbFight(g, sq, British, 'R')
		if got := g.fighters(sq, British, British); !slices.Equal(got, []int{af}) {
			t.Errorf("British fighters %s, want the Afghans only", g.forceText(got))
		}
		g.applyResult("AC")
		cbPlay(t, g, nil)
		if g.Pieces[af].Loc != LocDead || g.Pieces[ff].Loc != sq || g.Pieces[ru].Loc != sq || g.OpenWar {
			t.Errorf("AC under the Accord: Afghans %d, British field force %d, Russians %d", g.Pieces[af].Loc, g.Pieces[ff].Loc, g.Pieces[ru].Loc)
		}
	})
	t.Run("regulars attack natives", func(t *testing.T) {
		g := cbGame(t)
		g.Ev.Accord = true
		g.Control[cbRegion(t, g, "persia")] = Russian
		sq := cbSq(t, g, "1006")
		cbPut(t, g, "british/field-force/1", sq)
		cbPut(t, g, "persia/garrison/1", sq)
		g.beginCombat()
		cbPlay(t, g, nil)
		if len(g.Fight.Done) != 1 {
			t.Error("British regulars may attack Russian-controlled natives under the Accord")
		}
	})
	t.Run("regulars capture nobody", func(t *testing.T) {
		for _, native := range []bool{false, true} {
			g := cbGame(t)
			g.Ev.Accord = true
			g.Control[cbRegion(t, g, "afghanistan")] = British
			sq := cbSq(t, g, "1006")
			cbPut(t, g, "british/field-force/1", sq)
			if native {
				cbPut(t, g, "afghanistan/irregular/1", sq)
			}
			cbPut(t, g, "simonich", sq)
			draws := g.rng.Draws
			g.afterCombat()
			cbPlay(t, g, nil)
			if checked := g.rng.Draws != draws; checked != native {
				t.Errorf("with natives %v: capture checked %v", native, checked)
			}
		}
	})
}

// ---- massacres (20.5) ----

func TestCombatMassacre(t *testing.T) {
	g := cbGame(t)
	g.BoP = 5
	at := func(id string) int16 { return cbSq(t, g, id) }
	for _, id := range []string{"orenburg", "orsk", "uralsk", "gurev", "1006", "3006"} {
		cbPut(t, g, "british/field-force/1", at(id))
	}
	cbPut(t, g, "russian/garrison/1", at("3006"))
	g.Control[cbRegion(t, g, "west-siberia")] = Russian
	g.Markers = []Marker{
		{Kind: Colony, Side: Russian, Sq: at("orenburg")},
		{Kind: TradingPost, Side: Russian, Sq: at("orsk")},
		{Kind: Railway, Side: Russian, Sq: at("uralsk")},
		{Kind: Fort, Side: Russian, Sq: at("gurev")},
		{Kind: TradingPost, Side: British, Sq: at("1006")}, // own marker
		{Kind: Colony, Side: Russian, Sq: at("3006")},      // enemy units there
		{Kind: Fort, Side: Russian, Sq: at("2020")},        // nobody there
	}
	g.Seq = SeqAfterCombat
	g.afterCombat()
	g.advance()
	want := []string{"destroy:0601:colony", "destroy:1002:trading-post", "destroy:0202:railway", "destroy:0307:fort", "done"}
	if ids := cbIDs(g.Decision()); !slices.Equal(ids, want) {
		t.Fatalf("massacre options %v, want %v", ids, want)
	}
	for _, c := range []struct {
		id  string
		bop int
	}{{"destroy:0601:colony", 3}, {"destroy:1002:trading-post", 2}, {"destroy:0307:fort", 2}, {"destroy:0202:railway", 1}} {
		if err := g.Apply(c.id); err != nil {
			t.Fatal(err)
		}
		if g.BoP != c.bop {
			t.Errorf("after %s the BoP is %+d, want %+d", c.id, g.BoP, c.bop)
		}
	}
	if len(g.Tasks) != 1 || len(g.Markers) != 3 {
		t.Errorf("after every massacre: %d tasks, %d markers left", len(g.Tasks), len(g.Markers))
	}
}

// ---- random positions ----

// cbScatter throws pieces of every side around a random square, sets
// random control, markers and the Accord, and gives and takes a region
// through the contract functions: the combat subphases of the turn then
// have fights, retreats, captures and massacres to resolve.
func cbScatter(g *Game, rng *core.RNG) {
	m := g.r.m
	var land []int16
	for sq := range m.Squares {
		if g.r.land[sq] {
			land = append(land, int16(sq))
		}
	}
	c := m.Squares[land[rng.IntN(len(land))]]
	near := func() int16 {
		for {
			col, row := c.Col+rng.IntN(5)-2, c.Row+rng.IntN(5)-2
			if sq := m.At(col, row); sq >= 0 && g.r.land[sq] {
				return int16(sq)
			}
		}
	}
	for i := 0; i < 40; i++ {
		p := rng.IntN(len(g.Pieces))
		if int(g.T(p).Nation) == g.r.ghazi && !g.Ev.Jihad {
			continue // ghazis are on the map only in a Jihad's turn (21.3)
		}
		if l := g.Pieces[p].Loc; l == LocAvail || l == LocDead || l >= 0 {
			g.Pieces[p].Loc = near()
			g.Pieces[p].Flags &^= FlagNew
		}
	}
	for r := range g.Control {
		if r < g.r.nr && rng.IntN(3) == 0 {
			g.Control[r] = Side(rng.IntN(3) - 1)
		}
	}
	for i := 0; i < 6; i++ {
		sq, k, s := near(), MarkerKind(rng.IntN(int(NumMarkerKinds))), Side(rng.IntN(2))
		ok := true
		for _, mk := range g.Markers {
			if mk.Sq == sq && (mk.Kind == k || mk.Side != s) {
				ok = false
			}
		}
		if ok {
			g.Markers = append(g.Markers, Marker{Kind: k, Side: s, Sq: sq})
		}
	}
	g.Ev.Accord = rng.IntN(4) == 0
	r := rng.IntN(g.r.nr)
	switch rng.IntN(3) {
	case 0:
		g.gainControl(r, Side(rng.IntN(2)), "a test")
	case 1:
		g.makeNeutral(r, "a test")
	}
}

func cbPlayScattered(t *testing.T, g *Game, seed uint64, seen map[StepID]int) (fights int) {
	t.Helper()
	rng := core.NewRNG(seed)
	lastTurn := -1
	for steps := 0; !g.Over; steps++ {
		if err := g.Check(); err != nil {
			t.Fatalf("seed %d step %d: %v\n%s", seed, steps, err, strings.Join(tail(g.Log, 12), "\n"))
		}
		if err := g.checkCombat(); err != nil {
			t.Fatalf("seed %d step %d: %v\n%s", seed, steps, err, strings.Join(tail(g.Log, 12), "\n"))
		}
		if tk := g.top(); tk.Step == StepInitiative && g.Turn != lastTurn {
			lastTurn = g.Turn
			cbScatter(g, &rng)
			continue
		}
		d := g.Decision()
		seen[g.top().Step]++
		o := d.Options[rng.IntN(len(d.Options))]
		if err := g.Apply(o.ID); err != nil {
			t.Fatalf("seed %d step %d: legal option %q refused: %v", seed, steps, o.ID, err)
		}
		if steps > 200000 {
			t.Fatalf("seed %d: no end", seed)
		}
	}
	for _, l := range g.Log {
		if strings.HasPrefix(l, "Attack ") {
			fights++
		}
	}
	return fights
}

// Random play from scattered positions keeps every invariant, every
// decision has an option, and every game ends.
func TestCombatRandomPositions(t *testing.T) {
	seeds := 40
	if testing.Short() {
		seeds = 8
	}
	total := 0
	seen := map[StepID]int{}
	for s := 0; s < seeds; s++ {
		sc := []string{"1", "2"}[s%2]
		g := newTestGame(t, sc, 0, uint64(s))
		total += cbPlayScattered(t, g, uint64(s)+77, seen)
	}
	t.Logf("%d combats", total)
	for _, st := range []StepID{StepRetreatBefore, StepCRT, StepLoss, StepRetreat, StepMassacre, StepPrisoner, StepDefenceRecruit, StepNeutralHome} {
		t.Logf("%s: %d decisions", stepDefs[st].name, seen[st])
		if seen[st] == 0 && !testing.Short() {
			t.Errorf("no %s decision in random play", stepDefs[st].name)
		}
	}
	if total == 0 {
		t.Error("no combat was fought")
	}
}

// The whole path of one combat: reveal, the attacker's choice of table,
// the roll, the result.
func TestCombatFullPath(t *testing.T) {
	g := cbGame(t)
	sq := cbSq(t, g, "bukhara") // a city: ×2
	cbPut(t, g, "british/flying-column/1", sq)
	cbPutN(t, g, "british/garrison/1", sq, 3)
	cbPut(t, g, "keane", sq)
	g.Control[cbRegion(t, g, "bukhara")] = Russian
	cbPutN(t, g, "bukhara/garrison/1", sq, 2)
	reveals := g.sec.N
	g.beginCombat()
	g.advance()
	if tk := g.top(); tk.Step != StepCRT || tk.Side != British || g.sec.N != reveals+1 {
		t.Fatalf("pending %s, %d reveals", stepDefs[tk.Step].name, g.sec.N-reveals)
	}
	cbRig(t, g, 3)
	if err := g.Apply("table:raid"); err != nil {
		t.Fatal(err)
	}
	// 6 against 2×2 = 4: 1.5:1; die 3 + 2 (Keane) = 5 on the raid table: DM
	if g.Fight.Table != 'R' || g.Fight.Col != 3 || g.Fight.Roll != 5 || g.Fight.Code != "DM" {
		t.Errorf("table %c column %d roll %d result %s, want raid 1.5:1 5 DM", g.Fight.Table, g.Fight.Col, g.Fight.Roll, g.Fight.Code)
	}
	cbPlay(t, g, nil)
}
