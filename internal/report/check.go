package report

// The lines of robots check. They are its hot path, a million URLs a run:
// each is appended to a buffer without fmt or encoding/json and without
// allocating.

import (
	"strconv"
	"strings"

	"github.com/robotsexclusion/robots"
	"github.com/robotsexclusion/robots/internal/jsonw"
	"github.com/robotsexclusion/robots/normalize"
)

// AppendCheckJSON appends the -json line of check for url and d, without
// the newline; with a reading (the path and query a common server may read
// the URL's as, which a rule disallows), a "read" field; with withUsage,
// the usage preferences too (usage.Set's JSON), and "usage_over_budget",
// true, when they failed closed (robots.Decision.UsageOverBudget);
// "over_budget" is there, true, only for a decision that failed closed
// (robots.Decision.OverBudget):
//
//	{"url":"https://a.example/private","allowed":false,"line":2,"pattern":"/private"}
//	{"url":"https://a.example/private%2Fa","allowed":false,"line":2,"pattern":"/private/","read":"/private/a"}
func AppendCheckJSON(b []byte, url string, d robots.Decision, reading string, withUsage bool) []byte {
	b = append(b, `{"url":`...)
	b = jsonw.AppendString(b, url)
	if d.Allowed {
		b = append(b, `,"allowed":true,"line":`...)
	} else {
		b = append(b, `,"allowed":false,"line":`...)
	}
	b = strconv.AppendInt(b, int64(d.Line), 10)
	b = append(b, `,"pattern":`...)
	b = jsonw.AppendString(b, d.Pattern)
	if d.OverBudget {
		b = append(b, `,"over_budget":true`...)
	}
	if reading != "" {
		b = append(b, `,"read":`...)
		b = jsonw.AppendString(b, reading)
	}
	if withUsage {
		b = append(b, `,"usage":`...)
		b = d.Usage.AppendJSON(b)
		if d.UsageOverBudget {
			b = append(b, `,"usage_over_budget":true`...)
		}
	}
	return append(b, '}')
}

// AppendCheckText appends the text line of check for url and d, without
// the newline; with a reading (see AppendCheckJSON), a "read as" column;
// with withUsage, a column of its usage preferences. The URL, the pattern
// and the reading are shown as AppendShown shows them:
//
//	allowed    https://a.example/x	(no rule matched)
//	disallowed https://a.example/private	line 2: /private
//	disallowed https://a.example/private%2Fa	line 2: /private/	read as /private/a
//	allowed    https://a.example/x	(no rule matched)	usage: Content-Usage: train-ai=n (line 4)
//
// A decision that failed closed says so in place of the rule.
func AppendCheckText(b []byte, url string, d robots.Decision, reading string, withUsage bool) []byte {
	if d.Allowed {
		b = append(b, "allowed    "...)
	} else {
		b = append(b, "disallowed "...)
	}
	b = AppendShown(b, url)
	switch {
	case d.OverBudget:
		b = append(b, "\t("+notMatched+")"...)
	case d.Line == 0:
		b = append(b, "\t(no rule matched)"...)
	default:
		b = append(b, "\tline "...)
		b = strconv.AppendInt(b, int64(d.Line), 10)
		b = append(b, ": "...)
		b = AppendShown(b, d.Pattern)
	}
	if reading != "" {
		b = append(b, "\tread as "...)
		b = AppendShown(b, reading)
	}
	if withUsage {
		b = AppendUsageColumn(b, d)
	}
	return b
}

// AppendUsageColumn appends the usage column of a text line: a tab, then
// "usage: " and the preferences with their lines, and when the
// Content-Usage rules were not matched within the decision budget
// (robots.Decision.UsageOverBudget), a note that their n fails closed.
func AppendUsageColumn(b []byte, d robots.Decision) []byte {
	b = append(b, "\tusage: "...)
	b = d.Usage.AppendWithSources(b)
	if d.UsageOverBudget {
		b = append(b, " ("+usageNotMatched+")"...)
	}
	return b
}

// AppendCheckError appends the line of check for an input line that is
// not a URL it decides, without the newline:
//
//	error      mailto:x	not a URL: want https://host/path or /path
//	{"url":"mailto:x","allowed":false,"line":0,"pattern":"","error":"not a URL: want https://host/path or /path"}
func AppendCheckError(b []byte, url, problem string, asJSON bool) []byte {
	if !asJSON {
		b = append(b, "error      "...)
		b = AppendShown(b, url)
		b = append(b, '\t')
		return append(b, problem...)
	}
	b = append(b, `{"url":`...)
	b = jsonw.AppendString(b, url)
	b = append(b, `,"allowed":false,"line":0,"pattern":"","error":`...)
	b = jsonw.AppendString(b, problem)
	return append(b, '}')
}

// URLProblem says why check does not decide url, or returns "": the
// library's reading of what a URL is (normalize.IsURL), said for people.
func URLProblem(url string) string {
	switch {
	case normalize.IsURL(url):
		return ""
	case url == "":
		return "empty URL"
	}
	if scheme, _, ok := strings.Cut(url, ":"); ok && scheme != "" && strings.Trim(scheme, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ") == "" {
		return "not a URL with a host (" + scheme + ":)"
	}
	return "not a URL: want https://host/path or /path"
}
