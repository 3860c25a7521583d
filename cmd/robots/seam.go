package main

// This file is the seam between the tools (test, explain, diff, agents) and
// what the library does not report yet: how it read the caller's agent,
// which groups it selected for it, and the rules those groups give
// (issue 10, items 8 and 12). Each need is one function here, computed from
// Robots.Groups() by the rules compile.Select follows, into the tools' own
// types (fileGroup, fileAgent, fileRule). When the library reports these on
// the Matcher (Selection, Rules) and Groups speaks the root package's
// types, only this file changes. Tests hold every function to the library:
// the groups to Matcher.Named, the rules to Matcher.Decide.

import (
	"github.com/robotsexclusion/robots"
	"github.com/robotsexclusion/robots/conformance"
)

// A fileGroup is one group of a file: user-agent lines and rules.
type fileGroup struct {
	Agents []fileAgent
	Rules  []fileRule
}

// A fileAgent is one user-agent line.
type fileAgent struct {
	Line   int
	Value  string // as written
	Name   string // what is compared with a crawler's token ("" for *)
	Global bool   // the value is *
}

// A fileRule is one allow or disallow line.
type fileRule struct {
	Line    int
	Allow   bool
	Value   string // as written
	Pattern string // as compared: Value in the dialect's octet form; "" for an empty rule
}

// groupsOf returns the file's groups, in file order.
func groupsOf(r *robots.Robots) []fileGroup {
	form := conformance.Dialect(r.Dialect().String()).Form()
	var out []fileGroup
	for _, g := range r.Groups() {
		fg := fileGroup{}
		for _, a := range g.Agents {
			fg.Agents = append(fg.Agents, fileAgent{Line: a.Line, Value: a.Value, Name: a.Name, Global: a.Global})
		}
		for _, rule := range g.Rules {
			fg.Rules = append(fg.Rules, fileRule{Line: rule.Line, Allow: rule.Allow, Value: rule.Value, Pattern: form.Pattern(rule.Value)})
		}
		out = append(out, fg)
	}
	return out
}

// agentReading is how the library reads the agent a caller names.
type agentReading struct {
	Given   string `json:"given"`   // as the caller wrote it
	Token   string `json:"token"`   // what groups' names are compared with
	Reduced bool   `json:"reduced"` // Token is not Given
	// ProductToken is Given's leading product token, when Given is more
	// than one; the library does not reduce it (yet), so no named group can
	// match Given. Empty otherwise.
	ProductToken string `json:"product_token,omitempty"`
}

// readAgent says how r.Agent(given) reads given. Today the library compares
// the value as given (seam: issue 10 item 8 reduces it to its product token
// and reports that).
func readAgent(r *robots.Robots, given string) agentReading {
	a := agentReading{Given: given, Token: given}
	if substringDialect(r.Dialect()) || given == "*" {
		return a // the whole name is matched as a substring; or * itself
	}
	if name := productToken(given); name != given && name != "" {
		a.ProductToken = name
	}
	return a
}

// substringDialect reports whether d reads records as the 1994 standard and
// the 1996 draft do: a name applies when it is a substring of the crawler's,
// and only the first record that applies is obeyed.
func substringDialect(d robots.Dialect) bool {
	return d == robots.Draft1996 || d == robots.Original1994
}

// selection is what r.Agent(token) selected.
type selection struct {
	Groups []fileGroup // the groups applied, in file order
	Named  bool        // they name the agent; otherwise they are the * groups
	Rules  []fileRule  // their rules merged, in line order
}

// selectGroups returns the groups r.Agent(token) applies, as compile.Select
// picks them (seam: issue 10 item 12 reports them on the Matcher).
func selectGroups(r *robots.Robots, token string) selection {
	groups := groupsOf(r)
	sub := substringDialect(r.Dialect())
	var s selection
	pick := func(named bool) {
		for _, g := range groups {
			if !groupApplies(g, token, named, sub) {
				continue
			}
			s.Groups = append(s.Groups, g)
			s.Rules = append(s.Rules, g.Rules...)
			if sub {
				return // the first record that applies
			}
		}
	}
	pick(true)
	if len(s.Groups) > 0 {
		s.Named = true
	} else {
		pick(false)
	}
	return s
}

// groupApplies reports whether g names token (named) or is a * group.
func groupApplies(g fileGroup, token string, named, substring bool) bool {
	for _, a := range g.Agents {
		switch {
		case !named:
			if a.Global {
				return true
			}
		case a.Global:
		case substring && a.Name != "" && containsFoldASCII(token, a.Name),
			!substring && equalFoldASCII(a.Name, token):
			return true
		}
	}
	return false
}

// namedTokens returns every name the file's user-agent lines give, apart
// from *, once each (ignoring case), in file order.
func namedTokens(r *robots.Robots) []string {
	var out []string
	seen := map[string]bool{}
	for _, g := range groupsOf(r) {
		for _, a := range g.Agents {
			k := lowerASCII(a.Name)
			if a.Global || a.Name == "" || seen[k] {
				continue
			}
			seen[k] = true
			out = append(out, a.Name)
		}
	}
	return out
}

// equalFoldASCII compares ignoring ASCII case only, as the library does.
func equalFoldASCII(a, b string) bool {
	return len(a) == len(b) && lowerASCII(a) == lowerASCII(b)
}

// containsFoldASCII reports whether sub is within s, ignoring ASCII case.
func containsFoldASCII(s, sub string) bool {
	ls, lsub := lowerASCII(s), lowerASCII(sub)
	for i := 0; i+len(lsub) <= len(ls); i++ {
		if ls[i:i+len(lsub)] == lsub {
			return true
		}
	}
	return false
}

func lowerASCII(s string) string {
	b := []byte(s)
	for i, c := range b {
		if 'A' <= c && c <= 'Z' {
			b[i] = c + 'a' - 'A'
		}
	}
	return string(b)
}

// usagePreferences returns what the file says the agent may do with what it
// fetches at path (Content-Usage, Content-Signal), as one short cell, and
// whether the file says anything. The library does not read usage
// preferences yet (seam: the usage issue); until it does, nothing is said.
func usagePreferences(r *robots.Robots, agent, path string) (string, bool) {
	return "", false
}

// productToken returns the leading product token of an agent value (RFC
// 9309 2.2.1: ASCII letters, "-" and "_"), as a user-agent line is read.
func productToken(v string) string {
	i := 0
	for i < len(v) && (v[i] >= 'a' && v[i] <= 'z' || v[i] >= 'A' && v[i] <= 'Z' || v[i] == '-' || v[i] == '_') {
		i++
	}
	return v[:i]
}
