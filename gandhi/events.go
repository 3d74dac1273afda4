package gandhi

import (
	"fmt"
	"math/bits"
	"slices"
	"strings"

	"durbar/core"
)

// Events (5.0). An Event side is a short program of primitive steps that
// reuse the rules code; choices inside it ("up to 2 Muslim spaces", which
// piece…) go through the ordinary decision model. Programs are data: they
// are written as Go literals here for the cards implemented so far and share
// their shape with the card file's future "effects" field.
//
// Event guidelines (5.1) enforced by the primitives: pieces are placed only
// from Available (replacement becomes removal), stacking is respected (Bases
// up to Population, one Protest per space, one Strike per Railway, no Troops
// in States), Restraint and Unity stay within 1-5, and whatever part of the
// text cannot be carried out is skipped.

// Filter selects spaces for an Event step.
type Filter struct {
	Types     []string `json:"types,omitempty"` // city, province, state, railway (state includes Muslim States)
	Muslim    bool     `json:"muslim,omitempty"`
	Protest   bool     `json:"protest,omitempty"`
	NoControl bool     `json:"noControl,omitempty"`
	Has       []string `json:"has,omitempty"` // at least one of these pieces ("gandhi", "guerrillas", "bases", "activists", "cubes" allowed)
	Spaces    []string `json:"spaces,omitempty"`
	Control   bool     `json:"control,omitempty"`
	NonMuslim bool     `json:"nonMuslim,omitempty"`
	NoProtest bool     `json:"noProtest,omitempty"`
	AdjTo     []string `json:"adjTo,omitempty"`       // adjacent to one of these spaces
	AdjSel    bool     `json:"adjSelected,omitempty"` // adjacent to a space already selected
	Jailed    bool     `json:"gandhiJailed,omitempty"`
	Unrest    bool     `json:"unrest,omitempty"`
	NoUnrest  bool     `json:"noUnrest,omitempty"`
	Strike    bool     `json:"strike,omitempty"`
	NoStrike  bool     `json:"noStrike,omitempty"`
	MState    bool     `json:"muslimState,omitempty"`
	HasAll    []string `json:"hasAll,omitempty"`   // every one of these pieces
	Princely  bool     `json:"princely,omitempty"` // a printed Princely State (not a Muslim State)
}

// EvStep is one primitive of an Event program.
type EvStep struct {
	Do       string   `json:"do"`
	N        int      `json:"n,omitempty"`
	Where    *Filter  `json:"where,omitempty"`
	Piece    string   `json:"piece,omitempty"`
	Faction  string   `json:"faction,omitempty"`
	Level    int      `json:"level,omitempty"`
	Hit      bool     `json:"hit,omitempty"` // act on the spaces that lost pieces, not all selected
	Pieces   []string `json:"pieces,omitempty"`
	To       string   `json:"to,omitempty"` // replace: the piece put in
	Up       bool     `json:"up,omitempty"` // place: the executor chooses how many, up to n
	Arrest   bool     `json:"arrest,omitempty"`
	Op       string   `json:"op,omitempty"`   // free-op: the Operation
	Dest     *Filter  `json:"dest,omitempty"` // move-pieces: where they may go
	IfJailed bool     `json:"ifJailed,omitempty"`
	Min      int      `json:"min,omitempty"`      // select/take: at least this many when possible
	By       string   `json:"by,omitempty"`       // the faction that chooses, if not the executor ("Congress may…")
	PerSpace int      `json:"perSpace,omitempty"` // take: at most this many from each space

	pieces []Piece // stepPieces, worked out at load
}

// stepPieces lists the pieces a step names (piece or pieces; "guerrilla"
// stands for either side of a Guerrilla, "activist" for either faction's).
func (st EvStep) stepPieces() []Piece {
	if st.pieces != nil {
		return st.pieces // shared: read only
	}
	return st.parsePieces()
}

func (st EvStep) parsePieces() []Piece {
	names := st.Pieces
	if st.Piece != "" {
		names = append([]string{st.Piece}, names...)
	}
	var out []Piece
	for _, n := range names {
		switch n {
		case "guerrilla":
			out = append(out, GuerU, GuerA)
		case "activist":
			out = append(out, CongAct, LeagueAct)
		case "cube":
			out = append(out, Troop, Sepoy)
		default:
			if p, ok := pieceByID(n); ok {
				out = append(out, p)
			}
		}
	}
	return out
}

