package plugtest

import (
	"io/fs"
	"regexp"
	"strings"
	"testing"

	"durbar/core/i18n"
	"durbar/web"
)

// Glossary checks a board drawing's own strings (file, in web/static)
// against a game's catalogs, so that one screen speaks one vocabulary:
// each key of terms names the game term (in English, as the engine writes
// it) that the drawing's string says, and in every language the string
// must be the catalog's translation of that term (a heading may capitalise
// it); no string of a language
// may hold a word of banned (variants the rulebooks do not use).
func Glossary(t *testing.T, cats map[string]*i18n.Catalog, file string, terms map[string]string, banned map[string][]string) {
	t.Helper()
	src, err := fs.ReadFile(web.Static(), file)
	if err != nil {
		t.Fatal(err)
	}
	page := PageStrings(string(src))
	for _, lang := range []string{"es", "it"} {
		if len(page[lang]) == 0 {
			t.Fatalf("%s: no %s strings", file, lang)
		}
		for key, term := range terms {
			want, ok := cats[lang].Translate(term)
			if !ok {
				t.Errorf("%s: the catalog lacks the term %q", lang, term)
				continue
			}
			got, ok := page[lang][key]
			if !ok {
				t.Errorf("%s: %s has no string %s", lang, file, key)
				continue
			}
			if got != want && upperFirst(got) != upperFirst(want) {
				t.Errorf("%s: %s is %q on the page but %q (%s) in the catalog", lang, key, got, want, term)
			}
		}
		for key, s := range page[lang] {
			for _, v := range banned[lang] {
				if strings.Contains(s, v) {
					t.Errorf("%s: %s %q says %q, a word the rulebook does not use", lang, key, s, v)
				}
			}
		}
	}
}

var (
	// A language's dictionary opens as "    es: {" (an object of
	// dictionaries) or "Durbar.i18n.add('es', {".
	pageBlock = regexp.MustCompile(`^\s*(?:(en|es|it): \{|Durbar\.i18n\.add\('(en|es|it)', \{)$`)
	pageEntry = regexp.MustCompile(`^\s+'([\w.-]+)': (?:'((?:[^'\\]|\\.)*)'|"((?:[^"\\]|\\.)*)"),$`)
)

// PageStrings reads a drawing's dictionaries: language → key → text.
func PageStrings(src string) map[string]map[string]string {
	out := map[string]map[string]string{}
	lang := ""
	for _, l := range strings.Split(src, "\n") {
		if m := pageBlock.FindStringSubmatch(l); m != nil {
			lang = m[1] + m[2]
			if out[lang] == nil {
				out[lang] = map[string]string{}
			}
			continue
		}
		if m := pageEntry.FindStringSubmatch(l); m != nil && lang != "" {
			out[lang][m[1]] = strings.ReplaceAll(strings.ReplaceAll(m[2]+m[3], `\'`, "'"), `\"`, `"`)
		}
	}
	return out
}

// upperFirst is s with its first letter capitalised.
func upperFirst(s string) string {
	for i, r := range s {
		return strings.ToUpper(string(r)) + s[i+len(string(r)):]
	}
	return s
}
