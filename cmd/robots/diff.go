package main

// The diff command: what a change to robots.txt does. Both files are read,
// and every agent decides every URL under each; a URL whose verdict changes
// is a flip.
//
// Design note: the probe set. Without a URL list, a diff still has to find
// every rule whose effect changed. A rule can only change the verdict of a
// URL it matches, or of one it stopped matching, so the probes come from the
// patterns of both files (each pattern canonical as compared, and as
// written): the path it names with every * read as nothing and as a filler
// octet; that path one octet longer (just inside a prefix rule, and past a
// $ anchor, which breaks it) and followed by a slash; the path one octet
// shorter (just outside it); its parent path; and "/". Then pairs, twice
// over: for each pattern with a *, every probe that starts with the octets
// before its * followed by the rest of the pattern, so that one URL matches
// both rules ("/support" and "/*.htm" give "/support.htm"), up to
// maxPairProbes. A test checks the probes against brute force over the
// corpus URLs on changed corpus and spec files: every change of deciding
// rule that the URLs show, the probes show too.
//
// What it cannot see: a flip that needs one URL to match some rules and
// miss another at once (old "Allow: /*/$" and "Disallow: /ab", new
// "Allow: /*b/": "/ab/a" flips, and no probe matches the last two rules
// while missing the anchor of the first). On random pairs of files of two
// to four short wildcard rules over the octets "a", "b" and "/", brute
// force over every path of up to six octets found such a change in 8 of
// the first 19,769 pairs (one round of pairs missed one in about 330).
// Nor pairs past maxPairProbes, on files with thousands of wildcard rules,
// nor percent-encodings and octets that only a URL list written by hand
// would contain. A list of real URLs (-urls, or standard input) covers what
// probes miss: diff decides every one of them.

import (
	"bufio"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
	"slices"
	"sort"
	"strings"

	"github.com/robotsexclusion/robots"
)

func init() {
	register(command{name: "diff", summary: "show which verdicts a change to robots.txt flips", run: runDiff})
}

// probeFiller is the octet that stands for what a * matches in a probe.
const probeFiller = "x"

// probeOrigin is put before a probe path that starts with "//", which on
// its own would be read as a host name.
const probeOrigin = "http://probe.invalid"

// maxPairProbes bounds the probes made of pairs of rules (see pairProbes),
// the second round to a sixteenth of it: a file with thousands of wildcard
// rules would otherwise make millions.
const maxPairProbes = 1 << 16

// maxDiffURLs bounds the URLs diff reads from a list.
const maxDiffURLs = 1 << 20

// agentList is a repeatable string flag.
type agentList []string

func (l *agentList) String() string     { return strings.Join(*l, ",") }
func (l *agentList) Set(s string) error { *l = append(*l, s); return nil }

// A flip is one URL whose verdict differs between the two files.
type flip struct {
	URL      string
	Old, New robots.Decision
	Probe    bool // URL is a probe, not one of the list
}

// agentDiff is what the change does to one agent.
type agentDiff struct {
	Agent string
	Flips []flip
}

// An accident is a change known to hurt by accident.
type accident struct {
	Name   string // "whole site blocked", "named group drops * rules", "named group drops * usage preferences", "sitemap removed"
	Detail string
}

// diffResult is a whole diff.
type diffResult struct {
	URLs      int // how many URLs of the list each agent decided
	Probes    int // and how many probes
	Agents    []agentDiff
	Accidents []accident
}

// flips reports whether anything flipped.
func (d *diffResult) flips() bool {
	for _, a := range d.Agents {
		if len(a.Flips) > 0 {
			return true
		}
	}
	return false
}

