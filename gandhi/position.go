package gandhi

import (
	"embed"
	"fmt"
	"slices"
	"sort"
	"strings"

	"durbar/core"
)

//go:embed data/scenarios/*.json
var scenarioFS embed.FS

// DeckSpec says how a scenario builds its draw deck (2.1 and set-up pages).
type DeckSpec struct {
	Piles            int   `json:"piles"`
	PileSize         int   `json:"pileSize"`
	CampaignPiles    []int `json:"campaignPiles"`    // 1-based piles that get one Campaign card
	CampaignInBottom int   `json:"campaignInBottom"` // 0: anywhere in the pile; n: among the bottom n cards
}

// SpaceSetup is one space in a position file.
type SpaceSetup struct {
	Troop       int  `json:"troop,omitempty"`
	Sepoy       int  `json:"sepoy,omitempty"`
	Congress    int  `json:"congress,omitempty"`
	League      int  `json:"league,omitempty"`
	Guerrilla   int  `json:"guerrilla,omitempty"`
	ActiveGuer  int  `json:"active-guerrilla,omitempty"`
	LeagueBase  int  `json:"league-base,omitempty"`
	RevBase     int  `json:"rev-base,omitempty"`
	Protest     bool `json:"protest,omitempty"`
	Strike      bool `json:"strike,omitempty"`
	MuslimState bool `json:"muslim-state,omitempty"`
	// MuslimStateOld is the field's former name, still read (never written).
	MuslimStateOld bool   `json:"muslimState,omitempty"`
	Unrest         int    `json:"unrest,omitempty"`
	Support        string `json:"support,omitempty"`
}

// Position is any legal board position: the format of scenario files and of
// `durbar new gandhi --position` (documented in docs/gandhi-formats.md).
type Position struct {
	Comment              string          `json:"comment,omitempty"`
	Name                 string          `json:"name,omitempty"`
	Title                string          `json:"title,omitempty"`
	Deck                 *DeckSpec       `json:"deck,omitempty"`
	DrawDeck             []int           `json:"drawDeck,omitempty"` // explicit draw pile, top first
	Current              int             `json:"current,omitempty"`
	Upcoming             int             `json:"upcoming,omitempty"`
	Viceroy              string          `json:"viceroy,omitempty"`
	Resources            map[string]int  `json:"resources,omitempty"`
	Restraint            int             `json:"restraint"`
	Unity                int             `json:"unity"`
	Available            map[string]int  `json:"available,omitempty"`
	OutOfPlay            map[string]int  `json:"outOfPlay,omitempty"`
	Jail                 map[string]int  `json:"jail,omitempty"`
	Gandhi               string          `json:"gandhi"`
	CongressPlacesGandhi bool            `json:"congressPlacesGandhi,omitempty"`
	Eligible             map[string]bool `json:"eligible,omitempty"`
	// ProtestBoxes are the off-map Protest boxes beside the Restraint
	// track, box 1 first: true where a marker waits (1.10). Omitted, the
	// markers on the map came from the lowest boxes (as at set-up).
	ProtestBoxes []bool `json:"protestBoxes,omitempty"`
	// Dice are the next die rolls, 1–6, in the order the game rolls them
	// (its own and the Non-Players', 8.1.2, 8.6.2…); the random streams
	// take over when they are spent. For worked examples and puzzles.
	Dice []int `json:"dice,omitempty"`
	// ArjunaDeck puts these Arjuna cards, named by their front letter, on
	// top of the Non-Players' deck in this order (8.3); the rest stay
	// shuffled below. Every card must belong to a Non-Player of the game.
	ArjunaDeck []string `json:"arjunaDeck,omitempty"`
	// Acting names the faction that decides first on the Current card:
	// the Eligible factions before it in the card's order have passed
	// (2.3.3, without its Resources or Activist). It must be Eligible.
	Acting string                `json:"acting,omitempty"`
	Spaces map[string]SpaceSetup `json:"spaces"`
}

