package greatgame

import (
	"math"
	"strings"
)

// ---- tec.json ----

// TECFile is the Terrain Effects Chart.
type TECFile struct {
	Comment string `json:"comment"`
	Terrain []struct {
		ID              string  `json:"id"`
		Name            string  `json:"name"`
		Move            float64 `json:"move"`
		RouteMove       float64 `json:"routeMove"`
		Forage          int     `json:"forage"`
		IrregularForage int     `json:"irregularForage"`
		Defence         int     `json:"defence"`
		Land            bool    `json:"land"`
		Amphibious      bool    `json:"amphibious"`
	} `json:"terrain"`
	Features []struct {
		ID      string `json:"id"`
		Name    string `json:"name"`
		Defence int    `json:"defence"`
		Rule    string `json:"rule"`
	} `json:"features"`
	MaxDefence int `json:"maxDefence"`
	BaseMove   int `json:"baseMove"`
	RailMove   int `json:"railMove"`
	Amphibious struct {
		Move            int    `json:"move"`
		SupplyFromPort  int    `json:"supplyFromPort"`
		SupplyElsewhere int    `json:"supplyElsewhere"`
		Rule            string `json:"rule"`
	} `json:"amphibious"`
	BaseForageUnlimited bool `json:"baseForageUnlimited"`
}

// TerrainIndex returns the TEC row of a terrain, or -1.
func (t *TECFile) TerrainIndex(id string) int {
	for i, r := range t.Terrain {
		if r.ID == id {
			return i
		}
	}
	return -1
}

// FeatureDefence returns the defence multiplier of a feature (city, fort…), 1 if unknown.
func (t *TECFile) FeatureDefence(id string) int {
	for _, f := range t.Features {
		if f.ID == id {
			return f.Defence
		}
	}
	return 1
}

func halfStep(x float64) bool { return x >= 0 && x == math.Floor(x*2)/2 }

func validateTEC(t *TECFile, c checker) {
	for _, id := range terrainIDs {
		if t.TerrainIndex(id) < 0 {
			c.add("terrain %q has no row", id)
		}
	}
	for _, r := range t.Terrain {
		if _, ok := parseTerrain(r.ID); !ok {
			c.add("unknown terrain %q", r.ID)
			continue
		}
		if !halfStep(r.Move) || !halfStep(r.RouteMove) {
			c.add("terrain %q: movement costs must be whole or half points", r.ID)
		}
		if r.Land && (r.Move < 1 || r.RouteMove <= 0 || r.RouteMove > r.Move) {
			c.add("terrain %q: a land terrain costs at least 1, and a trade route no more than the terrain", r.ID)
		}
		if r.ID == "sea" && (r.Land || !r.Amphibious || r.Move != 0) {
			c.add("sea is entered only by amphibious movement (13.7.1)")
		}
		if r.Forage < 0 || r.IrregularForage < 0 || r.Defence < 1 || r.Defence > t.MaxDefence {
			c.add("terrain %q: forage must be ≥ 0 and defence 1–%d", r.ID, t.MaxDefence)
		}
	}
	for _, f := range t.Features {
		if f.Defence < 1 || f.Defence > t.MaxDefence {
			c.add("feature %q: defence %d outside 1–%d", f.ID, f.Defence, t.MaxDefence)
		}
	}
	if t.MaxDefence != 3 {
		c.add("maxDefence %d: the defender at most triples (14.7.4)", t.MaxDefence)
	}
	if t.BaseMove < 0 || t.RailMove < 0 || t.Amphibious.Move < 0 || t.Amphibious.SupplyFromPort < 0 || t.Amphibious.SupplyElsewhere < 0 {
		c.add("negative movement or supply cost")
	}
}

// ---- counters.json ----

// UnitCounter is a kind of combat-unit counter and how many the mix holds.
type UnitCounter struct {
	Nation string `json:"nation"`
	Type   string `json:"type"`
	Size   int    `json:"size"`
	Combat int    `json:"combat"`
	CRT    string `json:"crt"`
	Move   int    `json:"move"`
	Count  int    `json:"count"`
	Back   *struct {
		Size   int    `json:"size"`
		Combat int    `json:"combat"`
		CRT    string `json:"crt"`
		Move   int    `json:"move"`
	} `json:"back"`
}

