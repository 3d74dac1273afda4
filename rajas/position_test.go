package rajas

import (
	"encoding/json"
	"reflect"
	"strings"
	"testing"

	"durbar/core"
)

// fromPosition starts a game of the set-up from a position file's text.
func fromPosition(t *testing.T, setup Setup, text string) *Game {
	t.Helper()
	pos, err := ParsePosition([]byte(text))
	if err != nil {
		t.Fatal(err)
	}
	setup.Position = pos
	g, err := New(testData(t), setup, 1)
	if err != nil {
		t.Fatal(err)
	}
	if err := g.CheckInvariants(); err != nil {
		t.Fatal(err)
	}
	return g
}

// board is the state a position describes, for comparing two games.
type board struct {
	P                         [4]Player
	Start, Turn, Round, Mogul int
	Occ                       [maxSpaces]int8
	Stacks                    [numStacks]tileStack
	Gone                      uint64
	White, Discard            pile
	Pool                      [NumColors]int8
	Supply, Box               [maxProdKinds]int8
	RiverT                    [maxRiver]int8
	Ended                     bool
	Crossers                  int
	Step                      string
	Options                   []string
}

// boardOf is the board of a game, with what lies beyond the end of each
// pile's array cleared.
func boardOf(g *Game) board {
	b := board{g.P, g.Start, g.Turn, g.Round, g.Mogul, g.Occ, g.Stacks, g.Gone, g.White, g.Discard, g.Pool, g.Supply,
		g.Box, g.RiverT, g.Ended, g.Crossers, g.top().Step, optionIDs(g)}
	for k := range b.Stacks {
		clear(b.Stacks[k].T[b.Stacks[k].N:])
	}
	clear(b.White.T[b.White.N:])
	clear(b.Discard.T[b.Discard.N:])
	return b
}

// differ names the fields in which two boards differ.
func differ(a, b board) []string {
	var out []string
	va, vb := reflect.ValueOf(a), reflect.ValueOf(b)
	for i := range va.NumField() {
		if !reflect.DeepEqual(va.Field(i).Interface(), vb.Field(i).Interface()) {
			out = append(out, va.Type().Field(i).Name)
		}
	}
	return out
}

// Any position a game reaches between turns is written out, read back (as
// JSON) and started from: the board, whose turn it is and its options
// are the same, and the new game writes the same position.
func TestPositionRoundTrip(t *testing.T) {
	d := testData(t)
	checked := 0
	for i, v := range variants {
		if strings.HasPrefix(v.name, "legacy") {
			continue
		}
		for seed := uint64(1); seed <= 3; seed++ {
			setup := v.setup(2 + int(seed+uint64(i))%3)
			g, err := New(d, setup, seed)
			if err != nil {
				t.Fatal(err)
			}
			pick := core.NewRNG(seed*31 + uint64(i))
			for k := 0; !g.Over && k < 3000; k++ {
				if g.top().Step == "turn" && k%23 == 0 {
					raw, err := json.Marshal(g.Position())
					if err != nil {
						t.Fatal(err)
					}
					pos, err := ParsePosition(raw)
					if err != nil {
						t.Fatalf("%s: %v\n%s", v.name, err, raw)
					}
					s2 := setup
					s2.Position = pos
					h, err := New(d, s2, seed+99)
					if err != nil {
						t.Fatalf("%s seed %d step %d: %v\n%s", v.name, seed, k, err, raw)
					}
					if a, b := boardOf(g), boardOf(h); !reflect.DeepEqual(a, b) {
						t.Fatalf("%s seed %d step %d: the game from the position differs in %v\n%s", v.name, seed, k, differ(a, b), raw)
					}
					back, _ := json.Marshal(h.Position())
					if string(back) != string(raw) {
						t.Fatalf("%s: the position does not round-trip\n%s\n%s", v.name, raw, back)
					}
					checked++
				}
				dec := g.Decision()
				if err := g.Apply(dec.Options[pick.IntN(len(dec.Options))].ID); err != nil {
					t.Fatal(err)
				}
			}
		}
	}
	if checked < 100 {
		t.Fatalf("only %d positions checked", checked)
	}
}

