package main

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"durbar/core"
	"durbar/plug/cli"
)

// playEndCases are games played at the terminal by a human who answers 1
// to everything, against the computer.
var playEndCases = []struct {
	name string
	args []string
}{
	{"gandhi solo against Non-Players", []string{"play", "gandhi", "--scenario", "quick", "--seed", "3", "--human", "congress"}},
	{"gandhi two-faction seat", []string{"play", "gandhi", "--scenario", "short", "--seed", "9", "--players", "2", "--human", "congress"}},
	{"gandhi against random players", []string{"play", "gandhi", "--scenario", "short", "--seed", "4", "--human", "rev", "--bots", "random"}},
	{"rajas against the bot", []string{"play", "rajas", "--players", "human,bot", "--seed", "2"}},
	{"rajas, three players", []string{"play", "rajas", "--players", "bot,human,random", "--seed", "8", "--variant", "navaratnas"}},
	{"greatgame against a random player", []string{"play", "greatgame", "--scenario", "1", "--players", "human,random", "--seed", "2"}},
	{"greatgame hot-seat", []string{"play", "greatgame", "--scenario", "2", "--players", "human,human", "--seed", "5"}},
}

// `yes 1 | durbar play …` ends with the game: the result is printed, the
// command exits 0 and reads no further, where it used to answer "no option
// 1" to every line after the end, for ever.
func TestPlayEndsWithTheGame(t *testing.T) {
	for _, c := range playEndCases {
		t.Run(c.name, func(t *testing.T) {
			const endless = 10_000_000 // lines: far more than any game reads
			in := &yesReader{line: "1\n", max: endless}
			var out, errOut bytes.Buffer
			save := filepath.Join(t.TempDir(), "end.json")
			code := run(append(c.args, "--save", save), in, &out, &errOut)
			text := out.String()
			if code != 0 || errOut.Len() > 0 {
				t.Fatalf("exit %d: %s\n%s", code, errOut.String(), cli.LastN(strings.Split(text, "\n"), 20))
			}
			if in.lines >= endless || strings.Contains(text, "(end of input)") {
				t.Fatalf("the command read all %d lines: it did not stop at the end of the game", in.lines)
			}
			if strings.Contains(text, "no option") {
				t.Error("a line was answered with \"no option\"")
			}
			// The result, then the end, then the save; nothing after.
			result := map[string]string{"gandhi": "Final victory margins (7.3):", "rajas": "Final ranking (End of the game)",
				"greatgame": "Final score (25.0):"}[c.args[1]]
			end := strings.LastIndex(text, "The game is over.\n")
			if i := strings.Index(text, result); i < 0 || end < i {
				t.Fatalf("no result before the end:\n%s", cli.LastN(strings.Split(text, "\n"), 30))
			}
			if tail := text[end:]; !strings.HasPrefix(tail, "The game is over.\nsaved ") ||
				!strings.HasSuffix(tail, " to "+save+"\n") || strings.Count(tail, "\n") != 2 {
				t.Errorf("the output goes on after the end:\n%s", tail)
			}
			// The game saved at the end is over.
			sv, err := core.ParseSave(readBytes(t, save))
			if err != nil {
				t.Fatal(err)
			}
			var shown struct{ Over bool }
			if err := json.Unmarshal([]byte(mustRun(t, "show", save, "--json")), &shown); err != nil || !shown.Over {
				t.Errorf("the saved game (%d actions) does not replay to its end", len(sv.Log))
			}
		})
	}
}

// At the end of its input play ends too, exit 0, game over or not; --save
// keeps the unfinished game, which loads again.
func TestPlayEndsAtEndOfInput(t *testing.T) {
	for _, c := range playEndCases {
		for _, script := range []string{"", "1\n", "1\n1\nshow\n", "nonsense\n999\n"} {
			save := filepath.Join(t.TempDir(), "eof.json")
			out, errOut, code := durbar(t, script, append(c.args, "--save", save)...)
			if code != 0 || errOut != "" {
				t.Fatalf("%s, input %q: exit %d: %s", c.name, script, code, errOut)
			}
			if !strings.Contains(out, "(end of input)\nsaved ") {
				t.Fatalf("%s, input %q: no end of input:\n%s", c.name, script, cli.LastN(strings.Split(out, "\n"), 10))
			}
			if _, errOut, code := durbar(t, "", c.args[0], c.args[1], "--load", save); code != 0 {
				t.Fatalf("%s, input %q: the saved game does not load: %s", c.name, script, errOut)
			}
		}
	}
}

// The real process, its standard input a pipe that never ends: it exits 0
// once the game is over, having written a bounded amount.
func TestPlayProcessEndsWithTheGame(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the command in a process")
	}
	for _, c := range playEndCases[:4] {
		t.Run(c.name, func(t *testing.T) {
			// The timeout only keeps a broken build from hanging the test run.
			ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
			defer cancel()
			cmd := exec.CommandContext(ctx, os.Args[0], c.args...)
			cmd.Env = append(os.Environ(), "DURBAR_RUN_MAIN=1")
			stdin, err := cmd.StdinPipe()
			if err != nil {
				t.Fatal(err)
			}
			var out, errOut bytes.Buffer
			cmd.Stdout, cmd.Stderr = &limitedBuffer{b: &out, max: 50 << 20}, &errOut
			if err := cmd.Start(); err != nil {
				t.Fatal(err)
			}
			go func() { // yes 1: until the pipe breaks
				io.Copy(stdin, &yesReader{line: "1\n", max: 1 << 40})
				stdin.Close()
			}()
			err = cmd.Wait()
			if ctx.Err() != nil {
				t.Fatalf("still running after %v; it wrote %d bytes", 5*time.Minute, out.Len())
			}
			if err != nil || errOut.Len() > 0 {
				t.Fatalf("%v: %s\n%s", err, errOut.String(), cli.LastN(strings.Split(out.String(), "\n"), 20))
			}
			if !strings.HasSuffix(out.String(), "The game is over.\n") {
				t.Fatalf("the output does not end with the game:\n%s", cli.LastN(strings.Split(out.String(), "\n"), 20))
			}
		})
	}
}

// limitedBuffer keeps at most max bytes and fails the writes beyond, so a
// command that writes without end is stopped rather than filling memory.
type limitedBuffer struct {
	b   *bytes.Buffer
	max int
}

func (l *limitedBuffer) Write(p []byte) (int, error) {
	if l.b.Len()+len(p) > l.max {
		return 0, io.ErrShortWrite
	}
	return l.b.Write(p)
}
