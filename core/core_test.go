package core

import (
	"errors"
	"strings"
	"testing"
)

func TestRNGIsDeterministicAndCopiedByValue(t *testing.T) {
	a, b := NewRNG(42), NewRNG(42)
	for i := 0; i < 100; i++ {
		if x, y := a.Die(), b.Die(); x != y || x < 1 || x > 6 {
			t.Fatalf("draw %d: %d vs %d", i, x, y)
		}
	}
	c := a // a copy continues the same stream independently
	if a.IntN(1000) != c.IntN(1000) {
		t.Fatal("a copied source diverged")
	}
	if a.Draws != 101 {
		t.Fatalf("draws = %d", a.Draws)
	}
}

func TestIllegalNamesTheRule(t *testing.T) {
	d := Decision{Prompt: "choose", Rule: "3.2.4", Options: []Option{{ID: "a"}, {ID: "b"}}}
	err := Illegal(d, "zzz")
	var re *RuleError
	if !errors.As(err, &re) || re.Rule != "3.2.4" || !strings.Contains(err.Error(), `"zzz"`) {
		t.Fatalf("bad error: %v", err)
	}
	if _, ok := d.Find("b"); !ok {
		t.Fatal("Find")
	}
	if err := Illegal(Decision{Over: true, Rule: "7.3"}, "x"); !strings.Contains(err.Error(), "over") {
		t.Fatalf("over: %v", err)
	}
}

func TestParseSaveRejectsCorruptFiles(t *testing.T) {
	for _, s := range []string{``, `{`, `[]`, `{"game":""}`, `{"game":"gandhi"}`, `{"game":"gandhi","setup":null,"log":"x"}`} {
		if _, err := ParseSave([]byte(s)); err == nil {
			t.Errorf("accepted %q", s)
		}
	}
	if _, err := ParseSave([]byte(`{"game":"gandhi","seed":1,"setup":{"scenario":"short"},"log":["pass"]}`)); err != nil {
		t.Fatal(err)
	}
}
