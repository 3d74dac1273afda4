package gandhi

import (
	"fmt"
	"testing"

	"durbar/core"
)

// listOf is a step whose options are n ids "prefix0"…, built with optBuf;
// inner, when set, is listed in the middle of the building.
func listOf(prefix string, n int, inner *stepDef, got *[]core.Option) *stepDef {
	return &stepDef{options: func(g *Game, fr *frame) []core.Option {
		o := g.optBuf()
		for k := 0; k < n; k++ {
			o = append(o, core.Option{ID: fmt.Sprint(prefix, k)})
			if k == n/2 && inner != nil {
				*got = g.listStep(inner, fr)
			}
		}
		return o
	}}
}

func wantIDs(t *testing.T, what string, o []core.Option, prefix string, n int) {
	t.Helper()
	if len(o) != n {
		t.Fatalf("%s: %d options, want %d", what, len(o), n)
	}
	for k := range o {
		if o[k].ID != fmt.Sprint(prefix, k) {
			t.Fatalf("%s: option %d is %q", what, k, o[k].ID)
		}
	}
}

// Lists built during one call never overwrite each other: one listed
// while another is being built goes to the heap, and each committed list
// keeps its place until the next outermost call starts the arena afresh.
func TestArenaNestedLists(t *testing.T) {
	g, err := New(testData(t), Setup{Scenario: "main"}, 1)
	if err != nil {
		t.Fatal(err)
	}
	fr := &frame{}
	var inner []core.Option
	outer := listOf("outer", 7, listOf("inner", 5, nil, nil), &inner)

	a := g.enter()
	first := g.listStep(outer, fr)
	second := g.listStep(listOf("next", 9, nil, nil), fr)
	wantIDs(t, "outer", first, "outer", 7)
	wantIDs(t, "inner", inner, "inner", 5)
	wantIDs(t, "next", second, "next", 9)
	if &first[0] != &a.opts[0] || &second[0] != &a.opts[7] {
		t.Fatal("the lists are not the arena's, one after the other")
	}
	// Outside any call nothing comes from the arena.
	a.exit()
	if o := g.listStep(listOf("out", 3, nil, nil), fr); &o[0] == &a.opts[0] {
		t.Fatal("a list built outside a call lies in the arena")
	}
}

// A call that needs more than the arena holds gets its lists from the heap,
// and the next call starts with an arena twice as large.
func TestArenaGrows(t *testing.T) {
	g, err := New(testData(t), Setup{Scenario: "main"}, 1)
	if err != nil {
		t.Fatal(err)
	}
	a := g.enter()
	n := len(a.opts) + 10
	big := g.listStep(listOf("big", n, nil, nil), &frame{})
	wantIDs(t, "big", big, "big", n)
	a.exit()
	size := len(a.opts)
	g.enter().exit()
	if len(a.opts) != 2*size {
		t.Fatalf("arena of %d options after an overflow, want %d", len(a.opts), 2*size)
	}
}

// Map.ID finds a space from an option id the map built by where the id
// lies, and from any other string by its text: both give the same space.
func TestMapIDByAddress(t *testing.T) {
	m := testData(t).Map
	for _, prefix := range optPrefixes {
		for i := range m.Spaces {
			id := m.spaceID(prefix, i)
			if got, ok := m.ID(id[len(prefix):]); !ok || got != i {
				t.Fatalf("%s: space %d, want %d", id, got, i)
			}
			text := string([]byte(m.Spaces[i].ID)) // same text, elsewhere
			if got, ok := m.ID(text); !ok || got != i {
				t.Fatalf("%q: space %d, want %d", text, got, i)
			}
			// A piece of an id that is not a whole space id is not one.
			if got, ok := m.ID(id[len(prefix) : len(id)-1]); ok && m.Spaces[got].ID != id[len(prefix):len(id)-1] {
				t.Fatalf("%q found space %s", id[len(prefix):len(id)-1], m.Spaces[got].ID)
			}
		}
	}
	if _, ok := m.ID(""); ok {
		t.Fatal("an empty id names a space")
	}
}

func TestOptPrefix(t *testing.T) {
	for k, p := range optPrefixes {
		if optPrefix(p) != k {
			t.Errorf("optPrefix(%q) = %d, want %d", p, optPrefix(p), k)
		}
	}
	if optPrefix("nowhere:") != -1 {
		t.Error("an unknown prefix has ids made once")
	}
}
