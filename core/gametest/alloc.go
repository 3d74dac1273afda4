package gametest

import "runtime"

// Allocated reports the bytes f allocates on the heap: a measure of the
// work f does that no machine's load changes, for tests that bound the
// cost of refusing hostile input.
func Allocated(f func()) uint64 {
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	f()
	runtime.ReadMemStats(&after)
	return after.TotalAlloc - before.TotalAlloc
}
