// Package bench holds the benchmarks of package robots, side by side with
// other Go robots.txt libraries on the same inputs. It is a module of its own
// so that it may import those libraries without adding them to the
// requirements of the library itself.
//
// The package has no code of its own: everything is in its tests.
// BenchmarkDecide times the decision for one URL, BenchmarkCompile the
// reading and compiling of one file; both run over the real-world corpus
// (when present), synthetic files of 10 to 10,000 rules, and hostile files
// built to defeat automata. BenchmarkHost times what a crawler pays per
// site (Parse, Agent and k of the site's URLs), BenchmarkHostile the
// hostile files' compile time, peak heap and worst decisions, BenchmarkParse
// the parse alone, BenchmarkDialect each dialect and BenchmarkDecideUsage
// the decisions with usage preferences. See README.md for how to run them
// and read the results, and cmd/benchtable for turning their output into
// the tables the repository's README shows.
package bench
