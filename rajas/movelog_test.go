package rajas

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"durbar/bots"
	"durbar/core"
)

// The log a player reads: every decision of every seat leaves a line of
// its own (naming the seat), which says what it cost and what it gave.

// decisionLogged applies id for the pending decision and fails unless it
// added a line that begins with the deciding seat's name.
func decisionLogged(t *testing.T, g *Game, id, what string) {
	t.Helper()
	dec := g.Decision()
	before := len(g.Log)
	if err := g.Apply(id); err != nil {
		t.Fatalf("%s: %q: %v", what, id, err)
	}
	seat := SeatName(dec.Player)
	for _, l := range g.Log[before:] {
		if strings.HasPrefix(l, seat+" ") || strings.HasPrefix(l, seat+"'s ") {
			return
		}
	}
	t.Fatalf("%s: %s chose %q at %q and the log says %q", what, seat, id, dec.Prompt, g.Log[before:])
}

func TestEveryDecisionLogged(t *testing.T) {
	d := testData(t)
	seeds := 3
	if testing.Short() {
		seeds = 1
	}
	// Random play, every variant.
	for _, v := range variants {
		for n := 2; n <= 4; n++ {
			for s := 1; s <= seeds; s++ {
				what := fmt.Sprintf("%s/%dp/%d", v.name, n, s)
				g, err := New(d, v.setup(n), uint64(s*10+n))
				if err != nil {
					t.Fatal(err)
				}
				pick := core.NewRNG(uint64(s))
				for !g.Over {
					o := g.Decision().Options
					decisionLogged(t, g, o[pick.IntN(len(o))].ID, what)
				}
			}
		}
	}
	// The heuristic bot's games.
	for s := 1; s <= seeds+1; s++ {
		setup := Setup{Players: 2 + s%3, Navaratnas: s%2 == 0, Ganga: s > 1}
		what := fmt.Sprintf("bots/%d", s)
		g, err := New(d, setup, uint64(s))
		if err != nil {
			t.Fatal(err)
		}
		players := make([]bots.Player, setup.Players)
		for p := range players {
			players[p] = NewHeuristicBot(uint64(s*10 + p))
		}
		for !g.Over {
			dec := g.Decision()
			decisionLogged(t, g, players[dec.Player].Choose(g, dec), what)
		}
	}
}

// A quiet game writes no line at all.
func TestQuietWritesNoLog(t *testing.T) {
	g, err := New(testData(t), Setup{Players: 3, Navaratnas: true, Ganga: true}, 5)
	if err != nil {
		t.Fatal(err)
	}
	g.SetQuiet(true)
	n := len(g.Log)
	pick := core.NewRNG(5)
	for !g.Over {
		o := g.Decision().Options
		if err := g.Apply(o[pick.IntN(len(o))].ID); err != nil {
			t.Fatal(err)
		}
	}
	eq(t, "lines written when quiet", len(g.Log), n)
}

