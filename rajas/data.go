package rajas

import (
	"bytes"
	"embed"
	"encoding/json"
	"fmt"
	"regexp"
	"strconv"
	"strings"
)

// The components of Rajas of the Ganges as data: the main board (both sides,
// tracks, river, river tiles), the 64 province tiles, the province board
// (both sides) and the 30 production tiles. Every file is decoded strictly
// and validated at load; every problem found is listed, and a malformed file
// is rejected with a message, never a panic. The embedded files are the
// project's own edition (docs/rajas.md); the official data can be substituted
// through the same schema.

//go:embed data/*.json
var dataFS embed.FS

// Color is a die and province-tile colour.
type Color int8

// The four dice colours (12 dice each, "Contenido").
const (
	Orange Color = iota
	Blue
	Green
	Purple
	NumColors = 4
)

var colorIDs = [NumColors]string{"orange", "blue", "green", "purple"}

func (c Color) String() string { return colorIDs[c] }

func parseColor(s string) (Color, bool) {
	for i, id := range colorIDs {
		if id == s {
			return Color(i), true
		}
	}
	return 0, false
}

// Good is a market good ("Mercado").
type Good int8

// The three goods.
const (
	Silk Good = iota
	Tea
	Spice
	NumGoods = 3
)

var goodIDs = [NumGoods]string{"silk", "tea", "spice"}

func (g Good) String() string { return goodIDs[g] }

// Building is one of the four building types ("Las mejoras de edificios").
type Building int8

// The four building types.
const (
	Temple Building = iota
	PalaceB
	Fortress
	Mill
	NumBuildings = 4
)

var buildingIDs = [NumBuildings]string{"temple", "palace", "fortress", "mill"}

func (b Building) String() string { return buildingIDs[b] }

// Back is the symbol on a province tile's back (snake, cow, tiger).
type Back int8

// The three backs ("Setup": 12 piles by colour and back).
const (
	Snake Back = iota
	Cow
	Tiger
	NumBacks = 3
)

var backIDs = [NumBacks]string{"snake", "cow", "tiger"}

func (b Back) String() string { return backIDs[b] }

// ProdColor is the colour of a production tile (Navaratnas).
type ProdColor int8

// The four production-tile colours; NoSlot marks a site that is no slot.
const (
	White ProdColor = iota
	Yellow
	Red
	Brown
	NumProdColors = 4
	NoSlot        = ProdColor(-1)
)

var prodColorIDs = [NumProdColors]string{"white", "yellow", "red", "brown"}

func (c ProdColor) String() string {
	if c < 0 {
		return "none"
	}
	return prodColorIDs[c]
}

// Room is one of the six rooms of the palace, by the die value it costs.
type Room int8

// The six rooms ("Las salas"), in die-value order 1-6.
const (
	Mogul Room = iota
	Dancer
	Yogi
	Raja
	Builder
	Portuguese
	NumRooms = 6
)

var roomIDs = [NumRooms]string{"mogul", "dancer", "yogi", "raja", "builder", "portuguese"}

func (r Room) String() string { return roomIDs[r] }

// Value is the exact die value the room costs.
func (r Room) Value() int { return int(r) + 1 }

// Sides of a square, clockwise; rotating a tile by one step turns N to E.
const (
	North = iota
	East
	South
	West
)

// SideLetters names the sides North, East, South and West by letter.
const SideLetters = "NESW"

// EffectKind is one benefit printed on the board, a production or a tile.
type EffectKind int8

// The benefits ("Acción de río (Puerto)" symbols, track bonuses, productions).
const (
	EffMoney             EffectKind = iota // n money
	EffFame                                // n fame
	EffKarma                               // n Karma
	EffDice                                // n dice of any colours
	EffDiceOf                              // one die of each listed colour
	EffKarmaDice                           // one die of the listed colour per Karma level
	EffKarmaDiceAny                        // one die of any colour per Karma level
	EffUpgrade                             // n building upgrades
	EffBoat                                // move the boat to the next unoccupied space (may decline)
	EffBoatUpTo                            // advance up to n unoccupied spaces
	EffPalace                              // one of the listed rooms, free
	EffMarketAssorted                      // an assorted-goods market scoring
	EffMarketOne                           // a one-good scoring of up to n markets
	EffMoneyPerMarket                      // n money per market
	EffFamePerUpgrade                      // n fame per upgrade made
	EffMoneyPerUpgrade                     // n money per upgrade made
	EffFamePerKarma                        // n fame per Karma level
	EffFamePerMarketTile                   // n fame per tile with a market
	EffFamePerRiver                        // n fame per `per` river spaces advanced
	EffMoneyPerBuilding                    // n money per building
	EffMoneyPerProdTile                    // n money per connected production tile
	EffFamePerCurve                        // n fame per curve in the road network
	EffFamePerWorker                       // n fame per active worker
	numEffectKinds
)

var effectIDs = [numEffectKinds]string{"money", "fame", "karma", "dice", "diceOf", "karmaDice", "karmaDiceAny",
	"upgrade", "boat", "boatUpTo", "palace", "marketAssorted", "marketOne", "moneyPerMarket", "famePerUpgrade",
	"moneyPerUpgrade", "famePerKarma", "famePerMarketTile", "famePerRiver", "moneyPerBuilding", "moneyPerProdTile",
	"famePerCurve", "famePerWorker"}

// Effect is one benefit. It is a small value so that steps carry it.
type Effect struct {
	Kind   EffectKind
	N      int8
	Per    int8
	Colors [NumColors]int8 // diceOf, karmaDice: dice per colour
	Rooms  uint8           // palace: bit r set for each room offered
}

// Market is a market stall on a tile.
type Market struct {
	Good  Good
	Value int
}

