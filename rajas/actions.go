package rajas

import (
	"fmt"
	"strings"

	"durbar/core"
)

// Placing a worker: the space, its cost in money and/or one die, then the
// action ("Transcurso del juego", "Cantera", "Mercado", "Palacio",
// "Acción de río (Puerto)").

var roomNames = [NumRooms]string{"Great Mogul", "Dancer", "Yogi", "Raja Man Singh", "Master Builder", "Portuguese"}

// outerMoney is the money of the outer terrace ("Palacio").
const outerMoney = 2

// nextFree is the first free space of a row-by-row area (quarry, harbour).
func (g *Game) nextFree(list []int) int {
	for _, i := range list {
		if g.Occ[i] == -1 {
			return i
		}
	}
	return -1
}

func spaceRule(sp *Space) string {
	switch sp.Kind {
	case KindQuarry:
		return RuleQuarry
	case KindAssorted, KindSingle:
		return RuleMarket
	case KindRoom:
		if sp.Room == Builder {
			return RuleBuilder
		}
		return RuleRooms
	case KindHarbour:
		return RuleRiver
	}
	return RulePalace
}

// dieFits: the die pays the space's die cost.
func dieFits(sp *Space, c Color, v int) bool {
	switch {
	case sp.DieAny:
		return true
	case sp.DieColor >= 0:
		return c == sp.DieColor
	case sp.DieValue > 0:
		return v == sp.DieValue
	case sp.DieMax > 0:
		return v <= sp.DieMax
	}
	return false
}

func needsDie(sp *Space) bool {
	return sp.DieAny || sp.DieColor >= 0 || sp.DieValue > 0 || sp.DieMax > 0
}

// payableDice lists the dice that may pay the space's die cost, so that the
// action can still be carried out afterwards.
func (g *Game) dieCanPay(p int, sp *Space, c Color, v int) bool {
	if g.P[p].Dice[c][v] <= 0 || !dieFits(sp, c, v) {
		return false
	}
	if sp.Kind == KindRoom && sp.Room == Builder {
		g.P[p].Dice[c][v]--
		ok := g.builderPossible(p)
		g.P[p].Dice[c][v]++
		return ok
	}
	return true
}

// spaceOK reports whether a seat may place a worker on a space now: it is
// free (quarry and harbour fill row by row, left to right), its cost can be
// paid, and its action can be carried out (docs/rajas.md: a space whose
// whole benefit is impossible is not offered).
func (g *Game) spaceOK(p, i int) bool {
	if g.Occ[i] != -1 {
		return false
	}
	sp := &g.side.Spaces[i]
	pl := &g.P[p]
	switch sp.Kind {
	case KindQuarry:
		if g.nextFree(g.side.Quarry) != i {
			return false
		}
	case KindHarbour:
		if g.nextFree(g.side.Harbour) != i {
			return false
		}
	}
	if pl.Money < sp.Money {
		return false
	}
	if needsDie(sp) {
		ok := false
		for c := Color(0); c < NumColors && !ok; c++ {
			for v := 1; v <= 6 && !ok; v++ {
				// dieCanPay, its first test made here: most dice fail it.
				ok = pl.Dice[c][v] > 0 && dieFits(sp, c, v) && g.dieCanPay(p, sp, c, v)
			}
		}
		if !ok {
			return false
		}
	}
	switch sp.Kind {
	case KindQuarry:
		return g.canPlaceAnyTile(p) && g.affordableTile(p)
	case KindAssorted:
		// A market space may be taken whatever the province holds, if only
		// to block it ("Acción de mercado"); the first reading wanted a
		// market to score.
		return !(g.side.AssortedOnce && pl.AssortedUsed) && (g.setup.Legacy == nil || g.countMarkets(p) > 0)
	case KindSingle:
		return g.setup.Legacy == nil || g.numMarkets(p, sp.Good) > 0
	case KindTerrace, KindBalcony:
		return g.Pool[sp.Gain] > 0
	case KindRoom:
		return sp.Room == Builder || g.roomPossible(p, sp.Room)
	case KindHarbour:
		return pl.Boat < g.RiverEnd()
	}
	return true
}

