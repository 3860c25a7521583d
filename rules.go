package robots

import (
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

// cloneGroups returns a copy of gs that shares no slice with it, so that
// a caller of Groups cannot change the file's. The copies of each kind of
// line share one array, each group's slice clipped to its own lines so
// that an append to it copies: a file of many groups is copied in a few
// allocations, not four a group.
func cloneGroups(gs []Group) []Group {
	var agents, rules, usage, signals int
	for i := range gs {
		agents += len(gs[i].Agents)
		rules += len(gs[i].Rules)
		usage += len(gs[i].Usage)
		signals += len(gs[i].Signals)
	}
	out := make([]Group, len(gs))
	a := make([]UserAgent, 0, agents)
	r := make([]Rule, 0, rules)
	u := make([]UsageRule, 0, usage)
	s := make([]Signal, 0, signals)
	for i := range gs {
		out[i] = gs[i]
		out[i].Agents = appendClipped(&a, gs[i].Agents)
		out[i].Rules = appendClipped(&r, gs[i].Rules)
		out[i].Usage = appendClipped(&u, gs[i].Usage)
		out[i].Signals = appendClipped(&s, gs[i].Signals)
	}
	return out
}

// appendClipped appends v to *all, which has room for it, and returns the
// copy, its capacity its length; nil when v is nil, as slices.Clone.
func appendClipped[T any](all *[]T, v []T) []T {
	if v == nil {
		return nil
	}
	at := len(*all)
	*all = append(*all, v...)
	return (*all)[at:len(*all):len(*all)]
}
