package gandhiplug

import (
	"encoding/json"
	"flag"
	"fmt"
	"slices"
	"strings"

	"durbar/core"
	"durbar/gandhi"
	"durbar/plug"
	"durbar/plug/cli"
)

// New is durbar new gandhi (--scenario S | --position FILE) --seed N -o FILE.
func (command) New(c plug.Call) error {
	fs := flag.NewFlagSet("new", flag.ContinueOnError)
	scenario := fs.String("scenario", "", "scenario: "+strings.Join(gandhi.Scenarios(), ", ")+" (default main)")
	position := fs.String("position", "", "position file to start from instead of a scenario")
	seed := fs.Uint64("seed", 1, "random seed")
	out := fs.String("o", "", "save file to write (default: standard output)")
	players := fs.Int("players", 4, "players: 4, 3 or 2 (rule 1.5: one player may run two factions)")
	np := fs.String("np", "", "factions run by the Arjuna Non-Player system (section 8): comma list of raj,congress,league,rev, or none")
	if err := cli.GameFlags(fs, c, gameName); err != nil {
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
	if toFile, err := cli.EmitSave(c.Stdout, *out, s.encode); err != nil || !toFile {
		return err
	}
	fmt.Fprintf(c.Stdout, "wrote %s (gandhi, seed %d", *out, *seed)
	if list := npList(s.game); list != "" {
		fmt.Fprintf(c.Stdout, "; Non-Players: %s", list)
	}
	fmt.Fprintf(c.Stdout, ")\n%s\n", decisionHeader(s.game.Decision()))
	writeNPHint(c.Stdout, s.game, *out)
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
		data, err := cli.ReadFile(positionFile)
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
func fileCommand(name string, c plug.Call) (*session, bool, error) {
	return cli.LoadFileArgs(name, c.Args, func(path string) (*session, error) { return loadSession(path, c.Games) })
}

// Show is durbar show game.json [--json].
func (command) Show(c plug.Call) error {
	s, asJSON, err := fileCommand("show", c)
	if err != nil {
		return err
	}
	stdout := c.Stdout
	if asJSON {
		return cli.WriteJSON(stdout, newShowOut(s, 20))
	}
	fmt.Fprint(stdout, s.game.Render())
	if list := npList(s.game); list != "" {
		fmt.Fprintf(stdout, "Non-Players (Arjuna, section 8): %s\n", list)
	}
	fmt.Fprintf(stdout, "\nLast log lines (%d actions so far):\n", len(s.save.Log))
	cli.WriteLog(stdout, cli.LastN(s.game.LogText, 10))
	fmt.Fprintln(stdout)
	writeDecision(stdout, s.game.Decision())
	writeNPHint(stdout, s.game, s.file)
	if s.game.Over {
		writeEnd(stdout, s.game, playedFactions(s.game))
	}
	return nil
}

// Options is durbar options game.json [--json].
func (command) Options(c plug.Call) error {
	s, asJSON, err := fileCommand("options", c)
	if err != nil {
		return err
	}
	if asJSON {
		return cli.WriteJSON(c.Stdout, gameDecisionOut(s.game))
	}
	writeDecision(c.Stdout, s.game.Decision())
	writeNPHint(c.Stdout, s.game, s.file)
	return nil
}

// npToken in an act's id list lets the Non-Players play until a human must
// decide. No option id of the rules is spelled so.
const npToken = "np"

// Act is durbar act game.json OPTION-ID|np... — all or nothing.
func (command) Act(c plug.Call) error {
	file, ids, asJSON, err := cli.ActArgs(c.Args, " (np: the Non-Players play until a human must decide)")
	if err != nil {
		return err
	}
	stdout := c.Stdout
	s, err := loadSession(file, c.Games)
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
		return cli.WriteJSON(stdout, gameDecisionOut(s.game))
	}
	d := s.game.Decision()
	if usedNP {
		fmt.Fprintf(stdout, "applied %d option(s) and %d Non-Player decision(s); %s now holds %d actions\n%s\n",
			applied, byNP, file, len(s.save.Log), decisionHeader(d))
		if byNP > 0 {
			fmt.Fprintln(stdout, "Log of this action:")
			cli.WriteLog(stdout, s.game.LogText[logged:])
		}
	} else {
		fmt.Fprintf(stdout, "applied %d option(s); %s now holds %d actions\n%s\n", len(ids), file, len(s.save.Log), decisionHeader(d))
	}
	writeNPHint(stdout, s.game, file)
	return nil
}

// Replay is durbar replay game.json: re-derive and compare with the State
// snapshot.
func (command) Replay(c plug.Call) error {
	read := func(path string) (*core.Save, error) { return readSave(path, c.Games) }
	return cli.Replay(c.Args, c.Stdout, read, replaySave,
		func(g *gandhi.Game) ([]byte, error) { return json.Marshal(g.Position()) }, "")
}
