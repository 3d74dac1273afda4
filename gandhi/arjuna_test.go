package gandhi

import (
	"encoding/json"
	"os"
	"reflect"
	"strings"
	"testing"
)

func arjunaDefault(t *testing.T) *Arjuna {
	t.Helper()
	a, err := DefaultArjuna()
	if err != nil {
		t.Fatal(err)
	}
	return a
}

func TestArjunaEmbeddedLoads(t *testing.T) {
	a := arjunaDefault(t)
	if len(a.Cards) != 24 {
		t.Errorf("Arjuna deck: %d cards, want 24 (8.3)", len(a.Cards))
	}
	letters := map[Faction]string{Raj: "ABCDEF", Congress: "GHIJKL", League: "MNOPQR", Rev: "STUVWX"}
	for f := Faction(0); f < NumFactions; f++ {
		cs := a.CardsFor(f)
		if len(cs) != 6 {
			t.Errorf("%s: %d Arjuna cards, want 6 (8.3)", f, len(cs))
		}
		got := ""
		for _, c := range cs {
			got += c.Front.Letter
			if c.Back.Letter != c.Front.Letter+c.Front.Letter {
				t.Errorf("card %s: back letter %s", c.Front.Letter, c.Back.Letter)
			}
			for _, s := range []*ArjunaSide{c.Front, c.Back} {
				if s2, ok := a.Side(s.Letter); !ok || s2 != s || s.Card() != c {
					t.Errorf("side %s not indexed", s.Letter)
				}
			}
			if c.Front.Other() != c.Back || c.Back.Other() != c.Front {
				t.Errorf("card %s: Other() broken", c.Front.Letter)
			}
		}
		if got != letters[f] {
			t.Errorf("%s letters %q, want %q", f, got, letters[f])
		}
	}
}

// arjunaBoxes lists every box of both sides of faction f's cards.
func arjunaBoxes(a *Arjuna, f Faction) []*ArjunaBox {
	var out []*ArjunaBox
	for _, c := range a.CardsFor(f) {
		out = append(out, c.Front.Boxes...)
		out = append(out, c.Back.Boxes...)
	}
	return out
}

func arjunaActions(at ArjunaAttempt) []string {
	var out []string
	for _, s := range at.Steps {
		out = append(out, s.Action)
	}
	return out
}

