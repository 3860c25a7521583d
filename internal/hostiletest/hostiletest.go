// Package hostiletest holds the robots.txt files that tests of several
// packages share to meet hostile input (a file past the decision budget,
// URLs that servers read as other paths), so that each package tests its
// own answer to the same file.
package hostiletest

import (
	"math/rand/v2"
	"strings"

	"github.com/robotsexclusion/robots"
)

// ServedRules is a robots.txt whose disallowed paths common servers reach
// by other spellings of a URL's path (dot segments, escaped slashes,
// trailing dots and slashes, case): package served decides such paths, and
// package fetch's tests serve this file from real net/http servers.
const ServedRules = `User-agent: *
Disallow: /private/
Disallow: /static/private/
Disallow: /files/private/
Disallow: /secret/
Disallow: /*.pdf$
Disallow: /admin$
`

// OverBudget returns a file no exact decision of its URL fits the decision
// budget of (robots.ErrOverBudget), and that URL's path: lines
// "Disallow: /*a*b*c*d$" of four letters drawn from 26, every line
// distinct, to the parse limit, and a path of 1 KiB of letters, on which
// tens of thousands of its patterns move on. It returns the same file on
// every call.
func OverBudget() (body []byte, path string) {
	return overBudget("", func(pattern string) string { return "Disallow: " + pattern })
}

// UsageOverBudget returns a file whose Content-Usage rules alone take its
// URL past the decision budget, and that URL's path: OverBudget's patterns
// on lines "Content-Usage: /*a*b*c*d$ train-ai=y", after one "Disallow:
// /private" (which the URL does not match), to the parse limit. Deciding
// the URL against its Allow and Disallow rules alone costs next to
// nothing. It returns the same file on every call.
func UsageOverBudget() (body []byte, path string) {
	return overBudget("Disallow: /private\n", func(pattern string) string {
		return "Content-Usage: " + pattern + " train-ai=y"
	})
}

// overBudget writes the * group of OverBudget and UsageOverBudget: head,
// then a line of each distinct pattern "/*a*b*c*d$" as line writes it,
// while the file is shorter than the parse limit by the longest such line
// and a margin; and their URL's path.
func overBudget(head string, line func(pattern string) string) (body []byte, path string) {
	r := rand.New(rand.NewPCG(4, 26))
	seen := map[string]bool{}
	var b strings.Builder
	b.WriteString("User-agent: *\n" + head)
	for b.Len() < robots.DefaultParseLimit-len(line("/*a*b*c*d$"))-12 {
		p := "/"
		for range 4 {
			p += "*" + string(rune('a'+r.IntN(26)))
		}
		l := line(p+"$") + "\n"
		if !seen[l] {
			seen[l] = true
			b.WriteString(l)
		}
	}
	u := []byte("/")
	for len(u) < 1<<10 {
		u = append(u, byte('a'+r.IntN(26)))
	}
	return []byte(b.String()), string(u)
}
