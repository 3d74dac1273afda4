package rajasplug

import (
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"
	"sync"

	"durbar/bots"
	"durbar/core"
	"durbar/core/i18n"
	"durbar/plug"
	"durbar/rajas"
)

// Rajas of the Ganges (package rajas) on the server. The game has no
// private information: dice, provinces, tracks and the top tile of every
// pile are open to all, so every seat and spectator sees the same board.
// What nobody sees — the tiles under the top of each pile, the face-down
// white production tiles, the seed and the random source — never enters a
// view.

// rajasMCTSIterations caps the searching computer on the server so that a
// move takes well under a second: on one core of a modest 2020s machine a
// decision averages about 0.15 s and the slowest of a game about 0.5 s
// (rajas.DefaultMCTSIterations, meant for the command line, takes one to
// two seconds). The server plays the computer moves of a game one after
// another, so a slow search would hold the table up. A fixed iteration
// count, unlike a time budget, keeps the bot's choices reproducible.
//
// The cap was 150 when the search cloned, listed and scored through
// Decision/Apply with labels; on the compact door it runs about three
// times the iterations per second (rajas BenchmarkMCTSBot, mid-game
// 4-player positions: 1,290 → 3,940 iterations/s, 409,000 → 3,900
// allocations per decision), so the same think time buys 450.
const rajasMCTSIterations = 450

// rajasComputers are the computer players offered for Rajas, the default
// first; ids are rajas.BotKinds names.
func rajasComputers() []plug.Choice {
	return []plug.Choice{
		{ID: "bot", Label: "Heuristic bot"},
		{ID: "mcts", Label: "MCTS bot (slow, strong)"},
		{ID: "random", Label: "Random"},
	}
}

// Variant ids of the creation form, mapped onto rajas.Setup: the
// Navaratnas version and the Ganga module (the river tiles) as the
// rulebook names them. "river-tiles", the Ganga module's former id, is
// still accepted (docs/rajas-formats.md, "Old set-ups").
const (
	rajasNavaratnas   = "navaratnas"
	rajasGanga        = "ganga"
	rajasRiverTiles   = "river-tiles"
	rajasExpertPrefix = "expert-" // expert-1 … expert-4: mixed groups, 1-based seat
)

func rajasVariants() []plug.Choice {
	v := []plug.Choice{
		{ID: rajasNavaratnas, Label: "Navaratnas (all players)"},
		{ID: rajasGanga, Label: "Ganga module (river tiles)"},
	}
	for p := range 4 {
		v = append(v, plug.Choice{ID: fmt.Sprintf("%s%d", rajasExpertPrefix, p+1),
			Label: fmt.Sprintf("Mixed group: %s plays the expert (Navaratnas) side", rajasSeatName(p)), MinSeats: p + 1})
	}
	return v
}

// rajasSeatName is rajas.SeatName capitalised for display ("Player 1").
func rajasSeatName(p int) string { return rajasCapitalize(rajas.SeatName(p)) }

func rajasCapitalize(s string) string {
	if s == "" || s[0] < 'a' || s[0] > 'z' {
		return s
	}
	return string(s[0]-'a'+'A') + s[1:]
}

// rajasKind is the Kind of Rajas; the components are loaded once per Kind
// and shared, read-only, by every table.
type rajasKind struct {
	data func() (*rajasData, error)
}

// rajasData is the edition with the lookups the adapter needs.
type rajasData struct {
	d     *rajas.Data
	tiles map[string]*rajas.Tile // province tiles by id
}

// newKind returns the Kind of Rajas of the Ganges.
func newKind() plug.Kind {
	return &rajasKind{data: sync.OnceValues(func() (*rajasData, error) {
		d, err := rajas.DefaultData()
		if err != nil {
			return nil, fmt.Errorf("rajas components: %w", err)
		}
		rd := &rajasData{d: d, tiles: map[string]*rajas.Tile{}}
		for i := range d.Tiles {
			rd.tiles[d.Tiles[i].ID] = &d.Tiles[i]
		}
		return rd, nil
	})}
}

func (k *rajasKind) Catalog() plug.Catalog {
	return plug.Catalog{
		Name:      rajas.GameName,
		Title:     gameTitle,
		Version:   rajas.Version,
		MinSeats:  2,
		MaxSeats:  4,
		Computers: rajasComputers(),
		Variants:  rajasVariants(),
	}
}

