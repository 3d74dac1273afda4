package gandhi

import (
	"fmt"
	"slices"
	"strings"

	"durbar/core"
)

// Non-Player Events (8.8): which are effective, and with which column of
// the Space Selection Priorities table their spaces are chosen; and the
// Non-Player's decisions inside an Event (8.8.4, 8.8.6).
//
// Whether an Event is effective (8.8.3) is found by executing it on a
// throw-away copy of the game, with the Non-Player engine deciding every
// choice inside it, and reading the actions it produced off the board: the
// same decisions the Non-Player would make for real, so "effective" and
// "executed" can never disagree.

func init() {
	// np-sim marks the bottom of an Event simulation on the step stack; it
	// is never reached by a real game.
	register("np-sim", stepDef{rule: "8.8.3", auto: func(g *Game, fr *frame) { g.pop() }})

	npHandle("ev-select", npEvSelect)
	npHandle("ev-count", npEvCount)
	npHandle("ev-take", npEvTake)
	npHandle("ev-dest", npEvDest)
	npHandle("ev-release", npEvRelease)
	npHandle("ev-narrow", npEvNarrow)
	npHandle("ev-pick-space", npEvPickSpace)
	npHandle("ev-choose", npEvChoose)
	npHandle("x25-take-each", npEvTakeEach)
	npHandle("x25-release-count", npEvReleaseCount)
}

// ---- effective actions (8.8.3) ----

// npEffective reports whether an action word of docs/gandhi-arjuna.md is in
// faction f's Effective Events list.
func (g *Game) npEffective(f Faction, word string) bool {
	return g.npAnyEffective(f, npWordBits[word])
}

// npAnyEffective reports whether one of the words is in faction f's
// Effective Events list.
func (g *Game) npAnyEffective(f Faction, words npWords) bool {
	return words&g.arjuna.effective[f] != 0
}

// npEventEffective reports whether executing the card's Event, with the side
// faction f would choose (8.8.2), would be effective for f (8.8.3): at least
// one action of f's Effective Events list results. It works on a copy of the
// game, so neither the game nor its random streams are touched, and rolls
// the copy's dice from a stream the players could compute themselves.
func (g *Game) npEventEffective(card int, f Faction) bool {
	if g.arjuna == nil || !g.eventPlayable(card) || g.npInSim() {
		return false // inside a simulation no Event is judged again
	}
	shaded := g.npShaded(f, card)
	eff := g.arjuna.effective[f] & g.npProgramWords(card, f, shaded)
	return eff != 0 && g.npSimulateWords(card, f, shaded, eff)&eff != 0
}

// npProgramWords are the actions an Event's own steps can carry out for
// faction f: what the board shows afterwards counts only if the Event did
// it (the glossary's Effective Event: it helps that Faction or removes
// adversary VP or pieces), not a side effect such as a Muslim State that
// hands the League victory points when Congress executes it. A free
// Operation or a card's bespoke step can do anything its executor may.
func (g *Game) npProgramWords(card int, f Faction, shaded bool) npWords {
	for _, st := range g.program(card, sideIndex(shaded)) {
		if _, bespoke := evExtra[st.Do]; bespoke || st.Do == "free-op" {
			return ^npWords(0)
		}
	}
	return g.npTextWords(card, f, shaded)
}

// npTextWords names the actions an Event text's steps can carry out for
// faction f (npStepWords over its program).
func (g *Game) npTextWords(card int, f Faction, shaded bool) npWords {
	var w npWords
	for _, st := range g.program(card, sideIndex(shaded)) {
		w |= npStepWords(f, st)
	}
	return w
}

// npInSim: the game is an Event simulation's copy.
func (g *Game) npInSim() bool {
	return slices.ContainsFunc(g.stack, func(fr frame) bool { return fr.Step == "np-sim" })
}

// npSimLimit bounds the decisions of one simulated Event.
const npSimLimit = 400

// npSimulateEvent executes the Event on a copy with every faction run by the
// Non-Player engine and returns the action words it produced.
func (g *Game) npSimulateEvent(card int, f Faction, shaded bool) map[string]bool {
	return g.npSimulateWords(card, f, shaded, 0).set()
}

