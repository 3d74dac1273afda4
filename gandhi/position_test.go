package gandhi

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"testing"

	"durbar/core"
)

// withFields is a small legal position with some top-level fields replaced
// (raw JSON values).
func withFields(fields map[string]string) string {
	base := map[string]string{"restraint": "3", "unity": "3", "gandhi": `"jail"`, "spaces": "{}"}
	for k, v := range fields {
		base[k] = v
	}
	var parts []string
	for k, v := range base {
		parts = append(parts, fmt.Sprintf("%q:%s", k, v))
	}
	slices.Sort(parts)
	return "{" + strings.Join(parts, ",") + "}"
}

// loadPos parses and sets up a position as `durbar new --position` does.
func loadPos(t *testing.T, js string, seed uint64) (*Game, error) {
	t.Helper()
	p, err := ParsePosition([]byte(js))
	if err != nil {
		return nil, err
	}
	return New(testData(t), Setup{Position: p}, seed)
}

func intList(from, n int) string {
	s := make([]string, n)
	for i := range s {
		s[i] = fmt.Sprint(from + i)
	}
	return "[" + strings.Join(s, ",") + "]"
}

// Every field of a position out of its domain is refused, and the message
// names the field. No hostile position panics, and each is refused with a
// message of bounded length.
func TestHostilePositionsRefused(t *testing.T) {
	manyUnknown := map[string]SpaceSetup{}
	for i := range 500 {
		manyUnknown[fmt.Sprintf("atlantis-%d", i)] = SpaceSetup{}
	}
	manySpaces, _ := json.Marshal(manyUnknown)
	protests := map[string]SpaceSetup{}
	for _, id := range []string{"delhi", "punjab", "bombay", "calcutta", "madras", "karachi", "sind", "bihar", "orissa"} {
		protests[id] = SpaceSetup{Protest: true}
	}
	nineProtests, _ := json.Marshal(protests)
	for _, c := range []struct {
		name   string
		fields map[string]string
		want   string
	}{
		// deck: the recipe of the draw deck
		{"deck larger than the cards", map[string]string{"deck": `{"piles":8,"pileSize":12}`}, "deck: 8 piles of 12 need 96 Event cards; there are 72"},
		{"no piles", map[string]string{"deck": `{"piles":0,"pileSize":12}`}, "deck: piles: 0 outside 1-72"},
		{"negative pile size", map[string]string{"deck": `{"piles":4,"pileSize":-3}`}, "deck: pileSize: -3 outside 1-72"},
		{"piles that overflow", map[string]string{"deck": `{"piles":4611686018427387904,"pileSize":4}`}, "deck: piles: 4611686018427387904 outside"},
		{"campaign pile 0", map[string]string{"deck": `{"piles":4,"pileSize":12,"campaignPiles":[0]}`}, "deck: campaignPiles: pile 0 outside 1-4"},
		{"campaign pile beyond the piles", map[string]string{"deck": `{"piles":4,"pileSize":12,"campaignPiles":[5]}`}, "deck: campaignPiles: pile 5 outside 1-4"},
		{"campaign pile twice", map[string]string{"deck": `{"piles":4,"pileSize":12,"campaignPiles":[2,2]}`}, "deck: campaignPiles: pile 2 listed twice"},
		{"more campaign cards than exist", map[string]string{"deck": `{"piles":8,"pileSize":9,"campaignPiles":[1,2,3,4,5,6,7]}`}, "deck: campaignPiles: 7 piles with a Campaign card; there are 6"},
		{"campaign in bottom negative", map[string]string{"deck": `{"piles":4,"pileSize":12,"campaignInBottom":-1}`}, "deck: campaignInBottom: -1 outside 0-12"},
		{"campaign below the pile", map[string]string{"deck": `{"piles":4,"pileSize":12,"campaignInBottom":13}`}, "deck: campaignInBottom: 13 outside 0-12"},
		// drawDeck, current, upcoming: each card once
		{"duplicate card", map[string]string{"current": "1", "drawDeck": "[12,5,12]"}, "drawDeck: card 12 appears twice"},
		{"more cards than exist", map[string]string{"current": "1", "drawDeck": intList(1, 80)}, "drawDeck: 80 cards; there are 79 cards in all"},
		{"a million cards", map[string]string{"current": "1", "drawDeck": "[" + strings.Repeat("12,", 1_000_000) + "12]"}, "drawDeck: 1000001 cards"},
		{"unknown card", map[string]string{"current": "1", "drawDeck": "[999]"}, "drawDeck: unknown card 999"},
		{"negative card", map[string]string{"current": "1", "drawDeck": "[-4]"}, "drawDeck: unknown card -4"},
		{"card 0 in the pile", map[string]string{"current": "1", "drawDeck": "[0]"}, "drawDeck: card 0"},
		{"unknown current", map[string]string{"current": "80"}, "current: unknown card 80"},
		{"campaign card current", map[string]string{"current": "73"}, "current: card 73 is a Campaign card"},
		{"unknown upcoming", map[string]string{"current": "1", "upcoming": "-1"}, "upcoming: unknown card -1"},
		{"upcoming is current", map[string]string{"current": "5", "upcoming": "5"}, "upcoming: card 5 is also the Current card"},
		{"current in the pile", map[string]string{"current": "1", "upcoming": "2", "drawDeck": "[3,1]"}, "drawDeck: card 1 is also the Current card"},
		{"upcoming in the pile", map[string]string{"current": "1", "upcoming": "2", "drawDeck": "[2]"}, "drawDeck: card 2 is also the Upcoming card"},
		{"upcoming without current", map[string]string{"upcoming": "2", "drawDeck": "[3,4]"}, "upcoming: card 2 given, but current is 0"},
		// viceroy
		{"unknown viceroy", map[string]string{"viceroy": `"nehru"`}, `viceroy: unknown viceroy "nehru"`},
		{"viceroy by card number", map[string]string{"viceroy": `"77"`}, `viceroy: unknown viceroy "77"`},
		{"viceroy's card in the pile", map[string]string{"viceroy": `"linlithgow"`, "current": "1", "drawDeck": "[2,77]"}, "drawDeck: card 77 is also the Viceroy"},
		{"viceroy's card current", map[string]string{"viceroy": `"linlithgow"`, "current": "1", "upcoming": "77"}, "upcoming: card 77 is also the Viceroy"},
		// tracks and Resources
		{"restraint 0", map[string]string{"restraint": "0"}, "restraint: 0 outside 1-5"},
		{"unity 6", map[string]string{"unity": "6"}, "unity: 6 outside 1-5"},
		{"raj resources 51", map[string]string{"resources": `{"raj":51}`}, "resources: raj 51 outside 0-50"},
		{"negative rev resources", map[string]string{"resources": `{"rev":-1}`}, "resources: rev -1 outside 0-50"},
		{"congress resources", map[string]string{"resources": `{"congress":3}`}, `resources: only raj and rev hold Resources (1.8), not "congress"`},
		// available, outOfPlay, jail
		{"unknown available piece", map[string]string{"available": `{"elephant":1}`}, `available: unknown piece "elephant"`},
		{"active guerrillas available", map[string]string{"available": `{"active-guerrilla":1}`}, `available: unknown piece "active-guerrilla"`},
		{"negative available", map[string]string{"available": `{"troop":-1}`}, "available: troop -1 is negative"},
		{"more out of play than exist", map[string]string{"outOfPlay": `{"troop":16}`}, "outOfPlay: troop 16; only 15 exist"},
		{"out of play that overflows", map[string]string{"outOfPlay": `{"sepoy":9223372036854775807}`, "available": `{"sepoy":1}`}, "outOfPlay: sepoy 9223372036854775807; only 45 exist"},
		{"negative jail", map[string]string{"jail": `{"congress":-1}`}, "jail: congress -1 is negative"},
		{"more jailed than exist", map[string]string{"jail": `{"league":17}`}, "jail: league 17; only 16 exist"},
		{"raj in jail", map[string]string{"jail": `{"raj":1}`}, `jail: holds only congress and league Activists (1.3.9), not "raj"`},
		{"a die of 7", map[string]string{"dice": `[3,7]`}, "dice: roll 2 is 7, not 1-6"},
		{"too many dice", map[string]string{"dice": intList(1, 1001)}, "dice: 1001 rolls; at most 1000"},
		{"three protest boxes", map[string]string{"protestBoxes": `[true,true,true]`}, "protestBoxes: 3 boxes; there are 8 (1.10)"},
		{"protest boxes that miss markers", map[string]string{"protestBoxes": `[true,false,false,false,false,false,false,false]`},
			"protestBoxes: 1 hold a marker and 0 Protests are on the map; the 8 markers are all in one place or the other (1.10)"},
		{"a partial available that misses pieces", map[string]string{"available": `{"troop":2}`},
			"available: troop: 0 on the map, 2 Available, 0 Out of Play, 0 in Jail make 2; there are 15 (1.4.1): place the other 13 or leave troop out of available to have it computed"},
		// spaces
		{"unknown space", map[string]string{"spaces": `{"atlantis":{}}`}, `spaces: unknown space "atlantis"`},
		{"more spaces than the map", map[string]string{"spaces": string(manySpaces)}, "spaces: 500 entries; the map has"},
		{"negative pieces", map[string]string{"spaces": `{"delhi":{"sepoy":-2}}`}, "spaces: delhi: sepoy -2 is negative"},
		{"more troops than exist", map[string]string{"spaces": `{"delhi":{"troop":16}}`}, "spaces: delhi: troop 16; only 15 exist"},
		{"guerrillas that overflow", map[string]string{"spaces": `{"punjab":{"guerrilla":9223372036854775807,"active-guerrilla":9223372036854775807}}`}, "spaces: punjab: guerrilla 9223372036854775807; only 16 exist"},
		{"unknown support", map[string]string{"spaces": `{"delhi":{"support":"fanatic"}}`}, `spaces: delhi: support: unknown level "fanatic"`},
		{"too much unrest", map[string]string{"spaces": `{"punjab":{"unrest":13}}`}, "spaces: punjab: unrest: 13 outside 0-12"},
		{"negative unrest", map[string]string{"spaces": `{"punjab":{"unrest":-1}}`}, "spaces: punjab: unrest: -1 outside 0-12"},
		{"strike off a railway", map[string]string{"spaces": `{"delhi":{"strike":true}}`}, "spaces: delhi: strike: Strike markers go only on Railways"},
		{"muslim state in a city", map[string]string{"spaces": `{"delhi":{"muslimState":true}}`}, "spaces: delhi: muslim-state: Muslim States only in Provinces"},
		{"muslim state in a city, the new name", map[string]string{"spaces": `{"delhi":{"muslim-state":true}}`}, "spaces: delhi: muslim-state: Muslim States only in Provinces"},
		{"support on a railway", map[string]string{"spaces": `{"rail-bombay-allahabad":{"support":"active-support"}}`}, "spaces: rail-bombay-allahabad: a Railway has no Support"},
		{"nine protests", map[string]string{"spaces": string(nineProtests)}, "spaces: 9 Protest markers on the map; there are 8"},
		{"troops in a state", map[string]string{"spaces": `{"hyderabad":{"troop":1}}`}, "Troops in a State"},
		// gandhi
		{"gandhi nowhere", map[string]string{"gandhi": `"atlantis"`}, `gandhi: unknown space "atlantis"`},
		{"gandhi missing", map[string]string{"gandhi": `""`}, `gandhi: unknown space ""`},
		{"gandhi unplaced", map[string]string{"gandhi": `"unplaced"`}, "gandhi: unplaced, but congressPlacesGandhi is not set"},
		{"gandhi placed twice", map[string]string{"congressPlacesGandhi": "true"}, `congressPlacesGandhi: set, but gandhi is "jail"`},
		// eligible and text
		{"unknown faction eligible", map[string]string{"eligible": `{"british":true}`}, `eligible: unknown faction "british"`},
		{"long comment", map[string]string{"comment": `"` + strings.Repeat("x", 5000) + `"`}, "comment: 5000 bytes; at most 4096"},
		{"long title", map[string]string{"title": `"` + strings.Repeat("x", 4097) + `"`}, "title: 4097 bytes; at most 4096"},
		// decoding
		{"unknown field", map[string]string{"elephants": "3"}, `unknown field "elephants"`},
		{"restraint as text", map[string]string{"restraint": `"three"`}, "position: json: cannot unmarshal"},
	} {
		t.Run(c.name, func(t *testing.T) {
			_, err := loadPos(t, withFields(c.fields), 1)
			if err == nil {
				t.Fatalf("accepted; want %q", c.want)
			}
			msg := err.Error()
			if !strings.HasPrefix(msg, "position: ") || !strings.Contains(msg, c.want) {
				t.Fatalf("got %q\nwant %q", msg, c.want)
			}
			if len(msg) > 2500 {
				t.Fatalf("a message of %d bytes", len(msg))
			}
		})
	}
}

