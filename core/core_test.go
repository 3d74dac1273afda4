package core

import (
	"errors"
	"io"
	"runtime"
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

// Hostile save files are refused with a message naming what is wrong, in
// time and memory bounded by the limits, before anything is replayed.
func TestParseSaveLimits(t *testing.T) {
	ids := func(n int, id string) string {
		return `["` + strings.Repeat(id+`","`, n-1) + id + `"]`
	}
	save := func(log string) string {
		return `{"game":"gandhi","version":1,"seed":1,"setup":{"scenario":"short"},"log":` + log + `}`
	}
	for _, c := range []struct {
		name, data, want string
	}{
		{"over the size cap", save(`["` + strings.Repeat("x", MaxFileBytes) + `"]`), "larger than 8 MiB"},
		{"log too long", save(ids(MaxLog+1, "pass")), "log: more than 100000 entries"},
		{"option id too long", save(`["pass","` + strings.Repeat("a", MaxOptionID+1) + `"]`), "log: entry 2: an option id of 201 bytes"},
		{"log of numbers", save(`[1,2,3]`), "log: entry 1:"},
		{"log not a list", save(`"pass"`), "log: not a list"},
		{"log of objects", save(`[{"id":"pass"}]`), "log: entry 1:"},
		{"setup too large", `{"game":"gandhi","setup":{"comment":"` + strings.Repeat("c", MaxSetupBytes) + `"}}`, "setup: 1048590 bytes; at most 1048576"},
		{"state too large", `{"game":"gandhi","setup":{},"state":[` + strings.Repeat("0,", MaxStateBytes/2) + `0]}`, "state: 1048579 bytes; at most 1048576"},
		{"game name too long", `{"game":"` + strings.Repeat("g", 33) + `","setup":{}}`, "game: a name of 33 bytes"},
		{"no game", `{"setup":{}}`, "names no game"},
		{"null setup", `{"game":"gandhi","setup":null}`, "no setup"},
		{"not JSON", `{"game":`, "not valid JSON"},
	} {
		t.Run(c.name, func(t *testing.T) {
			_, err := ParseSave([]byte(c.data))
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Fatalf("got %v, want an error with %q", err, c.want)
			}
			if len(err.Error()) > 300 {
				t.Fatalf("a %d-byte error message", len(err.Error()))
			}
		})
	}
	// At the limits a save is accepted.
	sv, err := ParseSave([]byte(save(ids(MaxLog, strings.Repeat("a", 30)))))
	if err != nil || len(sv.Log) != MaxLog {
		t.Fatalf("a log of exactly %d entries: %v", MaxLog, err)
	}
	if sv, err := ParseSave([]byte(save(`[]`))); err != nil || sv.Log == nil || len(sv.Log) != 0 {
		t.Fatalf("an empty log: %v %v", sv, err)
	}
	if sv, err := ParseSave([]byte(`{"game":"rajas","setup":{"players":2}}`)); err != nil || sv.Log != nil {
		t.Fatalf("no log: %v %v", sv, err)
	}
}

// A 60 MB save of repeated cards is refused after reading just over the cap.
func TestReadLimitedStopsAtTheCap(t *testing.T) {
	// Made as it is read, never held whole.
	repeated := &repeatReader{unit: []byte(`"card:12",`), left: 6 << 20}
	r := &countingReader{r: io.MultiReader(strings.NewReader(`{"game":"gandhi","log":[`), repeated, strings.NewReader(`]}`))}
	if _, err := ReadLimited(r); !errors.Is(err, ErrTooLarge) {
		t.Fatalf("got %v", err)
	}
	if r.n > MaxFileBytes+64<<10 {
		t.Fatalf("read %d bytes of a %d-byte cap", r.n, MaxFileBytes)
	}
	for _, size := range []int{0, 1, 64 << 10, 64<<10 + 1, 3 << 20, MaxFileBytes} {
		want := strings.Repeat("x", size)
		data, err := ReadLimited(&repeatReader{unit: []byte("x"), left: size})
		if err != nil || string(data) != want {
			t.Fatalf("a file of %d bytes: %d bytes read, %v", size, len(data), err)
		}
	}
	if _, err := ReadLimited(&repeatReader{unit: []byte("x"), left: MaxFileBytes + 1}); !errors.Is(err, ErrTooLarge) {
		t.Fatalf("one byte over the cap: %v", err)
	}
	if n := allocated(func() { ReadLimited(&repeatReader{unit: []byte("card:12,"), left: 1 << 30}) }); n > 2*MaxFileBytes+1<<20 {
		t.Fatalf("refusing an endless stream allocated %d bytes", n)
	}
}