// What a move cost and gave, move by move.
func TestMoveLogCostsAndGains(t *testing.T) {
	for _, tc := range []struct {
		name  string
		setup func(t *testing.T, g *Game)
		ids   []string
		want  []string // lines, in order, among the lines the moves wrote
	}{
		{
			name: "quarry: money for the space, dice by colour and value for the tile, what it scores",
			setup: func(t *testing.T, g *Game) {
				putTile(t, g, 0, "orange-1", "r0c1", 1)
				toTop(t, g, "orange-9")
				setDice(t, g, 0, "orange-4", "orange-5", "blue-3")
			},
			ids: []string{"quarry:1", "tile:orange-9", "die:orange-4", "die:orange-5", "place:r0c0:rot1"},
			want: []string{
				"player 1 places a worker on the quarry, paying 1 money.",
				"player 1 buys orange 9 (palace, tea 3) for 9 in orange dice.",
				"player 1 pays orange 4; 5 still to pay.",
				"player 1 pays orange 5; paid 9 in all.",
				"player 1 places orange 9 (palace, tea 3) on row 1, column 1.",
				"player 1 scores orange 9 (palace, tea 3): 2 fame, 3 money.",
			},
		},
		{
			name:  "harbour: money and a die, then the boat",
			setup: func(t *testing.T, g *Game) { setDice(t, g, 0, "blue-1") },
			ids:   []string{"harbour:1", "die:blue-1", "move:1"},
			want: []string{
				"player 1 places a worker on the harbour.",
				"player 1 pays blue 1 for the harbour.",
				"player 1's boat advances 1 unoccupied space, from 0 to 1.",
			},
		},
		{
			name:  "Great Mogul: fame and the elephant",
			setup: func(t *testing.T, g *Game) { setDice(t, g, 0, "green-1") },
			ids:   []string{"palace:mogul", "die:green-1"},
			want: []string{
				"player 1 places a worker on the Great Mogul.",
				"player 1 pays green 1 for the Great Mogul.",
				"player 1 gains 2 fame and will take the elephant at the end of the round.",
			},
		},
		{
			name:  "Yogi: Karma and a die of one's choice",
			setup: func(t *testing.T, g *Game) { setDice(t, g, 0, "purple-3") },
			ids:   []string{"palace:yogi", "die:purple-3", "color:orange"},
			want: []string{
				"player 1 pays purple 3 for the Yogi.",
				"player 1 gains 2 Karma (now 3).",
				"player 1 takes an orange die from the supply.",
				"player 1 rolls orange ",
			},
		},
		{
			name:  "Raja Man Singh: an upgrade and money",
			setup: func(t *testing.T, g *Game) { setDice(t, g, 0, "blue-4") },
			ids:   []string{"palace:raja", "die:blue-4", "upgrade:temple"},
			want: []string{
				"player 1 pays blue 4 for the Raja Man Singh.",
				"player 1 upgrades temple to 3.",
				"player 1 gains 3 money.",
			},
		},
		{
			name:  "outer terrace: money, then the dice picked",
			setup: func(t *testing.T, g *Game) { setDice(t, g, 0, "blue-2", "green-5") },
			ids:   []string{"palace:outer", "reroll:blue-2", "done"},
			want: []string{
				"player 1 places a worker on the outer terrace.",
				"player 1 gains 2 money.",
				"player 1 picks blue 2 to reroll.",
				"player 1 rolls blue ",
			},
		},
		{
			name:  "outer terrace, no die rerolled",
			setup: func(t *testing.T, g *Game) { setDice(t, g, 0, "blue-2") },
			ids:   []string{"palace:outer", "done"},
			want:  []string{"player 1 gains 2 money.", "player 1 keeps the dice as they are."},
		},
		{
			name: "a full statue: a die returned to make room",
			setup: func(t *testing.T, g *Game) {
				setDice(t, g, 0, "blue-1", "blue-2", "blue-3", "blue-4", "blue-5", "green-1", "green-2", "green-3", "green-4", "green-5")
			},
			ids:  []string{"palace:terrace-orange", "return:blue-1"},
			want: []string{"player 1 places a worker on the orange terrace.", "player 1 returns blue 1 to the supply to make room.", "player 1 rolls orange "},
		},
		{
			name:  "a market: the die's value counts the markets",
			setup: func(t *testing.T, g *Game) { setDice(t, g, 0, "green-2") },
			ids:   []string{"market:tea", "die:green-2"},
			want:  []string{"player 1 pays green 2 for the tea market.", "player 1 scores up to 2 tea markets: 5 money."},
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var g *Game
			if strings.HasPrefix(tc.name, "a market") {
				g = rajeshMarkets(t)
			} else {
				g = newGame(t, Setup{Players: 2})
			}
			tc.setup(t, g)
			before := len(g.Log)
			play(t, g, tc.ids...)
			got := g.Log[before:]
			i := 0
			for _, l := range got {
				if i < len(tc.want) && strings.HasPrefix(l, tc.want[i]) {
					i++
				}
			}
			if i < len(tc.want) {
				t.Fatalf("missing %q in\n%s", tc.want[i], strings.Join(got, "\n"))
			}
		})
	}
}

// The Master Builder: the tile chosen to cover, the new one and what the
// difference cost.
func TestMoveLogMasterBuilder(t *testing.T) {
	g := newGame(t, Setup{Players: 2})
	putTile(t, g, 0, "orange-1", "r1c2", 0)
	toTop(t, g, "orange-4")
	setDice(t, g, 0, "blue-5", "orange-3")
	before := len(g.Log)
	play(t, g, "palace:builder", "die:blue-5", "old:r1c2", "tile:orange-4", "die:orange-3")
	opts := optionIDs(g)
	play(t, g, opts[0])
	got := g.Log[before:]
	for _, want := range []string{
		"player 1 pays blue 5 for the Master Builder.",
		"player 1 chooses to cover orange 1 (silk 1) on row 2, column 3.",
		"player 1 will cover orange 1 (silk 1) with orange 4 (spice 2), paying 3 in orange dice.",
		"player 1 pays orange 3; paid 3 in all.",
		"player 1 covers orange 1 (silk 1) with orange 4 (spice 2) on row 2, column 3.",
	} {
		if !slices.Contains(got, want) {
			t.Fatalf("missing %q in\n%s", want, strings.Join(got, "\n"))
		}
	}
}
