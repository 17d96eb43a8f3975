//go:build !race

package gamefuzz

const raceEnabled = false
