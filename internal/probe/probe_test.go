package probe_test

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/robotsexclusion/robots"
	"github.com/robotsexclusion/robots/internal/probe"
)

func TestProbes(t *testing.T) {
	r := robots.Parse([]byte("User-agent: *\nDisallow: /a*b$\nAllow: /c/d\n"))
	got := strings.Join(probe.Files(r), " ")
	want := strings.Fields("/ /a /ab /ab/ /ab/b /ab/bb /abb /abbb /abx /abxb /abxbb /ax /axb /axb/ /axb/b /axb/bb /axbb /axbbb /axbx /axbxb /axbxbb /c/ /c/d /c/d/ /c/dx")
	want = slices.Compact(want)
	if got != strings.Join(want, " ") {
		t.Errorf("probes:\n got %s\nwant %s", got, strings.Join(want, " "))
	}
}

// TestProbePaths checks that no probe starts with "//", which a URL parser
// reads as a host (issue 26: CCBot's Disallow: /*/*/pulse on github.com
// became the probe ///pulse, read as the path /pulse, and a verdict that
// contradicted the rule it came from), and that the path named for a rule
// is one the rule matches.
func TestProbePaths(t *testing.T) {
	body := "User-agent: CCBot\nDisallow: /*/*/pulse\nDisallow: //twice\nDisallow: /*/$\n"
	r := robots.Parse([]byte(body))
	for _, p := range probe.Files(r) {
		if strings.HasPrefix(p, "//") || !strings.HasPrefix(p, "/") {
			t.Errorf("probe %q", p)
		}
	}
	m := r.Agent("CCBot")
	for _, tt := range []struct{ pattern, path string }{
		{"/*/*/pulse", "/x/x/pulse"}, {"/*.pdf$", "/.pdf"}, {"/private*", "/private"}, {"//twice", "/x//twice"}, {"*x", "/x"},
	} {
		if got := probe.RulePath(tt.pattern); got != tt.path {
			t.Errorf("RulePath(%q) = %q, want %q", tt.pattern, got, tt.path)
		}
	}
	if m.Allowed(probe.RulePath("/*/*/pulse")) {
		t.Errorf("the path named for /*/*/pulse is allowed by it")
	}
}

// The probes of each rule are among the file's probes, and are all of them
// but "/" when no rule has a wildcard to pair with.
func TestRule(t *testing.T) {
	for _, tc := range []struct {
		body  string
		pairs bool
	}{
		{"User-agent: *\nDisallow: /cart\nAllow: /cart/help$\nDisallow: /a%7eb\n", false},
		{"User-agent: *\nDisallow: /*.pdf$\nDisallow: /support\n", true},
		{"User-agent: a\nDisallow: /x\n\nUser-agent: *\nAllow: /y/\n", false},
	} {
		for _, d := range []robots.Dialect{robots.RFC9309, robots.Google, robots.Draft1996} {
			r := robots.Parse([]byte(tc.body), robots.WithDialect(d))
			all := map[string]bool{}
			for _, p := range probe.Files(r) {
				all[p] = true
			}
			own := map[string]bool{"/": true}
			for _, g := range r.Groups() {
				for _, rule := range g.Rules {
					for _, p := range probe.Rule(nil, d, rule.Pattern) {
						if !all[p] {
							t.Errorf("%s %q: rule probe %q of %q is not among Files", d, tc.body, p, rule.Pattern)
						}
						own[p] = true
					}
				}
			}
			if !tc.pairs && len(own) != len(all) {
				t.Errorf("%s %q: %d rule probes and /, %d probes", d, tc.body, len(own), len(all))
			}
		}
	}
	if got := probe.Rule([]string{"/kept"}, robots.RFC9309, ""); len(got) != 1 {
		t.Errorf("Rule of an empty rule appended %v", got[1:])
	}
}

// TestMaxPairs checks the bound on the probes of pairs: a file of wildcard
// rules that all pair with every probe makes MaxPairs of them, in both
// rounds, besides the probes of each rule.
func TestMaxPairs(t *testing.T) {
	var b strings.Builder
	b.WriteString("User-agent: *\n")
	for i := range 400 {
		fmt.Fprintf(&b, "Disallow: /*x%d\n", i)
	}
	r := robots.Parse([]byte(b.String()))
	own := map[string]bool{"/": true}
	for _, g := range r.Groups() {
		for _, rule := range g.Rules {
			for _, p := range probe.Rule(nil, robots.RFC9309, rule.Pattern) {
				own[p] = true
			}
		}
	}
	got := len(probe.Files(r)) - len(own)
	if got != probe.MaxPairs {
		t.Errorf("%d probes of pairs, want the bound %d (%d rules pair with %d probes)", got, probe.MaxPairs, 400, len(own))
	}
}

// Probes are the paths a change is decided on without a list of URLs;
// a path never starts with "//".
func ExampleFiles() {
	r := robots.Parse([]byte("User-agent: *\nDisallow: /*/admin$\n"))
	fmt.Println(probe.Files(r))
	// Output:
	// [/ /x/ /x//admin /x//admin/admin /x/admi /x/admi/admin /x/admi/admin/admin /x/admin /x/admin/ /x/admin//admin /x/admin//admin/admin /x/admin/admin /x/admin/admin/admin /x/adminx /x/adminx/admin /x/adminx/admin/admin]
}

// The probes of one rule, without pairs: what robots audit decides to
// classify a crawler's access, rule by rule.
func ExampleRule() {
	fmt.Println(probe.Rule(nil, robots.RFC9309, "/*.pdf$"))
	// Output:
	// [/.pdf /.pdfx /.pdf/ /.pd / /x.pdf /x.pdfx /x.pdf/ /x.pd /]
}
