// Package googlecc links Google's C++ robots.txt library (github.com/google/robotstxt)
// through cgo, so that the benchmarks can time it beside the Go peers in one
// run. It is built only with the build tag googlecc, after fetch.sh has put
// Google's robots.cc and robots.h beside it, and it needs a C++ compiler and
// Abseil (on Debian: apt-get install g++ libabsl-dev):
//
//	sh googlecc/fetch.sh          # or: sh googlecc/fetch.sh /path/to/a/robotstxt/clone
//	go test -tags googlecc -run '^$' -bench 'Host' -benchmem
//
// Without the tag the package is empty, and nothing of Google's is compiled.
// Google's sources are not part of this repository: fetch.sh copies them, at
// the one commit the figures were taken with, into a directory git ignores.
package googlecc
