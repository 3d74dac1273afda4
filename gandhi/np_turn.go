package gandhi

import (
	"fmt"
	"slices"
	"strings"

	"durbar/core"
)

// A Non-Player's turn on an Event card: NP Eligibility (8.2), the Arjuna
// flowchart (8.3), Operations with their Activation Numbers (8.6) and Special
// Activities (8.7). Each faction's procedures for the steps inside an
// Operation or Special Activity are in np_raj.go, np_nv.go and np_rev.go.

// npOpFilter narrows the spaces offered for an Operation to those the
// faction's procedure of 8.6 may select now (e.g. NP Raj Assault only where
// it removes something). Absent: every offered space.
var npOpFilter = map[string]func(g *Game, i int) bool{}

// npSAFilter narrows the spaces offered for a Special Activity action of an
// Arjuna card (e.g. Govern "remove-protests") to those where the action can be
// carried out. Absent: every offered space.
var npSAFilter = map[string]func(g *Game, i int) bool{}

// npOpPick, when set for an Operation, selects the next space itself among
// the (filtered) candidates where the faction's procedure does not simply
// read the card's column (e.g. the NP Revolutionaries' March origin, 8.4.2
// A). It returns -1 to leave the choice to the column.
var npOpPick = map[string]func(g *Game, cands []int) (int, string){}

func init() {
	npHandle("choose", npChoose)
	npHandle("op", npOp)
	npHandle("sa", npSA)
	npHandle("remove", npRemove)
	npHandle("setup-gandhi", npSetupGandhi)
}

// npSetupGandhi: a scenario has Congress place Gandhi, one Activist and one
// Protest in any space; NP Congress puts them in a 2-Pop space chosen at
// random (Main scenario's NP set-up line, p. 42): the Random Spaces map
// (8.1.2) with its two dice, the slots passing on to the next 2-Pop space
// offered. Only if none is offered does it fall back to its Move or
// Release Gandhi column (8.8.5).
func npSetupGandhi(g *Game, fr *frame, d core.Decision) (string, string) {
	cands := g.spaceOptions(d, "space:")
	if len(cands) == 0 {
		return "", ""
	}
	r, c := g.npRoll(), g.npRoll()
	if i := g.randomSpaceFrom(r-1, c-1, func(i int) bool { return g.space(i).Pop == 2 && slices.Contains(cands, i) }); i >= 0 {
		return g.m.spaceID("space:", i), fmt.Sprintf("Set-up: Gandhi, an Activist and a Protest to %s, a 2-Pop space chosen at random (Random Spaces %d-%d, 8.1.2)", g.space(i).Name, r, c)
	}
	i, why := g.npSelect(fr.F, "move-or-release-gandhi", cands)
	return g.m.spaceID("space:", i), "Set-up: Gandhi, an Activist and a Protest to " + why
}

func (g *Game) npBoxes() (*ArjunaSide, *ArjunaBox) {
	p := &g.np.Plan
	if p.Card < 0 {
		return nil, nil
	}
	c := g.arjuna.Cards[p.Card]
	side := c.Front
	if p.Back {
		side = c.Back
	}
	return side, side.Box(p.Box)
}

