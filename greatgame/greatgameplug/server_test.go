package greatgameplug

import (
	"encoding/json"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"durbar/core"
	"durbar/greatgame"
	"durbar/plug"
)

func ggSeatReqs(kinds ...string) []plug.SeatRequest {
	out := make([]plug.SeatRequest, len(kinds))
	for i, k := range kinds {
		switch k {
		case plug.Human:
			out[i] = plug.SeatRequest{Kind: plug.Human}
		case plug.Computer:
			out[i] = plug.SeatRequest{Kind: plug.Computer}
		default:
			out[i] = plug.SeatRequest{Kind: plug.Computer, Bot: k}
		}
	}
	return out
}

func ggPrepare(t *testing.T, req plug.CreateRequest) (json.RawMessage, []plug.SeatSpec) {
	t.Helper()
	setup, seats, err := newKind().Prepare(req)
	if err != nil {
		t.Fatalf("prepare %+v: %v", req, err)
	}
	return setup, seats
}

func ggOpen(t *testing.T, req plug.CreateRequest, seed uint64, log []string) *webTable {
	t.Helper()
	setup, seats := ggPrepare(t, req)
	tb, err := newKind().Open(setup, seats, seed, log)
	if err != nil {
		t.Fatal(err)
	}
	return tb.(*webTable)
}

func ggBoardJSON(t *testing.T, tb plug.Table, seat int) string {
	t.Helper()
	raw, err := json.Marshal(tb.Board(seat))
	if err != nil {
		t.Fatal(err)
	}
	return string(raw)
}

func TestCatalogAndPrepare(t *testing.T) {
	k := newKind()
	c := k.Catalog()
	if c.Name != "greatgame" || c.Title != gameTitle || c.Version != greatgame.Version || c.MinSeats != 2 || c.MaxSeats != 2 {
		t.Fatalf("catalog %+v", c)
	}
	if got := plug.ChoiceIDs(c.Scenarios); got != "1, 2, 3-1, 3-2" {
		t.Fatalf("scenarios %s", got)
	}
	if got := plug.ChoiceIDs(c.Seats); got != "british, russian" || c.Computers[0].ID != "bot" {
		t.Fatalf("seats %s, computers %+v", got, c.Computers)
	}
	for scen, want := range map[string]greatgame.Setup{
		"": {Scenario: "1"}, "1": {Scenario: "1"}, "2": {Scenario: "2"},
		"3-1": {Scenario: "3", Start: 1}, "3-2": {Scenario: "3", Start: 2},
	} {
		setup, seats := ggPrepare(t, plug.CreateRequest{Game: "greatgame", Scenario: scen, Seats: ggSeatReqs(plug.Human, plug.Computer)})
		got, err := greatgame.ParseSetup(setup)
		if err != nil || got.Scenario != want.Scenario || got.Start != want.Start || got.Position != nil {
			t.Errorf("scenario %q: setup %s (%v), want %+v", scen, setup, err, want)
		}
		if seats[0] != (plug.SeatSpec{Name: "British", Kind: plug.Human}) || seats[1] != (plug.SeatSpec{Name: "Russian", Kind: plug.Computer, Bot: "bot"}) {
			t.Errorf("scenario %q: seats %+v", scen, seats)
		}
		if scen != "" && !strings.HasPrefix(c.GameTitle(setup), gameTitle) {
			t.Errorf("title %q", c.GameTitle(setup))
		}
	}
	bad := []struct {
		name string
		req  plug.CreateRequest
		msg  string
	}{
		{"scenario", plug.CreateRequest{Scenario: "4", Seats: ggSeatReqs(plug.Human, plug.Human)}, "no scenario"},
		{"bare 3", plug.CreateRequest{Scenario: "3", Seats: ggSeatReqs(plug.Human, plug.Human)}, "no scenario"},
		{"variant", plug.CreateRequest{Seats: ggSeatReqs(plug.Human, plug.Human), Variants: []string{"fog"}}, "no variants"},
		{"one seat", plug.CreateRequest{Seats: ggSeatReqs(plug.Human)}, "two seats"},
		{"three seats", plug.CreateRequest{Seats: ggSeatReqs(plug.Human, plug.Human, plug.Human)}, "two seats"},
		{"seat kind", plug.CreateRequest{Seats: []plug.SeatRequest{{Kind: "alien"}, {Kind: plug.Human}}}, "kind must be"},
		{"bot", plug.CreateRequest{Seats: ggSeatReqs(plug.Human, "deep-thought")}, "unknown computer"},
	}
	for _, b := range bad {
		if _, _, err := k.Prepare(b.req); err == nil || !strings.Contains(err.Error(), b.msg) {
			t.Errorf("%s: error %v, want one mentioning %q", b.name, err, b.msg)
		}
	}
}

