package plugtest

import (
	"cmp"
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
	"durbar/plug"
)

// Translations proves a game's catalogs (Kind.Translations) translate every
// text its views show, in Spanish and Italian at least: a random game is
// played through the Table from each of reqs (seats human and computer), and
// every prompt, option label and refinement, log line, result, seat name,
// title and board text is checked in every language, with what its
// pattern's placeholders matched. A placeholder may match a number, an id,
// a name kept as printed (names), or text that translates in turn. more are
// texts to check besides those the games show (all of a game's cards, not
// only those random games turn up).
//
// DURBAR_I18N_SAMPLES=DIR writes every text and its translation to
// DIR/<game>-<lang>.txt, for proofreading.
//
// DURBAR_I18N_MISSING=DIR writes the whole list of missing texts to
// DIR/<game>-<lang>.txt, most frequent first, numbers shown as #.
func Translations(t *testing.T, k plug.Kind, reqs []plug.CreateRequest, names map[string]bool, more []string) {
	t.Helper()
	TranslationsOf(t, k, Coverage{Starts: Starts(t, k, reqs), Names: names, More: more})
}

// Coverage is what TranslationsOf checks: the games to play (random
// games, and games from positions that reach each way a game ends), the
// names that stay as printed, texts to check besides those the games show
// (every card, every text a template can produce), and Ended, called after
// each game, so a test can prove its games reached every ending.
type Coverage struct {
	Starts []Start
	Names  map[string]bool
	More   []string
	Ended  func(g *Game)
}

// TranslationsOf is Translations for prepared games.
func TranslationsOf(t *testing.T, k plug.Kind, cv Coverage) {
	t.Helper()
	names, more := cv.Names, cv.More
	name := k.Catalog().Name
	cats, err := k.Translations()
	if err != nil {
		t.Fatal(err)
	}
	if cats["es"] == nil || cats["it"] == nil {
		t.Fatalf("%s: translations into %d languages, want Spanish and Italian", name, len(cats))
	}
	seen := ViewTexts(t, k, cv.Starts, cv.Ended)
	for _, s := range more {
		if s != "" {
			seen[s]++
		}
	}
	for lang, cat := range cats {
		t.Run(lang, func(t *testing.T) {
			checkCoverage(t, name, lang, cat, seen, names)
		})
	}
}

// ViewTexts plays a random game of a kind from each start and returns
// every text its views show (title, seat names, boards, prompts, options
// and what annotates them, log, result), each with how often it came up.
func ViewTexts(t *testing.T, k plug.Kind, starts []Start, ended func(g *Game)) map[string]int {
	seen := map[string]int{}
	add := func(ss ...string) {
		for _, s := range ss {
			if s != "" {
				seen[s]++
			}
		}
	}
	c := k.Catalog()
	WalkFrom(t, k, starts, 99, func(g *Game, i int, d core.Decision) {
		if i == 0 {
			add(c.GameTitle(g.Setup))
			for _, sp := range g.Specs {
				add(sp.Name)
			}
		}
		if i%7 == 0 || d.Over {
			for seat := -1; seat < len(g.Specs); seat++ {
				add(i18n.Texts(g.Table.Board(seat))...)
			}
		}
		if d.Over {
			return
		}
		add(d.Prompt)
		if g.Specs[d.Player].Kind == plug.Computer {
			return
		}
		for _, o := range d.Options {
			_, extra := g.Table.Annotate(o)
			add(o.Label, extra)
		}
	}, func(g *Game) {
		add(g.Table.Log()...)
		add(g.Table.Result())
		if ended != nil {
			ended(g)
		}
	})
	return seen
}

var (
	numberish = regexp.MustCompile(`^[-+−]?[0-9]+$`)
	idLike    = regexp.MustCompile(`^[a-z0-9]+([-:][a-z0-9]+)*$`)
	digitRun  = regexp.MustCompile(`[0-9]+`)
)

// untranslated is what of s the catalog does not translate: s itself, or
// the parts its pattern's placeholders matched that are neither numbers,
// ids, names (kept as printed) nor translated in turn; none when s is
// translated through and through.
func untranslated(cat *i18n.Catalog, s string, names map[string]bool) []string {
	var out []string
	var check func(s string, depth int)
	check = func(s string, depth int) {
		if numberish.MatchString(s) || names[s] || idLike.MatchString(s) && strings.ContainsAny(s, "-:0123456789") {
			return
		}
		if _, ok := cat.Translate(s); !ok || depth > 8 {
			out = append(out, s)
			return
		}
		for _, a := range cat.Args(s) {
			check(a, depth+1)
		}
	}
	check(s, 0)
	return out
}

// checkCoverage fails for every text the catalog does not translate, or
// whose placeholders matched untranslated text.
func checkCoverage(t *testing.T, game, lang string, cat *i18n.Catalog, seen map[string]int, names map[string]bool) {
	missing := map[string]int{}    // normalized text → occurrences
	example := map[string]string{} // normalized text → where it came from
	for s, n := range seen {
		for _, part := range untranslated(cat, s, names) {
			key := digitRun.ReplaceAllString(part, "#")
			missing[key] += n
			if _, ok := example[key]; !ok {
				example[key] = s
			}
		}
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
