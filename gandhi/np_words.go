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

// The action words the Event procedures name, as sets made once.
var (
	npwActivateGuerrillas     = npW("activate-guerrillas")
	npwActivistsFromOutOfPlay = npW("activists-from-out-of-play")
	npwAddUnrest              = npW("add-unrest")
	npwArrest                 = npW("arrest")
	npwAttack                 = npW("attack")
	npwFlipUnderground        = npW("flip-underground")
	npwMoveCubes              = npW("move-cubes")
	npwMoveGandhi             = npW("move-gandhi")
	npwMoveOutOfPlay          = npW("move-out-of-play")
	npwPlaceActivists         = npW("place-activists")
	npwPlaceBase              = npW("place-base")
	npwPlaceCubes             = npW("place-cubes")
	npwPlaceGuerrillas        = npW("place-guerrillas")
	npwPlaceMuslimState       = npW("place-muslim-state")
	npwPlaceProtest           = npW("place-protest")
	npwReleaseActivists       = npW("release-activists")
	npwReleaseGandhi          = npW("release-gandhi")
	npwRemoveAdversary        = npW("remove-adversary")
	npwRemoveMuslimState      = npW("remove-muslim-state")
	npwRemoveUnrest           = npW("remove-unrest")
	npwReplaceAdversary       = npW("replace-adversary")
	npwShiftTowardOpposition  = npW("shift-toward-opposition")
	npwShiftTowardSupport     = npW("shift-toward-support")
)