// Tile is a province tile.
type Tile struct {
	Index     int
	ID        string
	Color     Color
	Back      Back
	Cost      int
	Roads     uint8 // sides left by a road at rotation 0 (bit North..West)
	Buildings []Building
	Markets   []Market
}

// Area is one of the four areas of the main board ("Transcurso del juego").
type Area int8

// The areas.
const (
	Quarry Area = iota
	MarketArea
	Palace
	Harbour
)

var areaIDs = [...]string{"quarry", "market", "palace", "harbour"}

// SpaceKind says what an action space does within its area.
type SpaceKind int8

// Space kinds.
const (
	KindQuarry SpaceKind = iota
	KindAssorted
	KindSingle
	KindOuter
	KindTerrace
	KindBalcony
	KindRoom
	KindHarbour
)

// Space is a worker space of the main board.
type Space struct {
	Index    int
	ID       string
	Area     Area
	Kind     SpaceKind
	Row      int
	Money    int   // money cost
	DieAny   bool  // costs one die of any colour and value
	DieColor Color // costs one die of this colour (balcony); -1 if not
	DieValue int   // costs one die of exactly this value (rooms); 0 if not
	DieMax   int   // costs one die of at most this value (harbour); 0 if not
	Good     Good  // single-good market
	Gain     Color // terrace and balcony: colour gained
	N        int   // balcony: dice gained
	Room     Room
	Label    string // for options
}

// Side is one side of the main board.
type Side struct {
	ID           string
	Players      []int
	AssortedOnce bool          // "Mercado": one assorted space per player and round
	Spaces       []Space       // in placement order within each area
	Covers       map[int][]int // players → covered space indices
	Quarry       []int         // quarry spaces in fill order
	Harbour      []int         // harbour spaces in fill order
	byID         map[string]int
}

// SpaceID finds a space by id.
func (s *Side) SpaceID(id string) (int, bool) {
	i, ok := s.byID[id]
	return i, ok
}

// Site is a special production on the border of the province board.
type Site struct {
	Index   int
	ID      string
	Cell    int
	Side    int
	Effects []Effect
	Slot    ProdColor // Navaratnas: slot colour for a production tile, NoSlot if none
}

// Province is the province board: the grid, the residence and its roads, and
// the special productions of each side.
type Province struct {
	Rows, Cols int
	Residence  int
	Exits      uint8     // sides the residence's roads leave by
	Sites      [2][]Site // [0] basic side, [1] Navaratnas side
	nb         [][4]int8 // Neighbour by cell and side, made once loaded
}

// Cells is the number of grid cells.
func (p *Province) Cells() int { return p.Rows * p.Cols }

// CellID is "rNcM".
func (p *Province) CellID(c int) string { return fmt.Sprintf("r%dc%d", c/p.Cols, c%p.Cols) }

// Neighbour is the cell beside c across side s, or -1 off the board.
func (p *Province) Neighbour(c, s int) int {
	if uint(c) < uint(len(p.nb)) && uint(s) < 4 {
		return int(p.nb[c][s])
	}
	return p.neighbour(c, s)
}

func (p *Province) neighbour(c, s int) int {
	r, k := c/p.Cols, c%p.Cols
	switch s {
	case North:
		r--
	case East:
		k++
	case South:
		r++
	case West:
		k--
	}
	if r < 0 || k < 0 || r >= p.Rows || k >= p.Cols {
		return -1
	}
	return r*p.Cols + k
}

func (p *Province) parseCell(s string) (int, bool) {
	var r, k int
	if n, err := fmt.Sscanf(s, "r%dc%d", &r, &k); err != nil || n != 2 || r < 0 || k < 0 || r >= p.Rows || k >= p.Cols {
		return 0, false
	}
	if p.CellID(r*p.Cols+k) != s {
		return 0, false
	}
	return r*p.Cols + k, true
}

// ProdTile is a kind of production tile (copies of it are alike).
type ProdTile struct {
	Index   int
	ID      string
	Color   ProdColor
	Count   int
	Effects []Effect
}

// RiverTile is one of the 8 river tiles.
type RiverTile struct {
	ID      string
	Effects []Effect
}

// Bonus is a bonus space on a scoring track.
type Bonus struct {
	At      int
	Effects []Effect
}

// Data is the static material a game is played with. It is immutable once
// loaded and shared by every game state.
type Data struct {
	DicePerColor    int
	KaliBasic       int // dice a basic Kali statue holds
	KaliNavaratnas  int // dice the back of the statue holds (Navaratnas)
	StartWorkers    int
	TotalWorkers    int
	BasicMaxWorkers int
	StartMoney      []int // by turn order from the start player
	StartKarma      int
	MaxKarma        int
	LevelStart      int
	LevelMax        int
	FameMax         int
	FameWorker      int
	FameBonuses     []Bonus
	MoneyMax        int
	MoneyWorker     int
	MoneyBonuses    []Bonus
	Facing          []int // Facing[m]: the fame value beside money value m
	Sides           []*Side
	River           [][]Effect // river spaces 1..n (index 0 is the start and is empty); the last is the final space
	BridgeAfter     int        // the bridge lies between space BridgeAfter and the next
	RiverTiles      []RiverTile
	Tiles           []Tile
	Province        Province
	Prod            []ProdTile
	tileByID        map[string]int
	prodByID        map[string]int
	ids             optionTable
}

// optionTable are the option ids that name data, made once: listing options
// then builds no strings.
type optionTable struct {
	tile  []string    // "tile:<id>" by tile index
	prod  []string    // "ptile:<id>" by production tile index
	place [][4]string // "place:rNcM:rotR" by cell and rotation
	old   []string    // "old:rNcM" by cell
	slot  [2][]string // "slot:<id>" by province side and place in Sites
}

// prepare makes the tables play looks things up in.
func (d *Data) prepare() {
	pr := &d.Province
	for c := range pr.Cells() {
		var nb [4]int8
		for s := range nb {
			nb[s] = int8(pr.neighbour(c, s))
		}
		pr.nb = append(pr.nb, nb)
	}
	d.makeIDs()
}

