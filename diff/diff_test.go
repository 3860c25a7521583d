package diff_test

import (
	"errors"
	"fmt"
	"io/fs"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/robotsexclusion/robots"
	"github.com/robotsexclusion/robots/compile"
	"github.com/robotsexclusion/robots/conformance"
	"github.com/robotsexclusion/robots/diff"
	"github.com/robotsexclusion/robots/internal/corpus"
)

// TestAccidents checks the accidents of a change, and that a new group
// disallowing everything drops nothing of the * group, as lint knows
// (issue 26: diff called the standard "block AI crawlers" file an accident).
func TestAccidents(t *testing.T) {
	const old = "Sitemap: https://a.example/s.xml\nUser-agent: *\nDisallow: /cart\nContent-Signal: ai-train=no\nAllow: /\n"
	tests := []struct {
		name, new string
		want      []string // code: message prefix
	}{
		{"named group drops * rules", old + "\nUser-agent: GPTBot\nDisallow: /private\n", []string{
			"star-replaced: named group drops * rules: GPTBot is now named (new line 7), so the 1 disallow rule of * no longer applies to it",
			"star-usage-hidden: named group drops * usage preferences: GPTBot is now named (new line 7), so the * group's Content-Usage and Content-Signal line 4 no longer applies to it"}},
		{"names as written", old + "\nUser-agent: Spinn3r\nDisallow: /x\n", []string{
			"star-replaced: named group drops * rules: Spinn3r (read as Spinn) is now named (new line 7)",
			"star-usage-hidden: named group drops * usage preferences: Spinn3r (read as Spinn) is now named"}},
		{"block AI", old + "\nUser-agent: GPTBot\nUser-agent: CCBot\nDisallow: /\n", []string{
			"site-blocked: whole site blocked: GPTBot may no longer fetch / (new line 9: Disallow: /)",
			"site-blocked: whole site blocked: CCBot may no longer fetch / (new line 9: Disallow: /)"}},
		{"whole site", "Sitemap: https://a.example/s.xml\nUser-agent: *\nDisallow: /\n", []string{
			"site-blocked: whole site blocked: a crawler no group names (*) may no longer fetch / (new line 3: Disallow: /)"}},
		{"sitemap", "User-agent: *\nDisallow: /cart\nContent-Signal: ai-train=no\nAllow: /\n", []string{
			"sitemap-removed: sitemap removed: https://a.example/s.xml"}},
	}
	for _, tt := range tests {
		res := diff.Compare(robots.Parse([]byte(old)), robots.Parse([]byte(tt.new)), diff.Options{})
		var got []string
		for _, a := range res.Accidents {
			got = append(got, string(a.Code)+": "+a.Message)
		}
		ok := len(got) == len(tt.want)
		for i := 0; ok && i < len(got); i++ {
			ok = strings.HasPrefix(got[i], tt.want[i])
		}
		if !ok {
			t.Errorf("%s: accidents\n%s\nwant\n%s", tt.name, strings.Join(got, "\n"), strings.Join(tt.want, "\n"))
		}
		if res.Changed() != (len(tt.want) > 0 || flips(res) > 0) {
			t.Errorf("%s: Changed %v", tt.name, res.Changed())
		}
	}
}

func flips(r *diff.Result) int {
	n := 0
	for _, a := range r.Agents {
		n += len(a.Flips)
	}
	return n
}

// ruleLine finds allow and disallow lines, to build changed files from.
var ruleLine = regexp.MustCompile(`(?im)^[ \t]*(dis)?allow[ \t]*:.*$`)

// mutations returns changed versions of a robots.txt body: each of its
// first few rules deleted, and turned from allow to disallow or back; a
// Disallow: / for *; and a new named group.
func mutations(body string, rules int) []string {
	var out []string
	for i, loc := range ruleLine.FindAllStringIndex(body, rules) {
		line := body[loc[0]:loc[1]]
		out = append(out, body[:loc[0]]+body[loc[1]:])
		flipped := "Disallow:" + line[strings.IndexByte(line, ':')+1:]
		if strings.HasPrefix(strings.ToLower(strings.TrimSpace(line)), "disallow") {
			flipped = "Allow:" + line[strings.IndexByte(line, ':')+1:]
		}
		out = append(out, body[:loc[0]]+flipped+body[loc[1]:])
		if i == 0 { // a longer version of the first rule
			out = append(out, body[:loc[1]]+"/x"+body[loc[1]:])
		}
	}
	return append(out,
		body+"\nUser-agent: *\nDisallow: /\n",
		body+"\nUser-agent: Googlebot\nDisallow: /zz*top$\nAllow: /\n",
	)
}

