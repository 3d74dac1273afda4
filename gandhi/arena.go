package gandhi

import (
	"math/bits"

	"durbar/core"
)

// arena is the scratch memory of one call through the game's doors (Legal,
// Play, Apply, ApplyNP, NPChoice, Decision, Spell): the option lists and
// space lists built while a call runs are bump-allocated here instead of
// on the heap, so steady-state play allocates nothing for them. Everything
// in it is valid until the next outermost call begins (enter), which
// starts it afresh; nothing kept in the game's state points into it, and
// what a door returns to its caller is copied out.
//
// A game and its scratch copies (Game.scratch, used for look-aheads inside
// a call) share one arena, so the copies' calls are nested calls that do
// not start it afresh; a clone (Game.clone) gets its own. Outside any call
// (depth 0) nothing is taken from it: what a reader builds then is its
// own.
type arena struct {
	depth int
	opts  []core.Option
	otop  int
	open  bool // an option list is being built at otop (optBuf)
	ints  []int
	itop  int
	kept  []core.Option // helpers' lists (keepOpts)
	ktop  int
	tg    []target
	ttop  int
	short bool // a list did not fit: grow at the next start
}

// Arena sizes at first use; they double when a call runs out.
const (
	arenaOpts = 128
	arenaInts = 512
	arenaMax  = 1 << 16
)

func newArena() *arena {
	return &arena{opts: make([]core.Option, arenaOpts), ints: make([]int, arenaInts),
		kept: make([]core.Option, arenaOpts), tg: make([]target, arenaOpts)}
}

// enter begins a call through a door; the outermost starts the arena
// afresh. Pair it with exit: `defer g.enter().exit()`.
func (g *Game) enter() *arena {
	a := g.ar
	if a == nil {
		a = newArena()
		g.ar = a
	}
	if a.depth == 0 {
		if a.short && len(a.opts) < arenaMax {
			a.opts = make([]core.Option, 2*len(a.opts))
			a.ints = make([]int, 2*len(a.ints))
			a.kept = make([]core.Option, 2*len(a.kept))
			a.tg = make([]target, 2*len(a.tg))
		}
		a.short = false
		a.otop, a.itop, a.ktop, a.ttop, a.open = 0, 0, 0, 0, false
	}
	a.depth++
	return a
}

func (a *arena) exit() { a.depth-- }

// optBuf returns an empty option list to append to, with the rest of the
// arena as its capacity; the step's options are committed by listStep.
// Outside a call, or while another list is being built, it is nil (the
// heap).
func (g *Game) optBuf() []core.Option {
	a := g.ar
	if a == nil || a.depth == 0 || a.open {
		return nil
	}
	a.open = true
	return a.opts[a.otop:a.otop:len(a.opts)]
}

// listStep lists a step's options, committing what they took of the arena.
// Every step's options are listed through it. A listing nested in another
// (an options function that lists a decision) finds the outer list open
// and builds on the heap, so it never writes over the list in progress.
func (g *Game) listStep(def *stepDef, fr *frame) []core.Option {
	a := g.ar
	if a == nil || a.depth == 0 || a.open {
		return def.options(g, fr)
	}
	o := def.options(g, fr)
	if !a.open {
		return o // the step took nothing from the arena
	}
	a.open = false
	if c := cap(o); c > 0 && &o[:c][c-1] == &a.opts[len(a.opts)-1] {
		a.otop = len(a.opts) - c + len(o) // o lies in the arena's tail
	} else if len(o) > len(a.opts)-a.otop {
		a.short = true // the list outgrew the arena
	}
	return o
}

// keepInts copies a space list built in a stack buffer into the arena
// (into a new slice outside a call), nil when empty. The result's capacity
// is its length, so appending to it never writes into the arena.
func (g *Game) keepInts(in []int) []int {
	if a := g.ar; a != nil {
		return keep(a, &a.ints, &a.itop, in)
	}
	return keep(nil, nil, nil, in)
}

// keepOpts is keepInts for an option list built by a helper (not the one
// a step's options are being built in, see optBuf).
func (g *Game) keepOpts(in []core.Option) []core.Option {
	if a := g.ar; a != nil {
		return keep(a, &a.kept, &a.ktop, in)
	}
	return keep(nil, nil, nil, in)
}

// keepTargets is keepInts for removal targets.
func (g *Game) keepTargets(in []target) []target {
	if a := g.ar; a != nil {
		return keep(a, &a.tg, &a.ttop, in)
	}
	return keep(nil, nil, nil, in)
}

// keep copies in to the region of arena a at *top (to the heap outside a
// call, or when the region is full).
func keep[T any](a *arena, region *[]T, top *int, in []T) []T {
	if len(in) == 0 {
		return nil
	}
	if a == nil || a.depth == 0 || *top+len(in) > len(*region) {
		if a != nil && a.depth > 0 {
			a.short = true
		}
		return append([]T(nil), in...)
	}
	out := (*region)[*top : *top+len(in) : *top+len(in)]
	*top += len(in)
	copy(out, in)
	return out
}

// intBuf is an empty space list with room for every space, reserved in
// the arena (a new slice outside a call, or when the arena is full), for a
// list appended to in steps.
func (g *Game) intBuf() []int {
	a := g.ar
	if a == nil || a.depth == 0 || a.itop+maxSpaces > len(a.ints) {
		if a != nil && a.depth > 0 {
			a.short = true
		}
		return make([]int, 0, maxSpaces)
	}
	out := a.ints[a.itop : a.itop : a.itop+maxSpaces]
	a.itop += maxSpaces
	return out
}

// filter returns the elements of in that keep accepts, in order (nil when
// none), kept in the arena (see keepInts).
func (g *Game) filter(in []int, keep func(int) bool) []int {
	var buf [maxSpaces]int
	out := buf[:0]
	for _, i := range in {
		if keep(i) {
			out = append(out, i)
		}
	}
	return g.keepInts(out)
}

// spaceSet is a set of spaces, space i as bit i (a map has at most
// maxSpaces spaces).
type spaceSet uint64

func (s spaceSet) has(i int) bool { return s&(1<<uint(i)) != 0 }
func (s *spaceSet) add(i int)     { *s |= 1 << uint(i) }
func (s *spaceSet) del(i int)     { *s &^= 1 << uint(i) }
func (s spaceSet) count() int     { return bits.OnesCount64(uint64(s)) }
