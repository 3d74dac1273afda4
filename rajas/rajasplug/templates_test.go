package rajasplug

import (
	"fmt"
	"go/ast"
	"strings"
	"testing"

	"durbar/plug/plugtest"
	"durbar/rajas"
)

// TestTemplatesTranslated enumerates the text templates of the rules
// (rajas/*.go) rather than meeting them in random games: every format of
// fmt.Sprintf and g.logf, every prompt of a step (stepDef.prompt), every
// option label (opt, g.opt), every undo barrier (g.reveal), and the names
// the rules build (spaceName, tileName, …); each filled in with sample
// values of its arguments (rajasSample) must be translated into Spanish and
// Italian (plugtest.CheckTemplates). Log lines are checked as the log shows
// them, with a capital. Refusals need nothing of the game's own: an
// illegal option is core.Illegal, in the server's words, naming the
// prompt; a panic while applying an option is a bug, reported as such.
func TestTemplatesTranslated(t *testing.T) {
	cats, err := rajas.Translations()
	if err != nil {
		t.Fatal(err)
	}
	src := plugtest.TemplateSource{
		Dir: "..", Package: "rajas",
		Formats: map[string]int{"Sprintf": 0, "logf": 0},
		Texts:   map[string][]int{"opt": {1, 2}, "reveal": {0}, "Barrier": {1}},
		Fields:  map[string]bool{"prompt": true, "Prompt": true},
		Show: func(call, text string) string {
			if call == "logf" {
				return rajasCapitalize(text) // as the log shows it (rajasTable.Log)
			}
			return text
		},
		Results: func(fd *ast.FuncDecl) int {
			switch fd.Name.Name {
			case "spaceLabel", "variantText":
				return 0
			}
			return -1
		},
		Hidden: map[string]string{
			"register":           "the default prompt of automatic steps, which decide nothing",
			"data.go":            "the edition's validation, for its authors",
			"invariants.go":      "the rules' own consistency checks",
			"save.go":            "save files' errors",
			"err":                "a position's validation, for its authors",
			"playerFromPosition": "a position's validation, for its authors",
			"playList":           "a panic while applying an option: a bug, not a rule",
			"Render":             "the terminal's board, in English",
			"poolText":           "the terminal's board, in English",
			"diceText":           "the terminal's board, in English",
			"renderPlayer":       "the terminal's board, in English",
		},
	}
	n := plugtest.CheckTemplates(t, cats, plugtest.TemplateCheck{
		Source: src, Sample: rajasSample(t),
		Fragments: map[string]string{
			" (pay %d money and a die)": "the cost of an action space, checked in its label",
			" (pay %d money)":           "the cost of an action space, checked in its label",
			" (pay %s die)":             "the cost of an action space, checked in its label",
			" (pay a die of %d)":        "the cost of an action space, checked in its label",
			"%s %d":                     "a die (colour and value) or a tile's market, checked in the texts that name it",
			"%s %d (%s; roads %s)":      "a tile as the buying and covering labels name it, checked in them",
			"EffectText":                "an effect, checked in the names of every production tile and special production",
			"variantText":               "the variants of a set-up, checked in its log line",
		},
		Counted: map[string]string{
			"Round %d begins; %s has the elephant.":                   "begins is the verb",
			"no markers met within %d rounds; %s has the largest gap": "the round limit, never 1",
			"Set-up: %d players%s; seat 1 holds the elephant.":        "2 to 4 players",
			"Set-up: %d players%s.":                                   "2 to 4 players",
			"Score up to %d markets of one good":                      "one market has a prompt of its own",
			"%d markets of a good":                                    "one market has a text of its own",
		},
	})
	if n.Found < 150 {
		t.Errorf("only %d templates: the reader no longer finds the rules' texts", n.Found)
	}
}

