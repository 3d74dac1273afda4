//go:build !unix

package gametest

// CPUSeconds is 0 where the process's CPU time is not available; callers
// then fall back to elapsed time.
func CPUSeconds() float64 { return 0 }
