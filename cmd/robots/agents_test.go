package main

import (
	"encoding/json"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/robotsexclusion/robots"
	"github.com/robotsexclusion/robots/crawlers"
	"github.com/robotsexclusion/robots/internal/report"
)

const aiRobots = `User-agent: *
Disallow: /private

User-agent: GPTBot
User-agent: CCBot
Disallow: /

User-agent: AI2Bot
Disallow: /

User-agent: Googlebot
Allow: /
`

func TestAgentsCommand(t *testing.T) {
	dir := writeTemp(t, map[string]string{"robots.txt": aiRobots})
	file := filepath.Join(dir, "robots.txt")
	tests := []struct {
		name string
		args []string
		want []*regexp.Regexp // lines of standard output, in order
	}{
		{name: "by purpose", args: []string{file}, want: lines(
			`robots.txt \(rfc9309\)$`,
			`^search +honours +group +/ +/private +usage$`,
			`^  Googlebot +yes +named \(line 11\) +allow +allow +-$`,
			`^  Bingbot +yes +\* \(line 1\) +allow +BLOCK +-$`,
			`^ai-training `,
			`^  GPTBot +yes +named \(line 4\) +BLOCK +BLOCK +-$`,
			`^  CCBot +yes +named \(line 4\) +BLOCK +BLOCK +-$`,
			`^names that are not product tokens \(RFC 9309 reads only their leading letters, - and _\):$`,
			`^  line 8: User-agent: AI2Bot is read as "AI", not as AI2Bot, which is not a product token \(here `)},
		{name: "paths given", args: []string{"-path", "/a", "-path", "/private/x", file}, want: lines(
			`^search +honours +group +/ +/a +/private/x +usage$`,
			`^  Googlebot +yes +named \(line 11\) +allow +allow +allow +-$`)},
		{name: "registry", args: nil, want: lines(
			`^search$`,
			`^  Googlebot +Google +honours robots.txt: yes +https://developers.google.com/`,
			`^  AI2Bot \(read as AI\) +Allen Institute for AI +honours robots.txt: unknown`,
			`^\d+ agents \(agents.tsv sha256:[0-9a-f]{64}\)$`)},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			code, out, errOut := runCmd("", append([]string{"agents"}, tc.args...)...)
			if code != exitOK {
				t.Fatalf("exit %d: %s", code, errOut)
			}
			got := strings.Split(out, "\n")
			i := 0
			for _, re := range tc.want {
				for i < len(got) && !re.MatchString(got[i]) {
					i++
				}
				if i == len(got) {
					t.Fatalf("no line matches %s (in order); output:\n%s", re, out)
				}
				i++
			}
		})
	}
}

func lines(res ...string) []*regexp.Regexp {
	out := make([]*regexp.Regexp, len(res))
	for i, s := range res {
		out[i] = regexp.MustCompile(s)
	}
	return out
}

func TestAgentsJSON(t *testing.T) {
	dir := writeTemp(t, map[string]string{"robots.txt": aiRobots})
	code, out, errOut := runCmd("", "agents", "-json", filepath.Join(dir, "robots.txt"))
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	var rep report.Agents
	if err := json.Unmarshal([]byte(out), &rep); err != nil {
		t.Fatal(err)
	}
	if len(rep.Agents) != len(crawlers.All()) || len(rep.Unreadable) != 1 || rep.Unreadable[0].Token != "AI" {
		t.Fatalf("got %d agents, unreadable %+v", len(rep.Agents), rep.Unreadable)
	}
	r := robots.Parse([]byte(aiRobots))
	for _, a := range rep.Agents {
		m := r.Agent(a.Name)
		if a.Named != m.Named() || a.Usage != nil {
			t.Errorf("%s: named %v, the library says %v; usage %v", a.Name, a.Named, m.Named(), a.Usage)
		}
		for _, v := range a.Verdicts {
			if d := m.Decide(v.Path); v.Allowed != d.Allowed || v.Line != d.Line {
				t.Errorf("%s %s: %+v, Decide says %+v", a.Name, v.Path, v, d)
			}
		}
		if blocked := !a.Verdicts[0].Allowed; (a.Name == "GPTBot" || a.Name == "CCBot") != blocked && a.Name != "AI2Bot" {
			t.Errorf("%s: / blocked %v", a.Name, blocked)
		}
	}
}

