// Package greatgame holds the components of Asia Crossroads / The Great Game
// (Britain against Russia in Central Asia, 1835–1905) as data: the map, the
// Region Control Chart, the Terrain Effects Chart, the counter mix, the
// charts and tables, and the three scenarios' set-ups. The rulebook does not
// print the map, the counters or the map charts; the embedded files are the
// project's own edition (docs/greatgame.md), and the official data can be
// substituted through the same schema with Load.
//
// Every file is decoded strictly (unknown fields are errors) and validated;
// every problem found is listed in one error, and malformed data is rejected
// with a message, never a panic. This package holds no rules engine.
package greatgame

import (
	"bytes"
	"embed"
	"encoding/json"
	"fmt"
	"strings"
)

//go:embed data/*.json
var dataFS embed.FS

// Files are the six data files of an edition.
type Files struct {
	Map, Regions, TEC, Counters, Charts, Scenarios []byte
}

var fileNames = []string{"map.json", "regions.json", "tec.json", "counters.json", "charts.json", "scenarios.json"}

func (f *Files) slots() []*[]byte {
	return []*[]byte{&f.Map, &f.Regions, &f.TEC, &f.Counters, &f.Charts, &f.Scenarios}
}

// DefaultFiles returns the embedded edition's files.
func DefaultFiles() (Files, error) {
	var f Files
	for i, s := range f.slots() {
		b, err := dataFS.ReadFile("data/" + fileNames[i])
		if err != nil {
			return Files{}, err
		}
		*s = b
	}
	return f, nil
}

// DefaultData loads and validates the embedded edition.
func DefaultData() (*Data, error) {
	f, err := DefaultFiles()
	if err != nil {
		return nil, err
	}
	return Load(f)
}

// Problems is every problem found in an edition.
type Problems []string

func (p Problems) Error() string {
	return fmt.Sprintf("greatgame: %d problem(s) in the data:\n  %s", len(p), strings.Join(p, "\n  "))
}

type checker struct {
	file  string
	probs *Problems
}

func (c checker) add(format string, a ...any) {
	*c.probs = append(*c.probs, c.file+": "+fmt.Sprintf(format, a...))
}

func decode(b []byte, v any) error {
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return err
	}
	if dec.More() {
		return fmt.Errorf("data after the top-level value")
	}
	return nil
}

// Data is a validated edition.
type Data struct {
	Map       *Map
	Regions   RegionsFile
	TEC       TECFile
	Counters  CountersFile
	Charts    ChartsFile
	Scenarios ScenariosFile
}

// Load decodes and validates an edition. The error, if any, is Problems.
func Load(f Files) (d *Data, err error) {
	var probs Problems
	defer func() {
		// Validation is written not to panic; this is a last guard so that
		// malformed data can never crash a caller.
		if r := recover(); r != nil {
			probs = append(probs, fmt.Sprintf("internal error while validating: %v", r))
			d, err = nil, probs
		}
	}()
	d = &Data{}
	var mf mapFile
	targets := []any{&mf, &d.Regions, &d.TEC, &d.Counters, &d.Charts, &d.Scenarios}
	ok := make([]bool, len(targets))
	for i, s := range f.slots() {
		if len(*s) == 0 {
			probs = append(probs, fileNames[i]+": missing")
			continue
		}
		if e := decode(*s, targets[i]); e != nil {
			probs = append(probs, fileNames[i]+": "+e.Error())
			continue
		}
		ok[i] = true
	}
	if ok[1] {
		validateRegions(&d.Regions, checker{"regions.json", &probs})
	}
	if ok[0] && ok[1] {
		d.Map = compileMap(&mf, &d.Regions, checker{"map.json", &probs})
	}
	if ok[2] {
		validateTEC(&d.TEC, checker{"tec.json", &probs})
	}
	if ok[1] && ok[3] {
		validateCounters(&d.Counters, &d.Regions, checker{"counters.json", &probs})
	}
	if ok[3] && ok[4] && d.Map != nil {
		validateCharts(&d.Charts, d, checker{"charts.json", &probs})
	}
	if ok[3] && ok[4] && ok[5] && d.Map != nil {
		validateScenarios(&d.Scenarios, d, checker{"scenarios.json", &probs})
	}
	if len(probs) > 0 {
		return nil, probs
	}
	return d, nil
}

// ---- regions.json ----

// RegionsFile is the Region Control Chart: the map regions and the bases.
type RegionsFile struct {
	Comment string `json:"comment"`
	Regions []struct {
		ID      string `json:"id"`
		Name    string `json:"name"`
		Abbr    string `json:"abbr"`
		Colour  string `json:"colour"`
		VP      int    `json:"vp"`
		Capital string `json:"capital"`
	} `json:"regions"`
	Bases []struct {
		ID   string `json:"id"`
		Name string `json:"name"`
		Side string `json:"side"`
		VP   int    `json:"vp"`
	} `json:"bases"`
	Ghazis struct {
		ID     string `json:"id"`
		Name   string `json:"name"`
		Abbr   string `json:"abbr"`
		Colour string `json:"colour"`
	} `json:"ghazis"`
}

// RegionIndex returns the index of a map region, or -1.
func (r *RegionsFile) RegionIndex(id string) int {
	for i, g := range r.Regions {
		if g.ID == id {
			return i
		}
	}
	return -1
}

// BaseIndex returns the index of a base, or -1.
func (r *RegionsFile) BaseIndex(id string) int {
	for i, b := range r.Bases {
		if b.ID == id {
			return i
		}
	}
	return -1
}

func validSide(s string) bool { return s == "british" || s == "russian" }

func validateRegions(r *RegionsFile, c checker) {
	if len(r.Regions) == 0 {
		c.add("no regions")
	}
	seen := map[string]bool{}
	abbr := map[string]bool{}
	for i, g := range r.Regions {
		if g.ID == "" || g.Name == "" {
			c.add("region %d: id and name are required", i+1)
		}
		if seen[g.ID] {
			c.add("region %q listed twice", g.ID)
		}
		seen[g.ID] = true
		if len(g.Abbr) != 2 || abbr[g.Abbr] {
			c.add("region %q: abbreviation %q must be two letters and unique", g.ID, g.Abbr)
		}
		abbr[g.Abbr] = true
		if g.VP < 0 {
			c.add("region %q: negative victory points", g.ID)
		}
		if g.Capital == "" {
			c.add("region %q has no capital", g.ID)
		}
	}
	if len(r.Bases) != 2 {
		c.add("%d bases, want 2 (19.0)", len(r.Bases))
	}
	sides := map[string]bool{}
	for _, b := range r.Bases {
		if seen[b.ID] || b.ID == "" {
			c.add("base %q: id missing or used twice", b.ID)
		}
		seen[b.ID] = true
		if !validSide(b.Side) {
			c.add("base %q: side %q is not british or russian", b.ID, b.Side)
		}
		if sides[b.Side] {
			c.add("two bases for side %q", b.Side)
		}
		sides[b.Side] = true
		if b.VP < 0 {
			c.add("base %q: negative victory points", b.ID)
		}
	}
	if r.Ghazis.ID == "" || seen[r.Ghazis.ID] || len(r.Ghazis.Abbr) != 2 || abbr[r.Ghazis.Abbr] {
		c.add("ghazis: id and a unique two-letter abbreviation are required")
	}
}
