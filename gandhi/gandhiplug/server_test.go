package gandhiplug

import (
	"encoding/json"
	"fmt"
	"os"
	"reflect"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"durbar/core"
	"durbar/gandhi"
	"durbar/plug"
)

// gandhiSeats builds a creation request's seats: computer for the factions
// listed, human for the others.
func gandhiRequest(scenario string, computers ...string) plug.CreateRequest {
	req := plug.CreateRequest{Game: "gandhi", Scenario: scenario}
	for f := range gandhi.NumFactions {
		kind := plug.Human
		if slices.Contains(computers, f.ID()) {
			kind = plug.Computer
		}
		req.Seats = append(req.Seats, plug.SeatRequest{Kind: kind})
	}
	return req
}

// openGandhi prepares and opens a new game.
func openGandhi(t testing.TB, k plug.Kind, req plug.CreateRequest, seed uint64) (plug.Table, json.RawMessage, []plug.SeatSpec) {
	t.Helper()
	setup, seats, err := k.Prepare(req)
	if err != nil {
		t.Fatal(err)
	}
	tb, err := k.Open(setup, seats, seed, nil)
	if err != nil {
		t.Fatal(err)
	}
	return tb, setup, seats
}

// playGandhi plays up to max decisions — a computer seat's through
// PlayComputer, a person's by a random legal option — calling visit before
// each, and returns the log.
func playGandhi(t testing.TB, tb plug.Table, seats []plug.SeatSpec, seed uint64, max int, visit func(step int)) []string {
	t.Helper()
	pick := core.NewRNG(seed ^ 0x5eed)
	var log []string
	for step := 0; step < max; step++ {
		d := tb.Decision()
		if d.Over {
			break
		}
		if visit != nil {
			visit(step)
		}
		var id string
		if seats[d.Player].Kind == plug.Computer {
			var err error
			if id, err = tb.PlayComputer(); err != nil {
				t.Fatalf("step %d: computer move: %v", step, err)
			}
		} else {
			if len(d.Options) == 0 {
				t.Fatalf("step %d: no options but the game is not over (%s)", step, d.Prompt)
			}
			id = d.Options[pick.IntN(len(d.Options))].ID
			if err := tb.Apply(id); err != nil {
				t.Fatalf("step %d: legal option %q refused: %v", step, id, err)
			}
		}
		log = append(log, id)
	}
	return log
}

func TestGandhiCatalog(t *testing.T) {
	c := newKind().Catalog()
	if c.Name != "gandhi" || c.MinSeats != 4 || c.MaxSeats != 4 || c.Version != gandhi.Version {
		t.Errorf("catalog %+v", c)
	}
	var ids []string
	for _, s := range c.Scenarios {
		ids = append(ids, s.ID)
		if s.Label == "" || s.Label == s.ID {
			t.Errorf("scenario %q has no readable label", s.ID)
		}
	}
	if strings.Join(ids, ",") != "main,short,quick" {
		t.Errorf("scenarios %v", ids)
	}
	var seats []string
	for _, s := range c.Seats {
		seats = append(seats, s.ID)
	}
	if strings.Join(seats, ",") != "raj,congress,league,rev" {
		t.Errorf("seats %v", seats)
	}
	if len(c.Computers) != 1 || c.Computers[0].ID != "np" {
		t.Errorf("computers %v", c.Computers)
	}
}

