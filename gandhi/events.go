package gandhi

import (
	"fmt"
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
	Has       []string `json:"has,omitempty"` // at least one of these pieces ("gandhi" allowed)
	Spaces    []string `json:"spaces,omitempty"`
}

// EvStep is one primitive of an Event program.
type EvStep struct {
	Do      string  `json:"do"`
	N       int     `json:"n,omitempty"`
	Where   *Filter `json:"where,omitempty"`
	Piece   string  `json:"piece,omitempty"`
	Faction string  `json:"faction,omitempty"`
	Level   int     `json:"level,omitempty"`
	Hit     bool    `json:"hit,omitempty"` // act on the spaces that lost pieces, not all selected
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
	"set": "level", "place": "piece n", "protest": "", "remove-protest": "", "muslim-state": "",
	"remove-base": "", "remove-faction": "", "remove-pieces": "piece n", "arrest-gandhi": "",
	"release-gandhi": "", "release": "piece n", "restraint": "n", "unity": "n", "resources": "faction n",
	"ineligible": "faction", "stay-eligible": "",
}

// EvExtra lets a card's bespoke logic register a step by name (issue:
// "a card that needs bespoke logic may have it"). It runs like the built-in
// steps: it may push a decision frame.
var evExtra = map[string]func(g *Game, fr *frame, st EvStep, sub frame){}

