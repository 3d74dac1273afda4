package greatgameplug

import (
	"encoding/json"
	"errors"
	"fmt"
	"regexp"
	"slices"
	"strings"
	"sync"

	"durbar/core"
	"durbar/core/i18n"
	"durbar/greatgame"
	"durbar/plug"
)

// The Great Game (package greatgame) on the server: two fixed seats, the
// British (seat 0) and the Russian (seat 1), and a fog of war. What a seat
// may see is the game's Observation (greatgame.Observe) and nothing else:
// every board is built from the seat's observation and the printed map, so
// the other side's treasury, the counters it may not examine, what it
// bought in the running income phase and its sealed offers never reach a
// page. The pending decision's prompt is private too (the game gives it to
// the deciding seat only): the decision every caller sees says who decides
// and what kind of step, and the deciding seat's board carries the prompt
// itself.

// ggScenarios are the scenarios the creation form offers, the default
// first. Scenario 3 is played from scenario 1's or 2's set-up.
var ggScenarios = []struct {
	choice plug.Choice
	setup  greatgame.Setup
}{
	{plug.Choice{ID: "1", Label: "To Afghanistan! 1835–59"}, greatgame.Setup{Scenario: "1"}},
	{plug.Choice{ID: "2", Label: "Clash of Empires 1860–89"}, greatgame.Setup{Scenario: "2"}},
	{plug.Choice{ID: "3-1", Label: "The Great Game 1835–1904 (from To Afghanistan!'s set-up)"}, greatgame.Setup{Scenario: "3", Start: 1}},
	{plug.Choice{ID: "3-2", Label: "The Great Game 1860–1904 (from Clash of Empires' set-up)"}, greatgame.Setup{Scenario: "3", Start: 2}},
}

func ggScenarioChoices() []plug.Choice {
	out := make([]plug.Choice, len(ggScenarios))
	for i, s := range ggScenarios {
		out[i] = s.choice
	}
	return out
}

// ggScenarioOf is the catalog entry of a set-up, nil for a position or
// a set-up the catalog does not offer.
func ggScenarioOf(s greatgame.Setup) *plug.Choice {
	for i := range ggScenarios {
		if s.Position == nil && ggScenarios[i].setup.Scenario == s.Scenario && ggScenarios[i].setup.Start == s.Start {
			return &ggScenarios[i].choice
		}
	}
	return nil
}

// ggSides are the two seats in seat order.
var ggSides = [2]greatgame.Side{greatgame.British, greatgame.Russian}

func ggSeatChoices() []plug.Choice {
	return []plug.Choice{{ID: "british", Label: "British"}, {ID: "russian", Label: "Russian"}}
}

// ggRandom is the computer player that draws a legal option at random.
const ggRandom = "random"

// ggComputers are the computer players a seat may be given; the first is
// the default.
func ggComputers() []plug.Choice {
	return []plug.Choice{
		{ID: greatgame.KindBot, Label: "Heuristic (fast)"},
		{ID: greatgame.KindMCTS, Label: "Search (about a second a move)"},
		{ID: ggRandom, Label: "Random (any legal option)"},
	}
}

// kind is the Kind of The Great Game; the edition is loaded once (data, in
// plug.go) and the map drawing built once from it, both shared read-only by
// every table.
type kind struct{}

func newKind() plug.Kind { return kind{} }

func (kind) Catalog() plug.Catalog {
	return plug.Catalog{
		Name:      greatgame.GameName,
		Title:     gameTitle,
		Version:   greatgame.Version,
		Scenarios: ggScenarioChoices(),
		Seats:     ggSeatChoices(),
		MinSeats:  2,
		MaxSeats:  2,
		Computers: ggComputers(),
	}
}

func (kind) Prepare(req plug.CreateRequest) (json.RawMessage, []plug.SeatSpec, error) {
	id := req.Scenario
	if id == "" {
		id = ggScenarios[0].choice.ID
	}
	var setup *greatgame.Setup
	for i := range ggScenarios {
		if ggScenarios[i].choice.ID == id {
			setup = &ggScenarios[i].setup
		}
	}
	if setup == nil {
		return nil, nil, fmt.Errorf("greatgame has no scenario %q (have %s)", req.Scenario, plug.ChoiceIDs(ggScenarioChoices()))
	}
	if len(req.Variants) > 0 {
		return nil, nil, fmt.Errorf("greatgame has no variants, but %q was asked for", strings.Join(req.Variants, ", "))
	}
	if len(req.Seats) != 2 {
		return nil, nil, fmt.Errorf("greatgame has two seats, the British and the Russian, not %d", len(req.Seats))
	}
	seats := make([]plug.SeatSpec, 2)
	for i, s := range req.Seats {
		spec, err := ggSeat(i, s.Kind, s.Bot, true)
		if err != nil {
			return nil, nil, err
		}
		seats[i] = spec
	}
	raw, err := json.Marshal(*setup)
	if err != nil {
		return nil, nil, err
	}
	return raw, seats, nil
}