// A position with only the players' standing: the rest is as at set-up,
// the piles shuffled from the seed.
func TestPositionMinimal(t *testing.T) {
	g := fromPosition(t, Setup{Players: 2}, `{"players":[
		{"fame":3,"money":7,"karma":2,"dice":["orange-1","blue-5"]},
		{"fame":0,"money":4,"karma":1,"dice":[]}]}`)
	eq(t, "round", g.Round, 1)
	eq(t, "to play", g.Decision().Player, 0)
	eq(t, "karma", g.P[0].Karma, 2)
	eq(t, "orange supply", g.Pool[Orange], int8(11))
	eq(t, "money bonus marker on 12", g.P[0].NextBonus, 0)
	eq(t, "visible tiles", len(g.VisibleTiles()), 12)
	eq(t, "white tiles face down", g.White.N, int8(8))
}

// Every problem is refused with the field named.
func TestPositionRefused(t *testing.T) {
	two := func(p1 string) string {
		return `{"players":[` + p1 + `,{"fame":0,"money":4,"karma":1,"dice":[]}]}`
	}
	for _, c := range []struct {
		name  string
		setup Setup
		pos   string
		want  string
	}{
		{"seats", Setup{Players: 3}, two(`{"dice":[]}`), "players: 2 seats listed; the set-up has 3 players"},
		{"die", Setup{Players: 2}, two(`{"dice":["pink-3"]}`), `players[1].dice[1]: "pink-3" is not a die`},
		{"die value", Setup{Players: 2}, two(`{"dice":["blue-7"]}`), `players[1].dice[1]: "blue-7" is not a die`},
		{"statue", Setup{Players: 2, Navaratnas: true}, two(`{"dice":["blue-1","blue-1","blue-1","blue-1","blue-1","blue-1","blue-1","blue-1","blue-1"]}`), "players[1].dice: 9 dice; the Kali statue holds 8"},
		{"karma", Setup{Players: 2}, two(`{"karma":4,"dice":[]}`), "players[1].karma: 4 outside 0-3"},
		{"fame", Setup{Players: 2}, two(`{"fame":-1,"dice":[]}`), "players[1].fame: -1 outside 0-"},
		{"fame worker", Setup{Players: 2}, two(`{"fame":16,"dice":[]}`), `players[1].gained: fame 16 has reached the fame worker at 15: list "fame"`},
		{"worker source", Setup{Players: 2}, two(`{"dice":[],"gained":["luck"]}`), `players[1].gained[1]: "luck" is not a worker's source`},
		{"river worker", Setup{Players: 2}, two(`{"dice":[],"gained":["river"]}`), "players[1].gained: the river worker is taken when the boat passes the bridge"},
		{"level", Setup{Players: 2}, two(`{"dice":[],"levels":{"temple":5}}`), "players[1].levels.temple: 5 outside 2-4"},
		{"building", Setup{Players: 2}, two(`{"dice":[],"levels":{"moat":3}}`), "players[1].levels.moat: unknown building"},
		{"bonus marker", Setup{Players: 2}, two(`{"money":20,"dice":[],"gained":["money"],"moneyBonus":12}`), "players[1].moneyBonus: the marker on 12 lies at or below the money (20)"},
		{"cell", Setup{Players: 2}, two(`{"dice":[],"province":[{"cell":"r9c9","tile":"orange-1"}]}`), `players[1].province[1].cell: unknown cell "r9c9"`},
		{"joined", Setup{Players: 2}, two(`{"dice":[],"province":[{"cell":"r3c3","tile":"orange-1"}]}`), "players[1].province: a tile is not joined to the residence"},
		{"tile twice", Setup{Players: 2}, `{"players":[{"dice":[],"province":[{"cell":"r1c2","tile":"orange-1"}]},{"dice":[]}],"gone":["orange-1"]}`, "gone: tile orange-1 is also in player 1's province"},
		{"space", Setup{Players: 2}, `{"players":[{"dice":[]},{"dice":[]}],"workers":{"palace:moat":1}}`, "workers.palace:moat: unknown action space"},
		{"worker seat", Setup{Players: 2}, `{"players":[{"dice":[]},{"dice":[]}],"workers":{"palace:outer":3}}`, "workers.palace:outer: seat 3 outside 1-2"},
		{"covered", Setup{Players: 3}, `{"players":[{"dice":[]},{"dice":[]},{"dice":[]}],"workers":{"harbour:4":1}}`, "workers.harbour:4: the space is under a cover tile"},
		{"too many workers", Setup{Players: 2}, `{"players":[{"dice":[]},{"dice":[]}],"workers":{"palace:outer":1,"palace:mogul":1,"palace:yogi":1,"palace:raja":1}}`, "players[1]: 4 workers on the action spaces but 3 active"},
		{"quarry order", Setup{Players: 2}, `{"players":[{"dice":[]},{"dice":[]}],"workers":{"quarry:2":1}}`, "taken before an earlier space"},
		{"pile", Setup{Players: 2}, `{"players":[{"dice":[]},{"dice":[]}],"piles":{"orange-snake":["orange-1"]}}`, "piles.orange-snake: tile orange-2 is in no pile, province or the gone list"},
		{"pile tile", Setup{Players: 2}, `{"players":[{"dice":[]},{"dice":[]}],"piles":{"orange-snake":["blue-1"]}}`, "piles.orange-snake[1]: tile blue-1 belongs to pile blue-snake"},
		{"pile name", Setup{Players: 2}, `{"players":[{"dice":[]},{"dice":[]}],"piles":{"pink-snake":[]}}`, "piles.pink-snake: unknown pile"},
		{"gone twice", Setup{Players: 2}, `{"players":[{"dice":[]},{"dice":[]}],"gone":["blue-1","blue-1"]}`, "gone: tile blue-1 is also in gone"},
		{"start", Setup{Players: 2}, `{"start":3,"players":[{"dice":[]},{"dice":[]}]}`, "start: seat 3 outside 1-2"},
		{"round", Setup{Players: 2}, `{"round":-2,"players":[{"dice":[]},{"dice":[]}]}`, "round: -2 outside 1-"},
		{"river tiles", Setup{Players: 2}, `{"players":[{"dice":[]},{"dice":[]}],"riverTiles":{"3":"advance"}}`, "riverTiles: river tiles are the Ganga module's"},
		{"river space", Setup{Players: 2, Ganga: true}, `{"players":[{"dice":[]},{"dice":[]}],"riverTiles":{"23":"advance"}}`, "riverTiles.23: river spaces 1-22 may hold a tile"},
		{"productions basic", Setup{Players: 2}, two(`{"dice":[],"productions":{"r0c0-n":"white-money"}}`), "players[1].productions.r0c0-n: production tiles lie on provinces only in the Navaratnas version"},
		{"white navaratnas", Setup{Players: 2, Navaratnas: true}, `{"players":[{"dice":[]},{"dice":[]}],"white":["white-money"]}`, "white: the Navaratnas version sets its production tiles out face up"},
		{"crossed", Setup{Players: 2}, two(`{"dice":[],"crossed":1}`), "players[1].crossed: the markers have not met"},
		{"unknown field", Setup{Players: 2}, `{"players":[],"moon":1}`, `position: json: unknown field "moon"`},
	} {
		t.Run(c.name, func(t *testing.T) {
			pos, err := ParsePosition([]byte(c.pos))
			if err == nil {
				c.setup.Position = pos
				_, err = New(testData(t), c.setup, 1)
			}
			if err == nil || !strings.HasPrefix(err.Error(), "position: ") || !strings.Contains(err.Error(), c.want) {
				t.Fatalf("got %v\nwant %q", err, c.want)
			}
		})
	}
	// A set-up may not carry both a position and a first player.
	if _, err := New(testData(t), Setup{Players: 2, FirstPlayer: 1, Position: &Position{}}, 1); err == nil || !strings.Contains(err.Error(), "firstPlayer") {
		t.Fatalf("got %v", err)
	}
}