func TestGandhiPrepare(t *testing.T) {
	k := newKind()
	req := gandhiRequest("", "raj", "rev")
	req.Seats[3].Bot = "np"
	setup, seats, err := k.Prepare(req)
	if err != nil {
		t.Fatal(err)
	}
	if string(setup) != `{"scenario":"main","np":["raj","rev"]}` {
		t.Errorf("setup %s", setup)
	}
	want := []plug.SeatSpec{{Name: "British Raj", Kind: plug.Computer, Bot: "np"}, {Name: "Congress", Kind: plug.Human},
		{Name: "Muslim League", Kind: plug.Human}, {Name: "Revolutionaries", Kind: plug.Computer, Bot: "np"}}
	if !reflect.DeepEqual(seats, want) {
		t.Errorf("seats %+v", seats)
	}

	bad := func(name string, edit func(*plug.CreateRequest), want string) {
		r := gandhiRequest("short", "league")
		edit(&r)
		_, _, err := k.Prepare(r)
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%s: error %v, want one saying %q", name, err, want)
		}
	}
	bad("scenario", func(r *plug.CreateRequest) { r.Scenario = "1066" }, `no scenario "1066"`)
	bad("three seats", func(r *plug.CreateRequest) { r.Seats = r.Seats[:3] }, "4 seats, not 3")
	bad("five seats", func(r *plug.CreateRequest) { r.Seats = append(r.Seats, plug.SeatRequest{Kind: plug.Human}) }, "4 seats, not 5")
	bad("bot", func(r *plug.CreateRequest) { r.Seats[2].Bot = "mcts" }, `unknown computer player "mcts"`)
	bad("kind", func(r *plug.CreateRequest) { r.Seats[1].Kind = "robot" }, `not "robot"`)
	bad("variant", func(r *plug.CreateRequest) { r.Variants = []string{"navaratnas"} }, "no variants")
}

func TestGandhiOpenRejectsBadRecords(t *testing.T) {
	k := newKind()
	setup, seats, err := k.Prepare(gandhiRequest("short", "raj"))
	if err != nil {
		t.Fatal(err)
	}
	human := slices.Clone(seats)
	human[0] = plug.SeatSpec{Name: "British Raj", Kind: plug.Human}
	for name, c := range map[string]struct {
		setup string
		seats []plug.SeatSpec
		log   []string
		want  string
	}{
		"unknown field":  {`{"scenario":"short","np":["raj"],"extra":1}`, seats, nil, "unknown field"},
		"no scenario":    {`{}`, seats, nil, "neither a scenario nor a position"},
		"bad scenario":   {`{"scenario":"atlantis"}`, human, nil, `unknown scenario "atlantis"`},
		"three seats":    {string(setup), seats[:3], nil, "4 seats"},
		"seat disagrees": {string(setup), human, nil, "recorded as human"},
		"illegal log":    {string(setup), seats, []string{"op:teleport"}, `log step 1 ("op:teleport")`},
	} {
		_, err := k.Open(json.RawMessage(c.setup), c.seats, 1, c.log)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: error %v, want one saying %q", name, err, c.want)
		}
	}
}

// A game rebuilt from its record is the game that was played: same
// decision, same board, same random draws.
func TestGandhiReplayRoundTrip(t *testing.T) {
	k := newKind()
	for _, sc := range []string{"main", "short"} {
		const seed = 4242
		tb, setup, seats := openGandhi(t, k, gandhiRequest(sc, "league", "rev"), seed)
		log := playGandhi(t, tb, seats, seed, 300, nil)
		again, err := k.Open(setup, seats, seed, log)
		if err != nil {
			t.Fatalf("%s: replay: %v", sc, err)
		}
		a, _ := json.Marshal(tb.Board(-1))
		b, _ := json.Marshal(again.Board(-1))
		if string(a) != string(b) {
			t.Errorf("%s: the replayed board differs", sc)
		}
		if !reflect.DeepEqual(tb.Decision(), again.Decision()) {
			t.Errorf("%s: the replayed decision differs:\n%+v\n%+v", sc, tb.Decision(), again.Decision())
		}
		if tb.Irreversible() != again.Irreversible() || tb.Irreversible().N == 0 {
			t.Errorf("%s: undo barrier %+v, replayed %+v", sc, tb.Irreversible(), again.Irreversible())
		}
		if !slices.Equal(tb.Log(), again.Log()) {
			t.Errorf("%s: the replayed log differs", sc)
		}
	}
}

