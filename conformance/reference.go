// Package conformance says what robots.txt means, as tests an engine can
// run: reach for it to test a robots.txt implementation, this module's or
// one of your own, against the documents that define the protocol and
// against a reference. A crawler deciding URLs uses the root package.
//
// The spec example files (Files, SpecDir) transcribe every example and
// table of those documents, from the 1994 standard to RFC 9309 and the
// AI-preference drafts, as cases with the document's answer in each
// dialect. Load reads them into a Suite, and Suite.Run runs any
// implementation (an Impl: body, agent and URL in, a Verdict out) on the
// cases of a dialect, Case.Check saying where it departs:
//
//	suite, err := conformance.Load(conformance.Files, conformance.SpecDir)
//	...
//	for _, err := range suite.Run(compile.RFC9309, myImpl) {
//		t.Error(err)
//	}
//
// The reference (Reference, ReferenceUsage, ReferenceImpl) is RFC 9309
// sections 2.2.2 and 2.2.3 transcribed as plainly as possible: it matches
// each rule's glob naively (Match) and keeps the longest, by the one
// ranking of matching rules that the root package's Matcher.Explain uses
// too. It is slow on purpose, for differential tests of faster engines. In
// the other dialects it keeps the longest match as Google's library does,
// or takes the first match in file order. Its answers on every case,
// deciding lines included, are the golden tables (GoldenDir; Golden renders
// an implementation's in the same form, for a line-by-line comparison).
package conformance

import (
	"strings"

	"github.com/robotsexclusion/robots/compile"
	"github.com/robotsexclusion/robots/internal/rank"
)

// Reference decides url in dialect d against rules, the Allow and Disallow
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
func Reference(d compile.Dialect, rules []compile.Rule, url string) (winner int, allowed bool) {
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
