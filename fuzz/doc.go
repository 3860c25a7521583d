// Package fuzz holds the differential tests of the library: native Go fuzz
// targets that compare the compiled Matcher (every automaton tier) with the
// reference matcher of package conformance, and check that the parser and
// the normalizer never panic; and a test that runs the real-world corpus
// (../shared/corpus, when present) through both engines.
//
// The package has no code of its own outside its tests. Run the targets with
//
//	go test ./fuzz -run '^$' -fuzz FuzzDecide -fuzztime 1m
package fuzz
