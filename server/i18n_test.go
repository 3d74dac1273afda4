package server

import (
	"cmp"
	"encoding/json"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"durbar/core"
	"durbar/core/i18n"
	"durbar/gandhi"
)

// TestTranslatedView: a page that asks for a language gets the prompt, the
// options, the seats, the board's texts, the log and the result in it; an
// unknown language gets English.
func TestTranslatedView(t *testing.T) {
	e := newEnv(t, testDSN(t, false))
	g := toyGame(e, Human, Human)
	k := g.Seats[0].Key + "," + g.Seats[1].Key
	e.act(g.ID, k, 0, "step", 0)
	var v View
	if code, body := e.call("GET", "/api/games/"+g.ID+"?lang=es", k, nil, &v); code != 200 {
		t.Fatalf("view: %d %s", code, body)
	}
	if v.Decision.Prompt != "¿Avanzar o tirar?" || v.Decision.Options[0].Label != "Avanzar 1" || v.Seats[1].Name != "Corredor 2" ||
		v.Log[0] != "Corredor 1 avanza 1 hasta 1" || !strings.Contains(marshal(v.Board), "Pista de juguete") {
		t.Fatalf("Spanish view: %+v %+v %s", v.Decision, v.Log, v.Board)
	}
	// The English board is cached beside the Spanish one, not replaced by it.
	var en View
	e.call("GET", "/api/games/"+g.ID+"?lang=xx", k, nil, &en)
	if en.Decision.Prompt != "Step or roll?" || !strings.Contains(marshal(en.Board), "Toy track") || en.Log[0] != "Runner 1 moves 1 to 1" {
		t.Fatalf("an unknown language (or a log translated in place): %+v %s %q", en.Decision, en.Board, en.Log)
	}
	// An action answered in the page's language, with only the new lines.
	var after View
	code, body := e.call("POST", fmt.Sprintf("/api/games/%s/actions?lang=es&since=%d&logFrom=1", g.ID, v.Version), k,
		map[string]any{"seat": 1, "option": "step", "step": 1}, &after)
	if code != 200 || after.LogStart != 1 || len(after.Log) != 1 || after.Log[0] != "Corredor 2 avanza 1 hasta 1" {
		t.Fatalf("action: %d %s", code, body)
	}
	for step := 2; ; step++ {
		code, cur, _ := e.act(g.ID, k, step%2, "roll", step)
		if code != 200 {
			t.Fatalf("roll: %d", code)
		}
		if cur.Over {
			break
		}
	}
	var list []gameSummary
	e.call("GET", "/api/games?lang=es", "", nil, &list)
	if len(list) != 1 || !strings.HasPrefix(list[0].Result, "Gana el corredor") || list[0].Seats[0].Name != "Corredor 1" {
		t.Fatalf("game list: %+v", list)
	}
	var replay View
	e.call("GET", "/api/games/"+g.ID+"/replay?step=1&lang=es", "", nil, &replay)
	if len(replay.Log) != 1 || replay.Log[0] != "Corredor 1 avanza 1 hasta 1" {
		t.Fatalf("replay: %q", replay.Log)
	}
}

func marshal(v any) string {
	b, _ := json.Marshal(v)
	return string(b)
}

// TestTranslationsCover proves each game's catalogs translate every text a
// view shows: random games with human and computer seats are played
// through the Table, and every prompt, option label and refinement, log
// line, result, seat name and board text is checked in every language,
// with what its pattern's placeholders matched. A placeholder may match a
// number, an id, a name kept as printed, or text that translates in turn.
//
// DURBAR_I18N_SAMPLES=DIR writes every text and its translation to
// DIR/<game>-<lang>.txt, for proofreading.
//
// DURBAR_I18N_MISSING=DIR writes the whole list of missing texts to
// DIR/<game>-<lang>.txt, most frequent first, numbers shown as #.
func TestTranslationsCover(t *testing.T) {
	games := 16
	if testing.Short() {
		games = 4
	}
	for _, k := range []Kind{GandhiKind(), RajasKind()} {
		name := k.Catalog().Name
		t.Run(name, func(t *testing.T) {
			cats, err := k.Translations()
			if err != nil {
				t.Fatal(err)
			}
			if cats["es"] == nil || cats["it"] == nil {
				t.Fatalf("%s: translations into %d languages, want Spanish and Italian", name, len(cats))
			}
			seen, names := viewTexts(t, k, games)
			for lang, cat := range cats {
				t.Run(lang, func(t *testing.T) {
					checkCoverage(t, name, lang, cat, seen, names)
				})
			}
		})
	}
}

