package main

import (
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"

	"github.com/robotsexclusion/robots/internal/report"
)

func TestExplainCommand(t *testing.T) {
	dir := writeTemp(t, map[string]string{"robots.txt": shopRobots + "\nUser-agent: TieBot\nDisallow: /t\nAllow: /t\nDisallow: /u\nDisallow: /u\n"})
	file := filepath.Join(dir, "robots.txt")
	tests := []struct {
		name string
		args []string
		want []string // substrings of standard output, in order
	}{
		{name: "longest wins", args: []string{"-agent", "FooBot", "/cart/help/x"}, want: []string{
			"/cart/help/x\n",
			"agent    FooBot: no group names it; the * groups apply",
			"groups   line 1: User-agent: *",
			"matches  line 2   disallow  /cart        5 octets\n",
			"line 3   allow     /cart/help  10 octets  <- wins",
			"verdict  allowed by line 3 (Allow: /cart/help): the longest match (10 octets)"}},
		{name: "named group", args: []string{"-agent", "googlebot", "/search"}, want: []string{
			"googlebot: named by the groups below", "line 6: User-agent: Googlebot",
			"disallowed by line 7 (Disallow: /search): the only rule that matches"}},
		{name: "read as its product token", args: []string{"-agent", "Googlebot/2.1", "/search"}, want: []string{
			"agent    Googlebot/2.1 (read as Googlebot): named by the groups below",
			"disallowed by line 7 (Disallow: /search)"}},
		{name: "not a product token", args: []string{"-agent", "Googlebot/2.1", "-dialect", "google", "/search"}, want: []string{
			"not a product token, so no group can name it (its product token is Googlebot); the * groups apply",
			"allowed: no rule matches"}},
		{name: "allow wins a tie", args: []string{"-agent", "TieBot", "/tx"}, want: []string{
			"allowed by line 11 (Allow: /t): the longest match (2 octets); allow wins the tie with line 10"}},
		{name: "earlier of equal rules", args: []string{"-agent", "TieBot", "/u"}, want: []string{
			"disallowed by line 12 (Disallow: /u): the longest match (2 octets); the earlier of two equal rules (line 13 ties)"}},
		{name: "robots.txt", args: []string{"-agent", "FooBot", "/robots.txt?x"}, want: []string{
			"allowed: /robots.txt is always allowed (RFC 9309 2.2.2)"}},
		{name: "canonical path", args: []string{"-agent", "FooBot", "https://a.example/%63art"}, want: []string{
			"path     /cart (written /%63art)", "disallowed by line 2"}},
		{name: "first match", args: []string{"-agent", "FooBot", "-dialect", "draft1996", "/cart/help"}, want: []string{
			"disallowed by line 2 (Disallow: /cart): the first rule in file order that matches decides (draft1996)"}},
		{name: "all dialects", args: []string{"-agent", "FooBot", "-dialect", "all", "/x.pdf"}, want: []string{
			"/x.pdf  (agent FooBot",
			"  rfc9309      * groups  disallowed by line 4",
			"  google       * groups  disallowed by line 4",
			"* draft1996    * groups  allowed: no rule matches",
			"* original1994 * groups  allowed: no rule matches",
			"(* another verdict than rfc9309"}},
		{name: "stdin URLs", args: []string{"-agent", "FooBot"}, want: []string{"/a\n", "/cart\n"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			code, out, errOut := runCmd("/a\n\n/cart\n", append([]string{"explain", "-robots", file}, tc.args...)...)
			if code != exitOK {
				t.Fatalf("exit %d: %s", code, errOut)
			}
			rest := out
			for _, w := range tc.want {
				i := strings.Index(rest, w)
				if i < 0 {
					t.Fatalf("output lacks %q (in order); output:\n%s", w, out)
				}
				rest = rest[i+len(w):]
			}
		})
	}
}

func TestExplainJSON(t *testing.T) {
	dir := writeTemp(t, map[string]string{"robots.txt": shopRobots})
	file := filepath.Join(dir, "robots.txt")
	code, out, errOut := runCmd("", "explain", "-robots", file, "-agent", "FooBot", "-json", "/cart/help")
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	var x report.Explanation
	if err := json.Unmarshal([]byte(out), &x); err != nil {
		t.Fatal(err)
	}
	if !x.Allowed || x.Line != 3 || len(x.Matches) != 2 || !x.Matches[1].Wins || x.Matches[0].Wins || x.Named {
		t.Errorf("got %+v", x)
	}
	code, out, _ = runCmd("", "explain", "-robots", file, "-agent", "FooBot", "-json", "-dialect", "all", "/cart/help", "/x")
	if code != exitOK {
		t.Fatal(code)
	}
	var all []struct {
		Differ   bool                 `json:"differ"`
		Dialects []report.Explanation `json:"dialects"`
	}
	dec := json.NewDecoder(strings.NewReader(out))
	for dec.More() {
		var v struct {
			Differ   bool                 `json:"differ"`
			Dialects []report.Explanation `json:"dialects"`
		}
		if err := dec.Decode(&v); err != nil {
			t.Fatal(err)
		}
		all = append(all, v)
	}
	if len(all) != 2 || !all[0].Differ || all[1].Differ || len(all[0].Dialects) != 4 {
		t.Errorf("got %+v", all)
	}
}