func (d *Data) makeIDs() {
	for _, t := range d.Tiles {
		d.ids.tile = append(d.ids.tile, "tile:"+t.ID)
	}
	for _, t := range d.Prod {
		d.ids.prod = append(d.ids.prod, "ptile:"+t.ID)
	}
	pr := &d.Province
	for c := range pr.Cells() {
		var rot [4]string
		for r := range rot {
			rot[r] = placeID(pr, c, r)
		}
		d.ids.place = append(d.ids.place, rot)
		d.ids.old = append(d.ids.old, "old:"+pr.CellID(c))
	}
	for side, sites := range pr.Sites {
		for _, s := range sites {
			d.ids.slot[side] = append(d.ids.slot[side], "slot:"+s.ID)
		}
	}
}

// optIDs are the option ids of the rules' own names.
var optIDs struct {
	color   [NumColors]string
	upgrade [NumBuildings]string
	good    [NumGoods]string
	room    [NumRooms]string
	move    [8]string // "move:k", k < 8
}

func init() {
	for c := range optIDs.color {
		optIDs.color[c] = "color:" + Color(c).String()
	}
	for b := range optIDs.upgrade {
		optIDs.upgrade[b] = "upgrade:" + Building(b).String()
	}
	for gd := range optIDs.good {
		optIDs.good[gd] = "good:" + Good(gd).String()
	}
	for r := range optIDs.room {
		optIDs.room[r] = "room:" + Room(r).String()
	}
	for k := range optIDs.move {
		optIDs.move[k] = "move:" + strconv.Itoa(k)
	}
}

// moveID is the id of the river option that advances k spaces.
func moveID(k int) string {
	if k < len(optIDs.move) {
		return optIDs.move[k]
	}
	return "move:" + strconv.Itoa(k)
}

// Limits of the fixed-size game state.
const (
	maxCells     = 36
	maxSites     = 24
	maxSpaces    = 64
	maxRiver     = 48
	maxStack     = 16
	numStacks    = NumColors * NumBacks
	numTiles     = 64
	maxProdKinds = 32
)

// DefaultData loads the embedded edition.
func DefaultData() (*Data, error) {
	var files [4][]byte
	for i, name := range []string{"board.json", "tiles.json", "province.json", "production.json"} {
		b, err := dataFS.ReadFile("data/" + name)
		if err != nil {
			return nil, err
		}
		files[i] = b
	}
	return LoadData(files[0], files[1], files[2], files[3])
}

// ---- file schemas ----

type effectJSON struct {
	Kind   string   `json:"kind"`
	N      *int     `json:"n"`
	Per    int      `json:"per"`
	Colors []string `json:"colors"`
	Rooms  []string `json:"rooms"`
}

type boardFile struct {
	Comment      string `json:"comment"`
	DicePerColor int    `json:"dicePerColor"`
	Kali         struct {
		Basic      int `json:"basic"`
		Navaratnas int `json:"navaratnas"`
	} `json:"kali"`
	Workers struct {
		Start    int `json:"start"`
		Total    int `json:"total"`
		BasicMax int `json:"basicMax"`
	} `json:"workers"`
	StartMoney     []int `json:"startMoney"`
	StartKarma     int   `json:"startKarma"`
	MaxKarma       int   `json:"maxKarma"`
	BuildingLevels struct {
		Start int `json:"start"`
		Max   int `json:"max"`
	} `json:"buildingLevels"`
	Fame struct {
		Max     int         `json:"max"`
		Worker  int         `json:"worker"`
		Bonuses []bonusJSON `json:"bonuses"`
	} `json:"fame"`
	Money struct {
		Max     int         `json:"max"`
		Worker  int         `json:"worker"`
		Bonuses []bonusJSON `json:"bonuses"`
		Facing  []int       `json:"facing"`
	} `json:"money"`
	Sides []struct {
		ID                   string      `json:"id"`
		Players              []int       `json:"players"`
		AssortedOncePerRound bool        `json:"assortedOncePerRound"`
		Spaces               []spaceJSON `json:"spaces"`
		Covers               []struct {
			Players int      `json:"players"`
			Spaces  []string `json:"spaces"`
		} `json:"covers"`
	} `json:"sides"`
	River struct {
		Spaces []struct {
			Effects []effectJSON `json:"effects"`
		} `json:"spaces"`
		BridgeAfter int `json:"bridgeAfter"`
		Tiles       []struct {
			ID      string       `json:"id"`
			Effects []effectJSON `json:"effects"`
		} `json:"tiles"`
	} `json:"river"`
}

type bonusJSON struct {
	At      int          `json:"at"`
	Effects []effectJSON `json:"effects"`
}

type spaceJSON struct {
	ID       string `json:"id"`
	Area     string `json:"area"`
	Kind     string `json:"kind"`
	Row      int    `json:"row"`
	Money    int    `json:"money"`
	DieAny   bool   `json:"dieAny"`
	DieColor string `json:"dieColor"`
	DieValue int    `json:"dieValue"`
	DieMax   int    `json:"dieMax"`
	Good     string `json:"good"`
	Gain     string `json:"gain"`
	N        int    `json:"n"`
	Room     string `json:"room"`
}

type tilesFile struct {
	Comment string `json:"comment"`
	Tiles   []struct {
		ID        string   `json:"id"`
		Color     string   `json:"color"`
		Back      string   `json:"back"`
		Cost      int      `json:"cost"`
		Roads     string   `json:"roads"`
		Buildings []string `json:"buildings"`
		Markets   []struct {
			Good  string `json:"good"`
			Value int    `json:"value"`
		} `json:"markets"`
	} `json:"tiles"`
}