func (k *rajasKind) Prepare(req plug.CreateRequest) (json.RawMessage, []plug.SeatSpec, error) {
	if req.Scenario != "" && req.Scenario != "standard" {
		return nil, nil, fmt.Errorf("rajas has no scenario %q (leave it empty)", req.Scenario)
	}
	n := len(req.Seats)
	if n < 2 || n > 4 {
		return nil, nil, fmt.Errorf("rajas is played by 2 to 4 players, not %d (%s)", n, rajas.RuleSetup)
	}
	seats := make([]plug.SeatSpec, n)
	for p, s := range req.Seats {
		spec := plug.SeatSpec{Name: rajasSeatName(p), Kind: s.Kind}
		switch s.Kind {
		case plug.Human:
		case plug.Computer:
			spec.Bot = s.Bot
			if spec.Bot == "" {
				spec.Bot = rajasComputers()[0].ID
			}
			if !slices.ContainsFunc(rajasComputers(), func(c plug.Choice) bool { return c.ID == spec.Bot }) {
				return nil, nil, fmt.Errorf("seat %d: unknown computer player %q (have %s)", p+1, s.Bot, plug.ChoiceIDs(rajasComputers()))
			}
		default:
			return nil, nil, fmt.Errorf("seat %d: kind must be %q or %q, not %q", p+1, plug.Human, plug.Computer, s.Kind)
		}
		seats[p] = spec
	}
	setup := rajas.Setup{Players: n}
	for _, v := range req.Variants {
		switch {
		case v == rajasNavaratnas:
			setup.Navaratnas = true
		case v == rajasGanga, v == rajasRiverTiles:
			setup.Ganga = true
		case strings.HasPrefix(v, rajasExpertPrefix):
			var seat int
			if _, err := fmt.Sscanf(v, rajasExpertPrefix+"%d", &seat); err != nil || fmt.Sprintf("%s%d", rajasExpertPrefix, seat) != v || seat < 1 || seat > 4 {
				return nil, nil, fmt.Errorf("unknown variant %q (have %s)", v, plug.ChoiceIDs(rajasVariants()))
			}
			if seat > n {
				return nil, nil, fmt.Errorf("variant %q names seat %d, but the game has %d seats (%s)", v, seat, n, rajas.RuleMixed)
			}
			if !slices.Contains(setup.Experts, seat-1) {
				setup.Experts = append(setup.Experts, seat-1)
			}
		default:
			return nil, nil, fmt.Errorf("unknown variant %q (have %s)", v, plug.ChoiceIDs(rajasVariants()))
		}
	}
	slices.Sort(setup.Experts)
	if err := setup.Validate(); err != nil {
		return nil, nil, err
	}
	raw, err := json.Marshal(setup)
	if err != nil {
		return nil, nil, err
	}
	return raw, seats, nil
}

// newServerBot builds the computer player of a seat. The searching bot gets
// the server's iteration cap (rajasMCTSIterations); the others are
// rajas.NewBot's.
func newServerBot(kind string, seed uint64) (bots.Player, error) {
	if kind == "mcts" {
		return rajas.NewMCTSBot(seed, rajasMCTSIterations), nil
	}
	return rajas.NewBot(kind, seed)
}

// rajasBotSeed derives a computer seat's seed from the game's, so that the
// seats of a game, and the same seat in different games, play differently.
func rajasBotSeed(seed uint64, seat int) uint64 {
	x := seed ^ (uint64(seat+1) * 0x9e3779b97f4a7c15)
	x ^= x >> 31
	x *= 0xbf58476d1ce4e5b9
	return x ^ x>>29
}

func (k *rajasKind) Open(setup json.RawMessage, seats []plug.SeatSpec, seed uint64, log []string) (t plug.Table, err error) {
	rd, err := k.data()
	if err != nil {
		return nil, err
	}
	st, err := rajas.ParseSetup(setup)
	if err != nil {
		return nil, err
	}
	if len(seats) != st.Players {
		return nil, fmt.Errorf("rajas set-up is for %d players but %d seats are recorded", st.Players, len(seats))
	}
	tb := &rajasTable{rd: rd, bots: make([]bots.Player, len(seats))}
	for p, s := range seats {
		switch s.Kind {
		case plug.Human:
		case plug.Computer:
			if tb.bots[p], err = newServerBot(s.Bot, rajasBotSeed(seed, p)); err != nil {
				return nil, fmt.Errorf("seat %d: %w", p+1, err)
			}
		default:
			return nil, fmt.Errorf("seat %d: kind must be %q or %q, not %q", p+1, plug.Human, plug.Computer, s.Kind)
		}
	}
	if tb.g, err = rajas.New(rd.d, st, seed); err != nil {
		return nil, err
	}
	if err := core.Replay(tb.g, log); err != nil {
		return nil, err
	}
	return tb, nil
}

