package server

import "durbar/plug"

// The server is game-agnostic: every game plugs in through a Kind (what the
// lobby offers, how a stored game is rebuilt) and a Table (one running game:
// the decision model, computer moves and per-seat views), and draws its
// board in the web front end (web/static/<name>.js). The interfaces live in
// package plug, which the games' adapters (gandhi/gandhiplug,
// rajas/rajasplug) implement without importing the server; the server is
// given the games it offers (Options.Kinds), from the one list of games
// Durbar plays (package games).
type (
	Kind          = plug.Kind
	Table         = plug.Table
	Catalog       = plug.Catalog
	Choice        = plug.Choice
	CreateRequest = plug.CreateRequest
	SeatRequest   = plug.SeatRequest
	SeatSpec      = plug.SeatSpec
	Chaptered     = plug.Chaptered
)

// Seat kinds.
const (
	Human    = plug.Human
	Computer = plug.Computer
)
