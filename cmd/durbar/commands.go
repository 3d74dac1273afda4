package main

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"maps"
	"slices"
	"strings"

	"durbar/core"
	"durbar/gandhi"
)

// durbar new gandhi (--scenario S | --position FILE) --seed N -o FILE
func cmdNew(args []string, _ io.Reader, stdout io.Writer) error {
	fs := flag.NewFlagSet("new", flag.ContinueOnError)
	scenario := fs.String("scenario", "", "scenario: "+strings.Join(gandhi.Scenarios(), ", ")+" (default main)")
	position := fs.String("position", "", "position file to start from instead of a scenario")
	seed := fs.Uint64("seed", 1, "random seed")
	out := fs.String("o", "", "save file to write (default: standard output)")
	players := fs.Int("players", 4, "players: 4, 3 or 2 (rule 1.5: one player may run two factions)")
	np := fs.String("np", "", "factions run by the Arjuna Non-Player system (section 8): comma list of raj,congress,league,rev, or none")
	if err := parseGameFlags(fs, args); err != nil {
		return err
	}
	setup, err := setupFromFlags(*scenario, *position)
	if err != nil {
		return err
	}
	if setup.Seats, err = gandhi.SeatsFor(*players); err != nil {
		return err
	}
	if setup.NP, err = parseNP(*np, setup.Seats); err != nil {
		return err
	}
	setup.Seats = seatNP(setup.Seats, setup.NP)
	s, err := newSession(setup, *seed)
	if err != nil {
		return err
	}
	if toFile, err := emitSave(stdout, *out, s.encode); err != nil || !toFile {
		return err
	}
	fmt.Fprintf(stdout, "wrote %s (gandhi, seed %d", *out, *seed)
	if list := npList(s.game); list != "" {
		fmt.Fprintf(stdout, "; Non-Players: %s", list)
	}
	fmt.Fprintf(stdout, ")\n%s\n", decisionHeader(s.game.Decision()))
	writeNPHint(stdout, s.game, *out)
	return nil
}

// seatNP gives every Non-Player faction a seat of its own. The 1.5 seats
// pair factions for people; a seat without a person leaves its factions to
// the Arjuna system as separate Non-Players, each ranked by its own margin
// (8.10), not by the lower margin of a pair.
func seatNP(seats []int, np []string) []int {
	out := slices.Clone(seats)
	isNP := map[string]bool{}
	for _, id := range np {
		isNP[id] = true
	}
	used := map[int]bool{}
	for f := gandhi.Faction(0); f < gandhi.NumFactions; f++ {
		if !isNP[f.ID()] {
			used[seats[f]] = true
		}
	}
	next := 0
	for f := gandhi.Faction(0); f < gandhi.NumFactions; f++ {
		if !isNP[f.ID()] {
			continue
		}
		for used[next] {
			next++
		}
		out[f], used[next] = next, true
	}
	return out
}

// parseNP reads --np: faction ids in any order, returned in faction order.
// A seat's factions are either all Non-Players or all played (1.5, 8.0).
func parseNP(list string, seats []int) ([]string, error) {
	list = strings.TrimSpace(strings.ToLower(list))
	if list == "" || list == "none" {
		return nil, nil
	}
	on := map[gandhi.Faction]bool{}
	for _, id := range strings.Split(list, ",") {
		f, ok := gandhi.ParseFaction(strings.TrimSpace(id))
		if !ok {
			return nil, fmt.Errorf("--np: unknown faction %q (raj, congress, league, rev, or none)", id)
		}
		on[f] = true
	}
	var out []string
	for f := gandhi.Faction(0); f < gandhi.NumFactions; f++ {
		for g := gandhi.Faction(0); g < gandhi.NumFactions; g++ {
			if seats[f] == seats[g] && on[f] && !on[g] {
				return nil, fmt.Errorf("--np: %s and %s share a seat (rule 1.5), so both or neither are Non-Players", f, g)
			}
		}
		if on[f] {
			out = append(out, f.ID())
		}
	}
	return out, nil
}

