// Package web is Durbar's browser front end: a single page (plain
// JavaScript, no build step) embedded in the binary, so `durbar serve`
// needs no files beside it and every asset comes from the server itself.
package web

import (
	"bytes"
	"crypto/sha256"
	"embed"
	"encoding/hex"
	"fmt"
	"io/fs"
	"mime"
	"net/http"
	"path"
	"slices"
	"strings"
	"time"
)

//go:embed static
var embedded embed.FS

// Static is the front end's files with the static directory as root
// ("index.html", "app.js", …).
func Static() fs.FS {
	sub, err := fs.Sub(embedded, "static")
	if err != nil {
		// fs.Sub fails only for an invalid path, and "static" is a
		// constant valid one.
		panic(fmt.Sprintf("web: static files: %v", err))
	}
	return sub
}

// asset is one file ready to serve: its bytes, a strong ETag from its
// content and its media type.
type asset struct {
	data        []byte
	etag        string
	contentType string
}

// Handler serves the front end: the files under /static/ and the page
// (index.html) for the routes the single-page app draws itself — the lobby
// "/", a game "/g/{id}" and its replay "/g/{id}/replay". Anything else is
// 404, so a server can mount it at "/" behind its own API routes.
//
// Responses carry an ETag and "Cache-Control: no-cache": a browser keeps
// its copy but revalidates it, so a new binary's files show at once while
// an unchanged file costs a 304.
func Handler() http.Handler {
	assets, err := loadAssets(Static())
	if err != nil {
		// The files are embedded at build time; reading them cannot fail
		// at run time unless the binary itself is broken.
		panic(fmt.Sprintf("web: %v", err))
	}
	pages := map[string]asset{}
	for lang := range firstWords {
		html, err := PageIn(lang)
		if err != nil {
			panic(fmt.Sprintf("web: %v", err))
		}
		pages[lang] = newAsset("index.html", html)
	}
	page := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		// The page loads scripts and styles from this server only and
		// talks to this server only; no inline scripts.
		w.Header().Set("Content-Security-Policy",
			"default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; "+
				"connect-src 'self'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'")
		w.Header().Set("Referrer-Policy", "no-referrer")
		w.Header().Set("Vary", "Cookie, Accept-Language")
		serveAsset(w, r, "index.html", pages[PageLang(r)])
	})
	mux := http.NewServeMux()
	mux.Handle("GET /{$}", page)
	mux.Handle("GET /g/{id}", page)
	mux.Handle("GET /g/{id}/replay", page)
	mux.HandleFunc("GET /static/{file...}", func(w http.ResponseWriter, r *http.Request) {
		name := r.PathValue("file")
		a, ok := assets[name]
		if !ok {
			http.Error(w, "no such file: /static/"+name, http.StatusNotFound)
			return
		}
		serveAsset(w, r, name, a)
	})
	return mux
}

// contentType fixes the media types of the front end's own files, which
// the system's MIME tables (consulted for anything else) do not always agree
// on: some still say application/x-javascript.
func contentType(name string, data []byte) string {
	switch ext := path.Ext(name); ext {
	case ".html":
		return "text/html; charset=utf-8"
	case ".js":
		return "text/javascript; charset=utf-8"
	case ".css":
		return "text/css; charset=utf-8"
	case ".svg":
		return "image/svg+xml"
	case ".json":
		return "application/json"
	default:
		if ct := mime.TypeByExtension(ext); ct != "" {
			return ct
		}
		return http.DetectContentType(data)
	}
}

// loadAssets reads every regular file of fsys, keyed by its slash path.
func loadAssets(fsys fs.FS) (map[string]asset, error) {
	assets := map[string]asset{}
	err := fs.WalkDir(fsys, ".", func(name string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		data, err := fs.ReadFile(fsys, name)
		if err != nil {
			return fmt.Errorf("reading static file %s: %w", name, err)
		}
		assets[name] = newAsset(name, data)
		return nil
	})
	return assets, err
}

// newAsset is a file called name holding data, ready to serve.
func newAsset(name string, data []byte) asset {
	sum := sha256.Sum256(data)
	return asset{data: data, etag: `"` + hex.EncodeToString(sum[:12]) + `"`, contentType: contentType(name, data)}
}

// boardsMark is the line of index.html that Page replaces with the board
// drawings' scripts.
const boardsMark = "<!-- board drawings -->"