// A whole game through the Table: people choose at random, the Non-Players
// through PlayComputer, to the end.
func TestGandhiGameRunsToTheEnd(t *testing.T) {
	k := newKind()
	for i, c := range []struct {
		scenario  string
		computers []string
	}{{"quick", []string{"raj", "league"}}, {"short", []string{"raj", "congress", "league", "rev"}}} {
		seed := uint64(77 + i)
		tb, _, seats := openGandhi(t, k, gandhiRequest(c.scenario, c.computers...), seed)
		playGandhi(t, tb, seats, seed, 100000, nil)
		if !tb.Decision().Over {
			t.Fatalf("%s: not over after 100000 decisions", c.scenario)
		}
		if r := tb.Result(); !strings.Contains(r, "wins") || !strings.Contains(r, "Ranking: 1.") {
			t.Errorf("%s: result %q", c.scenario, r)
		}
		if _, err := tb.PlayComputer(); err == nil {
			t.Errorf("%s: a computer move after the end", c.scenario)
		}
		var b gandhiBoard
		js, _ := json.Marshal(tb.Board(-1))
		if err := json.Unmarshal(js, &b); err != nil || !b.Over || len(b.Ranking) != 4 {
			t.Errorf("%s: final board over=%v ranking=%v (%v)", c.scenario, b.Over, b.Ranking, err)
		}
	}
}

func TestGandhiPlayComputerRefusesAPersonsDecision(t *testing.T) {
	tb, _, _ := openGandhi(t, newKind(), gandhiRequest("short"), 1)
	if _, err := tb.PlayComputer(); err == nil || !strings.Contains(err.Error(), "not a computer seat") {
		t.Errorf("PlayComputer on a person's decision: %v", err)
	}
}

// gandhiPublicCards is every card a board may name: Current, Upcoming, the
// Viceroy and the cards played.
func gandhiPublicCards(tb plug.Table) map[int]bool {
	g := tb.(*gandhiTable).g
	pub := map[int]bool{g.Current: true, g.Upcoming: true, g.Viceroy: true}
	for _, c := range g.Played {
		pub[c] = true
	}
	return pub
}

var (
	gandhiSecretKey = regexp.MustCompile(`(?i)draw|seed|rng|random|arjuna|shuffle|pile`)
	gandhiListKey   = regexp.MustCompile(`(?i)deck|order`)
)

// checkGandhiBoardHidden fails when a marshalled board reveals a card of
// the draw deck, the seed, or has a field that could carry a deck order.
func checkGandhiBoardHidden(t *testing.T, where string, js []byte, tb plug.Table, seed uint64) {
	t.Helper()
	g := tb.(*gandhiTable).g
	pub := gandhiPublicCards(tb)
	// Text a board may legitimately show: the public cards' words and the
	// map's names, in which a hidden card's title might occur by chance.
	var corpus strings.Builder
	for n := range pub {
		if c, ok := g.Cards().Cards[n]; ok {
			fmt.Fprintln(&corpus, c.Title, c.Flavour, c.Unshaded, c.Shaded, c.Capability)
		}
	}
	for _, s := range g.Map().Spaces {
		fmt.Fprintln(&corpus, s.Name)
	}
	text := string(js)
	for _, n := range g.Draw {
		if pub[n] {
			t.Fatalf("%s: card %d is both in the draw deck and face up", where, n)
		}
		title := g.Cards().Cards[n].Title
		if strings.Contains(text, title) && !strings.Contains(corpus.String(), title) {
			t.Fatalf("%s: the board names %q, a card still in the draw deck", where, title)
		}
	}
	if strings.Contains(text, strconv.FormatUint(seed, 10)) || strings.Contains(text, strconv.FormatUint(seed, 16)) {
		t.Fatalf("%s: the board shows the seed", where)
	}
	var v any
	if err := json.Unmarshal(js, &v); err != nil {
		t.Fatal(err)
	}
	var walk func(path string, v any)
	walk = func(path string, v any) {
		switch x := v.(type) {
		case map[string]any:
			for k, e := range x {
				p := path + "." + k
				if gandhiSecretKey.MatchString(k) {
					t.Fatalf("%s: field %s could carry hidden information", where, p)
				}
				if l, list := e.([]any); list {
					if gandhiListKey.MatchString(k) {
						t.Fatalf("%s: list field %s looks like a deck order", where, p)
					}
					// The only lists of numbers a board holds are map
					// positions; any other could be card numbers in order.
					if k != "at" && len(l) > 0 {
						if _, num := l[0].(float64); num {
							t.Fatalf("%s: %s is a list of numbers", where, p)
						}
					}
				}
				if n, ok := e.(float64); ok && k == "number" && !pub[int(n)] {
					t.Fatalf("%s: %s is card %v, which is not face up", where, p, n)
				}
				walk(p, e)
			}
		case []any:
			for i, e := range x {
				walk(fmt.Sprintf("%s[%d]", path, i), e)
			}
		}
	}
	walk("board", v)
}

