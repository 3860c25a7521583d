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
		fmt.Println(r.Line, r.Allow, r.Canonical)
	}
	// Output:
	// 1: warning: agent-not-token: user-agent value "FooBot/2.1" is read as the product token "FooBot"
	// 2: warning: misspelt-key: "Disalow" is a misspelling; read as disallow
	// 2 false /private
}

// Lower turns the rules selected for a crawler into ranked patterns for
// package automaton: in RFC 9309 the rank is twice the pattern's length,
// plus one for an allow, and /robots.txt is always allowed, above all.
// Content-Usage rules get classes of their own, ranked so that their
// winners say the preferences. The dump is "class rank pattern", then,
// for class 0, what the rule decides and the line it stands for.
func ExampleDialect_Lower() {
	f := compile.RFC9309.Parse([]byte("User-agent: *\nDisallow: /a\nAllow: /a/b$\nContent-Usage: /ai-ok/ train-ai=y\n"))
	p := compile.RFC9309.Lower(f.Select("FooBot"))
	fmt.Print(p.String())
	// Output:
	// 0 4 /a -> disallow 2
	// 0 11 /a/b$ -> allow 3
	// 0 max /robots.txt$ -> allow 0
	// 0 max /robots.txt? -> allow 0
	// 1 7 /ai-ok/
}
