package gandhiplug

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"
	"sync"

	"durbar/core"
	"durbar/core/i18n"
	"durbar/gandhi"
	"durbar/plug"
)

// Gandhi (package gandhi) on the server. Each of the four factions has its
// own seat, in faction order; a computer seat is run by the Non-Player
// (Arjuna) system of rules section 8, which lives in the game state, so a
// game with computer seats is still rebuilt from (seed, setup, log) alone.
// The board is open information: every seat and spectator sees the same
// view. What nobody may see — the draw deck below the Upcoming card, the
// Arjuna deck, the seed and the random sources — never enters a view.

// gandhiNP is the id of the one computer player Gandhi offers.
const gandhiNP = "np"

// gandhiScenarioLabels names the embedded scenarios for the creation form,
// in the order offered (the first is the default).
var gandhiScenarioLabels = []plug.Choice{
	{ID: "main", Label: "Main scenario (1917–1947)"},
	{ID: "short", Label: "Short scenario (1930–1947)"},
	{ID: "quick", Label: "Quick-start scenario"},
}

// gandhiRecentCards is how many played cards the board lists by name.
const gandhiRecentCards = 5

// gandhiKind is the Kind of Gandhi; the map, cards and Arjuna tables are
// loaded once per Kind and shared, read-only, by every table.
type gandhiKind struct {
	data func() (*gandhi.Data, error)
}

// newKind returns the Kind of Gandhi.
func newKind() plug.Kind {
	return &gandhiKind{data: sync.OnceValues(func() (*gandhi.Data, error) {
		d, err := gandhi.DefaultData()
		if err != nil {
			return nil, fmt.Errorf("gandhi components: %w", err)
		}
		return d, nil
	})}
}

// scenarios lists the embedded scenarios, labelled ones first in their
// order, then any others under their own names.
func (k *gandhiKind) scenarios() []plug.Choice {
	have := gandhi.Scenarios()
	var out []plug.Choice
	for _, c := range gandhiScenarioLabels {
		if slices.Contains(have, c.ID) {
			out = append(out, c)
		}
	}
	for _, s := range have {
		if !slices.ContainsFunc(out, func(c plug.Choice) bool { return c.ID == s }) {
			out = append(out, plug.Choice{ID: s, Label: s})
		}
	}
	return out
}

func gandhiSeats() []plug.Choice {
	seats := make([]plug.Choice, gandhi.NumFactions)
	for f := range gandhi.NumFactions {
		seats[f] = plug.Choice{ID: f.ID(), Label: f.String()}
	}
	return seats
}

func (k *gandhiKind) Catalog() plug.Catalog {
	return plug.Catalog{
		Name:      gameName,
		Title:     gameTitle,
		Version:   gandhi.Version,
		Scenarios: k.scenarios(),
		Seats:     gandhiSeats(),
		MinSeats:  int(gandhi.NumFactions),
		MaxSeats:  int(gandhi.NumFactions),
		Computers: []plug.Choice{{ID: gandhiNP, Label: "Non-Player (Arjuna, rules 8)"}},
	}
}

func (k *gandhiKind) Prepare(req plug.CreateRequest) (json.RawMessage, []plug.SeatSpec, error) {
	scen := req.Scenario
	all := k.scenarios()
	if scen == "" && len(all) > 0 {
		scen = all[0].ID
	}
	if !slices.ContainsFunc(all, func(c plug.Choice) bool { return c.ID == scen }) {
		return nil, nil, fmt.Errorf("gandhi has no scenario %q (have %s)", req.Scenario, plug.ChoiceIDs(all))
	}
	if len(req.Variants) > 0 {
		return nil, nil, fmt.Errorf("gandhi has no variants, but %q was asked for", strings.Join(req.Variants, ", "))
	}
	if len(req.Seats) != int(gandhi.NumFactions) {
		return nil, nil, fmt.Errorf("gandhi has one seat per faction (raj, congress, league, rev): 4 seats, not %d", len(req.Seats))
	}
	setup := gandhi.Setup{Scenario: scen}
	seats := make([]plug.SeatSpec, len(req.Seats))
	for i, s := range req.Seats {
		f := gandhi.Faction(i)
		spec := plug.SeatSpec{Name: f.String(), Kind: s.Kind}
		switch s.Kind {
		case plug.Human:
		case plug.Computer:
			spec.Bot = s.Bot
			if spec.Bot == "" {
				spec.Bot = gandhiNP
			}
			if spec.Bot != gandhiNP {
				return nil, nil, fmt.Errorf("seat %d (%s): unknown computer player %q (Gandhi's computer player is %q, the Non-Player of rules 8)", i+1, f, s.Bot, gandhiNP)
			}
			setup.NP = append(setup.NP, f.ID())
		default:
			return nil, nil, fmt.Errorf("seat %d (%s): kind must be %q or %q, not %q", i+1, f, plug.Human, plug.Computer, s.Kind)
		}
		seats[i] = spec
	}
	raw, err := json.Marshal(setup)
	if err != nil {
		return nil, nil, err
	}
	return raw, seats, nil
}

