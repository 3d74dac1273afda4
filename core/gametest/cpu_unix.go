//go:build unix

package gametest

import "syscall"

// CPUSeconds is the CPU time (user + system, every thread) the process has
// used so far: benchmarks report work per CPU-second with it, a figure
// other processes on a shared machine change less than they change
// elapsed time.
func CPUSeconds() float64 {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return float64(ru.Utime.Nano()+ru.Stime.Nano()) / 1e9
}