// eventImpl is the pair of programs of one card.
type eventImpl struct {
	Unshaded []EvStep `json:"unshaded"`
	Shaded   []EvStep `json:"shaded"`
}

// eventImpls holds programs registered from Go for tests; the card data
// (Deck.Effects) holds the programs of the deck.
var eventImpls = map[int]eventImpl{}

func (g *Game) effects(n int) (eventImpl, bool) {
	if e, ok := eventImpls[n]; ok {
		return e, true
	}
	e, ok := g.deck.Effects[n]
	return e, ok
}

func (g *Game) eventPlayable(n int) bool {
	_, ok := g.effects(n)
	return ok
}

func (g *Game) program(card, side int) []EvStep {
	e, _ := g.effects(card)
	if side == 1 {
		return e.Shaded
	}
	return e.Unshaded
}

// evOps lists the known step names with the fields each may use; the
// loader rejects any other.
var evOps = map[string]string{
	"select": "n where", "narrow": "n", "add-unrest": "n", "remove-unrest": "n", "shift": "n level hit",
	"set": "level", "place": "piece n hit", "protest": "", "remove-protest": "", "muslim-state": "",
	"remove-base": "", "remove-faction": "", "remove-pieces": "piece n", "arrest-gandhi": "",
	"release-gandhi": "", "release": "piece n", "restraint": "n", "unity": "n", "resources": "faction n",
	"ineligible": "faction", "stay-eligible": "", "clear": "", "remove-strike": "", "replace": "piece n",
	"move-gandhi": "", "release-any": "n", "free-op": "faction n", "move-pieces": "piece n",
	"remove-muslim-state": "",
}

// EvExtra lets a card's bespoke logic register a step by name (issue:
// "a card that needs bespoke logic may have it"). It runs like the built-in
// steps: it may push a decision frame.
var evExtra = map[string]func(g *Game, fr *frame, st EvStep, sub frame){}

func validateProgram(card int, side string, prog []EvStep) []string {
	var errs []string
	for k, st := range prog {
		fields, ok := evOps[st.Do]
		if _, extra := evExtra[st.Do]; extra {
			continue // bespoke steps read what fields they need
		}
		if !ok {
			errs = append(errs, fmt.Sprintf("card %d %s step %d: unknown step %q", card, side, k+1, st.Do))
			continue
		}
		if st.By != "" {
			if _, okb := ParseFaction(st.By); !okb {
				errs = append(errs, fmt.Sprintf("card %d %s step %d: bad chooser %q", card, side, k+1, st.By))
			}
		}
		has := func(f string) bool { return strings.Contains(" "+fields+" ", " "+f+" ") }
		for _, pn := range append([]string{st.Piece, st.To}, st.Pieces...) {
			if pn == "" {
				continue
			}
			if _, ok := pieceByID(pn); !ok && pn != "guerrilla" && pn != "activist" && pn != "cube" || !has("piece") {
				errs = append(errs, fmt.Sprintf("card %d %s step %d: bad piece %q for %s", card, side, k+1, pn, st.Do))
			}
		}
		if st.Do == "free-op" {
			od, ok := ops[st.Op]
			if f, okf := ParseFaction(st.Faction); !ok || !okf || od.faction != f {
				errs = append(errs, fmt.Sprintf("card %d %s step %d: free-op needs a faction and one of its Operations, not %q", card, side, k+1, st.Op))
			}
		}
		if st.Faction != "" {
			if _, ok := ParseFaction(st.Faction); !ok || !has("faction") {
				errs = append(errs, fmt.Sprintf("card %d %s step %d: bad faction %q for %s", card, side, k+1, st.Faction, st.Do))
			}
		}
		if st.Level < -2 || st.Level > 2 {
			errs = append(errs, fmt.Sprintf("card %d %s step %d: level outside -2..2", card, side, k+1))
		}
		if (st.Do == "place" || st.Do == "remove-pieces" || st.Do == "release" || st.Do == "replace" || st.Do == "move-pieces") &&
			len(st.stepPieces()) == 0 || st.Do == "replace" && st.To == "" || st.Do == "move-pieces" && st.Dest == nil {
			errs = append(errs, fmt.Sprintf("card %d %s step %d: %s needs a piece", card, side, k+1, st.Do))
		}
	}
	return errs
}

