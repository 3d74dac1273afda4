package server

import (
	"encoding/json"
	"fmt"
	"maps"
	"math/rand/v2"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"testing"

	"durbar/games"
)

// list is an encoded array of n elements, each elem but where at says
// otherwise.
func list(n int, elem string, at map[int]string) string {
	s := make([]string, n)
	for i := range s {
		s[i] = elem
		if v, ok := at[i]; ok {
			s[i] = v
		}
	}
	return "[" + strings.Join(s, ",") + "]"
}

// mergePatchCases are boards and their patches; a patch "*" is checked
// only by applying it.
var mergePatchCases = []struct {
	a, b, patch string
	ok          bool
}{
	// RFC 7386.
	{`{"x":1,"y":{"p":1,"q":[1,2]}}`, `{"x":1,"y":{"p":2,"q":[1,2]}}`, `{"y":{"p":2}}`, true},
	{`{"x":1,"y":2}`, `{"x":1}`, `{"y":null}`, true},
	{`{"x":1}`, `{"x":1,"z":{"a":"b"}}`, `{"z":{"a":"b"}}`, true},
	{`{"x":1}`, `{"x":null}`, ``, false}, // a null member cannot be patched in
	{`[1]`, `{"x":1}`, ``, false},
	{`{"x":1}`, `[1]`, ``, false},
	{`{"s":"a\"}{,","t":{}}`, `{"s":"a\"}{,!","t":{"u":[{"v":"]"}]}}`, `{"s":"a\"}{,!","t":{"u":[{"v":"]"}]}}`, true},
	{`{"a":1,"b":2,"c":3}`, `{"c":3,"a":2}`, `{"a":2,"b":null}`, true},
	{`{}`, `{}`, `{}`, true},
	{`{"x":{"y":1}}`, `{"x":2}`, `{"x":2}`, true},
	// An object where a holds none is patched from an empty object: it
	// is sent as it is, unless it holds a null, which the patch would
	// drop.
	{`{"p":null}`, `{"p":{"side":"b","n":{"m":1}}}`, `{"p":{"side":"b","n":{"m":1}}}`, true},
	{`{"p":null}`, `{"p":{"side":"b","n":null}}`, ``, false},
	{`{"x":1}`, `{"x":1,"z":{"a":{"b":null}}}`, ``, false},
	{`{"x":[1,2,3]}`, `{"x":{"a":1}}`, `{"x":{"a":1}}`, true},
	{`{"x":{"a":1}}`, `{"x":[1,2,3]}`, `{"x":[1,2,3]}`, true},
	// A member whose key begins with $ would read as an element patch.
	{`{"x":1}`, `{"x":1,"$items":{}}`, ``, false},
	{`{"x":{"a":1}}`, `{"x":{"a":1,"$y":2}}`, ``, false},

	// Arrays of the same length: the elements that changed.
	{`{"x":[1,2]}`, `{"x":[1,3]}`, `{"x":[1,3]}`, true}, // shorter whole
	{`{"x":` + list(10, `"pppppppp"`, nil) + `}`, `{"x":` + list(10, `"pppppppp"`, map[int]string{7: `0`}) + `}`,
		`{"x":{"$items":{"7":0}}}`, true},
	{`{"x":` + list(20, `10`, nil) + `}`, `{"x":` + list(20, `10`, map[int]string{3: `4`, 17: `"q"`}) + `}`,
		`{"x":{"$items":{"3":4,"17":"q"}}}`, true},
	// Objects in arrays are patched, and arrays in arrays.
	{`{"s":[{"id":"a","n":1},{"id":"b","n":2,"p":[1,2]}]}`, `{"s":[{"id":"a","n":1},{"id":"b","n":3,"p":[1,2]}]}`,
		`{"s":{"$items":{"1":{"n":3}}}}`, true},
	{`{"s":[{"id":"a","n":1,"w":{"k":[1]}},{"id":"b"}]}`, `{"s":[{"id":"a","n":1,"w":{"k":[2]}},{"id":"b"}]}`,
		`{"s":{"$items":{"0":{"w":{"k":[2]}}}}}`, true},
	{`{"m":[` + list(30, `0`, nil) + `,` + list(30, `1`, nil) + `]}`, `{"m":[` + list(30, `0`, nil) + `,` + list(30, `1`, map[int]string{5: `2`}) + `]}`,
		`{"m":{"$items":{"1":{"$items":{"5":2}}}}}`, true},
	{`{"s":[{"a":1,"c":"pp"},{"a":2,"c":"pp"},{"a":3,"c":"pp"}]}`, `{"s":[{"a":1,"c":"pp"},{"b":2,"c":"pp"},{"a":3,"c":"pp"}]}`,
		`{"s":{"$items":{"1":{"b":2,"a":null}}}}`, true},
	// An element that becomes an object, or null, or the other way.
	{`{"x":` + list(10, `"pppppppp"`, nil) + `}`, `{"x":` + list(10, `"pppppppp"`, map[int]string{2: `{"a":"b"}`}) + `}`,
		`{"x":{"$items":{"2":{"a":"b"}}}}`, true},
	{`{"x":` + list(10, `"pppppppp"`, nil) + `}`, `{"x":` + list(10, `"pppppppp"`, map[int]string{4: `null`}) + `}`,
		`{"x":{"$items":{"4":null}}}`, true},
	{`{"x":` + list(10, `null`, nil) + `}`, `{"x":` + list(10, `null`, map[int]string{9: `[1]`}) + `}`,
		`{"x":{"$items":{"9":[1]}}}`, true},
	// An element with no exact patch: the array whole, which is exact.
	{`{"x":` + list(10, `{"a":"pppppppp"}`, nil) + `}`, `{"x":` + list(10, `{"a":"pppppppp"}`, map[int]string{1: `{"a":"pppppppp","n":null}`}) + `}`,
		`{"x":` + list(10, `{"a":"pppppppp"}`, map[int]string{1: `{"a":"pppppppp","n":null}`}) + `}`, true},
	{`{"x":` + list(10, `"pppppppp"`, nil) + `}`, `{"x":` + list(10, `"pppppppp"`, map[int]string{1: `{"n":null}`}) + `}`,
		`{"x":` + list(10, `"pppppppp"`, map[int]string{1: `{"n":null}`}) + `}`, true},
	{`{"x":` + list(10, `{"a":"pppppppp"}`, nil) + `}`, `{"x":` + list(10, `{"a":"pppppppp"}`, map[int]string{3: `{"$a":1}`}) + `}`,
		`{"x":` + list(10, `{"a":"pppppppp"}`, map[int]string{3: `{"$a":1}`}) + `}`, true},
	// Strings with escapes.
	{`{"x":` + list(8, `"a\"],[{b\\"`, nil) + `}`, `{"x":` + list(8, `"a\"],[{b\\"`, map[int]string{6: `"\u003c\"]}"`}) + `}`,
		`{"x":{"$items":{"6":"\u003c\"]}"}}}`, true},
	// Empty arrays.
	{`{"x":[]}`, `{"x":[]}`, `{}`, true},
	{`{"x":[]}`, `{"x":[1]}`, `{"x":[1]}`, true},
	{`{"x":[{"a":1}]}`, `{"x":[]}`, `{"x":[]}`, true},
	{`{"x":` + list(10, `"pppppppp"`, nil) + `}`, `{"x":[]}`, `{"x":[]}`, true},

	// Arrays of another length: the elements both begin and end with are
	// kept, the rest spliced.
	{`{"x":[1,2]}`, `{"x":[1,2,3]}`, `{"x":[1,2,3]}`, true}, // shorter whole
	{`{"x":` + list(10, `"pppppppp"`, nil) + `}`, `{"x":` + list(11, `"pppppppp"`, map[int]string{10: `"q"`}) + `}`,
		`{"x":{"$splice":[10,0,1],"$items":{"10":"q"}}}`, true},
	{`{"x":` + list(10, `"pppppppp"`, map[int]string{9: `9`}) + `}`, `{"x":` + list(11, `"pppppppp"`, map[int]string{4: `"q"`, 10: `9`}) + `}`,
		`{"x":{"$splice":[4,0,1],"$items":{"4":"q"}}}`, true},
	{`{"x":` + list(10, `"pppppppp"`, map[int]string{4: `"q"`}) + `}`, `{"x":` + list(9, `"pppppppp"`, nil) + `}`,
		`{"x":{"$splice":[4,1,0],"$items":{}}}`, true},
	{`{"x":` + list(10, `"pppppppp"`, nil) + `}`, `{"x":` + list(8, `"pppppppp"`, nil) + `}`,
		`{"x":{"$splice":[8,2,0],"$items":{}}}`, true},
	{`{"x":` + list(10, `"pppppppp"`, map[int]string{0: `0`, 9: `9`}) + `}`, `{"x":` + list(11, `"pppppppp"`, map[int]string{0: `0`, 3: `{"a":1}`, 4: `1`, 10: `9`}) + `}`,
		`{"x":{"$splice":[4,0,1],"$items":{"3":{"a":1},"4":1}}}`, true},
	{`{"x":` + list(12, `{"a":"pppppppp","n":1}`, map[int]string{2: `{"b":1}`}) + `}`, `{"x":` + list(12, `{"a":"pppppppp","n":1}`, map[int]string{6: `{"b":1}`, 11: `{"a":"pppppppp","n":2}`}) + `}`,
		`*`, true},
	{`{"x":` + list(10, `"pppppppp"`, nil) + `}`, `{"x":` + list(12, `"pppppppp"`, map[int]string{11: `{"n":null}`}) + `}`,
		`{"x":` + list(12, `"pppppppp"`, map[int]string{11: `{"n":null}`}) + `}`, true},
}

