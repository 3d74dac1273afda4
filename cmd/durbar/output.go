package main

import (
	"encoding/json"
	"fmt"
	"io"
	"text/tabwriter"

	"durbar/core"
	"durbar/gandhi"
)

// The JSON shapes below are a stable interface for scripts: fields are only
// ever added, and lists are [] rather than null.

// decisionOut is the pending decision.
type decisionOut struct {
	Over    bool          `json:"over"`
	Player  int           `json:"player"`  // seat, -1 when over
	Faction string        `json:"faction"` // faction id, "" when over
	Prompt  string        `json:"prompt"`
	Rule    string        `json:"rule"`
	Options []core.Option `json:"options"`
}

func newDecisionOut(d core.Decision) decisionOut {
	opts := d.Options
	if opts == nil {
		opts = []core.Option{}
	}
	return decisionOut{Over: d.Over, Player: d.Player, Faction: d.Role, Prompt: d.Prompt, Rule: d.Rule, Options: opts}
}

// victoryOut is one faction's victory total against its threshold (7.2).
type victoryOut struct {
	Faction   string `json:"faction"`
	Total     int    `json:"total"`
	Threshold int    `json:"threshold"`
	Margin    int    `json:"margin"`
}

// showOut is `durbar show --json`.
type showOut struct {
	Game     string           `json:"game"`
	Version  int              `json:"version"`
	Seed     uint64           `json:"seed"`
	Steps    int              `json:"steps"` // entries in the action log
	Over     bool             `json:"over"`
	Result   []string         `json:"result"` // faction ids, best first; [] until over
	Reason   string           `json:"reason"`
	Victory  []victoryOut     `json:"victory"`
	Decision decisionOut      `json:"decision"`
	Position *gandhi.Position `json:"position"`
	LogTail  []string         `json:"logTail"` // last lines of the readable log
}

func newShowOut(s *session, tail int) showOut {
	g := s.game
	out := showOut{Game: s.save.Game, Version: s.save.Version, Seed: s.save.Seed, Steps: len(s.save.Log),
		Over: g.Over, Result: []string{}, Reason: g.Reason, Decision: newDecisionOut(g.Decision()),
		Position: g.Position(), LogTail: lastN(g.LogText, tail)}
	for _, f := range g.Result {
		out.Result = append(out.Result, f.ID())
	}
	for f := gandhi.Faction(0); f < gandhi.NumFactions; f++ {
		out.Victory = append(out.Victory, victoryOut{f.ID(), g.VP[f], gandhi.Threshold(f), g.Margin(f)})
	}
	return out
}

func writeJSON(w io.Writer, v any) error {
	data, err := json.MarshalIndent(v, "", "  ")
	if err != nil {
		return err
	}
	_, err = fmt.Fprintf(w, "%s\n", data)
	return err
}

// lastN returns the last n strings, never nil.
func lastN(s []string, n int) []string {
	if len(s) > n {
		s = s[len(s)-n:]
	}
	return append([]string{}, s...)
}

// factionName turns a decision's role id into the faction's full name.
func factionName(role string) string {
	if f, ok := gandhi.ParseFaction(role); ok {
		return f.String()
	}
	return role
}

// decisionHeader says who decides what, under which rule.
func decisionHeader(d core.Decision) string {
	if d.Over {
		return d.Prompt
	}
	return fmt.Sprintf("%s (seat %d) decides [rule %s]: %s", factionName(d.Role), d.Player, d.Rule, d.Prompt)
}

// writeDecision prints the header and the numbered options with their ids
// and rule sections.
func writeDecision(w io.Writer, d core.Decision) {
	fmt.Fprintln(w, decisionHeader(d))
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	for i, o := range d.Options {
		fmt.Fprintf(tw, "  %d.\t%s\t[%s]\t%s\n", i+1, o.Label, o.Rule, o.ID)
	}
	tw.Flush()
}

// writeLog prints log lines, indented.
func writeLog(w io.Writer, lines []string) {
	for _, l := range lines {
		fmt.Fprintf(w, "  %s\n", l)
	}
}
