package plugtest

import (
	"cmp"
	"errors"
	"fmt"
	"go/ast"
	"go/parser"
	"go/printer"
	"go/token"
	"maps"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"durbar/core/i18n"
)

// Template is a text a rules package writes, as its source spells it: a
// format whose verbs stand for the parts filled in when the game runs. The
// format of a call to fmt.Sprintf or a log method is taken as written; a
// literal text is a format with its percent signs doubled; a sum of
// literals and other strings ("Garrison from " + name + ": which cube?")
// is a format with a %s for each of the others.
type Template struct {
	Format string
	Args   []string // the source of each verb's argument, in order
	Pos    string   // file:line
	Func   string   // the function it is written in ("" outside any)

	key    ast.Expr // the expression it was read from
	args   []ast.Expr
	fn     *funcInfo
	within string // the call whose text it is part of (TemplateSource.Within)
	call   string // the call that shows it (TemplateSource.Formats, Texts, Results)
	listed bool   // a text of its own, not only a part of others
	loose  bool   // a variable at a text's place: a text only if its values are known
	glued  bool   // a sum of no literal at a text's place: a text, not an id
}

// funcInfo is a function's scope (or a function literal's, inside its
// function's): what it assigns to its variables and its parameters, so
// that a variable's values can be found (a prompt glued from parts, a
// reason passed down).
type funcInfo struct {
	name    string
	parent  *funcInfo // the scope a function literal is written in
	assigns map[string]*assigned
	seen    map[ast.Expr]*Template // the package's templates, by expression
	results map[string]*results    // what the functions of TemplateSource.Results return, by name
	params  map[string]param       // its parameters, and those of the function literals it names
	calls   map[string][]callSite  // the package's calls, by the name of the function called
	local   map[string][]callSite  // its own calls, for its function literals
	named   map[string]*results    // the function literals it names, by name, with what they return
	scopes  map[*ast.FuncLit]*funcInfo
	texts   map[string][]int // TemplateSource.Texts
	fset    *token.FileSet
}

// param is a parameter: the index of the argument it takes in calls of
// the function (local: a function literal the function names).
type param struct {
	callee string
	index  int
	local  bool
}

// callSite is a call: the function it is written in, and its arguments.
type callSite struct {
	fn   *funcInfo
	args []ast.Expr
}

// results are the texts a function returns (TemplateSource.Results), or
// a function literal a function names: the index of that result and the
// returned expressions.
type results struct {
	fn      *funcInfo
	index   int
	returns []ast.Expr
}

// assigned is what a variable is given: set by = or :=, added to by +=;
// a nil expression is a value the reader cannot know (one of several
// results).
type assigned struct {
	set, add []ast.Expr
	zero     bool       // declared without a value: ""
	results  []resultOf // given one of several results of a call
	elems    []ast.Expr // given a map or slice literal: its elements' values
}

// resultOf is the index-th result of a call ("i, why := g.npSelect(…)").
type resultOf struct {
	call  *ast.CallExpr
	index int
}

// TemplateSource says where a rules package writes the text its players
// see: the prompts of its decisions, the labels of their options, its log
// lines, results and undo barriers. A template that is the argument of a
// panic is no player's.
type TemplateSource struct {
	// Dir is the rules package's directory, Package its name: a test run
	// from elsewhere fails rather than reads nothing.
	Dir, Package string
	// Formats are the calls, by the name of the function or method called
	// ("Sprintf", "logf"), whose argument at the given index is a format
	// followed by its arguments.
	Formats map[string]int
	// Texts are the calls whose arguments at the given indices are texts
	// (an option's label, a revealed secret): a literal, a sum, a variable
	// holding them, or a function literal whose returned strings are texts
	// (a label built only when shown).
	Texts map[string][]int
	// Fields are the keys of composite literals whose values are texts in
	// the same way (a step's prompt function, an Option's Label).
	Fields map[string]bool
	// Results says, for a function declared in the package, which of its
	// results is a text (a prompt built by a function of its own, the
	// reason a Non-Player gives), or -1.
	Results func(fn *ast.FuncDecl) int
	// Show is a text as the game shows it, when it changes it (a log line
	// with a capital, a reason after a mark): call is the Formats or Texts
	// call that writes it, or the Results function that returns it.
	Show func(call, text string) string
	// Within are functions, by name, whose last argument is a part of the
	// text they return, with that text as a format for the part (its %s):
	// a template passed to one is checked inside it, as players read it.
	Within map[string]string
	// Hidden are the functions whose texts no player reads (data and
	// position validation, the command-line board), each with why: a
	// function by name, or every function of a file ("data.go").
	Hidden map[string]string
}

