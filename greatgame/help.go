package greatgame

import (
	"bytes"
	_ "embed"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"regexp"
	"strings"
	"sync"
	"unicode/utf8"
)

// The rule summaries behind the terminal's `help RULE`: every section of the
// rulebook (1.0 … 25.2.2), the leader list and the native unit codes, the
// three scenarios section by section ("S1 7.2"), the tables (Expenses,
// Random Events with each event by its id, Income, Negotiation with each
// result, both Combat Results Tables with each result code and note) and
// the clarifications. Each has the section's title and a crib note in the
// project's own words: a signpost to the rulebook, not a substitute for it.
//
// The summaries live in data/help.json, apart from the edition's six data
// files (Load never sees them), and are loaded once, on first use. A
// malformed file is an error of the internal loader, caught by the tests;
// at run time RuleHelp then finds nothing, it never panics.

//go:embed data/help.json
var helpFile []byte

// helpEntry is one entry of data/help.json.
type helpEntry struct {
	Rule  string `json:"rule"`  // the id: "14.7.2", "S1 7.2", "Combat", "jihad-british", "DD"…
	Title string `json:"title"` // the section's title
	Text  string `json:"text"`  // one to four sentences
}

// helpBook is the loaded summaries: the entries in file order, indexed by
// lower-case id and title, with each entry's parent and children.
type helpBook struct {
	entries  []helpEntry
	byID     map[string]int
	byTitle  map[string][]int
	parent   []int // -1 for a top-level entry
	children [][]int
}

// loadedHelp loads data/help.json once.
var loadedHelp = sync.OnceValues(func() (*helpBook, error) { return parseHelp(helpFile) })

// helpWidth is the terminal width the help is formatted for.
const helpWidth = 80

// helpIndent starts each line of an entry's text.
const helpIndent = "    "

// helpTables are the top-level entries that are not numbered sections:
// the lists and tables printed after the rules, and the scenarios' overview.
var helpTables = []string{"Leaders", "Natives", "Scenarios", "Expenses", "Events", "Income", "Negotiation", "Combat", "Clarifications"}

// helpParentOverride gives the parent of the entries whose number does not
// say it: the rulebook prints scenario 2's special rules, under its 7.0, as
// 9.1 and 9.2 (and the set-up data cites them so).
var helpParentOverride = map[string]string{"S2 9.1": "S2 7.0", "S2 9.2": "S2 7.0"}

var (
	helpSectionRE  = regexp.MustCompile(`^[1-9][0-9]*\.[0-9]+(\.[1-9][0-9]*)?$`)
	helpScenarioRE = regexp.MustCompile(`^S[1-9]( [1-9][0-9]*\.[0-9]+)?$`)
	helpEventRE    = regexp.MustCompile(`^[a-z]+(-[a-z]+)*$`)
	helpCombatRE   = regexp.MustCompile(`^[A-Z]{2}$`)
	helpNegRE      = regexp.MustCompile(`^[A-Z]$`)
	helpSubRE      = regexp.MustCompile(`^([A-Z][a-z]+) [a-z0-9]+( [a-z0-9]+)?$`)
	// helpParenTail is a cited sub-item: "3.1(3)", "5.4.2(3)", "CRT note 4(4)".
	helpParenTail = regexp.MustCompile(`\s*\([^()]*\)$`)
)

// helpParentOf returns the id of the entry an id belongs under ("" for a
// top-level entry), and false for an id of no known form.
func helpParentOf(id string) (string, bool) {
	if p, ok := helpParentOverride[id]; ok {
		return p, true
	}
	switch {
	case helpSectionRE.MatchString(id):
		parts := strings.Split(id, ".")
		switch {
		case len(parts) == 3:
			return parts[0] + "." + parts[1], true
		case parts[1] != "0":
			return parts[0] + ".0", true
		}
		return "", true
	case helpScenarioRE.MatchString(id):
		sc, sec, ok := strings.Cut(id, " ")
		if !ok {
			return "", true
		}
		if chapter, minor, _ := strings.Cut(sec, "."); minor != "0" {
			return sc + " " + chapter + ".0", true
		}
		return sc, true
	case isHelpTable(id):
		return "", true
	case helpSubRE.MatchString(id):
		table, _, _ := strings.Cut(id, " ")
		if isHelpTable(table) {
			return table, true
		}
	case helpEventRE.MatchString(id):
		return "Events", true
	case helpCombatRE.MatchString(id):
		return "Combat", true
	case helpNegRE.MatchString(id):
		return "Negotiation", true
	}
	return "", false
}