func (g *Game) startEvent(f Faction, shaded bool) {
	side, name := 0, "unshaded"
	if shaded {
		side, name = 1, "shaded"
	}
	g.turn.EvSel = 0
	if !g.unlogged() {
		g.logf("%s executes the %s Event of %s.", f, name, g.deck.Cards[g.Current].Title)
	}
	g.push(frame{Step: "event", F: f, N: g.Current, A: side})
}

func (g *Game) matches(w *Filter, i int) bool {
	if w == nil {
		return true
	}
	s := &g.Sp[i]
	if len(w.Types) > 0 {
		t := filterTypeName(g.space(i).Type)
		if g.Sp[i].MuslimState {
			t = "state"
		}
		if !slices.Contains(w.Types, t) {
			return false
		}
	}
	if w.Muslim && !g.space(i).Muslim || w.Protest && !s.Protest || w.NoControl && s.Control ||
		w.Control && !s.Control || w.NonMuslim && g.space(i).Muslim || w.NoProtest && s.Protest ||
		w.Jailed && g.Gandhi != GandhiInJail {
		return false
	}
	if w.Unrest && int(s.Unrest) == 0 || w.NoUnrest && int(s.Unrest) > 0 || w.Strike && !s.Strike || w.NoStrike && s.Strike ||
		w.MState && !s.MuslimState || w.Princely && g.space(i).Type != PrincelyState {
		return false
	}
	for _, h := range w.HasAll {
		if !g.hasPiece(i, h) {
			return false
		}
	}
	if len(w.AdjTo) > 0 || w.AdjSel {
		ok := false
		for _, a := range g.space(i).Adj {
			if w.AdjSel && g.turn.EvBase.has(a) || slices.Contains(w.AdjTo, g.space(a).ID) {
				ok = true
			}
		}
		if !ok {
			return false
		}
	}
	if len(w.Spaces) > 0 && !slices.Contains(w.Spaces, g.space(i).ID) {
		return false
	}
	if len(w.Has) > 0 && !slices.ContainsFunc(w.Has, func(h string) bool { return g.hasPiece(i, h) }) {
		return false
	}
	return true
}

// filterTypeName is a space type as a Filter's Types name it.
func filterTypeName(t SpaceType) string {
	switch t {
	case City:
		return "city"
	case Province:
		return "province"
	case PrincelyState:
		return "state"
	case Railway:
		return "railway"
	}
	return ""
}

// hasPiece: a piece id, or gandhi, guerrillas, bases, activists, cubes.
func (g *Game) hasPiece(i int, h string) bool {
	s := &g.Sp[i]
	switch h {
	case "gandhi":
		return g.Gandhi == i
	case "guerrillas", "guerrilla":
		return g.guerrillas(i) > 0
	case "bases":
		return g.bases(i) > 0
	case "activists", "activist":
		return g.activists(i) > 0
	case "cubes", "cube":
		return g.cubes(i) > 0
	}
	p, ok := pieceByID(h)
	return ok && int(s.P[p]) > 0
}

// chooser is the faction deciding an Event step: the executor unless the
// text lets another faction choose.
func (st EvStep) chooser(executor Faction) Faction {
	if f, ok := ParseFaction(st.By); ok {
		return f
	}
	return executor
}

// hitSpaces are the spaces an earlier step of the Event took pieces from.
func (g *Game) hitSpaces() []int { return g.marked(&g.turn.EvHit) }

// selected are the spaces the Event has selected.
func (g *Game) selected() []int { return g.marked(&g.turn.EvSel) }

func (g *Game) marked(set *spaceSet) []int {
	var buf [maxSpaces]int
	out := buf[:0]
	for b := *set; b != 0; b &= b - 1 {
		if i := bits.TrailingZeros64(uint64(b)); i < len(g.Sp) {
			out = append(out, i)
		}
	}
	return g.keepInts(out)
}

// countOptions offers "none" to max; parseCount reads the choice back.
func countOptions(g *Game, max int, verb string) []core.Option {
	o := append(g.optBuf(), opt("count:0", "None", "5.1"))
	for n := 1; n <= max; n++ {
		o = append(o, opt(numID("count:", n), g.label(func() string { return fmt.Sprintf("%s %d", verb, n) }), "5.1"))
	}
	return o
}

func parseCount(id string) int { return idNum(id, "count:") }

