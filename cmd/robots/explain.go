package main

// The explain command: for each URL, how the file was read for the agent,
// every rule that matches, which one wins and why, then the usage
// preferences the file states for it and the * group's usage lines a named
// group hides.
//
// The rules that match are found with the conformance package's reference
// matcher, on the canonical pattern and path of the file's dialect; the
// winner it picks is then held to Matcher.Decide, which stays the authority.
// Should the two ever disagree, explain prints the engine's verdict and says
// the reference disagrees (a bug to report); a test holds the two together
// on the whole corpus in every dialect.

import (
	"bufio"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"strings"

	"github.com/robotsexclusion/robots"
	"github.com/robotsexclusion/robots/conformance"
	"github.com/robotsexclusion/robots/normalize"
	prefs "github.com/robotsexclusion/robots/usage"
)

func init() {
	register(command{name: "explain", summary: "say which rules match a URL, which one wins and why", run: runExplain})
}

// allDialects are the dialects of -dialect all, RFC 9309 first: the others
// are marked where they differ from it.
var allDialects = []robots.Dialect{robots.RFC9309, robots.Google, robots.Draft1996, robots.Original1994}

// explanation is how one dialect decides one URL for one agent.
type explanation struct {
	URL     string       `json:"url"`
	Dialect string       `json:"dialect"`
	Agent   agentReading `json:"agent"`
	Named   bool         `json:"named"`  // the groups name the agent; else they are the * groups
	Groups  []groupRef   `json:"groups"` // the groups that apply
	Path    string       `json:"path"`   // the path and query compared, in the dialect's form
	Written string       `json:"written,omitempty"`
	Matches []ruleMatch  `json:"matches"` // every rule that matches, in line order
	Allowed bool         `json:"allowed"`
	Line    int          `json:"line"`    // the deciding rule's; 0 when none
	Pattern string       `json:"pattern"` // the deciding rule's value as written
	Why     string       `json:"why"`
	// Disagreement is set when the reference matcher picked another rule
	// than the engine; the verdict is the engine's.
	Disagreement string `json:"disagreement,omitempty"`
	// Usage is the usage preferences the file states for the URL
	// (Decision.Usage, with their lines); omitted when it states none.
	Usage *prefs.Set `json:"usage,omitempty"`
	// HiddenUsage lists the Content-Usage and Content-Signal lines of the *
	// group that do not apply because a group names the agent.
	HiddenUsage []int `json:"hidden_usage,omitempty"`
}

// groupRef names one group by its user-agent lines.
type groupRef struct {
	Lines  []int    `json:"lines"`
	Agents []string `json:"agents"` // the values as written
}

// ruleMatch is one rule that matches the URL.
type ruleMatch struct {
	Line      int    `json:"line"`
	Allow     bool   `json:"allow"`
	Pattern   string `json:"pattern"`   // as written
	Canonical string `json:"canonical"` // as compared
	Octets    int    `json:"octets"`    // the length that ranks it (the longest wins)
	Wins      bool   `json:"wins"`
	IndexHTML bool   `json:"index_html,omitempty"` // matched as Google's index.html rule
}

