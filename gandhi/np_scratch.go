package gandhi

import "sync"

// Working space of the Non-Player engine. Its procedures narrow lists of
// candidate spaces step by step; the lists live only while one decision is
// taken, so they are cut from a slab that the decision gives back when it
// is taken (npDecide), and steady play allocates nothing for them.
//
// The slab is lent to the game for the decision only (npState.sc is nil
// between decisions), so copies of a game never share it, and a decision
// taken inside another (the Event look-ahead, npSimulateEvent) cuts its
// lists after the outer one's and gives back only its own.

// npScratch is the slab and how much of it is in use.
type npScratch struct {
	slab []int
	off  int
}

// npScratchSize is the slab's first size, in space lists.
const npScratchSize = 64

var npScratchPool = sync.Pool{New: func() any {
	return &npScratch{slab: make([]int, npScratchSize*maxSpaces)}
}}

// npScratchBegin lends the game a slab for a decision, or marks how much
// of the one it has is in use (a decision inside a decision).
func (g *Game) npScratchBegin() (lent bool, mark int) {
	if g.np.sc == nil {
		sc := npScratchPool.Get().(*npScratch)
		sc.off = 0
		g.np.sc = sc
		return true, 0
	}
	return false, g.np.sc.off
}

// npScratchEnd gives back what the decision begun with npScratchBegin cut.
func (g *Game) npScratchEnd(lent bool, mark int) {
	sc := g.np.sc
	if sc == nil {
		return
	}
	if lent {
		g.np.sc = nil
		npScratchPool.Put(sc)
		return
	}
	sc.off = mark
}

// npInts is an empty list with room for every space: cut from the slab
// during a decision, allocated outside one (tests calling procedures).
func (g *Game) npInts() []int {
	sc := g.np.sc
	if sc == nil {
		return make([]int, 0, maxSpaces)
	}
	if sc.off+maxSpaces > len(sc.slab) {
		// The lists already cut stay where they are; new ones come from
		// a larger slab, which the pool keeps for the next decisions.
		sc.slab = make([]int, 2*len(sc.slab))
		sc.off = 0
	}
	s := sc.slab[sc.off : sc.off : sc.off+maxSpaces]
	sc.off += maxSpaces
	return s
}

// npDrop gives back list s, the last one npInts cut, when it is not kept.
func (g *Game) npDrop(s []int) {
	sc := g.np.sc
	if sc == nil || cap(s) != maxSpaces || sc.off < maxSpaces {
		return
	}
	if &sc.slab[sc.off-maxSpaces] == &s[:1][0] {
		sc.off -= maxSpaces
	}
}

// npFilter is filter with its list cut from the decision's slab: the
// candidates meeting keep, in order; nil when none does.
func (g *Game) npFilter(in []int, keep func(int) bool) []int {
	out := g.npInts()
	for _, i := range in {
		if keep(i) {
			out = append(out, i)
		}
	}
	if len(out) == 0 {
		g.npDrop(out)
		return nil
	}
	return out
}