func TestArjunaCardsFromTheRules(t *testing.T) {
	a := arjunaDefault(t)

	// 8.7.1 example: card BB has NP Raj Govern first: remove Protests, then
	// Imperialism, then remove an adversary.
	bb, ok := a.Side("BB")
	if !ok || bb.Card().Faction != Raj {
		t.Fatal("BB must be a Raj card")
	}
	if b := bb.Start(); b.Kind != ArjunaSpecial || b.Attempts[0].SA != "govern" {
		t.Errorf("BB must open with Govern, got %+v", b)
	} else {
		arjunaEq(t, "BB Govern actions", arjunaActions(b.Attempts[0]), []string{"remove-protests", "imperialism", "remove-adversary"})
		arjunaEq(t, "BB Imperialism column", b.Attempts[0].Steps[1].Column, "shift-to-support")
		arjunaEq(t, "BB Govern then an Operation", bb.Box(b.Next).Kind != ArjunaStop, true)
	}

	// 8.1.5 example: card AA Deploys, 3 Troops then Sepoys up to 6 cubes.
	aa, _ := a.Side("AA")
	if b := aa.Start(); b.Op != "deploy" || b.Column != "place-cubes" ||
		!strings.Contains(b.Steps[0], "3 Troops") || !strings.Contains(b.Steps[1], "6 cubes") {
		t.Errorf("AA must Deploy with 3 Troops then Sepoys up to 6 cubes: %+v", b)
	}

	// 8.7 examples: H Negotiates to release Gandhi, then Satyagraha moves him.
	h, _ := a.Side("H")
	foundH := false
	for _, b := range h.Boxes {
		if b.Kind != ArjunaSpecial {
			continue
		}
		foundH = true
		arjunaEq(t, "H first Special Activity", b.Attempts[0].SA, "negotiate")
		st := b.Attempts[0].Steps[0]
		arjunaEq(t, "H Negotiate action", st.Action, "release-gandhi")
		arjunaEq(t, "H Negotiate only with Gandhi in Jail", st.If != nil && st.If.Cond == "gandhi-in-jail", true)
		arjunaEq(t, "H second Special Activity", b.Attempts[1].SA, "satyagraha")
		arjunaEq(t, "H Satyagraha moves Gandhi", b.Attempts[1].Steps[0].Action, "move-gandhi")
	}
	arjunaEq(t, "H has a Special Activity box", foundH, true)
	arjunaEq(t, "H is Congress", h.Card().Faction, Congress)

	// N: in Crisis, Infiltrate to place a Muslim State.
	n, _ := a.Side("N")
	arjunaEq(t, "N is Muslim League", n.Card().Faction, League)
	foundN := false
	for _, b := range n.Boxes {
		if b.Kind == ArjunaSpecial {
			at := b.Attempts[0]
			st := at.Steps[0]
			foundN = at.SA == "league-infiltrate" && st.Action == "place-muslim-state" &&
				st.If != nil && st.If.Cond == "crisis" && st.Column == "place-muslim-states"
		}
	}
	arjunaEq(t, "N: Crisis Infiltrate to place a Muslim State", foundN, true)

	// 8.6.2: Revolutionaries Activation Numbers 2, 3 and Restraint all occur.
	acts := map[string]bool{}
	for _, b := range arjunaBoxes(a, Rev) {
		if b.Kind == ArjunaOperation {
			acts[b.Activation.String()] = true
		}
	}
	arjunaEq(t, "Revolutionaries Activation Numbers", acts, map[string]bool{"2": true, "3": true, "restraint": true})

	// 8.6.3: NP Raj never Garrisons; it uses all three of its other Operations.
	rajOps := map[string]bool{}
	for _, b := range arjunaBoxes(a, Raj) {
		if b.Kind == ArjunaOperation {
			rajOps[b.Op] = true
		}
	}
	arjunaEq(t, "NP Raj Operations", rajOps, map[string]bool{"deploy": true, "sweep": true, "assault": true})

	// Every Operation and Special Activity of each faction appears somewhere.
	for f := Faction(0); f < NumFactions; f++ {
		used := map[string]bool{}
		for _, b := range arjunaBoxes(a, f) {
			used[b.Op] = true
			for _, at := range b.Attempts {
				used[at.SA] = true
			}
		}
		for _, op := range arjunaOps[f] {
			if !used[op] {
				t.Errorf("%s: Operation %s on no card", f, op)
			}
		}
		for sa := range arjunaSAs[f] {
			if !used[sa] {
				t.Errorf("%s: Special Activity %s on no card", f, sa)
			}
		}
	}
}

func TestArjunaNamesMatchEngine(t *testing.T) {
	for f := Faction(0); f < NumFactions; f++ {
		for _, name := range arjunaOps[f] {
			if d, ok := ops[name]; !ok || d.faction != f {
				t.Errorf("Operation %q is not an engine Operation of %s", name, f)
			}
		}
		for name := range arjunaSAs[f] {
			if d, ok := sas[name]; !ok || d.faction != f {
				t.Errorf("Special Activity %q is not an engine Special Activity of %s", name, f)
			}
		}
		arjunaEq(t, f.String()+" Special Activities", len(arjunaSAs[f]), len(factionSAs[f]))
	}
	if _, ok := ops["garrison"]; !ok {
		t.Error("engine lost Garrison")
	}
}

