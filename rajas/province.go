package rajas

import (
	"fmt"
	"math/bits"
	"strings"
)

// The province board ("Tablero de provincia"): tiles are placed with any
// rotation so that at least one of their roads meets a road already joined
// to the residence; every tile stays joined to the residence.

// rotMask turns a road mask by r quarter turns clockwise.
func rotMask(m uint8, r int) uint8 {
	r &= 3
	return ((m << r) | (m >> (4 - r))) & 0xf
}

func opposite(s int) int { return (s + 2) & 3 }

// isCurve: two road ends on adjacent sides.
func isCurve(m uint8) bool {
	return bits.OnesCount8(m) == 2 && m != 0b0101 && m != 0b1010
}

// sites is the special productions of the side a seat plays.
func (g *Game) sites(p int) []Site {
	if g.P[p].Navaratnas {
		return g.d.Province.Sites[1]
	}
	return g.d.Province.Sites[0]
}

// slotID is the option id of the i-th site of a seat's province side.
func (g *Game) slotID(p, i int) string {
	if g.P[p].Navaratnas {
		return g.d.ids.slot[1][i]
	}
	return g.d.ids.slot[0][i]
}

func (g *Game) siteByOption(p int, id string) int {
	for i, s := range g.sites(p) {
		if g.slotID(p, i) == id {
			return s.Index
		}
	}
	panic("bad slot option " + id)
}

// mask is the road mask of a province cell as placed: the residence's
// roads, a tile's rotated roads, or 0 for an empty cell.
func (g *Game) mask(p, c int) uint8 {
	if c == g.d.Province.Residence {
		return g.d.Province.Exits
	}
	cl := g.P[p].Cells[c]
	if cl.Tile < 0 {
		return 0
	}
	return rotMask(g.d.Tiles[cl.Tile].Roads, int(cl.Rot))
}

// joins reports whether a tile with road mask m on the empty cell c would
// meet a road of a neighbouring tile or of the residence. Every tile on the
// board is joined to the residence, so this is the placement condition.
func (g *Game) joins(p, c int, m uint8) bool {
	pr := &g.d.Province
	for s := 0; s < 4; s++ {
		if m&(1<<s) == 0 {
			continue
		}
		n := pr.Neighbour(c, s)
		if n >= 0 && g.mask(p, n)&(1<<opposite(s)) != 0 {
			return true
		}
	}
	return false
}

type placement struct{ Cell, Rot int }

// rotations lists the rotations of a road mask that give different roads.
func rotations(m uint8) []int { return rotationTable[m&15] }

// rotationTable holds rotations by road mask, made once; its lists are
// shared and must not be changed.
var rotationTable [16][]int

func init() {
	for m := range rotationTable {
		var seen [16]bool
		for r := 0; r < 4; r++ {
			rm := rotMask(uint8(m), r)
			if !seen[rm] {
				seen[rm] = true
				rotationTable[m] = append(rotationTable[m], r)
			}
		}
	}
}

// placements lists where and how a tile may be placed.
func (g *Game) placements(out []placement, p, tile int) []placement {
	pr := &g.d.Province
	roads := g.d.Tiles[tile].Roads
	rots := rotations(roads)
	for c := 0; c < pr.Cells(); c++ {
		if c == pr.Residence || g.P[p].Cells[c].Tile >= 0 {
			continue
		}
		for _, r := range rots {
			if g.joins(p, c, rotMask(roads, r)) {
				out = append(out, placement{c, r})
			}
		}
	}
	return out
}

// canPlaceAnyTile: some road joined to the residence leads into an empty
// cell. Any tile can then be turned to meet it (every tile has a road).
func (g *Game) canPlaceAnyTile(p int) bool {
	pr := &g.d.Province
	for c := 0; c < pr.Cells(); c++ {
		m := g.mask(p, c)
		for s := 0; s < 4; s++ {
			if m&(1<<s) == 0 {
				continue
			}
			if n := pr.Neighbour(c, s); n >= 0 && n != pr.Residence && g.P[p].Cells[n].Tile < 0 {
				return true
			}
		}
	}
	return false
}

// connectedWith reports whether every tile of the province is joined to the
// residence by roads, with cell `at` holding tile t at rotation r instead
// (at < 0: as it is).
func (g *Game) connectedWith(p, at, t, r int) bool {
	pr := &g.d.Province
	n := pr.Cells()
	maskOf := func(c int) uint8 {
		if c == at {
			return rotMask(g.d.Tiles[t].Roads, r)
		}
		return g.mask(p, c)
	}
	var seen [maxCells]bool
	queue := [maxCells]int{pr.Residence}
	qn := 1
	seen[pr.Residence] = true
	for i := 0; i < qn; i++ {
		c := queue[i]
		m := maskOf(c)
		for s := 0; s < 4; s++ {
			if m&(1<<s) == 0 {
				continue
			}
			nb := pr.Neighbour(c, s)
			if nb < 0 || seen[nb] || maskOf(nb)&(1<<opposite(s)) == 0 {
				continue
			}
			seen[nb] = true
			queue[qn] = nb
			qn++
		}
	}
	for c := 0; c < n; c++ {
		if c != pr.Residence && (g.P[p].Cells[c].Tile >= 0 || c == at) && !seen[c] {
			return false
		}
	}
	return true
}

// siteConnected: the road of the tile beside the production leads to it.
// (Every tile is joined to the residence.)
func (g *Game) siteConnected(p int, s *Site) bool {
	return g.mask(p, s.Cell)&(1<<s.Side) != 0
}