// npChoose decides Pass, Event or which Operation (8.2, 8.3).
func npChoose(g *Game, fr *frame, d core.Decision) (string, string) {
	f := fr.F
	g.np.Plan = npPlan{F: f, Card: -1, Attempt: -1, Budget: -1}
	p := &g.np.Plan
	eff := npEffectiveMemo{g: g}
	action, err := g.NPEligibility(g.arjuna, f, eff.effective)
	if err != nil {
		action = "op-sa"
	}
	logged := g.npLogged()
	why := ""
	if logged {
		pos := "1st"
		if !g.isFirst() {
			pos = "2nd"
		}
		why = fmt.Sprintf("%s, %s Eligible: NP Eligibility table gives %s (8.2)", f, pos, action)
	}
	switch action {
	case "pass":
		return "pass", why
	case "event":
		shaded := g.npShaded(f, g.Current)
		id := "event:unshaded"
		if shaded {
			id = "event:shaded"
		}
		if has(d, id) {
			p.Mode, p.Shaded = "event", shaded
			p.Column = g.npEventColumn(g.Current, f, shaded)
			if !logged {
				return id, ""
			}
			return id, why + "; " + strings.TrimPrefix(id, "event:") + " text (8.8.2)"
		}
		action = "op-sa"
	}
	switch {
	case action == "limited-op":
		// The table's row as 8.2 words it: after the 1st Eligible's
		// Operation only, or whenever the Current Event is not effective
		// for the Non-Player — also after the 1st Eligible's Event, which
		// 2.3.4 lets the 2nd follow with anything up to an Operation plus
		// Special Activity (docs/gandhi-rules-notes.md).
		action = "limited"
	case action == "op-sa" && !g.isFirst() && g.card.FirstDid != "event":
		action = "limited" // the rules allow no more after an Operation (2.3.4)
		if logged {
			why += "; a Limited Operation after the 1st Eligible's Operation (2.3.4)"
		}
	}
	p.Mode = action
	// Draw until a card gives an Operation that can be carried out (8.3).
	// Once every card of the faction has been read this turn without one,
	// reading them again would only repeat the same answers: the faction
	// cannot execute an Operation and Passes (reading of 8.1 "skip an
	// instruction that cannot be carried out", 2.3.3).
	var skipped []string
	for n := g.npFactionCards(f); p.Draws < n; {
		p.Draws++
		card := g.drawArjuna(f)
		if card < 0 {
			break
		}
		p.Card, p.Back = card, false
		start, op, path := g.npWalk(g.arjuna.Cards[card].Front, logged)
		if op == nil {
			if logged {
				skipped = append(skipped, path+" → draw a new card")
			}
			continue
		}
		id := npOpOptionID(op.Op)
		if !has(d, id) || !g.npOpHasSpaces(op.Op, p.Mode == "limited") {
			// No eligible space: draw a new card (8.3).
			if logged {
				skipped = append(skipped, fmt.Sprintf("%s: no space eligible for %s → draw a new card", path, ops[op.Op].title))
			}
			continue
		}
		p.Box, p.OpBox = start.ID, op.ID
		g.npStartOp(op)
		if !logged {
			return id, ""
		}
		if len(skipped) > 0 {
			why += "; " + strings.Join(skipped, "; ")
		}
		return id, fmt.Sprintf("%s; %s: %s (column %s)", why, path, ops[op.Op].title, op.Column)
	}
	if !logged {
		return "pass", ""
	}
	if len(skipped) > 0 {
		why += "; " + strings.Join(skipped, "; ")
	}
	return "pass", why + "; every Arjuna card of the faction has been read and none gives an Operation that can be carried out: Pass (2.3.3)"
}

// npOpOptionID is the option that begins Operation op.
func npOpOptionID(op string) string {
	if od := ops[op]; od != nil {
		return od.optID
	}
	return "op:" + op
}

// npEffectiveMemo answers the NP Eligibility table's "effective" questions
// (8.8.3) for one reading of the table: the rows ask about the current card
// for the same faction, so the Event look-ahead runs at most once.
type npEffectiveMemo struct {
	g          *Game
	known, eff bool
	card       int
	f          Faction
}

func (m *npEffectiveMemo) effective(card int, f Faction) bool {
	if !m.known || m.card != card || m.f != f {
		m.known, m.card, m.f = true, card, f
		m.eff = m.g.npEventEffective(card, f)
	}
	return m.eff
}

// npFactionCards counts the Arjuna cards of faction f in the deck.
func (g *Game) npFactionCards(f Faction) int {
	n := 0
	for _, k := range g.np.Deck[:g.np.NDeck] {
		if g.arjuna.Cards[k].Faction == f {
			n++
		}
	}
	return n
}

