package greatgameplug

import (
	"encoding/json"
	"fmt"
	"io/fs"
	"maps"
	"os"
	"path"
	"regexp"
	"slices"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"

	"durbar/core/i18n"
	"durbar/greatgame"
	"durbar/plug/plugtest"
	"durbar/web"
)

// rulebookES are the place names the Spanish rulebook spells otherwise
// than the map: English as the map prints it → as the rulebook spells it.
// The rulebook writes mar Caspio in running text; as a map label the name
// takes a capital.
var rulebookES = map[string]string{
	"Afghanistan":   "Afganistán",
	"Baluchistan":   "Baluchistán",
	"Bukhara":       "Bujara",
	"Caspian Sea":   "Mar Caspio",
	"Central India": "India Central",
	"Kashmir":       "Cachemira",
	"Kathmandu":     "Katmandú",
	"Kazakhstan":    "Kazakistán",
	"North India":   "India del Norte",
	"Persian Gulf":  "Golfo Pérsico",
	"Tehran":        "Teherán",
	"Turkestan":     "Turkestán",
	"Urals":         "Urales",
	"West Siberia":  "Siberia occidental",
	"West Tibet":    "Tibet occidental",
}

// rulebookSameES are the place names the rulebook spells as the map does,
// which the Spanish catalogs therefore leave as they are.
var rulebookSameES = []string{
	"Agra", "Bushire", "Chitral", "Delhi", "Gartok", "Gur'ev", "Herat", "Jodhpur", "Kabul", "Karachi",
	"Karkaralinsk", "Khiva", "Khokand", "Lucknow", "Merv", "Nepal", "Orenburg", "Pamir", "Persia", "Punjab",
	"Semipalatinsk", "Simla", "Sind", "Sinkiang",
}

// notTakenES are spellings the rulebook prints too, which no Spanish
// text uses: its misprints (Srinigar for Srinagar, Khonkand beside
// Khokand, Afaganistán, Sinking, Beluchistán, Baluschistán) and the less
// usual of two spellings it gives one name (Turkeistán beside Turkestán;
// Tíbet once beside Tibet three times).
var notTakenES = []string{"Srinigar", "Khonkand", "Afaganistán", "Sinking", "Beluchistán", "Baluschistán", "Turkeistán", "Tíbet"}

// exonymsES are the usual Spanish names of places the rulebook does not
// name; any other place keeps the map's name.
var exonymsES = map[string]string{
	"Amu Darya":     "Amu Daria",
	"Arabian Sea":   "mar Arábigo",
	"Aral Sea":      "Mar de Aral",
	"Indus":         "Indo",
	"Irtysh":        "Irtish",
	"Isfahan":       "Isfahán",
	"Khorasan":      "Jorasán",
	"Lake Balkhash": "Lago Baljash",
	"Samarkand":     "Samarcanda",
	"Syr Darya":     "Sir Daria",
	"Tashkent":      "Taskent",
}

// namesIT are the Italian names of places whose usual Italian name is not
// the map's (there is no Italian rulebook); any other place keeps the
// map's name.
var namesIT = map[string]string{
	"Arabian Sea":   "Mar Arabico",
	"Aral Sea":      "Lago d'Aral",
	"Baluchistan":   "Belucistan",
	"Caspian Sea":   "Mar Caspio",
	"Central India": "India centrale",
	"Ganges":        "Gange",
	"Indus":         "Indo",
	"Kazakhstan":    "Kazakistan",
	"Lake Balkhash": "Lago Balkhash",
	"North India":   "India del Nord",
	"Persian Gulf":  "Golfo Persico",
	"Samarkand":     "Samarcanda",
	"Tehran":        "Teheran",
	"Urals":         "Urali",
	"West Siberia":  "Siberia occidentale",
	"West Tibet":    "Tibet occidentale",
}

// sameIT are the places the Italian catalog leaves as the map prints
// them, though another spelling is met in Italian too.
var sameIT = []string{"Bukhara", "Isfahan", "Kashmir", "Kathmandu", "Khiva", "Khokand", "Tashkent"}

