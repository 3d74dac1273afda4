package gandhi

import (
	"bufio"
	"flag"
	"fmt"
	"hash"
	"hash/fnv"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"sort"
	"strings"
	"testing"

	"durbar/core"
)

// Golden games: whole games replayed from fixed seeds, each pinned by a hash
// of every decision offered (prompt, options with labels and rules), every
// option played, and the final state (board, log, result, random draws).
// They guard the engine's speed work: an optimization must not change any
// game. Two files in testdata:
//
//   - golden_random.txt: random-bot games, no Non-Player. They depend on the
//     rules only and are pinned strictly (regenerate with -update-random only
//     when a rule is deliberately changed).
//   - golden_np.txt: all-Non-Player games and mixed games (some factions
//     Non-Players, the others random, sometimes overriding the Non-Player).
//     They change whenever a Non-Player procedure does; regenerate with
//     `go test ./gandhi -run TestGolden -update`.
var (
	updateGoldenNP     = flag.Bool("update", false, "rewrite testdata/golden_np.txt (Non-Player golden games)")
	updateGoldenRandom = flag.Bool("update-random", false, "rewrite testdata/golden_random.txt (random-bot golden games)")
)

const goldenSeeds = 20

var goldenScenarios = []string{"main", "short", "quick"}

// hashDecision writes everything a front end sees of a decision.
func hashDecision(h hash.Hash, d core.Decision) {
	fmt.Fprintf(h, "D %d|%s|%s|%s|%v|%d\n", d.Player, d.Role, d.Prompt, d.Rule, d.Over, len(d.Options))
	for _, o := range d.Options {
		fmt.Fprintf(h, "  %s|%s|%s\n", o.ID, o.Label, o.Rule)
	}
}

// hashFinal writes the final state of a game.
func hashFinal(h hash.Hash, g *Game) {
	fmt.Fprintf(h, "board %+v\n", g.Board)
	fmt.Fprintf(h, "cards %v %d %d %v %d\n", g.Draw, g.Current, g.Upcoming, g.Played, g.Viceroy)
	fmt.Fprintf(h, "elig %v %v %v\n", g.Eligible, g.IneligibleNext, g.Seats)
	fmt.Fprintf(h, "end %v %v %q\n", g.Over, g.Result, g.Reason)
	fmt.Fprintf(h, "draws %d %d\n", g.rng.Draws, g.np.rng.Draws)
	fmt.Fprintf(h, "log %d\n", len(g.LogText))
	for _, l := range g.LogText {
		fmt.Fprintln(h, l)
	}
}

// goldenRandom plays a random-bot game and returns its hash.
func goldenRandom(t *testing.T, d *Data, sc string, seed uint64) string {
	g, err := New(d, Setup{Scenario: sc}, seed)
	if err != nil {
		t.Fatal(err)
	}
	h := fnv.New128a()
	pick := core.NewRNG(seed*7919 + 17)
	for n := 0; !g.Over; n++ {
		if n > 200000 {
			t.Fatalf("%s/%d: no end", sc, seed)
		}
		dec := g.Decision()
		hashDecision(h, dec)
		if n%97 == 0 {
			// An unlisted option is refused and changes nothing.
			before := g.clone()
			if err := g.Apply("no-such-option"); err == nil {
				t.Fatalf("%s/%d: unlisted option accepted", sc, seed)
			}
			if !sameGame(before, g) {
				t.Fatalf("%s/%d: a refused option changed the game", sc, seed)
			}
		}
		id := dec.Options[pick.IntN(len(dec.Options))].ID
		fmt.Fprintf(h, "> %s\n", id)
		if err := g.Apply(id); err != nil {
			t.Fatalf("%s/%d step %d: %q refused: %v", sc, seed, n, id, err)
		}
	}
	hashDecision(h, g.Decision())
	hashFinal(h, g)
	return fmt.Sprintf("%x", h.Sum(nil))
}

