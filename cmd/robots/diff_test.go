package main

import (
	"bytes"
	"encoding/json"
	"io"
	"path/filepath"
	"strings"
	"testing"

	"github.com/robotsexclusion/robots"
	"github.com/robotsexclusion/robots/internal/report"
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
			want: []string{"accidents:", "whole site blocked: a crawler no group names (*) may no longer fetch / (new line 2: Disallow: /)"}},
		{name: "named group drops * rules", new: old + "User-agent: GPTBot\nDisallow: /private\n", code: exitFinding,
			want: []string{"GPTBot: ", "probes: disallowed by line 2: /cart -> allowed (no rule matched): 4 probes, such as /cart /cart/ /cartx",
				"named group drops * rules: GPTBot is now named (new line 6), so the 1 disallow rule of * no longer applies to it"}},
		{name: "named group drops * usage preferences", new: "Content-Signal: search=yes\n" + old + "Content-Usage: train-ai=n\n\nUser-agent: GPTBot\nAllow: /\n",
			code: exitFinding, want: []string{"accidents:",
				"named group drops * usage preferences: GPTBot is now named (new line 9), so the * group's Content-Usage and Content-Signal line 7 no longer applies to it"}},
		{name: "sitemap removed", new: "User-agent: *\nDisallow: /cart\nAllow: /cart/help\n", code: exitFinding,
			want: []string{"*: no flips", "sitemap removed: https://a.example/s.xml"}},
		{name: "URLs from stdin come first", new: "User-agent: *\nDisallow: /\n", stdin: "https://a.example/zzz\n",
			args: []string{"-agent", "FooBot", "-urls", "-"}, code: exitFinding,
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
	code, out, errOut := runCmd("https://a.example/cart/x\n", "diff", "-json", "-urls", "-", filepath.Join(dir, "old"), filepath.Join(dir, "new"))
	if code != exitFinding {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	var got struct {
		URLs   int `json:"urls"`
		Agents []struct {
			Agent string `json:"agent"`
			Flips []struct {
				URL   string         `json:"url"`
				Probe bool           `json:"probe"`
				Old   report.Verdict `json:"old"`
				New   report.Verdict `json:"new"`
			} `json:"flips"`
		} `json:"agents"`
		Accidents []report.Finding `json:"accidents"`
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
	if len(got.Accidents) != 2 || got.Accidents[0].Code != robots.SiteBlocked || got.Accidents[1].Code != robots.SitemapRemoved {
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

// blockingReader fails the test when read: diff must not read standard
// input unless -urls - asks it to (issue 26: it read it whenever it was
// not a terminal, and hung behind any pipe left open).
type blockingReader struct{ t *testing.T }

func (r blockingReader) Read([]byte) (int, error) {
	r.t.Error("diff read standard input without -urls -")
	return 0, io.EOF
}

func TestDiffLeavesStdin(t *testing.T) {
	dir := writeTemp(t, map[string]string{"old": "User-agent: *\nDisallow: /a\n", "new": "User-agent: *\nDisallow: /b\n"})
	var out, errOut bytes.Buffer
	e := &env{stdin: blockingReader{t}, stdout: &out, stderr: &errOut}
	if code := run(e, []string{"diff", filepath.Join(dir, "old"), filepath.Join(dir, "new")}); code != exitFinding {
		t.Errorf("exit %d: %s", code, errOut.String())
	}
}