// TestPlaceNames: the catalogs and the page call every place by the name
// the tables above give it — in Spanish the rulebook's spelling, else the
// usual Spanish name; in Italian the usual Italian name — the place alone,
// as a city names its square ("Teherán (0223)"), inside unit names, set-up
// lines and routes, and on the map the board draws; no catalog text, page
// string or map label still spells it as the map does.
func TestPlaceNames(t *testing.T) {
	cats, err := greatgame.Translations()
	if err != nil {
		t.Fatal(err)
	}
	d, err := greatgame.DefaultData()
	if err != nil {
		t.Fatal(err)
	}
	mapNames, squares := placeNames(d)
	named := append(mapNames, unitNames(t, d)...)
	src, err := fs.ReadFile(web.Static(), "greatgame.js")
	if err != nil {
		t.Fatal(err)
	}
	page := plugtest.PageStrings(string(src))

	for _, lc := range []struct {
		lang  string
		names map[string]string
		same  []string
		gone  []string
	}{
		{"es", merged(t, rulebookES, exonymsES), rulebookSameES, notTakenES},
		{"it", namesIT, sameIT, nil},
	} {
		t.Run(lc.lang, func(t *testing.T) {
			cat := cats[lc.lang]
			entries := catalogEntries(t, lc.lang)
			texts := i18n.Texts(i18n.Localized(mapView(), cat))
			if len(texts) == 0 {
				t.Fatal("the map view has no names")
			}
			if len(page[lc.lang]) == 0 {
				t.Fatal("greatgame.js has no strings")
			}
			for _, s := range page[lc.lang] {
				texts = append(texts, s)
			}
			for _, e := range entries {
				texts = append(texts, e.tr)
			}
			for en, want := range lc.names {
				onMap := false
				for _, n := range named {
					if !holdsWord(n, en) {
						continue
					}
					onMap = true
					got := cat.T(n)
					switch {
					case n == en && got != want:
						t.Errorf("%q is %q, want %q", en, got, want)
					case !holdsWordFold(got, want) || holdsWordFold(got, en):
						t.Errorf("%q is %q, which does not call %s %s", n, got, en, want)
					}
					if sq, ok := squares[n]; ok {
						if got, want := cat.T(n+" ("+sq+")"), want+" ("+sq+")"; got != want {
							t.Errorf("the square of %s is %q, want %q", en, got, want)
						}
					}
				}
				if !onMap {
					t.Errorf("%q names no place of the map", en)
				}
				// Entries written by hand: set-up lines name a region by
				// its id (3 bukhara irregular), so the match ignores case
				// and hyphens.
				for _, e := range entries {
					if holdsWordFold(strings.ReplaceAll(e.en, "-", " "), en) && !holdsWordFold(e.tr, want) {
						t.Errorf("%s: %q → %q does not call %s %s", e.file, e.en, e.tr, en, want)
					}
				}
				for _, s := range texts {
					if holdsWordFold(s, en) {
						t.Errorf("%q still says %s (%s)", s, en, want)
					}
				}
			}
			for _, en := range lc.same {
				if got, ok := cat.Translate(en); ok && got != en {
					t.Errorf("%q is %q: keep the map's spelling", en, got)
				}
			}
			for _, v := range lc.gone {
				for _, s := range texts {
					if holdsWordFold(s, v) {
						t.Errorf("%q says %s, a spelling the rulebook prints but this edition does not take", s, v)
					}
				}
			}
			// The rulebook writes a place that takes an article with it
			// after a preposition (del Punjab, del Sind): no text leaves
			// the article out. A class (*city) is no article.
			prep := map[string]string{"es": "de", "it": "di"}[lc.lang]
			for name, art := range articles(t, lc.lang) {
				if strings.HasPrefix(art, "*") {
					continue
				}
				for _, s := range texts {
					if holdsWord(s, prep+" "+name) {
						t.Errorf("%q: %s %s takes its article", s, prep, name)
					}
				}
			}
		})
	}
}