// ReadTemplates parses the non-test Go files of src.Dir and returns every
// template of player text they hold, in file and line order, and apart
// those of the functions src.Hidden names.
func ReadTemplates(t testing.TB, src TemplateSource) (shown, hidden []*Template) {
	t.Helper()
	fset := token.NewFileSet()
	files, err := filepath.Glob(filepath.Join(src.Dir, "*.go"))
	if err != nil {
		t.Fatal(err)
	}
	seen := map[ast.Expr]*Template{} // by the expression it was read from, so each is read once
	returned := map[string]*results{}
	calls := map[string][]callSite{}
	within := map[ast.Expr]string{} // the last argument of a Within call, by the call's name
	used := map[string]bool{}       // keys of src.Hidden met
	n := 0
	for _, name := range files {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, name, nil, parser.SkipObjectResolution)
		if err != nil {
			t.Fatal(err)
		}
		if f.Name.Name != src.Package {
			t.Fatalf("%s is of package %s, not %s: the rules' source is not at %s", name, f.Name.Name, src.Package, src.Dir)
		}
		n++
		r := &templateReader{src: src, fset: fset, file: filepath.Base(name), seen: seen, within: within,
			scopes: map[*ast.FuncLit]*funcInfo{}, idents: map[*ast.Ident]*ast.ParenExpr{}, panics: map[ast.Expr]bool{},
			callOf: map[ast.Expr]string{}}
		for _, d := range f.Decls {
			r.fn, r.hidden = &funcInfo{assigns: map[string]*assigned{}, seen: seen, results: returned,
				params: map[string]param{}, calls: calls, local: map[string][]callSite{}, named: map[string]*results{},
				scopes: r.scopes, texts: src.Texts, fset: fset}, false
			if fd, ok := d.(*ast.FuncDecl); ok {
				r.fn.name = fd.Name.Name
				r.params(r.fn, fd.Name.Name, fd.Type, false)
			}
			for _, key := range []string{r.file, r.fn.name} {
				if _, ok := src.Hidden[key]; ok && key != "" {
					r.hidden, used[key] = true, true
				}
			}
			r.walk(d)
			if fd, ok := d.(*ast.FuncDecl); ok && fd.Body != nil && src.Results != nil {
				if i := src.Results(fd); i >= 0 {
					res := &results{fn: r.fn, index: i}
					returned[r.fn.name] = res
					r.call = r.fn.name
					r.returns(fd.Body, i, &res.returns)
					r.call = ""
				}
			}
		}
		shown = append(shown, r.shown...)
		hidden = append(hidden, r.unread...)
	}
	if n == 0 {
		wd, _ := os.Getwd()
		t.Fatalf("no Go files of package %s in %s (from %s)", src.Package, src.Dir, wd)
	}
	for e, call := range within {
		if tp := seen[e]; tp != nil {
			tp.within = call
		}
	}
	for _, key := range slices.Sorted(maps.Keys(src.Hidden)) {
		if !used[key] {
			t.Errorf("%s: Hidden names %q, which is no file or function of the package", src.Package, key)
		}
	}
	return shown, hidden
}

type templateReader struct {
	src    TemplateSource
	fset   *token.FileSet
	file   string
	fn     *funcInfo
	hidden bool
	call   string              // the call of Formats or Texts, or the Results function, being read
	callOf map[ast.Expr]string // the call each text returned for one was read for
	panics map[ast.Expr]bool   // the arguments of panics: no player reads them
	seen   map[ast.Expr]*Template
	within map[ast.Expr]string
	scopes map[*ast.FuncLit]*funcInfo
	idents map[*ast.Ident]*ast.ParenExpr // the keys of variables at a text's place
	shown  []*Template
	unread []*Template
}

// scope is the scope of a function literal written in the current one.
func (r *templateReader) scope(fl *ast.FuncLit) *funcInfo {
	sc := r.scopes[fl]
	if sc == nil {
		p := r.fn
		sc = &funcInfo{name: p.name, parent: p, assigns: map[string]*assigned{}, seen: p.seen, results: p.results,
			params: map[string]param{}, calls: p.calls, local: p.local, named: map[string]*results{},
			scopes: p.scopes, texts: p.texts, fset: p.fset}
		r.scopes[fl] = sc
		r.params(sc, "", fl.Type, false) // parameters of no known call, unless named (assign)
	}
	return sc
}

// enter makes a function literal's scope the current one while f runs.
func (r *templateReader) enter(fl *ast.FuncLit, f func()) {
	outer := r.fn
	r.fn = r.scope(fl)
	f()
	r.fn = outer
}

