package greatgame

import (
	"fmt"
	"slices"
	"strings"

	"durbar/core"
)

// Version is the rules version a save records (core.Save).
const Version = 1

// StepID names a kind of decision. Every decision of the game is one of
// these steps, on top of the task stack; the step lists its options and
// plays the one chosen.
type StepID int8

// The steps, by the rule they belong to.
const (
	StepNone StepID = iota
	// set-up (scenarios)
	StepPlace // place the next counter of a set-up line in a city, or place the rest the standard way
	// start of the turn
	StepPrisoner       // the captor keeps or executes a prisoner (16.3.2)
	StepPrisonerReturn // the owner returns a prisoner agent to a square, or leaves it (16.3.2)
	StepInitiative     // the favoured player says who goes first (7.0)
	// events (8.0)
	StepEventRegion // a player names a region for an event
	StepEventPlace  // a player places a unit an event gives
	StepEventRemove // a player removes units an event takes
	StepEventPick   // a player picks among an event's other choices (relief brigades' types…)
	// income and spending (9.0, 10.0, 17.1, 18.0, 20.0)
	StepSpend        // buy, disband, reorganize, or finish
	StepRecruitPlace // place a unit or agent just bought
	StepMarkerPlace  // place a civilization marker just bought
	// operations: movement (11.0, 13.0, 19.0)
	StepMove  // pick a force to move, or end the movement subphase
	StepForm  // leave units out of the force, then set off
	StepMarch // step, use a railway or amphibious movement, drop a unit, or stop
	// operations: negotiations (15.0)
	StepNegotiate // pick a region to negotiate with, or end the subphase
	StepNegOffer  // the phasing player seals an agent and pounds
	StepNegOppose // the other player opposes with an agent and pounds, or not
	// belligerence (5.4)
	StepDefenceRecruit // place the free irregulars of a region turned belligerent
	// combat (14.0, 16.3, 20.5, 24.0)
	StepRetreatBefore // the defender retreats before combat or stands
	StepCRT           // the attacker picks the battle or the raid table
	StepLoss          // a side picks its losses
	StepRetreat       // the retreating force's next square
	StepMassacre      // destroy civilization markers, or not
	// supply (17.3–17.6)
	StepSupply // pay for a square's supply or let units starve
	StepStarve // pick the units that starve
	// player agreements (23.0)
	StepDeal       // compose an offer to the other player
	StepDealAnswer // accept or refuse the offer
	// combat and control (5.0, 14.0, 16.3): decisions and continuations
	StepNeutralHome  // the former controller sends a neutral region's units home (5.5.1(2))
	StepCombatNext   // auto: fight the next square of the combat subphase (14.2)
	StepCombatRoll   // auto: roll on the table chosen and apply the result (14.1(5)–(6))
	StepCombatAgents // auto: agents of a force that lost all its combat units, or of an AD (CRT note 3)
	StepRetreatStart // auto: gather the retreating force, or eliminate it if it cannot retreat (CRT note 4)
	// events and negotiations: automatic continuations (events.go, negotiate.go)
	StepEvRoll     // roll on the next column of the Random Events Table (8.1(2))
	StepNegResolve // open the sealed sums and roll on the Negotiation Table (15.1(6–8))
	// econ: income, supply and the turn's end (income.go, supply.go, endturn.go)
	StepSpendEnd   // (auto) the purchases are shown and the income phase ends (3.1(3))
	StepSupplyNext // (auto) the next square of a side whose supply is to be settled (17.3)
	// movement (move.go)
	StepMoveDest // pick the square a railway, amphibious or base-exit leg ends in (13.6, 13.8, 19.1)
	// the turn's start (endturn.go)
	StepPrisonersBack // auto: after the captors' decisions, the owners take back their prisoners (16.3.2)
	NumSteps
)

// stepDef is one step: its name, rule, prompt, options and effect.
type stepDef struct {
	name   string
	rule   string
	prompt func(g *Game, t *Task) string
	// options lists the legal options into o.
	options func(g *Game, t *Task, o *optList)
	// apply plays an option listed by options. It must not fail for an
	// option that was listed (the door checks the id first).
	apply func(g *Game, t *Task, id string) error
}

// stepDefs is the table of steps, filled by each file's init from the
// rule it implements; it never changes after start-up.
var stepDefs [NumSteps]stepDef

func defineStep(id StepID, d stepDef) {
	if stepDefs[id].name != "" {
		panic("greatgame: step defined twice: " + d.name)
	}
	stepDefs[id] = d
}

// optList gathers a decision's options.
type optList struct {
	opts []core.Option
	rule string
}

