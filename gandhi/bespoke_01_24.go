package gandhi

import (
	"fmt"

	"durbar/core"
)

// Bespoke Event steps for cards 1-24 (docs/gandhi-cards.md, "Other steps"):
//
//   - x01-select-unrest, x01-select-no-unrest (n, where): the executor selects
//     n spaces matching where that have (have no) Unrest marker — on a
//     Railway, a Strike. Unlike select the choice is not optional: the text
//     says "1 Railway", not "up to". With n omitted, every such space.
//   - x01-congress-may-place (hit): Congress (not the executor) may place 1
//     Congress Activist in each selected space, or with hit in each space an
//     earlier step took pieces from.
//   - x01-replace-league-each: in each selected space, 1 Muslim League
//     Activist is replaced by a Congress Activist (removed only if none is
//     Available).
func init() {
	selectUnrest := func(g *Game, fr *frame, st EvStep, sub frame) {
		if st.N == 0 {
			for i := range g.Sp {
				if x01UnrestMatch(g, st, i) {
					g.turn.EvSel[i] = true
				}
			}
			return
		}
		sub.Step, sub.B = "x01-select", st.N
		g.push(sub)
	}
	evExtra["x01-select-unrest"] = selectUnrest
	evExtra["x01-select-no-unrest"] = selectUnrest

	evExtra["x01-congress-may-place"] = func(g *Game, fr *frame, st EvStep, sub frame) {
		var targets []int
		for i := range g.Sp {
			if st.Hit && g.turn.EvHit[i] || !st.Hit && g.turn.EvSel[i] {
				targets = append(targets, i)
			}
		}
		for k := len(targets) - 1; k >= 0; k-- {
			g.push(frame{Step: "x01-may-place", F: Congress, N: fr.N, A: fr.A, Space: targets[k]})
		}
	}

	evExtra["x01-replace-league-each"] = func(g *Game, fr *frame, st EvStep, sub frame) {
		for _, i := range g.selected() {
			if g.Sp[i].P[LeagueAct] > 0 {
				g.remove(i, LeagueAct)
				g.turn.EvHit[i] = true
				g.evPlace(i, CongAct)
			}
		}
	}

	register("x01-select", stepDef{rule: "5.1",
		prompt: func(g *Game, fr *frame) string { return fmt.Sprintf("Event: select %d more spaces", fr.B) },
		options: func(g *Game, fr *frame) []core.Option {
			st := g.program(fr.N, fr.A)[fr.Space]
			var o []core.Option
			for i := range g.Sp {
				if fr.B > 0 && !g.turn.EvSel[i] && x01UnrestMatch(g, st, i) {
					o = append(o, spaceOpt(g, i, "", "5.1"))
				}
			}
			return o
		},
		apply: func(g *Game, fr *frame, id string) error {
			g.turn.EvSel[g.parseSpace(id, "space:")] = true
			if fr.B--; fr.B == 0 {
				g.pop()
			}
			return nil
		},
	})

	register("x01-may-place", stepDef{rule: "5.1",
		prompt: func(g *Game, fr *frame) string {
			return "Event: place a Congress Activist in " + g.space(fr.Space).Name + "?"
		},
		options: func(g *Game, fr *frame) []core.Option {
			if g.Avail[CongAct] == 0 {
				return nil
			}
			return []core.Option{opt("count:0", "None", "5.1"), opt("count:1", "Place 1", "5.1")}
		},
		apply: func(g *Game, fr *frame, id string) error {
			i := fr.Space
			g.pop()
			if id == "count:1" {
				g.evPlace(i, CongAct)
			}
			return nil
		},
	})
}

// x01UnrestMatch: the space matches the step's filter and has (for
// x01-select-unrest) or has no (x01-select-no-unrest) Unrest or Strike.
func x01UnrestMatch(g *Game, st EvStep, i int) bool {
	has := g.Sp[i].Unrest > 0 || g.Sp[i].Strike
	return g.matches(st.Where, i) && has == (st.Do == "x01-select-unrest")
}