// goldenNP plays a game where the factions in np are Non-Players; the others
// play random options, and every 13th Non-Player decision is overridden with
// a random option (a person taking over). NPChoice is checked against the
// option ApplyNP plays.
func goldenNP(t *testing.T, d *Data, sc string, seed uint64, np []string) string {
	g, err := New(d, Setup{Scenario: sc, NP: np}, seed)
	if err != nil {
		t.Fatal(err)
	}
	h := fnv.New128a()
	pick := core.NewRNG(seed*104729 + 3)
	for n := 0; !g.Over; n++ {
		if n > 200000 {
			t.Fatalf("%s/%d: no end", sc, seed)
		}
		dec := g.Decision()
		hashDecision(h, dec)
		if !g.NPToMove() || (len(np) < 4 && n%13 == 0) {
			id := dec.Options[pick.IntN(len(dec.Options))].ID
			fmt.Fprintf(h, "> %s\n", id)
			if err := g.Apply(id); err != nil {
				t.Fatalf("%s/%d step %d: %q refused: %v", sc, seed, n, id, err)
			}
			continue
		}
		var want string
		if n%5 == 0 {
			before := g.clone()
			want, _, err = g.NPChoice()
			if err != nil {
				t.Fatal(err)
			}
			if !sameGame(before, g) {
				t.Fatalf("%s/%d step %d: NPChoice changed the game", sc, seed, n)
			}
		}
		id, err := g.ApplyNP()
		if err != nil {
			t.Fatalf("%s/%d step %d: NP option %q refused: %v", sc, seed, n, id, err)
		}
		if want != "" && want != id {
			t.Fatalf("%s/%d step %d: NPChoice said %q, ApplyNP played %q", sc, seed, n, want, id)
		}
		fmt.Fprintf(h, "NP> %s\n", id)
	}
	hashDecision(h, g.Decision())
	hashFinal(h, g)
	fmt.Fprintf(h, "np %+v\n", g.np.Plan)
	return fmt.Sprintf("%x", h.Sum(nil))
}

// sameGame compares the whole state of two games (an empty slice equals a
// nil one).
func sameGame(a, b *Game) bool {
	norm := func(g *Game) Game {
		c := *g
		c.pend, c.ar = nil, nil // a cache and scratch memory (game.go), not state
		c.Sp = slices.Clip(c.Sp)
		if len(c.Sp) == 0 {
			c.Sp = nil
		}
		if len(c.Draw) == 0 {
			c.Draw = nil
		}
		if len(c.Played) == 0 {
			c.Played = nil
		}
		if len(c.stack) == 0 {
			c.stack = nil
		}
		if len(c.Result) == 0 {
			c.Result = nil
		}
		if len(c.LogText) == 0 {
			c.LogText = nil
		}
		return c
	}
	return reflect.DeepEqual(norm(a), norm(b))
}

