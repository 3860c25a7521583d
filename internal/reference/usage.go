package reference

// This file is the naive reference for usage preferences: the Content-Usage
// rule semantics of draft-ietf-aipref-attach section 3.1 transcribed as
// plainly as possible, beside Decide for Allow and Disallow. It lives
// here, not in package usage, because it needs the crawl verdict and this
// package's Match, and package usage must stay importable by the parser.

import (
	"slices"

	"github.com/robotsexclusion/robots/compile"
	"github.com/robotsexclusion/robots/usage"
)

// Usage decides url in dialect d for one crawler: whether it may
// be fetched (Decide over rules, the Allow and Disallow rules
// selected), and the usage preferences that apply to it, by
// draft-ietf-aipref-attach section 3.1:
//
//   - a URL that may not be fetched has no preferences (the zero Set, no
//     lines);
//   - otherwise the Content-Usage rules are matched as Allow and Disallow
//     patterns are (Match, over the path and query in d's octet form, of
//     their Canonical path), a rule without a path matching every URL with
//     length 0; the rules whose
//     pattern is the longest (in canonical octets) among those that match
//     apply, whatever their order in the file, and rules of that length
//     that disagree are combined by the vocabulary's rule (any n wins, else
//     any y). The draft speaks only of identical paths; two different
//     patterns of the same length that both match are combined the same
//     way;
//   - then signals, the Content-Signal lines of the selected groups,
//     which have no path, are combined with the result.
//
// It returns the lines of the Content-Usage rules that applied, in
// ascending order. Each category's source (usage.Set.From) is the earliest
// of those lines that stated the result, then the first signal.
func Usage(d compile.Dialect, rules []compile.Rule, usageRules []compile.UsageRule, signals []compile.Signal, url string) (allowed bool, prefs usage.Set, lines []int) {
	if _, allowed = Decide(d, rules, url); !allowed {
		return false, usage.Set{}, nil
	}
	path := d.Form().URL(url)
	var applied []compile.UsageRule
	best := -1
	for _, r := range usageRules {
		if !Match(r.Canonical, path) {
			continue
		}
		switch n := len(r.Canonical); {
		case n > best:
			best, applied = n, []compile.UsageRule{r}
		case n == best:
			applied = append(applied, r)
		}
	}
	slices.SortStableFunc(applied, func(a, b compile.UsageRule) int { return a.Line - b.Line })
	for _, r := range applied {
		prefs = prefs.Combine(r.Prefs)
		lines = append(lines, r.Line)
	}
	for _, s := range signals {
		prefs = prefs.Combine(s.Prefs)
	}
	return true, prefs, lines
}