// ggRandomIDs plays n random options (computer seats by PlayComputer) and
// returns the ids played.
func ggRandomIDs(t *testing.T, tb *webTable, n int, seed uint64) []string {
	t.Helper()
	rng := core.NewRNG(seed)
	var ids []string
	for range n {
		d := tb.Decision()
		if d.Over {
			break
		}
		if tb.bots[d.Player] != "" {
			id, err := tb.PlayComputer()
			if err != nil {
				t.Fatal(err)
			}
			ids = append(ids, id)
			continue
		}
		id := d.Options[rng.IntN(len(d.Options))].ID
		if err := tb.Apply(id); err != nil {
			t.Fatalf("apply %q: %v", id, err)
		}
		ids = append(ids, id)
	}
	return ids
}

func TestOpenReplayRoundTrip(t *testing.T) {
	for _, req := range []plug.CreateRequest{
		{Scenario: "1", Seats: ggSeatReqs(plug.Human, plug.Human)},
		{Scenario: "3-2", Seats: ggSeatReqs(plug.Computer, plug.Human)},
		{Scenario: "2", Seats: ggSeatReqs(plug.Computer, plug.Computer)},
	} {
		const seed = 77
		tb := ggOpen(t, req, seed, nil)
		ids := ggRandomIDs(t, tb, 400, 5)
		again := ggOpen(t, req, seed, ids)
		for _, seat := range []int{-1, 0, 1} {
			if a, b := ggBoardJSON(t, tb, seat), ggBoardJSON(t, again, seat); a != b {
				t.Fatalf("%s: seat %d: the replayed board differs", req.Scenario, seat)
			}
		}
		if !slices.Equal(tb.Log(), again.Log()) || tb.Irreversible() != again.Irreversible() || tb.played != again.played {
			t.Fatalf("%s: the replayed log, random draws or count differ", req.Scenario)
		}
		da, db := tb.Decision(), again.Decision()
		if da.Player != db.Player || da.Prompt != db.Prompt || len(da.Options) != len(db.Options) {
			t.Fatalf("%s: decisions differ: %+v vs %+v", req.Scenario, da, db)
		}
		// A computer seat chooses the same in the replayed game.
		if !da.Over && tb.bots[da.Player] != "" {
			a, err1 := tb.PlayComputer()
			b, err2 := again.PlayComputer()
			if err1 != nil || err2 != nil || a != b {
				t.Fatalf("%s: the computer chose %q (%v) and, replayed, %q (%v)", req.Scenario, a, err1, b, err2)
			}
		}
	}
	req := plug.CreateRequest{Seats: ggSeatReqs(plug.Human, plug.Human)}
	setup, seats := ggPrepare(t, req)
	k := newKind()
	if _, err := k.Open(setup, seats, 1, []string{"at:9999"}); err == nil {
		t.Error("a log with an illegal id opened")
	}
	if _, err := k.Open(json.RawMessage(`{"scenario":"1","dragons":true}`), seats, 1, nil); err == nil {
		t.Error("a set-up with an unknown field opened")
	}
	if _, err := k.Open(json.RawMessage(`{"scenario":"3"}`), seats, 1, nil); err == nil {
		t.Error("scenario 3 opened without its start")
	}
	if _, err := k.Open(setup, seats[:1], 1, nil); err == nil {
		t.Error("a game opened with one seat")
	}
	if _, err := k.Open(setup, []plug.SeatSpec{seats[0], {Name: "Russian", Kind: plug.Computer, Bot: "oracle"}}, 1, nil); err == nil {
		t.Error("an unknown computer player opened")
	}
}

