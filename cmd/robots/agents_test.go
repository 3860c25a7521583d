package main

import (
	"encoding/json"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/robotsexclusion/robots/cmd/robots/internal/registry"
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
			`^  AI2Bot +unknown +\* \(line 1\) +allow +BLOCK +-$`,
			`^names no parser can match:$`,
			`^  line 8: User-agent: AI2Bot is read as "AI", so it does not name AI2Bot, which falls to the \* groups$`)},
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
	var rep agentsReport
	if err := json.Unmarshal([]byte(out), &rep); err != nil {
		t.Fatal(err)
	}
	if len(rep.Agents) != registry.Count || len(rep.Unreadable) != 1 || rep.Unreadable[0].Token != "AI" {
		t.Fatalf("got %d agents, unreadable %+v", len(rep.Agents), rep.Unreadable)
	}
	for _, a := range rep.Agents {
		blocked := !a.Verdicts[0].Allowed
		if want := a.Name == "GPTBot" || a.Name == "CCBot"; blocked != want || a.Usage != nil {
			t.Errorf("%s: / blocked %v, want %v; usage %v", a.Name, blocked, want, a.Usage)
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