// Agent is an agent counter (a historical leader, pundit, khan or the Mad Mullah).
type Agent struct {
	ID        string `json:"id"`
	Name      string `json:"name"`
	Abbr      string `json:"abbr"`
	Nation    string `json:"nation"`
	Kind      string `json:"kind"`
	Political int    `json:"political"`
	Military  int    `json:"military"`
	Move      int    `json:"move"`
	Periods   []int  `json:"periods"`
	Starts    []int  `json:"starts"`
	Count     int    `json:"count"`
}

// CountersFile is the counter mix.
type CountersFile struct {
	Comment   string `json:"comment"`
	UnitTypes []struct {
		ID      string `json:"id"`
		Name    string `json:"name"`
		Circled bool   `json:"circled"`
		Rule    string `json:"rule"`
	} `json:"unitTypes"`
	Units        []UnitCounter `json:"units"`
	Agents       []Agent       `json:"agents"`
	Civilization []struct {
		ID      string `json:"id"`
		Name    string `json:"name"`
		British int    `json:"british"`
		Russian int    `json:"russian"`
		Rule    string `json:"rule"`
	} `json:"civilization"`
	Markers []struct {
		ID    string `json:"id"`
		Name  string `json:"name"`
		Count int    `json:"count"`
		Rule  string `json:"rule"`
	} `json:"markers"`
}

// AgentByID returns an agent, or nil.
func (k *CountersFile) AgentByID(id string) *Agent {
	for i := range k.Agents {
		if k.Agents[i].ID == id {
			return &k.Agents[i]
		}
	}
	return nil
}

// Copies is how many counters an agent entry stands for.
func (a *Agent) Copies() int {
	if a.Count == 0 {
		return 1
	}
	return a.Count
}

// Brigades returns the brigades/groups the mix holds for a nation and unit
// type, and the counters by size (index 1..3).
func (k *CountersFile) Brigades(nation, typ string) (total int, bySize [4]int) {
	for _, u := range k.Units {
		if u.Nation == nation && u.Type == typ && u.Size >= 1 && u.Size <= 3 {
			total += u.Size * u.Count
			bySize[u.Size] += u.Count
		}
	}
	return
}

// MaxPieces is the most counters that can show exactly b brigades with the
// counters available by size (18.4), or -1 if b cannot be shown.
func MaxPieces(b int, bySize [4]int) int {
	use, ok := BestSplit(b, bySize)
	if !ok {
		return -1
	}
	return use[1] + use[2] + use[3]
}

// BestSplit is how many counters of each size (index 1..3) show exactly b
// brigades with as many counters as possible, from the counters available
// by size (18.4); ok is false if b cannot be shown. Of equal splits, the
// one with the fewest large counters is taken.
func BestSplit(b int, bySize [4]int) (use [4]int, ok bool) {
	best := -1
	for a3 := 0; a3 <= bySize[3] && 3*a3 <= b; a3++ {
		for a2 := 0; a2 <= bySize[2] && 3*a3+2*a2 <= b; a2++ {
			a1 := b - 3*a3 - 2*a2
			if a1 <= bySize[1] && a1+a2+a3 > best {
				best, use = a1+a2+a3, [4]int{0, a1, a2, a3}
			}
		}
	}
	return use, best >= 0
}

// nations: british, russian, every region, ghazis.
func nationKnown(r *RegionsFile, n string) bool {
	return n == "british" || n == "russian" || n == r.Ghazis.ID || r.RegionIndex(n) >= 0
}

func (k *CountersFile) typeKnown(id string) bool {
	for _, t := range k.UnitTypes {
		if t.ID == id {
			return true
		}
	}
	return false
}

func validCRT(s string) bool { return s == "B" || s == "R" || s == "C" }