func (o *optList) add(id, label string) {
	o.opts = append(o.opts, core.Option{ID: id, Label: label, Rule: o.rule})
}

func (o *optList) addRule(id, label, rule string) {
	o.opts = append(o.opts, core.Option{ID: id, Label: label, Rule: rule})
}

// top is the pending task, nil when none.
func (g *Game) top() *Task {
	if len(g.Tasks) == 0 {
		return nil
	}
	return &g.Tasks[len(g.Tasks)-1]
}

// pop removes the pending task.
func (g *Game) pop() { g.Tasks = g.Tasks[:len(g.Tasks)-1] }

// push adds tasks so that the first given is decided first.
func (g *Game) push(ts ...Task) {
	for i := len(ts) - 1; i >= 0; i-- {
		g.Tasks = append(g.Tasks, ts[i])
	}
}

// task builds a task with no square or region.
func task(step StepID, s Side) Task { return Task{Step: step, Side: s, Sq: -1, Region: -1} }

// Decision is the pending decision (core.Game).
func (g *Game) Decision() core.Decision {
	if g.Over {
		return core.Decision{Player: -1, Prompt: "The game is over: " + g.Result(), Rule: "25.0", Over: true}
	}
	t := g.top()
	if t == nil {
		return core.Decision{Player: -1, Prompt: "no decision pending", Over: true}
	}
	def := &stepDefs[t.Step]
	o := optList{rule: def.rule}
	def.options(g, t, &o)
	return core.Decision{Player: int(t.Side), Role: t.Side.String(), Prompt: def.prompt(g, t), Rule: def.rule, Options: o.opts}
}

// Apply plays one option id (core.Game). An id that is not listed is a
// *core.RuleError naming the step's rule, and the game is unchanged.
func (g *Game) Apply(id string) error {
	d := g.Decision()
	if _, ok := d.Find(id); !ok || d.Over {
		return core.Illegal(d, id)
	}
	return g.play(id)
}

// play plays an option the pending decision lists (Apply and Play have
// checked it).
func (g *Game) play(id string) error {
	if g.scr == nil {
		g.scr = &scratch{}
	}
	before := &g.scr.before
	g.seen(before)
	t := g.top()
	if err := stepDefs[t.Step].apply(g, t, id); err != nil {
		return err
	}
	g.advance()
	g.revealNewlySeen(before)
	return nil
}

// Clone returns an independent copy (core.Game).
func (g *Game) Clone() core.Game { return g.clone() }

func (g *Game) clone() *Game {
	c := *g
	c.scr = nil
	c.Control = slices.Clone(g.Control)
	c.Pieces = slices.Clone(g.Pieces)
	c.Markers = slices.Clone(g.Markers)
	c.Tasks = slices.Clone(g.Tasks)
	c.Log = slices.Clone(g.Log)
	c.Place = g.Place.clone()
	c.Move = g.Move.clone()
	c.Fight = g.Fight.clone()
	c.Ev = g.Ev.clone()
	return &c
}

// Irreversible is the undo barrier: dice rolled and hidden things shown (core.Game).
func (g *Game) Irreversible() core.Barrier { return g.sec.Barrier(g.rng.Draws, "dice were rolled") }

// Seats is the number of players (core.Scorer).
func (g *Game) Seats() int { return 2 }

// SetQuiet switches the log off (no text is formatted) or on.
func (g *Game) SetQuiet(q bool) { g.quiet = q }

// Data is the edition the game plays.
func (g *Game) Data() *Data { return g.r.d }

// Setup is how a game begins: a scenario ("1", "2" or "3") and, for
// scenario 3, which set-up it starts from (1 or 2).
type Setup struct {
	Scenario string `json:"scenario,omitempty"`
	Start    int    `json:"start,omitempty"`
	// Position, when given, is the board the game starts from instead of
	// a scenario's set-up (docs/greatgame-formats.md); its own scenario
	// field names the scenario whose length and special rules apply.
	Position *Position `json:"position,omitempty"`
}

// scenarioIDs maps the rulebook's scenario numbers to the edition's ids.
var scenarioIDs = map[string]string{"1": "to-afghanistan", "2": "clash-of-empires", "3": "great-game"}