// rajasTable is one running game of Rajas with its computer players.
type rajasTable struct {
	rd      *rajasData
	g       *rajas.Game
	bots    []bots.Player        // by seat; nil for a human seat
	pending plug.PendingDecision // Annotate needs the deciding seat for every option
}

func (t *rajasTable) Decision() core.Decision {
	return t.pending.Of(t.g)
}

func (t *rajasTable) Apply(id string) error {
	if err := t.g.Apply(id); err != nil {
		return err
	}
	t.pending.Forget()
	return nil
}

func (t *rajasTable) PlayComputer() (id string, err error) {
	d := t.Decision()
	if d.Over {
		return "", errors.New("the game is over: no computer move to make")
	}
	if d.Player < 0 || d.Player >= len(t.bots) || t.bots[d.Player] == nil {
		return "", fmt.Errorf("seat %d is not a computer seat", d.Player+1)
	}
	if id = t.bots[d.Player].Choose(t.g, d); id == "" {
		return "", fmt.Errorf("the computer player of seat %d chose nothing", d.Player+1)
	}
	if err := t.Apply(id); err != nil {
		return "", err
	}
	return id, nil
}

func (t *rajasTable) Irreversible() core.Barrier { return t.g.Irreversible() }

// Log is the game's readable log, each line starting with a capital.
func (t *rajasTable) Log() []string {
	out := make([]string, len(t.g.Log))
	for i, l := range t.g.Log {
		out[i] = rajasCapitalize(l)
	}
	return out
}

func (t *rajasTable) Result() string {
	g := t.g
	if !g.Over {
		return ""
	}
	var b strings.Builder
	b.WriteString(rajasCapitalize(g.Reason))
	b.WriteString(". Ranking:")
	for i, p := range rajasRanking(g) {
		if i > 0 {
			b.WriteString(";")
		}
		fmt.Fprintf(&b, " %d. %s (fame %d, money %d, gap %+d)", i+1, rajasSeatName(p), g.Fame(p), g.Money(p), g.FameMoneyGap(p))
	}
	return b.String()
}

// rajasRanking orders the seats of a finished game ("Final de partida"):
// those whose markers have met, by gap and then by who met first, then the
// others by gap; the winner is always first.
func rajasRanking(g *rajas.Game) []int {
	seats := make([]int, g.Seats())
	for p := range seats {
		seats[p] = p
	}
	slices.SortStableFunc(seats, func(p, q int) int {
		a, b := g.Player(p).CrossedAt, g.Player(q).CrossedAt
		if (a > 0) != (b > 0) {
			if a > 0 {
				return -1
			}
			return 1
		}
		if d := g.FameMoneyGap(q) - g.FameMoneyGap(p); d != 0 {
			return d
		}
		return a - b
	})
	if w := g.WinnerSeat(); w >= 0 {
		if i := slices.Index(seats, w); i > 0 {
			seats = append([]int{w}, slices.Delete(seats, i, i+1)...)
		}
	}
	return seats
}

// ---- board element ids (the targets of Annotate and data-target) ----

func rajasSpaceTarget(spaceID string) string { return "space:" + spaceID }

func rajasPileTarget(c rajas.Color, b rajas.Back) string {
	return "pile:" + c.String() + "-" + b.String()
}

func rajasCellTarget(seat int, cellID string) string { return fmt.Sprintf("cell:%d:%s", seat, cellID) }

func rajasSiteTarget(seat int, siteID string) string { return fmt.Sprintf("site:%d:%s", seat, siteID) }

// rajasDieTarget is a group of a seat's dice of one colour and value.
func rajasDieTarget(seat int, die string) string { return fmt.Sprintf("die:%d:%s", seat, die) }

func rajasSupplyTarget(c string) string { return "supply:" + c }

func rajasBuildingTarget(seat int, b string) string { return fmt.Sprintf("building:%d:%s", seat, b) }

func rajasRiverTarget(space int) string { return fmt.Sprintf("river:%d", space) }

func rajasProdTarget(id string) string { return "ptile:" + id }