// The computer's choices come from the game's seed and the number of
// options played: two games of one seed play alike, two seeds differently.
func TestComputerSeatsAreSeeded(t *testing.T) {
	req := plug.CreateRequest{Scenario: "1", Seats: ggSeatReqs(plug.Computer, plug.Computer)}
	a := ggRandomIDs(t, ggOpen(t, req, 3, nil), 300, 0)
	b := ggRandomIDs(t, ggOpen(t, req, 3, nil), 300, 0)
	c := ggRandomIDs(t, ggOpen(t, req, 4, nil), 300, 0)
	if !slices.Equal(a, b) || slices.Equal(a, c) {
		t.Fatal("computer play is not a function of the seed")
	}
	tb := ggOpen(t, plug.CreateRequest{Seats: ggSeatReqs(plug.Human, plug.Human)}, 3, nil)
	if _, err := tb.PlayComputer(); err == nil {
		t.Fatal("PlayComputer played for a person")
	}
}

var (
	squareTok = regexp.MustCompile(`^[0-9]{4}$`)
	pieceTok  = regexp.MustCompile(`^p([0-9]+)$`)
)

// ggBoardIDs are the element ids a seat's board lets the drawing make: the
// map's squares, the two bases, the regions, and the counters it lists.
func ggBoardIDs(t *testing.T, raw string) map[string]bool {
	t.Helper()
	var b struct {
		Stacks []struct {
			Target string `json:"target"`
			Pieces []struct {
				Target string `json:"target"`
			} `json:"pieces"`
		} `json:"stacks"`
		Prisoners []struct {
			Piece struct {
				Target string `json:"target"`
			} `json:"piece"`
		} `json:"prisoners"`
		Map struct {
			Cols, Rows int
			Regions    []struct {
				Target string `json:"target"`
			} `json:"regions"`
			Bases []struct {
				ID string `json:"id"`
			} `json:"bases"`
		} `json:"map"`
	}
	if err := json.Unmarshal([]byte(raw), &b); err != nil {
		t.Fatal(err)
	}
	ids := map[string]bool{}
	for c := 1; c <= b.Map.Cols; c++ {
		for r := 1; r <= b.Map.Rows; r++ {
			ids["sq-"+pad2(c)+pad2(r)] = true
		}
	}
	for _, r := range b.Map.Regions {
		ids[r.Target] = true
	}
	for _, x := range b.Map.Bases {
		ids[x.ID] = true
	}
	for _, s := range b.Stacks {
		if !ids[s.Target] {
			t.Fatalf("a stack at %q, which the map does not draw", s.Target)
		}
		for _, p := range s.Pieces {
			ids[p.Target] = true
		}
	}
	for _, p := range b.Prisoners {
		ids[p.Piece.Target] = true
	}
	return ids
}

func pad2(n int) string {
	s := strconv.Itoa(n)
	if len(s) < 2 {
		s = "0" + s
	}
	return s
}

// untargeted are option verbs whose argument names no board element: a
// side (first:), a nation's or type's purchase (nation:, buy:, unit:), a
// marker kind (mark:, unmark:), a row or block of squares, a page, sums.
var untargeted = map[string]bool{"first": true, "nation": true, "buy": true, "unit": true, "mark": true, "unmark": true,
	"row": true, "block": true, "part": true, "page": true, "sp": true, "give": true, "ask": true, "irr": true, "cat": true, "table": true}

