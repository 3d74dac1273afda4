package rajasplug

import (
	"testing"

	"durbar/plug"
	"durbar/plug/plugtest"
	"durbar/rajas"
)

// TestTranslationsCover proves Rajas's catalogs translate every text a view
// shows (plugtest.Translations): random games of 2 to 4 players, people
// and heuristic bots alternating (the MCTS bot is too slow for a coverage
// test), in the basic game and with the variants.
func TestTranslationsCover(t *testing.T) {
	games := 16
	if testing.Short() {
		games = 4
	}
	var reqs []plug.CreateRequest
	for n := range games {
		req := plug.CreateRequest{Game: rajas.GameName,
			Variants: [][]string{nil, {rajasNavaratnas}, {rajasNavaratnas, rajasGanga}, {rajasRiverTiles}}[n%4]}
		for s := range 2 + n%3 {
			kind := plug.Human
			if (s+n)%2 == 1 {
				kind = plug.Computer
			}
			req.Seats = append(req.Seats, plug.SeatRequest{Kind: kind, Bot: "bot"})
		}
		reqs = append(reqs, req)
	}
	plugtest.Translations(t, newKind(), reqs, nil, nil)
}