type siteJSON struct {
	ID      string       `json:"id"`
	Cell    string       `json:"cell"`
	Side    string       `json:"side"`
	Effects []effectJSON `json:"effects"`
	Slot    string       `json:"slot"`
}

type provinceFile struct {
	Comment   string   `json:"comment"`
	Rows      int      `json:"rows"`
	Cols      int      `json:"cols"`
	Residence string   `json:"residence"`
	Exits     []string `json:"exits"`
	Sides     struct {
		Basic struct {
			Sites []siteJSON `json:"sites"`
		} `json:"basic"`
		Navaratnas struct {
			Sites []siteJSON `json:"sites"`
		} `json:"navaratnas"`
	} `json:"sides"`
}

type prodFile struct {
	Comment string `json:"comment"`
	Tiles   []struct {
		ID      string       `json:"id"`
		Color   string       `json:"color"`
		Count   int          `json:"count"`
		Effects []effectJSON `json:"effects"`
	} `json:"tiles"`
}

func decodeStrict(name string, data []byte, v any) error {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return fmt.Errorf("%s: %w", name, err)
	}
	if dec.More() {
		return fmt.Errorf("%s: trailing data after the JSON object", name)
	}
	return nil
}

var idPattern = regexp.MustCompile(`^[a-z0-9][a-z0-9-]*$`)

// LoadData parses and validates the four data files. Every problem found is
// reported in one error.
func LoadData(board, tiles, province, production []byte) (*Data, error) {
	var bf boardFile
	var tf tilesFile
	var pf provinceFile
	var prf prodFile
	var errs []string
	for _, f := range []struct {
		name string
		data []byte
		v    any
	}{{"board.json", board, &bf}, {"tiles.json", tiles, &tf}, {"province.json", province, &pf}, {"production.json", production, &prf}} {
		if err := decodeStrict(f.name, f.data, f.v); err != nil {
			errs = append(errs, err.Error())
		}
	}
	if len(errs) > 0 {
		return nil, fmt.Errorf("rajas data rejected:\n  %s", strings.Join(errs, "\n  "))
	}
	d := &Data{tileByID: map[string]int{}, prodByID: map[string]int{}}
	v := &validator{d: d}
	v.board(&bf)
	v.tiles(&tf)
	v.province(&pf)
	v.production(&prf)
	if len(v.errs) > 0 {
		return nil, fmt.Errorf("rajas data rejected (%d problems):\n  %s", len(v.errs), strings.Join(v.errs, "\n  "))
	}
	d.prepare()
	return d, nil
}

type validator struct {
	d    *Data
	errs []string
}

func (v *validator) bad(format string, a ...any) { v.errs = append(v.errs, fmt.Sprintf(format, a...)) }

func (v *validator) effects(where string, in []effectJSON, allowed func(EffectKind) bool) []Effect {
	var out []Effect
	for i, e := range in {
		w := fmt.Sprintf("%s effect %d", where, i+1)
		k := EffectKind(-1)
		for j, id := range effectIDs {
			if id == e.Kind {
				k = EffectKind(j)
			}
		}
		if k < 0 {
			v.bad("%s: unknown kind %q", w, e.Kind)
			continue
		}
		if allowed != nil && !allowed(k) {
			v.bad("%s: %q is not allowed here", w, e.Kind)
		}
		ef := Effect{Kind: k, Per: 1}
		n := 0
		if e.N != nil {
			n = *e.N
		}
		needN := k != EffDiceOf && k != EffKarmaDice && k != EffKarmaDiceAny && k != EffPalace && k != EffMarketAssorted
		switch {
		case needN && (e.N == nil || n < 1 || n > 20):
			v.bad("%s (%s): n must be 1-20", w, e.Kind)
		case !needN && e.N != nil:
			v.bad("%s (%s): takes no n", w, e.Kind)
		}
		if k == EffBoat && n != 1 {
			v.bad("%s: a boat move is to the next unoccupied space (n 1)", w)
		}
		if k == EffBoatUpTo && n > 6 {
			v.bad("%s: boatUpTo at most 6", w)
		}
		ef.N = int8(n)
		if e.Per != 0 {
			if k != EffFamePerRiver || e.Per < 1 || e.Per > 10 {
				v.bad("%s: per only for famePerRiver, 1-10", w)
			}
			ef.Per = int8(e.Per)
		}
		switch k {
		case EffDiceOf, EffKarmaDice:
			if len(e.Colors) == 0 || len(e.Colors) > 4 || (k == EffKarmaDice && len(e.Colors) != 1) {
				v.bad("%s (%s): wrong number of colours", w, e.Kind)
			}
			for _, c := range e.Colors {
				if cc, ok := parseColor(c); ok {
					ef.Colors[cc]++
				} else {
					v.bad("%s: unknown colour %q", w, c)
				}
			}
		default:
			if len(e.Colors) > 0 {
				v.bad("%s (%s): takes no colours", w, e.Kind)
			}
		}
		if k == EffPalace {
			if len(e.Rooms) == 0 {
				v.bad("%s: palace needs rooms", w)
			}
			for _, r := range e.Rooms {
				rr := -1
				for j, id := range roomIDs {
					if id == r {
						rr = j
					}
				}
				if rr <= int(Mogul) {
					v.bad("%s: rooms must be among dancer, yogi, raja, builder, portuguese (\"Puerto/Río\"), not %q", w, r)
					continue
				}
				ef.Rooms |= 1 << rr
			}
		} else if len(e.Rooms) > 0 {
			v.bad("%s (%s): takes no rooms", w, e.Kind)
		}
		out = append(out, ef)
	}
	return out
}

