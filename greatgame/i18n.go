package greatgame

import (
	"embed"

	"durbar/core/i18n"
)

//go:embed data/i18n
var i18nFS embed.FS

// Translations loads the embedded translations of the engine's text
// (prompts, option labels, log lines, results, phase, piece and event
// names) by language, as package i18n describes. English needs none. A
// place keeps the map's name unless the language calls it otherwise (in
// Spanish as the rulebook spells it, Bujara; Samarcanda in both).
func Translations() (map[string]*i18n.Catalog, error) { return i18n.Load(i18nFS, "data/i18n") }
