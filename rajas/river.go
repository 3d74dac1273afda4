package rajas

import (
	"fmt"
	"strconv"
	"strings"

	"durbar/core"
)

// The river ("Acción de río (Puerto)"): a boat advances over unoccupied spaces only,
// skipping spaces other boats occupy; the start and the final space hold
// any number of boats. Passing the bridge activates the river worker. The
// bonus of the space where the boat stops is received at once.

// RiverEnd is the index of the final river space (0 is the start).
func (g *Game) RiverEnd() int { return len(g.d.River) - 1 }

func (g *Game) occupied(s, p int) bool {
	if s <= 0 || s >= g.RiverEnd() {
		return false
	}
	for q := 0; q < g.N; q++ {
		if q != p && g.P[q].Boat == s {
			return true
		}
	}
	return false
}

// riverTarget is the space a boat reaches by advancing exactly k unoccupied
// spaces, or -1 when the river ends first.
func (g *Game) riverTarget(p, k int) int {
	cnt := 0
	for s := g.P[p].Boat + 1; s <= g.RiverEnd(); s++ {
		if !g.occupied(s, p) {
			cnt++
			if cnt == k {
				return s
			}
		}
	}
	return -1
}

// RiverEffects is the bonus of a river space: its river tile, if any, or
// the printed bonus.
func (g *Game) RiverEffects(s int) []Effect {
	if t := g.RiverT[s]; t >= 0 {
		return g.d.RiverTiles[t].Effects
	}
	return g.d.River[s]
}

func (g *Game) moveBoat(p, k int) {
	dest := g.riverTarget(p, k)
	if dest < 0 {
		panic("rajas: boat move beyond the river")
	}
	pl := &g.P[p]
	from := pl.Boat
	pl.Boat = dest
	spaces := "spaces"
	if k == 1 {
		spaces = "space"
	}
	if !g.quiet {
		g.logf("%s's boat advances %d unoccupied %s, from %d to %d.", SeatName(p), k, spaces, from, dest)
	}
	if from <= g.d.BridgeAfter && dest > g.d.BridgeAfter {
		g.gainWorker(p, FromRiver)
	}
	g.pushEffects(p, g.RiverEffects(dest))
}

func init() {
	register("river-move", stepDef{
		rule: RuleRiver,
		prompt: func(g *Game, fr *frame) string {
			if fr.N == 1 {
				return "Advance your boat 1 unoccupied space"
			}
			return fmt.Sprintf("Advance your boat 1 to %d unoccupied spaces", fr.N)
		},
		options: func(g *Game, fr *frame, o []core.Option) []core.Option {
			for k := 1; k <= int(fr.N); k++ {
				if s := g.riverTarget(int(fr.P), k); s >= 0 {
					o = append(o, g.opt(moveID(k), RuleRiver, func() string { return fmt.Sprintf("Advance %d to river space %d", k, s) }))
				}
			}
			return o
		},
		apply: func(g *Game, fr *frame, id string) error {
			p := int(fr.P)
			k, err := strconv.Atoi(strings.TrimPrefix(id, "move:"))
			if err != nil {
				panic("bad river move " + id)
			}
			g.pop()
			g.moveBoat(p, k)
			return nil
		},
	})
	// boat-next: a bonus moves the boat to the next unoccupied space; the
	// track bonuses say "puedes", so it may be declined.
	register("boat-next", stepDef{
		rule:   RuleRiver,
		prompt: func(*Game, *frame) string { return "Move your boat to the next unoccupied river space?" },
		options: func(g *Game, fr *frame, o []core.Option) []core.Option {
			s := g.riverTarget(int(fr.P), 1)
			if s < 0 {
				return o
			}
			return append(o,
				g.opt("move:1", RuleRiver, func() string { return fmt.Sprintf("Advance to river space %d", s) }),
				opt("skip", "Stay", RuleRiver))
		},
		apply: func(g *Game, fr *frame, id string) error {
			p := int(fr.P)
			g.pop()
			if id == "move:1" {
				g.moveBoat(p, 1)
			} else if !g.quiet {
				g.logf("%s leaves the boat on river space %d.", SeatName(p), g.P[p].Boat)
			}
			return nil
		},
	})
}