// New starts a game of an edition from a set-up and a seed.
func New(d *Data, s Setup, seed uint64) (*Game, error) {
	if s.Position != nil {
		if s.Scenario != "" || s.Start != 0 {
			return nil, fmt.Errorf("greatgame: a set-up gives a scenario or a position, not both")
		}
		return FromPosition(d, s.Position, seed)
	}
	r, err := compile(d)
	if err != nil {
		return nil, err
	}
	id, ok := scenarioIDs[s.Scenario]
	if !ok {
		for _, v := range scenarioIDs {
			if v == s.Scenario {
				id, ok = v, true
			}
		}
	}
	if !ok {
		return nil, fmt.Errorf("greatgame: unknown scenario %q (want 1, 2 or 3)", s.Scenario)
	}
	var sc *Scenario
	for i := range d.Scenarios.Scenarios {
		if d.Scenarios.Scenarios[i].ID == id {
			sc = &d.Scenarios.Scenarios[i]
		}
	}
	if sc == nil {
		return nil, fmt.Errorf("greatgame: the edition has no scenario %q", id)
	}
	last := sc.LastTurn
	if len(sc.SetupFrom) > 0 {
		if s.Start != 1 && s.Start != 2 {
			return nil, fmt.Errorf("greatgame: scenario 3 starts from the set-up of scenario 1 or 2 (--start 1|2), not %d", s.Start)
		}
		from := sc.SetupFrom[s.Start-1]
		for i := range d.Scenarios.Scenarios {
			if d.Scenarios.Scenarios[i].ID == from {
				sc = &d.Scenarios.Scenarios[i]
			}
		}
	} else if s.Start != 0 {
		return nil, fmt.Errorf("greatgame: only scenario 3 takes a start (scenario %s has its own set-up)", s.Scenario)
	}
	g := &Game{r: r, Setup: s, scen: s.Scenario, start: s.Start, rng: core.NewRNG(seed), Turn: sc.FirstTurn, FirstTurn: sc.FirstTurn, LastTurn: last, BoP: sc.BoP, OpenWarBy: NoSide}
	g.Control = make([]Side, r.nr+1)
	for i := range g.Control {
		g.Control[i] = NoSide
	}
	for _, sd := range sc.Sides {
		side := sideOf(sd.Side)
		g.Pounds[side] = sd.Treasury
		for _, reg := range sd.Control {
			g.Control[r.m.RegionIndex(reg)] = side
		}
	}
	g.Pieces = make([]Piece, len(r.tpl))
	for i := range g.Pieces {
		g.Pieces[i] = Piece{Tpl: int16(i), Loc: LocAvail}
	}
	g.Fight.reset()
	g.Move.reset()
	g.beginSetup(sc)
	g.advance()
	return g, nil
}

// scenario is the scenario whose set-up and special rules are in play.
func (g *Game) scenario() *Scenario {
	id := scenarioIDs[g.scen]
	if id == "" {
		id = g.scen
	}
	sf := &g.r.d.Scenarios
	for i := range sf.Scenarios {
		if sf.Scenarios[i].ID == id {
			sc := &sf.Scenarios[i]
			if len(sc.SetupFrom) > 0 && g.start >= 1 && g.start <= len(sc.SetupFrom) {
				from := sc.SetupFrom[g.start-1]
				for j := range sf.Scenarios {
					if sf.Scenarios[j].ID == from {
						return &sf.Scenarios[j]
					}
				}
			}
			return sc
		}
	}
	return nil
}

// special reports whether the scenario in play has a special rule.
func (g *Game) special(id string) bool {
	for _, s := range g.scenario().Special {
		if s.ID == id {
			return true
		}
	}
	return false
}

// parseInt reads the number after a prefix in an option id.
func parseInt(id, prefix string) (int, bool) {
	if !strings.HasPrefix(id, prefix) {
		return 0, false
	}
	n := 0
	rest := id[len(prefix):]
	if rest == "" || len(rest) > 6 {
		return 0, false
	}
	neg := false
	if rest[0] == '-' {
		neg, rest = true, rest[1:]
	}
	for _, c := range rest {
		if c < '0' || c > '9' {
			return 0, false
		}
		n = n*10 + int(c-'0')
	}
	if neg {
		n = -n
	}
	return n, true
}

// sqTok is a square's token in option ids: its map id (CCRR), or "base"
// for a side's base.
func (g *Game) sqTok(sq int16) string {
	if sq == LocBaseBr || sq == LocBaseRu {
		return "base"
	}
	return g.r.m.Squares[sq].ID
}

// parseSq reads a square token (CCRR), -1 if it is not one.
func (g *Game) parseSq(tok string) int16 { return int16(g.r.m.SquareByID(tok)) }

// parseLoc reads a place in an option id: a square token, or "base" for
// the side's base (the inverse of sqTok).
func (g *Game) parseLoc(s Side, tok string) int16 {
	if tok == "base" {
		return BaseLoc(s)
	}
	return g.parseSq(tok)
}
