package gandhi

import (
	"fmt"

	"durbar/core"
)

// Removal of adversary pieces, shared by Assault, Treaty, Govern, Attack,
// Persuade and Assassinate. The executing faction picks pieces one at a time;
// once it has targeted a faction it must keep removing that faction's pieces
// while it can (1.4.4), and "Bases last" and "Troops last" limits apply.

type removeMode int

const (
	modeRaj         removeMode = iota // Assault 3.2.4, Treaty 4.2.1, Govern 4.2.2: NV as one faction, NV to Jail
	modeAttack                        // 3.4.3: Sepoys before Troops, not Gandhi
	modePersuade                      // 4.3.3, 4.4.3
	modeAssassinate                   // 4.5.3: any one Active piece but Gandhi
)

var modeRules = [...]string{"3.2.4", "3.4.3", "4.3.3", "4.5.3"}

const gandhiTarget = Piece(-1)

type target struct {
	p     Piece
	group int // bit of the targeted faction group
}

func (g *Game) targets(f Faction, i int, mode removeMode, forced bool) []target {
	s := &g.Sp[i]
	act := g.activistsActive(i)
	var buf [NumPieces + 2]target // listed here, returned in a slice of their number
	t := buf[:0]
	add := func(p Piece, grp Faction) {
		if p == gandhiTarget {
			t = append(t, target{p, 1 << uint(grp)})
			return
		}
		if int(s.P[p]) > 0 && p.Owner() != f {
			t = append(t, target{p, 1 << uint(grp)})
		}
	}
	switch mode {
	case modeRaj:
		add(GuerA, Rev)
		if g.guerrillas(i) == 0 {
			add(RevBase, Rev)
		}
		if act {
			add(CongAct, Congress)
			add(LeagueAct, Congress)
		}
		if g.activists(i) == 0 {
			add(LeagueBase, Congress)
		}
		if g.Gandhi == i {
			add(gandhiTarget, Congress)
		}
	case modeAttack, modeAssassinate:
		add(Sepoy, Raj)
		if int(s.P[Sepoy]) == 0 || mode == modeAssassinate {
			add(Troop, Raj)
		}
		if act {
			add(CongAct, Congress)
			add(LeagueAct, League)
		}
		if g.activists(i) == 0 || mode == modeAssassinate {
			add(LeagueBase, League)
		}
		if mode == modeAssassinate {
			add(GuerA, Rev)
			add(RevBase, Rev)
		}
	case modePersuade:
		add(Sepoy, Raj)
		if int(s.P[Sepoy]) == 0 {
			add(Troop, Raj)
		}
		if act {
			add(otherActivist(f), League)
		}
		if f == Congress && int(s.P[LeagueAct]) == 0 {
			add(LeagueBase, League)
		}
		add(GuerA, Rev)
		if g.guerrillas(i) == 0 {
			add(RevBase, Rev)
		}
	}
	return g.keepTargets(t)
}

func (g *Game) pushRemove(f Faction, i, n int, mode removeMode) {
	forced := 0
	if mode == modeRaj && g.Gandhi == i {
		activeActs := 0
		if g.activistsActive(i) {
			activeActs = g.activists(i)
		}
		if n >= activeActs+1 {
			forced = 1
		}
	}
	g.push(frame{Step: "remove", F: f, Space: i, N: n, A: int(mode) | forced<<8})
}

// targetOptID is the option id "target:" + targetID(p).
func targetOptID(p Piece) string {
	if p == gandhiTarget {
		return "target:gandhi"
	}
	return pieceID("target:", p)
}

func targetID(p Piece) string {
	if p == gandhiTarget {
		return "gandhi"
	}
	return p.ID()
}

func init() {
	register("remove", stepDef{
		rule: "1.4.4",
		prompt: func(g *Game, fr *frame) string {
			return fmt.Sprintf("Remove up to %d %s in %s", fr.N, noun(fr.N, "Active piece"), g.space(fr.Space).Name)
		},
		options: func(g *Game, fr *frame) []core.Option {
			mode, forced := removeMode(fr.A&0xff), fr.A>>8 == 1
			if fr.N <= 0 {
				return nil
			}
			ts := g.targets(fr.F, fr.Space, mode, forced)
			if len(ts) == 0 {
				return nil
			}
			rule := modeRules[mode]
			o := g.optBuf()
			mustContinue := false
			for _, t := range ts {
				verb := "Remove"
				if mode == modeRaj && (t.p == CongAct || t.p == LeagueAct || t.p == gandhiTarget) {
					verb = "Arrest"
				}
				name := "Gandhi"
				if t.p != gandhiTarget {
					name = t.p.String()
				}
				o = append(o, opt(targetOptID(t.p), g.label(func() string { return verb + " " + name }), rule))
				if fr.B&t.group != 0 && (t.p != gandhiTarget || forced) {
					mustContinue = true
				}
				if t.p == gandhiTarget && forced && fr.B&t.group != 0 {
					mustContinue = true
				}
			}
			if !mustContinue {
				o = append(o, opt("done", "Remove no more", rule))
			}
			return o
		},
		apply: func(g *Game, fr *frame, id string) error {
			if g.doneThenPop(id) {
				return nil
			}
			mode := removeMode(fr.A & 0xff)
			i := fr.Space
			tid := id[len("target:"):]
			var p Piece = gandhiTarget
			if tid != "gandhi" {
				p, _ = pieceByID(tid)
			}
			for _, t := range g.targets(fr.F, i, mode, false) {
				if t.p == p {
					fr.B |= t.group
				}
			}
			switch {
			case p == gandhiTarget:
				g.arrestGandhi()
				g.turn.GandhiArrested = true
				if !g.unlogged() {
					g.logf("Gandhi is arrested in %s.", g.space(i).Name)
				}
			case mode == modeRaj && (p == CongAct || p == LeagueAct):
				g.arrest(i, p)
				g.turn.Removed[p.Owner()]++
			default:
				g.remove(i, p)
				g.turn.Removed[p.Owner()]++
			}
			g.countdown(fr)
			return nil
		},
	})
}
