// Package i18n translates a game's engine text — prompts, option labels, log
// lines, card and tile texts — into another language.
//
// The rules packages write English and stay free of translation: a
// translation is data, one catalog per game and language, loaded from JSON
// files and validated at load. A catalog holds exact entries (card titles,
// card texts, names) and patterns for text built from parts, such as
// "Rally in {1}" → "Concentración en {1}". A pattern's placeholders match
// any text, and what they matched is translated again, so a card title or
// a space name inside a prompt comes out translated too.
//
// Number agreement is part of an entry, not a text apart: a choice
// {N|one|other} stands for the form to use by the number placeholder {N}
// matched — one when it is 1 (or −1), other for any other number or text.
// In a translation it picks the words ("Piazza {1} {1|Attivista|Attivisti}"
// or "{1|un pezzo|{1} pezzi}"; a branch may hold plain placeholders); in
// the English text it matches either form, so one entry serves "Place 1
// Activist" and "Place 3 Activists", and makes {N} match only a number.
//
// Text the catalog does not know comes back unchanged, so a partial
// catalog degrades to English and never to an error; the games' tests
// prove their catalogs cover every text random play produces.
package i18n

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"path"
	"regexp"
	"slices"
	"sort"
	"strings"
	"sync"
	"testing/fstest"
	"unicode"
	"unicode/utf8"
)

// English is the language the engines write; it needs no catalog.
const English = "en"

// Catalog translates one game's text into one language. It is safe for
// concurrent use.
type Catalog struct {
	Lang     string
	exact    map[string]string
	articles map[string]string            // name → its article or class
	preps    map[string]map[string]string // preposition → article → what they make
	patterns []*pattern
	byHead   map[string][]*pattern // patterns by the first word they start with
	wild     []*pattern            // patterns that start with a placeholder

	mu    sync.Mutex
	cache map[string]result // results of Translate, misses included
}

type result struct {
	text string
	ok   bool
	// cut: some part lay deeper than maxDepth and stayed as it was; such a
	// result depends on the depth it was reached at and is not cached.
	cut bool
}

// maxCache bounds the result cache; it is emptied when full. Engine text
// repeats heavily (log lines, prompts), so a small cache serves most calls.
const maxCache = 50000

type pattern struct {
	en, tr string
	// prefix, middle and suffix are the literal text before the first
	// placeholder, between placeholders, and after the last: a cheap
	// test that rules out most patterns before the expression runs.
	prefix, suffix string
	middle         []string
	re             *regexp.Regexp
	slots          []int // the placeholder number of each capture group, in order
	weight         int   // literal characters: more specific patterns are tried first
	file           string
}

// file is one catalog file as written.
type file struct {
	Comment  string            `json:"comment"`
	Exact    map[string]string `json:"exact"`
	Patterns map[string]string `json:"patterns"`
	// Articles gives names (as translated) the article they take, or a
	// class, written with a star ("*city"), for those that take no article
	// but a preposition of their own ("a Delhi"); Prepositions says what a preposition becomes
	// before each article or class ("en" + "la" → "en la", "in" + "la" →
	// "nella", "in" + "*city" → "a"). A translation asks for them with
	// {en:1}: the preposition, then the part.
	Articles     map[string]string            `json:"articles"`
	Prepositions map[string]map[string]string `json:"prepositions"`
}

var (
	placeholder = regexp.MustCompile(`\{[1-9]\}`)
	// choice is a number-agreement choice {N|one|other}; its branches may
	// hold plain placeholders but no choice.
	choice    = regexp.MustCompile(`\{([1-9])\|((?:[^{}|]|\{[1-9]\})*)\|((?:[^{}|]|\{[1-9]\})*)\}`)
	badChoice = regexp.MustCompile(`\{[1-9]\|`) // what is left of a choice written wrong
	// prepSlot is a preposition joined to a part, {en:1}.
	prepSlot = regexp.MustCompile(`\{([\p{L}']+):([1-9])\}`)
	// capSlot is a placeholder whose part starts its sentence, {^1}: its
	// first letter becomes a capital.
	capSlot = regexp.MustCompile(`\{\^([1-9])\}`)
	// slot is a placeholder, a choice, a preposition or a capitalised
	// placeholder, as a translation is filled in.
	slot     = regexp.MustCompile(`\{([1-9])\}|` + choice.String() + `|` + prepSlot.String() + `|` + capSlot.String())
	langCode = regexp.MustCompile(`^[a-z]{2}$`)
)