// ggSeat checks one seat and names it; a computer seat without a player
// gets the default one when fill is set.
func ggSeat(i int, kind, bot string, fill bool) (plug.SeatSpec, error) {
	spec := plug.SeatSpec{Name: ggSides[i].Title(), Kind: kind}
	switch kind {
	case plug.Human:
	case plug.Computer:
		spec.Bot = bot
		if spec.Bot == "" && fill {
			spec.Bot = ggComputers()[0].ID
		}
		if !slices.ContainsFunc(ggComputers(), func(c plug.Choice) bool { return c.ID == spec.Bot }) {
			return spec, fmt.Errorf("seat %d (%s): unknown computer player %q (have %s)", i+1, spec.Name, bot, plug.ChoiceIDs(ggComputers()))
		}
	default:
		return spec, fmt.Errorf("seat %d (%s): kind must be %q or %q, not %q", i+1, spec.Name, plug.Human, plug.Computer, kind)
	}
	return spec, nil
}

func (kind) Open(setup json.RawMessage, seats []plug.SeatSpec, seed uint64, log []string) (plug.Table, error) {
	d, err := data()
	if err != nil {
		return nil, fmt.Errorf("greatgame components: %w", err)
	}
	st, err := greatgame.ParseSetup(setup)
	if err != nil {
		return nil, err
	}
	if len(seats) != 2 {
		return nil, fmt.Errorf("greatgame has two seats, but %d are recorded", len(seats))
	}
	tb := &webTable{seed: seed}
	for i, s := range seats {
		if _, err := ggSeat(i, s.Kind, s.Bot, false); err != nil {
			return nil, err
		}
		if s.Kind == plug.Computer {
			tb.bots[i] = s.Bot
		}
	}
	if sc := ggScenarioOf(st); sc != nil {
		tb.scenario, tb.scenarioTitle = sc.ID, sc.Label
	}
	if tb.g, err = greatgame.New(d, st, seed); err != nil {
		return nil, err
	}
	for _, l := range d.Charts.BoP.Levels {
		tb.levels = append(tb.levels, ggLevel{ID: l.ID, From: l.From, To: l.To, VP: l.VictoryPoints})
	}
	for _, tr := range d.Charts.Turns {
		if tr.Turn >= tb.g.FirstTurn && tr.Turn <= tb.g.LastTurn {
			tb.turns = append(tb.turns, ggTurn{Turn: tr.Turn, Years: tr.Years})
		}
	}
	for i, id := range log {
		if err := tb.Apply(id); err != nil {
			return nil, fmt.Errorf("replaying step %d (%q): %w", i+1, id, err)
		}
	}
	return tb, nil
}

func (kind) Translations() (map[string]*i18n.Catalog, error) { return greatgame.Translations() }

// webTable is one running game of The Great Game on the server.
type webTable struct {
	g    *greatgame.Game
	seed uint64
	// played counts the options played since the start: with the seed it
	// seeds a computer seat's choice, so a replayed game chooses alike.
	played        int
	bots          [2]string // the computer player of each seat, "" for a person
	scenario      string    // the catalog's scenario id, "" for a position
	scenarioTitle string

	pending plug.PendingDecision

	// trail is the forces' moves, oldest first, and since the number of
	// options played when each seat last decided: a seat's board shows
	// the moves made since (the other side's, a computer's above all).
	// A move's squares are public; what moved is not recorded.
	trail []ggMove
	since [2]int

	// levels and turns are the Balance of Power's levels and the turn
	// track of this game's scenario, the same on every board.
	levels []ggLevel
	turns  []ggTurn
}

// ggMove is one leg of a force's move: from a square or base to another.
type ggMove struct {
	N    int    `json:"-"` // options played before it
	Side string `json:"side"`
	From string `json:"from"` // CCRR or base-SIDE
	To   string `json:"to"`
}

// maxTrail bounds the moves a table keeps.
const maxTrail = 400

