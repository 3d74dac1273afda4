package gandhiplug

import (
	"fmt"
	"go/ast"
	"slices"
	"strings"
	"testing"

	"durbar/gandhi"
	"durbar/plug/plugtest"
)

// TestTemplatesTranslated enumerates the text templates of the rules
// (gandhi/*.go) rather than meeting them in random games: every format of
// fmt.Sprintf and g.logf, every prompt of a step (stepDef.prompt), every
// option label (opt, g.label), every Operation's and Special Activity's
// title, every undo barrier (g.reveal), every reason the game ends for
// (g.endGame), and every reason the Non-Player engine gives for a choice
// (the second result of its np… handlers and g.npWhy, logged after
// "[Arjuna]"); each filled in with sample values of its arguments
// (gandhiSample) must be translated into Spanish and Italian
// (plugtest.CheckTemplates). Refusals need nothing of the game's own: an
// illegal option is core.Illegal, in the server's words, naming the
// prompt; the errors the rules return otherwise are internal and never
// shown.
func TestTemplatesTranslated(t *testing.T) {
	cats, err := gandhi.Translations()
	if err != nil {
		t.Fatal(err)
	}
	d, err := gandhi.DefaultData()
	if err != nil {
		t.Fatal(err)
	}
	names := mapNames(d)
	reasons := map[string]bool{"npWhy": true} // what gives the Non-Player's reasons
	src := plugtest.TemplateSource{
		Dir: "..", Package: "gandhi",
		Formats: map[string]int{"Sprintf": 0, "logf": 0},
		Texts:   map[string][]int{"opt": {1}, "label": {0}, "npWhy": {0}, "reveal": {0}, "Barrier": {1}, "endGame": {0}},
		Fields:  map[string]bool{"prompt": true, "Prompt": true, "title": true},
		Results: func(fd *ast.FuncDecl) int {
			switch name := fd.Name.Name; {
			case strings.HasPrefix(name, "np") && fd.Type.Results != nil && fd.Type.Results.NumFields() == 2:
				reasons[name] = true
				return 1 // a Non-Player handler: the option and why
			case name == "npBoxName", name == "npSASkipped", name == "alternatives", name == "choosePrompt",
				name == "perSpaceCost", name == "sepoyCostNote", name == "traceContext", name == "npTargetWhy":
				return 0
			}
			return -1
		},
		// a reason of the Non-Player as the log shows it (npLog)
		Show: func(call, text string) string {
			if reasons[call] {
				return "  [Arjuna] " + text
			}
			return text
		},
		Hidden: map[string]string{
			"arjuna.go":         "the Arjuna cards' validation, for their authors",
			"cards.go":          "the deck's validation, for its authors",
			"mapdata.go":        "the map's validation, for its authors",
			"invariants.go":     "the rules' own consistency checks",
			"render.go":         "the terminal's board, in English",
			"validateProgram":   "the events' validation, for their authors",
			"err":               "a position's validation, for its authors",
			"checkConservation": "a position's validation, for its authors",
		},
	}
	tail := "the tail of a Non-Player's reason, checked in the reasons it ends"
	head := "the head of a Non-Player's reasons, checked in each"
	n := plugtest.CheckTemplates(t, cats, plugtest.TemplateCheck{
		Source: src, Names: names, Sample: gandhiSample(t, d),
		Fragments: map[string]string{
			"alternatives": "the alternatives an Operation's prompt offers, checked in the prompts",
			"%d %ss":       "a count of pieces, checked in the labels and log lines that give it",
			"rolled %d; ":  "the roll in a Non-Player's reason, checked in it",
			", chosen at random among %d qualifying spaces": tail,
			"Rally (8.6.%d)":                      head,
			"Civil Disobedience (8.6.%d)":         head,
			"Persuade (8.7.%d): ":                 head,
			"Demonstrate into %s (8.6.%d, 8.4.2)": head,
			" %d":                                 "the number of an Arjuna card's condition, checked in the condition",
			"origin %s, the adjacent space with the most %ss (%d) free to leave": "where an Activist comes from, checked in the reasons that give it",
			"box %s (%s) %s":    "a box of the Non-Player's walk through an Arjuna card, checked in the walk",
			"npSelect":          "why the Non-Player picks a space, checked in the reasons that give it",
			"npRajSweepPick":    "why the Non-Player picks a space, checked in the reasons that give it",
			"npRajAssaultPick":  "why the Non-Player picks a space, checked in the reasons that give it",
			"npRevRallyPick":    "why the Non-Player picks a space, checked in the reasons that give it",
			"npRevMarchOrigin":  "why the Non-Player picks a space, checked in the reasons that give it",
			"npLeagueRallyPick": "why the Non-Player picks a space, checked in the reasons that give it",
		},
		Counted: map[string]string{
			"Resources: Raj earns %d less %d for prisoners; Revolutionaries earn %d.":                                                  "less is no noun",
			"Support Phase: the Non-Player Raj rolls %d, so removes Unrest and shifts toward Active Support %d times at most (8.9.2).": "twice a roll, never 1",
		},
	})
	if n.Found < 400 {
		t.Errorf("only %d templates: the reader no longer finds the rules' texts", n.Found)
	}
}