// rajasRotationText is how a placement option's rotation reads in the chooser.
func rajasRotationText(rot string) string {
	switch rot {
	case "rot0":
		return "as printed"
	case "rot1":
		return "rotate 90°"
	case "rot2":
		return "rotate 180°"
	case "rot3":
		return "rotate 270°"
	}
	return rot
}

// Annotate maps an option of the pending decision to the board element it
// concerns (docs/rajas.md, "Option ids"). Options that concern no single
// element (pass, skip, done) have no target.
func (t *rajasTable) Annotate(o core.Option) (target, extra string) {
	seat := t.Decision().Player
	kind, rest, _ := strings.Cut(o.ID, ":")
	switch kind {
	case "quarry", "market", "palace", "harbour":
		return rajasSpaceTarget(o.ID), ""
	case "karma":
		var v int
		if i := strings.LastIndexByte(rest, '-'); i >= 0 {
			fmt.Sscanf(rest[i+1:], "%d", &v)
		}
		return rajasDieTarget(seat, rest), fmt.Sprintf("Karma: turn to %d", 7-v)
	case "die":
		return rajasDieTarget(seat, rest), "pay"
	case "return":
		return rajasDieTarget(seat, rest), "return to the supply"
	case "reroll":
		return rajasDieTarget(seat, rest), "reroll"
	case "tile":
		if tl := t.rd.tiles[rest]; tl != nil {
			return rajasPileTarget(tl.Color, tl.Back), ""
		}
	case "place":
		cell, rot, _ := strings.Cut(rest, ":")
		return rajasCellTarget(seat, cell), rajasRotationText(rot)
	case "old":
		return rajasCellTarget(seat, rest), "cover"
	case "color":
		return rajasSupplyTarget(rest), ""
	case "upgrade":
		return rajasBuildingTarget(seat, rest), ""
	case "move":
		var k int
		fmt.Sscanf(rest, "%d", &k)
		if s := t.g.RiverTarget(seat, k); s >= 0 {
			return rajasRiverTarget(s), ""
		}
	case "room":
		return rajasSpaceTarget("palace:" + rest), ""
	case "good":
		return rajasSpaceTarget("market:" + rest), ""
	case "ptile":
		return rajasProdTarget(rest), ""
	case "slot":
		return rajasSiteTarget(seat, rest), ""
	}
	return "", ""
}

// ---- the board as drawn by web/static/rajas.js ----

// rajasBoard is a seat's view of the table. Every clickable element carries
// its target id in a "target" field.
type rajasBoard struct {
	Players  int      `json:"players"`
	Round    int      `json:"round"`
	Phase    string   `json:"phase"` // "setup", "play", "ending" (markers have met), "over"
	Turn     int      `json:"turn"`  // seat deciding, -1 when over
	Start    int      `json:"start"` // holder of the start-player elephant
	Mogul    int      `json:"mogul"` // seat on the Great Mogul this round, -1
	You      int      `json:"you"`   // the viewing seat, -1 for a spectator
	Variants []string `json:"variants"`

	Spaces    []rajasSpaceView  `json:"spaces"`
	Piles     []rajasPileView   `json:"piles"`
	Dice      []rajasSupplyView `json:"dice"`                // the general supply
	ProdTiles []rajasProdView   `json:"prodTiles,omitempty"` // face-up production tiles (Navaratnas)
	White     *rajasWhiteView   `json:"white,omitempty"`     // the Dancer's white tiles (basic game)
	River     rajasRiverView    `json:"river"`
	Tracks    rajasTracksView   `json:"tracks"`
	Province  rajasGridView     `json:"province"`
	Seats     []rajasSeatView   `json:"seats"`
	// Placing is the tile being bought or placed (for rotation previews),
	// PlacingCell the cell the Master Builder covers ("" for the quarry).
	Placing     *rajasTileView `json:"placing,omitempty"`
	PlacingCell string         `json:"placingCell,omitempty"`
}

type rajasSpaceView struct {
	ID       string    `json:"id"`
	Target   string    `json:"target"`
	Area     string    `json:"area"` // quarry, market, palace, harbour
	Kind     string    `json:"kind"` // quarry, assorted, single, outer, terrace, balcony, room, harbour
	Row      int       `json:"row,omitempty"`
	Label    i18n.Text `json:"label"`
	Money    int       `json:"money,omitempty"` // money cost
	Die      string    `json:"die,omitempty"`   // die cost: "any", a colour, "=N" (rooms), "<=N" (harbour)
	Good     string    `json:"good,omitempty"`
	Gain     string    `json:"gain,omitempty"` // colour of the dice gained (terrace, balcony)
	N        int       `json:"n,omitempty"`
	Room     string    `json:"room,omitempty"`
	Occupant int       `json:"occupant"` // seat of the worker there, -1 free
	Covered  bool      `json:"covered,omitempty"`
}

