package i18n

import (
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"testing/fstest"
)

func testCatalog(t *testing.T) *Catalog {
	t.Helper()
	c, err := Parse("es", []byte(`{
		"comment": "test",
		"exact": {"Bombay Presidency": "Presidencia de Bombay", "Done": "Hecho", "Rally": "Concentración"},
		"patterns": {
			"{1} in {2}": "{1} en {2}",
			"Rally in {1}: place {2} more": "Concentración en {1}: coloca {2} más",
			"Place {1} in {2}": "Coloca {1} en {2}",
			"{1} Activists": "{1} activistas"
		}
	}`), "es/test.json")
	if err != nil {
		t.Fatal(err)
	}
	return c
}

func TestTranslate(t *testing.T) {
	c := testCatalog(t)
	for _, tc := range []struct {
		in, want string
		ok       bool
	}{
		{"Done", "Hecho", true},
		{"Rally in Bombay Presidency: place 3 more", "Concentración en Presidencia de Bombay: coloca 3 más", true},
		{"Place 2 Activists in Sind", "Coloca 2 activistas en Sind", true}, // nested pattern; unknown name kept
		{"Rally in Delhi", "Concentración en Delhi", true},                 // the wild pattern, args translated
		{"Nothing known", "Nothing known", false},
		{"  Rally in Sind: place 2 more", "  Concentración en Sind: coloca 2 más", true}, // indentation kept
		{"", "", true},
	} {
		for range 2 { // the second time from the cache
			got, ok := c.Translate(tc.in)
			if got != tc.want || ok != tc.ok {
				t.Errorf("Translate(%q) = %q, %v; want %q, %v", tc.in, got, ok, tc.want, tc.ok)
			}
		}
	}
	var none *Catalog
	if got, ok := none.Translate("Done"); got != "Done" || !ok {
		t.Errorf("a nil catalog changed the text: %q %v", got, ok)
	}
	if got := c.Explain("Rally in Sind: place 1 more"); !strings.HasPrefix(got, "Rally in {1}: place {2} more") {
		t.Errorf("Explain chose %q; the more specific pattern should win", got)
	}
	for _, in := range []string{"Place 2 Activists in Sind", "  Place 2 Activists in Sind"} {
		if got := c.Args(in); len(got) != 2 || got[0] != "2 Activists" || got[1] != "Sind" {
			t.Errorf("Args(%q) = %q", in, got)
		}
	}
}

func TestLoadRejects(t *testing.T) {
	for _, tc := range []struct {
		name, body, want string
	}{
		{"syntax", `{"exact": {`, "unexpected EOF"},
		{"unknown field", `{"words": {}}`, "unknown field"},
		{"empty translation", `{"exact": {"Done": " "}}`, "empty translation"},
		{"placeholder in exact", `{"exact": {"Rally in {1}": "x {1}"}}`, "put it under"},
		{"pattern without placeholder", `{"patterns": {"Done": "Hecho"}}`, "no placeholder"},
		{"missing placeholder", `{"patterns": {"Rally in {1}": "Concentración"}}`, "lacks {1}"},
		{"extra placeholder", `{"patterns": {"Rally in {1}": "{1} {2}"}}`, "uses {2}"},
		{"twice", `{"patterns": {"{1} and {1}": "{1}"}}`, "appears twice"},
		{"touching", `{"patterns": {"{1}{2}": "{1} {2}"}}`, "touch"},
		{"trailing", `{"exact": {}} {}`, "text after"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Parse("es", []byte(tc.body), "es/bad.json")
			if err == nil || !strings.Contains(err.Error(), tc.want) || !strings.Contains(err.Error(), "es/bad.json") {
				t.Fatalf("error %v, want one naming the file and saying %q", err, tc.want)
			}
		})
	}
	dup := fstest.MapFS{
		"i18n/es/a.json": {Data: []byte(`{"exact": {"Done": "Hecho"}}`)},
		"i18n/es/b.json": {Data: []byte(`{"exact": {"Done": "Listo"}}`)},
	}
	if _, err := Load(dup, "i18n"); err == nil || !strings.Contains(err.Error(), "already translated") {
		t.Errorf("a duplicate entry across files: %v", err)
	}
	for name, fsys := range map[string]fstest.MapFS{
		"bad language": {"i18n/spanish/a.json": {Data: []byte(`{}`)}},
		"english":      {"i18n/en/a.json": {Data: []byte(`{}`)}},
		"not json":     {"i18n/es/a.txt": {Data: []byte(`{}`)}},
		"stray file":   {"i18n/a.json": {Data: []byte(`{}`)}},
	} {
		if _, err := Load(fsys, "i18n"); err == nil {
			t.Errorf("%s: accepted", name)
		}
	}
	if cs, err := Load(fstest.MapFS{}, "i18n"); err != nil || len(cs) != 0 {
		t.Errorf("no catalogs: %v %v", cs, err)
	}
}

