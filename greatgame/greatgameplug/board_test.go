package greatgameplug

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"durbar/core"
	"durbar/plug"
)

// The board shows the forces' moves made since the seat last decided, the
// turn's events, the dead pile, the Balance of Power's levels and the turn
// track; a march option carries its cost for the map; a table opened again
// from its log draws the same boards.
func TestBoardMovesEventsAndDead(t *testing.T) {
	req := plug.CreateRequest{Scenario: "1", Seats: ggSeatReqs(plug.Human, plug.Computer)}
	seed := uint64(21)
	tb := ggOpen(t, req, seed, nil)
	var log []string
	play := func(id string) {
		t.Helper()
		if err := tb.Apply(id); err != nil {
			t.Fatalf("apply %q: %v", id, err)
		}
		log = append(log, id)
	}
	sawCost, sawEvent, sawMove, sawDead := false, false, false, false
	for step := 0; step < 4000 && !(sawCost && sawMove && sawEvent && sawDead); step++ {
		d := tb.Decision()
		if d.Over {
			break
		}
		if tb.bots[d.Player] != "" {
			before := len(tb.trail)
			id, err := tb.PlayComputer()
			if err != nil {
				t.Fatal(err)
			}
			log = append(log, id)
			if len(tb.trail) > before {
				// the Russian computer moved: the British board shows it
				mv := tb.trail[len(tb.trail)-1]
				b := tb.Board(0).(ggBoard)
				if mv.Side != "russian" || !slices.Contains(b.Moves, mv) {
					t.Fatalf("the British board's moves %v lack the Russian move %+v", b.Moves, mv)
				}
				if own := tb.Board(1).(ggBoard); slices.Contains(own.Moves, mv) {
					t.Fatalf("the Russian board still shows its own move %+v after deciding", mv)
				}
				sawMove = true
			}
			continue
		}
		// the British decide: a march option says its cost, and a move
		// seen before is gone from the board once they decide
		var pick string
		for _, o := range d.Options {
			target, extra := tb.Annotate(o)
			if tb.g.StepName() == "march" && strings.HasPrefix(o.ID, "to:") && strings.HasPrefix(target, "sq-") {
				if !strings.HasSuffix(extra, " MP") || !strings.Contains(o.Label, "("+strings.TrimSuffix(extra, " MP")+" MP") {
					t.Fatalf("march option %q (%s): extra %q", o.ID, o.Label, extra)
				}
				sawCost = true
				pick = o.ID
			}
		}
		if pick == "" {
			pick = ggPreferred(d.Options, step)
		}
		play(pick)
		if b := tb.Board(0).(ggBoard); len(b.Moves) > 0 && b.Moves[0].Side == "russian" {
			t.Fatalf("after deciding, the British board still shows the Russian moves %v", b.Moves)
		}
		b := tb.Board(0).(ggBoard)
		if !slices.Equal(eventIDs(b.Events), tb.g.Ev.Drawn) {
			t.Fatalf("events %v, the game drew %v", b.Events, tb.g.Ev.Drawn)
		}
		sawEvent = sawEvent || len(b.Events) > 0
		dead := 0
		for _, p := range tb.g.Pieces {
			if tb.g.LocID(p.Loc) == "dead" {
				dead++
			}
		}
		if len(b.Dead) != dead {
			t.Fatalf("the board shows %d dead counters, the game has %d", len(b.Dead), dead)
		}
		sawDead = sawDead || dead > 0
		if len(b.BoPLevels) != 3 || len(b.Turns) != 5 || b.Turns[0].Years != "1835-39" {
			t.Fatalf("levels %v, turns %v", b.BoPLevels, b.Turns)
		}
	}
	if !sawCost || !sawMove || !sawEvent {
		t.Fatalf("met a march cost %v, a computer move %v, an event %v, a dead counter %v", sawCost, sawMove, sawEvent, sawDead)
	}
	again := ggOpen(t, req, seed, log)
	for seat := -1; seat <= 1; seat++ {
		if a, b := ggBoardJSON(t, tb, seat), ggBoardJSON(t, again, seat); a != b {
			t.Fatalf("seat %d: the board differs once the table is opened again from its log", seat)
		}
	}
	var raw map[string]any
	if err := json.Unmarshal([]byte(ggBoardJSON(t, tb, 0)), &raw); err != nil {
		t.Fatal(err)
	}
	for _, k := range []string{"moves", "events", "dead", "bopLevels", "turns"} {
		if _, ok := raw[k]; !ok {
			t.Errorf("the board has no %q", k)
		}
	}
}

func eventIDs(es []ggNamed) []string {
	out := []string{}
	for _, e := range es {
		out = append(out, e.ID)
	}
	return out
}

// ggPreferred picks an option that keeps a game moving: a force set off
// and marching where it may, else the first option that is not "end"
// now and then.
func ggPreferred(opts []core.Option, step int) string {
	for _, pre := range []string{"force:", "go"} {
		for _, o := range opts {
			if strings.HasPrefix(o.ID, pre) {
				return o.ID
			}
		}
	}
	return opts[step%len(opts)].ID
}

// The offer being composed is on its composer's board only.
func TestBoardDealIsTheComposers(t *testing.T) {
	tb := ggOpen(t, plug.CreateRequest{Scenario: "1", Seats: ggSeatReqs(plug.Human, plug.Human)}, 5, nil)
	for step := 0; ; step++ {
		d := tb.Decision()
		if d.Over || step > 3000 {
			t.Fatal("no agreement offered")
		}
		if _, ok := d.Find("deal"); ok {
			break
		}
		if err := tb.Apply(d.Options[0].ID); err != nil {
			t.Fatal(err)
		}
	}
	composer := tb.Decision().Player
	for _, id := range []string{"deal", "ask:5", "ask:1"} {
		if err := tb.Apply(id); err != nil {
			t.Fatal(err)
		}
	}
	var want string
	for _, o := range tb.Decision().Options {
		if strings.HasPrefix(o.ID, "want:") {
			want = strings.TrimPrefix(o.ID, "want:")
			break
		}
	}
	if want != "" {
		if err := tb.Apply("want:" + want); err != nil {
			t.Fatal(err)
		}
	}
	b := tb.Board(composer).(ggBoard)
	if b.Deal == nil || b.Deal.Ask != 6 || b.Deal.Give != 0 || want != "" && !slices.Equal(b.Deal.Want, []string{want}) || len(b.Deal.Cede) != 0 {
		t.Fatalf("the composer's board: deal %+v (asked for %q)", b.Deal, want)
	}
	for _, seat := range []int{1 - composer, -1} {
		if b := tb.Board(seat).(ggBoard); b.Deal != nil {
			t.Fatalf("seat %d sees the offer being composed: %+v", seat, b.Deal)
		}
	}
}
