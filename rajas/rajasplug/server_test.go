package rajasplug

import (
	"encoding/json"
	"fmt"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"

	"durbar/core"
	"durbar/plug"
	"durbar/rajas"
)

func rajasPrepare(t *testing.T, k plug.Kind, req plug.CreateRequest) (json.RawMessage, []plug.SeatSpec) {
	t.Helper()
	setup, seats, err := k.Prepare(req)
	if err != nil {
		t.Fatalf("Prepare(%+v): %v", req, err)
	}
	return setup, seats
}

func rajasSeats(kinds ...string) []plug.SeatRequest {
	var out []plug.SeatRequest
	for _, k := range kinds {
		if k == plug.Human {
			out = append(out, plug.SeatRequest{Kind: plug.Human})
		} else {
			out = append(out, plug.SeatRequest{Kind: plug.Computer, Bot: k})
		}
	}
	return out
}

func TestRajasCatalog(t *testing.T) {
	c := newKind().Catalog()
	if c.Name != rajas.GameName || c.MinSeats != 2 || c.MaxSeats != 4 || len(c.Seats) != 0 {
		t.Fatalf("catalog %+v", c)
	}
	if len(c.Computers) == 0 || c.Computers[0].ID != "bot" {
		t.Fatalf("the heuristic bot must be the default computer: %+v", c.Computers)
	}
	for _, comp := range c.Computers {
		if !slices.Contains(rajas.BotKinds, comp.ID) || comp.Label == "" {
			t.Errorf("computer %+v is not a rajas.BotKinds name with a label", comp)
		}
	}
	for _, v := range c.Variants {
		if _, _, err := newKind().Prepare(plug.CreateRequest{Game: "rajas", Seats: rajasSeats(plug.Human, plug.Human, plug.Human, plug.Human),
			Variants: []string{"navaratnas", v.ID}}); err != nil && !strings.Contains(v.ID, "expert") {
			t.Errorf("variant %q refused: %v", v.ID, err)
		}
	}
}

func TestRajasPrepare(t *testing.T) {
	k := newKind()
	setup, seats := rajasPrepare(t, k, plug.CreateRequest{Game: "rajas", Seats: []plug.SeatRequest{{Kind: plug.Human}, {Kind: plug.Computer}, {Kind: plug.Computer, Bot: "random"}},
		Variants: []string{"river-tiles", "expert-3", "expert-1"}})
	st, err := rajas.ParseSetup(setup)
	if err != nil {
		t.Fatal(err)
	}
	if st.Players != 3 || !st.Ganga || st.Legacy != nil || st.Navaratnas || !slices.Equal(st.Experts, []int{0, 2}) {
		t.Fatalf("setup %+v", st)
	}
	want := []plug.SeatSpec{{Name: "Player 1", Kind: plug.Human}, {Name: "Player 2", Kind: plug.Computer, Bot: "bot"}, {Name: "Player 3", Kind: plug.Computer, Bot: "random"}}
	if !slices.Equal(seats, want) {
		t.Fatalf("seats %+v, want %+v", seats, want)
	}

	bad := []struct {
		name string
		req  plug.CreateRequest
		msg  string
	}{
		{"one seat", plug.CreateRequest{Seats: rajasSeats(plug.Human)}, "2 to 4"},
		{"five seats", plug.CreateRequest{Seats: rajasSeats(plug.Human, plug.Human, plug.Human, plug.Human, plug.Human)}, "2 to 4"},
		{"seat kind", plug.CreateRequest{Seats: []plug.SeatRequest{{Kind: "alien"}, {Kind: plug.Human}}}, "kind must be"},
		{"bot", plug.CreateRequest{Seats: rajasSeats(plug.Human, "deep-thought")}, "unknown computer"},
		{"variant", plug.CreateRequest{Seats: rajasSeats(plug.Human, plug.Human), Variants: []string{"elephants"}}, "unknown variant"},
		{"expert id", plug.CreateRequest{Seats: rajasSeats(plug.Human, plug.Human), Variants: []string{"expert-x"}}, "unknown variant"},
		{"expert seat", plug.CreateRequest{Seats: rajasSeats(plug.Human, plug.Human), Variants: []string{"expert-3"}}, "seat 3"},
		{"experts and navaratnas", plug.CreateRequest{Seats: rajasSeats(plug.Human, plug.Human), Variants: []string{"navaratnas", "expert-1"}}, "exclude"},
		{"scenario", plug.CreateRequest{Scenario: "monsoon", Seats: rajasSeats(plug.Human, plug.Human)}, "no scenario"},
	}
	for _, c := range bad {
		_, _, err := k.Prepare(c.req)
		if err == nil || !strings.Contains(err.Error(), c.msg) {
			t.Errorf("%s: error %v, want one mentioning %q", c.name, err, c.msg)
		}
	}
}

