// Package star answers the two questions of a group that names a crawler
// and so replaces the * group for it, for lint's checks star-replaced and
// star-usage-hidden and for diff's accidents: which * disallow rules it
// leaves behind, and which * usage lines it hides. Both ask the library's
// Matchers (Matcher.Selection, Matcher.Rules), so they follow the dialect:
// in the first-match dialects only the first group naming a crawler, and
// the first * group, apply.
package star

import (
	"strings"

	"github.com/robotsexclusion/robots"
)

// LeftBehind returns the disallow rules of the * groups that no longer
// apply to the crawler agent (a name as the file gives it) because groups
// name it, and that those groups do not cover: no disallow of theirs has
// the same pattern, or a literal pattern that is a prefix of the rule's,
// as "/" is of every pattern. It returns nil when no group names agent, or
// when its groups disallow nothing, as a group that means to allow
// everything does. A * allow rule left behind only makes the crawler
// stricter, and is not listed. star are the rules of the * groups
// (r.AgentAny().Rules()), which a caller asking of many crawlers reads
// once.
func LeftBehind(r *robots.Robots, agent string, star []robots.Rule) []robots.Rule {
	m := r.Agent(agent)
	if !m.Named() {
		return nil
	}
	own := map[int]bool{}     // the lines of the named groups' rules
	same := map[string]bool{} // their disallow patterns, as compared
	var covers []string
	for _, rule := range m.Rules() {
		own[rule.Line] = true
		if rule.Allow || rule.Pattern == "" {
			continue
		}
		p := rule.Canonical
		same[p] = true
		if p == "*" || p == "/*" {
			p = "/" // every path
		}
		if !strings.ContainsAny(p, "*$") {
			covers = append(covers, p)
		}
	}
	if len(covers) == 0 && !disallowsAny(m) {
		return nil
	}
	var left []robots.Rule
	for _, rule := range star {
		if rule.Allow || rule.Pattern == "" || own[rule.Line] {
			continue
		}
		p := rule.Canonical
		covered := same[p]
		for _, c := range covers {
			if strings.HasPrefix(p, c) || c == "/" {
				covered = true
				break
			}
		}
		if !covered {
			left = append(left, rule)
		}
	}
	return left
}

// HiddenUsage returns the lines of the * groups' Content-Usage and
// Content-Signal lines that do not apply to the crawler agent because
// groups name it (Selection.HiddenUsage), or nil when those groups
// disallow every URL: no usage preference applies to what may not be
// fetched, so nothing is lost.
func HiddenUsage(r *robots.Robots, agent string) []int {
	m := r.Agent(agent)
	sel := m.Selection()
	if !sel.Named || len(sel.HiddenUsage) == 0 || disallowsAll(m) {
		return nil
	}
	return sel.HiddenUsage
}

// disallowsAll reports whether m's rules disallow every URL: a disallow of
// "/" (or "*", "/*") and no allow that could let a URL through.
func disallowsAll(m *robots.Matcher) bool {
	all := false
	for _, rule := range m.Rules() {
		if rule.Pattern == "" {
			continue
		}
		if rule.Allow {
			return false
		}
		switch rule.Canonical {
		case "/", "*", "/*":
			all = true
		}
	}
	return all
}

// disallowsAny reports whether m has a disallow rule that is not empty.
func disallowsAny(m *robots.Matcher) bool {
	for _, rule := range m.Rules() {
		if !rule.Allow && rule.Pattern != "" {
			return true
		}
	}
	return false
}