func validateProgram(card int, side string, prog []EvStep) []string {
	var errs []string
	for k, st := range prog {
		fields, ok := evOps[st.Do]
		if _, extra := evExtra[st.Do]; !ok && !extra {
			errs = append(errs, fmt.Sprintf("card %d %s step %d: unknown step %q", card, side, k+1, st.Do))
			continue
		}
		has := func(f string) bool { return strings.Contains(" "+fields+" ", " "+f+" ") }
		if st.Piece != "" {
			if _, ok := pieceByID(st.Piece); !ok || !has("piece") {
				errs = append(errs, fmt.Sprintf("card %d %s step %d: bad piece %q for %s", card, side, k+1, st.Piece, st.Do))
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
		if (st.Do == "place" || st.Do == "remove-pieces" || st.Do == "release") && st.Piece == "" {
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
	g.turn.EvSel = [maxSpaces]bool{}
	g.logf("%s executes the %s Event of %s.", f, name, g.deck.Cards[g.Current].Title)
	g.push(frame{Step: "event", F: f, N: g.Current, A: side})
}

func (g *Game) matches(w *Filter, i int) bool {
	if w == nil {
		return true
	}
	s := &g.Sp[i]
	if len(w.Types) > 0 {
		t := map[SpaceType]string{City: "city", Province: "province", PrincelyState: "state", Railway: "railway"}[g.space(i).Type]
		if g.Sp[i].MuslimState {
			t = "state"
		}
		if !slices.Contains(w.Types, t) {
			return false
		}
	}
	if w.Muslim && !g.space(i).Muslim || w.Protest && !s.Protest || w.NoControl && s.Control {
		return false
	}
	if len(w.Spaces) > 0 && !slices.Contains(w.Spaces, g.space(i).ID) {
		return false
	}
	if len(w.Has) > 0 {
		ok := false
		for _, h := range w.Has {
			if h == "gandhi" && g.Gandhi == i {
				ok = true
			} else if p, found := pieceByID(h); found && s.P[p] > 0 {
				ok = true
			} else if h == "guerrillas" && g.guerrillas(i) > 0 || h == "bases" && g.bases(i) > 0 {
				ok = true
			}
		}
		if !ok {
			return false
		}
	}
	return true
}

func (g *Game) selected() []int {
	var out []int
	for i := range g.Sp {
		if g.turn.EvSel[i] {
			out = append(out, i)
		}
	}
	return out
}

func init() {
	register("event", stepDef{rule: "5.1", auto: runEvent})
	register("ev-select", stepDef{rule: "5.1",
		prompt: func(g *Game, fr *frame) string { return fmt.Sprintf("Event: select up to %d more spaces", fr.B) },
		options: func(g *Game, fr *frame) []core.Option {
			st := g.program(fr.N, fr.A)[fr.Space]
			o := []core.Option{opt("done", "Select no more", "5.1")}
			if fr.B <= 0 {
				return o
			}
			for i := range g.Sp {
				if !g.turn.EvSel[i] && g.matches(st.Where, i) {
					o = append(o, spaceOpt(g, i, "", "5.1"))
				}
			}
			return o
		},
		apply: func(g *Game, fr *frame, id string) error {
			if g.doneThenPop(id) {
				return nil
			}
			g.turn.EvSel[g.parseSpace(id, "space:")] = true
			if fr.B--; fr.B == 0 {
				g.pop()
			}
			return nil
		},
	})
	register("ev-narrow", stepDef{rule: "5.1",
		prompt: func(g *Game, fr *frame) string { return fmt.Sprintf("Event: choose %d of the selected spaces", fr.B) },
		options: func(g *Game, fr *frame) []core.Option {
			var o []core.Option
			for _, i := range g.selected() {
				if !g.turn.EvHit[i] {
					o = append(o, spaceOpt(g, i, "", "5.1"))
				}
			}
			return o
		},
		apply: func(g *Game, fr *frame, id string) error {
			g.turn.EvHit[g.parseSpace(id, "space:")] = true
			fr.B--
			if fr.B == 0 || len(g.selected()) == 0 {
				g.turn.EvSel, g.turn.EvHit = g.turn.EvHit, [maxSpaces]bool{}
				g.pop()
			}
			return nil
		},
	})
	register("ev-pick-space", stepDef{rule: "5.1",
		prompt: func(g *Game, fr *frame) string { return "Event: in which selected space?" },
		options: func(g *Game, fr *frame) []core.Option {
			st := g.program(fr.N, fr.A)[fr.Space]
			var o []core.Option
			for _, i := range g.selected() {
				if evApplicable(g, st, i) {
					o = append(o, spaceOpt(g, i, "", "5.1"))
				}
			}
			if len(o) > 0 && st.Do == "remove-pieces" {
				o = append(o, opt("done", "Remove no more", "5.1"))
			}
			return o
		},
		apply: func(g *Game, fr *frame, id string) error {
			st := g.program(fr.N, fr.A)[fr.Space]
			if g.doneThenPop(id) {
				return nil
			}
			i := g.parseSpace(id, "space:")
			switch st.Do {
			case "remove-base", "remove-faction":
				g.pop()
				g.push(frame{Step: "ev-choose", F: fr.F, Space: i, N: fr.N, A: fr.A, B: fr.Space})
			case "remove-pieces":
				p, _ := pieceByID(st.Piece)
				g.evRemovePiece(i, p)
				g.turn.EvHit[i] = true
				if fr.B--; fr.B == 0 {
					g.pop()
				}
			}
			return nil
		},
	})
	register("ev-choose", stepDef{rule: "5.1",
		prompt: func(g *Game, fr *frame) string { return "Event: choose in " + g.space(fr.Space).Name },
		options: func(g *Game, fr *frame) []core.Option {
			st := g.program(fr.N, fr.A)[fr.B]
			i := fr.Space
			var o []core.Option
			switch st.Do {
			case "remove-base":
				for _, p := range []Piece{LeagueBase, RevBase} {
					if g.Sp[i].P[p] > 0 {
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
	switch st.Do {
	case "select":
		sub.Step, sub.B = "ev-select", st.N
		g.push(sub)
	case "add-unrest":
		for _, i := range g.selected() {
			for n := 0; n < max(st.N, 1); n++ {
				g.addUnrest(i)
			}
		}
	case "narrow":
		sub.Step, sub.B = "ev-narrow", max(st.N, 1)
		g.turn.EvHit = [maxSpaces]bool{}
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
			targets = nil
			for i := range g.Sp {
				if g.turn.EvHit[i] {
					targets = append(targets, i)
				}
			}
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
		sub.Step, sub.B = "ev-pick-space", st.N
		g.push(sub)
	case "place":
		p, _ := pieceByID(st.Piece)
		for _, i := range g.selected() {
			for n := 0; n < max(st.N, 1); n++ {
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
		k := int(p - CongAct)
		for n := 0; n < st.N && g.Jail[k] > 0; n++ {
			g.Jail[k]--
			g.Avail[p]++
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
	case "remove-pieces":
		p, _ := pieceByID(st.Piece)
		if p == GuerU {
			return g.guerrillas(i) > 0
		}
		return g.Sp[i].P[p] > 0
	}
	return false
}

func (g *Game) factionPieces(f Faction, i int) int {
	n := 0
	for p := Piece(0); p < NumPieces; p++ {
		if p.Owner() == f {
			n += g.Sp[i].P[p]
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
		for p.Owner() == f && g.Sp[i].P[p] > 0 {
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

func (g *Game) evRemovePiece(i int, p Piece) {
	if p == GuerU && g.Sp[i].P[GuerU] == 0 {
		p = GuerA
	}
	if g.Sp[i].P[p] > 0 {
		g.remove(i, p)
	}
}
