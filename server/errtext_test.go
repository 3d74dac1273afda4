package server

import (
	"encoding/json"
	"net/http"
	"testing"

	"durbar/core/i18n"
)

// TestRefusalsTranslated: a refused action's message comes in the page's
// language (lang), with what it names of the game (a seat, a prompt) in
// the game's words; English without lang.
func TestRefusalsTranslated(t *testing.T) {
	e := newEnv(t, testDSN(t, false))
	g := toyGame(e, Human, Human)
	k0, k1 := g.Seats[0].Key, g.Seats[1].Key
	post := func(keys, lang string, body map[string]any) (int, map[string]string) {
		t.Helper()
		path := "/api/games/" + g.ID + "/actions"
		if lang != "" {
			path += "?lang=" + lang
		}
		code, raw := e.call("POST", path, keys, body, nil)
		var eb map[string]string
		json.Unmarshal(raw, &eb)
		return code, eb
	}
	for _, c := range []struct {
		keys, lang string
		body       map[string]any
		code       int
		want       string
	}{
		{k1, "es", map[string]any{"seat": 1, "option": "step", "step": 0}, http.StatusConflict, "no es el turno de Corredor 2: debe decidir Corredor 1"},
		{k1, "it", map[string]any{"seat": 1, "option": "step", "step": 0}, http.StatusConflict, "non è il turno di Runner 2: deve decidere Runner 1"},
		{k1, "", map[string]any{"seat": 1, "option": "step", "step": 0}, http.StatusConflict, "it is not Runner 2's turn: Runner 1 must decide"},
		{k0, "es", map[string]any{"seat": 0, "option": "fly", "step": 0}, http.StatusUnprocessableEntity, `regla T.1: «fly» no es una opción válida para «¿Avanzar o tirar?» (válidas: step, roll)`},
		{k0, "es", map[string]any{"seat": 0, "option": "step", "step": 5}, http.StatusConflict, "paso superado: has actuado en el paso 5 y la partida está en el paso 0; vuelve a cargar la página"},
		{k0, "it", map[string]any{"seat": 0, "option": "step"}, http.StatusBadRequest, "manca il passo della partita in cui è stata scelta l'opzione; senza, una richiesta ripetuta verrebbe giocata due volte"},
	} {
		code, eb := post(c.keys, c.lang, c.body)
		if code != c.code || eb["error"] != c.want {
			t.Errorf("%s %v: %d %q, want %d %q", c.lang, c.body, code, eb["error"], c.code, c.want)
		}
	}
	// Every message of the server's catalogs loads, in both languages.
	cats, err := errorTexts()
	if err != nil || cats["es"] == nil || cats["it"] == nil {
		t.Fatalf("the server's messages: %v %v", cats, err)
	}
	if got := i18n.Merge("es", cats["es"]).T("the game is over"); got != "la partida ha terminado" {
		t.Errorf("the game is over: %q", got)
	}
}
