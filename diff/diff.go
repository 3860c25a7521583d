// Package diff says what a change to a robots.txt file does: for every
// crawler either file names (and for *, a crawler no group names), every
// URL whose verdict flips between the two files, and the classic accidents
// (a whole site newly disallowed, a new group that drops the * group's
// rules or usage preferences for the crawler it names, a sitemap removed).
// A site checks a change in CI with it before publishing the file.
//
// Without a list of URLs it still finds every rule whose effect changed,
// on probe paths derived from the rules of both files (Probes). Without a
// list of crawlers it compares the first 256 that the files name, and *;
// each is decided on every URL and probe, at most 69,632 probes of pairs
// of rules besides the probes of each rule.
//
// # Design note: the probe set
//
// A rule can only change the verdict of a URL it matches, or of one it
// stopped matching, so the probes come from the patterns of both files
// (each pattern as compared, and as written): the path it names with every
// '*' read as nothing and as a filler octet ("x"); that path one octet longer
// (just inside a prefix rule, and past a '$' anchor, which breaks it) and
// followed by a slash; the path one octet shorter (just outside it); its
// parent path; and "/". Then pairs, twice over: for each pattern with a
// '*', every probe that starts with the octets before its '*' followed by
// the rest of the pattern, so that one URL matches both rules ("/support"
// and "/*.htm" give "/support.htm"), up to maxPairProbes. A probe path
// never starts with "//", which a URL parser reads as a host: where '*'
// read as nothing would give one, it is read as the filler, and a path
// that still starts so gets a filler segment first. A test checks the
// probes against brute force over the corpus URLs on changed corpus and
// spec files: every change of deciding rule that the URLs show, the probes
// show too.
//
// What probes cannot see: a flip that needs one URL to match some rules and
// miss another at once (old "Allow: /*/$" and "Disallow: /ab", new
// "Allow: /*b/": "/ab/a" flips, and no probe matches the last two rules
// while missing the anchor of the first). On random pairs of files of two
// to four short wildcard rules over the octets "a", "b" and "/", brute
// force over every path of up to six octets found such a change in 8 of
// the first 19,769 pairs (one round of pairs missed one in about 330).
// Nor pairs past maxPairProbes, on files with thousands of wildcard rules,
// nor rules whose literal path starts with "//", nor percent-encodings and
// octets that only a URL list written by hand would contain. A list of
// real URLs (Options.URLs) covers what probes miss: Compare decides every
// one of them.
//
// # Accidents
//
// An accident is a diagnostic of the new file, under a code of the one
// table (robots.Codes): robots.SiteBlocked, robots.SitemapRemoved, and,
// for a crawler the change newly names, the findings of lint's checks
// robots.StarReplaced and robots.StarUsageHidden, asked of package lint
// (lint.LeftBehind, lint.HiddenUsage), which knows that a group
// disallowing everything loses nothing by replacing the * group.
package diff

import (
	"fmt"
	"sort"
	"strings"

	"github.com/robotsexclusion/robots"
	"github.com/robotsexclusion/robots/internal/dialect"
	"github.com/robotsexclusion/robots/internal/words"
	"github.com/robotsexclusion/robots/lint"
	"github.com/robotsexclusion/robots/normalize"
)

// filler is the octet that stands for what a '*' matches in a probe.
const filler = "x"

// maxPairProbes bounds the probes made of pairs of rules, the second round
// to a sixteenth of it: a file with thousands of wildcard rules would
// otherwise make millions.
const maxPairProbes = 1 << 16

// maxAgents bounds the crawlers compared when Options.Agents gives none:
// the first maxAgents names of the two files, then "*". Each is decided on
// every URL and probe, so a file of tens of thousands of one-line groups
// would otherwise cost that many times the probes.
const maxAgents = 256

