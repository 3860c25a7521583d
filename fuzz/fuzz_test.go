package fuzz

import (
	"strconv"
	"strings"
	"testing"

	"github.com/robotsexclusion/robots"
	"github.com/robotsexclusion/robots/compile"
	"github.com/robotsexclusion/robots/normalize"
)

// FuzzDecide parses any body and decides any URL for any agent: nothing may
// panic, and every tier of the engine must agree with the reference matcher
// on the decision, the line and the pattern.
func FuzzDecide(f *testing.F) {
	f.Add([]byte("User-agent: *\nDisallow: /a\nAllow: /a/b$\n"), "x", "/a/b")
	f.Add([]byte("User-agent: FooBot/2\r\nDisallow: /*.pdf$\rAllow: /%7e*\n"), "FooBot", "http://h/~x.pdf")
	f.Add([]byte("\xEF\xBB\xBFUser-agent: *\nDisallow: /caf\xC3\xA9\x00x\n"), "", "/caf%c3%a9")
	f.Add([]byte("Content-Signal: ai-train=no\nUser-Agent: *\nAllow: /\nDisallow: /never/\nContent-Usage: train-ai=n\nContent-Usage: /ai-ok/ train-ai=y\n"), "x", "/ai-ok/test")
	// The scan of a Matcher's rules before its automaton is built: ties
	// of rank, segments that overlap, an anchor after a star.
	f.Add([]byte("User-agent: *\nDisallow: /*ab*ab$\nAllow: /*aab\nDisallow: /aa\nAllow: /a*\n"), "x", "/aabab")
	f.Fuzz(func(t *testing.T, body []byte, agent, url string) {
		checkAgree(t, body, agent, []string{url})
	})
}

// FuzzRules builds wildcard-heavy rule sets from a compact description,
// which reaches the union constructions that random bodies rarely do: each
// octet of spec picks a piece of a pattern from a small alphabet, and '\n'
// starts the next rule: a Disallow line, an Allow line after '!', or after
// '@' and a digit a Content-Usage line with that path (none when empty)
// and the digit's preference (see fuzzPrefs), so that the usage classes
// of the automaton meet the same unions.
func FuzzRules(f *testing.F) {
	f.Add([]byte("/*a*b\n/*b*a\n/*ab$\n!/a*\n"), "/xaxbxa")
	f.Add([]byte(exponentialFamily(8)), "/a0b0a1b1a2")
	f.Add([]byte("!/a/*.php$\n/a/\n/*?s=\n!/*%2A\n"), "/a/x.php?s=1")
	f.Add([]byte("@0\n@1/ai-ok/\n/never/\n@2/*.pdf\n@3/*.pdf$\n@4/a*b\n@5/ab\n@6/a\n"), "/ai-ok/x.pdf")
	f.Fuzz(func(t *testing.T, spec []byte, url string) {
		checkAgree(t, rulesBody(spec, 0), "x", []string{url, "/" + url})
	})
}

// FuzzRulesLaidOut is FuzzRules on files whose rules are written again
// and again, each copy's patterns under a prefix of its own, until their
// values hold 6 KiB: enough for a Matcher to keep the patterns its
// dialect appends after them (kept.Keep), so that an automaton built of
// them reads its patterns in the kept text (automaton.CompileIn), on every
// tier, Content-Usage classes included.
func FuzzRulesLaidOut(f *testing.F) {
	f.Add([]byte("/*a*b\n/*b*a\n/*ab$\n!/a*\n"), "/c3/xaxbxa")
	f.Add([]byte("!/a/*.php$\n/a/\n/*?s=\n!/*%2A\n/b**c\n"), "/c1/a/x.php?s=1")
	f.Add([]byte("@0\n@1/ai-ok/\n/never/\n@2/*.pdf\n@3/*.pdf$\n@4/a*b\n@5/ab\n@6/a\n"), "/c7/ai-ok/x.pdf")
	f.Fuzz(func(t *testing.T, spec []byte, url string) {
		checkAgree(t, rulesBody(spec, 6<<10), "x", []string{url, "/" + url})
	})
}

