package rajas

import (
	"fmt"
	"maps"
	"slices"
	"sort"
	"strconv"
	"strings"

	"durbar/core"
)

// Position is any legal position between two turns: the format of
// `durbar new rajas --position` and of the "position" of `durbar show
// --json` (docs/rajas-formats.md). Seats are 1-based, as displayed; every
// id is the one the option ids use.
type Position struct {
	Comment string `json:"comment,omitempty"`
	// Round is the round being played (1 if omitted).
	Round int `json:"round,omitempty"`
	// Start holds the elephant (1 if omitted); ToPlay is the seat whose
	// turn it is (Start if omitted). A seat that cannot place a worker is
	// skipped as in play.
	Start  int `json:"start,omitempty"`
	ToPlay int `json:"toPlay,omitempty"`
	// Players, one per seat, seat 1 first.
	Players []PlayerPosition `json:"players"`
	// Workers are the action spaces taken this round: space id → seat.
	Workers map[string]int `json:"workers,omitempty"`
	// Piles lists a pile of province tiles ("orange-snake") top first; a
	// pile left out holds its tiles that are nowhere else, shuffled.
	Piles map[string][]string `json:"piles,omitempty"`
	// Gone are the tiles the Master Builder has covered (out of the game).
	Gone []string `json:"gone,omitempty"`
	// White and Discard (games without Navaratnas): the face-down white
	// production tiles, top first, and the used ones. White omitted: the
	// white tiles not discarded, shuffled.
	White   []string `json:"white,omitempty"`
	Discard []string `json:"discard,omitempty"`
	// RiverTiles (the Ganga module): river space → river tile. Omitted:
	// laid out at random as at set-up; {} for none.
	RiverTiles map[string]string `json:"riverTiles,omitempty"`
}

// PlayerPosition is one seat in a position.
type PlayerPosition struct {
	Fame  int `json:"fame"`
	Money int `json:"money"`
	Karma int `json:"karma"`
	Boat  int `json:"boat,omitempty"`
	// Dice on the Kali statue: "orange-3".
	Dice []string `json:"dice"`
	// Gained are the workers gained besides the three of the set-up:
	// "fame", "money", "river".
	Gained []string `json:"gained,omitempty"`
	// Levels of the buildings (2 where omitted).
	Levels map[string]int `json:"levels,omitempty"`
	// MoneyBonus is the space of the money track's next bonus (the bonus
	// marker); 0 when none is left. Omitted: the first bonus above the money.
	MoneyBonus *int `json:"moneyBonus,omitempty"`
	// Province: the tiles placed.
	Province []CellPosition `json:"province,omitempty"`
	// Productions: production tiles on slots (Navaratnas): site → tile.
	Productions map[string]string `json:"productions,omitempty"`
	// Received: productions received whose site no road reaches any
	// more (after the Master Builder). Joined ones are received.
	Received []string `json:"received,omitempty"`
	// Passed: declined to turn a die with Karma since the last worker was
	// placed. Compensation: production tiles received this round for
	// lacking workers. Crossed: the order in which the markers met (1:
	// first); computed in seat order from the start player if omitted.
	Passed       bool `json:"passed,omitempty"`
	Compensation int  `json:"compensation,omitempty"`
	Crossed      int  `json:"crossed,omitempty"`
}

// CellPosition is a tile on a province cell.
type CellPosition struct {
	Cell     string `json:"cell"`
	Tile     string `json:"tile"`
	Rot      int    `json:"rot,omitempty"`
	Replaced bool   `json:"replaced,omitempty"` // laid by the Master Builder
}

// maxPositionBytes bounds a position file: a real one is a few KiB.
const maxPositionBytes = 1 << 16

// ParsePosition decodes a position strictly: unknown fields and anything
// after the position are errors. Its contents are checked by New.
func ParsePosition(raw []byte) (*Position, error) {
	if len(raw) > maxPositionBytes {
		return nil, fmt.Errorf("position: %d bytes; a position is at most %d", len(raw), maxPositionBytes)
	}
	var p Position
	if err := core.DecodeStrict(raw, &p, "position", "position"); err != nil {
		return nil, err
	}
	return &p, nil
}