// Options say what Compare decides.
type Options struct {
	// Agents are the crawlers compared, each a name as a user-agent line
	// or a crawler gives it; none means every crawler either file names
	// (Robots.Names, as written), the first 256 of them (Result.Left says
	// how many more), then "*" (a crawler no group names).
	Agents []string
	// URLs are decided besides the probes: absolute URLs, or paths. A URL
	// given twice is decided once.
	URLs []string
	// NoProbes leaves the probes out: only URLs are decided.
	NoProbes bool
}

// A Result is what a change does.
type Result struct {
	Left      int                 // the names the files give past the first 256, not compared (see Options.Agents)
	URLs      int                 // the distinct URLs of Options.URLs each crawler decided
	Probes    int                 // and the probes that are not among them
	Agents    []Agent             // per crawler, in the order of Options.Agents
	Accidents []robots.Diagnostic // in order: per crawler, then the sitemaps; lines are the new file's
}

// Changed reports whether a verdict flipped or an accident happened.
func (r *Result) Changed() bool {
	if len(r.Accidents) > 0 {
		return true
	}
	for _, a := range r.Agents {
		if len(a.Flips) > 0 {
			return true
		}
	}
	return false
}

// An Agent is what a change does to one crawler.
type Agent struct {
	Name  string            // the name compared, as given ("*" for a crawler no group names)
	Read  robots.AgentToken // how the new file reads it; its String shows it as written with what it is read as
	Flips []Flip            // the URLs whose verdict flips, the URLs first, then the probes, each in order
}

// A Flip is a URL whose verdict differs between the two files.
type Flip struct {
	URL      string
	Probe    bool // URL is a probe path, not one of Options.URLs
	Old, New robots.Decision
}

// Compare decides, for each crawler, every URL of opts and every probe of
// both files' rules (Probes) under old and new, and reports the verdicts
// that flip and the accidents. Both files should be read in one dialect.
func Compare(old, new *robots.Robots, opts Options) *Result {
	agents, left := opts.Agents, 0
	if len(agents) == 0 {
		agents = defaultAgents(old, new)
		if n := len(agents) - 1; n > maxAgents { // less "*"
			agents, left = append(agents[:maxAgents:maxAgents], "*"), n-maxAgents
		}
	}
	urls := dedupe(opts.URLs)
	var probes []string
	if !opts.NoProbes {
		probes = Probes(old, new)
	}
	listed := make(map[string]bool, len(urls))
	for _, u := range urls {
		listed[u] = true
	}
	all := append([]string(nil), urls...)
	for _, p := range probes {
		if !listed[p] {
			all = append(all, p)
		}
	}
	res := &Result{Left: left, URLs: len(urls), Probes: len(all) - len(urls)}
	for _, a := range agents {
		mo, mn := old.Agent(a), new.Agent(a)
		ad := Agent{Name: a, Read: mn.Selection().Agents[0]}
		for i, u := range all {
			do, dn := mo.Decide(u), mn.Decide(u)
			if do.Allowed != dn.Allowed {
				ad.Flips = append(ad.Flips, Flip{URL: u, Old: do, New: dn, Probe: i >= len(urls)})
			}
		}
		res.Agents = append(res.Agents, ad)
		res.Accidents = append(res.Accidents, accidents(old, new, a, ad.Read)...)
	}
	kept := map[string]bool{}
	for _, s := range new.Sitemaps() {
		kept[s] = true
	}
	for _, s := range old.Sitemaps() {
		if !kept[s] {
			res.Accidents = append(res.Accidents, robots.Diagnostic{Code: robots.SitemapRemoved, Message: "sitemap removed: " + s})
		}
	}
	return res
}