// maxDice bounds Position.Dice.
const maxDice = 1000

var supportLevels = map[string]int{"active-opposition": -2, "passive-opposition": -1, "neutral": 0, "": 0, "passive-support": 1, "active-support": 2}
var supportNames = map[int]string{-2: "active-opposition", -1: "passive-opposition", 0: "neutral", 1: "passive-support", 2: "active-support"}

// SupportName gives the level's file name.
func SupportName(l int) string { return supportNames[l] }

// Scenarios lists the embedded scenario names.
func Scenarios() []string {
	ents, _ := scenarioFS.ReadDir("data/scenarios")
	var out []string
	for _, e := range ents {
		out = append(out, strings.TrimSuffix(e.Name(), ".json"))
	}
	return out
}

// ScenarioPosition loads an embedded scenario.
func ScenarioPosition(name string) (*Position, error) {
	data, err := scenarioFS.ReadFile("data/scenarios/" + name + ".json")
	if err != nil {
		return nil, fmt.Errorf("unknown scenario %q (have %s)", core.Clip(name), strings.Join(Scenarios(), ", "))
	}
	return ParsePosition(data)
}

// ParsePosition decodes a position strictly (an unknown field, or anything
// after the position, is an error; a file over core.MaxFileBytes is refused
// before it is decoded); New checks its legality.
func ParsePosition(data []byte) (*Position, error) {
	if len(data) > core.MaxFileBytes {
		return nil, fmt.Errorf("position: %w", core.ErrTooLarge)
	}
	var p Position
	if err := core.DecodeStrict(data, &p, "position", "position"); err != nil {
		return nil, err
	}
	return &p, nil
}

func pieceByID(id string) (Piece, bool) {
	for i, p := range pieceIDs {
		if p == id {
			return Piece(i), true
		}
	}
	return 0, false
}

// Options for a new game.
type Options struct {
	Seats [NumFactions]int // seat per faction (defaults: one seat each)
}

// Setup names what a game starts from: a scenario or a full position.
type Setup struct {
	Scenario string    `json:"scenario,omitempty"`
	Position *Position `json:"position,omitempty"`
	Seats    []int     `json:"seats,omitempty"`
	// NP lists the factions run by the Non-Player (Arjuna) system (8.0).
	NP []string `json:"np,omitempty"`
}

// SeatsFor gives the seat of each faction (raj, congress, league, rev) for a
// number of players, as the set-up page assigns them (1.5): with 3 players
// one runs Congress and the Muslim League; with 2, the other also runs the
// Raj and the Revolutionaries.
func SeatsFor(players int) ([]int, error) {
	switch players {
	case 4:
		return []int{0, 1, 2, 3}, nil
	case 3:
		return []int{0, 2, 2, 1}, nil
	case 2:
		return []int{0, 1, 1, 0}, nil
	}
	return nil, fmt.Errorf("players must be 2, 3 or 4 (rule 1.5), not %d", players)
}