// placeNames are the names the map prints — regions, bases, waters,
// cities, ports, routes and rivers — and the square of each city by its
// name.
func placeNames(d *greatgame.Data) ([]string, map[string]string) {
	m := d.Map
	var out []string
	seen := map[string]bool{}
	add := func(n string) {
		if !seen[n] {
			seen[n] = true
			out = append(out, n)
		}
	}
	squares := map[string]string{}
	for _, r := range m.Regions {
		add(r.Name)
	}
	for _, b := range m.Bases {
		add(b.Name)
	}
	for _, w := range m.Waters {
		add(w.Name)
	}
	for _, c := range m.Cities {
		add(c.Name)
		if c.Square >= 0 {
			squares[c.Name] = m.Squares[c.Square].ID
		}
	}
	for _, p := range m.Ports {
		add(p.Name)
	}
	for _, c := range append(slices.Clone(m.Routes), m.Rivers...) {
		add(c.Name)
	}
	return out, squares
}

// unitNames are the names of every counter of both scenarios' mixes, as
// the board and the log give them (Bukhara Field force X (2)).
func unitNames(t *testing.T, d *greatgame.Data) []string {
	t.Helper()
	seen := map[string]bool{}
	var out []string
	for _, sc := range []string{"1", "2"} {
		g, err := greatgame.New(d, greatgame.Setup{Scenario: sc}, 1)
		if err != nil {
			t.Fatal(err)
		}
		for p := range g.Pieces {
			if n := g.Counter(p).Name; !seen[n] {
				seen[n] = true
				out = append(out, n)
			}
		}
	}
	return out
}

// catalogEntry is one entry of a catalog file: an exact entry or a
// pattern, English and translated.
type catalogEntry struct{ file, en, tr string }

// catalogFile is what names_test reads of a catalog file.
type catalogFile struct {
	Exact        map[string]string            `json:"exact"`
	Patterns     map[string]string            `json:"patterns"`
	Articles     map[string]string            `json:"articles"`
	Prepositions map[string]map[string]string `json:"prepositions"`
}

// catalogFiles reads the catalog files of a language as written.
func catalogFiles(t *testing.T, lang string) map[string]catalogFile {
	t.Helper()
	dir := path.Join("..", "data", "i18n", lang)
	files, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]catalogFile{}
	for _, f := range files {
		raw, err := os.ReadFile(path.Join(dir, f.Name()))
		if err != nil {
			t.Fatal(err)
		}
		var cf catalogFile
		if err := json.Unmarshal(raw, &cf); err != nil {
			t.Fatalf("%s: %v", f.Name(), err)
		}
		out[lang+"/"+f.Name()] = cf
	}
	if len(out) == 0 {
		t.Fatalf("no %s catalog files in %s", lang, dir)
	}
	return out
}

// catalogEntries are the exact entries and patterns of a language.
func catalogEntries(t *testing.T, lang string) []catalogEntry {
	t.Helper()
	var out []catalogEntry
	for name, cf := range catalogFiles(t, lang) {
		for en, tr := range cf.Exact {
			out = append(out, catalogEntry{name, en, tr})
		}
		for en, tr := range cf.Patterns {
			out = append(out, catalogEntry{name, en, tr})
		}
	}
	return out
}

// articles are the names a language's catalog gives an article, and it.
func articles(t *testing.T, lang string) map[string]string {
	t.Helper()
	out := map[string]string{}
	for _, cf := range catalogFiles(t, lang) {
		for n, a := range cf.Articles {
			out[n] = a
		}
	}
	if len(out) == 0 {
		t.Fatalf("%s: no articles", lang)
	}
	return out
}

// prepositions are what each preposition of a language's catalog becomes
// before each article or class ("de" + "el" → "del").
func prepositions(t *testing.T, lang string) map[string]map[string]string {
	t.Helper()
	out := map[string]map[string]string{}
	for _, cf := range catalogFiles(t, lang) {
		for p, forms := range cf.Prepositions {
			if out[p] == nil {
				out[p] = map[string]string{}
			}
			for a, f := range forms {
				out[p][a] = f
			}
		}
	}
	return out
}

// merged is the union of two name tables, which must not share a name.
func merged(t *testing.T, a, b map[string]string) map[string]string {
	t.Helper()
	out := map[string]string{}
	for _, m := range []map[string]string{a, b} {
		for k, v := range m {
			if _, dup := out[k]; dup {
				t.Fatalf("%q in two tables", k)
			}
			out[k] = v
		}
	}
	return out
}

