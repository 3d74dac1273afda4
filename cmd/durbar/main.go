// Command durbar plays Durbar's games in the terminal and drives them from
// scripts: create, inspect, act on and verify save files, run simulations
// and list the cards; it also serves the games in the browser (serve) and
// measures a running server (load). The games are those of package games;
// each game's commands are its own (plug.Command), routed by package
// plug/cli.
package main

import (
	"io"
	"os"
	"strings"

	"durbar/games"
	"durbar/plug"
	"durbar/plug/cli"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

// run is main without the process: tests call it in-process.
func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	return newMain(games.All()).Run(args, stdin, stdout, stderr)
}

// newMain is the durbar command playing gs, with its own commands serve
// and load.
func newMain(gs []plug.Game) cli.Main {
	names := make([]string, len(gs))
	for i, g := range gs {
		names[i] = g.Name()
	}
	return cli.Main{
		Games: gs,
		Commands: []cli.Builtin{
			{Name: "serve", Synopsis: "durbar serve [--addr 127.0.0.1:8080] [--db durbar.db|postgres://…] [--log text|json]",
				Run: func(c plug.Call) error { return cmdServe(gs, c) }},
			{Name: "load", Synopsis: "durbar load [--url http://127.0.0.1:8080] [--games N] [--actions N] [--game " + strings.Join(names, "|") + "]",
				Run: func(c plug.Call) error { return cmdLoad(gs, c) }},
		},
		Notes: `serve plays every game in the browser (solo against the computer, hot-seat or
online with invitation links); load measures a running server with N concurrent
games of random legal moves.
`,
	}
}