// rulesBody is the file FuzzRules describes by spec: one group, a line per
// line of spec. With least above 0, the lines are written again, the
// paths of each copy k under "/ck" (a pattern starting "*" as it is),
// until the values written hold least octets.
func rulesBody(spec []byte, least int) []byte {
	var body strings.Builder
	body.WriteString("User-agent: *\n")
	values := 0
	for k := 0; ; k++ {
		before := values
		for _, line := range strings.Split(string(spec), "\n") {
			if len(line) > 64 {
				line = line[:64]
			}
			key := "Disallow: "
			switch {
			case strings.HasPrefix(line, "!"):
				key, line = "Allow: ", line[1:]
			case len(line) >= 2 && line[0] == '@':
				key, line = "Content-Usage: ", strings.TrimSpace(line[2:]+" "+fuzzPrefs[int(line[1])%len(fuzzPrefs)])
			}
			if k > 0 && strings.HasPrefix(line, "/") {
				line = "/c" + strconv.Itoa(k) + line
			}
			body.WriteString(key + line + "\n")
			values += len(line)
		}
		if values >= least || values == before { // or no value to repeat
			return []byte(body.String())
		}
	}
}

// fuzzPrefs are the preferences FuzzRules gives Content-Usage lines: each
// category y or n, both, a conflict, and values that state nothing.
var fuzzPrefs = []string{"train-ai=n", "train-ai=y", "search=n", "search=y", "train-ai=y, search=n",
	"train-ai=n, search=y", "train-ai=yes", "search", "train-ai=y, train-ai=n"}

// exponentialFamily is k rules "/*a_i*b_i", whose union needs 2^k DFA
// states.
func exponentialFamily(k int) string {
	var b strings.Builder
	for i := 0; i < k; i++ {
		b.WriteString("/*a")
		b.WriteByte(byte('0' + i%10))
		b.WriteString("*b")
		b.WriteByte(byte('0' + i%10))
		b.WriteByte('\n')
	}
	return b.String()
}

// FuzzNormalize checks the canonical form: it is stable (canonicalizing a
// canonical pattern changes nothing), a URL's canonical form is what a walk
// with Next produces, and the path always starts with "/".
func FuzzNormalize(f *testing.F) {
	f.Add("/a%2fb%7E*$")
	f.Add("http://u@h:1/caf\xC3\xA9?q=%zz#f")
	f.Add("//h?x;y")
	f.Fuzz(func(t *testing.T, s string) {
		p := normalize.Canonical.Pattern(s)
		if q := normalize.Canonical.Pattern(p); q != p {
			t.Errorf("Pattern not stable: %q -> %q -> %q", s, p, q)
		}
		u := normalize.Canonical.URL(s)
		if !strings.HasPrefix(u, "/") {
			t.Errorf("URL(%q) = %q does not start with /", s, u)
		}
		if walked := normalize.Canonical.Input(s).AppendTo(nil); string(walked) != u {
			t.Errorf("the engine's input of %q reads %q, URL = %q", s, walked, u)
		}
	})
}

// FuzzParse reads any body: the parser must not panic, and every line it
// reports must exist.
func FuzzParse(f *testing.F) {
	f.Add([]byte("User-agent: *\nDisallow /a\nCrawl-delay: 1e9\nSitemap: x\n"))
	f.Add([]byte("\xFF\xFEU\x00s\x00"))
	f.Fuzz(func(t *testing.T, body []byte) {
		r := robots.Parse(body)
		text, _, _ := normalize.Prepare(body, normalize.BodyOptions{})
		lines := compile.RFC9309.Parse(text).Lines
		for _, d := range r.Diagnostics() {
			if d.Line < 0 || d.Line > lines+2 {
				t.Errorf("diagnostic %v names line %d of %d", d, d.Line, lines)
			}
		}
	})
}