// pageScripts are the page's own scripts; every other script of static/ is
// a game's board drawing, static/<game>.js.
var pageScripts = []string{"i18n.js", "app.js"}

// Boards lists the board drawings: every script of static/ but the page's
// own (i18n.js, app.js), by file name, in order. Each registers itself with
// Durbar.register under its game's name.
func Boards() ([]string, error) {
	entries, err := fs.ReadDir(Static(), ".")
	if err != nil {
		return nil, err
	}
	var out []string
	for _, e := range entries {
		if name := e.Name(); !e.IsDir() && path.Ext(name) == ".js" && !slices.Contains(pageScripts, name) {
			out = append(out, name)
		}
	}
	return out, nil
}

// Page is the page the routes of Handler serve: index.html with a deferred
// script for each board drawing (Boards) in place of its boardsMark line,
// so that a game's drawing loads after the page's own scripts without
// index.html naming any game.
func Page() ([]byte, error) {
	index, err := fs.ReadFile(Static(), "index.html")
	if err != nil {
		return nil, fmt.Errorf("static/index.html: %w", err)
	}
	boards, err := Boards()
	if err != nil {
		return nil, err
	}
	var tags []string
	for _, b := range boards {
		tags = append(tags, fmt.Sprintf(`<script defer src="/static/%s"></script>`, b))
	}
	if bytes.Count(index, []byte(boardsMark+"\n")) != 1 {
		return nil, fmt.Errorf("static/index.html: no line %q, or more than one, for the board drawings", boardsMark)
	}
	return bytes.Replace(index, []byte(boardsMark+"\n"), []byte(strings.Join(append(tags, ""), "\n")), 1), nil
}

// firstWords are the page's words before its scripts run (the loading
// line, the language menu's label, the message without JavaScript) in
// each language the page speaks, English first as index.html has them. The
// scripts say the same (i18n.js: app.loading, lang.label).
var firstWords = map[string][]string{
	"en": {"Loading…", "Language", "Durbar needs JavaScript to run in this browser."},
	"es": {"Cargando…", "Idioma", "Durbar necesita JavaScript para funcionar en este navegador."},
	"it": {"Caricamento…", "Lingua", "Durbar ha bisogno di JavaScript per funzionare in questo browser."},
}

// PageLang is the language to paint the page in: the one the page last
// chose (the durbar-lang cookie i18n.js sets), else the browser's first
// language the page speaks, else English.
func PageLang(r *http.Request) string {
	if c, err := r.Cookie("durbar-lang"); err == nil {
		if _, ok := firstWords[c.Value]; ok {
			return c.Value
		}
	}
	for _, part := range strings.Split(r.Header.Get("Accept-Language"), ",") {
		tag, _, _ := strings.Cut(strings.TrimSpace(part), ";")
		base, _, _ := strings.Cut(strings.ToLower(tag), "-")
		if _, ok := firstWords[base]; ok {
			return base
		}
	}
	return "en"
}

// PageIn is Page painted in a language of firstWords: its lang attribute
// and its first words.
func PageIn(lang string) ([]byte, error) {
	html, err := Page()
	if err != nil {
		return nil, err
	}
	words, ok := firstWords[lang]
	if !ok {
		return nil, fmt.Errorf("the page does not speak %q", lang)
	}
	pairs := [][2]string{{`<html lang="en">`, `<html lang="` + lang + `">`}}
	for i, en := range firstWords["en"] {
		pairs = append(pairs, [2]string{">" + en + "<", ">" + words[i] + "<"})
	}
	for _, p := range pairs {
		if bytes.Count(html, []byte(p[0])) != 1 {
			return nil, fmt.Errorf("static/index.html: %q is not there once", p[0])
		}
		html = bytes.Replace(html, []byte(p[0]), []byte(p[1]), 1)
	}
	return html, nil
}

func serveAsset(w http.ResponseWriter, r *http.Request, name string, a asset) {
	h := w.Header()
	h.Set("Content-Type", a.contentType)
	h.Set("ETag", a.etag)
	h.Set("Cache-Control", "no-cache")
	h.Set("X-Content-Type-Options", "nosniff")
	// Embedded files have no modification time; the ETag alone drives
	// conditional requests.
	http.ServeContent(w, r, name, time.Time{}, bytes.NewReader(a.data))
}
