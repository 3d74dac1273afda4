package server

import (
	"encoding/json"

	"durbar/core"
)

// forcedKind is the toy race with a forced step: after each move of the
// first runner, that runner must confirm it, the only option being "Done".
type forcedKind struct{ toyKind }

func (forcedKind) Catalog() Catalog {
	c := toyKind{}.Catalog()
	c.Name, c.Title = "forced", "Toy race with a confirmation"
	return c
}

func (forcedKind) Open(setup json.RawMessage, seats []SeatSpec, seed uint64, log []string) (Table, error) {
	t := &forcedTable{toyTable: &toyTable{rng: core.NewRNG(seed)}}
	if err := core.Replay(t, log); err != nil {
		return nil, err
	}
	return t, nil
}

type forcedTable struct {
	*toyTable
	confirm bool
}

func (t *forcedTable) Decision() core.Decision {
	if t.confirm {
		return core.Decision{Player: 0, Role: "runner1", Prompt: "Confirm your move", Rule: "T.3",
			Options: []core.Option{{ID: "done", Label: "Done", Rule: "T.3"}}}
	}
	return t.toyTable.Decision()
}

func (t *forcedTable) Apply(id string) error {
	if t.confirm {
		if id != "done" {
			return core.Illegal(t.Decision(), id)
		}
		t.confirm = false
		t.log = append(t.log, "Runner 1 confirms")
		return nil
	}
	first := t.turn == 0
	if err := t.toyTable.Apply(id); err != nil {
		return err
	}
	t.confirm = first && !t.over
	return nil
}

func (t *forcedTable) Clone() core.Game {
	return &forcedTable{toyTable: t.toyTable.Clone().(*toyTable), confirm: t.confirm}
}
