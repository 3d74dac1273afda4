package greatgame

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// The fields' queue pops the greatest value first, every value pushed
// once, while pushes never exceed the last value popped (as in the
// fields' Dijkstra).
func TestFieldQueueOrder(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	var q fieldQueue
	for round := 0; round < 50; round++ {
		q.reset()
		var want []float64
		for i := 0; i < 1+r.IntN(40); i++ {
			v := 0.01 + 20*r.Float64()
			q.push(fieldItem{int16(i), v})
			want = append(want, v)
		}
		var got []float64
		for q.n > 0 {
			it := q.pop()
			if len(got) > 0 && it.v > got[len(got)-1] {
				t.Fatalf("round %d: popped %v after %v", round, it.v, got[len(got)-1])
			}
			got = append(got, it.v)
			for k := 0; k < r.IntN(3); k++ {
				v := it.v * []float64{1, 0.93, 0.5, 0.93 * 0.93}[r.IntN(4)]
				q.push(fieldItem{0, v})
				want = append(want, v)
			}
		}
		slices.Sort(want)
		slices.Reverse(want)
		if !slices.Equal(got, want) {
			t.Fatalf("round %d: popped %v, pushed %v", round, got, want)
		}
	}
}

// A field the heuristic takes back from its cache (same key) is the field
// it would build afresh: one heuristic plays both sides, as in the search's
// playouts, and at each decision its fields are checked against a fresh
// scorer's on the same sample.
func TestHeuristicFieldCache(t *testing.T) {
	for _, sc := range botScenarios[:2] {
		g := newTestGame(t, sc.id, sc.start, 3)
		g.SetQuiet(true)
		h := NewHeuristic(3)
		checked := 0
		for step := 0; !g.Over && step < 3000; step++ {
			d := g.Decision()
			i, _ := h.Choose(g)
			c := &h.c
			if c.g != nil && (len(c.army.vals) > 0 || len(c.agnt.vals) > 0) {
				var fresh hctx
				fresh.reset(c.g, &h.w)
				if len(c.army.vals) > 0 && !slices.Equal(c.army.vals, fresh.armyField()) {
					t.Fatalf("scenario %s step %d: the army field kept differs from a fresh one", sc.id, step)
				}
				if len(c.agnt.vals) > 0 && !slices.Equal(c.agnt.vals, fresh.agentField()) {
					t.Fatalf("scenario %s step %d: the agent field kept differs from a fresh one", sc.id, step)
				}
				checked++
			}
			if err := g.Apply(d.Options[i].ID); err != nil {
				t.Fatal(err)
			}
		}
		if checked < 100 {
			t.Errorf("scenario %s: only %d decisions had fields to check", sc.id, checked)
		}
	}
}
