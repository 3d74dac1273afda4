package cli

import (
	"encoding/json"
	"fmt"
	"io"
	"text/tabwriter"

	"durbar/core"
)

// The JSON shapes the commands print are a stable interface for scripts:
// fields are only ever added, and lists are [] rather than null.

// DecisionOut is the pending decision (`durbar options --json`).
type DecisionOut struct {
	Over    bool          `json:"over"`
	Player  int           `json:"player"`  // seat, -1 when over
	Faction string        `json:"faction"` // the deciding role (core.Decision.Role), "" when over
	Prompt  string        `json:"prompt"`
	Rule    string        `json:"rule"`
	Options []core.Option `json:"options"`
	// NP: the faction deciding is a Non-Player (Gandhi 8.0); NPChoice is
	// the option the Arjuna system would play and NPWhy its reason.
	NP       bool   `json:"np"`
	NPChoice string `json:"npChoice,omitempty"`
	NPWhy    string `json:"npWhy,omitempty"`
}

// NewDecisionOut is the JSON shape of a decision.
func NewDecisionOut(d core.Decision) DecisionOut {
	opts := d.Options
	if opts == nil {
		opts = []core.Option{}
	}
	return DecisionOut{Over: d.Over, Player: d.Player, Faction: d.Role, Prompt: d.Prompt, Rule: d.Rule, Options: opts}
}

// WriteJSON prints v as indented JSON.
func WriteJSON(w io.Writer, v any) error {
	data, err := json.MarshalIndent(v, "", "  ")
	if err != nil {
		return err
	}
	_, err = fmt.Fprintf(w, "%s\n", data)
	return err
}

// LastN returns the last n strings, never nil.
func LastN(s []string, n int) []string {
	if len(s) > n {
		s = s[len(s)-n:]
	}
	return append([]string{}, s...)
}

// WriteOptions prints a decision's numbered options with their ids and
// rule sections.
func WriteOptions(w io.Writer, d core.Decision) {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	for i, o := range d.Options {
		fmt.Fprintf(tw, "  %d.\t%s\t[%s]\t%s\n", i+1, o.Label, o.Rule, o.ID)
	}
	tw.Flush()
}

// WriteLog prints log lines, indented.
func WriteLog(w io.Writer, lines []string) {
	for _, l := range lines {
		fmt.Fprintf(w, "  %s\n", l)
	}
}

// WriteActed reports what durbar act did: n options applied, the actions
// the save now holds, and the log lines they wrote, if any.
func WriteActed(w io.Writer, n int, file string, actions int, lines []string) {
	fmt.Fprintf(w, "applied %d option(s); %s now holds %d actions\n", n, file, actions)
	if len(lines) > 0 {
		fmt.Fprintln(w, "Log of this action:")
		WriteLog(w, lines)
	}
}

// MaxSteps is the number of decisions after which a game that does not end
// is reported as a stall instead of hanging: computer players moving in a
// row at the terminal, a simulated game (its default --max-decisions).
const MaxSteps = 1_000_000

// SeatSeed derives a seat's computer-player seed from the game seed; it
// differs from the game's own stream so bot choices never mirror the dice.
func SeatSeed(gameSeed uint64, seat int) uint64 {
	return gameSeed*0x9e3779b97f4a7c15 + uint64(seat) + 1
}
