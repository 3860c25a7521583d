package main

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/robotsexclusion/robots"
	prefs "github.com/robotsexclusion/robots/usage"
)

// usageRobotsTxt states usage preferences for every crawler.
const usageRobotsTxt = `User-agent: *
Disallow: /private
Content-Usage: train-ai=n
Content-Usage: /blog/ train-ai=y, search=y
Content-Signal: ai-input=no
`

// TestCheckUsagePrefs checks the usage column of check -usage, in text and
// JSON, from a file and live, and that without -usage nothing changes.
func TestCheckUsagePrefs(t *testing.T) {
	path := writeFile(t, "robots.txt", usageRobotsTxt)
	site := newLiveSite(t, 200, usageRobotsTxt)
	// What the library says of each path is what check must print.
	m := robots.Parse([]byte(usageRobotsTxt)).Agent("FooBot")
	all, blog := m.Decide("/a").Usage, m.Decide("/blog/x").Usage
	tests := []struct {
		path    string
		allowed bool
		text    string // the text line from "usage:" on
		usage   prefs.Set
	}{
		{"/a", true, "usage: Content-Usage: train-ai=n (line 3); Content-Signal: ai-input=no (line 5)", all},
		{"/blog/x", true, "usage: Content-Usage: train-ai=y (line 4), search=y (line 4); Content-Signal: ai-input=no (line 5)", blog},
		{"/private", false, "usage: unknown", prefs.Set{}},
	}
	for _, live := range []bool{false, true} {
		args := []string{"check", "-agent", "FooBot", "-robots", path}
		prefix := ""
		if live {
			args, prefix = []string{"check", "-agent", "FooBot"}, site.URL
		}
		var urls []string
		for _, tt := range tests {
			urls = append(urls, prefix+tt.path)
		}
		_, plain, _ := runCmd("", append(args, urls...)...)
		if strings.Contains(plain, "usage") {
			t.Errorf("live %v: without -usage:\n%s", live, plain)
		}
		code, out, errOut := runCmd("", append(append(args, "-usage"), urls...)...)
		if code != exitFinding || strings.Contains(errOut, "usage") {
			t.Fatalf("live %v: exit %d, stderr %q", live, code, errOut)
		}
		lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
		plainLines := strings.Split(strings.TrimSuffix(plain, "\n"), "\n")
		if len(lines) != len(tests) || len(plainLines) != len(tests) {
			t.Fatalf("live %v: output\n%s", live, out)
		}
		for i, tt := range tests {
			if want := plainLines[i] + "\t" + tt.text; lines[i] != want {
				t.Errorf("live %v: line\n%q\nwant\n%q", live, lines[i], want)
			}
		}

		code, out, _ = runCmd("", append(append(args, "-usage", "-json"), urls...)...)
		lines = strings.Split(strings.TrimSuffix(out, "\n"), "\n")
		if code != exitFinding || len(lines) != len(tests) {
			t.Fatalf("live %v: -json: exit %d, output\n%s", live, code, out)
		}
		for i, tt := range tests {
			var got struct {
				URL     string          `json:"url"`
				Allowed bool            `json:"allowed"`
				Usage   json.RawMessage `json:"usage"`
			}
			if err := json.Unmarshal([]byte(lines[i]), &got); err != nil {
				t.Fatalf("live %v: %q: %v", live, lines[i], err)
			}
			want, _ := json.Marshal(tt.usage)
			if got.URL != prefix+tt.path || got.Allowed != tt.allowed || string(got.Usage) != string(want) {
				t.Errorf("live %v: %s: allowed %v, usage %s; want %v, %s", live, got.URL, got.Allowed, got.Usage, tt.allowed, want)
			}
		}
	}
}
