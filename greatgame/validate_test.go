package greatgame

import (
	"bytes"
	"errors"
	"flag"
	"image/png"
	"os"
	"strings"
	"testing"
)

type edit struct {
	file     int // index in fileNames
	old, new string
}

func broken(t *testing.T, edits ...edit) error {
	t.Helper()
	f, err := DefaultFiles()
	if err != nil {
		t.Fatal(err)
	}
	slots := f.slots()
	for _, e := range edits {
		b := *slots[e.file]
		if !bytes.Contains(b, []byte(e.old)) {
			t.Fatalf("%s does not contain %q", fileNames[e.file], e.old)
		}
		*slots[e.file] = bytes.Replace(b, []byte(e.old), []byte(e.new), 1)
	}
	_, err = Load(f)
	return err
}

const (
	fMap = iota
	fRegions
	fTEC
	fCounters
	fCharts
	fScenarios
)

func TestValidatorRejects(t *testing.T) {
	cases := []struct {
		name  string
		edits []edit
		want  []string
	}{
		{"unknown terrain letter", []edit{{fMap, `".......................................",`, `"..........x............................",`}}, []string{"unknown terrain letter 'x'"}},
		{"row of the wrong length", []edit{{fMap, `".......................................",`, `"......................................",`}}, []string{"terrain row 1 has 38 squares, want 39"}},
		{"missing row", []edit{{fMap, `"WWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWW",`, ``}}, []string{"areas has 37 rows, want 38"}},
		{"unknown area letter", []edit{{fMap, `"WWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWW"`, `"WWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWW#"`}}, []string{"unknown area letter '#'"}},
		{"land in a water", []edit{{fMap, `"WWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWW"`, `"cWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWW"`}}, []string{"square 0101: land square in water \"caspian\""}},
		{"city off the grid", []edit{{fMap, `"at": "0601"`, `"at": "4501"`}}, []string{`city "orenburg": square "4501" is not on the 39×38 grid`}},
		{"city in the sea", []edit{{fMap, `"id": "gurev", "name": "Gur'ev", "region": "west-siberia", "at": "0307"`, `"id": "gurev", "name": "Gur'ev", "region": "west-siberia", "at": "0108"`}}, []string{`city "gurev" at 0108 is in the sea`}},
		{"city outside its region", []edit{{fMap, `"region": "nepal"`, `"region": "west-tibet"`}}, []string{`city "kathmandu" at 3934 lies in "nepal", not in its region "west-tibet"`}},
		{"route with a gap", []edit{{fMap, `"path": "orenburg 0701 0801`, `"path": "orenburg 0801`}}, []string{"route orenburg-tashkent: 0601 and 0801 do not share a side"}},
		{"route through the sea", []edit{{fMap, `"path": "gurev 0407`, `"path": "gurev 0308 0407`}}, []string{"route gurev-khiva: square 0308 is at sea"}},
		{"route to nowhere", []edit{{fMap, `"path": "delhi 3034 3134 agra"`, `"path": "delhi 3034 atlantis"`}}, []string{`"atlantis" is neither a city nor a square`}},
		{"route off its base", []edit{{fMap, `"base": "urals", "baseEnd": "first"`, `"base": "central-india", "baseEnd": "first"`}}, []string{"is not an entry square of base \"central-india\""}},
		{"region without a capital", []edit{{fRegions, `"capital": "kathmandu"`, `"capital": ""`}}, []string{`region "nepal" has no capital`}},
		{"capital of another region", []edit{{fRegions, `"capital": "kathmandu"`, `"capital": "delhi"`}}, []string{`region "nepal": capital "delhi" is a city of another region`}},
		{"unknown field", []edit{{fRegions, `"vp": 1, "capital": "kathmandu"`, `"vp": 1, "capitol": "kathmandu"`}}, []string{`unknown field "capitol"`}},
		{"too few counters for a set-up", []edit{{fCounters, `{"nation": "british", "type": "field-force", "size": 1, "combat": 4, "crt": "B", "move": 4, "count": 9}`, `{"nation": "british", "type": "field-force", "size": 1, "combat": 4, "crt": "B", "move": 4, "count": 1}`}}, []string{"places 9 british field-force brigades/groups, the counter mix holds 7"}},
		{"one unit per city impossible", []edit{{fCounters, `{"nation": "sinkiang", "type": "irregular", "size": 1, "combat": 1, "crt": "R", "move": 6, "count": 4}`, `{"nation": "sinkiang", "type": "irregular", "size": 1, "combat": 1, "crt": "R", "move": 6, "count": 0}`}}, []string{"unit"}},
		{"malformed square", []edit{{fMap, `"region": "persia", "at": "0830"`, `"region": "persia", "at": "0830X"`}}, []string{`city "kerman": square "0830X"`}},
		{"Persia's city count", []edit{{fScenarios, `{"eachCityOf": "persia", "cities": 6}`, `{"eachCityOf": "persia", "cities": 7}`}}, []string{"the set-up implies 7 cities of persia, the map has 6"}},
		{"sizes rate differently", []edit{{fCounters, `{"nation": "british", "type": "field-force", "size": 2, "combat": 8,`, `{"nation": "british", "type": "field-force", "size": 2, "combat": 10,`}}, []string{"counters of different sizes rate differently"}},
		{"agent out of period", []edit{{fScenarios, `{"agent": "perovski"}`, `{"agent": "roberts"}`}}, []string{`agent "roberts" is not of period 1`}},
		{"event column of five", []edit{{fCharts, `"badmashes", `, ``}}, []string{"events column C has 5 events, want 6"}},
		{"negotiation row short", []edit{{fCharts, `["E", "X", "X", "X", "X", "X", "X", "X"]`, `["E", "X", "X", "X", "X", "X", "X"]`}}, []string{"negotiation table row 1 has 7 cells, want 8"}},
		{"unknown combat result", []edit{{fCharts, `["AC", "AC", "AC", "AC", "AD", "AD", "AD"]`, `["AC", "AC", "AC", "AC", "AD", "AD", "ZZ"]`}}, []string{`battle table row 1: unknown result "ZZ"`}},
		{"BoP with a zero", []edit{{fCharts, `"zero": false`, `"zero": true`}}, []string{"no zero"}},
		{"scenario BoP off the track", []edit{{fScenarios, `"bop": 1,`, `"bop": 0,`}}, []string{"Balance of Power 0 is not a space"}},
		{"defence above triple", []edit{{fTEC, `"defence": 3, "land": true`, `"defence": 4, "land": true`}}, []string{`terrain "mountain": forage must be ≥ 0 and defence 1–3`}},
		{"natives under the wrong control", []edit{{fScenarios, `[{"agent": "khan-khiva"}, {"nation": "khiva", "type": "irregular", "brigades": 4}]`, `[{"agent": "khan-khiva"}, {"nation": "persia", "type": "irregular", "brigades": 4}]`}}, []string{"persia units are russian in this scenario, placed as neutral"}},
		{"not JSON", []edit{{fTEC, `{`, `[`}}, []string{"tec.json:"}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			err := broken(t, tc.edits...)
			if err == nil {
				t.Fatal("accepted")
			}
			var p Problems
			if !errors.As(err, &p) {
				t.Fatalf("error %T is not Problems", err)
			}
			for _, w := range tc.want {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("error lacks %q:\n%v", w, err)
				}
			}
		})
	}
}

