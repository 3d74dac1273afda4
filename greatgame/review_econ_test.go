package greatgame

import (
	"slices"
	"testing"
)

// Expenses Table, clarifications: an elephant counter shows two groups on
// its front and one on its back; it costs a group's price for each group
// it shows, and is placed on the face that was paid for.
func TestReviewEconElephantFaces(t *testing.T) {
	for _, c := range []struct {
		id       string
		cost     int
		brigades int
	}{
		{"buy:north-india/elephant/2", 12, 2},
		{"buy:north-india/elephant/2:back", 6, 1},
	} {
		g := econGame(t, "1", 0)
		delhi := econCity(t, g, "delhi")
		econPut(t, g, "british/field-force/1", delhi)
		g.Control[econRegion(g, "north-india")] = British
		econSpend(g, British)
		econPlay(t, g, "cat:units", "nation:north-india")
		if !slices.Contains(econIDs(g), c.id) {
			t.Fatalf("%s not offered: %v", c.id, econIDs(g))
		}
		econPlay(t, g, c.id, "at:"+g.sqTok(delhi))
		p := -1
		for q := range g.Pieces {
			if g.T(q).ID == "north-india/elephant/2" && g.Pieces[q].Loc == delhi {
				p = q
			}
		}
		if p < 0 {
			t.Fatalf("%s: no elephant in Delhi", c.id)
		}
		if got := 100 - g.Pounds[British]; got != c.cost || g.Brigades(p) != c.brigades {
			t.Errorf("%s: paid %d £ for %d groups, want %d £ for %d", c.id, got, g.Brigades(p), c.cost, c.brigades)
		}
	}
}

// 3.1(3): the income phase is simultaneous. While the Russian spends, he
// sees nothing of what the British did in it: no supply points bought, no
// counter disbanded or reorganized, no marker removed, no trading post
// replaced by a colony, no log line; all of it shows when both are done.
func TestReviewEconSpendingStaysHidden(t *testing.T) {
	g := econGame(t, "1", 0)
	delhi, lahore, kabul := econCity(t, g, "delhi"), econCity(t, g, "lahore"), econCity(t, g, "kabul")
	econPut(t, g, "british/field-force/1", delhi)
	econPut(t, g, "burnes", delhi)
	xx := econPut(t, g, "british/field-force/2", kabul)
	xx2 := econPut(t, g, "british/field-force/2", lahore)
	econPut(t, g, "simonich", kabul) // the Russian examines the stack in Kabul
	econPut(t, g, "vitkovitch", lahore)
	g.Markers = []Marker{{Kind: TradingPost, Side: British, Sq: delhi}, {Kind: TradingPost, Side: British, Sq: lahore}}
	g.Tasks = nil
	g.push(task(StepSpend, British), task(StepSpend, Russian), task(StepSpendEnd, British))
	before := g.Observe(1)
	econPlay(t, g, "sp:5",
		"cat:markers", "mark:colony", "at:"+g.sqTok(delhi), "back",
		"cat:disband", "loc:"+g.sqTok(kabul), "disband:"+PieceID(xx), "back",
		"cat:disband", "loc:"+g.sqTok(lahore), "unmark:trading-post", "back",
		"cat:reorg", "split:"+PieceID(xx2), "back",
		"done")
	if g.top().Side != Russian || g.top().Step != StepSpend {
		t.Fatalf("the Russian is not spending: %+v", g.top())
	}
	during := g.Observe(1)
	for _, c := range []struct {
		what  string
		equal bool
	}{
		{"supply points", before.SP == during.SP},
		{"stacks", slices.EqualFunc(before.Stacks, during.Stacks, func(a, b StackView) bool {
			return a.Loc == b.Loc && a.Hidden == b.Hidden && slices.Equal(a.Pieces, b.Pieces)
		})},
		{"markers", slices.Equal(before.Markers, during.Markers)},
		{"log", slices.Equal(before.Log, during.Log)},
	} {
		if !c.equal {
			t.Errorf("the Russian sees the British %s change during the income phase", c.what)
		}
	}
	econPlay(t, g, "done")
	if g.SP[British] != 5 || g.Pieces[xx].Loc != LocAvail || g.Pieces[xx2].Loc != LocAvail ||
		g.MarkerAt(delhi, TradingPost, British) >= 0 || g.MarkerAt(delhi, Colony, British) < 0 || g.MarkerAt(lahore, TradingPost, British) >= 0 {
		t.Errorf("after the phase: %d SP, XX at %d and %d, markers %+v", g.SP[British], g.Pieces[xx].Loc, g.Pieces[xx2].Loc, g.Markers)
	}
	n := 0
	for p := range g.Pieces {
		if g.Pieces[p].Loc == lahore && g.T(p).ID == "british/field-force/1" && g.Pieces[p].Flags == 0 {
			n++
		}
	}
	if n != 2 {
		t.Errorf("%d brigades in Lahore after the break-up, want 2", n)
	}
	if err := g.checkEcon(); err != nil {
		t.Error(err)
	}
}

// 17.3: when the other side's supply is settled without a decision (none
// of its squares needed any), the seat learns it as surely as if it had
// watched supply points spent or units starve: the undo barrier moves.
func TestReviewEconSupplySettledMovesBarrier(t *testing.T) {
	g := econGame(t, "1", 0)
	econPut(t, g, "russian/field-force/1", econCity(t, g, "orenburg"))
	n := g.sec.N
	econSupply(g, Russian)
	if g.sec.N == n {
		t.Error("the Russian supply was settled but the undo barrier did not move")
	}
}
