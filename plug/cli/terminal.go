package cli

import (
	"bufio"
	"fmt"
	"io"
	"strconv"
	"strings"

	"durbar/core"
)

// Terminal is the play loop shared by the games at the terminal: humans
// type choices and commands (undo, save, show, log, help, quit), computer
// players move on their own. What differs between the games is behind
// TableGame. A game's table embeds a Terminal and sets Game to itself.
type Terminal struct {
	In     *bufio.Scanner
	Out    io.Writer
	Game   TableGame
	SaveTo string // if set, the game is saved there when play ends (--save)

	shown   string // what the last board display was for
	logged  int    // log lines already printed
	endDone bool   // the end-of-game summary has been printed
}

// TableGame is one game at the terminal.
type TableGame interface {
	Decision() core.Decision
	// Auto reports whether a computer takes the decision, and who, for the
	// error when the computer players go on without end.
	Auto(d core.Decision) (who string, ok bool)
	// AutoPlay lets the computer take the decision.
	AutoPlay(d core.Decision) error
	// Apply plays an option and records who chose it.
	Apply(id string, d core.Decision) error
	BoardKey(d core.Decision) string // the board is shown again when it changes
	Render() string
	WriteEnd()
	WriteDecision(d core.Decision)
	LogLines() []string
	Help(arg string)
	WriteSave(file string) error
	Actions() []string // the save's log
	// ComputerChose reports whether log entry k was chosen by the computer;
	// DeciderName names who chose it.
	ComputerChose(k int) bool
	DeciderName(k int) string
	// Rewind goes back to the first k log entries; its error is said as it
	// is ("undo failed: ...", "cannot undo: ...").
	Rewind(k int) error
}

// Loop runs until the game is over, quit or end of input, printing the log
// lines as the game writes them (from those already written when it
// starts). Computer players move without asking. When the game is over it
// shows the final board and the result and returns: nothing more can be
// played, and a script piping answers in (yes 1 | durbar play) ends with
// the game.
func (t *Terminal) Loop() error {
	t.logged = len(t.Game.LogLines())
	for moves := 0; ; {
		d := t.Game.Decision()
		if d.Over {
			t.prompt(d)
			return t.finish()
		}
		if who, ok := t.Game.Auto(d); ok {
			if moves++; moves > MaxSteps {
				return fmt.Errorf("%s made %d decisions in a row without the game ending", who, moves-1)
			}
			if err := t.Game.AutoPlay(d); err != nil {
				return err
			}
			continue
		}
		moves = 0
		t.prompt(d)
		if !t.In.Scan() {
			fmt.Fprintln(t.Out, "\n(end of input)")
			if err := t.In.Err(); err != nil {
				return err
			}
			return t.finish()
		}
		if quit := t.command(strings.TrimSpace(t.In.Text()), d); quit {
			return t.finish()
		}
	}
}

// finish ends play: the game is saved to the --save file, if one was given.
func (t *Terminal) finish() error {
	if t.SaveTo == "" {
		return nil
	}
	if err := t.Game.WriteSave(t.SaveTo); err != nil {
		return fmt.Errorf("--save: %w", err)
	}
	fmt.Fprintf(t.Out, "saved %d actions to %s\n", len(t.Game.Actions()), t.SaveTo)
	return nil
}

// prompt shows the board when it has changed, then the decision with
// numbered options; at the end of the game, the result.
func (t *Terminal) prompt(d core.Decision) {
	if key := t.Game.BoardKey(d); key != t.shown {
		t.shown = key
		fmt.Fprintf(t.Out, "\n%s\n", t.Game.Render())
	}
	if d.Over && !t.endDone {
		t.endDone = true
		t.Game.WriteEnd()
	}
	if d.Over {
		fmt.Fprintln(t.Out, "The game is over.")
		return
	}
	t.Game.WriteDecision(d)
	fmt.Fprint(t.Out, "> ")
}

// command handles one input line and reports whether to quit.
func (t *Terminal) command(line string, d core.Decision) bool {
	word, arg, _ := strings.Cut(line, " ")
	arg = strings.TrimSpace(arg)
	switch strings.ToLower(word) {
	case "":
	case "quit", "exit", "q":
		return true
	case "show":
		t.shown = ""
	case "log":
		WriteLog(t.Out, LastN(t.Game.LogLines(), 20))
	case "help", "?":
		t.Game.Help(arg)
	case "save":
		t.save(arg)
	case "undo":
		t.undo()
	default:
		t.choose(line, d)
	}
	return false
}

// choose plays an option given by its number or its id.
func (t *Terminal) choose(input string, d core.Decision) {
	id := input
	if n, err := strconv.Atoi(input); err == nil {
		if n < 1 || n > len(d.Options) {
			fmt.Fprintf(t.Out, "no option %d: choose 1 to %d\n", n, len(d.Options))
			return
		}
		id = d.Options[n-1].ID
	}
	if err := t.Play(id, d); err != nil {
		fmt.Fprintf(t.Out, "refused: %v\n", err)
	}
}

// Play applies one option, remembers who chose it, and prints the log lines
// it produced.
func (t *Terminal) Play(id string, d core.Decision) error {
	if err := t.Game.Apply(id, d); err != nil {
		return err
	}
	t.PrintNewLog()
	return nil
}

// PrintNewLog prints the log lines written since the last it printed.
func (t *Terminal) PrintNewLog() {
	lines := t.Game.LogLines()
	if t.logged < len(lines) {
		WriteLog(t.Out, lines[t.logged:])
	}
	t.logged = len(lines)
}

// BoardChanged has the board shown again before the next decision a
// person takes: the computer has moved.
func (t *Terminal) BoardChanged() { t.shown = "" }

func (t *Terminal) save(file string) {
	if file == "" {
		fmt.Fprintln(t.Out, "usage: save FILE")
		return
	}
	if err := t.Game.WriteSave(file); err != nil {
		fmt.Fprintf(t.Out, "save failed: %v\n", err)
		return
	}
	fmt.Fprintf(t.Out, "saved %d actions to %s\n", len(t.Game.Actions()), file)
}

// undo takes back the last human choice together with the computer moves
// that followed it, by replaying the log without them; the game refuses if
// a random event lies in between (rewind).
func (t *Terminal) undo() {
	n := len(t.Game.Actions())
	k := n - 1
	for k >= 0 && t.Game.ComputerChose(k) {
		k--
	}
	if k < 0 {
		fmt.Fprintln(t.Out, "nothing to undo")
		return
	}
	who := t.Game.DeciderName(k)
	if err := t.Game.Rewind(k); err != nil {
		fmt.Fprintln(t.Out, err)
		return
	}
	fmt.Fprintf(t.Out, "undone: %d action(s), back to %s's choice\n", n-k, who)
	t.logged, t.shown, t.endDone = len(t.Game.LogLines()), "", false
}