func (r *templateReader) walk(n ast.Node) {
	var stack []*funcInfo // the scopes entered, innermost last
	var nodes []ast.Node
	ast.Inspect(n, func(n ast.Node) bool {
		if n == nil {
			if _, ok := nodes[len(nodes)-1].(*ast.FuncLit); ok {
				r.fn, stack = stack[len(stack)-1], stack[:len(stack)-1]
			}
			nodes = nodes[:len(nodes)-1]
			return true
		}
		nodes = append(nodes, n)
		switch n := n.(type) {
		case *ast.FuncLit:
			stack = append(stack, r.fn)
			r.fn = r.scope(n)
		case *ast.CallExpr:
			name := calleeName(n.Fun)
			if name == "panic" {
				for _, a := range n.Args {
					r.panics[ast.Unparen(a)] = true
				}
			}
			site := callSite{fn: r.fn, args: n.Args}
			r.fn.calls[name] = append(r.fn.calls[name], site)
			r.fn.local[name] = append(r.fn.local[name], site)
			r.call = name
			if i, ok := r.src.Formats[name]; ok && i < len(n.Args) {
				if format, ok := literalText(n.Args[i]); ok {
					r.add(n, format, n.Args[i+1:], true)
				}
			}
			for _, i := range r.src.Texts[name] {
				if i < len(n.Args) {
					r.text(n.Args[i])
				}
			}
			r.call = ""
			if _, ok := r.src.Within[name]; ok && len(n.Args) > 0 {
				r.within[ast.Unparen(n.Args[len(n.Args)-1])] = name
			}
		case *ast.KeyValueExpr:
			if k, ok := n.Key.(*ast.Ident); ok && r.src.Fields[k.Name] {
				r.text(n.Value)
			}
		case *ast.AssignStmt:
			r.assign(n)
		case *ast.ValueSpec:
			for i, id := range n.Names {
				a := r.variable(id.Name)
				if i < len(n.Values) && len(n.Values) == len(n.Names) {
					a.set = append(a.set, r.part(n.Values[i]))
				} else if len(n.Values) == 0 {
					a.zero = true
				} else {
					a.set = append(a.set, nil)
				}
			}
		}
		return true
	})
}

// params records the parameters of a function in its scope sc: those of
// calls of callee (local: a function literal named in the function).
func (r *templateReader) params(sc *funcInfo, callee string, ft *ast.FuncType, local bool) {
	i := 0
	for _, f := range ft.Params.List {
		for _, id := range f.Names {
			sc.params[id.Name] = param{callee: callee, index: i, local: local}
			i++
		}
		if len(f.Names) == 0 {
			i++
		}
	}
}

// assign records what an assignment gives its variables.
func (r *templateReader) assign(n *ast.AssignStmt) {
	if len(n.Lhs) == 1 && len(n.Rhs) == 1 {
		if id, ok := n.Lhs[0].(*ast.Ident); ok {
			if fl, ok := n.Rhs[0].(*ast.FuncLit); ok {
				sc := r.scope(fl)
				r.params(sc, id.Name, fl.Type, true)
				res := &results{fn: sc}
				r.enter(fl, func() { res.returns = r.parts(fl.Body) })
				r.fn.named[id.Name] = res
				return
			}
		}
	}
	if call, ok := n.Rhs[0].(*ast.CallExpr); ok && len(n.Rhs) == 1 && len(n.Lhs) > 1 && n.Tok != token.ADD_ASSIGN {
		for i, l := range n.Lhs {
			if id, ok := l.(*ast.Ident); ok && id.Name != "_" {
				a := r.variable(id.Name)
				a.results = append(a.results, resultOf{call: call, index: i})
			}
		}
		return
	}
	for i, l := range n.Lhs {
		id, ok := l.(*ast.Ident)
		if !ok || id.Name == "_" {
			continue
		}
		a := r.variable(id.Name)
		var e ast.Expr // nil: a value the reader cannot know
		if len(n.Rhs) == len(n.Lhs) {
			e = r.part(n.Rhs[i])
			if lit, ok := ast.Unparen(e).(*ast.CompositeLit); ok {
				for _, el := range lit.Elts {
					if kv, ok := el.(*ast.KeyValueExpr); ok {
						el = kv.Value
					}
					a.elems = append(a.elems, r.part(el))
				}
			}
		}
		switch n.Tok {
		case token.DEFINE, token.ASSIGN:
			a.set = append(a.set, e)
		case token.ADD_ASSIGN:
			a.add = append(a.add, e)
		}
	}
}

func (r *templateReader) variable(name string) *assigned {
	a := r.fn.assigns[name]
	if a == nil {
		a = &assigned{}
		r.fn.assigns[name] = a
	}
	return a
}

// parts are the first results of the return statements of a function
// literal's body, made templates of (part) but not texts of their own.
func (r *templateReader) parts(body *ast.BlockStmt) []ast.Expr {
	var out []ast.Expr
	ast.Inspect(body, func(x ast.Node) bool {
		switch x := x.(type) {
		case *ast.FuncLit:
			return false
		case *ast.ReturnStmt:
			if len(x.Results) > 0 {
				out = append(out, r.part(x.Results[0]))
			}
		}
		return true
	})
	return out
}

// part makes a template of a literal or a sum that is part of a text (a
// variable's value), not a text of its own; it returns the expression.
func (r *templateReader) part(e ast.Expr) ast.Expr {
	switch x := ast.Unparen(e).(type) {
	case *ast.BasicLit, *ast.BinaryExpr:
		if format, args, ok := sumFormat(x); ok {
			r.add(x, format, args, false)
		}
		return x
	}
	return e
}

