package web

import (
	"io/fs"
	"net/http"
	"net/http/httptest"
	"regexp"
	"slices"
	"strings"
	"testing"
)

func get(t *testing.T, h http.Handler, method, target string, header map[string]string) *httptest.ResponseRecorder {
	t.Helper()
	req := httptest.NewRequest(method, target, nil)
	for k, v := range header {
		req.Header.Set(k, v)
	}
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	return rec
}

func TestPageRoutesServeIndex(t *testing.T) {
	h := Handler()
	index, err := Page()
	if err != nil {
		t.Fatal(err)
	}
	for _, path := range []string{"/", "/g/abc123", "/g/abc123/replay", "/g/abc123?x=1"} {
		rec := get(t, h, http.MethodGet, path, nil)
		if rec.Code != http.StatusOK {
			t.Errorf("GET %s: status %d, want 200", path, rec.Code)
			continue
		}
		if got := rec.Header().Get("Content-Type"); got != "text/html; charset=utf-8" {
			t.Errorf("GET %s: Content-Type %q", path, got)
		}
		if rec.Body.String() != string(index) {
			t.Errorf("GET %s: body is not the page (index.html with the board drawings)", path)
		}
		if rec.Header().Get("Cache-Control") != "no-cache" || rec.Header().Get("ETag") == "" {
			t.Errorf("GET %s: Cache-Control %q, ETag %q: a new build must show without a forced reload",
				path, rec.Header().Get("Cache-Control"), rec.Header().Get("ETag"))
		}
		if !strings.Contains(rec.Header().Get("Content-Security-Policy"), "default-src 'self'") {
			t.Errorf("GET %s: no same-origin Content-Security-Policy", path)
		}
	}
}

func TestStaticFilesContentTypes(t *testing.T) {
	h := Handler()
	for file, want := range map[string]string{
		"app.js":     "text/javascript; charset=utf-8",
		"i18n.js":    "text/javascript; charset=utf-8",
		"style.css":  "text/css; charset=utf-8",
		"index.html": "text/html; charset=utf-8",
	} {
		rec := get(t, h, http.MethodGet, "/static/"+file, nil)
		if rec.Code != http.StatusOK {
			t.Errorf("GET /static/%s: status %d", file, rec.Code)
			continue
		}
		if got := rec.Header().Get("Content-Type"); got != want {
			t.Errorf("GET /static/%s: Content-Type %q, want %q", file, got, want)
		}
		if rec.Header().Get("X-Content-Type-Options") != "nosniff" {
			t.Errorf("GET /static/%s: no nosniff header", file)
		}
		data, _ := fs.ReadFile(Static(), file)
		if rec.Body.String() != string(data) {
			t.Errorf("GET /static/%s: body differs from the embedded file", file)
		}
	}
}

func TestMissingAndForeignPaths(t *testing.T) {
	h := Handler()
	for _, path := range []string{
		"/static/missing.js", "/static/", "/static", "/static/../web.go", "/nope",
		"/g/", "/g/abc/other", "/g/abc/replay/more", "/api/games",
	} {
		rec := get(t, h, http.MethodGet, path, nil)
		// The mux answers an unclean path ("..", a missing slash) with a
		// redirect to the clean one, which must then be missing too.
		if loc := rec.Header().Get("Location"); rec.Code/100 == 3 && loc != "" {
			rec = get(t, h, http.MethodGet, loc, nil)
			path += " → " + loc
		}
		if rec.Code != http.StatusNotFound {
			t.Errorf("GET %s: status %d, want 404", path, rec.Code)
		}
	}
	if rec := get(t, h, http.MethodGet, "/static/missing.js", nil); rec.Code != http.StatusNotFound {
		t.Errorf("GET /static/missing.js: status %d, want 404", rec.Code)
	}
	if rec := get(t, h, http.MethodPost, "/", nil); rec.Code != http.StatusMethodNotAllowed {
		t.Errorf("POST /: status %d, want 405", rec.Code)
	}
}

func TestConditionalAndHeadRequests(t *testing.T) {
	h := Handler()
	first := get(t, h, http.MethodGet, "/static/app.js", nil)
	etag := first.Header().Get("ETag")
	if etag == "" {
		t.Fatal("no ETag on /static/app.js")
	}
	if rec := get(t, h, http.MethodGet, "/static/app.js", map[string]string{"If-None-Match": etag}); rec.Code != http.StatusNotModified {
		t.Errorf("If-None-Match with the current ETag: status %d, want 304", rec.Code)
	}
	if rec := get(t, h, http.MethodGet, "/static/app.js", map[string]string{"If-None-Match": `"stale"`}); rec.Code != http.StatusOK {
		t.Errorf("If-None-Match with a stale ETag: status %d, want 200", rec.Code)
	}
	if other := get(t, h, http.MethodGet, "/static/style.css", nil).Header().Get("ETag"); other == etag {
		t.Errorf("app.js and style.css share the ETag %s", etag)
	}
	rec := get(t, h, http.MethodHead, "/g/x", nil)
	if rec.Code != http.StatusOK || rec.Body.Len() != 0 {
		t.Errorf("HEAD /g/x: status %d, %d body bytes", rec.Code, rec.Body.Len())
	}
}