// repeatReader gives unit left times.
type repeatReader struct {
	unit []byte
	left int
	at   int // bytes of the current unit already given
}

func (r *repeatReader) Read(p []byte) (int, error) {
	n := 0
	for r.left > 0 && n < len(p) {
		k := copy(p[n:], r.unit[r.at:])
		n, r.at = n+k, r.at+k
		if r.at == len(r.unit) {
			r.at, r.left = 0, r.left-1
		}
	}
	if n == 0 && len(p) > 0 {
		return 0, io.EOF
	}
	return n, nil
}

type countingReader struct {
	r io.Reader
	n int
}

func (c *countingReader) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	c.n += n
	return n, err
}

// Replay refuses a log beyond MaxLog before the first step.
func TestReplayRefusesLongLog(t *testing.T) {
	g := &countGame{}
	if err := Replay(g, make([]string, MaxLog+1)); err == nil || !strings.Contains(err.Error(), "log: ") || g.applied != 0 {
		t.Fatalf("err %v after %d steps", err, g.applied)
	}
	if err := Replay(g, []string{"a", strings.Repeat("b", 1000)}); err == nil || len(err.Error()) > 300 || g.applied != 2 {
		t.Fatalf("err %v after %d steps", err, g.applied)
	}
}

// countGame accepts "a" and refuses anything else.
type countGame struct{ applied int }

func (g *countGame) Decision() Decision {
	return Decision{Rule: "1", Options: []Option{{ID: "a"}}}
}

func (g *countGame) Apply(id string) error {
	g.applied++
	if id != "a" {
		return Illegal(g.Decision(), id)
	}
	return nil
}

func (g *countGame) Clone() Game           { c := *g; return &c }
func (g *countGame) Irreversible() Barrier { return Barrier{} }

func TestClip(t *testing.T) {
	for in, want := range map[string]string{
		"delhi":                       "delhi",
		strings.Repeat("a", 64):       strings.Repeat("a", 64),
		strings.Repeat("a", 65):       strings.Repeat("a", 64) + "…",
		strings.Repeat("é", 40):       strings.Repeat("é", 32) + "…",
		"x" + strings.Repeat("é", 40): "x" + strings.Repeat("é", 31) + "…",
	} {
		if got := Clip(in); got != want {
			t.Errorf("Clip(%q) = %q", in, got)
		}
	}
}

// allocated reports the bytes f allocates on the heap.
func allocated(f func()) uint64 {
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	f()
	runtime.ReadMemStats(&after)
	return after.TotalAlloc - before.TotalAlloc
}

// FuzzParseSave: no input panics ParseSave; what it accepts keeps to the
// limits; the memory it takes stays within a small multiple of the input
// (a measure of work that no machine's load changes).
func FuzzParseSave(f *testing.F) {
	f.Add([]byte(`{"game":"gandhi","version":1,"seed":7,"setup":{"scenario":"short"},"log":["op:deploy","space:delhi","troop","done","end"],"state":{"restraint":3}}`))
	f.Add([]byte(`{"game":"rajas","version":1,"seed":3,"setup":{"players":2},"log":[]}`))
	f.Add([]byte(`{"game":"rajas","setup":{"players":2},"log":["` + strings.Repeat("x", MaxOptionID+1) + `"]}`))
	f.Add([]byte(`{"game":"gandhi","setup":{},"log":[` + strings.Repeat(`"a",`, 1000) + `"a"]}`))
	f.Add([]byte(`{"game":"g","setup":1,"log":null,"state":null}`))
	f.Add([]byte(`{"log":[[[[[[[[[[]]]]]]]]]]}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		var sv *Save
		var err error
		if n := allocated(func() { sv, err = ParseSave(data) }); n > 64*uint64(len(data))+1<<20 {
			t.Fatalf("%d bytes allocated for %d bytes of input", n, len(data))
		}
		if err != nil {
			if len(err.Error()) > 1000 {
				t.Fatalf("a %d-byte error", len(err.Error()))
			}
			return
		}
		if len(sv.Log) > MaxLog || len(sv.Setup) > MaxSetupBytes || len(sv.State) > MaxStateBytes || sv.Game == "" {
			t.Fatalf("accepted beyond the limits: %d entries, setup %d, state %d", len(sv.Log), len(sv.Setup), len(sv.State))
		}
		for _, id := range sv.Log {
			if len(id) > MaxOptionID {
				t.Fatalf("accepted an id of %d bytes", len(id))
			}
		}
	})
}
