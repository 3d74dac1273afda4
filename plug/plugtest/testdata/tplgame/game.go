// Package tplgame is a rules package in miniature, for the templates
// reader's test.
package tplgame

import "fmt"

type Game struct{ log []string }

func (g *Game) logf(format string, a ...any) { g.log = append(g.log, fmt.Sprintf(format, a...)) }

func (g *Game) label(s string) string { return s }

func noun(n int, one string) string {
	if n == 1 {
		return one
	}
	return one + "s"
}

func (g *Game) rally(n int, where string) {
	g.logf("Rally in %s: %d %s.", where, n, noun(n, "cube"))
	cost := ""
	if n > 2 {
		cost = fmt.Sprintf(" (pay %d)", n)
	}
	g.label("Move" + cost)
	g.say(where)
	if n < 0 {
		panic(fmt.Sprintf("bad count %d", n))
	}
}

func (g *Game) say(where string) { g.logf("Nobody translated %s.", where) }

func validate(n int) string { return fmt.Sprintf("%d cubes are too many", n) }
