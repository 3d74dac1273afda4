//go:build !race

package gandhi

const raceEnabled = false