// New starts a game from a setup and a seed.
func New(data *Data, setup Setup, seed uint64) (*Game, error) {
	pos := setup.Position
	switch {
	case pos != nil && setup.Scenario != "":
		return nil, fmt.Errorf("setup: names a scenario (%q) and a position; give one", core.Clip(setup.Scenario))
	case pos == nil && setup.Scenario == "":
		return nil, fmt.Errorf("setup: names neither a scenario nor a position")
	case pos == nil:
		var err error
		if pos, err = data.scenario(setup.Scenario); err != nil {
			return nil, fmt.Errorf("setup: scenario: %w", err)
		}
	}
	g := &Game{m: data.Map, deck: data.Deck, arjuna: data.Arjuna, rng: core.NewRNG(seed)}
	if len(setup.NP) > int(NumFactions) {
		return nil, fmt.Errorf("setup: np: %d factions named; there are %d", len(setup.NP), NumFactions)
	}
	named := map[Faction]bool{}
	for _, id := range setup.NP {
		f, ok := ParseFaction(strings.TrimSpace(id))
		if ok && named[f] {
			return nil, fmt.Errorf("setup: np: %s named twice", f.ID())
		}
		named[f] = true
	}
	if err := g.initNP(setup.NP, seed); err != nil {
		return nil, fmt.Errorf("setup: %w", err)
	}
	for f := range g.Seats {
		g.Seats[f] = f
	}
	if len(setup.Seats) != 0 {
		if len(setup.Seats) != int(NumFactions) {
			return nil, fmt.Errorf("setup: seats: %d given; give one seat per faction (raj, congress, league, rev)", len(setup.Seats))
		}
		for f, s := range setup.Seats {
			if s < 0 || s >= int(NumFactions) {
				return nil, fmt.Errorf("setup: seats: seat %d of %s outside 0-%d", s, Faction(f).ID(), NumFactions-1)
			}
			g.Seats[f] = s
		}
	}
	if err := g.loadPosition(pos); err != nil {
		return nil, err
	}
	g.npSetResources()
	g.start(pos)
	return g, nil
}

// Limits of a position file beyond those of core (docs/gandhi-formats.md,
// "Limits").
const (
	maxText   = 4096 // bytes of comment, name or title
	maxErrors = 20   // problems listed before "… and N more"
)

// positionErrors collects the problems of a position, each naming its field.
type positionErrors []string

func (e *positionErrors) add(format string, a ...any) { *e = append(*e, fmt.Sprintf(format, a...)) }

// err is nil, the one problem, or the first maxErrors of them, sorted.
func (e positionErrors) err(what string) error {
	switch len(e) {
	case 0:
		return nil
	case 1:
		return fmt.Errorf("%s: %s", what, e[0])
	}
	sort.Strings(e)
	total, more := len(e), ""
	if total > maxErrors {
		more = fmt.Sprintf("\n  … and %d more", total-maxErrors)
		e = e[:maxErrors]
	}
	return fmt.Errorf("%s: %d problems:\n  %s%s", what, total, joinLines(e), more)
}

// count checks a piece count read from field: 0 up to the pieces that exist.
func (e *positionErrors) count(field string, pc Piece, v int) {
	limit := inventory[pc]
	if pc == GuerA {
		limit = inventory[GuerU]
	}
	switch {
	case v < 0:
		e.add("%s: %s %d is negative", field, pc.ID(), v)
	case v > limit:
		e.add("%s: %s %d; only %d exist (1.4.1)", field, pc.ID(), v, limit)
	}
}

