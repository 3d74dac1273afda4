package plugtest

import (
	"fmt"
	"strings"
	"testing"

	"durbar/core"
	"durbar/plug"
)

// PromptMismatch says what a prompt offers that none of its options is, or
// "" when every alternative the prompt names is among the options: a prompt
// that mentions a Special Activity needs an option for one; "finish", "done"
// or "end" an option that finishes (finish, done, end, stop, no more); "pass"
// an option to pass; "a Protest" an option naming a Protest.
func PromptMismatch(d core.Decision) string {
	p := strings.ToLower(d.Prompt)
	has := func(words ...string) bool {
		for _, o := range d.Options {
			l := strings.ToLower(o.Label)
			for _, w := range words {
				if strings.Contains(l, w) {
					return true
				}
			}
		}
		return false
	}
	switch {
	case strings.Contains(p, "special activity") && !has("special activity"):
		return "a Special Activity"
	case (strings.Contains(p, "finish") || strings.Contains(p, " done") || strings.Contains(p, "end the turn")) &&
		!has("finish", "done", "end", "stop", "no more", "decline"):
		return "finishing"
	case strings.Contains(p, "pass") && !strings.Contains(p, "passing") && !has("pass"):
		return "passing"
	case strings.Contains(p, "a protest") && !has("protest"):
		return "a Protest"
	}
	return ""
}

// Prompts plays random games through a game's adapter, people and
// computers as the requests give them, and fails when a person's prompt
// names an alternative none of its options offers (PromptMismatch).
func Prompts(t *testing.T, k plug.Kind, reqs []plug.CreateRequest) {
	t.Helper()
	seen := map[string]bool{}
	Walk(t, k, reqs, 7, func(g *Game, i int, d core.Decision) {
		if d.Over || g.Specs[d.Player].Kind == plug.Computer {
			return
		}
		if what := PromptMismatch(d); what != "" && !seen[d.Prompt] {
			seen[d.Prompt] = true
			var labels []string
			for _, o := range d.Options {
				labels = append(labels, o.Label)
			}
			t.Errorf("game %d step %d: %q names %s, but the options are %s", g.N, i, d.Prompt, what, fmt.Sprintf("%q", labels))
		}
	}, nil)
}