type rajasTileView struct {
	ID        string             `json:"id"`
	Color     string             `json:"color"`
	Back      string             `json:"back"`
	Cost      int                `json:"cost"`
	Roads     string             `json:"roads"` // sides left by a road as printed (rotation 0), of "NESW"
	Buildings []string           `json:"buildings"`
	Markets   []rajasMarketValue `json:"markets"`
}

type rajasMarketValue struct {
	Good  string `json:"good"`
	Value int    `json:"value"`
}

type rajasPileView struct {
	Target string         `json:"target"`
	Color  string         `json:"color"`
	Back   string         `json:"back"`
	Count  int            `json:"count"`
	Top    *rajasTileView `json:"top"` // null when the pile is empty
}

type rajasSupplyView struct {
	Color  string `json:"color"`
	Count  int    `json:"count"`
	Target string `json:"target"`
}

type rajasProdView struct {
	ID      string `json:"id"`
	Target  string `json:"target"`
	Color   string `json:"color"`
	Count   int    `json:"count"`
	Effects string `json:"effects"`
}

type rajasWhiteView struct {
	FaceDown  int `json:"faceDown"`
	Discarded int `json:"discarded"`
}

type rajasRiverView struct {
	BridgeAfter int               `json:"bridgeAfter"` // the bridge lies after this space
	StartBoats  []int             `json:"startBoats"`  // seats whose boats are still at the start
	Spaces      []rajasRiverSpace `json:"spaces"`      // spaces 1 .. the final space
}

type rajasRiverSpace struct {
	Index  int    `json:"index"`
	Target string `json:"target"`
	Bonus  string `json:"bonus"`
	Tile   string `json:"tile,omitempty"` // river tile lying there
	Final  bool   `json:"final,omitempty"`
	Boats  []int  `json:"boats"`
}

type rajasTracksView struct {
	FameMax      int              `json:"fameMax"`
	MoneyMax     int              `json:"moneyMax"`
	FameWorker   int              `json:"fameWorker"`
	MoneyWorker  int              `json:"moneyWorker"`
	FameBonuses  []rajasBonusView `json:"fameBonuses"`
	MoneyBonuses []rajasBonusView `json:"moneyBonuses"`
	Facing       []int            `json:"facing"` // facing[m]: the fame value beside money value m
	MaxKarma     int              `json:"maxKarma"`
	LevelMax     int              `json:"levelMax"`
}

type rajasBonusView struct {
	At   int    `json:"at"`
	Text string `json:"text"`
}

type rajasGridView struct {
	Rows      int    `json:"rows"`
	Cols      int    `json:"cols"`
	Residence string `json:"residence"`
}

type rajasSeatView struct {
	Seat       int       `json:"seat"`
	Name       i18n.Text `json:"name"`
	Side       string    `json:"side"` // "basic" or "navaratnas"
	Fame       int       `json:"fame"`
	Money      int       `json:"money"`
	FacingFame int       `json:"facingFame"` // the fame value beside the money marker
	Gap        int       `json:"gap"`        // fame − facingFame: ≥ 0 once the markers have met
	Crossed    bool      `json:"crossed"`
	CrossedAt  int       `json:"crossedAt,omitempty"` // order of meeting, 0 if not
	NextBonus  int       `json:"nextBonus,omitempty"` // money value of the next money bonus, 0 when none is left
	Karma      int       `json:"karma"`
	Boat       int       `json:"boat"`
	Out        bool      `json:"out,omitempty"` // placing no more workers this round

	Workers   rajasWorkersView    `json:"workers"`
	Kali      rajasKaliView       `json:"kali"`
	Buildings []rajasBuildingView `json:"buildings"`
	Upgrades  int                 `json:"upgrades"`
	Cells     []rajasCellView     `json:"cells"`
	Sites     []rajasSiteView     `json:"sites"`
}

type rajasWorkersView struct {
	Active    int  `json:"active"`
	Placed    int  `json:"placed"`
	Left      int  `json:"left"`
	Max       int  `json:"max"`
	FromFame  bool `json:"fromFame"`
	FromMoney bool `json:"fromMoney"`
	FromRiver bool `json:"fromRiver"`
	SpareGone bool `json:"spareGone,omitempty"`
}