func runExplain(e *env, args []string) int {
	fs := flag.NewFlagSet("explain", flag.ContinueOnError)
	fs.SetOutput(e.stderr)
	file := fs.String("robots", "", "robots.txt `file` to read, or - for standard input")
	agent := fs.String("agent", "", "the crawler's product `token`, such as Googlebot")
	asJSON := fs.Bool("json", false, "print one JSON object per URL")
	dialect := fs.String("dialect", "rfc9309", "read the file as `D`: rfc9309, google, draft1996, original1994, or all (side by side)")
	fs.Usage = func() {
		fmt.Fprintln(e.stderr, "usage: robots explain -robots FILE|- -agent NAME [-dialect D|all] [-json] [URL...]")
		fmt.Fprintln(e.stderr, "For each URL: the agent as read, the groups that apply, every rule that matches,")
		fmt.Fprintln(e.stderr, "which one wins and why. URLs come from the arguments, or one per line on standard input.")
		fs.PrintDefaults()
	}
	if code, ok := parseFlags(fs, args); !ok {
		return code
	}
	if *file == "" || *agent == "" {
		fmt.Fprintln(e.stderr, "robots explain: -robots and -agent are required")
		fs.Usage()
		return exitUsage
	}
	if *file == "-" && fs.NArg() == 0 {
		fmt.Fprintln(e.stderr, "robots explain: with -robots -, give the URLs as arguments")
		return exitUsage
	}
	dialects := allDialects
	if !strings.EqualFold(*dialect, "all") {
		d, err := robots.ParseDialect(*dialect)
		if err != nil {
			fmt.Fprintf(e.stderr, "robots explain: %v\n", err)
			return exitUsage
		}
		dialects = []robots.Dialect{d}
	}
	body, err := readRobotsBody(e, *file)
	if err != nil {
		fmt.Fprintf(e.stderr, "robots explain: %v\n", err)
		return exitUsage
	}
	explainers := make([]*explainer, len(dialects))
	for i, d := range dialects {
		explainers[i] = newExplainer(robots.Parse(body, robots.WithDialect(d)), *agent)
	}
	out := bufio.NewWriter(e.stdout)
	defer out.Flush()
	enc := json.NewEncoder(out)
	first := true
	err = eachURL(e, fs.Args(), func(url string) {
		xs := make([]explanation, len(explainers))
		for i, x := range explainers {
			xs[i] = x.explain(url)
		}
		switch {
		case *asJSON && len(xs) == 1:
			enc.Encode(xs[0])
		case *asJSON:
			enc.Encode(struct {
				URL      string        `json:"url"`
				Differ   bool          `json:"differ"`
				Dialects []explanation `json:"dialects"`
			}{url, differ(xs), xs})
		default:
			if !first {
				fmt.Fprintln(out)
			}
			if len(xs) == 1 {
				writeExplanation(out, &xs[0])
			} else {
				writeSideBySide(out, xs)
			}
		}
		first = false
	})
	if err != nil {
		out.Flush()
		fmt.Fprintf(e.stderr, "robots explain: %v\n", err)
		return exitUsage
	}
	return exitOK
}

// An explainer explains the decisions of one file for one agent.
type explainer struct {
	d       conformance.Dialect
	reading agentReading
	sel     selection
	m       *robots.Matcher
}

// newExplainer returns the explainer of r for the agent value given.
func newExplainer(r *robots.Robots, given string) *explainer {
	reading := readAgent(r, given)
	return &explainer{d: r.Dialect(), reading: reading,
		sel: selectGroups(r, reading.Token), m: r.Agent(reading.Token)}
}

// explain says how the file decides url for the agent.
func (e *explainer) explain(url string) explanation {
	cd, reading, sel := e.d, e.reading, &e.sel
	x := explanation{URL: url, Dialect: cd.String(), Agent: reading, Named: sel.Named,
		Path: cd.Form().URL(url), Matches: []ruleMatch{}}
	if w := normalize.PathQuery(url); w != x.Path {
		x.Written = w
	}
	for _, g := range sel.Groups {
		var ref groupRef
		for _, a := range g.Agents {
			ref.Lines = append(ref.Lines, a.Line)
			ref.Agents = append(ref.Agents, a.Value)
		}
		x.Groups = append(x.Groups, ref)
	}
	for _, rule := range sel.Rules {
		if n, viaIndex := strength(cd, rule, x.Path); n >= 0 {
			x.Matches = append(x.Matches, ruleMatch{Line: rule.Line, Allow: rule.Allow, Pattern: rule.Value,
				Canonical: rule.Pattern, Octets: n, IndexHTML: viaIndex})
		}
	}

	// The reference's winner, held to the engine's decision.
	dec := e.m.Decide(url)
	x.Allowed, x.Line, x.Pattern = dec.Allowed, dec.Line, dec.Pattern
	if dec.Usage.Known() {
		x.Usage = &dec.Usage
	}
	x.HiddenUsage = sel.HiddenUsage
	w := winner(cd, x.Path, x.Matches)
	allowed, refLine := true, 0
	if w >= 0 {
		allowed, refLine = x.Matches[w].Allow || x.Matches[w].Octets == 0, x.Matches[w].Line
	}
	if allowed != dec.Allowed || refLine != dec.Line {
		x.Disagreement = fmt.Sprintf("the reference matcher says %s by line %d; please report this", verdictWord(allowed), refLine)
		x.Why = "the engine's decision"
		return x
	}
	if w >= 0 {
		x.Matches[w].Wins = true
	}
	x.Why = why(cd, &x, w)
	return x
}

