// Package plugtest holds checks that every game's adapter (package plug)
// must pass, written once against the plug interfaces and run from each
// adapter's own tests: the views hide what the game hides, and the
// translations cover every text a view shows.
package plugtest

import (
	"encoding/json"
	"testing"

	"durbar/core"
	"durbar/core/gametest"
	"durbar/plug"
)

// ViewsHide runs the undo-barrier property (core/gametest.Barrier) on the
// tables a Kind opens from req, with each seat's view as the page receives
// it — board, log, pending decision and result, as JSON — for the
// observation. A view that showed a card or tile the game keeps hidden
// would differ between two games that differ only there, with no barrier
// moved, and fail. clone copies a table; resample reseeds what the
// deciding seat cannot see (core.Determinizer on the table's game).
// Computer seats move by PlayComputer; games seeds are played, steps steps
// of each.
func ViewsHide(t *testing.T, k plug.Kind, req plug.CreateRequest, clone func(plug.Table) plug.Table,
	resample func(t plug.Table, seed uint64), games, steps int) {
	t.Helper()
	setup, seats, err := k.Prepare(req)
	if err != nil {
		t.Fatal(err)
	}
	b := gametest.Barrier{
		New: func(seed uint64) (core.Game, error) {
			tb, err := k.Open(setup, seats, seed, nil)
			return tableGame{tb, clone}, err
		},
		Seats: len(seats),
		Observe: func(g core.Game, seat int) any {
			tb := g.(tableGame).Table
			raw, err := json.Marshal(struct {
				Board    any
				Log      []string
				Decision core.Decision
				Result   string
			}{tb.Board(seat), tb.Log(), tb.Decision(), tb.Result()})
			if err != nil {
				t.Fatal(err)
			}
			return string(raw)
		},
		Resample: func(g core.Game, seat int, seed uint64) { resample(g.(tableGame).Table, seed) },
		Move: func(g core.Game, d core.Decision, pick int) error {
			if d.Player >= 0 && seats[d.Player].Kind == plug.Computer {
				_, err := g.(tableGame).PlayComputer()
				return err
			}
			return gametest.ApplyPick(g, d, pick)
		},
		Games: games, Steps: steps, Copies: 1,
	}
	if err := b.Run(); err != nil {
		t.Fatal(err)
	}
}

// tableGame makes a Table a core.Game for the property check.
type tableGame struct {
	plug.Table
	clone func(plug.Table) plug.Table
}

func (g tableGame) Clone() core.Game { return tableGame{g.clone(g.Table), g.clone} }
