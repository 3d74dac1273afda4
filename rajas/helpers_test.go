package rajas

import (
	"errors"
	"reflect"
	"strings"
	"testing"

	"durbar/core"
)

// newGame starts a game for a test; seat 0 holds the elephant (unless the
// set-up says otherwise) and is to place a worker.
func newGame(t *testing.T, setup Setup) *Game {
	t.Helper()
	if setup.FirstPlayer == 0 && setup.Legacy == nil && setup.Position == nil {
		setup.FirstPlayer = 1
	}
	g, err := New(testData(t), setup, 1)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// play applies option ids through the one door, checking the invariants
// after each.
func play(t *testing.T, g *Game, ids ...string) {
	t.Helper()
	for _, id := range ids {
		if err := g.Apply(id); err != nil {
			t.Fatalf("apply %q: %v\ndecision: %s %v", id, err, g.Decision().Prompt, optionIDs(g))
		}
		if err := g.CheckInvariants(); err != nil {
			t.Fatalf("after %q: %v", id, err)
		}
	}
}

func optionIDs(g *Game) []string {
	var ids []string
	for _, o := range g.Decision().Options {
		ids = append(ids, o.ID)
	}
	return ids
}

func hasOpt(g *Game, id string) bool {
	_, ok := g.Decision().Find(id)
	return ok
}

// refused checks that an id is refused with a RuleError naming rule and
// that the state is unchanged.
func refused(t *testing.T, g *Game, id, rule string) {
	t.Helper()
	before := g.clone()
	err := g.Apply(id)
	var re *core.RuleError
	if !errors.As(err, &re) {
		t.Fatalf("%q accepted or wrong error: %v", id, err)
	}
	if rule != "" && re.Rule != rule {
		t.Fatalf("%q refused under rule %q, want %q", id, re.Rule, rule)
	}
	if !reflect.DeepEqual(before, g) {
		t.Fatalf("refused %q changed the state", id)
	}
}

func eq[T comparable](t *testing.T, what string, got, want T) {
	t.Helper()
	if got != want {
		t.Fatalf("%s = %v, want %v", what, got, want)
	}
}

// setDice gives seat p exactly the listed dice ("orange-4"), returning its
// old dice to the supply.
func setDice(t *testing.T, g *Game, p int, dice ...string) {
	t.Helper()
	pl := &g.P[p]
	for c := range pl.Dice {
		for v := 1; v <= 6; v++ {
			g.Pool[c] += pl.Dice[c][v]
			pl.Dice[c][v] = 0
		}
	}
	for _, s := range dice {
		c, v := parseDie(s)
		if g.Pool[c] == 0 {
			t.Fatalf("no %s die left", c)
		}
		g.Pool[c]--
		pl.Dice[c][v]++
	}
}

func cell(t *testing.T, g *Game, id string) int {
	t.Helper()
	c, ok := g.d.Province.parseCell(id)
	if !ok {
		t.Fatalf("bad cell %q", id)
	}
	return c
}

// takeTile removes a tile from its pile, wherever it lies.
func takeTile(t *testing.T, g *Game, id string) int {
	t.Helper()
	ti, ok := g.d.tileByID[id]
	if !ok {
		t.Fatalf("no tile %q", id)
	}
	tl := &g.d.Tiles[ti]
	s := &g.Stacks[int(tl.Color)*NumBacks+int(tl.Back)]
	for i := 0; i < int(s.N); i++ {
		if int(s.T[i]) == ti {
			copy(s.T[i:], s.T[i+1:s.N])
			s.N--
			return ti
		}
	}
	t.Fatalf("tile %q is not in its pile", id)
	return -1
}

// toTop puts a tile on top of its pile, for sale.
func toTop(t *testing.T, g *Game, id string) {
	t.Helper()
	ti := takeTile(t, g, id)
	tl := &g.d.Tiles[ti]
	s := &g.Stacks[int(tl.Color)*NumBacks+int(tl.Back)]
	s.T[s.N] = int8(ti)
	s.N++
}

// putTile sets a tile into seat p's province as if placed earlier; any
// production it joins counts as received then.
func putTile(t *testing.T, g *Game, p int, id, at string, rot int) {
	t.Helper()
	ti := takeTile(t, g, id)
	g.P[p].Cells[cell(t, g, at)] = Cell{Tile: int8(ti), Rot: int8(rot)}
	if !g.connectedWith(p, -1, 0, 0) {
		t.Fatalf("%s on %s rot %d is not joined to the residence", id, at, rot)
	}
	for i := range g.sites(p) {
		s := &g.sites(p)[i]
		if g.siteConnected(p, s) {
			g.P[p].Sites[s.Index].Collected = true
		}
	}
}

func logHas(g *Game, s string) bool {
	for _, l := range g.Log {
		if strings.Contains(l, s) {
			return true
		}
	}
	return false
}