type board struct {
	Title  Text
	ID     string
	Cards  []*card
	ByName map[string]Text
	Counts map[string]int
	Any    any
}

type card struct {
	Title Text `json:"title"`
	Year  int
}

func TestLocalized(t *testing.T) {
	c := testCatalog(t)
	b := board{Title: "Done", ID: "Done", Cards: []*card{{Title: "Rally", Year: 1930}, nil},
		ByName: map[string]Text{"x": "Rally in Sind"}, Counts: map[string]int{"a": 1}, Any: card{Title: "Done"}}
	got := Localized(b, c).(board)
	if got.Title != "Hecho" || got.ID != "Done" || got.Cards[0].Title != "Concentración" || got.Cards[0].Year != 1930 ||
		got.Cards[1] != nil || got.ByName["x"] != "Concentración en Sind" || got.Counts["a"] != 1 || got.Any.(card).Title != "Hecho" {
		t.Errorf("Localized = %+v", got)
	}
	if b.Title != "Done" || b.Cards[0].Title != "Rally" || b.ByName["x"] != "Rally in Sind" {
		t.Errorf("the original changed: %+v", b)
	}
	if texts := Texts(b); len(texts) != 4 {
		t.Errorf("Texts = %q, want the 4 Texts", texts)
	}
	if Localized(b, nil).(board).Title != "Done" {
		t.Error("a nil catalog translated")
	}
}

// TestTranslateEdges: a part that reads like a placeholder is not
// substituted into; a long list is translated whole however it was first
// met (a result cut short by the depth limit is never cached); a
// placeholder may match several lines.
func TestTranslateEdges(t *testing.T) {
	c, err := Parse("es", []byte(`{
		"exact": {"a": "A", "{2}": "literal"},
		"patterns": {"{1} gives {2}": "{2} da {1}", "{1}, {2}": "{1}; {2}", "Note: {1}": "Nota: {1}"}
	}`), "es/edges.json")
	if err == nil {
		t.Fatal("an exact entry with a placeholder was accepted")
	}
	c, err = Parse("es", []byte(`{
		"exact": {"a": "A", "b": "B"},
		"patterns": {"{1} gives {2}": "{2} da {1}", "{1}, {2}": "{1}; {2}", "Note: {1}": "Nota: {1}", "x{1}": "{1}"}
	}`), "es/edges.json")
	if err != nil {
		t.Fatal(err)
	}
	if got := c.T("x{2} gives a"); got != "A da {2}" {
		t.Errorf("substitution: got %q", got)
	}
	var items []string
	for i := range maxDepth + 4 {
		items = append(items, []string{"a", "b"}[i%2])
	}
	long := strings.Join(items, ", ")
	fresh, _ := Parse("es", []byte(`{"exact": {"a": "A", "b": "B"}, "patterns": {"{1}, {2}": "{1}; {2}", "Note: {1}": "Nota: {1}"}}`), "es/fresh.json")
	want := fresh.T(long)
	c.T("Note: " + long) // met first inside another text, one level deeper
	if got := c.T(long); got != want {
		t.Errorf("a long list depends on where it was first met: %q, fresh %q", got, want)
	}
	if got := c.T("Note: two\nlines"); got != "Nota: two\nlines" {
		t.Errorf("several lines: got %q", got)
	}
	if _, err := Parse("es", []byte(`{"patterns": {"{1}": "{1}"}}`), "es/bare.json"); err == nil {
		t.Error("a bare placeholder was accepted")
	}
}

