//go:build unix

package sim

import "syscall"

// processCPU is the CPU time (user + system) this process has used so far,
// in seconds; on a shared machine it measures the simulator's own work.
func processCPU() float64 {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return float64(ru.Utime.Nano()+ru.Stime.Nano()) / 1e9
}
