package robots

import (
	"slices"

	"github.com/robotsexclusion/robots/compile"
)

// The lines of a file, as the parser gives them. Each is package compile's
// type (its fields are documented there): one type per concept, whether a
// tool reads it from Robots.Groups, Matcher.Selection or package compile.
type (
	// A Group is one or more user-agent lines and the rules after them.
	Group = compile.Group

	// A UserAgent is one user-agent line of a group.
	UserAgent = compile.UserAgent

	// A Rule is an allow or disallow line, with its pattern as written
	// and as it is matched.
	Rule = compile.Rule

	// A UsageRule is a Content-Usage line (draft-ietf-aipref-attach): an
	// optional path and a statement of usage preferences.
	// Decision.Usage reports which apply to a URL.
	UsageRule = compile.UsageRule

	// A Signal is a Content-Signal line (Cloudflare's Content Signals):
	// usage preferences for every URL the crawler may fetch.
	Signal = compile.Signal

	// An Extension is a line that is neither a rule nor a user-agent nor a
	// sitemap line nor a Content-Usage or Content-Signal line, such as
	// host or clean-param.
	Extension = compile.Extension
)

// cloneGroup returns a copy of g that shares no slice with it, so that a
// caller of Groups cannot change the file's.
func cloneGroup(g *Group) Group {
	c := *g
	c.Agents = slices.Clone(g.Agents)
	c.Rules = slices.Clone(g.Rules)
	c.Usage = slices.Clone(g.Usage)
	c.Signals = slices.Clone(g.Signals)
	return c
}