// affordableTile: the seat's dice can pay for a visible tile, if need be
// after turning dice with its Karma.
func (g *Game) affordableTile(p int) bool {
	for k := range g.Stacks {
		if s := &g.Stacks[k]; s.N > 0 {
			t := &g.d.Tiles[s.T[s.N-1]]
			if g.reach(p, t.Color, g.karmaReach(p)) >= t.Cost {
				return true
			}
		}
	}
	return false
}

// karmaReach is how many dice the seat may still turn with Karma before
// paying for a tile. Karma may be spent at any time in one's turn
// ("Karma"); the first reading (Setup.Legacy) offered it for a tile only
// while paying, so a tile had to be affordable as the dice lay.
func (g *Game) karmaReach(p int) int {
	if g.setup.Legacy != nil {
		return 0
	}
	return g.P[p].Karma
}

// reach is the most the seat's dice of colour c can total after turning at
// most k of them with Karma (a 1 gains 5, a 2 gains 3, a 3 gains 1).
func (g *Game) reach(p int, c Color, k int) int {
	return reachDice(&g.P[p].Dice[c], k)
}

func reachDice(d *[7]int8, k int) int {
	s := 0
	for v := 1; v <= 6; v++ {
		s += v * int(d[v])
	}
	for v := 1; v <= 3 && k > 0; v++ {
		n := min(k, int(d[v]))
		s += n * (7 - 2*v)
		k -= n
	}
	return s
}

// flipKeeps: after turning the seat's die (c, v), its dice of colour c can
// still reach need with the Karma left.
func (g *Game) flipKeeps(p int, c Color, v, need int) bool {
	d := g.P[p].Dice[c]
	d[v]--
	d[7-v]++
	return reachDice(&d, g.P[p].Karma-1) >= need
}

// tileFlips lists the Karma flips that help pay for a tile not yet
// affordable: a die of its colour of 3 or less, turned so that the cost
// stays within reach. need(t) is what the tile costs in dice (-1: it is
// not on offer).
func (g *Game) tileFlips(o []core.Option, p int, need func(t int) int) []core.Option {
	if g.setup.Legacy != nil || g.P[p].Karma <= 0 {
		return o
	}
	return g.flipOptions(o, p, func(c Color, v int) bool {
		if v > 3 {
			return false
		}
		for k := range g.Stacks {
			if g.Stacks[k].N == 0 {
				continue
			}
			t := g.topTile(k)
			if g.d.Tiles[t].Color != c {
				continue
			}
			if n := need(t); n > 0 && g.P[p].Dice.Sum(c) < n && g.flipKeeps(p, c, v, n) {
				return true
			}
		}
		return false
	})
}

// roomPossible: the room's action can be carried out (once its die is paid).
func (g *Game) roomPossible(p int, r Room) bool {
	switch r {
	case Builder:
		return g.builderPossible(p)
	case Portuguese:
		// Not within the last six spaces of the river ("Las salas").
		return g.riverTarget(p, 6) >= 0
	}
	return true
}

func (g *Game) anySpace(p int) bool {
	for i := range g.side.Spaces {
		if g.spaceOK(p, i) {
			return true
		}
	}
	return false
}

// flipEnables: turning this die with Karma would open a space.
func (g *Game) flipEnables(p int, c Color, v int) bool {
	pl := &g.P[p]
	d := &pl.Dice[c]
	d[v]--
	d[7-v]++
	pl.Karma--
	ok := g.anySpace(p)
	pl.Karma++
	d[7-v]--
	d[v]++
	return ok
}

// canPlace: the seat has a worker left and a space it can use, if need be
// after turning a die with Karma. A seat that passed (declined to turn a
// die when only that would open a space) is not asked again until a
// worker has been placed: nothing it could use has changed. By the first
// reading (Setup.Legacy) a pass ended the seat's round.
func (g *Game) canPlace(p int) bool {
	pl := &g.P[p]
	if pl.Placed >= pl.Active || pl.Out && g.setup.Legacy != nil {
		return false
	}
	if g.anySpace(p) {
		return true
	}
	if pl.Out {
		return false
	}
	var tmp [2 * NumColors * 6]core.Option
	return len(g.flipOptions(tmp[:0], p, func(c Color, v int) bool { return g.flipEnables(p, c, v) })) > 0
}

