// Package fuzz holds the differential tests of the library: native Go fuzz
// targets that compare the compiled Matcher (every automaton tier, every
// dialect) with the reference matcher of package conformance, and check
// that the parser and the normalizer never panic; and a test that runs the
// real-world corpus kept beside the repository, when it is there, through
// both.
//
// The package has no code of its own outside its tests. Each target runs
// for as long as go test's -fuzztime says, named by -fuzz with -run '^$';
// its seeds and the inputs it once failed on run with every go test.
package fuzz