// holdsWord reports whether s holds w as a whole word (or words): not
// inside a longer word.
func holdsWord(s, w string) bool {
	for i := 0; i <= len(s); {
		j := strings.Index(s[i:], w)
		if j < 0 {
			return false
		}
		j += i
		before, _ := utf8.DecodeLastRuneInString(s[:j])
		after, _ := utf8.DecodeRuneInString(s[j+len(w):])
		if !wordRune(before) && !wordRune(after) {
			return true
		}
		_, size := utf8.DecodeRuneInString(s[j:])
		i = j + size
	}
	return false
}

// holdsWordFold is holdsWord ignoring case.
func holdsWordFold(s, w string) bool { return holdsWord(strings.ToLower(s), strings.ToLower(w)) }

func wordRune(r rune) bool { return r != utf8.RuneError && (unicode.IsLetter(r) || unicode.IsDigit(r)) }

// placeArticlesES is the article each region and off-map base takes in
// Spanish, by its English name as the game writes it (a square names the
// Russian base "the Urals"): the rulebook writes del Punjab, del Sind,
// del Pamir, del Baluchistán, de la India del Norte, de la India Central,
// de los Urales and el Tibet, and the other regions bare (de Afganistán,
// en Siberia occidental, contra Nepal). A name not listed takes none, and
// no city takes one.
var placeArticlesES = map[string]string{
	"Punjab": "el", "Sind": "el", "Pamir": "el", "Baluchistan": "el", "West Tibet": "el",
	"North India": "la", "Central India": "la", "the Urals": "los",
}

// placeArticlesIT is the same in Italian, by the usual use (il Punjab, la
// Persia, l'Afghanistan); four countries keep their article but not after
// "in" (della Persia but in Persia, in Afghanistan, in Kazakistan, in
// Nepal), a class of their own. A region named after its city is, like a city,
// a place "in" becomes "a" before (a Bukhara), a class rather than an
// article; so is every city's square (a Delhi (3033)), and one that
// starts with an A takes "ad" (ad Agra (3135)).
var placeArticlesIT = map[string]string{
	"Nepal": "*il-in", "North India": "l'", "West Tibet": "il", "Sind": "il", "Punjab": "il",
	"Kashmir": "il", "Sinkiang": "il", "Pamir": "il", "Baluchistan": "il", "Afghanistan": "*l-in",
	"Herat": "*city", "Persia": "*la-in", "Khokand": "*city", "Bukhara": "*city", "Merv": "*city",
	"Turkestan": "il", "Khiva": "*city", "Kazakhstan": "*il-in", "West Siberia": "la",
	"Central India": "l'", "the Urals": "gli",
}

// placeTitles are titles that name a place as a title may, without an
// article: the Italian "In Afghanistan!" of scenario 1.
var placeTitles = map[string][]string{"it": {"In Afghanistan!"}}