func TestArjunaTableColumns(t *testing.T) {
	a := arjunaDefault(t)
	want := map[Faction][]string{
		Raj:      {"Place Cubes", "Sweep", "Remove or Replace", "Shift to Support"},
		Congress: {"Place Activists", "Demonstrate", "Place Protests", "Move or Release Gandhi", "Remove or Replace", "Shift to Opposition"},
		League:   {"Place Bases", "Place Activists", "Demonstrate", "Place Protests", "Place Muslim States", "Remove or Replace", "Shift to Opposition"},
		Rev:      {"Place Guerrillas", "Place Bases", "March", "Attack or Go Underground", "Place Unrest", "Remove or Replace"},
	}
	for f, names := range want {
		var got []string
		for _, c := range a.SelectionTable(f).Columns {
			got = append(got, c.Name)
		}
		arjunaEq(t, f.String()+" columns", got, names)
	}
}

// arjunaSpace is what the selection tests know about a candidate space.
type arjunaSpace struct {
	id              string
	level           int // -2 Active Opposition … 2 Active Support
	protest, unrest bool
	congressActs    int
	pop             int
	muslim          bool
}

func (s arjunaSpace) holds(cond string, cands []arjunaSpace) bool {
	best := func(val func(arjunaSpace) int) bool {
		for _, c := range cands {
			if val(c) > val(s) {
				return false
			}
		}
		return true
	}
	switch cond {
	case "pop-2":
		return s.pop == 2
	case "muslim":
		return s.muslim
	case "non-muslim":
		return !s.muslim
	case "not-active-opposition":
		return s.level != -2
	case "most-opposition":
		return best(func(x arjunaSpace) int { return -x.level })
	case "most-support":
		return best(func(x arjunaSpace) int { return x.level })
	case "has-protest":
		return s.protest
	case "no-protest":
		return !s.protest
	case "has-unrest":
		return s.unrest
	case "most-congress-activists":
		return best(func(x arjunaSpace) int { return x.congressActs })
	}
	return false // conditions the example does not involve
}

// arjunaSelect runs the 8.4.1 procedure down one column: each row with a dot
// narrows the candidates unless no candidate meets it; a single candidate is
// selected. More than one left at the end means a random choice (8.1.2).
func arjunaSelect(conds []string, cands []arjunaSpace) []string {
	for _, c := range conds {
		if len(cands) == 1 {
			break
		}
		var meet []arjunaSpace
		for _, s := range cands {
			if s.holds(c, cands) {
				meet = append(meet, s)
			}
		}
		if len(meet) > 0 {
			cands = meet
		}
	}
	var ids []string
	for _, s := range cands {
		ids = append(ids, s.id)
	}
	return ids
}

func arjunaMapSpace(t *testing.T, m *Map, id string) arjunaSpace {
	i, ok := m.ID(id)
	if !ok {
		t.Fatalf("no space %q", id)
	}
	return arjunaSpace{id: id, pop: m.Spaces[i].Pop, muslim: m.Spaces[i].Muslim}
}