// npSimulateWords is npSimulateEvent's look-ahead. It stops as soon as it
// has produced one of the words in stop (the answer of npEventEffective is
// then known), returning what it has found so far.
func (g *Game) npSimulateWords(card int, f Faction, shaded bool, stop npWords) npWords {
	s := g.save() // played on g itself, then undone (as on a copy)
	defer func() { g.restore(s); s.release() }()
	c := g
	for h := range c.np.On {
		c.np.On[h] = true
	}
	// The look-ahead must not read the future, which no player may see: its
	// dice come from streams seeded by what everyone knows (the draw counts,
	// the card, the faction), not from the game's own (TestUndoBarrier…).
	pub := g.rng.Draws*0x9e3779b97f4a7c15 ^ g.np.rng.Draws<<24 ^ uint64(card)<<8 ^ uint64(f)
	c.rng, c.np.rng = core.NewRNG(pub), core.NewRNG(^pub)
	c.dice = nil // nor the rolls a position fixed
	c.np.Plan = npPlan{F: f, Mode: "event", Card: -1, Attempt: -1, Budget: -1, Shaded: shaded}
	c.np.Plan.Column = c.npEventColumn(card, f, shaded)
	c.turn = turn{F: f, Dest: -1, Origin: -1, Event: true}
	before := s.g.Board // the board before the Event: the snapshot's copy
	before.Sp = s.sp
	base := len(c.stack)
	c.push(frame{Step: "np-sim"})
	c.push(frame{Step: "event", F: f, N: card, A: sideIndex(shaded)})
	var words npWords
	decisions := 0
	for guard := 0; guard < 100000 && !c.Over && len(c.stack) > base+1; guard++ {
		fr := c.top()
		def := stepOf(fr)
		if def == nil {
			break
		}
		if def.auto != nil {
			def.auto(c, fr)
			continue
		}
		opts := c.listStep(def, fr) // committed in the arena (optBuf)
		if len(opts) == 0 {
			c.pop()
			continue
		}
		if decisions++; decisions > npSimLimit {
			break
		}
		d := c.decisionWith(opts)
		id, _ := c.npDecide(d)
		if fr.Step == "op" && c.turn.Free && c.turn.Op == "attack" && strings.HasPrefix(id, "space:") {
			if words |= npwAttack; words&stop != 0 {
				return words
			}
		}
		if err := def.apply(c, fr, id); err != nil {
			break
		}
	}
	return words | c.npBoardWords(f, &before)
}

// npSimCopy is a copy whose appends never reach g's slices.
func (g *Game) npSimCopy() *Game {
	c := *g
	c.Board = g.Board.clone()
	c.stack = append([]frame(nil), g.stack...)
	c.LogText = g.LogText[:len(g.LogText):len(g.LogText)]
	c.Draw = g.Draw[:len(g.Draw):len(g.Draw)]
	c.Played = g.Played[:len(g.Played):len(g.Played)]
	c.Result = g.Result[:len(g.Result):len(g.Result)]
	return &c
}

// npKinds groups pieces as the Effective Events table speaks of them.
var npKinds = []struct {
	pieces []Piece
	owner  Faction
	cubes  bool
}{
	{[]Piece{Troop, Sepoy}, Raj, true},
	{[]Piece{CongAct}, Congress, false},
	{[]Piece{LeagueAct}, League, false},
	{[]Piece{GuerU, GuerA}, Rev, false},
	{[]Piece{LeagueBase}, League, false},
	{[]Piece{RevBase}, Rev, false},
}

