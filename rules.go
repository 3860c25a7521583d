package robots

import (
	"time"

	"github.com/robotsexclusion/robots/compile"
)

// A Group is one or more user-agent lines and the rules after them, as the
// file gives them.
type Group struct {
	Line       int           // the line of its first user-agent line
	Agents     []UserAgent   // its user-agent lines, in file order
	Rules      []Rule        // its allow and disallow lines, in file order, empty ones included
	CrawlDelay time.Duration // its first valid crawl-delay
	DelayLine  int           // the line of CrawlDelay; 0 when the group has none
}

// A UserAgent is one user-agent line of a group.
type UserAgent struct {
	Line   int
	Value  string // the value as written
	Name   string // what is compared with a crawler's token: the value's leading product token ("FooBot" for "FooBot/2.1"), the whole value in the first-match dialects; "" for *
	Global bool   // the value is *: the group applies to crawlers that no group names
}

// A Rule is an allow or disallow line.
type Rule struct {
	Line    int
	Allow   bool
	Pattern string // the value as written, comment and surrounding space removed; "" for an empty rule, which matches nothing
}

// An Extension is a line that is neither a rule nor a user-agent nor a
// sitemap line, such as host or clean-param.
type Extension struct {
	Line  int
	Key   string // lower case
	Value string
}

// newGroup copies a parsed group into the root's types.
func newGroup(g *compile.Group) Group {
	out := Group{CrawlDelay: g.CrawlDelay, DelayLine: g.DelayLine}
	out.Agents = make([]UserAgent, len(g.Agents))
	for i, a := range g.Agents {
		out.Agents[i] = UserAgent{Line: a.Line, Value: a.Value, Name: a.Name, Global: a.Global}
	}
	if len(g.Agents) > 0 {
		out.Line = g.Agents[0].Line
	}
	out.Rules = appendRules(nil, g.Rules)
	return out
}

// appendRules appends parsed rules to out in the root's type.
func appendRules(out []Rule, rules []compile.Rule) []Rule {
	for _, r := range rules {
		out = append(out, Rule{Line: r.Line, Allow: r.Allow, Pattern: r.Value})
	}
	return out
}
