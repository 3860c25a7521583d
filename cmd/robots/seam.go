package main

// This file is the seam between the tools (test, explain, diff, agents) and
// the library's reports on how it read a file for an agent: how the
// caller's agent value was read and which groups were selected
// (Matcher.Selection), and the rules they give (Matcher.Rules). It turns
// them into the tools' own types (fileGroup, fileAgent, fileRule), adding
// each rule's pattern in the dialect's octet form, which is what the
// reference matcher compares. Tests hold every function to the library:
// the groups to Matcher.Named, the rules to Matcher.Decide.

import (
	"github.com/robotsexclusion/robots"
	"github.com/robotsexclusion/robots/compile"
	"github.com/robotsexclusion/robots/normalize"
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
	return convertGroups(r, r.Groups())
}

// newFileRule is rule with its pattern in form.
func newFileRule(form normalize.Form, rule robots.Rule) fileRule {
	return fileRule{Line: rule.Line, Allow: rule.Allow, Value: rule.Pattern, Pattern: form.Pattern(rule.Pattern)}
}

// convertGroups turns the library's groups into the tools'.
func convertGroups(r *robots.Robots, groups []robots.Group) []fileGroup {
	form := r.Dialect().Form()
	var out []fileGroup
	for _, g := range groups {
		fg := fileGroup{}
		for _, a := range g.Agents {
			fg.Agents = append(fg.Agents, fileAgent{Line: a.Line, Value: a.Value, Name: a.Name, Global: a.Global})
		}
		for _, rule := range g.Rules {
			fg.Rules = append(fg.Rules, newFileRule(form, rule))
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
	// ProductToken is Given's leading product token when the library
	// compares Given whole (the Google dialect) and so no group can name it;
	// empty otherwise.
	ProductToken string `json:"product_token,omitempty"`
}

// readAgent says how r.Agent(given) reads given (Matcher.Selection).
func readAgent(r *robots.Robots, given string) agentReading {
	t := r.Agent(given).Selection().Agents[0]
	a := agentReading{Given: t.Given, Token: t.Token, Reduced: t.Reduced}
	if !t.Usable && !substringDialect(r.Dialect()) {
		if name, _ := compile.AgentName(given); name != "" && name != t.Token {
			a.ProductToken = name
		}
	}
	return a
}

// substringDialect reports whether d reads records as the 1994 standard and
// the 1996 draft do: a name applies when it is a substring of the crawler's,
// and only the first record that applies is obeyed.
func substringDialect(d robots.Dialect) bool { return d.Options().Substring }

// selection is what r.Agent(token) selected.
type selection struct {
	Groups []fileGroup // the groups applied, in file order
	Named  bool        // they name the agent; otherwise they are the * groups
	Rules  []fileRule  // their rules merged, in line order
	// HiddenUsage lists the * groups' Content-Usage and Content-Signal
	// lines that do not apply because the groups name the agent.
	HiddenUsage []int
}

// selectGroups returns the groups r.Agent(token) applies and their rules
// (Matcher.Selection and Matcher.Rules), and the * groups' usage lines
// they hide.
func selectGroups(r *robots.Robots, token string) selection {
	m := r.Agent(token)
	sel := m.Selection()
	s := selection{Groups: convertGroups(r, sel.Groups), Named: sel.Named, HiddenUsage: sel.HiddenUsage}
	form := r.Dialect().Form()
	for _, rule := range m.Rules() {
		s.Rules = append(s.Rules, newFileRule(form, rule))
	}
	return s
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
// fetches at path (Content-Usage, Content-Signal: Decision.Usage), as one
// short cell ("Content-Usage: train-ai=n; Content-Signal: search=yes"), and
// whether the file says anything. A path the agent may not fetch has no
// preferences.
func usagePreferences(r *robots.Robots, agent, path string) (string, bool) {
	u := r.Agent(agent).Decide(path).Usage
	if !u.Known() {
		return "", false
	}
	return u.String(), true
}