// npBoardWords reads the actions an Event produced, from faction f's point
// of view, by comparing the board with the board before it. Resources never
// count (8.8.3).
func (g *Game) npBoardWords(f Faction, b *Board) npWords {
	var w npWords
	count := func(s *SpaceState, ps []Piece) int {
		n := 0
		for _, p := range ps {
			n += int(s.P[p])
		}
		return n
	}
	// converted: the owner of these pieces turned them into its own Base
	// there (a Rally placing a Base, 3.3.1, 3.4.1): not a removal.
	converted := func(i int, ps []Piece) bool {
		base := Piece(0)
		switch ps[0] {
		case LeagueAct:
			base = LeagueBase
		case GuerU:
			base = RevBase
		}
		return base != 0 && int(g.Sp[i].P[base]) > int(b.Sp[i].P[base])
	}
	for _, k := range npKinds {
		net, inc, dec := 0, 0, 0
		for i := range g.Sp {
			d := count(&g.Sp[i], k.pieces) - count(&b.Sp[i], k.pieces)
			if d < 0 && converted(i, k.pieces) {
				d = 0
			}
			net += d
			if d > 0 {
				inc += d
			} else {
				dec -= d
			}
			if d < 0 && k.owner != f {
				// Another faction's pieces came in where these left: replaced.
				for _, o := range npKinds {
					if o.owner != k.owner && count(&g.Sp[i], o.pieces) > count(&b.Sp[i], o.pieces) {
						w |= npwReplaceAdversary
					}
				}
			}
		}
		switch {
		case net < 0 && k.owner != f:
			w |= npwRemoveAdversary
		case net > 0 && k.cubes:
			w |= npwPlaceCubes
		case net > 0 && k.pieces[0] == GuerU:
			w |= npwPlaceGuerrillas
		case net > 0 && k.owner == f && (k.pieces[0] == CongAct || k.pieces[0] == LeagueAct):
			w |= npwPlaceActivists
		case net > 0 && k.owner == f:
			w |= npwPlaceBase
		}
		if k.cubes && min(inc, dec) > 0 {
			w |= npwMoveCubes
		}
		oop := 0
		for _, p := range k.pieces {
			oop += g.OOP[p] - b.OOP[p]
		}
		if oop > 0 && k.owner != f {
			w |= npwMoveOutOfPlay
		}
	}
	for i := range g.Sp {
		s, o := &g.Sp[i], &b.Sp[i]
		da, du := int(s.P[GuerA])-int(o.P[GuerA]), int(s.P[GuerU])-int(o.P[GuerU])
		if da > 0 && du < 0 {
			w |= npwActivateGuerrillas
		}
		if da < 0 && du > 0 {
			w |= npwFlipUnderground
		}
		unrest := func(x *SpaceState) int {
			if x.Strike {
				return int(x.Unrest) + 1
			}
			return int(x.Unrest)
		}
		if unrest(s) > unrest(o) {
			w |= npwAddUnrest
		}
		if unrest(s) < unrest(o) {
			w |= npwRemoveUnrest
		}
		if s.Protest && !o.Protest {
			w |= npwPlaceProtest
		}
		if int(s.Support) > int(o.Support) {
			w |= npwShiftTowardSupport
		}
		// Opposition counts for the League in Muslim spaces only (7.2:
		// Total Muslim Opposition); elsewhere it is Congress's gain.
		if int(s.Support) < int(o.Support) && (f != League || g.m.muslim[i]) {
			w |= npwShiftTowardOpposition
		}
		if s.MuslimState && !o.MuslimState {
			w |= npwPlaceMuslimState
		}
		if !s.MuslimState && o.MuslimState {
			w |= npwRemoveMuslimState
		}
	}
	for k := range g.Jail {
		if g.Jail[k] > b.Jail[k] && (CongAct+Piece(k)).Owner() != f {
			w |= npwArrest
		}
		// Releasing Activists is effective for the faction whose Activists
		// go free (8.8.3: Congress and Muslim League release their own).
		if g.Jail[k] < b.Jail[k] && (CongAct+Piece(k)).Owner() == f {
			w |= npwReleaseActivists
		}
	}
	if own := ownActivist(f); (f == Congress || f == League) && g.OOP[own] < b.OOP[own] {
		w |= npwActivistsFromOutOfPlay
	}
	switch {
	case b.Gandhi == GandhiInJail && g.Gandhi >= 0:
		w |= npwReleaseGandhi
	case b.Gandhi >= 0 && g.Gandhi == GandhiInJail && f != Congress:
		w |= npwArrest
		w |= npwRemoveAdversary
	case b.Gandhi >= 0 && g.Gandhi >= 0 && b.Gandhi != g.Gandhi:
		w |= npwMoveGandhi
	}
	return w
}

// ---- the Event's column (8.8.5) ----

// npStepWords names the actions an Event step can carry out, from faction
// f's point of view, whatever the board.
func npStepWords(f Faction, st EvStep) npWords {
	var w npWords
	pieces := st.stepPieces()
	adversary := func() bool {
		return slices.ContainsFunc(pieces, func(p Piece) bool { return p.Owner() != f })
	}
	switch st.Do {
	case "remove-pieces", "x25-remove-each":
		if adversary() {
			w |= npwRemoveAdversary
			if st.Arrest {
				w |= npwArrest
			}
		}
	case "replace":
		if adversary() {
			w |= npwReplaceAdversary
		}
	case "move-pieces":
		if adversary() && slices.ContainsFunc(pieces, func(p Piece) bool { return p == Troop || p == Sepoy }) {
			w |= npwMoveCubes
		}
	case "remove-base":
		w |= npwRemoveAdversary
	case "remove-faction":
		w |= npwRemoveAdversary | npwArrest
	case "arrest-gandhi":
		w |= npwArrest
	case "add-unrest":
		w |= npwAddUnrest
	case "remove-unrest", "remove-strike":
		w |= npwRemoveUnrest
	case "shift", "set":
		if st.Level >= 0 {
			w |= npwShiftTowardSupport
		}
		if st.Level <= 0 {
			w |= npwShiftTowardOpposition
		}
	case "place":
		w |= npPlaceWords(f, pieces)
	case "protest":
		w |= npwPlaceProtest
	case "muslim-state":
		w |= npwPlaceMuslimState
	case "remove-muslim-state":
		w |= npwRemoveMuslimState
	case "move-gandhi":
		w |= npwMoveGandhi
	case "release-gandhi":
		w |= npwReleaseGandhi
	case "release", "x25-release-place":
		// Only the faction's own Activists (8.8.3).
		if slices.ContainsFunc(pieces, func(p Piece) bool { return p.Owner() == f }) {
			w |= npwReleaseActivists
		}
		if st.Do == "x25-release-place" {
			w |= npPlaceWords(f, pieces)
		}
	case "release-any":
		if f == Congress || f == League {
			w |= npwReleaseActivists
		}
	case "free-op":
		w |= npFreeOpWords[st.Op]
	}
	return w
}