// Load reads every catalog under dir of fsys: one directory per language
// (dir/es, dir/it, …), each holding any number of JSON files that are
// merged. A missing dir yields no catalogs. Any malformed file, duplicate
// entry or placeholder mismatch is an error naming the file and the entry.
func Load(fsys fs.FS, dir string) (map[string]*Catalog, error) {
	langs, err := fs.ReadDir(fsys, dir)
	if err != nil {
		if errors.Is(err, fs.ErrNotExist) {
			return map[string]*Catalog{}, nil
		}
		return nil, fmt.Errorf("i18n: %w", err)
	}
	out := map[string]*Catalog{}
	for _, l := range langs {
		if !l.IsDir() {
			return nil, fmt.Errorf("i18n: %s: expected only language directories such as %s/es", path.Join(dir, l.Name()), dir)
		}
		if !langCode.MatchString(l.Name()) || l.Name() == English {
			return nil, fmt.Errorf("i18n: %s: a language directory is named by a two-letter code other than %q", path.Join(dir, l.Name()), English)
		}
		c, err := loadLang(fsys, path.Join(dir, l.Name()), l.Name())
		if err != nil {
			return nil, err
		}
		out[l.Name()] = c
	}
	return out, nil
}

func loadLang(fsys fs.FS, dir, lang string) (*Catalog, error) {
	files, err := fs.ReadDir(fsys, dir)
	if err != nil {
		return nil, fmt.Errorf("i18n: %w", err)
	}
	c := newCatalog(lang)
	from := map[string]string{} // entry → the file that defined it
	for _, f := range files {
		name := path.Join(dir, f.Name())
		if f.IsDir() || path.Ext(f.Name()) != ".json" {
			return nil, fmt.Errorf("i18n: %s: expected only .json files", name)
		}
		raw, err := fs.ReadFile(fsys, name)
		if err != nil {
			return nil, fmt.Errorf("i18n: %w", err)
		}
		if err := c.add(raw, name, from); err != nil {
			return nil, err
		}
	}
	c.index()
	return c, nil
}

// newCatalog is an empty catalog for lang.
func newCatalog(lang string) *Catalog {
	return &Catalog{Lang: lang, exact: map[string]string{}, byHead: map[string][]*pattern{},
		articles: map[string]string{}, preps: map[string]map[string]string{}}
}

// index files the patterns by the first word they start with.
func (c *Catalog) index() {
	for _, p := range c.patterns {
		if head, ok := headWord(p.en); ok {
			c.byHead[head] = append(c.byHead[head], p)
		} else {
			c.wild = append(c.wild, p)
		}
	}
	order := func(ps []*pattern) {
		sort.SliceStable(ps, func(i, j int) bool {
			if ps[i].weight != ps[j].weight {
				return ps[i].weight > ps[j].weight
			}
			return ps[i].en < ps[j].en
		})
	}
	for _, ps := range c.byHead {
		order(ps)
	}
	order(c.wild)
}

// Merge is one catalog with the entries of cs, nil ones skipped: where two
// translate the same English text, the first wins. A server's own messages
// and a game's catalog merge so that a message naming the game's things
// (a seat, a prompt) is translated whole.
func Merge(lang string, cs ...*Catalog) *Catalog {
	m := newCatalog(lang)
	seen := map[string]bool{}
	for _, c := range cs {
		if c == nil {
			continue
		}
		for en, tr := range c.exact {
			if _, ok := m.exact[en]; !ok {
				m.exact[en] = tr
			}
		}
		for name, art := range c.articles {
			if _, ok := m.articles[name]; !ok {
				m.articles[name] = art
			}
		}
		for prep, forms := range c.preps {
			if m.preps[prep] == nil {
				m.preps[prep] = map[string]string{}
			}
			for art, form := range forms {
				if _, ok := m.preps[prep][art]; !ok {
					m.preps[prep][art] = form
				}
			}
		}
		for _, p := range c.patterns {
			if !seen[p.en] {
				seen[p.en] = true
				m.patterns = append(m.patterns, p)
			}
		}
	}
	m.index()
	return m
}

