package greatgameplug

import (
	"encoding/json"

	"durbar/core/i18n"
	"durbar/plug"
)

type kind struct{}

func newKind() plug.Kind { return kind{} }

func (kind) Catalog() plug.Catalog {
	return plug.Catalog{Name: "greatgame", Title: gameTitle, Version: 1, MinSeats: 2, MaxSeats: 2,
		Computers: []plug.Choice{{ID: "random", Label: "random"}}}
}
func (kind) Prepare(req plug.CreateRequest) (json.RawMessage, []plug.SeatSpec, error) {
	return nil, nil, errTodo
}
func (kind) Open(setup json.RawMessage, seats []plug.SeatSpec, seed uint64, log []string) (plug.Table, error) {
	return nil, errTodo
}
func (kind) Translations() (map[string]*i18n.Catalog, error) { return nil, nil }
