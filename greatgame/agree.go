package greatgame

// Player agreements (23.0). STUB.

// dealState is an offer being made.
type dealState struct{}
