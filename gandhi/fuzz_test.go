package gandhi

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"durbar/core/gametest"
)

// FuzzActions drives a game with option choices taken from the fuzzer's
// bytes, mixed with malformed ids, and checks that legal play never breaks an
// invariant and that illegal input never changes the state.
func FuzzActions(f *testing.F) {
	f.Add([]byte{0, 1, 2, 3, 4, 5, 6, 7}, uint64(1))
	f.Add([]byte("\xff\x10\x20garbage"), uint64(7))
	d := testData(f)
	f.Fuzz(func(t *testing.T, choices []byte, seed uint64) {
		g, err := New(d, Setup{Scenario: "short"}, seed)
		if err != nil {
			t.Fatal(err)
		}
		for k, c := range choices {
			if g.Over {
				return
			}
			err := gametest.FuzzAction(g, c, k, "space:nowhere"+string(choices[k:]), func() func() bool {
				before, _ := json.Marshal(g.Position())
				return func() bool {
					after, _ := json.Marshal(g.Position())
					return bytes.Equal(before, after)
				}
			})
			if err != nil {
				t.Fatal(err)
			}
		}
	})
}

// FuzzPosition feeds position files to ParsePosition and New: no input
// panics; an accepted position is a legal board (its invariants hold) on
// which play goes on; a refused one is refused with a short message; and
// the memory taken, a measure of the work that no machine's load changes,
// stays within a small multiple of the input plus a game's own.
func FuzzPosition(f *testing.F) {
	for _, name := range Scenarios() {
		data, err := scenarioFS.ReadFile("data/scenarios/" + name + ".json")
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data, uint64(1))
	}
	for _, fields := range []map[string]string{
		nil,
		{"current": "1", "upcoming": "2", "drawDeck": "[3,4,5,73,6]", "viceroy": `"irwin"`},
		{"current": "1", "drawDeck": "[12,12]"},
		{"deck": `{"piles":8,"pileSize":12,"campaignPiles":[1,9],"campaignInBottom":13}`},
		{"deck": `{"piles":4611686018427387904,"pileSize":4}`},
		{"outOfPlay": `{"sepoy":9223372036854775807}`, "available": `{"sepoy":1}`},
		{"spaces": `{"punjab":{"guerrilla":3,"active-guerrilla":2,"unrest":12,"protest":true}}`, "eligible": `{"rev":false}`},
		{"gandhi": `"unplaced"`, "congressPlacesGandhi": "true", "viceroy": `"nehru"`},
	} {
		f.Add([]byte(withFields(fields)), uint64(2))
	}
	d := testData(f)
	f.Fuzz(func(t *testing.T, data []byte, seed uint64) {
		var g *Game
		var err error
		n := gametest.Allocated(func() {
			var p *Position
			if p, err = ParsePosition(data); err == nil {
				g, err = New(d, Setup{Position: p}, seed)
			}
		})
		if limit := 64*uint64(len(data)) + 8<<20; n > limit {
			t.Fatalf("%d bytes allocated for %d bytes of input (limit %d)", n, len(data), limit)
		}
		if err != nil {
			if len(err.Error()) > 4000 {
				t.Fatalf("a %d-byte error", len(err.Error()))
			}
			return
		}
		if err := g.CheckInvariants(); err != nil {
			t.Fatalf("accepted a position that breaks an invariant: %v", err)
		}
		for k := 0; k < 20 && !g.Over; k++ {
			dec := g.Decision()
			if len(dec.Options) == 0 {
				t.Fatalf("no options at %q", dec.Prompt)
			}
			o := dec.Options[(seed>>k)%uint64(len(dec.Options))]
			if err := g.Apply(o.ID); err != nil {
				t.Fatalf("legal option %q refused: %v", o.ID, err)
			}
			if err := g.CheckInvariants(); err != nil {
				t.Fatalf("after %q: %v", o.ID, err)
			}
		}
	})
}

