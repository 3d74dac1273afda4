package rajas

import (
	"bytes"
	"encoding/json"
	"fmt"

	"durbar/core"
)

// GameName is the name of the game in save files.
const GameName = "rajas"

// ParseSetup decodes a set-up from a save file strictly (an unknown field
// is an error) and validates it.
func ParseSetup(raw []byte) (Setup, error) {
	var s Setup
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&s); err != nil {
		return Setup{}, fmt.Errorf("rajas set-up: %w", err)
	}
	return s, s.Validate()
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
