package compile_test

import (
	"fmt"

	"github.com/robotsexclusion/robots/compile"
)

// Parse reads a body leniently and reports what it had to interpret;
// Select merges the groups that apply to a crawler.
func ExampleDialect_Parse() {
	f := compile.RFC9309.Parse([]byte("User-agent: FooBot/2.1\nDisalow: /private\n\nUser-agent: *\nDisallow: /tmp\n"))
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

// Each dialect reads a crawler's agent value its own way: RFC 9309 takes
// the leading product token, Google's library compares the value as
// given, and the 1996 draft keeps it whole, to match names within it.
func ExampleDialect_ReadAgent() {
	for _, d := range []compile.Dialect{compile.RFC9309, compile.Google, compile.Draft1996} {
		t := d.ReadAgent("FooBot/2.1")
		fmt.Printf("%s: %q usable=%v\n", d, t.Token, t.Usable)
	}
	// Output:
	// rfc9309: "FooBot" usable=true
	// google: "FooBot/2.1" usable=false
	// draft1996: "FooBot/2.1" usable=true
}

// ParseLines also returns what the parser read each line as, with the
// spans of its key and value in the file's text: what a tool pointing
// into the file reads, rather than the text again.
func ExampleDialect_ParseLines() {
	f, lines := compile.RFC9309.ParseLines([]byte("User-agent: *\n# private\nDisalow: /tmp\n"))
	text := f.Text()
	for i, l := range lines {
		fmt.Printf("%d %s %q %q\n", i+1, l.Kind, text[l.Key.Start:l.Key.End], text[l.Value.Start:l.Value.End])
	}
	// Output:
	// 1 user-agent "User-agent" "*"
	// 2 comment "" ""
	// 3 disallow "Disalow" "/tmp"
}