// Every problem is listed, not just the first.
func TestValidatorListsEveryProblem(t *testing.T) {
	err := broken(t,
		edit{fRegions, `"capital": "kathmandu"`, `"capital": "delhi"`},
		edit{fRegions, `"capital": "gartok"`, `"capital": "nowhere"`},
		edit{fMap, `"path": "orenburg 0701 0801`, `"path": "orenburg 0801`},
		edit{fTEC, `"maxDefence": 3`, `"maxDefence": 2`},
	)
	if err == nil {
		t.Fatal("accepted")
	}
	for _, w := range []string{`capital "delhi"`, `capital "nowhere"`, "0601 and 0801", "maxDefence 2"} {
		if !strings.Contains(err.Error(), w) {
			t.Errorf("error lacks %q", w)
		}
	}
}

// Truncated or corrupted files are rejected with a message, never a panic.
func TestValidatorNeverPanics(t *testing.T) {
	f, err := DefaultFiles()
	if err != nil {
		t.Fatal(err)
	}
	for i := range fileNames {
		orig := *f.slots()[i]
		for _, cut := range []int{0, 1, len(orig) / 3, len(orig) / 2, len(orig) - 2} {
			g := f
			*g.slots()[i] = orig[:cut]
			if _, err := Load(g); err == nil {
				t.Errorf("%s cut at %d accepted", fileNames[i], cut)
			}
		}
		for _, pos := range []int{len(orig) / 5, len(orig) / 4, 2 * len(orig) / 3} {
			g := f
			b := append([]byte{}, orig...)
			b[pos] ^= 0x11
			*g.slots()[i] = b
			_, _ = Load(g) // may or may not be valid; must not panic
		}
	}
}

func FuzzLoad(f *testing.F) {
	files, err := DefaultFiles()
	if err != nil {
		f.Fatal(err)
	}
	f.Add(files.Map)
	f.Fuzz(func(t *testing.T, b []byte) {
		g := files
		g.Map = b
		_, _ = Load(g)
	})
}

var update = flag.Bool("update", false, "rewrite testdata/map.txt")

// The map as text, checked against testdata/map.txt (go test -update to
// rewrite it after changing the map); set GREATGAME_PNG=path to also write
// the map as a PNG to look at.
func TestRender(t *testing.T) {
	d := mustData(t)
	txt := TextMap(d.Map)
	if lines := strings.Count(txt, "\n"); lines != d.Map.Rows+2 {
		t.Errorf("text map has %d lines", lines)
	}
	if *update {
		if err := os.WriteFile("testdata/map.txt", []byte(txt), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile("testdata/map.txt")
	if err != nil {
		t.Fatal(err)
	}
	if string(want) != txt {
		t.Errorf("the map differs from testdata/map.txt; run go test -update and review the diff")
	}
	b := RenderPNG(d.Map, 16)
	img, err := png.Decode(bytes.NewReader(b))
	if err != nil {
		t.Fatal(err)
	}
	if r := img.Bounds(); r.Dx() != 16*d.Map.Cols || r.Dy() != 16*d.Map.Rows {
		t.Errorf("PNG is %v", r)
	}
	if p := os.Getenv("GREATGAME_PNG"); p != "" {
		if err := os.WriteFile(p, RenderPNG(d.Map, 20), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}
