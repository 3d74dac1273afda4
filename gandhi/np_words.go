package gandhi

import "sort"

// npWords is a set of Event action words (arjunaEventActions, 8.8.3), one
// bit each: what an Event step or a simulated Event carries out, compared
// with a faction's Effective Events list without building word lists.
type npWords uint32

// npWordNames lists the action words in bit order (sorted, fixed at start).
var npWordNames = func() []string {
	names := make([]string, 0, len(arjunaEventActions))
	for w := range arjunaEventActions {
		names = append(names, w)
	}
	sort.Strings(names)
	if len(names) > 32 {
		panic("npWords: more than 32 Event action words")
	}
	return names
}()

var npWordBits = func() map[string]npWords {
	m := make(map[string]npWords, len(npWordNames))
	for k, w := range npWordNames {
		m[w] = 1 << uint(k)
	}
	return m
}()

// npW is the set holding the one action word w, which must be a word of
// arjunaEventActions.
func npW(w string) npWords {
	b, ok := npWordBits[w]
	if !ok {
		panic("npW: " + w + " is not an Event action word (arjunaEventActions)")
	}
	return b
}

// has reports whether action word w is in the set.
func (s npWords) has(w string) bool { return s&npWordBits[w] != 0 }

// set lists the words as a map (for tests and messages).
func (s npWords) set() map[string]bool {
	m := map[string]bool{}
	for k, w := range npWordNames {
		if s&(1<<uint(k)) != 0 {
			m[w] = true
		}
	}
	return m
}