func (v *validator) bonuses(where string, in []bonusJSON, max int, want []int) []Bonus {
	var out []Bonus
	var at []int
	for i, b := range in {
		if b.At < 1 || b.At > max || (i > 0 && b.At <= in[i-1].At) {
			v.bad("%s bonus %d: position %d out of order or off the track", where, i+1, b.At)
		}
		if len(b.Effects) == 0 {
			v.bad("%s bonus at %d: no effects", where, b.At)
		}
		at = append(at, b.At)
		out = append(out, Bonus{At: b.At, Effects: v.effects(fmt.Sprintf("%s bonus at %d", where, b.At), b.Effects, nil)})
	}
	if fmt.Sprint(at) != fmt.Sprint(want) {
		v.bad("%s bonuses lie at %v; the rules (\"Bonos en los tracks\") put them at %v", where, at, want)
	}
	return out
}

func (v *validator) board(f *boardFile) {
	d := v.d
	fact := func(name string, got, want int, rule string) {
		if got != want {
			v.bad("board: %s is %d; the rules (%q) say %d", name, got, rule, want)
		}
	}
	d.DicePerColor = f.DicePerColor
	fact("dicePerColor", f.DicePerColor, 12, "Contenido")
	d.KaliBasic, d.KaliNavaratnas = f.Kali.Basic, f.Kali.Navaratnas
	fact("kali.basic", f.Kali.Basic, 10, "Transcurso del juego")
	fact("kali.navaratnas", f.Kali.Navaratnas, 8, "Navaratnas")
	d.StartWorkers, d.TotalWorkers, d.BasicMaxWorkers = f.Workers.Start, f.Workers.Total, f.Workers.BasicMax
	fact("workers.start", f.Workers.Start, 3, "Obtener nuevos trabajadores")
	fact("workers.total", f.Workers.Total, 6, "Contenido")
	fact("workers.basicMax", f.Workers.BasicMax, 5, "Obtener nuevos trabajadores")
	d.StartMoney = f.StartMoney
	if fmt.Sprint(f.StartMoney) != "[3 4 5 6]" {
		v.bad("board: startMoney is %v; the rules (\"Setup\") give 3, 4, 5, 6 from the start player", f.StartMoney)
	}
	d.StartKarma, d.MaxKarma = f.StartKarma, f.MaxKarma
	fact("startKarma", f.StartKarma, 1, "Karma")
	fact("maxKarma", f.MaxKarma, 3, "Karma")
	d.LevelStart, d.LevelMax = f.BuildingLevels.Start, f.BuildingLevels.Max
	fact("buildingLevels.start", f.BuildingLevels.Start, 2, "Las mejoras de edificios")
	fact("buildingLevels.max", f.BuildingLevels.Max, 4, "Las mejoras de edificios")
	d.FameMax, d.FameWorker = f.Fame.Max, f.Fame.Worker
	d.MoneyMax, d.MoneyWorker = f.Money.Max, f.Money.Worker
	if f.Fame.Max < 31 || f.Fame.Max > 200 {
		v.bad("board: fame.max %d must be 31-200 (the track has a bonus at 31)", f.Fame.Max)
	}
	if f.Money.Max < 55 || f.Money.Max > 300 {
		v.bad("board: money.max %d must be 55-300 (the track has a bonus at 55)", f.Money.Max)
	}
	fact("fame.worker", f.Fame.Worker, 15, "Obtener nuevos trabajadores")
	fact("money.worker", f.Money.Worker, 20, "Obtener nuevos trabajadores")
	d.FameBonuses = v.bonuses("fame", f.Fame.Bonuses, f.Fame.Max, []int{5, 24, 31})
	d.MoneyBonuses = v.bonuses("money", f.Money.Bonuses, f.Money.Max, []int{12, 33, 44, 55})
	// The two tracks run side by side in opposite directions ("Objetivo").
	d.Facing = f.Money.Facing
	if len(f.Money.Facing) != f.Money.Max+1 {
		v.bad("board: money.facing has %d entries, want one per money value 0-%d", len(f.Money.Facing), f.Money.Max)
	} else {
		for m, fa := range f.Money.Facing {
			if fa < 0 || fa > f.Fame.Max {
				v.bad("board: money.facing[%d] = %d is off the fame track", m, fa)
			}
			if m > 0 && fa > f.Money.Facing[m-1] {
				v.bad("board: money.facing must not increase (the tracks run in opposite directions); it does at %d", m)
			}
		}
		if len(f.Money.Facing) > 0 && f.Money.Facing[len(f.Money.Facing)-1] != 0 {
			v.bad("board: the money track must end beside fame 0")
		}
	}
	players := map[int]bool{}
	for si, sf := range f.Sides {
		s := &Side{ID: sf.ID, Players: sf.Players, AssortedOnce: sf.AssortedOncePerRound, Covers: map[int][]int{}, byID: map[string]int{}}
		w := fmt.Sprintf("board side %q", sf.ID)
		if sf.ID == "" {
			w = fmt.Sprintf("board side %d", si+1)
		}
		for _, p := range sf.Players {
			if p < 2 || p > 4 || players[p] {
				v.bad("%s: players %d out of 2-4 or on two sides", w, p)
			}
			players[p] = true
		}
		if len(sf.Spaces) > maxSpaces {
			v.bad("%s: %d spaces, at most %d", w, len(sf.Spaces), maxSpaces)
		}
		rooms := [NumRooms]int{}
		lastQuarry, lastRow := 0, 0
		for i, sj := range sf.Spaces {
			sp := v.space(w, sj, i)
			sp.Label = spaceLabel(&sp)
			if _, dup := s.byID[sp.ID]; dup {
				v.bad("%s: space %q twice", w, sp.ID)
			}
			s.byID[sp.ID] = i
			switch sp.Kind {
			case KindQuarry:
				if sp.Money < lastQuarry || sp.Row < lastRow {
					v.bad("%s: quarry spaces must be listed row by row with costs rising (\"Cantera\")", w)
				}
				lastQuarry, lastRow = sp.Money, sp.Row
				s.Quarry = append(s.Quarry, i)
			case KindHarbour:
				if len(s.Harbour) == 0 && sp.Money != 0 {
					v.bad("%s: the first harbour space is free (\"Puerto/Río\")", w)
				}
				if len(s.Harbour) > 0 && (sp.Money < 1 || sp.Money > 2) {
					v.bad("%s: later harbour spaces cost 1 or 2 (\"Puerto/Río\")", w)
				}
				s.Harbour = append(s.Harbour, i)
			case KindRoom:
				rooms[sp.Room]++
			}
			s.Spaces = append(s.Spaces, sp)
		}
		for r, n := range rooms {
			if n != 1 {
				v.bad("%s: the palace must have exactly one %s room, has %d (\"Las salas\")", w, Room(r), n)
			}
		}
		count := func(k SpaceKind) int {
			n := 0
			for _, sp := range s.Spaces {
				if sp.Kind == k {
					n++
				}
			}
			return n
		}
		if len(s.Quarry) == 0 || len(s.Harbour) == 0 || count(KindAssorted) == 0 || count(KindSingle) == 0 ||
			count(KindOuter) == 0 || count(KindTerrace) == 0 || count(KindBalcony) == 0 {
			v.bad("%s: needs quarry, assorted and single-good market, outer terrace, terrace, balcony and harbour spaces", w)
		}
		for _, c := range sf.Covers {
			if !contains(sf.Players, c.Players) {
				v.bad("%s: cover tiles for %d players, a count this side is not for", w, c.Players)
			}
			for _, id := range c.Spaces {
				if i, ok := s.byID[id]; ok {
					s.Covers[c.Players] = append(s.Covers[c.Players], i)
				} else {
					v.bad("%s: cover tile on unknown space %q", w, id)
				}
			}
		}
		d.Sides = append(d.Sides, s)
	}
	for p := 2; p <= 4; p++ {
		if !players[p] {
			v.bad("board: no side for %d players", p)
		}
	}
	// River ("Acción de río (Puerto)").
	n := len(f.River.Spaces)
	if n < 8 || n+1 > maxRiver {
		v.bad("board: the river needs 8-%d spaces after the start (the Portuguese moves 6), has %d", maxRiver-1, n)
	}
	d.River = make([][]Effect, n+1)
	for i, s := range f.River.Spaces {
		if len(s.Effects) == 0 {
			v.bad("river space %d has no bonus", i+1)
		}
		d.River[i+1] = v.effects(fmt.Sprintf("river space %d", i+1), s.Effects, notBrown)
	}
	d.BridgeAfter = f.River.BridgeAfter
	if f.River.BridgeAfter < 1 || f.River.BridgeAfter >= n-1 {
		v.bad("board: the bridge must lie between two river spaces before the final one, not after %d", f.River.BridgeAfter)
	}
	if len(f.River.Tiles) != 8 {
		v.bad("board: %d river tiles; the game has 8 (\"Contenido\")", len(f.River.Tiles))
	}
	seen := map[string]bool{}
	for i, t := range f.River.Tiles {
		if !idPattern.MatchString(t.ID) || seen[t.ID] {
			v.bad("river tile %d: bad or repeated id %q", i+1, t.ID)
		}
		seen[t.ID] = true
		if len(t.Effects) == 0 {
			v.bad("river tile %q: no bonus", t.ID)
		}
		d.RiverTiles = append(d.RiverTiles, RiverTile{ID: t.ID, Effects: v.effects("river tile "+t.ID, t.Effects, notBrown)})
	}
}