var sourceIDs = [3]string{"fame", "money", "river"}

func pileID(k int) string { return Color(k/NumBacks).String() + "-" + Back(k%NumBacks).String() }

// problems collects what is wrong with a position, each naming its field.
type problems []string

func (ps *problems) add(field, format string, a ...any) {
	*ps = append(*ps, field+": "+fmt.Sprintf(format, a...))
}

func (ps problems) err() error {
	switch len(ps) {
	case 0:
		return nil
	case 1:
		return fmt.Errorf("position: %s", ps[0])
	}
	sort.Strings(ps)
	if len(ps) > 20 {
		ps = append(ps[:20:20], fmt.Sprintf("… %d more", len(ps)-20))
	}
	return fmt.Errorf("position: %d problems:\n  %s", len(ps), strings.Join(ps, "\n  "))
}

// fromPosition lays out a new game (seat count, variants and board side
// already set) as the position says, then checks the rules' invariants.
func (g *Game) fromPosition(pos *Position) error {
	d := g.d
	var ps problems
	if len(pos.Players) != g.N {
		ps.add("players", "%d seats listed; the set-up has %d players", len(pos.Players), g.N)
		return ps.err()
	}
	g.Round = pos.Round
	switch {
	case pos.Round == 0:
		g.Round = 1
	case pos.Round < 1 || pos.Round > MaxRounds:
		ps.add("round", "%d outside 1-%d", pos.Round, MaxRounds)
	}
	seat := func(field string, s, def int) int {
		switch {
		case s == 0:
			return def
		case s < 1 || s > g.N:
			ps.add(field, "seat %d outside 1-%d", s, g.N)
			return def
		}
		return s - 1
	}
	g.Start = seat("start", pos.Start, 0)
	g.Turn = seat("toPlay", pos.ToPlay, g.Start)
	g.clearBoard()
	// Where each province tile is: a province, a pile or out of the game.
	where := make([]string, len(d.Tiles))
	put := func(field, id, place string) (int, bool) {
		t, ok := d.tileByID[id]
		switch {
		case !ok:
			ps.add(field, "unknown province tile %q", id)
		case where[t] != "":
			ps.add(field, "tile %s is also in %s", id, where[t])
			ok = false
		default:
			where[t] = place
		}
		return t, ok
	}
	for p := range pos.Players {
		g.initPlayer(p)
		g.playerFromPosition(p, &pos.Players[p], &ps, put)
	}
	for _, id := range pos.Gone {
		if t, ok := put("gone", id, "gone"); ok {
			g.Gone |= 1 << uint(t)
		}
	}
	// Workers on the action spaces.
	for _, id := range slices.Sorted(maps.Keys(pos.Workers)) {
		s := pos.Workers[id]
		f := "workers." + id
		i, ok := g.side.SpaceID(id)
		switch {
		case !ok:
			ps.add(f, "unknown action space (ids as in the options: quarry:1, palace:mogul …)")
		case g.Occ[i] == -2:
			ps.add(f, "the space is under a cover tile with %d players", g.N)
		case s < 1 || s > g.N:
			ps.add(f, "seat %d outside 1-%d", s, g.N)
		default:
			g.Occ[i] = int8(s - 1)
			pl := &g.P[s-1]
			pl.Placed++
			switch sp := &g.side.Spaces[i]; {
			case sp.Kind == KindAssorted && g.side.AssortedOnce && pl.AssortedUsed:
				ps.add(f, "seat %d has a worker on the other assorted market (one a round with 3-4 players, %q)", s, RuleMarket)
			case sp.Kind == KindAssorted:
				pl.AssortedUsed = true
			case sp.Kind == KindRoom && sp.Room == Mogul:
				g.Mogul = s - 1
			}
		}
	}
	for p := range g.N {
		if pl := &g.P[p]; pl.Placed > pl.Active {
			ps.add(fmt.Sprintf("players[%d]", p+1), "%d workers on the action spaces but %d active", pl.Placed, pl.Active)
		}
	}
	// The province tiles' piles.
	for _, id := range slices.Sorted(maps.Keys(pos.Piles)) {
		k := -1
		for j := range numStacks {
			if pileID(j) == id {
				k = j
			}
		}
		if k < 0 {
			ps.add("piles."+id, "unknown pile (colour-back: orange-snake, blue-cow, green-tiger …)")
			continue
		}
		list := pos.Piles[id]
		s := &g.Stacks[k]
		for i := len(list) - 1; i >= 0; i-- {
			f := fmt.Sprintf("piles.%s[%d]", id, i+1)
			t, ok := put(f, list[i], "pile "+id)
			if !ok {
				continue
			}
			if int(d.Tiles[t].Color)*NumBacks+int(d.Tiles[t].Back) != k {
				ps.add(f, "tile %s belongs to pile %s", list[i], pileID(int(d.Tiles[t].Color)*NumBacks+int(d.Tiles[t].Back)))
				continue
			}
			s.T[s.N] = int8(t)
			s.N++
		}
	}
	for t := range d.Tiles {
		if where[t] != "" {
			continue
		}
		k := int(d.Tiles[t].Color)*NumBacks + int(d.Tiles[t].Back)
		if _, listed := pos.Piles[pileID(k)]; listed {
			ps.add("piles."+pileID(k), "tile %s is in no pile, province or the gone list", d.Tiles[t].ID)
			continue
		}
		s := &g.Stacks[k]
		s.T[s.N] = int8(t)
		s.N++
	}
	// Unlisted piles are shuffled, in pile order.
	for k := range g.Stacks {
		if _, listed := pos.Piles[pileID(k)]; !listed {
			s := &g.Stacks[k]
			h := s.T[:s.N]
			g.rng.Shuffle(len(h), func(i, j int) { h[i], h[j] = h[j], h[i] })
		}
	}
	g.prodFromPosition(pos, &ps)
	g.riverFromPosition(pos, &ps)
	if len(ps) > 0 {
		return ps.err()
	}
	// The markers that have met: the end is triggered.
	order := make([]int, 0, g.N)
	for k := range g.N {
		p := (g.Start + k) % g.N
		pp := &pos.Players[p]
		f := fmt.Sprintf("players[%d].crossed", p+1)
		switch {
		case pp.Crossed != 0 && !g.Crossed(p):
			ps.add(f, "the markers have not met (fame %d, money %d beside fame %d)", g.P[p].Fame, g.P[p].Money, g.FacingFame(g.P[p].Money))
		case pp.Crossed < 0 || pp.Crossed > g.N:
			ps.add(f, "%d outside 1-%d", pp.Crossed, g.N)
		case g.Crossed(p):
			order = append(order, p)
		}
	}
	slices.SortStableFunc(order, func(a, b int) int {
		ca, cb := pos.Players[a].Crossed, pos.Players[b].Crossed
		switch {
		case ca == 0 && cb == 0:
			return 0
		case ca == 0:
			return 1
		case cb == 0:
			return -1
		}
		return ca - cb
	})
	for i, p := range order {
		if c := pos.Players[p].Crossed; c != 0 && c != i+1 && (i == 0 || pos.Players[order[i-1]].Crossed == c) {
			ps.add(fmt.Sprintf("players[%d].crossed", p+1), "order %d given twice or with a gap (1 to %d among the seats whose markers met)", c, len(order))
		}
		g.P[p].CrossedAt = i + 1
	}
	g.Crossers = len(order)
	g.Ended = len(order) > 0
	if len(ps) > 0 {
		return ps.err()
	}
	g.push(frame{Step: "next"})
	if err := g.CheckInvariants(); err != nil {
		return fmt.Errorf("position: %w", err)
	}
	if !g.quiet {
		g.logf("Position: round %d; %s has the elephant; %s is to play.", g.Round, SeatName(g.Start), SeatName(g.Turn))
	}
	g.advance()
	return nil
}

