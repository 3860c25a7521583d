//go:build googlecc

package googlecc

import "testing"

func TestOneAgentAllowed(t *testing.T) {
	for _, c := range []struct {
		body, agent, url string
		want             bool
	}{
		{"User-agent: *\nDisallow: /x\n", "Googlebot", "http://a/x", false},
		{"User-agent: *\nDisallow: /x\n", "Googlebot", "http://a/y", true},
		{"User-agent: Googlebot\nAllow: /x/y\nDisallow: /x\n", "Googlebot", "http://a/x/y", true},
		{"", "Googlebot", "http://a/x", true},
		// Keys fold ASCII only: the U+0130 line is not a disallow.
		{"User-agent: *\nd\u0130sallow: /\n", "x", "http://a/x", true},
		{"User-agent: a\nd\u0130sallow: /q\nUser-agent: b\nDisallow: /\n", "a", "http://a/x", false},
	} {
		if got := OneAgentAllowed([]byte(c.body), c.agent, c.url); got != c.want {
			t.Errorf("OneAgentAllowed(%q, %q, %q) = %v, want %v", c.body, c.agent, c.url, got, c.want)
		}
	}
}