func TestAgentsUsage(t *testing.T) {
	for _, args := range [][]string{
		{"agents", "a", "b"},
		{"agents", filepath.Join(t.TempDir(), "missing")},
	} {
		if code, _, _ := runCmd("", args...); code != exitUsage {
			t.Errorf("%q: exit %d, want %d", args, code, exitUsage)
		}
	}
}

// TestAgentsPreferences checks the usage column: what the file states for
// / for each agent, nothing for an agent that may not fetch /, and the
// JSON held to Decision.Usage.
func TestAgentsPreferences(t *testing.T) {
	const body = "User-agent: *\nAllow: /\nContent-Usage: train-ai=n\nContent-Signal: search=yes\n\nUser-agent: GPTBot\nDisallow: /\n"
	dir := writeTemp(t, map[string]string{"robots.txt": body})
	file := filepath.Join(dir, "robots.txt")
	code, out, errOut := runCmd("", "agents", file)
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	for _, re := range lines(
		`(?m)^  Googlebot +yes +\* \(line 1\) +allow +Content-Usage: train-ai=n; Content-Signal: search=yes$`,
		`(?m)^  GPTBot +yes +named \(line 6\) +BLOCK +-$`,
		`(?m)^usage: the usage preferences the file states for / \(Content-Usage, Content-Signal\); - when none$`,
	) {
		if !re.MatchString(out) {
			t.Errorf("no line matches %s; output:\n%s", re, out)
		}
	}
	code, out, errOut = runCmd("", "agents", "-json", file)
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	var rep report.Agents
	if err := json.Unmarshal([]byte(out), &rep); err != nil {
		t.Fatal(err)
	}
	r := robots.Parse([]byte(body))
	stated := 0
	for _, a := range rep.Agents {
		u := r.Agent(a.Name).Decide("/").Usage
		switch {
		case !u.Known() && a.Usage != nil, u.Known() && (a.Usage == nil || *a.Usage != u.String()):
			t.Errorf("%s: usage %v, Decide says %s", a.Name, a.Usage, u)
		case u.Known():
			stated++
		}
	}
	if stated == 0 {
		t.Error("no agent has usage preferences")
	}
}

// TestAgentsFromRules checks the paths the report derives from the file's
// disallow rules: never one that starts with "//", which reads as a host
// (issue 26: CCBot's Disallow: /*/*/pulse on github.com gave the column
// ///pulse, decided as /pulse, so CCBot's row said allow).
func TestAgentsFromRules(t *testing.T) {
	out := agentsOn(t, "User-agent: CCBot\nDisallow: /*/*/pulse\n\nUser-agent: *\nDisallow: /private\n")
	for _, re := range lines(
		`(?m)^ai-training +honours +group +/ +/x/x/pulse +/private +usage$`,
		`(?m)^  CCBot +yes +named \(line 1\) +allow +BLOCK +allow +-$`,
	) {
		if !re.MatchString(out) {
			t.Errorf("no line matches %s; output:\n%s", re, out)
		}
	}
}

// TestAgentsUnknown checks that the names a file gives that the registry
// does not know get a line each (issue 26: anthropic-ai, Claude-Web,
// cohere-ai and Diffbot got none), as written, with what they are read as.
func TestAgentsUnknown(t *testing.T) {
	out := agentsOn(t, "User-agent: anthropic-ai\nUser-agent: Claude-Web\nUser-agent: cohere-ai\nUser-agent: Diffbot\nUser-agent: GPTBot\nUser-agent: Spinn3r\nDisallow: /\n")
	want := "named in the file, not in the registry:\n  line 1: User-agent: anthropic-ai\n  line 2: User-agent: Claude-Web\n" +
		"  line 3: User-agent: cohere-ai\n  line 4: User-agent: Diffbot\n  line 6: User-agent: Spinn3r (read as Spinn)\n"
	if !strings.Contains(out, want) {
		t.Errorf("output lacks\n%s\noutput:\n%s", want, out)
	}
}

// agentsOn runs agents on a file of the given body and returns its output.
func agentsOn(t *testing.T, body string) string {
	t.Helper()
	dir := writeTemp(t, map[string]string{"robots.txt": body})
	code, out, errOut := runCmd("", "agents", filepath.Join(dir, "robots.txt"))
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	return out
}