func isHelpTable(id string) bool {
	for _, t := range helpTables {
		if id == t {
			return true
		}
	}
	return false
}

// parseHelp decodes and checks the summaries strictly: a JSON list of
// entries with no unknown field and nothing after it; every id of a known
// form, unique (case aside) and listed after its parent; titles and texts
// present, on one line, the title line within the terminal's width. Every
// problem found is listed in the error.
func parseHelp(b []byte) (*helpBook, error) {
	var list []helpEntry
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&list); err != nil {
		return nil, fmt.Errorf("greatgame: help.json: %w", err)
	}
	if _, err := dec.Token(); err != io.EOF {
		return nil, errors.New("greatgame: help.json: data after the list")
	}
	if len(list) == 0 {
		return nil, errors.New("greatgame: help.json: no entries")
	}
	bk := &helpBook{
		entries:  list,
		byID:     make(map[string]int, len(list)),
		byTitle:  make(map[string][]int, len(list)),
		parent:   make([]int, len(list)),
		children: make([][]int, len(list)),
	}
	var probs []string
	bad := func(i int, format string, a ...any) {
		probs = append(probs, fmt.Sprintf("entry %d (%q): %s", i+1, list[i].Rule, fmt.Sprintf(format, a...)))
	}
	for i, e := range list {
		bk.parent[i] = -1
		switch {
		case e.Rule == "":
			bad(i, "no rule")
			continue
		case strings.TrimSpace(e.Title) != e.Title || e.Title == "" || strings.ContainsAny(e.Title, "\n\t"):
			bad(i, "title missing, padded or on several lines")
		case strings.TrimSpace(e.Text) != e.Text || e.Text == "" || strings.ContainsAny(e.Text, "\n\t"):
			bad(i, "text missing, padded or on several lines")
		case utf8.RuneCountInString(e.Rule)+2+utf8.RuneCountInString(e.Title) > helpWidth:
			bad(i, "the title line is wider than %d columns", helpWidth)
		}
		key := strings.ToLower(e.Rule)
		if j, dup := bk.byID[key]; dup {
			bad(i, "the same rule as entry %d", j+1)
			continue
		}
		parent, ok := helpParentOf(e.Rule)
		if !ok {
			bad(i, "not a rule id of a known form")
			continue
		}
		if parent != "" {
			p, ok := bk.byID[strings.ToLower(parent)]
			if !ok {
				bad(i, "its parent %q is not listed before it", parent)
				continue
			}
			bk.parent[i] = p
			bk.children[p] = append(bk.children[p], i)
		}
		bk.byID[key] = i
		t := strings.ToLower(e.Title)
		bk.byTitle[t] = append(bk.byTitle[t], i)
	}
	if len(probs) > 0 {
		return nil, fmt.Errorf("greatgame: help.json: %d problem(s):\n  %s", len(probs), strings.Join(probs, "\n  "))
	}
	return bk, nil
}

// RuleHelp returns the summary of a rule, formatted for the terminal: the
// entry asked for and every entry under it ("14.7" gives 14.7, 14.7.1 …
// 14.7.4), each a title line and its text wrapped within 80 columns. It
// takes a section ("14.7", "rule 14.7", "14" for 14.0, a cited sub-item
// such as "5.4.2(3)"), a scenario's section ("S1 7.2", "scenario 1 7.2"), an
// event id ("jihad-british"), a combat or negotiation result ("DD", "T"), a
// table ("negotiation", "combat", "income", "expenses", "events",
// "clarifications", "leaders", "scenarios") or an entry's title, in any
// case, and a list of such separated by commas as the engine cites them
// ("10.0, 16.5"). Unknown, it returns "" and false.
func RuleHelp(query string) (string, bool) {
	b, err := loadedHelp()
	if err != nil {
		return "", false
	}
	return b.help(query)
}

