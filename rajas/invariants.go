package rajas

import (
	"fmt"
	"strings"
)

// CheckInvariants verifies every rule-level invariant of the state. Tests
// run it after every step of random play.
func (g *Game) CheckInvariants() error {
	var errs []string
	bad := func(format string, a ...any) { errs = append(errs, fmt.Sprintf(format, a...)) }
	d := g.d
	// Dice: 12 of each colour across the supply, the statues and the hands
	// ("Contenido"); statues within their capacity ("Transcurso del juego": dice).
	for c := Color(0); c < NumColors; c++ {
		n := int(g.Pool[c])
		if g.Pool[c] < 0 {
			bad("negative %s supply", c)
		}
		for p := 0; p < g.N; p++ {
			n += g.P[p].Dice.OfColor(c) + int(g.P[p].Hand[c])
		}
		if n != d.DicePerColor {
			bad("%d %s dice in play, want %d", n, c, d.DicePerColor)
		}
	}
	pendingGain := g.stepPending("gain") || g.stepPending("reroll")
	for p := 0; p < g.N; p++ {
		pl := &g.P[p]
		who := SeatName(p)
		for c := range pl.Dice {
			if pl.Dice[c][0] != 0 {
				bad("%s: %s die showing 0", who, aColor(Color(c)))
			}
			for v := 1; v <= 6; v++ {
				if pl.Dice[c][v] < 0 {
					bad("%s: negative dice", who)
				}
			}
			if pl.Hand[c] < 0 || (pl.Hand[c] > 0 && !pendingGain) {
				bad("%s: dice in hand outside a gain", who)
			}
		}
		held := pl.Dice.Count()
		for _, h := range pl.Hand {
			held += int(h)
		}
		if held > g.KaliCapacity(p) {
			bad("%s: %d dice on a statue for %d (\"Transcurso del juego\")", who, held, g.KaliCapacity(p))
		}
		// Workers ("Obtener nuevos trabajadores").
		gained := 0
		for _, x := range pl.Gained {
			if x {
				gained++
			}
		}
		if pl.Active != d.StartWorkers+gained || pl.Active > g.MaxWorkers(p) {
			bad("%s: %d active workers, %d started and %d gained (max %d)", who, pl.Active, d.StartWorkers, gained, g.MaxWorkers(p))
		}
		if pl.SpareGone != (pl.Active == g.MaxWorkers(p) && g.MaxWorkers(p) < d.TotalWorkers) {
			bad("%s: spare worker removed %v with %d active", who, pl.SpareGone, pl.Active)
		}
		if pl.Placed < 0 || pl.Placed > pl.Active {
			bad("%s: %d workers placed of %d", who, pl.Placed, pl.Active)
		}
		onBoard := 0
		for i := range g.side.Spaces {
			if int(g.Occ[i]) == p {
				onBoard++
			}
		}
		if onBoard != pl.Placed {
			bad("%s: %d workers on the board, %d placed", who, onBoard, pl.Placed)
		}
		if pl.Gained[FromFame] != (pl.Fame >= d.FameWorker) && !(pl.SpareGone && pl.Fame >= d.FameWorker) {
			bad("%s: fame worker taken %v at fame %d", who, pl.Gained[FromFame], pl.Fame)
		}
		if pl.Gained[FromRiver] && pl.Boat <= d.BridgeAfter || !pl.Gained[FromRiver] && pl.Boat > d.BridgeAfter && !pl.SpareGone {
			bad("%s: river worker taken %v with the boat at %d", who, pl.Gained[FromRiver], pl.Boat)
		}
		// Tracks.
		if pl.Fame < 0 || pl.Fame > d.FameMax || pl.Money < 0 || pl.Money > d.MoneyMax {
			bad("%s: fame %d or money %d off the track", who, pl.Fame, pl.Money)
		}
		if pl.Karma < 0 || pl.Karma > d.MaxKarma {
			bad("%s: Karma %d outside 0-%d (\"Karma\")", who, pl.Karma, d.MaxKarma)
		}
		if pl.NextBonus < 0 || pl.NextBonus > len(d.MoneyBonuses) {
			bad("%s: money bonus marker %d", who, pl.NextBonus)
		} else if pl.NextBonus < len(d.MoneyBonuses) && pl.Money >= d.MoneyBonuses[pl.NextBonus].At {
			bad("%s: money %d has passed the bonus marker at %d", who, pl.Money, d.MoneyBonuses[pl.NextBonus].At)
		}
		for b, l := range pl.Levels {
			if int(l) < d.LevelStart || int(l) > d.LevelMax {
				bad("%s: %s level %d", who, Building(b), l)
			}
		}
		if pl.Boat < 0 || pl.Boat > g.RiverEnd() {
			bad("%s: boat off the river", who)
		}
		if pl.CrossedAt > 0 && !g.Crossed(p) && !g.Over {
			bad("%s: crossed markers have come apart", who)
		}
		// Province: every tile joined to the residence ("Tablero de provincia").
		if pl.Cells[d.Province.Residence].Tile >= 0 {
			bad("%s: a tile on the residence", who)
		}
		if !g.connectedWith(p, -1, 0, 0) {
			bad("%s: a tile is not joined to the residence", who)
		}
		for i := range g.sites(p) {
			s := &g.sites(p)[i]
			st := pl.Sites[s.Index]
			if st.Prod >= 0 && d.Prod[st.Prod].Color != s.Slot {
				bad("%s: production tile %s on a %s slot", who, d.Prod[st.Prod].ID, s.Slot)
			}
			if !st.Collected && g.siteConnected(p, s) && len(g.siteEffects(p, s)) > 0 && !g.stepPending("productions") {
				bad("%s: production %s joined but not received", who, s.ID)
			}
		}
	}
	// Boats: one per river space, except the start and the final space.
	for p := 0; p < g.N; p++ {
		if g.occupied(g.P[p].Boat, p) {
			bad("two boats on river space %d", g.P[p].Boat)
		}
	}
	// Province tiles: each of the 64 in exactly one place.
	var where [numTiles]int
	for k := range g.Stacks {
		s := &g.Stacks[k]
		for i := 0; i < int(s.N); i++ {
			t := int(s.T[i])
			where[t]++
			if int(d.Tiles[t].Color)*NumBacks+int(d.Tiles[t].Back) != k {
				bad("tile %s in the wrong pile", d.Tiles[t].ID)
			}
		}
	}
	for p := 0; p < g.N; p++ {
		for c := range d.Province.Cells() {
			if t := g.P[p].Cells[c].Tile; t >= 0 {
				where[t]++
			}
		}
	}
	for t := range d.Tiles {
		if g.Gone&(1<<uint(t)) != 0 {
			where[t]++
		}
		if where[t] != 1 {
			bad("tile %s is in %d places", d.Tiles[t].ID, where[t])
		}
	}
	// Production tiles: each copy in exactly one place.
	var pt [maxProdKinds]int
	for i := 0; i < int(g.White.N); i++ {
		pt[g.White.T[i]]++
	}
	for i := 0; i < int(g.Discard.N); i++ {
		pt[g.Discard.T[i]]++
	}
	for p := 0; p < g.N; p++ {
		for i := range g.sites(p) {
			if k := g.P[p].Sites[i].Prod; k >= 0 {
				pt[k]++
			}
		}
	}
	for i := 0; i < g.depth; i++ {
		if g.stack[i].Step == "setup-brown" {
			pt[g.stack[i].A]++
		}
	}
	for k := range d.Prod {
		if g.Supply[k] < 0 || g.Box[k] < 0 {
			bad("negative production tile supply")
		}
		if n := pt[k] + int(g.Supply[k]) + int(g.Box[k]); n != d.Prod[k].Count {
			bad("production tile %s: %d in play, %d exist", d.Prod[k].ID, n, d.Prod[k].Count)
		}
	}
	// Action spaces.
	for i := range g.side.Spaces {
		o := g.Occ[i]
		if o < -2 || int(o) >= g.N {
			bad("space %s: occupant %d", g.side.Spaces[i].ID, o)
		}
	}
	for _, i := range g.side.Covers[g.N] {
		if g.Occ[i] != -2 {
			bad("cover tile missing from %s", g.side.Spaces[i].ID)
		}
	}
	for _, list := range [][]int{g.side.Quarry, g.side.Harbour} {
		free := false
		for _, i := range list {
			if g.Occ[i] == -1 {
				free = true
			} else if g.Occ[i] >= 0 && free {
				bad("%s taken before an earlier space (row by row, left to right)", g.side.Spaces[i].ID)
			}
		}
	}
	if g.Start < 0 || g.Start >= g.N || g.Turn < 0 || g.Turn >= g.N {
		bad("start player %d / turn %d", g.Start, g.Turn)
	}
	if !g.Over && g.depth == 0 {
		bad("no pending step in a running game")
	}
	if len(errs) > 0 {
		return fmt.Errorf("%s", strings.Join(errs, "; "))
	}
	return nil
}

func (g *Game) stepPending(name string) bool {
	for i := 0; i < g.depth; i++ {
		if g.stack[i].Step == name {
			return true
		}
	}
	return false
}
