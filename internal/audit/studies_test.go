package audit_test

import (
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/robotsexclusion/robots"
	"github.com/robotsexclusion/robots/internal/audit"
)

// consentInCrisis classifies a crawler as the package documentation says
// "Consent in Crisis" does: its rules are those of the groups whose
// user-agent value, in lower case, is its name in lower case, else those
// of *, grouped as RFC 9309 groups lines; rules whose value holds "?" are
// dropped; "none" without a non-empty Disallow or when the Allow and
// Disallow lists are equal, "all" with a Disallow of exactly "/" and no
// Allow, "some" otherwise. No file (ok false) is "none".
func consentInCrisis(body string, ok bool, agent string) string {
	if !ok {
		return "none (no file)"
	}
	type rules struct{ allow, disallow []string }
	byAgent := map[string]*rules{}
	var current []string
	inRules := false
	for _, line := range strings.Split(body, "\n") {
		line, _, _ = strings.Cut(line, "#")
		line = strings.TrimSpace(line)
		key, value, found := strings.Cut(line, ":")
		if !found {
			continue
		}
		key, value = strings.ToLower(strings.TrimSpace(key)), strings.TrimSpace(value)
		switch key {
		case "user-agent":
			if inRules {
				current, inRules = nil, false
			}
			name := strings.ToLower(value)
			if byAgent[name] == nil {
				byAgent[name] = &rules{}
			}
			current = append(current, name)
		case "allow", "disallow":
			inRules = true
			for _, a := range current {
				if key == "allow" {
					byAgent[a].allow = append(byAgent[a].allow, value)
				} else {
					byAgent[a].disallow = append(byAgent[a].disallow, value)
				}
			}
		}
	}
	r := byAgent[strings.ToLower(agent)]
	if r == nil {
		r = byAgent["*"]
	}
	if r == nil {
		r = &rules{}
	}
	drop := func(vs []string) []string {
		var out []string
		for _, v := range vs {
			if !strings.Contains(v, "?") {
				out = append(out, v)
			}
		}
		return out
	}
	allow, disallow := drop(r.allow), drop(r.disallow)
	switch {
	case len(disallow) == 0 || slices.Equal(disallow, []string{""}) || slices.Equal(allow, disallow):
		return "none"
	case slices.Contains(disallow, "/") && len(allow) == 0:
		return "all"
	}
	return "some"
}

// somesite classifies a crawler as the package documentation says
// "Somesite I Used To Crawl" does: Google's library (the Google dialect)
// decides "/", the value of every allow and disallow line of the file
// with a final '$' removed, and a path no file names; "full" when all are
// disallowed, "none" when all are allowed, "partial" otherwise. Captures
// without a file (ok false) are left out.
func somesite(body string, ok bool, agent string) string {
	if !ok {
		return "left out"
	}
	m := robots.Parse([]byte(body), robots.WithDialect(robots.Google)).Agent(agent)
	paths := []string{"/", "/dummy-testing-path-54321"}
	for _, line := range strings.Split(body, "\n") {
		if !strings.Contains(strings.ToLower(line), "allow:") {
			continue
		}
		_, value, _ := strings.Cut(line, ":")
		if f := strings.Fields(value); len(f) > 0 {
			paths = append(paths, strings.TrimSuffix(f[0], "$"))
		}
	}
	root := m.Allowed("https://example.com/")
	for _, p := range paths {
		if m.Allowed("https://example.com"+p) != root {
			return "partial"
		}
	}
	if root {
		return "none"
	}
	return "full"
}

// TestOtherStudies checks the table of the package documentation: each
// file classified for GPTBot by both studies' definitions and here, and
// the row that says so.
func TestOtherStudies(t *testing.T) {
	doc, err := os.ReadFile("doc.go")
	if err != nil {
		t.Fatal(err)
	}
	a := audit.New(audit.Options{Agents: []string{"GPTBot"}})
	for _, tc := range []struct {
		body      string
		status    int
		cic, some string
		here      string // level, and the outcome when it is not ok
	}{
		{"User-agent: *\nDisallow: /*\n", 200, "some", "full", "full"},
		{"User-agent: *\nDisallow: /*?\n", 200, "none", "partial", "partial"},
		{"User-agent: *\nDisallow: /\nAllow: /*?\n", 200, "all", "partial", "partial"},
		{"User-agent: GPTBot/1.0\nDisallow: /\n", 200, "none", "full", "full"},
		{"User-agent: *\nDisallow: /\nAllow: /robots.txt$\n", 200, "some", "partial", "full"},
		{"User-agent: *\nDisallow: /\nAllow: /$\n", 200, "some", "partial", "partial"},
		{"User-agent: *\nAllow: /\nDisallow: /\n", 200, "none", "none", "none"},
		{"<html>Service Unavailable</html>", 503, "none (no file)", "left out", "full (unreachable)"},
		{"<html>Not Found</html>", 404, "none (no file)", "left out", "none (unavailable)"},
	} {
		ok := tc.status == 200
		if got := consentInCrisis(tc.body, ok, "GPTBot"); got != tc.cic {
			t.Errorf("%q: Consent in Crisis says %s, the table %s", tc.body, got, tc.cic)
		}
		if got := somesite(tc.body, ok, "GPTBot"); got != tc.some {
			t.Errorf("%q: Somesite says %s, the table %s", tc.body, got, tc.some)
		}
		rec := a.Audit(ptr(capture("https://example.com/robots.txt", tc.status, tc.body)))
		got := string(agentOf(t, rec, "GPTBot").Level)
		if rec.Outcome != "ok" {
			got += " (" + rec.Outcome + ")"
		}
		if got != tc.here {
			t.Errorf("%q: here %s, the table %s", tc.body, got, tc.here)
		}
		file := "a " + strconv.Itoa(tc.status) + " answer"
		if ok {
			file = strings.ReplaceAll(strings.TrimSuffix(tc.body, "\n"), "\n", " / ")
		}
		row := strings.Join([]string{file, tc.cic, tc.some, tc.here}, " ")
		if !strings.Contains(squeeze(string(doc)), row) {
			t.Errorf("the package documentation has no row %q", row)
		}
	}
}

// squeeze returns s with each run of spaces and tabs as one space.
func squeeze(s string) string {
	return strings.Join(strings.FieldsFunc(s, func(r rune) bool { return r == ' ' || r == '\t' }), " ")
}