func TestMergePatch(t *testing.T) {
	for _, c := range mergePatchCases {
		p, ok := mergePatch([]byte(c.a), []byte(c.b))
		if ok != c.ok || ok && c.patch != "*" && string(p) != c.patch {
			t.Errorf("mergePatch(%s, %s) = %s %v, want %s %v", c.a, c.b, p, ok, c.patch, c.ok)
		}
		if ok {
			checkPatch(t, []byte(c.a), []byte(c.b), p)
		}
	}
}

// FuzzMergePatch patches one JSON object into another, both encoded as
// the boards are, and applies the patch as the page does.
func FuzzMergePatch(f *testing.F) {
	for _, c := range mergePatchCases {
		f.Add(c.a, c.b)
	}
	f.Fuzz(func(t *testing.T, a, b string) {
		var av, bv map[string]any
		if json.Unmarshal([]byte(a), &av) != nil || json.Unmarshal([]byte(b), &bv) != nil {
			return
		}
		ae, _ := json.Marshal(av)
		be, _ := json.Marshal(bv)
		p, ok := mergePatch(ae, be)
		if !ok {
			return
		}
		checkPatch(t, ae, be, p)
		if plain, ok := (&patcher{}).appendPatch(nil, ae, be); ok && len(p) > len(plain) {
			t.Errorf("patch %s longer than the merge patch %s", p, plain)
		}
	})
}