// Parse builds a catalog from one file's bytes (name is used in errors).
func Parse(lang string, raw []byte, name string) (*Catalog, error) {
	fsys := fstest.MapFS{lang + "/" + path.Base(name): &fstest.MapFile{Data: raw}}
	cs, err := Load(fsys, ".")
	if err != nil {
		return nil, err
	}
	return cs[lang], nil
}

func (c *Catalog) add(raw []byte, name string, from map[string]string) error {
	var f file
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&f); err != nil {
		return fmt.Errorf("i18n: %s: %w", name, err)
	}
	if dec.More() {
		return fmt.Errorf("i18n: %s: text after the catalog object", name)
	}
	seen := func(en string) error {
		if other, dup := from[en]; dup {
			return fmt.Errorf("i18n: %s: %q is already translated in %s", name, en, other)
		}
		from[en] = name
		return nil
	}
	for en, tr := range f.Exact {
		if err := checkEntry(en, tr); err != nil {
			return fmt.Errorf("i18n: %s: exact %q: %w", name, en, err)
		}
		if placeholder.MatchString(en) || choice.MatchString(en) || choice.MatchString(tr) {
			return fmt.Errorf("i18n: %s: exact %q holds a placeholder; put it under \"patterns\"", name, en)
		}
		if err := seen(en); err != nil {
			return err
		}
		c.exact[en] = tr
	}
	for name, art := range f.Articles {
		if _, dup := c.articles[name]; dup {
			return fmt.Errorf("i18n: %s: the article of %q is given twice", name, name)
		}
		c.articles[name] = art
	}
	for prep, forms := range f.Prepositions {
		if c.preps[prep] == nil {
			c.preps[prep] = map[string]string{}
		}
		for art, form := range forms {
			if _, dup := c.preps[prep][art]; dup {
				return fmt.Errorf("i18n: %s: preposition %q before %q is given twice", name, prep, art)
			}
			c.preps[prep][art] = form
		}
	}
	for en, tr := range f.Patterns {
		if err := checkEntry(en, tr); err != nil {
			return fmt.Errorf("i18n: %s: pattern %q: %w", name, en, err)
		}
		p, err := compile(en, tr)
		if err != nil {
			return fmt.Errorf("i18n: %s: pattern %q: %w", name, en, err)
		}
		if err := seen(en); err != nil {
			return err
		}
		p.file = name
		c.patterns = append(c.patterns, p)
	}
	return nil
}

func checkEntry(en, tr string) error {
	switch {
	case strings.TrimSpace(en) == "":
		return fmt.Errorf("empty English text")
	case strings.TrimSpace(tr) == "":
		return fmt.Errorf("empty translation")
	}
	return nil
}