// recordMove notes a leg of a force's move before the option moving it is
// played: "to:SQ" or "to:base" at the march and destination steps.
func (t *webTable) recordMove(id string) (ggMove, bool) {
	step := t.g.StepName()
	arg, ok := strings.CutPrefix(id, "to:")
	if !ok || step != "march" && step != "move-dest" || !t.g.Move.Active {
		return ggMove{}, false
	}
	mv := ggMove{N: t.played, Side: sideID(t.g.Move.Side), From: t.g.LocID(t.g.Move.At)}
	switch {
	case arg == "base":
		mv.To = baseTarget(t.g.Move.Side)
	case t.g.Data().Map.SquareByID(arg) >= 0:
		mv.To = arg
	default:
		return ggMove{}, false
	}
	return mv, true
}

// movesFor are the moves a seat's board draws: those made since it last
// decided; a spectator sees the last few.
func (t *webTable) movesFor(seat int) []ggMove {
	from := 0
	if seat == 0 || seat == 1 {
		from = t.since[seat]
	} else if len(t.trail) > 20 {
		from = t.trail[len(t.trail)-20].N
	}
	out := []ggMove{}
	for _, m := range t.trail {
		if m.N >= from {
			out = append(out, m)
		}
	}
	return out
}

// publicDecisions is the game's decision as every caller may see it: the
// prompt, which the game shows the deciding seat only, says who decides
// and what kind of step (greatgame.Observe's Pending for the other seat).
type publicDecisions struct{ g *greatgame.Game }

func (p publicDecisions) Decision() core.Decision {
	d := p.g.Decision()
	if !d.Over && d.Player >= 0 && d.Player < 2 {
		d.Prompt = publicPrompt(ggSides[d.Player], p.g.StepName())
	}
	return d
}

// stepWords says what each kind of step decides, for the public prompt.
var stepWords = map[string]string{
	"place":                 "placing the set-up",
	"prisoner":              "keeping or executing a prisoner",
	"prisoner-return":       "returning a prisoner",
	"initiative":            "who goes first",
	"event-region":          "naming a region for an event",
	"event-place":           "placing what an event gives",
	"event-remove":          "removing what an event takes",
	"event-pick":            "an event's choice",
	"spend":                 "spending the income",
	"recruit-place":         "placing a purchase",
	"marker-place":          "placing a civilization marker",
	"move":                  "choosing a force to move",
	"form":                  "forming a force",
	"march":                 "moving a force",
	"move-dest":             "where a move ends",
	"negotiate":             "choosing a region to negotiate with",
	"negotiation-offer":     "sealing a negotiation offer",
	"negotiation-oppose":    "opposing a negotiation",
	"defence recruit":       "placing free irregulars",
	"units home":            "sending a neutral region's units home",
	"retreat before combat": "retreating before combat or standing",
	"combat table":          "choosing the combat table",
	"combat losses":         "choosing losses",
	"retreat":               "retreating",
	"massacre":              "destroying civilization markers",
	"supply":                "paying for supply",
	"starve":                "choosing the units that starve",
	"deal":                  "composing an agreement offer",
	"deal-answer":           "answering an agreement offer",
}

// publicPrompt is the prompt every caller sees: "British to decide:
// spending the income."
func publicPrompt(s greatgame.Side, step string) string {
	what := stepWords[step]
	if what == "" {
		what = step
	}
	if what == "" {
		return s.Title() + " to decide."
	}
	return s.Title() + " to decide: " + what + "."
}

func (t *webTable) Decision() core.Decision { return t.pending.Of(publicDecisions{t.g}) }

func (t *webTable) Apply(id string) error {
	mv, moved := t.recordMove(id)
	seat := t.g.Decider()
	err := t.g.Apply(id)
	t.pending.Forget()
	if err != nil {
		return err
	}
	t.played++
	if seat == 0 || seat == 1 {
		t.since[seat] = t.played
	}
	if moved {
		t.trail = append(t.trail, mv)
		if keep := min(t.since[0], t.since[1]); len(t.trail) > maxTrail || len(t.trail) > 0 && t.trail[0].N < keep-200 {
			t.trail = slices.DeleteFunc(t.trail, func(m ggMove) bool { return m.N < keep })
			if len(t.trail) > maxTrail {
				t.trail = slices.Clone(t.trail[len(t.trail)-maxTrail:])
			}
		}
	}
	return nil
}

// ggBotSeed derives a computer seat's random source for one decision from
// the game's seed and the number of options played before it.
func ggBotSeed(seed uint64, played int) uint64 {
	x := seed ^ (uint64(played)+1)*0x9e3779b97f4a7c15
	x ^= x >> 30
	x *= 0xbf58476d1ce4e5b9
	x ^= x >> 27
	x *= 0x94d049bb133111eb
	return x ^ x>>31
}

