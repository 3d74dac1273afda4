package greatgameplug

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"
)

// A whole game of each scenario plays to its end at the terminal between
// two random players: exit 0, the result printed, the save replayed with
// every invariant checked.
func TestPlayWholeGames(t *testing.T) {
	for _, c := range []struct {
		args []string
		name string
		seed int
	}{
		{[]string{"--scenario", "1"}, "To Afghanistan!", 3},
		{[]string{"--scenario", "2"}, "Clash of Empires", 4},
		{[]string{"--scenario", "3", "--start", "1"}, "The Great Game (from the set-up of To Afghanistan!)", 5},
		{[]string{"--scenario", "3", "--start", "2"}, "The Great Game (from the set-up of Clash of Empires)", 6},
	} {
		t.Run(strings.Join(c.args, " "), func(t *testing.T) {
			t.Parallel()
			save := filepath.Join(t.TempDir(), "game.json")
			args := append(append([]string{"play", "greatgame"}, c.args...), "--players", "random,random", "--seed", fmt.Sprint(c.seed), "--save", save)
			out, errOut, code := durbar(t, "", args...)
			if code != 0 || errOut != "" {
				t.Fatalf("exit %d: %s\n%s", code, errOut, tailLines(out, 20))
			}
			for _, want := range []string{
				fmt.Sprintf("Durbar: The Great Game (Asia Crossroads), %s, seed %d. Seats: British random, Russian random.", c.name, c.seed),
				"British (random) chooses: ", "Russian (random) chooses: ", "=== 1", "A spectator's view",
				"Final score (25.0): British ", "British (random)", "Russian (random)", "The game is over.\nsaved ",
			} {
				if !strings.Contains(out, want) {
					t.Errorf("play output lacks %q", want)
				}
			}
			if strings.Contains(out, "(end of input)") || strings.Contains(out, "Hand the terminal") {
				t.Errorf("a game of computer players asked for input or a hand-over:\n%s", tailLines(out, 20))
			}
			sh := showJSON(t, save)
			if !sh.Over || !strings.Contains(out, "Final score (25.0): "+sh.Result) {
				t.Fatalf("the saved game: over %v, result %q", sh.Over, sh.Result)
			}
			if text := mustRun(t, "replay", save); !strings.Contains(text, "invariants hold; state matches the snapshot") {
				t.Fatalf("replay: %s", text)
			}
		})
	}
}

// Two people at one terminal: each decision shows the deciding side's
// board only, and the terminal is handed over when the side changes; undo
// takes back only the deciding side's own choices. The shared commands
// (help with the rule summaries, undo, show, log, save, quit) work; a saved
// game
// continues with --load against a computer player to its end.
func TestPlayHotSeat(t *testing.T) {
	save := filepath.Join(t.TempDir(), "hotseat.json")
	// Scenario 1, seed 3: the Russian sets up first, then the British.
	script := "help\nhelp 3.4\nhelp rules\nhelp bogus\n999\nnonsense\n1\nundo\nshow\nlog\nstandard\nstandard\n" +
		"undo\nhelp 25.1\nstandard\nundo\n" + strings.Repeat("standard\n", 3) + "save " + save + "\nquit\n"
	out, errOut, code := durbar(t, script, "play", "greatgame", "--scenario", "1", "--seed", "3")
	if code != 0 {
		t.Fatalf("play: exit %d: %s", code, errOut)
	}
	for _, want := range []string{
		"Seats: British human, Russian human.", "Hot-seat:", "Commands:", "help RULE",
		"S1 3.4  West Siberian units", "Rule summaries: ", "14.0  Combat",
		`No summary of rule "bogus". This decision [Scenarios] cites:`, "Scenarios 3.4(1)   options 1, 2, 3", "no option 999: choose 1 to ", `refused: rule Scenarios: "nonsense" is not a legal option`,
		"undone: 1 action(s), back to the Russian player's choice", "Russian decides [Scenarios]: Set-up 3.4(1)",
		"Hand the terminal to the British player. (Russian player: look away now.)", "British decides [Scenarios]: Set-up 4.3(1)",
		"cannot undo: the last choice was the Russian player's; undo takes back only the choices of the side deciding now",
		"undone: 1 action(s), back to the British player's choice", "25.1  Victory points", "saved ",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("play output lacks %q", want)
		}
	}
	if strings.Contains(out, "(end of input)") || strings.Contains(out, "Hand the terminal to the Russian") {
		t.Error("unexpected end of input or hand-over")
	}
	// The fog of war: the Russian board shows the Russian's counters and
	// treasury; the British board after the hand-over the British
	// treasury, and the Russian counters only as hidden stacks.
	hand := strings.Index(out, "Hand the terminal")
	russian, british := out[:hand], out[hand:]
	if !strings.Contains(russian, "--- The Russian player's view ---") || !strings.Contains(russian, "your treasury £10") ||
		!strings.Contains(russian, "Vasily Perovsky") || strings.Contains(russian, "The British player's view") {
		t.Errorf("the Russian's board:\n%s", russian)
	}
	if !strings.Contains(british, "--- The British player's view ---") || !strings.Contains(british, "your treasury £20") ||
		strings.Contains(british, "Vasily Perovsky") || !strings.Contains(british, "hidden Russian counters") ||
		strings.Contains(british, "The Russian player's view") {
		t.Errorf("the British board:\n%s", british)
	}
	// The saved game goes on, the British at the terminal, the Russian a
	// random player whose choices are not shown (only the public log).
	out, errOut, code = durbar(t, strings.Repeat("1\n", 5000), "play", "greatgame", "--load", save, "--players", "human,random")
	if code != 0 || !strings.Contains(out, "Seats: British human, Russian random.") || !strings.Contains(out, "Final score (25.0)") {
		t.Fatalf("load: exit %d %s\n%s", code, errOut, tailLines(out, 20))
	}
	if strings.Contains(out, "Russian (random) chooses") || strings.Contains(out, "Hand the terminal") || strings.Contains(out, "(end of input)") {
		t.Errorf("against the computer:\n%s", tailLines(out, 20))
	}
	if end := out[strings.LastIndex(out, "--- "):]; !strings.HasPrefix(end, "--- The British player's view ---") {
		t.Errorf("the final board is not the person's view:\n%.300s", end)
	}
}

