package main

import (
	"bytes"
	"encoding/json"
	"os"
	"strings"
	"testing"

	"github.com/robotsexclusion/robots"
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

func TestLintChecks(t *testing.T) {
	tests := []struct {
		name string
		body string
		code int
		want []string // prefixes of the output lines
	}{
		{"clean", "User-agent: *\nDisallow: /a\n", exitOK, nil},
		{"collapsed rule", "User-agent: GPTBot Disallow: /\n", exitFinding,
			[]string{`-:1:20: error: collapsed-rule: "Disallow: /" is on the user-agent line`}},
		{"agent token", "User-agent: AI2Bot\nUser-agent: Crawl4AI\nDisallow: /\n", exitOK,
			[]string{`-:1: warning: agent-token: "AI2Bot" is outside RFC 9309's product-token grammar (letters, "-" and "_"): read as "AI", which AI2Bot, read alike, matches; Google's library, comparing the name whole, does not; the first-match dialects read it whole`,
				`-:2: warning: agent-token: "Crawl4AI" is outside`}},
		{"version is not a token problem", "User-agent: FooBot/2.1\nDisallow: /\n", exitOK,
			[]string{`-:1: warning: agent-not-token: `}},
		{"crawl-delay group merges", "User-agent: a\nCrawl-delay: 5\nUser-agent: b\nDisallow: /\n", exitOK,
			[]string{`-:2: warning: delay-merge: a group with only a crawl-delay does not end at it: the agents before it (line 1) share the rules of the agents after it (line 3)`}},
		{"duplicate and conflicting", "User-agent: *\nDisallow: /z\nAllow: /z\nDisallow: /z\nAllow: /y\n", exitFinding,
			[]string{`-:2: error: conflicting-rule: "/z" is disallowed on line 2 and allowed on line 3; allow wins a tie, so line 2 does nothing`,
				`-:4: info: duplicate-rule: the same rule as line 2`}},
		{"second star group", "User-agent: *\nDisallow: /a\n\nUser-agent: *\nDisallow: /b\n", exitOK,
			[]string{`-:4: warning: second-star-group: a second * group: RFC 9309 and Google merge it with the one at line 1`}},
		{"star replaced", "User-agent: *\nDisallow: /private\nDisallow: /tmp\n\nUser-agent: Googlebot\nDisallow: /tmp\n\nUser-agent: Bingbot\nDisallow: /private\nDisallow: /tmp\n\nUser-agent: BadBot\nDisallow: /\n\nUser-agent: Slurp\nDisallow: /priv\nDisallow: /t\n\nUser-agent: Mediapartners-Google\nDisallow:\n", exitOK,
			[]string{`-:5: warning: star-replaced: the group for Googlebot replaces the * group for it: 1 disallow rule of the * group (first: line 2) does not apply to Googlebot`}},
		{"html", "\n  <!DOCTYPE html>\n<html><head><title>Not found</title></head></html>\n", exitFinding,
			[]string{`-:1: error: html-body: the file is an HTML page`}},
		{"bom is info", "\ufeffUser-agent: *\nDisallow: /a\n", exitOK, []string{`-:1: info: byte-order-mark: `}},
		{"rule outside group", "Disallow: /a\n", exitFinding, []string{`-:1: error: rule-outside-group: `}},
		{"known extensions", "User-agent: *\nDisallow: /a\nContent-Signal: search=yes, ai-train=no\nContent-Usage: train-ai=n\n" +
			"Host: www.example.com\nClean-param: ref&utm /a/\nRequest-rate: 1/5s 0600-0845\nVisit-time: 0600-0845\n", exitOK, nil},
		{"usage values", "User-agent: *\nDisallow: /a\nContent-Signal: search yes\nContent-Usage: Train-AI=n\n" +
			"content-usage: train-ai=yes\nContent-Signal: ai-train=n\nContent-Usage: *.pdf train-ai=n\nContent-Usage: /x\n" +
			"Content-Usage: train-ai=y, ai-train=n\nContent-Usage: search=maybe\n", exitFinding,
			[]string{`-:3: error: usage-syntax: Content-Signal: not a structured-field Dictionary`,
				`-:4: error: usage-uppercase-key: Content-Usage: keys are lowercase`,
				`-:5: error: usage-yes-no: Content-Usage: train-ai=yes: Content-Usage takes y or n`,
				`-:6: error: signal-y-n: Content-Signal: ai-train=n: Content-Signal takes yes or no`,
				`-:7: error: usage-bad-path: Content-Usage: "*.pdf" does not start with /`,
				`-:8: error: usage-missing-preference: Content-Usage: a path without a preference`,
				`-:9: warning: usage-other-vocabulary: Content-Usage: ai-train is a Content-Signal key`,
				`-:10: error: usage-bad-value: Content-Usage: search is the Token maybe, not y or n`}},
		{"usage hidden and file-wide", "Content-Signal: search=yes\n\nUser-agent: *\nDisallow: /drafts/\nContent-Usage: train-ai=n\n" +
			"Content-Usage: /press/ train-ai=y\n\nUser-agent: GPTBot\nDisallow: /archive/\n\nUser-agent: ClaudeBot\nContent-Usage: train-ai=y\n", exitOK,
			[]string{`-:1: info: usage-file-wide: Content-Signal outside any group applies to every crawler, file-wide`,
				`-:8: warning: star-replaced: `,
				`-:8: warning: star-usage-hidden: the group for GPTBot replaces the * group for it, usage preferences too: the * group's Content-Usage and Content-Signal lines 5 and 6 do not apply to GPTBot, and its own group states none;`,
				`-:11: warning: star-usage-hidden: the group for ClaudeBot replaces the * group for it, usage preferences too: the * group's Content-Usage and Content-Signal lines 5 and 6 do not apply to ClaudeBot, and its own group states 1 usage line instead;`}},
		{"a group of only usage lines merges", "User-agent: *\nContent-Signal: search=yes\n\nUser-agent: GPTBot\nDisallow: /\n", exitOK,
			[]string{`-:2: warning: usage-merge: a group with only usage lines does not end at this Content-Signal line: the agents before it (line 1) share the rules and usage lines of the agents after it (line 4)`}},
		// A Content-Usage line is a rule line (draft-ietf-aipref-attach's
		// grammar): the group ends at it, and GPTBot's group hides it.
		{"a content-usage line ends the group", "User-agent: *\nContent-Usage: train-ai=n\n\nUser-agent: GPTBot\nDisallow: /\n", exitOK,
			[]string{`-:4: warning: star-usage-hidden: `}},
		{"one usage line hidden", "User-agent: *\nAllow: /\nContent-Usage: train-ai=n\n\nUser-agent: GPTBot\nAllow: /\n", exitOK,
			[]string{`-:5: warning: star-usage-hidden: the group for GPTBot replaces the * group for it, usage preferences too: the * group's Content-Usage and Content-Signal line 3 does not apply to GPTBot, and its own group states none; repeat it in its group if it is meant for it too`}},
		{"a group for * and a named agent hides nothing", "User-agent: *\nUser-agent: GPTBot\nContent-Usage: train-ai=n\n", exitOK, nil},
		{"extension syntax", "User-agent: *\nDisallow: /a\nHost: x\nHost: http://a b\nVisit-time: 6am\nRequest-rate: fast\nNoindex: /x\nFoo: bar\n", exitOK,
			[]string{`-:4: warning: extension-syntax: host: `,
				`-:5: warning: extension-syntax: visit-time: "6am" is not HHMM-HHMM`,
				`-:6: warning: extension-syntax: request-rate: `,
				`-:7: warning: retired-key: `,
				`-:8: warning: unknown-key: `}},
	}
	for _, tt := range tests {
		code, lines := lintLines(tt.body)
		ok := code == tt.code && len(lines) == len(tt.want)
		for i := 0; ok && i < len(lines); i++ {
			ok = strings.HasPrefix(lines[i], tt.want[i])
		}
		if !ok {
			t.Errorf("%s: exit %d, output\n%s\nwant exit %d and lines starting\n%s", tt.name, code, strings.Join(lines, "\n"), tt.code, strings.Join(tt.want, "\n"))
		}
	}
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

func TestLintSeverityTable(t *testing.T) {
	// Every code of the parser has a severity of its own.
	for _, c := range []robots.Code{
		robots.ByteOrderMark, robots.Charset, robots.Truncated, robots.InvalidUTF8, robots.NULByte,
		robots.LongLine, robots.MalformedLine, robots.MissingColon, robots.MisspeltKey, robots.KeyPrefix,
		robots.UnknownKey, robots.RuleOutsideGroup, robots.AgentNotToken, robots.EmptyAgent,
		robots.UnmatchablePath, robots.InvalidCrawlDelay, robots.EmptyValue, robots.RelativeSitemap,
		robots.TooMany, robots.TooManyExtensions,
		robots.Code(robots.UsageSyntax), robots.Code(robots.UppercaseKey), robots.Code(robots.BadValue),
		robots.Code(robots.YesNo), robots.Code(robots.SignalYN), robots.Code(robots.OtherVocabulary),
		robots.Code(robots.BadPath), robots.Code(robots.MissingPreference),
	} {
		if _, ok := severities[string(c)]; !ok {
			t.Errorf("code %s has no severity", c)
		}
	}
	for c, s := range severities {
		if s != sevError && s != sevWarning && s != sevInfo {
			t.Errorf("code %s: severity %q", c, s)
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
	var got []finding
	dec := json.NewDecoder(strings.NewReader(out))
	for dec.More() {
		var f finding
		if err := dec.Decode(&f); err != nil {
			t.Fatalf("%v in %s", err, out)
		}
		got = append(got, f)
	}
	if len(got) != 2 || got[0].File != missing || got[0].Code != codeReadError || got[0].Severity != sevError ||
		got[1] != (finding{File: path, Line: 1, Column: 20, Code: codeCollapsedRule, Severity: sevError, Message: got[1].Message}) {
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