// ggCheckView checks one position: every option that names a square, a
// counter or a region points at an element the deciding seat's board
// draws, the decision every caller sees keeps the prompt private, and no
// board shows what its seat may not see.
func ggCheckView(t *testing.T, tb *webTable, step int, verbs map[string]int) {
	t.Helper()
	g := tb.g
	d := tb.Decision()
	if d.Over {
		return
	}
	if want := publicPrompt(greatgame.Side(d.Player), g.StepName()); d.Prompt != want {
		t.Fatalf("step %d: the public prompt is %q, want %q", step, d.Prompt, want)
	}
	own := ggBoardJSON(t, tb, d.Player)
	ids := ggBoardIDs(t, own)
	regions := map[string]bool{}
	for _, r := range g.Data().Map.Regions {
		regions[r.ID] = true
	}
	for _, o := range d.Options {
		verb, rest, _ := strings.Cut(o.ID, ":")
		verbs[verb]++
		arg, _, _ := strings.Cut(rest, ":")
		target, _ := tb.Annotate(o)
		names := squareTok.MatchString(arg) || pieceTok.MatchString(arg) || arg == "base" || regions[arg]
		switch {
		case target == "" && names && !untargeted[verb]:
			t.Fatalf("step %d: option %q (%s) names an element but has no target", step, o.ID, o.Label)
		case target != "" && !ids[target]:
			t.Fatalf("step %d: option %q targets %q, which the %s board does not draw", step, o.ID, target, greatgame.Side(d.Player).Title())
		}
	}
	for seat := -1; seat <= 1; seat++ {
		raw := own
		if seat != d.Player {
			raw = ggBoardJSON(t, tb, seat)
		}
		ggCheckHidden(t, tb, seat, raw, step)
	}
}

// ggCheckHidden: a spectator examines no counter and sees no treasury; a
// side sees its own treasury, every counter of its own on the map and in
// its base, and the other side's or neutral counters only where it has
// counters too or a combat is being fought; the seed is nowhere.
func ggCheckHidden(t *testing.T, tb *webTable, seat int, raw string, step int) {
	t.Helper()
	g := tb.g
	var b ggBoard
	if err := json.Unmarshal([]byte(raw), &b); err != nil {
		t.Fatal(err)
	}
	if strings.Contains(raw, `"seed"`) || strings.Contains(raw, `"pounds"`) {
		t.Fatalf("step %d, seat %d: the board names the seed or the treasuries", step, seat)
	}
	if seat < 0 {
		if b.Treasury != nil || b.You != "" || b.Pending.Prompt != "" {
			t.Fatalf("step %d: the spectator sees a treasury, a side or a prompt", step)
		}
		for _, s := range b.Stacks {
			if len(s.Pieces) > 0 {
				t.Fatalf("step %d: the spectator examines the counters at %s", step, s.Loc)
			}
		}
		return
	}
	me := greatgame.Side(seat)
	if b.Treasury == nil || *b.Treasury != g.Pounds[me] || b.You != me.String() {
		t.Fatalf("step %d, seat %d: treasury %v, want its own %d", step, seat, b.Treasury, g.Pounds[me])
	}
	if d := tb.Decision(); (d.Player == seat) != (b.Pending.Prompt != "") {
		t.Fatalf("step %d, seat %d: the prompt %q shown to the wrong seat (%d decides)", step, seat, b.Pending.Prompt, d.Player)
	}
	listed := map[int]bool{}
	combat := b.Phase == "combat"
	for _, s := range b.Stacks {
		mine := false
		for _, p := range s.Pieces {
			listed[p.N] = true
			if p.Owner == me.String() {
				mine = true
			}
		}
		for _, p := range s.Pieces {
			if p.Owner != me.String() && !mine && !combat {
				t.Fatalf("step %d, seat %d: the board shows %s at %s, where the seat has nothing", step, seat, p.Name, s.Loc)
			}
		}
	}
	for p, pc := range g.Pieces {
		loc := g.LocID(pc.Loc)
		if g.Owner(p) == me && (pc.Loc >= 0 || loc == "base-"+me.String()) && !listed[p] {
			t.Fatalf("step %d, seat %d: its own %s at %s is not on its board", step, seat, g.PieceName(p), loc)
		}
	}
}

