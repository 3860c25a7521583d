package main

import (
	"bytes"
	"path/filepath"
	"strings"
	"testing"

	"github.com/robotsexclusion/robots/internal/report"
)

// TestJSONIsReport holds what robots COMMAND -json prints to what
// report.Do answers for the same question, as another front end asks it:
// one code path, one shape.
func TestJSONIsReport(t *testing.T) {
	body := shopRobots + "\nUser-agent: GPTBot Disallow: /\n"
	next := shopRobots + "\nUser-agent: GPTBot\nDisallow: /\n"
	dir := writeTemp(t, map[string]string{"robots.txt": body, "next.txt": next, "exp": "allow FooBot /a\ndisallow FooBot /cart/x\n"})
	file, nextFile, exp := filepath.Join(dir, "robots.txt"), filepath.Join(dir, "next.txt"), filepath.Join(dir, "exp")
	// The last URL has a reading a server makes that a rule disallows:
	// both say "read".
	urls := []string{"/cart/help/x", "https://a.example/%63art", "mailto:x", "/cart/help/..%2F..%2Fcart/x"}
	tests := []struct {
		args []string
		req  report.Request
	}{
		{append([]string{"check", "-json", "-usage", "-robots", file, "-agent", "FooBot"}, urls...),
			report.Request{Command: "check", Robots: body, Agent: "FooBot", URLs: urls, Usage: true}},
		{append([]string{"explain", "-json", "-robots", file, "-agent", "GPTBot"}, urls[:2]...),
			report.Request{Command: "explain", Robots: body, Agent: "GPTBot", URLs: urls[:2]}},
		{append([]string{"explain", "-json", "-dialect", "all", "-robots", file, "-agent", "FooBot"}, urls[:2]...),
			report.Request{Command: "explain", Robots: body, Agent: "FooBot", URLs: urls[:2], Dialect: "all"}},
		{[]string{"lint", "-json", file}, report.Request{Command: "lint", Robots: body}},
		{[]string{"agents", "-json", "-path", "/cart", file}, report.Request{Command: "agents", Robots: body, Paths: []string{"/cart"}}},
		{[]string{"test", "-json", "-robots", file, exp}, report.Request{Command: "test", Robots: body, Expectations: "allow FooBot /a\ndisallow FooBot /cart/x\n"}},
		{[]string{"diff", "-json", "-agent", "GPTBot", file, nextFile}, report.Request{Command: "diff", Old: body, New: next, Agents: []string{"GPTBot"}}},
	}
	for _, tt := range tests {
		_, out, errOut := runCmd("", tt.args...)
		if errOut != "" && !strings.HasPrefix(errOut, "robots check: agent") {
			t.Errorf("%s: stderr %s", tt.args[0], errOut)
		}
		v, err := report.Do(tt.req)
		if err != nil {
			t.Fatalf("%s: %v", tt.args[0], err)
		}
		var want bytes.Buffer
		if list, ok := v.([]report.Finding); ok { // lines, one a finding
			for _, f := range list {
				writeJSON(&want, f)
			}
		} else if list, ok := v.([]any); ok {
			for _, x := range list {
				writeJSON(&want, x)
			}
		} else if raw, ok := v.([][]byte); ok {
			for _, x := range raw {
				want.Write(append(x, '\n'))
			}
		} else {
			writeJSON(&want, v)
		}
		got := strings.ReplaceAll(strings.ReplaceAll(out, file, "robots.txt"), exp, "expectations")
		got = strings.ReplaceAll(strings.ReplaceAll(got, `"old":"robots.txt"`, `"old":"old"`), `"new":"`+nextFile+`"`, `"new":"new"`)
		got = strings.ReplaceAll(got, `"file":"`+nextFile+`"`, `"file":"new"`)
		if got != want.String() {
			t.Errorf("%s -json:\n%s\nreport.Do:\n%s", tt.args[0], got, want.String())
		}
		if tt.args[0] == "check" && !strings.Contains(got, `"read":"/cart/x"`) {
			t.Errorf("check -json does not say how a server reads the last URL:\n%s", got)
		}
	}
}