type rajasKaliView struct {
	Capacity int             `json:"capacity"`
	Count    int             `json:"count"`
	Dice     []rajasDieGroup `json:"dice"` // by colour then value
	Hand     []rajasHandDice `json:"hand"` // taken or picked, not yet rolled
}

type rajasDieGroup struct {
	Color  string `json:"color"`
	Value  int    `json:"value"`
	Count  int    `json:"count"`
	Target string `json:"target"`
}

type rajasHandDice struct {
	Color string `json:"color"`
	Count int    `json:"count"`
}

type rajasBuildingView struct {
	Type   string `json:"type"`
	Level  int    `json:"level"`
	Target string `json:"target"`
}

type rajasCellView struct {
	ID        string         `json:"id"`
	Target    string         `json:"target"`
	Row       int            `json:"row"`
	Col       int            `json:"col"`
	Residence bool           `json:"residence,omitempty"`
	Roads     string         `json:"roads"` // sides left by a road as placed, of "NESW"
	Tile      *rajasTileView `json:"tile,omitempty"`
	Rot       int            `json:"rot"` // quarter turns clockwise
	Replaced  bool           `json:"replaced,omitempty"`
}

type rajasSiteView struct {
	ID        string         `json:"id"`
	Target    string         `json:"target"`
	Cell      string         `json:"cell"`
	Side      string         `json:"side"` // N, E, S or W of the cell
	Effects   string         `json:"effects,omitempty"`
	Slot      string         `json:"slot,omitempty"` // production-tile slot colour (Navaratnas)
	Prod      *rajasProdTile `json:"prod,omitempty"` // production tile on the slot
	Collected bool           `json:"collected,omitempty"`
}

type rajasProdTile struct {
	ID      string `json:"id"`
	Color   string `json:"color"`
	Effects string `json:"effects"`
}

func rajasAreaName(a rajas.Area) string {
	switch a {
	case rajas.Quarry:
		return "quarry"
	case rajas.MarketArea:
		return "market"
	case rajas.Palace:
		return "palace"
	case rajas.Harbour:
		return "harbour"
	}
	return ""
}

func rajasKindName(k rajas.SpaceKind) string {
	switch k {
	case rajas.KindQuarry:
		return "quarry"
	case rajas.KindAssorted:
		return "assorted"
	case rajas.KindSingle:
		return "single"
	case rajas.KindOuter:
		return "outer"
	case rajas.KindTerrace:
		return "terrace"
	case rajas.KindBalcony:
		return "balcony"
	case rajas.KindRoom:
		return "room"
	case rajas.KindHarbour:
		return "harbour"
	}
	return ""
}

func rajasTileOf(t *rajas.Tile) *rajasTileView {
	if t == nil {
		return nil
	}
	v := &rajasTileView{ID: t.ID, Color: t.Color.String(), Back: t.Back.String(), Cost: t.Cost, Roads: rajas.RoadText(t.Roads),
		Buildings: []string{}, Markets: []rajasMarketValue{}}
	for _, b := range t.Buildings {
		v.Buildings = append(v.Buildings, b.String())
	}
	for _, m := range t.Markets {
		v.Markets = append(v.Markets, rajasMarketValue{Good: m.Good.String(), Value: m.Value})
	}
	return v
}

func rajasSpaceOf(sp *rajas.Space, occ int) rajasSpaceView {
	v := rajasSpaceView{ID: sp.ID, Target: rajasSpaceTarget(sp.ID), Area: rajasAreaName(sp.Area), Kind: rajasKindName(sp.Kind),
		Row: sp.Row, Label: i18n.Text(sp.Label), Money: sp.Money, Occupant: occ}
	if occ == -2 {
		v.Occupant, v.Covered = -1, true
	}
	switch {
	case sp.DieAny:
		v.Die = "any"
	case sp.DieColor >= 0:
		v.Die = sp.DieColor.String()
	case sp.DieValue > 0:
		v.Die = fmt.Sprintf("=%d", sp.DieValue)
	case sp.DieMax > 0:
		v.Die = fmt.Sprintf("<=%d", sp.DieMax)
	}
	switch sp.Kind {
	case rajas.KindSingle:
		v.Good = sp.Good.String()
	case rajas.KindTerrace, rajas.KindBalcony:
		v.Gain, v.N = sp.Gain.String(), max(sp.N, 1)
	case rajas.KindRoom:
		v.Room = sp.Room.String()
	}
	return v
}