// playerFromPosition sets one seat from the position.
func (g *Game) playerFromPosition(p int, pp *PlayerPosition, ps *problems, put func(field, id, place string) (int, bool)) {
	d, pl := g.d, &g.P[p]
	f := func(field string) string { return fmt.Sprintf("players[%d].%s", p+1, field) }
	inRange := func(field string, v, lo, hi int) int {
		if v < lo || v > hi {
			ps.add(f(field), "%d outside %d-%d", v, lo, hi)
			return lo
		}
		return v
	}
	pl.Fame = inRange("fame", pp.Fame, 0, d.FameMax)
	pl.Money = inRange("money", pp.Money, 0, d.MoneyMax)
	pl.Karma = inRange("karma", pp.Karma, 0, d.MaxKarma)
	pl.Boat = inRange("boat", pp.Boat, 0, g.RiverEnd())
	pl.Out = pp.Passed
	pl.Comp = inRange("compensation", pp.Compensation, 0, 2)
	for i, s := range pp.Dice {
		c, v, ok := parseDieID(s)
		switch {
		case !ok:
			ps.add(f(fmt.Sprintf("dice[%d]", i+1)), "%q is not a die (colour-value: orange-3)", s)
		case g.Pool[c] == 0:
			ps.add(f(fmt.Sprintf("dice[%d]", i+1)), "no %s die left: there are %d", c, d.DicePerColor)
		default:
			g.Pool[c]--
			pl.Dice[c][v]++
		}
	}
	if n := pl.Dice.Count(); n > g.KaliCapacity(p) {
		ps.add(f("dice"), "%d dice; the Kali statue holds %d", n, g.KaliCapacity(p))
	}
	for i, s := range pp.Gained {
		src := slices.Index(sourceIDs[:], s)
		switch {
		case src < 0:
			ps.add(f(fmt.Sprintf("gained[%d]", i+1)), "%q is not a worker's source (fame, money, river)", s)
		case pl.Gained[src]:
			ps.add(f(fmt.Sprintf("gained[%d]", i+1)), "%q given twice", s)
		default:
			pl.Gained[src] = true
			pl.Active++
		}
	}
	switch max := g.MaxWorkers(p); {
	case pl.Active > max:
		ps.add(f("gained"), "%d workers; at most %d (%q)", pl.Active, max, RuleWorkers)
	case pl.Active == max && max < d.TotalWorkers:
		pl.SpareGone = true
	}
	if pl.Gained[FromFame] && pl.Fame < d.FameWorker {
		ps.add(f("gained"), "the fame worker comes at fame %d; fame is %d", d.FameWorker, pl.Fame)
	}
	if !pl.Gained[FromFame] && pl.Fame >= d.FameWorker && !pl.SpareGone {
		ps.add(f("gained"), "fame %d has reached the fame worker at %d: list \"fame\"", pl.Fame, d.FameWorker)
	}
	if pl.Gained[FromRiver] != (pl.Boat > d.BridgeAfter) && !(pl.SpareGone && pl.Boat > d.BridgeAfter) {
		ps.add(f("gained"), "the river worker is taken when the boat passes the bridge (after space %d); the boat is on %d", d.BridgeAfter, pl.Boat)
	}
	if !pl.Gained[FromMoney] && pl.Money >= d.MoneyWorker && !pl.SpareGone {
		ps.add(f("gained"), "money %d has reached the money worker at %d: list \"money\"", pl.Money, d.MoneyWorker)
	}
	for _, b := range slices.Sorted(maps.Keys(pp.Levels)) {
		k := slices.Index(buildingIDs[:], b)
		if k < 0 {
			ps.add(f("levels."+b), "unknown building (temple, palace, fortress, mill)")
			continue
		}
		pl.Levels[k] = int8(inRange("levels."+b, pp.Levels[b], d.LevelStart, d.LevelMax))
	}
	// The money bonus marker: on the next bonus above the money.
	pl.NextBonus = len(d.MoneyBonuses)
	for i, b := range d.MoneyBonuses {
		if b.At > pl.Money {
			pl.NextBonus = i
			break
		}
	}
	if pp.MoneyBonus != nil {
		at := *pp.MoneyBonus
		i := slices.IndexFunc(d.MoneyBonuses, func(b Bonus) bool { return b.At == at })
		switch {
		case at == 0:
			pl.NextBonus = len(d.MoneyBonuses)
		case i < 0:
			ps.add(f("moneyBonus"), "%d is no money bonus space (%s, or 0 when none is left)", at, bonusSpaces(d.MoneyBonuses))
		case at <= pl.Money:
			ps.add(f("moneyBonus"), "the marker on %d lies at or below the money (%d): that bonus has been taken", at, pl.Money)
		default:
			pl.NextBonus = i
		}
	}
	// The province.
	pr := &d.Province
	for i, cp := range pp.Province {
		fi := f(fmt.Sprintf("province[%d]", i+1))
		c, ok := pr.parseCell(cp.Cell)
		switch {
		case !ok:
			ps.add(fi+".cell", "unknown cell %q (r0c0 … r%dc%d)", cp.Cell, pr.Rows-1, pr.Cols-1)
			continue
		case c == pr.Residence:
			ps.add(fi+".cell", "%s is the residence", cp.Cell)
			continue
		case pl.Cells[c].Tile >= 0:
			ps.add(fi+".cell", "%s holds two tiles", cp.Cell)
			continue
		case cp.Rot < 0 || cp.Rot > 3:
			ps.add(fi+".rot", "%d outside 0-3 (quarter turns clockwise)", cp.Rot)
			continue
		}
		t, ok := put(fi+".tile", cp.Tile, fmt.Sprintf("player %d's province", p+1))
		if ok {
			pl.Cells[c] = Cell{Tile: int8(t), Rot: int8(cp.Rot), Replaced: cp.Replaced}
		}
	}
	if !g.connectedWith(p, -1, 0, 0) {
		ps.add(f("province"), "a tile is not joined to the residence by roads (%q)", RuleProvince)
	}
	// Production tiles on slots, and the productions received.
	sites := g.sites(p)
	siteOf := func(field, id string) *Site {
		for i := range sites {
			if sites[i].ID == id {
				return &sites[i]
			}
		}
		ps.add(field, "unknown production site %q on the %s province side", id, map[bool]string{true: "Navaratnas", false: "basic"}[pl.Navaratnas])
		return nil
	}
	for _, id := range slices.Sorted(maps.Keys(pp.Productions)) {
		fi := f("productions." + id)
		s := siteOf(fi, id)
		if s == nil {
			continue
		}
		k, ok := d.prodByID[pp.Productions[id]]
		switch {
		case !g.prodTilesInPlay():
			ps.add(fi, "production tiles lie on provinces only in the Navaratnas version")
		case !ok:
			ps.add(fi, "unknown production tile %q", pp.Productions[id])
		case s.Slot != d.Prod[k].Color:
			ps.add(fi, "a %s tile on a %s slot", d.Prod[k].Color, s.Slot)
		default:
			pl.Sites[s.Index].Prod = int8(k)
		}
	}
	for i, id := range pp.Received {
		fi := f(fmt.Sprintf("received[%d]", i+1))
		if s := siteOf(fi, id); s != nil {
			if len(g.siteEffects(p, s)) == 0 {
				ps.add(fi, "%s has no production to receive", id)
			}
			pl.Sites[s.Index].Collected = true
		}
	}
	for i := range sites {
		s := &sites[i]
		if g.siteConnected(p, s) && len(g.siteEffects(p, s)) > 0 {
			pl.Sites[s.Index].Collected = true
		}
	}
}

