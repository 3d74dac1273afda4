package greatgameplug

import (
	"fmt"
	"io/fs"
	"maps"
	"regexp"
	"slices"
	"strings"
	"testing"

	"durbar/core"
	"durbar/core/i18n"
	"durbar/greatgame"
	"durbar/plug"
	"durbar/plug/plugtest"
	"durbar/web"
)

// TestTranslations checks the text the page itself holds: the board
// drawing's strings (greatgame.js) and the creation form's menus, in
// English, Spanish and Italian alike. The engine's text is the catalogs'
// (TestTranslationsCover).
func TestTranslations(t *testing.T) {
	src, err := fs.ReadFile(web.Static(), "greatgame.js")
	if err != nil {
		t.Fatal(err)
	}
	keys := rendererKeys(t, string(src))
	en := keys["en"]
	if len(en) < 50 {
		t.Fatalf("only %d English strings in greatgame.js", len(en))
	}
	for _, lang := range []string{"es", "it"} {
		if !slices.Equal(slices.Sorted(maps.Keys(keys[lang])), slices.Sorted(maps.Keys(en))) {
			t.Errorf("%s and English differ: %v vs %v", lang, slices.Sorted(maps.Keys(keys[lang])), slices.Sorted(maps.Keys(en)))
		}
		for k, v := range keys[lang] {
			if v == "" {
				t.Errorf("%s: %q is empty", lang, k)
			}
		}
	}
	// Every entry of the creation form's menus (app.js catalogLabel).
	c := newKind().Catalog()
	want := []string{c.Name + ".title"}
	for group, cs := range map[string][]plug.Choice{"scenario": c.Scenarios, "seat": c.Seats, "computer": c.Computers, "variant": c.Variants} {
		for _, ch := range cs {
			want = append(want, c.Name+"."+group+"."+ch.ID)
		}
	}
	for _, k := range want {
		if _, ok := en[k]; !ok {
			t.Errorf("greatgame.js lacks the menu entry %q", k)
		}
	}
	// The English menu entries are the catalog's own labels.
	for _, sc := range c.Scenarios {
		if en[c.Name+".scenario."+sc.ID] != sc.Label {
			t.Errorf("scenario %s: greatgame.js says %q, the catalog %q", sc.ID, en[c.Name+".scenario."+sc.ID], sc.Label)
		}
	}
	// Every key the drawing asks for exists in English.
	for _, m := range regexp.MustCompile(`\bt\(\s*'(greatgame\.[a-zA-Z0-9_.-]+)'`).FindAllStringSubmatch(string(src), -1) {
		if _, ok := en[m[1]]; !ok {
			t.Errorf("greatgame.js asks for %q, which has no English text", m[1])
		}
	}
	// The board's translatable text is typed i18n.Text, ready for a catalog.
	tb := ggOpen(t, plug.CreateRequest{Seats: ggSeatReqs(plug.Human, plug.Human)}, 1, nil)
	if texts := i18n.Texts(tb.Board(tb.Decision().Player)); len(texts) == 0 {
		t.Error("the board has no translatable text")
	}
}

// TestTranslationsCover proves the Spanish and Italian catalogs translate
// every text a view shows (plugtest.Translations): random games of every
// scenario the catalog offers, people and computers alternating, and what
// their undo barrier says.
func TestTranslationsCover(t *testing.T) {
	games := 12
	if testing.Short() {
		games = 4
	}
	k := newKind()
	reqs := mixedRequests(k, games)
	plugtest.Translations(t, k, reqs, translationNames(t), append(barrierTexts(t, k, reqs), endTexts(t)...))
}

// endTexts are the results the game can end with (25.2.2), every level of
// victory for either side and the draw, as the result and the log show
// them: random games meet only some.
func endTexts(t *testing.T) []string {
	t.Helper()
	d, err := greatgame.DefaultData()
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	add := func(r string) { out = append(out, r, "The game ends: "+r) }
	add("British 41 VP, Russian 40 VP: a draw (difference 1, 25.2.2).")
	add("British 40 VP, Russian 40 VP: a draw (difference 0, 25.2.2).")
	for _, l := range d.Charts.Victory.Levels {
		if l.ID == "draw" { // a draw names no side (VictoryLevel)
			continue
		}
		for _, s := range []greatgame.Side{greatgame.British, greatgame.Russian} {
			add(fmt.Sprintf("British %d VP, Russian %d VP: %s %s victory by %d (25.2.2).", 52, 40, s.Title(), l.ID, 12))
		}
	}
	return out
}