// rajasRandomIDs plays n random options from a fresh table and returns the
// ids played.
func rajasRandomIDs(t *testing.T, tb plug.Table, n int, seed uint64) []string {
	t.Helper()
	rng := core.NewRNG(seed)
	var ids []string
	for i := 0; i < n; i++ {
		d := tb.Decision()
		if d.Over {
			break
		}
		id := d.Options[rng.IntN(len(d.Options))].ID
		if err := tb.Apply(id); err != nil {
			t.Fatalf("apply %q: %v", id, err)
		}
		ids = append(ids, id)
	}
	return ids
}

func rajasBoardJSON(t *testing.T, tb plug.Table, seat int) string {
	t.Helper()
	raw, err := json.Marshal(tb.Board(seat))
	if err != nil {
		t.Fatal(err)
	}
	return string(raw)
}

func TestRajasOpenReplayRoundTrip(t *testing.T) {
	k := newKind()
	setup, seats := rajasPrepare(t, k, plug.CreateRequest{Seats: rajasSeats(plug.Human, plug.Human, plug.Human), Variants: []string{"navaratnas", "ganga"}})
	const seed = 77
	tb, err := k.Open(setup, seats, seed, nil)
	if err != nil {
		t.Fatal(err)
	}
	ids := rajasRandomIDs(t, tb, 150, 5)
	again, err := k.Open(setup, seats, seed, ids)
	if err != nil {
		t.Fatal(err)
	}
	for _, seat := range []int{-1, 0, 2} {
		if a, b := rajasBoardJSON(t, tb, seat), rajasBoardJSON(t, again, seat); a != b {
			t.Fatalf("seat %d: the replayed board differs", seat)
		}
	}
	if !slices.Equal(tb.Log(), again.Log()) || tb.Irreversible() != again.Irreversible() {
		t.Fatal("the replayed log or random draws differ")
	}
	da, db := tb.Decision(), again.Decision()
	if da.Player != db.Player || da.Prompt != db.Prompt || len(da.Options) != len(db.Options) {
		t.Fatalf("decisions differ: %+v vs %+v", da, db)
	}

	if _, err := k.Open(setup, seats, seed, append(slices.Clone(ids), "quarry:99")); err == nil {
		t.Error("a log with an illegal id opened")
	}
	if _, err := k.Open(json.RawMessage(`{"players":3,"dragons":true}`), seats, seed, nil); err == nil {
		t.Error("a set-up with an unknown field opened")
	}
	if _, err := k.Open(setup, seats[:2], seed, nil); err == nil {
		t.Error("a set-up for 3 opened with 2 seats")
	}
	if _, err := k.Open(setup, []plug.SeatSpec{seats[0], {Kind: plug.Computer, Bot: "oracle"}, seats[2]}, seed, nil); err == nil {
		t.Error("an unknown computer player opened")
	}
}

// rajasNeedsNoTarget: options that concern no single board element.
func rajasNeedsNoTarget(id string) bool { return id == "pass" || id == "skip" || id == "done" }