func validateCounters(k *CountersFile, r *RegionsFile, c checker) {
	for _, want := range []string{"field-force", "flying-column", "garrison", "irregular", "elephant", "ghazi"} {
		if !k.typeKnown(want) {
			c.add("unit type %q missing (2.3.3)", want)
		}
	}
	type key struct{ n, t string }
	rating := map[key][3]int{}
	for i, u := range k.Units {
		if !nationKnown(r, u.Nation) || !k.typeKnown(u.Type) {
			c.add("unit %d: unknown nation %q or type %q", i+1, u.Nation, u.Type)
			continue
		}
		if u.Size < 1 || u.Size > 3 || u.Count < 1 || u.Move < 1 || u.Combat < 1 || !validCRT(u.CRT) {
			c.add("unit %d (%s %s): size 1–3, count, move and combat ≥ 1, crt B, R or C", i+1, u.Nation, u.Type)
			continue
		}
		if u.Combat%u.Size != 0 {
			c.add("unit %d (%s %s): combat %d is not a multiple of size %d (18.0)", i+1, u.Nation, u.Type, u.Combat, u.Size)
			continue
		}
		kk := key{u.Nation, u.Type}
		cur := [3]int{u.Combat / u.Size, u.Move, int(u.CRT[0])}
		if prev, ok := rating[kk]; ok && prev != cur {
			c.add("%s %s: counters of different sizes rate differently (per brigade %v vs %v)", u.Nation, u.Type, prev, cur)
		}
		rating[kk] = cur
		if u.Back != nil {
			b := u.Back
			if u.Type != "elephant" || b.Size < 1 || b.Size >= u.Size || b.Combat < 1 || !validCRT(b.CRT) || b.Move < 1 {
				c.add("unit %d (%s %s): only elephants have a smaller back side", i+1, u.Nation, u.Type)
			}
		} else if u.Type == "elephant" {
			c.add("unit %d (%s elephants): elephants show two groups on the front and one on the back (clarifications)", i+1, u.Nation)
		}
	}
	seen := map[string]bool{}
	for _, a := range k.Agents {
		if a.ID == "" || seen[a.ID] {
			c.add("agent %q: id missing or used twice", a.ID)
		}
		seen[a.ID] = true
		if !nationKnown(r, a.Nation) {
			c.add("agent %q: unknown nation %q", a.ID, a.Nation)
		}
		switch a.Kind {
		case "historical", "pundit", "khan", "mullah":
		default:
			c.add("agent %q: kind %q is not historical, pundit, khan or mullah", a.ID, a.Kind)
		}
		if a.Political < 0 || a.Military < 0 || a.Political > 5 || a.Military > 5 || a.Move < 1 || a.Count < 0 {
			c.add("agent %q: ratings 0–5, move ≥ 1, count ≥ 0", a.ID)
		}
		if len(a.Periods) == 0 {
			c.add("agent %q: no period (16.6)", a.ID)
		}
		for _, p := range a.Periods {
			if p < 1 || p > 3 {
				c.add("agent %q: period %d is not 1, 2 or 3", a.ID, p)
			}
		}
		for _, s := range a.Starts {
			if s != 1 && s != 2 {
				c.add("agent %q: starts scenario %d; only scenarios 1 and 2 have set-ups", a.ID, s)
			}
		}
	}
	for _, v := range k.Civilization {
		switch v.ID {
		case "colony", "fort", "trading-post", "railway":
		default:
			c.add("unknown civilization marker %q", v.ID)
		}
		if v.British < 0 || v.Russian < 0 {
			c.add("civilization marker %q: negative count", v.ID)
		}
	}
}

func (k *CountersFile) civCount(id, side string) int {
	for _, v := range k.Civilization {
		if v.ID == id {
			if side == "british" {
				return v.British
			}
			return v.Russian
		}
	}
	return -1
}

// ---- charts.json ----

// Level is a Balance-of-Power favour level.
type Level struct {
	ID                  string `json:"id"`
	From                int    `json:"from"`
	To                  int    `json:"to"`
	VictoryPoints       int    `json:"victoryPoints"`
	EventModifier       int    `json:"eventModifier"`
	IncomeModifier      int    `json:"incomeModifier"`
	NegotiationModifier int    `json:"negotiationModifier"`
}