func notBrown(k EffectKind) bool { return k < EffFamePerMarketTile }

func contains(l []int, x int) bool {
	for _, y := range l {
		if y == x {
			return true
		}
	}
	return false
}

func (v *validator) space(w string, sj spaceJSON, i int) Space {
	sp := Space{Index: i, ID: sj.ID, Row: sj.Row, Money: sj.Money, DieAny: sj.DieAny, DieColor: -1,
		DieValue: sj.DieValue, DieMax: sj.DieMax, N: sj.N}
	w = fmt.Sprintf("%s space %q", w, sj.ID)
	area := -1
	for j, a := range areaIDs {
		if a == sj.Area {
			area = j
		}
	}
	if area < 0 {
		v.bad("%s: unknown area %q", w, sj.Area)
		return sp
	}
	sp.Area = Area(area)
	if !strings.HasPrefix(sj.ID, sj.Area+":") || !idPattern.MatchString(strings.TrimPrefix(sj.ID, sj.Area+":")) {
		v.bad("%s: the id must be %q followed by lower-case letters, digits and dashes", w, sj.Area+":")
	}
	if sj.DieColor != "" {
		if c, ok := parseColor(sj.DieColor); ok {
			sp.DieColor = c
		} else {
			v.bad("%s: unknown dieColor %q", w, sj.DieColor)
		}
	}
	nDie := 0
	for _, b := range []bool{sj.DieAny, sj.DieColor != "", sj.DieValue != 0, sj.DieMax != 0} {
		if b {
			nDie++
		}
	}
	if nDie > 1 {
		v.bad("%s: at most one die cost", w)
	}
	if sj.Money < 0 || sj.Money > 4 {
		v.bad("%s: money cost %d out of 0-4", w, sj.Money)
	}
	gain := func() {
		if c, ok := parseColor(sj.Gain); ok {
			sp.Gain = c
		} else {
			v.bad("%s: unknown gain colour %q", w, sj.Gain)
		}
	}
	noDie := func() {
		if nDie != 0 {
			v.bad("%s: costs no die", w)
		}
	}
	switch sp.Area {
	case Quarry:
		sp.Kind = KindQuarry
		if sj.Money < 1 || sj.Money > 4 || sj.Row < 1 {
			v.bad("%s: quarry spaces cost 1-4 money and have a row (\"Cantera\")", w)
		}
		noDie()
	case Harbour:
		sp.Kind = KindHarbour
		if sj.DieMax != 3 {
			v.bad("%s: the harbour costs a die of 1, 2 or 3 (dieMax 3, \"Puerto/Río\")", w)
		}
	case MarketArea:
		switch sj.Kind {
		case "assorted":
			sp.Kind = KindAssorted
			noDie()
		case "single":
			sp.Kind = KindSingle
			if !sj.DieAny {
				v.bad("%s: a single-good market costs one die of any colour (\"Mercado\")", w)
			}
			g := -1
			for j, id := range goodIDs {
				if id == sj.Good {
					g = j
				}
			}
			if g < 0 {
				v.bad("%s: unknown good %q", w, sj.Good)
			} else {
				sp.Good = Good(g)
			}
		default:
			v.bad("%s: market kind must be assorted or single", w)
		}
		if sj.Money != 0 {
			v.bad("%s: market spaces cost no money", w)
		}
	case Palace:
		if sj.Money != 0 {
			v.bad("%s: palace spaces cost no money", w)
		}
		switch sj.Kind {
		case "outer":
			sp.Kind = KindOuter
			noDie()
		case "terrace":
			sp.Kind = KindTerrace
			noDie()
			gain()
		case "balcony":
			sp.Kind = KindBalcony
			gain()
			if sp.DieColor < 0 || sp.DieColor == sp.Gain || sj.N < 1 {
				v.bad("%s: a balcony trades one die of a colour for dice of another colour (\"Los balcones\")", w)
			}
		case "room":
			sp.Kind = KindRoom
			r := -1
			for j, id := range roomIDs {
				if id == sj.Room {
					r = j
				}
			}
			if r < 0 {
				v.bad("%s: unknown room %q", w, sj.Room)
			} else {
				sp.Room = Room(r)
				if sj.DieValue != r+1 {
					v.bad("%s: the %s room costs a die of exactly %d (\"Las salas\")", w, sj.Room, r+1)
				}
			}
		default:
			v.bad("%s: palace kind must be outer, terrace, balcony or room", w)
		}
	}
	return sp
}

