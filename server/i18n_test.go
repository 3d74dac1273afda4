package server

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"
)

// TestTranslatedView: a page that asks for a language gets the prompt, the
// options, the seats, the board's texts, the log and the result in it; an
// unknown language gets English.
func TestTranslatedView(t *testing.T) {
	e := newEnv(t, testDSN(t, false))
	g := toyGame(e, Human, Human)
	k := g.Seats[0].Key + "," + g.Seats[1].Key
	e.act(g.ID, k, 0, "step", 0)
	var v View
	if code, body := e.call("GET", "/api/games/"+g.ID+"?lang=es", k, nil, &v); code != 200 {
		t.Fatalf("view: %d %s", code, body)
	}
	if v.Decision.Prompt != "¿Avanzar o tirar?" || v.Decision.Options[0].Label != "Avanzar 1" || v.Seats[1].Name != "Corredor 2" ||
		v.Log[0] != "Corredor 1 avanza 1 hasta 1" || !strings.Contains(marshal(v.Board), "Pista de juguete") {
		t.Fatalf("Spanish view: %+v %+v %s", v.Decision, v.Log, v.Board)
	}
	// The English board is cached beside the Spanish one, not replaced by it.
	var en View
	e.call("GET", "/api/games/"+g.ID+"?lang=xx", k, nil, &en)
	if en.Decision.Prompt != "Step or roll?" || !strings.Contains(marshal(en.Board), "Toy track") || en.Log[0] != "Runner 1 moves 1 to 1" {
		t.Fatalf("an unknown language (or a log translated in place): %+v %s %q", en.Decision, en.Board, en.Log)
	}
	// An action answered in the page's language, with only the new lines.
	var after View
	code, body := e.call("POST", fmt.Sprintf("/api/games/%s/actions?lang=es&since=%d&logFrom=1", g.ID, v.Version), k,
		map[string]any{"seat": 1, "option": "step", "step": 1}, &after)
	if code != 200 || after.LogStart != 1 || len(after.Log) != 1 || after.Log[0] != "Corredor 2 avanza 1 hasta 1" {
		t.Fatalf("action: %d %s", code, body)
	}
	for step := 2; ; step++ {
		code, cur, _ := e.act(g.ID, k, step%2, "roll", step)
		if code != 200 {
			t.Fatalf("roll: %d", code)
		}
		if cur.Over {
			break
		}
	}
	var list []gameSummary
	e.call("GET", "/api/games?lang=es", "", nil, &list)
	if len(list) != 1 || !strings.HasPrefix(list[0].Result, "Gana el corredor") || list[0].Seats[0].Name != "Corredor 1" {
		t.Fatalf("game list: %+v", list)
	}
	var replay View
	e.call("GET", "/api/games/"+g.ID+"/replay?step=1&lang=es", "", nil, &replay)
	if len(replay.Log) != 1 || replay.Log[0] != "Corredor 1 avanza 1 hasta 1" {
		t.Fatalf("replay: %q", replay.Log)
	}
}

func marshal(v any) string {
	b, _ := json.Marshal(v)
	return string(b)
}