// accidents returns the accidents of a change for one crawler: the whole
// site newly disallowed, and for a crawler a group newly names, the * rules
// and usage lines that no longer apply to it.
func accidents(old, new *robots.Robots, agent string, read robots.AgentToken) []robots.Diagnostic {
	var out []robots.Diagnostic
	mo, mn := old.Agent(agent), new.Agent(agent)
	name := read.String()
	if agent == "*" {
		name = "a crawler no group names (*)"
	}
	if do, dn := mo.Decide("/"), mn.Decide("/"); do.Allowed && !dn.Allowed {
		out = append(out, robots.Diagnostic{Line: dn.Line, Code: robots.SiteBlocked,
			Message: fmt.Sprintf("whole site blocked: %s may no longer fetch / (new line %d: Disallow: %s)", name, dn.Line, dn.Pattern)})
	}
	if agent == "*" || mo.Named() || !mn.Named() {
		return out
	}
	line := namingLine(mn.Selection(), read.Token)
	if left := lint.LeftBehind(new, agent); len(left) > 0 {
		out = append(out, robots.Diagnostic{Line: line, Code: robots.StarReplaced,
			Message: fmt.Sprintf("named group drops * rules: %s is now named (new line %d), so the %s of * no longer %s to it",
				name, line, words.Count(len(left), "disallow rule"), words.Plural(len(left), "applies", "apply"))})
	}
	if hidden := lint.HiddenUsage(new, agent); len(hidden) > 0 {
		out = append(out, robots.Diagnostic{Line: line, Code: robots.StarUsageHidden,
			Message: fmt.Sprintf("named group drops * usage preferences: %s is now named (new line %d), so the * group's Content-Usage and Content-Signal %s %s no longer %s to it",
				name, line, words.Plural(len(hidden), "line", "lines"), words.Lines(hidden), words.Plural(len(hidden), "applies", "apply"))})
	}
	return out
}

// namingLine returns the first user-agent line of the selected groups that
// gives token, or else their first line that is not *.
func namingLine(sel robots.Selection, token string) int {
	first := 0
	for _, g := range sel.Groups {
		for _, a := range g.Agents {
			switch {
			case a.Global:
			case strings.EqualFold(a.Name, token):
				return a.Line
			case first == 0:
				first = a.Line
			}
		}
	}
	return first
}

// defaultAgents are the names either file gives, as written, once each
// ignoring ASCII case, and "*".
func defaultAgents(old, new *robots.Robots) []string {
	seen := map[string]bool{}
	var out []string
	for _, r := range []*robots.Robots{old, new} {
		for _, n := range r.Names() {
			if k := strings.ToLower(n.Name); !seen[k] {
				seen[k] = true
				out = append(out, n.Value)
			}
		}
	}
	return append(out, "*")
}

// dedupe returns urls without repeats, keeping the first of each.
func dedupe(urls []string) []string {
	seen := make(map[string]bool, len(urls))
	var out []string
	for _, u := range urls {
		if !seen[u] {
			seen[u] = true
			out = append(out, u)
		}
	}
	return out
}

// RulePath returns the path a rule's pattern names: '*' read as nothing
// and a final '$' dropped ("/*.pdf$" names "/.pdf"), or, where that would
// start with "//", '*' read as the filler octet "x" ("/*/*/pulse" names
// "/x/x/pulse"); a path never starts with "//" (see the design note).
func RulePath(pattern string) string {
	body := strings.TrimSuffix(pattern, "$")
	return path(emptied(body))
}

// emptied returns a pattern's body with every '*' read as nothing, or as
// filler where nothing would make a path that starts with "//".
func emptied(body string) string {
	p := strings.ReplaceAll(body, "*", "")
	if strings.HasPrefix(p, "//") {
		return strings.ReplaceAll(body, "*", filler)
	}
	return p
}

// path makes p a probe path: starting with "/", and not with "//" (a
// filler segment goes first).
func path(p string) string {
	if !strings.HasPrefix(p, "/") {
		p = "/" + p
	}
	if strings.HasPrefix(p, "//") {
		p = "/" + filler + p
	}
	return p
}