// compile turns "Rally in {1}: {2} more" into an anchored expression with
// one lazy group per placeholder. Each placeholder must appear once in the
// English text and at least once in the translation, and two placeholders
// may not touch (nothing could tell where one ends).
func compile(en, tr string) (*pattern, error) {
	// The English text is cut at its placeholders and choices; a choice
	// matches either of its forms and captures nothing.
	type cut struct {
		start, end int
		ph         string // "{N}" for a placeholder, "" for a choice
		alt        string // a choice's expression
		min        int    // a choice's shorter form, in characters
	}
	var cuts []cut
	for _, l := range choice.FindAllStringSubmatchIndex(en, -1) {
		one, other := en[l[4]:l[5]], en[l[6]:l[7]]
		if placeholder.MatchString(one) || placeholder.MatchString(other) {
			return nil, fmt.Errorf("a choice in the English text holds a placeholder")
		}
		cuts = append(cuts, cut{start: l[0], end: l[1], alt: "(?:" + longerFirst(one, other) + ")", min: min(len(one), len(other))})
	}
	plain := choice.ReplaceAllStringFunc(en, func(c string) string { return strings.Repeat("\x00", len(c)) })
	for _, l := range placeholder.FindAllStringIndex(plain, -1) {
		cuts = append(cuts, cut{start: l[0], end: l[1], ph: en[l[0]:l[1]]})
	}
	slices.SortFunc(cuts, func(a, b cut) int { return a.start - b.start })
	chosen := map[string]bool{} // placeholders a choice of the English text follows: numbers
	for _, c := range cuts {
		if c.ph == "" {
			chosen[en[c.start+1:c.start+2]] = true
		}
	}
	if !slices.ContainsFunc(cuts, func(c cut) bool { return c.ph != "" }) {
		return nil, fmt.Errorf("no placeholder {1}…{9}; put it under \"exact\"")
	}
	var re strings.Builder
	re.WriteString("(?s)^") // a placeholder may match several lines
	p := &pattern{en: en, tr: tr}
	last := 0
	used := map[string]bool{}
	var prev *cut
	lits := []string{}
	for i := range cuts {
		c := &cuts[i]
		if prev != nil && c.start == prev.end && c.ph != "" && prev.ph != "" {
			return nil, fmt.Errorf("placeholders %s and %s touch", prev.ph, c.ph)
		}
		lit := en[last:c.start]
		lits = append(lits, lit)
		p.weight += len(lit)
		re.WriteString(regexp.QuoteMeta(lit))
		if c.ph == "" {
			re.WriteString(c.alt)
			p.weight += c.min
		} else {
			if chosen[c.ph[1:2]] {
				re.WriteString(`([-+−]?[0-9]+)`)
			} else {
				re.WriteString("(.+?)")
			}
			if used[c.ph] {
				return nil, fmt.Errorf("placeholder %s appears twice", c.ph)
			}
			used[c.ph] = true
			p.slots = append(p.slots, int(c.ph[1]-'0'))
		}
		last = c.end
		prev = c
	}
	p.weight += len(en) - last
	p.suffix = en[last:]
	// The literal start, middle and end that every match holds (mayMatch):
	// a choice's forms differ, so it ends the literal before it.
	p.prefix = lits[0]
	for _, l := range lits[1:] {
		if l != "" {
			p.middle = append(p.middle, l)
		}
	}
	if p.weight == 0 {
		return nil, fmt.Errorf("a pattern that is only a placeholder would match anything")
	}
	re.WriteString(regexp.QuoteMeta(en[last:]))
	re.WriteString("$")
	var err error
	if p.re, err = regexp.Compile(re.String()); err != nil {
		return nil, err
	}
	for n := range chosen {
		if !used["{"+n+"}"] {
			return nil, fmt.Errorf("a choice follows {%s}, which the English text lacks", n)
		}
	}
	inTr := map[string]bool{}
	for _, m := range slot.FindAllStringSubmatch(tr, -1) {
		n := m[1] + m[2] + m[6] + m[7]
		inTr["{"+n+"}"] = true
		for _, b := range m[3:5] {
			for _, ph := range placeholder.FindAllString(b, -1) {
				inTr[ph] = true
			}
		}
	}
	for ph := range used {
		if !inTr[ph] {
			return nil, fmt.Errorf("the translation %q lacks %s", tr, ph)
		}
	}
	for ph := range inTr {
		if !used[ph] {
			return nil, fmt.Errorf("the translation %q uses %s, which the English text lacks", tr, ph)
		}
	}
	if badChoice.MatchString(slot.ReplaceAllString(tr, "")) {
		return nil, fmt.Errorf("the translation %q holds a malformed choice (write {N|one|other})", tr)
	}
	return p, nil
}

// longerFirst is the alternation of a choice's two forms, the longer
// first, so "Activists" is not read as "Activist" and a stray "s".
func longerFirst(a, b string) string {
	if len(b) > len(a) {
		a, b = b, a
	}
	return regexp.QuoteMeta(a) + "|" + regexp.QuoteMeta(b)
}

// one says whether a number placeholder matched one (1, +1, −1): the
// singular form of a choice.
func one(s string) bool {
	s = strings.TrimLeft(s, "+-−")
	return s == "1"
}