// placeSamples are texts naming a place that random games seldom show:
// each pattern that can name one is met at least once, and is tried with
// every place of its kind like those the games show.
var placeSamples = []string{
	"Combat at 2416: lose 2 brigades/groups: which?",
	"Place British Field force X (4) in Punjab (2 left to place).",
	"Place the jihad (3 counters, all in one square, 21.2) in Punjab (3 left to place).",
	"Retreat the British force from 2416: 2 squares to go. Where next?",
	"Retreat the Russian force from 2416: 1 square to go. Where next?",
	"Retreat the neutral force from 2416: 2 squares to go. Where next?",
	"The British negotiate with Punjab through Pundit and a sealed sum of pounds. Oppose with an agent in 2416 and pounds (at most its political rating), or not?",
	"The Russian negotiate with Punjab through Pundit and a sealed sum of pounds. Oppose with an agent in 2416 and pounds (at most its political rating), or not?",
	"an agent checked for capture at 2416",
	"break a XXX into 3 X: British Field force in 2416",
	"break a XXX into XX + X: British Field force in 2416",
	"put 3 X together into a XXX: British Field force in 2416",
	"put XX + X together into a XXX: British Field force in 2416",
	"the forces fighting at 2416",
	"the units of Punjab to their new controller",
	"where the units of Punjab stand",
	"whether combat units close 2416 to a retreat",
	"whether enemy units cut the British railway supply line from 2416",
	"whether enemy units cut the Russian railway supply line from 2416",
	"British force: 2416 → 2417 (railway, bound for 2418: stopped on the way, 2 MP left).",
	"Russian force: 2416 → 2417 (railway, bound for 2418: stopped on the way, 2 MP left).",
	"British force: 2416 → 2417 (railway, 2 MP left).",
	"British removes its colony from 2416 (10.5).",
	"British removes its railway from 2416 (10.5).",
	"British removes its trading-post from 2416 (10.5).",
	"Russian removes its railway from 2416 (10.5).",
	"Russian builds a colony in 2416 (20.1).",
	"British: no irregular group of Punjab left in the mix (15.0 E).",
	"Native agent appears: Ranjit Singh, but no unit of Punjab is on the map; back to the available box.",
	"Native agent appears: Ranjit Singh; British places the agent with a unit of Punjab.",
	"Native agent appears: Ranjit Singh; Russian places the agent with a unit of Punjab.",
	"The British force cannot retreat into 2416: combat units there (CRT note 4(1)).",
	"The Russian force cannot retreat into 2416: combat units there (CRT note 4(1)).",
	"The neutral force cannot retreat into 2416: combat units there (CRT note 4(1)).",
	"The neutral force retreats to 2416.",
	"The neutrals place a defence recruit of Punjab in 2416 (5.4.2(3)).",
	"British Field force X (4), stacked with its former allies at 2416, is eliminated (5.6).",
}

