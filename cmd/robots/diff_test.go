package main

import (
	"encoding/json"
	"fmt"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/robotsexclusion/robots"
	"github.com/robotsexclusion/robots/conformance"
)

func TestDiffCommand(t *testing.T) {
	const old = "User-agent: *\nDisallow: /cart\nAllow: /cart/help\n\nSitemap: https://a.example/s.xml\n"
	tests := []struct {
		name  string
		new   string
		args  []string
		stdin string
		code  int
		want  []string // substrings of standard output, in order
		not   []string // substrings it must not have
	}{
		{name: "no change", new: old, code: exitOK, want: []string{"*: no flips in"}, not: []string{"accidents"}},
		{name: "a rule removed", new: "User-agent: *\nDisallow: /cart\n\nSitemap: https://a.example/s.xml\n", code: exitFinding,
			want: []string{"*: 3 flips in 0 URLs and 9 probes (3 newly disallowed)",
				"  probes: allowed by line 3: /cart/help -> disallowed by line 2: /cart: 3 probes, such as /cart/help /cart/help/ /cart/helpx"},
			not: []string{"newly allowed", "accidents"}},
		{name: "whole site blocked", new: "User-agent: *\nDisallow: /\n\nSitemap: https://a.example/s.xml\n", code: exitFinding,
			want: []string{"accidents:", "whole site blocked: an agent no group names (*) may no longer fetch / (new line 2: Disallow: /)"}},
		{name: "named group drops * rules", new: old + "User-agent: GPTBot\nDisallow: /private\n", code: exitFinding,
			want: []string{"GPTBot: ", "probes: disallowed by line 2: /cart -> allowed (no rule matched): 4 probes, such as /cart /cart/ /cartx",
				"named group drops * rules: GPTBot is now named (new line 6), so the 1 disallow rule of * no longer applies to it"}},
		{name: "named group drops * usage preferences", new: "Content-Signal: search=yes\n" + old + "Content-Usage: train-ai=n\n\nUser-agent: GPTBot\nAllow: /\n",
			code: exitFinding, want: []string{"accidents:",
				"named group drops * usage preferences: GPTBot is now named (new line 9), so the * group's Content-Usage and Content-Signal line 7 no longer applies to it"}},
		{name: "sitemap removed", new: "User-agent: *\nDisallow: /cart\nAllow: /cart/help\n", code: exitFinding,
			want: []string{"*: no flips", "sitemap removed: https://a.example/s.xml"}},
		{name: "URLs from stdin come first", new: "User-agent: *\nDisallow: /\n", stdin: "https://a.example/zzz\n",
			args: []string{"-agent", "FooBot"}, code: exitFinding,
			want: []string{"FooBot: ", "  https://a.example/zzz  allowed (no rule matched) -> disallowed by line 2: /\n", "probes: "}, not: []string{"*: "}},
		{name: "every probe", new: "User-agent: *\nDisallow: /cart\n\nSitemap: https://a.example/s.xml\n", args: []string{"-all"},
			code: exitFinding, want: []string{"  /cart/help   allowed by line 3", "  /cart/help/  allowed by line 3", "  /cart/helpx  allowed by line 3"}},
		{name: "agents given", new: old + "User-agent: GPTBot\nDisallow: /\n", args: []string{"-agent", "Googlebot"},
			code: exitOK, want: []string{"Googlebot: no flips"}, not: []string{"GPTBot"}},
		{name: "dialect", new: "User-agent: *\nAllow: /cart/help\nDisallow: /cart\n\nSitemap: https://a.example/s.xml\n",
			args: []string{"-dialect", "draft1996"}, code: exitFinding,
			want: []string{"probes: disallowed by line 2: /cart -> allowed by line 2: /cart/help: 3 probes"}},
		{name: "same in rfc9309", new: "User-agent: *\nAllow: /cart/help\nDisallow: /cart\n\nSitemap: https://a.example/s.xml\n",
			code: exitOK, want: []string{"*: no flips"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			dir := writeTemp(t, map[string]string{"old": old, "new": tc.new})
			args := append([]string{"diff"}, tc.args...)
			args = append(args, filepath.Join(dir, "old"), filepath.Join(dir, "new"))
			code, out, errOut := runCmd(tc.stdin, args...)
			if code != tc.code {
				t.Fatalf("exit %d, want %d; stdout:\n%s\nstderr:\n%s", code, tc.code, out, errOut)
			}
			rest := out
			for _, w := range tc.want {
				i := strings.Index(rest, w)
				if i < 0 {
					t.Fatalf("output lacks %q (in order); output:\n%s", w, out)
				}
				rest = rest[i+len(w):]
			}
			for _, n := range tc.not {
				if strings.Contains(out, n) {
					t.Errorf("output has %q:\n%s", n, out)
				}
			}
		})
	}
}

