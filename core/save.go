package core

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
)

// Limits on what a save or position file may hold (docs/gandhi-formats.md,
// "Limits"). They are checked before anything is built from a file, so a
// hostile file is refused in bounded time and memory. The longest real games
// log a few thousand option ids in well under 1 MB.
const (
	// MaxFileBytes is the size of the largest save or position file read.
	MaxFileBytes = 8 << 20
	// MaxLog is the most option ids a save's log may hold.
	MaxLog = 100_000
	// MaxOptionID is the longest option id, in bytes, a log may hold.
	MaxOptionID = 200
	// MaxSetupBytes and MaxStateBytes bound a save's setup and its state
	// snapshot: real ones are a few KB (a Gandhi position, a Rajas board).
	MaxSetupBytes = 1 << 20
	MaxStateBytes = 1 << 20
	// maxGameName is the longest game name a save may give.
	maxGameName = 32
)

// Save is the portable record of a game: it is reproduced exactly by
// (game, version, seed, setup, log). Setup is the game's own JSON (for Gandhi
// a scenario name or a full position); State is an optional snapshot used only
// to check replays.
type Save struct {
	Game    string          `json:"game"`
	Version int             `json:"version"`
	Seed    uint64          `json:"seed"`
	Setup   json.RawMessage `json:"setup"`
	Log     []string        `json:"log"`
	State   json.RawMessage `json:"state,omitempty"`
}

// ErrTooLarge is the error of a file larger than MaxFileBytes.
var ErrTooLarge = fmt.Errorf("larger than %d MiB (the limit of a save or position file)", MaxFileBytes>>20)

// ReadLimited reads r to its end, refusing with ErrTooLarge, without reading
// further, once it has given more than MaxFileBytes. Its buffer doubles up
// to the limit, so refusing an endless stream costs about twice the limit in
// memory (io.ReadAll, growing by a quarter at a time, would take five).
func ReadLimited(r io.Reader) ([]byte, error) {
	buf := make([]byte, 0, 64<<10)
	for {
		if len(buf) == cap(buf) {
			c := 2 * cap(buf)
			if c >= MaxFileBytes {
				c = MaxFileBytes + 1 // enough to see that there is more
			}
			grown := make([]byte, len(buf), c)
			copy(grown, buf)
			buf = grown
		}
		n, err := r.Read(buf[len(buf):cap(buf)])
		buf = buf[:len(buf)+n]
		switch {
		case len(buf) > MaxFileBytes:
			return nil, ErrTooLarge
		case err == io.EOF:
			return buf, nil
		case err != nil:
			return nil, err
		}
	}
}

// ParseSave decodes and sanity-checks a save file without trusting it: a
// file over MaxFileBytes is refused before it is decoded, a log longer than
// MaxLog entries as soon as the entry beyond it is met, an option id longer
// than MaxOptionID at once.
func ParseSave(data []byte) (*Save, error) {
	if len(data) > MaxFileBytes {
		return nil, fmt.Errorf("save file: %w", ErrTooLarge)
	}
	var raw struct {
		Game    string          `json:"game"`
		Version int             `json:"version"`
		Seed    uint64          `json:"seed"`
		Setup   json.RawMessage `json:"setup"`
		Log     json.RawMessage `json:"log"`
		State   json.RawMessage `json:"state,omitempty"`
	}
	if err := json.Unmarshal(data, &raw); err != nil {
		return nil, fmt.Errorf("save file is not valid JSON: %w", err)
	}
	s := Save{Game: raw.Game, Version: raw.Version, Seed: raw.Seed, Setup: raw.Setup, State: raw.State}
	switch {
	case s.Game == "":
		return nil, fmt.Errorf("save file names no game")
	case len(s.Game) > maxGameName:
		return nil, fmt.Errorf("save file: game: a name of %d bytes; game names are at most %d", len(s.Game), maxGameName)
	case len(s.Setup) == 0 || string(s.Setup) == "null":
		return nil, fmt.Errorf("save file has no setup")
	case len(s.Setup) > MaxSetupBytes:
		return nil, fmt.Errorf("save file: setup: %d bytes; at most %d", len(s.Setup), MaxSetupBytes)
	case len(s.State) > MaxStateBytes:
		return nil, fmt.Errorf("save file: state: %d bytes; at most %d", len(s.State), MaxStateBytes)
	}
	var err error
	if s.Log, err = parseLog(raw.Log); err != nil {
		return nil, fmt.Errorf("save file: log: %w", err)
	}
	return &s, nil
}

// parseLog decodes a log entry by entry, stopping at the first entry beyond
// MaxLog or longer than MaxOptionID.
func parseLog(raw json.RawMessage) ([]string, error) {
	if len(raw) == 0 || string(raw) == "null" {
		return nil, nil
	}
	dec := json.NewDecoder(bytes.NewReader(raw))
	if tok, err := dec.Token(); err != nil || tok != json.Delim('[') {
		return nil, errors.New("not a list of option ids")
	}
	log := []string{}
	for dec.More() {
		if len(log) == MaxLog {
			return nil, fmt.Errorf("more than %d entries", MaxLog)
		}
		var id string
		if err := dec.Decode(&id); err != nil {
			return nil, fmt.Errorf("entry %d: %w", len(log)+1, err)
		}
		if len(id) > MaxOptionID {
			return nil, fmt.Errorf("entry %d: an option id of %d bytes; ids are at most %d", len(log)+1, len(id), MaxOptionID)
		}
		log = append(log, id)
	}
	if _, err := dec.Token(); err != nil {
		return nil, err
	}
	return log, nil
}

// Replay applies a log to a fresh game, stopping at the first illegal step.
// A log longer than MaxLog is refused before the first step.
func Replay(g Game, log []string) error {
	if len(log) > MaxLog {
		return fmt.Errorf("log: %d entries; at most %d", len(log), MaxLog)
	}
	for i, id := range log {
		if err := g.Apply(id); err != nil {
			return fmt.Errorf("log step %d (%q): %w", i+1, Clip(id), err)
		}
	}
	return nil
}

// maxQuoted is the most bytes of a file's string an error message repeats.
const maxQuoted = 64

// Clip shortens a string from a file to quote it in an error message, so
// that a hostile file cannot make its own error message huge.
func Clip(s string) string {
	if len(s) <= maxQuoted {
		return s
	}
	cut := maxQuoted
	for cut > 0 && s[cut]&0xC0 == 0x80 { // not inside a UTF-8 sequence
		cut--
	}
	return s[:cut] + "…"
}

// DecodeStrict decodes one JSON value into v: an unknown field, or anything
// after the value, is an error; errors begin with what, and name the value
// noun ("position: more follows the position").
func DecodeStrict(data []byte, v any, what, noun string) error {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return fmt.Errorf("%s: %w", what, err)
	}
	if _, err := dec.Token(); err != io.EOF {
		return fmt.Errorf("%s: more follows the %s", what, noun)
	}
	return nil
}