// stuckPosition: Navaratnas, two players. Seat 1 has one worker left, a
// blue 6, no money and a Karma; every space it could use is taken (the
// terraces and the blue balcony by itself, the outer terrace and the
// markets by seat 2) and its boat is within the river's last six spaces
// (no Portuguese): only a flip, to a 1, opens a space (the harbour, the
// Great Mogul). Seat 2 has one worker and an orange 1.
const stuckPosition = `{
	"comment": "only a Karma flip opens a space for seat 1",
	"players": [
		{"fame": 20, "money": 0, "karma": 1, "boat": 18, "dice": ["blue-6"], "gained": ["fame", "money", "river"]},
		{"fame": 20, "money": 25, "karma": 0, "boat": 19, "dice": ["orange-1"], "gained": ["fame", "money", "river"]}
	],
	"workers": {
		"palace:terrace-orange": 1, "palace:terrace-blue": 1, "palace:terrace-green": 1, "palace:terrace-purple": 1,
		"palace:balcony-blue": 1,
		"palace:outer": 2, "market:assorted-1": 2, "market:silk": 2, "market:tea": 2, "market:spice": 2
	}
}`

// Audit item 2 ("Transcurso del juego", "Karma"): declining the flip is
// not an exit for the round; after seat 2 places a worker seat 1 is asked
// again, and places.
func TestPositionPassThenPlace(t *testing.T) {
	g := fromPosition(t, Setup{Players: 2, Navaratnas: true}, stuckPosition)
	if ids := optionIDs(g); !reflect.DeepEqual(ids, []string{"karma:blue-6", "pass"}) {
		t.Fatalf("options %v", ids)
	}
	play(t, g, "pass")
	eq(t, "seat 2 plays", g.Decision().Player, 1)
	play(t, g, "palace:mogul", "die:orange-1")
	eq(t, "seat 1 asked again", g.Decision().Player, 0)
	play(t, g, "karma:blue-6", "harbour:1", "die:blue-1", "move:1")
	eq(t, "seat 1 placed its last worker", logHas(g, "player 1 places a worker on the harbour"), true)
	eq(t, "round 2: nobody can place", g.Round, 2)
	eq(t, "the Great Mogul's seat starts", g.Start, 1)
}