// rajasSample gives the arguments of the templates values the game shows:
// the seats, the dice, the goods and buildings, the board's spaces, the
// province's tiles, cells and sites, the production tiles.
func rajasSample(t *testing.T) plugtest.Sample {
	d, err := rajas.DefaultData()
	if err != nil {
		t.Fatal(err)
	}
	colors := []any{"orange", "blue", "green", "purple"}
	aColors := []any{"an orange", "a blue", "a green", "a purple"}
	goods := []any{"silk", "tea", "spice"}
	buildings := []any{"temple", "palace", "fortress", "mill"}
	rooms := []any{"Great Mogul", "Dancer", "Yogi", "Raja Man Singh", "Master Builder", "Portuguese"}
	seats := []any{"player 1", "player 3"}
	cell := "row 2, column 3"
	// tiles as the rules name them (tileName, tileLabel): one of each colour
	var tiles, labels []any
	seen := map[rajas.Color]bool{}
	for i := range d.Tiles {
		tl := &d.Tiles[i]
		if seen[tl.Color] {
			continue
		}
		seen[tl.Color] = true
		var parts []string
		for _, b := range tl.Buildings {
			parts = append(parts, b.String())
		}
		for _, m := range tl.Markets {
			parts = append(parts, fmt.Sprintf("%s %d", m.Good, m.Value))
		}
		tiles = append(tiles, fmt.Sprintf("%s %d (%s)", tl.Color, tl.Cost, strings.Join(parts, ", ")))
		labels = append(labels, fmt.Sprintf("%s %d (%s; roads %s)", tl.Color, tl.Cost, strings.Join(parts, ", "), rajas.RoadText(tl.Roads)))
	}
	// production tiles as the rules name them (prodName): every one
	var prods, prodEffects []any
	for _, p := range d.Prod {
		prods = append(prods, fmt.Sprintf("the %s production tile (%s)", p.Color, rajas.EffectsText(p.Effects)))
		prodEffects = append(prodEffects, rajas.EffectsText(p.Effects))
	}
	// the special productions a brown production tile may cover
	// (Navaratnas side)
	var siteEffects []any
	for _, s := range d.Province.Sites[1] {
		if s.Slot == rajas.Brown {
			siteEffects = append(siteEffects, rajas.EffectsText(s.Effects))
		}
	}
	spaces := []any{"the quarry", "the assorted market", "the tea market", "the outer terrace", "the orange terrace",
		"the blue balcony", "the Dancer", "the harbour"}
	values := map[string][]any{
		"g.Reason": {"player 2 wins with fame 40 past money 39 by 1",
			fmt.Sprintf("no markers met within %d rounds; player 1 has the largest gap", rajas.MaxRounds)},
		"strings.Join(rolled, \", \")": {"orange 3", "orange 3, blue 5"},
		"strings.Join(seats, \", \")":  {"2", "1, 3"},
		"g.setup.Experts":              {[]int{2}},
		"roomNames[r]":                 rooms,
		"roomNames[sp.Room]":           rooms,
		"sideNames[s.Side]":            {"north", "east", "south", "west"},
		"b":                            buildings,
		"gd":                           goods,
		"sp.Good":                      goods,
		"m.Good":                       goods,
		"sp.Gain":                      colors,
		"EffectsText(s.Effects)":       siteEffects,
		"EffectsText(t.Effects)":       prodEffects,
		"cellName(pr, s.Cell)":         {cell},
		"tileContents(t)":              {"temple, silk 2", "tea 1"},
		"RoadText(t.Roads)":            {"NE", "NESW"},
		"RoadText(rotMask(g.d.Tiles[t].Roads, r))":      {"NE"},
		"RoadText(rotMask(g.d.Tiles[t].Roads, pl.Rot))": {"NESW"},
	}
	// values that depend on the template: the spaces where a worker pays
	// money, the rooms a palace effect offers
	byFormat := map[string]map[string][]any{
		"%s places a worker on %s, paying %d money.": {"spaceName(sp)": {"the quarry", "the harbour"}},
		"The %s, free":                    {"roomNames[r]": rooms[1:]},
		"%s takes the %s's action, free.": {"roomNames[r]": rooms[1:]},
	}
	return func(arg plugtest.Arg) []any {
		fn, a, n := arg.Func, arg.Src, arg.N
		if v, ok := byFormat[arg.Format][a]; ok {
			return v
		}
		if v, ok := values[fn+": "+a]; ok {
			return v
		}
		if v, ok := values[a]; ok {
			return v
		}
		if fn == "moveBoat" && a == "spaces" {
			return []any{map[bool]string{true: "space", false: "spaces"}[n == 1]}
		}
		switch {
		case strings.HasPrefix(a, "SeatName("):
			return seats
		case strings.HasPrefix(a, "aColor("):
			return aColors
		case strings.HasPrefix(a, "Color(") || a == "c" || a == "t.Color":
			if fn == "prodName" {
				return []any{"white", "yellow", "red", "brown"}
			}
			return colors
		case strings.HasPrefix(a, "spaceName("):
			return spaces
		case strings.HasPrefix(a, "tileName("):
			return tiles
		case strings.HasPrefix(a, "tileLabel("):
			return labels
		case strings.HasPrefix(a, "cellName("):
			return []any{cell}
		case strings.HasPrefix(a, "siteName("):
			return []any{"the east edge of " + cell}
		case strings.HasPrefix(a, "prodName("):
			return prods
		}
		return nil
	}
}