// Probes returns the probe paths of the rules of the given files, sorted
// (see the design note): the paths a diff without a URL list decides. They
// are the probes of each rule (RuleProbes), "/", and the probes of pairs
// of rules.
func Probes(files ...*robots.Robots) []string {
	literal := false // * and $ are ordinary octets in the 1994 and 1996 dialects
	for _, r := range files {
		literal = literal || dialect.Of(r.Dialect()).Match.FirstMatch
	}
	var patterns, probes []string
	for _, r := range files {
		form := r.Dialect().Form()
		for _, g := range r.Groups() {
			for _, rule := range g.Rules {
				if rule.Pattern != "" {
					patterns = append(patterns, rule.Canonical, rule.Pattern)
					probes = ruleProbes(probes, form, rule.Pattern, literal)
				}
			}
		}
	}
	set := map[string]bool{"/": true}
	for _, p := range probes {
		set[p] = true
	}
	paths := sorted(set)
	added := pairProbes(set, patterns, paths, maxPairProbes)
	pairProbes(set, patterns, added, min(maxPairProbes-len(added), maxPairProbes/16)) // a third rule's tail after a pair
	return sorted(set)
}

// RuleProbes appends to dst the probe paths of one rule's pattern, as read
// in dialect d, and returns the extended slice: those Probes derives from
// the rule on its own, before pairs (see the design note), from the
// pattern as compared and as written. It may append a path more than
// once. They are at most a dozen paths, each at most one octet longer than
// the pattern plus one per '*' of it, so deciding them costs time linear
// in the pattern.
func RuleProbes(dst []string, d robots.Dialect, pattern string) []string {
	if pattern == "" {
		return dst
	}
	return ruleProbes(dst, d.Form(), pattern, dialect.Of(d).Match.FirstMatch)
}

// ruleProbes is RuleProbes in a form, where literal says that '*' and '$'
// are ordinary octets.
func ruleProbes(dst []string, form normalize.Form, pattern string, literal bool) []string {
	add := func(p string) { dst = append(dst, path(p)) }
	compared := form.Pattern(pattern)
	for i, p := range []string{compared, pattern} {
		if i == 1 && p == compared {
			break
		}
		if literal {
			add(p)
		}
		body := strings.TrimSuffix(p, "$")
		for _, fill := range []string{"", filler} {
			s := strings.ReplaceAll(body, "*", fill)
			if fill == "" {
				s = emptied(body)
			}
			add(s)
			add(s + filler)
			if !strings.HasSuffix(s, "/") {
				add(s + "/")
			}
			if len(s) > 1 {
				add(s[:len(s)-1])
			}
			add(parent(s))
		}
	}
	return dst
}

// sorted returns the members of a set, sorted.
func sorted(set map[string]bool) []string {
	out := make([]string, 0, len(set))
	for p := range set {
		out = append(out, p)
	}
	sort.Strings(out)
	return out
}

// pairProbes adds to set the probes of pairs of rules: for each pattern
// with a wildcard and each of paths that starts with the pattern's octets
// before its first *, that path followed by the rest of the pattern, so
// that one URL matches both ("/support" and "/*.htm" give
// "/support.htm"). It adds at most limit probes, and returns them.
func pairProbes(set map[string]bool, patterns, paths []string, limit int) []string {
	var added []string
	for _, w := range patterns {
		i := strings.IndexByte(w, '*')
		if i < 0 {
			continue
		}
		head, tail := w[:i], strings.ReplaceAll(strings.TrimSuffix(w[i+1:], "$"), "*", "")
		for _, s := range paths {
			if !strings.HasPrefix(s, head) {
				continue
			}
			if p := path(s + tail); !set[p] {
				if len(added) >= limit {
					return added
				}
				set[p] = true
				added = append(added, p)
			}
		}
	}
	return added
}

// parent returns the path up to the slash before its last segment: "/a/b"
// and "/a/b/" give "/a/".
func parent(p string) string {
	t := strings.TrimSuffix(p, "/")
	if i := strings.LastIndexByte(t, '/'); i >= 0 {
		return t[:i+1]
	}
	return "/"
}