func (t *webTable) PlayComputer() (string, error) {
	d := t.Decision()
	if d.Over {
		return "", errors.New("the game is over: no computer move to make")
	}
	if d.Player < 0 || d.Player > 1 || t.bots[d.Player] == "" {
		return "", fmt.Errorf("seat %d is not a computer seat", d.Player+1)
	}
	if len(d.Options) == 0 {
		return "", fmt.Errorf("the %s have no option to choose", ggSides[d.Player].Title())
	}
	var id string
	if kind := t.bots[d.Player]; kind == ggRandom {
		rng := core.NewRNG(ggBotSeed(t.seed, t.played))
		id = d.Options[rng.IntN(len(d.Options))].ID
	} else {
		p, err := greatgame.NewComputer(kind, ggBotSeed(t.seed, t.played), greatgame.DefaultSearchBudget, 0)
		if err != nil {
			return "", err
		}
		id = p.Choose(t.g, d)
	}
	if err := t.Apply(id); err != nil {
		return "", err
	}
	return id, nil
}

func (t *webTable) Irreversible() core.Barrier { return t.g.Irreversible() }

func (t *webTable) Log() []string { return slices.Clone(t.g.Log) }

func (t *webTable) Result() string { return t.g.Result() }

// ---- board element ids (the targets of Annotate and data-target) ----

// Square targets are "sq-CCRR", a base's "base-british" or "base-russian",
// a counter's "piece-N" (N as in the option id pN), a region's
// "region-ID".

func sqTarget(id string) string          { return "sq-" + id }
func pieceTarget(n int) string           { return fmt.Sprintf("piece-%d", n) }
func regionTarget(id string) string      { return "region-" + id }
func baseTarget(s greatgame.Side) string { return "base-" + s.String() }

// squareVerbs are the option verbs whose first argument is a square (or
// "base", the deciding side's own): set-up, recruits, markers, events and
// prisoners "at:", movement and retreats "to:", a force "force:", units
// sent home "all:", disbanding "loc:", massacres "destroy:SQ:KIND".
var squareVerbs = map[string]bool{"at": true, "to": true, "force": true, "all": true, "loc": true, "destroy": true,
	"sq": true, "from": true, "retreat": true}

// regionVerbs are the option verbs whose argument is a region id: events
// and movement "region:", negotiations "neg:", agreements "cede:",
// "keep:", "want:", "drop:".
var regionVerbs = map[string]bool{"region": true, "neg": true, "cede": true, "keep": true, "want": true, "drop": true}

var pieceArg = regexp.MustCompile(`^p([0-9]+)$`)

// mpCost finds the movement points a march option's label gives: "to
// Herat (1½ MP, trade route)".
var mpCost = regexp.MustCompile(`\(([0-9½]+) MP\b`)

// marchCost is the extra of a movement option: its cost in movement
// points, which the map writes in the square ("" for other options).
func marchCost(verb, label string) string {
	if verb != "to" {
		return ""
	}
	if m := mpCost.FindStringSubmatch(label); m != nil {
		return m[1] + " MP"
	}
	return ""
}

// Annotate points an option at the board element it names: a square, a
// base, a counter or a region. Options that name none (end, done, pages,
// purchases by kind) have no target.
func (t *webTable) Annotate(o core.Option) (target, extra string) {
	verb, rest, ok := strings.Cut(o.ID, ":")
	if !ok {
		return "", ""
	}
	arg, _, _ := strings.Cut(rest, ":")
	if m := pieceArg.FindStringSubmatch(arg); m != nil {
		var n int
		fmt.Sscan(m[1], &n)
		if n >= 0 && n < len(t.g.Pieces) {
			return pieceTarget(n), ""
		}
		return "", ""
	}
	m := t.g.Data().Map
	switch {
	case squareVerbs[verb] && arg == "base":
		if d := t.Decision(); d.Player == 0 || d.Player == 1 {
			return baseTarget(ggSides[d.Player]), ""
		}
	case squareVerbs[verb]:
		if m.SquareByID(arg) >= 0 {
			return sqTarget(arg), marchCost(verb, o.Label)
		}
	case regionVerbs[verb]:
		if m.RegionIndex(arg) >= 0 {
			return regionTarget(arg), ""
		}
	}
	return "", ""
}

// ---- the board as drawn by web/static/greatgame.js ----