// TestPlaceNamesArticles: every region, base and city's square takes the
// article (or class) its table above gives it, and no text leaves an
// article out — after a preposition (de Sind, en Punjab, di Persia, in
// Punjab for del Sind, en el Punjab, della Persia, nel Punjab) or as a
// subject or object (ceden Punjab) — nor, in Italian, puts a city after
// "in" (a Delhi). The texts are those random games show, their undo
// barriers included, and placeSamples; every text that names a region is
// tried again naming each region in its place, and every text that names
// a square, each base and city's square.
func TestPlaceNamesArticles(t *testing.T) {
	cats, err := greatgame.Translations()
	if err != nil {
		t.Fatal(err)
	}
	d, err := greatgame.DefaultData()
	if err != nil {
		t.Fatal(err)
	}
	var regions, cities []string
	for _, r := range d.Map.Regions {
		regions = append(regions, r.Name)
	}
	_, squares := placeNames(d)
	for _, c := range d.Map.Cities {
		if sq, ok := squares[c.Name]; ok {
			cities = append(cities, c.Name+" ("+sq+")")
		}
	}
	bases := []string{"Central India", "the Urals"}
	ids := map[string]bool{}
	for _, s := range d.Map.Squares {
		ids[s.ID] = true
	}
	isRegion := func(s string) bool { return slices.Contains(regions, s) }
	// others are the places a text names in the place of s, nil for a
	// text that is no place.
	others := func(s string) []string {
		switch {
		case isRegion(s):
			return regions
		case ids[s] || slices.Contains(bases, s) || slices.Contains(cities, s):
			return append(slices.Clone(bases), cities...)
		}
		return nil
	}
	// money: placeholder i of pattern p is a sum of pounds (a treasury of
	// 1160 pounds is no square 1160).
	money := func(p string, i int) bool {
		return strings.Contains(p, fmt.Sprintf("{%d} £", i+1))
	}
	texts := placeTexts(t)
	for _, lc := range []struct {
		lang string
		want map[string]string
		city func(name string) string // a city's square's class, by its translated name
	}{
		{"es", placeArticlesES, func(string) string { return "" }},
		{"it", placeArticlesIT, func(n string) string {
			if strings.HasPrefix(n, "A") {
				return "*city-ad"
			}
			return "*city"
		}},
	} {
		t.Run(lc.lang, func(t *testing.T) {
			cat := cats[lc.lang]
			arts, preps := articles(t, lc.lang), prepositions(t, lc.lang)
			for _, n := range append(slices.Clone(regions), bases...) {
				if tr := cat.T(n); arts[tr] != lc.want[n] {
					t.Errorf("%s (%s) takes %q, want %q", n, tr, arts[tr], lc.want[n])
				}
			}
			for _, c := range cities {
				if tr := cat.T(c); arts[tr] != lc.city(tr) {
					t.Errorf("%s (%s) takes %q, want %q", c, tr, arts[tr], lc.city(tr))
				}
			}
			for _, s := range placeSamples {
				if _, ok := cat.Translate(s); !ok {
					t.Errorf("placeSamples: %q is no text of the catalog", s)
				}
			}
			bare := func(tr string) []string {
				for _, title := range placeTitles[lc.lang] {
					tr = strings.ReplaceAll(tr, title, "")
				}
				return bareNames(tr, arts, preps)
			}
			reported := map[string]bool{}
			check := func(en string) {
				tr := cat.T(en)
				for _, e := range bare(tr) {
					// One error for each entry and name.
					if key := cat.Explain(en) + "\x00" + e; !reported[key] {
						reported[key] = true
						t.Errorf("%q → %q: %s", en, tr, e)
					}
				}
			}
			tried := map[string]bool{} // pattern and placeholder
			var walk func(s string, depth int)
			walk = func(s string, depth int) {
				s = strings.Trim(s, " ")
				p := cat.Explain(s)
				// "squares 0101 to 0306": ids that bound a range of
				// squares, which name no place.
				if depth > 8 || p == "" || p == "exact" || strings.HasPrefix(p, "squares {1}") {
					return
				}
				for i, a := range cat.Args(s) {
					walk(a, depth+1)
					key := fmt.Sprint(p, "\x00", i)
					if tried[key] || others(a) == nil || money(p, i) {
						continue
					}
					for _, b := range others(a) {
						if v, ok := replaceArg(cat, s, i, a, b); ok {
							tried[key] = true
							check(v)
						}
					}
				}
			}
			for _, s := range texts {
				check(s)
				walk(s, 0)
			}
			// Names the entries write out: set-up lines, scenario texts.
			for _, e := range catalogEntries(t, lc.lang) {
				if es := bare(e.tr); len(es) > 0 {
					t.Errorf("%s: %q → %q: %s", e.file, e.en, e.tr, strings.Join(es, "; "))
				}
			}
			if len(tried) < 100 {
				t.Errorf("only %d placeholders of the catalog met naming a place", len(tried))
			}
		})
	}
}

// placeTexts are the texts random games show — prompts, option labels and
// what they annotate, log lines, results, boards and undo barriers — and
// placeSamples.
func placeTexts(t *testing.T) []string {
	t.Helper()
	games := 4
	if testing.Short() {
		games = 2
	}
	k := newKind()
	reqs := mixedRequests(k, games)
	seen := map[string]bool{}
	for s := range plugtest.ViewTexts(t, k, plugtest.Starts(t, k, reqs), nil) {
		seen[s] = true
	}
	for _, s := range append(slices.Clone(placeSamples), barrierTexts(t, k, reqs)...) {
		if s != "" {
			seen[s] = true
		}
	}
	return slices.Sorted(maps.Keys(seen))
}

// citySquare is how a city's square follows its name: "Delhi (3033)".
var citySquare = regexp.MustCompile(`^ \([0-9]{4}\)`)

// replaceArg is s with a, what the i-th placeholder of the pattern that
// translates s matched, replaced by b; false when no occurrence of a is
// that placeholder's, or it is part of a city's square: the city, named
// as its region (Herat (1425)), or the square's id.
func replaceArg(cat *i18n.Catalog, s string, i int, a, b string) (string, bool) {
	for j := 0; j < len(s); {
		k := strings.Index(s[j:], a)
		if k < 0 {
			return "", false
		}
		k += j
		j = k + 1
		if citySquare.MatchString(s[k+len(a):]) || strings.HasSuffix(s[:k], "(") && strings.HasPrefix(s[k+len(a):], ")") {
			continue
		}
		v := s[:k] + b + s[k+len(a):]
		if args := cat.Args(v); len(args) > i && args[i] == b {
			return v, true
		}
	}
	return "", false
}

