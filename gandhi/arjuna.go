package gandhi

// Data layer of the Non-Player ("Arjuna") system of rules section 8: the
// Arjuna cards and the Non-Player tables, as the project's own edition in
// data/arjuna.json. This file only loads and validates the data; nothing in
// play consults it yet. See docs/gandhi-arjuna.md for the schema.

import (
	"bytes"
	_ "embed"
	"encoding/json"
	"fmt"
	"sort"
	"strings"
)

//go:embed data/arjuna.json
var defaultArjunaJSON []byte

// DefaultArjuna loads the embedded edition of the Arjuna cards and tables.
func DefaultArjuna() (*Arjuna, error) { return LoadArjuna(defaultArjunaJSON) }

// Arjuna is the validated Non-Player material (8.0): the Arjuna deck (8.3)
// and the tables of the Non-player aid.
type Arjuna struct {
	Comment     string                       `json:"comment"`
	Cards       []*ArjunaCard                `json:"cards"`
	Selection   map[string]*NPSelectionTable `json:"selection"`   // faction id → Space Selection Priorities (8.4.1)
	Move        NPMoveTable                  `json:"move"`        // Move Priorities (8.4.2)
	Adversaries map[string]*NPAdversaryTable `json:"adversaries"` // faction id → Adversary Priorities (8.5)
	Eligibility NPEligibilityTable           `json:"eligibility"` // NP Eligibility (8.2)
	Effective   map[string]*NPEffectiveTable `json:"effective"`   // faction id → Effective Events (8.8.3, 8.8.5)
	Viceroys    []NPViceroyRule              `json:"viceroys"`    // British Viceroys and NP Raj (8.1.6)
	Outcomes    NPOutcomes                   `json:"outcomes"`    // 1-player victory (8.10)

	bySide map[string]*ArjunaSide
	// eventColumns: each faction's Space Selection columns in the order
	// 8.8.5 reads them (built at load, npColumnOrder).
	eventColumns [NumFactions][]string
	// effective: each faction's Effective Events (8.8.3) as a word set.
	effective [NumFactions]npWords
}

// ArjunaCard is one double-sided Arjuna card: Front carries a single letter,
// Back the same letter doubled (8.3).
type ArjunaCard struct {
	FactionID string      `json:"faction"`
	Front     *ArjunaSide `json:"front"`
	Back      *ArjunaSide `json:"back"`
	Faction   Faction     `json:"-"`
}

// ArjunaSide is one flowchart. Its first box is where reading starts.
type ArjunaSide struct {
	Letter string       `json:"letter"`
	Boxes  []*ArjunaBox `json:"boxes"`
	card   *ArjunaCard
	byID   map[string]*ArjunaBox
}

// Box kinds of a flowchart (8.3).
const (
	ArjunaCondition = "condition"
	ArjunaOperation = "operation"
	ArjunaSpecial   = "special"
	ArjunaDraw      = "draw"
	ArjunaFlip      = "flip"
	ArjunaStop      = "stop"
)

// ArjunaBox is one box of a flowchart. Which fields apply depends on Kind.
type ArjunaBox struct {
	ID   string `json:"id"`
	Kind string `json:"kind"`
	Note string `json:"note,omitempty"`

	// condition: If is checked; true follows Yes (green arrow), false No (red).
	If  *ArjunaCond `json:"if,omitempty"`
	Yes string      `json:"yes,omitempty"`
	No  string      `json:"no,omitempty"`

	// operation
	Op         string            `json:"op,omitempty"`
	Column     string            `json:"column,omitempty"`     // Space Selection Priorities column (destination column for moves)
	Activation *ArjunaActivation `json:"activation,omitempty"` // Revolutionaries (required) or Raj ("restraint" only)
	MaxSpaces  int               `json:"maxSpaces,omitempty"`  // Congress/League note: at most this many spaces
	Steps      []string          `json:"steps,omitempty"`      // first, next, … instructions in each selected space
	Checks     []ArjunaCheck     `json:"checks,omitempty"`     // instructions done only where their condition holds
	After      []string          `json:"after,omitempty"`      // after all spaces have been selected

	// special: the first Special Activity that can be carried out is used (8.7).
	Attempts []ArjunaAttempt `json:"attempts,omitempty"`

	// operation and special: the box that follows.
	Next string `json:"next,omitempty"`
}

// ArjunaCond is a machine-checkable condition. Cond names a game-state
// condition (arjunaCardConds); Space names a condition on the space being
// acted in (arjunaSpaceConds) and is only allowed in checks and step ifs.
type ArjunaCond struct {
	Cond    string `json:"cond,omitempty"`
	Space   string `json:"space,omitempty"`
	N       *int   `json:"n,omitempty"`
	Faction string `json:"faction,omitempty"`
	Op      string `json:"op,omitempty"`
}

// ArjunaCheck is an Operation instruction performed only where If holds.
type ArjunaCheck struct {
	If ArjunaCond `json:"if"`
	Do string     `json:"do"`
}

// ArjunaAttempt is one Special Activity to try, with its ordered actions.
type ArjunaAttempt struct {
	SA    string         `json:"sa"`
	Steps []ArjunaSAStep `json:"steps"`
}

// ArjunaSAStep is one action of a Special Activity (e.g. Govern: Imperialism).
type ArjunaSAStep struct {
	Action string      `json:"action"`
	Column string      `json:"column,omitempty"`
	If     *ArjunaCond `json:"if,omitempty"`
	Note   string      `json:"note,omitempty"`
}

// ArjunaActivation is an Activation Number (8.6.2): a number, or Restraint.
type ArjunaActivation struct {
	N         int
	Restraint bool
}

// UnmarshalJSON accepts a number or the string "restraint".
func (a *ArjunaActivation) UnmarshalJSON(b []byte) error {
	var s string
	if err := json.Unmarshal(b, &s); err == nil {
		if s != "restraint" {
			return fmt.Errorf("activation %q: want a number or \"restraint\"", s)
		}
		*a = ArjunaActivation{Restraint: true}
		return nil
	}
	var n int
	if err := json.Unmarshal(b, &n); err != nil {
		return fmt.Errorf("activation %s: want a number or \"restraint\"", b)
	}
	*a = ArjunaActivation{N: n}
	return nil
}

// MarshalJSON writes the form UnmarshalJSON reads.
func (a ArjunaActivation) MarshalJSON() ([]byte, error) {
	if a.Restraint {
		return []byte(`"restraint"`), nil
	}
	return json.Marshal(a.N)
}

func (a ArjunaActivation) String() string {
	if a.Restraint {
		return "restraint"
	}
	return fmt.Sprint(a.N)
}