func spaceLabel(sp *Space) string {
	cost := ""
	switch {
	case sp.Money > 0 && needsDie(sp):
		cost = fmt.Sprintf(" (pay %d money and a die)", sp.Money)
	case sp.Money > 0:
		cost = fmt.Sprintf(" (pay %d money)", sp.Money)
	case sp.DieAny:
		cost = " (pay any die)"
	case sp.DieColor >= 0:
		cost = fmt.Sprintf(" (pay %s die)", aColor(sp.DieColor))
	case sp.DieValue > 0:
		cost = fmt.Sprintf(" (pay a die of %d)", sp.DieValue)
	case sp.DieMax > 0:
		cost = " (pay a die of 1-3)"
	}
	switch sp.Kind {
	case KindQuarry:
		return "Quarry: buy and place a province tile" + cost
	case KindAssorted:
		return "Market, assorted goods: score one market of each good" + cost
	case KindSingle:
		return fmt.Sprintf("Market, %s: score as many %s markets as the die shows", sp.Good, sp.Good) + cost
	case KindOuter:
		return fmt.Sprintf("Outer terrace: %d money and reroll dice", outerMoney)
	case KindTerrace:
		return fmt.Sprintf("Terrace: take %s die", aColor(sp.Gain))
	case KindBalcony:
		return fmt.Sprintf("Balcony: %d %s dice", sp.N, sp.Gain) + cost
	case KindRoom:
		return roomNames[sp.Room] + cost
	case KindHarbour:
		return "Harbour: advance the boat" + cost
	}
	return sp.ID
}

func init() {
	register("turn", stepDef{
		rule: RuleSequence,
		prompt: func(g *Game, fr *frame) string {
			pl := &g.P[fr.P]
			return fmt.Sprintf("Place a worker (%d of %d left)", pl.Active-pl.Placed, pl.Active)
		},
		options: func(g *Game, fr *frame, o []core.Option) []core.Option {
			p := int(fr.P)
			n := len(o)
			for i := range g.side.Spaces {
				if g.spaceOK(p, i) {
					sp := &g.side.Spaces[i]
					o = append(o, opt(sp.ID, sp.Label, spaceRule(sp)))
				}
			}
			if len(o) > n {
				return g.flipOptions(o, p, nil)
			}
			o = g.flipOptions(o, p, func(c Color, v int) bool { return g.flipEnables(p, c, v) })
			if g.setup.Legacy != nil {
				return append(o, opt("pass", "Place no more workers this round", RuleSequence))
			}
			return append(o, opt("pass", "Pass: turn no die with Karma now", RuleSequence))
		},
		apply: func(g *Game, fr *frame, id string) error {
			p := int(fr.P)
			switch {
			case id == "pass":
				g.P[p].Out = true
				if !g.quiet {
					if g.setup.Legacy != nil {
						g.logf("%s places no more workers this round.", SeatName(p))
					} else {
						g.logf("%s passes: no worker this turn.", SeatName(p))
					}
				}
				g.pop()
			case g.applyKarma(p, id): // a Karma flip, played
			default:
				i, _ := g.side.SpaceID(id)
				g.pop()
				g.placeWorker(p, i)
			}
			return nil
		},
	})
	register("pay-die", stepDef{
		rule: RuleSequence,
		prompt: func(g *Game, fr *frame) string {
			return "Pay a die for " + spaceName(&g.side.Spaces[fr.A])
		},
		options: func(g *Game, fr *frame, o []core.Option) []core.Option {
			p, sp := int(fr.P), &g.side.Spaces[fr.A]
			return g.dieOptions(o, p, dieOptPay, spaceRule(sp), func(c Color, v int) bool { return g.dieCanPay(p, sp, c, v) })
		},
		apply: func(g *Game, fr *frame, id string) error {
			p, i := int(fr.P), int(fr.A)
			c, v := parseDie(strings.TrimPrefix(id, "die:"))
			if !g.quiet {
				g.logf("%s pays %s %d for %s.", SeatName(p), c, v, spaceName(&g.side.Spaces[i]))
			}
			g.pop()
			g.payDie(p, c, v)
			g.spaceAction(p, i, v)
			return nil
		},
	})
}