// A position with many problems lists the first 20 and counts the rest.
func TestManyProblemsListed(t *testing.T) {
	spaces := map[string]SpaceSetup{}
	for i, sp := range testData(t).Map.Spaces {
		if i < 30 {
			spaces[sp.ID] = SpaceSetup{Troop: -1}
		}
	}
	raw, _ := json.Marshal(spaces)
	_, err := loadPos(t, withFields(map[string]string{"spaces": string(raw)}), 1)
	if err == nil {
		t.Fatal("accepted")
	}
	msg := err.Error()
	if !strings.HasPrefix(msg, "position: 30 problems:\n  spaces: ") || !strings.HasSuffix(msg, "\n  … and 10 more") || strings.Count(msg, "\n") != 21 {
		t.Fatalf("%s", msg)
	}
}

// What a position file is may be refused before it is decoded: its size,
// and anything after it.
func TestParsePositionLimits(t *testing.T) {
	for _, c := range []struct {
		name, data, want string
	}{
		{"larger than the cap", withFields(map[string]string{"comment": `"` + strings.Repeat("x", core.MaxFileBytes) + `"`}), "position: larger than 8 MiB"},
		{"two positions", withFields(nil) + withFields(nil), "position: more follows the position"},
		{"trailing garbage", withFields(nil) + "garbage", "position: more follows the position"},
		{"a list", `[]`, "position: json: cannot unmarshal array"},
		{"empty", ``, "position: EOF"},
	} {
		t.Run(c.name, func(t *testing.T) {
			_, err := ParsePosition([]byte(c.data))
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Fatalf("got %v, want %q", err, c.want)
			}
		})
	}
}

