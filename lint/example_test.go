package lint_test

import (
	"fmt"

	"github.com/robotsexclusion/robots"
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

// A caller that wants only some checks picks them by code, or by the
// code's severity: here, the errors alone, so the duplicate rule of line
// 3, a warning, is not reported.
func ExampleChecks() {
	var errors []*lint.Check
	for _, c := range lint.Checks() {
		if c.Code().Severity() == robots.SeverityError {
			errors = append(errors, c)
		}
	}
	body := []byte("User-agent: *\nDisallow: /a\nDisallow: /a\nAllow: /a\n")
	for _, d := range lint.Run(body, nil, errors...) {
		fmt.Println(d)
	}
	// Output:
	// 2: error: conflicting-rule: "/a" is disallowed on line 2 and allowed on line 4; allow wins a tie, so line 2 does nothing
}