// NPSelectionTable is one faction's Space Selection Priorities table (8.4.1):
// ordered rows, each a space condition with dots in some columns.
type NPSelectionTable struct {
	Columns []NPColumn       `json:"columns"`
	Rows    []NPSelectionRow `json:"rows"`

	cols map[string][]string // Column of each column id, built at load
}

// NPColumn is a column: a stable id and the rules' name for it.
type NPColumn struct {
	ID   string `json:"id"`
	Name string `json:"name"`
}

// NPSelectionRow is a row: a space condition and the columns with a dot.
type NPSelectionRow struct {
	Cond string   `json:"cond"`
	Dots []string `json:"dots"`
}

// Column lists, top-down, the conditions of the rows with a dot in column id.
// The list is shared: callers only read it.
func (t *NPSelectionTable) Column(id string) []string {
	if t.cols != nil {
		return t.cols[id]
	}
	return t.column(id)
}

func (t *NPSelectionTable) column(id string) []string {
	var out []string
	for _, r := range t.Rows {
		for _, d := range r.Dots {
			if d == id {
				out = append(out, r.Cond)
			}
		}
	}
	return out
}

// HasColumn reports whether the table has column id.
func (t *NPSelectionTable) HasColumn(id string) bool {
	for _, c := range t.Columns {
		if c.ID == id {
			return true
		}
	}
	return false
}

// NPMoveTable is the Move Priorities table (8.4.2): ordered rows, each an
// instruction with a dot for the factions it applies to.
type NPMoveTable struct {
	Ops  map[string]string `json:"ops"` // faction id → the Operation that uses the table
	Rows []NPMoveRow       `json:"rows"`

	byFaction [NumFactions][]string // For of each faction, built at load
	built     bool
}

// NPMoveRow is one Move Priorities instruction.
type NPMoveRow struct {
	Rule string   `json:"rule"`
	Dots []string `json:"dots"` // faction ids
}

// For lists, top-down, the instructions with a dot for faction f. The list
// is shared: callers only read it.
func (m *NPMoveTable) For(f Faction) []string {
	if m.built {
		return m.byFaction[f]
	}
	return m.forFaction(f)
}

func (m *NPMoveTable) forFaction(f Faction) []string {
	var out []string
	for _, r := range m.Rows {
		for _, d := range r.Dots {
			if d == f.ID() {
				out = append(out, r.Rule)
			}
		}
	}
	return out
}

// NPAdversaryTable is one faction's Adversary Priorities (8.5).
type NPAdversaryTable struct {
	Order []NPTarget `json:"order"`
	Never []string   `json:"never"` // never removed or replaced when given a choice (8.5.3)
}

// NPTarget is one priority: a piece or marker kind, and whose ("player",
// "np" or "any").
type NPTarget struct {
	Piece string `json:"piece"`
	Of    string `json:"of"`
}

// NPEligibilityTable is the NP Eligibility table (8.2.1): the first row whose
// conditions hold gives the action.
type NPEligibilityTable struct {
	First  []NPEligibilityRow `json:"first"`
	Second []NPEligibilityRow `json:"second"`
}

// NPEligibilityRow holds when every All condition and (if Any is not empty)
// at least one Any condition holds.
type NPEligibilityRow struct {
	All    []string `json:"all,omitempty"`
	Any    []string `json:"any,omitempty"`
	Action string   `json:"action"`
}

// NPEffectiveTable lists the Event actions effective for a faction (8.8.3)
// and the Space Selection column each uses (8.8.5).
type NPEffectiveTable struct {
	Effective    []NPEffectiveAction `json:"effective"`
	NotEffective []string            `json:"notEffective"`
}

// NPEffectiveAction is an effective Event action and its column.
type NPEffectiveAction struct {
	Action string `json:"action"`
	Column string `json:"column"`
}

// NPViceroyRule is how a British Viceroy modifies NP Raj (8.1.6).
type NPViceroyRule struct {
	Viceroy    string `json:"viceroy"`
	Effect     string `json:"effect"`
	Op         string `json:"op,omitempty"`
	Activation int    `json:"activation,omitempty"`
}

// NPOutcomes are the 1-player results (8.10).
type NPOutcomes struct {
	Solo   string      `json:"solo"`
	NPWins []NPOutcome `json:"npWins"`
	Player []NPOutcome `json:"player"`
}

// NPOutcome is one result. For player results, the margin over the best
// Non-Player lies in MinMargin..MaxMargin (MaxMargin 0: no upper bound) and
// Faction, if set, is the player's faction.
type NPOutcome struct {
	Faction   string `json:"faction,omitempty"`
	MinMargin int    `json:"minMargin,omitempty"`
	MaxMargin int    `json:"maxMargin,omitempty"`
	Title     string `json:"title"`
	Text      string `json:"text"`
}

// ---- closed vocabularies ----

type arjunaCondSpec struct {
	n, faction, op bool      // parameters the condition takes
	only           []Faction // factions whose cards may use it; nil = all
	text           string
}

// arjunaCardConds: game-state conditions for condition boxes, checks and
// Special Activity step ifs.
var arjunaCardConds = map[string]arjunaCondSpec{
	"crisis":                                {text: "India is in Crisis (6.8)"},
	"gandhi-in-jail":                        {text: "Gandhi is in Jail"},
	"muslim-state-possible":                 {only: []Faction{League}, text: "a Muslim State could be placed now by Negotiate or Infiltrate"},
	"player-faction":                        {faction: true, text: "faction is played by a player"},
	"restraint-at-most":                     {n: true, text: "Restraint is n or less"},
	"restraint-at-least":                    {n: true, text: "Restraint is n or more"},
	"unity-at-most":                         {n: true, text: "Unity is n or less"},
	"unity-at-least":                        {n: true, text: "Unity is n or more"},
	"die-roll-at-most":                      {n: true, text: "a die roll is n or less"},
	"available-troops-at-least":             {n: true, only: []Faction{Raj}, text: "n or more Troops Available"},
	"available-activists-at-least":          {n: true, only: []Faction{Congress, League}, text: "n or more of the faction's Activists Available"},
	"available-guerrillas-at-least":         {n: true, only: []Faction{Rev}, text: "n or more Guerrillas Available"},
	"available-bases-at-least":              {n: true, only: []Faction{League, Rev}, text: "n or more of the faction's Bases Available"},
	"available-protests-at-least":           {n: true, only: []Faction{Congress, League}, text: "n or more Protest markers Available"},
	"jailed-activists-at-least":             {n: true, only: []Faction{Congress, League}, text: "n or more of the faction's Activists in Jail"},
	"unrest-spaces-at-least":                {n: true, text: "n or more spaces with Unrest"},
	"protest-spaces-at-least":               {n: true, text: "n or more spaces with Protest"},
	"cities-short-of-troops-at-least":       {n: true, only: []Faction{Raj}, text: "n or more Cities with fewer than 3 Troops"},
	"uncontrolled-cities-at-least":          {n: true, only: []Faction{Raj}, text: "n or more Cities without Raj Control"},
	"assault-spaces-at-least":               {n: true, only: []Faction{Raj}, text: "n or more spaces with cubes and Active adversaries"},
	"underground-guerrilla-spaces-at-least": {n: true, text: "n or more spaces with an Underground Guerrilla"},
	"active-guerrilla-spaces-at-least":      {n: true, text: "n or more spaces with an Active Guerrilla"},
	"op-spaces-at-least":                    {n: true, op: true, text: "n or more spaces eligible for Operation op"},
}