func TestArjunaSelectionExamples(t *testing.T) {
	a := arjunaDefault(t)
	m, err := LoadMap(defaultMapJSON)
	if err != nil {
		t.Fatal(err)
	}
	sp := func(id string, level int, protest, unrest bool, acts int) arjunaSpace {
		s := arjunaMapSpace(t, m, id)
		s.level, s.protest, s.unrest, s.congressActs = level, protest, unrest, acts
		return s
	}

	// 8.4.1: Civil Disobedience, Place Protests column: not at Active
	// Opposition, then 2-Pop, then non-Muslim: Bihar, then West Bengal.
	pp := a.SelectionTable(Congress).Column("place-protests")
	arjunaEq(t, "Place Protests rows", pp[:3], []string{"not-active-opposition", "pop-2", "non-muslim"})
	cands := []arjunaSpace{
		sp("united-provinces", -2, false, false, 1),
		sp("bihar", -1, false, false, 2),
		sp("west-bengal", 0, false, false, 1),
		sp("central-india-agency", 0, false, false, 1),
	}
	arjunaEq(t, "first Protest", arjunaSelect(pp, cands), []string{"bihar"})
	arjunaEq(t, "second Protest", arjunaSelect(pp, append(cands[:1:1], cands[2:]...)), []string{"west-bengal"})

	// 8.7.1 Govern example: Imperialism by the Shift to Support column picks
	// a 2-Pop space with no Protest, with Unrest, the most Opposition.
	ss := a.SelectionTable(Raj).Column("shift-to-support")
	arjunaEq(t, "Shift to Support rows", ss[:4], []string{"pop-2", "no-protest", "has-unrest", "most-opposition"})
	arjunaEq(t, "Imperialism space", arjunaSelect(ss, []arjunaSpace{
		sp("bihar", -1, false, true, 0),
		sp("united-provinces", 0, false, true, 0),
		sp("madras-presidency", -2, false, false, 0), // more Opposition, but no Unrest
		sp("bombay-presidency", -2, true, true, 0),   // Protest
		sp("gujarat", -2, false, true, 0),            // 1-Pop
	}), []string{"bihar"})
}

func TestArjunaTables(t *testing.T) {
	a := arjunaDefault(t)
	// 8.5 example: NP Raj takes Gandhi first, then a player's Guerrilla, then
	// a Non-Player's Muslim League Activist.
	rank := func(f Faction, piece, of string) int {
		for i, p := range a.AdversaryTable(f).Order {
			if p.Piece == piece && p.Of == of {
				return i
			}
		}
		return -1
	}
	g, gu, la := rank(Raj, "gandhi", "any"), rank(Raj, "guerrilla", "player"), rank(Raj, "league-activist", "np")
	arjunaEq(t, "Raj: Gandhi, player Guerrilla, NP League Activist", g == 0 && gu > g && la > gu, true)
	// 8.5.3: never own markers.
	arjunaEq(t, "Congress never", a.AdversaryTable(Congress).Never, []string{"protest"})
	arjunaEq(t, "League never", a.AdversaryTable(League).Never, []string{"protest", "muslim-state"})
	arjunaEq(t, "Rev never", a.AdversaryTable(Rev).Never, []string{"unrest"})

	// 8.8.3: NP Raj: removing adversaries, placing cubes and shifting toward
	// Support are effective; adding Unrest is not. Congress: removing is
	// effective, adding Unrest is not.
	effective := func(f Faction, action string) (bool, string) {
		for _, e := range a.EffectiveTable(f).Effective {
			if e.Action == action {
				return true, e.Column
			}
		}
		return false, ""
	}
	for _, c := range []struct {
		f      Faction
		action string
		ok     bool
		column string
	}{
		{Raj, "remove-adversary", true, "remove-or-replace"},
		{Raj, "place-cubes", true, "place-cubes"},
		{Raj, "shift-toward-support", true, "shift-to-support"},
		{Raj, "add-unrest", false, ""},
		{Congress, "remove-adversary", true, "remove-or-replace"},
		{Congress, "add-unrest", false, ""},
		{Congress, "move-gandhi", true, "move-or-release-gandhi"},
		{League, "place-muslim-state", true, "place-muslim-states"},
		{Rev, "add-unrest", true, "place-unrest"},
		{Rev, "flip-underground", true, "attack-or-go-underground"},
	} {
		ok, col := effective(c.f, c.action)
		arjunaEq(t, c.f.String()+" "+c.action, [2]any{ok, col}, [2]any{c.ok, c.column})
	}
	arjunaEq(t, "Raj never Garrisons: not in its ops", arjunaHas(arjunaOps[Raj], "garrison"), false)

	// 8.4.2: the Move Priorities table.
	arjunaEq(t, "Raj Sweep keeps Control", a.Move.For(Raj)[0], "keep-raj-control")
	arjunaEq(t, "Rev March moves one Guerrilla at a time", arjunaHas(a.Move.For(Rev), "get-guerrilla"), true)
	arjunaEq(t, "Congress brings League along", arjunaHas(a.Move.For(Congress), "league-along-unity"), true)
	arjunaEq(t, "League does not", arjunaHas(a.Move.For(League), "league-along-unity"), false)

	// 8.10
	arjunaEq(t, "Congress by 7", a.PlayerOutcome(Congress, 7).Title, "Hind Swaraj!")
	arjunaEq(t, "Raj by 3", a.PlayerOutcome(Raj, 3).Title, "Costly independence")
	arjunaEq(t, "no result without a margin", a.PlayerOutcome(Rev, 0) == nil, true)
	arjunaEq(t, "League wins", a.NPWinner(League).Title, "Independent Pakistan")
}

