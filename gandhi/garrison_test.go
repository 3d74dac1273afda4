package gandhi

import (
	"slices"
	"testing"

	"durbar/core"
)

// garrisonDests searches the railway network with bit sets; it gives the
// destinations of the plain search it replaced (garrisonDestsRef, kept
// here) from every space, for both kinds of cube, over random play.
func TestGarrisonDestsBits(t *testing.T) {
	d := testData(t)
	checked := 0
	for seed := uint64(1); seed <= 6; seed++ {
		g, err := New(d, Setup{Scenario: "main"}, seed)
		if err != nil {
			t.Fatal(err)
		}
		pick := core.NewRNG(seed)
		for n := 0; !g.Over && n < 3000; n++ {
			if n%5 == 0 {
				for i := range g.Sp {
					for _, pc := range []Piece{Troop, Sepoy} {
						got, want := g.garrisonDests(i, pc), g.garrisonDestsRef(i, pc)
						if !slices.Equal(got, want) {
							t.Fatalf("seed %d step %d: from %s (%s): %v, want %v", seed, n, g.space(i).ID, pc, got, want)
						}
						checked++
					}
				}
			}
			buf := g.Legal(nil)
			if err := g.Play(buf[pick.IntN(len(buf))]); err != nil {
				t.Fatal(err)
			}
		}
	}
	t.Logf("%d searches compared", checked)
}

func (g *Game) garrisonDestsRef(from int, pc Piece) []int {
	n := len(g.Sp)
	var reachBuf, canLeaveBuf, finalBuf [maxSpaces]bool // on the stack
	var queueBuf [maxSpaces + 1]int
	reach, canLeave, queue := reachBuf[:n], canLeaveBuf[:n], queueBuf[:0]
	if g.isRailway(from) || g.isCity(from) {
		canLeave[from] = true
		queue = append(queue, from)
	} else {
		for _, a := range g.space(from).Adj {
			if (g.isRailway(a) || g.isCity(a)) && !reach[a] {
				reach[a] = true
				canLeave[a] = !g.Sp[a].Protest && g.activeNonRaj(a) == 0
				if canLeave[a] {
					queue = append(queue, a)
				}
			}
		}
	}
	for len(queue) > 0 {
		x := queue[0]
		queue = queue[1:]
		for _, a := range g.space(x).Adj {
			if (g.isRailway(a) || g.isCity(a)) && !reach[a] && a != from {
				reach[a] = true
				canLeave[a] = !g.Sp[a].Protest && g.activeNonRaj(a) == 0
				if canLeave[a] {
					queue = append(queue, a)
				}
			}
		}
	}
	final := append(finalBuf[:0], reach...)
	for x := range reach {
		if (reach[x] || x == from && canLeave[from]) && canLeave[x] {
			for _, a := range g.space(x).Adj {
				if g.Sp[a].Control && a != from {
					final[a] = true
				}
			}
		}
	}
	var outBuf [maxSpaces]int
	out := outBuf[:0]
	for x, ok := range final {
		if !ok || x == from || (pc == Troop && g.isState(x)) {
			continue
		}
		if g.turn.Limited && g.turn.Dest >= 0 && x != g.turn.Dest {
			continue
		}
		out = append(out, x)
	}
	return append([]int(nil), out...)
}