func init() {
	register("event", stepDef{rule: "5.1", auto: runEvent})
	register("ev-select", stepDef{rule: "5.1",
		prompt: func(g *Game, fr *frame) string {
			return fmt.Sprintf("Event: select up to %d more %s", fr.B, noun(fr.B, "space"))
		},
		options: func(g *Game, fr *frame) []core.Option {
			st := g.program(fr.N, fr.A)[fr.Space]
			o := g.optBuf()
			if fr.B > 0 {
				for i := range g.Sp {
					if !g.turn.EvSel.has(i) && g.matches(st.Where, i) {
						o = append(o, spaceOpt(g, i, "", "5.1"))
					}
				}
			}
			// A required choice (min) may end early only when nothing is left.
			if fr.C >= st.Min || len(o) == 0 {
				o = append(o, opt("done", "Select no more", "5.1"))
			}
			return o
		},
		apply: func(g *Game, fr *frame, id string) error {
			if g.doneThenPop(id) {
				return nil
			}
			g.turn.EvSel.add(g.parseSpace(id, "space:"))
			fr.C++
			if fr.B--; fr.B == 0 {
				g.pop()
			}
			return nil
		},
	})
	register("ev-count", stepDef{rule: "5.1",
		prompt: func(g *Game, fr *frame) string {
			st := g.program(fr.N, fr.A)[fr.B]
			what := st.Piece // a kind of piece ("cube") rather than one piece
			if p, ok := pieceByID(st.Piece); ok {
				what = p.String()
			}
			return fmt.Sprintf("Event: how many %ss to place in %s?", what, g.space(fr.Space).Name)
		},
		options: func(g *Game, fr *frame) []core.Option {
			st := g.program(fr.N, fr.A)[fr.B]
			p, _ := pieceByID(st.Piece)
			return countOptions(g, min(st.N, g.Avail[p]), "Place")
		},
		apply: func(g *Game, fr *frame, id string) error {
			st := g.program(fr.N, fr.A)[fr.B]
			p, _ := pieceByID(st.Piece)
			for k := 0; k < parseCount(id); k++ {
				g.evPlace(fr.Space, p)
			}
			g.pop()
			return nil
		},
	})
	register("ev-take", stepDef{rule: "5.1",
		prompt: func(g *Game, fr *frame) string {
			return fmt.Sprintf("Event: take up to %d more %s from the selected spaces", fr.C, noun(fr.C, "piece"))
		},
		options: func(g *Game, fr *frame) []core.Option {
			st := g.program(fr.N, fr.A)[fr.B]
			if fr.C <= 0 {
				return nil
			}
			o := g.optBuf()
			for _, i := range g.selected() {
				if st.PerSpace > 0 && int(g.turn.EvTaken[i]) >= st.PerSpace {
					continue
				}
				for _, p := range st.stepPieces() {
					if int(g.Sp[i].P[p]) > 0 {
						o = append(o, opt(g.m.pieceSpaceID("take:", p, i), g.label(func() string { return fmt.Sprintf("%s from %s", p, g.space(i).Name) }), "5.1"))
					}
				}
			}
			if len(o) > 0 && st.N-fr.C >= st.Min {
				o = append(o, opt("done", "Take no more", "5.1"))
			}
			return o
		},
		apply: func(g *Game, fr *frame, id string) error {
			if g.doneThenPop(id) {
				return nil
			}
			st := g.program(fr.N, fr.A)[fr.B]
			p, i := g.parsePieceSpace(id, "take:")
			g.turn.EvTaken[i]++
			fr.C--
			if fr.C <= 0 {
				g.pop()
			}
			switch st.Do {
			case "move-pieces":
				g.push(frame{Step: "ev-dest", F: fr.F, N: fr.N, A: fr.A, B: fr.B, Space: i, Piece: p})
			default:
				g.evTake(i, p, st)
			}
			return nil
		},
	})
	register("ev-dest", stepDef{rule: "5.1",
		prompt: func(g *Game, fr *frame) string { return "Event: move the " + fr.Piece.String() + " where?" },
		options: func(g *Game, fr *frame) []core.Option {
			st := g.program(fr.N, fr.A)[fr.B]
			o := g.optBuf()
			for x := range g.Sp {
				if x != fr.Space && g.matches(st.Dest, x) && !(fr.Piece == Troop && g.isState(x)) {
					o = append(o, spaceOpt(g, x, "", "5.1"))
				}
			}
			return o
		},
		apply: func(g *Game, fr *frame, id string) error {
			g.pop()
			g.movePiece(fr.Space, g.parseSpace(id, "space:"), fr.Piece)
			return nil
		},
	})
	register("ev-release", stepDef{rule: "5.1",
		prompt: func(g *Game, fr *frame) string {
			return fmt.Sprintf("Event: release up to %d more %s from Jail", fr.C, noun(fr.C, "Activist"))
		},
		options: func(g *Game, fr *frame) []core.Option {
			if fr.C <= 0 || g.Jail[0]+g.Jail[1] == 0 {
				return nil
			}
			o := append(g.optBuf(), opt("done", "Release no more", "5.1"))
			for k, pc := range []Piece{CongAct, LeagueAct} {
				if g.Jail[k] > 0 {
					o = append(o, opt(pieceID("release:", pc), g.label(func() string { return "Release " + pc.A() }), "5.1"))
				}
			}
			return o
		},
		apply: func(g *Game, fr *frame, id string) error {
			if g.doneThenPop(id) {
				return nil
			}
			pc, _ := pieceByID(id[len("release:"):])
			g.release(pc)
			if fr.C--; fr.C <= 0 {
				g.pop()
			}
			return nil
		},
	})
	register("ev-free-op", stepDef{rule: "5.1", auto: func(g *Game, fr *frame) {
		st := g.program(fr.N, fr.A)[fr.B]
		if fr.C == 0 {
			// Set up the free Operation: no cost, no Special Activity, limited
			// to the Event's spaces (5.1).
			fr.C = 1
			f, _ := ParseFaction(st.Faction)
			saved := g.turn
			g.evSaved = &saved
			g.turn = turn{F: f, Op: st.Op, Free: true, MaxSpaces: st.N, Where: st.Where, Dest: -1, Origin: -1}
			if !g.unlogged() {
				g.logf("%s executes a free %s.", f, ops[st.Op].title)
			}
			g.push(frame{Step: "op", F: f})
			return
		}
		// Back to the Event: its later steps act on the spaces the
		// Operation selected.
		op := g.turn
		g.turn, g.evSaved = *g.evSaved, nil
		g.turn.crisis = g.turn.crisis || op.crisis
		g.turn.GandhiArrested = g.turn.GandhiArrested || op.GandhiArrested
		g.turn.EvSel = op.OpSpaces
		g.pop()
	}})
	register("ev-narrow", stepDef{rule: "5.1",
		prompt: func(g *Game, fr *frame) string { return fmt.Sprintf("Event: choose %d of the selected spaces", fr.B) },
		options: func(g *Game, fr *frame) []core.Option {
			o := g.optBuf()
			for _, i := range g.selected() {
				if !g.turn.EvHit.has(i) {
					o = append(o, spaceOpt(g, i, "", "5.1"))
				}
			}
			return o
		},
		apply: func(g *Game, fr *frame, id string) error {
			g.turn.EvHit.add(g.parseSpace(id, "space:"))
			fr.B--
			if fr.B == 0 || len(g.selected()) == 0 {
				g.turn.EvSel, g.turn.EvHit = g.turn.EvHit, 0
				g.pop()
			}
			return nil
		},
	})
	register("ev-pick-space", stepDef{rule: "5.1",
		prompt: func(g *Game, fr *frame) string { return "Event: in which selected space?" },
		options: func(g *Game, fr *frame) []core.Option {
			st := g.program(fr.N, fr.A)[fr.Space]
			o := g.optBuf()
			for _, i := range g.selected() {
				if evApplicable(g, st, i) {
					o = append(o, spaceOpt(g, i, "", "5.1"))
				}
			}
			return o
		},
		apply: func(g *Game, fr *frame, id string) error {
			st := g.program(fr.N, fr.A)[fr.Space]
			i := g.parseSpace(id, "space:")
			switch st.Do {
			case "remove-base", "remove-faction":
				g.pop()
				g.push(frame{Step: "ev-choose", F: fr.F, Space: i, N: fr.N, A: fr.A, B: fr.Space})
			}
			return nil
		},
	})
	register("ev-choose", stepDef{rule: "5.1",
		prompt: func(g *Game, fr *frame) string { return "Event: choose in " + g.space(fr.Space).Name },
		options: func(g *Game, fr *frame) []core.Option {
			st := g.program(fr.N, fr.A)[fr.B]
			i := fr.Space
			o := g.optBuf()
			switch st.Do {
			case "remove-base":
				for _, p := range []Piece{LeagueBase, RevBase} {
					if int(g.Sp[i].P[p]) > 0 {
						o = append(o, opt("piece:"+p.ID(), "Remove "+p.A(), "5.1"))
					}
				}
			case "remove-faction":
				for f := Faction(0); f < NumFactions; f++ {
					if g.factionPieces(f, i) > 0 {
						o = append(o, opt("faction:"+f.ID(), "Remove every "+f.String()+" piece", "5.1"))
					}
				}
			}
			return o
		},
		apply: func(g *Game, fr *frame, id string) error {
			i := fr.Space
			g.pop()
			if strings.HasPrefix(id, "faction:") {
				f, _ := ParseFaction(id[len("faction:"):])
				g.evRemoveFaction(i, f)
				return nil
			}
			p, _ := pieceByID(id[len("piece:"):])
			g.remove(i, p)
			return nil
		},
	})
}

