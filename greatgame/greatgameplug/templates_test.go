package greatgameplug

import (
	"fmt"
	"go/ast"
	"slices"
	"strings"
	"testing"

	"durbar/greatgame"
	"durbar/plug/plugtest"
)

// TestTemplatesTranslated enumerates the text templates of the rules
// (greatgame/*.go) rather than meeting them in random games: every format
// of fmt.Sprintf and g.logf, every prompt of a step (stepDef.prompt), every
// option label (optList.add, addRule), every undo barrier (g.reveal), and
// the texts of the functions that build a prompt or a result of their own;
// each filled in with sample values of its arguments (ggSample) must be
// translated into Spanish and Italian (plugtest.CheckTemplates). Refusals
// need nothing of the game's own: an illegal option is core.Illegal, in
// the server's words, naming the prompt; the errors the rules return
// otherwise are internal and never shown.
func TestTemplatesTranslated(t *testing.T) {
	cats, err := greatgame.Translations()
	if err != nil {
		t.Fatal(err)
	}
	s := newGGSamples(t)
	src := plugtest.TemplateSource{
		Dir: "..", Package: "greatgame",
		Formats: map[string]int{"Sprintf": 0, "logf": 0},
		Texts:   map[string][]int{"add": {1}, "addRule": {1}, "reveal": {0}, "Barrier": {1}},
		Fields:  map[string]bool{"prompt": true, "Prompt": true},
		Results: func(fd *ast.FuncDecl) int {
			switch fd.Name.Name {
			case "spendPrompt", "supplyPrompt", "sidePlural", "Result", "markerTitle", "evUnitLabel", "combatOdds":
				return 0
			}
			return -1
		},
		Within: map[string]string{"combatPrompt": "Combat at " + s.city + ": %s"},
		Hidden: map[string]string{
			"data.go":        "the edition's validation, for its authors",
			"scenarios.go":   "the scenarios' validation",
			"tables.go":      "the tables' validation",
			"help.go":        "the terminal's rule help, in English",
			"text.go":        "the terminal's board, in English",
			"render.go":      "the terminal's map, in English",
			"cli_helpers.go": "the terminal's menus, in English",
			"computer.go":    "the bot's reasoning, shown on the terminal only",
			"bot.go":         "the bot's reasoning, shown on the terminal only",
			"invariants.go":  "the rules' own consistency checks",
			"compile":        "the edition's compilation (ids and errors)",
			"mapdata.go":     "the map's compilation (ids and errors)",
			"New":            "set-up errors",
			"defineStep":     "a panic",
		},
	}
	n := plugtest.CheckTemplates(t, cats, plugtest.TemplateCheck{
		Source: src, Names: translationNames(t), Sample: s.sample,
		Fragments: map[string]string{
			"Combat at %s: %s": "the frame of the combat prompts, checked around each (Within)",
			"%s income %d £ (government %d, cities %d, railways %d); treasury %d £, %d SP.": "the head of the spending prompts, checked in each",
			"British %d VP, Russian %d VP":                            "the head of the result, checked in it",
			" Each force costs a supply point (12.2.2); you have %d.": "the tail of the movement prompt, checked in it",
			" (broken: %d of its %d removed)":                         "the tail of a removal label, checked in it",
			"the jihad (%d %s, all in one square, 21.2)":              "what an event places, checked in its prompt",
			"%d brigades": "the size in a counter's label, checked in it",
			"attack %d against defence %d×%d, odds %s, die %+d": "the odds in the combat prompts, checked in each",
			"%s, bound for %s: stopped on the way":              "how a force moved, checked in the log line of its move",
			"%d× %s":                                            "a part of a set-up line, whose lines are translated whole",
			"%d %s":                                             "a part of a set-up line, whose lines are translated whole",
			"%d %s %s":                                          "a part of a set-up line, whose lines are translated whole",
			"%s %s %s (%d)":                                     "a unit's name, checked in every text that names a unit",
			"the %s give %d %s":                                 "a part of an agreement offer, checked in the offer",
			"the %s cede %s":                                    "a part of an agreement offer, checked in the offer",
		},
		Counted: map[string]string{
			"%s: a force of %d sets off from %s with %s MP.": "sets is the verb",
			"%s force of %d stops at %s (%s).":               "stops is the verb",
			"%d brigades":                                    "only for counters of two brigades or more",
		},
	})
	if n.Found < 280 {
		t.Errorf("only %d templates: the reader no longer finds the rules' texts", n.Found)
	}
}

// ggSamples are the values the game gives the templates' arguments: the
// map's names, the counters' names, the sides, the events, the tables.
type ggSamples struct {
	city   string // a city's square, as SqName names it
	values map[string][]any
	rules  []func(src string, n int) []any
}