// npPlaceWords: placing cubes, Guerrillas, or the faction's own Activists
// or Bases.
func npPlaceWords(f Faction, ps []Piece) npWords {
	var w npWords
	for _, p := range ps {
		switch {
		case p == Troop || p == Sepoy:
			w |= npwPlaceCubes
		case p == GuerU || p == GuerA:
			w |= npwPlaceGuerrillas
		case p.Owner() != f:
		case p == CongAct || p == LeagueAct:
			w |= npwPlaceActivists
		default:
			w |= npwPlaceBase
		}
	}
	return w
}

// npFreeOpWords: the actions of an Operation an Event grants.
var npFreeOpWords = map[string]npWords{
	"deploy": npwPlaceCubes, "sweep": npwActivateGuerrillas, "assault": npwRemoveAdversary,
	"congress-rally": npwPlaceActivists, "league-rally": npwPlaceActivists,
	"congress-demonstrate": npwPlaceProtest, "league-demonstrate": npwPlaceProtest,
	"congress-civil-disobedience": npwPlaceProtest, "league-civil-disobedience": npwPlaceProtest,
	"congress-non-cooperation": npwShiftTowardOpposition, "league-non-cooperation": npwShiftTowardOpposition,
	"rev-rally": npwPlaceGuerrillas, "attack": npwAttack, "unrest": npwAddUnrest,
}

// npColumnOrder is the left-to-right order of faction f's Space Selection
// columns as 8.8.5 reads it, used only to find "the leftmost column" of an
// Event's effective actions (nothing else depends on the order).
//
// arjuna.json lists each table's columns in the order 8.4.1 names them,
// which for NP Raj is Place Cubes, Sweep, Remove or Replace, Shift to
// Support. But 8.8.5's own worked example (card 44, the same in the English,
// Spanish and Italian rulebooks) has NP Raj choose Shift to Support on the
// ground that it lies left of Remove or Replace. The example is the only
// statement of how those two columns sit on the aid, so for Events NP Raj's
// Shift to Support column is read just left of Remove or Replace; the other
// factions' orders are as listed.
func (g *Game) npColumnOrder(f Faction) []string { return g.arjuna.eventColumns[f] }

// columnOrder computes npColumnOrder's list when the data is loaded.
func (a *Arjuna) columnOrder(f Faction) []string {
	var out []string
	if t := a.SelectionTable(f); t != nil {
		for _, c := range t.Columns {
			out = append(out, c.ID)
		}
	}
	if f == Raj {
		r, s := slices.Index(out, "remove-or-replace"), slices.Index(out, "shift-to-support")
		if r >= 0 && s > r {
			out = slices.Delete(out, s, s+1)
			out = slices.Insert(out, r, "shift-to-support")
		}
	}
	return out
}

// npEventColumn is the column faction f uses to select spaces for the
// Event's text (8.8.5): among the Event's actions effective for f, the one
// whose column is leftmost; Remove or Replace if none is.
func (g *Game) npEventColumn(card int, f Faction, shaded bool) string {
	if g.arjuna == nil {
		return npDefaultColumn(f)
	}
	if c := g.npLeftmostColumn(f, g.npTextWords(card, f, shaded)); c != "" {
		return c
	}
	return npDefaultColumn(f)
}

// npLeftmostColumn is the leftmost column (8.8.5, npColumnOrder) of the
// actions among words that are effective for faction f; "" if none is.
func (g *Game) npLeftmostColumn(f Faction, words npWords) string {
	t := g.arjuna.EffectiveTable(f)
	if t == nil || !g.npAnyEffective(f, words) {
		return ""
	}
	for _, c := range g.npColumnOrder(f) {
		for _, a := range t.Effective {
			if a.Column == c && words.has(a.Action) {
				return c
			}
		}
	}
	return ""
}

// ---- decisions inside an Event (8.8.4–8.8.6) ----

// npEvFrame is the Event being executed (its executor, card and side).
func (g *Game) npEvFrame() *frame {
	for k := len(g.stack) - 1; k >= 0; k-- {
		if g.stack[k].Step == "event" {
			return &g.stack[k]
		}
	}
	return nil
}