// ggPlayOut plays a table to the end, checking every few steps.
func ggPlayOut(t *testing.T, tb *webTable, seed uint64, maxSteps int, verbs map[string]int) int {
	t.Helper()
	rng := core.NewRNG(seed ^ 0xabcdef)
	every := 5
	if testing.Short() {
		every = 17
	}
	for step := 0; ; step++ {
		if step > maxSteps {
			return step
		}
		d := tb.Decision()
		if d.Over {
			return step
		}
		if step%every == 0 {
			ggCheckView(t, tb, step, verbs)
		} else {
			for _, o := range d.Options {
				v, _, _ := strings.Cut(o.ID, ":")
				verbs[v]++
			}
		}
		if tb.bots[d.Player] != "" {
			if _, err := tb.PlayComputer(); err != nil {
				t.Fatalf("step %d: %v", step, err)
			}
			continue
		}
		if _, err := tb.PlayComputer(); err == nil {
			t.Fatal("PlayComputer played for a person")
		}
		if err := tb.Apply(d.Options[rng.IntN(len(d.Options))].ID); err != nil {
			t.Fatal(err)
		}
	}
}

// Whole games of every scenario, people and the random computer, to the end
// (scenario 3 cut short with -short): the views, annotations and hidden
// information are checked along the way, and the end shows the result.
func TestFullGames(t *testing.T) {
	games := []struct {
		scenario string
		seats    []plug.SeatRequest
	}{
		{"1", ggSeatReqs(plug.Human, plug.Human)},
		{"1", ggSeatReqs(plug.Human, "random")},
		{"2", ggSeatReqs("random", plug.Human)},
		{"3-1", ggSeatReqs(plug.Human, "random")},
		{"3-2", ggSeatReqs("random", "random")},
		{"1", ggSeatReqs(plug.Human, plug.Computer)}, // the default computer: the heuristic
		{"1", ggSeatReqs("random", plug.Human)},
	}
	verbs := map[string]int{}
	for i, gm := range games {
		full := !testing.Short() || strings.HasPrefix(gm.scenario, "1") || gm.scenario == "2"
		limit := 1 << 20
		if !full {
			limit = 600
		}
		seed := 0x9e3779b97f4a7c15 ^ uint64(i)*0x1234567
		tb := ggOpen(t, plug.CreateRequest{Scenario: gm.scenario, Seats: gm.seats}, seed, nil)
		steps := ggPlayOut(t, tb, seed, limit, verbs)
		if !full {
			continue
		}
		res := tb.Result()
		if !tb.Decision().Over || !strings.Contains(res, "VP") || len(tb.Log()) == 0 {
			t.Fatalf("game %d (%s): after %d steps: over %v, result %q", i, gm.scenario, steps, tb.Decision().Over, res)
		}
		if b := tb.Board(-1).(ggBoard); !b.Over || b.Pending.Side != "" {
			t.Fatalf("game %d: the board after the end: over %v, pending %+v", i, b.Over, b.Pending)
		}
		if _, err := tb.PlayComputer(); err == nil {
			t.Fatal("PlayComputer played after the end")
		}
	}
	// The option kinds whose annotations the games must have met.
	for _, v := range []string{"at", "to", "force", "go", "drop", "stop", "neg", "offer", "elim", "retreat", "stand"} {
		if verbs[v] == 0 {
			t.Errorf("no %q option met in the games (met: %v)", v, verbs)
		}
	}
}

