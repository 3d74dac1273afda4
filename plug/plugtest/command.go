package plugtest

import (
	"bytes"
	"io"
	"strings"
	"testing"
)

// Command is the durbar command as the tests of a game's commands run it:
// in-process, with its output captured and a panic failing the test.
type Command struct {
	// Main runs the command with args, stdin, stdout and stderr and
	// returns its exit code: cli.Main.Run, or a command's own run.
	Main func(args []string, stdin io.Reader, stdout, stderr io.Writer) int
	// Broken are texts besides "panic" whose appearance on stderr fails
	// the test as a panic would.
	Broken []string
}

// Run runs the command in-process and returns its output and exit code.
func (c Command) Run(t *testing.T, stdin string, args ...string) (stdout, stderr string, code int) {
	t.Helper()
	var out, errOut bytes.Buffer
	code = c.Main(args, strings.NewReader(stdin), &out, &errOut)
	for _, bad := range append([]string{"panic"}, c.Broken...) {
		if strings.Contains(errOut.String(), bad) {
			t.Fatalf("durbar %v panicked: %s", args, errOut.String())
		}
	}
	return out.String(), errOut.String(), code
}

// Must fails the test unless the command exits 0, and returns its output.
func (c Command) Must(t *testing.T, args ...string) string {
	t.Helper()
	out, errOut, code := c.Run(t, "", args...)
	if code != 0 {
		t.Fatalf("durbar %v: exit %d: %s", args, code, errOut)
	}
	return out
}

// Fail fails the test unless the command exits 1 with a message, and
// returns the message.
func (c Command) Fail(t *testing.T, args ...string) string {
	t.Helper()
	_, errOut, code := c.Run(t, "", args...)
	if code != 1 || errOut == "" {
		t.Fatalf("durbar %v: want exit 1 with a message, got %d %q", args, code, errOut)
	}
	return errOut
}
