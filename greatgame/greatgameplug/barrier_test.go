package greatgameplug

import (
	"encoding/json"
	"slices"
	"testing"

	"durbar/core"
	"durbar/core/gametest"
	"durbar/greatgame"
	"durbar/plug"
)

// The server's per-seat views of The Great Game hide what the game hides:
// the undo-barrier property (core/gametest.Barrier) on every seat's view,
// the copies reseeded and the stacks the deciding seat may not examine
// reshuffled by greatgame's Determinize — two people, and a person against
// the computer.
//
// The view is the page's as the server builds it (server.view): the
// board, the log, the result, and the pending decision with its options
// for the deciding seat only. plugtest.ViewsHide shows every seat the
// deciding seat's options too, which is stricter than the server: in this
// game a side's options tell its private treasury (what it can afford), so
// they must reach its own page only, and do.
func TestViewsRevealNothingBeyondTheBarrier(t *testing.T) {
	games, steps := 2, 400
	if testing.Short() {
		games, steps = 1, 250
	}
	for _, req := range []plug.CreateRequest{
		{Scenario: "1", Seats: ggSeatReqs(plug.Human, plug.Human)},
		{Scenario: "2", Seats: ggSeatReqs(plug.Computer, plug.Human)},
	} {
		t.Run(req.Scenario, func(t *testing.T) { ggViewsHide(t, req, games, steps) })
	}
}

func ggViewsHide(t *testing.T, req plug.CreateRequest, games, steps int) {
	k := newKind()
	setup, seats, err := k.Prepare(req)
	if err != nil {
		t.Fatal(err)
	}
	b := gametest.Barrier{
		New: func(seed uint64) (core.Game, error) {
			tb, err := k.Open(setup, seats, seed, nil)
			if err != nil {
				return nil, err
			}
			return tableGame{tb.(*webTable)}, nil
		},
		Seats: 2,
		Observe: func(g core.Game, seat int) any {
			tb := g.(tableGame).webTable
			d := tb.Decision()
			if d.Player != seat {
				d.Options = nil // the server lists them for their holder only
			}
			raw, err := json.Marshal(struct {
				Board    any
				Log      []string
				Decision core.Decision
				Result   string
			}{tb.Board(seat), tb.Log(), d, tb.Result()})
			if err != nil {
				t.Fatal(err)
			}
			return string(raw)
		},
		Resample: func(g core.Game, seat int, seed uint64) {
			tb := g.(tableGame).webTable
			gg := tb.g
			gg.Determinize(seed)
			// A side answering an agreement offer knows the other could
			// pay what it offers (23.1: the offer was legal when made),
			// which Determinize's redrawn treasury may forget.
			if gg.StepName() == "deal-answer" && gg.Pounds[gg.Deal.From] < int(gg.Deal.Give) {
				gg.Pounds[gg.Deal.From] = int(gg.Deal.Give)
			}
			tb.pending.Forget()
		},
		Move: func(g core.Game, d core.Decision, pick int) error {
			tb := g.(tableGame).webTable
			if d.Player >= 0 && seats[d.Player].Kind == plug.Computer {
				_, err := tb.PlayComputer()
				return err
			}
			return gametest.ApplyPick(g, d, pick)
		},
		Games: games, Steps: steps, Copies: 2,
	}
	if err := b.Run(); err != nil {
		t.Fatal(err)
	}
}

// tableGame makes a table a core.Game for the property check.
type tableGame struct{ *webTable }

func (g tableGame) Clone() core.Game {
	c := *g.webTable
	c.g = g.webTable.g.Clone().(*greatgame.Game)
	c.trail = slices.Clone(g.webTable.trail)
	c.pending = plug.PendingDecision{}
	return tableGame{&c}
}