// npEvColumn is the column faction f selects spaces with inside the Event
// (card, side) (8.8.5). The executor uses the Event's column, found afresh
// from the card (never from the engine's memory, which may be another turn's
// or another faction's). A faction acting in another's Event — a free
// Operation it is granted, or a choice the text gives it ("Congress may…") —
// uses its own table with the column of the actions it carries out itself;
// failing those, the Event's column for it.
func (g *Game) npEvColumn(f Faction, card, side int) string {
	if ev := g.npEvFrame(); ev != nil && ev.F != f {
		if c := g.npOwnStepsColumn(card, side, f); c != "" {
			return c
		}
	}
	return g.npEventColumn(card, f, side == 1)
}

// npOwnStepsColumn is the leftmost column of the effective actions of the
// Event steps faction f carries out for another executor: its free
// Operations and the steps the text lets it choose ("by"); "" if none.
func (g *Game) npOwnStepsColumn(card, side int, f Faction) string {
	var words npWords
	for _, st := range g.program(card, side) {
		by, _ := ParseFaction(st.By)
		op, _ := ParseFaction(st.Faction)
		if !(st.By != "" && by == f || st.Do == "free-op" && op == f) {
			continue
		}
		words |= npStepWords(f, st)
	}
	return g.npLeftmostColumn(f, words)
}

// npFreeOpColumn is the column faction f selects the spaces of a free
// Operation with: inside an Event, the Event's column for f (npEvColumn);
// otherwise its default.
func (g *Game) npFreeOpColumn(f Faction) string {
	if ev := g.npEvFrame(); ev != nil {
		return g.npEvColumn(f, ev.N, ev.A)
	}
	return npDefaultColumn(f)
}

// npEvStep is the program step a frame refers to.
func (g *Game) npEvStep(card, side, k int) (EvStep, []EvStep, bool) {
	prog := g.program(card, side)
	if k < 0 || k >= len(prog) {
		return EvStep{}, prog, false
	}
	return prog[k], prog, true
}

// npSpaceWords names the actions step st would carry out in space i now,
// from faction f's point of view. hit: an earlier step may take pieces there.
func (g *Game) npSpaceWords(f Faction, st EvStep, i int, hit bool) npWords {
	s := &g.Sp[i]
	var w npWords
	adversaryHere := func() bool {
		return slices.ContainsFunc(st.stepPieces(), func(p Piece) bool { return p.Owner() != f && int(s.P[p]) > 0 })
	}
	switch st.Do {
	case "remove-pieces", "x25-remove-each", "replace", "move-pieces":
		if adversaryHere() {
			w = npStepWords(f, st)
		}
	case "remove-base":
		if int(s.P[LeagueBase]) > 0 && f != League || int(s.P[RevBase]) > 0 && f != Rev {
			w |= npwRemoveAdversary
		}
	case "remove-faction":
		for h := Faction(0); h < NumFactions; h++ {
			if h != f && g.factionPieces(h, i) > 0 {
				w |= npwRemoveAdversary | npwArrest
			}
		}
	case "add-unrest":
		if g.unrestAvailable() && !(g.isRailway(i) && s.Strike) {
			w |= npwAddUnrest
		}
	case "remove-unrest":
		if int(s.Unrest) > 0 {
			w |= npwRemoveUnrest
		}
	case "remove-strike":
		if s.Strike {
			w |= npwRemoveUnrest
		}
	case "shift", "set":
		if g.isRailway(i) || st.Hit && !hit {
			break
		}
		if int(s.Support) < st.Level {
			w |= npwShiftTowardSupport
		}
		if int(s.Support) > st.Level {
			w |= npwShiftTowardOpposition
		}
	case "place":
		if st.Hit && !hit {
			break
		}
		for _, p := range st.stepPieces() {
			if g.Avail[pool(p)] == 0 || p == Troop && g.isState(i) || (p == LeagueBase || p == RevBase) && !g.baseRoom(i) {
				continue
			}
			w |= npPlaceWords(f, []Piece{p})
		}
	case "protest":
		if !s.Protest && g.protestBoxAny() >= 0 {
			w |= npwPlaceProtest
		}
	case "muslim-state":
		if g.isProvince(i) && g.muslimStatesOnMap() < MuslimStatePool {
			w |= npwPlaceMuslimState
		}
	case "remove-muslim-state":
		if s.MuslimState {
			w |= npwRemoveMuslimState
		}
	case "move-gandhi":
		switch {
		case g.Gandhi == GandhiInJail:
			w |= npwReleaseGandhi | npwMoveGandhi
		case g.Gandhi != i && !st.IfJailed:
			w |= npwMoveGandhi
		}
	case "x25-release-place":
		if p := st.stepPieces(); len(p) > 0 && (p[0] == CongAct || p[0] == LeagueAct) && g.Jail[p[0]-CongAct] > 0 {
			w = npStepWords(f, st)
		}
	}
	return w
}