// The fields of a setup around the position are checked too.
func TestHostileSetupsRefused(t *testing.T) {
	p, err := ParsePosition([]byte(withFields(nil)))
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name  string
		setup Setup
		want  string
	}{
		{"neither", Setup{}, "setup: names neither a scenario nor a position"},
		{"both", Setup{Scenario: "short", Position: p}, `setup: names a scenario ("short") and a position`},
		{"unknown scenario", Setup{Scenario: "1066"}, `setup: scenario: unknown scenario "1066"`},
		{"long scenario name", Setup{Scenario: strings.Repeat("s", 10000)}, "setup: scenario: unknown scenario"},
		{"three seats", Setup{Scenario: "short", Seats: []int{0, 1, 2}}, "setup: seats: 3 given"},
		{"seat 4", Setup{Scenario: "short", Seats: []int{0, 1, 2, 4}}, "setup: seats: seat 4 of rev outside 0-3"},
		{"negative seat", Setup{Scenario: "short", Seats: []int{-1, 1, 2, 3}}, "setup: seats: seat -1 of raj outside 0-3"},
		{"unknown non-player", Setup{Scenario: "short", NP: []string{"sikhs"}}, `setup: np: unknown faction "sikhs"`},
		{"non-player twice", Setup{Scenario: "short", NP: []string{"rev", "raj", "rev"}}, "setup: np: rev named twice"},
		{"five non-players", Setup{Scenario: "short", NP: []string{"raj", "raj", "raj", "raj", "raj"}}, "setup: np: 5 factions named; there are 4"},
	} {
		t.Run(c.name, func(t *testing.T) {
			_, err := New(testData(t), c.setup, 1)
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Fatalf("got %v, want %q", err, c.want)
			}
			if len(err.Error()) > 300 {
				t.Fatalf("a message of %d bytes", len(err.Error()))
			}
		})
	}
}