func (g *Game) loadPosition(p *Position) error {
	var errs positionErrors
	bad := errs.add
	n := len(g.m.Spaces)
	if n > maxSpaces {
		return fmt.Errorf("map has %d spaces; at most %d are supported", n, maxSpaces)
	}
	g.Sp = make([]SpaceState, n)
	for field, text := range map[string]string{"comment": p.Comment, "name": p.Name, "title": p.Title} {
		if len(text) > maxText {
			bad("%s: %d bytes; at most %d", field, len(text), maxText)
		}
	}
	g.Restraint, g.Unity = p.Restraint, p.Unity
	if p.Restraint < MinTrack || p.Restraint > MaxTrack {
		bad("restraint: %d outside 1-5 (6.6)", p.Restraint)
	}
	if p.Unity < MinTrack || p.Unity > MaxTrack {
		bad("unity: %d outside 1-5 (6.7)", p.Unity)
	}
	for k, v := range p.Resources {
		f, ok := ParseFaction(k)
		if !ok || (f != Raj && f != Rev) {
			bad("resources: only raj and rev hold Resources (1.8), not %q", core.Clip(k))
			continue
		}
		if v < 0 || v > MaxResources {
			bad("resources: %s %d outside 0-50 (1.8)", k, v)
		}
		g.Resources[f] = v
	}
	box := func(name string, m map[string]int, into *[NumPieces]int) {
		for k, v := range m {
			pc, ok := pieceByID(k)
			if !ok || pc == GuerA {
				bad("%s: unknown piece %q", name, core.Clip(k))
				continue
			}
			errs.count(name, pc, v)
			into[pc] = v
		}
	}
	box("available", p.Available, &g.Avail)
	box("outOfPlay", p.OutOfPlay, &g.OOP)
	for k, v := range p.Jail {
		switch k {
		case "congress":
			g.Jail[0] = v
			errs.count("jail", CongAct, v)
		case "league":
			g.Jail[1] = v
			errs.count("jail", LeagueAct, v)
		default:
			bad("jail: holds only congress and league Activists (1.3.9), not %q", core.Clip(k))
		}
	}
	spaces := p.Spaces
	if len(spaces) > n {
		bad("spaces: %d entries; the map has %d spaces", len(spaces), n)
		spaces = nil // not looked at one by one
	}
	for id, s := range spaces {
		i, ok := g.m.ID(id)
		if !ok {
			bad("spaces: unknown space %q", core.Clip(id))
			continue
		}
		field := "spaces: " + id
		sp := &g.Sp[i]
		counts := [NumPieces]int{s.Troop, s.Sepoy, s.Congress, s.League, s.Guerrilla, s.ActiveGuer, s.LeagueBase, s.RevBase}
		for pc, v := range counts {
			errs.count(field, Piece(pc), v)
			// Counts beyond the inventory are refused above; the clamp
			// only keeps a refused file's numbers from wrapping around.
			sp.P[pc] = int16(clamp(v, 0, 1000))
		}
		s.MuslimState = s.MuslimState || s.MuslimStateOld
		sp.Protest, sp.Strike, sp.MuslimState = s.Protest, s.Strike, s.MuslimState
		sp.Unrest = int8(clamp(s.Unrest, 0, 100)) // checked against the pool below
		lvl, ok := supportLevels[s.Support]
		if !ok {
			bad("%s: support: unknown level %q (active-opposition, passive-opposition, neutral, passive-support, active-support)", field, core.Clip(s.Support))
		}
		sp.Support = int8(lvl)
		rail := g.isRailway(i)
		if rail && (lvl != 0 || s.Unrest != 0 || s.MuslimState || s.LeagueBase+s.RevBase != 0) {
			bad("%s: a Railway has no Support, Unrest, Muslim State or Bases (1.3.6, 1.4.2)", field)
		}
		if !rail && s.Strike {
			bad("%s: strike: Strike markers go only on Railways (1.12)", field)
		}
		if s.MuslimState && g.m.Spaces[i].Type != Province {
			bad("%s: muslim-state: Muslim States only in Provinces (1.3.5)", field)
		}
		if s.Unrest < 0 || s.Unrest > UnrestStrikePool {
			bad("%s: unrest: %d outside 0-%d (1.11)", field, s.Unrest, UnrestStrikePool)
		}
	}
	switch p.Gandhi {
	case "jail":
		g.Gandhi = GandhiInJail
	case "unplaced":
		g.Gandhi = GandhiUnplaced
		if !p.CongressPlacesGandhi {
			bad("gandhi: unplaced, but congressPlacesGandhi is not set")
		}
	default:
		i, ok := g.m.ID(p.Gandhi)
		if !ok {
			bad("gandhi: unknown space %q (a space id, \"jail\" or \"unplaced\")", core.Clip(p.Gandhi))
		}
		g.Gandhi = i
	}
	if p.CongressPlacesGandhi {
		if p.Gandhi != "unplaced" {
			bad("congressPlacesGandhi: set, but gandhi is %q, not \"unplaced\"", core.Clip(p.Gandhi))
		}
		// The set-up holds one Congress Activist aside for Gandhi's companion.
		g.Avail[CongAct]++
	}
	for k := range p.Eligible {
		if _, ok := ParseFaction(k); !ok {
			bad("eligible: unknown faction %q (raj, congress, league, rev)", core.Clip(k))
		}
	}
	// A piece kind left out of available (or available omitted): everything
	// of it not on the map, Out of Play or in Jail is Available.
	listed := map[Piece]bool{}
	for k := range p.Available {
		if pc, ok := pieceByID(k); ok {
			listed[pc] = true
		}
	}
	for pc := Piece(0); pc < NumPieces; pc++ {
		if pc == GuerA || listed[pc] {
			continue
		}
		onMap, jail := g.tally(pc)
		g.Avail[pc] = inventory[pc] - g.OOP[pc] - onMap - jail
	}
	g.checkCards(p, &errs)
	g.Protests = [NumProtestBoxes]bool{}
	onMap := 0
	for i := range g.Sp {
		if g.Sp[i].Protest {
			onMap++
		}
	}
	if onMap > NumProtestBoxes {
		bad("spaces: %d Protest markers on the map; there are %d (1.10)", onMap, NumProtestBoxes)
	}
	g.stackArjuna(p.ArjunaDeck, bad)
	if p.Acting != "" {
		f, ok := ParseFaction(p.Acting)
		switch {
		case !ok:
			bad("acting: unknown faction %q (raj, congress, league, rev)", core.Clip(p.Acting))
		case p.Current == 0:
			bad("acting: needs a Current card (current)")
		case g.deck.Cards[p.Current] == nil || g.deck.Cards[p.Current].Campaign:
			// current itself is checked with the cards
		case hasKey(p.Eligible, f.ID()) && !p.Eligible[f.ID()]:
			bad("acting: %s is not Eligible", f.ID())
		}
	}
	switch {
	case len(p.Dice) > maxDice:
		bad("dice: %d rolls; at most %d", len(p.Dice), maxDice)
	default:
		g.dice = make([]int8, 0, len(p.Dice))
		for k, d := range p.Dice {
			if d < 1 || d > 6 {
				bad("dice: roll %d is %d, not 1-6", k+1, d)
				continue
			}
			g.dice = append(g.dice, int8(d))
		}
		if len(g.dice) == 0 {
			g.dice = nil
		}
	}
	switch {
	case p.ProtestBoxes == nil:
		// Markers placed at set-up come from the lowest boxes.
		for b := onMap; b < NumProtestBoxes; b++ {
			g.Protests[b] = true
		}
	case len(p.ProtestBoxes) != NumProtestBoxes:
		bad("protestBoxes: %d boxes; there are %d (1.10)", len(p.ProtestBoxes), NumProtestBoxes)
	default:
		full := 0
		for b, m := range p.ProtestBoxes {
			g.Protests[b] = m
			if m {
				full++
			}
		}
		if onMap <= NumProtestBoxes && full != NumProtestBoxes-onMap {
			bad("protestBoxes: %d hold a marker and %d Protests are on the map; the %d markers are all in one place or the other (1.10)", full, onMap, NumProtestBoxes)
		}
	}
	g.touchAll()
	if len(errs) == 0 {
		g.checkConservation(listed, bad)
	}
	if len(errs) == 0 {
		if err := g.CheckInvariants(); err != nil {
			bad("%v", err)
		}
	}
	return errs.err("position")
}