func (g *Game) placeWorker(p, i int) {
	sp := &g.side.Spaces[i]
	pl := &g.P[p]
	g.Occ[i] = int8(p)
	pl.Placed++
	if g.setup.Legacy == nil {
		// The board has changed: seats that passed may be able to place.
		for q := 0; q < g.N; q++ {
			g.P[q].Out = false
		}
	}
	if sp.Kind == KindAssorted {
		pl.AssortedUsed = true
	}
	if !g.quiet {
		if sp.Money > 0 {
			g.logf("%s places a worker on %s, paying %d money.", SeatName(p), spaceName(sp), sp.Money)
		} else {
			g.logf("%s places a worker on %s.", SeatName(p), spaceName(sp))
		}
	}
	if sp.Money > 0 {
		g.payMoney(p, sp.Money)
	}
	if needsDie(sp) {
		g.push(frame{Step: "pay-die", P: int8(p), A: int16(i)})
		return
	}
	g.spaceAction(p, i, 0)
}

// spaceAction carries out a space's action; v is the value of the die paid.
func (g *Game) spaceAction(p, i, v int) {
	sp := &g.side.Spaces[i]
	switch sp.Kind {
	case KindQuarry:
		g.push(frame{Step: "quarry-tile", P: int8(p)})
	case KindAssorted:
		g.scoreAssorted(p)
	case KindSingle:
		g.scoreGood(p, sp.Good, v)
	case KindOuter:
		g.push(frame{Step: "reroll", P: int8(p)})
		if !g.quiet {
			g.logf("%s gains %d money.", SeatName(p), outerMoney)
		}
		g.addMoney(p, outerMoney)
	case KindTerrace:
		var f [NumColors]int8
		f[sp.Gain] = 1
		g.gainDice(p, 0, f)
	case KindBalcony:
		var f [NumColors]int8
		f[sp.Gain] = int8(sp.N)
		g.gainDice(p, 0, f)
	case KindRoom:
		g.room(p, sp.Room)
	case KindHarbour:
		g.push(frame{Step: "river-move", P: int8(p), N: int16(v)})
	}
}

// room carries out the action of a palace room ("Las salas"); the die, if
// any, has been paid.
func (g *Game) room(p int, r Room) {
	switch r {
	case Mogul:
		g.Mogul = p
		if !g.quiet {
			g.logf("%s gains 2 fame and will take the elephant at the end of the round.", SeatName(p))
		}
		g.addFame(p, 2)
	case Dancer:
		g.push(frame{Step: "dancer-tile", P: int8(p)})
		g.gainDice(p, 2, [NumColors]int8{})
	case Yogi:
		g.addKarma(p, 2)
		g.gainDice(p, 1, [NumColors]int8{})
	case Raja:
		g.pushEffects(p, []Effect{{Kind: EffUpgrade, N: 1}, {Kind: EffMoney, N: 3}})
	case Builder:
		g.push(frame{Step: "mb-old", P: int8(p)})
	case Portuguese:
		g.moveBoat(p, 6)
	}
}

// ---- the quarry ("Cantera") ----

func (g *Game) stackByTileID(id string) int {
	for k := range g.Stacks {
		if s := &g.Stacks[k]; s.N > 0 && g.d.ids.tile[s.T[s.N-1]] == id {
			return k
		}
	}
	panic("rajas: no visible tile " + id)
}

// takeTop removes pile k's top tile, turning up the one under it.
func (g *Game) takeTop(k int) {
	if g.Stacks[k].N--; g.Stacks[k].N > 0 {
		g.reveal("a tile was turned up")
	}
}