// The limits are not too tight: every field at the edge of its domain loads.
func TestPositionsAtTheLimitsLoad(t *testing.T) {
	for _, c := range []struct {
		name   string
		fields map[string]string
		check  func(t *testing.T, g *Game)
	}{
		{"every Event card in the deck, six Campaign cards", map[string]string{"deck": `{"piles":6,"pileSize":12,"campaignPiles":[1,2,3,4,5,6],"campaignInBottom":12}`},
			func(t *testing.T, g *Game) { eq(t, "cards", len(g.Draw)+2, 78) }},
		{"one pile of one card", map[string]string{"deck": `{"piles":1,"pileSize":1}`}, nil},
		{"a whole explicit deck", map[string]string{"current": "1", "upcoming": "73", "drawDeck": intList(2, 71), "viceroy": `"wavell"`},
			func(t *testing.T, g *Game) { eq(t, "viceroy", g.deck.Cards[g.Viceroy].Viceroy.String(), "wavell") }},
		{"tracks and resources at their ends", map[string]string{"restraint": "5", "unity": "1", "resources": `{"raj":50,"rev":0}`}, nil},
		{"the whole inventory out of play", map[string]string{"outOfPlay": `{"troop":15,"sepoy":45,"congress":16,"league":16,"guerrilla":16,"league-base":5,"rev-base":5}`}, nil},
		{"twelve unrest", map[string]string{"spaces": `{"punjab":{"unrest":12}}`}, nil},
		{"gandhi unplaced", map[string]string{"gandhi": `"unplaced"`, "congressPlacesGandhi": "true"}, nil},
		{"a long comment", map[string]string{"comment": `"` + strings.Repeat("x", 4096) + `"`}, nil},
		{"protest boxes emptied from the top", map[string]string{"spaces": `{"bihar":{"protest":true}}`, "protestBoxes": `[true,true,true,true,true,true,true,false]`},
			func(t *testing.T, g *Game) {
				eq(t, "box 8", g.Protests[7], false)
				eq(t, "box 1", g.Protests[0], true)
				eq(t, "written back", fmt.Sprint(g.Position().ProtestBoxes), "[true true true true true true true false]")
			}},
		{"fixed dice: rolled first, by the game and the Non-Players alike, then the stream", map[string]string{"dice": `[6,1,4]`},
			func(t *testing.T, g *Game) {
				draws := g.draws()
				eq(t, "first roll", g.roll(), 6)
				eq(t, "a Non-Player's roll", g.npRoll(), 1)
				eq(t, "written back", fmt.Sprint(g.Position().Dice), "[4]")
				if v := g.Observation(0).(view); v.Game.dice != nil {
					t.Error("the observation shows the rolls to come")
				}
				eq(t, "third roll", g.roll(), 4)
				eq(t, "draws counted", g.draws()-draws, uint64(3))
				if d := g.roll(); d < 1 || d > 6 || g.Position().Dice != nil {
					t.Errorf("after the fixed dice: %d, %v", d, g.Position().Dice)
				}
			}},
		{"a partial available: the kinds left out are computed", map[string]string{"available": `{"troop":5}`, "outOfPlay": `{"troop":10,"sepoy":5}`},
			func(t *testing.T, g *Game) {
				eq(t, "troops available", g.Avail[Troop], 5)
				eq(t, "sepoys available", g.Avail[Sepoy], 40)
				eq(t, "congress activists available", g.Avail[CongAct]+g.Jail[0], 16)
			}},
	} {
		t.Run(c.name, func(t *testing.T) {
			g, err := loadPos(t, withFields(c.fields), 1)
			if err != nil {
				t.Fatal(err)
			}
			if c.check != nil {
				c.check(t, g)
			}
		})
	}
	for _, name := range Scenarios() {
		if _, err := New(testData(t), Setup{Scenario: name}, 1); err != nil {
			t.Errorf("scenario %s: %v", name, err)
		}
	}
}