func hasKey(m map[string]bool, k string) bool { _, ok := m[k]; return ok }

// stackArjuna puts the Arjuna cards a position names on top of the deck, in
// its order; the others keep their shuffled order below.
func (g *Game) stackArjuna(letters []string, bad func(string, ...any)) {
	if len(letters) == 0 {
		return
	}
	if g.arjuna == nil || !g.HasNP() {
		bad("arjunaDeck: no faction is a Non-Player in this game (setup np)")
		return
	}
	d := g.np.Deck[:g.np.NDeck]
	top := 0
	for _, l := range letters {
		at := -1
		for k, c := range d {
			if g.arjuna.Cards[c].Front.Letter == l {
				at = k
			}
		}
		switch {
		case len(l) > 2:
			bad("arjunaDeck: %q is not a card's letter", core.Clip(l))
		case at < 0 && slices.ContainsFunc(g.arjuna.Cards, func(c *ArjunaCard) bool { return c.Front.Letter == l }):
			bad("arjunaDeck: card %s belongs to a faction that is not a Non-Player", l)
		case at < 0:
			bad("arjunaDeck: no Arjuna card %q (A to X)", core.Clip(l))
		case at < top:
			bad("arjunaDeck: card %s named twice", l)
		default:
			c := d[at]
			copy(d[top+1:at+1], d[top:at])
			d[top] = c
			top++
		}
	}
}

