package server

import (
	"embed"
	"net/http"
	"sync"

	"durbar/core/i18n"
)

//go:embed i18n
var errorFS embed.FS

// errorTexts are the server's own messages in each language but English.
var errorTexts = sync.OnceValues(func() (map[string]*i18n.Catalog, error) { return i18n.Load(errorFS, "i18n") })

// errorText is a refused request's message in the page's language (the
// lang parameter the page sends with every game request): the server's own
// words, and what they name of a game of kind (a seat, a prompt, why an
// undo is refused) in that game's words. English, or a language the server
// has no words for, leaves msg as it is.
func (s *Server) errorText(r *http.Request, kind, msg string) string {
	lang := r.URL.Query().Get("lang")
	if lang == "" || lang == i18n.English {
		return msg
	}
	own, err := errorTexts()
	if err != nil || own[lang] == nil {
		return msg
	}
	key := kind + "/" + lang
	c, ok := s.errorCats.Load(key)
	if !ok {
		c, _ = s.errorCats.LoadOrStore(key, i18n.Merge(lang, own[lang], s.text(kind, lang)))
	}
	return c.(*i18n.Catalog).T(msg)
}