// Audit item 3 ("Acción de mercado"): a market space may be taken whatever
// the province holds, to block it; it scores nothing.
func TestPositionMarketBlock(t *testing.T) {
	g := fromPosition(t, Setup{Players: 2}, `{"players":[
		{"fame":0,"money":3,"karma":0,"dice":["orange-2"]},
		{"fame":0,"money":4,"karma":1,"dice":["blue-4"]}]}`)
	for _, id := range []string{"market:assorted-1", "market:silk", "market:tea", "market:spice"} {
		if !hasOpt(g, id) {
			t.Fatalf("%s not offered to a province without markets: %v", id, optionIDs(g))
		}
	}
	play(t, g, "market:tea", "die:orange-2")
	eq(t, "no money", g.P[0].Money, 3)
	eq(t, "seat 2 decides", g.Decision().Player, 1)
	if hasOpt(g, "market:tea") {
		t.Fatal("the blocked space is offered")
	}
}

// quarryPosition: seat 1 has 5 money, an orange 1 and an orange 3 and a
// Karma; orange 5 tops the snake pile, orange 8 the cow pile, orange 12
// the tiger pile, and the 4 of the cow pile is under the 8.
const quarryPosition = `{
	"players": [
		{"fame": 0, "money": 5, "karma": 1, "dice": ["orange-1", "orange-3"]},
		{"fame": 0, "money": 4, "karma": 1, "dice": []}
	],
	"piles": {
		"orange-snake": ["orange-5", "orange-1", "orange-2", "orange-3", "orange-3b", "orange-4"],
		"orange-cow": ["orange-8", "orange-4b", "orange-5b", "orange-6", "orange-7"],
		"orange-tiger": ["orange-12", "orange-8b", "orange-9", "orange-10", "orange-11"]
	}
}`

// Audit item 4 ("Karma": at any time during one's turn): the quarry opens
// for a tile only a flip makes affordable, and the flip is offered when
// the tile is chosen; the first reading kept the quarry closed.
func TestPositionKarmaAtTheQuarry(t *testing.T) {
	g := fromPosition(t, Setup{Players: 2}, quarryPosition)
	eq(t, "quarry open", hasOpt(g, "quarry:1"), true)
	play(t, g, "quarry:1")
	eq(t, "step", g.top().Step, "quarry-tile")
	if ids := optionIDs(g); !reflect.DeepEqual(ids, []string{"karma:orange-1", "karma:orange-3"}) {
		t.Fatalf("options %v, want the two flips", ids)
	}
	play(t, g, "karma:orange-1")
	if ids := optionIDs(g); !reflect.DeepEqual(ids, []string{"tile:orange-5", "tile:orange-8"}) {
		t.Fatalf("options %v", ids)
	}
	play(t, g, "tile:orange-5", "die:orange-6")
	eq(t, "paid with the turned die", g.top().Step, "place-tile")
}

// The same after the quarry was chosen for a tile the dice can pay: a
// dearer one may still be bought by turning a die.
func TestPositionKarmaAfterQuarryForAnotherTile(t *testing.T) {
	pos := strings.Replace(quarryPosition, `["orange-1", "orange-3"]`, `["orange-1", "orange-5"]`, 1)
	g := fromPosition(t, Setup{Players: 2}, pos)
	play(t, g, "quarry:1")
	if ids := optionIDs(g); !reflect.DeepEqual(ids, []string{"tile:orange-5", "karma:orange-1"}) {
		t.Fatalf("options %v", ids)
	}
	play(t, g, "karma:orange-1", "tile:orange-8", "die:orange-6", "die:orange-5")
	eq(t, "step", g.top().Step, "place-tile")
}

