package robots

import (
	"time"

	"github.com/robotsexclusion/robots/compile"
	"github.com/robotsexclusion/robots/conformance"
)

// A Matcher decides URLs for one crawler. It is immutable and safe for
// concurrent use; deciding a URL does not allocate.
type Matcher struct {
	rules    []compile.Rule
	named    bool
	delay    time.Duration
	hasDelay bool
}

func newMatcher(s compile.Selection) *Matcher {
	return &Matcher{rules: s.Rules, named: s.Named, delay: s.CrawlDelay, hasDelay: s.DelayLine != 0}
}

// Decide reports whether url may be fetched and which rule decided.
func (m *Matcher) Decide(url string) Decision {
	i, ok := conformance.Reference(m.rules, url)
	if i < 0 {
		return Decision{Allowed: ok}
	}
	return Decision{Allowed: ok, Line: m.rules[i].Line, Pattern: m.rules[i].Value}
}