// fill writes a translation with its placeholders' parts (by number), its
// choices made by what the placeholders matched (args, by number), and its
// prepositions joined to their parts (join).
func (c *Catalog) fill(tr string, parts, args *[10]string) string {
	return slot.ReplaceAllStringFunc(tr, func(m string) string {
		sm := slot.FindStringSubmatch(m)
		switch {
		case sm[1] != "":
			return parts[sm[1][0]-'0']
		case sm[5] != "":
			return c.join(sm[5], parts[sm[6][0]-'0'])
		case sm[7] != "":
			return upperFirst(parts[sm[7][0]-'0'])
		}
		b := sm[4]
		if one(args[sm[2][0]-'0']) {
			b = sm[3]
		}
		return placeholder.ReplaceAllStringFunc(b, func(ph string) string { return parts[ph[1]-'0'] })
	})
}

// join puts a preposition before a name as the name's article wants it:
// "en" + "Presidencia de Madrás" (la) is "en la Presidencia de Madrás",
// "in" + "Presidenza di Madras" (la) "nella Presidenza di Madras", "in" +
// "Delhi" (*city) "a Delhi". A name without an article entry, or an
// article the preposition has no form for, takes the preposition as it
// is (with the article, if any, after it).
//
// An article itself is written the same way, for a name that is a subject
// or an object: {il:1} is "la Presidenza di Madras", "l'Assam", "Delhi"
// (a city takes none). A preposition is an article when its forms give
// itself before itself (Prepositions "il": {"il": "il", "la": "la", …});
// a name without an article entry takes none from it, nor does a name
// whose article it has no form for. Written with a capital ({Il:1},
// {El:1}), a preposition or article starts its sentence: the joined text
// takes a capital.
func (c *Catalog) join(prep, name string) string {
	if lower := lowerFirst(prep); lower != prep && c.preps[prep] == nil && c.preps[lower] != nil {
		return upperFirst(c.join(lower, name))
	}
	article := c.preps[prep][prep] == prep
	art, ok := c.articles[name]
	if !ok {
		if article {
			return name
		}
		return prep + " " + name
	}
	form, ok := c.preps[prep][art]
	if !ok {
		switch {
		case article && strings.HasPrefix(art, "*"):
			form = ""
		case article:
			form = art
		default:
			form = prep
			if art != "" && !strings.HasPrefix(art, "*") {
				form += " " + art
			}
		}
	}
	switch {
	case form == "":
		return name
	case strings.HasSuffix(form, "'"):
		return form + name
	}
	return form + " " + name
}

// upperFirst and lowerFirst are s with its first letter a capital, or not.
func upperFirst(s string) string {
	for _, r := range s {
		return string(unicode.ToUpper(r)) + s[utf8.RuneLen(r):]
	}
	return s
}

func lowerFirst(s string) string {
	for _, r := range s {
		return string(unicode.ToLower(r)) + s[utf8.RuneLen(r):]
	}
	return s
}

// headWord is the first whole word of a pattern's leading literal, the key
// it is indexed by; ok is false when a placeholder comes before the first
// space (the pattern must then be tried on every text).
func headWord(en string) (string, bool) {
	lit := en
	if l := slot.FindStringIndex(en); l != nil {
		lit = en[:l[0]]
	}
	i := strings.IndexByte(lit, ' ')
	if i <= 0 {
		return "", false
	}
	return lit[:i], true
}

func firstWord(s string) string {
	if i := strings.IndexByte(s, ' '); i > 0 {
		return s[:i]
	}
	return s
}

// Translate returns s in the catalog's language, and whether the catalog
// knew it (exactly or by a pattern). Unknown text comes back unchanged. A
// nil catalog (English) returns s, true.
func (c *Catalog) Translate(s string) (string, bool) {
	if c == nil {
		return s, true
	}
	if s == "" {
		return s, true
	}
	r := c.translate(s, 0)
	return r.text, r.ok
}

// cached looks s up among earlier results; parts of texts (what
// placeholders matched: names, pieces, card titles) repeat even more than
// whole texts, so they are cached too.
func (c *Catalog) cached(s string) (result, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	r, ok := c.cache[s]
	return r, ok
}

