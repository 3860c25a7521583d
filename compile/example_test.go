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
func ExampleDialect_Lower() {
	f := compile.RFC9309.Options().Parse([]byte("User-agent: *\nDisallow: /a\nAllow: /a/b$\n"))
	for _, l := range compile.RFC9309.Lower(f.Select("FooBot")) {
		if l.Line == 0 {
			fmt.Println("added", l.Pattern, l.Allow)
			continue
		}
		fmt.Println(l.Line, l.Pattern, l.Rank, l.Allow)
	}
	// Output:
	// 2 /a 4 false
	// 3 /a/b$ 11 true
	// added /robots.txt$ true
	// added /robots.txt? true
}

// LowerUsage turns the Content-Usage rules selected for a crawler into
// ranked patterns of the usage classes. Here no wildcard pattern is as
// long as another, so the rules are grouped by pattern in one class,
// ranked by length; the table reads the winner back as preferences.
func ExampleLowerUsage() {
	f := compile.Parse([]byte("User-agent: *\nContent-Usage: train-ai=n\nContent-Usage: /ai-ok/ train-ai=y\nContent-Usage: /*.pdf search=n\n"))
	low, table := compile.LowerUsage(f.Select("FooBot"))
	for _, l := range low {
		fmt.Printf("class %d rank %d line %d %q\n", l.Class, l.Rank, l.Line, l.Pattern)
	}
	// Say the automaton found the rule of /ai-ok/ (index 1) the best match.
	fmt.Println(table.Prefs([]int32{-1, 1, -1}, 0))
	// Output:
	// class 1 rank 0 line 2 ""
	// class 1 rank 7 line 3 "/ai-ok/"
	// class 1 rank 6 line 4 "/*.pdf"
	// Content-Usage: train-ai=y
}