// FuzzPositionFields builds positions field by field from the fuzzer's
// numbers, which reaches the checks of each field more often than bytes of
// JSON do, and holds them to what FuzzPosition asks.
func FuzzPositionFields(f *testing.F) {
	f.Add(int64(4), int64(12), int64(6), []byte{1, 2, 3, 4}, int64(0), int64(0), uint8(0), []byte{3, 3, 1, 0, 5})
	f.Add(int64(0), int64(-1), int64(99), []byte{12, 12, 0, 200}, int64(1), int64(1), uint8(9), []byte{255, 0, 7})
	f.Add(int64(1)<<40, int64(1)<<40, int64(-5), []byte{}, int64(73), int64(5), uint8(3), []byte{1, 1, 1, 1, 1, 1, 1, 1, 1, 1})
	d := testData(f)
	spaces := d.Map.Spaces
	f.Fuzz(func(t *testing.T, piles, pileSize, inBottom int64, cards []byte, current, upcoming int64, viceroy uint8, counts []byte) {
		p := Position{Restraint: 3, Unity: 3, Gandhi: "jail", Spaces: map[string]SpaceSetup{}}
		if len(cards)%2 == 0 {
			p.Deck = &DeckSpec{Piles: int(piles), PileSize: int(pileSize), CampaignInBottom: int(inBottom)}
			for _, c := range cards {
				p.Deck.CampaignPiles = append(p.Deck.CampaignPiles, int(c)%10)
			}
		} else {
			p.Current, p.Upcoming = int(current), int(upcoming)
			for _, c := range cards {
				p.DrawDeck = append(p.DrawDeck, int(c)%82-1)
			}
		}
		if ids := append([]string{""}, viceroyIDs...); int(viceroy) < len(ids) {
			p.Viceroy = ids[viceroy]
		} else {
			p.Viceroy = "nobody"
		}
		// counts: a value for a field, chosen by the byte before it.
		for i := 0; i+1 < len(counts); i += 2 {
			v := int(int8(counts[i+1]))
			sp := spaces[int(counts[i])%len(spaces)]
			s := p.Spaces[sp.ID]
			switch counts[i] % 11 {
			case 0:
				s.Troop = v
			case 1:
				s.Sepoy = v
			case 2:
				s.Congress = v
			case 3:
				s.Guerrilla, s.ActiveGuer = v, v/2
			case 4:
				s.LeagueBase, s.RevBase = v, v
			case 5:
				s.Unrest, s.Protest, s.Strike, s.MuslimState = v, v&1 == 1, v&2 == 2, v&4 == 4
			case 6:
				s.Support = SupportName(v % 3)
			case 7:
				p.Restraint, p.Unity = v, v/2
			case 8:
				p.Resources = map[string]int{"raj": v, "rev": -v}
			case 9:
				p.OutOfPlay = map[string]int{pieceIDs[v&7]: v}
			case 10:
				p.Jail = map[string]int{"congress": v, "league": v / 3}
			}
			p.Spaces[sp.ID] = s
		}
		raw, err := json.Marshal(p)
		if err != nil {
			t.Fatal(err)
		}
		var g *Game
		n := gametest.Allocated(func() {
			var q *Position
			if q, err = ParsePosition(raw); err == nil {
				g, err = New(d, Setup{Position: q}, 1)
			}
		})
		if limit := 64*uint64(len(raw)) + 8<<20; n > limit {
			t.Fatalf("%d bytes allocated for %d bytes of input (limit %d)", n, len(raw), limit)
		}
		if err != nil {
			if len(err.Error()) > 4000 || !strings.HasPrefix(err.Error(), "position: ") {
				t.Fatalf("error %q", err)
			}
			return
		}
		if err := g.CheckInvariants(); err != nil {
			t.Fatalf("accepted a position that breaks an invariant: %v", err)
		}
		seen := map[int]bool{}
		for _, c := range append([]int{g.Current, g.Upcoming, g.Viceroy}, g.Draw...) {
			if c != 0 && seen[c] {
				t.Fatalf("card %d twice in an accepted position: %s", c, raw)
			}
			seen[c] = true
		}
		for k := 0; k < 10 && !g.Over; k++ {
			dec := g.Decision()
			if err := g.Apply(dec.Options[0].ID); err != nil {
				t.Fatalf("legal option %q refused: %v", dec.Options[0].ID, err)
			}
		}
	})
}
