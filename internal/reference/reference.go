// Package reference is this module's reference implementation of
// robots.txt: RFC 9309 sections 2.2.2 and 2.2.3 transcribed as plainly as
// possible, and the Content-Usage rules of draft-ietf-aipref-attach
// section 3.1 beside them. It matches each rule's glob naively (Match) and
// keeps the longest, by the one ranking of matching rules that the root
// package's Matcher.Explain uses too. It is slow on purpose, for
// differential tests of the faster engines. In the other dialects it keeps
// the longest match as Google's library does, or takes the first match in
// file order.
//
// Its answers on every case of the conformance suite, deciding lines
// included, are the golden tables that package conformance ships (gen
// writes them with Verdict). It is internal: an engine outside this module
// compares itself with those tables, and with the suite's documents.
package reference

import (
	"strings"

	"github.com/robotsexclusion/robots/compile"
	"github.com/robotsexclusion/robots/internal/rank"
)

// Decide decides url in dialect d against rules, the Allow and Disallow
// rules selected for one crawler from a file d read (compile.Dialect.Parse). It
// returns the index in rules of the rule that decided, or -1 when none
// matched, and whether the URL may be fetched. The dialects differ so:
//
//   - rfc9309: the rule with the longest canonical pattern that matches
//     wins; between an allow and a disallow of equal length the allow wins;
//     between two rules of one kind and length the earlier line wins. An
//     empty pattern matches nothing. No match means allowed, and
//     /robots.txt is always allowed.
//   - google: patterns and URLs are compared in the Raw form (the URL as
//     written); an empty pattern matches every URL with strength 0, so it can
//     be the rule named but never disallows; an Allow pattern whose last
//     segment starts with "index.htm" that does not match is tried once more
//     cut after its last slash and anchored ("/d/index.html" as "/d/$"), with
//     the strength of that shorter pattern; /robots.txt is not special.
//   - draft1996, original1994: patterns and URLs are compared in the Decoded
//     form, where * and $ are ordinary octets; the first rule in file order
//     that matches decides; an empty pattern matches nothing.
func Decide(d compile.Dialect, rules []compile.Rule, url string) (winner int, allowed bool) {
	path := d.Form().URL(url)
	// Every rule is tried with Match; the one ranking of the module picks
	// the winner, as Matcher.Explain's does.
	matches, w, allowed := rank.Rank(d, rules, path, func(pattern string) bool { return Match(pattern, path) })
	if w < 0 {
		return -1, allowed
	}
	return matches[w].Rule, allowed
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
