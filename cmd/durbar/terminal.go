package main

import (
	"bufio"
	"fmt"
	"io"
	"strconv"
	"strings"

	"durbar/core"
)

// terminal is the play loop shared by the games at the terminal: humans
// type choices and commands (undo, save, show, log, help, quit), computer
// players move on their own. What differs between the games is behind
// tableGame.
type terminal struct {
	in      *bufio.Scanner
	out     io.Writer
	g       tableGame
	saveTo  string // if set, the game is saved there when play ends (--save)
	shown   string // what the last board display was for
	logged  int    // log lines already printed
	endDone bool   // the end-of-game summary has been printed
}

// tableGame is one game at the terminal.
type tableGame interface {
	decision() core.Decision
	// auto reports whether a computer takes the decision, and who, for the
	// error when the computer players go on without end.
	auto(d core.Decision) (who string, ok bool)
	// autoPlay lets the computer take the decision.
	autoPlay(d core.Decision) error
	// apply plays an option and records who chose it.
	apply(id string, d core.Decision) error
	boardKey(d core.Decision) string // the board is shown again when it changes
	render() string
	writeEnd()
	writeDecision(d core.Decision)
	logLines() []string
	help(arg string)
	writeSave(file string) error
	actions() []string // the save's log
	// computerChose reports whether log entry k was chosen by the computer;
	// deciderName names who chose it.
	computerChose(k int) bool
	deciderName(k int) string
	// rewind goes back to the first k log entries; its error is said as it
	// is ("undo failed: ...", "cannot undo: ...").
	rewind(k int) error
}

// loop runs until the game is over, quit or end of input. Computer players
// move without asking. When the game is over it shows the final board and
// the result and returns: nothing more can be played, and a script piping
// answers in (yes 1 | durbar play) ends with the game.
func (t *terminal) loop() error {
	for moves := 0; ; {
		d := t.g.decision()
		if d.Over {
			t.prompt(d)
			return t.finish()
		}
		if who, ok := t.g.auto(d); ok {
			if moves++; moves > maxSteps {
				return fmt.Errorf("%s made %d decisions in a row without the game ending", who, moves-1)
			}
			if err := t.g.autoPlay(d); err != nil {
				return err
			}
			continue
		}
		moves = 0
		t.prompt(d)
		if !t.in.Scan() {
			fmt.Fprintln(t.out, "\n(end of input)")
			if err := t.in.Err(); err != nil {
				return err
			}
			return t.finish()
		}
		if quit := t.command(strings.TrimSpace(t.in.Text()), d); quit {
			return t.finish()
		}
	}
}

// finish ends play: the game is saved to the --save file, if one was given.
func (t *terminal) finish() error {
	if t.saveTo == "" {
		return nil
	}
	if err := t.g.writeSave(t.saveTo); err != nil {
		return fmt.Errorf("--save: %w", err)
	}
	fmt.Fprintf(t.out, "saved %d actions to %s\n", len(t.g.actions()), t.saveTo)
	return nil
}

// prompt shows the board when it has changed, then the decision with
// numbered options; at the end of the game, the result.
func (t *terminal) prompt(d core.Decision) {
	if key := t.g.boardKey(d); key != t.shown {
		t.shown = key
		fmt.Fprintf(t.out, "\n%s\n", t.g.render())
	}
	if d.Over && !t.endDone {
		t.endDone = true
		t.g.writeEnd()
	}
	if d.Over {
		fmt.Fprintln(t.out, "The game is over.")
		return
	}
	t.g.writeDecision(d)
	fmt.Fprint(t.out, "> ")
}

// command handles one input line and reports whether to quit.
func (t *terminal) command(line string, d core.Decision) bool {
	word, arg, _ := strings.Cut(line, " ")
	arg = strings.TrimSpace(arg)
	switch strings.ToLower(word) {
	case "":
	case "quit", "exit", "q":
		return true
	case "show":
		t.shown = ""
	case "log":
		writeLog(t.out, lastN(t.g.logLines(), 20))
	case "help", "?":
		t.g.help(arg)
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
func (t *terminal) choose(input string, d core.Decision) {
	id := input
	if n, err := strconv.Atoi(input); err == nil {
		if n < 1 || n > len(d.Options) {
			fmt.Fprintf(t.out, "no option %d: choose 1 to %d\n", n, len(d.Options))
			return
		}
		id = d.Options[n-1].ID
	}
	if err := t.play(id, d); err != nil {
		fmt.Fprintf(t.out, "refused: %v\n", err)
	}
}

// play applies one option, remembers who chose it, and prints the log lines
// it produced.
func (t *terminal) play(id string, d core.Decision) error {
	if err := t.g.apply(id, d); err != nil {
		return err
	}
	t.printNewLog()
	return nil
}

func (t *terminal) printNewLog() {
	lines := t.g.logLines()
	if t.logged < len(lines) {
		writeLog(t.out, lines[t.logged:])
	}
	t.logged = len(lines)
}

func (t *terminal) save(file string) {
	if file == "" {
		fmt.Fprintln(t.out, "usage: save FILE")
		return
	}
	if err := t.g.writeSave(file); err != nil {
		fmt.Fprintf(t.out, "save failed: %v\n", err)
		return
	}
	fmt.Fprintf(t.out, "saved %d actions to %s\n", len(t.g.actions()), file)
}

// undo takes back the last human choice together with the computer moves
// that followed it, by replaying the log without them; the game refuses if
// a random event lies in between (rewind).
func (t *terminal) undo() {
	n := len(t.g.actions())
	k := n - 1
	for k >= 0 && t.g.computerChose(k) {
		k--
	}
	if k < 0 {
		fmt.Fprintln(t.out, "nothing to undo")
		return
	}
	who := t.g.deciderName(k)
	if err := t.g.rewind(k); err != nil {
		fmt.Fprintln(t.out, err)
		return
	}
	fmt.Fprintf(t.out, "undone: %d action(s), back to %s's choice\n", n-k, who)
	t.logged, t.shown, t.endDone = len(t.g.logLines()), "", false
}