func runDiff(e *env, args []string) int {
	fs := flag.NewFlagSet("diff", flag.ContinueOnError)
	fs.SetOutput(e.stderr)
	var agents agentList
	fs.Var(&agents, "agent", "an agent's product `token` to compare (repeatable); default: every one either file names, and *")
	asJSON := fs.Bool("json", false, "print the diff as one JSON object, every flip included")
	all := fs.Bool("all", false, "list every probe that flips, not one line per change of rule")
	urlsFile := fs.String("urls", "", "a `file` of URLs to decide, one per line (- for standard input), beside the probes")
	dialect := addDialectFlag(fs)
	live := addLiveFlags(fs)
	fs.Usage = func() {
		fmt.Fprintln(e.stderr, "usage: robots diff [-agent NAME]... [-urls FILE] [-dialect D] [-all] [-json] OLD NEW")
		fmt.Fprintln(e.stderr, "OLD and NEW are robots.txt files or URLs. Every agent decides the URLs of -urls (or of")
		fmt.Fprintln(e.stderr, "standard input, when it is not a terminal) and probe paths derived from both files'")
		fmt.Fprintln(e.stderr, "rules under each; each verdict that flips is printed. Exit 1 on any flip or accident.")
		fs.PrintDefaults()
	}
	if code, ok := parseFlags(fs, args); !ok {
		return code
	}
	if fs.NArg() != 2 {
		fs.Usage()
		return exitUsage
	}
	live.parse = append(live.parse, dialect.option())
	cache := live.cache()
	var files [2]*loaded
	for i, arg := range fs.Args() {
		l, err := loadRobots(e, arg, cache, dialect.option())
		if err != nil {
			fmt.Fprintf(e.stderr, "robots diff: %v\n", err)
			return exitUsage
		}
		files[i] = l
	}
	urls, err := diffURLs(e, *urlsFile)
	if err != nil {
		fmt.Fprintf(e.stderr, "robots diff: %v\n", err)
		return exitUsage
	}
	if len(agents) == 0 {
		agents = defaultAgents(files[0].r, files[1].r)
	}
	res := diffRobots(files[0].r, files[1].r, agents, dedupe(urls), probes(files[0].r, files[1].r))

	out := bufio.NewWriter(e.stdout)
	defer out.Flush()
	if *asJSON {
		json.NewEncoder(out).Encode(diffJSON(files, res))
	} else {
		writeDiff(out, files, res, *all)
	}
	if res.flips() || len(res.Accidents) > 0 {
		return exitFinding
	}
	return exitOK
}

// diffURLs reads the URL list of -urls, or standard input when there is
// no -urls and standard input is not a terminal.
func diffURLs(e *env, name string) ([]string, error) {
	var r io.Reader
	switch {
	case name == "-" || name == "" && !isTerminal(e.stdin):
		r = e.stdin
	case name == "":
		return nil, nil
	default:
		f, err := os.Open(name)
		if err != nil {
			return nil, err
		}
		defer f.Close()
		r = f
	}
	var urls []string
	sc := bufio.NewScanner(r)
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		if u := strings.TrimSpace(sc.Text()); u != "" && !strings.HasPrefix(u, "#") {
			if len(urls) == maxDiffURLs {
				return nil, fmt.Errorf("more than %d URLs", maxDiffURLs)
			}
			urls = append(urls, u)
		}
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("reading URLs: %w", err)
	}
	return urls, nil
}

// isTerminal reports whether r is a terminal, where nobody pipes URLs in.
func isTerminal(r io.Reader) bool {
	f, ok := r.(*os.File)
	if !ok {
		return false
	}
	fi, err := f.Stat()
	return err == nil && fi.Mode()&os.ModeCharDevice != 0
}

// defaultAgents are the names either file gives, once each ignoring case,
// and *.
func defaultAgents(old, new *robots.Robots) []string {
	seen := map[string]bool{}
	var out []string
	for _, r := range []*robots.Robots{old, new} {
		for _, n := range namedTokens(r) {
			if k := lowerASCII(n); !seen[k] {
				seen[k] = true
				out = append(out, n)
			}
		}
	}
	return append(out, "*")
}