// siteEffects is what a production site gives now: the production tile on
// its slot, else the printed production (a brown slot covers one), else
// nothing.
func (g *Game) siteEffects(p int, s *Site) []Effect {
	if k := g.P[p].Sites[s.Index].Prod; k >= 0 {
		return g.d.Prod[k].Effects
	}
	return s.Effects
}

// scoreTile gives the fame of the tile's buildings at the current building
// levels and the money of its markets ("Cantera"). Track bonuses this
// triggers resolve first, then the special productions ("Puntúa siempre las
// losetas de provincia antes de coger la producción especial").
func (g *Game) scoreTile(p, t int) {
	g.push(frame{Step: "productions", P: int8(p)})
	tile := &g.d.Tiles[t]
	fame, money := 0, 0
	for _, b := range tile.Buildings {
		fame += int(g.P[p].Levels[b])
	}
	for _, m := range tile.Markets {
		money += m.Value
	}
	if fame > 0 || money > 0 {
		if !g.quiet {
			g.logf("%s scores %s: %d fame, %d money.", SeatName(p), tileName(tile), fame, money)
		}
	}
	// Money bonuses are pushed first and so resolve after the fame bonuses.
	if money > 0 {
		g.addMoney(p, money)
	}
	if fame > 0 {
		g.addFame(p, fame)
	}
}

func init() {
	// productions: every special production now joined to the residence
	// and not yet received is received, in the order of the sites
	// ("Producciones especiales"; Navaratnas: a production tile gives its
	// production once it is joined).
	register("productions", stepDef{rule: RuleProductions, auto: func(g *Game, fr *frame) {
		p := int(fr.P)
		g.pop()
		var got []Effect
		for i := range g.sites(p) {
			s := &g.sites(p)[i]
			st := &g.P[p].Sites[s.Index]
			if st.Collected || !g.siteConnected(p, s) {
				continue
			}
			eff := g.siteEffects(p, s)
			if len(eff) == 0 {
				continue
			}
			st.Collected = true
			if !g.quiet {
				g.logf("%s connects the special production on %s.", SeatName(p), siteName(&g.d.Province, s))
			}
			got = append(got, eff...)
		}
		g.pushEffects(p, got)
	}})
}

// ---- province statistics (productions of the Navaratnas brown tiles, river) ----

// markets appends to v the values of a seat's markets of a good.
func (g *Game) markets(p int, good Good, v []int) []int {
	for c := range g.d.Province.Cells() {
		if t := g.P[p].Cells[c].Tile; t >= 0 {
			for _, m := range g.d.Tiles[t].Markets {
				if m.Good == good {
					v = append(v, m.Value)
				}
			}
		}
	}
	return v
}

// numMarkets is the number of a seat's markets of a good.
func (g *Game) numMarkets(p int, good Good) int {
	n := 0
	for c := range g.d.Province.Cells() {
		if t := g.P[p].Cells[c].Tile; t >= 0 {
			for _, m := range g.d.Tiles[t].Markets {
				if m.Good == good {
					n++
				}
			}
		}
	}
	return n
}

func (g *Game) countMarkets(p int) int {
	n := 0
	for c := range g.d.Province.Cells() {
		if t := g.P[p].Cells[c].Tile; t >= 0 {
			n += len(g.d.Tiles[t].Markets)
		}
	}
	return n
}

func (g *Game) countTiles(p int, pred func(t *Tile, mask uint8) bool) int {
	n := 0
	for c := range g.d.Province.Cells() {
		if t := g.P[p].Cells[c].Tile; t >= 0 && pred(&g.d.Tiles[t], g.mask(p, c)) {
			n++
		}
	}
	return n
}

func (g *Game) countBuildings(p int) int {
	n := 0
	for c := range g.d.Province.Cells() {
		if t := g.P[p].Cells[c].Tile; t >= 0 {
			n += len(g.d.Tiles[t].Buildings)
		}
	}
	return n
}

func (g *Game) connectedProdTiles(p int) int {
	n := 0
	for i := range g.sites(p) {
		s := &g.sites(p)[i]
		if g.P[p].Sites[s.Index].Prod >= 0 && g.siteConnected(p, s) {
			n++
		}
	}
	return n
}

// RenderProvince draws a seat's province as text.
func (g *Game) RenderProvince(p int) string {
	var b strings.Builder
	pr := &g.d.Province
	for r := 0; r < pr.Rows; r++ {
		var l1, l2, l3 strings.Builder
		for k := 0; k < pr.Cols; k++ {
			c := r*pr.Cols + k
			m := g.mask(p, c)
			mark := func(s int, yes, no string) string {
				if m&(1<<s) != 0 {
					return yes
				}
				return no
			}
			label := " .. "
			switch {
			case c == pr.Residence:
				label = "HOME"
			case g.P[p].Cells[c].Tile >= 0:
				t := &g.d.Tiles[g.P[p].Cells[c].Tile]
				label = fmt.Sprintf("%c%-3d", strings.ToUpper(t.Color.String())[0], t.Cost)
			}
			fmt.Fprintf(&l1, "+--%s--+", mark(North, "|", "-"))
			fmt.Fprintf(&l2, "%s%s %s", mark(West, "=", "|"), label, mark(East, "=", "|"))
			fmt.Fprintf(&l3, "+--%s--+", mark(South, "|", "-"))
		}
		b.WriteString(l1.String() + "\n" + l2.String() + "\n" + l3.String() + "\n")
	}
	return b.String()
}
