package gandhi

import (
	"fmt"
	"strings"
)

// The move log: every decision, of a person or of a Non-Player, leaves lines
// saying what it did on the board ("Rally in Bihar: 2 Congress Activists
// placed; a Protest placed."), found by comparing the board before the
// decision with the board after it and the automatic steps it led to. The
// whole board is public (1.4.1: every piece and marker is in view), so these
// lines show nothing a seat may not see. Nothing in the rules reads them.

// moveTrace is the board as it was before the decision being played, and
// what the decision was part of.
type moveTrace struct {
	before Board
	ctx    string // "Rally", "Redeploy", "Event"…: what the lines are headed with
	f      Faction
}

// startTrace begins tracing the decision pending in frame fr (nil when the
// log is off, or when an outer decision is already being traced).
func (g *Game) startTrace(fr *frame) bool {
	if g.trace != nil || g.unlogged() {
		return false
	}
	g.trace = &moveTrace{before: g.Board.clone(), ctx: g.traceContext(), f: fr.F}
	return true
}

// traceContext names what the pending decision is part of: the innermost
// Special Activity, Operation, Event or phase on the step stack.
func (g *Game) traceContext() string {
	for k := len(g.stack) - 1; k >= 0; k-- {
		st := g.stack[k].Step
		switch {
		case st == "sa":
			if sd := sas[g.turn.SA]; sd != nil {
				return sd.title
			}
		case st == "op":
			if od := ops[g.turn.Op]; od != nil {
				return od.title
			}
		case st == "event" || strings.HasPrefix(st, "ev-") || strings.HasPrefix(st, "x25-"):
			return "Event"
		case st == "constructive" || st == "constructive-more" || st == "place-base":
			return "Constructive Programme"
		case strings.HasPrefix(st, "support-"):
			return "Support Phase"
		case st == "np-reset-protest":
			return "Reset Phase"
		case st == "redeploy":
			return "Redeploy"
		case st == "strikes" || st == "campaign":
			return "Campaign Round"
		case st == "crisis-cubes":
			return "Crisis"
		case st == "gandhi-protests":
			return "Gandhi's arrest"
		case st == "setup-gandhi":
			return "Set-up"
		case st == "pass-oop":
			return "Passing"
		case st == "withdraw":
			return "Withdrawal"
		case st == "evict-troops":
			return "Muslim State"
		}
	}
	return g.stack[len(g.stack)-1].F.String()
}

// traceBoundary: automatic steps of the sequence of play (the next card, a
// Campaign Round): what they change is not the traced decision's doing, so
// the lines so far are written and a new trace begins, headed by the step.
func traceBoundary(step string) bool {
	switch step {
	case "card", "reveal", "endturn", "campaign", "choose":
		return true
	}
	return false
}

// flushTrace logs what changed since startTrace and ends the trace.
func (g *Game) flushTrace() {
	t := g.trace
	if t == nil {
		return
	}
	g.trace = nil
	if g.unlogged() {
		return
	}
	g.LogText = append(g.LogText, boardChanges(g, &t.before, &g.Board, t.ctx)...)
}