// A Viceroy named with a deck recipe keeps his Campaign card out of the
// deck, whatever the shuffle.
func TestNamedViceroyNotShuffledIn(t *testing.T) {
	js := withFields(map[string]string{"viceroy": `"irwin"`, "deck": `{"piles":6,"pileSize":12,"campaignPiles":[1,2,3,4,5,6]}`})
	for seed := uint64(1); seed <= 30; seed++ {
		g, err := loadPos(t, js, seed)
		if err != nil {
			t.Fatal(err)
		}
		in := append([]int{g.Current, g.Upcoming}, g.Draw...)
		if slices.Contains(in, g.Viceroy) || g.deck.Cards[g.Viceroy].Viceroy.String() != "irwin" {
			t.Fatalf("seed %d: Viceroy card %d, deck %v", seed, g.Viceroy, in)
		}
		eq(t, "cards", len(in), 78)
	}
}

// A snapshot of any game loads back: the checks refuse nothing the game
// itself can reach.
func TestSnapshotsPassTheChecks(t *testing.T) {
	d := testData(t)
	loaded := 0
	for seed := uint64(1); seed <= 6; seed++ {
		g, _ := New(d, Setup{Scenario: []string{"main", "short", "quick"}[seed%3]}, seed)
		pick := core.NewRNG(seed)
		for k := 0; !g.Over; k++ {
			dec := g.Decision()
			play(t, g, dec.Options[pick.IntN(len(dec.Options))].ID)
			if g.Decision().Rule != "2.3" || g.Over {
				continue // a snapshot resumes only at the start of a card
			}
			raw, _ := json.Marshal(g.Position())
			if _, err := loadPos(t, string(raw), seed); err != nil {
				t.Fatalf("seed %d step %d: %v", seed, k, err)
			}
			loaded++
		}
	}
	if loaded < 100 {
		t.Fatalf("only %d snapshots loaded", loaded)
	}
	t.Logf("%d snapshots loaded", loaded)
}