func bonusSpaces(bs []Bonus) string {
	var out []string
	for _, b := range bs {
		out = append(out, strconv.Itoa(b.At))
	}
	return strings.Join(out, ", ")
}

// parseDieID reads "orange-3" without panicking.
func parseDieID(s string) (Color, int, bool) {
	i := strings.LastIndexByte(s, '-')
	if i < 0 || len(s) != i+2 {
		return 0, 0, false
	}
	c, ok := parseColor(s[:i])
	v := int(s[i+1] - '0')
	return c, v, ok && v >= 1 && v <= 6
}

// prodFromPosition sets the production tiles off the provinces: the face-up
// supply (Navaratnas), or the white pile and its discards.
func (g *Game) prodFromPosition(pos *Position, ps *problems) {
	d := g.d
	var used [maxProdKinds]int
	for p := range g.N {
		for _, st := range g.P[p].Sites {
			if st.Prod >= 0 {
				used[st.Prod]++
			}
		}
	}
	if g.prodTilesInPlay() {
		if len(pos.White) > 0 || len(pos.Discard) > 0 {
			ps.add("white", "the Navaratnas version sets its production tiles out face up: no white pile or discards")
		}
		for k := range d.Prod {
			if used[k] > d.Prod[k].Count {
				ps.add("players", "%d production tiles %s on the provinces; %d exist", used[k], d.Prod[k].ID, d.Prod[k].Count)
				continue
			}
			g.Supply[k] = int8(d.Prod[k].Count - used[k])
		}
		return
	}
	var inPile [maxProdKinds]int
	read := func(field string, list []string, into *pile, topFirst bool) {
		for i := range list {
			j := i
			if topFirst {
				j = len(list) - 1 - i
			}
			fi := fmt.Sprintf("%s[%d]", field, j+1)
			k, ok := d.prodByID[list[j]]
			switch {
			case !ok:
				ps.add(fi, "unknown production tile %q", list[j])
			case d.Prod[k].Color != White:
				ps.add(fi, "%s is not a white tile: only the white tiles are used without Navaratnas", list[j])
			case inPile[k] >= d.Prod[k].Count:
				ps.add(fi, "more %s tiles than the %d that exist", list[j], d.Prod[k].Count)
			default:
				inPile[k]++
				into.T[into.N] = int8(k)
				into.N++
			}
		}
	}
	read("discard", pos.Discard, &g.Discard, false)
	if pos.White != nil {
		read("white", pos.White, &g.White, true)
	}
	for k, t := range d.Prod {
		switch {
		case t.Color != White:
			g.Box[k] = int8(t.Count)
		case pos.White != nil && inPile[k] != t.Count:
			ps.add("white", "%d of the %d tiles %s are in neither the white pile nor the discards", t.Count-inPile[k], t.Count, t.ID)
		case pos.White == nil:
			for ; inPile[k] < t.Count; inPile[k]++ {
				g.White.T[g.White.N] = int8(k)
				g.White.N++
			}
		}
	}
	if pos.White == nil {
		w := g.White.T[:g.White.N]
		g.rng.Shuffle(len(w), func(i, j int) { w[i], w[j] = w[j], w[i] })
	}
}

