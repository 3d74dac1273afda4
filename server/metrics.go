package server

import (
	"net/http"
	"strconv"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
	"github.com/prometheus/client_golang/prometheus/promhttp"
)

// metrics are what GET /metrics serves, in the Prometheus text format
// (docs/server.md). Each Server has its own registry, so that several in
// one process (the tests) do not collide.
type metrics struct {
	reg      *prometheus.Registry
	requests *prometheus.CounterVec   // by route and status
	latency  *prometheus.HistogramVec // by route
	sent     *prometheus.CounterVec   // answer bytes by route
	actions  prometheus.Counter       // actions committed, people's and computers'
	batches  prometheus.Histogram     // actions per commit of the store
}

func newMetrics(s *Server) *metrics {
	m := &metrics{
		reg: prometheus.NewRegistry(),
		requests: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "durbar_http_requests_total", Help: "HTTP requests answered, by route (the API's pattern) and status code.",
		}, []string{"route", "code"}),
		latency: prometheus.NewHistogramVec(prometheus.HistogramOpts{
			Name: "durbar_http_request_duration_seconds", Help: "Time to answer an HTTP request, by route (a live-update stream: its whole life).",
			Buckets: []float64{.0001, .00025, .0005, .001, .0025, .005, .01, .025, .05, .1, .25, .5, 1, 2.5, 5, 10},
		}, []string{"route"}),
		sent: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "durbar_http_response_bytes_total", Help: "Bytes of answer bodies written, by route.",
		}, []string{"route"}),
		actions: prometheus.NewCounter(prometheus.CounterOpts{
			Name: "durbar_actions_total", Help: "Actions committed to the store by this process (people's and computer players' moves).",
		}),
		batches: prometheus.NewHistogram(prometheus.HistogramOpts{
			Name: "durbar_commit_batch_size", Help: "Actions written by one commit of the store (group commit).",
			Buckets: []float64{1, 2, 4, 8, 16, 32, 64, 128, 256},
		}),
	}
	m.reg.MustRegister(m.requests, m.latency, m.sent, m.actions, m.batches,
		collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}),
		collectors.NewGoCollector(),
		prometheus.NewGaugeFunc(prometheus.GaugeOpts{
			Name: "durbar_live_games", Help: "Games rebuilt in memory.",
		}, func() float64 {
			s.mu.Lock()
			defer s.mu.Unlock()
			return float64(len(s.games))
		}),
		prometheus.NewGaugeFunc(prometheus.GaugeOpts{
			Name: "durbar_open_streams", Help: "Live-update streams open.",
		}, func() float64 { return float64(s.streams.open()) }),
		prometheus.NewGaugeFunc(prometheus.GaugeOpts{
			Name: "durbar_computer_queue", Help: "Games whose computer player waits for a turn to think.",
		}, func() float64 { return float64(s.think.waiters()) }),
		prometheus.NewGaugeFunc(prometheus.GaugeOpts{
			Name: "durbar_computer_threads_busy", Help: "Computer players thinking now.",
		}, func() float64 { return float64(s.think.busy()) }),
	)
	return m
}

// handler serves the metrics.
func (m *metrics) handler() http.Handler {
	return promhttp.HandlerFor(m.reg, promhttp.HandlerOpts{})
}

// observe counts one answered request. route is the pattern the request
// matched ("GET /api/games/{id}"), never its path, so the metrics hold no
// game ids.
func (m *metrics) observe(route string, status int, took time.Duration, bytes int64) {
	if route == "" {
		route = "none"
	}
	m.requests.WithLabelValues(route, strconv.Itoa(status)).Inc()
	m.latency.WithLabelValues(route).Observe(took.Seconds())
	m.sent.WithLabelValues(route).Add(float64(bytes))
}
