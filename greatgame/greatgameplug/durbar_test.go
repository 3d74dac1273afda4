package greatgameplug

import (
	"encoding/json"
	"io"
	"os"
	"path/filepath"
	"testing"

	"durbar/plug"
	"durbar/plug/cli"
	"durbar/plug/plugtest"
)

// run is the durbar command playing The Great Game alone: the tests of the
// game's commands run it in-process, as cmd/durbar's tests run the command
// with every game.
func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	return cli.Main{Games: []plug.Game{Game{}}}.Run(args, stdin, stdout, stderr)
}

// inproc is the durbar command run in-process (plugtest.Command).
var inproc = plugtest.Command{Main: run, Broken: []string{"internal error"}}

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

// writeFile writes data to a new file in the test's directory.
func writeFile(t *testing.T, name, data string) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(path, []byte(data), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// options is the pending decision of a save (durbar options --json).
func options(t *testing.T, file string) cli.DecisionOut {
	t.Helper()
	var d cli.DecisionOut
	if err := json.Unmarshal([]byte(mustRun(t, "options", file, "--json")), &d); err != nil {
		t.Fatal(err)
	}
	return d
}

// showJSON is durbar show --json with the extra arguments.
func showJSON(t *testing.T, file string, args ...string) showOut {
	t.Helper()
	var out showOut
	raw := mustRun(t, append([]string{"show", file, "--json"}, args...)...)
	if err := json.Unmarshal([]byte(raw), &out); err != nil {
		t.Fatalf("%v: %.500s", err, raw)
	}
	return out
}