// gameBoards plays n random actions of each game (playPatches) and
// returns the boards seen, by game: each seat's as a page holding every
// seat sees them, and the spectator's.
func gameBoards(t *testing.T, n int) map[string][][]byte {
	e := newEnvWith(t, testDSN(t, false), Options{CreatePerMinute: -1}, nil)
	boards := map[string][][]byte{}
	for _, g := range games.All() {
		name := g.Name()
		playPatches(t, e, name, n, 5, func(s patchStep) {
			var raw map[string]json.RawMessage
			if code, body := e.call("GET", "/api/games/"+s.id, "", nil, &raw); code != http.StatusOK {
				t.Fatalf("spectator's view: %d %s", code, body)
			}
			boards[name] = append(boards[name], s.board, raw["board"])
		})
	}
	return boards
}

// TestBoardKeys checks that no key of any game's board begins with $,
// which marks an element patch (mergePatch).
func TestBoardKeys(t *testing.T) {
	var walk func(v any, at string)
	walk = func(v any, at string) {
		switch v := v.(type) {
		case map[string]any:
			for k, m := range v {
				if strings.HasPrefix(k, "$") {
					t.Fatalf("board key %s.%s", at, k)
				}
				walk(m, at+"."+k)
			}
		case []any:
			for i, m := range v {
				walk(m, fmt.Sprintf("%s[%d]", at, i))
			}
		}
	}
	for name, boards := range gameBoards(t, 100) {
		for _, b := range boards {
			var v any
			if err := json.Unmarshal(b, &v); err != nil {
				t.Fatal(err)
			}
			walk(v, name)
		}
	}
}