// npEvUseful: selecting space i lets a later step of the program (from step
// k on, until the selection is cleared or replaced) carry out an action
// effective for faction f (8.8.4).
func (g *Game) npEvUseful(f Faction, prog []EvStep, k, i int) bool {
	hit := false
	for ; k < len(prog); k++ {
		st := prog[k]
		switch st.Do {
		case "clear", "free-op", "x49-adjacent":
			return false
		case "remove-pieces", "x25-remove-each", "replace", "move-pieces":
			if slices.ContainsFunc(st.stepPieces(), func(p Piece) bool { return int(g.Sp[i].P[p]) > 0 }) {
				hit = true
			}
		}
		if g.npAnyEffective(f, g.npSpaceWords(f, st, i, hit)) {
			return true
		}
	}
	return false
}

// npEvSelect selects the Event's spaces one at a time with the Event's
// column (8.4.1), only where the text that follows is effective (8.8.4);
// spaces the text requires are still selected.
func npEvSelect(g *Game, fr *frame, d core.Decision) (string, string) {
	_, prog, ok := g.npEvStep(fr.N, fr.A, fr.Space)
	if !ok {
		return "", ""
	}
	cands := g.spaceOptions(d, "space:")
	col := g.npEvColumn(fr.F, fr.N, fr.A)
	useful := g.filter(cands, func(i int) bool { return g.npEvUseful(fr.F, prog, fr.Space+1, i) })
	switch {
	case len(useful) > 0:
		i, why := g.npSelect(fr.F, col, useful)
		return g.m.spaceID("space:", i), "Event (8.8.4): " + why
	case has(d, "done"):
		return "done", "Event: no further space where the text is effective (8.8.4)"
	case len(cands) > 0:
		i, why := g.npSelect(fr.F, col, cands)
		return g.m.spaceID("space:", i), "Event, a required space (8.8.4): " + why
	}
	return "", ""
}

// npEvCount places as many pieces as allowed when placing them is effective
// for the chooser, otherwise as few (8.8.4).
func npEvCount(g *Game, fr *frame, d core.Decision) (string, string) {
	st, _, ok := g.npEvStep(fr.N, fr.A, fr.B)
	if !ok {
		return "", ""
	}
	most, fewest := "", ""
	for _, o := range d.Options {
		if !strings.HasPrefix(o.ID, "count:") {
			continue
		}
		if fewest == "" || parseCount(o.ID) < parseCount(fewest) {
			fewest = o.ID
		}
		if most == "" || parseCount(o.ID) > parseCount(most) {
			most = o.ID
		}
	}
	if g.npAnyEffective(fr.F, npPlaceWords(fr.F, st.stepPieces())) {
		return most, g.npWhy(func() string { return fmt.Sprintf("Event: place as many as possible, %d (8.8.4)", parseCount(most)) })
	}
	return fewest, "Event: placing these is not effective (8.8.4)"
}

// npTakeKind names the piece of a "take:piece:space" option for the
// Adversary Priorities.
func (g *Game) npTakeKind(id string) string {
	p, _ := g.parsePieceSpace(id, "take:")
	return npTargetKind(p)
}

// npEvTake takes pieces for an Event by Adversary Priorities (8.5), never
// the chooser's own, and only while taking them is effective (8.8.4).
func npEvTake(g *Game, fr *frame, d core.Decision) (string, string) {
	st, _, ok := g.npEvStep(fr.N, fr.A, fr.B)
	if !ok {
		return "", ""
	}
	var takes []string
	for _, o := range d.Options {
		if strings.HasPrefix(o.ID, "take:") {
			takes = append(takes, o.ID)
		}
	}
	if !g.npAnyEffective(fr.F, npStepWords(fr.F, st)) {
		takes = nil // nothing this step takes is effective for the chooser
	}
	spread := ""
	if _, prog, _ := g.npEvStep(fr.N, fr.A, fr.B); g.npHitLater(fr.F, prog, fr.B) {
		// A later step acts in each space pieces were taken from: take
		// from a new space while one is offered (8.8.4: as much of the
		// text as can be carried out).
		fresh := slices.DeleteFunc(slices.Clone(takes), func(id string) bool {
			_, i := g.parsePieceSpace(id, "take:")
			return g.turn.EvTaken[i] > 0
		})
		if len(fresh) > 0 && len(fresh) < len(takes) {
			takes, spread = fresh, "; a space not yet taken from, where the text goes on (8.8.4)"
		}
	}
	if id, why := g.npPickTake(fr, takes); id != "" {
		return id, why + spread
	}
	if has(d, "done") {
		return "done", "Event: nothing more to take that is effective (8.8.4)"
	}
	all := g.optionIDs(d, "take:")
	if id, why := g.npPickTake(fr, all); id != "" {
		return id, "required: " + why
	}
	if len(all) > 0 {
		return all[0], "Event: the text requires it"
	}
	return "", ""
}

