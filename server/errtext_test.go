package server

import (
	"encoding/json"
	"net/http"
	"strings"
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

// TestServerMessagesTranslated: the server's other refusals — its limits
// (429), an unknown game or endpoint, a replay or save asked for too soon,
// a malformed parameter — come in the page's language too.
func TestServerMessagesTranslated(t *testing.T) {
	e := newEnvWith(t, testDSN(t, false), Options{MaxStreamsPerClient: 1, MaxStreams: 2, CreatePerMinute: 1, CreateBurst: 1}, nil)
	g := toyGame(e, Human, Human)
	a, b, c := newClientAddr(), newClientAddr(), newClientAddr()
	call := func(addr, method, path string, body any) (int, string) {
		t.Helper()
		code, _, data := e.callWith(clientFrom(addr), method, path, "", body, nil)
		var eb map[string]string
		json.Unmarshal(data, &eb)
		return code, eb["error"]
	}
	stream := func(addr, lang string) (int, string) {
		t.Helper()
		resp, err := clientFrom(addr).Get(e.http.URL + "/api/games/" + g.ID + "/events?lang=" + lang)
		if err != nil {
			t.Fatal(err)
		}
		if resp.StatusCode == 200 {
			t.Cleanup(func() { resp.Body.Close() })
			return 200, ""
		}
		defer resp.Body.Close()
		var eb map[string]string
		json.NewDecoder(resp.Body).Decode(&eb)
		return resp.StatusCode, eb["error"]
	}
	check := func(what string, code int, got string, wantCode int, want string) {
		t.Helper()
		if code != wantCode || got != want {
			t.Errorf("%s: %d %q, want %d %q", what, code, got, wantCode, want)
		}
	}
	code, msg := stream(a, "es")
	check("first stream", code, msg, 200, "")
	code, msg = stream(a, "es")
	check("stream per client", code, msg, 429, "demasiadas conexiones de actualización en directo desde tu dirección (como máximo 1): cierra algunas páginas de partidas")
	code, msg = stream(b, "it")
	check("second client", code, msg, 200, "")
	code, msg = stream(c, "it")
	check("streams in all", code, msg, 429, "il server ha troppi collegamenti di aggiornamento in diretta aperti (2); riprova più tardi")

	create := map[string]any{"game": "toy", "seats": []map[string]any{{"kind": "human"}, {"kind": "human"}}}
	code, msg = call(b, "POST", "/api/games?lang=es", create)
	check("first creation", code, msg, 201, "")
	code, msg = call(b, "POST", "/api/games?lang=it", create)
	if code != 429 || !strings.HasPrefix(msg, "troppe partite create dal tuo indirizzo (al massimo 1 al minuto dopo le prime 1); riprova tra ") {
		t.Errorf("creation rate: %d %q", code, msg)
	}
	code, msg = call(c, "POST", "/api/games?lang=es", map[string]any{"game": "chess", "seats": []map[string]any{{"kind": "human"}}})
	if code != 400 || !strings.HasPrefix(msg, "juego desconocido: «chess» (este servidor ofrece: ") {
		t.Errorf("unknown game: %d %q", code, msg)
	}
	code, msg = call(a, "GET", "/api/games/nogame?lang=it", nil)
	check("no game", code, msg, 404, "la partita «nogame» non esiste")
	code, msg = call(a, "GET", "/api/games/"+g.ID+"/replay?lang=es", nil)
	check("replay", code, msg, 403, "la repetición está disponible cuando termina la partida (mostraría lo que los jugadores aún no pueden ver)")
	code, msg = call(a, "GET", "/api/games/"+g.ID+"/save?lang=it", nil)
	check("save", code, msg, 403, "il salvataggio (seme e registro) è disponibile a partita finita: il seme rivela il futuro")
	code, msg = call(a, "POST", "/api/games/"+g.ID+"/seats/x/key?lang=es", nil)
	check("seat", code, msg, 400, "el asiento debe ser un número")
	code, msg = call(a, "GET", "/api/games?limit=0&lang=it", nil)
	check("limit", code, msg, 400, "il limite deve essere un numero da 1 a 500")
	code, msg = call(a, "GET", "/api/nothing?lang=es", nil)
	check("endpoint", code, msg, 404, "no existe esta dirección de la API: GET /api/nothing")
	// Without lang, English.
	code, msg = call(a, "GET", "/api/games/"+g.ID+"/save", nil)
	check("save, English", code, msg, 403, "the save (seed and log) is available once the game is over: the seed tells the future")
}
