// Package conformance defines what the library means. Its reference matcher
// is RFC 9309 sections 2.2.2 and 2.2.3 transcribed as plainly as possible:
// it loops over the rules, matches each glob naively, and keeps the longest.
// It is slow on purpose and every faster engine is tested against it.
//
// The package also reads the spec example files under testdata/spec, which
// transcribe every example and table of the documents that define the
// protocol, and runs any implementation against them (see Suite).
package conformance

import (
	"strings"

	"github.com/robotsexclusion/robots/compile"
	"github.com/robotsexclusion/robots/normalize"
)

// Reference decides url against rules, the rules selected for one crawler.
// It returns the index in rules of the rule that decided, or -1 when none
// matched, and whether the URL may be fetched.
//
// The rule with the longest canonical pattern that matches wins; between an
// allow and a disallow of equal length the allow wins; between two rules of
// one kind and length the earlier line wins. An empty pattern matches
// nothing. No match means allowed, and /robots.txt is always allowed.
func Reference(rules []compile.Rule, url string) (winner int, allowed bool) {
	path := normalize.URL(url)
	if IsRobotsTxt(path) {
		return -1, true
	}
	winner = -1
	for i, r := range rules {
		if r.Pattern == "" || !Match(r.Pattern, path) {
			continue
		}
		if winner < 0 || better(r, rules[winner]) {
			winner = i
		}
	}
	if winner < 0 {
		return -1, true
	}
	return winner, rules[winner].Allow
}

// better reports whether a beats b when both match.
func better(a, b compile.Rule) bool {
	if a.Priority() != b.Priority() {
		return a.Priority() > b.Priority()
	}
	if a.Allow != b.Allow {
		return a.Allow
	}
	return a.Line < b.Line
}

// IsRobotsTxt reports whether a canonical path and query names the
// robots.txt file itself, which RFC 9309 2.2.2 always allows.
func IsRobotsTxt(path string) bool {
	const name = "/robots.txt"
	return path == name || len(path) > len(name) && path[:len(name)] == name && path[len(name)] == '?'
}

// Match reports whether a canonical pattern matches a canonical path: a *
// matches any run of octets, a final $ requires the end of the path, and
// otherwise the pattern need only match a prefix of the path.
//
// It tracks the set of pattern positions reachable after each octet of the
// path, so its time is the product of the two lengths, never exponential.
func Match(pattern, path string) bool {
	anchored := strings.HasSuffix(pattern, "$")
	pattern = strings.TrimSuffix(pattern, "$")
	// live[j]: pattern[:j] matches path[:i] for the current i.
	live := make([]bool, len(pattern)+1)
	next := make([]bool, len(pattern)+1)
	live[0] = true
	for i := 0; ; i++ {
		for j := 0; j < len(pattern); j++ {
			if live[j] && pattern[j] == '*' { // a * may match the empty run
				live[j+1] = true
			}
		}
		if live[len(pattern)] && (!anchored || i == len(path)) {
			return true
		}
		if i == len(path) {
			return false
		}
		clear(next)
		for j := 0; j < len(pattern); j++ {
			switch {
			case !live[j]:
			case pattern[j] == '*':
				next[j] = true
			case pattern[j] == path[i]:
				next[j+1] = true
			}
		}
		live, next = next, live
	}
}
