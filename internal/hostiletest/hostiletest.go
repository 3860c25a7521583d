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
	r := rand.New(rand.NewPCG(4, 26))
	seen := map[string]bool{}
	var b strings.Builder
	b.WriteString("User-agent: *\n")
	for b.Len() < robots.DefaultParseLimit-32 {
		l := "Disallow: /"
		for range 4 {
			l += "*" + string(rune('a'+r.IntN(26)))
		}
		l += "$\n"
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