// text reads an expression that is a text: a literal or a sum, a variable
// holding them, or a function literal whose returned strings are.
func (r *templateReader) text(e ast.Expr) {
	switch x := ast.Unparen(e).(type) {
	case *ast.FuncLit:
		r.enter(x, func() { r.returns(x.Body, 0, nil) })
	case *ast.BasicLit, *ast.BinaryExpr:
		format, args, ok := sumFormat(x)
		glued := false
		if b, isSum := x.(*ast.BinaryExpr); !ok && isSum && b.Op == token.ADD {
			ok, glued = true, true // a sum of no literal: a text of parts ("why + tie")
		}
		if ok {
			r.add(x, format, args, true)
			r.seen[x].glued = glued
		}
	case *ast.Ident:
		if x.Name == "true" || x.Name == "false" || x.Name == "nil" {
			return
		}
		key := r.idents[x] // not x, which is its argument
		if key == nil {
			key = &ast.ParenExpr{Lparen: x.Pos(), X: x}
			r.idents[x] = key
		}
		r.add(key, "%s", []ast.Expr{x}, true)
		r.seen[key].loose = true
	}
}

// returns reads the i-th result of every return statement of body, not
// those of the function literals inside it, and adds them to list when
// not nil.
func (r *templateReader) returns(body *ast.BlockStmt, i int, list *[]ast.Expr) {
	ast.Inspect(body, func(x ast.Node) bool {
		switch x := x.(type) {
		case *ast.FuncLit:
			return false
		case *ast.ReturnStmt:
			if i < len(x.Results) {
				if e := ast.Unparen(x.Results[i]); r.call != "" {
					// a text returned for a call: shown as that call shows it
					r.callOf[e] = r.call
					if tp := r.seen[e]; tp != nil {
						tp.call = r.call
					}
				}
				r.text(x.Results[i])
				if list != nil {
					*list = append(*list, ast.Unparen(x.Results[i]))
				}
			}
		}
		return true
	})
}

func (r *templateReader) add(at ast.Expr, format string, args []ast.Expr, listed bool) {
	if tp := r.seen[at]; tp != nil {
		if listed && !tp.listed {
			tp.listed = true
			r.list(tp)
		}
		return
	}
	call := r.call
	if c, ok := r.callOf[at]; ok {
		call = c
	}
	tp := &Template{Format: format, Pos: fmt.Sprintf("%s:%d", r.file, r.fset.Position(at.Pos()).Line), Func: r.fn.name,
		args: args, fn: r.fn, listed: listed, call: call, key: at}
	r.seen[at] = tp
	for _, a := range args {
		tp.Args = append(tp.Args, r.source(a))
	}
	if listed {
		r.list(tp)
	}
}

func (r *templateReader) list(tp *Template) {
	if r.hidden || r.panics[tp.key] {
		r.unread = append(r.unread, tp)
	} else {
		r.shown = append(r.shown, tp)
	}
}

func (r *templateReader) source(e ast.Expr) string {
	var b strings.Builder
	printer.Fprint(&b, r.fset, e)
	return b.String()
}

// sumFormat is the format of a literal or a sum of strings: the literals'
// text with its percent signs doubled, and a %s for each other term, the
// terms args. ok is false when no term is a literal.
func sumFormat(e ast.Expr) (format string, args []ast.Expr, ok bool) {
	var terms []ast.Expr
	var flatten func(e ast.Expr)
	flatten = func(e ast.Expr) {
		if b, isSum := ast.Unparen(e).(*ast.BinaryExpr); isSum && b.Op == token.ADD {
			flatten(b.X)
			flatten(b.Y)
			return
		}
		terms = append(terms, e)
	}
	flatten(e)
	var b strings.Builder
	for _, t := range terms {
		if s, isLit := literalText(t); isLit {
			b.WriteString(strings.ReplaceAll(s, "%", "%%"))
			ok = true
			continue
		}
		b.WriteString("%s")
		args = append(args, ast.Unparen(t))
	}
	return b.String(), args, ok
}

// literalText is the value of a string literal, or of a sum of them.
func literalText(e ast.Expr) (string, bool) {
	switch e := ast.Unparen(e).(type) {
	case *ast.BasicLit:
		if e.Kind != token.STRING {
			return "", false
		}
		s, err := strconv.Unquote(e.Value)
		return s, err == nil
	case *ast.BinaryExpr:
		if e.Op != token.ADD {
			return "", false
		}
		x, ok := literalText(e.X)
		if !ok {
			return "", false
		}
		y, ok := literalText(e.Y)
		return x + y, ok
	}
	return "", false
}

// calleeName is the name of the function or method a call calls.
func calleeName(e ast.Expr) string {
	switch e := ast.Unparen(e).(type) {
	case *ast.Ident:
		return e.Name
	case *ast.SelectorExpr:
		return e.Sel.Name
	case *ast.IndexExpr:
		return calleeName(e.X)
	}
	return ""
}