// arjunaSpaceConds: conditions on one space, for Space Selection rows and
// per-space checks. "most-…"/"fewest-…" compare the spaces still in the
// running.
var arjunaSpaceConds = map[string]string{
	"pop-2":                     "Population 2",
	"city":                      "a City",
	"province":                  "a Province",
	"state":                     "a Princely or Muslim State",
	"muslim":                    "a Muslim space",
	"non-muslim":                "not a Muslim space",
	"muslim-state":              "has a Muslim State marker",
	"not-active-opposition":     "not at Active Opposition",
	"no-support":                "at neither Passive nor Active Support",
	"most-opposition":           "the most Opposition",
	"most-support":              "the most Support",
	"has-protest":               "has a Protest marker",
	"no-protest":                "has no Protest marker",
	"has-unrest":                "has Unrest",
	"no-unrest":                 "has no Unrest",
	"raj-control":               "has Raj Control",
	"no-raj-control":            "has no Raj Control",
	"has-gandhi":                "holds Gandhi",
	"has-congress-activists":    "has Congress Activists",
	"no-congress-activists":     "has no Congress Activist",
	"most-congress-activists":   "the most Congress Activists",
	"most-league-activists":     "the most Muslim League Activists",
	"has-league-base":           "has a Muslim League Base",
	"no-league-base":            "has no Muslim League Base",
	"has-rev-base":              "has a Revolutionaries Base",
	"has-underground-guerrilla": "has an Underground Guerrilla",
	"no-underground-guerrilla":  "has no Underground Guerrilla",
	"has-active-guerrilla":      "has an Active Guerrilla",
	"no-guerrillas":             "has no Guerrilla",
	"most-guerrillas":           "the most Guerrillas",
	"most-cubes":                "the most cubes",
	"fewest-cubes":              "the fewest cubes",
	"has-troops":                "has a Troop",
	"player-adversary":          "has a piece of an adversary played by a player",
	"most-active-adversaries":   "the most Active adversary pieces",
	"league-above-congress":     "Muslim League pieces (Activists + Bases) exceed Congress pieces (Activists + Gandhi)",
	"league-not-above-congress": "Muslim League pieces do not exceed Congress pieces",
}

// arjunaColumns: the Space Selection Priorities columns of each faction,
// named as in the rules (8.4.1).
var arjunaColumns = [NumFactions][]NPColumn{
	Raj: {{"place-cubes", "Place Cubes"}, {"sweep", "Sweep"}, {"remove-or-replace", "Remove or Replace"}, {"shift-to-support", "Shift to Support"}},
	Congress: {{"place-activists", "Place Activists"}, {"demonstrate", "Demonstrate"}, {"place-protests", "Place Protests"},
		{"move-or-release-gandhi", "Move or Release Gandhi"}, {"remove-or-replace", "Remove or Replace"}, {"shift-to-opposition", "Shift to Opposition"}},
	League: {{"place-bases", "Place Bases"}, {"place-activists", "Place Activists"}, {"demonstrate", "Demonstrate"}, {"place-protests", "Place Protests"},
		{"place-muslim-states", "Place Muslim States"}, {"remove-or-replace", "Remove or Replace"}, {"shift-to-opposition", "Shift to Opposition"}},
	Rev: {{"place-guerrillas", "Place Guerrillas"}, {"place-bases", "Place Bases"}, {"march", "March"},
		{"attack-or-go-underground", "Attack or Go Underground"}, {"place-unrest", "Place Unrest"}, {"remove-or-replace", "Remove or Replace"}},
}

// arjunaOps: the Operations a Non-Player faction may be told to execute.
// NP Raj never Garrisons (8.6.3).
var arjunaOps = [NumFactions][]string{
	Raj:      {"deploy", "sweep", "assault"},
	Congress: {"congress-rally", "congress-demonstrate", "congress-civil-disobedience", "congress-non-cooperation"},
	League:   {"league-rally", "league-demonstrate", "league-civil-disobedience", "league-non-cooperation"},
	Rev:      {"rev-rally", "march", "attack", "unrest"},
}

// arjunaSAs: each faction's Special Activities and the actions an Arjuna
// card may ask of them (8.7).
var arjunaSAs = [NumFactions]map[string][]string{
	Raj: {
		"treaty":      {"remove-active"},
		"govern":      {"remove-protests", "imperialism", "remove-adversary"},
		"martial-law": {"martial-law"},
	},
	Congress: {
		"negotiate":         {"release-gandhi", "remove-muslim-state"},
		"satyagraha":        {"move-gandhi", "remove-protest-and-unrest", "place-activist"},
		"congress-persuade": {"remove-adversary", "activate-guerrillas"},
	},
	League: {
		"league-negotiate":  {"remove-unrest", "place-muslim-state"},
		"league-infiltrate": {"replace-adversary", "place-muslim-state"},
		"league-persuade":   {"remove-adversary", "activate-guerrillas"},
	},
	Rev: {
		"aid":            {"flip-underground"},
		"rev-infiltrate": {"replace-adversary", "place-base"},
		"assassinate":    {"remove-adversary"},
	},
}

