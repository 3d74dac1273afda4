package gandhi

import (
	"encoding/json"
	"strings"
	"testing"
)

func TestMapHonoursTheRules(t *testing.T) {
	m := testData(t).Map
	sp := func(id string) *Space {
		i, ok := m.ID(id)
		if !ok {
			t.Fatalf("missing space %s", id)
		}
		return &m.Spaces[i]
	}
	var muslim []string
	for _, s := range m.Spaces {
		if s.Muslim {
			muslim = append(muslim, s.ID)
		}
	}
	eq(t, "Muslim spaces", strings.Join(muslim, ","), "karachi,calcutta,northwest-frontier,baluchistan,sind,punjab,west-bengal,east-bengal,assam,jammu-kashmir")
	for _, c := range []string{"delhi", "bombay", "madras", "karachi", "calcutta"} {
		eq(t, c+" city", sp(c).Type, City)
		eq(t, c+" pop", sp(c).Pop, 1)
	}
	for _, s := range []string{"hyderabad", "mysore", "rajputana", "orissa", "central-india-agency", "jammu-kashmir"} {
		eq(t, s+" state", sp(s).Type, PrincelyState)
	}
	for id, pop := range map[string]int{"sind": 1, "bihar": 2, "west-bengal": 2, "united-provinces": 2, "central-india-agency": 1} {
		eq(t, id+" pop", sp(id).Pop, pop)
	}
	adj := func(a, b string) {
		if !m.Adjacent(sp(a).Index, sp(b).Index) {
			t.Errorf("%s and %s should be adjacent", a, b)
		}
	}
	adj("bombay-presidency", "coastal-andhra") // Town link (1.3.8)
	adj("hyderabad", "mysore")
	adj("orissa", "central-provinces")
	adj("orissa", "bihar")
	adj("rail-bombay-allahabad", "central-india-agency")
	adj("rail-bombay-allahabad", "central-provinces")
	adj("rail-bombay-raichur", "bombay-presidency")
	adj("rail-bombay-raichur", "hyderabad")
	adj("rail-bombay-allahabad", "bombay")
	eq(t, "4-Econ railway", sp("rail-bombay-raichur").Econ, 4)
}

// The victory-marker totals printed with each scenario set-up (1.9) must be
// reproduced by this map and the set-up files.
func TestScenarioTotals(t *testing.T) {
	for _, c := range []struct {
		name string
		vp   [NumFactions]int
	}{{"main", [NumFactions]int{24, 4, 2, 3}}, {"short", [NumFactions]int{28, 9, 3, 6}}} {
		pos, err := ScenarioPosition(c.name)
		if err != nil {
			t.Fatal(err)
		}
		g := &Game{m: testData(t).Map, deck: testData(t).Deck}
		if err := g.loadPosition(pos); err != nil {
			t.Fatal(err)
		}
		eq(t, c.name+" totals", g.VP, c.vp)
	}
}

func TestScenarioSetUps(t *testing.T) {
	d := testData(t)
	g, err := New(d, Setup{Scenario: "main"}, 3)
	if err != nil {
		t.Fatal(err)
	}
	// Main: 4 piles of 12, a Campaign card in the bottom six of each. Cards
	// are revealed once Congress has placed Gandhi.
	eq(t, "deck size", len(g.Draw), 52)
	all := append([]int(nil), g.Draw...)
	for p := 0; p < 4; p++ {
		n := 0
		for k, c := range all[p*13 : p*13+13] {
			if g.isCampaign(c) {
				n++
				if k < 6 { // shuffled with the bottom six: positions 6-12 of 13
					t.Errorf("pile %d: Campaign card at %d, not in the bottom six", p+1, k)
				}
			}
		}
		eq(t, "campaigns in pile", n, 1)
	}
	eq(t, "Congress places Gandhi first", g.Decision().Role, "congress")
	play(t, g, "space:bihar")
	eq(t, "Gandhi", g.Gandhi, g.idx("bihar"))
	eq(t, "Activist active with Protest", g.sp("bihar").Protest && int(g.sp("bihar").P[CongAct]) == 1, true)
	eq(t, "Congress Available", g.Avail[CongAct], 5)
	if in := map[int]bool{}; true {
		for _, c := range all {
			in[c] = true
		}
		if in[g.Viceroy] || !g.isCampaign(g.Viceroy) {
			t.Error("the starting Viceroy is a Campaign card not in the deck")
		}
	}

	g, _ = New(d, Setup{Scenario: "short"}, 3)
	eq(t, "short deck", len(g.Draw)+2, 39)
	if g.isCampaign(g.Current) || g.isCampaign(g.Upcoming) {
		t.Skip("seed put a Campaign card on top")
	}
	eq(t, "short Strike", g.sp("rail-bombay-allahabad").Strike, true)
	g, _ = New(d, Setup{Scenario: "quick"}, 3)
	eq(t, "quick deck", len(g.Draw), 52)
}

