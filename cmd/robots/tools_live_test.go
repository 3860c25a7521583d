package main

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

// TestToolsFetchURLs runs diff and agents on robots.txt URLs of a loopback
// server: a file, a missing file (everything allowed) and an unreachable
// host (everything disallowed).
func TestToolsFetchURLs(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Write([]byte("User-agent: *\nDisallow: /private\n"))
	}))
	defer srv.Close()
	down := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		http.Error(w, "down", http.StatusServiceUnavailable)
	}))
	defer down.Close()
	none := httptest.NewServer(http.NotFoundHandler())
	defer none.Close()
	missing := none.URL

	tests := []struct {
		name string
		args []string
		code int
		want []string
	}{
		{name: "diff file to missing", args: []string{"diff", srv.URL + "/", missing + "/"}, code: exitFinding,
			want: []string{"--- " + srv.URL + "/robots.txt", "note: " + missing + "/robots.txt: unavailable (404 Not Found): no file, everything allowed",
				"probes: disallowed by line 2: /private -> allowed (no rule matched)"}},
		{name: "diff to unreachable", args: []string{"diff", srv.URL + "/", down.URL + "/"}, code: exitFinding,
			want: []string{"everything disallowed", "whole site blocked"}},
		{name: "agents on a URL", args: []string{"agents", srv.URL + "/x"}, code: exitOK,
			want: []string{srv.URL + "/robots.txt (rfc9309)", "/private"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			code, out, errOut := runCmd("", append(tc.args[:1:1], append([]string{"-timeout", "5s"}, tc.args[1:]...)...)...)
			if code != tc.code {
				t.Fatalf("exit %d, want %d: %s\n%s", code, tc.code, out, errOut)
			}
			rest := out
			for _, w := range tc.want {
				i := strings.Index(rest, w)
				if i < 0 {
					t.Fatalf("output lacks %q (in order):\n%s", w, out)
				}
				rest = rest[i+len(w):]
			}
		})
	}
}