// arjunaEligible reads the NP Eligibility table with the given conditions true.
func arjunaEligible(rows []NPEligibilityRow, truth ...string) string {
	is := map[string]bool{}
	for _, c := range truth {
		is[c] = true
	}
	for _, r := range rows {
		ok := true
		for _, c := range r.All {
			ok = ok && is[c]
		}
		if len(r.Any) > 0 {
			anyOK := false
			for _, c := range r.Any {
				anyOK = anyOK || is[c]
			}
			ok = ok && anyOK
		}
		if ok {
			return r.Action
		}
	}
	return ""
}

func TestArjunaEligibility(t *testing.T) { // 8.2.1
	e := arjunaDefault(t).Eligibility
	arjunaEq(t, "1st: own Critical Event", arjunaEligible(e.First, "current-critical-effective", "current-critical-for-next"), "event")
	arjunaEq(t, "1st: next faction's Critical Event", arjunaEligible(e.First, "current-critical-for-next", "first-next-card", "upcoming-critical"), "op-only")
	arjunaEq(t, "1st: wait for own Critical Event", arjunaEligible(e.First, "first-next-card", "upcoming-critical"), "pass")
	arjunaEq(t, "1st: otherwise", arjunaEligible(e.First, "first-next-card"), "op-sa")
	arjunaEq(t, "2nd: wait, current not critical", arjunaEligible(e.Second, "first-next-card", "upcoming-critical", "current-not-critical", "first-did-op-sa", "current-effective"), "pass")
	arjunaEq(t, "2nd: wait needs all three", arjunaEligible(e.Second, "upcoming-critical", "current-not-critical", "first-did-op-sa", "current-effective"), "event")
	arjunaEq(t, "2nd: guaranteed 1st next", arjunaEligible(e.Second, "first-next-card", "first-did-op-only"), "pass")
	arjunaEq(t, "2nd: after Operation only", arjunaEligible(e.Second, "first-did-op-only", "current-effective"), "limited-op")
	arjunaEq(t, "2nd: not effective", arjunaEligible(e.Second, "first-did-op-sa", "current-not-effective"), "limited-op")
	arjunaEq(t, "2nd: otherwise", arjunaEligible(e.Second), "op-sa")
}

