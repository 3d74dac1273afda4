package gandhiplug

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"durbar/gandhi"
	"durbar/plug"
	"durbar/plug/plugtest"
)

// TestTranslationsCover proves Gandhi's catalogs translate every text a view
// shows (plugtest.TranslationsOf): random games of every scenario, people
// and Non-Players alternating; games from positions that reach each way
// the game ends (the draw deck exhausted, the final Campaign Round, a
// victory check passed by players and by a Non-Player, a lone player's
// game); every card's texts; and every result the game-over screen can
// show (endTexts). The map's names may stay as printed.
func TestTranslationsCover(t *testing.T) {
	games := 16
	if testing.Short() {
		games = 4
	}
	d, err := gandhi.DefaultData()
	if err != nil {
		t.Fatal(err)
	}
	names := mapNames(d)
	// Every card's texts, not only those random games turn up.
	var cards []string
	for _, cd := range d.Deck.Cards {
		cards = append(cards, cd.Title, cd.Flavour, cd.Unshaded, cd.Shaded, cd.Capability)
	}
	k := newKind()
	c := k.Catalog()
	var reqs []plug.CreateRequest
	for n := range games {
		req := plug.CreateRequest{Game: gameName, Scenario: c.Scenarios[n%len(c.Scenarios)].ID}
		for s := range 4 {
			kind := plug.Human
			if (s+n)%2 == 1 {
				kind = plug.Computer
			}
			req.Seats = append(req.Seats, plug.SeatRequest{Kind: kind, Bot: c.Computers[0].ID})
		}
		reqs = append(reqs, req)
	}
	starts := append(plugtest.Starts(t, k, reqs), endingStarts(t, k)...)
	ends := map[string]int{}
	plugtest.TranslationsOf(t, k, plugtest.Coverage{Starts: starts, Names: names, More: append(cards, endTexts(t, k)...),
		Ended: func(g *plugtest.Game) { ends[endKind(g.Table.(*gandhiTable).g.Reason)]++ }})
	for _, e := range []string{endVictory, endFinal, endDeck} {
		if ends[e] == 0 {
			t.Errorf("no game ended by %q (endings %v)", e, ends)
		}
	}
}

// endingStarts are games from positions that end soon, each a different
// way: the quick set-up with a short draw pile of chosen cards, and the
// map all at Active Support (the Raj passes the victory check) or all at
// Active Opposition (Congress and the Muslim League pass it).
func endingStarts(t *testing.T, k plug.Kind) []plugtest.Start {
	t.Helper()
	d, err := gandhi.DefaultData()
	if err != nil {
		t.Fatal(err)
	}
	first := d.Deck.Camps[0] // a Campaign card
	var out []plugtest.Start
	for _, e := range []struct {
		draw    []int  // the draw pile under the Current (1) and Upcoming (2) cards
		support string // every Province and City at this level, when set
		np      []bool // Non-Player seats
	}{
		{[]int{3, 4}, "", []bool{false, true, false, true}},                           // the draw deck is exhausted
		{[]int{3, first}, "", []bool{false, false, false, false}},                     // the final Campaign Round
		{[]int{3, first}, "", []bool{true, false, true, true}},                        // … with a lone player (8.10)
		{[]int{3, first}, "", []bool{false, true, true, true}},                        // … with a lone player (8.10)
		{[]int{first, 3, 4}, "active-support", []bool{false, true, false, true}},      // the Raj wins (7.2)
		{[]int{first, 3, 4}, "active-support", []bool{true, false, false, false}},     // a Non-Player wins (7.1, 8.10)
		{[]int{first, 3, 4}, "active-opposition", []bool{false, false, false, false}}, // Congress and the League win
		{[]int{first, 3, 4}, "active-opposition", []bool{true, false, true, true}},    // … against Non-Players
	} {
		req := plug.CreateRequest{Game: gameName, Scenario: "quick"}
		for _, np := range e.np {
			kind := plug.Human
			if np {
				kind = plug.Computer
			}
			req.Seats = append(req.Seats, plug.SeatRequest{Kind: kind})
		}
		raw, specs, err := k.Prepare(req)
		if err != nil {
			t.Fatal(err)
		}
		var st gandhi.Setup
		if err := json.Unmarshal(raw, &st); err != nil {
			t.Fatal(err)
		}
		pos, err := gandhi.ScenarioPosition("quick")
		if err != nil {
			t.Fatal(err)
		}
		pos.Deck, pos.Current, pos.Upcoming, pos.DrawDeck = nil, 1, 2, e.draw
		if e.support != "" {
			for _, sp := range d.Map.Spaces {
				if sp.Type == gandhi.Province || sp.Type == gandhi.City {
					ss := pos.Spaces[sp.ID]
					ss.Support = e.support
					pos.Spaces[sp.ID] = ss
				}
			}
		}
		st.Scenario, st.Position = "", pos
		if raw, err = json.Marshal(st); err != nil {
			t.Fatal(err)
		}
		out = append(out, plugtest.Start{Setup: raw, Specs: specs})
	}
	return out
}

// endTexts are the texts every ending can show, enumerated rather than
// met by chance: each reason the engine gives for the end (each set of
// factions passing the victory check), each faction first, on the result
// line, the board and the log line of the end.
func endTexts(t *testing.T, k plug.Kind) []string {
	t.Helper()
	all := []gandhi.Faction{gandhi.Raj, gandhi.Congress, gandhi.League, gandhi.Rev}
	reasons := []string{"the final Campaign Round is complete (7.3)", "the draw deck is exhausted", ""}
	for mask := 1; mask < 1<<len(all); mask++ {
		var w []string
		for i, f := range all {
			if mask&(1<<i) != 0 {
				w = append(w, f.String())
			}
		}
		list := strings.Join(w, " and ")
		if len(w) > 2 {
			list = strings.Join(w[:len(w)-1], ", ") + " and " + w[len(w)-1]
		}
		reasons = append(reasons, list+" met the victory condition at the Campaign Round (7.2)")
	}
	req := plug.CreateRequest{Game: gameName, Scenario: "quick"}
	for range all {
		req.Seats = append(req.Seats, plug.SeatRequest{Kind: plug.Human})
	}
	st := plugtest.Starts(t, k, []plug.CreateRequest{req})[0]
	tb, err := k.Open(st.Setup, st.Specs, 1, nil)
	if err != nil {
		t.Fatal(err)
	}
	g := tb.(*gandhiTable).g
	var out []string
	for _, r := range reasons {
		for i := range all {
			order := slices.Concat(all[i:], all[:i])
			g.Over, g.Reason, g.Result = true, r, order
			tb.(*gandhiTable).pending.Forget()
			out = append(out, tb.Result(), r)
			names := make([]string, len(order))
			for j, f := range order {
				names[j] = f.String()
			}
			if r != "" {
				out = append(out, "Game over ("+r+"). Ranking: "+strings.Join(names, ", ")+".")
			}
			out = append(out, "A Non-Player passed the victory check, so every player loses (7.1, 8.10). Ranking: "+strings.Join(names, ", ")+".")
		}
	}
	return out
}

// mapNames are the map's names, which may stay as printed: its spaces and
// towns.
func mapNames(d *gandhi.Data) map[string]bool {
	names := map[string]bool{}
	for _, s := range d.Map.Spaces {
		names[s.Name] = true
	}
	for _, tw := range d.Map.Towns {
		names[tw.Name] = true
	}
	return names
}