// barrierTexts plays the games plugtest.Translations plays (the same seeds
// and choices) and gathers what their undo barrier says after every step:
// the page shows it when an undo is refused, translated like the rest.
// mixedRequests are n games, the scenarios in turn, a person and the
// computer on alternate sides.
func mixedRequests(k plug.Kind, n int) []plug.CreateRequest {
	c := k.Catalog()
	var reqs []plug.CreateRequest
	for i := range n {
		req := plug.CreateRequest{Game: c.Name, Scenario: c.Scenarios[i%len(c.Scenarios)].ID}
		for s := range 2 {
			kind := plug.Human
			if (s+i+i/len(c.Scenarios))%2 == 1 {
				kind = plug.Computer
			}
			req.Seats = append(req.Seats, plug.SeatRequest{Kind: kind})
		}
		reqs = append(reqs, req)
	}
	return reqs
}

func barrierTexts(t *testing.T, k plug.Kind, reqs []plug.CreateRequest) []string {
	t.Helper()
	seen := map[string]bool{}
	plugtest.Walk(t, k, reqs, 99, func(g *plugtest.Game, _ int, _ core.Decision) {
		seen[g.Table.Irreversible().What] = true
	}, nil)
	delete(seen, "")
	return slices.Sorted(maps.Keys(seen))
}

// translationNames are the texts a language may leave as printed: the
// map's names (regions, cities and the squares they stand in, seas, ports,
// routes, rivers, bases) and the agents' names. Those a language calls
// otherwise are TestPlaceNames'.
func translationNames(t *testing.T) map[string]bool {
	t.Helper()
	d, err := greatgame.DefaultData()
	if err != nil {
		t.Fatal(err)
	}
	names := map[string]bool{}
	m := d.Map
	for _, r := range m.Regions {
		names[r.Name] = true
	}
	for _, w := range m.Waters {
		names[w.Name] = true
	}
	for _, c := range m.Cities {
		names[c.Name] = true
		if c.Square >= 0 {
			names[c.Name+" ("+m.Squares[c.Square].ID+")"] = true // a square as the game names it
		}
	}
	for _, p := range m.Ports {
		names[p.Name] = true
	}
	for _, c := range append(slices.Clone(m.Routes), m.Rivers...) {
		names[c.Name] = true
	}
	for _, b := range m.Bases {
		names[b.Name] = true
	}
	for _, a := range d.Counters.Agents {
		names[a.Name] = true
		// "Khan (AF)": where a text puts its own brackets after a name, a
		// pattern may take the name's parts apart
		if n, abbr, ok := strings.Cut(a.Name, " ("); ok {
			names[n], names[strings.TrimSuffix(abbr, ")")] = true, true
		}
	}
	return names
}

// rendererKeys reads the strings of greatgame.js by language: the blocks
// "en: {", "es: {", "it: {" of its strings table, one "'key': 'text'," a
// line.
func rendererKeys(t *testing.T, src string) map[string]map[string]string {
	t.Helper()
	out := map[string]map[string]string{}
	block := regexp.MustCompile(`(?m)^    (en|es|it): \{\n((?:      .*\n)*?)    \},?$`)
	entry := regexp.MustCompile(`^      '([^']+)': (?:'((?:[^'\\]|\\.)*)'|"((?:[^"\\]|\\.)*)"),$`)
	for _, m := range block.FindAllStringSubmatch(src, -1) {
		dict := map[string]string{}
		for _, line := range strings.Split(strings.TrimRight(m[2], "\n"), "\n") {
			e := entry.FindStringSubmatch(line)
			if e == nil {
				t.Fatalf("%s: cannot read %q", m[1], line)
			}
			if _, dup := dict[e[1]]; dup {
				t.Errorf("%s: %q twice", m[1], e[1])
			}
			dict[e[1]] = e[2] + e[3]
		}
		out[m[1]] = dict
	}
	if len(out) != 3 {
		t.Fatalf("greatgame.js: %d string tables, want en, es and it", len(out))
	}
	return out
}
