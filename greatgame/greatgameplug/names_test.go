package greatgameplug

import (
	"encoding/json"
	"io/fs"
	"os"
	"path"
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
			// the article out.
			prep := map[string]string{"es": "de", "it": "di"}[lc.lang]
			for name := range articles(t, lc.lang) {
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
	Exact    map[string]string `json:"exact"`
	Patterns map[string]string `json:"patterns"`
	Articles map[string]string `json:"articles"`
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
