package conformance_test

import (
	"fmt"

	"github.com/robotsexclusion/robots/compile"
	"github.com/robotsexclusion/robots/conformance"
)

// An engine is run on the spec files this package ships as an Impl; each
// error is a case it gets wrong. The reference gets none wrong, and an
// engine that allows every URL gets the disallowed ones wrong.
func ExampleSuite_Run() {
	suite, err := conformance.Load(conformance.Files, conformance.SpecDir)
	if err != nil {
		panic(err)
	}
	d := compile.RFC9309
	fmt.Println("reference:", len(suite.Run(d, conformance.ReferenceImpl(d))), "wrong")
	allowAll := func(body []byte, agent, url string) conformance.Verdict { return conformance.Verdict{Allowed: true} }
	fmt.Println("allow all:", len(suite.Run(d, allowAll)) > 0)
	// Output:
	// reference: 0 wrong
	// allow all: true
}