// checkConservation names each piece kind whose count in a position does
// not add up to the inventory (1.4.1), with where the pieces are and what
// to do about it.
func (g *Game) checkConservation(listed map[Piece]bool, bad func(string, ...any)) {
	for pc := Piece(0); pc < NumPieces; pc++ {
		if pc == GuerA {
			continue
		}
		onMap, jail := g.tally(pc)
		n := onMap + g.Avail[pc] + g.OOP[pc] + jail
		if n == inventory[pc] {
			continue
		}
		fix := fmt.Sprintf("place the other %d or leave %s out of available to have it computed", inventory[pc]-n, pc.ID())
		if n > inventory[pc] {
			fix = fmt.Sprintf("%d too many", n-inventory[pc])
		}
		bad("available: %s: %d on the map, %d Available, %d Out of Play, %d in Jail make %d; there are %d (1.4.1): %s",
			pc.ID(), onMap, g.Avail[pc], g.OOP[pc], jail, n, inventory[pc], fix)
	}
}

// checkCards checks the fields that say which cards are where: the deck
// recipe, an explicit draw pile, the Current and Upcoming cards and the
// Viceroy. Every card exists once at most (1.1, 2.1).
func (g *Game) checkCards(p *Position, errs *positionErrors) {
	bad := errs.add
	viceroyCard := 0
	if p.Viceroy != "" {
		for _, n := range g.deck.Camps {
			if g.deck.Cards[n].Viceroy.String() == p.Viceroy {
				viceroyCard = n
			}
		}
		if viceroyCard == 0 {
			bad("viceroy: unknown viceroy %q (%s)", core.Clip(p.Viceroy), strings.Join(viceroyIDs[1:], ", "))
		}
	}
	if d := p.Deck; d != nil {
		events, camps := len(g.deck.Events), len(g.deck.Camps)
		camps-- // one stays out of the deck as the starting Viceroy (2.1)
		switch {
		case d.Piles < 1 || d.Piles > events:
			bad("deck: piles: %d outside 1-%d", d.Piles, events)
		case d.PileSize < 1 || d.PileSize > events:
			bad("deck: pileSize: %d outside 1-%d", d.PileSize, events)
		case d.Piles*d.PileSize > events:
			bad("deck: %d piles of %d need %d Event cards; there are %d", d.Piles, d.PileSize, d.Piles*d.PileSize, events)
		}
		if d.CampaignInBottom < 0 || d.CampaignInBottom > max(d.PileSize, 0) {
			bad("deck: campaignInBottom: %d outside 0-%d (the pile size)", d.CampaignInBottom, max(d.PileSize, 0))
		}
		if len(d.CampaignPiles) > camps {
			bad("deck: campaignPiles: %d piles with a Campaign card; there are %d Campaign cards besides the starting Viceroy (2.1)", len(d.CampaignPiles), camps)
		} else {
			seen := map[int]bool{}
			for _, k := range d.CampaignPiles {
				switch {
				case k < 1 || k > d.Piles:
					bad("deck: campaignPiles: pile %d outside 1-%d", k, max(d.Piles, 1))
				case seen[k]:
					bad("deck: campaignPiles: pile %d listed twice", k)
				}
				seen[k] = true
			}
		}
	}
	total := len(g.deck.Cards)
	if len(p.DrawDeck) > total {
		bad("drawDeck: %d cards; there are %d cards in all", len(p.DrawDeck), total)
		return
	}
	where := map[int]string{}
	if viceroyCard != 0 {
		where[viceroyCard] = "the Viceroy (viceroy)"
	}
	place := func(field string, c int) {
		switch _, ok := g.deck.Cards[c]; {
		case c == 0 && field == "drawDeck":
			bad("drawDeck: card 0; list card numbers only")
		case c == 0:
		case !ok:
			bad("%s: unknown card %d", field, c)
		case where[c] == field:
			bad("%s: card %d appears twice", field, c)
		case where[c] != "":
			bad("%s: card %d is also %s", field, c, where[c])
		default:
			where[c] = field
		}
	}
	place("current", p.Current)
	if p.Current != 0 {
		where[p.Current] = "the Current card (current)"
	}
	place("upcoming", p.Upcoming)
	if p.Upcoming != 0 && where[p.Upcoming] == "upcoming" {
		where[p.Upcoming] = "the Upcoming card (upcoming)"
	}
	for _, c := range p.DrawDeck {
		place("drawDeck", c)
	}
	if c, ok := g.deck.Cards[p.Current]; ok && c.Campaign {
		bad("current: card %d is a Campaign card; the Current card must be an Event card, Campaign cards are swapped in by the Upcoming rule (2.4)", p.Current)
	}
	if p.Current == 0 && p.Upcoming != 0 {
		bad("upcoming: card %d given, but current is 0 (both cards are turned up from the draw pile)", p.Upcoming)
	}
}

