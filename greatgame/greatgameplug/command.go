package greatgameplug

import (
	"errors"

	"durbar/plug"
)

var errTodo = errors.New("greatgame: not yet")

func (command) Usage() plug.Usage {
	return plug.Usage{Synopsis: map[string]string{
		"play": "durbar play greatgame --scenario 1|2|3 [--start 1|2] [--seed N]",
		"new":  "durbar new greatgame --scenario 1|2|3 [--start 1|2] [--seed N] [-o game.json]",
		"sim":  "durbar sim greatgame --scenario 1|2|3 [--start 1|2] [--games N] [--players random,random] [--json]",
	}}
}
func (command) New(c plug.Call) error      { return errTodo }
func (command) Play(c plug.Call) error     { return errTodo }
func (command) Sim(c plug.Call) error      { return errTodo }
func (command) Show(c plug.Call) error     { return errTodo }
func (command) Options(c plug.Call) error  { return errTodo }
func (command) Act(c plug.Call) error      { return errTodo }
func (command) Replay(c plug.Call) error   { return errTodo }
func (command) Extra() map[string]plug.Run { return nil }
func (command) LoadTest() plug.LoadTest {
	person := plug.SeatRequest{Kind: plug.Human}
	return plug.LoadTest{People: plug.CreateRequest{Game: "greatgame", Scenario: "1", Seats: []plug.SeatRequest{person, person}}}
}
