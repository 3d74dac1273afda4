package rajas

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"

	"durbar/core"
)

// GameName is the name of the game in save files.
const GameName = "rajas"

// maxSetupBytes bounds a set-up: a real one is a few dozen bytes.
const maxSetupBytes = 4096

// ParseSetup decodes a set-up from a save file strictly (an unknown field,
// or anything after the set-up, is an error) and validates it.
func ParseSetup(raw []byte) (Setup, error) {
	if len(raw) > maxSetupBytes {
		return Setup{}, fmt.Errorf("rajas set-up: %d bytes; a set-up is at most %d", len(raw), maxSetupBytes)
	}
	var s Setup
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&s); err != nil {
		return Setup{}, fmt.Errorf("rajas set-up: %w", err)
	}
	if _, err := dec.Token(); err != io.EOF {
		return Setup{}, fmt.Errorf("rajas set-up: more follows the set-up")
	}
	if err := s.Validate(); err != nil {
		return Setup{}, fmt.Errorf("rajas set-up: %w", err)
	}
	return s, nil
}

// NewSave is the save record of a game started from (setup, seed) and
// played through log.
func NewSave(setup Setup, seed uint64, log []string) (*core.Save, error) {
	raw, err := json.Marshal(setup)
	if err != nil {
		return nil, err
	}
	return &core.Save{Game: GameName, Version: Version, Seed: seed, Setup: raw, Log: append([]string{}, log...)}, nil
}

// Load rebuilds a game from a save: (version, seed, setup, log).
func Load(d *Data, s *core.Save) (*Game, error) {
	if s.Game != GameName {
		return nil, fmt.Errorf("save file is for %q, not %q", s.Game, GameName)
	}
	if s.Version != Version {
		return nil, fmt.Errorf("save file was written by rules version %d; this is version %d", s.Version, Version)
	}
	setup, err := ParseSetup(s.Setup)
	if err != nil {
		return nil, err
	}
	g, err := New(d, setup, s.Seed)
	if err != nil {
		return nil, err
	}
	if err := core.Replay(g, s.Log); err != nil {
		return nil, err
	}
	return g, nil
}