// HIDDEN INFORMATION: at many positions of random games, no seat's board
// nor the spectator's names a card still in the draw deck below the
// Upcoming card, shows the seed, or has a field that could hold a deck
// order; and every seat sees the same board (Gandhi has no private hand).
func TestGandhiBoardHidesTheDeck(t *testing.T) {
	k := newKind()
	positions := 0
	for i, c := range []struct {
		scenario  string
		computers []string
	}{{"main", []string{"raj", "rev"}}, {"short", []string{"congress", "league"}}, {"quick", nil},
		{"main", nil}, {"short", []string{"raj", "congress", "league", "rev"}}} {
		seed := uint64(0x9d2c5680a3b1e7f1) + uint64(i)*0x1000193
		tb, _, seats := openGandhi(t, k, gandhiRequest(c.scenario, c.computers...), seed)
		playGandhi(t, tb, seats, seed, 100000, func(step int) {
			if step%3 != 0 {
				return
			}
			positions++
			spectator, err := json.Marshal(tb.Board(-1))
			if err != nil {
				t.Fatal(err)
			}
			where := fmt.Sprintf("%s step %d", c.scenario, step)
			checkGandhiBoardHidden(t, where, spectator, tb, seed)
			for seat := range 4 {
				js, _ := json.Marshal(tb.Board(seat))
				if string(js) != string(spectator) {
					t.Fatalf("%s: seat %d sees another board than a spectator", where, seat)
				}
			}
		})
	}
	if positions < 1000 {
		t.Errorf("only %d positions checked", positions)
	}
}

// Every target Annotate gives is a real space, and the option forms that
// name a space all get one.
func TestGandhiAnnotate(t *testing.T) {
	k := newKind()
	forms := map[string]int{}
	for i, sc := range []string{"main", "short", "quick", "main"} {
		seed := uint64(300 + i)
		tb, _, seats := openGandhi(t, k, gandhiRequest(sc), seed)
		m := tb.(*gandhiTable).g.Map()
		playGandhi(t, tb, seats, seed, 100000, func(int) {
			for _, o := range tb.Decision().Options {
				target, extra := tb.Annotate(o)
				parts := strings.Split(o.ID, ":")
				if target == "" {
					if len(parts) > 1 {
						if _, ok := m.ID(parts[len(parts)-1]); ok {
							t.Fatalf("%q names a space but has no target", o.ID)
						}
					}
					continue
				}
				if _, ok := m.ID(target); !ok {
					t.Fatalf("%q: target %q is not a space", o.ID, target)
				}
				forms[parts[0]]++
				if len(parts) == 3 && extra != parts[1] {
					t.Fatalf("%q: extra %q, want the piece %q", o.ID, extra, parts[1])
				}
			}
		})
	}
	for _, f := range []string{"space", "to", "from", "move"} {
		if forms[f] == 0 {
			t.Errorf("no %q option met in the games", f)
		}
	}
	tb, _, _ := openGandhi(t, k, gandhiRequest("short"), 1)
	for id, want := range map[string][2]string{
		"space:delhi": {"delhi", ""}, "to:bihar": {"bihar", ""}, "move:troop:punjab": {"punjab", "troop"},
		"take:sepoy:rail-lahore-delhi": {"rail-lahore-delhi", "sepoy"}, "place:troop:calcutta": {"calcutta", "troop"},
		"from:league:sind": {"sind", "league"}, "place:3": {"", ""}, "to:available": {"", ""},
		"target:congress": {"", ""}, "event:shaded": {"", ""}, "space:atlantis": {"", ""},
	} {
		target, extra := tb.Annotate(core.Option{ID: id})
		if target != want[0] || extra != want[1] {
			t.Errorf("Annotate(%q) = %q, %q; want %q, %q", id, target, extra, want[0], want[1])
		}
	}
}

