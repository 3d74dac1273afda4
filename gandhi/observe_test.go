package gandhi

import (
	"regexp"
	"strings"
	"testing"
)

func TestLayoutPlacesEverySpaceAndTown(t *testing.T) {
	m := testData(t).Map
	inside := func(p Point) bool { return p.X >= 0 && p.X <= LayoutSize && p.Y >= 0 && p.Y <= LayoutSize }
	at := map[string]Point{}
	for _, tw := range m.Towns {
		if !inside(tw.At) || tw.At == (Point{}) {
			t.Errorf("town %s drawn at %v", tw.ID, tw.At)
		}
		at[tw.ID] = tw.At
	}
	for _, s := range m.Spaces {
		if !inside(s.At) || s.At == (Point{}) {
			t.Errorf("space %s drawn at %v", s.ID, s.At)
		}
		at[s.ID] = s.At
	}
	// Spaces drawn on top of each other could not be told apart.
	for i, a := range m.Spaces {
		for _, b := range m.Spaces[i+1:] {
			if dx, dy := a.At.X-b.At.X, a.At.Y-b.At.Y; dx*dx+dy*dy < 50*50 {
				t.Errorf("%s %v and %s %v are drawn too close together", a.ID, a.At, b.ID, b.At)
			}
		}
	}
	// Geography, roughly: the Frontier is north-west of Madras, Bengal east of Bombay.
	if a, b := at["northwest-frontier"], at["madras"]; a.X >= b.X || a.Y >= b.Y {
		t.Errorf("Northwest Frontier %v should be up and left of Madras %v", a, b)
	}
	if a, b := at["east-bengal"], at["bombay"]; a.X <= b.X {
		t.Errorf("East Bengal %v should be right of Bombay %v", a, b)
	}
}

func TestLayoutRailwayMarkerDefaultsToTheMiddle(t *testing.T) {
	data := strings.Replace(string(defaultMapJSON), `"ends": ["lahore", "delhi"], "adj": ["punjab"]`, `"ends": ["lahore", "delhi"], "adj": ["punjab"], "at": [1, 2]`, 1)
	m, err := LoadMap([]byte(data))
	if err != nil {
		t.Fatal(err)
	}
	i, _ := m.ID("rail-lahore-delhi")
	eq(t, "placed marker", m.Spaces[i].At, Point{1, 2})
	m = testData(t).Map
	for _, s := range m.Spaces {
		if s.Type != Railway || railwayPlaced(s.ID) {
			continue
		}
		var ends []Point
		for _, e := range s.Ends {
			if j, ok := m.ID(e); ok {
				ends = append(ends, m.Spaces[j].At)
			}
			for _, tw := range m.Towns {
				if tw.ID == e {
					ends = append(ends, tw.At)
				}
			}
		}
		want := Point{(ends[0].X + ends[1].X) / 2, (ends[0].Y + ends[1].Y) / 2}
		eq(t, s.ID+" marker", s.At, want)
	}
}

// railwayPlaced reports whether the embedded map places a railway's marker
// itself.
func railwayPlaced(id string) bool {
	return regexp.MustCompile(`"id": "` + regexp.QuoteMeta(id) + `"[^\n]*"at": \[`).MatchString(string(defaultMapJSON))
}

func TestLayoutFaultsNameTheSpace(t *testing.T) {
	atOf := regexp.MustCompile(`, "at": \[[^\]]*\]`)
	// edit changes the "at" of the line that defines id.
	edit := func(id, repl string) string {
		lines := strings.Split(string(defaultMapJSON), "\n")
		for k, l := range lines {
			if strings.Contains(l, `"id": "`+id+`"`) {
				lines[k] = atOf.ReplaceAllString(l, repl)
			}
		}
		return strings.Join(lines, "\n")
	}
	for _, c := range []struct{ name, data, want string }{
		{"missing", edit("sind", ""), `space "sind": needs its map position`},
		{"one number", edit("mysore", `, "at": [3]`), `space "mysore": needs its map position`},
		{"outside", edit("delhi", `, "at": [400, 1200]`), `space "delhi": map position [400 1200] lies outside`},
		{"negative", edit("assam", `, "at": [-1, 5]`), `space "assam": map position [-1 5] lies outside`},
		{"town", edit("raichur", ""), `town "raichur": needs its map position`},
	} {
		_, err := LoadMap([]byte(c.data))
		if err == nil {
			t.Errorf("%s: accepted", c.name)
			continue
		}
		if !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: error %q does not say %q", c.name, err, c.want)
		}
	}
}

func TestCardActionsFollowTheCard(t *testing.T) {
	g, err := New(testData(t), Setup{Scenario: "short"}, 11)
	if err != nil {
		t.Fatal(err)
	}
	if a := g.CardActions(); a != (CardActions{}) {
		t.Fatalf("before anyone acts: %+v", a)
	}
	d := g.Decision()
	f, _ := ParseFaction(d.Role)
	play(t, g, "pass")
	a := g.CardActions()
	if !a.Done[f] || a.Acted[f] || a.FirstDid != "" {
		t.Errorf("after %s passes: %+v", f, a)
	}
	d = g.Decision()
	h, _ := ParseFaction(d.Role)
	for _, o := range d.Options {
		if strings.HasPrefix(o.ID, "op:") {
			play(t, g, o.ID)
			break
		}
	}
	a = g.CardActions()
	if !a.Done[h] || !a.Acted[h] || a.FirstDid != "op" {
		t.Errorf("after %s starts an Operation: %+v", h, a)
	}
}