// verbs are the verbs of a format in order ("%+d", "%s"), %% left out.
func verbs(format string) ([]string, error) {
	var out []string
	for i := 0; i < len(format); i++ {
		if format[i] != '%' {
			continue
		}
		j := i + 1
		for j < len(format) && strings.IndexByte("+-# 0123456789.*[]", format[j]) >= 0 {
			j++
		}
		switch {
		case j == len(format):
			return nil, fmt.Errorf("a verb is cut off")
		case format[j] == '%' && j == i+1:
			i = j
			continue
		case strings.ContainsAny(format[i:j], "*[") || format[j] == '%':
			return nil, fmt.Errorf("a verb with an argument index, a computed width or a malformed %%%%")
		}
		out = append(out, format[i:j+1])
		i = j
	}
	return out, nil
}

// Arg is an argument of a template to be given values: the source of its
// expression, the function it is written in, the format of the template
// it fills in (a variable's values may be another template's), and the
// number the template's number verbs (%d) take.
type Arg struct {
	Src, Func, Format string
	N                 int
}

// Sample gives the values an argument of a template may take, formatted
// with the argument's verb. nil means no sample: then an argument that is
// a template of its own (a Sprintf in a sum) takes that template's texts;
// a variable, the values the function gives it (each found the same way:
// one of a call's results, an element of a map literal, what a function
// literal it names returns); a parameter, what the package's calls pass
// it; a call of a function of TemplateSource.Results, what it returns; a
// number verb, the number; and anything else fails the test, so that a
// template with arguments new to the test must be given samples. An empty
// text a function returns or is passed shows nothing and is left out.
type Sample func(a Arg) []any

// TemplateCheck is what CheckTemplates checks.
type TemplateCheck struct {
	Source TemplateSource
	// Names stay as printed in every language (the map's names).
	Names map[string]bool
	// Sample gives the values of the templates' arguments.
	Sample Sample
	// Fragments are templates, by format, that are only part of a text
	// another template glues them into (", ", "%s, %s", the head of a
	// prompt), each with why it needs no translation of its own; a key
	// that is a function's name makes fragments of all its templates.
	Fragments map[string]string
	// Counted are templates, by format, whose number verb is followed by
	// a word in s that needs no plural choice (a verb, or a noun after a
	// number never 1), each with why: otherwise the template reads "1
	// cubes" for one (see CheckTemplates).
	Counted map[string]string
}

// maxInstances bounds the texts one template is checked with: past it,
// each argument's values are tried one at a time, the others at their
// first (covering).
const maxInstances = 16384

// TemplateCount is what CheckTemplates found: the templates players read,
// those translated, the fragments, and apart those no player reads (ids
// and the functions TemplateSource.Hidden names).
type TemplateCount struct {
	Found, Translated, Fragments, Hidden int
}

// CheckTemplates proves the catalogs translate every text template of a
// rules package (TemplateSource) into every language, Spanish and Italian
// at least: each template is filled in with the sample values of its
// arguments, once with its numbers 2 and once with 1 (where a plural
// matters), and every value of every argument must be in a text that is
// translated as TranslationsOf requires (the parts its pattern's
// placeholders matched translated in turn, or numbers, ids or names), as
// the game shows it (Show) and inside the text of the call it is a part
// of (Within). Values that go together (a side and the other side) need
// not make sense in every combination. A template whose verbs leave no
// space in it ("give:%d") is an id. A number verb followed by a word in s
// ("%d cubes") must have the game's plural function write its noun;
// Counted lists those that need none. DURBAR_TEMPLATES=FILE writes every
// template with its arguments and what became of it.
func CheckTemplates(t *testing.T, cats map[string]*i18n.Catalog, c TemplateCheck) TemplateCount {
	t.Helper()
	if cats["es"] == nil || cats["it"] == nil {
		t.Fatalf("translations into %d languages, want Spanish and Italian", len(cats))
	}
	shown, hidden := ReadTemplates(t, c.Source)
	count := TemplateCount{}
	for _, tp := range hidden {
		if !tp.loose {
			count.Hidden++
		}
	}
	status := map[*Template]string{}
	frag, counted := map[string]bool{}, map[string]bool{}
	x := &instancer{sample: c.Sample, within: c.Source.Within, show: c.Source.Show}
	for _, tp := range shown {
		if id(tp.Format) && !tp.loose && !tp.glued {
			count.Hidden++
			status[tp] = "id"
			continue
		}
		count.Found++
		if _, ok := c.Counted[tp.Format]; ok {
			counted[tp.Format] = true
		} else if w := pluralAfterNumber(tp.Format); w != "" {
			t.Errorf("%s (%s): %q: %q after a number reads \"1 %s\" for one: write the noun with the game's plural function, or list the template in Counted", tp.Pos, tp.Func, tp.Format, w, w)
		}
		if _, ok := c.Fragments[tp.Func]; ok && tp.Func != "" {
			frag[tp.Func] = true
			count.Fragments++
			status[tp] = "fragment"
			continue
		}
		if _, ok := c.Fragments[tp.Format]; ok {
			frag[tp.Format] = true
			count.Fragments++
			status[tp] = "fragment"
			continue
		}
		if err := x.check(tp, cats, c.Names); err != nil {
			if tp.loose && errors.Is(err, errNoSample) {
				count.Found-- // a variable whose values are not known here: no text the test can read
				status[tp] = "unknown"
				continue
			}
			t.Errorf("%s (%s): %q: %v", tp.Pos, tp.Func, tp.Format, err)
			continue
		}
		count.Translated++
	}
	for _, f := range slices.Sorted(maps.Keys(c.Fragments)) {
		if !frag[f] {
			t.Errorf("%s: the fragment %q is no template or function of the package", c.Source.Package, f)
		}
	}
	for _, f := range slices.Sorted(maps.Keys(c.Counted)) {
		if !counted[f] {
			t.Errorf("%s: Counted names %q, which is no template of the package", c.Source.Package, f)
		}
	}
	if path := os.Getenv("DURBAR_TEMPLATES"); path != "" {
		// Every template with its arguments, for an author adding samples.
		var b strings.Builder
		for _, tp := range shown {
			fmt.Fprintf(&b, "%s\t%s\t%s\t%q\t%s\n", cmp.Or(status[tp], "text"), tp.Pos, tp.Func, tp.Format, strings.Join(tp.Args, " | "))
		}
		for _, tp := range hidden {
			fmt.Fprintf(&b, "hidden\t%s\t%s\t%q\t%s\n", tp.Pos, tp.Func, tp.Format, strings.Join(tp.Args, " | "))
		}
		if err := os.WriteFile(path, []byte(b.String()), 0o644); err != nil {
			t.Error(err)
		}
	}
	t.Logf("%s: %d templates, %d translated, %d fragments; %d more no player reads", c.Source.Package, count.Found, count.Translated, count.Fragments, count.Hidden)
	return count
}

