package rajasplug

import (
	"testing"

	"durbar/plug"
	"durbar/plug/plugtest"
	"durbar/rajas"
)

// The server's per-seat views of Rajas hide what the game hides: the
// undo-barrier property on every seat's view (plugtest.ViewsHide).
func TestViewsRevealNothingBeyondTheBarrier(t *testing.T) {
	games, steps := 2, 300
	if testing.Short() {
		games, steps = 1, 200
	}
	plugtest.ViewsHide(t, newKind(),
		plug.CreateRequest{Seats: rajasSeats(plug.Human, plug.Human, plug.Human), Variants: []string{"navaratnas", "river-tiles"}},
		func(t plug.Table) plug.Table {
			r := t.(*rajasTable)
			return &rajasTable{rd: r.rd, g: r.g.Clone().(*rajas.Game), bots: r.bots}
		},
		func(t plug.Table, seed uint64) { t.(*rajasTable).g.Determinize(seed) },
		games, steps)
}