// decodeGandhiSetup reads a stored setup strictly: an unknown field is more
// likely a corrupt record than something to ignore.
func decodeGandhiSetup(raw json.RawMessage) (gandhi.Setup, error) {
	var st gandhi.Setup
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&st); err != nil {
		return st, fmt.Errorf("gandhi setup: %w", err)
	}
	if st.Scenario == "" && st.Position == nil {
		return st, errors.New("gandhi setup names neither a scenario nor a position")
	}
	return st, nil
}

func (k *gandhiKind) Open(setup json.RawMessage, seats []plug.SeatSpec, seed uint64, log []string) (t plug.Table, err error) {
	data, err := k.data()
	if err != nil {
		return nil, err
	}
	st, err := decodeGandhiSetup(setup)
	if err != nil {
		return nil, err
	}
	if len(seats) != int(gandhi.NumFactions) {
		return nil, fmt.Errorf("gandhi has 4 seats, one per faction, but %d are recorded", len(seats))
	}
	// The setup decides who the Non-Players are; the seats must agree, or
	// the server would wait for a person on a seat the engine runs (or
	// drive a seat a person holds).
	for i, s := range seats {
		f := gandhi.Faction(i)
		np := slices.Contains(st.NP, f.ID())
		switch {
		case s.Kind == plug.Computer && s.Bot != gandhiNP:
			return nil, fmt.Errorf("seat %d (%s): unknown computer player %q", i+1, f, s.Bot)
		case s.Kind == plug.Computer && !np, s.Kind == plug.Human && np:
			return nil, fmt.Errorf("seat %d (%s) is recorded as %s, but the setup's Non-Players are %v", i+1, f, s.Kind, st.NP)
		case s.Kind != plug.Computer && s.Kind != plug.Human:
			return nil, fmt.Errorf("seat %d (%s): kind must be %q or %q, not %q", i+1, f, plug.Human, plug.Computer, s.Kind)
		}
	}
	g, err := gandhi.New(data, st, seed)
	if err != nil {
		return nil, err
	}
	if err := core.Replay(g, log); err != nil {
		return nil, err
	}
	return &gandhiTable{g: g, scenario: st.Scenario}, nil
}

// gandhiTable is one running game of Gandhi.
type gandhiTable struct {
	g        *gandhi.Game
	scenario string

	pending plug.PendingDecision
}

func (t *gandhiTable) Decision() core.Decision {
	return t.pending.Of(t.g)
}

func (t *gandhiTable) Apply(id string) error {
	err := t.g.Apply(id)
	t.pending.Forget() // even a refused option may have been listed afresh
	return err
}

func (t *gandhiTable) PlayComputer() (string, error) {
	if t.g.Over {
		return "", errors.New("the game is over: no computer move to make")
	}
	if !t.g.NPToMove() {
		d := t.Decision()
		return "", fmt.Errorf("the pending decision is %s's, which is not a computer seat", gandhiFactionName(d.Role))
	}
	id, err := t.g.ApplyNP()
	t.pending.Forget()
	if err != nil {
		return "", err
	}
	return id, nil
}

func gandhiFactionName(id string) string {
	if f, ok := gandhi.ParseFaction(id); ok {
		return f.String()
	}
	return id
}

func (t *gandhiTable) Irreversible() core.Barrier { return t.g.Irreversible() }

func (t *gandhiTable) Log() []string { return slices.Clone(t.g.LogText) }

