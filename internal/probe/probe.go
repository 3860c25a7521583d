// Package probe derives the probe paths of robots.txt rules: the paths on
// which a change of a file, or a crawler's access under it, is decided when
// no list of URLs is given. Package diff decides a change on them (its
// documentation states the probe set and what it cannot see, for its
// users); robots audit decides a crawler's restriction level on the probes
// of its own rules.
//
// A rule can only change the verdict of a URL it matches, or of one it
// stopped matching, so the probes of a pattern (as compared, and as
// written) are: the path it names with every '*' read as nothing and as a
// filler octet ("x"); that path one octet longer (just inside a prefix
// rule, and past a '$' anchor, which breaks it) and followed by a slash;
// the path one octet shorter (just outside it); and its parent path. The
// probes of files add "/" and pairs, twice over: for each pattern with a
// '*', every probe that starts with the octets before its '*' followed by
// the rest of the pattern, so that one URL matches both rules ("/support"
// and "/*.htm" give "/support.htm"), at most MaxPairs in all and
// MaxPairs/16 in the second round. A probe path never starts with "//",
// which a URL parser reads as a host: where '*' read as nothing would give
// one, it is read as the filler, and a path that still starts so gets a
// filler segment first.
package probe

import (
	"sort"
	"strings"

	"github.com/robotsexclusion/robots"
	"github.com/robotsexclusion/robots/internal/dialect"
	"github.com/robotsexclusion/robots/normalize"
)

// filler is the octet that stands for what a '*' matches in a probe.
const filler = "x"

// MaxPairs bounds the probes made of pairs of rules, both rounds together,
// the second round to a sixteenth of it: a file with thousands of wildcard rules would otherwise
// make millions.
const MaxPairs = 1 << 16

// RulePath returns the path a rule's pattern names: '*' read as nothing
// and a final '$' dropped ("/*.pdf$" names "/.pdf"), or, where that would
// start with "//", '*' read as the filler octet "x" ("/*/*/pulse" names
// "/x/x/pulse"); a path never starts with "//".
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

// Files returns the probe paths of the rules of the given files, sorted:
// the paths a diff without a URL list decides. They are the probes of each
// rule (Rule), "/", and the probes of pairs of rules, at most MaxPairs of
// those.
func Files(files ...*robots.Robots) []string {
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
	added := pairProbes(set, patterns, paths, MaxPairs)
	pairProbes(set, patterns, added, min(MaxPairs-len(added), MaxPairs/16)) // a third rule's tail after a pair
	return sorted(set)
}

// Rule appends to dst the probe paths of one rule's pattern, as read in
// dialect d, and returns the extended slice: those Files derives from the
// rule on its own, before pairs, from the pattern as compared and as
// written. It may append a path more than
// once. They are at most a dozen paths, each at most one octet longer than
// the pattern plus one per '*' of it, so deciding them costs time linear
// in the pattern.
func Rule(dst []string, d robots.Dialect, pattern string) []string {
	if pattern == "" {
		return dst
	}
	return ruleProbes(dst, d.Form(), pattern, dialect.Of(d).Match.FirstMatch)
}

// ruleProbes is Rule in a form, where literal says that '*' and '$'
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
