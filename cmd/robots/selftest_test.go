package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/robotsexclusion/robots/internal/report"

	"github.com/robotsexclusion/robots"
	"github.com/robotsexclusion/robots/normalize"
)

// writeTemp writes files named by their keys into a fresh directory and
// returns the directory.
func writeTemp(t *testing.T, files map[string]string) string {
	t.Helper()
	dir := t.TempDir()
	for name, body := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(body), 0o666); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

const shopRobots = `User-agent: *
Disallow: /cart
Allow: /cart/help
Disallow: /*.pdf$

User-agent: Googlebot
Disallow: /search
`

func TestTestCommand(t *testing.T) {
	tests := []struct {
		name  string
		exp   string
		flags []string
		code  int
		out   []string // lines of standard output, in order
	}{
		{name: "all hold", exp: "allow Googlebot /cart\ndisallow * /cart/3\nallow * /cart/help\n# comment\n\n",
			code: exitOK, out: []string{"ok: 3 expectations hold"}},
		{name: "one fails, by its rule", exp: "allow * /a\nallow Googlebot /search/x  # trailing comment\n",
			code: exitFinding, out: []string{
				"EXP:2: expected allow got disallow for Googlebot /search/x (line 7 of robots.txt: /search)",
				"FAIL: 1 of 2 expectations"}},
		{name: "fails with no rule", exp: "disallow FooBot https://x.example/open\n",
			code: exitFinding, out: []string{
				"EXP:1: expected disallow got allow for FooBot https://x.example/open (no rule matched)",
				"FAIL: 1 of 1 expectation"}},
		{name: "robots.txt is always allowed", exp: "allow * /robots.txt\n", code: exitOK,
			out: []string{"ok: 1 expectation hold"}},
		{name: "dialect changes the verdict", exp: "allow * /x.pdf\n", flags: []string{"-dialect", "original1994"},
			code: exitOK, out: []string{"ok: 1 expectation hold"}},
		{name: "first match in draft1996", exp: "disallow * /cart/help\n", flags: []string{"-dialect", "draft1996"},
			code: exitOK, out: []string{"ok: 1 expectation hold"}},
		{name: "malformed line", exp: "allow Googlebot\n", code: exitUsage},
		{name: "unknown verdict", exp: "permit * /\n", code: exitUsage},
		// Issue 26: a URL that is not a URL "held", and an empty file
		// passed, so a truncated test file went green in CI.
		{name: "not a URL", exp: "allow CCBot mailto:x\n", code: exitUsage},
		{name: "a host, not a URL", exp: "allow CCBot example.com/x\n", code: exitUsage},
		{name: "no expectation", exp: "# nothing here\n\n", code: exitUsage},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			dir := writeTemp(t, map[string]string{"robots.txt": shopRobots, "exp": tc.exp})
			exp := filepath.Join(dir, "exp")
			args := append([]string{"test", "-robots", filepath.Join(dir, "robots.txt")}, tc.flags...)
			code, out, errOut := runCmd("", append(args, exp)...)
			if code != tc.code {
				t.Fatalf("exit %d, want %d; stdout:\n%s\nstderr:\n%s", code, tc.code, out, errOut)
			}
			if tc.code == exitUsage {
				if !strings.Contains(errOut, exp+":1:") && !strings.Contains(errOut, exp+": no expectation") {
					t.Errorf("stderr does not name the line: %s", errOut)
				}
				return
			}
			want := strings.ReplaceAll(strings.Join(tc.out, "\n"), "EXP", exp) + "\n"
			if out != want {
				t.Errorf("stdout:\n%s\nwant:\n%s", out, want)
			}
		})
	}
}

func TestTestCommandUsage(t *testing.T) {
	for _, args := range [][]string{
		{"test"},
		{"test", "-robots", "x"},
		{"test", "-robots", filepath.Join(t.TempDir(), "missing"), "exp"},
	} {
		if code, _, _ := runCmd("", args...); code != exitUsage {
			t.Errorf("%q: exit %d, want %d", args, code, exitUsage)
		}
	}
}

func TestReadRobotsBodyBounded(t *testing.T) {
	bound := robots.DefaultParseLimit + normalize.Slack
	dir := writeTemp(t, map[string]string{"big": strings.Repeat("#", bound+100)})
	body, err := readRobotsBody(&env{}, filepath.Join(dir, "big"))
	if err != nil {
		t.Fatal(err)
	}
	if len(body) > bound {
		t.Errorf("read %d octets, past the bound %d", len(body), bound)
	}
}

// TestTestJSON checks test -json: every expectation with what the file
// decided, as package report gives it to every front end.
func TestTestJSON(t *testing.T) {
	dir := writeTemp(t, map[string]string{"robots.txt": shopRobots, "exp": "allow FooBot /a\ndisallow FooBot /cart/x\nallow FooBot /cart/x\n"})
	code, out, errOut := runCmd("", "test", "-json", "-robots", filepath.Join(dir, "robots.txt"), filepath.Join(dir, "exp"))
	if code != exitFinding {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	var got report.Test
	if err := json.Unmarshal([]byte(out), &got); err != nil {
		t.Fatal(err)
	}
	if got.Total != 3 || got.Failed != 1 || len(got.Results) != 3 || got.Results[2].Held || !got.Results[1].Held || got.Results[2].Got.Line != 2 {
		t.Errorf("got %+v", got)
	}
}
