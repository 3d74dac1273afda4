package rajas

import (
	"strings"
	"testing"
)

func defaultFiles(t testing.TB) [4][]byte {
	t.Helper()
	var fs [4][]byte
	for i, name := range []string{"board.json", "tiles.json", "province.json", "production.json"} {
		b, err := dataFS.ReadFile("data/" + name)
		if err != nil {
			t.Fatal(err)
		}
		fs[i] = b
	}
	return fs
}

func TestDefaultDataFacts(t *testing.T) {
	d := testData(t)
	eq(t, "tiles", len(d.Tiles), 64)
	var per [NumProdColors]int
	for _, p := range d.Prod {
		per[p.Color] += p.Count
	}
	eq(t, "production tiles", per, [NumProdColors]int{8, 9, 6, 7})
	eq(t, "river tiles", len(d.RiverTiles), 8)
	// The tie-break example: money 65 lies beside fame 28, money 52 beside 35.
	eq(t, "facing 65", d.Facing[65], 28)
	eq(t, "facing 52", d.Facing[52], 35)
	for _, id := range []string{"orange-9", "orange-4", "purple-6", "blue-7", "green-6"} {
		if _, ok := d.tileByID[id]; !ok {
			t.Errorf("tile %s of the examples is missing", id)
		}
	}
	for _, s := range d.Sides {
		if len(s.Quarry) == 0 || d.Sides[0].Spaces[s.Quarry[0]].Money != 1 {
			t.Errorf("side %s: the first quarry space costs 1", s.ID)
		}
	}
}

// Each corruption is rejected with a message naming the problem.
func TestCorruptDataRejected(t *testing.T) {
	cases := []struct {
		file      int
		old, new  string
		wantInErr string
	}{
		{0, `"dicePerColor": 12`, `"dicePerColor": 11`, "dicePerColor"},
		{0, `"basic": 10`, `"basic": 12`, "kali.basic"},
		{0, `"startMoney": [3, 4, 5, 6]`, `"startMoney": [3, 4, 5]`, "startMoney"},
		{0, `{"at": 24,`, `{"at": 25,`, "bonuses lie at"},
		{0, `"worker": 15`, `"worker": 16`, "fame.worker"},
		{0, `"facing": [61,60`, `"facing": [61,62`, "must not increase"},
		{0, `"room": "yogi", "dieValue": 3`, `"room": "yogi", "dieValue": 4`, "exactly 3"},
		{0, `"id": "harbour:1", "area": "harbour", "money": 0`, `"id": "harbour:1", "area": "harbour", "money": 1`, "first harbour space is free"},
		{0, `"spaces": ["quarry:3", "harbour:4"]`, `"spaces": ["quarry:33"]`, "unknown space"},
		{0, `"kind": "fame", "n": 2}]},`, `"kind": "glory", "n": 2}]},`, "unknown kind"},
		{0, `"bridgeAfter": 7`, `"bridgeAfter": 70`, "bridge"},
		{0, `"comment"`, `"remark"`, "unknown field"},
		{0, `"dieColor": "blue", "gain": "orange"`, `"dieColor": "blue", "gain": "blue"`, "balcony"},
		{1, `"id": "orange-9"`, `"id": "orange-8"`, "id used twice"},
		{1, `"cost": 9, "roads": "NE"`, `"cost": 9, "roads": "NX"`, "roads"},
		{1, `"color": "orange", "back": "snake", "cost": 1`, `"color": "pink", "back": "snake", "cost": 1`, "unknown colour"},
		{1, `"buildings": ["temple"]}`, `"buildings": ["castle"]}`, "unknown building"},
		{2, `"residence": "r0c2"`, `"residence": "r9c9"`, "residence"},
		{2, `"cell": "r3c2", "side": "S"`, `"cell": "r2c2", "side": "S"`, "border"},
		{2, `"slot": "brown"`, `"slot": "white"`, "brown"},
		{3, `"id": "white-die", "color": "white", "count": 2`, `"id": "white-die", "color": "white", "count": 3`, "9 white"},
		{3, `[{"kind": "famePerCurve", "n": 2}]`, `[{"kind": "fame", "n": 2}]`, "not allowed"},
		{3, `{`, `[`, "production.json"},
	}
	for _, c := range cases {
		fs := defaultFiles(t)
		s := string(fs[c.file])
		if !strings.Contains(s, c.old) {
			t.Fatalf("test case text %q not found", c.old)
		}
		fs[c.file] = []byte(strings.Replace(s, c.old, c.new, 1))
		_, err := LoadData(fs[0], fs[1], fs[2], fs[3])
		if err == nil {
			t.Errorf("%q → %q accepted", c.old, c.new)
			continue
		}
		if !strings.Contains(err.Error(), c.wantInErr) {
			t.Errorf("%q → %q: error %q does not mention %q", c.old, c.new, err, c.wantInErr)
		}
	}
	// Several problems are all listed.
	fs := defaultFiles(t)
	fs[0] = []byte(strings.Replace(strings.Replace(string(fs[0]), `"dicePerColor": 12`, `"dicePerColor": 11`, 1), `"basic": 10`, `"basic": 9`, 1))
	_, err := LoadData(fs[0], fs[1], fs[2], fs[3])
	if err == nil || !strings.Contains(err.Error(), "dicePerColor") || !strings.Contains(err.Error(), "kali.basic") {
		t.Fatalf("not every problem listed: %v", err)
	}
	// Truncated and empty files.
	for i := range fs {
		fs := defaultFiles(t)
		fs[i] = fs[i][:len(fs[i])/2]
		if _, err := LoadData(fs[0], fs[1], fs[2], fs[3]); err == nil {
			t.Errorf("file %d truncated accepted", i)
		}
		fs[i] = nil
		if _, err := LoadData(fs[0], fs[1], fs[2], fs[3]); err == nil {
			t.Errorf("file %d empty accepted", i)
		}
	}
}

// Random single-byte corruptions never panic.
func TestCorruptBytesNeverPanic(t *testing.T) {
	files := defaultFiles(t)
	stride := 31
	if testing.Short() {
		stride = 211
	}
	for i := 0; i < 4; i++ {
		for at := i; at < len(files[i]); at += stride {
			for _, b := range []byte{'x', '0', '9', '"', '}', '-'} {
				fs := files
				fs[i] = append([]byte(nil), files[i]...)
				fs[i][at] = b
				if d, err := LoadData(fs[0], fs[1], fs[2], fs[3]); err == nil {
					if _, err := New(d, Setup{Players: 4, Navaratnas: true, Ganga: true}, 1); err != nil {
						t.Fatal(err)
					}
				}
			}
		}
	}
}