// arjunaMutate decodes the embedded data, applies change and re-encodes it.
func arjunaMutate(t *testing.T, change func(d map[string]any)) []byte {
	t.Helper()
	var d map[string]any
	if err := json.Unmarshal(defaultArjunaJSON, &d); err != nil {
		t.Fatal(err)
	}
	change(d)
	b, err := json.Marshal(d)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// arjunaBox finds box id on side letter of the generic decoded data.
func arjunaBox(t *testing.T, d map[string]any, letter, id string) map[string]any {
	t.Helper()
	for _, c := range d["cards"].([]any) {
		for _, side := range []string{"front", "back"} {
			s := c.(map[string]any)[side].(map[string]any)
			if s["letter"] != letter {
				continue
			}
			for _, b := range s["boxes"].([]any) {
				if b.(map[string]any)["id"] == id {
					return b.(map[string]any)
				}
			}
		}
	}
	t.Fatalf("no box %s:%s", letter, id)
	return nil
}

func TestArjunaRejectsCorruptData(t *testing.T) {
	for _, c := range []struct {
		name   string
		change func(d map[string]any)
		want   []string
	}{
		{"unknown field", func(d map[string]any) { d["bogus"] = 1 }, []string{`unknown field "bogus"`}},
		{"unknown box field", func(d map[string]any) { arjunaBox(t, d, "A", "a1")["colour"] = "blue" }, []string{`unknown field "colour"`}},
		{"dangling box id", func(d map[string]any) { arjunaBox(t, d, "A", "a1")["yes"] = "a9" },
			[]string{`card A box "a1": yes box "a9" does not exist`, `box "a2" cannot be reached`}},
		{"unknown condition", func(d map[string]any) {
			arjunaBox(t, d, "A", "a1")["if"] = map[string]any{"cond": "monsoon-late"}
		}, []string{`unknown condition "monsoon-late"`}},
		{"condition without its number", func(d map[string]any) {
			arjunaBox(t, d, "D", "d1")["if"] = map[string]any{"cond": "restraint-at-most"}
		}, []string{`condition "restraint-at-most" needs a number n`}},
		{"space condition in a condition box", func(d map[string]any) {
			arjunaBox(t, d, "A", "a1")["if"] = map[string]any{"space": "pop-2"}
		}, []string{`space condition "pop-2" is only allowed in per-space checks`}},
		{"cycle without stop", func(d map[string]any) { arjunaBox(t, d, "A", "a1")["no"] = "a1" },
			[]string{"cycle A:a1 → A:a1", `box "flip" cannot be reached`}},
		{"flip back and forth", func(d map[string]any) {
			bb := arjunaBox(t, d, "AA", "aa2")
			bb["next"] = "flip"
			for _, c := range d["cards"].([]any) {
				back := c.(map[string]any)["back"].(map[string]any)
				if back["letter"] == "AA" {
					back["boxes"] = append(back["boxes"].([]any), map[string]any{"id": "flip", "kind": "flip"})
				}
			}
		}, []string{"cycle A:a1 → A:flip → AA:aa1 → AA:aa2 → AA:flip → A:a1"}},
		{"NP Raj Garrison", func(d map[string]any) { arjunaBox(t, d, "A", "a2")["op"] = "garrison" },
			[]string{"NP Raj never executes Garrison"}},
		{"another faction's Operation", func(d map[string]any) { arjunaBox(t, d, "G", "g2")["op"] = "league-rally" },
			[]string{`unknown Operation "league-rally" for NP congress`}},
		{"unknown Special Activity action", func(d map[string]any) {
			at := arjunaBox(t, d, "BB", "bb1")["attempts"].([]any)[0].(map[string]any)
			at["steps"].([]any)[0].(map[string]any)["action"] = "tea-party"
		}, []string{`"tea-party" is not an action of govern`}},
		{"unknown column", func(d map[string]any) { arjunaBox(t, d, "G", "g2")["column"] = "place-cubes" },
			[]string{`"place-cubes" is not a column of the congress Space Selection Priorities table`}},
		{"bad Activation Number", func(d map[string]any) { arjunaBox(t, d, "T", "t2")["activation"] = 4 },
			[]string{"Activation Number 4 must be 2, 3 or restraint"}},
		{"missing Activation Number", func(d map[string]any) { delete(arjunaBox(t, d, "T", "t2"), "activation") },
			[]string{"needs an Activation Number"}},
		{"Assassinate without Unrest", func(d map[string]any) {
			arjunaBox(t, d, "T", "t3")["attempts"] = []any{map[string]any{"sa": "assassinate", "steps": []any{map[string]any{"action": "remove-adversary"}}}}
		}, []string{"Assassinate must follow an Unrest Operation"}},
		{"renamed column", func(d map[string]any) {
			col := d["selection"].(map[string]any)["raj"].(map[string]any)["columns"].([]any)[0].(map[string]any)
			col["name"] = "Deploy Cubes"
		}, []string{`the rules name it place-cubes "Place Cubes"`}},
		{"unknown table condition", func(d map[string]any) {
			row := d["selection"].(map[string]any)["rev"].(map[string]any)["rows"].([]any)[0].(map[string]any)
			row["cond"] = "near-the-sea"
		}, []string{`unknown space condition "near-the-sea"`}},
		{"five cards", func(d map[string]any) { d["cards"] = d["cards"].([]any)[1:] },
			[]string{"needs 6 cards for raj (8.3), found 5"}},
		{"own piece as adversary", func(d map[string]any) {
			ord := d["adversaries"].(map[string]any)["rev"].(map[string]any)["order"].([]any)
			ord[0].(map[string]any)["piece"] = "guerrilla"
		}, []string{`"guerrilla" is the faction's own piece`}},
		{"unconditional eligibility row first", func(d map[string]any) {
			rows := d["eligibility"].(map[string]any)["first"].([]any)
			delete(rows[0].(map[string]any), "all")
		}, []string{"only the last row may be unconditional"}},
		{"missing viceroy", func(d map[string]any) { d["viceroys"] = d["viceroys"].([]any)[1:] },
			[]string{`viceroys: missing "chelmsford"`}},
	} {
		_, err := LoadArjuna(arjunaMutate(t, c.change))
		if err == nil {
			t.Errorf("%s: accepted", c.name)
			continue
		}
		for _, w := range c.want {
			if !strings.Contains(err.Error(), w) {
				t.Errorf("%s: error lacks %q:\n%v", c.name, w, err)
			}
		}
	}
	if _, err := LoadArjuna([]byte("{")); err == nil {
		t.Error("truncated JSON accepted")
	}
}

func TestArjunaRoundTrip(t *testing.T) {
	a := arjunaDefault(t)
	b, err := json.Marshal(a)
	if err != nil {
		t.Fatal(err)
	}
	a2, err := LoadArjuna(b)
	if err != nil {
		t.Fatal(err)
	}
	b2, _ := json.Marshal(a2)
	if !reflect.DeepEqual(b, b2) {
		t.Error("Arjuna data does not survive a round trip")
	}
}

// The documentation names every word of every closed vocabulary.
func TestArjunaDocsVocabulary(t *testing.T) {
	doc, err := os.ReadFile("../docs/gandhi-arjuna.md")
	if err != nil {
		t.Skip("docs not present:", err)
	}
	var words []string
	for k := range arjunaCardConds {
		words = append(words, k)
	}
	for k := range arjunaSpaceConds {
		words = append(words, k)
	}
	for k := range arjunaMoveRules {
		words = append(words, k)
	}
	for k := range arjunaEligConds {
		words = append(words, k)
	}
	for k := range arjunaEligActions {
		words = append(words, k)
	}
	for k := range arjunaEventActions {
		words = append(words, k)
	}
	for k := range arjunaViceroyEffects {
		words = append(words, k)
	}
	for k := range arjunaPieceOwner {
		words = append(words, k)
	}
	for f := Faction(0); f < NumFactions; f++ {
		for _, c := range arjunaColumns[f] {
			words = append(words, c.ID)
		}
		for _, acts := range arjunaSAs[f] {
			words = append(words, acts...)
		}
	}
	for _, w := range words {
		if !strings.Contains(string(doc), "`"+w+"`") {
			t.Errorf("docs/gandhi-arjuna.md does not document `%s`", w)
		}
	}
}

func arjunaEq(t *testing.T, what string, got, want any) {
	t.Helper()
	if !reflect.DeepEqual(got, want) {
		t.Errorf("%s: got %v, want %v", what, got, want)
	}
}