// ggBoard is what one seat sees: its observation (greatgame.Observe) and
// the printed map. Text a translation would change is typed i18n.Text,
// the map's names too: a language may call a place otherwise (Bujara).
type ggBoard struct {
	// Scenario is the catalog's id ("1", "2", "3-1", "3-2"), "" for a game
	// from a position.
	Scenario      string    `json:"scenario"`
	ScenarioTitle i18n.Text `json:"scenarioTitle,omitempty"`
	// You is the viewing seat's side, "" for a spectator.
	You       string    `json:"you"`
	Turn      int       `json:"turn"`
	FirstTurn int       `json:"firstTurn"`
	LastTurn  int       `json:"lastTurn"`
	Years     string    `json:"years"`
	Phase     i18n.Text `json:"phase"`
	// Ops is the operations phase (1–5) from movement to the end of
	// combat, with its phasing side; 0 and "" otherwise.
	Ops     int    `json:"ops,omitempty"`
	Phasing string `json:"phasing,omitempty"`
	First   string `json:"first"` // who went first this turn (7.0)
	// BoP is the Balance of Power, −18…+18 without zero, positive for the
	// British; Favour the side it favours and FavourLevel 1 slight, 2
	// moderate, 3 strong (4.0).
	BoP         int         `json:"bop"`
	Favour      string      `json:"favour"`
	FavourLevel int         `json:"favourLevel"`
	OpenWar     bool        `json:"openWar"`
	Over        bool        `json:"over"`
	Control     []ggControl `json:"control"`
	// Treasury is the viewing side's own pounds (9.0: each treasury is
	// private); nil for a spectator.
	Treasury  *int         `json:"treasury"`
	SP        ggSideCounts `json:"sp"` // supply points, public (2.3.5)
	Stacks    []ggStack    `json:"stacks"`
	Markers   []ggMarker   `json:"markers"`
	Prisoners []ggPrisoner `json:"prisoners"`
	// Dead are the eliminated counters, open to both sides (10.4).
	Dead []ggPiece `json:"dead"`
	// Events are this turn's random events so far (8.1), in the order drawn.
	Events []ggNamed `json:"events"`
	// Moves are the forces' moves made since the seat last decided.
	Moves []ggMove `json:"moves"`
	// BoPLevels are the Balance of Power's levels (4.0), Turns the turn
	// track of the scenario's turns.
	BoPLevels []ggLevel `json:"bopLevels"`
	Turns     []ggTurn  `json:"turns"`
	Pending   ggPending `json:"pending"`
	// Deal is the agreement offer the seat is composing (23.1), shown to
	// it alone while it composes; nil otherwise.
	Deal *ggDeal    `json:"deal,omitempty"`
	Map  *ggMapView `json:"map"`
}

// ggDeal is an agreement offer being composed: the pounds given and asked
// and the regions ceded and asked for, by id.
type ggDeal struct {
	Give int      `json:"give"`
	Ask  int      `json:"ask"`
	Cede []string `json:"cede"`
	Want []string `json:"want"`
}

// ggLevel is one level of the Balance of Power: from..to on either side,
// and the victory points it gives at the end (25.1).
type ggLevel struct {
	ID   string `json:"id"`
	From int    `json:"from"`
	To   int    `json:"to"`
	VP   int    `json:"vp"`
}

// ggTurn is a turn of the turn track.
type ggTurn struct {
	Turn  int    `json:"turn"`
	Years string `json:"years"`
}

type ggControl struct {
	Region string `json:"region"` // a region id, or the ghazis'
	Side   string `json:"side"`   // british, russian or neutral
}

type ggSideCounts struct {
	British int `json:"british"`
	Russian int `json:"russian"`
}

// ggStack is one location as the seat sees it: the counters it may
// examine, and how many it may not, by owner.
type ggStack struct {
	Loc    string    `json:"loc"`    // CCRR, base-british or base-russian
	Target string    `json:"target"` // the element id: sq-CCRR or the base's
	Pieces []ggPiece `json:"pieces"`
	Hidden ggHidden  `json:"hidden"`
}

type ggHidden struct {
	British int `json:"british"`
	Russian int `json:"russian"`
	Neutral int `json:"neutral"`
}

