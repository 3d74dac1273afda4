package cli

import "testing"

func TestGameArg(t *testing.T) {
	games := []string{"gandhi", "rajas"}
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"rajas", "--seed", "3"}, "rajas"},
		{[]string{"Gandhi"}, "gandhi"},
		{[]string{"--seed", "3", "rajas"}, "rajas"},
		{[]string{"chess", "rajas"}, ""},
		{[]string{"--", "rajas"}, ""},
		{nil, ""},
	} {
		if got := gameArg(c.args, games); got != c.want {
			t.Errorf("gameArg(%q) = %q, want %q", c.args, got, c.want)
		}
	}
}