// start builds the deck, picks the Viceroy and begins play (2.1, 2.2).
func (g *Game) start(p *Position) {
	all := map[int]bool{}
	for n := range g.deck.Cards {
		all[n] = true
	}
	if p.Viceroy != "" {
		for _, n := range g.deck.Camps {
			if g.deck.Cards[n].Viceroy.String() == p.Viceroy {
				g.Viceroy = n
			}
		}
	}
	if len(p.DrawDeck) > 0 || p.Current != 0 {
		g.Draw = append([]int(nil), p.DrawDeck...)
		g.Current, g.Upcoming = p.Current, p.Upcoming
	} else {
		g.buildDeck(p.Deck, g.Viceroy)
	}
	if g.Viceroy == 0 {
		// The starting Viceroy is a Campaign card not in the deck (2.1).
		in := map[int]bool{g.Current: true, g.Upcoming: true}
		for _, c := range g.Draw {
			in[c] = true
		}
		var spare []int
		for _, n := range g.deck.Camps {
			if !in[n] {
				spare = append(spare, n)
			}
		}
		if len(spare) > 0 {
			g.Viceroy = spare[g.rng.IntN(len(spare))]
		}
	}
	for f := range g.Eligible {
		g.Eligible[f] = true
	}
	for k, v := range p.Eligible {
		if f, ok := ParseFaction(k); ok {
			g.Eligible[f] = v
		}
	}
	if f, ok := ParseFaction(p.Acting); ok && g.Current != 0 {
		for _, h := range g.deck.card(g.Current).Order {
			if h == f {
				break
			}
			g.card.Done[h] = true
		}
	}
	g.push(frame{Step: "card"})
	if g.Current == 0 {
		g.push(frame{Step: "reveal"})
	} else {
		g.checkCampaign() // a revealed Campaign card is played at once (2.2)
	}
	if p.CongressPlacesGandhi {
		g.push(frame{Step: "setup-gandhi", F: Congress})
	}
	g.advance()
}