// arjunaDeck stacks the Non-Players' deck: the cards named on top, in their
// order, the others shuffled below; cards of a faction that is not a
// Non-Player, unknown letters and repeats are refused.
func TestPositionArjunaDeck(t *testing.T) {
	load := func(deck string, np ...string) (*Game, error) {
		p, err := ParsePosition([]byte(withFields(map[string]string{"arjunaDeck": deck})))
		if err != nil {
			t.Fatal(err)
		}
		return New(testData(t), Setup{Position: p, NP: np}, 5)
	}
	g, err := load(`["H","B","A"]`, "raj", "congress")
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, c := range g.np.Deck[:g.np.NDeck] {
		got = append(got, g.arjuna.Cards[c].Front.Letter)
	}
	eq(t, "top", strings.Join(got[:3], ""), "HBA")
	eq(t, "cards", len(got), 12)
	for _, c := range []struct{ deck, want string }{
		{`["M"]`, "arjunaDeck: card M belongs to a faction that is not a Non-Player"},
		{`["Z"]`, `arjunaDeck: no Arjuna card "Z"`},
		{`["B","B"]`, "arjunaDeck: card B named twice"},
	} {
		if _, err := load(c.deck, "raj", "congress"); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v, want %q", c.deck, err, c.want)
		}
	}
	if _, err := load(`["A"]`); err == nil || !strings.Contains(err.Error(), "no faction is a Non-Player") {
		t.Errorf("without Non-Players: %v", err)
	}
}

// acting makes a faction the first to decide on the Current card, those
// before it in the card's order having passed.
func TestPositionActing(t *testing.T) {
	for _, f := range []Faction{Raj, Congress, League, Rev} {
		g, err := loadPos(t, withFields(map[string]string{"current": "5", "upcoming": "6", "acting": `"` + f.ID() + `"`}), 1)
		if err != nil {
			t.Fatal(err)
		}
		d := g.Decision()
		if d.Role != f.ID() || !strings.Contains(d.Prompt, "(1st Eligible)") {
			t.Fatalf("acting %s: %s decides: %s", f.ID(), d.Role, d.Prompt)
		}
	}
	for _, c := range []struct {
		fields map[string]string
		want   string
	}{
		{map[string]string{"current": "5", "acting": `"nehru"`}, `acting: unknown faction "nehru"`},
		{map[string]string{"acting": `"raj"`}, "acting: needs a Current card"},
		{map[string]string{"current": "5", "acting": `"raj"`, "eligible": `{"raj":false}`}, "acting: raj is not Eligible"},
	} {
		if _, err := loadPos(t, withFields(c.fields), 1); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%v: %v, want %q", c.fields, err, c.want)
		}
	}
}