// npWalk reads a card from side s (8.3 step 3): conditions follow their
// arrows, a flip turns the card, a draw or stop ends the reading without an
// Operation. It returns the first box to execute (a Special Activity may come
// before the Operation) and the Operation box.
//
// path traces the reading for the log: the card, each condition box with
// its answer, flips, and the boxes reached ("Arjuna card B, box b1
// (underground-guerrilla-spaces-at-least 2) no, flip to card BB, box bb1
// (Special Activity first), box bb2 (assault-spaces-at-least 1) yes, box bb3").
//
// logged: the path is wanted; otherwise it is "".
func (g *Game) npWalk(s *ArjunaSide, logged bool) (start, op *ArjunaBox, path string) {
	p := &g.np.Plan
	b := s.Start()
	var trace []string
	note := func(parts ...string) {
		if logged {
			trace = append(trace, strings.Join(parts, ""))
		}
	}
	note("Arjuna card ", s.Letter)
	for guard := 0; b != nil && guard < 64; guard++ {
		switch b.Kind {
		case ArjunaCondition:
			next, ans := b.No, "no"
			if g.npCardCond(p.F, b.If) {
				next, ans = b.Yes, "yes"
			}
			if logged {
				note(fmt.Sprintf("box %s (%s) %s", b.ID, npCondText(b.If), ans))
			}
			b = s.Box(next)
		case ArjunaFlip:
			s = s.Other()
			p.Back = !p.Back
			b = s.Start()
			start = nil // only the side read on is executed
			note("flip to card ", s.Letter)
		case ArjunaSpecial:
			if start == nil {
				start = b
				note("box ", b.ID, " (Special Activity first)")
			}
			b = s.Box(b.Next)
		case ArjunaOperation:
			if start == nil {
				start = b
			}
			note("box ", b.ID)
			return start, b, strings.Join(trace, ", ")
		default: // draw, stop
			note("box ", b.ID)
			return nil, nil, strings.Join(trace, ", ")
		}
	}
	return nil, nil, strings.Join(trace, ", ")
}

// npCondText words a game-state condition of an Arjuna card for the log.
func npCondText(c *ArjunaCond) string {
	if c == nil {
		return ""
	}
	s := c.Cond
	if c.N != nil {
		s += fmt.Sprintf(" %d", *c.N)
	}
	if c.Faction != "" {
		s += " " + c.Faction
	}
	if c.Op != "" {
		s += " " + c.Op
	}
	return s
}

// npStartOp sets the Activation Number of the Operation (8.6.2).
func (g *Game) npStartOp(b *ArjunaBox) {
	p := &g.np.Plan
	p.Column = b.Column
	p.Act, p.ActFailed, p.Stopped, p.Rolls, p.SepoysUsed = 0, false, false, 0, false
	if b.Activation != nil {
		p.Act = b.Activation.N
		if b.Activation.Restraint {
			p.Act = g.Restraint
		}
	}
	if p.F == Raj {
		p.Act = g.Restraint
		for _, v := range g.arjuna.Viceroys {
			if v.Viceroy == g.viceroy().String() && v.Effect == "activation" && v.Op == b.Op {
				p.Act = v.Activation
			}
		}
	}
}

// npOpHasSpaces: the Operation has a space its NP procedure may select.
func (g *Game) npOpHasSpaces(op string, limited bool) bool {
	od := ops[op]
	saved := g.turn
	defer func() { g.turn = saved }()
	g.turn = turn{F: od.faction, Op: op, Limited: limited, Dest: -1, Origin: -1}
	keep := npOpFilter[op]
	for _, i := range g.npOpOffRailways(op, od.spaces(g)) {
		if keep == nil || keep(g, i) {
			return true
		}
	}
	return false
}

// npOpPlaces names the Operations that put forces or Strikes in the spaces
// they select (Deploy, Rally, the Demonstrate destination, Unrest's Strike);
// Sweep destinations are NP Raj's own (np_raj.go) and March selects origins.
var npOpPlaces = map[string]bool{
	"deploy": true, "congress-rally": true, "league-rally": true, "rev-rally": true,
	"congress-demonstrate": true, "league-demonstrate": true, "unrest": true,
}