// bareNames says where tr names a place without the article its catalog
// gives it (arts: name → article or class), or with a preposition its
// class changes ("in" before a city): each occurrence of a name that
// takes an article must follow it or a preposition joined with it
// (preps), unless it is the whole text (a label) or a capital's name
// (the capital of Turkestan is Turkestan).
func bareNames(tr string, arts map[string]string, preps map[string]map[string]string) []string {
	var out []string
	for name, art := range arts {
		if tr == name {
			continue
		}
		for _, k := range wordIndexes(tr, name) {
			if citySquare.MatchString(tr[k+len(name):]) {
				continue // a city named as its region, in its square
			}
			before := strings.ToLower(tr[:k])
			prev := strings.TrimRight(before, " ")
			prev = prev[strings.LastIndex(prev, " ")+1:]
			if strings.HasPrefix(art, "*") {
				for p, forms := range preps {
					if f, ok := forms[art]; ok && f != p && prev == p {
						out = append(out, fmt.Sprintf("%q before %s, want %q", p, name, f))
					}
				}
				continue
			}
			if prev == "capital" || prev == "capitale" {
				continue
			}
			ok := false
			for _, f := range append([]string{art}, joined(preps, art)...) {
				f = strings.ToLower(f)
				if !strings.HasSuffix(f, "'") {
					f += " "
				}
				if strings.HasSuffix(before, f) {
					ok = true
				}
			}
			if !ok {
				out = append(out, fmt.Sprintf("%s without %q (after %q)", name, art, prev))
			}
		}
	}
	slices.Sort(out)
	return out
}

// joined are the forms prepositions take before an article (del, nell').
func joined(preps map[string]map[string]string, art string) []string {
	var out []string
	for _, forms := range preps {
		if f, ok := forms[art]; ok {
			out = append(out, f)
		}
	}
	return out
}

// wordIndexes are where s holds w as a whole word (or words).
func wordIndexes(s, w string) []int {
	var out []int
	for i := 0; i <= len(s); {
		j := strings.Index(s[i:], w)
		if j < 0 {
			break
		}
		j += i
		before, _ := utf8.DecodeLastRuneInString(s[:j])
		after, _ := utf8.DecodeRuneInString(s[j+len(w):])
		if !wordRune(before) && !wordRune(after) {
			out = append(out, j)
		}
		_, size := utf8.DecodeRuneInString(s[j:])
		i = j + size
	}
	return out
}

// TestItalianCountries: the four countries that keep their article but not
// after "in" (a class of their own in the catalog) take it after every
// other preposition the catalogs join to a place: della Persia, con la
// Persia, la Persia, but in Persia.
func TestItalianCountries(t *testing.T) {
	cats, err := greatgame.Translations()
	if err != nil {
		t.Fatal(err)
	}
	it := cats["it"]
	for en, forms := range map[string][4]string{
		"Persia":      {"la Persia", "in Persia", "della Persia", "con la Persia"},
		"Afghanistan": {"l'Afghanistan", "in Afghanistan", "dell'Afghanistan", "con l'Afghanistan"},
		"Kazakhstan":  {"il Kazakistan", "in Kazakistan", "del Kazakistan", "con il Kazakistan"},
		"Nepal":       {"il Nepal", "in Nepal", "del Nepal", "con il Nepal"},
	} {
		for i, en := range []string{
			"Treaty: " + en + " passes to the British (15.0 T).",
			"Place British Field force X (4) in " + en + " (2 left to place).",
			"British: no irregular group of " + en + " left in the mix (15.0 E).",
			"The British negotiate with " + en + " through Pundit and a sealed sum of pounds. Oppose with an agent in 2416 and pounds (at most its political rating), or not?",
		} {
			tr, ok := it.Translate(en)
			if !ok || !strings.Contains(tr, forms[i]) {
				t.Errorf("%q → %q (translated %v), want %q in it", en, tr, ok, forms[i])
			}
		}
	}
}