func readGolden(t *testing.T, path string) map[string]string {
	out := map[string]string{}
	f, err := os.Open(path)
	if err != nil {
		if os.IsNotExist(err) {
			return out
		}
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		k, v, ok := strings.Cut(line, " ")
		if !ok {
			t.Fatalf("%s: bad line %q", path, line)
		}
		out[k] = v
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}

func writeGolden(t *testing.T, path, header string, got map[string]string) {
	keys := make([]string, 0, len(got))
	for k := range got {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	var b strings.Builder
	b.WriteString(header)
	for _, k := range keys {
		fmt.Fprintf(&b, "%s %s\n", k, got[k])
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	t.Logf("wrote %s (%d games)", path, len(got))
}

func checkGolden(t *testing.T, path string, update bool, header string, play func(key string) string, keys []string) {
	want := readGolden(t, path)
	got := map[string]string{}
	bad := 0
	for n, k := range keys {
		if testing.Short() && !update && n%3 != 0 {
			continue // -short: every third game
		}
		got[k] = play(k)
		if update {
			continue
		}
		switch w, ok := want[k]; {
		case !ok:
			t.Errorf("%s: no golden value for %s (run with the update flag)", path, k)
			bad++
		case w != got[k]:
			t.Errorf("%s: game %s changed: got %s, want %s", path, k, got[k], w)
			bad++
		}
		if bad >= 5 {
			t.Fatalf("%s: too many changed games", path)
		}
	}
	if update {
		writeGolden(t, path, header, got)
	}
}

func goldenKeys(kinds []string) []string {
	var keys []string
	for _, kind := range kinds {
		for _, sc := range goldenScenarios {
			for s := 1; s <= goldenSeeds; s++ {
				keys = append(keys, fmt.Sprintf("%s/%s/%d", kind, sc, s))
			}
		}
	}
	return keys
}

func parseGoldenKey(t *testing.T, k string) (kind, sc string, seed uint64) {
	parts := strings.Split(k, "/")
	if len(parts) != 3 {
		t.Fatalf("bad golden key %q", k)
	}
	if _, err := fmt.Sscan(parts[2], &seed); err != nil {
		t.Fatalf("bad golden key %q", k)
	}
	return parts[0], parts[1], seed
}

// TestGoldenRandom: random-bot games are exactly as recorded.
func TestGoldenRandom(t *testing.T) {
	d := testData(t)
	checkGolden(t, filepath.Join("testdata", "golden_random.txt"), *updateGoldenRandom,
		"# Random-bot golden games (np_golden_test.go). Rules only: do not regenerate\n# unless a rule was deliberately changed (-update-random).\n",
		func(k string) string {
			_, sc, seed := parseGoldenKey(t, k)
			return goldenRandom(t, d, sc, seed)
		}, goldenKeys([]string{"random"}))
}

// TestGoldenNP: Non-Player games are exactly as recorded.
func TestGoldenNP(t *testing.T) {
	d := testData(t)
	mixed := map[string][]string{
		"np":      allNP,
		"raj-rev": {"raj", "rev"},
		"cong":    {"congress"},
	}
	checkGolden(t, filepath.Join("testdata", "golden_np.txt"), *updateGoldenNP,
		"# Non-Player golden games (np_golden_test.go). They change with any Non-Player\n# procedure: regenerate with `go test ./gandhi -run TestGoldenNP -update`.\n",
		func(k string) string {
			kind, sc, seed := parseGoldenKey(t, k)
			return goldenNP(t, d, sc, seed, mixed[kind])
		}, goldenKeys([]string{"np", "raj-rev", "cong"}))
}

// TestSetLogOff: a game played with its log switched off makes the same
// moves and ends the same; only its log stays empty.
func TestSetLogOff(t *testing.T) {
	d := testData(t)
	seeds := uint64(6)
	if testing.Short() {
		seeds = 2
	}
	for _, sc := range goldenScenarios {
		for seed := uint64(1); seed <= seeds; seed++ {
			var finals [2]string
			for k, on := range []bool{true, false} {
				g, err := New(d, Setup{Scenario: sc, NP: allNP}, seed)
				if err != nil {
					t.Fatal(err)
				}
				n0 := len(g.LogText)
				g.SetLog(on)
				h := fnv.New128a()
				for n := 0; !g.Over; n++ {
					if n > 100000 {
						t.Fatalf("%s/%d: no end", sc, seed)
					}
					id, err := g.ApplyNP()
					if err != nil {
						t.Fatal(err)
					}
					fmt.Fprintln(h, id)
				}
				if !on && len(g.LogText) != n0 {
					t.Errorf("%s/%d: %d lines logged with the log off", sc, seed, len(g.LogText)-n0)
				}
				g.LogText = nil
				hashFinal(h, g)
				finals[k] = fmt.Sprintf("%x", h.Sum(nil))
			}
			if finals[0] != finals[1] {
				t.Errorf("%s/%d: the game differs with the log off", sc, seed)
			}
		}
	}
}