// npOpOffRailways drops the Railways from the spaces of an Operation that
// would put forces or Strikes there while the Raj is a Non-Player (8.1.3).
func (g *Game) npOpOffRailways(op string, cands []int) []int {
	if !g.np.On[Raj] || !npOpPlaces[op] {
		return cands
	}
	return g.filter(cands, func(i int) bool { return !g.isRailway(i) })
}

// saAllowed: the Non-Player may still execute a Special Activity (8.3, 8.7).
func (g *Game) npSAAllowed() bool {
	p := &g.np.Plan
	// A Satyagraha the Raj refused to begin leaves NP Congress free to take
	// another Special Activity of the card (8.7.2).
	refused := g.turn.SatyagrahaRefused && g.turn.SA == ""
	return p.Mode == "op-sa" && (!p.SAUsed || refused) && g.turn.SAAllowed && !g.turn.SADone && !g.turn.Limited
}

// npOp drives the generic Operation step: Special Activities in the card's
// order, spaces by the card's column, Activation rolls between spaces.
func npOp(g *Game, fr *frame, d core.Decision) (string, string) {
	p := &g.np.Plan
	t := &g.turn
	if t.Free {
		return g.npFreeOp(d)
	}
	side, b := g.npBoxes()
	if b == nil {
		return "", "no Arjuna card in use"
	}
	g.npActivationRoll()
	logged := g.npLogged()
	var notes []string // boxes passed over, for the log
	with := func(id, why string) (string, string) {
		if !logged {
			return id, ""
		}
		if len(notes) > 0 && why != "" {
			why = strings.Join(notes, "; ") + "; " + why
		}
		return id, why
	}
	for guard := 0; guard < 16 && b != nil; guard++ {
		switch b.Kind {
		case ArjunaSpecial:
			if g.npSAAllowed() {
				if id, why := g.npStartSA(b, d); id != "" {
					if !logged {
						return id, ""
					}
					return with(id, fmt.Sprintf("Arjuna card %s, box %s: %s", side.Letter, b.ID, why))
				}
			}
			if !t.SADone && logged {
				notes = append(notes, fmt.Sprintf("Arjuna card %s, box %s: %s", side.Letter, b.ID, g.npSASkipped()))
			}
			p.Box, b = b.Next, side.Box(b.Next)
			continue
		case ArjunaOperation:
			if b.Op == t.Op && !t.OpDone {
				return with(g.npOpSpace(side, b, d))
			}
			if b.Op == t.Op {
				p.Box, b = b.Next, side.Box(b.Next)
				continue
			}
		case ArjunaCondition:
			if !t.OpDone && p.OpBox != "" {
				// The reading of the card (npChoose) already followed
				// this box to the Operation: the faction committed to
				// it when choosing, before the Special Activity placed
				// ahead of it (reading of 8.3).
				p.Box, b = p.OpBox, side.Box(p.OpBox)
				continue
			}
			next, ans := b.No, "no"
			if g.npCardCond(p.F, b.If) {
				next, ans = b.Yes, "yes"
			}
			if logged {
				notes = append(notes, fmt.Sprintf("Arjuna card %s, box %s (%s) %s", side.Letter, b.ID, npCondText(b.If), ans))
			}
			p.Box, b = next, side.Box(next)
			continue
		case ArjunaFlip:
			if t.OpDone {
				side = side.Other()
				p.Back = !p.Back
				b = side.Start()
				p.Box = b.ID
				if logged {
					notes = append(notes, "flip to card "+side.Letter)
				}
				continue
			}
		}
		break
	}
	if !t.OpDone {
		if ob := side.Box(p.OpBox); ob != nil && ob.Kind == ArjunaOperation && ob.Op == t.Op {
			p.Box = ob.ID
			return with(g.npOpSpace(side, ob, d))
		}
		if !logged {
			return "done", ""
		}
		return with("done", fmt.Sprintf("Arjuna card %s: the Operation is over", side.Letter))
	}
	if !logged {
		return "end", ""
	}
	return with("end", fmt.Sprintf("Arjuna card %s, box %s: stop", side.Letter, p.Box))
}

