package games

import (
	"io/fs"
	"maps"
	"regexp"
	"slices"
	"strings"
	"testing"

	"durbar/plug"
	"durbar/web"
)

// Every registered game is whole: one name for the command line, its saves,
// the server's catalog and its board drawing (which the page loads); a
// usage line for each of its commands; and load-test games the server
// accepts.
func TestEveryGameIsWhole(t *testing.T) {
	page, err := web.Page()
	if err != nil {
		t.Fatal(err)
	}
	seen := map[string]bool{}
	for _, g := range All() {
		name := g.Name()
		t.Run(name, func(t *testing.T) {
			if !regexp.MustCompile(`^[a-z][a-z0-9]*$`).MatchString(name) || seen[name] {
				t.Fatalf("name %q: not a lower-case word, or registered twice", name)
			}
			seen[name] = true
			k := g.Kind()
			if c := k.Catalog(); c.Name != name || c.Title != g.Title() || g.Title() == "" {
				t.Errorf("catalog %q %q, game %q %q", c.Name, c.Title, name, g.Title())
			}
			if _, err := fs.Stat(web.Static(), name+".js"); err != nil {
				t.Errorf("no board drawing: %v", err)
			}
			if !strings.Contains(string(page), `src="/static/`+name+`.js"`) {
				t.Error("the page does not load the board drawing")
			}
			cmd := g.Command()
			usage := cmd.Usage()
			for _, c := range append([]string{"new", "play", "sim"}, slices.Sorted(maps.Keys(cmd.Extra()))...) {
				if !strings.HasPrefix(usage.Synopsis[c], "durbar "+c+" "+name) {
					t.Errorf("usage of %s: %q", c, usage.Synopsis[c])
				}
			}
			lt := cmd.LoadTest()
			for i, req := range []*plug.CreateRequest{&lt.People, lt.Computers} {
				if req == nil {
					continue
				}
				want := []string{plug.Human, plug.Computer}[i]
				if req.Game != name {
					t.Errorf("load test for game %q", req.Game)
				}
				_, seats, err := k.Prepare(*req)
				if err != nil {
					t.Fatalf("load test %+v: %v", *req, err)
				}
				for _, s := range seats {
					if s.Kind != want {
						t.Errorf("load test %+v: a %s seat", *req, s.Kind)
					}
				}
			}
		})
	}
}