// ChartsFile holds the tables and charts.
type ChartsFile struct {
	Comment string `json:"comment"`
	Turns   []struct {
		Turn   int    `json:"turn"`
		Years  string `json:"years"`
		Period int    `json:"period"`
	} `json:"turns"`
	RailwaysFromTurn int `json:"railwaysFromTurn"`
	OperationsPhases int `json:"operationsPhases"`
	BoP              struct {
		Min    int     `json:"min"`
		Max    int     `json:"max"`
		Zero   bool    `json:"zero"`
		Rule   string  `json:"rule"`
		Levels []Level `json:"levels"`
		Cities []struct {
			City  string `json:"city"`
			Shift int    `json:"shift"`
			For   string `json:"for"`
		} `json:"cities"`
		Actions []struct {
			ID     string `json:"id"`
			Shift  int    `json:"shift"`
			Dice   int    `json:"dice"`
			Toward string `json:"toward"`
			Rule   string `json:"rule"`
		} `json:"actions"`
	} `json:"bop"`
	Expenses struct {
		Rule           string `json:"rule"`
		AgentPerRating int    `json:"agentPerRating"`
		SizeMultiplier bool   `json:"sizeMultiplier"`
		SupplyPoints   []struct {
			UpTo   int `json:"upTo"`
			Pounds int `json:"pounds"`
		} `json:"supplyPoints"`
		Units []struct {
			Type        string `json:"type"`
			Pounds      int    `json:"pounds"`
			Recruitable *bool  `json:"recruitable"`
		} `json:"units"`
		Markers []struct {
			ID             string `json:"id"`
			Pounds         int    `json:"pounds"`
			MountainPounds int    `json:"mountainPounds"`
		} `json:"markers"`
	} `json:"expenses"`
	Income struct {
		Rule       string `json:"rule"`
		Government []struct {
			Roll   int `json:"roll"`
			Pounds int `json:"pounds"`
		} `json:"government"`
		Modifiers []struct {
			ID  string `json:"id"`
			DRM int    `json:"drm"`
		} `json:"modifiers"`
		Cities struct {
			Named []struct {
				City   string `json:"city"`
				Pounds int    `json:"pounds"`
			} `json:"named"`
			RouteRegions      []string `json:"routeRegions"`
			RouteRegionPounds int      `json:"routeRegionPounds"`
			RoutePounds       int      `json:"routePounds"`
			OtherPounds       int      `json:"otherPounds"`
		} `json:"cities"`
		Markers struct {
			OccupiedFriendly int `json:"occupiedFriendly"`
			EmptyOrNeutral   int `json:"emptyOrNeutral"`
			OccupiedEnemy    int `json:"occupiedEnemy"`
			Railway          int `json:"railway"`
		} `json:"markers"`
	} `json:"income"`
	Events struct {
		Rule      string `json:"rule"`
		FirstRoll []struct {
			Roll    int      `json:"roll"`
			Columns []string `json:"columns"`
		} `json:"firstRoll"`
		Columns map[string][]string `json:"columns"`
		List    []struct {
			ID          string         `json:"id"`
			Name        string         `json:"name"`
			Side        string         `json:"side"`
			OncePerGame bool           `json:"oncePerGame"`
			OncePerTurn bool           `json:"oncePerTurn"`
			FromTurn    int            `json:"fromTurn"`
			Params      map[string]int `json:"params"`
		} `json:"list"`
		JihadExcludedRegions []string `json:"jihadExcludedRegions"`
	} `json:"events"`
	Negotiation struct {
		Rule    string     `json:"rule"`
		Columns []int      `json:"columns"`
		Rows    [][]string `json:"rows"`
		Results []struct {
			Code string `json:"code"`
			Name string `json:"name"`
		} `json:"results"`
		Offensive []struct {
			ID       string   `json:"id"`
			Value    int      `json:"value"`
			Controls string   `json:"controls"`
			Targets  []string `json:"targets"`
		} `json:"offensive"`
		Defensive []struct {
			ID      string   `json:"id"`
			Value   int      `json:"value"`
			Targets []string `json:"targets"`
		} `json:"defensive"`
	} `json:"negotiation"`
	Combat struct {
		Rule    string     `json:"rule"`
		Ratios  []string   `json:"ratios"`
		MinRoll int        `json:"minRoll"`
		MaxRoll int        `json:"maxRoll"`
		Battle  [][]string `json:"battle"`
		Raid    [][]string `json:"raid"`
		Results []struct {
			Code    string `json:"code"`
			Name    string `json:"name"`
			Retreat int    `json:"retreat"`
		} `json:"results"`
	} `json:"combat"`
	Victory struct {
		Rule   string `json:"rule"`
		Levels []struct {
			ID   string `json:"id"`
			From int    `json:"from"`
			To   int    `json:"to"`
		} `json:"levels"`
		TradingPost     int `json:"tradingPost"`
		Railway         int `json:"railway"`
		Colony          int `json:"colony"`
		TreasuryDivisor int `json:"treasuryDivisor"`
		OpenWarPenalty  int `json:"openWarPenalty"`
		BritishBonus    struct {
			Points int      `json:"points"`
			Cities []string `json:"cities"`
		} `json:"britishBonus"`
		RussianBonus struct {
			Points int      `json:"points"`
			Cities []string `json:"cities"`
		} `json:"russianBonus"`
	} `json:"victory"`
	OpenWar struct {
		DefenderPoundDice int    `json:"defenderPoundDice"`
		BoPDice           int    `json:"bopDice"`
		OncePerGame       bool   `json:"oncePerGame"`
		Rule              string `json:"rule"`
	} `json:"openWar"`
	Supply struct {
		FirstPounds int    `json:"firstPounds"`
		FirstCount  int    `json:"firstCount"`
		LaterPounds int    `json:"laterPounds"`
		Rule        string `json:"rule"`
	} `json:"supply"`
}

