package gandhiplug

import (
	"testing"

	"durbar/gandhi"
	"durbar/plug"
	"durbar/plug/plugtest"
)

// TestTranslationsCover proves Gandhi's catalogs translate every text a view
// shows (plugtest.Translations): random games of every scenario, people
// and Non-Players alternating, and every card's texts. The map's names may
// stay as printed.
func TestTranslationsCover(t *testing.T) {
	games := 16
	if testing.Short() {
		games = 4
	}
	d, err := gandhi.DefaultData()
	if err != nil {
		t.Fatal(err)
	}
	names := map[string]bool{}
	for _, s := range d.Map.Spaces {
		names[s.Name] = true
	}
	for _, tw := range d.Map.Towns {
		names[tw.Name] = true
	}
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
	plugtest.Translations(t, k, reqs, names, cards)
}
