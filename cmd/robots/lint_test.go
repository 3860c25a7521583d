package main

import (
	"bytes"
	"encoding/json"
	"os"
	"strings"
	"testing"
	"unicode/utf16"

	"github.com/robotsexclusion/robots"
	"github.com/robotsexclusion/robots/internal/report"
)

// lintLines runs lint on body from standard input and returns its exit
// status and output lines.
func lintLines(body string, flags ...string) (int, []string) {
	code, out, _ := runCmd(body, append(append([]string{"lint"}, flags...), "-")...)
	if out == "" {
		return code, nil
	}
	return code, strings.Split(strings.TrimSuffix(out, "\n"), "\n")
}

// TestLintCommand runs lint on files that show its output and exit status,
// and on the disagreements of issue 26 that lint had with the library: each
// line below failed before lint became package lint.
func TestLintCommand(t *testing.T) {
	tests := []struct {
		name string
		body string
		args []string
		code int
		want []string // prefixes of the output lines
	}{
		{"clean", "User-agent: *\nDisallow: /a\n", nil, exitOK, nil},
		{"collapsed rule", "User-agent: GPTBot Disallow: /\n", nil, exitFinding,
			[]string{`-:1:20: error: collapsed-rule: "Disallow: /" is on the user-agent line`}},
		// Disagreement 2: the column of a UTF-16 file is the decoded line's.
		{"collapsed rule in UTF-16LE", utf16LE("User-agent: GPTBot Disallow: /\n"), nil, exitFinding,
			[]string{`-:1: info: byte-order-mark: a UTF-16LE byte order mark starts the file`,
				`-:1:20: error: collapsed-rule: "Disallow: /" is on the user-agent line`}},
		// Disagreement 1: in draft1996 the first Googlebot record is the
		// one obeyed, so the * group's /private no longer applies.
		{"star replaced in draft1996", "User-agent: *\nDisallow: /private\n\nUser-agent: Googlebot\nDisallow: /tmp\n\nUser-agent: Googlebot\nDisallow: /private\n",
			[]string{"-dialect", "draft1996"}, exitOK,
			[]string{`-:4: warning: star-replaced: the group for Googlebot replaces the * group for it: 1 disallow rule of the * group (first: line 2) does not apply to it`}},
		// Disagreement 5: groups that disallow everything hide no usage
		// preference that could apply to them.
		{"block AI crawlers", "User-agent: GPTBot\nUser-agent: CCBot\nDisallow: /\n\nUser-agent: ClaudeBot\nDisallow: /\n\nUser-agent: *\nContent-Signal: search=yes, ai-train=no\nAllow: /\n",
			nil, exitOK, nil},
		// Disagreement 9: names as written.
		{"names as written", "User-agent: *\nDisallow: /private\n\nUser-agent: Spinn3r\nDisallow: /tmp\n", nil, exitOK,
			[]string{`-:4: warning: agent-token: "Spinn3r" is outside RFC 9309's product-token grammar`,
				`-:4: warning: star-replaced: the group for Spinn3r (read as Spinn) replaces the * group for it`}},
		{"html", "\n  <!DOCTYPE html>\n<html><head><title>Not found</title></head></html>\n", nil, exitFinding,
			[]string{`-:1: error: html-body: the file is an HTML page`}},
		{"warnings exit 0", "User-agent: AI2Bot\nDisallow: /\n", nil, exitOK, []string{`-:1: warning: agent-token: "AI2Bot" is outside`}},
		{"info", "\ufeffUser-agent: *\nDisallow: /a\nDisallow: /a\n", nil, exitOK,
			[]string{`-:1: info: byte-order-mark: `, `-:3: info: duplicate-rule: the same rule as line 2`}},
	}
	for _, tt := range tests {
		code, lines := lintLines(tt.body, tt.args...)
		ok := code == tt.code && len(lines) == len(tt.want)
		for i := 0; ok && i < len(lines); i++ {
			ok = strings.HasPrefix(lines[i], tt.want[i])
		}
		if !ok {
			t.Errorf("%s: exit %d, output\n%s\nwant exit %d and lines starting\n%s", tt.name, code, strings.Join(lines, "\n"), tt.code, strings.Join(tt.want, "\n"))
		}
	}
}

