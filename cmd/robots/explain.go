package main

// The explain command: for each URL, how the file was read for the agent,
// every rule that matches, which one wins and why (Matcher.Explain), then
// the usage preferences the file states for it and the * group's usage
// lines a named group hides. This file reads the flags and writes the
// text; the explanation comes from the library, through package report.

import (
	"bufio"
	"flag"
	"fmt"
	"io"
	"strings"

	"github.com/robotsexclusion/robots"
	"github.com/robotsexclusion/robots/internal/report"
	"github.com/robotsexclusion/robots/internal/words"
)

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
	dialects := robots.Dialects()
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
	ex := report.NewExplainers(body, *agent, dialects)
	out := bufio.NewWriter(e.stdout)
	defer out.Flush()
	first := true
	err = eachURL(e, fs.Args(), func(url string) {
		switch {
		case *asJSON:
			writeJSON(out, ex.JSON(url))
		case len(dialects) == 1:
			if !first {
				fmt.Fprintln(out)
			}
			writeExplanation(out, ex.Explain(url)[0])
		default:
			if !first {
				fmt.Fprintln(out)
			}
			writeSideBySide(out, ex.Explain(url))
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
func writeExplanation(w io.Writer, x report.Explanation) {
	fmt.Fprintln(w, report.Shown(x.URL)) // no control sequence reaches the terminal
	p := func(key, format string, args ...any) {
		fmt.Fprintf(w, "  %-8s %s\n", key, fmt.Sprintf(format, args...))
	}
	p("agent", "%s", agentLine(&x))
	for i, g := range x.Groups {
		parts := make([]string, len(g.Agents))
		for j := range g.Agents {
			parts[j] = fmt.Sprintf("line %d: User-agent: %s", g.Lines[j], report.Shown(g.Agents[j]))
		}
		p(firstKey(i, "groups"), "%s", strings.Join(parts, ", "))
	}
	if x.Written != "" {
		p("path", "%s (written %s)", report.Shown(x.Path), report.Shown(x.Written))
	}
	if x.Error != "" {
		p("warning", "%s", x.Error)
	}
	if len(x.Matches) == 0 {
		p("matches", "none")
	}
	width := 0
	for _, m := range x.Matches {
		width = max(width, len(report.Shown(m.Pattern)))
	}
	for i, m := range x.Matches {
		mark := ""
		if m.Wins {
			mark = "  <- wins"
		}
		p(firstKey(i, "matches"), "line %-3d %-8s  %-*s  %2d octets%s", m.Line, ruleKind(m.Allow), width, report.Shown(m.Pattern), m.Octets, mark)
	}
	p("verdict", "%s", verdictLine(&x))
	if x.Served != nil {
		p("served", "%s: a server may read the path so, and check and the Transport refuse the URL", x.Served)
	}
	if x.Usage != nil {
		p("usage", "%s", x.Usage.AppendWithSources(nil))
	}
	if n := len(x.HiddenUsage); n > 0 {
		p("hidden", "the * group's Content-Usage and Content-Signal %s %s %s not apply: a group names %s, which replaces the * group",
			words.Plural(n, "line", "lines"), words.Lines(x.HiddenUsage), words.Plural(n, "does", "do"), x.Agent.Shown)
	}
}

// firstKey is key for the first row of a list, and "" for the others.
func firstKey(i int, key string) string {
	if i == 0 {
		return key
	}
	return ""
}

// ruleKind is "allow" or "disallow".
func ruleKind(allow bool) string {
	if allow {
		return "allow"
	}
	return "disallow"
}

// agentLine says how the agent was read and which groups apply, without
// contradicting the groups line: "FooBot: no group names it; the * groups
// apply", "360Spider (no product token): no group can name it; ...".
func agentLine(x *report.Explanation) string {
	s := x.Agent.Shown
	switch {
	case x.Named:
		return s + ": named by the groups below"
	case x.Agent.ProductToken != "":
		s += fmt.Sprintf(": not a product token, so no group can name it (its product token is %s)", x.Agent.ProductToken)
	case x.Agent.Token == "":
		s += ": no group can name it"
	default:
		s += ": no group names it"
	}
	if len(x.Groups) == 0 {
		return s + ", and there is no * group: nothing is disallowed"
	}
	return s + "; the * groups apply"
}

// verdictLine is the verdict, the deciding line and the reason.
func verdictLine(x *report.Explanation) string {
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
	return fmt.Sprintf("%s by line %d (%s: %s): %s", v, x.Line, kind, report.Shown(x.Pattern), x.Why)
}

// writeSideBySide prints the verdicts of several dialects on one URL, one
// row each, marking the rows that differ from the first: "*" for another
// verdict, "~" for the same verdict by another line.
func writeSideBySide(w io.Writer, xs []report.Explanation) {
	fmt.Fprintf(w, "%s  (agent %s)\n", report.Shown(xs[0].URL), agentLine(&xs[0]))
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
	}
	if report.Differ(xs) {
		fmt.Fprintln(w, "(* another verdict than rfc9309, ~ the same verdict by another line)")
	}
}
