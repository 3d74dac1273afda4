package server

import (
	"encoding/json"
	"os"
	"reflect"
	"strings"
	"testing"
)

// TestBrowserPatches runs the page's own mergePatch (app.js) in Chromium
// on the encoder's cases and on the patches of random games of every game
// (playPatches): each gives the board the view would have sent whole.
func TestBrowserPatches(t *testing.T) {
	if testing.Short() {
		t.Skip("browser test")
	}
	ctx := newBrowser(t, 800, 600)
	src, err := os.ReadFile("../web/static/app.js")
	if err != nil {
		t.Fatal(err)
	}
	const head, end = "\n    function mergePatch(", "\n    }\n"
	i := strings.Index(string(src), head)
	j := strings.Index(string(src[max(i, 0):]), end)
	if i < 0 || j < 0 {
		t.Fatal("no mergePatch in app.js")
	}
	fn := string(src[i : i+j+len(end)])
	evalJS[bool](t, ctx, "window.mergePatch = (() => {"+fn+"return mergePatch; })(); true")

	type triple struct{ before, after, patch []byte }
	var cases []triple
	for _, c := range mergePatchCases {
		if p, ok := mergePatch([]byte(c.a), []byte(c.b)); ok {
			cases = append(cases, triple{[]byte(c.a), []byte(c.b), p})
		}
	}
	e := newEnvWith(t, testDSN(t, false), Options{CreatePerMinute: -1}, nil)
	for _, name := range []string{"gandhi", "rajas", "greatgame"} {
		playPatches(t, e, name, 60, 9, func(s patchStep) {
			if s.patch != nil {
				cases = append(cases, triple{s.before, s.board, s.patch})
			}
		})
	}
	// A few dozen at a time: each script carries its boards.
	for len(cases) > 0 {
		batch := cases[:min(len(cases), 30)]
		cases = cases[len(batch):]
		var js strings.Builder
		js.WriteString("JSON.stringify([")
		for k, c := range batch {
			if k > 0 {
				js.WriteByte(',')
			}
			js.WriteString("mergePatch(structuredClone(")
			js.Write(c.before)
			js.WriteString("),")
			js.Write(c.patch)
			js.WriteString(")")
		}
		js.WriteString("])")
		var got []json.RawMessage
		if err := json.Unmarshal([]byte(evalJS[string](t, ctx, js.String())), &got); err != nil || len(got) != len(batch) {
			t.Fatalf("%d boards for %d patches: %v", len(got), len(batch), err)
		}
		for k, c := range batch {
			var have, want any
			json.Unmarshal(got[k], &have)
			json.Unmarshal(c.after, &want)
			if !reflect.DeepEqual(have, want) {
				t.Fatalf("the page patched the board differently:\nbefore %s\npatch  %s\ngot    %s\nwant   %s", c.before, c.patch, got[k], c.after)
			}
		}
	}
}
