package main

import (
	"io"
	"os"
	"strings"
	"testing"

	"durbar/plug/plugtest"
)

// inproc is the durbar command run in-process (plugtest.Command).
var inproc = plugtest.Command{Main: run}

func durbar(t *testing.T, stdin string, args ...string) (stdout, stderr string, code int) {
	t.Helper()
	return inproc.Run(t, stdin, args...)
}

func mustRun(t *testing.T, args ...string) string { t.Helper(); return inproc.Must(t, args...) }

func mustFail(t *testing.T, args ...string) string { t.Helper(); return inproc.Fail(t, args...) }

func readBytes(t *testing.T, path string) []byte {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// yesReader is the standard input of `yes 1 | durbar play`: a player who
// always types the first option, on and on. It counts the lines read and
// reports end of input after max of them, so a command that does not stop
// at the end of the game is caught rather than run forever.
type yesReader struct {
	line  string
	lines int
	max   int
}

func (r *yesReader) Read(p []byte) (int, error) {
	if r.lines >= r.max {
		return 0, io.EOF
	}
	n := 0
	for n+len(r.line) <= len(p) && r.lines < r.max {
		n += copy(p[n:], r.line)
		r.lines++
	}
	return n, nil
}

func TestUsage(t *testing.T) {
	for _, args := range [][]string{nil, {"help"}, {"show", "-h"}} {
		if out := mustRun(t, args...); !strings.Contains(out, "durbar play gandhi") {
			t.Fatalf("%v: no usage", args)
		}
	}
	mustFail(t, "frobnicate")
	mustFail(t, "show", "--bogus-flag", "x.json")
}

// The command routes a game's commands by the game named on the command
// line, or by the save's game; the first game answers when none is named.
func TestRouting(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"play"}, "durbar play: name the game (gandhi or rajas or greatgame)"},
		{[]string{"play", "chess"}, `durbar play: unknown game "chess" (Durbar plays: gandhi, rajas, greatgame)`},
		{[]string{"cards", "rajas"}, "durbar cards: Rajas of the Ganges has no cards command (it serves: gandhi)"},
		{[]string{"new", "rajas", "--seed", "x"}, `durbar new: invalid value "x" for flag -seed`},
		{[]string{"show", "missing.json"}, "durbar show: open missing.json"},
	} {
		if msg := mustFail(t, c.args...); !strings.HasPrefix(msg, c.want) {
			t.Errorf("%v: %q, want %q", c.args, msg, c.want)
		}
	}
}
