package plugtest

import (
	"strings"
	"testing"

	"durbar/core/i18n"
)

// TestTemplatesRead: the reader finds a package's formats and texts,
// follows a variable glued into a label and a parameter to the calls that
// pass it, leaves panics and hidden functions apart, and the check reports
// the text no catalog translates and the number before a plural noun.
func TestTemplatesRead(t *testing.T) {
	src := TemplateSource{Dir: "testdata/tplgame", Package: "tplgame",
		Formats: map[string]int{"Sprintf": 0, "logf": 0},
		Texts:   map[string][]int{"label": {0}},
		Hidden:  map[string]string{"validate": "data validation"}}
	shown, hidden := ReadTemplates(t, src)
	var formats []string
	for _, tp := range shown {
		formats = append(formats, tp.Format)
	}
	want := []string{"Rally in %s: %d %s.", " (pay %d)", "Move%s", "Nobody translated %s."}
	if strings.Join(formats, "|") != strings.Join(want, "|") {
		t.Errorf("shown %q, want %q", formats, want)
	}
	if len(hidden) != 2 { // the panic's and validate's
		t.Errorf("%d hidden templates, want 2", len(hidden))
	}
	cat, err := i18n.Parse("es", []byte(`{"exact": {"Move": "Mover", "Delhi": "Delhi"},
		"patterns": {"Rally in {1}: {2} {2|cube|cubes}.": "Reagrupamiento en {1}: {2} {2|cubo|cubos}.", "{1} (pay {2})": "{1} (paga {2})"}}`), "es.json")
	if err != nil {
		t.Fatal(err)
	}
	cats := map[string]*i18n.Catalog{"es": cat, "it": cat}
	x := &instancer{sample: func(a Arg) []any {
		if a.Src == "where" && a.Func == "rally" {
			return []any{"Delhi"} // say's where comes from here: followed, not sampled
		}
		if w, ok := Plural(a.Src, a.N, "noun"); ok {
			return []any{w}
		}
		return nil
	}}
	for _, tp := range shown {
		err := x.check(tp, cats, nil)
		switch tp.Format {
		case "Nobody translated %s.":
			if err == nil || !strings.Contains(err.Error(), "Nobody translated Delhi.") {
				t.Errorf("%q: %v, want it untranslated", tp.Format, err)
			}
		case " (pay %d)": // a fragment: untranslated alone, translated in the label
			if err == nil {
				t.Errorf("%q translated alone", tp.Format)
			}
		default:
			if err != nil {
				t.Errorf("%q: %v", tp.Format, err)
			}
		}
	}
	if w := pluralAfterNumber("%d cubes are too many"); w != "cubes" {
		t.Errorf("plural after a number: %q", w)
	}
	if w := pluralAfterNumber("Rally in %s: %d %s."); w != "" {
		t.Errorf("plural after a number: %q", w)
	}
}