// riverFromPosition lays the Ganga module's river tiles.
func (g *Game) riverFromPosition(pos *Position, ps *problems) {
	d := g.d
	if !g.setup.Ganga {
		if len(pos.RiverTiles) > 0 {
			ps.add("riverTiles", "river tiles are the Ganga module's: the set-up does not use it")
		}
		return
	}
	if pos.RiverTiles == nil {
		g.layRiverTiles()
		return
	}
	used := map[int]bool{}
	for _, key := range slices.Sorted(maps.Keys(pos.RiverTiles)) {
		f := "riverTiles." + key
		s, err := strconv.Atoi(key)
		id := pos.RiverTiles[key]
		t := slices.IndexFunc(d.RiverTiles, func(rt RiverTile) bool { return rt.ID == id })
		switch {
		case err != nil || s < 1 || s >= g.RiverEnd():
			ps.add(f, "river spaces 1-%d may hold a tile (the final space never does)", g.RiverEnd()-1)
		case t < 0:
			ps.add(f, "unknown river tile %q", id)
		case used[t]:
			ps.add(f, "river tile %s laid twice", id)
		default:
			used[t] = true
			g.RiverT[s] = int8(t)
		}
	}
}

// layRiverTiles lays the river tiles at random ("El módulo Ganga"): a die
// counts the spaces from the start, then from the last tile laid, until
// the tiles run out or the river ends; the final space is never covered.
func (g *Game) layRiverTiles() {
	order := make([]int, len(g.d.RiverTiles))
	for i := range order {
		order[i] = i
	}
	g.rng.Shuffle(len(order), func(i, j int) { order[i], order[j] = order[j], order[i] })
	pos, end := 0, len(g.d.River)-1
	for _, t := range order {
		pos += g.rng.Die()
		if pos >= end {
			break
		}
		g.RiverT[pos] = int8(t)
	}
}