// npSASkipped says why a Special Activity box is passed over.
func (g *Game) npSASkipped() string {
	p := &g.np.Plan
	switch {
	case p.Mode == "op-only":
		return "no Special Activity with an Operation only (2.3.4, 8.3)"
	case p.Mode == "limited" || g.turn.Limited:
		return "no Special Activity with a Limited Operation (2.3.5, 8.7)"
	case !g.turn.SAAllowed:
		return "no Special Activity allowed on this card (2.3.4)"
	case p.SAUsed:
		return "a Special Activity has already been executed (8.6)"
	}
	return "no Special Activity of the box can be carried out (8.7)"
}

// npActivationRoll rolls against the Activation Number after a space (8.6.2):
// NP Raj after each space where Sepoys operated, NP Revolutionaries after
// every space.
func (g *Game) npActivationRoll() {
	p := &g.np.Plan
	t := &g.turn
	switch {
	case p.F == Raj && p.SepoysUsed && !p.ActFailed:
		p.SepoysUsed = false
		r := g.npRoll()
		if r <= p.Act {
			p.ActFailed = true
			if g.npLogged() {
				g.logf("  [Arjuna] %s: Activation roll %d ≤ %d: Troops only from now on (8.6.2).", g.npBoxName(), r, p.Act)
			}
		} else if g.npLogged() {
			g.logf("  [Arjuna] %s: Activation roll %d > %d: Sepoys may keep operating (8.6.2).", g.npBoxName(), r, p.Act)
		}
	case p.F == Rev && p.Act > 0 && t.NOpSpaces > p.Rolls && !p.Stopped:
		p.Rolls = t.NOpSpaces
		r := g.npRoll()
		if r <= p.Act {
			p.Stopped = true
			if g.npLogged() {
				g.logf("  [Arjuna] %s: Activation roll %d ≤ %d: the Operation is over (8.6.2).", g.npBoxName(), r, p.Act)
			}
		} else if g.npLogged() {
			g.logf("  [Arjuna] %s: Activation roll %d > %d: the Operation goes on (8.6.2).", g.npBoxName(), r, p.Act)
		}
	}
}

// npBoxName names the Arjuna card and box in use.
func (g *Game) npBoxName() string {
	side, _ := g.npBoxes()
	if side == nil {
		return "Arjuna"
	}
	return fmt.Sprintf("Arjuna card %s, box %s", side.Letter, g.np.Plan.Box)
}

// npOpSpace selects the next space of the Operation, or finishes it.
func (g *Game) npOpSpace(side *ArjunaSide, b *ArjunaBox, d core.Decision) (string, string) {
	p := &g.np.Plan
	t := &g.turn
	logged := g.npLogged()
	finish := func(why string) (string, string) {
		p.Box = b.Next
		if !logged {
			why = ""
		}
		if has(d, "done") {
			if !logged {
				return "done", ""
			}
			return "done", fmt.Sprintf("Arjuna card %s, box %s: %s", side.Letter, b.ID, why)
		}
		return "", why
	}
	// reason words the selection of space i for the log.
	reason := func(i int, why string) (string, string) {
		if !logged {
			return g.m.spaceID("space:", i), ""
		}
		return g.m.spaceID("space:", i), fmt.Sprintf("Arjuna card %s, box %s: %s in %s", side.Letter, b.ID, ops[t.Op].title, why)
	}
	switch {
	case p.Stopped:
		return finish("the Activation roll ended the Operation")
	case (t.Limited || p.Mode == "limited") && t.NOpSpaces >= 1 && !ops[t.Op].repeat:
		return finish("a Limited Operation uses one space (2.3.5)")
	case b.MaxSpaces > 0 && t.NOpSpaces >= b.MaxSpaces:
		if !logged {
			return finish("")
		}
		return finish(fmt.Sprintf("at most %d %s", b.MaxSpaces, noun(b.MaxSpaces, "space")))
	}
	offered := g.spaceOptions(d, "space:")
	cands := g.npOpOffRailways(t.Op, offered)
	if keep := npOpFilter[t.Op]; keep != nil {
		cands = g.filter(cands, func(i int) bool { return keep(g, i) })
	}
	if len(cands) == 0 && t.NOpSpaces == 0 && !has(d, "done") && len(offered) > 0 {
		// Only after a Special Activity placed ahead of the Operation
		// (card BB): it left no space the procedure would select. 8.6
		// would draw a new card, but the faction has committed to this
		// Operation and the rules ask for one space: take it by the
		// card's column among the spaces the rules allow (reading).
		i, why := g.npSelect(p.F, b.Column, offered)
		if !logged {
			return g.m.spaceID("space:", i), ""
		}
		return g.m.spaceID("space:", i), fmt.Sprintf("Arjuna card %s, box %s: no space left that the procedure of 8.6 selects after the Special Activity; one space as the rules require: %s in %s", side.Letter, b.ID, ops[t.Op].title, why)
	}
	if len(cands) == 0 {
		return finish("no more eligible spaces")
	}
	if pick := npOpPick[t.Op]; pick != nil {
		if i, why := pick(g, cands); i >= 0 {
			return reason(i, why)
		}
	}
	return reason(g.npSelect(p.F, b.Column, cands))
}

