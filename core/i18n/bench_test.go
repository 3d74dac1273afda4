package i18n_test

import (
	"testing"

	"durbar/core"
	"durbar/gandhi"
)

// BenchmarkTranslateGame translates everything two Gandhi games show —
// every prompt, option label and log line — with a fresh catalog, as a
// server does for the first page that asks for a game in Spanish. Texts
// are counted as "texts/op".
func BenchmarkTranslateGame(b *testing.B) {
	d, err := gandhi.DefaultData()
	if err != nil {
		b.Fatal(err)
	}
	var texts []string
	for seed := uint64(1); seed <= 2; seed++ {
		g, err := gandhi.New(d, gandhi.Setup{Scenario: "short"}, seed)
		if err != nil {
			b.Fatal(err)
		}
		pick := core.NewRNG(seed)
		for !g.Over {
			dec := g.Decision()
			texts = append(texts, dec.Prompt)
			for _, o := range dec.Options {
				texts = append(texts, o.Label)
			}
			if err := g.Apply(dec.Options[pick.IntN(len(dec.Options))].ID); err != nil {
				b.Fatal(err)
			}
		}
		texts = append(texts, g.LogText...)
	}
	for b.Loop() {
		b.StopTimer()
		cats, err := gandhi.Translations()
		if err != nil {
			b.Fatal(err)
		}
		b.StartTimer()
		for _, s := range texts {
			cats["es"].T(s)
		}
	}
	b.ReportMetric(float64(len(texts)), "texts/op")
}