// Board is the same for every seat: Rajas has no private information
// (docs/rajas.md); seat only marks whose view it is.
func (t *rajasTable) Board(seat int) any {
	g, d := t.g, t.rd.d
	st := g.Setup()
	b := rajasBoard{Players: g.N, Round: g.Round, Turn: t.Decision().Player, Start: g.Start, Mogul: g.Mogul, You: seat,
		Variants: []string{}, Spaces: []rajasSpaceView{}, Piles: []rajasPileView{}}
	if seat < 0 || seat >= g.N {
		b.You = -1
	}
	switch {
	case g.Over:
		b.Phase = "over"
	case g.Round == 0:
		b.Phase = "setup"
	case g.Ended:
		b.Phase = "ending"
	default:
		b.Phase = "play"
	}
	if st.Navaratnas {
		b.Variants = append(b.Variants, rajasNavaratnas)
	}
	if st.Ganga {
		b.Variants = append(b.Variants, rajasGanga)
	}
	for _, p := range st.Experts {
		b.Variants = append(b.Variants, fmt.Sprintf("%s%d", rajasExpertPrefix, p+1))
	}

	side := g.BoardSide()
	for i := range side.Spaces {
		b.Spaces = append(b.Spaces, rajasSpaceOf(&side.Spaces[i], int(g.Occ[i])))
	}
	for _, p := range g.Piles() {
		b.Piles = append(b.Piles, rajasPileView{Target: rajasPileTarget(p.Color, p.Back), Color: p.Color.String(),
			Back: p.Back.String(), Count: p.Count, Top: rajasTileOf(p.Top)})
	}
	for c := rajas.Color(0); c < rajas.NumColors; c++ {
		b.Dice = append(b.Dice, rajasSupplyView{Color: c.String(), Count: g.DiceSupply(c), Target: rajasSupplyTarget(c.String())})
	}
	if st.Navaratnas {
		for i, n := range g.ProdSupply() {
			pt := &d.Prod[i]
			if pt.Color == rajas.Brown && n == 0 {
				continue
			}
			b.ProdTiles = append(b.ProdTiles, rajasProdView{ID: pt.ID, Target: rajasProdTarget(pt.ID), Color: pt.Color.String(),
				Count: n, Effects: rajas.EffectsText(pt.Effects)})
		}
	} else {
		down, used := g.WhiteTiles()
		b.White = &rajasWhiteView{FaceDown: down, Discarded: used}
	}

	b.River = rajasRiverView{BridgeAfter: d.BridgeAfter, StartBoats: []int{}}
	for p := 0; p < g.N; p++ {
		if g.Player(p).Boat == 0 {
			b.River.StartBoats = append(b.River.StartBoats, p)
		}
	}
	for s := 1; s <= g.RiverEnd(); s++ {
		rs := rajasRiverSpace{Index: s, Target: rajasRiverTarget(s), Bonus: rajas.EffectsText(g.RiverEffects(s)), Final: s == g.RiverEnd(), Boats: []int{}}
		if k := g.RiverT[s]; k >= 0 {
			rs.Tile = d.RiverTiles[k].ID
		}
		for p := 0; p < g.N; p++ {
			if g.Player(p).Boat == s {
				rs.Boats = append(rs.Boats, p)
			}
		}
		b.River.Spaces = append(b.River.Spaces, rs)
	}

	b.Tracks = rajasTracksView{FameMax: d.FameMax, MoneyMax: d.MoneyMax, FameWorker: d.FameWorker, MoneyWorker: d.MoneyWorker,
		Facing: slices.Clone(d.Facing), MaxKarma: d.MaxKarma, LevelMax: d.LevelMax}
	for _, bn := range d.FameBonuses {
		b.Tracks.FameBonuses = append(b.Tracks.FameBonuses, rajasBonusView{At: bn.At, Text: rajas.EffectsText(bn.Effects)})
	}
	for _, bn := range d.MoneyBonuses {
		b.Tracks.MoneyBonuses = append(b.Tracks.MoneyBonuses, rajasBonusView{At: bn.At, Text: rajas.EffectsText(bn.Effects)})
	}

	pr := &d.Province
	b.Province = rajasGridView{Rows: pr.Rows, Cols: pr.Cols, Residence: pr.CellID(pr.Residence)}
	for p := 0; p < g.N; p++ {
		b.Seats = append(b.Seats, t.seatView(p))
	}
	if tl, cell, ok := g.Placing(); ok {
		b.Placing = rajasTileOf(tl)
		if cell >= 0 {
			b.PlacingCell = pr.CellID(cell)
		}
	} else if cell, ok := g.Covering(); ok {
		b.PlacingCell = pr.CellID(cell)
	}
	return b
}

