package main

import (
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

func TestCheckDialect(t *testing.T) {
	const body = "User-agent: *\nDisallow: /\nAllow: /d/index.html\n"
	tests := []struct {
		dialect string
		code    int
		want    string
	}{
		{"", exitFinding, "disallowed /d/\tline 2: /"},
		{"rfc9309", exitFinding, "disallowed /d/\tline 2: /"},
		{"google", exitOK, "allowed    /d/\tline 3: /d/index.html"},
		{"GOOGLE", exitOK, "allowed    /d/\tline 3: /d/index.html"},
		{"draft1996", exitFinding, "disallowed /d/\tline 2: /"},
		{"original1994", exitFinding, "disallowed /d/\tline 2: /"},
	}
	for _, tt := range tests {
		args := []string{"check", "-robots", "-", "-agent", "Bot"}
		if tt.dialect != "" {
			args = append(args, "-dialect", tt.dialect)
		}
		code, out, errOut := runCmd(body, append(args, "/d/")...)
		if code != tt.code || strings.TrimSpace(out) != tt.want {
			t.Errorf("check -dialect %q: %d %q %q; want %d %q", tt.dialect, code, out, errOut, tt.code, tt.want)
		}
	}
	if code, _, errOut := runCmd(body, "check", "-robots", "-", "-agent", "Bot", "-dialect", "bing", "/d/"); code != exitUsage || !strings.Contains(errOut, `unknown dialect "bing"`) {
		t.Errorf("check -dialect bing: %d %q", code, errOut)
	}
}

// TestCheckLiveDialect reads a fetched file in the dialect asked for.
func TestCheckLiveDialect(t *testing.T) {
	const body = "User-agent: *\nDisallow: /\nAllow: /d/index.html\n"
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/plain")
		io.WriteString(w, body)
	}))
	defer srv.Close()
	for dialect, want := range map[string]string{
		"rfc9309": "disallowed " + srv.URL + "/d/\tline 2: /",
		"google":  "allowed    " + srv.URL + "/d/\tline 3: /d/index.html",
	} {
		_, out, errOut := runCmd("", "check", "-agent", "Bot", "-dialect", dialect, srv.URL+"/d/")
		if !strings.HasPrefix(out, want) {
			t.Errorf("live check -dialect %s: %q (stderr %q), want a line starting %q", dialect, out, errOut, want)
		}
	}
}

func TestLintDialect(t *testing.T) {
	const body = "User-agent: *\nAllow: /a\n"
	if code, out, _ := runCmd(body, "lint", "-"); code != exitOK || out != "" {
		t.Errorf("lint: %d %q", code, out)
	}
	code, out, _ := runCmd(body, "lint", "-dialect", "original1994", "-strict", "-")
	if want := "-:2: warning: unknown-key: unknown key \"Allow\"; kept as an extension\n"; code != exitFinding || out != want {
		t.Errorf("lint -dialect original1994: %d %q, want %q", code, out, want)
	}
}
