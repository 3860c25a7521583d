//go:build race

package robots_test

func init() { raceEnabled = true }