// probes returns the probe paths of the rules of both files, sorted (see
// the design note above).
func probes(files ...*robots.Robots) []string {
	literal := false // * and $ are ordinary octets in the 1994 and 1996 dialects
	var patterns []string
	for _, r := range files {
		literal = literal || substringDialect(r.Dialect())
		for _, g := range groupsOf(r) {
			for _, rule := range g.Rules {
				if rule.Pattern != "" {
					patterns = append(patterns, rule.Pattern, rule.Value)
				}
			}
		}
	}
	set := map[string]bool{"/": true}
	add := func(p string) {
		if !strings.HasPrefix(p, "/") {
			p = "/" + p
		}
		set[p] = true
	}
	for _, p := range patterns {
		if literal {
			add(p)
		}
		body := strings.TrimSuffix(p, "$")
		for _, fill := range []string{"", probeFiller} {
			s := strings.ReplaceAll(body, "*", fill)
			add(s)
			add(s + probeFiller)
			if !strings.HasSuffix(s, "/") {
				add(s + "/")
			}
			if len(s) > 1 {
				add(s[:len(s)-1])
			}
			add(parent(s))
		}
	}
	paths := make([]string, 0, len(set))
	for p := range set {
		paths = append(paths, p)
	}
	sort.Strings(paths)
	added := pairProbes(set, patterns, paths, maxPairProbes)
	pairProbes(set, patterns, added, min(maxPairProbes-len(added), maxPairProbes/16)) // a third rule's tail after a pair
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
			if p := s + tail; !set[p] {
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

// dedupe drops repeated URLs, keeping the first of each.
func dedupe(urls []string) []string {
	seen := make(map[string]bool, len(urls))
	out := urls[:0]
	for _, u := range urls {
		if !seen[u] {
			seen[u] = true
			out = append(out, u)
		}
	}
	return out
}

// diffRobots decides every URL and probe for every agent under both files,
// and looks for the classic accidents. A probe that is also a URL of the
// list counts as a URL.
func diffRobots(old, new *robots.Robots, agents, urls, probes []string) *diffResult {
	listed := make(map[string]bool, len(urls))
	for _, u := range urls {
		listed[u] = true
	}
	all := make([]string, 0, len(urls)+len(probes))
	all = append(all, urls...)
	for _, p := range probes {
		if !listed[p] {
			all = append(all, p)
		}
	}
	res := &diffResult{URLs: len(urls), Probes: len(all) - len(urls)}
	for _, a := range agents {
		mo, mn := old.Agent(a), new.Agent(a)
		ad := agentDiff{Agent: a}
		for i, u := range all {
			if i >= len(urls) && strings.HasPrefix(u, "//") {
				u = probeOrigin + u // a path, not a network-path reference
			}
			do, dn := mo.Decide(u), mn.Decide(u)
			if do.Allowed != dn.Allowed {
				ad.Flips = append(ad.Flips, flip{URL: u, Old: do, New: dn, Probe: i >= len(urls)})
			}
		}
		res.Agents = append(res.Agents, ad)

		// Whole site blocked: / was allowed and is not.
		if do, dn := mo.Decide("/"), mn.Decide("/"); do.Allowed && !dn.Allowed {
			res.Accidents = append(res.Accidents, accident{Name: "whole site blocked",
				Detail: fmt.Sprintf("%s may no longer fetch / (new line %d: Disallow: %s)", agentName(a), dn.Line, dn.Pattern)})
		}
		// A new group names the agent, so the * rules no longer apply to it.
		if a != "*" && !mo.Named() && mn.Named() {
			star := selectGroups(new, "*")
			n := 0
			for _, r := range star.Rules {
				if !r.Allow && r.Pattern != "" {
					n++
				}
			}
			if n > 0 {
				sel := selectGroups(new, a)
				verb := "apply"
				if n == 1 {
					verb = "applies"
				}
				res.Accidents = append(res.Accidents, accident{Name: "named group drops * rules",
					Detail: fmt.Sprintf("%s is now named (new line %d), so the %s of * no longer %s to it",
						a, sel.Groups[0].Agents[0].Line, countNoun(n, "disallow rule"), verb)})
			}
			// Usage lines too: a site that said train-ai=n once, for
			// every crawler, no longer says it to this one.
			if sel := selectGroups(new, a); len(sel.HiddenUsage) > 0 {
				res.Accidents = append(res.Accidents, accident{Name: "named group drops * usage preferences",
					Detail: fmt.Sprintf("%s is now named (new line %d), so the * group's Content-Usage and Content-Signal %s %s no longer %s to it",
						a, sel.Groups[0].Agents[0].Line, plural(len(sel.HiddenUsage), "line", "lines"), joinLines(sel.HiddenUsage),
						plural(len(sel.HiddenUsage), "applies", "apply"))})
			}
		}
	}
	kept := map[string]bool{}
	for _, s := range new.Sitemaps() {
		kept[s] = true
	}
	for _, s := range old.Sitemaps() {
		if !kept[s] {
			res.Accidents = append(res.Accidents, accident{Name: "sitemap removed", Detail: s})
		}
	}
	return res
}

// agentName is how an agent is named in output: * as "the * groups".
func agentName(a string) string {
	if a == "*" {
		return "an agent no group names (*)"
	}
	return a
}

// writeDiff prints the flips grouped by agent, each agent's summary first,
// then the accidents. Flips of the URL list are printed one a line; flips
// of probes one line per change of deciding rule, with a few examples,
// unless all is set:
//
//	*: 2 flips in 9 URLs and 31 probes (2 newly disallowed)
//	  https://a.example/checkout/x  allowed (no rule matched) -> disallowed by line 4: /checkout
//	  probes: allowed (no rule matched) -> disallowed by line 4: /checkout: 3 probes, such as /checkout /checkout/ /checkoutx
func writeDiff(w io.Writer, files [2]*loaded, res *diffResult, all bool) {
	fmt.Fprintf(w, "--- %s\n+++ %s\n", files[0].name, files[1].name)
	for _, f := range files {
		if f.note != "" {
			fmt.Fprintf(w, "note: %s\n", f.note)
		}
	}
	decided := fmt.Sprintf("%s and %s", countNoun(res.URLs, "URL"), countNoun(res.Probes, "probe"))
	for _, a := range res.Agents {
		if len(a.Flips) == 0 {
			fmt.Fprintf(w, "%s: no flips in %s\n", a.Agent, decided)
			continue
		}
		closed := 0
		for _, f := range a.Flips {
			if !f.New.Allowed {
				closed++
			}
		}
		var parts []string
		if closed > 0 {
			parts = append(parts, fmt.Sprintf("%d newly disallowed", closed))
		}
		if n := len(a.Flips) - closed; n > 0 {
			parts = append(parts, fmt.Sprintf("%d newly allowed", n))
		}
		fmt.Fprintf(w, "%s: %s in %s (%s)\n", a.Agent, countNoun(len(a.Flips), "flip"), decided, strings.Join(parts, ", "))
		width := 0
		for _, f := range a.Flips {
			if all || !f.Probe {
				width = max(width, len(f.URL))
			}
		}
		var changes []string // of probes, in order of first appearance
		byChange := map[string][]string{}
		for _, f := range a.Flips {
			change := shortDecision(f.Old) + " -> " + shortDecision(f.New)
			if all || !f.Probe {
				fmt.Fprintf(w, "  %-*s  %s\n", width, f.URL, change)
				continue
			}
			if byChange[change] == nil {
				changes = append(changes, change)
			}
			byChange[change] = append(byChange[change], f.URL)
		}
		for _, c := range changes {
			ps := byChange[c]
			ex := slices.Clone(ps)
			slices.SortStableFunc(ex, func(a, b string) int { return len(a) - len(b) }) // the shortest say most
			ex = ex[:min(len(ex), probeExamples)]
			fmt.Fprintf(w, "  probes: %s: %s, such as %s\n", c, countNoun(len(ps), "probe"), strings.Join(ex, " "))
		}
	}
	if len(res.Accidents) > 0 {
		fmt.Fprintln(w, "accidents:")
		for _, a := range res.Accidents {
			fmt.Fprintf(w, "  %s: %s\n", a.Name, a.Detail)
		}
	}
}

// probeExamples is how many probes writeDiff shows of one change: the
// shortest.
const probeExamples = 3

// jsonDecision is a Decision in diff -json.
type jsonDecision struct {
	Allowed bool   `json:"allowed"`
	Line    int    `json:"line"`
	Pattern string `json:"pattern"`
}

// diffJSON is the object diff -json prints.
func diffJSON(files [2]*loaded, res *diffResult) any {
	type jsonFlip struct {
		URL   string       `json:"url"`
		Probe bool         `json:"probe"`
		Old   jsonDecision `json:"old"`
		New   jsonDecision `json:"new"`
	}
	type jsonAgent struct {
		Agent string     `json:"agent"`
		Flips []jsonFlip `json:"flips"`
	}
	type jsonAccident struct {
		Name   string `json:"name"`
		Detail string `json:"detail"`
	}
	out := struct {
		Old       string         `json:"old"`
		New       string         `json:"new"`
		Notes     []string       `json:"notes"`
		URLs      int            `json:"urls"`
		Probes    int            `json:"probes"`
		Agents    []jsonAgent    `json:"agents"`
		Accidents []jsonAccident `json:"accidents"`
	}{Old: files[0].name, New: files[1].name, Notes: []string{}, URLs: res.URLs, Probes: res.Probes,
		Agents: []jsonAgent{}, Accidents: []jsonAccident{}}
	for _, f := range files {
		if f.note != "" {
			out.Notes = append(out.Notes, f.note)
		}
	}
	dec := func(d robots.Decision) jsonDecision { return jsonDecision{d.Allowed, d.Line, d.Pattern} }
	for _, a := range res.Agents {
		ja := jsonAgent{Agent: a.Agent, Flips: []jsonFlip{}}
		for _, f := range a.Flips {
			ja.Flips = append(ja.Flips, jsonFlip{URL: f.URL, Probe: f.Probe, Old: dec(f.Old), New: dec(f.New)})
		}
		out.Agents = append(out.Agents, ja)
	}
	for _, a := range res.Accidents {
		out.Accidents = append(out.Accidents, jsonAccident(a))
	}
	return out
}

// shortDecision is a verdict and the line that gave it.
func shortDecision(d robots.Decision) string {
	v := "allowed"
	if !d.Allowed {
		v = "disallowed"
	}
	if d.Line == 0 {
		return v + " (no rule matched)"
	}
	return fmt.Sprintf("%s by line %d: %s", v, d.Line, d.Pattern)
}
