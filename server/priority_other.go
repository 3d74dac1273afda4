//go:build !linux

package server

// lowerPriority does nothing where a thread's scheduling priority is not
// its own (elsewhere than Linux, setpriority acts on the whole process).
func lowerPriority() {}