func (t *gandhiTable) Result() string {
	g := t.g
	if !g.Over {
		return ""
	}
	var b strings.Builder
	// A lone player against the Non-Players wins or loses by 8.10.
	if won, winner, title, ok := g.SoloWinner(); ok {
		if won {
			fmt.Fprintf(&b, "You win (8.10): %s.", title)
		} else {
			fmt.Fprintf(&b, "You lose (8.10): %s won — %s.", winner, title)
		}
		b.WriteString(" ")
	}
	if len(g.Result) > 0 {
		verb := "wins"
		if g.Result[0] == gandhi.Rev {
			verb = "win" // "Revolutionaries" is plural
		}
		fmt.Fprintf(&b, "%s %s", g.Result[0], verb)
	} else {
		b.WriteString("Game over")
	}
	if g.Reason != "" {
		fmt.Fprintf(&b, " (%s)", g.Reason)
	}
	b.WriteString(".")
	if len(g.Result) > 0 {
		b.WriteString(" Ranking:")
		for i, f := range g.Result {
			if i > 0 {
				b.WriteString(";")
			}
			fmt.Fprintf(&b, " %d. %s (%d, margin %+d)", i+1, f, g.VP[f], g.Margin(f))
		}
	}
	return b.String()
}

// Annotate points an option at the space it names. Option ids carry a space
// as "space:S", "to:S", or "PREFIX:PIECE:S" for the prefixes from, move,
// take and place (docs/gandhi-formats.md); "from:gandhi" picks Gandhi, who
// stands in one space. Everything else (card actions, counts, pieces to
// remove in the space already chosen) has no target.
func (t *gandhiTable) Annotate(o core.Option) (target, extra string) {
	m := t.g.Map()
	isSpace := func(id string) bool { _, ok := m.ID(id); return ok }
	parts := strings.Split(o.ID, ":")
	switch {
	case o.ID == "from:gandhi":
		if t.g.Gandhi >= 0 && t.g.Gandhi < len(m.Spaces) {
			return m.Spaces[t.g.Gandhi].ID, "gandhi"
		}
	case len(parts) == 2 && (parts[0] == "space" || parts[0] == "to") && isSpace(parts[1]):
		return parts[1], ""
	case len(parts) == 3 && isSpace(parts[2]):
		switch parts[0] {
		case "from", "move", "take", "place":
			return parts[2], parts[1]
		}
	}
	return "", ""
}

// ---- the board view ----

// gandhiBoard is the JSON view of a Gandhi board, the same for every seat.
// It holds what the printed game shows face up: the map, tracks, the
// Current and Upcoming cards, the Viceroy, the boxes, and of the draw deck
// only how many cards (and Campaign cards) are left.
type gandhiBoard struct {
	Scenario string            `json:"scenario,omitempty"`
	Size     int               `json:"size"` // the map drawing is size × size
	Spaces   []gandhiSpaceView `json:"spaces"`
	Towns    []gandhiTownView  `json:"towns"`
	Tracks   gandhiTracks      `json:"tracks"`
	Cards    gandhiCards       `json:"cards"`
	Factions []gandhiFaction   `json:"factions"`
	// Gandhi is the space id Gandhi stands in, "jail", or "unplaced"
	// before Congress places him (Main set-up).
	Gandhi string `json:"gandhi"`
	// FirstDid is what the 1st Eligible faction executed on this card
	// ("op", "opsa", "event" or ""), which limits the 2nd (2.3.4).
	FirstDid string `json:"firstDid"`
	Over     bool   `json:"over"`
	// Ranking lists faction ids best first once the game is over.
	Ranking []string  `json:"ranking,omitempty"`
	Reason  i18n.Text `json:"reason,omitempty"`
}

type gandhiSpaceView struct {
	ID     string    `json:"id"`
	Name   i18n.Text `json:"name"`
	Type   string    `json:"type"` // city, province, state, railway
	Pop    int       `json:"pop,omitempty"`
	Muslim bool      `json:"muslim,omitempty"`
	Econ   int       `json:"econ,omitempty"`
	At     [2]int    `json:"at"`
	Ends   []string  `json:"ends,omitempty"` // a railway's end City or Town ids
	Adj    []string  `json:"adj"`
	// Support is the level's id (docs/gandhi-formats.md); "" on Railways.
	Support string `json:"support,omitempty"`
	Control bool   `json:"control,omitempty"` // Raj Control (1.7)
	// Pieces counts the pieces by id (troop, sepoy, congress, league,
	// guerrilla, active-guerrilla, league-base, rev-base); zeros left out.
	Pieces          map[string]int `json:"pieces"`
	ActivistsActive bool           `json:"activistsActive,omitempty"` // 1.4.3
	Gandhi          bool           `json:"gandhi,omitempty"`
	Protest         bool           `json:"protest,omitempty"`
	Strike          bool           `json:"strike,omitempty"`
	MuslimState     bool           `json:"muslimState,omitempty"`
	Unrest          int            `json:"unrest,omitempty"`
}

type gandhiTownView struct {
	ID   string    `json:"id"`
	Name i18n.Text `json:"name"`
	At   [2]int    `json:"at"`
}

