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

// gameData is loaded once: the map and cards are immutable and shared.
var gameData = sync.OnceValues(gandhi.DefaultData)

// session is a game together with the record that reproduces it.
type session struct {
	save *core.Save
	game *gandhi.Game
	file string // the save file it was loaded from, if any
}

// guarded runs f and turns a panic into an internal error: the engines
// validate their input, and a panic on input they failed to validate, or
// in Apply (which works on a copy), leaves nothing half done.
func guarded[T any](f func() (T, error)) (v T, err error) {
	defer func() {
		if r := recover(); r != nil {
			var zero T
			v, err = zero, fmt.Errorf("internal error: %v", r)
		}
	}()
	return f()
}

// newGame builds a game; the engine validates the setup, and a panic on
// input it failed to validate is turned into an error.
func newGame(setup gandhi.Setup, seed uint64) (*gandhi.Game, error) {
	data, err := gameData()
	if err != nil {
		return nil, err
	}
	return guarded(func() (*gandhi.Game, error) { return gandhi.New(data, setup, seed) })
}

// safeApply plays one option id. Apply works on a copy, so even a panic
// leaves the game as it was.
func safeApply(g core.Game, id string) error {
	_, err := guarded(func() (struct{}, error) { return struct{}{}, g.Apply(id) })
	return err
}

// applyLogged plays one option and records it in the save's log.
func applyLogged(g core.Game, sv *core.Save, id string) error {
	if err := safeApply(g, id); err != nil {
		return err
	}
	sv.Log = append(sv.Log, id)
	return nil
}

// safeApplyNP lets the Non-Player engine take the pending decision and
// returns the option it played. ApplyNP also works on a copy.
func safeApplyNP(g *gandhi.Game) (string, error) {
	return guarded(g.ApplyNP)
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

// readFile reads a save or position file of at most core.MaxFileBytes, so
// that a hostile file cannot exhaust memory before it is even parsed: a
// larger regular file is refused by its size, unread; anything else (a pipe,
// a device) is read no further than the limit.
func readFile(path string) ([]byte, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	if st, err := f.Stat(); err == nil && st.Mode().IsRegular() && st.Size() > core.MaxFileBytes {
		return nil, fmt.Errorf("%s: %w", path, core.ErrTooLarge)
	}
	data, err := core.ReadLimited(f)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return data, nil
}

// readSave parses a save file and checks that this build can replay it.
func readSave(path string) (*core.Save, error) {
	return readGameSave(path, "gandhi", gandhi.Version, func(game string) error {
		if slices.Contains(gameNames, game) {
			return fmt.Errorf("%s: a save of game %q, not gandhi", path, game)
		}
		return fmt.Errorf("%s: a save of game %q; Durbar plays %s", path, game, strings.Join(gameNames, ", "))
	})
}

// readGameSave parses a save file, checks that it is a save of game and
// that this build (rules version) can replay it; wrongGame is the error
// for a save of another game.
func readGameSave(path, game string, version int, wrongGame func(game string) error) (*core.Save, error) {
	data, err := readFile(path)
	if err != nil {
		return nil, err
	}
	sv, err := core.ParseSave(data)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	if sv.Game != game {
		return nil, wrongGame(sv.Game)
	}
	if sv.Version != version {
		return nil, fmt.Errorf("%s: written by rules version %d; this build is version %d and cannot replay it exactly", path, sv.Version, version)
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
	sv, g, err := loadSave(path, readSave, replaySave)
	if err != nil {
		return nil, err
	}
	return &session{save: sv, game: g, file: path}, nil
}

// loadSave reads a save file of a game and replays it; the log it returns
// is never nil.
func loadSave[G any](path string, read func(string) (*core.Save, error), replay func(*core.Save) (G, error)) (*core.Save, G, error) {
	var zero G
	sv, err := read(path)
	if err != nil {
		return nil, zero, err
	}
	g, err := replay(sv)
	if err != nil {
		return nil, zero, fmt.Errorf("%s: %w", path, err)
	}
	if sv.Log == nil {
		sv.Log = []string{}
	}
	return sv, g, nil
}

// emitSave writes a new game's save (encode) to file, or to stdout if file
// is "", and reports whether it went to the file.
func emitSave(stdout io.Writer, file string, encode func() ([]byte, error)) (toFile bool, err error) {
	if file == "" {
		data, err := encode()
		if err != nil {
			return false, err
		}
		_, err = stdout.Write(data)
		return false, err
	}
	return true, writeEncoded(file, encode)
}

// apply plays one option and records it in the log.
func (s *session) apply(id string) error { return applyLogged(s.game, s.save, id) }

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
	return encodeSave(s.save, state, nil)
}

// writeSave writes the session to path atomically.
func (s *session) writeSave(path string) error { return writeEncoded(path, s.encode) }

// encodeSave renders a save, indented, with the State snapshot given;
// tidy, if not nil, reformats the indented JSON.
func encodeSave(sv *core.Save, state json.RawMessage, tidy func([]byte) []byte) ([]byte, error) {
	sv.State = state
	out, err := json.MarshalIndent(sv, "", "  ")
	if err != nil {
		return nil, err
	}
	if tidy != nil {
		out = tidy(out)
	}
	return append(out, '\n'), nil
}

// writeEncoded encodes a save and writes it to path atomically.
func writeEncoded(path string, encode func() ([]byte, error)) error {
	data, err := encode()
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

// undoBarrier refuses an undo to the replayed game back when the current
// game now has moved the undo barrier since: a die rolled, a card or tile
// revealed (core.Game.Irreversible).
func undoBarrier(back, now core.Game) error {
	if b := now.Irreversible(); b.N != back.Irreversible().N {
		return fmt.Errorf("cannot undo: %s since that choice (undo never takes back a die roll or a revealed card or tile)", b.What)
	}
	return nil
}
