package gandhiplug

import (
	"testing"

	"durbar/gandhi"
	"durbar/plug"
	"durbar/plug/plugtest"
)

// The server's per-seat views of Gandhi hide what the game hides: the
// undo-barrier property on every seat's view (plugtest.ViewsHide), with
// Non-Players at two seats.
func TestViewsRevealNothingBeyondTheBarrier(t *testing.T) {
	games, steps := 2, 300
	if testing.Short() {
		games, steps = 1, 200
	}
	plugtest.ViewsHide(t, newKind(),
		plug.CreateRequest{Scenario: "short", Seats: []plug.SeatRequest{{Kind: plug.Computer}, {Kind: plug.Human}, {Kind: plug.Human}, {Kind: plug.Computer}}},
		func(t plug.Table) plug.Table {
			g := t.(*gandhiTable)
			return &gandhiTable{g: g.g.Clone().(*gandhi.Game), scenario: g.scenario}
		},
		func(t plug.Table, seed uint64) { t.(*gandhiTable).g.Determinize(seed) },
		games, steps)
}
