package main

// raceEnabled is set under the race detector, where the corpus-wide tests,
// which run on one goroutine, are skipped as too slow to add anything.
var raceEnabled bool
