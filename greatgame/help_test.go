package greatgame

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"
)

// helpBookT loads the embedded summaries, failing the test on any problem.
func helpBookT(t *testing.T) *helpBook {
	t.Helper()
	b, err := parseHelp(helpFile)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func TestHelpFileLoads(t *testing.T) {
	b := helpBookT(t)
	if n := len(b.entries); n < 300 {
		t.Errorf("only %d entries", n)
	}
	if _, err := loadedHelp(); err != nil {
		t.Fatal(err)
	}
	// Every chapter of the rulebook, 1.0 to 25.0.
	for c := 1; c <= 25; c++ {
		if _, ok := b.byID[fmt.Sprintf("%d.0", c)]; !ok {
			t.Errorf("no entry for chapter %d.0", c)
		}
	}
	for _, id := range append(slices.Clone(helpTables), "S1", "S2", "S3", "25.2.2", "S1 7.2", "S2 9.2", "S3 4.0") {
		if _, ok := b.byID[strings.ToLower(id)]; !ok {
			t.Errorf("no entry %q", id)
		}
	}
}

func TestHelpEntriesAreCribNotes(t *testing.T) {
	sentence := regexp.MustCompile(`[.!?](\s|$)`)
	spanish := regexp.MustCompile(`[ñáéíóúü¿¡]|\b(el|los|las|del|una|que|por|con|jugador|unidades)\b`)
	for _, e := range helpBookT(t).entries {
		if n := len(sentence.FindAllString(e.Text, -1)); n < 1 || n > 4 {
			t.Errorf("%s: %d sentences, want 1 to 4", e.Rule, n)
		}
		if n := utf8.RuneCountInString(e.Text); n > 520 {
			t.Errorf("%s: %d characters, too long for a crib note", e.Rule, n)
		}
		if n := utf8.RuneCountInString(e.Title); n > 40 || strings.HasSuffix(e.Title, ".") {
			t.Errorf("%s: title %q: at most 40 characters, no full stop", e.Rule, e.Title)
		}
		if m := spanish.FindString(strings.ToLower(e.Title + " " + e.Text)); m != "" {
			t.Errorf("%s: %q: the summaries are in English", e.Rule, m)
		}
	}
}

// TestHelpCoversTheTables: every random event of the edition by its id,
// every combat result and every negotiation result has its entry, under its
// table.
func TestHelpCoversTheTables(t *testing.T) {
	b := helpBookT(t)
	d, err := DefaultData()
	if err != nil {
		t.Fatal(err)
	}
	under := func(id, table string) {
		t.Helper()
		i, ok := b.byID[strings.ToLower(id)]
		if !ok {
			t.Errorf("no entry for %q (%s)", id, table)
			return
		}
		if p := b.parent[i]; p < 0 || b.entries[p].Rule != table {
			t.Errorf("%q is not under %s", id, table)
		}
	}
	ev := d.Charts.Events.List
	if len(ev) != 24 {
		t.Errorf("%d events in the edition, want 24", len(ev))
	}
	for _, e := range ev {
		under(e.ID, "Events")
	}
	for _, r := range d.Charts.Combat.Results {
		under(r.Code, "Combat")
	}
	for _, r := range d.Charts.Negotiation.Results {
		if r.Code != "-" {
			under(r.Code, "Negotiation")
		}
	}
	for n := 1; n <= 4; n++ {
		under(fmt.Sprintf("Combat note %d", n), "Combat")
	}
}

// TestHelpNumbersMatchTheCharts: the summaries that restate a table give
// the edition's numbers.
func TestHelpNumbersMatchTheCharts(t *testing.T) {
	b := helpBookT(t)
	d, err := DefaultData()
	if err != nil {
		t.Fatal(err)
	}
	text := func(id string) string { return b.entries[b.byID[strings.ToLower(id)]].Text }
	c := &d.Charts.Combat
	for _, tc := range []struct {
		id    string
		table [][]string
	}{{"Combat battle", c.Battle}, {"Combat raid", c.Raid}} {
		var cols []string
		for col, ratio := range c.Ratios {
			var runs []string
			for r := 0; r < len(tc.table); {
				code, end := tc.table[r][col], r
				for end+1 < len(tc.table) && tc.table[end+1][col] == code {
					end++
				}
				run := fmt.Sprintf("%s %d", code, c.MinRoll+r)
				if end > r {
					run += fmt.Sprintf("-%d", c.MinRoll+end)
				}
				runs = append(runs, run)
				r = end + 1
			}
			cols = append(cols, ratio+" "+strings.Join(runs, ", "))
		}
		if want := strings.Join(cols, "; ") + "."; text(tc.id) != want {
			t.Errorf("%s:\n got %s\nwant %s", tc.id, text(tc.id), want)
		}
	}
	var gov []string
	for _, g := range d.Charts.Income.Government {
		gov = append(gov, fmt.Sprintf("%d £%d", g.Roll, g.Pounds))
	}
	if want := strings.Join(gov, ", "); !strings.Contains(text("Income"), want) {
		t.Errorf("Income: want %q in %q", want, text("Income"))
	}
	var cols []string
	for _, k := range []string{"A", "B", "C", "D"} {
		cols = append(cols, k+": "+strings.Join(d.Charts.Events.Columns[k], ", ")+".")
	}
	if want := strings.Join(cols, " "); text("Events columns") != want {
		t.Errorf("Events columns:\n got %s\nwant %s", text("Events columns"), want)
	}
}

func TestHelpRuleHelp(t *testing.T) {
	tests := []struct {
		query string
		first string   // the first line
		has   []string // title lines that must follow
		not   []string // title lines that must not
	}{
		{"14.7", "14.7  Odds", []string{"14.7.1  ", "14.7.2  ", "14.7.3  ", "14.7.4  "}, []string{"14.8  "}},
		{"rule 14.7", "14.7  Odds", []string{"14.7.4  "}, nil},
		{"  RULE   14.7. ", "14.7  Odds", nil, nil},
		{"14.7.2", "14.7.2  Odds limits", nil, []string{"14.7.1  ", "14.7  "}},
		{"14", "14.0  Combat", []string{"14.1  ", "14.6.1  ", "14.9  "}, []string{"15.0  "}},
		{"5.4.2(3)", "5.4.2  A region turns belligerent", nil, []string{"5.4.3  "}},
		{"jihad-british", "jihad-british  Jihad (British)", nil, nil},
		{"JIHAD-RUSSIAN", "jihad-russian  Jihad (Russian)", nil, nil},
		{"events batta", "batta  Batta (graft)", nil, nil},
		{"DD", "DD  Defender defeat", nil, nil},
		{"bb", "BB  Bloodbath", nil, nil},
		{"crt dm", "DM  Defender ambushed", nil, nil},
		{"T", "T  Treaty", nil, nil},
		{"negotiation", "Negotiation  Negotiation Table", []string{"E  ", "R  ", "S  ", "T  ", "X  ", "Negotiation offence  "}, nil},
		{"Negotiation Table", "Negotiation  Negotiation Table", nil, nil},
		{"combat", "Combat  Combat Results Tables", []string{"AC  ", "AD  ", "AM  ", "BB  ", "DC  ", "DD  ", "DM  ", "Combat note 4  "}, []string{"14.0  "}},
		{"Combat Results Tables", "Combat  Combat Results Tables", nil, nil},
		{"CRT", "Combat  Combat Results Tables", nil, nil},
		{"CRT note 4(4)", "Combat note 4  Retreats", nil, nil},
		{"income", "Income  Income Table", []string{"Income cities  ", "Income markers  "}, nil},
		{"expenses", "Expenses  Expenses Table", []string{"Expenses notes  "}, nil},
		{"Expenses Table", "Expenses  Expenses Table", nil, nil},
		{"events", "Events  Random Events Table", []string{"british-relief-force  ", "no-event  ", "Events rising  "}, nil},
		{"clarifications", "Clarifications  Rulebook clarifications", nil, nil},
		{"leaders", "Leaders  Leaders and periods", []string{"Leaders 1  ", "Leaders 3  "}, nil},
		{"S1 7.2", "S1 7.2  Ranjit Singh", nil, nil},
		{"s1 7.2", "S1 7.2  Ranjit Singh", nil, nil},
		{"scenario 1 7.2", "S1 7.2  Ranjit Singh", nil, nil},
		{"S2 7.0", "S2 7.0  Special rules", []string{"S2 9.1  ", "S2 9.2  "}, nil},
		{"Scenario 3", "S3  Scenario 3: The Great Game", []string{"S3 4.0  "}, nil},
		{"Scenarios 3.3(1)", "S1 3.3  Russian units", []string{"S2 3.3  British units"}, nil},
		{"Scenarios", "Scenarios  The three scenarios", nil, []string{"S1  "}},
		{"3.1(3), 9.2", "3.1  Phases of a turn", []string{"9.2  ", "9.2.2  "}, nil},
		{"18.0, CRT note 2", "18.0  Reorganization", []string{"Combat note 2  "}, nil},
		{"16.4.1", "16.3.1  Capture", nil, nil},
		{"Bloodbath", "BB  Bloodbath", nil, nil},
		{"balance of power", "4.0  Balance of Power", nil, nil},
		{"pundits, khans and the mad mullah", "16.8  Pundits, Khans and the Mad Mullah", nil, nil},
	}
	for _, tc := range tests {
		t.Run(tc.query, func(t *testing.T) {
			got, ok := RuleHelp(tc.query)
			if !ok {
				t.Fatalf("RuleHelp(%q) not found", tc.query)
			}
			lines := strings.Split(strings.TrimSuffix(got, "\n"), "\n")
			if lines[0] != tc.first {
				t.Errorf("first line %q, want %q", lines[0], tc.first)
			}
			for _, h := range tc.has {
				if !slices.ContainsFunc(lines, func(l string) bool { return strings.HasPrefix(l, h) }) {
					t.Errorf("no line starting %q in\n%s", h, got)
				}
			}
			for _, h := range tc.not {
				if slices.ContainsFunc(lines, func(l string) bool { return strings.HasPrefix(l, h) }) {
					t.Errorf("a line starts %q in\n%s", h, got)
				}
			}
		})
	}
}

func TestHelpUnknown(t *testing.T) {
	for _, q := range []string{"", "  ", "rule", "99.9", "14.7.9", "15.2", "16.4", "S4", "S1 8.0", "xyz",
		"jihad", "ZZ", "combat zz", "scenarios 8.8", "14.7, 99.0", "help 14.7", "-", "()"} {
		t.Run(q, func(t *testing.T) {
			if got, ok := RuleHelp(q); ok || got != "" {
				t.Errorf("RuleHelp(%q) = %q, %v; want nothing", q, got, ok)
			}
		})
	}
	var none *helpBook
	if got, ok := none.help("14.7"); ok || got != "" {
		t.Errorf("help without summaries = %q, %v", got, ok)
	}
}

// TestHelpLayout: every entry can be asked for by its id, and comes out as
// its title line and its text, wrapped within 80 columns.
func TestHelpLayout(t *testing.T) {
	b := helpBookT(t)
	for _, e := range b.entries {
		got, ok := RuleHelp(e.Rule)
		if !ok {
			t.Errorf("RuleHelp(%q) not found", e.Rule)
			continue
		}
		blocks := strings.Split(strings.TrimSuffix(got, "\n"), "\n\n")
		lines := strings.Split(blocks[0], "\n")
		if lines[0] != e.Rule+"  "+e.Title {
			t.Errorf("%s: title line %q", e.Rule, lines[0])
		}
		var words []string
		for _, l := range lines[1:] {
			if !strings.HasPrefix(l, helpIndent) {
				t.Errorf("%s: text line %q not indented", e.Rule, l)
			}
			words = append(words, strings.Fields(l)...)
		}
		if strings.Join(words, " ") != strings.Join(strings.Fields(e.Text), " ") {
			t.Errorf("%s: the text does not come out whole", e.Rule)
		}
		for _, l := range strings.Split(got, "\n") {
			if n := utf8.RuneCountInString(l); n > helpWidth {
				t.Errorf("%s: a line of %d columns: %q", e.Rule, n, l)
			}
		}
	}
}

func TestHelpRuleIndex(t *testing.T) {
	idx := RuleIndex()
	for _, want := range []string{"\n1.0  Introduction\n", "\n14.0  Combat\n", "14.7 Odds", "\n25.0  Victory\n",
		"jihad-british", "no-event", "DD Defender defeat", "T Treaty", "\nS1  Scenario 1: To Afghanistan!\n",
		"S1 7.0 Special rules", "\nClarifications  Rulebook clarifications\n"} {
		if !strings.Contains(idx, want) {
			t.Errorf("the index lacks %q", want)
		}
	}
	if strings.Contains(idx, "14.7.2") {
		t.Error("the index goes below the second level")
	}
	for _, l := range strings.Split(idx, "\n") {
		if n := utf8.RuneCountInString(l); n > helpWidth {
			t.Errorf("index line of %d columns: %q", n, l)
		}
	}
}

// TestHelpCitedRules: every rule the engine's decisions cite has its entry
// (or, for a sub-section, its parent's). The citations are read from the
// package's source: `rule:` and `Rule:` fields, the third argument of
// addRule, assignments to o.rule, and the values of the functions and
// variables named …Rule that feed them.
func TestHelpCitedRules(t *testing.T) {
	b := helpBookT(t)
	cited := engineCitations(t)
	if len(cited) < 30 {
		t.Fatalf("only %d citations found in the source", len(cited))
	}
	for _, want := range []string{"14.6.1", "CRT note 4(4)", "Scenarios ", "3.1(3), 9.2", "21.2", "20.3.4", "25.0"} {
		if !slices.Contains(cited, want) {
			t.Errorf("the citation %q was not found in the source", want)
		}
	}
	for _, c := range cited {
		for _, part := range strings.FieldsFunc(c, func(r rune) bool { return r == ',' || r == ';' }) {
			if !citedHasEntry(b, strings.TrimSpace(part)) {
				t.Errorf("the engine cites %q (in %q): no entry", part, c)
			}
		}
	}
	// The set-up decisions cite "Scenarios " and the line's rule; the
	// scenarios' special rules are logged by their number.
	d, err := DefaultData()
	if err != nil {
		t.Fatal(err)
	}
	for n, sc := range d.Scenarios.Scenarios {
		id := fmt.Sprintf("S%d", n+1)
		if got, ok := RuleHelp(sc.Rule); !ok || !strings.HasPrefix(got, id+"  ") {
			t.Errorf("%s: RuleHelp(%q) does not give %s", sc.ID, sc.Rule, id)
		}
		for _, pl := range sc.Placements {
			sec := helpParenTail.ReplaceAllString(pl.Rule, "")
			if got, ok := RuleHelp("Scenarios " + pl.Rule); !ok || !strings.Contains(got, id+" "+sec+"  ") {
				t.Errorf("%s: set-up line %s has no entry %s %s", sc.ID, pl.Rule, id, sec)
			}
		}
		for _, sp := range sc.Special {
			if _, ok := b.byID[strings.ToLower(id+" "+sp.Rule)]; !ok {
				t.Errorf("%s: special rule %s has no entry", sc.ID, sp.Rule)
			}
		}
	}
}

// citedHasEntry: the citation resolves to an entry, or, a section number
// with no entry of its own, its parent section ("14.7" for "14.7.2") has one.
func citedHasEntry(b *helpBook, c string) bool {
	if len(b.find(c)) > 0 {
		return true
	}
	sec := helpParenTail.ReplaceAllString(c, "")
	if !helpSectionRE.MatchString(sec) {
		return false
	}
	p, _ := helpParentOf(sec)
	_, ok := b.byID[p]
	return p != "" && ok
}

// engineCitations lists the rule strings the package's source gives its
// decisions and options.
func engineCitations(t *testing.T) []string {
	t.Helper()
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	add := func(e ast.Node) {
		ast.Inspect(e, func(n ast.Node) bool {
			if lit, ok := n.(*ast.BasicLit); ok && lit.Kind == token.STRING {
				s, err := strconv.Unquote(lit.Value)
				if err != nil {
					t.Fatal(err)
				}
				if strings.TrimSpace(s) != "" && !slices.Contains(out, s) {
					out = append(out, s)
				}
			}
			return true
		})
	}
	fset := token.NewFileSet()
	for _, name := range files {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, name, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		ast.Inspect(f, func(n ast.Node) bool {
			switch x := n.(type) {
			case *ast.KeyValueExpr:
				if k, ok := x.Key.(*ast.Ident); ok && (k.Name == "rule" || k.Name == "Rule") {
					add(x.Value)
				}
			case *ast.CallExpr:
				if sel, ok := x.Fun.(*ast.SelectorExpr); ok && sel.Sel.Name == "addRule" && len(x.Args) == 3 {
					add(x.Args[2])
				}
			case *ast.AssignStmt:
				for i, l := range x.Lhs {
					if sel, ok := l.(*ast.SelectorExpr); ok && sel.Sel.Name == "rule" && i < len(x.Rhs) {
						add(x.Rhs[i])
					}
				}
			case *ast.ValueSpec:
				for i, id := range x.Names {
					if strings.HasSuffix(id.Name, "Rule") && i < len(x.Values) {
						add(x.Values[i])
					}
				}
			case *ast.FuncDecl:
				if strings.HasSuffix(x.Name.Name, "Rule") && x.Body != nil {
					ast.Inspect(x.Body, func(n ast.Node) bool {
						if r, ok := n.(*ast.ReturnStmt); ok {
							for _, v := range r.Results {
								add(v)
							}
						}
						return true
					})
				}
			}
			return true
		})
	}
	return out
}

// TestHelpMalformed: a bad file is an error of the loader, never a panic.
func TestHelpMalformed(t *testing.T) {
	const ok1 = `{"rule": "1.0", "title": "Introduction", "text": "A game."}`
	tests := []struct{ name, file string }{
		{"empty file", ``},
		{"not JSON", `help`},
		{"an object", `{"rule": "1.0"}`},
		{"null", `null`},
		{"no entries", `[]`},
		{"a null entry", `[null]`},
		{"unknown field", `[{"rule": "1.0", "title": "Introduction", "text": "A game.", "page": 1}]`},
		{"wrong type", `[{"rule": 1.0, "title": "Introduction", "text": "A game."}]`},
		{"data after the list", `[` + ok1 + `] []`},
		{"stray bracket", `[` + ok1 + `]]`},
		{"cut short", `[` + ok1},
		{"no rule", `[{"title": "Introduction", "text": "A game."}]`},
		{"no title", `[{"rule": "1.0", "text": "A game."}]`},
		{"no text", `[{"rule": "1.0", "title": "Introduction"}]`},
		{"padded text", `[{"rule": "1.0", "title": "Introduction", "text": " A game."}]`},
		{"text on two lines", `[{"rule": "1.0", "title": "Introduction", "text": "A\ngame."}]`},
		{"title too wide", `[{"rule": "1.0", "title": "` + strings.Repeat("x", 80) + `", "text": "A game."}]`},
		{"same rule twice", `[` + ok1 + `, ` + ok1 + `]`},
		{"same rule, other case", `[{"rule": "Combat", "title": "C", "text": "T."}, {"rule": "COMBAT", "title": "C", "text": "T."}]`},
		{"unknown form", `[{"rule": "Appendix", "title": "A", "text": "T."}]`},
		{"four levels", `[` + ok1 + `, {"rule": "1.1.1.1", "title": "A", "text": "T."}]`},
		{"orphan section", `[{"rule": "14.7.2", "title": "Odds limits", "text": "T."}]`},
		{"child before parent", `[{"rule": "1.1", "title": "A", "text": "T."}, ` + ok1 + `]`},
		{"orphan event", `[{"rule": "famine", "title": "Famine", "text": "T."}]`},
		{"orphan scenario line", `[{"rule": "S1 7.2", "title": "Ranjit Singh", "text": "T."}]`},
		{"part of an unknown table", `[{"rule": "Appendix note 1", "title": "A", "text": "T."}]`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			b, err := parseHelp([]byte(tc.file))
			if err == nil || b != nil {
				t.Errorf("parseHelp accepted %q", tc.file)
			}
		})
	}
	good := `[` + ok1 + `, {"rule": "1.1", "title": "Sub", "text": "T."}, {"rule": "Events", "title": "E", "text": "T."},` +
		` {"rule": "famine", "title": "Famine", "text": "T."}]`
	b, err := parseHelp([]byte(good))
	if err != nil {
		t.Fatal(err)
	}
	if got, ok := b.help("1"); !ok || !strings.Contains(got, "1.1  Sub") {
		t.Errorf("help(1) = %q, %v", got, ok)
	}
}
