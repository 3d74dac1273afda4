package gandhiplug

import (
	"fmt"
	"io"
	"strings"
	"text/tabwriter"

	"durbar/core"
	"durbar/gandhi"
	"durbar/plug/cli"
)

// The JSON shapes below are a stable interface for scripts: fields are only
// ever added, and lists are [] rather than null.

// gameDecisionOut is the pending decision with what a Non-Player would
// choose.
func gameDecisionOut(g *gandhi.Game) cli.DecisionOut {
	out := cli.NewDecisionOut(g.Decision())
	if g.NPToMove() {
		out.NP = true
		out.NPChoice, out.NPWhy, _ = safeNPChoice(g)
	}
	return out
}

// writeNPHint says, when a Non-Player is to decide, what the Arjuna system
// would play and how to let it.
func writeNPHint(w io.Writer, g *gandhi.Game, file string) {
	if !g.NPToMove() {
		return
	}
	if file == "" {
		file = "game.json"
	}
	d := g.Decision()
	id, why, err := safeNPChoice(g)
	if err != nil {
		fmt.Fprintf(w, "%s is a Non-Player; the Arjuna system fails here: %v\n", factionName(d.Role), err)
		return
	}
	o, _ := d.Find(id)
	fmt.Fprintf(w, "%s is a Non-Player (8.0): Arjuna would choose %s [%s]: %s\n", factionName(d.Role), o.Label, id, why)
	fmt.Fprintf(w, "  durbar act %s np   plays the Non-Players until a human must decide\n", file)
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
	Decision cli.DecisionOut  `json:"decision"`
	Position *gandhi.Position `json:"position"`
	// Facts are what a player reads off the board besides the position:
	// derived, never stored.
	Facts   factsOut `json:"facts"`
	LogTail []string `json:"logTail"` // last lines of the readable log
	NP      []string `json:"np"`      // Non-Player faction ids (8.0)
	// Solo is the 1-player result (8.10) of a finished game with one human
	// seat.
	Solo *soloOut `json:"solo,omitempty"`
}

// factsOut is the board's derived facts.
type factsOut struct {
	// Spaces gives, for every space, Raj Control (1.7) and whether its
	// Activists are Active (in a Protest space or on a Railway, 1.4.3).
	Spaces map[string]spaceFacts `json:"spaces"`
	// Markers on the map: Protests, Unrest and Strikes (one pool, 1.11),
	// Muslim States.
	ProtestsOnMap      int  `json:"protestsOnMap"`
	UnrestStrikesOnMap int  `json:"unrestStrikesOnMap"`
	MuslimStatesOnMap  int  `json:"muslimStatesOnMap"`
	Crisis             bool `json:"crisis"` // Restraint and Unity both at 1 (6.8)
	CampaignsLeft      int  `json:"campaignsLeft"`
}

type spaceFacts struct {
	RajControl      bool `json:"rajControl"`
	ActivistsActive bool `json:"activistsActive"`
}

// newFacts derives the board's facts.
func newFacts(g *gandhi.Game) factsOut {
	f := factsOut{Spaces: map[string]spaceFacts{}, Crisis: g.Crisis(), CampaignsLeft: g.CampaignsLeft()}
	f.ProtestsOnMap, f.UnrestStrikesOnMap, f.MuslimStatesOnMap = g.MarkersOnMap()
	for i, sp := range g.Map().Spaces {
		f.Spaces[sp.ID] = spaceFacts{RajControl: g.RajControl(i), ActivistsActive: g.ActivistsActive(i)}
	}
	return f
}

// soloOut is the 1-player result of 8.10.
type soloOut struct {
	Title string `json:"title"`
	Text  string `json:"text"`
}