// gandhiSample gives the arguments of the templates values the game shows:
// the map's spaces, the factions, the pieces, the Operations and Special
// Activities, the cards, and what the Non-Player's tables name (the
// Arjuna cards' letters, boxes, conditions and actions, the columns of
// Space Selection, the targets of Adversary Priorities).
func gandhiSample(t *testing.T, d *gandhi.Data) plugtest.Sample {
	var spaces []any // one of each kind
	kinds := map[gandhi.SpaceType]bool{}
	for _, s := range d.Map.Spaces {
		if !kinds[s.Type] {
			kinds[s.Type] = true
			spaces = append(spaces, s.Name)
		}
	}
	factions := []any{"British Raj", "Congress", "Muslim League", "Revolutionaries"}
	var pieces, aPieces []any
	for p := gandhi.Piece(0); p < gandhi.NumPieces; p++ {
		pieces = append(pieces, p.String())
		aPieces = append(aPieces, p.A())
	}
	activists := pieces[gandhi.CongAct : gandhi.LeagueAct+1]
	ops := []any{"Deploy", "Garrison", "Sweep", "Assault", "Rally", "Demonstrate", "Civil Disobedience", "Non-Cooperation", "March", "Attack", "Unrest"}
	sas := []any{"Govern", "Martial Law", "Treaty", "Persuade", "Negotiate", "Satyagraha", "Infiltrate", "Aid", "Assassinate"}
	npOps := append(slices.Clone(ops[:1]), ops[2:]...) // the Arjuna cards never Garrison
	var titles []any
	for _, n := range []int{1, 2, d.Deck.Camps[0]} {
		titles = append(titles, d.Deck.Cards[n].Title)
	}
	var letters, boxes []any
	for _, c := range d.Arjuna.Cards[:2] {
		letters = append(letters, c.Front.Letter)
		boxes = append(boxes, c.Front.Boxes[0].ID)
	}
	// the Non-Player's tables: the columns of Space Selection, the actions
	// of Special Activities, the conditions of the flowcharts (as
	// npCondText words them)
	saTitles := map[string]string{"treaty": "Treaty", "govern": "Govern", "martial-law": "Martial Law", "negotiate": "Negotiate",
		"satyagraha": "Satyagraha", "congress-persuade": "Persuade", "league-negotiate": "Negotiate", "league-infiltrate": "Infiltrate",
		"league-persuade": "Persuade", "aid": "Aid", "rev-infiltrate": "Infiltrate", "assassinate": "Assassinate"}
	var columns, actions, conds, opColumns, saActions, opWhy []any
	seen := map[string]bool{}
	add := func(list *[]any, s string) {
		if s != "" && !seen[s] {
			seen[s] = true
			*list = append(*list, s)
		}
	}
	colName := map[string]string{}
	for _, f := range []string{"raj", "congress", "league", "rev"} {
		if tb := d.Arjuna.Selection[f]; tb != nil {
			for _, c := range tb.Columns {
				add(&columns, c.Name)
				colName[c.ID] = c.Name
			}
		}
	}
	for _, c := range d.Arjuna.Cards {
		for _, side := range []*gandhi.ArjunaSide{c.Front, c.Back} {
			for _, b := range side.Boxes {
				add(&opColumns, b.Column)
				if b.Column != "" { // why an Operation's space: by its column (npSelect)
					add(&opWhy, fmt.Sprint(spaces[0], " by the ", colName[b.Column], " column"))
				}
				for _, at := range b.Attempts {
					for _, st := range at.Steps {
						add(&actions, st.Action)
						add(&saActions, fmt.Sprintf("%s (%s)", saTitles[at.SA], st.Action)) // npStartSA
					}
				}
				if c := b.If; c != nil {
					s := c.Cond
					if c.N != nil {
						s += fmt.Sprintf(" %d", *c.N)
					}
					for _, w := range []string{c.Faction, c.Op} {
						if w != "" {
							s += " " + w
						}
					}
					add(&conds, s)
				}
			}
		}
	}
	why := []any{fmt.Sprint(spaces[0], " by the ", columns[0], " column")} // npSelect's reason
	contexts := append(append([]any{"Event", "Constructive Programme", "Support Phase", "Reset Phase", "Redeploy", "Campaign Round",
		"Crisis", "Gandhi's arrest", "Set-up", "Passing", "Withdrawal", "Muslim State"}, ops...), append(sas, factions...)...)
	values := map[string][]any{
		"g.Reason":                                  {"the final Campaign Round is complete (7.3)", "the draw deck is exhausted"},
		"factionList(w, \" and \")":                 {"British Raj", "Congress and Muslim League", "Congress, Muslim League and Revolutionaries"},
		"factionList(g.Result, \", \")":             {"British Raj, Congress, Muslim League, Revolutionaries"},
		"g.deck.Cards[g.Current].Unshaded":          {d.Deck.Cards[1].Unshaded},
		"g.deck.Cards[g.Current].Shaded":            {d.Deck.Cards[1].Shaded},
		"ctx":                                       contexts, // what a move of the board is part of (traceContext)
		"strings.Join(items, \"; \")":               {"a Troop placed", "2 Troops placed; Unrest 0 → 1"},
		"countPieces(k, p)":                         {"a Troop", "2 Troops"},
		"countPieces(-k, p)":                        {"a Troop", "2 Troops"},
		"Event: how many %ss to place in %s?: what": append(slices.Clone(pieces), "cube", "activist"),
		// the pieces an Operation takes: the Raj's cubes, the activists released
		"deployOptions: pc.A()":     aPieces[gandhi.Troop : gandhi.Sepoy+1],
		"Release a %s: pc.String()": activists,
		// the Non-Player's reasons
		"columnName(t, column)":                columns,
		"npCondText(b.If)":                     conds,
		"a.Steps[first].Action":                actions,
		"s.Action":                             actions,
		"kind":                                 {"congress-activist", "league-activist", "guerrilla", "troop", "sepoy", "gandhi", "protest", "unrest"},
		"who":                                  {" of a player", " of a Non-Player", ""},
		"action":                               {"event", "op-only", "op-sa", "limited-op", "pass"},
		"op.Column":                            opColumns,
		"path":                                 {fmt.Sprint("Arjuna card A, box a1 (", conds[0], ") no, box a2")},
		"chosen":                               {"space:bombay", "from:troop:delhi"},
		"played":                               {"space:delhi"},
		"strings.ToLower(pc.String())":         {"underground guerrilla", "active guerrilla"},
		"strings.TrimPrefix(id, \"replace:\")": {"congress", "troop", "protest"},
		"strings.TrimPrefix(id, \"buy:\")":     {"unrest", "muslim-state", "shift"},
		"strings.TrimPrefix(id, \"event:\")":   {"unshaded", "shaded"},
		"npRajGovern: act":                     {"remove-protests", "imperialism", "remove-adversary"},
		"npRajGovern: id":                      {"remove", "protest", "imperialism"},
		"npRajDeployOOP: id":                   {"troop", "sepoy"},
		"npRajSweep: what":                     {"get one Troop", "get one Sepoy", "cubes until they exceed the Active adversaries, Sepoys first"},
		"Govern in %s (8.7.1): remove-adversary by the Adversary Priorities (8.5): %s: id": {"protest", "remove", "strike"},
		"npNVDemonstrate: why":          {"from the same origin", "origin Delhi, the adjacent space with the most Congress Activists (2) free to leave"},
		"strings.Join(used, \", \")":    {"the only eligible space"},
		"strings.Join(skipped, \"; \")": {"Arjuna card A, box a1: no space eligible for Rally → draw a new card"},
		"npFreeOp: why":                 why,
		"npRedeploy: m.pc.String()":     pieces[gandhi.Troop : gandhi.LeagueAct+1],
		"npRajSweep: pc":                pieces[gandhi.Troop : gandhi.Sepoy+1],
		"npChoose: why":                 {"British Raj, 1st Eligible: NP Eligibility table gives op-sa (8.2)", "Congress, 2nd Eligible: NP Eligibility table gives event (8.2)"},
		"npOpSpace: why":                opWhy,
		"npPickTake: why":               {"", ", " + why[0].(string)},
		"npOp: why":                     saActions,
		"npSupportSelect: why":          {fmt.Sprint(spaces[0], " by the Shift to Support column")},
		// a Non-Player's Redeploy: the instruction of its faction
		"m.why": {"1: a Sepoy for each Troop in a Province", "1: Gandhi to the space with the most Support, 2-Pop first",
			"1: Muslim League pieces above Congress pieces in 2-Pop Muslim spaces", "1: one Guerrilla to each space with Unrest and no Raj Control"},
	}
	return func(a plugtest.Arg) []any {
		src, n := a.Src, a.N
		if w, ok := plugtest.Plural(src, n, "noun"); ok {
			return []any{w}
		}
		for _, key := range []string{a.Format + ": " + src, a.Func + ": " + src, src} {
			if v, ok := values[key]; ok {
				return v
			}
		}
		np := strings.HasPrefix(a.Func, "np")
		switch {
		case strings.HasPrefix(src, "nPieces("):
			w, _ := plugtest.Plural(strings.Replace(src, "nPieces(", "noun(", 1), n, "noun")
			return []any{fmt.Sprintf("%d %s", n, w)}
		case strings.HasPrefix(src, "g.space(") && strings.HasSuffix(src, ").Name"):
			return spaces
		case src == "f" || src == "fr.F" || src == "t.F" || src == "f.String()" || src == "fr.F.String()" || src == "g.top().F":
			return factions
		case strings.HasPrefix(src, "g.transferPartner("):
			return []any{"British Raj", "Revolutionaries"}
		case src == "own" || src == "own.String()" || strings.HasPrefix(src, "ownActivist("):
			return activists
		case src == "own.A()":
			return aPieces[gandhi.CongAct : gandhi.LeagueAct+1]
		case src == "pc" || src == "p" || strings.HasSuffix(src, ".String()"):
			return pieces
		case strings.HasSuffix(src, ".A()"):
			return aPieces
		case (strings.HasPrefix(src, "ops[") || src == "od.title") && np:
			return npOps
		case strings.HasPrefix(src, "ops[") || src == "od.title":
			return ops
		case strings.HasPrefix(src, "sas[") || src == "sd.title":
			return sas
		case strings.HasSuffix(src, ".Title"):
			return titles
		case strings.HasSuffix(src, ".Letter"):
			return letters
		case src == "b.ID" || src == "p.Box" || src == "g.np.Plan.Box":
			return boxes
		case strings.HasPrefix(src, "npNVRule("):
			if strings.HasSuffix(src, " - 2") {
				return []any{2, 3}
			}
			return []any{4, 5}
		}
		return nil
	}
}