// npFreeOp executes an Event's free Operation with the column the Event uses.
func (g *Game) npFreeOp(d core.Decision) (string, string) {
	t := &g.turn
	if t.OpDone {
		return "end", "the Event's free " + ops[t.Op].title + " is complete"
	}
	// The column for this faction in this Event (8.8.5, np_events.go), never
	// one left in the plan by another turn or faction (kept in the plan for
	// any faction procedure that reads it).
	g.np.Plan.Column = g.npFreeOpColumn(t.F)
	cands := g.npOpOffRailways(t.Op, g.spaceOptions(d, "space:"))
	if keep := npOpFilter[t.Op]; keep != nil {
		cands = g.filter(cands, func(i int) bool { return keep(g, i) })
	}
	if len(cands) == 0 {
		if has(d, "done") {
			return "done", "the free Operation has no more eligible spaces"
		}
		return "decline", "the free Operation has no eligible space"
	}
	if pick := npOpPick[t.Op]; pick != nil {
		if i, why := pick(g, cands); i >= 0 {
			if !g.npLogged() {
				return g.m.spaceID("space:", i), ""
			}
			return g.m.spaceID("space:", i), "free " + ops[t.Op].title + " in " + why
		}
	}
	i, why := g.npSelect(t.F, g.np.Plan.Column, cands)
	if !g.npLogged() {
		return g.m.spaceID("space:", i), ""
	}
	return g.m.spaceID("space:", i), "free " + ops[t.Op].title + " in " + why
}

func npDefaultColumn(f Faction) string {
	return map[Faction]string{Raj: "remove-or-replace", Congress: "remove-or-replace", League: "remove-or-replace", Rev: "remove-or-replace"}[f]
}

// npStartSA picks the first Special Activity of the box that can be carried
// out (8.7) and returns its option.
func (g *Game) npStartSA(b *ArjunaBox, d core.Decision) (string, string) {
	p := &g.np.Plan
	for k, a := range b.Attempts {
		id := npSAOptionID(a.SA)
		if !has(d, id) {
			continue
		}
		if first := g.npSAFirstStep(a); first >= 0 {
			p.Attempt, p.SAStep, p.SAUsed = k, first, true
			p.SAAct = a.Steps[first].Action
			if !g.npLogged() {
				return id, ""
			}
			return id, sas[a.SA].title + " (" + a.Steps[first].Action + ")"
		}
	}
	return "", ""
}

// npSAFirstStep is the first action of an attempt that can be carried out now.
func (g *Game) npSAFirstStep(a ArjunaAttempt) int {
	saved := g.turn.SA
	g.turn.SA = a.SA
	defer func() { g.turn.SA = saved }() // the action filters may read it
	spaces := g.saSpacesNow()
	for k := range a.Steps {
		if g.npSAStepSpaces(a.Steps[k], spaces) != nil {
			return k
		}
	}
	return -1
}