// RuleIndex lists the summaries compactly: each top-level section, table or
// scenario with its title, and under it the entries directly beneath it.
// It is "" if the summaries could not be loaded.
func RuleIndex() string {
	b, err := loadedHelp()
	if err != nil {
		return ""
	}
	return b.index()
}

func (b *helpBook) help(query string) (string, bool) {
	if b == nil {
		return "", false
	}
	found := b.find(query)
	if len(found) == 0 {
		return "", false
	}
	var sb strings.Builder
	shown := make(map[int]bool)
	for _, i := range found {
		b.writeTree(&sb, i, shown)
	}
	return sb.String(), true
}

// writeTree writes an entry and everything under it, in file order, each
// once, entries apart by a blank line.
func (b *helpBook) writeTree(sb *strings.Builder, i int, shown map[int]bool) {
	if !shown[i] {
		shown[i] = true
		if sb.Len() > 0 {
			sb.WriteByte('\n')
		}
		e := b.entries[i]
		sb.WriteString(e.Rule + "  " + e.Title + "\n")
		for _, line := range wrapWords(strings.Fields(e.Text), " ", helpWidth-len(helpIndent)) {
			sb.WriteString(helpIndent + line + "\n")
		}
	}
	for _, c := range b.children[i] {
		b.writeTree(sb, c, shown)
	}
}

func (b *helpBook) index() string {
	var sb strings.Builder
	sb.WriteString("Rule summaries: help SECTION (14.7, S1 7.2), an event, a result code or a table.\n")
	const sub = "      "
	for i, e := range b.entries {
		if b.parent[i] >= 0 {
			continue
		}
		sb.WriteString(e.Rule + "  " + e.Title + "\n")
		var items []string
		for _, c := range b.children[i] {
			items = append(items, b.indexLabel(c))
		}
		for _, line := range wrapWords(items, " · ", helpWidth-len(sub)) {
			sb.WriteString(sub + line + "\n")
		}
	}
	return sb.String()
}

// indexLabel is how RuleIndex names an entry under a top-level one: its id
// and title, or only its id when the id says it already (events, table
// parts such as "Combat note 4").
func (b *helpBook) indexLabel(i int) string {
	e := b.entries[i]
	if helpEventRE.MatchString(e.Rule) || helpSubRE.MatchString(e.Rule) {
		return e.Rule
	}
	return e.Rule + " " + e.Title
}

// wrapWords joins items with sep into lines of at most width columns,
// breaking only between items (an item wider than width has a line of its
// own).
func wrapWords(items []string, sep string, width int) []string {
	var lines []string
	var cur strings.Builder
	n := 0
	for _, it := range items {
		w := utf8.RuneCountInString(it)
		if n > 0 && n+utf8.RuneCountInString(sep)+w > width {
			lines = append(lines, cur.String())
			cur.Reset()
			n = 0
		}
		if n > 0 {
			cur.WriteString(sep)
			n += utf8.RuneCountInString(sep)
		}
		cur.WriteString(it)
		n += w
	}
	if n > 0 {
		lines = append(lines, cur.String())
	}
	return lines
}

// helpAliases are other names of the tables, the scenarios and sections,
// lower case.
var helpAliases = func() map[string]string {
	m := map[string]string{
		// The rulebook cites the capture procedure as 16.4.1; it is printed as 16.3.1.
		"16.4.1": "16.3.1",
	}
	for to, names := range map[string][]string{
		"combat": {"crt", "crts", "combat results", "combat results table", "combat results tables",
			"combat table", "combat tables"},
		"events":         {"event", "random event", "random events", "random events table", "events table", "event table"},
		"expenses":       {"expense", "expenses table", "expense table"},
		"income":         {"income table"},
		"negotiation":    {"negotiations", "negotiation table", "negotiations table", "diplomacy"},
		"clarifications": {"clarification"},
		"leaders":        {"leader", "leaders and periods"},
		"natives":        {"native", "native units", "native unit codes", "abbreviations"},
		"scenarios":      {"scenario"},
		"s1":             {"scenario 1", "scenario1"},
		"s2":             {"scenario 2", "scenario2"},
		"s3":             {"scenario 3", "scenario3"},
	} {
		for _, n := range names {
			m[n] = to
		}
	}
	return m
}()

