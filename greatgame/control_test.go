package greatgame

import (
	"slices"
	"strings"
	"testing"

	"durbar/core"
)

// ct: control tests. They use the cb helpers of combat_test.go.

func ctSetBelligerence(g *Game, s Side) {
	g.Seq, g.Phasing = SeqBelligerence, s
}

// 5.4.1, its example: a British force that passes through Kabul, or stops
// next to it, leaves Afghanistan neutral; one that stops in Kabul makes it
// belligerent on the Russian side, with defence recruits (5.4.2).
func TestControlBelligerenceKabul(t *testing.T) {
	g := cbGame(t)
	afg := cbRegion(t, g, "afghanistan")
	kabul := cbSq(t, g, "kabul")
	dost := cbPut(t, g, "dost-mohammed", kabul)
	cbPutN(t, g, "afghanistan/irregular/1", kabul, 2)
	ff := cbPut(t, g, "british/field-force/1", cbSq(t, g, "2124"))
	ctSetBelligerence(g, British)
	g.checkBelligerence()
	if g.Control[afg] != NoSide || len(g.Tasks) != 1 {
		t.Fatalf("a force next to Kabul: Afghanistan %s", g.Control[afg].Title())
	}
	g.Pieces[ff].Loc = kabul
	cbRig(t, g, 4)
	g.checkBelligerence()
	if g.Control[afg] != Russian || g.Owner(dost) != Russian {
		t.Fatalf("a force in Kabul: Afghanistan %s, want Russian", g.Control[afg].Title())
	}
	tk := g.top()
	if tk.Step != StepDefenceRecruit || tk.Side != Russian || tk.N != 4 {
		t.Fatalf("pending %+v, want 4 Russian defence recruits", *tk)
	}
	ids := cbIDs(g.Decision())
	if !slices.Equal(ids, []string{"irr:1", "irr:3", "khan"}) {
		t.Errorf("recruit options %v", ids)
	}
	if err := g.Apply("irr:3"); err != nil {
		t.Fatal(err)
	}
	ids = cbIDs(g.Decision())
	if slices.Contains(ids, "at:"+g.sqTok(kabul)) || !slices.Contains(ids, "at:1829") {
		t.Errorf("placing: %v; Kabul holds British combat units, Kandahar is free", ids)
	}
	if !slices.ContainsFunc(ids, func(s string) bool { return strings.HasPrefix(s, "row:") }) || len(ids) > 30 {
		t.Errorf("83 squares are offered in two steps: %d options", len(ids))
	}
	steps := 0
	cbPlay(t, g, func(d core.Decision, tk *Task) string {
		steps++
		switch {
		case tk.Step == StepDefenceRecruit && tk.Aux < 0 && tk.N == 4:
			return ""
		case tk.Step == StepDefenceRecruit && tk.Aux >= 0 && tk.Sq < 0:
			return "at:1829"
		}
		return ""
	})
	n := 0
	for p := range g.Pieces {
		if g.RegionOf(p) == afg && g.Pieces[p].Loc >= 0 && g.Pieces[p].Loc != kabul {
			n += max(1, g.Brigades(p))
		}
	}
	if n != 4 {
		t.Errorf("%d Afghan groups recruited, want 4", n)
	}
	// then the combat subphase fights Kabul
	g.Seq = SeqCombat
	g.beginCombat()
	g.advance()
	if g.Fight.Sq != kabul {
		t.Errorf("combat at %s, want Kabul", g.SqName(g.Fight.Sq))
	}
}

// 5.4.4, 5.4.6: agents never violate neutrality, nor does a combat unit in
// a neutral region's square with neither a city nor neutral units.
func TestControlNoInvasion(t *testing.T) {
	g := cbGame(t)
	kabul := cbSq(t, g, "kabul")
	cbPutN(t, g, "afghanistan/irregular/1", kabul, 2)
	cbPut(t, g, "burnes", kabul)
	cbPut(t, g, "british/field-force/1", cbSq(t, g, "2024"))
	cbPut(t, g, "kutebar", cbSq(t, g, "1006"))
	cbPut(t, g, "british/field-force/1", cbSq(t, g, "1006")) // a neutral agent alone
	g.Markers = append(g.Markers, Marker{Kind: TradingPost, Side: British, Sq: cbSq(t, g, "kandahar")})
	ctSetBelligerence(g, British)
	g.checkBelligerence()
	for r, c := range g.Control {
		if c != NoSide {
			t.Errorf("%s became %s", g.regionTitle(r), c.Title())
		}
	}
	// the non-phasing player's units do not invade either
	cbPut(t, g, "russian/field-force/1", cbSq(t, g, "kandahar"))
	g.checkBelligerence()
	if g.Control[cbRegion(t, g, "afghanistan")] != NoSide {
		t.Error("the Russians invaded in the British check")
	}
}