// arjunaMoveRules: Move Priorities instructions (8.4.2).
var arjunaMoveRules = map[string]string{
	"keep-raj-control":          "lose no Raj Control in any origin",
	"no-protest-origin":         "never take cubes out of a Protest space",
	"keep-protest-activist":     "keep one friendly Activist in each origin with Protest",
	"keep-no-raj-control":       "keep enough pieces that an origin without Raj Control does not gain it",
	"keep-muslim-pop":           "keep Activists equal to Population in each Muslim origin",
	"keep-unrest-base":          "keep one Guerrilla in each origin with Unrest or a Revolutionaries Base",
	"get-troop":                 "get one Troop to a City or Province destination",
	"get-sepoy":                 "get one Sepoy to the destination",
	"get-activist":              "move one friendly Activist to the destination",
	"get-guerrilla":             "move one Guerrilla to the destination, then pick the next destination",
	"cubes-exceed-active":       "add cubes until they exceed Active adversaries in the destination",
	"activists-match-cubes":     "add Activists until Activists (both NV factions) equal or exceed cubes in the destination",
	"sepoys-before-troops":      "move Sepoys before Troops",
	"league-along-unity":        "bring Muslim League Activists along one for one, up to Unity",
	"underground-first":         "move Underground Guerrillas before Active ones",
	"protest-if-no-raj-control": "place an Available Protest where the destination has no Raj Control",
	"activate-on-arrival":       "as each cube arrives, Activate an Underground Guerrilla there",
}

// arjunaPieceOwner: kinds of piece or marker in Adversary Priorities; markers
// belong to no faction (-1).
var arjunaPieceOwner = map[string]Faction{
	"gandhi": Congress, "troop": Raj, "sepoy": Raj, "congress-activist": Congress, "league-activist": League,
	"guerrilla": Rev, "league-base": League, "rev-base": Rev,
	"protest": -1, "unrest": -1, "strike": -1, "muslim-state": -1,
}

// arjunaEligConds: conditions of the NP Eligibility table (8.2.1).
var arjunaEligConds = map[string]string{
	"current-critical-effective": "the Current Event is Critical for this faction and effective for it",
	"current-critical-for-next":  "the Current Event is Critical for the next Eligible faction",
	"first-next-card":            "this faction is sure to be 1st Eligible on the Upcoming card",
	"upcoming-critical":          "the Upcoming Event is Critical for this faction",
	"current-not-critical":       "the Current Event is not Critical for this faction",
	"current-not-executable":     "this faction cannot execute the Current Event (not effective, or the 1st Eligible took an Operation only)",
	"first-did-op-sa":            "the 1st Eligible faction executed an Operation with a Special Activity",
	"first-did-op-only":          "the 1st Eligible faction executed an Operation only",
	"current-effective":          "the Current Event is effective for this faction",
	"current-not-effective":      "the Current Event is not effective for this faction",
}

// arjunaEligActions: what the NP Eligibility table may choose (2.3).
var arjunaEligActions = map[string]string{
	"event":      "execute the Event",
	"op-sa":      "Operation plus Special Activity (draw Arjuna)",
	"op-only":    "Operation only (draw Arjuna, skip Special Activities)",
	"limited-op": "Limited Operation (draw Arjuna, one space, no Special Activity)",
	"pass":       "Pass",
}

// arjunaEventActions: kinds of Event action judged by Effective Events (8.8.3).
var arjunaEventActions = map[string]string{
	"place-cubes":                "add or place Troops or Sepoys",
	"move-cubes":                 "move cubes",
	"activate-guerrillas":        "Activate Guerrillas",
	"arrest":                     "arrest Gandhi or Activists",
	"move-out-of-play":           "move adversary pieces Out of Play",
	"remove-adversary":           "remove adversary pieces",
	"replace-adversary":          "replace adversary pieces",
	"shift-toward-support":       "set or shift spaces toward Active Support",
	"shift-toward-opposition":    "set or shift spaces toward Active Opposition",
	"place-activists":            "add or place the faction's Activists",
	"activists-from-out-of-play": "move the faction's Activists from Out of Play",
	"release-activists":          "release Activists from Jail",
	"place-protest":              "add or place Protest",
	"move-gandhi":                "move Gandhi",
	"release-gandhi":             "release Gandhi from Jail",
	"place-base":                 "add or place the faction's Base",
	"place-muslim-state":         "place a Muslim State",
	"place-guerrillas":           "add Guerrillas",
	"add-unrest":                 "add Unrest",
	"attack":                     "Attack",
	"flip-underground":           "flip Guerrillas Underground",
	"remove-unrest":              "remove Unrest",
	"remove-muslim-state":        "remove a Muslim State",
	"resources":                  "add or subtract Resources",
}

// arjunaViceroyEffects: how a Viceroy may modify NP Raj (8.1.6).
var arjunaViceroyEffects = map[string]string{
	"none":                  "no effect on NP Raj",
	"activation":            "the Activation Number of op is the given number",
	"martial-law-no-unrest": "Martial Law adds no Unrest and may select spaces without Unrest",
	"sweep-before-assault":  "Sweep into one space selected for Assault first",
}

// ---- lookups ----

// CardsFor lists faction f's Arjuna cards in file order.
func (a *Arjuna) CardsFor(f Faction) []*ArjunaCard {
	var out []*ArjunaCard
	for _, c := range a.Cards {
		if c.Faction == f {
			out = append(out, c)
		}
	}
	return out
}

// Side finds a card side by its letter ("B" or "BB").
func (a *Arjuna) Side(letter string) (*ArjunaSide, bool) {
	s, ok := a.bySide[letter]
	return s, ok
}

// Card is the card this side belongs to.
func (s *ArjunaSide) Card() *ArjunaCard { return s.card }

// Start is the box reading begins with.
func (s *ArjunaSide) Start() *ArjunaBox { return s.Boxes[0] }

// Box finds a box of this side by id.
func (s *ArjunaSide) Box(id string) *ArjunaBox { return s.byID[id] }

// Other is the other side of the card (the target of a flip box).
func (s *ArjunaSide) Other() *ArjunaSide {
	if s.card.Front == s {
		return s.card.Back
	}
	return s.card.Front
}

// SelectionTable is faction f's Space Selection Priorities table.
func (a *Arjuna) SelectionTable(f Faction) *NPSelectionTable { return a.Selection[f.ID()] }

// AdversaryTable is faction f's Adversary Priorities.
func (a *Arjuna) AdversaryTable(f Faction) *NPAdversaryTable { return a.Adversaries[f.ID()] }

// EffectiveTable is faction f's Effective Events entry.
func (a *Arjuna) EffectiveTable(f Faction) *NPEffectiveTable { return a.Effective[f.ID()] }

// ---- loading ----

// LoadArjuna parses and validates the Arjuna data. Every problem found is
// reported.
func LoadArjuna(data []byte) (*Arjuna, error) {
	var a Arjuna
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&a); err != nil {
		return nil, fmt.Errorf("arjuna data: %w", err)
	}
	v := &arjunaValidator{a: &a}
	v.tables()
	v.cards()
	v.move()
	v.adversaries()
	v.eligibility()
	v.effective()
	v.viceroys()
	v.outcomes()
	if len(v.errs) > 0 {
		sort.Strings(v.errs)
		return nil, fmt.Errorf("arjuna data is invalid:\n  %s", joinLines(v.errs))
	}
	a.index()
	return &a, nil
}