// npHitLater: a step after step k acts in the spaces pieces were taken
// from (a step marked hit, or any after x25-hit-only) with an action
// effective for faction f, so each further space taken from carries out
// more of the text.
func (g *Game) npHitLater(f Faction, prog []EvStep, k int) bool {
	hitOnly := false
	for _, st := range prog[min(k+1, len(prog)):] {
		switch st.Do {
		case "clear", "narrow", "select":
			return false
		case "x25-hit-only":
			hitOnly = true
			continue
		}
		if (st.Hit || hitOnly) && g.npAnyEffective(f, npStepWords(f, st)) {
			return true
		}
	}
	return false
}

func (g *Game) optionIDs(d core.Decision, prefix string) []string {
	var out []string
	for _, o := range d.Options {
		if strings.HasPrefix(o.ID, prefix) {
			out = append(out, o.ID)
		}
	}
	return out
}

// npPickTake: the take option first in the Adversary Priorities (8.5); among
// equal pieces in several spaces, the space by the Event's column.
func (g *Game) npPickTake(fr *frame, takes []string) (string, string) {
	best := g.npBestTarget(fr.F, takes, g.npTakeKind)
	if best == "" {
		return "", ""
	}
	kind := g.npTakeKind(best)
	var spaces []int
	byspace := map[int]string{}
	for _, id := range takes {
		if g.npTakeKind(id) != kind {
			continue
		}
		_, i := g.parsePieceSpace(id, "take:")
		if _, dup := byspace[i]; !dup {
			spaces = append(spaces, i)
			byspace[i] = id
		}
	}
	why := ""
	if len(spaces) > 1 {
		var i int
		i, why = g.npSelect(fr.F, g.npEvColumn(fr.F, fr.N, fr.A), spaces)
		best, why = byspace[i], ", "+why
	}
	p, i := g.parsePieceSpace(best, "take:")
	return best, g.npWhy(func() string {
		return fmt.Sprintf("Event: Adversary Priorities (8.5): %s from %s%s", p, g.space(i).Name, why)
	})
}

// npEvDest moves a piece to the space the Event's column selects.
func npEvDest(g *Game, fr *frame, d core.Decision) (string, string) {
	cands := g.spaceOptions(d, "space:")
	if len(cands) == 0 {
		return "", ""
	}
	i, why := g.npSelect(fr.F, g.npEvColumn(fr.F, fr.N, fr.A), cands)
	return g.m.spaceID("space:", i), "Event: " + why
}

// npEvRelease releases "up to" n Activists (8.8.4): as many of the
// chooser's own as allowed when that is effective for it, and never an
// adversary's, which is not.
func npEvRelease(g *Game, fr *frame, d core.Decision) (string, string) {
	if !g.npEffective(fr.F, "release-activists") || fr.F != Congress && fr.F != League {
		return "done", "Event: releasing Activists is not effective (8.8.4)"
	}
	own := ownActivist(fr.F)
	if has(d, "release:"+own.ID()) {
		return "release:" + own.ID(), "Event: release as many of its own Activists as possible (8.8.4)"
	}
	return "done", "Event: no more of its own Activists in Jail; releasing an adversary's is not effective (8.8.4)"
}

// npEvNarrow keeps the selected space where the text that follows is
// effective, by the Event's column.
func npEvNarrow(g *Game, fr *frame, d core.Decision) (string, string) {
	_, prog, ok := g.npEvStep(fr.N, fr.A, fr.Space)
	if !ok {
		return "", ""
	}
	cands := g.spaceOptions(d, "space:")
	if len(cands) == 0 {
		return "", ""
	}
	useful := g.filter(cands, func(i int) bool { return g.npEvUseful(fr.F, prog, fr.Space+1, i) })
	if len(useful) > 0 {
		cands = useful
	}
	i, why := g.npSelect(fr.F, g.npEvColumn(fr.F, fr.N, fr.A), cands)
	return g.m.spaceID("space:", i), "Event: " + why
}

// npSpaceTargetRank is the best Adversary Priorities rank (8.5) of what
// step st could remove in space i for faction f; -1 if nothing.
func (g *Game) npSpaceTargetRank(f Faction, st EvStep, i int) int {
	best := -1
	consider := func(kind string) {
		if r := g.npTargetRank(f, kind); r >= 0 && (best < 0 || r < best) {
			best = r
		}
	}
	switch st.Do {
	case "remove-base":
		for _, p := range []Piece{LeagueBase, RevBase} {
			if int(g.Sp[i].P[p]) > 0 {
				consider(npTargetKind(p))
			}
		}
	case "remove-faction":
		for p := Piece(0); p < NumPieces; p++ {
			if int(g.Sp[i].P[p]) > 0 {
				consider(npTargetKind(p))
			}
		}
		if g.Gandhi == i {
			consider("gandhi")
		}
	}
	return best
}