// id says a format is an id, a key or a number ("give:%d", "p%d",
// "%s/%d"): it has verbs and no space.
func id(format string) bool {
	vs, err := verbs(format)
	return err == nil && len(vs) > 0 && !strings.Contains(format, " ")
}

var numberThenPlural = regexp.MustCompile(`%[-+ 0-9]*d ([A-Za-z]+s)\b`)

// pluralAfterNumber is the word in s a number verb is followed by, if any,
// but for words in s that are no plurals.
func pluralAfterNumber(format string) string {
	for _, m := range numberThenPlural.FindAllStringSubmatch(format, -1) {
		switch w := m[1]; w {
		case "is", "was", "has", "its", "this", "SPs", "VPs":
		default:
			return w
		}
	}
	return ""
}

// instancer fills templates in.
type instancer struct {
	sample Sample
	within map[string]string
	show   func(call, text string) string
}

// check fills a template in with its arguments' samples and checks the
// texts it makes (CheckTemplates).
func (x *instancer) check(tp *Template, cats map[string]*i18n.Catalog, names map[string]bool) error {
	miss := func(s string) string {
		for _, lang := range slices.Sorted(maps.Keys(cats)) {
			if m := untranslated(cats[lang], s, names); len(m) > 0 {
				if m[0] != s {
					return fmt.Sprintf("in %s, %q is untranslated in %q", lang, m[0], s)
				}
				return fmt.Sprintf("in %s, %q is untranslated", lang, s)
			}
		}
		return ""
	}
	for _, n := range []int{2, 1} {
		vs, values, err := x.slots(tp, n, 0)
		if err != nil {
			return err
		}
		combos := combinations(values)
		why := make([]string, len(combos))
		for k, combo := range combos {
			s := fillFormat(tp.Format, vs, combo)
			if x.show != nil {
				s = x.show(tp.call, s)
			}
			if w, ok := x.within[tp.within]; ok {
				s = strings.Replace(w, "%s", s, 1)
			}
			why[k] = miss(s)
		}
		for i := range values {
			for _, v := range values[i] {
				first := ""
				for k, combo := range combos {
					if combo[i] != v {
						continue
					}
					if why[k] == "" {
						first = ""
						break
					}
					if first == "" {
						first = why[k]
					}
				}
				if first != "" {
					if len(values[i]) == 1 {
						return errors.New(first)
					}
					return fmt.Errorf("with %s = %q: %s", tp.Args[i], v, first)
				}
			}
		}
		if len(values) == 0 && why[0] != "" {
			return errors.New(why[0])
		}
	}
	return nil
}

// fill is the texts a template makes for the number n as a part of
// another's: every value of each argument once, the others at their
// first, so that parts of parts do not multiply.
func (x *instancer) fill(tp *Template, n, depth int) ([]string, error) {
	vs, values, err := x.slots(tp, n, depth)
	if err != nil {
		return nil, err
	}
	var out []string
	for _, combo := range covering(values) {
		out = append(out, fillFormat(tp.Format, vs, combo))
	}
	return out, nil
}