func (g *Game) topTile(k int) int {
	s := &g.Stacks[k]
	return int(s.T[s.N-1])
}

// RoadText lists the sides a road leaves by, of "NESW": "NE".
func RoadText(m uint8) string {
	s := ""
	for i := 0; i < 4; i++ {
		if m&(1<<i) != 0 {
			s += string(SideLetters[i])
		}
	}
	return s
}

func placeID(pr *Province, c, r int) string { return fmt.Sprintf("place:%s:rot%d", pr.CellID(c), r) }

func (g *Game) parsePlace(id string) (int, int) {
	c, r, ok := parsePlace(&g.d.Province, id)
	if !ok || r >= 4 || id != g.d.ids.place[c][r] {
		panic("bad place option " + id)
	}
	return c, r
}

// tileDue is what the tile being paid for (pay-tile, the top step) costs
// in dice: its cost from the quarry, the difference in cost for the Master
// Builder.
func (g *Game) tileDue() int {
	fr := g.below()
	switch fr.Step {
	case "place-tile":
		return g.d.Tiles[g.topTile(int(fr.A))].Cost
	case "mb-place":
		return g.d.Tiles[g.topTile(int(fr.B))].Cost - g.TileAt(int(fr.P), int(fr.A)).Cost
	}
	panic("rajas: paying for no tile")
}

func init() {
	register("quarry-tile", stepDef{
		rule:   RuleQuarry,
		prompt: func(*Game, *frame) string { return "Choose a province tile to buy" },
		options: func(g *Game, fr *frame, o []core.Option) []core.Option {
			p := int(fr.P)
			if !g.canPlaceAnyTile(p) {
				return o
			}
			for k := range g.Stacks {
				if g.Stacks[k].N == 0 {
					continue
				}
				t := &g.d.Tiles[g.topTile(k)]
				if g.P[p].Dice.Sum(t.Color) >= t.Cost {
					o = append(o, g.opt(g.d.ids.tile[t.Index], RuleQuarry, func() string { return "Buy " + tileLabel(t) }))
				}
			}
			// Karma, to afford a tile the dice cannot pay as they lie.
			return g.tileFlips(o, p, func(t int) int { return g.d.Tiles[t].Cost })
		},
		apply: func(g *Game, fr *frame, id string) error {
			p := int(fr.P)
			if g.applyKarma(p, id) {
				return nil
			}
			k := g.stackByTileID(id)
			t := &g.d.Tiles[g.topTile(k)]
			g.pop()
			if !g.quiet {
				g.logf("%s buys %s for %d in %s dice.", SeatName(p), tileName(t), t.Cost, t.Color)
			}
			g.push(frame{Step: "place-tile", P: int8(p), A: int16(k)})
			g.push(frame{Step: "pay-tile", P: int8(p), A: int16(t.Color), N: int16(t.Cost)})
			return nil
		},
	})
	// pay-tile: dice of the tile's colour, one at a time, until their total
	// reaches the cost (overpaying allowed); Karma may turn a die of that
	// colour up meanwhile.
	register("pay-tile", stepDef{
		rule: RuleQuarry,
		prompt: func(g *Game, fr *frame) string {
			return fmt.Sprintf("Pay %s dice: %d still to pay", Color(fr.A), fr.N)
		},
		options: func(g *Game, fr *frame, o []core.Option) []core.Option {
			p, c := int(fr.P), Color(fr.A)
			o = g.dieOptions(o, p, dieOptPay, RuleQuarry, func(cc Color, v int) bool { return cc == c })
			return g.flipOptions(o, p, func(cc Color, v int) bool { return cc == c && v <= 3 })
		},
		apply: func(g *Game, fr *frame, id string) error {
			p := int(fr.P)
			if g.applyKarma(p, id) {
				return nil
			}
			c, v := parseDie(strings.TrimPrefix(id, "die:"))
			g.payDie(p, c, v)
			if !g.quiet {
				if left := int(fr.N) - v; left > 0 {
					g.logf("%s pays %s %d; %d still to pay.", SeatName(p), c, v, left)
				} else {
					g.logf("%s pays %s %d; paid %d in all.", SeatName(p), c, v, g.tileDue()-left)
				}
			}
			if fr.N -= int16(v); fr.N <= 0 {
				g.pop()
			}
			return nil
		},
	})
	register("place-tile", stepDef{
		rule: RuleProvince,
		prompt: func(g *Game, fr *frame) string {
			return "Place " + tileName(&g.d.Tiles[g.topTile(int(fr.A))]) + " in your province, joined to your residence by a road"
		},
		options: func(g *Game, fr *frame, o []core.Option) []core.Option {
			t := g.topTile(int(fr.A))
			var buf [4 * maxCells]placement
			for _, pl := range g.placements(buf[:0], int(fr.P), t) {
				o = append(o, g.opt(g.d.ids.place[pl.Cell][pl.Rot], RuleProvince, func() string {
					return fmt.Sprintf("On %s, roads %s", cellName(&g.d.Province, pl.Cell), RoadText(rotMask(g.d.Tiles[t].Roads, pl.Rot)))
				}))
			}
			return o
		},
		apply: func(g *Game, fr *frame, id string) error {
			p, k := int(fr.P), int(fr.A)
			c, r := g.parsePlace(id)
			t := g.topTile(k)
			g.pop()
			g.takeTop(k)
			g.P[p].Cells[c] = Cell{Tile: int8(t), Rot: int8(r)}
			if !g.quiet {
				g.logf("%s places %s on %s.", SeatName(p), tileName(&g.d.Tiles[t]), cellName(&g.d.Province, c))
			}
			g.scoreTile(p, t)
			return nil
		},
	})
}