// utf16LE encodes s as UTF-16LE with its byte order mark.
func utf16LE(s string) string {
	out := []byte{0xFF, 0xFE}
	for _, u := range utf16.Encode([]rune(s)) {
		out = append(out, byte(u), byte(u>>8))
	}
	return string(out)
}

func TestLintPastLimit(t *testing.T) {
	body := "User-agent: *\nDisallow: /a\n" + strings.Repeat("Disallow: /filler\n", robots.DefaultParseLimit/18+100) + "Disallow: /late\n"
	for _, dialect := range []string{"rfc9309", "google"} {
		code, lines := lintLines(body, "-dialect", dialect, "-ignore", "duplicate-rule")
		if code != exitFinding || len(lines) != 1 || !strings.Contains(lines[0], ": error: truncated: ") {
			t.Errorf("-dialect %s: exit %d, %q", dialect, code, lines)
		}
	}
}

func TestLintFlags(t *testing.T) {
	const body = "User-agent: *\nDisalow: /a\n" // a misspelt key: a warning
	if code, lines := lintLines(body); code != exitOK || len(lines) != 1 {
		t.Errorf("warning: exit %d %q, want 0 and one line", code, lines)
	}
	if code, _ := lintLines(body, "-strict"); code != exitFinding {
		t.Errorf("-strict: exit %d, want 1", code)
	}
	if code, lines := lintLines(body, "-ignore", "misspelt-key,unknown-key", "-strict"); code != exitOK || lines != nil {
		t.Errorf("-ignore: exit %d %q", code, lines)
	}
	if code, _, errOut := runCmd(body, "lint", "-ignore", "no-such-code", "-"); code != exitUsage || !strings.Contains(errOut, "no-such-code") {
		t.Errorf("-ignore no-such-code: exit %d %q", code, errOut)
	}
	// -json, flags after the file, and a missing file that does not stop the run.
	missing := t.TempDir() + "/missing.txt"
	path := writeFile(t, "robots.txt", "User-agent: GPTBot Disallow: /\n")
	code, out, _ := runCmd("", "lint", missing, path, "-json")
	if code != exitUsage {
		t.Errorf("missing file: exit %d, want %d", code, exitUsage)
	}
	var got []report.Finding
	dec := json.NewDecoder(strings.NewReader(out))
	for dec.More() {
		var f report.Finding
		if err := dec.Decode(&f); err != nil {
			t.Fatalf("%v in %s", err, out)
		}
		got = append(got, f)
	}
	if len(got) != 2 || got[0].File != missing || got[0].Code != robots.ReadError || got[0].Severity != robots.SeverityError ||
		got[1] != (report.Finding{File: path, Line: 1, Column: 20, Code: robots.CollapsedRule, Severity: robots.SeverityError, Message: got[1].Message}) {
		t.Errorf("-json: %+v", got)
	}
	if !bytes.Contains([]byte(out), []byte(`"column":20,"code":"collapsed-rule","severity":"error","message":`)) {
		t.Errorf("-json field names: %s", out)
	}
}

func TestLintFlagsAfterFile(t *testing.T) {
	path := writeFile(t, "robots.txt", "User-agent: *\nAllow: /a\n")
	if code, out, errOut := runCmd("", "lint", path, "-dialect", "original1994", "-strict"); code != exitFinding || !strings.Contains(out, `unknown key "Allow"`) {
		t.Errorf("lint FILE -dialect original1994 -strict: exit %d, stdout %q, stderr %q", code, out, errOut)
	}
}

// TestReadBounded reads endless files: lint and check stop at the parse
// limit and the slack.
func TestReadBounded(t *testing.T) {
	if _, err := os.Stat("/dev/zero"); err != nil {
		t.Skip("no /dev/zero")
	}
	if code, out, _ := runCmd("", "lint", "/dev/zero"); code != exitFinding || !strings.Contains(out, "error: truncated:") {
		t.Errorf("lint /dev/zero: exit %d, %q", code, out)
	}
	if code, out, _ := runCmd("", "check", "-robots", "/dev/zero", "-agent", "Bot", "/x"); code != exitOK || !strings.HasPrefix(out, "allowed    /x") {
		t.Errorf("check -robots /dev/zero: exit %d, %q", code, out)
	}
}
