package report_test

import (
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"

	"github.com/robotsexclusion/robots"
	"github.com/robotsexclusion/robots/internal/report"
	"github.com/robotsexclusion/robots/usage"
)

func TestAppendShown(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"", ""},
		{"/plain/ascii/path?q=1&r=~", "/plain/ascii/path?q=1&r=~"},
		{"/caf\u00e9/\u4e16\u754c", "/caf\u00e9/\u4e16\u754c"},
		{"/a\x1b[2J", `"/a\x1b[2J"`},
		{"/abcdefghijklmno\x1b", `"/abcdefghijklmno\x1b"`},
		{"/abcdefg\x7f", `"/abcdefg\x7f"`},
		{"/abcdefgh\tx", `"/abcdefgh\tx"`},
		{"/b\u009b31m", `"/b\u009b31m"`},
		{"/c\xff", `"/c\xff"`},
		{"/d\u2028", `"/d\u2028"`},
	} {
		if got := string(report.AppendShown(nil, c.in)); got != c.want {
			t.Errorf("AppendShown(%q) = %s, want %s", c.in, got, c.want)
		}
	}
}

// TestAppendShownRandom checks AppendShown's eight-octet test against the
// octet-by-octet one on random lines rich in the octets around its bounds.
func TestAppendShownRandom(t *testing.T) {
	const alphabet = "\x00\x1f\x20\x7e\x7f\x80\xc3\xa9\xff/a"
	r := rand.New(rand.NewPCG(3, 4))
	for range 50000 {
		b := make([]byte, r.IntN(30))
		for i := range b {
			b[i] = 'a'
			if r.IntN(6) == 0 {
				b[i] = alphabet[r.IntN(len(alphabet))]
			}
		}
		plain := true
		for _, c := range string(b) {
			if c == utf8.RuneError || !unicode.IsPrint(c) {
				plain = false
			}
		}
		want := string(b)
		if !plain {
			want = strconv.Quote(string(b))
		}
		if got := string(report.AppendShown(nil, string(b))); got != want {
			t.Fatalf("AppendShown(%q) = %s, want %s", b, got, want)
		}
	}
}

// TestCheckOverBudget checks that a decision that failed closed reads as
// such in both of check's forms, not as "no rule matched".
func TestCheckOverBudget(t *testing.T) {
	d := robots.Decision{OverBudget: true}
	text := string(report.AppendCheckText(nil, "/aaaa", d, "", false))
	if want := "disallowed /aaaa\t(not matched: deciding it exactly costs more than the decision budget, so it fails closed)"; text != want {
		t.Errorf("text = %q, want %q", text, want)
	}
	js := string(report.AppendCheckJSON(nil, "/aaaa", d, "", false))
	if want := `{"url":"/aaaa","allowed":false,"line":0,"pattern":"","over_budget":true}`; js != want {
		t.Errorf("json = %s, want %s", js, want)
	}
	if js := string(report.AppendCheckJSON(nil, "/aaaa", robots.Decision{}, "", false)); strings.Contains(js, "over_budget") {
		t.Errorf("json of an exact decision says over_budget: %s", js)
	}
	// The verdicts of diff, test and the crawlers' table say it too.
	v := report.NewVerdict(d)
	if want := "disallowed (not matched: deciding it exactly costs more than the decision budget, so it fails closed)"; v.String() != want {
		t.Errorf("Verdict.String = %q, want %q", v.String(), want)
	}
	if b, err := report.Encode(v); err != nil || !strings.Contains(string(b), `"over_budget":true`) {
		t.Errorf("Verdict's JSON = %s (%v), want over_budget", b, err)
	}
	if b, _ := report.Encode(report.NewVerdict(robots.Decision{})); strings.Contains(string(b), "over_budget") {
		t.Errorf("an exact Verdict's JSON says over_budget: %s", b)
	}
	res := report.TestResult{File: "e.txt", Expectation: report.Expectation{Line: 3, Allow: true, Agent: "FooBot", URL: "/aaaa"}, Got: v}
	if got := res.String("robots.txt"); !strings.Contains(got, "(not matched: deciding it exactly") {
		t.Errorf("TestResult.String = %q", got)
	}
}

// TestCheckUsageOverBudget checks that a decision whose Content-Usage rules
// failed closed says so beside its preferences, in both of check's forms
// with usage, and nowhere without it.
func TestCheckUsageOverBudget(t *testing.T) {
	d := robots.Decision{Allowed: true, UsageOverBudget: true}
	d.Usage = d.Usage.With(usage.TrainAI, usage.Disallowed, usage.Source{Field: "Content-Usage"})
	text := string(report.AppendCheckText(nil, "/aaaa", d, "", true))
	if !strings.HasPrefix(text, "allowed    /aaaa\t(no rule matched)\tusage: ") || !strings.HasSuffix(text, " (Content-Usage not matched: deciding it exactly costs more than the decision budget, so its n fails closed)") {
		t.Errorf("text = %q", text)
	}
	js := string(report.AppendCheckJSON(nil, "/aaaa", d, "", true))
	if !strings.HasSuffix(js, `,"usage_over_budget":true}`) || strings.Contains(js, `"over_budget"`) {
		t.Errorf("json = %s", js)
	}
	if js := string(report.AppendCheckJSON(nil, "/aaaa", d, "", false)); strings.Contains(js, "over_budget") {
		t.Errorf("json without usage says usage_over_budget: %s", js)
	}
	d.UsageOverBudget = false
	if text := string(report.AppendCheckText(nil, "/aaaa", d, "", true)); strings.Contains(text, "not matched") {
		t.Errorf("text of preferences read exactly = %q", text)
	}
}