// winner picks the deciding match as the reference matcher does
// (conformance.ReferenceIn): none for /robots.txt in RFC 9309; the first
// in the first-match dialects; else the longest, allow winning a tie, then
// the earlier line. It returns an index in matches, or -1.
func winner(d conformance.Dialect, path string, matches []ruleMatch) int {
	if d.Matching().RobotsTxt && conformance.IsRobotsTxt(path) || len(matches) == 0 {
		return -1
	}
	if d.Matching().FirstMatch {
		return 0
	}
	w := 0
	for i, m := range matches[1:] {
		b := &matches[w]
		if m.Octets > b.Octets || m.Octets == b.Octets && m.Allow && !b.Allow {
			w = i + 1
		}
	}
	return w
}

// strength is how strongly rule matches path in dialect d, as the reference
// matcher ranks it: the length of the pattern that matched, or -1. viaIndex
// reports a match as Google's index.html rule.
func strength(d conformance.Dialect, rule fileRule, path string) (n int, viaIndex bool) {
	if rule.Pattern == "" {
		if d.Matching().EmptyRules {
			return 0, false // matches everything with strength 0
		}
		return -1, false
	}
	if literalPrefixOK(rule.Pattern, path) && conformance.Match(rule.Pattern, path) {
		return len(rule.Pattern), false
	}
	if !d.Matching().IndexHTML || !rule.Allow {
		return -1, false
	}
	if i := strings.LastIndexByte(rule.Pattern, '/'); i >= 0 && strings.HasPrefix(rule.Pattern[i:], "/index.htm") {
		if p := rule.Pattern[:i+1] + "$"; literalPrefixOK(p, path) && conformance.Match(p, path) {
			return len(p), true
		}
	}
	return -1, false
}

// literalPrefixOK reports whether path starts with the octets of pattern
// before its first wildcard: a quick necessary condition for a match, so
// that the reference matcher runs only on the rules that may match.
func literalPrefixOK(pattern, path string) bool {
	lit := pattern
	if i := strings.IndexByte(lit, '*'); i >= 0 {
		lit = lit[:i]
	}
	lit = strings.TrimSuffix(lit, "$")
	return strings.HasPrefix(path, lit)
}

// why says why the winner w of rules decides, in the words of the dialect.
func why(d conformance.Dialect, x *explanation, w int) string {
	if w < 0 {
		if d.Matching().RobotsTxt && conformance.IsRobotsTxt(x.Path) {
			return "/robots.txt is always allowed (RFC 9309 2.2.2)"
		}
		return "no rule matches"
	}
	if d.Matching().FirstMatch {
		return "the first rule in file order that matches decides (" + d.String() + ")"
	}
	win := &x.Matches[w]
	if win.Octets == 0 {
		return "an empty rule matches every URL with strength 0 and never disallows (Google's library)"
	}
	s := fmt.Sprintf("the longest match (%d octets)", win.Octets)
	if win.IndexHTML {
		s += ", as Allow: …/index.html also allows …/ (Google's library)"
	}
	if len(x.Matches) == 1 {
		return "the only rule that matches"
	}
	for i, m := range x.Matches {
		switch {
		case i == w || m.Octets != win.Octets:
		case m.Allow != win.Allow:
			return s + fmt.Sprintf("; allow wins the tie with line %d", m.Line)
		default:
			return s + fmt.Sprintf("; the earlier of two equal rules (line %d ties)", m.Line)
		}
	}
	return s
}

