package robots

import (
	"time"

	"github.com/robotsexclusion/robots/compile"
	"github.com/robotsexclusion/robots/usage"
)

// A Group is one or more user-agent lines and the rules after them, as the
// file gives them.
type Group struct {
	Line       int           // the line of its first user-agent line
	Agents     []UserAgent   // its user-agent lines, in file order
	Rules      []Rule        // its allow and disallow lines, in file order, empty ones included
	CrawlDelay time.Duration // its first valid crawl-delay
	DelayLine  int           // the line of CrawlDelay; 0 when the group has none
	Usage      []UsageRule   // its Content-Usage lines, in file order
	Signals    []Signal      // its Content-Signal lines, in file order
}

// A UserAgent is one user-agent line of a group.
type UserAgent struct {
	Line   int    // its line in the file, from 1
	Value  string // the value as written
	Name   string // what is compared with a crawler's token: the value's leading product token ("FooBot" for "FooBot/2.1"), the whole value in the first-match dialects; "" for *
	Global bool   // the value is *: the group applies to crawlers that no group names
}

// String returns the value as written, and the name it is read as when
// that differs: "Spinn3r (read as Spinn)", "FooBot/2.1 (read as FooBot)".
// Tools show a name so, as the file's author wrote it.
func (a UserAgent) String() string {
	if a.Global || a.Name == a.Value {
		return a.Value
	}
	if a.Name == "" {
		return a.Value + " (no product token)"
	}
	return a.Value + " (read as " + a.Name + ")"
}

// A Rule is an allow or disallow line.
type Rule struct {
	Line    int    // its line in the file, from 1
	Allow   bool   // an allow line; false for a disallow line
	Pattern string // the value as written, comment and surrounding space removed; "" for an empty rule, which matches nothing
}

// A UsageRule is a Content-Usage line (draft-ietf-aipref-attach): an
// optional path and a statement of usage preferences. Decision.Usage
// reports which apply to a URL.
type UsageRule struct {
	Line  int       // its line in the file, from 1
	Path  string    // the path as written; "" when the rule has none, and then it applies to every URL
	Value string    // the value as written, comment and surrounding space removed
	Prefs usage.Set // the preferences it states, each from this line
}

// A Signal is a Content-Signal line (Cloudflare's Content Signals): usage
// preferences for every URL the crawler may fetch.
type Signal struct {
	Line  int       // its line in the file, from 1
	Value string    // the value as written, comment and surrounding space removed
	Prefs usage.Set // the preferences it states, each from this line
}

// An Extension is a line that is neither a rule nor a user-agent nor a
// sitemap line nor a Content-Usage or Content-Signal line, such as host or
// clean-param.
type Extension struct {
	Line  int    // its line in the file, from 1
	Key   string // lower case
	Value string // the value as written, comment and surrounding space removed
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
	out.Usage = appendUsage(nil, g.Usage)
	out.Signals = appendSignals(nil, g.Signals)
	return out
}

// appendUsage appends parsed Content-Usage lines to out in the root's type.
func appendUsage(out []UsageRule, us []compile.UsageRule) []UsageRule {
	for _, u := range us {
		out = append(out, UsageRule{Line: u.Line, Path: u.Path, Value: u.Value, Prefs: u.Prefs})
	}
	return out
}

// appendSignals appends parsed Content-Signal lines to out in the root's
// type.
func appendSignals(out []Signal, ss []compile.Signal) []Signal {
	for _, s := range ss {
		out = append(out, Signal{Line: s.Line, Value: s.Value, Prefs: s.Prefs})
	}
	return out
}

// appendRules appends parsed rules to out in the root's type.
func appendRules(out []Rule, rules []compile.Rule) []Rule {
	for _, r := range rules {
		out = append(out, Rule{Line: r.Line, Allow: r.Allow, Pattern: r.Value})
	}
	return out
}
