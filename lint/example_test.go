package lint_test

import (
	"fmt"

	"github.com/robotsexclusion/robots"
	"github.com/robotsexclusion/robots/compile"
	"github.com/robotsexclusion/robots/lint"
)

// Run reports the parser's diagnostics and the checks', each with its
// code's severity, in line order. The rule collapsed onto Spinn3r's line
// is no rule, so its group runs on to GPTBot's, whose rules it shares.
func ExampleRun() {
	body := []byte("User-agent: *\nDisallow: /private\n\nUser-agent: Spinn3r Disallow: /\n\nUser-agent: GPTBot\nDisallow: /tmp\n")
	for _, d := range lint.Run(body, nil) {
		fmt.Println(d)
	}
	// Output:
	// 4:21: error: collapsed-rule: "Disallow: /" is on the user-agent line, so it is part of the agent's value and no rule: put it on a line of its own
	// 4: warning: star-replaced: the group for Spinn3r Disallow: / (read as Spinn) replaces the * group for it: 1 disallow rule of the * group (first: line 2) does not apply to it
	// 6: warning: star-replaced: the group for GPTBot replaces the * group for it: 1 disallow rule of the * group (first: line 2) does not apply to it
}

// A check of one's own is a value like the package's: here, one that asks
// the parser's line table for keys written in upper case.
func ExampleCheck() {
	upper := &lint.Check{
		Name:     "upper-case-key",
		Doc:      "a key written in upper case",
		Severity: robots.SeverityInfo,
		Run: func(p *lint.Pass) {
			for i, l := range p.Source.Lines {
				if k := p.Text(l.Key); l.Kind != compile.LineBlank && k != "" && k == toUpper(k) {
					p.Reportf(i+1, l.Key.Start-l.Span.Start+1, "%s is in upper case", k)
				}
			}
		},
	}
	for _, d := range lint.Run([]byte("USER-AGENT: *\n  DISALLOW: /x\n"), nil, upper) {
		fmt.Println(d.Line, d.Column, d.Code, d.Message)
	}
	// Output:
	// 1 1 upper-case-key USER-AGENT is in upper case
	// 2 3 upper-case-key DISALLOW is in upper case
}

func toUpper(s string) string {
	b := []byte(s)
	for i, c := range b {
		if 'a' <= c && c <= 'z' {
			b[i] = c - 'a' + 'A'
		}
	}
	return string(b)
}

// LeftBehind says which rules of the * group a named group drops; in the
// first-match dialects only the first group naming the crawler counts.
func ExampleLeftBehind() {
	body := []byte("User-agent: *\nDisallow: /private\n\nUser-agent: Googlebot\nDisallow: /tmp\n\nUser-agent: Googlebot\nDisallow: /private\n")
	for _, d := range []robots.Dialect{robots.RFC9309, robots.Draft1996} {
		r := robots.Parse(body, robots.WithDialect(d))
		fmt.Println(d, lint.LeftBehind(r, "Googlebot"))
	}
	// Output:
	// rfc9309 []
	// draft1996 [{2 false /private /private}]
}