// rajasTargets collects every "target" field of a marshalled board.
func rajasTargets(t *testing.T, raw string) map[string]int {
	t.Helper()
	var v any
	if err := json.Unmarshal([]byte(raw), &v); err != nil {
		t.Fatal(err)
	}
	out := map[string]int{}
	var walk func(v any)
	walk = func(v any) {
		switch x := v.(type) {
		case map[string]any:
			for k, e := range x {
				if s, ok := e.(string); ok && k == "target" {
					out[s]++
				}
				walk(e)
			}
		case []any:
			for _, e := range x {
				walk(e)
			}
		}
	}
	walk(v)
	return out
}

// rajasCheckHidden proves that no view holds what nobody may see: the
// tiles under the top of each pile (checked against the real piles of the
// game state), the face-down white production tiles and the seed.
func rajasCheckHidden(t *testing.T, tb *rajasTable, seed uint64, step int) {
	t.Helper()
	g := tb.g
	var hidden []string
	for k := range g.Stacks {
		s := &g.Stacks[k]
		for i := 0; i < int(s.N)-1; i++ {
			hidden = append(hidden, g.Data().Tiles[s.T[i]].ID)
		}
	}
	var white []string
	for i := 0; i < int(g.White.N); i++ {
		white = append(white, g.Data().Prod[g.White.T[i]].ID)
	}
	if step == 0 && len(hidden) == 0 {
		t.Fatal("no hidden tiles at the start: the check proves nothing")
	}
	for seat := -1; seat < g.N; seat++ {
		raw := rajasBoardJSON(t, tb, seat)
		// The control: the top tiles, which everybody sees, are found by
		// the same search.
		for _, p := range g.Piles() {
			if p.Top != nil && !strings.Contains(raw, strconv.Quote(p.Top.ID)) {
				t.Fatalf("step %d, seat %d: the top tile %q is missing from the view", step, seat, p.Top.ID)
			}
		}
		for _, id := range hidden {
			if strings.Contains(raw, strconv.Quote(id)) {
				t.Fatalf("step %d, seat %d: the view shows %q, hidden under the top of its pile", step, seat, id)
			}
		}
		for _, id := range white {
			if strings.Contains(raw, strconv.Quote(id)) {
				t.Fatalf("step %d, seat %d: the view shows the face-down white tile %q", step, seat, id)
			}
		}
		for _, secret := range []string{strconv.FormatUint(seed, 10), strconv.FormatUint(seed, 16), `"seed"`, `"rng"`, `"Stacks"`, `"White"`} {
			if strings.Contains(raw, secret) {
				t.Fatalf("step %d, seat %d: the view contains %s", step, seat, secret)
			}
		}
	}
}

// rajasPlayOut plays a table to the end: computer seats through
// PlayComputer, human seats by random choice. Along the way it checks the
// annotations and the hidden information.
func rajasPlayOut(t *testing.T, tb *rajasTable, seats []plug.SeatSpec, seed uint64, seen map[string]bool) {
	t.Helper()
	rng := core.NewRNG(seed ^ 0xabcdef)
	for step := 0; ; step++ {
		if step > 5000 {
			t.Fatal("the game does not end")
		}
		d := tb.Decision()
		if d.Over {
			return
		}
		raw := rajasBoardJSON(t, tb, d.Player)
		targets := rajasTargets(t, raw)
		for tg, n := range targets {
			if n > 1 {
				t.Fatalf("step %d: target %q is drawn %d times", step, tg, n)
			}
		}
		for _, o := range d.Options {
			kind, _, _ := strings.Cut(o.ID, ":")
			seen[kind] = true
			tg, _ := tb.Annotate(o)
			switch {
			case rajasNeedsNoTarget(o.ID):
			case tg == "":
				t.Fatalf("step %d: option %q (%s) has no target", step, o.ID, o.Label)
			case targets[tg] == 0:
				t.Fatalf("step %d: option %q targets %q, which the board does not draw", step, o.ID, tg)
			}
		}
		if step%7 == 0 {
			rajasCheckHidden(t, tb, seed, step)
		}
		if seats[d.Player].Kind == plug.Computer {
			if _, err := tb.PlayComputer(); err != nil {
				t.Fatalf("step %d: %v", step, err)
			}
			continue
		}
		if _, err := tb.PlayComputer(); err == nil {
			t.Fatal("PlayComputer played for a human seat")
		}
		if err := tb.Apply(d.Options[rng.IntN(len(d.Options))].ID); err != nil {
			t.Fatal(err)
		}
	}
}

