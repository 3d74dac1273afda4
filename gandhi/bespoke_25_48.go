package gandhi

import (
	"fmt"

	"durbar/core"
)

// Bespoke Event steps for cards 25-48 (data/effects/cards-25-48.json): the
// few texts the step vocabulary of docs/gandhi-cards.md cannot express.

func init() {
	// The fields these steps may carry (the loader rejects a piece on a
	// step evOps does not list).
	evOps["x25-remove-each"] = "piece n"
	evOps["x25-release-place"] = "piece n"

	// x25-select (cards 26, 39, 41, 47): like select, but every entry of
	// where.has must be present ("a Province with both Congress and Muslim
	// League Activists"; "strike" stands for a Strike marker), and
	// adjSelected means adjacent to the selection as it stood before this
	// step, not to the spaces this step adds ("the space with Gandhi and up
	// to 2 adjacent spaces"). It uses the scratch set of hit spaces.
	evExtra["x25-select"] = func(g *Game, fr *frame, st EvStep, sub frame) {
		g.turn.EvHit = [maxSpaces]bool{}
		if st.N == 0 {
			for i := range g.Sp {
				if x25Match(g, st.Where, i) {
					g.turn.EvHit[i] = true
				}
			}
			x25Merge(g)
			return
		}
		sub.Step, sub.B = "x25-select", st.N
		g.push(sub)
	}
	register("x25-select", stepDef{rule: "5.1",
		prompt: func(g *Game, fr *frame) string { return fmt.Sprintf("Event: select up to %d more spaces", fr.B) },
		options: func(g *Game, fr *frame) []core.Option {
			st := g.program(fr.N, fr.A)[fr.Space]
			o := []core.Option{opt("done", "Select no more", "5.1")}
			for i := range g.Sp {
				if fr.B > 0 && x25Match(g, st.Where, i) {
					o = append(o, spaceOpt(g, i, "", "5.1"))
				}
			}
			return o
		},
		apply: func(g *Game, fr *frame, id string) error {
			if id != "done" {
				g.turn.EvHit[g.parseSpace(id, "space:")] = true
				if fr.B--; fr.B > 0 {
					return nil
				}
			}
			x25Merge(g)
			g.pop()
			return nil
		},
	})

	// x25-hit-only (cards 38, 46): the selection becomes the spaces an
	// earlier step took pieces from ("…in each of those spaces").
	evExtra["x25-hit-only"] = func(g *Game, fr *frame, st EvStep, sub frame) {
		g.turn.EvSel, g.turn.EvHit = g.turn.EvHit, [maxSpaces]bool{}
	}

	// x25-remove-each (cards 32, 34, 47): from each selected space the
	// executor removes n of the pieces (all there are, if fewer): a
	// required removal per space, where remove-pieces takes up to n in total.
	evExtra["x25-remove-each"] = func(g *Game, fr *frame, st EvStep, sub frame) {
		sel := g.selected()
		for k := len(sel) - 1; k >= 0; k-- {
			g.push(frame{Step: "x25-take-each", F: fr.F, N: fr.N, A: fr.A, B: sub.Space, Space: sel[k], C: max(st.N, 1)})
		}
	}
	register("x25-take-each", stepDef{rule: "5.1",
		prompt: func(g *Game, fr *frame) string {
			return fmt.Sprintf("Event: remove %d more pieces from %s", fr.C, g.space(fr.Space).Name)
		},
		options: func(g *Game, fr *frame) []core.Option {
			st := g.program(fr.N, fr.A)[fr.B]
			var o []core.Option
			for _, p := range st.stepPieces() {
				if fr.C > 0 && g.Sp[fr.Space].P[p] > 0 {
					o = append(o, opt("take:"+p.ID()+":"+g.space(fr.Space).ID, fmt.Sprintf("%s from %s", p, g.space(fr.Space).Name), "5.1"))
				}
			}
			return o
		},
		apply: func(g *Game, fr *frame, id string) error {
			st := g.program(fr.N, fr.A)[fr.B]
			p, i := g.parsePieceSpace(id, "take:")
			if fr.C--; fr.C <= 0 {
				g.pop()
			}
			g.evTake(i, p, st)
			return nil
		},
	})

	// x25-release-place (card 38 shaded): release up to n Activists of the
	// piece's Faction from Jail and place them in the first selected space
	// ("release up to 3 Congress Activists from Jail and place them with
	// Gandhi"): release and place in one, so only released pieces are placed.
	evExtra["x25-release-place"] = func(g *Game, fr *frame, st EvStep, sub frame) {
		if sel := g.selected(); len(sel) > 0 {
			g.push(frame{Step: "x25-release-count", F: fr.F, N: fr.N, A: fr.A, B: sub.Space, Space: sel[0]})
		}
	}
	register("x25-release-count", stepDef{rule: "5.1",
		prompt: func(g *Game, fr *frame) string {
			return "Event: how many Activists to release from Jail into " + g.space(fr.Space).Name + "?"
		},
		options: func(g *Game, fr *frame) []core.Option {
			st := g.program(fr.N, fr.A)[fr.B]
			p, _ := pieceByID(st.Piece)
			if p != CongAct && p != LeagueAct || g.Jail[p-CongAct] == 0 {
				return nil
			}
			o := []core.Option{opt("count:0", "None", "5.1")}
			for n := 1; n <= st.N && n <= g.Jail[p-CongAct]; n++ {
				o = append(o, opt(fmt.Sprintf("count:%d", n), fmt.Sprintf("Release and place %d", n), "5.1"))
			}
			return o
		},
		apply: func(g *Game, fr *frame, id string) error {
			st := g.program(fr.N, fr.A)[fr.B]
			p, _ := pieceByID(st.Piece)
			var n int
			fmt.Sscanf(id, "count:%d", &n)
			for k := 0; k < n; k++ {
				g.Jail[p-CongAct]--
				g.Avail[p]++
				g.evPlace(fr.Space, p)
			}
			g.pop()
			return nil
		},
	})
}

// x25Match: the filter of x25-select (see above). Candidates are neither
// selected already nor picked by this step.
func x25Match(g *Game, w *Filter, i int) bool {
	if g.turn.EvSel[i] || g.turn.EvHit[i] {
		return false
	}
	if w == nil {
		return true
	}
	base := *w
	base.Has, base.AdjSel = nil, false
	if !g.matches(&base, i) {
		return false
	}
	for _, h := range w.Has {
		if h == "strike" && !g.Sp[i].Strike || h != "strike" && !g.matches(&Filter{Has: []string{h}}, i) {
			return false
		}
	}
	if w.AdjSel {
		adj := false
		for _, a := range g.space(i).Adj {
			adj = adj || g.turn.EvSel[a]
		}
		return adj
	}
	return true
}

// x25Merge adds the spaces picked by x25-select to the selection.
func x25Merge(g *Game) {
	for i, b := range g.turn.EvHit {
		g.turn.EvSel[i] = g.turn.EvSel[i] || b
	}
	g.turn.EvHit = [maxSpaces]bool{}
}