// TestPatchRoundTrip patches random pairs of boards from real games, of
// the same game (any positions, seats or spectator) and of two games:
// each patch applied to the first gives the second, and is no longer than
// the plain merge patch (RFC 7386); and a pair has a patch exactly when it
// has an exact merge patch (boards seen as a seat and as a spectator
// differ by nulls, which a merge patch cannot set).
func TestPatchRoundTrip(t *testing.T) {
	boards := gameBoards(t, 60)
	rng := rand.New(rand.NewPCG(1, 1))
	var all [][]byte
	for _, name := range slices.Sorted(maps.Keys(boards)) {
		all = append(all, boards[name]...)
	}
	pick := func(list [][]byte) []byte { return list[rng.IntN(len(list))] }
	exact, tried := 0, 0
	try := func(a, b []byte) {
		tried++
		p, ok := mergePatch(a, b)
		plain, plainOK := (&patcher{}).appendPatch(nil, a, b)
		plainOK = plainOK && patches(a, b, plain)
		if ok != plainOK {
			t.Fatalf("patch %v, merge patch %v:\n%s\n%s", ok, plainOK, a, b)
		}
		if !ok {
			return
		}
		exact++
		checkPatch(t, a, b, p)
		if len(p) > len(plain) {
			t.Errorf("patch of %d bytes, merge patch of %d", len(p), len(plain))
		}
	}
	for _, name := range slices.Sorted(maps.Keys(boards)) {
		n := exact
		for range 300 {
			try(pick(boards[name]), pick(boards[name]))
		}
		t.Logf("%s: %d of 300 pairs patched", name, exact-n)
	}
	for range 100 {
		try(pick(all), pick(all))
	}
	if exact < tried/2 {
		t.Errorf("only %d of %d pairs patched", exact, tried)
	}
}

// applyMergePatch applies a board patch as the page does (mergePatch in
// app.js): a JSON merge patch (RFC 7386), where an object with $items
// patches the elements of an array.
func applyMergePatch(target, patch any) any {
	pm, ok := patch.(map[string]any)
	if !ok {
		return patch
	}
	list, isList := target.([]any)
	if _, items := pm["$items"]; items && isList {
		if sp, ok := pm["$splice"].([]any); ok {
			at, removed, inserted := int(sp[0].(float64)), int(sp[1].(float64)), int(sp[2].(float64))
			list = slices.Concat(list[:at], make([]any, inserted), list[at+removed:])
		}
		for k, v := range pm["$items"].(map[string]any) {
			i, err := strconv.Atoi(k)
			if err != nil || i < 0 || i >= len(list) {
				panic(fmt.Sprintf("element patch of %q in an array of %d", k, len(list)))
			}
			list[i] = applyMergePatch(list[i], v)
		}
		return list
	}
	tm, ok := target.(map[string]any)
	if !ok {
		tm = map[string]any{}
	}
	for k, v := range pm {
		if v == nil {
			delete(tm, k)
		} else {
			tm[k] = applyMergePatch(tm[k], v)
		}
	}
	return tm
}