func (c *Catalog) remember(s string, r result) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.cache == nil || len(c.cache) >= maxCache {
		c.cache = make(map[string]result)
	}
	c.cache[s] = r
}

// T is Translate without the flag.
func (c *Catalog) T(s string) string {
	r, _ := c.Translate(s)
	return r
}

// maxDepth bounds how deep placeholders are translated again.
const maxDepth = 16

func (c *Catalog) translate(s string, depth int) result {
	if tr, ok := c.exact[s]; ok {
		return result{text: tr, ok: true}
	}
	if depth >= maxDepth {
		return result{text: s, cut: true}
	}
	if r, ok := c.cached(s); ok {
		return r
	}
	r := c.translateParts(s, depth)
	if !r.cut {
		c.remember(s, r)
	}
	return r
}

func (c *Catalog) translateParts(s string, depth int) result {
	// Indentation (log lines nested under the one that caused them) and
	// trailing spaces are kept around the translated text.
	if inner := strings.Trim(s, " "); inner != s && inner != "" {
		i := strings.Index(s, inner)
		if r := c.translate(inner, depth); r.ok {
			r.text = s[:i] + r.text + s[i+len(inner):]
			return r
		}
	}
	return c.match(s, depth)
}

// find returns the most specific pattern matching s and what its
// placeholders matched: the patterns indexed under s's first word and
// those that start with a placeholder, merged by weight.
func (c *Catalog) find(s string) (*pattern, []string) {
	head, wild := c.byHead[firstWord(s)], c.wild
	for len(head) > 0 || len(wild) > 0 {
		var p *pattern
		if len(wild) == 0 || len(head) > 0 && head[0].weight >= wild[0].weight {
			p, head = head[0], head[1:]
		} else {
			p, wild = wild[0], wild[1:]
		}
		if !p.mayMatch(s) {
			continue
		}
		if m := p.re.FindStringSubmatch(s); m != nil {
			return p, m[1:]
		}
	}
	return nil, nil
}

// mayMatch is false when s cannot match: it lacks the pattern's literal
// start, end or middle text, or is too short to hold them and a character
// for each placeholder.
func (p *pattern) mayMatch(s string) bool {
	if len(s) < p.weight+len(p.slots) || !strings.HasPrefix(s, p.prefix) || !strings.HasSuffix(s, p.suffix) {
		return false
	}
	for _, m := range p.middle {
		if !strings.Contains(s, m) {
			return false
		}
	}
	return true
}

func (c *Catalog) match(s string, depth int) result {
	p, args := c.find(s)
	if p == nil {
		return result{text: s}
	}
	var parts, raw [10]string // by placeholder number
	cut := false
	for i, n := range p.slots {
		r := c.translate(args[i], depth+1)
		parts[n], raw[n], cut = r.text, args[i], cut || r.cut
	}
	// One pass over the translation, so a part that itself reads like a
	// placeholder is never substituted into.
	out := c.fill(p.tr, &parts, &raw)
	return result{text: out, ok: true, cut: cut}
}

// Explain says which entry translates s ("exact", or the pattern's English
// text and file) for tests and for authors; "" when none does.
func (c *Catalog) Explain(s string) string {
	if _, ok := c.exact[s]; ok {
		return "exact"
	}
	if inner := strings.Trim(s, " "); inner != s && inner != "" && c.translate(inner, 0).ok {
		return c.Explain(inner)
	}
	if p, _ := c.find(s); p != nil {
		return p.en + " (" + p.file + ")"
	}
	return ""
}

// Args returns what the placeholders of the pattern that translates s
// matched, so a test can check each part is translated or a name; nil for
// an exact entry or unknown text.
func (c *Catalog) Args(s string) []string {
	if _, ok := c.exact[s]; ok {
		return nil
	}
	// As translateParts: an indented text is translated without its
	// indentation when it can be.
	if inner := strings.Trim(s, " "); inner != s && inner != "" {
		if c.translate(inner, 0).ok {
			return c.Args(inner)
		}
	}
	_, args := c.find(s)
	return slices.Clone(args)
}

// Size counts the catalog's exact entries and patterns.
func (c *Catalog) Size() (exact, patterns int) { return len(c.exact), len(c.patterns) }