// runEvent executes the next step of the Event program; steps that need a
// decision push one and the program continues when it is answered.
func runEvent(g *Game, fr *frame) {
	prog := g.program(fr.N, fr.A)
	if fr.B >= len(prog) {
		g.pop()
		return
	}
	k := fr.B
	fr.B++
	st := prog[k]
	sub := frame{F: fr.F, N: fr.N, A: fr.A, Space: k}
	ev := frame{F: fr.F, N: fr.N, A: fr.A, B: k}
	switch st.Do {
	case "select":
		g.turn.EvBase = g.turn.EvSel // adjSelected refers to the spaces chosen before this step
		if st.N == 0 {               // every matching space
			for i := range g.Sp {
				if g.matches(st.Where, i) {
					g.turn.EvSel.add(i)
				}
			}
			return
		}
		sub.Step, sub.B, sub.F = "ev-select", st.N, st.chooser(fr.F)
		g.push(sub)
	case "clear":
		g.turn.EvSel, g.turn.EvHit = 0, 0
	case "remove-muslim-state":
		for _, i := range g.selected() {
			if g.Sp[i].MuslimState {
				g.removeMuslimState(i)
			}
		}
	case "remove-strike":
		for _, i := range g.selected() {
			if g.Sp[i].Strike {
				g.Sp[i].Strike = false
				g.touch(i)
			}
		}
	case "move-gandhi":
		sel := g.selected()
		if len(sel) == 0 || st.IfJailed && g.Gandhi != GandhiInJail {
			return
		}
		g.moveGandhi(sel[0])
	case "release-any":
		ev.Step, ev.C = "ev-release", st.N
		g.push(ev)
	case "free-op":
		ev.Step = "ev-free-op"
		g.push(ev)
	case "replace", "move-pieces":
		g.turn.EvTaken = [maxSpaces]uint8{}
		ev.Step, ev.C, ev.F = "ev-take", st.N, st.chooser(fr.F)
		g.push(ev)
	case "add-unrest":
		for _, i := range g.selected() {
			for n := 0; n < max(st.N, 1); n++ {
				g.addUnrest(i)
			}
		}
	case "narrow":
		sub.Step, sub.B = "ev-narrow", max(st.N, 1)
		g.turn.EvHit = 0
		g.push(sub)
	case "ineligible":
		// Ineligible through the next card: it may not act on this card
		// either, and is skipped on the next one (2.3.6).
		f, _ := ParseFaction(st.Faction)
		g.card.Done[f] = true
		g.IneligibleNext[f] = true
	case "stay-eligible":
		g.card.StayEligible[fr.F] = true
	case "shift":
		targets := g.selected()
		if st.Hit {
			targets = g.hitSpaces()
		}
		for _, i := range targets {
			for n := 0; n < max(st.N, 1); n++ {
				g.shiftToward(i, st.Level)
			}
		}
	case "remove-base", "remove-faction":
		sub.Step = "ev-pick-space"
		g.push(sub)
	case "remove-pieces":
		if st.N < 0 { // all of them
			for _, i := range g.selected() {
				for _, p := range st.stepPieces() {
					for int(g.Sp[i].P[p]) > 0 {
						g.evTake(i, p, st)
					}
				}
			}
			return
		}
		g.turn.EvTaken = [maxSpaces]uint8{}
		ev.Step, ev.C, ev.F = "ev-take", st.N, st.chooser(fr.F)
		g.push(ev)
	case "place":
		p, _ := pieceByID(st.Piece)
		sel := g.selected()
		if st.Hit {
			sel = g.hitSpaces()
		}
		for k := len(sel) - 1; k >= 0 && st.Up; k-- {
			c := ev
			c.Step, c.Space, c.F = "ev-count", sel[k], st.chooser(fr.F)
			g.push(c)
		}
		for _, i := range sel {
			for n := 0; n < max(st.N, 1) && !st.Up; n++ {
				g.evPlace(i, p)
			}
		}
	case "protest":
		for _, i := range g.selected() {
			g.placeProtest(i, false)
		}
	case "remove-protest":
		for _, i := range g.selected() {
			g.removeProtest(i)
		}
	case "remove-unrest":
		for _, i := range g.selected() {
			for n := 0; n < max(st.N, 1); n++ {
				g.removeUnrest(i)
			}
		}
	case "set":
		for _, i := range g.selected() {
			g.setSupport(i, st.Level)
		}
	case "muslim-state":
		for _, i := range g.selected() {
			g.placeMuslimState(i)
		}
	case "release":
		p, _ := pieceByID(st.Piece)
		for n := 0; n < st.N && g.Jail[p-CongAct] > 0; n++ {
			g.release(p)
		}
	case "arrest-gandhi":
		if g.Gandhi >= 0 {
			g.arrestGandhi()
		}
	case "release-gandhi":
		if g.Gandhi == GandhiInJail {
			sub.Step = "support-gandhi"
			g.push(sub)
		}
	case "restraint":
		g.shiftRestraint(st.N)
	case "unity":
		g.shiftUnity(st.N)
	case "resources":
		f, _ := ParseFaction(st.Faction)
		g.addResources(f, st.N)
	default:
		if f, ok := evExtra[st.Do]; ok {
			f(g, fr, st, sub)
			return
		}
		panic("unknown event step " + st.Do)
	}
}