func TestAnnotateExamples(t *testing.T) {
	tb := ggOpen(t, plug.CreateRequest{Seats: ggSeatReqs(plug.Human, plug.Human)}, 1, nil)
	me := greatgame.Side(tb.Decision().Player)
	for id, want := range map[string]string{
		"at:0601":                   "sq-0601",
		"to:2126":                   "sq-2126",
		"force:3033":                "sq-3033",
		"all:1504":                  "sq-1504",
		"loc:0202":                  "sq-0202",
		"sq:0101":                   "sq-0101",
		"destroy:2805:fort":         "sq-2805",
		"force:base":                "base-" + me.String(),
		"to:base":                   "base-" + me.String(),
		"at:base":                   "base-" + me.String(),
		"drop:p17":                  "piece-17",
		"out:p3":                    "piece-3",
		"elim:p0":                   "piece-0",
		"offer:p265:2":              "piece-265",
		"join21:p40":                "piece-40",
		"region:afghanistan":        "region-afghanistan",
		"neg:punjab":                "region-punjab",
		"cede:persia":               "region-persia",
		"drop:nepal":                "region-nepal",
		"at:9999":                   "",
		"to:4040":                   "",
		"drop:p99999":               "",
		"neg:atlantis":              "",
		"nation:punjab":             "",
		"first:british":             "",
		"standard":                  "",
		"end":                       "",
		"page:1":                    "",
		"buy:british/field-force/1": "",
	} {
		if got, extra := tb.Annotate(core.Option{ID: id}); got != want || extra != "" {
			t.Errorf("Annotate(%q) = %q, %q; want %q", id, got, extra, want)
		}
	}
}

// The board carries the printed map once: every square in its rows, every
// city on its square, routes and rivers as chains of squares.
func TestMapView(t *testing.T) {
	d, err := data()
	if err != nil {
		t.Fatal(err)
	}
	m := d.Map
	v := mapView()
	if v == nil || v.Cols != m.Cols || v.Rows != m.Rows || len(v.Terrain) != m.Rows || len(v.Areas) != m.Rows {
		t.Fatalf("map view %dx%d", v.Cols, v.Rows)
	}
	letters := map[byte]bool{}
	for _, r := range v.Regions {
		letters[r.Letter[0]] = true
		if r.Label == "" || m.Squares[m.SquareByID(r.Label)].Region != m.RegionIndex(r.ID) {
			t.Errorf("region %s labelled at %q, outside it", r.ID, r.Label)
		}
	}
	for _, w := range v.Waters {
		letters[w.Letter[0]] = true
	}
	for r, row := range v.Areas {
		if len(row) != m.Cols || len(v.Terrain[r]) != m.Cols {
			t.Fatalf("row %d: %d areas, %d terrains", r+1, len(row), len(v.Terrain[r]))
		}
		for c := range m.Cols {
			sq := m.Squares[m.At(c, r)]
			if !letters[row[c]] || (v.Terrain[r][c] == 's') != (sq.Terrain == greatgame.Sea) || !strings.ContainsRune("cdms", rune(v.Terrain[r][c])) {
				t.Fatalf("square %s: area %q, terrain %q", sq.ID, row[c], v.Terrain[r][c])
			}
		}
	}
	if len(v.Cities) != len(m.Cities) || len(v.Routes) != len(m.Routes) || len(v.Rivers) != len(m.Rivers) || len(v.Bases) != 2 {
		t.Fatalf("%d cities, %d routes, %d rivers, %d bases", len(v.Cities), len(v.Routes), len(v.Rivers), len(v.Bases))
	}
	for _, c := range v.Cities {
		if i := m.SquareByID(c.Sq); i < 0 || m.Cities[m.Squares[i].City].ID != c.ID {
			t.Errorf("city %s at %q", c.ID, c.Sq)
		}
	}
	for _, b := range v.Bases {
		if b.ID != "base-british" && b.ID != "base-russian" || len(b.Entry) == 0 {
			t.Errorf("base %+v", b)
		}
	}
}
