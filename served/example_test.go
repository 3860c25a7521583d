package served_test

import (
	"fmt"

	"github.com/robotsexclusion/robots"
	"github.com/robotsexclusion/robots/served"
)

// Decide gives a Transport's verdict for a Matcher: a path that a common
// server reads as a disallowed one is disallowed, and says how it read it.
func ExampleDecide() {
	m := robots.Parse([]byte("User-agent: *\nDisallow: /private/\nDisallow: /*.pdf$\n")).Agent("FooBot")
	for _, u := range []string{
		"https://example.com/public/a.html",
		"https://example.com/public/..%2Fprivate/a.html",
		"https://example.com/report.pdf;jsessionid=1",
		"https://example.com/report.pdf?page=2",
	} {
		v := served.Decide(m, u)
		fmt.Printf("%s: allowed %v, line %d", u, v.Allowed, v.Line)
		if v.Reading != "" {
			fmt.Printf(", read as %s", v.Reading)
		}
		fmt.Println()
	}
	// Output:
	// https://example.com/public/a.html: allowed true, line 0
	// https://example.com/public/..%2Fprivate/a.html: allowed false, line 2, read as /private/a.html
	// https://example.com/report.pdf;jsessionid=1: allowed false, line 3, read as /report.pdf
	// https://example.com/report.pdf?page=2: allowed true, line 0
}
