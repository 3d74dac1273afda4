//go:build race

package gandhi

const raceEnabled = true