// setupFromFlags builds a setup from a scenario name or a position file.
func setupFromFlags(scenario, positionFile string) (gandhi.Setup, error) {
	switch {
	case scenario != "" && positionFile != "":
		return gandhi.Setup{}, fmt.Errorf("give either --scenario or --position, not both")
	case positionFile != "":
		data, err := readFile(positionFile)
		if err != nil {
			return gandhi.Setup{}, err
		}
		p, err := gandhi.ParsePosition(data)
		if err != nil {
			return gandhi.Setup{}, fmt.Errorf("%s: %w", positionFile, err)
		}
		return gandhi.Setup{Position: p}, nil
	case scenario == "":
		scenario = "main"
	}
	if !slices.Contains(gandhi.Scenarios(), scenario) {
		return gandhi.Setup{}, fmt.Errorf("unknown scenario %q (have %s)", scenario, strings.Join(gandhi.Scenarios(), ", "))
	}
	return gandhi.Setup{Scenario: scenario}, nil
}

// fileCommand parses "CMD game.json [--json]" and loads the save.
func fileCommand(name string, args []string) (*session, bool, error) {
	return loadFileArgs(name, args, loadSession)
}

// loadFileArgs parses "CMD game.json [--json]" and loads the save of a game
// (load).
func loadFileArgs[S any](name string, args []string, load func(string) (S, error)) (S, bool, error) {
	var zero S
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	asJSON := fs.Bool("json", false, "print JSON")
	pos, err := parseFlags(fs, args)
	if err != nil {
		return zero, false, err
	}
	if len(pos) != 1 {
		return zero, false, fmt.Errorf("name one save file")
	}
	s, err := load(pos[0])
	return s, *asJSON, err
}

// durbar show game.json [--json]
func cmdShow(args []string, _ io.Reader, stdout io.Writer) error {
	s, asJSON, err := fileCommand("show", args)
	if err != nil {
		return err
	}
	if asJSON {
		return writeJSON(stdout, newShowOut(s, 20))
	}
	fmt.Fprint(stdout, s.game.Render())
	if list := npList(s.game); list != "" {
		fmt.Fprintf(stdout, "Non-Players (Arjuna, section 8): %s\n", list)
	}
	fmt.Fprintf(stdout, "\nLast log lines (%d actions so far):\n", len(s.save.Log))
	writeLog(stdout, lastN(s.game.LogText, 10))
	fmt.Fprintln(stdout)
	writeDecision(stdout, s.game.Decision())
	writeNPHint(stdout, s.game, s.file)
	if s.game.Over {
		writeEnd(stdout, s.game, playedFactions(s.game))
	}
	return nil
}

// durbar options game.json [--json]
func cmdOptions(args []string, _ io.Reader, stdout io.Writer) error {
	s, asJSON, err := fileCommand("options", args)
	if err != nil {
		return err
	}
	if asJSON {
		return writeJSON(stdout, gameDecisionOut(s.game))
	}
	writeDecision(stdout, s.game.Decision())
	writeNPHint(stdout, s.game, s.file)
	return nil
}

// npToken in an act's id list lets the Non-Players play until a human must
// decide. No option id of the rules is spelled so.
const npToken = "np"

// actArgs reads the arguments of act: the save file, the option ids and
// --json; more is said after the usage line.
func actArgs(args []string, more string) (file string, ids []string, asJSON bool, err error) {
	fs := flag.NewFlagSet("act", flag.ContinueOnError)
	jsonFlag := fs.Bool("json", false, "print the next decision as JSON")
	pos, err := parseFlags(fs, args)
	if err != nil {
		return "", nil, false, err
	}
	if len(pos) < 2 {
		return "", nil, false, fmt.Errorf("usage: durbar act game.json OPTION-ID...%s", more)
	}
	return pos[0], pos[1:], *jsonFlag, nil
}

// durbar act game.json OPTION-ID|np... — all or nothing.
func cmdAct(args []string, _ io.Reader, stdout io.Writer) error {
	file, ids, asJSON, err := actArgs(args, " (np: the Non-Players play until a human must decide)")
	if err != nil {
		return err
	}
	s, err := loadSession(file)
	if err != nil {
		return err
	}
	logged, applied, byNP, usedNP := len(s.game.LogText), 0, 0, false
	for i, id := range ids {
		if id == npToken {
			usedNP = true
			n, err := s.playNP()
			byNP += n
			if err != nil {
				return fmt.Errorf("%s (item %d of %d) failed, %s left unchanged: %w", npToken, i+1, len(ids), file, err)
			}
			continue
		}
		if err := s.apply(id); err != nil {
			return fmt.Errorf("option %d of %d (%q) refused, %s left unchanged: %w", i+1, len(ids), id, file, err)
		}
		applied++
	}
	// Written only once every id has been accepted.
	if err := s.writeSave(file); err != nil {
		return err
	}
	if asJSON {
		return writeJSON(stdout, gameDecisionOut(s.game))
	}
	d := s.game.Decision()
	if usedNP {
		fmt.Fprintf(stdout, "applied %d option(s) and %d Non-Player decision(s); %s now holds %d actions\n%s\n",
			applied, byNP, file, len(s.save.Log), decisionHeader(d))
		if byNP > 0 {
			fmt.Fprintln(stdout, "Log of this action:")
			writeLog(stdout, s.game.LogText[logged:])
		}
	} else {
		fmt.Fprintf(stdout, "applied %d option(s); %s now holds %d actions\n%s\n", len(ids), file, len(s.save.Log), decisionHeader(d))
	}
	writeNPHint(stdout, s.game, file)
	return nil
}

