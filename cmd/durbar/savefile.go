package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"

	"durbar/core"
	"durbar/gandhi"
)

// maxFileSize bounds what is read from a save or position file, so that a
// hostile file cannot exhaust memory before it is even parsed.
const maxFileSize = 64 << 20

// gameData is loaded once: the map and cards are immutable and shared.
var gameData = sync.OnceValues(gandhi.DefaultData)

// session is a game together with the record that reproduces it.
type session struct {
	save *core.Save
	game *gandhi.Game
	file string // the save file it was loaded from, if any
}

// newGame builds a game; the engine validates the setup, and a panic on
// input it failed to validate is turned into an error.
func newGame(setup gandhi.Setup, seed uint64) (g *gandhi.Game, err error) {
	data, err := gameData()
	if err != nil {
		return nil, err
	}
	defer func() {
		if r := recover(); r != nil {
			g, err = nil, fmt.Errorf("internal error: %v", r)
		}
	}()
	return gandhi.New(data, setup, seed)
}

// safeApply plays one option id. Apply works on a copy, so even a panic
// leaves the game as it was.
func safeApply(g core.Game, id string) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("internal error: %v", r)
		}
	}()
	return g.Apply(id)
}

// safeApplyNP lets the Non-Player engine take the pending decision and
// returns the option it played. ApplyNP also works on a copy.
func safeApplyNP(g *gandhi.Game) (id string, err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("internal error: %v", r)
		}
	}()
	return g.ApplyNP()
}

// safeNPChoice asks the Non-Player engine what it would choose, without
// changing the game.
func safeNPChoice(g *gandhi.Game) (id, why string, err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("internal error: %v", r)
		}
	}()
	return g.NPChoice()
}

// npDrawer is the count of the Non-Player engine's own random numbers
// (gandhi/np.go), asserted rather than required.
type npDrawer interface{ NPRandomDraws() uint64 }

// npDraws reports how many random numbers the Non-Players have drawn (their
// dice and Arjuna deck shuffles), 0 if the engine does not say.
func npDraws(g *gandhi.Game) uint64 {
	if n, ok := any(g).(npDrawer); ok {
		return n.NPRandomDraws()
	}
	return 0
}

// newSession starts a game with an empty log.
func newSession(setup gandhi.Setup, seed uint64) (*session, error) {
	raw, err := json.Marshal(setup)
	if err != nil {
		return nil, err
	}
	g, err := newGame(setup, seed)
	if err != nil {
		return nil, err
	}
	sv := &core.Save{Game: "gandhi", Version: gandhi.Version, Seed: seed, Setup: raw, Log: []string{}}
	return &session{save: sv, game: g}, nil
}

// readFile reads at most maxFileSize bytes.
func readFile(path string) ([]byte, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	data, err := io.ReadAll(io.LimitReader(f, maxFileSize+1))
	if err != nil {
		return nil, err
	}
	if len(data) > maxFileSize {
		return nil, fmt.Errorf("%s: larger than %d MiB", path, maxFileSize>>20)
	}
	return data, nil
}

// readSave parses a save file and checks that this build can replay it.
func readSave(path string) (*core.Save, error) {
	data, err := readFile(path)
	if err != nil {
		return nil, err
	}
	sv, err := core.ParseSave(data)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	if sv.Game != "gandhi" {
		if slices.Contains(gameNames, sv.Game) {
			return nil, fmt.Errorf("%s: a save of game %q, not gandhi", path, sv.Game)
		}
		return nil, fmt.Errorf("%s: a save of game %q; Durbar plays %s", path, sv.Game, strings.Join(gameNames, ", "))
	}
	if sv.Version != gandhi.Version {
		return nil, fmt.Errorf("%s: written by rules version %d; this build is version %d and cannot replay it exactly", path, sv.Version, gandhi.Version)
	}
	return sv, nil
}