// npSAStepSpaces are the spaces where an action can be carried out, among
// the spaces the Special Activity may select; nil if its condition fails.
func (g *Game) npSAStepSpaces(s ArjunaSAStep, spaces []int) []int {
	if s.If != nil && s.If.Space == "" && !g.npCardCond(g.np.Plan.F, s.If) {
		return nil
	}
	keep := npSAFilter[s.Action]
	col := s.Column
	if col == "" {
		col = "remove-or-replace"
	}
	out := g.filter(g.npOffRailways(col, spaces), func(i int) bool {
		if s.If != nil && s.If.Space != "" && !g.npSpaceCond(g.np.Plan.F, s.If.Space, i) {
			return false
		}
		return keep == nil || keep(g, i)
	})
	return out
}

// npSA selects the spaces of a Special Activity, action by action.
func npSA(g *Game, fr *frame, d core.Decision) (string, string) {
	p := &g.np.Plan
	_, b := g.npBoxes()
	if b == nil || b.Kind != ArjunaSpecial || p.Attempt < 0 || p.Attempt >= len(b.Attempts) {
		return g.npSAByDefault(fr, d)
	}
	a := b.Attempts[p.Attempt]
	offered := g.spaceOptions(d, "space:")
	for ; p.SAStep < len(a.Steps); p.SAStep++ {
		s := a.Steps[p.SAStep]
		cands := g.npSAStepSpaces(s, offered)
		if len(cands) == 0 {
			continue
		}
		col := s.Column
		if col == "" {
			col = "remove-or-replace"
		}
		p.SAAct = s.Action
		i, why := g.npSelect(p.F, col, cands)
		if !g.npLogged() {
			return g.m.spaceID("space:", i), ""
		}
		return g.m.spaceID("space:", i), fmt.Sprintf("%s: %s in %s", sas[a.SA].title, s.Action, why)
	}
	return "done", sas[a.SA].title + " is complete"
}

// npSAByDefault handles a Special Activity begun outside an Arjuna card.
func (g *Game) npSAByDefault(fr *frame, d core.Decision) (string, string) {
	cands := g.spaceOptions(d, "space:")
	if len(cands) == 0 || g.turn.SASpaces != 0 {
		return "done", sas[g.turn.SA].title + ": one space outside an Arjuna instruction, done"
	}
	i, why := g.npSelect(fr.F, "remove-or-replace", cands)
	return g.m.spaceID("space:", i), sas[g.turn.SA].title + " outside an Arjuna instruction: " + why
}

// npRemove takes pieces in Adversary Priorities order (8.5). Once a
// faction's piece has been taken in the space, that faction's remaining
// pieces come next (8.5 Target Faction), then the table again: Gandhi goes
// with the Congress Activists beside him, and the Muslim League's pieces
// wait their own row (the order of the 8.5 example, reading: see
// docs/gandhi-rules-notes.md).
func npRemove(g *Game, fr *frame, d core.Decision) (string, string) {
	p := &g.np.Plan
	if fr.B == 0 {
		p.Targeted = 0 // nothing taken yet in this space
	}
	var ids []string
	for _, o := range d.Options {
		if strings.HasPrefix(o.ID, "target:") {
			ids = append(ids, o.ID)
		}
	}
	kindOf := func(id string) string {
		k := id[len("target:"):]
		if k == "gandhi" {
			return k
		}
		pc, _ := pieceByID(k)
		return npTargetKind(pc)
	}
	cont := ""
	if p.Targeted != 0 {
		var same []string
		for _, id := range ids {
			if p.Targeted&(1<<uint(npTargetOwner[kindOf(id)])) != 0 {
				same = append(same, id)
			}
		}
		if len(same) > 0 {
			ids = same
			cont = "; the targeted faction's remaining pieces first (8.5)"
		}
	}
	best := g.npBestTarget(fr.F, ids, kindOf)
	if best == "" {
		return "done", "nothing left to take by the Adversary Priorities (8.5)"
	}
	p.Targeted |= 1 << uint(npTargetOwner[kindOf(best)])
	return best, g.npTargetWhy(fr.F, kindOf(best)) + cont
}