// Favour returns the favoured side ("british", "russian") and level of a
// Balance-of-Power value; ok is false outside the track or at zero.
func (ch *ChartsFile) Favour(bop int) (side string, level *Level, ok bool) {
	if bop == 0 || bop < ch.BoP.Min || bop > ch.BoP.Max {
		return "", nil, false
	}
	side, v := "british", bop
	if bop < 0 {
		side, v = "russian", -bop
	}
	for i := range ch.BoP.Levels {
		if l := &ch.BoP.Levels[i]; v >= l.From && v <= l.To {
			return side, l, true
		}
	}
	return "", nil, false
}

// Period returns the leader period of a turn, or 0.
func (ch *ChartsFile) Period(turn int) int {
	for _, t := range ch.Turns {
		if t.Turn == turn {
			return t.Period
		}
	}
	return 0
}

func validateCharts(ch *ChartsFile, d *Data, c checker) {
	m := d.Map
	for i, t := range ch.Turns {
		if t.Turn != i+1 || t.Period < 1 || t.Period > 3 || (i > 0 && t.Period < ch.Turns[i-1].Period) {
			c.add("turn %d: turns number 1, 2, … with periods 1–3 in order", i+1)
		}
	}
	if ch.RailwaysFromTurn < 1 || ch.RailwaysFromTurn > len(ch.Turns) {
		c.add("railwaysFromTurn %d is not a turn", ch.RailwaysFromTurn)
	}
	b := &ch.BoP
	if b.Min != -b.Max || b.Max < 1 || b.Zero {
		c.add("Balance of Power: a symmetric track with no zero (4.3, clarifications)")
	}
	next := 1
	for _, l := range b.Levels {
		if l.From != next || l.To < l.From {
			c.add("Balance of Power level %q: %d–%d does not follow on from %d", l.ID, l.From, l.To, next-1)
		}
		next = l.To + 1
	}
	if next-1 != b.Max {
		c.add("Balance of Power levels end at %d, the track at %d", next-1, b.Max)
	}
	for _, x := range b.Cities {
		if m.CityIndex(x.City) < 0 || x.Shift < 1 || (x.For != "either" && !validSide(x.For)) {
			c.add("Balance of Power city %q: a city of the map, a positive shift, for either, british or russian", x.City)
		}
	}
	for _, a := range b.Actions {
		if a.Shift < 0 || a.Dice < 0 || a.ID == "" {
			c.add("Balance of Power action %q: id and non-negative shift", a.ID)
		}
	}
	for _, u := range ch.Expenses.Units {
		if !d.Counters.typeKnown(u.Type) || u.Pounds < 0 {
			c.add("expenses: unit type %q unknown or negative cost", u.Type)
		}
	}
	for _, mk := range ch.Expenses.Markers {
		if d.Counters.civCount(mk.ID, "british") < 0 || mk.Pounds < 0 {
			c.add("expenses: marker %q unknown or negative cost", mk.ID)
		}
	}
	for i, g := range ch.Income.Government {
		if g.Roll != i+1 || g.Pounds < 0 || (i > 0 && g.Pounds < ch.Income.Government[i-1].Pounds) {
			c.add("government income row %d: rolls 1, 2, … with rising pounds", i+1)
		}
	}
	for _, n := range ch.Income.Cities.Named {
		if m.CityIndex(n.City) < 0 {
			c.add("income: unknown city %q", n.City)
		}
	}
	for _, r := range ch.Income.Cities.RouteRegions {
		if m.RegionIndex(r) < 0 {
			c.add("income: unknown region %q", r)
		}
	}
	// city income (Income Table)
	if len(*c.probs) == 0 {
		for i := range m.Cities {
			m.Cities[i].Income = ch.CityIncome(m, i)
		}
	}
	ev := &ch.Events
	evIDs := map[string]bool{}
	for _, e := range ev.List {
		if e.ID == "" || evIDs[e.ID] {
			c.add("event %q: id missing or used twice", e.ID)
		}
		evIDs[e.ID] = true
		if e.FromTurn < 0 || e.FromTurn > len(ch.Turns) {
			c.add("event %q: fromTurn %d is not a turn", e.ID, e.FromTurn)
		}
	}
	for i, r := range ev.FirstRoll {
		if i > 0 && r.Roll != ev.FirstRoll[i-1].Roll+1 || len(r.Columns) < 1 || len(r.Columns) > 2 {
			c.add("events first roll %d: consecutive rolls naming one or two columns", r.Roll)
		}
		for _, col := range r.Columns {
			if _, ok := ev.Columns[col]; !ok {
				c.add("events first roll %d: unknown column %q", r.Roll, col)
			}
		}
	}
	for col, list := range ev.Columns {
		if len(list) != 6 {
			c.add("events column %s has %d events, want 6 (one per die face)", col, len(list))
		}
		for _, id := range list {
			if !evIDs[id] {
				c.add("events column %s: unknown event %q", col, id)
			}
		}
	}
	for _, r := range ev.JihadExcludedRegions {
		if m.RegionIndex(r) < 0 {
			c.add("events: unknown jihad-excluded region %q", r)
		}
	}
	codes := func(name string, rows [][]string, nrows, ncols int, known map[string]bool) {
		if len(rows) != nrows {
			c.add("%s has %d rows, want %d", name, len(rows), nrows)
		}
		for i, row := range rows {
			if len(row) != ncols {
				c.add("%s row %d has %d cells, want %d", name, i+1, len(row), ncols)
			}
			for _, cell := range row {
				for _, part := range strings.Split(cell, "+") {
					if !known[part] {
						c.add("%s row %d: unknown result %q", name, i+1, cell)
					}
				}
			}
		}
	}
	nk := map[string]bool{}
	for _, r := range ch.Negotiation.Results {
		nk[r.Code] = true
	}
	for i, col := range ch.Negotiation.Columns {
		if i > 0 && col != ch.Negotiation.Columns[i-1]+1 {
			c.add("negotiation columns must be consecutive differentials")
		}
	}
	codes("negotiation table", ch.Negotiation.Rows, 6, len(ch.Negotiation.Columns), nk)
	for _, o := range ch.Negotiation.Offensive {
		if o.Controls != "" && m.RegionIndex(o.Controls) < 0 {
			c.add("negotiation: unknown region %q", o.Controls)
		}
		for _, t := range o.Targets {
			if m.RegionIndex(t) < 0 {
				c.add("negotiation: unknown region %q", t)
			}
		}
	}
	for _, o := range ch.Negotiation.Defensive {
		for _, t := range o.Targets {
			if m.RegionIndex(t) < 0 {
				c.add("negotiation: unknown region %q", t)
			}
		}
	}
	ck := map[string]bool{}
	for _, r := range ch.Combat.Results {
		ck[r.Code] = true
	}
	nr := ch.Combat.MaxRoll - ch.Combat.MinRoll + 1
	if nr < 1 {
		nr = 0
		c.add("combat: maxRoll below minRoll")
	}
	codes("battle table", ch.Combat.Battle, nr, len(ch.Combat.Ratios), ck)
	codes("raid table", ch.Combat.Raid, nr, len(ch.Combat.Ratios), ck)
	for i, l := range ch.Victory.Levels {
		if i > 0 && l.From != ch.Victory.Levels[i-1].To+1 {
			c.add("victory level %q does not follow on", l.ID)
		}
	}
	for _, x := range append(append([]string{}, ch.Victory.BritishBonus.Cities...), ch.Victory.RussianBonus.Cities...) {
		if m.CityIndex(x) < 0 {
			c.add("victory: unknown city %q", x)
		}
	}
}

// CityIncome is a city's value in pounds by the Income Table: a named value,
// else the route-region value for cities of those regions on a trade route,
// else the route value on a trade route, else the other value.
func (ch *ChartsFile) CityIncome(m *Map, city int) int {
	ct := m.Cities[city]
	for _, n := range ch.Income.Cities.Named {
		if n.City == ct.ID {
			return n.Pounds
		}
	}
	if !ct.OnRoute {
		return ch.Income.Cities.OtherPounds
	}
	for _, r := range ch.Income.Cities.RouteRegions {
		if ct.Region >= 0 && m.Regions[ct.Region].ID == r {
			return ch.Income.Cities.RouteRegionPounds
		}
	}
	return ch.Income.Cities.RoutePounds
}
