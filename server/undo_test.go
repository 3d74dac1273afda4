package server

import (
	"encoding/json"
	"math/rand/v2"
	"net/http"
	"strings"
	"testing"
)

// The undo barrier over HTTP: each case plays until an action of a human
// seat shows the players a secret (a tile, a card), then asks that seat to
// undo it. The server answers 409 naming what was revealed, and the view
// says the same on the disabled Undo button (undoBlock).

// undoRefused asks seat's holder to undo and checks the refusal names what.
func undoRefused(t *testing.T, e *testEnv, id, key string, what ...string) {
	t.Helper()
	code, body := e.call("POST", "/api/games/"+id+"/undo", key, `{}`, nil)
	if code != http.StatusConflict {
		t.Fatalf("undo after a revealed secret: %d %s", code, body)
	}
	var v View
	v = e.view(id, key)
	if v.CanUndo || v.UndoBlock == nil || v.UndoBlock.Code != "secret" {
		t.Fatalf("the view offers undo, or does not say why not: canUndo %v, %+v", v.CanUndo, v.UndoBlock)
	}
	for _, w := range what {
		if strings.Contains(string(body), w) && v.UndoBlock.What == w {
			return
		}
	}
	t.Fatalf("the refusal names neither of %q: %s, view %+v", what, body, v.UndoBlock)
}

func seatKey(g created, seat int) string { return g.Seats[seat].Key }

func allKeys(g created) string {
	var ks []string
	for _, s := range g.Seats {
		if s.Key != "" {
			ks = append(ks, s.Key)
		}
	}
	return strings.Join(ks, ",")
}

// Rajas, two people: placing a province tile from a pile turns up the tile
// under it; undo must not take the placement back (it would let the player
// choose again knowing the next tile).
func TestUndoRefusedAfterRajasTileTurnedUp(t *testing.T) {
	e := newEnv(t, testDSN(t, false))
	g := e.create(CreateRequest{Game: "rajas", Seats: []SeatRequest{{Kind: Human}, {Kind: Human}}})
	all := allKeys(g)
	r := rand.New(rand.NewPCG(1, 2))
	for range 3000 {
		v := e.view(g.ID, all)
		if v.Over {
			t.Fatal("the game ended before a tile was placed from a pile of two or more")
		}
		d := v.Decision
		pick := d.Options[r.IntN(len(d.Options))].ID
		placing := false
		for _, o := range d.Options {
			if strings.HasPrefix(o.ID, "place:") {
				pick, placing = o.ID, true
				break
			}
		}
		before := rajasPileCounts(t, v)
		if code, _, eb := e.act(g.ID, all, d.Seat, pick, v.Step); code != 200 {
			t.Fatalf("%s: %d %v", pick, code, eb)
		}
		if placing && rajasPileCounts(t, e.view(g.ID, all)) < before && rajasTopsLeft(t, e.view(g.ID, all)) {
			undoRefused(t, e, g.ID, seatKey(g, d.Seat), "a tile was turned up")
			var es View
			e.call("GET", "/api/games/"+g.ID+"?lang=es", seatKey(g, d.Seat), nil, &es)
			if es.UndoBlock == nil || es.UndoBlock.What != "se ha descubierto una loseta" {
				t.Fatalf("the reason in Spanish: %+v", es.UndoBlock)
			}
			return
		}
	}
	t.Fatal("no tile placed")
}

// rajasPileCounts adds up the tiles in the piles a view shows.
func rajasPileCounts(t *testing.T, v View) int {
	var b struct {
		Piles []struct{ Count int } `json:"piles"`
	}
	raw, _ := json.Marshal(v.Board)
	if err := json.Unmarshal(raw, &b); err != nil || len(b.Piles) == 0 {
		t.Fatalf("no piles in the board: %v", err)
	}
	n := 0
	for _, p := range b.Piles {
		n += p.Count
	}
	return n
}

// rajasTopsLeft: every pile still shows a top tile (so the one placed
// uncovered another).
func rajasTopsLeft(t *testing.T, v View) bool {
	var b struct {
		Piles []struct{ Count int } `json:"piles"`
	}
	raw, _ := json.Marshal(v.Board)
	json.Unmarshal(raw, &b)
	for _, p := range b.Piles {
		if p.Count == 0 {
			return false
		}
	}
	return true
}

// Gandhi, four people: the action that ends a card turns up the next
// Upcoming card; undo must stop there.
func TestUndoRefusedAfterGandhiCardRevealed(t *testing.T) {
	e := newEnv(t, testDSN(t, false))
	g := e.create(CreateRequest{Game: "gandhi", Scenario: "short", Seats: []SeatRequest{{Kind: Human}, {Kind: Human}, {Kind: Human}, {Kind: Human}}})
	all := allKeys(g)
	up := gandhiUpcoming(t, e.view(g.ID, all))
	for range 500 {
		v := e.view(g.ID, all)
		d := v.Decision
		if d == nil {
			t.Fatalf("no decision at step %d (over %v, upcoming %d)", v.Step, v.Over, up)
		}
		pick := passOrFirst(d)
		if code, _, eb := e.act(g.ID, all, d.Seat, pick, v.Step); code != 200 {
			t.Fatalf("%s: %d %v", pick, code, eb)
		}
		if now := gandhiUpcoming(t, e.view(g.ID, all)); now != up {
			undoRefused(t, e, g.ID, seatKey(g, d.Seat), "a card was revealed")
			return
		}
	}
	t.Fatal("no card was turned up")
}

func gandhiUpcoming(t *testing.T, v View) int {
	var b struct {
		Cards struct {
			Upcoming *struct{ Number int } `json:"upcoming"`
		} `json:"cards"`
	}
	raw, _ := json.Marshal(v.Board)
	if err := json.Unmarshal(raw, &b); err != nil {
		t.Fatal(err)
	}
	if b.Cards.Upcoming == nil {
		return 0
	}
	return b.Cards.Upcoming.Number
}

// Gandhi against three Non-Players: once they have drawn Arjuna cards (or
// rolled), undo of the person's action before them is refused.
func TestUndoRefusedAfterArjunaDraw(t *testing.T) {
	e := newEnv(t, testDSN(t, false))
	seed := uint64(11)
	g := e.create(CreateRequest{Game: "gandhi", Scenario: "short", Seed: &seed,
		Seats: []SeatRequest{{Kind: Computer}, {Kind: Human}, {Kind: Computer}, {Kind: Computer}}})
	key := seatKey(g, 1)
	for range 300 {
		v := e.waitHuman(g.ID, key)
		if v.Over {
			break
		}
		d := v.Decision
		pick := d.Options[0].ID
		if code, _, eb := e.act(g.ID, key, d.Seat, pick, v.Step); code != 200 {
			t.Fatalf("%s: %d %v", pick, code, eb)
		}
		after := e.waitHuman(g.ID, key)
		if after.Step > v.Step+1 && after.UndoBlock != nil && after.UndoBlock.What == "an Arjuna card was drawn" {
			undoRefused(t, e, g.ID, key, "an Arjuna card was drawn")
			return
		}
	}
	t.Fatal("the Non-Players never drew an Arjuna card right after the person's action")
}