// npCardCond evaluates an Arjuna game-state condition for faction f.
func (g *Game) npCardCond(f Faction, c *ArjunaCond) bool {
	if c == nil {
		return true
	}
	n := 1
	if c.N != nil {
		n = *c.N
	}
	count := func(keep func(int) bool) int {
		k := 0
		for i := range g.Sp {
			if keep(i) {
				k++
			}
		}
		return k
	}
	own := ownActivist(f)
	switch c.Cond {
	case "active-guerrilla-spaces-at-least":
		return count(func(i int) bool { return int(g.Sp[i].P[GuerA]) > 0 }) >= n
	case "assault-spaces-at-least":
		return count(func(i int) bool { return g.cubes(i) > 0 && g.activeAdversaries(Raj, i) > 0 }) >= n
	case "available-activists-at-least":
		return g.Avail[own] >= n
	case "available-bases-at-least":
		if f == League {
			return g.Avail[LeagueBase] >= n
		}
		return g.Avail[RevBase] >= n
	case "available-guerrillas-at-least":
		return g.Avail[GuerU] >= n
	case "available-protests-at-least":
		return g.ProtestsAvailableForOps() >= n
	case "available-troops-at-least":
		return g.Avail[Troop] >= n
	case "cities-short-of-troops-at-least":
		return count(func(i int) bool { return g.isCity(i) && int(g.Sp[i].P[Troop]) < 3 }) >= n
	case "crisis":
		return g.crisis()
	case "die-roll-at-most":
		return g.npRoll() <= n
	case "gandhi-in-jail":
		return g.Gandhi == GandhiInJail
	case "jailed-activists-at-least":
		if f == League {
			return g.Jail[1] >= n
		}
		return g.Jail[0] >= n
	case "muslim-state-possible":
		return g.npMuslimStatePossible()
	case "op-spaces-at-least":
		od := ops[c.Op]
		saved := g.turn
		g.turn = turn{F: od.faction, Op: c.Op, Dest: -1, Origin: -1}
		k := len(od.spaces(g))
		g.turn = saved
		return k >= n
	case "player-faction":
		h, ok := ParseFaction(c.Faction)
		return ok && !g.np.On[h]
	case "protest-spaces-at-least":
		return count(func(i int) bool { return g.Sp[i].Protest }) >= n
	case "restraint-at-least":
		return g.Restraint >= n
	case "restraint-at-most":
		return g.Restraint <= n
	case "uncontrolled-cities-at-least":
		return count(func(i int) bool { return g.isCity(i) && !g.Sp[i].Control }) >= n
	case "underground-guerrilla-spaces-at-least":
		return count(func(i int) bool { return int(g.Sp[i].P[GuerU]) > 0 }) >= n
	case "unity-at-least":
		return g.Unity >= n
	case "unity-at-most":
		return g.Unity <= n
	case "unrest-spaces-at-least":
		return count(func(i int) bool { return int(g.Sp[i].Unrest) > 0 }) >= n
	}
	return false
}

// npMuslimStatePossible: the Muslim League could place a Muslim State now,
// by Negotiate or (in Crisis) Infiltrate.
func (g *Game) npMuslimStatePossible() bool {
	for _, name := range []string{"league-negotiate", "league-infiltrate"} {
		sd := sas[name]
		if sd == nil {
			continue
		}
		saved := g.turn
		g.turn = turn{F: League, SA: name, Dest: -1, Origin: -1}
		spaces := sd.spaces(g)
		g.turn = saved
		for _, i := range spaces {
			if npSAFilter["place-muslim-state"] == nil || npSAFilter["place-muslim-state"](g, i) {
				return true
			}
		}
	}
	return false
}

// npShaded: NP Raj always takes the unshaded text; the others the shaded
// text unless their icon has a halo (8.8.2).
func (g *Game) npShaded(f Faction, card int) bool {
	if f == Raj {
		return false
	}
	c := g.deck.Cards[card]
	for _, h := range c.Halo {
		if h == f {
			return false
		}
	}
	return true
}