func evApplicable(g *Game, st EvStep, i int) bool {
	switch st.Do {
	case "remove-base":
		return g.bases(i) > 0
	case "remove-faction":
		for f := Faction(0); f < NumFactions; f++ {
			if g.factionPieces(f, i) > 0 {
				return true
			}
		}
	}
	return false
}

func (g *Game) factionPieces(f Faction, i int) int {
	n := 0
	for p := Piece(0); p < NumPieces; p++ {
		if p.Owner() == f {
			n += int(g.Sp[i].P[p])
		}
	}
	if f == Congress {
		n += g.gandhiAt(i)
	}
	return n
}

// evRemoveFaction removes every piece of a faction from a space: Gandhi and
// Activists to Jail, the rest to Available (5.1.2).
func (g *Game) evRemoveFaction(i int, f Faction) {
	if f == Congress && g.Gandhi == i {
		g.arrestGandhi()
	}
	for p := Piece(0); p < NumPieces; p++ {
		for p.Owner() == f && int(g.Sp[i].P[p]) > 0 {
			if p == CongAct || p == LeagueAct {
				g.arrest(i, p)
			} else {
				g.remove(i, p)
			}
		}
	}
}

// evPlace puts one piece from Available into a space, within stacking (5.1.1).
func (g *Game) evPlace(i int, p Piece) {
	switch {
	case (p == LeagueBase || p == RevBase) && !g.baseRoom(i):
	case p == Troop && g.isState(i):
	default:
		g.place(i, p)
	}
}

// evTake removes (or arrests, or replaces) one piece for an Event step.
func (g *Game) evTake(i int, p Piece, st EvStep) {
	switch {
	case st.Arrest && (p == CongAct || p == LeagueAct):
		g.arrest(i, p)
	default:
		g.remove(i, p)
	}
	g.turn.EvHit.add(i)
	if st.Do == "replace" {
		if to, ok := pieceByID(st.To); ok {
			g.evPlace(i, to)
		}
	}
}

// ExecutingEvent reports the Event being executed, if any: its card, the
// faction executing it and whether the shaded text is (the outermost Event
// on the step stack; an Event simulated by a Non-Player is never seen here).
func (g *Game) ExecutingEvent() (card int, f Faction, shaded, ok bool) {
	for _, fr := range g.stack {
		if fr.Step == "event" {
			return fr.N, fr.F, fr.A == 1, true
		}
	}
	return 0, 0, false, false
}