// slots are a template's verbs and the values, formatted, of each of its
// arguments for the number n.
func (x *instancer) slots(tp *Template, n, depth int) (vs []string, values [][]string, err error) {
	vs, err = verbs(tp.Format)
	if err != nil {
		return nil, nil, err
	}
	if len(vs) != len(tp.Args) {
		return nil, nil, fmt.Errorf("%d verbs for %d arguments", len(vs), len(tp.Args))
	}
	values = make([][]string, len(vs))
	for i, v := range vs {
		raw, err := x.values(tp.fn, tp.args[i], tp.Args[i], tp.Format, n, depth)
		if err != nil {
			return nil, nil, err
		}
		if raw == nil {
			if !strings.ContainsAny(v[len(v)-1:], "dx") {
				return nil, nil, fmt.Errorf("%w for %s (%s)", errNoSample, tp.Args[i], v)
			}
			raw = []any{n}
		}
		for _, a := range raw {
			if f := fmt.Sprintf(v, a); !slices.Contains(values[i], f) {
				values[i] = append(values[i], f)
			}
		}
	}
	return vs, values, nil
}

var errNoSample = errors.New("no sample")

// values are the values of an argument expression e (source src) of a
// template written in function fn: Sample's, or a template's texts, or a
// variable's values, or an element's of a map or slice literal the
// function names, or what a function of TemplateSource.Results returns;
// nil when none is known.
func (x *instancer) values(fn *funcInfo, e ast.Expr, src, format string, n, depth int) ([]any, error) {
	e = ast.Unparen(e)
	sub := fn.seen[e]
	if x.sample != nil && sub == nil {
		if v := x.sample(Arg{Src: src, Func: fn.name, Format: format, N: n}); v != nil {
			return v, nil
		}
	}
	if depth > 8 {
		return nil, nil
	}
	if sub == nil {
		if format, args, ok := sumFormat(e); ok {
			// a literal or a sum passed to a function or returned
			sub = &Template{Format: format, Func: fn.name, args: args, fn: fn}
			for _, a := range args {
				var b strings.Builder
				printer.Fprint(&b, fn.fset, a)
				sub.Args = append(sub.Args, b.String())
			}
		}
	}
	if sub != nil {
		texts, err := x.fill(sub, n, depth+1)
		if err != nil {
			return nil, fmt.Errorf("%s: %v", src, err)
		}
		return anys(texts), nil
	}
	var set, add []ast.Expr
	var more []any // values of variables given a call's result
	zero := false
	switch e := e.(type) {
	case *ast.Ident:
		for sc := fn; sc != nil; sc = sc.parent {
			if a := sc.assigns[e.Name]; a != nil {
				fn, set, add, zero = sc, a.set, a.add, a.zero
				for _, ro := range a.results {
					v, err := x.resultValues(sc, ro, format, n, depth)
					if v == nil || err != nil {
						return nil, err
					}
					more = append(more, v...)
				}
				break
			}
			if _, ok := sc.params[e.Name]; ok {
				return x.argValues(sc, e.Name, format, n, depth)
			}
		}
	case *ast.CallExpr:
		r := fn.results[calleeName(e.Fun)]
		if _, text := fn.texts[calleeName(e.Fun)]; text && len(e.Args) == 1 {
			// a text made by a function literal only when shown (npWhy)
			if fl, ok := ast.Unparen(e.Args[0]).(*ast.FuncLit); ok && fn.scopes[fl] != nil {
				r = &results{fn: fn.scopes[fl]}
				ast.Inspect(fl.Body, func(x ast.Node) bool {
					switch x := x.(type) {
					case *ast.FuncLit:
						return false
					case *ast.ReturnStmt:
						if len(x.Results) > 0 {
							r.returns = append(r.returns, ast.Unparen(x.Results[0]))
						}
					}
					return true
				})
			}
		}
		if id, ok := e.Fun.(*ast.Ident); ok {
			for sc := fn; sc != nil; sc = sc.parent {
				if named := sc.named[id.Name]; named != nil {
					r = named
					break
				}
			}
		}
		if r == nil || r.index != 0 {
			return nil, nil
		}
		fn = r.fn
		for _, e := range r.returns {
			if s, ok := literalText(e); !ok || s != "" { // "": nothing to show
				set = append(set, e)
			}
		}
	case *ast.IndexExpr:
		// an element of a map or slice literal the function names
		id, ok := e.X.(*ast.Ident)
		if !ok {
			return nil, nil
		}
		for sc := fn; sc != nil; sc = sc.parent {
			if a := sc.assigns[id.Name]; a != nil {
				if len(a.elems) == 0 {
					return nil, nil
				}
				fn, set = sc, a.elems
				break
			}
		}
	default:
		return nil, nil
	}
	if len(set) == 0 && !zero && len(more) == 0 {
		return nil, nil
	}
	base := more
	if zero {
		base = append(base, "")
	}
	for _, s := range set {
		v, err := x.valueOf(fn, s, format, n, depth)
		if v == nil || err != nil {
			return nil, err
		}
		base = append(base, v...)
	}
	out := slices.Clone(base)
	for _, a := range add {
		v, err := x.valueOf(fn, a, format, n, depth)
		if v == nil || err != nil {
			return nil, err
		}
		for _, b := range base {
			for _, s := range v {
				out = append(out, fmt.Sprint(b)+fmt.Sprint(s))
			}
		}
	}
	return out, nil
}

