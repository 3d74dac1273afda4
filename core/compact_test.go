package core

import (
	"errors"
	"testing"
)

// pickGame offers n options, "o0"…; it is over after three moves.
type pickGame struct{ moves []string }

func (g *pickGame) Decision() Decision {
	if len(g.moves) == 3 {
		return Decision{Player: -1, Over: true}
	}
	return Decision{Player: len(g.moves) % 2, Rule: "2.1", Prompt: "pick", Options: []Option{{ID: "o0", Label: "zero"}, {ID: "o1", Label: "one", Rule: "2.2"}}}
}

func (g *pickGame) Apply(id string) error {
	if _, ok := g.Decision().Find(id); !ok {
		return Illegal(g.Decision(), id)
	}
	g.moves = append(g.moves, id)
	return nil
}

func (g *pickGame) Clone() Game           { c := *g; c.moves = append([]string(nil), g.moves...); return &c }
func (g *pickGame) Irreversible() Barrier { return Barrier{} }

// AsCompact gives any game the compact door: the actions are the options
// in order, Spell names them, Play is Apply of their id, and an action
// beyond the list is a rule error that changes nothing.
func TestAsCompact(t *testing.T) {
	g := &pickGame{}
	c := AsCompact(g)
	buf := make([]Action, 0, 8)
	for _, want := range []string{"o1", "o0", "o1"} {
		buf = c.Legal(buf)
		if len(buf) != 2 || buf[0] != 0 || buf[1] != 1 || c.Decider() != len(g.moves)%2 {
			t.Fatalf("Legal = %v, Decider %d", buf, c.Decider())
		}
		a := Action(0)
		if want == "o1" {
			a = 1
		}
		if o, ok := c.Spell(a); !ok || o.ID != want || c.ActionID(a) != want {
			t.Fatalf("Spell(%d) = %+v %v", a, o, ok)
		}
		var re *RuleError
		if err := c.Play(2); !errors.As(err, &re) || re.Rule != "2.1" {
			t.Fatalf("Play(2): %v, want a rule error naming 2.1", err)
		}
		if err := c.Play(a); err != nil {
			t.Fatal(err)
		}
	}
	if c.Decider() != -1 || len(c.Legal(buf)) != 0 {
		t.Fatal("over, yet actions are listed")
	}
	if err := c.Play(0); err == nil {
		t.Fatal("an action was accepted after the game ended")
	}
	if got := g.moves; len(got) != 3 || got[0] != "o1" || got[1] != "o0" || got[2] != "o1" {
		t.Fatalf("moves %v", got)
	}
	if _, ok := c.Clone().(Compact); !ok {
		t.Fatal("a clone of an adapted game lost the compact door")
	}
	if AsCompact(c) != c {
		t.Fatal("a compact game adapted again")
	}
}

func TestActions(t *testing.T) {
	if got := Actions(make([]Action, 5), 3); len(got) != 3 || got[2] != 2 {
		t.Fatalf("Actions = %v", got)
	}
	if got := Actions(nil, MaxActions+5); len(got) != MaxActions {
		t.Fatalf("%d actions beyond the bound", len(got))
	}
}