// 5.4.2(3): the Khan instead of one irregular; recruits only for a region
// that was neutral.
func TestControlDefenceRecruits(t *testing.T) {
	g := cbGame(t)
	herat := cbRegion(t, g, "herat")
	cbRig(t, g, 2)
	g.gainControl(herat, British, "a test")
	if tk := g.top(); tk.Step != StepDefenceRecruit || tk.N != 2 {
		t.Fatalf("pending %+v", *tk)
	}
	if err := g.Apply("khan"); err != nil {
		t.Fatal(err)
	}
	if ids := cbIDs(g.Decision()); len(ids) != len(g.r.m.Regions[herat].Squares) {
		t.Errorf("Herat's %d squares are all free: %v", len(g.r.m.Regions[herat].Squares), ids)
	}
	cbPlay(t, g, nil)
	khan := g.r.agentTpl["khan-herat"]
	if g.Pieces[khan].Loc < 0 || g.sqRegion(g.Pieces[khan].Loc) != herat || g.Owner(khan) != British {
		t.Errorf("the Khan of Herat at %s", g.SqName(g.Pieces[khan].Loc))
	}
	n := 0
	for p := range g.Pieces {
		if g.RegionOf(p) == herat && !g.IsAgent(p) && g.Pieces[p].Loc >= 0 {
			n += g.Brigades(p)
		}
	}
	if n != 1 {
		t.Errorf("%d Herati groups besides the Khan, want 1", n)
	}
	// a region of the other side defects: no recruits, no die
	draws := g.rng.Draws
	g.gainControl(herat, Russian, "a test")
	if g.rng.Draws != draws || len(g.Tasks) != 1 || g.Control[herat] != Russian {
		t.Errorf("defection rolled %d dice, left %d tasks", g.rng.Draws-draws, len(g.Tasks))
	}
	// the ghazis (5.7): control only
	g.gainControl(g.r.nr, British, "jihad")
	if g.Control[g.r.nr] != British || g.rng.Draws != draws || len(g.Tasks) != 1 {
		t.Error("the ghazis' control rolls nothing and asks nothing")
	}
}

// 5.6, its example: the Russians control Afghanistan with a force of one
// Russian and two Afghan units; the British gain Afghanistan and the two
// Afghan units are eliminated. Afghans elsewhere change sides where they
// stand; agents left alone with enemy combat units are checked.
func TestControlDefection(t *testing.T) {
	g := cbGame(t)
	afg := cbRegion(t, g, "afghanistan")
	g.Control[afg] = Russian
	x, y, z := cbSq(t, g, "2024"), cbSq(t, g, "kabul"), cbSq(t, g, "kandahar")
	ru := cbPut(t, g, "russian/field-force/1", x)
	pair := cbPutN(t, g, "afghanistan/irregular/1", x, 2)
	dost := cbPut(t, g, "dost-mohammed", x) // 2/2
	home := cbPutN(t, g, "afghanistan/irregular/1", y, 2)
	vit := cbPut(t, g, "vitkovitch", z) // 3/0, alone with Afghans
	kz := cbPut(t, g, "afghanistan/field-force/1", z)
	cbRig(t, g, 6, 6)
	g.gainControl(afg, British, "a test")
	cbPlay(t, g, func(core.Decision, *Task) string { return "keep" })
	for _, p := range pair {
		if g.Pieces[p].Loc != LocDead {
			t.Errorf("an Afghan unit stacked with the Russians survived at %s", g.SqName(g.Pieces[p].Loc))
		}
	}
	if g.Pieces[ru].Loc != x || g.Owner(home[0]) != British || g.Pieces[home[0]].Loc != y || g.Pieces[kz].Loc != z {
		t.Error("the Russians and the Afghans elsewhere stay where they are")
	}
	if g.Pieces[dost].Loc != LocPrisonRu {
		t.Errorf("Dost Mohammed, left alone with the Russians, at %s; want captured", g.SqName(g.Pieces[dost].Loc))
	}
	if g.Pieces[vit].Loc != LocPrisonBr {
		t.Errorf("Vitkovitch, left alone with the now British Afghans, at %s; want captured", g.SqName(g.Pieces[vit].Loc))
	}
}

