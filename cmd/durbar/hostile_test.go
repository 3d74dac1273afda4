package main

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"durbar/core"
	"durbar/core/gametest"
	"durbar/gandhi"
	"durbar/greatgame"
	"durbar/rajas"
)

// gandhiSaveWith is a save of a new Gandhi game whose setup is setup (raw
// JSON) and log is log.
func gandhiSaveWith(setup, log string) string {
	return fmt.Sprintf(`{"game":"gandhi","version":%d,"seed":4,"setup":%s,"log":%s}`, gandhi.Version, setup, log)
}

// greatgameSave is a save of The Great Game with setup and log (raw JSON).
func greatgameSave(setup, log string) string {
	return fmt.Sprintf(`{"game":"greatgame","version":%d,"seed":4,"setup":%s,"log":%s}`, greatgame.Version, setup, log)
}

// positionWith is a small legal position with extra top-level fields.
func positionWith(fields string) string {
	if fields != "" {
		fields = "," + fields
	}
	return `{"restraint":3,"unity":3,"gandhi":"jail","spaces":{"delhi":{"troop":1}}` + fields + `}`
}

// Every command that reads a save or a position refuses a hostile one with
// exit 1 and a message naming the field, never a panic, and leaves the file
// as it was.
func TestHostileFilesRefused(t *testing.T) {
	rajasSave := func(setup, log string) string {
		return fmt.Sprintf(`{"game":"rajas","version":%d,"seed":4,"setup":%s,"log":%s}`, rajas.Version, setup, log)
	}
	longLog := `["` + strings.Repeat(`pass","`, core.MaxLog) + `pass"]`
	saves := []struct {
		name, data, want string
	}{
		{"duplicate card", gandhiSaveWith(`{"position":`+positionWith(`"current":1,"drawDeck":[12,4,12]`)+`}`, `[]`), "position: drawDeck: card 12 appears twice"},
		{"deck larger than the cards", gandhiSaveWith(`{"position":`+positionWith(`"deck":{"piles":10,"pileSize":10}`)+`}`, `[]`), "position: deck: 10 piles of 10 need 100 Event cards; there are 72"},
		{"no piles", gandhiSaveWith(`{"position":`+positionWith(`"deck":{"piles":0,"pileSize":10}`)+`}`, `[]`), "position: deck: piles: 0 outside 1-72"},
		{"negative pile size", gandhiSaveWith(`{"position":`+positionWith(`"deck":{"piles":3,"pileSize":-1}`)+`}`, `[]`), "position: deck: pileSize: -1 outside 1-72"},
		{"unknown viceroy", gandhiSaveWith(`{"position":`+positionWith(`"viceroy":"clive"`)+`}`, `[]`), `position: viceroy: unknown viceroy "clive"`},
		{"negative pieces", gandhiSaveWith(`{"position":`+positionWith(`"outOfPlay":{"troop":-3}`)+`}`, `[]`), "position: outOfPlay: troop -3 is negative"},
		{"unknown setup field", gandhiSaveWith(`{"scenario":"short","mode":"easy"}`, `[]`), `setup: json: unknown field "mode"`},
		{"scenario and position", gandhiSaveWith(`{"scenario":"short","position":`+positionWith("")+`}`, `[]`), "setup: names a scenario"},
		{"seat out of range", gandhiSaveWith(`{"scenario":"short","seats":[0,1,2,9]}`, `[]`), "setup: seats: seat 9 of rev outside 0-3"},
		{"gandhi log too long", gandhiSaveWith(`{"scenario":"short"}`, longLog), "log: more than 100000 entries"},
		{"gandhi option id too long", gandhiSaveWith(`{"scenario":"short"}`, `["`+strings.Repeat("op:", 100)+`"]`), "log: entry 1: an option id of 300 bytes"},
		{"illegal log step", gandhiSaveWith(`{"scenario":"short"}`, `["space:atlantis"]`), `log step 1 ("space:atlantis")`},
		{"rajas players", rajasSave(`{"players":7}`, `[]`), "rajas set-up: players: must be 2, 3 or 4"},
		{"rajas experts", rajasSave(`{"players":2,"experts":[0,0]}`, `[]`), "rajas set-up: experts: seat 0 listed twice"},
		{"rajas log too long", rajasSave(`{"players":2}`, longLog), "log: more than 100000 entries"},
		{"unknown game", `{"game":"` + strings.Repeat("chess", 20) + `","setup":{}}`, "game: a name of 100 bytes"},
		{"greatgame setup", greatgameSave(`{"scenario":"1","start":1}`, `[]`), "only scenario 3 takes a start"},
		{"greatgame position", greatgameSave(`{"position":{"scenario":"1","turn":1,"phase":"turn","bop":0}}`, `[]`), "Balance of Power 0"},
		{"greatgame log step", greatgameSave(`{"scenario":"2"}`, `["standard","atlantis"]`), `log step 2 ("atlantis")`},
		{"greatgame log too long", greatgameSave(`{"scenario":"1"}`, longLog), "log: more than 100000 entries"},
	}
	commands := [][]string{{"show"}, {"options"}, {"replay"}, {"act", "", "pass"}, {"play", "gandhi", "--load"}, {"play", "rajas", "--load"},
		{"play", "greatgame", "--load"}}
	for _, c := range saves {
		t.Run(c.name, func(t *testing.T) {
			file := filepath.Join(t.TempDir(), "hostile.json")
			if err := os.WriteFile(file, []byte(c.data), 0o644); err != nil {
				t.Fatal(err)
			}
			for _, args := range commands {
				if args[0] == "play" && !strings.Contains(c.data, `"game":"`+args[1]+`"`) {
					continue // play loads its own game's saves
				}
				args = withFile(args, file)
				_, errOut, code := durbar(t, "", args...)
				if code != 1 || !strings.Contains(errOut, c.want) {
					t.Errorf("%v: exit %d, %q; want %q", args[:len(args)-1], code, errOut, c.want)
				}
				if len(errOut) > 2000 {
					t.Errorf("%v: a message of %d bytes", args[0], len(errOut))
				}
			}
			if !bytes.Equal(readBytes(t, file), []byte(c.data)) {
				t.Error("the file was changed")
			}
		})
	}
	// The same positions, as position files for `durbar new --position`.
	for _, c := range []struct {
		name, data, want string
	}{
		{"duplicate card", positionWith(`"current":5,"upcoming":5`), "position: upcoming: card 5 is also the Current card"},
		{"two problems", positionWith(`"deck":{"piles":0,"pileSize":0},"viceroy":"nehru"`), "position: 2 problems:\n  deck: piles: 0 outside 1-72\n  viceroy: unknown viceroy \"nehru\""},
		{"unknown viceroy", positionWith(`"viceroy":"nehru"`), `position: viceroy: unknown viceroy "nehru"`},
		{"unknown field", positionWith(`"turn":3`), `position: json: unknown field "turn"`},
		{"two positions", positionWith("") + positionWith(""), "position: more follows the position"},
	} {
		t.Run("position file: "+c.name, func(t *testing.T) {
			file := filepath.Join(t.TempDir(), "pos.json")
			if err := os.WriteFile(file, []byte(c.data), 0o644); err != nil {
				t.Fatal(err)
			}
			if msg := mustFail(t, "new", "gandhi", "--position", file); !strings.Contains(msg, c.want) {
				t.Fatalf("got %q, want %q", msg, c.want)
			}
		})
	}
}