// flipKey is what a flip says changed: the rules that decide before and
// after.
func flipKey(agent string, f diff.Flip) string {
	return fmt.Sprintf("%s: line %d -> line %d (%v)", agent, f.Old.Line, f.New.Line, f.New.Allowed)
}

// checkProbesFind compares old and new with probes only and by brute force
// over urls, and requires every change the brute force finds (an agent whose
// deciding rules change from one line to another, flipping the verdict) to
// be found by a probe too. It returns the number of brute-force flips.
func checkProbesFind(t *testing.T, name string, old, new *robots.Robots, urls []string) int {
	t.Helper()
	var agents []string
	for _, r := range []*robots.Robots{old, new} {
		for _, n := range r.Names() {
			if len(agents) < 3 && !slices.Contains(agents, n.Value) {
				agents = append(agents, n.Value)
			}
		}
	}
	agents = append(agents, "*")
	brute := diff.Compare(old, new, diff.Options{Agents: agents, URLs: urls, NoProbes: true})
	probe := diff.Compare(old, new, diff.Options{Agents: agents})
	found := map[string]bool{}
	for _, a := range probe.Agents {
		for _, f := range a.Flips {
			found[flipKey(a.Name, f)] = true
		}
	}
	n := 0
	for _, a := range brute.Agents {
		for _, f := range a.Flips {
			n++
			if k := flipKey(a.Name, f); !found[k] {
				t.Errorf("%s: probes miss %s, seen on %q", name, k, f.URL)
				found[k] = true // once
			}
		}
	}
	return n
}

// TestProbesFindEveryFlip builds before/after pairs from the spec examples
// (the bodies of the spec files, changed) and checks that a diff without a
// URL list finds every change of deciding rule that brute force over the
// examples' URLs finds, in every dialect.
func TestProbesFindEveryFlip(t *testing.T) {
	suite, err := conformance.Load(conformance.Files, conformance.SpecDir)
	if err != nil {
		t.Fatal(err)
	}
	var urls []string
	bodies := map[string]bool{}
	for _, c := range suite.Cases(compile.RFC9309) {
		body, _, url := c.Input()
		urls = append(urls, url)
		bodies[string(body)] = true
	}
	pairs, flips := 0, 0
	for body := range bodies {
		for _, d := range robots.Dialects() {
			old := robots.Parse([]byte(body), robots.WithDialect(d))
			for _, m := range mutations(body, 4) {
				flips += checkProbesFind(t, fmt.Sprintf("spec body (%s)", d), old, robots.Parse([]byte(m), robots.WithDialect(d)), urls)
				pairs++
			}
		}
	}
	t.Logf("%d pairs, %d flips by brute force, every change found by probes", pairs, flips)
}

// TestProbesFindEveryFlipCorpus is the same on the corpus: each file
// changed, brute force over the site's URLs. Files over corpusDiffMax
// octets (a few dozen, with thousands of rules) are left out for time.
func TestProbesFindEveryFlipCorpus(t *testing.T) {
	const corpusDiffMax = 16 << 10
	if testing.Short() {
		t.Skip("the whole corpus: not in -short")
	}
	sites, err := corpus.Read("../../shared/corpus")
	if errors.Is(err, fs.ErrNotExist) {
		t.Skipf("needs ../shared: corpus absent (%v)", err)
	}
	if err != nil {
		t.Fatal(err)
	}
	pairs, flips := 0, 0
	for _, s := range sites {
		if len(s.Robots) > corpusDiffMax {
			continue
		}
		old := robots.Parse(s.Robots)
		for _, m := range mutations(string(s.Robots), 1) {
			flips += checkProbesFind(t, s.Name, old, robots.Parse([]byte(m)), s.URLs)
			pairs++
		}
	}
	t.Logf("%d pairs, %d flips by brute force, every change found by probes", pairs, flips)
}

// TestManyAgents checks the bound of the crawlers compared by default: the
// first 256 names, then *, and Left says how many more there were.
func TestManyAgents(t *testing.T) {
	var b strings.Builder
	for i := range 300 {
		fmt.Fprintf(&b, "User-agent: bot%c%c\nDisallow: /x\n\n", 'a'+i%26, 'a'+i/26%26)
	}
	r := robots.Parse([]byte(b.String()))
	res := diff.Compare(r, r, diff.Options{})
	if len(res.Agents) != 257 || res.Left != 44 || res.Agents[256].Name != "*" {
		t.Errorf("%d agents, %d left", len(res.Agents), res.Left)
	}
}
