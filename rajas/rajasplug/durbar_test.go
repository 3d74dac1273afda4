package rajasplug

import (
	"encoding/json"
	"io"
	"os"
	"testing"

	"durbar/plug"
	"durbar/plug/cli"
	"durbar/plug/plugtest"
)

// run is the durbar command playing Rajas of the Ganges alone: the tests of the game's
// commands run it in-process, as cmd/durbar's tests run the command with
// every game.
func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	return cli.Main{Games: []plug.Game{Game{}}}.Run(args, stdin, stdout, stderr)
}

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

func options(t *testing.T, file string) cli.DecisionOut {
	t.Helper()
	var d cli.DecisionOut
	if err := json.Unmarshal([]byte(mustRun(t, "options", file, "--json")), &d); err != nil {
		t.Fatal(err)
	}
	return d
}