// withFile puts file where args leaves it empty, or after them.
func withFile(args []string, file string) []string {
	out := append([]string(nil), args...)
	for i, a := range out {
		if a == "" {
			out[i] = file
			return out
		}
	}
	return append(out, file)
}

// A 60 MB save of repeated cards, or a pipe that never ends, is refused at
// once: the regular file by its size, unread; the pipe after the cap. The
// memory the command allocates shows it never held the file.
func TestHugeFilesRefusedUnread(t *testing.T) {
	dir := t.TempDir()
	huge := filepath.Join(dir, "huge.json")
	f, err := os.Create(huge)
	if err != nil {
		t.Fatal(err)
	}
	head := `{"game":"gandhi","version":1,"seed":1,"setup":{"position":{"restraint":3,"unity":3,"gandhi":"jail","spaces":{},"current":1,"drawDeck":[`
	if _, err := io.WriteString(f, head+strings.Repeat("12,", 20<<20)+"12]}},\"log\":[]}"); err != nil {
		t.Fatal(err)
	}
	f.Close()
	if st, _ := os.Stat(huge); st.Size() < 60<<20 {
		t.Fatalf("only %d bytes", st.Size())
	}
	pipe := filepath.Join(dir, "endless")
	if err := syscall.Mkfifo(pipe, 0o600); err != nil {
		t.Skipf("no named pipes: %v", err)
	}
	// (Only commands that read the file once: show and the others read a
	// save twice, once to learn its game, so a pipe cannot be their file.)
	for _, c := range []struct {
		name string
		args []string
	}{
		{"show", []string{"show", huge}},
		{"replay", []string{"replay", huge}},
		{"act", []string{"act", huge, "pass"}},
		{"play --load", []string{"play", "gandhi", "--load", huge}},
		{"play rajas --load", []string{"play", "rajas", "--load", huge}},
		{"play greatgame --load", []string{"play", "greatgame", "--load", huge}},
		{"new greatgame --position", []string{"new", "greatgame", "--position", huge}},
		{"new --position", []string{"new", "gandhi", "--position", huge}},
		{"new --position from a pipe", []string{"new", "gandhi", "--position", pipe}},
	} {
		t.Run(c.name, func(t *testing.T) {
			if c.args[len(c.args)-1] == pipe {
				done := make(chan struct{})
				defer func() { <-done }()
				go func() { // writes until the reader closes the pipe
					defer close(done)
					w, err := os.OpenFile(pipe, os.O_WRONLY, 0)
					if err != nil {
						return
					}
					defer w.Close()
					io.WriteString(w, head)
					unit := []byte(strings.Repeat("12,", 1<<12))
					for {
						if _, err := w.Write(unit); err != nil {
							return
						}
					}
				}()
			}
			var errOut string
			var code int
			n := gametest.Allocated(func() { _, errOut, code = durbar(t, "", c.args...) })
			if code != 1 || !strings.Contains(errOut, "larger than 8 MiB") {
				t.Fatalf("exit %d: %q", code, errOut)
			}
			// A regular file is refused by its size: refusing it costs less
			// than reading even the cap would. A pipe is read up to the cap,
			// not the 60 MB and more of reading it whole.
			limit := uint64(core.MaxFileBytes / 2)
			if c.args[len(c.args)-1] == pipe {
				limit = 3 * core.MaxFileBytes
			}
			if n > limit {
				t.Fatalf("allocated %d bytes refusing it (at most %d)", n, limit)
			}
		})
	}
}