func TestRajasFullGames(t *testing.T) {
	k := newKind()
	games := []struct {
		seats    []plug.SeatRequest
		variants []string
	}{
		{rajasSeats("bot", "bot"), nil},
		{rajasSeats(plug.Human, "bot", plug.Human), []string{"river-tiles", "expert-2"}},
		{rajasSeats("bot", plug.Human, "random", plug.Human), []string{"navaratnas", "ganga"}},
		{rajasSeats(plug.Human, plug.Human, plug.Human, plug.Human), []string{"navaratnas"}},
		{rajasSeats(plug.Human, plug.Human), []string{"expert-1", "river-tiles"}},
		{rajasSeats(plug.Human, "bot", plug.Human), []string{"navaratnas", "ganga"}},
	}
	seen := map[string]bool{}
	for i, gm := range games {
		setup, seats := rajasPrepare(t, k, plug.CreateRequest{Seats: gm.seats, Variants: gm.variants})
		seed := 0x9e3779b97f4a7c15 ^ uint64(i)*0x1234567
		tb, err := k.Open(setup, seats, seed, nil)
		if err != nil {
			t.Fatal(err)
		}
		rajasPlayOut(t, tb.(*rajasTable), seats, seed, seen)
		res := tb.Result()
		if res == "" || !strings.Contains(res, "Ranking: 1. ") || len(tb.Log()) == 0 {
			t.Fatalf("game %d: result %q, %d log lines", i, res, len(tb.Log()))
		}
		if b := tb.Board(-1).(rajasBoard); b.Phase != "over" || b.Turn != -1 {
			t.Fatalf("game %d: board phase %q, turn %d after the end", i, b.Phase, b.Turn)
		}
		if _, err := tb.PlayComputer(); err == nil {
			t.Fatal("PlayComputer played after the end")
		}
	}
	// The kinds of option the annotations must have met.
	for _, kind := range []string{"quarry", "market", "palace", "harbour", "die", "karma", "tile", "place", "color", "upgrade", "move", "slot", "ptile", "return", "reroll"} {
		if !seen[kind] {
			t.Errorf("no %q option met in the games", kind)
		}
	}
}

func TestRajasAnnotateExamples(t *testing.T) {
	tb := &rajasTable{}
	k := newKind().(*rajasKind)
	rd, err := k.data()
	if err != nil {
		t.Fatal(err)
	}
	tb.rd = rd
	if tb.g, err = rajas.New(rd.d, rajas.Setup{Players: 2}, 1); err != nil {
		t.Fatal(err)
	}
	seat := tb.Decision().Player
	for id, want := range map[string][2]string{
		"quarry:1":           {"space:quarry:1", ""},
		"karma:blue-5":       {fmt.Sprintf("die:%d:blue-5", seat), "Karma: turn to 2"},
		"die:green-3":        {fmt.Sprintf("die:%d:green-3", seat), "pay"},
		"place:r3c1:rot2":    {fmt.Sprintf("cell:%d:r3c1", seat), "rotate 180°"},
		"old:r1c2":           {fmt.Sprintf("cell:%d:r1c2", seat), "cover"},
		"tile:orange-4b":     {"pile:orange-cow", ""},
		"color:purple":       {"supply:purple", ""},
		"upgrade:mill":       {fmt.Sprintf("building:%d:mill", seat), ""},
		"move:2":             {"river:2", ""},
		"room:yogi":          {"space:palace:yogi", ""},
		"slot:r1c0-w":        {fmt.Sprintf("site:%d:r1c0-w", seat), ""},
		"ptile:yellow-money": {"ptile:yellow-money", ""},
		"pass":               {"", ""},
	} {
		if tg, ex := tb.Annotate(core.Option{ID: id}); tg != want[0] || ex != want[1] {
			t.Errorf("Annotate(%q) = %q, %q; want %q, %q", id, tg, ex, want[0], want[1])
		}
	}
}