// boardChanges describes how board b became board a, one line per space
// that changed and one per track or pool.
func boardChanges(g *Game, b, a *Board, ctx string) []string {
	var lines []string
	n := len(a.Sp)
	if len(b.Sp) < n {
		n = len(b.Sp)
	}
	// Per space and kind, after turning Guerrilla flips aside.
	d := make([][NumPieces]int, n)
	var flip = make([]int, n) // >0 Activated, <0 went Underground
	var onMap [NumPieces]int
	for i := 0; i < n; i++ {
		for p := Piece(0); p < NumPieces; p++ {
			d[i][p] = int(a.Sp[i].P[p]) - int(b.Sp[i].P[p])
		}
		u, ac := d[i][GuerU], d[i][GuerA]
		switch {
		case u < 0 && ac > 0:
			k := min(-u, ac)
			flip[i], d[i][GuerU], d[i][GuerA] = k, u+k, ac-k
		case u > 0 && ac < 0:
			k := min(u, -ac)
			flip[i], d[i][GuerU], d[i][GuerA] = -k, u-k, ac+k
		}
		for p := Piece(0); p < NumPieces; p++ {
			onMap[p] += d[i][p]
		}
	}
	for i := 0; i < n; i++ {
		var items []string
		if b.Gandhi != i && a.Gandhi == i {
			if b.Gandhi >= 0 {
				items = append(items, "Gandhi arrived")
			} else {
				items = append(items, "Gandhi placed")
			}
		}
		if b.Gandhi == i && a.Gandhi != i {
			if a.Gandhi == GandhiInJail {
				items = append(items, "Gandhi jailed")
			} else {
				items = append(items, "Gandhi left")
			}
		}
		for p := Piece(0); p < NumPieces; p++ {
			k := d[i][p]
			switch {
			case k > 0 && onMap[p] > 0:
				items = append(items, countPieces(k, p)+" placed")
			case k > 0:
				items = append(items, countPieces(k, p)+" arrived")
			case k < 0 && onMap[p] < 0:
				items = append(items, countPieces(-k, p)+" removed")
			case k < 0:
				items = append(items, countPieces(-k, p)+" left")
			}
		}
		switch {
		case flip[i] == 1:
			items = append(items, "a Guerrilla Activated")
		case flip[i] > 1:
			items = append(items, fmt.Sprintf("%d %s Activated", flip[i], noun(flip[i], "Guerrilla")))
		case flip[i] == -1:
			items = append(items, "a Guerrilla went Underground")
		case flip[i] < -1:
			items = append(items, fmt.Sprintf("%d %s went Underground", -flip[i], noun(-flip[i], "Guerrilla")))
		}
		sb, sa := &b.Sp[i], &a.Sp[i]
		if !sb.Protest && sa.Protest {
			items = append(items, "a Protest placed")
		} else if sb.Protest && !sa.Protest {
			items = append(items, "the Protest removed")
		}
		if !sb.Strike && sa.Strike {
			items = append(items, "a Strike placed")
		} else if sb.Strike && !sa.Strike {
			items = append(items, "the Strike removed")
		}
		if !sb.MuslimState && sa.MuslimState {
			items = append(items, "now a Muslim State")
		} else if sb.MuslimState && !sa.MuslimState {
			items = append(items, "no longer a Muslim State")
		}
		if sb.Unrest != sa.Unrest {
			items = append(items, fmt.Sprintf("Unrest %d → %d", sb.Unrest, sa.Unrest))
		}
		if sb.Support != sa.Support {
			items = append(items, "shifted to "+supportTitle(int(sa.Support)))
		}
		if len(items) > 0 {
			lines = append(lines, fmt.Sprintf("%s in %s: %s.", ctx, g.space(i).Name, strings.Join(items, "; ")))
		}
	}
	for p := Piece(0); p < NumPieces; p++ {
		switch k := a.OOP[p] - b.OOP[p]; {
		case k < 0 && a.Avail[p] > b.Avail[p]:
			lines = append(lines, fmt.Sprintf("%s: %s from Out of Play to Available.", ctx, countPieces(-k, p)))
		case k < 0:
			lines = append(lines, fmt.Sprintf("%s: %s from Out of Play.", ctx, countPieces(-k, p)))
		case k > 0:
			lines = append(lines, fmt.Sprintf("%s: %s put Out of Play.", ctx, countPieces(k, p)))
		}
	}
	for f := Faction(0); f < NumFactions; f++ {
		if b.Resources[f] != a.Resources[f] {
			lines = append(lines, fmt.Sprintf("%s Resources %d → %d.", f, b.Resources[f], a.Resources[f]))
		}
	}
	if b.Restraint != a.Restraint {
		lines = append(lines, fmt.Sprintf("Restraint %d → %d.", b.Restraint, a.Restraint))
	}
	if b.Unity != a.Unity {
		lines = append(lines, fmt.Sprintf("Unity %d → %d.", b.Unity, a.Unity))
	}
	if b.Jail[0] != a.Jail[0] {
		lines = append(lines, fmt.Sprintf("Congress Activists in Jail %d → %d.", b.Jail[0], a.Jail[0]))
	}
	if b.Jail[1] != a.Jail[1] {
		lines = append(lines, fmt.Sprintf("Muslim League Activists in Jail %d → %d.", b.Jail[1], a.Jail[1]))
	}
	return lines
}

// countPieces is "a Sepoy", "an Underground Guerrilla" or "3 Sepoys".
func countPieces(n int, p Piece) string {
	if n == 1 {
		return p.A()
	}
	return fmt.Sprintf("%d %ss", n, p)
}

var supportTitles = map[int]string{-2: "Active Opposition", -1: "Passive Opposition", 0: "Neutral", 1: "Passive Support", 2: "Active Support"}

func supportTitle(l int) string { return supportTitles[l] }

// nPieces is "1 Activist" or "3 Activists", for labels.
func nPieces(n int, name string) string {
	if n == 1 {
		return "1 " + name
	}
	return fmt.Sprintf("%d %ss", n, name)
}