func TestCorruptDataRejected(t *testing.T) {
	good := defaultMapJSON
	cases := map[string]string{
		"not json":      `{`,
		"unknown field": `{"spaces":[], "bogus": 1}`,
		"bad pop":       strings.Replace(string(good), `"id": "sind", "name": "Sind", "type": "province", "pop": 1`, `"id": "sind", "name": "Sind", "type": "province", "pop": 7`, 1),
		"bad econ":      strings.Replace(string(good), `"econ": 3`, `"econ": 9`, 1),
		"unknown adj":   strings.Replace(string(good), `"adj": ["punjab", "united-provinces"]`, `"adj": ["atlantis"]`, 1),
	}
	for name, data := range cases {
		if _, err := LoadMap([]byte(data)); err == nil {
			t.Errorf("%s: accepted", name)
		}
	}
	for name, data := range map[string]string{
		"not json":  `[`,
		"bad order": `{"events":[{"number":1,"title":"x","order":["raj","raj","league","rev"]}],"campaigns":[]}`,
	} {
		if _, err := LoadDeck([]byte(data)); err == nil {
			t.Errorf("deck %s: accepted", name)
		}
	}
	for name, js := range map[string]string{
		"troops in a state": `{"restraint":3,"unity":3,"gandhi":"jail","spaces":{"hyderabad":{"troop":1}}}`,
		"too many bases":    `{"restraint":3,"unity":3,"gandhi":"jail","spaces":{"sind":{"league-base":1,"rev-base":1}}}`,
		"restraint 9":       `{"restraint":9,"unity":3,"gandhi":"jail","spaces":{}}`,
		"unknown space":     `{"restraint":3,"unity":3,"gandhi":"jail","spaces":{"atlantis":{}}}`,
		"too many troops":   `{"restraint":3,"unity":3,"gandhi":"jail","spaces":{"delhi":{"troop":16}}}`,
		"strike off rail":   `{"restraint":3,"unity":3,"gandhi":"jail","spaces":{"delhi":{"strike":true}}}`,
	} {
		p, err := ParsePosition([]byte(js))
		if err == nil {
			_, err = New(testData(t), Setup{Position: p}, 1)
		}
		if err == nil {
			t.Errorf("position %s: accepted", name)
		}
	}
}

func TestIllegalActionLeavesStateUnchanged(t *testing.T) {
	g, _ := New(testData(t), Setup{Scenario: "short"}, 5)
	before, _ := json.Marshal(g.Position())
	for _, id := range []string{"", "op:nonsense", "space:delhi", "event:sideways", "pass;drop table"} {
		err := g.Apply(id)
		if err == nil {
			t.Fatalf("%q accepted", id)
		}
		if !strings.Contains(err.Error(), "rule ") {
			t.Errorf("error does not name a rule: %v", err)
		}
	}
	after, _ := json.Marshal(g.Position())
	eq(t, "unchanged", string(after), string(before))
}