// decodeSetup reads the setup strictly: an unknown field is more likely a
// corrupt file than something to ignore.
func decodeSetup(raw json.RawMessage) (gandhi.Setup, error) {
	var st gandhi.Setup
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&st); err != nil {
		return st, fmt.Errorf("setup: %w", err)
	}
	if st.Scenario == "" && st.Position == nil {
		return st, fmt.Errorf("setup names neither a scenario nor a position")
	}
	return st, nil
}

// replaySave re-derives a game from seed, setup and log. It ignores the
// State snapshot, which only `durbar replay` compares.
func replaySave(sv *core.Save) (*gandhi.Game, error) {
	st, err := decodeSetup(sv.Setup)
	if err != nil {
		return nil, err
	}
	g, err := newGame(st, sv.Seed)
	if err != nil {
		return nil, err
	}
	for i, id := range sv.Log {
		if err := safeApply(g, id); err != nil {
			return nil, fmt.Errorf("log step %d (%q): %w", i+1, id, err)
		}
	}
	return g, nil
}

// loadSession reads a save file and replays it.
func loadSession(path string) (*session, error) {
	sv, err := readSave(path)
	if err != nil {
		return nil, err
	}
	g, err := replaySave(sv)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	if sv.Log == nil {
		sv.Log = []string{}
	}
	return &session{save: sv, game: g, file: path}, nil
}

// apply plays one option and records it in the log.
func (s *session) apply(id string) error {
	if err := safeApply(s.game, id); err != nil {
		return err
	}
	s.save.Log = append(s.save.Log, id)
	return nil
}

// applyNP plays the Non-Player's decision and records the option in the
// log: replaying it re-runs the engine (gandhi.Game.Apply), so seed, setup
// and log still reproduce the game.
func (s *session) applyNP() (string, error) {
	id, err := safeApplyNP(s.game)
	if err != nil {
		return id, err
	}
	s.save.Log = append(s.save.Log, id)
	return id, nil
}

// playNP plays Non-Player decisions until a human must decide or the game
// is over, and returns how many it played.
func (s *session) playNP() (int, error) {
	n := 0
	for s.game.NPToMove() {
		if n == maxSteps {
			return n, fmt.Errorf("the Non-Players made %d decisions in a row without the game ending", n)
		}
		d := s.game.Decision()
		if _, err := s.applyNP(); err != nil {
			return n, fmt.Errorf("Non-Player %s: %w", factionName(d.Role), err)
		}
		n++
	}
	return n, nil
}

// encode renders the save with a fresh State snapshot of the position.
func (s *session) encode() ([]byte, error) {
	state, err := json.Marshal(s.game.Position())
	if err != nil {
		return nil, err
	}
	s.save.State = state
	out, err := json.MarshalIndent(s.save, "", "  ")
	if err != nil {
		return nil, err
	}
	return append(out, '\n'), nil
}

// writeSave writes the session to path atomically.
func (s *session) writeSave(path string) error {
	data, err := s.encode()
	if err != nil {
		return err
	}
	return writeFileAtomic(path, data)
}

// writeFileAtomic writes to a temporary file in the same directory and
// renames it over path, so a reader never sees a half-written save and a
// failed write leaves the old file intact.
func writeFileAtomic(path string, data []byte) error {
	tmp, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".*.tmp")
	if err != nil {
		return err
	}
	name := tmp.Name()
	fail := func(err error) error {
		tmp.Close()
		os.Remove(name)
		return err
	}
	if _, err := tmp.Write(data); err != nil {
		return fail(err)
	}
	if err := tmp.Sync(); err != nil {
		return fail(err)
	}
	if err := tmp.Close(); err != nil {
		os.Remove(name)
		return err
	}
	if err := os.Chmod(name, 0o644); err != nil {
		os.Remove(name)
		return err
	}
	if err := os.Rename(name, path); err != nil {
		os.Remove(name)
		return err
	}
	return nil
}