// durbar replay game.json — re-derive and compare with the State snapshot.
func cmdReplay(args []string, _ io.Reader, stdout io.Writer) error {
	return replayCommand(args, stdout, readSave, replaySave,
		func(g *gandhi.Game) ([]byte, error) { return json.Marshal(g.Position()) }, "")
}

// replayCommand is `durbar replay` for a game: read the save, replay it
// (with the game's own checks), and compare the State snapshot (state) with
// the replay. checked tells what the replay verified besides the steps
// ("" or ", invariants hold").
func replayCommand[G any](args []string, stdout io.Writer, read func(string) (*core.Save, error),
	replay func(*core.Save) (G, error), state func(G) ([]byte, error), checked string) error {
	fs := flag.NewFlagSet("replay", flag.ContinueOnError)
	pos, err := parseFlags(fs, args)
	if err != nil {
		return err
	}
	if len(pos) != 1 {
		return fmt.Errorf("name one save file")
	}
	sv, err := read(pos[0])
	if err != nil {
		return err
	}
	g, err := replay(sv)
	if err != nil {
		return fmt.Errorf("%s: replay failed: %w", pos[0], err)
	}
	if len(sv.State) == 0 {
		fmt.Fprintf(stdout, "OK: %d steps replayed%s (the save holds no state snapshot to compare)\n", len(sv.Log), checked)
		return nil
	}
	got, err := state(g)
	if err != nil {
		return err
	}
	diffs, err := jsonDiff(sv.State, got)
	if err != nil {
		return fmt.Errorf("%s: state snapshot: %w", pos[0], err)
	}
	if len(diffs) > 0 {
		fmt.Fprintf(stdout, "MISMATCH after %d steps: the saved state differs from the replay:\n", len(sv.Log))
		for _, d := range diffs {
			fmt.Fprintf(stdout, "  %s\n", d)
		}
		return fmt.Errorf("%s: state snapshot does not match the replay of seed, setup and log", pos[0])
	}
	fmt.Fprintf(stdout, "OK: %d steps replayed%s; state matches the snapshot\n", len(sv.Log), checked)
	return nil
}

// jsonDiff compares two JSON documents by value and lists the differing
// paths as "path: saved X, replay Y" (at most 20 lines).
func jsonDiff(saved, replayed []byte) ([]string, error) {
	a, err := flattenJSON(saved)
	if err != nil {
		return nil, err
	}
	b, err := flattenJSON(replayed)
	if err != nil {
		return nil, err
	}
	union := maps.Clone(a)
	maps.Copy(union, b)
	keys := slices.Sorted(maps.Keys(union))
	var out []string
	for _, k := range keys {
		x, okA := a[k]
		y, okB := b[k]
		if okA && okB && x == y {
			continue
		}
		if !okA {
			x = "(absent)"
		}
		if !okB {
			y = "(absent)"
		}
		if len(out) == 20 {
			out = append(out, "…")
			break
		}
		out = append(out, fmt.Sprintf("%s: saved %s, replay %s", k, x, y))
	}
	return out, nil
}

// flattenJSON maps every leaf of a JSON document to its path.
func flattenJSON(data []byte) (map[string]string, error) {
	var v any
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	if err := dec.Decode(&v); err != nil {
		return nil, err
	}
	out := map[string]string{}
	var walk func(path string, v any)
	walk = func(path string, v any) {
		switch x := v.(type) {
		case map[string]any:
			for k, e := range x {
				walk(path+"."+k, e)
			}
			if len(x) == 0 {
				out[path] = "{}"
			}
		case []any:
			for i, e := range x {
				walk(fmt.Sprintf("%s[%d]", path, i), e)
			}
			if len(x) == 0 {
				out[path] = "[]"
			}
		default:
			leaf, _ := json.Marshal(x)
			out[path] = string(leaf)
		}
	}
	walk("", v)
	return out, nil
}
