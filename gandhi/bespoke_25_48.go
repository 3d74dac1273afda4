package gandhi

import (
	"fmt"

	"durbar/core"
)

// Bespoke Event steps for cards 25-48 (data/effects/cards-25-48.json): the
// few texts the step vocabulary of docs/gandhi-cards.md cannot express.

func init() {
	// x25-hit-only (cards 38, 46): the selection becomes the spaces an
	// earlier step took pieces from ("…in each of those spaces").
	evExtra["x25-hit-only"] = func(g *Game, fr *frame, st EvStep, sub frame) {
		g.turn.EvSel, g.turn.EvHit = g.turn.EvHit, 0
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
			return fmt.Sprintf("Event: remove %d more %s from %s", fr.C, noun(fr.C, "piece"), g.space(fr.Space).Name)
		},
		options: func(g *Game, fr *frame) []core.Option {
			st := g.program(fr.N, fr.A)[fr.B]
			o := g.optBuf()
			for _, p := range st.stepPieces() {
				if fr.C > 0 && int(g.Sp[fr.Space].P[p]) > 0 {
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
			return countOptions(g, min(st.N, g.Jail[p-CongAct]), "Release and place")
		},
		apply: func(g *Game, fr *frame, id string) error {
			st := g.program(fr.N, fr.A)[fr.B]
			p, _ := pieceByID(st.Piece)
			for k := 0; k < parseCount(id); k++ {
				g.release(p)
				g.evPlace(fr.Space, p)
			}
			g.pop()
			return nil
		},
	})
}
