package compile_test

import (
	"fmt"

	"github.com/robotsexclusion/robots/compile"
)

// Parse reads a body leniently and reports what it had to interpret;
// Select merges the groups that apply to a crawler.
func ExampleParse() {
	f := compile.Parse([]byte("User-agent: FooBot/2.1\nDisalow: /private\n\nUser-agent: *\nDisallow: /tmp\n"))
	for _, d := range f.Diagnostics() {
		fmt.Println(d)
	}
	for _, r := range f.Select("foobot").Rules {
		fmt.Println(r.Line, r.Allow, r.Pattern)
	}
	// Output:
	// 1: agent-not-token: user-agent value "FooBot/2.1" is read as the product token "FooBot"
	// 2: misspelt-key: "Disalow" is a misspelling; read as disallow
	// 2 false /private
}