func (t *rajasTable) seatView(p int) rajasSeatView {
	g, d := t.g, t.rd.d
	pl := g.Player(p)
	v := rajasSeatView{Seat: p, Name: i18n.Text(rajasSeatName(p)), Side: "basic", Fame: pl.Fame, Money: pl.Money, FacingFame: g.FacingFame(pl.Money),
		Gap: g.FameMoneyGap(p), Crossed: g.Crossed(p), CrossedAt: pl.CrossedAt, Karma: pl.Karma, Boat: pl.Boat, Out: pl.Out,
		Upgrades: g.Upgrades(p)}
	if pl.Navaratnas {
		v.Side = "navaratnas"
	}
	if pl.NextBonus < len(d.MoneyBonuses) {
		v.NextBonus = d.MoneyBonuses[pl.NextBonus].At
	}
	v.Workers = rajasWorkersView{Active: pl.Active, Placed: pl.Placed, Left: pl.Active - pl.Placed, Max: g.MaxWorkers(p),
		FromFame: pl.Gained[rajas.FromFame], FromMoney: pl.Gained[rajas.FromMoney], FromRiver: pl.Gained[rajas.FromRiver], SpareGone: pl.SpareGone}
	v.Kali = rajasKaliView{Capacity: g.KaliCapacity(p), Count: pl.Dice.Count(), Dice: []rajasDieGroup{}, Hand: []rajasHandDice{}}
	for c := rajas.Color(0); c < rajas.NumColors; c++ {
		for val := 1; val <= 6; val++ {
			if n := int(pl.Dice[c][val]); n > 0 {
				v.Kali.Dice = append(v.Kali.Dice, rajasDieGroup{Color: c.String(), Value: val, Count: n,
					Target: rajasDieTarget(p, fmt.Sprintf("%s-%d", c, val))})
			}
		}
		if n := int(pl.Hand[c]); n > 0 {
			v.Kali.Hand = append(v.Kali.Hand, rajasHandDice{Color: c.String(), Count: n})
		}
	}
	for bd := rajas.Building(0); bd < rajas.NumBuildings; bd++ {
		v.Buildings = append(v.Buildings, rajasBuildingView{Type: bd.String(), Level: int(pl.Levels[bd]), Target: rajasBuildingTarget(p, bd.String())})
	}
	pr := &d.Province
	for c := range pr.Cells() {
		id := pr.CellID(c)
		cl := pl.Cells[c]
		cv := rajasCellView{ID: id, Target: rajasCellTarget(p, id), Row: c / pr.Cols, Col: c % pr.Cols, Residence: c == pr.Residence,
			Roads: rajas.RoadText(g.Roads(p, c)), Tile: rajasTileOf(g.TileAt(p, c)), Replaced: cl.Replaced}
		if cv.Tile != nil {
			cv.Rot = int(cl.Rot)
		}
		v.Cells = append(v.Cells, cv)
	}
	for _, s := range g.ProvinceSites(p) {
		sv := rajasSiteView{ID: s.ID, Target: rajasSiteTarget(p, s.ID), Cell: pr.CellID(s.Cell), Side: string(rajas.SideLetters[s.Side]),
			Effects: rajas.EffectsText(s.Effects), Collected: pl.Sites[s.Index].Collected}
		if s.Slot != rajas.NoSlot {
			sv.Slot = s.Slot.String()
		}
		if k := pl.Sites[s.Index].Prod; k >= 0 {
			pt := &d.Prod[k]
			sv.Prod = &rajasProdTile{ID: pt.ID, Color: pt.Color.String(), Effects: rajas.EffectsText(pt.Effects)}
		}
		v.Sites = append(v.Sites, sv)
	}
	return v
}

func (k *rajasKind) Translations() (map[string]*i18n.Catalog, error) { return rajas.Translations() }

// Chapter numbers the turn being played (the round and the seat whose turn
// comes next), so that a replay jumps by turn.
func (t *rajasTable) Chapter() (string, int) { return "turn", t.g.Round*8 + t.g.Turn }
