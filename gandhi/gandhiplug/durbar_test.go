package gandhiplug

import (
	"io"

	"durbar/plug"
	"durbar/plug/cli"
)

// run is the durbar command playing Gandhi alone: the tests of the game's
// commands run it in-process, as cmd/durbar's tests run the command with
// every game.
func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	return cli.Main{Games: []plug.Game{Game{}}}.Run(args, stdin, stdout, stderr)
}
