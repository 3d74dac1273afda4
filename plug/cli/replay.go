package cli

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"maps"
	"slices"

	"durbar/core"
)

// Replay is `durbar replay` for a game: read the save, replay it (with the
// game's own checks), and compare the State snapshot (state) with the
// replay. checked tells what the replay verified besides the steps ("" or
// ", invariants hold").
func Replay[G any](args []string, stdout io.Writer, read func(string) (*core.Save, error),
	replay func(*core.Save) (G, error), state func(G) ([]byte, error), checked string) error {
	fs := flag.NewFlagSet("replay", flag.ContinueOnError)
	pos, err := ParseFlags(fs, args)
	if err != nil {
		return err
	}
	if len(pos) != 1 {
		return fmt.Errorf("name one save file")
	}
	sv, err := read(pos[0])
	if err != nil {
		return err
	}
	g, err := replay(sv)
	if err != nil {
		return fmt.Errorf("%s: replay failed: %w", pos[0], err)
	}
	if len(sv.State) == 0 {
		fmt.Fprintf(stdout, "OK: %d steps replayed%s (the save holds no state snapshot to compare)\n", len(sv.Log), checked)
		return nil
	}
	got, err := state(g)
	if err != nil {
		return err
	}
	diffs, err := jsonDiff(sv.State, got)
	if err != nil {
		return fmt.Errorf("%s: state snapshot: %w", pos[0], err)
	}
	if len(diffs) > 0 {
		fmt.Fprintf(stdout, "MISMATCH after %d steps: the saved state differs from the replay:\n", len(sv.Log))
		for _, d := range diffs {
			fmt.Fprintf(stdout, "  %s\n", d)
		}
		return fmt.Errorf("%s: state snapshot does not match the replay of seed, setup and log", pos[0])
	}
	fmt.Fprintf(stdout, "OK: %d steps replayed%s; state matches the snapshot\n", len(sv.Log), checked)
	return nil
}

// jsonDiff compares two JSON documents by value and lists the differing
// paths as "path: saved X, replay Y" (at most 20 lines).
func jsonDiff(saved, replayed []byte) ([]string, error) {
	a, err := flattenJSON(saved)
	if err != nil {
		return nil, err
	}
	b, err := flattenJSON(replayed)
	if err != nil {
		return nil, err
	}
	union := maps.Clone(a)
	maps.Copy(union, b)
	keys := slices.Sorted(maps.Keys(union))
	var out []string
	for _, k := range keys {
		x, okA := a[k]
		y, okB := b[k]
		if okA && okB && x == y {
			continue
		}
		if !okA {
			x = "(absent)"
		}
		if !okB {
			y = "(absent)"
		}
		if len(out) == 20 {
			out = append(out, "…")
			break
		}
		out = append(out, fmt.Sprintf("%s: saved %s, replay %s", k, x, y))
	}
	return out, nil
}

// flattenJSON maps every leaf of a JSON document to its path.
func flattenJSON(data []byte) (map[string]string, error) {
	var v any
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	if err := dec.Decode(&v); err != nil {
		return nil, err
	}
	out := map[string]string{}
	var walk func(path string, v any)
	walk = func(path string, v any) {
		switch x := v.(type) {
		case map[string]any:
			for k, e := range x {
				walk(path+"."+k, e)
			}
			if len(x) == 0 {
				out[path] = "{}"
			}
		case []any:
			for i, e := range x {
				walk(fmt.Sprintf("%s[%d]", path, i), e)
			}
			if len(x) == 0 {
				out[path] = "[]"
			}
		default:
			leaf, _ := json.Marshal(x)
			out[path] = string(leaf)
		}
	}
	walk("", v)
	return out, nil
}