// TestRajasMCTSCapped: the server's searching bot returns a legal move after
// exactly rajasMCTSIterations search iterations, the cap that keeps a move
// well under a second (rajasMCTSIterations). The cap is asserted in
// iterations, not in seconds, so a busy machine or -race cannot fail it.
func TestRajasMCTSCapped(t *testing.T) {
	k := newKind()
	setup, seats := rajasPrepare(t, k, plug.CreateRequest{Seats: rajasSeats("mcts", "mcts")})
	tb, err := k.Open(setup, seats, 3, nil)
	if err != nil {
		t.Fatal(err)
	}
	d := tb.Decision()
	if len(d.Options) < 2 {
		t.Fatalf("seat %d decides first, among %d options", d.Player, len(d.Options))
	}
	bot, ok := tb.(*rajasTable).bots[d.Player].(interface{ LastIterations() int })
	if !ok {
		t.Fatalf("the mcts seat's player %T does not count its iterations", tb.(*rajasTable).bots[d.Player])
	}
	id, err := tb.PlayComputer()
	if err != nil {
		t.Fatal(err)
	}
	if _, legal := d.Find(id); !legal {
		t.Fatalf("MCTS chose %q, not among the options", id)
	}
	if n := bot.LastIterations(); n != rajasMCTSIterations {
		t.Fatalf("the search ran %d iterations; the server's cap is %d", n, rajasMCTSIterations)
	}
	if rajasMCTSIterations*5 > rajas.DefaultMCTSIterations {
		t.Fatalf("the server's cap (%d iterations) is not well below the command line's %d", rajasMCTSIterations, rajas.DefaultMCTSIterations)
	}
}

// TestRajasDumpView writes sample views for checking web/static/rajas.js
// by hand: RAJAS_VIEW_DUMP=/tmp/dir go test -run DumpView ./server.
func TestRajasDumpView(t *testing.T) {
	dir := os.Getenv("RAJAS_VIEW_DUMP")
	if dir == "" {
		t.Skip("RAJAS_VIEW_DUMP not set")
	}
	k := newKind()
	for i, variants := range [][]string{nil, {"navaratnas", "ganga", "river-tiles"}} {
		setup, seats := rajasPrepare(t, k, plug.CreateRequest{Seats: rajasSeats(plug.Human, plug.Human, plug.Human), Variants: variants})
		tb, err := k.Open(setup, seats, uint64(40+i), nil)
		if err != nil {
			t.Fatal(err)
		}
		rng := core.NewRNG(uint64(i))
		// Play until a tile is to be placed after a few rounds.
		for n := 0; ; n++ {
			d := tb.Decision()
			if d.Over || (n > 120 && strings.HasPrefix(d.Options[0].ID, "place:")) {
				break
			}
			if err := tb.Apply(d.Options[rng.IntN(len(d.Options))].ID); err != nil {
				t.Fatal(err)
			}
		}
		d := tb.Decision()
		type opt struct {
			ID     string `json:"id"`
			Label  string `json:"label"`
			Target string `json:"target"`
			Extra  string `json:"extra"`
		}
		var opts []opt
		for _, o := range d.Options {
			tg, ex := tb.Annotate(o)
			opts = append(opts, opt{o.ID, o.Label, tg, ex})
		}
		view := map[string]any{"game": "rajas", "decision": map[string]any{"seat": d.Player, "prompt": d.Prompt, "options": opts},
			"board": tb.Board(d.Player), "log": tb.Log(), "result": tb.Result()}
		raw, err := json.MarshalIndent(view, "", " ")
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(fmt.Sprintf("%s/rajas-view-%d.json", dir, i), raw, 0o644); err != nil {
			t.Fatal(err)
		}
	}
}
