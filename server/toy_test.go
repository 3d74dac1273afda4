package server

import (
	"encoding/json"
	"fmt"
	"strconv"

	"durbar/core"
	"durbar/core/i18n"
)

// toyKind is a tiny two-seat race game for the server's own tests: on its
// turn a seat either steps 1 or rolls a die and steps that many; the first
// to reach 12 wins. It has just what the server cares about: seats, turns,
// random events (the roll: undo stops there), computer seats, an end, and
// a secret (the next die roll, which no view may reveal).
type toyKind struct{}

func (toyKind) Catalog() Catalog {
	return Catalog{Name: "toy", Title: "Toy race", Version: 1, MinSeats: 2, MaxSeats: 2,
		Computers: []Choice{{ID: "stepper", Label: "always steps 1"}}}
}

func (toyKind) Prepare(req CreateRequest) (json.RawMessage, []SeatSpec, error) {
	if len(req.Seats) != 2 {
		return nil, nil, fmt.Errorf("the toy race takes 2 seats, not %d", len(req.Seats))
	}
	seats := make([]SeatSpec, 2)
	for i, s := range req.Seats {
		seats[i] = SeatSpec{Name: fmt.Sprintf("Runner %d", i+1), Kind: s.Kind}
		if s.Kind == Computer {
			seats[i].Bot = "stepper"
		} else if s.Kind != Human {
			return nil, nil, fmt.Errorf("seat %d: kind must be human or computer", i)
		}
	}
	return json.RawMessage(`{"goal":12}`), seats, nil
}

// Translations give the toy race a Spanish text, so the server's tests can
// see a view translated end to end.
func (toyKind) Translations() (map[string]*i18n.Catalog, error) {
	es, err := i18n.Parse("es", []byte(`{
		"exact": {"Step or roll?": "¿Avanzar o tirar?", "Step 1": "Avanzar 1", "Roll a die": "Tirar un dado", "Toy track": "Pista de juguete"},
		"patterns": {"Runner {1}": "Corredor {1}", "{1} moves {2} to {3}": "{1} avanza {2} hasta {3}", "Runner {1} wins": "Gana el corredor {1}"}
	}`), "es/toy.json")
	if err != nil {
		return nil, err
	}
	return map[string]*i18n.Catalog{"es": es}, nil
}

func (toyKind) Open(setup json.RawMessage, seats []SeatSpec, seed uint64, log []string) (Table, error) {
	t := &toyTable{rng: core.NewRNG(seed)}
	if err := core.Replay(t, log); err != nil {
		return nil, err
	}
	return t, nil
}

type toyTable struct {
	rng  core.RNG
	pos  [2]int
	turn int
	log  []string
	over bool
	win  int
}

func (t *toyTable) Decision() core.Decision {
	if t.over {
		return core.Decision{Player: -1, Over: true, Prompt: "over"}
	}
	return core.Decision{Player: t.turn, Role: "runner" + strconv.Itoa(t.turn+1), Prompt: "Step or roll?", Rule: "T.1",
		Options: []core.Option{{ID: "step", Label: "Step 1", Rule: "T.1"}, {ID: "roll", Label: "Roll a die", Rule: "T.2"}}}
}

func (t *toyTable) Apply(id string) error {
	d := t.Decision()
	if _, ok := d.Find(id); !ok {
		return core.Illegal(d, id)
	}
	n := 1
	if id == "roll" {
		n = t.rng.Die()
	}
	t.pos[t.turn] += n
	t.log = append(t.log, fmt.Sprintf("Runner %d moves %d to %d", t.turn+1, n, t.pos[t.turn]))
	if t.pos[t.turn] >= 12 {
		t.over, t.win = true, t.turn
	}
	t.turn = 1 - t.turn
	return nil
}

func (t *toyTable) Clone() core.Game { c := *t; c.log = append([]string(nil), t.log...); return &c }
func (t *toyTable) Irreversible() core.Barrier {
	return core.Barrier{N: t.rng.Draws, What: "a die was rolled"}
}
func (t *toyTable) PlayComputer() (string, error) { return "step", t.Apply("step") }
func (t *toyTable) Board(seat int) any {
	return map[string]any{"positions": t.pos, "turn": t.turn, "name": i18n.Text("Toy track")}
}
func (t *toyTable) Log() []string { return t.log }

func (t *toyTable) Annotate(o core.Option) (string, string) {
	return "track", o.ID
}

func (t *toyTable) Result() string {
	if !t.over {
		return ""
	}
	return fmt.Sprintf("Runner %d wins", t.win+1)
}