// ---- the Master Builder ("Maestro constructor") ----

// builderCell: the tile on cell c can be covered by a visible tile that
// costs more, whose difference the seat's dice of its colour can pay, and
// which can be turned to keep every tile joined to the residence.
func (g *Game) builderCell(p, c int) bool {
	cl := g.P[p].Cells[c]
	if cl.Tile < 0 || cl.Replaced {
		return false
	}
	for k := range g.Stacks {
		if g.Stacks[k].N > 0 && g.builderNew(p, c, g.topTile(k)) {
			return true
		}
	}
	return false
}

// builderNew: tile t can cover the tile on cell c; its difference in cost
// is within reach of the seat's dice, with Karma if need be.
func (g *Game) builderNew(p, c, t int) bool {
	old := &g.d.Tiles[g.P[p].Cells[c].Tile]
	nt := &g.d.Tiles[t]
	if nt.Cost <= old.Cost || g.reach(p, nt.Color, g.karmaReach(p)) < nt.Cost-old.Cost {
		return false
	}
	for _, r := range rotations(nt.Roads) {
		if g.connectedWith(p, c, t, r) {
			return true
		}
	}
	return false
}

func (g *Game) builderPossible(p int) bool {
	for c := range g.d.Province.Cells() {
		if g.builderCell(p, c) {
			return true
		}
	}
	return false
}

