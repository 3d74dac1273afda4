package greatgame

import (
	"bytes"
	"encoding/json"
	"fmt"

	"durbar/core"
)

// GameName is the game's name in save files (core.Save.Game).
const GameName = "greatgame"

// ParseSetup reads a save's setup strictly: a scenario (and start) or a
// position.
func ParseSetup(raw json.RawMessage) (Setup, error) {
	var s Setup
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&s); err != nil {
		return Setup{}, fmt.Errorf("greatgame setup: %v", err)
	}
	if s.Position == nil && s.Scenario == "" {
		return Setup{}, fmt.Errorf("greatgame setup: give a scenario (1, 2 or 3) or a position")
	}
	return s, nil
}

// NewSave is the record that reproduces a game: setup, seed and log.
func NewSave(s Setup, seed uint64, log []string) (*core.Save, error) {
	raw, err := json.Marshal(s)
	if err != nil {
		return nil, err
	}
	if log == nil {
		log = []string{}
	}
	return &core.Save{Game: GameName, Version: Version, Seed: seed, Setup: raw, Log: log}, nil
}

// Replay rebuilds a game from a save (core.Replay), refusing saves of
// another game or rules version.
func Replay(d *Data, sv *core.Save) (*Game, error) {
	if sv.Game != GameName {
		return nil, fmt.Errorf("a save of %q, not of %s", sv.Game, GameName)
	}
	if sv.Version != Version {
		return nil, fmt.Errorf("a save of rules version %d; this build plays version %d", sv.Version, Version)
	}
	s, err := ParseSetup(sv.Setup)
	if err != nil {
		return nil, err
	}
	g, err := New(d, s, sv.Seed)
	if err != nil {
		return nil, err
	}
	return g, core.Replay(g, sv.Log)
}
