package gandhi

import "testing"

// Every Non-Player handler is found through its step's definition, the
// one lookup npDecide makes, whichever of the two was registered first.
func TestNPHandlersLinked(t *testing.T) {
	for name := range npHandlers {
		def := steps[name]
		if def == nil {
			t.Errorf("Non-Player handler for %q, which is no step", name)
			continue
		}
		if def.np == nil {
			t.Errorf("step %q: its Non-Player handler is not linked", name)
		}
	}
	for name, def := range steps {
		if _, ok := npHandlers[name]; !ok && def.np != nil {
			t.Errorf("step %q has a handler nobody registered", name)
		}
	}
}