// TestBoardPatches plays Gandhi and Rajas with one page per seat, a
// spectator and a hot-seat page holding every seat: after each action every page fetches its view
// with the version and step it shows (?since=&at=), and either gets the
// whole board or a patch that, applied to the board it has, gives exactly
// the board it would have been sent whole. Patches are used, and the
// action's short answer says only where the game stands.
func TestBoardPatches(t *testing.T) {
	e := newEnv(t, testDSN(t, false))
	for _, name := range []string{"gandhi", "rajas"} {
		t.Run(name, func(t *testing.T) {
			req := CreateRequest{Game: "rajas", Seats: []SeatRequest{{Kind: Human}, {Kind: Human}}}
			if name == "gandhi" {
				req = CreateRequest{Game: "gandhi", Scenario: "short", Seats: []SeatRequest{{Kind: Human}, {Kind: Human}, {Kind: Human}, {Kind: Human}}}
			}
			g := e.create(req)
			// Pages by seat; -1 the spectator, and hotSeat a page holding
			// every seat.
			hotSeat := len(g.Seats)
			pages := map[int]View{}
			keyOf := func(seat int) string {
				switch {
				case seat < 0:
					return ""
				case seat == hotSeat:
					all := ""
					for _, s := range g.Seats {
						all += s.Key + ","
					}
					return all
				}
				return g.Seats[seat].Key
			}
			for seat := -1; seat <= hotSeat; seat++ {
				pages[seat] = e.view(g.ID, keyOf(seat))
			}
			// A page naming a seat it does not hold is sent the whole board.
			v0 := pages[0]
			if code, body := e.call("GET", fmt.Sprintf("/api/games/%s?since=%d&at=%d&as=1", g.ID, v0.Version, v0.Step), keyOf(0), nil, nil); code != http.StatusOK || strings.Contains(string(body), "boardPatch") {
				t.Fatalf("a patch from another seat's board: %d", code)
			}
			rng := rand.New(rand.NewPCG(3, 4))
			patched, whole := 0, 0
			var patchBytes, boardBytes, viewBytes, optionBytes int
			for range 60 {
				v := pages[0]
				if v.Over {
					break
				}
				d := v.Decision
				mover := e.view(g.ID, keyOf(d.Seat))
				o := mover.Decision.Options[rng.IntN(len(mover.Decision.Options))].ID
				var short map[string]any
				code, body := e.call("POST", fmt.Sprintf("/api/games/%s/actions?reply=short", g.ID), keyOf(d.Seat),
					map[string]any{"seat": d.Seat, "option": o, "step": mover.Step}, &short)
				if code != http.StatusOK || len(short) != 2 || short["step"] != float64(mover.Step+1) {
					t.Fatalf("short answer: %d %s", code, body)
				}
				for seat, have := range pages {
					var next View
					var raw map[string]json.RawMessage
					path := fmt.Sprintf("/api/games/%s?since=%d&at=%d&as=%d", g.ID, have.Version, have.Step, have.BoardSeat)
					if code, body := e.call("GET", path, keyOf(seat), nil, &next); code != http.StatusOK {
						t.Fatalf("view: %d %s", code, body)
					} else {
						json.Unmarshal(body, &raw)
						viewBytes += len(body)
						optionBytes += len(raw["decision"])
					}
					full := e.view(g.ID, keyOf(seat))
					b, _ := json.Marshal(full.Board)
					boardBytes += len(b)
					if p, ok := raw["boardPatch"]; ok {
						patchBytes += len(p)
						patched++
						var patch any
						json.Unmarshal(p, &patch)
						old, _ := json.Marshal(have.Board)
						var board any
						json.Unmarshal(old, &board)
						next.Board = applyMergePatch(board, patch)
					} else {
						whole++
					}
					a, _ := json.Marshal(next.Board)
					if string(a) != string(b) {
						t.Fatalf("seat %d at step %d: the patched board differs from the whole one:\n%s\n%s", seat, full.Step, a, b)
					}
					pages[seat] = full
				}
			}
			n := patched + whole
			t.Logf("%d boards patched, %d sent whole; per view: %d bytes in all, board %d bytes whole, patch %d, decision %d",
				patched, whole, viewBytes/n, boardBytes/n, patchBytes/max(patched, 1), optionBytes/n)
			if patched == 0 {
				t.Fatal("no board was patched")
			}
		})
	}
}