func TestDiffJSON(t *testing.T) {
	dir := writeTemp(t, map[string]string{
		"old": "User-agent: *\nDisallow: /cart\nSitemap: https://a.example/s.xml\n",
		"new": "User-agent: *\nDisallow: /\n",
	})
	code, out, errOut := runCmd("https://a.example/cart/x\n", "diff", "-json", filepath.Join(dir, "old"), filepath.Join(dir, "new"))
	if code != exitFinding {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	var got struct {
		URLs   int `json:"urls"`
		Agents []struct {
			Agent string `json:"agent"`
			Flips []struct {
				URL   string       `json:"url"`
				Probe bool         `json:"probe"`
				Old   jsonDecision `json:"old"`
				New   jsonDecision `json:"new"`
			} `json:"flips"`
		} `json:"agents"`
		Accidents []struct{ Name string } `json:"accidents"`
	}
	if err := json.Unmarshal([]byte(out), &got); err != nil {
		t.Fatal(err)
	}
	if got.URLs != 1 || len(got.Agents) != 1 || got.Agents[0].Agent != "*" || len(got.Agents[0].Flips) == 0 {
		t.Fatalf("got %+v", got)
	}
	for _, f := range got.Agents[0].Flips {
		if !f.Old.Allowed || f.New.Allowed || f.New.Line != 2 || f.Probe == (f.URL == "https://a.example/cart/x") {
			t.Errorf("flip %+v", f)
		}
	}
	if len(got.Accidents) != 2 || got.Accidents[0].Name != "whole site blocked" || got.Accidents[1].Name != "sitemap removed" {
		t.Errorf("accidents %+v", got.Accidents)
	}
}

func TestDiffUsage(t *testing.T) {
	for _, args := range [][]string{
		{"diff"},
		{"diff", "one"},
		{"diff", "a", "b", "c"},
		{"diff", filepath.Join(t.TempDir(), "missing"), "b"},
	} {
		if code, _, _ := runCmd("", args...); code != exitUsage {
			t.Errorf("%q: exit %d, want %d", args, code, exitUsage)
		}
	}
}

func TestProbes(t *testing.T) {
	r := robots.Parse([]byte("User-agent: *\nDisallow: /a*b$\nAllow: /c/d\n"))
	got := strings.Join(probes(r), " ")
	want := "/ /a /ab /ab/ /ab/b /ab/bb /abb /abbb /abx /abxb /abxbb /ax /axb /axb/ /axb/b /axb/bb /axbb /axbbb /axbx /axbxb /axbxbb /c/ /c/d /c/d/ /c/dx"
	want = strings.Join(dedupe(strings.Fields(want)), " ")
	if got != want {
		t.Errorf("probes:\n got %s\nwant %s", got, want)
	}
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
	out = append(out,
		body+"\nUser-agent: *\nDisallow: /\n",
		body+"\nUser-agent: Googlebot\nDisallow: /zz*top$\nAllow: /\n",
	)
	return out
}

// flipKey is what a flip says changed: the rules that decide before and
// after.
func flipKey(agent string, f flip) string {
	return fmt.Sprintf("%s: line %d -> line %d (%v)", agent, f.Old.Line, f.New.Line, f.New.Allowed)
}

// checkProbesFind diffs old and new with probes only and by brute force
// over urls, and requires every change the brute force finds (an agent whose
// deciding rules change from one line to another, flipping the verdict) to
// be found by a probe too. It returns the number of brute-force flips.
func checkProbesFind(t *testing.T, name string, old, new *robots.Robots, urls []string) int {
	t.Helper()
	agents := defaultAgents(old, new)
	if len(agents) > 4 {
		agents = append(agents[:3:3], "*")
	}
	brute := diffRobots(old, new, agents, dedupe(append([]string(nil), urls...)), nil)
	probe := diffRobots(old, new, agents, nil, probes(old, new))
	found := map[string]bool{}
	for _, a := range probe.Agents {
		for _, f := range a.Flips {
			found[flipKey(a.Agent, f)] = true
		}
	}
	n := 0
	for _, a := range brute.Agents {
		for _, f := range a.Flips {
			n++
			if k := flipKey(a.Agent, f); !found[k] {
				t.Errorf("%s: probes miss %s, seen on %q", name, k, f.URL)
				found[k] = true // once
			}
		}
	}
	return n
}

// TestDiffProbesFindEveryFlip builds before/after pairs from the spec
// examples (the bodies of the spec files, changed) and checks that diff
// without a URL list finds every change of deciding rule that brute force
// over the examples' URLs finds.
func TestDiffProbesFindEveryFlip(t *testing.T) {
	suite, err := conformance.Load(filepath.Join("..", "..", "conformance", conformance.SpecDir))
	if err != nil {
		t.Fatal(err)
	}
	var urls []string
	bodies := map[string]bool{}
	for _, c := range suite.Cases(conformance.RFC9309) {
		body, _, url := c.Input()
		urls = append(urls, url)
		bodies[string(body)] = true
	}
	pairs, flips := 0, 0
	for body := range bodies {
		for _, d := range allDialects {
			old := robots.Parse([]byte(body), robots.WithDialect(d))
			for _, m := range mutations(body, 4) {
				flips += checkProbesFind(t, fmt.Sprintf("spec body (%s)", d), old, robots.Parse([]byte(m), robots.WithDialect(d)), urls)
				pairs++
			}
		}
	}
	t.Logf("%d pairs, %d flips by brute force, every change found by probes", pairs, flips)
}

// TestDiffProbesFindEveryFlipCorpus is the same on the corpus: each file
// changed, brute force over the site's URLs. Files over corpusDiffMax
// octets (a few dozen, with thousands of rules) are left out for time.
func TestDiffProbesFindEveryFlipCorpus(t *testing.T) {
	const corpusDiffMax = 16 << 10
	if testing.Short() || raceEnabled {
		t.Skip("the whole corpus: not in -short or -race")
	}
	pairs, flips := 0, 0
	for _, s := range loadCorpus(t) {
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
