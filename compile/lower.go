package compile

// This file lowers the rules selected for a crawler to ranked glob
// patterns, the input of package automaton, which knows nothing of
// robots.txt: the dialect's ranking is encoded in each pattern's rank and
// in the patterns' order, and the rules a dialect adds (/robots.txt,
// Google's index.html) become patterns like any other. This package does
// not import automaton; the caller copies Pattern and Rank into its rules.

import (
	"iter"
	"math"
	"strings"
)

// A Lowered rule is one ranked pattern of the automaton that decides for a
// selection, and what a decision reports when it wins.
type Lowered struct {
	Pattern string // '*' the wildcard, a final '$' the end anchor
	Rank    int    // higher wins; between equal ranks the earlier pattern wins
	Class   int    // the class it competes in: ClassCrawl for Lower's rules; see LowerUsage
	Allow   bool   // a URL it decides may be fetched (ClassCrawl only)
	Line    int    // the rule's line; 0 for a rule the dialect adds
	Value   string // the rule's value as written; "" for a rule the dialect adds
}

// robotsTxt are the patterns that let /robots.txt through whatever the file
// says (RFC 9309 2.2.2): the path alone, or with any query.
var robotsTxt = [...]string{"/robots.txt$", "/robots.txt?"}

// Lower returns the patterns that decide for the selection s in dialect d,
// in line order. They are ranked as d ranks rules: by the length of the
// pattern, allow winning a tie (rank 2*len or 2*len+1), or all equal in a
// first-match dialect, so that the first rule in file order wins. Empty
// rules match nothing, or in the Google dialect everything with strength 0
// (they never disallow, but can be the line reported). The rules a dialect
// adds are Google's ".../" after each Allow of ".../index.htm...", ranked
// as its own length, and, last, RFC 9309's /robots.txt, above every rule.
func (d Dialect) Lower(s Selection) []Lowered {
	n := len(s.Rules)
	if d.Matching().RobotsTxt {
		n += len(robotsTxt)
	}
	out := make([]Lowered, 0, n)
	for l := range d.Lowered(s) {
		out = append(out, l)
	}
	return out
}

// Lowered yields the patterns that Lower returns, one at a time, so that a
// caller that copies them elsewhere (the root package into automaton
// rules) need not hold them all.
func (d Dialect) Lowered(s Selection) iter.Seq[Lowered] {
	return func(yield func(Lowered) bool) {
		m := d.Matching()
		rank := func(pattern string, allow bool) int {
			if m.FirstMatch {
				return 0
			}
			r := 2 * len(pattern)
			if allow {
				r++ // allow wins a tie
			}
			return r
		}
		for _, r := range s.Rules {
			if r.Canonical == "" && !m.EmptyRules {
				continue // an empty pattern matches nothing
			}
			l := Lowered{Pattern: r.Canonical, Rank: rank(r.Canonical, r.Allow), Allow: r.Allow || r.Canonical == "", Line: r.Line, Value: r.Pattern}
			if !yield(l) {
				return
			}
			if m.IndexHTML && r.Allow {
				// Google tries this rule only when the pattern itself does not
				// match; ranked below the pattern, it can only win then.
				if p, ok := indexHTML(r.Canonical); ok {
					l.Pattern, l.Rank = p, rank(p, true)
					if !yield(l) {
						return
					}
				}
			}
		}
		if m.RobotsTxt {
			for _, p := range robotsTxt {
				if !yield(Lowered{Pattern: p, Rank: math.MaxInt, Allow: true}) {
					return
				}
			}
		}
	}
}

// indexHTML returns the rule Google's library adds for an Allow pattern
// whose last segment starts with "index.htm": the pattern cut after its last
// slash, anchored, so that Allow: /d/index.html also allows exactly /d/.
func indexHTML(pattern string) (string, bool) {
	i := strings.LastIndexByte(pattern, '/')
	if i < 0 || !strings.HasPrefix(pattern[i:], "/index.htm") {
		return "", false
	}
	return pattern[:i+1] + "$", true
}