type gandhiTracks struct {
	Restraint int  `json:"restraint"`
	Unity     int  `json:"unity"`
	Crisis    bool `json:"crisis"` // Restraint and Unity both at 1 (6.8)
	// Protest markers off the map, and how many of them an Operation may
	// place at this Restraint (1.10).
	ProtestsOffMap  int `json:"protestsOffMap"`
	ProtestsForOps  int `json:"protestsForOps"`
	UnrestLeft      int `json:"unrestLeft"`      // Unrest/Strike markers not on the map (1.11)
	MuslimStateLeft int `json:"muslimStateLeft"` // Muslim State markers not on the map
}

type gandhiCard struct {
	Number   int       `json:"number"`
	Title    i18n.Text `json:"title"`
	Year     int       `json:"year,omitempty"`
	Flavour  i18n.Text `json:"flavour,omitempty"`
	Factions []string  `json:"factions,omitempty"` // the faction symbols left to right (2.3.2)
	Unshaded i18n.Text `json:"unshaded,omitempty"`
	Shaded   i18n.Text `json:"shaded,omitempty"`
	// Campaign cards (2.4) carry a Viceroy and a capability instead.
	Campaign   bool      `json:"campaign,omitempty"`
	Viceroy    string    `json:"viceroy,omitempty"`
	Years      string    `json:"years,omitempty"`
	Capability i18n.Text `json:"capability,omitempty"`
}

type gandhiCards struct {
	Current  *gandhiCard `json:"current"`
	Upcoming *gandhiCard `json:"upcoming"`
	Viceroy  *gandhiCard `json:"viceroy"`
	// DeckLeft counts the cards still to draw below the Upcoming card, and
	// CampaignsLeft the Campaign cards among them; their order stays hidden.
	DeckLeft      int          `json:"deckLeft"`
	CampaignsLeft int          `json:"campaignsLeft"`
	PlayedCount   int          `json:"playedCount"`
	Recent        []gandhiCard `json:"recent"` // the last played cards, latest first (number and title)
}

type gandhiFaction struct {
	ID             string         `json:"id"`
	Name           i18n.Text      `json:"name"`
	Seat           int            `json:"seat"`
	NP             bool           `json:"np"` // run by the Non-Player system (8.0)
	Eligible       bool           `json:"eligible"`
	IneligibleNext bool           `json:"ineligibleNext,omitempty"` // an Event keeps it Ineligible through the next card
	Done           bool           `json:"done"`                     // has acted or passed on this card
	Acted          bool           `json:"acted"`                    // executed an Operation or Event on this card
	Resources      *int           `json:"resources,omitempty"`      // the Raj and the Revolutionaries only (1.8)
	Victory        int            `json:"victory"`                  // its victory total (1.9)
	Threshold      int            `json:"threshold"`                // the total it must exceed to win a check (7.2)
	Margin         int            `json:"margin"`
	Available      map[string]int `json:"available"`
	OutOfPlay      map[string]int `json:"outOfPlay"`
	Jail           int            `json:"jail,omitempty"` // Activists in Jail (Congress, League)
}

