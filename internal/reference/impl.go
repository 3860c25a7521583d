package reference

import (
	"github.com/robotsexclusion/robots/compile"
	"github.com/robotsexclusion/robots/conformance"
	"github.com/robotsexclusion/robots/normalize"
)

// matchLine is the line of the Disallow rule in the body a match case
// stands for (conformance.Case.Input): "User-agent: *\nDisallow: PATTERN\n".
const matchLine = 2

// Impl returns the reference pipeline in dialect d as an Impl:
// the body prepared with d.BodyOptions() (normalize.Prepare), read with
// d.Parse, the crawler's groups selected (compile.File.Select) and
// decided by Decide, with the usage preferences of Usage.
func Impl(d compile.Dialect) conformance.Impl {
	return func(body []byte, agent, url string) conformance.Verdict {
		text, _, _ := normalize.Prepare(body, d.BodyOptions()) // no charset: never fails
		sel := d.Parse(text).Select(agent)
		rules := sel.Rules
		i, ok := Decide(d, rules, url)
		v := conformance.Verdict{Allowed: ok}
		if i >= 0 {
			v.Line, v.Pattern = rules[i].Line, rules[i].Pattern
		}
		if len(sel.Usage) > 0 || len(sel.Signals) > 0 {
			_, v.Usage, _ = Usage(d, rules, sel.Usage, sel.Signals, url)
		}
		return v
	}
}

// Verdict returns the reference's verdict on a case in dialect d:
// the case run through Impl(d), a match case as the body it
// stands for. In RFC9309 a match case is decided by Match on the canonical
// pattern and path (normalize.Form.Pattern and normalize.Form.URL of
// normalize.Canonical) directly, an empty pattern matching nothing, and is
// given the verdict of the body it stands for: disallowed by line 2 when
// the pattern matches.
func Verdict(d compile.Dialect) func(*conformance.Case) conformance.Verdict {
	impl := Impl(d)
	return func(c *conformance.Case) conformance.Verdict {
		if d != compile.RFC9309 || c.Kind != conformance.KindMatch {
			return c.Run(impl)
		}
		if c.Pattern != "" && Match(normalize.Canonical.Pattern(c.Pattern), normalize.Canonical.URL(c.URL)) {
			return conformance.Verdict{Allowed: false, Line: matchLine, Pattern: c.Pattern}
		}
		return conformance.Verdict{Allowed: true}
	}
}