// 5.5: a region returning to neutrality keeps its units inside it; those
// outside go to its cities free of others' units, placed by the former
// controller, or are eliminated.
func TestControlReturnToNeutrality(t *testing.T) {
	setup := func(t *testing.T) (*Game, int, []int, int) {
		g := cbGame(t)
		per := cbRegion(t, g, "persia")
		g.Control[per] = Russian
		in := cbPut(t, g, "persia/garrison/1", cbSq(t, g, "0924")) // a Persian square
		out := []int{cbPut(t, g, "persia/irregular/1", cbSq(t, g, "herat")), cbPut(t, g, "persia/field-force/1", cbSq(t, g, "merv"))}
		if g.sqRegion(g.Pieces[in].Loc) != per {
			t.Fatal("0924 is not in Persia")
		}
		return g, per, out, in
	}
	t.Run("the former controller places them", func(t *testing.T) {
		g, per, out, in := setup(t)
		cbPut(t, g, "russian/garrison/1", cbSq(t, g, "meshed"))
		g.makeNeutral(per, "a test")
		tk := g.top()
		if tk.Step != StepNeutralHome || tk.Side != Russian {
			t.Fatalf("pending %s", stepDefs[tk.Step].name)
		}
		ids := cbIDs(g.Decision())
		if slices.Contains(ids, "to:"+g.sqTok(cbSq(t, g, "meshed"))) || !slices.Contains(ids, "to:"+g.sqTok(cbSq(t, g, "tehran"))) {
			t.Errorf("home options %v: not Meshed (Russian units), Tehran yes", ids)
		}
		cbPlay(t, g, nil)
		for _, p := range out {
			if l := g.Pieces[p].Loc; l < 0 || g.r.cityAt[l] < 0 || g.sqRegion(l) != per {
				t.Errorf("%s went to %s", g.PieceName(p), g.SqName(l))
			}
		}
		if g.Pieces[in].Loc != cbSq(t, g, "0924") || g.Control[per] != NoSide {
			t.Error("the unit inside Persia stays")
		}
	})
	t.Run("one city: at once", func(t *testing.T) {
		g, per, out, _ := setup(t)
		for _, c := range []string{"tehran", "astrabad", "meshed", "isfahan", "kerman"} {
			cbPut(t, g, "russian/garrison/1", cbSq(t, g, c))
		}
		g.makeNeutral(per, "a test")
		if len(g.Tasks) != 1 || g.Pieces[out[0]].Loc != cbSq(t, g, "bushire") || g.Pieces[out[1]].Loc != cbSq(t, g, "bushire") {
			t.Errorf("the one free city is Bushire: %s, %s", g.SqName(g.Pieces[out[0]].Loc), g.SqName(g.Pieces[out[1]].Loc))
		}
	})
	t.Run("no city: eliminated", func(t *testing.T) {
		g, per, out, in := setup(t)
		for _, c := range []string{"tehran", "astrabad", "meshed", "isfahan", "kerman", "bushire"} {
			cbPut(t, g, "khokand/irregular/1", cbSq(t, g, c)) // other natives
		}
		g.makeNeutral(per, "a test")
		if g.Pieces[out[0]].Loc != LocDead || g.Pieces[out[1]].Loc != LocDead || g.Pieces[in].Loc < 0 {
			t.Errorf("with no free city the units outside are eliminated")
		}
	})
}

// checkControl: the invariant catches phasing units left in a neutral city
// after the belligerence check.
func TestControlInvariant(t *testing.T) {
	g := cbGame(t)
	cbPut(t, g, "british/field-force/1", cbSq(t, g, "kabul"))
	g.Seq = SeqCombat
	if g.checkControl() == nil {
		t.Error("a British unit in neutral Kabul during the British combat subphase passes the check")
	}
	g.Seq = SeqMove
	if err := g.checkControl(); err != nil {
		t.Errorf("during movement: %v", err)
	}
}