type node struct {
	Title Text
	Kids  []node
}

// TestLocalizedRecursiveAndConcurrent: a recursive type's nested texts
// are translated, and many goroutines localizing a new type at once all
// get translations.
func TestLocalizedRecursiveAndConcurrent(t *testing.T) {
	c := testCatalog(t)
	got := Localized(node{Title: "Done", Kids: []node{{Title: "Rally"}}}, c).(node)
	if got.Title != "Hecho" || got.Kids[0].Title != "Concentración" {
		t.Errorf("recursive type: %+v", got)
	}
	type fresh struct {
		Items []struct{ Name Text }
	}
	var wg sync.WaitGroup
	var bad atomic.Int32
	for range 16 {
		wg.Go(func() {
			v := Localized(fresh{Items: []struct{ Name Text }{{"Done"}}}, c).(fresh)
			if v.Items[0].Name != "Hecho" {
				bad.Add(1)
			}
		})
	}
	wg.Wait()
	if bad.Load() > 0 {
		t.Errorf("%d of 16 concurrent calls left the text untranslated", bad.Load())
	}
}

// TestPlural: a choice {N|one|other} picks the form by the number {N}
// matched, in the translation and in the English text, which then matches
// either form; its branches may hold placeholders.
func TestPlural(t *testing.T) {
	c, err := Parse("it", []byte(`{
		"exact": {"Sind": "Sind", "Activist": "Attivista"},
		"patterns": {
			"Place {1} {1|Activist|Activists} in {2}": "Piazza {1} {1|Attivista|Attivisti} in {2}",
			"up to {1} Active {1|piece|pieces}": "fino a {1|un pezzo Attivo|{1} pezzi Attivi}",
			"{1} left of the roll, {2} spaces so": "{1|resta|restano} {1} della tirada, {2} {2|casella|caselle} così",
			"Shift {1} levels": "Sposta di {1} {1|livello|livelli}"
		}
	}`), "it/plural.json")
	if err != nil {
		t.Fatal(err)
	}
	for in, want := range map[string]string{
		"Place 1 Activist in Sind":        "Piazza 1 Attivista in Sind",
		"Place 1 Activists in Sind":       "Piazza 1 Attivista in Sind", // the English still wrong: the number decides
		"Place 3 Activists in Sind":       "Piazza 3 Attivisti in Sind",
		"Place 0 Activists in Sind":       "Piazza 0 Attivisti in Sind",
		"up to 1 Active piece":            "fino a un pezzo Attivo",
		"up to 4 Active pieces":           "fino a 4 pezzi Attivi",
		"1 left of the roll, 2 spaces so": "resta 1 della tirada, 2 caselle così",
		"3 left of the roll, 1 spaces so": "restano 3 della tirada, 1 casella così",
		"Shift -1 levels":                 "Sposta di -1 livello",
		"Shift −2 levels":                 "Sposta di −2 livelli",
	} {
		if got, ok := c.Translate(in); got != want || !ok {
			t.Errorf("Translate(%q) = %q, %v; want %q", in, got, ok, want)
		}
	}
	if got, ok := c.Translate("Place an Activist in Sind"); ok {
		t.Errorf("a choice's placeholder matched a word: %q", got)
	}
	if got := c.Args("Place 3 Activists in Sind"); len(got) != 2 || got[0] != "3" || got[1] != "Sind" {
		t.Errorf("Args = %q: a choice captures nothing", got)
	}
	if got := c.Explain("Place 1 Activist in Sind"); !strings.HasPrefix(got, "Place {1} {1|Activist|Activists} in {2}") {
		t.Errorf("Explain = %q", got)
	}
	for name, body := range map[string]string{
		"choice in exact":                  `{"exact": {"Place {1|a|b}": "x"}}`,
		"choice without its count":         `{"patterns": {"Place {1} {2|a|b}": "x {1}"}}`,
		"translation without {1}":          `{"patterns": {"Place {1} now": "Piazza ora"}}`,
		"choice on another number":         `{"patterns": {"Place {1} now": "Piazza {1} {2|a|b}"}}`,
		"malformed choice":                 `{"patterns": {"Place {1} now": "Piazza {1} {1|a}"}}`,
		"placeholder in an English choice": `{"patterns": {"Place {1} {1|a {2}|b}": "{1}"}}`,
	} {
		if _, err := Parse("it", []byte(body), "it/bad.json"); err == nil {
			t.Errorf("%s: accepted", name)
		}
	}
	// A choice alone stands for its placeholder in the translation.
	if _, err := Parse("it", []byte(`{"patterns": {"Place {1} now": "{1|Piazzane uno|Piazzane {1}} ora"}}`), "it/ok.json"); err != nil {
		t.Errorf("a placeholder inside a branch only: %v", err)
	}
}

