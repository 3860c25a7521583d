package robots

import (
	"math"
	"strings"
	"time"

	"github.com/robotsexclusion/robots/automaton"
	"github.com/robotsexclusion/robots/compile"
	"github.com/robotsexclusion/robots/normalize"
)

// A Matcher decides URLs for one crawler: the rules of its groups compiled
// into one automaton. It is immutable and safe for concurrent use. Deciding a
// URL takes one pass over the URL's octets, does not allocate and takes no
// lock, whatever the number of rules.
type Matcher struct {
	info     []ruleInfo // by rule: what a Decision reports
	machine  *automaton.Machine
	named    bool
	delay    time.Duration
	hasDelay bool
	form     normalize.Form // how URLs are written for the machine
}

// ruleInfo is what a Decision reports of a rule.
type ruleInfo struct {
	value string
	line  int32
	allow bool
}

// robotsTxt are the rules that let /robots.txt through whatever the file
// says (RFC 9309 2.2.2): the path alone, or with any query.
var robotsTxt = []string{"/robots.txt$", "/robots.txt?"}

// newMatcher lowers the selected rules to automaton rules, as the dialect
// ranks them: by the length of the pattern, allow winning a tie (rank 2*len
// or 2*len+1), or all equal, so that the first rule in file order wins. The
// automaton breaks a tie of ranks by order, which is line order.
func newMatcher(s compile.Selection, lim automaton.Limits, d *choices) *Matcher {
	m := &Matcher{named: s.Named, delay: s.CrawlDelay, hasDelay: s.DelayLine != 0, form: d.read.Form}
	var rules []automaton.Rule // beside m.info
	rank := func(pattern string, allow bool) int {
		if d.firstMatch {
			return 0
		}
		r := 2 * len(pattern)
		if allow {
			r++ // allow wins a tie
		}
		return r
	}
	for _, r := range s.Rules {
		if r.Pattern == "" && !d.emptyRules {
			continue // an empty pattern matches nothing
		}
		// In the Google dialect an empty pattern matches everything with
		// strength 0: it never disallows, but it can be the line reported.
		info := ruleInfo{allow: r.Allow || r.Pattern == "", line: int32(r.Line), value: r.Value}
		rules = append(rules, automaton.Rule{Pattern: r.Pattern, Rank: rank(r.Pattern, r.Allow)})
		m.info = append(m.info, info)
		if d.indexHTML && r.Allow {
			// Google tries this rule only when the pattern itself does not
			// match; ranked below the pattern, it can only win then.
			if p, ok := indexHTML(r.Pattern); ok {
				rules = append(rules, automaton.Rule{Pattern: p, Rank: rank(p, true)})
				m.info = append(m.info, info)
			}
		}
	}
	if d.robotsTxt {
		for _, p := range robotsTxt {
			rules = append(rules, automaton.Rule{Pattern: p, Rank: math.MaxInt})
			m.info = append(m.info, ruleInfo{allow: true})
		}
	}
	m.machine = automaton.Compile(rules, lim)
	return m
}

// Decide reports whether url may be fetched and which rule decided. url is
// an absolute URL or a path-absolute reference ("/a/b?c"); only its path and
// query are matched.
func (m *Matcher) Decide(url string) Decision {
	return m.decision(m.machine.Match(m.form.Stream(url)))
}

// decision reports rule r (an index in m.info), or no rule.
func (m *Matcher) decision(r int32) Decision {
	if r < 0 {
		return Decision{Allowed: true}
	}
	info := &m.info[r]
	return Decision{Allowed: info.allow, Line: int(info.line), Pattern: info.value}
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

// Stats describes the compiled automaton, for tools and tests.
func (m *Matcher) Stats() automaton.Stats { return m.machine.Stats() }
