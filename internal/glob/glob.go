// Package glob matches one robots.txt pattern against one path in time
// linear in the two: the matcher that Matcher.Explain lists the matching
// rules with, where the conformance reference's O(pattern·path) set of
// positions would take minutes on a long wildcard rule and a long URL.
//
// A pattern is canonical octets (package normalize): '*' matches any run
// of octets, a final '$' the end of the path, and otherwise the pattern
// need only match a prefix. Split at its wildcards, a pattern is literal
// runs s0*s1*...*sk: it matches when the path starts with s0 and s1 to sk
// follow in order. Taking each run at its leftmost place after the one
// before leaves the most room for the rest, so a match exists exactly when
// that greedy search finds one; with '$', sk must end the path after the
// place of s(k-1). Each run is found by Knuth-Morris-Pratt, which reads
// every octet of the path once and of the run twice at most, so a pattern
// costs O(len(pattern)+len(path)) whatever its wildcards.
package glob

import "strings"

// Match reports whether pattern matches path, as package automaton and the
// conformance reference match it, and adds to *work the octets it read:
// at most 2·len(pattern) + 2·len(path).
func Match(pattern, path string, work *int) bool {
	anchored := strings.HasSuffix(pattern, "$")
	if anchored {
		pattern = pattern[:len(pattern)-1]
	}
	first, rest, star := strings.Cut(pattern, "*")
	*work += len(first)
	if !strings.HasPrefix(path, first) {
		return false
	}
	if !star {
		return !anchored || len(path) == len(first)
	}
	at := len(first)
	for {
		run, more, found := strings.Cut(rest, "*")
		if !found {
			// The last run: anywhere after at, or, anchored, at the end.
			if anchored {
				*work += len(run)
				return len(path)-len(run) >= at && strings.HasSuffix(path, run)
			}
			return index(path[at:], run, work) >= 0
		}
		i := index(path[at:], run, work)
		if i < 0 {
			return false
		}
		at += i + len(run)
		rest = more
	}
}

// index returns the offset of the first run in s, or -1, by
// Knuth-Morris-Pratt, adding the octets it reads to *work.
func index(s, run string, work *int) int {
	if run == "" {
		return 0
	}
	if len(run) == 1 {
		i := strings.IndexByte(s, run[0])
		if i < 0 {
			*work += len(s)
		} else {
			*work += i + 1
		}
		return i
	}
	// fail[i] is the length of the longest proper border of run[:i+1].
	fail := make([]int, len(run))
	for i, k := 1, 0; i < len(run); i++ {
		for k > 0 && run[i] != run[k] {
			k = fail[k-1]
		}
		if run[i] == run[k] {
			k++
		}
		fail[i] = k
	}
	*work += 2 * len(run)
	k := 0
	for i := 0; i < len(s); i++ {
		for k > 0 && s[i] != run[k] {
			k = fail[k-1]
		}
		if s[i] == run[k] {
			k++
		}
		if k == len(run) {
			*work += 2 * (i + 1)
			return i + 1 - len(run)
		}
	}
	*work += 2 * len(s)
	return -1
}