func parseRoads(s string) (uint8, bool) {
	var m uint8
	if s == "" || len(s) > 4 {
		return 0, false
	}
	for _, ch := range s {
		i := strings.IndexRune(SideLetters, ch)
		if i < 0 || m&(1<<i) != 0 {
			return 0, false
		}
		m |= 1 << i
	}
	return m, true
}

func (v *validator) tiles(f *tilesFile) {
	d := v.d
	if len(f.Tiles) != numTiles {
		v.bad("tiles: %d tiles; the game has 64 (\"Contenido\")", len(f.Tiles))
	}
	var perColor [NumColors]int
	var perStack [numStacks]int
	for i, tj := range f.Tiles {
		w := fmt.Sprintf("tile %d (%q)", i+1, tj.ID)
		t := Tile{Index: i, ID: tj.ID, Cost: tj.Cost}
		if !idPattern.MatchString(tj.ID) {
			v.bad("%s: ids are lower-case letters, digits and dashes", w)
		}
		if _, dup := d.tileByID[tj.ID]; dup {
			v.bad("%s: id used twice", w)
		}
		d.tileByID[tj.ID] = i
		c, ok := parseColor(tj.Color)
		if !ok {
			v.bad("%s: unknown colour %q", w, tj.Color)
		}
		t.Color = c
		b := -1
		for j, id := range backIDs {
			if id == tj.Back {
				b = j
			}
		}
		if b < 0 {
			v.bad("%s: back must be snake, cow or tiger, not %q", w, tj.Back)
			b = 0
		}
		t.Back = Back(b)
		if ok {
			perColor[c]++
			perStack[int(c)*NumBacks+b]++
		}
		if tj.Cost < 1 || tj.Cost > 30 {
			v.bad("%s: cost %d out of 1-30", w, tj.Cost)
		}
		if t.Roads, ok = parseRoads(tj.Roads); !ok {
			v.bad("%s: roads %q must list 1-4 distinct sides of NESW", w, tj.Roads)
		}
		if len(tj.Buildings) > 2 || len(tj.Markets) > 2 || len(tj.Buildings)+len(tj.Markets) == 0 {
			v.bad("%s: a tile shows one or two buildings and/or one or two markets (\"Cantera\")", w)
		}
		for _, bs := range tj.Buildings {
			k := -1
			for j, id := range buildingIDs {
				if id == bs {
					k = j
				}
			}
			if k < 0 {
				v.bad("%s: unknown building %q", w, bs)
				continue
			}
			t.Buildings = append(t.Buildings, Building(k))
		}
		for _, m := range tj.Markets {
			g := -1
			for j, id := range goodIDs {
				if id == m.Good {
					g = j
				}
			}
			if g < 0 || m.Value < 1 || m.Value > 10 {
				v.bad("%s: market needs a good (silk, tea, spice) and a value 1-10", w)
				continue
			}
			t.Markets = append(t.Markets, Market{Good: Good(g), Value: m.Value})
		}
		d.Tiles = append(d.Tiles, t)
	}
	for c, n := range perColor {
		if n != 16 {
			v.bad("tiles: %d %s tiles; the game has 16 per colour", n, Color(c))
		}
	}
	for s, n := range perStack {
		if n == 0 || n > maxStack {
			v.bad("tiles: the %s %s pile has %d tiles (want 1-%d)", Color(s/NumBacks), Back(s%NumBacks), n, maxStack)
		}
	}
}