// viewTexts plays random games of a kind and returns every text its views
// show, each with how often it came up, and the names that may stay as
// printed.
func viewTexts(t *testing.T, k Kind, games int) (map[string]int, map[string]bool) {
	seen := map[string]int{}
	add := func(ss ...string) {
		for _, s := range ss {
			if s != "" {
				seen[s]++
			}
		}
	}
	names := map[string]bool{}
	c := k.Catalog()
	if c.Name == "gandhi" {
		d, err := gandhi.DefaultData()
		if err != nil {
			t.Fatal(err)
		}
		for _, s := range d.Map.Spaces {
			names[s.Name] = true
		}
		for _, tw := range d.Map.Towns {
			names[tw.Name] = true
		}
		// Every card's texts, not only those random games turn up.
		for _, cd := range d.Deck.Cards {
			add(cd.Title, cd.Flavour, cd.Unshaded, cd.Shaded, cd.Capability)
		}
	}
	for n := range games {
		req := CreateRequest{Game: c.Name}
		seats := 4
		if c.Name != "gandhi" {
			seats = 2 + n%3
			req.Variants = [][]string{nil, {rajasNavaratnas}, {rajasNavaratnas, rajasGanga}, {rajasRiverTiles}}[n%4]
		} else {
			req.Scenario = c.Scenarios[n%len(c.Scenarios)].ID
		}
		for s := range seats {
			kind := Human
			if (s+n)%2 == 1 {
				kind = Computer
			}
			req.Seats = append(req.Seats, SeatRequest{Kind: kind, Bot: c.Computers[0].ID})
		}
		if c.Name != "gandhi" {
			for s := range req.Seats {
				if req.Seats[s].Kind == Computer {
					req.Seats[s].Bot = "bot" // the MCTS bot is too slow for a coverage test
				}
			}
		}
		setup, specs, err := k.Prepare(req)
		if err != nil {
			t.Fatal(err)
		}
		add(gameTitle(c, setup))
		for _, sp := range specs {
			add(sp.Name)
		}
		tb, err := k.Open(setup, specs, uint64(n+1), nil)
		if err != nil {
			t.Fatal(err)
		}
		pick := core.NewRNG(uint64(n) + 99)
		for step := 0; ; step++ {
			d := tb.Decision()
			if step%7 == 0 || d.Over {
				for seat := -1; seat < len(specs); seat++ {
					add(i18n.Texts(tb.Board(seat))...)
				}
			}
			if d.Over {
				break
			}
			add(d.Prompt)
			if specs[d.Player].Kind == Computer {
				if _, err := tb.PlayComputer(); err != nil {
					t.Fatal(err)
				}
				continue
			}
			for _, o := range d.Options {
				_, extra := tb.Annotate(o)
				add(o.Label, extra)
			}
			if err := tb.Apply(d.Options[pick.IntN(len(d.Options))].ID); err != nil {
				t.Fatal(err)
			}
			if step > 100000 {
				t.Fatal("a game does not end")
			}
		}
		add(tb.Log()...)
		add(tb.Result())
	}
	return seen, names
}

var (
	numberish = regexp.MustCompile(`^[-+−]?[0-9]+$`)
	idLike    = regexp.MustCompile(`^[a-z0-9]+([-:][a-z0-9]+)*$`)
	digitRun  = regexp.MustCompile(`[0-9]+`)
)

// checkCoverage fails for every text the catalog does not translate, or
// whose placeholders matched untranslated text.
func checkCoverage(t *testing.T, game, lang string, cat *i18n.Catalog, seen map[string]int, names map[string]bool) {
	missing := map[string]int{}    // normalized text → occurrences
	example := map[string]string{} // normalized text → where it came from
	var check func(s, in string, count, depth int)
	check = func(s, in string, count, depth int) {
		if numberish.MatchString(s) || names[s] || idLike.MatchString(s) && strings.ContainsAny(s, "-:0123456789") {
			return
		}
		if _, ok := cat.Translate(s); !ok || depth > 8 {
			key := digitRun.ReplaceAllString(s, "#")
			missing[key] += count
			if _, ok := example[key]; !ok {
				example[key] = in
			}
			return
		}
		for _, a := range cat.Args(s) {
			check(a, in, count, depth+1)
		}
	}
	for s, n := range seen {
		check(s, s, n, 0)
	}
	if dir := os.Getenv("DURBAR_I18N_SAMPLES"); dir != "" {
		// Every text beside its translation, for a reader to judge.
		var b strings.Builder
		for _, s := range slices.Sorted(maps.Keys(seen)) {
			fmt.Fprintf(&b, "%s\n  → %s\n", s, cat.T(s))
		}
		os.MkdirAll(dir, 0o755)
		os.WriteFile(filepath.Join(dir, game+"-"+lang+".txt"), []byte(b.String()), 0o644)
	}
	if len(missing) == 0 {
		return
	}
	keys := make([]string, 0, len(missing))
	for k := range missing {
		keys = append(keys, k)
	}
	slices.SortFunc(keys, func(a, b string) int {
		return cmp.Or(cmp.Compare(missing[b], missing[a]), cmp.Compare(a, b))
	})
	var b strings.Builder
	for _, k := range keys {
		fmt.Fprintf(&b, "%6d  %s", missing[k], k)
		if ex := example[k]; ex != "" && digitRun.ReplaceAllString(ex, "#") != k {
			fmt.Fprintf(&b, "    (in: %s)", ex)
		}
		b.WriteString("\n")
	}
	if dir := os.Getenv("DURBAR_I18N_MISSING"); dir != "" {
		os.MkdirAll(dir, 0o755)
		os.WriteFile(filepath.Join(dir, game+"-"+lang+".txt"), []byte(b.String()), 0o644)
	}
	lines := strings.SplitN(b.String(), "\n", 41)
	t.Errorf("%s in %s: %d texts untranslated (count, text; numbers as #):\n%s", game, lang, len(keys), strings.Join(lines[:min(40, len(lines))], "\n"))
}