// TestGandhiWriteBoardSample writes sample views, shaped like the server's
// (only the fields the board drawing reads), for trying
// web/static/gandhi.js outside a browser: set DURBAR_GANDHI_SAMPLE to a
// file path.
func TestGandhiWriteBoardSample(t *testing.T) {
	path := os.Getenv("DURBAR_GANDHI_SAMPLE")
	if path == "" {
		t.Skip("DURBAR_GANDHI_SAMPLE not set")
	}
	type option struct {
		core.Option
		Target string `json:"target"`
		Extra  string `json:"extra"`
	}
	type decision struct {
		Seat    int      `json:"seat"`
		Role    string   `json:"role"`
		Prompt  string   `json:"prompt"`
		Options []option `json:"options"`
	}
	type view struct {
		Game     string    `json:"game"`
		Title    string    `json:"title"`
		Step     int       `json:"step"`
		You      []int     `json:"you"`
		Decision *decision `json:"decision"`
		Over     bool      `json:"over"`
		Result   string    `json:"result"`
		Board    any       `json:"board"`
	}
	var views []view
	for i, sc := range []string{"main", "short", "quick"} {
		seed := uint64(11 + i)
		tb, _, seats := openGandhi(t, newKind(), gandhiRequest(sc, "raj", "rev"), seed)
		at := func(step int) view {
			v := view{Game: "gandhi", Title: "Gandhi — " + sc, Step: step, You: []int{1, 2}, Board: tb.Board(1),
				Over: tb.Decision().Over, Result: tb.Result()}
			if d := tb.Decision(); !d.Over {
				v.Decision = &decision{Seat: d.Player, Role: d.Role, Prompt: d.Prompt, Options: []option{}}
				for _, o := range d.Options {
					tg, ex := tb.Annotate(o)
					v.Decision.Options = append(v.Decision.Options, option{o, tg, ex})
				}
			}
			return v
		}
		n := len(playGandhi(t, tb, seats, seed, 100000, func(step int) {
			if step%150 == 0 && seats[tb.Decision().Player].Kind != plug.Computer {
				views = append(views, at(step))
			}
		}))
		views = append(views, at(n))
	}
	js, err := json.MarshalIndent(views, "", " ")
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, js, 0o644); err != nil {
		t.Fatal(err)
	}
}

// A lone player's result is the 1-player outcome of 8.10, in every language.
func TestGandhiSoloResult(t *testing.T) {
	k := newKind()
	texts, err := gandhi.Translations()
	if err != nil {
		t.Fatal(err)
	}
	saw := map[bool]bool{}
	for seed := uint64(1); seed <= 4; seed++ {
		tb, _, seats := openGandhi(t, k, gandhiRequest("quick", "raj", "league", "rev"), seed)
		playGandhi(t, tb, seats, seed, 100000, nil)
		r := tb.Result()
		won := strings.HasPrefix(r, "You win (8.10): ")
		if !won && !regexp.MustCompile(`^You lose \(8\.10\): [A-Z][A-Za-z ]+ won — [^.]+\. `).MatchString(r) {
			t.Fatalf("seed %d: result %q", seed, r)
		}
		saw[won] = true
		for lang, want := range map[string]string{"es": "Has ", "it": "Hai "} {
			if got := texts[lang].T(r); !strings.HasPrefix(got, want) || strings.Contains(got, " won ") || strings.Contains(got, "Ranking") {
				t.Errorf("seed %d, %s: %q", seed, lang, got)
			}
		}
	}
	t.Logf("outcomes seen (won: true/false): %v", saw)
}