// writeExplanation prints one explanation:
//
//	https://shop.example/cart/help/returns
//	  agent    FooBot: no group names it; the * groups apply
//	  groups   line 2: User-agent: *
//	  matches  line 3  disallow  /cart        5 octets
//	           line 5  allow     /cart/help  10 octets  <- wins
//	  verdict  allowed by line 5 (Allow: /cart/help): the longest match (10 octets)
//	  usage    Content-Usage: train-ai=n (line 6)
//
// The usage line appears when the file states usage preferences for the
// URL, and a hidden line when a group names the agent and so hides the *
// group's usage lines.
func writeExplanation(w io.Writer, x *explanation) {
	fmt.Fprintln(w, shown(x.URL)) // no control sequence reaches the terminal
	p := func(key, format string, args ...any) {
		fmt.Fprintf(w, "  %-8s %s\n", key, fmt.Sprintf(format, args...))
	}
	p("agent", "%s", agentLine(x))
	if len(x.Groups) == 0 {
		p("groups", "none: no group names the agent and there is no * group")
	}
	for i, g := range x.Groups {
		key := ""
		if i == 0 {
			key = "groups"
		}
		parts := make([]string, len(g.Agents))
		for j := range g.Agents {
			parts[j] = fmt.Sprintf("line %d: User-agent: %s", g.Lines[j], shown(g.Agents[j]))
		}
		p(key, "%s", strings.Join(parts, ", "))
	}
	if x.Written != "" {
		p("path", "%s (written %s)", shown(x.Path), shown(x.Written))
	}
	if len(x.Matches) == 0 {
		p("matches", "none")
	}
	width := 0
	for _, m := range x.Matches {
		width = max(width, len(shown(m.Pattern)))
	}
	for i, m := range x.Matches {
		key := ""
		if i == 0 {
			key = "matches"
		}
		kind := "disallow"
		if m.Allow {
			kind = "allow"
		}
		mark := ""
		if m.Wins {
			mark = "  <- wins"
		}
		p(key, "line %-3d %-8s  %-*s  %2d octets%s", m.Line, kind, width, shown(m.Pattern), m.Octets, mark)
	}
	p("verdict", "%s", verdictLine(x))
	if x.Disagreement != "" {
		p("warning", "%s", x.Disagreement)
	}
	if x.Usage != nil {
		p("usage", "%s", usageText(*x.Usage))
	}
	if len(x.HiddenUsage) > 0 {
		p("hidden", "the * group's Content-Usage and Content-Signal %s %s %s not apply: a group names %s, which replaces the * group",
			plural(len(x.HiddenUsage), "line", "lines"), joinLines(x.HiddenUsage), plural(len(x.HiddenUsage), "does", "do"), x.Agent.Token)
	}
}

// agentLine says how the agent was read and which groups apply.
func agentLine(x *explanation) string {
	a := x.Agent
	s := a.Token
	if a.Reduced {
		s = fmt.Sprintf("%s (read as %s)", a.Given, a.Token)
	}
	switch {
	case x.Named:
		s += ": named by the groups below"
	case a.ProductToken != "":
		s += fmt.Sprintf(": not a product token, so no group can name it (its product token is %s); the * groups apply", a.ProductToken)
	default:
		s += ": no group names it; the * groups apply"
	}
	return s
}

// verdictLine is the verdict, the deciding line and the reason.
func verdictLine(x *explanation) string {
	v := "allowed"
	if !x.Allowed {
		v = "disallowed"
	}
	if x.Line == 0 {
		return v + ": " + x.Why
	}
	kind := "Disallow"
	for _, m := range x.Matches {
		if m.Line == x.Line && m.Allow {
			kind = "Allow"
		}
	}
	return fmt.Sprintf("%s by line %d (%s: %s): %s", v, x.Line, kind, shown(x.Pattern), x.Why)
}

// differ reports whether the dialects' verdicts or deciding lines differ.
func differ(xs []explanation) bool {
	for _, x := range xs[1:] {
		if x.Allowed != xs[0].Allowed || x.Line != xs[0].Line {
			return true
		}
	}
	return false
}

// writeSideBySide prints the verdicts of several dialects on one URL, one
// row each, marking the rows that differ from the first: "*" for another
// verdict, "~" for the same verdict by another line.
func writeSideBySide(w io.Writer, xs []explanation) {
	fmt.Fprintf(w, "%s  (agent %s)\n", shown(xs[0].URL), agentLine(&xs[0]))
	for _, x := range xs {
		mark := " "
		switch {
		case x.Allowed != xs[0].Allowed:
			mark = "*"
		case x.Line != xs[0].Line:
			mark = "~"
		}
		named := "* groups"
		if x.Named {
			named = "named"
		}
		fmt.Fprintf(w, "%s %-12s %-8s  %s\n", mark, x.Dialect, named, verdictLine(&x))
		if x.Disagreement != "" {
			fmt.Fprintf(w, "  %-12s warning: %s\n", "", x.Disagreement)
		}
	}
	if differ(xs) {
		fmt.Fprintln(w, "(* another verdict than rfc9309, ~ the same verdict by another line)")
	}
}
