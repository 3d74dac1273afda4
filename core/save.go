package core

import (
	"encoding/json"
	"fmt"
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

// ParseSave decodes and sanity-checks a save file without trusting it.
func ParseSave(data []byte) (*Save, error) {
	var s Save
	if err := json.Unmarshal(data, &s); err != nil {
		return nil, fmt.Errorf("save file is not valid JSON: %w", err)
	}
	if s.Game == "" {
		return nil, fmt.Errorf("save file names no game")
	}
	if len(s.Setup) == 0 {
		return nil, fmt.Errorf("save file has no setup")
	}
	return &s, nil
}

// Replay applies a log to a fresh game, stopping at the first illegal step.
func Replay(g Game, log []string) error {
	for i, id := range log {
		if err := g.Apply(id); err != nil {
			return fmt.Errorf("log step %d (%q): %w", i+1, id, err)
		}
	}
	return nil
}
