package rajas

import (
	"bytes"
	"encoding/json"
	"fmt"

	"durbar/core"
)

// GameName is the name of the game in save files.
const GameName = "rajas"

// maxSetupBytes bounds a set-up: a real one is a few dozen bytes, a few KiB
// with a position.
const maxSetupBytes = maxPositionBytes

// RulesReading is the reading of the rules a set-up written now records
// ("rules": 2). A set-up without it was written before and is played by the
// first reading (Setup.Legacy).
const RulesReading = 2

// setupJSON is a set-up as save files write it.
type setupJSON struct {
	Rules       int       `json:"rules,omitempty"`
	Players     int       `json:"players"`
	Navaratnas  bool      `json:"navaratnas,omitempty"`
	Ganga       bool      `json:"ganga,omitempty"`
	RiverTiles  bool      `json:"riverTiles,omitempty"` // the river tiles' name before rules 2
	Experts     []int     `json:"experts,omitempty"`
	FirstPlayer int       `json:"firstPlayer,omitempty"`
	Position    *Position `json:"position,omitempty"`
}

// MarshalJSON writes a set-up with "rules": 2, or, for a set-up read from
// before it (Legacy), as it was written then.
func (s Setup) MarshalJSON() ([]byte, error) {
	j := setupJSON{Rules: RulesReading, Players: s.Players, Navaratnas: s.Navaratnas, Ganga: s.Ganga,
		Experts: s.Experts, FirstPlayer: s.FirstPlayer, Position: s.Position}
	if s.Legacy != nil {
		j = setupJSON{Players: s.Players, Navaratnas: s.Navaratnas, Ganga: s.Legacy.SecondTile, RiverTiles: s.Ganga, Experts: s.Experts}
	}
	return json.Marshal(j)
}

// UnmarshalJSON reads a set-up. Without "rules" it was written before rules
// 2: "ganga" then meant the second production tile for lacking workers
// (now part of Navaratnas) and "riverTiles" the river tiles (now the Ganga
// module); the game is played by the first reading (Legacy).
func (s *Setup) UnmarshalJSON(raw []byte) error {
	var j setupJSON
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&j); err != nil {
		return err
	}
	*s = Setup{Players: j.Players, Navaratnas: j.Navaratnas, Experts: j.Experts, FirstPlayer: j.FirstPlayer, Position: j.Position}
	switch j.Rules {
	case 0:
		s.Ganga = j.RiverTiles
		s.Legacy = &Legacy{SecondTile: j.Ganga} // Validate refuses what the first reading lacks
	case RulesReading:
		s.Ganga = j.Ganga || j.RiverTiles
	default:
		return fmt.Errorf("rules: %d is not a reading of the rules this build knows (%d, or none for a set-up written before it)", j.Rules, RulesReading)
	}
	return nil
}

// ParseSetup decodes a set-up from a save file strictly (an unknown field,
// or anything after the set-up, is an error) and validates it.
func ParseSetup(raw []byte) (Setup, error) {
	if len(raw) > maxSetupBytes {
		return Setup{}, fmt.Errorf("rajas set-up: %d bytes; a set-up is at most %d", len(raw), maxSetupBytes)
	}
	var s Setup
	if err := core.DecodeStrict(raw, &s, "rajas set-up", "set-up"); err != nil {
		return Setup{}, err
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