func newGGSamples(t *testing.T) *ggSamples {
	d, err := greatgame.DefaultData()
	if err != nil {
		t.Fatal(err)
	}
	g, err := greatgame.New(d, greatgame.Setup{Scenario: "3", Start: 2}, 1)
	if err != nil {
		t.Fatal(err)
	}
	// a unit of each side, a native unit and an agent
	var pieces []any
	kinds := map[string]bool{}
	for p := range g.Pieces {
		tp := g.T(p)
		kind := "agent"
		switch {
		case tp.Agent >= 0:
		case tp.Nation == 0:
			kind = "british"
		case tp.Nation == 1:
			kind = "russian"
		default:
			kind = "native"
		}
		if !kinds[kind] {
			kinds[kind] = true
			pieces = append(pieces, g.PieceName(p))
		}
	}
	m := d.Map
	var city, plain int16 = -1, -1
	for i, s := range m.Squares {
		if s.City >= 0 && city < 0 {
			city = int16(i)
		}
		if s.City < 0 && s.Region >= 0 && plain < 0 {
			plain = int16(i)
		}
	}
	s := &ggSamples{city: g.SqName(city)}
	squares := []any{g.SqName(city), g.SqName(plain)}
	bases := []any{g.SqName(greatgame.BaseLoc(greatgame.British)), g.SqName(greatgame.BaseLoc(greatgame.Russian))}
	region := []any{m.Regions[0].Name}
	events := map[string]any{}
	var allEvents []any
	for _, e := range d.Charts.Events.List {
		events[e.ID] = e.Name
		allEvents = append(allEvents, e.Name)
	}
	ev := func(ids ...string) []any {
		var out []any
		for _, id := range ids {
			if events[id] == nil {
				t.Fatalf("no event %q", id)
			}
			out = append(out, events[id])
		}
		return out
	}
	var ratios, results, levels, columns []any
	for _, r := range d.Charts.Combat.Ratios {
		ratios = append(ratios, r)
	}
	for _, r := range d.Charts.Combat.Results {
		results = append(results, r.Code+" ("+r.Name+")")
	}
	for _, r := range d.Charts.Negotiation.Results {
		levels = append(levels, r.Code+" ("+r.Name+")") // negotiation results, as negResultName names them
	}
	negResults := slices.Clone(levels)
	levels = nil
	for _, l := range d.Charts.Victory.Levels {
		if l.ID != "draw" {
			levels = append(levels, l.ID)
		}
	}
	for c := range d.Charts.Events.Columns {
		columns = append(columns, c)
	}
	slices.SortFunc(columns, func(a, b any) int { return strings.Compare(a.(string), b.(string)) })
	var scenarios, scenarioRules, rules, lines []any
	for _, sc := range d.Scenarios.Scenarios {
		if len(sc.SetupFrom) == 0 { // a scenario with a set-up of its own
			scenarios = append(scenarios, sc.Name)
			scenarioRules = append(scenarioRules, sc.Rule)
		}
		for _, sp := range sc.Special {
			if sp.Rule != "" {
				rules = append(rules, sp.Rule)
			}
		}
	}
	// set-up lines: of either side, one with agents, one with markers, one
	// of units alone (a line is translated whole: lineText)
	var placeRules []any
	seenLine := map[string]bool{}
	for _, sc := range d.Scenarios.Scenarios {
		for _, pl := range sc.Placements {
			kind := "units"
			for _, it := range pl.Items {
				switch {
				case it.Agent != "":
					kind = "agents"
				case it.Marker != "" && kind == "units":
					kind = "markers"
				}
			}
			if seenLine[kind+pl.By] {
				continue
			}
			seenLine[kind+pl.By] = true
			lines = append(lines, greatgame.LineText(d, &pl))
			placeRules = append(placeRules, pl.Rule)
		}
	}
	sinkiang := "" // the Chinese march west places Sinkiang's garrisons
	for _, r := range m.Regions {
		if r.ID == "sinkiang" {
			sinkiang = r.Name
		}
	}
	var capitals, agents []any
	for _, r := range m.Regions[:2] {
		capitals = append(capitals, m.Cities[r.Capital].Name)
	}
	agents = append(agents, d.Counters.Agents[0].Name)
	nations := []any{"British", "Russian", m.Regions[0].Name}
	markers := []any{"colony", "fort", "trading-post", "railway"}
	s.values = map[string][]any{
		"g.Years()":                              {d.Charts.Turns[0].Years},
		"g.Seq":                                  {g.Seq.String()},
		"c.Ratios[col]":                          ratios,
		"g.r.d.Charts.Combat.Ratios[col]":        ratios,
		"g.resultName(f.Code)":                   results,
		"tableName(f.Table)":                     {"battle", "raid"},
		"g.negResultName(res)":                   negResults,
		"level":                                  levels,
		"strings.Join(cols, \" and \")":          {columns[0], fmt.Sprintf("%s and %s", columns[0], columns[1])},
		"evRollColumn: col":                      columns,
		"g.r.d.Charts.Turns[e.FromTurn-1].Years": {d.Charts.Turns[1].Years},
		"sp.Rule":                                rules,
		"sc.Name":                                scenarios,
		"sc.Rule":                                scenarioRules,
		"g.lineText(pl)":                         lines,
		"pl.Rule":                                placeRules,
		"g.queueHeadName()":                      append(slices.Clone(pieces), "fort marker"),
		"g.r.m.Cities[reg.Capital].Name":         capitals,
		"a.Name":                                 agents,
		"destNames[t.Aux]":                       {"Leaving the base", "Railway movement", "Amphibious movement"},
		"m.Kind":                                 markers,
		"massacreApply: kind":                    markers,
		"markerTitle: k":                         markers,
		"k.String()":                             markers,
		"MarkerKind(t.Aux)":                      markers,
		"nationTitle(g.r, t.Region)":             nations[:2],
		"nationTitle(g.r, int8(n))":              nations,
		"g.dealRegions(d.Cede)":                  {region[0], fmt.Sprintf("%s, %s", m.Regions[0].Name, m.Regions[1].Name)},
		"g.dealRegions(d.Want)":                  {region[0]},
		"g.dealText()":                           {"nothing", "the British give 5 pounds", "the Russian give 1 pound; the British cede " + m.Regions[0].Name},
		"g.forceText(a)":                         {pieces[0], fmt.Sprintf("%s, %s", pieces[0], pieces[1])},
		"g.forceText(d)":                         {pieces[1], "nothing"},
		"g.forceText(ps)":                        {pieces[0], fmt.Sprintf("%s, %s", pieces[0], pieces[1])},
		"g.sqTok(first[b])":                      {m.Squares[plain].ID},
		"g.sqTok(last[b])":                       {m.Squares[plain+1].ID},
		"g.r.m.Squares[part[0].to].ID":           {m.Squares[plain].ID},
		"g.r.m.Squares[part[len(part)-1].to].ID": {m.Squares[plain+1].ID},
		// the name of the unit type in a unit's name
		"g.r.d.Counters.UnitTypes[t.Type].Name": {d.Counters.UnitTypes[0].Name},
		"size":                                  {"XX"},
		// a counter an event places, as the log names it (evPlacedName)
		"g.evPlacedName(int(placed[0]))":       {agents[0], "ghazis", "British " + strings.ToLower(d.Counters.UnitTypes[0].Name), sinkiang + " " + strings.ToLower(d.Counters.UnitTypes[2].Name)},
		"nationTitle(g.r, k.nation)":           nations,
		"g.r.d.Counters.UnitTypes[k.typ].Name": {d.Counters.UnitTypes[0].Name},
		// Belligerence: the side whose units invade, and those the region joins
		"evRevolt: g.evName(id)":       ev("indian-mutiny", "nihilist-revolt"),
		"evRelief: g.evName(id)":       ev("british-relief-force", "russian-relief-force"),
		"evCityGoal: g.evName(id)":     ev("duhamel-khrulev-plan", "british-forward-policy"),
		"evAgentsDepart: g.evName(id)": ev("british-agent-departs", "russian-agent-departs"),
		"evAgentsDepart: s.Title()":    {"British", "Russian"},
		"evRollColumn: g.evName(id)":   allEvents,
		"e.Name":                       allEvents,
		"g.evName(id)":                 allEvents,
	}
	sides := []any{"British", "Russian"}
	s.rules = []func(a string, n int) []any{
		func(a string, n int) []any {
			for _, fn := range []string{"pl", "pl2", "evRemoveNoun"} {
				if w, ok := plugtest.Plural(a, n, fn); ok {
					return []any{w}
				}
			}
			switch {
			case strings.HasPrefix(a, "isAre("):
				return []any{map[bool]string{true: "is", false: "are"}[n == 1]}
			case strings.HasPrefix(a, "evRemoveNoun("):
				return []any{map[bool]string{true: "brigade", false: "brigades"}[n == 1], map[bool]string{true: "group", false: "groups"}[n == 1]}
			case strings.HasPrefix(a, "upFirst(sidePlural("):
				return []any{"The British", "The Russians"}
			case strings.HasPrefix(a, "sidePlural("):
				return []any{"the British", "the Russians"}
			case strings.HasSuffix(a, ".Title()") && !strings.Contains(a, " "):
				return sides
			case strings.HasPrefix(a, "g.SqName(BaseLoc("), strings.HasPrefix(a, "g.SqName(d.base"):
				return bases
			case strings.HasPrefix(a, "g.SqName("):
				return squares
			case strings.HasPrefix(a, "g.PieceName("):
				return pieces
			case strings.HasPrefix(a, "g.regionTitle("), a == "g.r.m.Regions[r].Name", a == "g.r.m.Regions[t.Region].Name", a == "reg.Name", a == "name":
				return region
			case strings.HasPrefix(a, "fmtMP("):
				return []any{"3", "2½"}
			}
			return nil
		},
	}
	return s
}

func (s *ggSamples) sample(a plugtest.Arg) []any {
	if v, ok := s.values[a.Func+": "+a.Src]; ok {
		return v
	}
	if v, ok := s.values[a.Src]; ok {
		return v
	}
	for _, r := range s.rules {
		if v := r(a.Src, a.N); v != nil {
			return v
		}
	}
	return nil
}
