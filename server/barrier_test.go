package server

import (
	"encoding/json"
	"testing"

	"durbar/core"
	"durbar/core/gametest"
	"durbar/gandhi"
	"durbar/rajas"
)

// The server's per-seat views hide what the games hide: the undo-barrier
// property (core/gametest.Barrier) run with each seat's view as the page
// receives it — board, log and pending decision, as JSON — for the
// observation. A view that showed a card or tile the game keeps hidden
// would differ between two games that differ only there, with no barrier
// moved, and fail.
func TestViewsRevealNothingBeyondTheBarrier(t *testing.T) {
	games, steps := 2, 300
	if testing.Short() {
		games, steps = 1, 200
	}
	for _, tc := range []struct {
		name  string
		kind  Kind
		req   CreateRequest
		clone func(Table) Table
		dz    func(Table, uint64)
	}{
		{"gandhi", GandhiKind(),
			CreateRequest{Scenario: "short", Seats: []SeatRequest{{Kind: Computer}, {Kind: Human}, {Kind: Human}, {Kind: Computer}}},
			func(t Table) Table {
				g := t.(*gandhiTable)
				return &gandhiTable{g: g.g.Clone().(*gandhi.Game), scenario: g.scenario}
			},
			func(t Table, seed uint64) { t.(*gandhiTable).g.Determinize(seed) }},
		{"rajas", RajasKind(),
			CreateRequest{Seats: rajasSeats(Human, Human, Human), Variants: []string{"navaratnas", "river-tiles"}},
			func(t Table) Table {
				r := t.(*rajasTable)
				return &rajasTable{rd: r.rd, g: r.g.Clone().(*rajas.Game), bots: r.bots}
			},
			func(t Table, seed uint64) { t.(*rajasTable).g.Determinize(seed) }},
	} {
		t.Run(tc.name, func(t *testing.T) {
			setup, seats, err := tc.kind.Prepare(tc.req)
			if err != nil {
				t.Fatal(err)
			}
			b := gametest.Barrier{
				New: func(seed uint64) (core.Game, error) {
					tb, err := tc.kind.Open(setup, seats, seed, nil)
					return tableGame{tb, tc.clone}, err
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
				Resample: func(g core.Game, seat int, seed uint64) { tc.dz(g.(tableGame).Table, seed) },
				Move: func(g core.Game, d core.Decision, pick int) error {
					if d.Player >= 0 && seats[d.Player].Kind == Computer {
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
		})
	}
}

// tableGame makes a Table a core.Game for the property check.
type tableGame struct {
	Table
	clone func(Table) Table
}

func (g tableGame) Clone() core.Game { return tableGame{g.clone(g.Table), g.clone} }
