package server

import (
	"syscall"
	"testing"
)

// niceness is the calling thread's niceness (the raw system call answers
// 20 minus it).
func niceness(t *testing.T) int {
	prio, err := syscall.Getpriority(syscall.PRIO_PROCESS, syscall.Gettid())
	if err != nil {
		t.Fatal(err)
	}
	return 20 - prio
}

// TestThinkersRunAtLowPriority: computer players think on threads that the
// system runs after those serving requests.
func TestThinkersRunAtLowPriority(t *testing.T) {
	p := newThinkPool(2)
	defer p.close()
	for range 4 {
		var nice int
		p.run(func() { nice = niceness(t) })
		if nice < 10 {
			t.Fatalf("a thinking thread has niceness %d, want 10 (requests: %d)", nice, niceness(t))
		}
	}
}