// find returns the entries a query names: one, several for a list of
// citations or a set-up line of every scenario, none when it is unknown.
func (b *helpBook) find(query string) []int {
	q := strings.ToLower(strings.Join(strings.Fields(query), " "))
	for _, p := range []string{"rules ", "rule ", "section ", "§"} {
		q = strings.TrimSpace(strings.TrimPrefix(q, p))
	}
	q = strings.TrimSuffix(q, ".")
	if q == "" {
		return nil
	}
	if got := b.find1(q); len(got) > 0 {
		return got
	}
	if !strings.ContainsAny(q, ",;") {
		return nil
	}
	var out []int
	for _, part := range strings.FieldsFunc(q, func(r rune) bool { return r == ',' || r == ';' }) {
		got := b.find1(strings.TrimSuffix(strings.TrimSpace(part), "."))
		if len(got) == 0 {
			return nil
		}
		out = append(out, got...)
	}
	return out
}

// find1 resolves one lower-case citation, dropping cited sub-items in
// parentheses if need be.
func (b *helpBook) find1(q string) []int {
	for q != "" {
		if got := b.match(q); len(got) > 0 {
			return got
		}
		trimmed := helpParenTail.ReplaceAllString(q, "")
		if trimmed == q {
			break
		}
		q = trimmed
	}
	return nil
}

func (b *helpBook) match(q string) []int {
	if i, ok := b.id(q); ok {
		return []int{i}
	}
	if isDigits(q) {
		if i, ok := b.id(q + ".0"); ok {
			return []int{i}
		}
	}
	if got := b.title(q); got >= 0 {
		return []int{got}
	}
	// "<table> <part>": "combat note 4", "crt dd", "events batta",
	// "scenario 1 7.2"; "scenarios 3.3": that line of every scenario.
	words := strings.Fields(q)
	for n := min(3, len(words)-1); n >= 1; n-- {
		head, rest := strings.Join(words[:n], " "), strings.Join(words[n:], " ")
		root, ok := helpAliases[head]
		if !ok {
			if _, isID := b.byID[head]; !isID {
				continue
			}
			root = head
		}
		if i, ok := b.id(root + " " + rest); ok {
			return []int{i}
		}
		if i, ok := b.id(rest); ok && b.parent[i] >= 0 && strings.ToLower(b.entries[b.parent[i]].Rule) == root {
			return []int{i}
		}
		if root == "scenarios" {
			var out []int
			for s := 1; s <= 9; s++ {
				if i, ok := b.id(fmt.Sprintf("s%d %s", s, rest)); ok {
					out = append(out, i)
				}
			}
			if len(out) > 0 {
				return out
			}
		}
	}
	return nil
}

// id looks up a lower-case id or one of its aliases.
func (b *helpBook) id(q string) (int, bool) {
	if a, ok := helpAliases[q]; ok {
		q = a
	}
	i, ok := b.byID[q]
	return i, ok
}

// title finds the entry with that title, preferring the rules' own
// sections when scenarios or tables share it; -1 if none or ambiguous.
func (b *helpBook) title(q string) int {
	all := b.byTitle[q]
	if len(all) == 1 {
		return all[0]
	}
	found := -1
	for _, i := range all {
		if helpSectionRE.MatchString(b.entries[i].Rule) {
			if found >= 0 {
				return -1
			}
			found = i
		}
	}
	return found
}

func isDigits(s string) bool {
	for _, r := range s {
		if r < '0' || r > '9' {
			return false
		}
	}
	return s != ""
}
