package greatgameplug

import (
	"io/fs"
	"maps"
	"regexp"
	"slices"
	"strings"
	"testing"

	"durbar/core/i18n"
	"durbar/plug"
	"durbar/web"
)

// The Great Game has no catalogs yet: its prompts, labels, log and result
// are English in every language the page asks for (the server shows text
// no catalog translates as it is), and plugtest.Translations, which wants
// Spanish and Italian catalogs, does not apply. What is checked here is
// what the game does translate: the board drawing's own text and the
// creation form's menus, in English, Spanish and Italian alike.
func TestTranslations(t *testing.T) {
	cats, err := newKind().Translations()
	if err != nil || cats != nil {
		t.Fatalf("Translations() = %v, %v; the game has no catalogs yet", cats, err)
	}
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
