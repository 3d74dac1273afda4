package server

import "syscall"

// lowerPriority gives the calling OS thread (locked to its goroutine) the
// niceness 10: it runs only when threads of normal priority leave a core
// free, or for about a tenth of a core beside each. On Linux the niceness
// is a thread's own.
func lowerPriority() {
	syscall.Setpriority(syscall.PRIO_PROCESS, syscall.Gettid(), 10)
}