// ggPiece is a counter the seat may examine.
type ggPiece struct {
	N        int       `json:"n"`      // the option ids' pN
	Target   string    `json:"target"` // piece-N
	Name     i18n.Text `json:"name"`
	Owner    string    `json:"owner"`  // british, russian or neutral: who controls it now
	Nation   string    `json:"nation"` // british, russian, a region id or the ghazis'
	Agent    bool      `json:"agent,omitempty"`
	Type     string    `json:"type,omitempty"` // unit type id
	Kind     string    `json:"kind,omitempty"` // agent kind
	Abbr     string    `json:"abbr,omitempty"`
	Brigades int       `json:"brigades,omitempty"`
	Strength int       `json:"strength,omitempty"`
	Move     int       `json:"move"`
	CRT      string    `json:"crt,omitempty"`
	Pol      int       `json:"political,omitempty"`
	Mil      int       `json:"military,omitempty"`
	Reduced  bool      `json:"reduced,omitempty"`
}

type ggMarker struct {
	Kind string `json:"kind"` // colony, fort, trading-post, railway
	Side string `json:"side"`
	Sq   string `json:"sq"`
}

type ggPrisoner struct {
	Piece  ggPiece `json:"piece"`
	HeldBy string  `json:"heldBy"`
}

// ggPending is the pending decision as the seat sees it: who decides and
// what kind of step, and for the deciding seat its prompt.
type ggPending struct {
	Side   string    `json:"side"` // "" when the game is over
	Step   string    `json:"step"`
	Prompt i18n.Text `json:"prompt,omitempty"`
}

func sideID(s greatgame.Side) string { return s.String() }

func (t *webTable) Board(seat int) any {
	g := t.g
	o := g.Observe(seat)
	b := ggBoard{
		Scenario: t.scenario, ScenarioTitle: i18n.Text(t.scenarioTitle),
		Turn: o.Turn, FirstTurn: g.FirstTurn, LastTurn: g.LastTurn, Years: o.Years, Phase: i18n.Text(o.Phase),
		First: sideID(o.First), BoP: o.BoP, OpenWar: o.OpenWar, Over: o.Over,
		SP:        ggSideCounts{British: o.SP[0], Russian: o.SP[1]},
		Stacks:    []ggStack{},
		Markers:   []ggMarker{},
		Prisoners: []ggPrisoner{},
		Dead:      []ggPiece{},
		Events:    []ggNamed{},
		Moves:     t.movesFor(seat),
		BoPLevels: t.levels,
		Turns:     t.turns,
	}
	for _, id := range o.Events {
		b.Events = append(b.Events, ggNamed{ID: id, Name: i18n.Text(g.EventName(id))})
	}
	for _, p := range o.Dead {
		b.Dead = append(b.Dead, pieceView(g.Counter(p)))
	}
	if o.Seat != greatgame.NoSide {
		b.You = sideID(o.Seat)
		pounds := o.Pounds
		b.Treasury = &pounds
	}
	if o.Ops > 0 && (o.Phase == "movement" || o.Phase == "negotiations" || o.Phase == "belligerence" || o.Phase == "combat" || o.Phase == "end of combat") {
		b.Ops, b.Phasing = o.Ops, sideID(o.Phasing)
	}
	if f, lv := g.Favour(); f != greatgame.NoSide {
		b.Favour, b.FavourLevel = sideID(f), lv
	}
	for r, s := range o.Control {
		b.Control = append(b.Control, ggControl{Region: g.RegionID(r), Side: sideID(s)})
	}
	for _, s := range o.Stacks {
		loc := g.LocID(s.Loc)
		st := ggStack{Loc: loc, Target: ggLocTarget(loc), Pieces: []ggPiece{},
			Hidden: ggHidden{British: s.Hidden[0], Russian: s.Hidden[1], Neutral: s.Hidden[2]}}
		for _, p := range s.Pieces {
			st.Pieces = append(st.Pieces, pieceView(g.Counter(p)))
		}
		b.Stacks = append(b.Stacks, st)
	}
	for _, m := range o.Markers {
		b.Markers = append(b.Markers, ggMarker{Kind: m.Kind.String(), Side: sideID(m.Side), Sq: g.LocID(m.Sq)})
	}
	for _, p := range o.Prisoners {
		held := "british"
		if g.LocID(g.Pieces[p].Loc) == "prison-russian" {
			held = "russian"
		}
		b.Prisoners = append(b.Prisoners, ggPrisoner{Piece: pieceView(g.Counter(p)), HeldBy: held})
	}
	b.Pending = ggPending{Step: o.Pending.Step, Prompt: i18n.Text(o.Pending.Prompt)}
	if o.Pending.Side != greatgame.NoSide {
		b.Pending.Side = sideID(o.Pending.Side)
	}
	if o.Seat != greatgame.NoSide && o.Pending.Side == o.Seat && g.StepName() == "deal" {
		d := &g.Deal
		b.Deal = &ggDeal{Give: int(d.Give), Ask: int(d.Ask), Cede: []string{}, Want: []string{}}
		for r := range g.Data().Map.Regions {
			if d.Cede&(1<<uint(r)) != 0 {
				b.Deal.Cede = append(b.Deal.Cede, g.RegionID(r))
			}
			if d.Want&(1<<uint(r)) != 0 {
				b.Deal.Want = append(b.Deal.Want, g.RegionID(r))
			}
		}
	}
	b.Map = mapView()
	return b
}