// The page loads its scripts in the order the renderer contract needs
// (Durbar defined before the renderers register), a board drawing for every
// game's, and every file it names is served.
func TestIndexLoadsScriptsInOrder(t *testing.T) {
	index, err := Page()
	if err != nil {
		t.Fatal(err)
	}
	boards, err := Boards()
	if err != nil {
		t.Fatal(err)
	}
	if len(boards) == 0 || slices.Contains(boards, "app.js") || slices.Contains(boards, "i18n.js") {
		t.Fatalf("board drawings %v", boards)
	}
	refs := regexp.MustCompile(`(?:src|href)="(/static/[^"]+)"`).FindAllStringSubmatch(string(index), -1)
	var got []string
	for _, m := range refs {
		got = append(got, m[1])
	}
	want := []string{"/static/style.css", "/static/favicon.svg", "/static/i18n.js", "/static/app.js"}
	for _, b := range boards {
		want = append(want, "/static/"+b)
	}
	if strings.Join(got, " ") != strings.Join(want, " ") {
		t.Fatalf("the page loads %v, want %v", got, want)
	}
	h := Handler()
	for _, path := range got {
		if rec := get(t, h, http.MethodGet, path, nil); rec.Code != http.StatusOK {
			t.Errorf("the page names %s, which answers %d", path, rec.Code)
		}
	}
}

// Everything the page needs comes from this server: no file refers to
// another site (the SVG namespace is a name, not a download).
func TestNoExternalURLs(t *testing.T) {
	external := regexp.MustCompile(`(?i)(https?:)?//[a-z0-9.-]+\.[a-z]{2,}`)
	err := fs.WalkDir(Static(), ".", func(name string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		data, err := fs.ReadFile(Static(), name)
		if err != nil {
			return err
		}
		text := strings.ReplaceAll(string(data), "http://www.w3.org/", "")
		for _, line := range strings.Split(text, "\n") {
			if m := external.FindString(line); m != "" && !strings.HasPrefix(strings.TrimSpace(line), "//") {
				t.Errorf("%s refers to another site: %s", name, strings.TrimSpace(line))
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

// TestFirstPaintInLanguage: before any script runs, the page shows its
// loading line, the language menu's label and the message without
// JavaScript in the language it last chose (cookie) or the browser asks
// for, and they are the words the scripts use.
func TestFirstPaintInLanguage(t *testing.T) {
	h := Handler()
	for _, c := range []struct {
		header map[string]string
		lang   string
	}{
		{map[string]string{"Accept-Language": "es-ES,es;q=0.9,en;q=0.8"}, "es"},
		{map[string]string{"Accept-Language": "de-DE, it;q=0.7"}, "it"},
		{map[string]string{"Accept-Language": "es", "Cookie": "durbar-lang=it"}, "it"},
		{map[string]string{"Cookie": "durbar-lang=xx"}, "en"},
		{nil, "en"},
	} {
		rec := get(t, h, http.MethodGet, "/", c.header)
		body := rec.Body.String()
		if !strings.Contains(body, `<html lang="`+c.lang+`">`) || rec.Header().Get("Vary") == "" {
			t.Errorf("%v: not painted in %s (Vary %q)", c.header, c.lang, rec.Header().Get("Vary"))
		}
		for _, w := range firstWords[c.lang] {
			if !strings.Contains(body, ">"+w+"<") {
				t.Errorf("%v: the page lacks %q", c.header, w)
			}
		}
	}
	js, err := fs.ReadFile(Static(), "i18n.js")
	if err != nil {
		t.Fatal(err)
	}
	// i18n.js's dictionaries come in the order en, es, it; each has both keys.
	for _, key := range []string{"app.loading", "lang.label"} {
		got := regexp.MustCompile(`'`+regexp.QuoteMeta(key)+`': '([^']*)'`).FindAllStringSubmatch(string(js), -1)
		if len(got) != 3 {
			t.Fatalf("i18n.js has %d %s, want one per language", len(got), key)
		}
		i := map[string]int{"app.loading": 0, "lang.label": 1}[key]
		for n, lang := range []string{"en", "es", "it"} {
			if got[n][1] != firstWords[lang][i] {
				t.Errorf("%s in %s: i18n.js says %q, the first paint %q", key, lang, got[n][1], firstWords[lang][i])
			}
		}
	}
}