func TestExplainUsage(t *testing.T) {
	for _, args := range [][]string{
		{"explain", "-agent", "x", "/"},
		{"explain", "-robots", "f", "/"},
		{"explain", "-robots", "f", "-agent", "x", "-dialect", "nope", "/"},
		{"explain", "-robots", "-", "-agent", "x"},
	} {
		if code, _, _ := runCmd("", args...); code != exitUsage {
			t.Errorf("%q: exit %d, want %d", args, code, exitUsage)
		}
	}
}

// usageExplainRobots states usage preferences file-wide and in the *
// group, and names GPTBot in a group of its own.
const usageExplainRobots = `Content-Signal: search=yes
User-agent: *
Disallow: /drafts/
Content-Usage: train-ai=n
Content-Usage: /press/ train-ai=y

User-agent: GPTBot
Disallow: /archive/
`

// TestExplainPreferences checks that explain shows the usage preferences for the
// URL and the * group's usage lines a named group hides, in text and JSON.
func TestExplainPreferences(t *testing.T) {
	dir := writeTemp(t, map[string]string{"robots.txt": usageExplainRobots})
	file := filepath.Join(dir, "robots.txt")
	tests := []struct {
		agent, url string
		want       []string // substrings of standard output, in order
		lacks      []string
	}{
		{"FooBot", "/news/a", []string{
			"verdict  allowed: no rule matches\n",
			"  usage    Content-Usage: train-ai=n (line 4); Content-Signal: search=yes (line 1)\n"}, []string{"hidden"}},
		{"FooBot", "/press/a", []string{"  usage    Content-Usage: train-ai=y (line 5); Content-Signal: search=yes (line 1)\n"}, nil},
		{"FooBot", "/drafts/a", []string{"disallowed by line 3"}, []string{"usage", "hidden"}},
		{"GPTBot", "/news/a", []string{
			"  usage    Content-Signal: search=yes (line 1)\n",
			"  hidden   the * group's Content-Usage and Content-Signal lines 4 and 5 do not apply: a group names GPTBot, which replaces the * group\n"}, nil},
	}
	for _, tt := range tests {
		code, out, errOut := runCmd("", "explain", "-robots", file, "-agent", tt.agent, tt.url)
		if code != exitOK {
			t.Fatalf("%s %s: exit %d: %s", tt.agent, tt.url, code, errOut)
		}
		rest := out
		for _, w := range tt.want {
			i := strings.Index(rest, w)
			if i < 0 {
				t.Errorf("%s %s: output lacks %q (in order); output:\n%s", tt.agent, tt.url, w, out)
				break
			}
			rest = rest[i+len(w):]
		}
		for _, w := range tt.lacks {
			if strings.Contains(out, "  "+w+" ") {
				t.Errorf("%s %s: output has %q:\n%s", tt.agent, tt.url, w, out)
			}
		}
	}

	code, out, errOut := runCmd("", "explain", "-robots", file, "-agent", "GPTBot", "-json", "/news/a")
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	var x struct {
		Usage       map[string]json.RawMessage `json:"usage"`
		HiddenUsage []int                      `json:"hidden_usage"`
	}
	if err := json.Unmarshal([]byte(out), &x); err != nil {
		t.Fatal(err)
	}
	if len(x.Usage) != 3 || len(x.HiddenUsage) != 2 || x.HiddenUsage[0] != 4 || x.HiddenUsage[1] != 5 {
		t.Errorf("JSON: usage %v, hidden_usage %v", x.Usage, x.HiddenUsage)
	}
}

// TestExplainHeader checks that explain shows the agent as written, with
// what it is read as, and that its header never contradicts itself (issue
// 26: "agent 360Spider (read as ): no group names it", and for an empty
// file "the * groups apply" above "there is no * group").
func TestExplainHeader(t *testing.T) {
	dir := writeTemp(t, map[string]string{"robots.txt": shopRobots, "empty": ""})
	tests := []struct {
		file, agent string
		want        string
		lacks       string
	}{
		{"robots.txt", "360Spider", "  agent    360Spider (no product token): no group can name it; the * groups apply\n", "(read as )"},
		{"robots.txt", "Spinn3r", "  agent    Spinn3r (read as Spinn): no group names it; the * groups apply\n", ""},
		{"empty", "FooBot", "  agent    FooBot: no group names it, and there is no * group: nothing is disallowed\n  matches  none\n", "groups"},
	}
	for _, tt := range tests {
		code, out, errOut := runCmd("", "explain", "-robots", filepath.Join(dir, tt.file), "-agent", tt.agent, "/x")
		if code != exitOK {
			t.Fatalf("%s: exit %d: %s", tt.agent, code, errOut)
		}
		if !strings.Contains(out, tt.want) || tt.lacks != "" && strings.Contains(out, tt.lacks) {
			t.Errorf("%s %s: output\n%s\nwant %q, without %q", tt.file, tt.agent, out, tt.want, tt.lacks)
		}
	}
}
