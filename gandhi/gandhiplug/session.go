package gandhiplug

import (
	"bytes"
	"encoding/json"
	"fmt"
	"sync"

	"durbar/core"
	"durbar/gandhi"
	"durbar/plug/cli"
)

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
func newGame(setup gandhi.Setup, seed uint64) (*gandhi.Game, error) {
	data, err := gameData()
	if err != nil {
		return nil, err
	}
	return cli.Guarded(func() (*gandhi.Game, error) { return gandhi.New(data, setup, seed) })
}

// safeApplyNP lets the Non-Player engine take the pending decision and
// returns the option it played. ApplyNP also works on a copy.
func safeApplyNP(g *gandhi.Game) (string, error) {
	return cli.Guarded(g.ApplyNP)
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
	sv := &core.Save{Game: gameName, Version: gandhi.Version, Seed: seed, Setup: raw, Log: []string{}}
	return &session{save: sv, game: g}, nil
}

// readSave parses a save file and checks that this build can replay it;
// games are the games Durbar plays (plug.Call.Games).
func readSave(path string, games []string) (*core.Save, error) {
	return cli.ReadSave(path, gameName, gandhi.Version, games)
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
		if err := cli.SafeApply(g, id); err != nil {
			return nil, fmt.Errorf("log step %d (%q): %w", i+1, id, err)
		}
	}
	return g, nil
}

// loadSession reads a save file and replays it; games are the games Durbar
// plays (plug.Call.Games).
func loadSession(path string, games []string) (*session, error) {
	read := func(path string) (*core.Save, error) { return readSave(path, games) }
	sv, g, err := cli.LoadSave(path, read, replaySave)
	if err != nil {
		return nil, err
	}
	return &session{save: sv, game: g, file: path}, nil
}

// apply plays one option and records it in the log.
func (s *session) apply(id string) error { return cli.ApplyLogged(s.game, s.save, id) }

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
		if n == cli.MaxSteps {
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
	return cli.EncodeSave(s.save, state, nil)
}

// writeSave writes the session to path atomically.
func (s *session) writeSave(path string) error { return cli.WriteEncoded(path, s.encode) }
