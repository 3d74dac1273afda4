package cli

import (
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"durbar/core"
)

// Guarded runs f and turns a panic into an internal error: the engines
// validate their input, and a panic on input they failed to validate, or
// in Apply (which works on a copy), leaves nothing half done.
func Guarded[T any](f func() (T, error)) (v T, err error) {
	defer func() {
		if r := recover(); r != nil {
			var zero T
			v, err = zero, fmt.Errorf("internal error: %v", r)
		}
	}()
	return f()
}

// SafeApply plays one option id. Apply works on a copy, so even a panic
// leaves the game as it was.
func SafeApply(g core.Game, id string) error {
	_, err := Guarded(func() (struct{}, error) { return struct{}{}, g.Apply(id) })
	return err
}

// ApplyLogged plays one option and records it in the save's log.
func ApplyLogged(g core.Game, sv *core.Save, id string) error {
	if err := SafeApply(g, id); err != nil {
		return err
	}
	sv.Log = append(sv.Log, id)
	return nil
}

// ReadFile reads a save or position file of at most core.MaxFileBytes, so
// that a hostile file cannot exhaust memory before it is even parsed: a
// larger regular file is refused by its size, unread; anything else (a pipe,
// a device) is read no further than the limit.
func ReadFile(path string) ([]byte, error) {
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

// ReadSave parses a save file, checks that it is a save of game and that
// this build (rules version) can replay it. games are the names of the
// games Durbar plays (plug.Call.Games), for the error about a save of
// another game. The log it returns is never nil.
func ReadSave(path, game string, version int, games []string) (*core.Save, error) {
	data, err := ReadFile(path)
	if err != nil {
		return nil, err
	}
	sv, err := core.ParseSave(data)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	if sv.Game != game {
		if slices.Contains(games, sv.Game) {
			return nil, fmt.Errorf("%s: a save of game %q, not %s", path, sv.Game, game)
		}
		return nil, fmt.Errorf("%s: a save of game %q; Durbar plays %s", path, sv.Game, strings.Join(games, ", "))
	}
	if sv.Version != version {
		return nil, fmt.Errorf("%s: written by rules version %d; this build is version %d and cannot replay it exactly", path, sv.Version, version)
	}
	if sv.Log == nil {
		sv.Log = []string{}
	}
	return sv, nil
}

// LoadSave reads a save file of a game and replays it; the log it returns
// is never nil.
func LoadSave[G any](path string, read func(string) (*core.Save, error), replay func(*core.Save) (G, error)) (*core.Save, G, error) {
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

// EmitSave writes a new game's save (encode) to file, or to stdout if file
// is "", and reports whether it went to the file.
func EmitSave(stdout io.Writer, file string, encode func() ([]byte, error)) (toFile bool, err error) {
	if file == "" {
		data, err := encode()
		if err != nil {
			return false, err
		}
		_, err = stdout.Write(data)
		return false, err
	}
	return true, WriteEncoded(file, encode)
}

// EncodeSave renders a save, indented, with the State snapshot given;
// tidy, if not nil, reformats the indented JSON.
func EncodeSave(sv *core.Save, state json.RawMessage, tidy func([]byte) []byte) ([]byte, error) {
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

// WriteEncoded encodes a save and writes it to path atomically.
func WriteEncoded(path string, encode func() ([]byte, error)) error {
	data, err := encode()
	if err != nil {
		return err
	}
	return WriteFileAtomic(path, data)
}

// WriteFileAtomic writes to a temporary file in the same directory and
// renames it over path, so a reader never sees a half-written save and a
// failed write leaves the old file intact.
func WriteFileAtomic(path string, data []byte) error {
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

// UndoBarrier refuses an undo to the replayed game back when the current
// game now has moved the undo barrier since: a die rolled, a card or tile
// revealed (core.Game.Irreversible).
func UndoBarrier(back, now core.Game) error {
	if b := now.Irreversible(); b.N != back.Irreversible().N {
		return fmt.Errorf("cannot undo: %s since that choice (undo never takes back a die roll or a revealed card or tile)", b.What)
	}
	return nil
}
