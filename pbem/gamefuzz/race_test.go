//go:build race

package gamefuzz

// raceEnabled: the test binary runs under the race detector, which slows
// a game about tenfold.
const raceEnabled = true