// Position is the game as a position: the board between two turns. Taken
// in the middle of a turn it describes the board as it stands (dice taken
// but not yet rolled are back in the supply) and resumes at the next seat
// in turn order: the turn in progress is not resumed.
func (g *Game) Position() *Position {
	d := g.d
	pos := &Position{Round: g.Round, Start: g.Start + 1, ToPlay: g.Turn + 1}
	if g.depth > 0 && !g.Over && g.top().Step == "turn" {
		pos.ToPlay = int(g.top().P) + 1
	}
	for p := range g.N {
		pl := &g.P[p]
		pp := PlayerPosition{Fame: pl.Fame, Money: pl.Money, Karma: pl.Karma, Boat: pl.Boat, Dice: []string{},
			Passed: pl.Out, Compensation: pl.Comp, Crossed: pl.CrossedAt}
		for c := Color(0); c < NumColors; c++ {
			for v := 1; v <= 6; v++ {
				for range pl.Dice[c][v] {
					pp.Dice = append(pp.Dice, dieID(c, v))
				}
			}
		}
		for src, ok := range pl.Gained {
			if ok {
				pp.Gained = append(pp.Gained, sourceIDs[src])
			}
		}
		for b, l := range pl.Levels {
			if int(l) != d.LevelStart {
				if pp.Levels == nil {
					pp.Levels = map[string]int{}
				}
				pp.Levels[buildingIDs[b]] = int(l)
			}
		}
		mb := 0
		if pl.NextBonus < len(d.MoneyBonuses) {
			mb = d.MoneyBonuses[pl.NextBonus].At
		}
		pp.MoneyBonus = &mb
		for c := range d.Province.Cells() {
			if cl := pl.Cells[c]; cl.Tile >= 0 {
				pp.Province = append(pp.Province, CellPosition{Cell: d.Province.CellID(c), Tile: d.Tiles[cl.Tile].ID, Rot: int(cl.Rot), Replaced: cl.Replaced})
			}
		}
		for i := range g.sites(p) {
			s := &g.sites(p)[i]
			st := pl.Sites[s.Index]
			if st.Prod >= 0 {
				if pp.Productions == nil {
					pp.Productions = map[string]string{}
				}
				pp.Productions[s.ID] = d.Prod[st.Prod].ID
			}
			if st.Collected && !(g.siteConnected(p, s) && len(g.siteEffects(p, s)) > 0) {
				pp.Received = append(pp.Received, s.ID)
			}
		}
		pos.Players = append(pos.Players, pp)
	}
	for i := range g.side.Spaces {
		if o := g.Occ[i]; o >= 0 {
			if pos.Workers == nil {
				pos.Workers = map[string]int{}
			}
			pos.Workers[g.side.Spaces[i].ID] = int(o) + 1
		}
	}
	pos.Piles = map[string][]string{}
	for k := range g.Stacks {
		s := &g.Stacks[k]
		list := []string{}
		for i := int(s.N) - 1; i >= 0; i-- {
			list = append(list, d.Tiles[s.T[i]].ID)
		}
		pos.Piles[pileID(k)] = list
	}
	for t := range d.Tiles {
		if g.Gone&(1<<uint(t)) != 0 {
			pos.Gone = append(pos.Gone, d.Tiles[t].ID)
		}
	}
	if !g.prodTilesInPlay() {
		pos.White = []string{}
		for i := int(g.White.N) - 1; i >= 0; i-- {
			pos.White = append(pos.White, d.Prod[g.White.T[i]].ID)
		}
		for i := range int(g.Discard.N) {
			pos.Discard = append(pos.Discard, d.Prod[g.Discard.T[i]].ID)
		}
	}
	if g.setup.Ganga {
		pos.RiverTiles = map[string]string{}
		for s, t := range g.RiverT {
			if t >= 0 {
				pos.RiverTiles[strconv.Itoa(s)] = d.RiverTiles[t].ID
			}
		}
	}
	return pos
}