// By the first reading Karma did not open the quarry.
func TestKarmaQuarryLegacy(t *testing.T) {
	g := newGame(t, Setup{Players: 2, Legacy: &Legacy{}})
	toTop(t, g, "orange-5")
	setDice(t, g, 0, "orange-1", "orange-3")
	for k := range g.Stacks {
		if k != int(Orange)*NumBacks+int(Snake) {
			for ; g.Stacks[k].N > 0; g.Stacks[k].N-- {
				g.Gone |= 1 << uint(g.topTile(k))
			}
		}
	}
	eq(t, "quarry closed", hasOpt(g, "quarry:1"), false)
}

// The Master Builder through the river's free palace action (space 8,
// past the bridge): Karma may turn a die to pay the difference ("Karma",
// "Maestro constructor").
func TestPositionKarmaMasterBuilderFromTheRiver(t *testing.T) {
	g := fromPosition(t, Setup{Players: 2}, `{
		"players": [
			{"fame": 0, "money": 5, "karma": 1, "boat": 7, "dice": ["blue-1", "purple-1"],
			 "province": [{"cell": "r1c2", "tile": "orange-4"}]},
			{"fame": 0, "money": 4, "karma": 1, "dice": []}
		],
		"piles": {
			"purple-snake": ["purple-1", "purple-2", "purple-3", "purple-3b", "purple-4", "purple-5"],
			"purple-cow": ["purple-6", "purple-4b", "purple-5b", "purple-7", "purple-8"],
			"purple-tiger": ["purple-12", "purple-8b", "purple-9", "purple-10", "purple-11"]
		}
	}`)
	// Paying the 1 at the harbour leaves the purple 1: the difference of 2
	// (orange 4 to purple 6) needs the flip.
	play(t, g, "harbour:1", "die:blue-1", "move:1")
	eq(t, "free room", g.top().Step, "palace-choice")
	play(t, g, "room:builder", "old:r1c2")
	if ids := optionIDs(g); !reflect.DeepEqual(ids, []string{"karma:purple-1"}) {
		t.Fatalf("options %v, want the flip", ids)
	}
	play(t, g, "karma:purple-1", "tile:purple-6", "die:purple-6")
	eq(t, "step", g.top().Step, "mb-place")
}

// "Cantera": Rajesh's example from a position: 1 money at the quarry, two
// orange dice for the orange 9, joined to a road of his province.
func TestPositionExampleRajesh(t *testing.T) {
	g := fromPosition(t, Setup{Players: 2}, `{
		"players": [
			{"fame": 0, "money": 3, "karma": 1, "dice": ["orange-4", "orange-5", "blue-3"],
			 "province": [{"cell": "r0c1", "tile": "orange-1", "rot": 1}]},
			{"fame": 0, "money": 4, "karma": 1, "dice": []}
		],
		"piles": {"orange-tiger": ["orange-9", "orange-8b", "orange-10", "orange-11", "orange-12"]}
	}`)
	play(t, g, "quarry:1", "tile:orange-9", "die:orange-4", "die:orange-5", "place:r0c0:rot1")
	eq(t, "fame for the palace", g.P[0].Fame, 2)
	eq(t, "money: 3 - 1 + tea 3", g.P[0].Money, 5)
	eq(t, "seat 2 next", g.Decision().Player, 1)
}

// "Final de partida": Rajesh's and Leila's markers have crossed in the
// last round; both are 2 fame past, and Rajesh, the first to cross, wins.
func TestPositionExampleTieBreak(t *testing.T) {
	g := fromPosition(t, Setup{Players: 2}, `{
		"start": 1, "toPlay": 1,
		"players": [
			{"fame": 30, "money": 65, "karma": 0, "dice": [], "gained": ["fame", "money"], "moneyBonus": 0, "crossed": 1},
			{"fame": 37, "money": 52, "karma": 0, "dice": [], "gained": ["fame", "money"], "moneyBonus": 55, "crossed": 2}
		]
	}`)
	eq(t, "over", g.Over, true)
	eq(t, "gap", g.FameMoneyGap(0), 2)
	eq(t, "gap", g.FameMoneyGap(1), 2)
	eq(t, "Rajesh wins", g.WinnerSeat(), 0)
}
