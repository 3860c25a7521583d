package conformance_test

import (
	"fmt"

	"github.com/robotsexclusion/robots"
	"github.com/robotsexclusion/robots/compile"
	"github.com/robotsexclusion/robots/conformance"
)

// An engine is run on the spec files this package ships as an Impl; each
// error is a case it gets wrong. This module's engine gets none wrong, and
// an engine that allows every URL gets the disallowed ones wrong.
func ExampleSuite_Run() {
	suite, err := conformance.Load(conformance.Files, conformance.SpecDir)
	if err != nil {
		panic(err)
	}
	d := compile.RFC9309
	engine := func(body []byte, agent, url string) conformance.Verdict {
		v := robots.Parse(body, robots.WithDialect(d)).Agent(agent).Decide(url)
		return conformance.Verdict{Allowed: v.Allowed, Line: v.Line, Pattern: v.Pattern, Usage: v.Usage}
	}
	fmt.Println("robots:", len(suite.Run(d, engine)), "wrong")
	allowAll := func(body []byte, agent, url string) conformance.Verdict { return conformance.Verdict{Allowed: true} }
	fmt.Println("allow all:", len(suite.Run(d, allowAll)) > 0)
	// Output:
	// robots: 0 wrong
	// allow all: true
}
