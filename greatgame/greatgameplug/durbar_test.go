package greatgameplug

import (
	"bytes"
	"encoding/json"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"durbar/plug"
	"durbar/plug/cli"
)

// run is the durbar command playing The Great Game alone: the tests of the
// game's commands run it in-process, as cmd/durbar's tests run the command
// with every game.
func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	return cli.Main{Games: []plug.Game{Game{}}}.Run(args, stdin, stdout, stderr)
}

// durbar runs the command in-process and returns its output and exit code.
func durbar(t *testing.T, stdin string, args ...string) (stdout, stderr string, code int) {
	t.Helper()
	var out, errOut bytes.Buffer
	code = run(args, strings.NewReader(stdin), &out, &errOut)
	if strings.Contains(errOut.String(), "panic") || strings.Contains(errOut.String(), "internal error") {
		t.Fatalf("durbar %v panicked: %s", args, errOut.String())
	}
	return out.String(), errOut.String(), code
}

// mustRun fails the test unless the command exits 0.
func mustRun(t *testing.T, args ...string) string {
	t.Helper()
	out, errOut, code := durbar(t, "", args...)
	if code != 0 {
		t.Fatalf("durbar %v: exit %d: %s", args, code, errOut)
	}
	return out
}

// mustFail fails the test unless the command exits 1 with a message.
func mustFail(t *testing.T, args ...string) string {
	t.Helper()
	_, errOut, code := durbar(t, "", args...)
	if code != 1 || errOut == "" {
		t.Fatalf("durbar %v: want exit 1 with a message, got %d %q", args, code, errOut)
	}
	return errOut
}

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
