package rajas

import (
	"fmt"

	"durbar/core"
)

// The sequence of play ("Transcurso del juego", "Fin de ronda", "Fin de la
// partida"): rounds of turns in seat order from the start player, one
// worker a turn, until nobody can place one; then the elephant moves and
// the workers come home.

func init() {
	register("round", stepDef{rule: RuleSequence, auto: func(g *Game, fr *frame) {
		g.pop()
		g.Round++
		for i := range g.side.Spaces {
			if g.Occ[i] >= 0 {
				g.Occ[i] = -1
			}
		}
		for p := 0; p < g.N; p++ {
			pl := &g.P[p]
			pl.Placed, pl.AssortedUsed, pl.Out, pl.Comp = 0, false, false, 0
		}
		g.Mogul = -1
		g.Turn = g.Start
		if !g.quiet {
			g.logf("Round %d begins; %s has the elephant.", g.Round, SeatName(g.Start))
		}
		g.push(frame{Step: "next"})
	}})
	register("next", stepDef{rule: RuleSequence, auto: nextTurn})
}

// nextTurn finds the next seat in turn order that can place a worker, or
// that is owed a production tile for lacking workers (Navaratnas);
// it ends the round when there is none, and the game when the end has been
// triggered and the turn order is back at the start player.
func nextTurn(g *Game, fr *frame) {
	g.checkCrossings()
	acts := false
	for p := 0; p < g.N && !acts; p++ {
		acts = g.canPlace(p) || g.compDue(p)
	}
	if !acts {
		g.pop()
		g.endRound()
		return
	}
	for k := 0; k <= g.N; k++ {
		p := g.Turn
		if g.Ended && p == g.Start {
			g.finish()
			return
		}
		g.Turn = (p + 1) % g.N
		if g.canPlace(p) {
			g.push(frame{Step: "turn", P: int8(p)})
			return
		}
		if g.compDue(p) {
			g.P[p].Comp++
			g.push(frame{Step: "ptile", P: int8(p), B: 1})
			return
		}
	}
	panic("rajas: nobody to act")
}

// compLimit is how many production tiles a seat receives this round for
// having fewer active workers than another ("Navaratnas version", (b)): one
// if anyone has more, a second if anyone has two more. (The rulebook's
// heading "El módulo Ganga" stands between the two sentences, but the
// second continues (b); the module itself is the river tiles. The first
// reading gave the second tile only with its "ganga" switch.)
func (g *Game) compLimit(p int) int {
	deficit := 0
	for q := 0; q < g.N; q++ {
		if q != p {
			deficit = max(deficit, g.P[q].Active-g.P[p].Active)
		}
	}
	switch {
	case deficit >= 2 && (g.setup.Legacy == nil || g.setup.Legacy.SecondTile):
		return 2
	case deficit >= 1:
		return 1
	}
	return 0
}

// compDue: at its turn a Navaratnas seat with no worker left receives a
// production tile if it is owed one and there is one it can take.
func (g *Game) compDue(p int) bool {
	pl := &g.P[p]
	return g.prodTilesInPlay() && pl.Navaratnas && pl.Placed >= pl.Active && pl.Comp < g.compLimit(p) &&
		g.anyPtile(p)
}

// checkCrossings notes seats whose markers have met or crossed, in order;
// the first one triggers the end ("Final de partida").
func (g *Game) checkCrossings() {
	for k := 0; k < g.N; k++ {
		p := (g.Start + k) % g.N
		if g.P[p].CrossedAt == 0 && g.Crossed(p) {
			g.Crossers++
			g.P[p].CrossedAt = g.Crossers
			if !g.Ended {
				g.Ended = true
				if !g.quiet {
					g.logf("%s's fame and money markers meet: the game ends when the turn order reaches the start player.", SeatName(p))
				}
			} else {
				if !g.quiet {
					g.logf("%s's fame and money markers meet too.", SeatName(p))
				}
			}
		}
	}
}

func (g *Game) endRound() {
	if g.Ended {
		g.finish()
		return
	}
	if g.Round >= MaxRounds {
		g.finish()
		return
	}
	// "Fin de ronda": the seat on the Great Mogul takes the elephant;
	// otherwise it passes clockwise.
	if g.Mogul >= 0 {
		g.Start = g.Mogul
	} else {
		g.Start = (g.Start + 1) % g.N
	}
	g.push(frame{Step: "round"})
}

// finish ends the game. Among the seats whose markers have met or crossed,
// the one whose fame marker is furthest past its money marker wins; a tie
// goes to the first to cross ("Final de partida"). (After MaxRounds without
// a crossing, the largest gap wins, a tie to the earlier seat.)
func (g *Game) finish() {
	best := -1
	better := func(p, q int) bool {
		a, b := g.FameMoneyGap(p), g.FameMoneyGap(q)
		if a != b {
			return a > b
		}
		return g.P[p].CrossedAt < g.P[q].CrossedAt
	}
	for p := 0; p < g.N; p++ {
		if g.P[p].CrossedAt > 0 && (best < 0 || better(p, best)) {
			best = p
		}
	}
	if best < 0 {
		for p := 0; p < g.N; p++ {
			if best < 0 || g.FameMoneyGap(p) > g.FameMoneyGap(best) {
				best = p
			}
		}
		g.Reason = fmt.Sprintf("no markers met within %d rounds; %s has the largest gap", MaxRounds, SeatName(best))
	} else {
		g.Reason = fmt.Sprintf("%s wins with fame %d past money %d by %d", SeatName(best), g.P[best].Fame, g.P[best].Money, g.FameMoneyGap(best))
	}
	g.Over, g.Winner = true, best
	g.depth = 0
	if !g.quiet {
		g.logf("Game over: %s.", g.Reason)
	}
}

// Options is the pending decision's options (nil when over).
func (g *Game) Options() []core.Option { return g.options() }