// npEvPickSpace chooses the selected space to remove from: the best target
// by the Adversary Priorities (8.5), then the Event's column.
func npEvPickSpace(g *Game, fr *frame, d core.Decision) (string, string) {
	st, _, ok := g.npEvStep(fr.N, fr.A, fr.Space)
	if !ok {
		return "", ""
	}
	cands := g.spaceOptions(d, "space:")
	if len(cands) == 0 {
		return "", ""
	}
	best := -1
	for _, i := range cands {
		if r := g.npSpaceTargetRank(fr.F, st, i); r >= 0 && (best < 0 || r < best) {
			best = r
		}
	}
	if best >= 0 {
		cands = g.filter(cands, func(i int) bool { return g.npSpaceTargetRank(fr.F, st, i) == best })
	}
	i, why := g.npSelect(fr.F, g.npEvColumn(fr.F, fr.N, fr.A), cands)
	return g.m.spaceID("space:", i), "Event: the best target by the Adversary Priorities (8.5) in " + why
}

// npEvChoose names the Base or the Faction to remove by the Adversary
// Priorities (8.5), never the chooser's own unless the text leaves no other.
func npEvChoose(g *Game, fr *frame, d core.Decision) (string, string) {
	i := fr.Space
	var ids []string
	for _, o := range d.Options {
		ids = append(ids, o.ID)
	}
	// factionRank: the best-ranked piece of that faction in the space; ties
	// go to the faction with more pieces there.
	factionRank := func(h Faction) (int, int) {
		best := -1
		for p := Piece(0); p < NumPieces; p++ {
			if p.Owner() == h && int(g.Sp[i].P[p]) > 0 {
				if r := g.npTargetRank(fr.F, npTargetKind(p)); r >= 0 && (best < 0 || r < best) {
					best = r
				}
			}
		}
		if h == Congress && g.Gandhi == i {
			if r := g.npTargetRank(fr.F, "gandhi"); r >= 0 && (best < 0 || r < best) {
				best = r
			}
		}
		return best, g.factionPieces(h, i)
	}
	pick, bestR, bestN := "", -1, 0
	for _, id := range ids {
		r, n := -1, 0
		switch {
		case strings.HasPrefix(id, "piece:"):
			p, ok := pieceByID(id[len("piece:"):])
			if ok {
				r, n = g.npTargetRank(fr.F, npTargetKind(p)), 1
			}
		case strings.HasPrefix(id, "faction:"):
			if h, ok := ParseFaction(id[len("faction:"):]); ok {
				r, n = factionRank(h)
			}
		}
		if r >= 0 && (pick == "" || r < bestR || r == bestR && n > bestN) {
			pick, bestR, bestN = id, r, n
		}
	}
	if pick != "" {
		return pick, "Event: Adversary Priorities (8.5) in " + g.space(i).Name
	}
	if len(ids) > 0 {
		return ids[0], "Event: the text leaves no other choice"
	}
	return "", ""
}

// npEvTakeEach removes the pieces a space must give up, by the Adversary
// Priorities (8.5).
func npEvTakeEach(g *Game, fr *frame, d core.Decision) (string, string) {
	takes := g.optionIDs(d, "take:")
	if best := g.npBestTarget(fr.F, takes, g.npTakeKind); best != "" {
		p, i := g.parsePieceSpace(best, "take:")
		return best, g.npWhy(func() string { return fmt.Sprintf("Event: Adversary Priorities (8.5): %s from %s", p, g.space(i).Name) })
	}
	if len(takes) > 0 {
		return takes[0], "Event: the text requires it"
	}
	return "", ""
}

// npEvReleaseCount releases and places as many Activists as allowed when
// that is effective for the chooser, else none (8.8.4).
func npEvReleaseCount(g *Game, fr *frame, d core.Decision) (string, string) {
	st, _, ok := g.npEvStep(fr.N, fr.A, fr.B)
	if !ok {
		return "", ""
	}
	most := "count:0"
	for _, id := range g.optionIDs(d, "count:") {
		if parseCount(id) > parseCount(most) {
			most = id
		}
	}
	if g.npAnyEffective(fr.F, npStepWords(fr.F, st)) {
		return most, g.npWhy(func() string {
			return fmt.Sprintf("Event: release and place as many as possible, %d (8.8.4)", parseCount(most))
		})
	}
	return "count:0", "Event: releasing these is not effective (8.8.4)"
}
