package server

import (
	"net/http"
	"strings"
	"testing"
)

// TestMetrics: /metrics answers in the Prometheus text format with the
// requests by route and status, their latency, the actions and the store's
// commits, the live games, the open streams and the computer players'
// queue, and names no game.
func TestMetrics(t *testing.T) {
	e := newEnv(t, testDSN(t, false))
	g := toyGame(e, Human, Human)
	k0 := g.Seats[0].Key
	e.view(g.ID, k0)
	if code, _, _ := e.act(g.ID, k0, 0, "step", 0); code != http.StatusOK {
		t.Fatalf("act: %d", code)
	}
	e.act(g.ID, k0, 0, "step", 0) // out of turn: 409
	code, body := e.call("GET", "/metrics", "", nil, nil)
	if code != http.StatusOK {
		t.Fatalf("/metrics: %d %s", code, body)
	}
	text := string(body)
	for _, want := range []string{
		`durbar_http_requests_total{code="200",route="POST /api/games/{id}/actions"} 1`,
		`durbar_http_requests_total{code="409",route="POST /api/games/{id}/actions"} 1`,
		`durbar_http_requests_total{code="201",route="POST /api/games"} 1`,
		`durbar_http_request_duration_seconds_count{route="GET /api/games/{id}"} 1`,
		`durbar_http_response_bytes_total{route="GET /api/games/{id}"}`,
		"durbar_actions_total 1",
		"durbar_commit_batch_size_count 1",
		"durbar_live_games 1",
		"durbar_open_streams 0",
		"durbar_computer_queue 0",
		"durbar_computer_threads_busy 0",
		"process_cpu_seconds_total",
		"go_goroutines",
	} {
		if !strings.Contains(text, want) {
			t.Errorf("/metrics lacks %q", want)
		}
	}
	if strings.Contains(text, g.ID) {
		t.Errorf("/metrics names a game: %s", text)
	}
}