// resultValues are the values of a result of a call of a function of
// TemplateSource.Results: what it returns there, but "" (nothing to
// show); nil for another call.
func (x *instancer) resultValues(fn *funcInfo, ro resultOf, format string, n, depth int) ([]any, error) {
	r := fn.results[calleeName(ro.call.Fun)]
	if r == nil || r.index != ro.index {
		return nil, nil
	}
	var out []any
	for _, e := range r.returns {
		if s, ok := literalText(e); ok && s == "" {
			continue // "": nothing to show
		}
		v, err := x.valueOf(r.fn, e, format, n, depth)
		if v == nil || err != nil {
			return nil, err
		}
		out = append(out, v...)
	}
	return out, nil
}

// argValues are the values of a parameter of a function: what every call
// in the package passes it, but "" (nothing to show); nil when it is no
// parameter, or when some call passes what is not known.
func (x *instancer) argValues(fn *funcInfo, name, format string, n, depth int) ([]any, error) {
	p, ok := fn.params[name]
	if !ok {
		return nil, nil
	}
	sites := fn.calls[p.callee]
	if p.local {
		sites = fn.local[p.callee]
	}
	var out []any
	for _, c := range sites {
		if p.index >= len(c.args) {
			continue
		}
		if s, ok := literalText(c.args[p.index]); ok && s == "" {
			continue // "": nothing to show
		}
		v, err := x.valueOf(c.fn, c.args[p.index], format, n, depth)
		if v == nil || err != nil {
			return nil, err
		}
		out = append(out, v...)
	}
	if len(out) == 0 {
		return nil, nil
	}
	return out, nil
}

// valueOf is values for an expression a variable is given or a function
// returns.
func (x *instancer) valueOf(fn *funcInfo, e ast.Expr, format string, n, depth int) ([]any, error) {
	if e == nil {
		return nil, nil
	}
	var b strings.Builder
	printer.Fprint(&b, fn.fset, e)
	return x.values(fn, e, b.String(), format, n, depth+1)
}

func anys(ss []string) []any {
	out := make([]any, len(ss))
	for i, s := range ss {
		out[i] = s
	}
	return out
}

// combinations are every choice of one value per argument, or, when they
// would be too many, a covering set.
func combinations(values [][]string) [][]string {
	total := 1
	for _, v := range values {
		total *= max(1, len(v))
	}
	if total > maxInstances {
		return covering(values)
	}
	out := [][]string{{}}
	for _, v := range values {
		var next [][]string
		for _, c := range out {
			for _, x := range v {
				next = append(next, append(slices.Clone(c), x))
			}
		}
		out = next
	}
	return out
}

// covering are choices of one value per argument with every value of
// each argument once, the others at their first.
func covering(values [][]string) [][]string {
	first := make([]string, len(values))
	for i, v := range values {
		if len(v) > 0 {
			first[i] = v[0]
		}
	}
	out := [][]string{first}
	for i, v := range values {
		for _, x := range v[min(1, len(v)):] {
			c := slices.Clone(first)
			c[i] = x
			out = append(out, c)
		}
	}
	return out
}

// fillFormat writes a format with its verbs replaced by values, already
// formatted.
func fillFormat(format string, vs, values []string) string {
	var b strings.Builder
	k := 0
	for i := 0; i < len(format); i++ {
		if format[i] != '%' {
			b.WriteByte(format[i])
			continue
		}
		if format[i+1] == '%' {
			b.WriteByte('%')
			i++
			continue
		}
		b.WriteString(values[k])
		i += len(vs[k]) - 1
		k++
	}
	return b.String()
}

// Plural is the value of a call to a rules package's plural function for
// the number n, read from the call's source: fn(count, "noun") is the noun
// for one and the noun and an s for any other number; fn(count, "one",
// "other") one or the other. ok is false for another call.
func Plural(src string, n int, fn string) (string, bool) {
	e, err := parser.ParseExpr(src)
	if err != nil {
		return "", false
	}
	call, isCall := e.(*ast.CallExpr)
	if !isCall || calleeName(call.Fun) != fn || len(call.Args) < 2 || len(call.Args) > 3 {
		return "", false
	}
	words := make([]string, len(call.Args)-1)
	for i, a := range call.Args[1:] {
		w, isLit := literalText(a)
		if !isLit {
			return "", false
		}
		words[i] = w
	}
	if len(words) == 1 {
		words = append(words, words[0]+"s")
	}
	if n == 1 || n == -1 {
		return words[0], true
	}
	return words[1], true
}