// TestMerge: a merged catalog translates with the entries of both, the
// first winning where both have one.
func TestMerge(t *testing.T) {
	a, err := Parse("es", []byte(`{"exact": {"Done": "Listo"}, "patterns": {"it is not {1}'s turn": "no es el turno de {1}"}}`), "es/a.json")
	if err != nil {
		t.Fatal(err)
	}
	m := Merge("es", a, nil, testCatalog(t))
	for in, want := range map[string]string{
		"Done":                               "Listo",
		"it is not Bombay Presidency's turn": "no es el turno de Presidencia de Bombay",
		"Rally in Sind: place 2 more":        "Concentración en Sind: coloca 2 más",
	} {
		if got, ok := m.Translate(in); got != want || !ok {
			t.Errorf("Translate(%q) = %q, %v; want %q", in, got, ok, want)
		}
	}
}

// TestArticles: {prep:N} joins a preposition to a name as the name's
// article wants it, contracted where the language contracts it; a name
// without an article entry takes the bare preposition.
func TestArticles(t *testing.T) {
	es, err := Parse("es", []byte(`{
		"exact": {"Madras Presidency": "Presidencia de Madrás", "Calcutta–Assam Railway": "Ferrocarril Calcuta–Assam", "Sind": "Sind"},
		"patterns": {"Rally in {1}": "Reagrupamiento {en:1}", "March from {1} to {2}": "Marcha {desde:1} {a:2}",
			"{1} shifts": "{El:1} se desplaza", "Leave {1}": "Salir {de:1}"},
		"articles": {"Presidencia de Madrás": "la", "Ferrocarril Calcuta–Assam": "el"},
		"prepositions": {"a": {"el": "al"}, "de": {"el": "del"}, "el": {"el": "el", "la": "la", "los": "los", "las": "las"}}
	}`), "es/art.json")
	if err != nil {
		t.Fatal(err)
	}
	it, err := Parse("it", []byte(`{
		"exact": {"Madras Presidency": "Presidenza di Madras", "Delhi": "Delhi", "Assam": "Assam", "Sind": "Sind", "East Bengal": "Bengala Orientale"},
		"patterns": {"Rally in {1}": "Radunare {in:1}", "March from {1} to {2}": "Marciare {da:1} {a:2}",
			"{1} shifts": "{Il:1} si sposta", "Leave {1}": "Lasciare {il:1}", "{1} is done": "Fatto {in:1}"},
		"articles": {"Presidenza di Madras": "la", "Delhi": "*city", "Assam": "l'", "Bengala Orientale": "il"},
		"prepositions": {"in": {"la": "nella", "l'": "nell'", "*city": "a"}, "da": {"la": "dalla", "l'": "dall'"}, "a": {"la": "alla", "l'": "all'"},
			"il": {"il": "il", "la": "la", "l'": "l'"}}
	}`), "it/art.json")
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		cat      *Catalog
		in, want string
	}{
		{es, "Rally in Madras Presidency", "Reagrupamiento en la Presidencia de Madrás"},
		{es, "March from Calcutta–Assam Railway to Madras Presidency", "Marcha desde el Ferrocarril Calcuta–Assam a la Presidencia de Madrás"},
		{es, "March from Madras Presidency to Calcutta–Assam Railway", "Marcha desde la Presidencia de Madrás al Ferrocarril Calcuta–Assam"},
		{es, "Rally in Sind", "Reagrupamiento en Sind"},
		{it, "Rally in Madras Presidency", "Radunare nella Presidenza di Madras"},
		{it, "Rally in Delhi", "Radunare a Delhi"},
		{it, "March from Assam to Delhi", "Marciare dall'Assam a Delhi"},
		{it, "March from Sind to Assam", "Marciare da Sind all'Assam"},
		// An article alone, for a subject or an object; with a capital at
		// the start of a sentence; none for a city or a name without one.
		{it, "Leave Madras Presidency", "Lasciare la Presidenza di Madras"},
		{it, "Leave Assam", "Lasciare l'Assam"},
		{it, "Leave Delhi", "Lasciare Delhi"},
		{it, "Leave Sind", "Lasciare Sind"},
		{it, "East Bengal shifts", "Il Bengala Orientale si sposta"},
		{it, "Assam shifts", "L'Assam si sposta"},
		{it, "Delhi shifts", "Delhi si sposta"},
		{es, "Madras Presidency shifts", "La Presidencia de Madrás se desplaza"},
		{es, "Calcutta–Assam Railway shifts", "El Ferrocarril Calcuta–Assam se desplaza"},
		{es, "Sind shifts", "Sind se desplaza"},
		{es, "Leave Calcutta–Assam Railway", "Salir del Ferrocarril Calcuta–Assam"},
	} {
		if got := c.cat.T(c.in); got != c.want {
			t.Errorf("%s: %q → %q, want %q", c.cat.Lang, c.in, got, c.want)
		}
	}
	// A part that starts a sentence takes a capital: {^1}.
	capital, err := Parse("es", []byte(`{
		"exact": {"the free Attack is complete": "el Ataque gratuito está completo", "free Attack": "Ataque gratuito"},
		"patterns": {"[Arjuna] {1}": "[Arjuna] {^1}", "[Arjuna] {1}; {2}": "[Arjuna] {^1}; {2}"}
	}`), "es/cap.json")
	if err != nil {
		t.Fatal(err)
	}
	for in, want := range map[string]string{
		"[Arjuna] the free Attack is complete":              "[Arjuna] El Ataque gratuito está completo",
		"[Arjuna] the free Attack is complete; free Attack": "[Arjuna] El Ataque gratuito está completo; Ataque gratuito",
		"[Arjuna] ñ": "[Arjuna] Ñ",
	} {
		if got := capital.T(in); got != want {
			t.Errorf("%q → %q, want %q", in, got, want)
		}
	}
	if _, err := Parse("es", []byte(`{"patterns": {"Rally in {1}": "Reagrupamiento {^2}"}}`), "es/bad.json"); err == nil {
		t.Error("a capitalised placeholder the English lacks was accepted")
	}
	if _, err := Parse("es", []byte(`{"patterns": {"Rally in {1}": "Reagrupamiento {en:2}"}}`), "es/bad.json"); err == nil {
		t.Error("a preposition joined to a placeholder the English lacks was accepted")
	}
}
