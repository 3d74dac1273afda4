package greatgame

import (
	"slices"
	"strings"
	"testing"
)

func TestEveryLeverLoads(t *testing.T) {
	f, err := DefaultFiles()
	if err != nil {
		t.Fatal(err)
	}
	d, err := Load(f)
	if err != nil {
		t.Fatal(err)
	}
	levers := d.Levers()
	if want := len(d.Map.Cities) + len(d.Charts.Events.List) - 1 + 5; len(levers) != want {
		t.Errorf("%d levers, want %d (cities, events but no event, five unit types for sale)", len(levers), want)
	}
	for _, l := range levers {
		g, err := Without(f, []string{l})
		if err != nil {
			t.Fatalf("%s: %v", l, err)
		}
		if _, err := Load(g); err != nil {
			t.Fatalf("%s: the edition does not load: %v", l, err)
		}
	}
}

func TestLeversSwitchOff(t *testing.T) {
	f, err := DefaultFiles()
	if err != nil {
		t.Fatal(err)
	}
	g, err := Without(f, []string{"city:delhi", "city:bikaner", "event:famine", "unit:elephant"})
	if err != nil {
		t.Fatal(err)
	}
	d, err := Load(g)
	if err != nil {
		t.Fatal(err)
	}
	base, _ := DefaultData()
	for _, c := range []string{"delhi", "bikaner"} {
		i := d.Map.CityIndex(c)
		if got := d.Charts.CityIncome(d.Map, i); got != 0 {
			t.Errorf("%s pays %d, want 0", c, got)
		}
		if base.Charts.CityIncome(base.Map, i) == 0 {
			t.Errorf("%s pays nothing in the edition itself", c)
		}
	}
	if i := d.Map.CityIndex("kabul"); d.Charts.CityIncome(d.Map, i) != base.Charts.CityIncome(base.Map, i) {
		t.Error("a lever changed Kabul's income")
	}
	n := 0
	for col, list := range d.Charts.Events.Columns {
		if slices.Contains(list, "famine") {
			t.Errorf("column %s still names the famine", col)
		}
		for i, e := range list {
			if e != base.Charts.Events.Columns[col][i] {
				n++
				if e != noEventID {
					t.Errorf("column %s entry %d became %q", col, i+1, e)
				}
			}
		}
	}
	if n == 0 {
		t.Error("no column changed")
	}
	for _, u := range d.Charts.Expenses.Units {
		off := u.Recruitable != nil && !*u.Recruitable
		if want := u.Type == "elephant" || u.Type == "ghazi"; off != want {
			t.Errorf("%s recruitable: %v", u.Type, !off)
		}
	}
	// the edition's own files are untouched
	if d2, _ := Load(f); d2.Charts.CityIncome(d2.Map, d2.Map.CityIndex("delhi")) == 0 {
		t.Error("Without changed the files it was given")
	}
}

func TestLeverErrors(t *testing.T) {
	f, err := DefaultFiles()
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct{ lever, want string }{
		{"city:atlantis", `no city "atlantis"`},
		{"event:eclipse", `no event "eclipse"`},
		{"event:no-event", "already no event"},
		{"unit:dragoon", `no unit type "dragoon"`},
		{"unit:ghazi", "cannot be bought anyway"},
		{"region:punjab", "not city:ID, event:ID or unit:TYPE"},
	} {
		_, err := Without(f, []string{tc.lever})
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: error %v, want one saying %q", tc.lever, err, tc.want)
		}
	}
}