func init() {
	register("mb-old", stepDef{
		rule:   RuleBuilder,
		prompt: func(*Game, *frame) string { return "Master Builder: choose a tile of your province to cover" },
		options: func(g *Game, fr *frame, o []core.Option) []core.Option {
			p := int(fr.P)
			for c := range g.d.Province.Cells() {
				if g.builderCell(p, c) {
					o = append(o, g.opt(g.d.ids.old[c], RuleBuilder, func() string { return "Cover " + tileName(g.TileAt(p, c)) + " on " + cellName(&g.d.Province, c) }))
				}
			}
			return o
		},
		apply: func(g *Game, fr *frame, id string) error {
			p := int(fr.P)
			c, _ := g.d.Province.parseCell(strings.TrimPrefix(id, "old:"))
			if !g.quiet {
				g.logf("%s chooses to cover %s on %s.", SeatName(p), tileName(g.TileAt(p, c)), cellName(&g.d.Province, c))
			}
			g.pop()
			g.push(frame{Step: "mb-new", P: int8(p), A: int16(c)})
			return nil
		},
	})
	register("mb-new", stepDef{
		rule: RuleBuilder,
		prompt: func(g *Game, fr *frame) string {
			return "Master Builder: choose a dearer tile to cover " + tileName(g.TileAt(int(fr.P), int(fr.A)))
		},
		options: func(g *Game, fr *frame, o []core.Option) []core.Option {
			p, c := int(fr.P), int(fr.A)
			old := g.TileAt(p, c)
			for k := range g.Stacks {
				if g.Stacks[k].N > 0 && g.builderNew(p, c, g.topTile(k)) {
					t := &g.d.Tiles[g.topTile(k)]
					if g.P[p].Dice.Sum(t.Color) < t.Cost-old.Cost {
						continue // within reach with Karma only
					}
					o = append(o, g.opt(g.d.ids.tile[t.Index], RuleBuilder, func() string {
						return fmt.Sprintf("Cover with %s, paying %d in %s dice", tileLabel(t), t.Cost-old.Cost, t.Color)
					}))
				}
			}
			return g.tileFlips(o, p, func(t int) int {
				if !g.builderNew(p, c, t) {
					return -1
				}
				return g.d.Tiles[t].Cost - old.Cost
			})
		},
		apply: func(g *Game, fr *frame, id string) error {
			p, c := int(fr.P), int(fr.A)
			if g.applyKarma(p, id) {
				return nil
			}
			k := g.stackByTileID(id)
			t := &g.d.Tiles[g.topTile(k)]
			diff := t.Cost - g.TileAt(p, c).Cost
			g.pop()
			if !g.quiet {
				g.logf("%s will cover %s with %s, paying %d in %s dice.", SeatName(p), tileName(g.TileAt(p, c)), tileName(t), diff, t.Color)
			}
			g.push(frame{Step: "mb-place", P: int8(p), A: int16(c), B: int16(k)})
			g.push(frame{Step: "pay-tile", P: int8(p), A: int16(t.Color), N: int16(diff)})
			return nil
		},
	})
	register("mb-place", stepDef{
		rule:   RuleBuilder,
		prompt: func(*Game, *frame) string { return "Master Builder: turn the new tile so that every tile stays joined" },
		options: func(g *Game, fr *frame, o []core.Option) []core.Option {
			p, c, t := int(fr.P), int(fr.A), g.topTile(int(fr.B))
			for _, r := range rotations(g.d.Tiles[t].Roads) {
				if g.connectedWith(p, c, t, r) {
					o = append(o, g.opt(g.d.ids.place[c][r], RuleBuilder, func() string { return "Roads " + RoadText(rotMask(g.d.Tiles[t].Roads, r)) }))
				}
			}
			return o
		},
		apply: func(g *Game, fr *frame, id string) error {
			p, c, k := int(fr.P), int(fr.A), int(fr.B)
			_, r := g.parsePlace(id)
			t := g.topTile(k)
			old := g.P[p].Cells[c].Tile
			g.pop()
			g.takeTop(k)
			g.Gone |= 1 << uint(old)
			g.P[p].Cells[c] = Cell{Tile: int8(t), Rot: int8(r), Replaced: true}
			if !g.quiet {
				g.logf("%s covers %s with %s on %s.", SeatName(p), tileName(&g.d.Tiles[old]), tileName(&g.d.Tiles[t]), cellName(&g.d.Province, c))
			}
			g.scoreTile(p, t)
			return nil
		},
	})
}

// ---- production tiles: the Dancer, and Navaratnas ----

func (g *Game) freeSlot(p int, col ProdColor) bool {
	for _, s := range g.sites(p) {
		if s.Slot == col && g.P[p].Sites[s.Index].Prod < 0 {
			return true
		}
	}
	return false
}

func (g *Game) ptileOptions(o []core.Option, p int) []core.Option {
	for i := range g.d.Prod {
		t := &g.d.Prod[i]
		if g.Supply[i] > 0 && g.freeSlot(p, t.Color) {
			o = append(o, g.opt(g.d.ids.prod[i], RuleNavaratnas, func() string { return "Take " + prodName(t) }))
		}
	}
	return o
}