// index builds the lookups the Non-Player engine reads on every decision,
// once: the columns of the Space Selection tables, the Move Priorities of
// each faction, and the column order of 8.8.5.
func (a *Arjuna) index() {
	for _, t := range a.Selection {
		t.cols = make(map[string][]string, len(t.Columns))
		for _, c := range t.Columns {
			t.cols[c.ID] = t.column(c.ID)
		}
	}
	for f := Faction(0); f < NumFactions; f++ {
		a.Move.byFaction[f] = a.Move.forFaction(f)
		a.eventColumns[f] = a.columnOrder(f)
		if t := a.EffectiveTable(f); t != nil {
			for _, e := range t.Effective {
				a.effective[f] |= npW(e.Action)
			}
		}
	}
	a.Move.built = true
}

type arjunaValidator struct {
	a    *Arjuna
	errs []string
}

func (v *arjunaValidator) bad(format string, args ...any) {
	v.errs = append(v.errs, fmt.Sprintf(format, args...))
}

// perFaction checks that a map keyed by faction id has exactly the four factions.
func perFaction[T any](v *arjunaValidator, what string, m map[string]*T) {
	for k, x := range m {
		if _, ok := ParseFaction(k); !ok {
			v.bad("%s: unknown faction %q", what, k)
		} else if x == nil {
			v.bad("%s: %s is null", what, k)
		}
	}
	for f := Faction(0); f < NumFactions; f++ {
		if m[f.ID()] == nil {
			v.bad("%s: missing faction %q", what, f.ID())
		}
	}
}