// buildDeck shuffles the draw deck by a recipe (checked by checkCards),
// leaving out the Campaign card of a Viceroy named by the position.
func (g *Game) buildDeck(spec *DeckSpec, viceroy int) {
	if spec == nil {
		spec = &DeckSpec{Piles: 4, PileSize: 12, CampaignPiles: []int{1, 2, 3, 4}, CampaignInBottom: 6}
	}
	events := append([]int(nil), g.deck.Events...)
	g.rng.Shuffle(len(events), func(i, j int) { events[i], events[j] = events[j], events[i] })
	var camps []int
	for _, c := range g.deck.Camps {
		if c != viceroy {
			camps = append(camps, c)
		}
	}
	g.rng.Shuffle(len(camps), func(i, j int) { camps[i], camps[j] = camps[j], camps[i] })
	withCamp := map[int]bool{}
	for _, p := range spec.CampaignPiles {
		withCamp[p] = true
	}
	g.Draw = nil
	for p := 1; p <= spec.Piles; p++ {
		pile := append([]int(nil), events[:spec.PileSize]...)
		events = events[spec.PileSize:]
		if withCamp[p] {
			c := camps[0]
			camps = camps[1:]
			// Insert at a random position: anywhere, or among the bottom cards.
			lo := 0
			if spec.CampaignInBottom > 0 && spec.CampaignInBottom <= len(pile) {
				lo = len(pile) - spec.CampaignInBottom
			}
			at := lo + g.rng.IntN(len(pile)-lo+1)
			pile = append(pile[:at], append([]int{c}, pile[at:]...)...)
		}
		g.Draw = append(g.Draw, pile...)
	}
}

// Position snapshots the current board as a position file.
func (g *Game) Position() *Position {
	p := &Position{Restraint: g.Restraint, Unity: g.Unity, Spaces: map[string]SpaceSetup{},
		Resources: map[string]int{"raj": g.Resources[Raj], "rev": g.Resources[Rev]},
		Available: map[string]int{}, OutOfPlay: map[string]int{}, Jail: map[string]int{"congress": g.Jail[0], "league": g.Jail[1]},
		Eligible: map[string]bool{}, Current: g.Current, Upcoming: g.Upcoming, DrawDeck: append([]int(nil), g.Draw...)}
	for pc := Piece(0); pc < NumPieces; pc++ {
		if pc == GuerA {
			continue
		}
		p.Available[pc.ID()] = g.Avail[pc]
		p.OutOfPlay[pc.ID()] = g.OOP[pc]
	}
	for f := Faction(0); f < NumFactions; f++ {
		p.Eligible[f.ID()] = g.Eligible[f]
	}
	if c, ok := g.deck.Cards[g.Viceroy]; ok {
		p.Viceroy = c.Viceroy.String()
	}
	switch g.Gandhi {
	case GandhiInJail:
		p.Gandhi = "jail"
	case GandhiUnplaced:
		p.Gandhi = "unplaced"
		p.CongressPlacesGandhi = true
		p.Available["congress"]--
	default:
		p.Gandhi = g.m.Spaces[g.Gandhi].ID
	}
	for i, s := range g.Sp {
		ss := SpaceSetup{Troop: int(s.P[Troop]), Sepoy: int(s.P[Sepoy]), Congress: int(s.P[CongAct]), League: int(s.P[LeagueAct]), Guerrilla: int(s.P[GuerU]),
			ActiveGuer: int(s.P[GuerA]), LeagueBase: int(s.P[LeagueBase]), RevBase: int(s.P[RevBase]), Protest: s.Protest, Strike: s.Strike,
			MuslimState: s.MuslimState, Unrest: int(s.Unrest)}
		if int(s.Support) != 0 {
			ss.Support = supportNames[int(s.Support)]
		}
		if ss != (SpaceSetup{}) {
			p.Spaces[g.m.Spaces[i].ID] = ss
		}
	}
	for _, d := range g.dice {
		p.Dice = append(p.Dice, int(d))
	}
	// The Protest boxes, when they are not as the set-up leaves them.
	onMap := g.protestsOnMap()
	for b := range g.Protests {
		if g.Protests[b] != (b >= onMap) {
			p.ProtestBoxes = slices.Clone(g.Protests[:])
			break
		}
	}
	return p
}
