package rajas

import "durbar/core"

// Read-only views of the state for front ends that draw the board (the web
// server). They expose only what every player at the table can see: the top
// tile and size of each pile, never the order of the tiles under it; the
// number of face-down white production tiles, never which they are.

// Pile is one of the twelve face-up piles of province tiles ("Setup"):
// its colour and back, how many tiles it holds and the visible top tile (nil
// when empty).
type Pile struct {
	Color Color
	Back  Back
	Count int
	Top   *Tile
}

// Piles lists the twelve piles in colour-then-back order.
func (g *Game) Piles() []Pile {
	out := make([]Pile, 0, numStacks)
	for k := range g.Stacks {
		p := Pile{Color: Color(k / NumBacks), Back: Back(k % NumBacks), Count: int(g.Stacks[k].N)}
		if p.Count > 0 {
			p.Top = &g.d.Tiles[g.topTile(k)]
		}
		out = append(out, p)
	}
	return out
}

// WhiteTiles counts the face-down white production tiles the Dancer draws
// from and the used ones beside them (basic game, mixed groups).
func (g *Game) WhiteTiles() (faceDown, discarded int) {
	return int(g.White.N), int(g.Discard.N)
}

// ProdSupply is how many copies of each production tile lie face up beside
// the board (Navaratnas), indexed like Data().Prod.
func (g *Game) ProdSupply() []int {
	out := make([]int, len(g.d.Prod))
	for i := range out {
		out[i] = int(g.Supply[i])
	}
	return out
}

// ProvinceSites is the special productions of the province side a seat
// plays (basic or Navaratnas), in site order.
func (g *Game) ProvinceSites(p int) []Site { return g.sites(p) }

// Roads is the road mask of a seat's province cell as placed (bit North ..
// West): the residence's roads, a tile's turned roads, 0 when empty.
func (g *Game) Roads(p, cell int) uint8 { return g.mask(p, cell) }

// RiverTarget is the river space a seat's boat reaches by advancing k
// unoccupied spaces, or -1 when the river ends first ("Acción de río (Puerto)").
func (g *Game) RiverTarget(p, k int) int { return g.riverTarget(p, k) }

// Placing is the province tile the pending decision is about to place or is
// paying for (the quarry's or the Master Builder's), with the cell the
// Master Builder covers (-1 for the quarry); ok is false otherwise.
func (g *Game) Placing() (t *Tile, cell int, ok bool) {
	if g.Over {
		return nil, -1, false
	}
	for i := g.depth - 1; i >= 0 && i >= g.depth-2; i-- {
		switch fr := &g.stack[i]; fr.Step {
		case "place-tile":
			return &g.d.Tiles[g.topTile(int(fr.A))], -1, true
		case "mb-place":
			return &g.d.Tiles[g.topTile(int(fr.B))], int(fr.A), true
		}
	}
	return nil, -1, false
}

// Covering is the cell whose tile the Master Builder is about to cover
// while the new tile is being chosen (step mb-new); ok is false otherwise.
func (g *Game) Covering() (cell int, ok bool) {
	if g.Over || g.depth == 0 || g.top().Step != "mb-new" {
		return -1, false
	}
	return int(g.top().A), true
}

// Observation is everything a seat may see (core.Observer): the whole game
// but the order of the tiles under each pile's top, the face-down white
// production tiles and the random stream's future. Every seat sees the
// same.
func (g *Game) Observation(seat int) any {
	c := *g.clone()
	c.rng = core.RNG{Draws: g.rng.Draws}
	for k := range c.Stacks {
		if s := &c.Stacks[k]; s.N > 1 {
			clear(s.T[:s.N-1])
		}
	}
	clear(c.White.T[:c.White.N])
	return view{Game: c, Decision: g.Decision()}
}

type view struct {
	Game
	Decision core.Decision
}
