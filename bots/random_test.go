package bots

import (
	"testing"

	"durbar/core"
)

func TestRandomChoosesListedOption(t *testing.T) {
	d := core.Decision{Options: []core.Option{{ID: "a"}, {ID: "b"}, {ID: "c"}}}
	seen := map[string]bool{}
	var p Player = NewRandom(1)
	for i := 0; i < 200; i++ {
		id := p.Choose(nil, d)
		if _, ok := d.Find(id); !ok {
			t.Fatalf("chose unlisted id %q", id)
		}
		seen[id] = true
	}
	if len(seen) != 3 {
		t.Fatalf("not uniform enough: saw %v", seen)
	}
}

func TestRandomIsReproducible(t *testing.T) {
	d := core.Decision{Options: []core.Option{{ID: "a"}, {ID: "b"}, {ID: "c"}, {ID: "d"}}}
	a, b := NewRandom(42), NewRandom(42)
	for i := 0; i < 50; i++ {
		if x, y := a.Choose(nil, d), b.Choose(nil, d); x != y {
			t.Fatalf("step %d: %q != %q", i, x, y)
		}
	}
}
