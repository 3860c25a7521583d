package robots

// This file is Explain, the tool path: which rules match a URL, which one
// decides, and why. It is slow by design beside Decide (it tries every
// kept rule on its own, allocating), and bounded: each rule is matched by
// a linear matcher (internal/glob), within a work bound proportional to
// the URL and the rules, so that no file and no URL can make an
// explanation cost more than a constant times what deciding the URL costs.

import (
	"github.com/robotsexclusion/robots/compile"
	"github.com/robotsexclusion/robots/internal/dialect"
	"github.com/robotsexclusion/robots/internal/glob"
	"github.com/robotsexclusion/robots/internal/rank"
)

// explainWorkPerOctet and explainWorkBase bound the work of Explain: it
// reads at most explainWorkBase octets, plus explainWorkPerOctet for each
// octet of the path compared and of the kept rules' canonical patterns,
// then tries no more rules (Explanation.Complete is false). A rule reads at
// most twice its pattern and twice the path (package glob), and only the
// rules whose literal prefix starts the path and that have a '*' after it
// read more than their pattern, so every rule is tried unless more than
// about 8 + (explainWorkBase + 14·patterns) / (2·path) of those do: on a
// URL of 100 octets, thousands; against a URL of 1 MiB, about nine (two
// wildcard rules of 60 KB are explained whole). What is read in all stays
// within the bound and one rule more: linear in the URL and the file.
const (
	explainWorkPerOctet = 16
	explainWorkBase     = 1 << 20
)

// An Explanation says how a Matcher decides one URL: the path it compares,
// every rule that matches it, the one that decides and why, and Decide's
// answer, which it always agrees with. Matcher.Explain returns it for
// tools and people; a crawler asks Decide.
type Explanation struct {
	Decision Decision    // what Decide says of the URL: the verdict, the deciding line and pattern, the usage preferences
	Path     string      // the path and query compared: the URL's, in the dialect's octet form
	Matches  []RuleMatch // the rules that match Path, in line order; the rules the dialect adds (/robots.txt) are not listed
	Winner   int         // the index in Matches of the rule that decides; -1 when none does
	Reason   Reason      // why the winner decides, or why no rule does
	Tied     int         // with ReasonAllowTie or ReasonEarlier, the index in Matches of a rule of the winner's strength; otherwise -1

	// Complete is false when the work bound stopped the search before
	// every rule was tried (thousands of wildcard rules against a long
	// URL): Matches lists the rules found, Winner the deciding rule if it
	// is among them, and Reason is ReasonIncomplete; the verdict is
	// Decide's all the same.
	Complete bool
}

// A RuleMatch is a rule that matches a URL, and how strongly.
type RuleMatch struct {
	Rule           // the rule: its line, allow or disallow, its pattern as written and as compared
	Strength  int  // what ranks it, the longest winning: the length of Rule.Canonical in octets, or of its index.html form; 0 for an empty rule
	IndexHTML bool // it matched as Google's index.html rule: Allow: /d/index.html read as /d/$
}

// A Reason says why a rule decides a URL, or why none does, in a word
// that JSON output and tools show as it is.
type Reason string

// The reasons.
const (
	ReasonNoMatch    Reason = "no-match"       // no rule matches: the URL is allowed
	ReasonRobotsTxt  Reason = "robots-txt"     // /robots.txt is always allowed (RFC 9309 section 2.2.2)
	ReasonOnly       Reason = "only-match"     // the only rule that matches
	ReasonLongest    Reason = "longest-match"  // the longest match
	ReasonAllowTie   Reason = "allow-wins-tie" // the longest match, tied with a disallow: allow wins a tie
	ReasonEarlier    Reason = "earlier-line"   // the longest match, tied with a rule of its kind: the earlier line wins
	ReasonFirst      Reason = "first-match"    // the first rule in file order that matches (the first-match dialects)
	ReasonEmpty      Reason = "empty-rule"     // an empty rule, which matches every URL with strength 0 and never disallows (Google's library)
	ReasonIncomplete Reason = "incomplete"     // the work bound stopped the search: the verdict is Decide's
)

// Explain says how the Matcher decides url: Decide's answer, the path it
// compares, every rule of its groups that matches that path (in the
// dialect's octet form), the rule that decides and why. The rules are
// ranked by the one ranking of this module, the one the conformance
// reference ranks with, so the winner is the rule Decide names.
//
// It is the tool path, slow by design: every kept rule is tried on its
// own, by a matcher linear in the rule and the path, within a work bound
// proportional to the path and the rules' patterns (see Complete), so an
// explanation costs at most a constant times what deciding the URL costs,
// whatever the file and the URL. Unlike Decide it allocates.
func (m *Matcher) Explain(url string) Explanation {
	x, _, _ := m.explain(url)
	return x
}

// explain is Explain, and says what it read (work) within its bound
// (budget).
func (m *Matcher) explain(url string) (x Explanation, work, budget int) {
	d := compile.Dialect(m.dialect)
	x = Explanation{Decision: m.Decide(url), Winner: -1, Tied: -1, Complete: true}
	matching := dialect.Of(d).Match
	x.Path = d.Form().URL(url)
	rules := m.Rules()
	budget = explainWorkBase + explainWorkPerOctet*len(x.Path)
	for _, r := range rules {
		budget += explainWorkPerOctet * len(r.Canonical)
	}
	match := func(pattern string) bool {
		if work > budget {
			x.Complete = false
			return false
		}
		return glob.Match(pattern, x.Path, &work)
	}
	matches, w, _ := rank.Rank(d, rules, x.Path, match)
	x.Matches = make([]RuleMatch, len(matches))
	for i, mt := range matches {
		x.Matches[i] = RuleMatch{Rule: rules[mt.Rule], Strength: mt.Strength, IndexHTML: mt.IndexHTML}
	}
	if !x.Complete {
		x.Reason = ReasonIncomplete
		for i, mt := range x.Matches {
			if x.Decision.Line != 0 && mt.Line == x.Decision.Line {
				x.Winner = i
			}
		}
		return x, work, budget
	}
	x.Winner = w
	x.Reason = x.reason(matching)
	return x, work, budget
}

// reason says why x.Winner decides, and sets x.Tied.
func (x *Explanation) reason(m dialect.Matching) Reason {
	if x.Winner < 0 {
		if m.RobotsTxt && dialect.IsRobotsTxt(x.Path) {
			return ReasonRobotsTxt
		}
		return ReasonNoMatch
	}
	win := x.Matches[x.Winner]
	switch {
	case m.FirstMatch:
		return ReasonFirst
	case win.Strength == 0:
		return ReasonEmpty
	case len(x.Matches) == 1:
		return ReasonOnly
	}
	for i, mt := range x.Matches {
		if i == x.Winner || mt.Strength != win.Strength {
			continue
		}
		x.Tied = i
		if mt.Allow != win.Allow {
			return ReasonAllowTie
		}
		return ReasonEarlier
	}
	return ReasonLongest
}
