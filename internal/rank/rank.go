// Package rank is the module's one ranking of matching rules: how a
// dialect picks the rule that decides among those that match a path. The
// conformance reference and the root package's Matcher.Explain both rank
// with it, each with its own matcher of patterns (this package holds
// none), so the two can differ in how they find matches but never in
// which one wins. The automaton encodes the same ranking in its patterns'
// ranks (compile.Dialect.Lower); the tests hold the three together.
package rank

import (
	"github.com/robotsexclusion/robots/compile"
	"github.com/robotsexclusion/robots/internal/dialect"
)

// A Match is a rule that matches a path.
type Match struct {
	Rule      int  // the rule's index in the rules ranked
	Strength  int  // the length, in canonical octets, of the pattern that matched: the rule's own, or its index.html form; 0 for an empty rule that matches (dialect.Matching.EmptyRules)
	IndexHTML bool // it matched as Google's index.html rule (dialect.Matching.IndexHTML)
}

// Rank ranks rules, the Allow and Disallow rules selected for a crawler in
// line order, against path, a canonical path and query in the dialect's
// octet form, as dialect d decides. match reports whether a canonical
// pattern (a rule's Canonical, or its index.html form) matches path as
// package automaton matches it: '*' any run of octets, a final '$' the
// end, a prefix otherwise.
//
// It returns the rules that match, in line order, and the index in matches
// of the one that decides, or -1 when none does: no rule matches, or d
// always allows /robots.txt and path is it. allowed is the verdict. The
// rule whose match is the longest decides; between an allow and a
// disallow of equal strength the allow; between two rules of one kind the
// earlier line. In a first-match dialect the first rule that matches
// decides. An empty pattern matches nothing, or with EmptyRules every path
// with strength 0, and then never disallows. An Allow whose last segment
// starts with "index.htm" that does not match is tried once more cut after
// its last slash and anchored ("/d/index.html" as "/d/$"), with the
// strength of that shorter pattern, with IndexHTML.
func Rank(d compile.Dialect, rules []compile.Rule, path string, match func(pattern string) bool) (matches []Match, winner int, allowed bool) {
	m := dialect.Of(d).Match
	winner = -1
	for i, r := range rules {
		mt, ok := strength(m, r, match)
		if !ok {
			continue
		}
		mt.Rule = i
		matches = append(matches, mt)
		if winner < 0 || !m.FirstMatch && better(mt, r, matches[winner], rules[matches[winner].Rule]) {
			winner = len(matches) - 1
		}
	}
	if m.RobotsTxt && dialect.IsRobotsTxt(path) {
		return matches, -1, true
	}
	if winner < 0 {
		return matches, -1, true
	}
	w := matches[winner]
	return matches, winner, rules[w.Rule].Allow || w.Strength == 0
}

// strength returns how strongly rule r matches as m decides, and whether
// it matches.
func strength(m dialect.Matching, r compile.Rule, match func(string) bool) (Match, bool) {
	if r.Canonical == "" {
		return Match{}, m.EmptyRules
	}
	if match(r.Canonical) {
		return Match{Strength: len(r.Canonical)}, true
	}
	if m.IndexHTML && r.Allow {
		if p, ok := dialect.IndexHTML(r.Canonical); ok && match(p) {
			return Match{Strength: len(p), IndexHTML: true}, true
		}
	}
	return Match{}, false
}

// better reports whether match a of rule ra beats match b of rule rb.
func better(a Match, ra compile.Rule, b Match, rb compile.Rule) bool {
	if a.Strength != b.Strength {
		return a.Strength > b.Strength
	}
	if ra.Allow != rb.Allow {
		return ra.Allow
	}
	return ra.Line < rb.Line
}