// anyPtile: the seat can take a production tile.
func (g *Game) anyPtile(p int) bool {
	for i := range g.d.Prod {
		if g.Supply[i] > 0 && g.freeSlot(p, g.d.Prod[i].Color) {
			return true
		}
	}
	return false
}

func init() {
	// dancer-tile: in the basic game the Dancer draws a face-down white
	// tile, gains it at once and discards it (reshuffling the discards when
	// the pile runs out); with Navaratnas any face-up production tile is
	// taken for a free slot of its colour ("Las salas", "Navaratnas").
	register("dancer-tile", stepDef{rule: RuleRooms, auto: func(g *Game, fr *frame) {
		p := int(fr.P)
		g.pop()
		if g.prodTilesInPlay() {
			g.push(frame{Step: "ptile", P: int8(p)})
			return
		}
		if g.White.N == 0 {
			g.White, g.Discard = g.Discard, pile{}
			w := g.White.T[:g.White.N]
			g.rng.Shuffle(len(w), func(i, j int) { w[i], w[j] = w[j], w[i] })
		}
		if g.White.N == 0 {
			return
		}
		g.White.N--
		k := g.White.T[g.White.N]
		g.reveal("a production tile was drawn")
		g.Discard.T[g.Discard.N] = k
		g.Discard.N++
		if !g.quiet {
			g.logf("%s draws %s.", SeatName(p), prodName(&g.d.Prod[k]))
		}
		g.pushEffects(p, g.d.Prod[k].Effects)
	}})
	register("ptile", stepDef{
		rule: RuleNavaratnas,
		prompt: func(g *Game, fr *frame) string {
			if fr.B == 1 {
				return "You have fewer workers: take a production tile for a free slot, or none"
			}
			return "Take a production tile for a free slot of your province, or none"
		},
		options: func(g *Game, fr *frame, o []core.Option) []core.Option {
			n := len(o)
			if o = g.ptileOptions(o, int(fr.P)); len(o) == n {
				return o
			}
			return append(o, opt("skip", "Take no production tile", RuleNavaratnas))
		},
		apply: func(g *Game, fr *frame, id string) error {
			p := int(fr.P)
			g.pop()
			if id == "skip" {
				if !g.quiet {
					g.logf("%s takes no production tile.", SeatName(p))
				}
				return nil
			}
			k := g.d.prodByID[strings.TrimPrefix(id, "ptile:")]
			if !g.quiet {
				g.logf("%s takes %s.", SeatName(p), prodName(&g.d.Prod[k]))
			}
			g.push(frame{Step: "pslot", P: int8(p), A: int16(k)})
			return nil
		},
	})
	register("pslot", stepDef{
		rule: RuleNavaratnas,
		prompt: func(g *Game, fr *frame) string {
			return "Place " + prodName(&g.d.Prod[fr.A]) + " on a free slot of its colour"
		},
		options: func(g *Game, fr *frame, o []core.Option) []core.Option {
			p := int(fr.P)
			for i, s := range g.sites(p) {
				if s.Slot == g.d.Prod[fr.A].Color && g.P[p].Sites[s.Index].Prod < 0 {
					o = append(o, g.opt(g.slotID(p, i), RuleNavaratnas, func() string { return "Slot on " + siteName(&g.d.Province, &s) }))
				}
			}
			return o
		},
		apply: func(g *Game, fr *frame, id string) error {
			p, k := int(fr.P), int(fr.A)
			s := g.siteByOption(p, id)
			g.pop()
			g.Supply[k]--
			g.P[p].Sites[s] = SiteState{Prod: int8(k)}
			if !g.quiet {
				g.logf("%s puts %s on %s.", SeatName(p), prodName(&g.d.Prod[k]), siteName(&g.d.Province, &g.sites(p)[s]))
			}
			// Its production comes when a road joins it (at once if one does).
			g.push(frame{Step: "productions", P: int8(p)})
			return nil
		},
	})
}