func (t *gandhiTable) Board(seat int) any {
	g := t.g
	m := g.Map()
	b := gandhiBoard{Scenario: t.scenario, Size: gandhi.LayoutSize, Over: g.Over, Reason: i18n.Text(g.Reason)}
	for i := range m.Spaces {
		b.Spaces = append(b.Spaces, t.spaceView(i))
	}
	for _, tw := range m.Towns {
		b.Towns = append(b.Towns, gandhiTownView{ID: tw.ID, Name: i18n.Text(tw.Name), At: [2]int{tw.At.X, tw.At.Y}})
	}
	protests, unrest, muslimStates := g.MarkersOnMap()
	b.Tracks = gandhiTracks{
		Restraint: g.Restraint, Unity: g.Unity, Crisis: g.Crisis(),
		ProtestsOffMap:  gandhi.NumProtestBoxes - protests,
		ProtestsForOps:  g.ProtestsAvailableForOps(),
		UnrestLeft:      gandhi.UnrestStrikePool - unrest,
		MuslimStateLeft: gandhi.MuslimStatePool - muslimStates,
	}
	b.Cards = gandhiCards{
		Current: t.card(g.Current), Upcoming: t.card(g.Upcoming), Viceroy: t.card(g.Viceroy),
		DeckLeft: len(g.Draw), CampaignsLeft: g.CampaignsLeft(), PlayedCount: len(g.Played), Recent: []gandhiCard{},
	}
	for k := len(g.Played) - 1; k >= 0 && len(b.Cards.Recent) < gandhiRecentCards; k-- {
		if c := t.card(g.Played[k]); c != nil {
			b.Cards.Recent = append(b.Cards.Recent, gandhiCard{Number: c.Number, Title: c.Title, Campaign: c.Campaign})
		}
	}
	acts := g.CardActions()
	b.FirstDid = acts.FirstDid
	for f := range gandhi.NumFactions {
		fv := gandhiFaction{
			ID: f.ID(), Name: i18n.Text(f.String()), Seat: g.Seats[f], NP: g.IsNP(f),
			Eligible: g.Eligible[f], IneligibleNext: g.IneligibleNext[f], Done: acts.Done[f], Acted: acts.Acted[f],
			Victory: g.VP[f], Threshold: gandhi.Threshold(f), Margin: g.Margin(f),
			Available: map[string]int{}, OutOfPlay: map[string]int{},
		}
		if f == gandhi.Raj || f == gandhi.Rev {
			r := g.Resources[f]
			fv.Resources = &r
		}
		switch f {
		case gandhi.Congress:
			fv.Jail = g.Jail[0]
		case gandhi.League:
			fv.Jail = g.Jail[1]
		}
		for pc := range gandhi.NumPieces {
			// Active Guerrillas never sit off the map: the pool is one.
			if pc.Owner() != f || pc == gandhi.GuerA {
				continue
			}
			fv.Available[pc.ID()] = g.Avail[pc]
			fv.OutOfPlay[pc.ID()] = g.OOP[pc]
		}
		b.Factions = append(b.Factions, fv)
	}
	switch {
	case g.Gandhi == gandhi.GandhiInJail:
		b.Gandhi = "jail"
	case g.Gandhi >= 0 && g.Gandhi < len(m.Spaces):
		b.Gandhi = m.Spaces[g.Gandhi].ID
	default:
		b.Gandhi = "unplaced"
	}
	for _, f := range g.Result {
		b.Ranking = append(b.Ranking, f.ID())
	}
	return b
}

func (t *gandhiTable) spaceView(i int) gandhiSpaceView {
	g := t.g
	sp := &g.Map().Spaces[i]
	st := &g.Sp[i]
	v := gandhiSpaceView{
		ID: sp.ID, Name: i18n.Text(sp.Name), Type: sp.Type.String(), Pop: sp.Pop, Muslim: sp.Muslim, Econ: sp.Econ,
		At: [2]int{sp.At.X, sp.At.Y}, Ends: sp.Ends, Adj: make([]string, len(sp.Adj)),
		Control: st.Control, Pieces: map[string]int{}, ActivistsActive: g.ActivistsActive(i), Gandhi: g.Gandhi == i,
		Protest: st.Protest, Strike: st.Strike, MuslimState: st.MuslimState, Unrest: int(st.Unrest),
	}
	if sp.Type != gandhi.Railway {
		v.Support = gandhi.SupportName(int(st.Support))
	}
	for k, j := range sp.Adj {
		v.Adj[k] = g.Map().Spaces[j].ID
	}
	for pc, n := range st.P {
		if n > 0 {
			v.Pieces[gandhi.Piece(pc).ID()] = int(n)
		}
	}
	return v
}

// card describes a face-up card; nil for none (0, before the first cards
// are turned up).
func (t *gandhiTable) card(n int) *gandhiCard {
	c, ok := t.g.Cards().Cards[n]
	if !ok {
		return nil
	}
	v := &gandhiCard{Number: c.Number, Title: i18n.Text(c.Title), Year: c.Year, Flavour: i18n.Text(c.Flavour),
		Unshaded: i18n.Text(c.Unshaded), Shaded: i18n.Text(c.Shaded), Campaign: c.Campaign, Years: c.Years, Capability: i18n.Text(c.Capability)}
	if c.Campaign {
		v.Viceroy = c.Viceroy.String()
	} else {
		for _, f := range c.Order {
			v.Factions = append(v.Factions, f.ID())
		}
	}
	return v
}

func (k *gandhiKind) Translations() (map[string]*i18n.Catalog, error) { return gandhi.Translations() }

// Chapter numbers the card being played, so that a replay jumps by card.
func (t *gandhiTable) Chapter() (string, int) { return "card", t.g.Current }

// ChapterName names the card being played, for the log's headings.
func (t *gandhiTable) ChapterName() (int, string) {
	c, ok := t.g.Cards().Cards[t.g.Current]
	if !ok {
		return 0, ""
	}
	return c.Number, c.Title
}