// ggLocTarget is the element id of a stack's location.
func ggLocTarget(loc string) string {
	if strings.HasPrefix(loc, "base-") {
		return loc
	}
	return sqTarget(loc)
}

func pieceView(c greatgame.Counter) ggPiece {
	return ggPiece{N: c.Index, Target: pieceTarget(c.Index), Name: i18n.Text(c.Name), Owner: sideID(c.Owner), Nation: c.Nation,
		Agent: c.Agent, Type: c.Type, Kind: c.Kind, Abbr: c.Abbr, Brigades: c.Brigades, Strength: c.Strength, Move: c.Move,
		CRT: c.CRT, Pol: c.Political, Mil: c.Military, Reduced: c.Reduced}
}

// ---- the printed map, the same for every view ----

// ggMapView is the printed map: the grid as rows of letters, and the
// regions, waters, cities, ports, trade routes, rivers and bases on it.
// Square ids are CCRR (column then row, 1-based).
type ggMapView struct {
	Cols int `json:"cols"`
	Rows int `json:"rows"`
	// Terrain has a row of letters per map row: c clear, d desert,
	// m mountain, s sea.
	Terrain []string `json:"terrain"`
	// Areas has a row of letters per map row: the letter of the region or
	// water each square lies in (Regions[].Letter, Waters[].Letter).
	Areas   []string     `json:"areas"`
	Regions []ggRegion   `json:"regions"`
	Waters  []ggWater    `json:"waters"`
	Ghazis  ggNamed      `json:"ghazis"`
	Cities  []ggCity     `json:"cities"`
	Ports   []ggPort     `json:"ports"`
	Routes  []ggChain    `json:"routes"`
	Rivers  []ggChain    `json:"rivers"`
	Bases   []ggBaseView `json:"bases"`
}

type ggNamed struct {
	ID   string    `json:"id"`
	Name i18n.Text `json:"name"`
}

type ggRegion struct {
	ID      string    `json:"id"`
	Name    i18n.Text `json:"name"`
	Abbr    string    `json:"abbr"`
	Letter  string    `json:"letter"`
	Colour  string    `json:"colour"` // the counters' colour as the rulebook names it
	VP      int       `json:"vp"`
	Capital string    `json:"capital"` // city id
	// Label is the square where the drawing writes the region's name: its
	// squares' middle, or the nearest of them to it.
	Label  string `json:"label"`
	Target string `json:"target"` // region-ID
}

type ggWater struct {
	ID     string    `json:"id"`
	Name   i18n.Text `json:"name"`
	Letter string    `json:"letter"`
	Label  string    `json:"label"`
}

type ggCity struct {
	ID      string    `json:"id"`
	Name    i18n.Text `json:"name"`
	Sq      string    `json:"sq"`
	Region  string    `json:"region"`
	Capital bool      `json:"capital,omitempty"`
	Income  int       `json:"income,omitempty"`
	Port    bool      `json:"port,omitempty"`
}

type ggPort struct {
	Name i18n.Text `json:"name"`
	Sq   string    `json:"sq"`
}

type ggChain struct {
	ID      string    `json:"id"`
	Name    i18n.Text `json:"name"`
	Squares []string  `json:"squares"`
	Base    string    `json:"base,omitempty"` // a route leading off the map to a base
	Edge    string    `json:"edge,omitempty"` // a route leading off a map edge
}

type ggBaseView struct {
	ID     string    `json:"id"` // base-british or base-russian: also its element id
	Name   i18n.Text `json:"name"`
	Side   string    `json:"side"`
	VP     int       `json:"vp"`
	Region string    `json:"region"` // the region it opens onto
	Entry  []string  `json:"entry"`  // the squares its units enter the map by (19.1)
}

var terrainLetters = [greatgame.NumTerrains]byte{'c', 'd', 'm', 's'}