func newShowOut(s *session, tail int) showOut {
	g := s.game
	out := showOut{Game: s.save.Game, Version: s.save.Version, Seed: s.save.Seed, Steps: len(s.save.Log),
		Over: g.Over, Result: []string{}, Reason: g.Reason, Decision: gameDecisionOut(g),
		Position: g.Position(), Facts: newFacts(g), LogTail: cli.LastN(g.LogText, tail), NP: []string{}}
	for f := gandhi.Faction(0); f < gandhi.NumFactions; f++ {
		if g.IsNP(f) {
			out.NP = append(out.NP, f.ID())
		}
	}
	if g.Over {
		if title, text, ok := soloOutcome(g); ok {
			out.Solo = &soloOut{title, text}
		}
	}
	for _, f := range g.Result {
		out.Result = append(out.Result, f.ID())
	}
	for f := gandhi.Faction(0); f < gandhi.NumFactions; f++ {
		out.Victory = append(out.Victory, victoryOut{f.ID(), g.VP[f], gandhi.Threshold(f), g.Margin(f)})
	}
	return out
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
	cli.WriteOptions(w, d)
}

// soloOutcomer is the 1-player result of 8.10 (gandhi/np_campaign.go),
// asserted rather than required.
type soloOutcomer interface {
	SoloOutcome() (title, text string, ok bool)
}

// soloOutcome returns the 8.10 result of a finished 1-player game.
func soloOutcome(g *gandhi.Game) (title, text string, ok bool) {
	if so, has := any(g).(soloOutcomer); has {
		return so.SoloOutcome()
	}
	return "", "", false
}

// writeEnd prints the final victory margins (7.3) with who played each
// faction and, in a 1-player game, the result of 8.10.
func writeEnd(w io.Writer, g *gandhi.Game, humans map[gandhi.Faction]bool) {
	fmt.Fprintln(w, "\nFinal victory margins (7.3):")
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	seats := map[int]bool{}
	you, best := 0, 0
	first, bestSet := true, false
	for f := gandhi.Faction(0); f < gandhi.NumFactions; f++ {
		who := "computer"
		switch {
		case humans[f]:
			who = "player"
			seats[g.Seats[f]] = true
			if m := g.Margin(f); first || m < you {
				you, first = m, false
			}
		case g.IsNP(f):
			who = "Non-Player"
			if m := g.Margin(f); !bestSet || m > best {
				best, bestSet = m, true
			}
		}
		fmt.Fprintf(tw, "  %s\t%s\t%d/%d\t%+d\n", f, who, g.VP[f], gandhi.Threshold(f), g.Margin(f))
	}
	tw.Flush()
	if len(seats) != 1 || !bestSet {
		return
	}
	mine := "the lower margin of your two Factions counts, 1.5"
	if len(humanFactions(humans)) == 1 {
		mine = humanFactions(humans)[0].String()
	}
	fmt.Fprintf(w, "Your margin %+d (%s); best Non-Player margin %+d.\n", you, mine, best)
	title, text, ok := soloOutcome(g)
	if !ok {
		return
	}
	fmt.Fprintf(w, "\n1-player result (8.10): %s\n", title)
	for _, line := range wrap(text, 76) {
		fmt.Fprintf(w, "  %s\n", line)
	}
}

// wrap breaks text into lines of at most width characters at spaces.
func wrap(text string, width int) []string {
	var lines []string
	line := ""
	for _, word := range strings.Fields(text) {
		if line != "" && len(line)+1+len(word) > width {
			lines = append(lines, line)
			line = ""
		}
		if line != "" {
			line += " "
		}
		line += word
	}
	if line != "" {
		lines = append(lines, line)
	}
	return lines
}

// humanFactions lists the factions played by people.
func humanFactions(humans map[gandhi.Faction]bool) []gandhi.Faction {
	var out []gandhi.Faction
	for f := gandhi.Faction(0); f < gandhi.NumFactions; f++ {
		if humans[f] {
			out = append(out, f)
		}
	}
	return out
}

// playedFactions are the factions that are not Non-Players: in a saved game
// the ones people played (or random computer players).
func playedFactions(g *gandhi.Game) map[gandhi.Faction]bool {
	out := map[gandhi.Faction]bool{}
	for f := gandhi.Faction(0); f < gandhi.NumFactions; f++ {
		if !g.IsNP(f) {
			out[f] = true
		}
	}
	return out
}