// Undo takes back a person's choice, never past a die roll.
func TestPlayUndoStopsAtDice(t *testing.T) {
	// Scenario 1, seed 3: after the British set-up (the Russian's is a
	// random player's), Ranjit Singh's health is rolled (7.2).
	script := strings.Repeat("standard\n", 11) + "undo\nquit\n"
	out, errOut, code := durbar(t, script, "play", "greatgame", "--scenario", "1", "--players", "human,random", "--seed", "3")
	if code != 0 {
		t.Fatalf("play: exit %d: %s", code, errOut)
	}
	for _, want := range []string{"Ranjit Singh lives on (rolled", "cannot undo: dice were rolled since that choice"} {
		if !strings.Contains(out, want) {
			t.Fatalf("play output lacks %q:\n%s", want, tailLines(out, 20))
		}
	}
}

// Bad command lines are refused with a message.
func TestPlayRefuses(t *testing.T) {
	save := filepath.Join(t.TempDir(), "g.json")
	mustRun(t, "new", "greatgame", "-o", save)
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"play", "greatgame", "--players", "human"}, "seats two players, British then Russian, not 1"},
		{[]string{"play", "greatgame", "--players", "human,random,random"}, "not 3"},
		{[]string{"play", "greatgame", "--players", "human,genius"}, `unknown player "genius" (have human, bot, mcts, random)`},
		{[]string{"play", "greatgame", "--load", save, "--scenario", "2"}, "drop --scenario"},
		{[]string{"play", "greatgame", "--load", save, "--seed", "2"}, "drop --seed"},
		{[]string{"play", "chess"}, `unknown game "chess"`},
		{[]string{"play"}, "name the game (greatgame)"},
		{[]string{"sim", "greatgame", "--players", "human,random"}, "no human plays in a simulation"},
	} {
		if msg := mustFail(t, c.args...); !strings.Contains(msg, c.want) {
			t.Errorf("%v: %q, want %q", c.args, msg, c.want)
		}
	}
}

// The computer players at the terminal: the heuristic against the search
// (named per side) plays a game to its end, each computer decision with a
// line saying what it weighed; against a person, a computer's secret steps
// (what it buys, the sums it seals) say only what kind of step they were.
func TestPlayAgainstTheComputer(t *testing.T) {
	out, errOut, code := durbar(t, "", "play", "greatgame", "--scenario", "1", "--seed", "5", "--british", "bot", "--russian", "mcts", "--think", "20ms")
	if code != 0 || errOut != "" {
		t.Fatalf("exit %d: %s\n%s", code, errOut, tailLines(out, 20))
	}
	for _, want := range []string{"Seats: British bot, Russian mcts.", "British [bot] ", "Russian [mcts] ", " — weighed ", "Final score (25.0): "} {
		if !strings.Contains(out, want) {
			t.Errorf("play output lacks %q", want)
		}
	}
	// a person plays the British: the Russian computer's purchases and
	// sealed sums are not shown, its public choices are
	in := strings.Repeat("1\n", 400) + "quit\n"
	out, errOut, code = durbar(t, in, "play", "greatgame", "--scenario", "1", "--seed", "5", "--russian", "bot")
	if code != 0 || errOut != "" {
		t.Fatalf("exit %d: %s\n%s", code, errOut, tailLines(out, 20))
	}
	if !strings.Contains(out, "Seats: British human, Russian bot.") || !strings.Contains(out, "Russian [bot] ") {
		t.Fatalf("no line of the computer's reasons:\n%s", tailLines(out, 40))
	}
	for _, l := range strings.Split(out, "\n") {
		if strings.Contains(l, "Russian [bot]") && (strings.Contains(l, "buy:") || strings.Contains(l, "offer:") || strings.Contains(l, "at:") || strings.Contains(l, "out:p")) {
			t.Errorf("a computer's secret shown to the person playing the other side: %q", l)
		}
	}
}