func (v *validator) province(f *provinceFile) {
	p := &v.d.Province
	p.Rows, p.Cols = f.Rows, f.Cols
	if f.Rows < 2 || f.Cols < 2 || f.Rows*f.Cols > maxCells {
		v.bad("province: a %dx%d grid; want at least 2x2 and at most %d cells", f.Rows, f.Cols, maxCells)
		return
	}
	r, ok := p.parseCell(f.Residence)
	if !ok {
		v.bad("province: residence %q is not a cell", f.Residence)
	}
	p.Residence = r
	if len(f.Exits) != 3 {
		v.bad("province: three roads leave the residence (\"Tablero de provincia\"), not %d", len(f.Exits))
	}
	for _, e := range f.Exits {
		i := strings.Index(SideLetters, e)
		if len(e) != 1 || i < 0 || p.Exits&(1<<i) != 0 {
			v.bad("province: bad residence exit %q", e)
			continue
		}
		if ok && p.Neighbour(r, i) < 0 {
			v.bad("province: the residence road %q leaves the board", e)
		}
		p.Exits |= 1 << i
	}
	for side, sites := range [2][]siteJSON{f.Sides.Basic.Sites, f.Sides.Navaratnas.Sites} {
		name := [2]string{"basic", "navaratnas"}[side]
		if len(sites) == 0 || len(sites) > maxSites {
			v.bad("province %s side: %d sites (want 1-%d)", name, len(sites), maxSites)
		}
		ids := map[string]bool{}
		at := map[[2]int]bool{}
		var slots [NumProdColors]int
		for i, sj := range sites {
			w := fmt.Sprintf("province %s site %q", name, sj.ID)
			s := Site{Index: i, ID: sj.ID, Slot: NoSlot}
			if !idPattern.MatchString(sj.ID) || ids[sj.ID] {
				v.bad("%s: bad or repeated id", w)
			}
			ids[sj.ID] = true
			c, ok1 := p.parseCell(sj.Cell)
			sd := strings.Index(SideLetters, sj.Side)
			if !ok1 || len(sj.Side) != 1 || sd < 0 {
				v.bad("%s: bad cell %q or side %q", w, sj.Cell, sj.Side)
			} else {
				if c == p.Residence || p.Neighbour(c, sd) >= 0 {
					v.bad("%s: a special production lies on the border of the board, beside a tile space", w)
				}
				if at[[2]int{c, sd}] {
					v.bad("%s: two productions on one border side", w)
				}
				at[[2]int{c, sd}] = true
			}
			s.Cell, s.Side = c, sd
			if sj.Slot != "" {
				if side == 0 {
					v.bad("%s: production-tile slots belong to the Navaratnas side", w)
				}
				found := false
				for j, id := range prodColorIDs {
					if id == sj.Slot {
						s.Slot, found = ProdColor(j), true
						slots[j]++
					}
				}
				if !found {
					v.bad("%s: unknown slot colour %q", w, sj.Slot)
				}
			}
			if len(sj.Effects) == 0 && s.Slot == NoSlot {
				v.bad("%s: neither a production nor a slot", w)
			}
			if s.Slot >= 0 && s.Slot != Brown && len(sj.Effects) > 0 {
				v.bad("%s: only brown slots cover a printed production (\"Navaratnas\")", w)
			}
			if s.Slot == Brown && len(sj.Effects) == 0 {
				v.bad("%s: a brown slot covers a printed production (\"Navaratnas\")", w)
			}
			s.Effects = v.effects(w, sj.Effects, notBrown)
			p.Sites[side] = append(p.Sites[side], s)
		}
		if side == 1 {
			if slots[Brown] != 2 {
				v.bad("province navaratnas side: %d brown slots; the rules (\"Navaratnas\") give two", slots[Brown])
			}
			for c := White; c < Brown; c++ {
				if slots[c] == 0 {
					v.bad("province navaratnas side: no %s slot", c)
				}
			}
		}
	}
}

func (v *validator) production(f *prodFile) {
	d := v.d
	var per [NumProdColors]int
	if len(f.Tiles) > maxProdKinds {
		v.bad("production: %d kinds, at most %d", len(f.Tiles), maxProdKinds)
	}
	for i, tj := range f.Tiles {
		w := fmt.Sprintf("production tile %q", tj.ID)
		t := ProdTile{Index: i, ID: tj.ID, Count: tj.Count}
		if !idPattern.MatchString(tj.ID) {
			v.bad("%s: bad id", w)
		}
		if _, dup := d.prodByID[tj.ID]; dup {
			v.bad("%s: id used twice", w)
		}
		d.prodByID[tj.ID] = i
		found := false
		for j, id := range prodColorIDs {
			if id == tj.Color {
				t.Color, found = ProdColor(j), true
			}
		}
		if !found {
			v.bad("%s: unknown colour %q", w, tj.Color)
			continue
		}
		if tj.Count < 1 || tj.Count > 9 {
			v.bad("%s: count %d out of 1-9", w, tj.Count)
		}
		per[t.Color] += tj.Count
		allowed := func(k EffectKind) bool {
			if t.Color == Brown {
				// A production that depends on progress so far.
				return k >= EffMoneyPerMarket
			}
			// "Navaratnas": dice, money, an upgrade, a boat move, Karma.
			return k == EffDice || k == EffMoney || k == EffUpgrade || k == EffBoat || k == EffKarma
		}
		if len(tj.Effects) == 0 {
			v.bad("%s: no production", w)
		}
		t.Effects = v.effects(w, tj.Effects, allowed)
		for _, e := range t.Effects {
			if (e.Kind == EffDice || e.Kind == EffKarma) && e.N > 2 || e.Kind == EffUpgrade && e.N != 1 {
				v.bad("%s: dice and Karma 1 or 2, one upgrade (\"Navaratnas\")", w)
			}
		}
		d.Prod = append(d.Prod, t)
	}
	want := [NumProdColors]int{8, 9, 6, 7}
	for c := range per {
		if per[c] != want[c] {
			v.bad("production: %d %s tiles; the game has %d (\"Contenido\")", per[c], ProdColor(c), want[c])
		}
	}
}