// mapView is the printed map, built once.
var mapView = sync.OnceValue(func() *ggMapView {
	d, err := data()
	if err != nil {
		return nil
	}
	return buildMapView(d.Map, d)
})

func buildMapView(m *greatgame.Map, d *greatgame.Data) *ggMapView {
	v := &ggMapView{Cols: m.Cols, Rows: m.Rows, Ghazis: ggNamed{ID: d.Regions.Ghazis.ID, Name: i18n.Text(d.Regions.Ghazis.Name)}}
	for r := 0; r < m.Rows; r++ {
		ter, area := make([]byte, m.Cols), make([]byte, m.Cols)
		for c := 0; c < m.Cols; c++ {
			sq := &m.Squares[m.At(c, r)]
			ter[c] = '?'
			if sq.Terrain >= 0 && int(sq.Terrain) < len(terrainLetters) {
				ter[c] = terrainLetters[sq.Terrain]
			}
			area[c] = '?'
			switch {
			case sq.Region >= 0:
				area[c] = m.Regions[sq.Region].Letter
			case sq.Water >= 0:
				area[c] = m.Waters[sq.Water].Letter
			}
		}
		v.Terrain = append(v.Terrain, string(ter))
		v.Areas = append(v.Areas, string(area))
	}
	sqID := func(i int) string {
		if i < 0 || i >= len(m.Squares) {
			return ""
		}
		return m.Squares[i].ID
	}
	for _, rg := range m.Regions {
		capital := ""
		if rg.Capital >= 0 {
			capital = m.Cities[rg.Capital].ID
		}
		v.Regions = append(v.Regions, ggRegion{ID: rg.ID, Name: i18n.Text(rg.Name), Abbr: rg.Abbr, Letter: string(rg.Letter), Colour: rg.Colour,
			VP: rg.VP, Capital: capital, Label: sqID(middle(m, rg.Squares)), Target: regionTarget(rg.ID)})
	}
	for _, w := range m.Waters {
		v.Waters = append(v.Waters, ggWater{ID: w.ID, Name: i18n.Text(w.Name), Letter: string(w.Letter), Label: sqID(middle(m, w.Squares))})
	}
	for _, c := range m.Cities {
		city := ggCity{ID: c.ID, Name: i18n.Text(c.Name), Sq: sqID(c.Square), Capital: c.Capital, Income: c.Income}
		if c.Region >= 0 {
			city.Region = m.Regions[c.Region].ID
		}
		if c.Square >= 0 {
			city.Port = m.Squares[c.Square].Port
		}
		v.Cities = append(v.Cities, city)
	}
	for _, p := range m.Ports {
		v.Ports = append(v.Ports, ggPort{Name: i18n.Text(p.Name), Sq: sqID(p.Square)})
	}
	chains := func(cs []greatgame.Chain) []ggChain {
		out := []ggChain{}
		for _, c := range cs {
			ch := ggChain{ID: c.ID, Name: i18n.Text(c.Name), Base: c.Base, Edge: c.Edge}
			for _, s := range c.Squares {
				ch.Squares = append(ch.Squares, sqID(s))
			}
			out = append(out, ch)
		}
		return out
	}
	v.Routes, v.Rivers = chains(m.Routes), chains(m.Rivers)
	for _, b := range m.Bases {
		bv := ggBaseView{ID: "base-" + b.Side, Name: i18n.Text(b.Name), Side: b.Side, VP: b.VP}
		if b.LandRegion >= 0 {
			bv.Region = m.Regions[b.LandRegion].ID
		}
		for _, s := range b.Entry {
			bv.Entry = append(bv.Entry, sqID(s))
		}
		v.Bases = append(v.Bases, bv)
	}
	return v
}

// middle is the square of a set nearest the middle of its squares, where a
// label of the set's name may stand; -1 for none.
func middle(m *greatgame.Map, sqs []int) int {
	if len(sqs) == 0 {
		return -1
	}
	var sc, sr float64
	for _, s := range sqs {
		sc += float64(m.Squares[s].Col)
		sr += float64(m.Squares[s].Row)
	}
	sc /= float64(len(sqs))
	sr /= float64(len(sqs))
	best, bestD := -1, 0.0
	for _, s := range sqs {
		dc, dr := float64(m.Squares[s].Col)-sc, float64(m.Squares[s].Row)-sr
		if d := dc*dc + dr*dr; best < 0 || d < bestD {
			best, bestD = s, d
		}
	}
	return best
}

// Chapter numbers the game turn, so that a replay jumps by turn.
func (t *webTable) Chapter() (string, int) { return "turn", t.g.Turn }