func arjunaHas(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

func (v *arjunaValidator) tables() {
	perFaction(v, "selection", v.a.Selection)
	for f := Faction(0); f < NumFactions; f++ {
		t := v.a.Selection[f.ID()]
		if t == nil {
			continue
		}
		want := arjunaColumns[f]
		if len(t.Columns) != len(want) {
			v.bad("selection %s: needs the %d columns of 8.4.1, found %d", f.ID(), len(want), len(t.Columns))
		} else {
			for i, c := range t.Columns {
				if c != want[i] {
					v.bad("selection %s: column %d is %s %q; the rules name it %s %q", f.ID(), i+1, c.ID, c.Name, want[i].ID, want[i].Name)
				}
			}
		}
		dots := map[string]int{}
		seen := map[string]bool{}
		for i, r := range t.Rows {
			if _, ok := arjunaSpaceConds[r.Cond]; !ok {
				v.bad("selection %s: row %d: unknown space condition %q", f.ID(), i+1, r.Cond)
			}
			if seen[r.Cond] {
				v.bad("selection %s: condition %q has two rows", f.ID(), r.Cond)
			}
			seen[r.Cond] = true
			if len(r.Dots) == 0 {
				v.bad("selection %s: row %q has no dot", f.ID(), r.Cond)
			}
			rowDots := map[string]bool{}
			for _, d := range r.Dots {
				if !t.HasColumn(d) {
					v.bad("selection %s: row %q: unknown column %q", f.ID(), r.Cond, d)
				}
				if rowDots[d] {
					v.bad("selection %s: row %q: column %q dotted twice", f.ID(), r.Cond, d)
				}
				rowDots[d] = true
				dots[d]++
			}
		}
		for _, c := range t.Columns {
			if dots[c.ID] == 0 {
				v.bad("selection %s: column %q has no dot", f.ID(), c.ID)
			}
		}
	}
}

func (v *arjunaValidator) cards() {
	a := v.a
	a.bySide = map[string]*ArjunaSide{}
	count := [NumFactions]int{}
	for i, c := range a.Cards {
		where := fmt.Sprintf("card %d", i+1)
		if c == nil {
			v.bad("%s is null", where)
			continue
		}
		f, ok := ParseFaction(c.FactionID)
		if !ok {
			v.bad("%s: unknown faction %q", where, c.FactionID)
			continue
		}
		c.Faction = f
		count[f]++
		if c.Front == nil || c.Back == nil {
			v.bad("%s: needs a front and a back (8.3)", where)
			continue
		}
		c.Front.card, c.Back.card = c, c
		fl, bl := c.Front.Letter, c.Back.Letter
		if len(fl) != 1 || fl[0] < 'A' || fl[0] > 'Z' {
			v.bad("%s: front letter %q must be one capital letter (8.3)", where, fl)
		} else if bl != fl+fl {
			v.bad("%s: back letter %q must be the front letter doubled, %q (8.3)", where, bl, fl+fl)
		}
		for _, s := range []*ArjunaSide{c.Front, c.Back} {
			if _, dup := a.bySide[s.Letter]; dup {
				v.bad("card letter %q used twice", s.Letter)
			}
			a.bySide[s.Letter] = s
			v.side(f, s)
		}
		v.flow(c)
	}
	for f := Faction(0); f < NumFactions; f++ {
		if count[f] != 6 {
			v.bad("the Arjuna deck needs 6 cards for %s (8.3), found %d", f.ID(), count[f])
		}
	}
}

func (v *arjunaValidator) cond(f Faction, where string, c *ArjunaCond, spaceOK bool) {
	switch {
	case c == nil:
		v.bad("%s: missing condition", where)
		return
	case c.Cond != "" && c.Space != "":
		v.bad("%s: a condition is either cond or space, not both", where)
		return
	case c.Space != "":
		if !spaceOK {
			v.bad("%s: space condition %q is only allowed in per-space checks", where, c.Space)
		} else if _, ok := arjunaSpaceConds[c.Space]; !ok {
			v.bad("%s: unknown space condition %q", where, c.Space)
		}
		if c.N != nil || c.Faction != "" || c.Op != "" {
			v.bad("%s: space condition %q takes no parameters", where, c.Space)
		}
		return
	case c.Cond == "":
		v.bad("%s: empty condition", where)
		return
	}
	spec, ok := arjunaCardConds[c.Cond]
	if !ok {
		v.bad("%s: unknown condition %q", where, c.Cond)
		return
	}
	if spec.only != nil {
		allowed := false
		for _, o := range spec.only {
			allowed = allowed || o == f
		}
		if !allowed {
			v.bad("%s: condition %q does not apply to %s", where, c.Cond, f.ID())
		}
	}
	if spec.n != (c.N != nil) {
		v.bad("%s: condition %q %s a number n", where, c.Cond, map[bool]string{true: "needs", false: "takes no"}[spec.n])
	} else if c.N != nil {
		n := *c.N
		switch {
		case strings.HasPrefix(c.Cond, "restraint-") || strings.HasPrefix(c.Cond, "unity-"):
			if n < MinTrack || n > MaxTrack {
				v.bad("%s: %q n=%d is off the track (%d-%d)", where, c.Cond, n, MinTrack, MaxTrack)
			}
		case c.Cond == "die-roll-at-most":
			if n < 1 || n > 5 {
				v.bad("%s: die-roll-at-most n=%d must be 1-5", where, n)
			}
		case n < 1:
			v.bad("%s: %q n=%d must be at least 1", where, c.Cond, n)
		}
	}
	if spec.faction != (c.Faction != "") {
		v.bad("%s: condition %q %s a faction", where, c.Cond, map[bool]string{true: "needs", false: "takes no"}[spec.faction])
	} else if c.Faction != "" {
		if g, ok := ParseFaction(c.Faction); !ok {
			v.bad("%s: unknown faction %q", where, c.Faction)
		} else if g == f {
			v.bad("%s: a Non-Player's card cannot ask whether its own faction is a player", where)
		}
	}
	if spec.op != (c.Op != "") {
		v.bad("%s: condition %q %s an op", where, c.Cond, map[bool]string{true: "needs", false: "takes no"}[spec.op])
	} else if c.Op != "" && !arjunaHas(arjunaOps[f], c.Op) {
		v.bad("%s: %q is not an Operation of NP %s", where, c.Op, f.ID())
	}
}

func (v *arjunaValidator) side(f Faction, s *ArjunaSide) {
	s.byID = map[string]*ArjunaBox{}
	if len(s.Boxes) == 0 {
		v.bad("card %s has no boxes", s.Letter)
		return
	}
	for i, b := range s.Boxes {
		if b == nil {
			v.bad("card %s: box %d is null", s.Letter, i+1)
			continue
		}
		if b.ID == "" {
			v.bad("card %s: box %d has no id", s.Letter, i+1)
		} else if _, dup := s.byID[b.ID]; dup {
			v.bad("card %s: box id %q used twice", s.Letter, b.ID)
		}
		s.byID[b.ID] = b
	}
	table := v.a.Selection[f.ID()]
	column := func(where, col string, required bool) {
		switch {
		case col == "" && required:
			v.bad("%s: needs a Space Selection column", where)
		case col != "" && table != nil && !table.HasColumn(col):
			v.bad("%s: %q is not a column of the %s Space Selection Priorities table", where, col, f.ID())
		}
	}
	ref := func(where, what, id string) {
		if id == "" {
			v.bad("%s: missing %s box id", where, what)
		} else if s.byID[id] == nil {
			v.bad("%s: %s box %q does not exist", where, what, id)
		}
	}
	for _, b := range s.Boxes {
		if b == nil {
			continue
		}
		where := fmt.Sprintf("card %s box %q", s.Letter, b.ID)
		isCond, isOp, isSA := b.Kind == ArjunaCondition, b.Kind == ArjunaOperation, b.Kind == ArjunaSpecial
		if !isCond && (b.If != nil || b.Yes != "" || b.No != "") {
			v.bad("%s: if/yes/no belong to condition boxes", where)
		}
		if !isOp && (b.Op != "" || b.Column != "" || b.Activation != nil || b.MaxSpaces != 0 || b.Steps != nil || b.Checks != nil || b.After != nil) {
			v.bad("%s: op/column/activation/maxSpaces/steps/checks/after belong to operation boxes", where)
		}
		if !isSA && b.Attempts != nil {
			v.bad("%s: attempts belong to special boxes", where)
		}
		if !isOp && !isSA && b.Next != "" {
			v.bad("%s: next belongs to operation and special boxes", where)
		}
		switch b.Kind {
		case ArjunaCondition:
			v.cond(f, where, b.If, false)
			ref(where, "yes", b.Yes)
			ref(where, "no", b.No)
		case ArjunaOperation:
			ref(where, "next", b.Next)
			switch {
			case f == Raj && b.Op == "garrison":
				v.bad("%s: NP Raj never executes Garrison (8.6.3)", where)
			case !arjunaHas(arjunaOps[f], b.Op):
				v.bad("%s: unknown Operation %q for NP %s", where, b.Op, f.ID())
			}
			column(where, b.Column, true)
			switch f {
			case Rev:
				if b.Activation == nil {
					v.bad("%s: a Revolutionaries Operation needs an Activation Number (8.6.2)", where)
				} else if !b.Activation.Restraint && b.Activation.N != 2 && b.Activation.N != 3 {
					v.bad("%s: Activation Number %s must be 2, 3 or restraint (8.6.2)", where, b.Activation)
				}
			case Raj:
				if b.Activation != nil && !b.Activation.Restraint {
					v.bad("%s: NP Raj's Activation Number is always Restraint (8.6.2)", where)
				}
			default:
				if b.Activation != nil {
					v.bad("%s: Congress and Muslim League have no Activation Number (8.6.1)", where)
				}
			}
			if b.MaxSpaces < 0 || (b.MaxSpaces > 0 && (f == Raj || f == Rev)) {
				v.bad("%s: maxSpaces is a positive note on Congress and Muslim League cards only", where)
			}
			if len(b.Steps) == 0 {
				v.bad("%s: an Operation needs at least one instruction", where)
			}
			for i, c := range b.Checks {
				v.cond(f, fmt.Sprintf("%s check %d", where, i+1), &c.If, true)
				if c.Do == "" {
					v.bad("%s check %d: nothing to do", where, i+1)
				}
			}
		case ArjunaSpecial:
			ref(where, "next", b.Next)
			if len(b.Attempts) == 0 {
				v.bad("%s: a Special Activity box needs at least one Special Activity", where)
			}
			seen := map[string]bool{}
			for i, at := range b.Attempts {
				aw := fmt.Sprintf("%s attempt %d", where, i+1)
				actions, ok := arjunaSAs[f][at.SA]
				if !ok {
					v.bad("%s: unknown Special Activity %q for NP %s", aw, at.SA, f.ID())
				}
				if seen[at.SA] {
					v.bad("%s: %q listed twice", aw, at.SA)
				}
				seen[at.SA] = true
				if len(at.Steps) == 0 {
					v.bad("%s: %q needs at least one action", aw, at.SA)
				}
				for j, st := range at.Steps {
					sw := fmt.Sprintf("%s step %d", aw, j+1)
					if ok && !arjunaHas(actions, st.Action) {
						v.bad("%s: %q is not an action of %s (one of %s)", sw, st.Action, at.SA, strings.Join(actions, ", "))
					}
					column(sw, st.Column, false)
					if st.If != nil {
						v.cond(f, sw, st.If, true)
					}
				}
			}
		case ArjunaDraw, ArjunaFlip, ArjunaStop:
		default:
			v.bad("%s: unknown box kind %q", where, b.Kind)
		}
	}
}

// flow checks a card's two flowcharts together, reading from the front's
// first box, a flip box leading to the other side's first box: every box is
// reachable, the chart has no cycle (so every path ends at stop or draw),
// there is an Operation, and Assassinate only follows an Unrest Operation
// (4.5.3).
func (v *arjunaValidator) flow(c *ArjunaCard) {
	type node struct {
		s *ArjunaSide
		b *ArjunaBox
	}
	for _, s := range []*ArjunaSide{c.Front, c.Back} {
		if len(s.Boxes) == 0 || s.Boxes[0] == nil {
			return
		}
		for _, b := range s.Boxes {
			if b == nil {
				return
			}
		}
	}
	next := func(n node) []node {
		var ids []string
		switch n.b.Kind {
		case ArjunaCondition:
			ids = []string{n.b.Yes, n.b.No}
		case ArjunaOperation, ArjunaSpecial:
			ids = []string{n.b.Next}
		case ArjunaFlip:
			o := n.s.Other()
			return []node{{o, o.Boxes[0]}}
		}
		var out []node
		for _, id := range ids {
			if b := n.s.byID[id]; b != nil {
				out = append(out, node{n.s, b})
			}
		}
		return out
	}
	key := func(n node) string { return n.s.Letter + ":" + n.b.ID }
	const (
		white = iota
		grey
		black
	)
	colour := map[string]int{}
	var path []string
	var cycles []string
	var visit func(n node)
	visit = func(n node) {
		k := key(n)
		switch colour[k] {
		case grey:
			i := len(path) - 1
			for i > 0 && path[i] != k {
				i--
			}
			cycles = append(cycles, strings.Join(append(append([]string{}, path[i:]...), k), " → "))
			return
		case black:
			return
		}
		colour[k] = grey
		path = append(path, k)
		for _, m := range next(n) {
			visit(m)
		}
		path = path[:len(path)-1]
		colour[k] = black
	}
	start := node{c.Front, c.Front.Boxes[0]}
	visit(start)
	for _, cy := range cycles {
		v.bad("card %s: cycle %s; a flowchart must run to a stop or draw box (8.3)", c.Front.Letter, cy)
	}
	hasOp := false
	for _, s := range []*ArjunaSide{c.Front, c.Back} {
		for _, b := range s.Boxes {
			if colour[key(node{s, b})] == white {
				v.bad("card %s: box %q cannot be reached from the start of card %s", s.Letter, b.ID, c.Front.Letter)
			}
			hasOp = hasOp || b.Kind == ArjunaOperation
		}
	}
	if !hasOp {
		v.bad("card %s: no Operation on either side", c.Front.Letter)
	}
	// Assassinate needs spaces already selected for Unrest.
	seen := map[string]bool{}
	queue := []node{start}
	for len(queue) > 0 {
		n := queue[0]
		queue = queue[1:]
		if seen[key(n)] {
			continue
		}
		seen[key(n)] = true
		if n.b.Kind == ArjunaOperation && n.b.Op == "unrest" {
			continue
		}
		if n.b.Kind == ArjunaSpecial {
			for _, at := range n.b.Attempts {
				if at.SA == "assassinate" {
					v.bad("card %s box %q: Assassinate must follow an Unrest Operation on every path (4.5.3)", n.s.Letter, n.b.ID)
				}
			}
		}
		queue = append(queue, next(n)...)
	}
}

func (v *arjunaValidator) move() {
	m := &v.a.Move
	perFactionString := func() {
		for k := range m.Ops {
			if _, ok := ParseFaction(k); !ok {
				v.bad("move ops: unknown faction %q", k)
			}
		}
	}
	perFactionString()
	want := [NumFactions]string{Raj: "sweep", Congress: "congress-demonstrate", League: "league-demonstrate", Rev: "march"}
	for f := Faction(0); f < NumFactions; f++ {
		if m.Ops[f.ID()] != want[f] {
			v.bad("move ops: %s uses the Move Priorities table for %q (8.4.2), found %q", f.ID(), want[f], m.Ops[f.ID()])
		}
	}
	seen := map[string]bool{}
	dotted := [NumFactions]int{}
	for i, r := range m.Rows {
		if _, ok := arjunaMoveRules[r.Rule]; !ok {
			v.bad("move row %d: unknown instruction %q", i+1, r.Rule)
		}
		if seen[r.Rule] {
			v.bad("move row %q appears twice", r.Rule)
		}
		seen[r.Rule] = true
		if len(r.Dots) == 0 {
			v.bad("move row %q has no dot", r.Rule)
		}
		for _, d := range r.Dots {
			if f, ok := ParseFaction(d); !ok {
				v.bad("move row %q: unknown faction %q", r.Rule, d)
			} else {
				dotted[f]++
			}
		}
	}
	for f := Faction(0); f < NumFactions; f++ {
		if dotted[f] == 0 {
			v.bad("move: no instruction for %s", f.ID())
		}
	}
}

func (v *arjunaValidator) adversaries() {
	perFaction(v, "adversaries", v.a.Adversaries)
	for f := Faction(0); f < NumFactions; f++ {
		t := v.a.Adversaries[f.ID()]
		if t == nil {
			continue
		}
		if len(t.Order) == 0 {
			v.bad("adversaries %s: empty order", f.ID())
		}
		seen := map[NPTarget]bool{}
		for i, p := range t.Order {
			owner, ok := arjunaPieceOwner[p.Piece]
			switch {
			case !ok:
				v.bad("adversaries %s: row %d: unknown piece %q", f.ID(), i+1, p.Piece)
			case owner == f:
				v.bad("adversaries %s: row %d: %q is the faction's own piece", f.ID(), i+1, p.Piece)
			case owner < 0 && p.Of != "any":
				v.bad("adversaries %s: row %d: marker %q belongs to no faction; use of \"any\"", f.ID(), i+1, p.Piece)
			}
			if p.Of != "player" && p.Of != "np" && p.Of != "any" {
				v.bad("adversaries %s: row %d: of must be player, np or any, not %q", f.ID(), i+1, p.Of)
			}
			if arjunaHas(t.Never, p.Piece) {
				v.bad("adversaries %s: %q is both targeted and never removed", f.ID(), p.Piece)
			}
			if seen[p] {
				v.bad("adversaries %s: %s/%s listed twice", f.ID(), p.Piece, p.Of)
			}
			seen[p] = true
		}
		for _, n := range t.Never {
			if _, ok := arjunaPieceOwner[n]; !ok {
				v.bad("adversaries %s: never: unknown piece %q", f.ID(), n)
			}
		}
	}
}

func (v *arjunaValidator) eligibility() {
	for _, part := range []struct {
		name string
		rows []NPEligibilityRow
	}{{"first", v.a.Eligibility.First}, {"second", v.a.Eligibility.Second}} {
		if len(part.rows) == 0 {
			v.bad("eligibility %s: no rows", part.name)
			continue
		}
		for i, r := range part.rows {
			if _, ok := arjunaEligActions[r.Action]; !ok {
				v.bad("eligibility %s row %d: unknown action %q", part.name, i+1, r.Action)
			}
			for _, c := range append(append([]string{}, r.All...), r.Any...) {
				if _, ok := arjunaEligConds[c]; !ok {
					v.bad("eligibility %s row %d: unknown condition %q", part.name, i+1, c)
				}
			}
			last := i == len(part.rows)-1
			if last && (len(r.All) > 0 || len(r.Any) > 0) {
				v.bad("eligibility %s: the last row must be unconditional (otherwise)", part.name)
			}
			if !last && len(r.All) == 0 && len(r.Any) == 0 {
				v.bad("eligibility %s row %d: only the last row may be unconditional", part.name, i+1)
			}
		}
	}
}

func (v *arjunaValidator) effective() {
	perFaction(v, "effective", v.a.Effective)
	for f := Faction(0); f < NumFactions; f++ {
		t := v.a.Effective[f.ID()]
		if t == nil {
			continue
		}
		if len(t.Effective) == 0 {
			v.bad("effective %s: no effective action", f.ID())
		}
		seen := map[string]bool{}
		for _, e := range t.Effective {
			if _, ok := arjunaEventActions[e.Action]; !ok {
				v.bad("effective %s: unknown Event action %q", f.ID(), e.Action)
			}
			if seen[e.Action] {
				v.bad("effective %s: %q listed twice", f.ID(), e.Action)
			}
			seen[e.Action] = true
			if tb := v.a.Selection[f.ID()]; tb != nil && !tb.HasColumn(e.Column) {
				v.bad("effective %s: %q uses unknown column %q", f.ID(), e.Action, e.Column)
			}
		}
		for _, n := range t.NotEffective {
			if _, ok := arjunaEventActions[n]; !ok {
				v.bad("effective %s: unknown Event action %q", f.ID(), n)
			}
			if seen[n] {
				v.bad("effective %s: %q is both effective and not", f.ID(), n)
			}
		}
	}
}

func (v *arjunaValidator) viceroys() {
	seen := map[string]bool{}
	for _, r := range v.a.Viceroys {
		known := false
		for _, id := range viceroyIDs[1:] {
			known = known || id == r.Viceroy
		}
		if !known {
			v.bad("viceroys: unknown viceroy %q", r.Viceroy)
		}
		if seen[r.Viceroy] {
			v.bad("viceroys: %q listed twice", r.Viceroy)
		}
		seen[r.Viceroy] = true
		if _, ok := arjunaViceroyEffects[r.Effect]; !ok {
			v.bad("viceroys %s: unknown effect %q", r.Viceroy, r.Effect)
		}
		if (r.Effect == "activation") != (r.Op != "") || (r.Effect == "activation") != (r.Activation > 0) {
			v.bad("viceroys %s: op and activation go with (only) the activation effect", r.Viceroy)
		}
		if r.Op != "" && !arjunaHas(arjunaOps[Raj], r.Op) {
			v.bad("viceroys %s: %q is not an NP Raj Operation", r.Viceroy, r.Op)
		}
	}
	for _, id := range viceroyIDs[1:] {
		if !seen[id] {
			v.bad("viceroys: missing %q", id)
		}
	}
}

func (v *arjunaValidator) outcomes() {
	o := v.a.Outcomes
	if o.Solo == "" {
		v.bad("outcomes: missing solo text")
	}
	seen := map[string]bool{}
	for _, w := range o.NPWins {
		if _, ok := ParseFaction(w.Faction); !ok {
			v.bad("outcomes npWins: unknown faction %q", w.Faction)
		}
		if seen[w.Faction] {
			v.bad("outcomes npWins: %q twice", w.Faction)
		}
		seen[w.Faction] = true
		if w.Title == "" || w.Text == "" || w.MinMargin != 0 || w.MaxMargin != 0 {
			v.bad("outcomes npWins %s: needs a title and text and no margins", w.Faction)
		}
	}
	if len(seen) != int(NumFactions) {
		v.bad("outcomes npWins: need one per faction")
	}
	for i, p := range o.Player {
		if p.Faction != "" {
			if _, ok := ParseFaction(p.Faction); !ok {
				v.bad("outcomes player %d: unknown faction %q", i+1, p.Faction)
			}
		}
		if p.MinMargin < 1 || (p.MaxMargin != 0 && p.MaxMargin < p.MinMargin) || p.Title == "" || p.Text == "" {
			v.bad("outcomes player %d: needs a title, text and a margin band from 1 up", i+1)
		}
	}
	// Every faction must have a result for every positive margin.
	for f := Faction(0); f < NumFactions; f++ {
		for m := 1; m <= 12; m++ {
			if v.a.PlayerOutcome(f, m) == nil {
				v.bad("outcomes player: no result for %s winning by %d", f.ID(), m)
				break
			}
		}
	}
}

// NPWinner is the result when Non-Player faction f wins a 1-player game.
func (a *Arjuna) NPWinner(f Faction) *NPOutcome {
	for i := range a.Outcomes.NPWins {
		if a.Outcomes.NPWins[i].Faction == f.ID() {
			return &a.Outcomes.NPWins[i]
		}
	}
	return nil
}

// PlayerOutcome is the result when the lone player, as faction f, beats the
// best Non-Player margin by margin (8.10); nil if margin is not positive.
func (a *Arjuna) PlayerOutcome(f Faction, margin int) *NPOutcome {
	for i := range a.Outcomes.Player {
		p := &a.Outcomes.Player[i]
		if (p.Faction == "" || p.Faction == f.ID()) && margin >= p.MinMargin && (p.MaxMargin == 0 || margin <= p.MaxMargin) {
			return p
		}
	}
	return nil
}
