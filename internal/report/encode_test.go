package report_test

import (
	"bytes"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/robotsexclusion/robots/internal/report"
)

// TestKeepOctets: every command's JSON keeps the octets of a pattern, a URL
// and an agent that are not UTF-8 (percent-encoded, "\xff" as "%FF") and
// writes '&', '<' and '>' as they are.
func TestKeepOctets(t *testing.T) {
	const (
		agent = "Bot\xff&<>"
		body  = "User-agent: " + agent + "\nDisallow: /a\xff&<b>\nNoSuchKey: \xff&<>\n"
		url   = "/a\xff&<b>?q=\xff&<>"
	)
	for _, c := range []struct {
		req   report.Request
		wants []string // in the JSON, besides no U+FFFD, no \u escape of & < >
	}{
		{report.Request{Command: "check", Robots: body, Agent: agent, URLs: []string{url}},
			[]string{`"url":"/a%FF&<b>?q=%FF&<>"`, `"pattern":"/a%FF&<b>"`}},
		{report.Request{Command: "explain", Robots: body, Agent: agent, URLs: []string{url}},
			[]string{`"url":"/a%FF&<b>?q=%FF&<>"`, `"given":"Bot%FF&<>"`, `"pattern":"/a%FF&<b>"`, `"agents":["Bot%FF&<>"]`}},
		{report.Request{Command: "lint", Robots: body},
			[]string{`%FF&<>`}},
		{report.Request{Command: "diff", Old: "User-agent: *\nDisallow:\n", New: body, Agents: []string{agent}, URLs: []string{url}},
			[]string{`"agent":"Bot%FF&<>"`, `"url":"/a%FF&<b>?q=%FF&<>"`, `"pattern":"/a%FF&<b>"`}},
		{report.Request{Command: "agents", Robots: body, Paths: []string{"/a\xff&<b>"}},
			[]string{`"value":"Bot%FF&<>"`, `"/a%FF&<b>"`}},
		{report.Request{Command: "test", Robots: body, Expectations: "disallow " + agent + " " + url + "\n"},
			[]string{`"agent":"Bot%FF&<>"`, `"url":"/a%FF&<b>?q=%FF&<>"`, `"pattern":"/a%FF&<b>"`}},
	} {
		v, err := report.Do(c.req)
		if err != nil {
			t.Fatalf("%s: %v", c.req.Command, err)
		}
		var out []byte
		switch v := v.(type) {
		case [][]byte:
			out = bytes.Join(v, []byte("\n"))
		case []any:
			for _, x := range v {
				b, err := report.Encode(x)
				if err != nil {
					t.Fatal(err)
				}
				out = append(out, b...)
			}
		default:
			if out, err = report.Encode(v); err != nil {
				t.Fatal(err)
			}
		}
		s := string(out)
		if !utf8.ValidString(s) || strings.Contains(s, "\ufffd") || strings.Contains(s, `\ufffd`) || strings.Contains(s, `\u00`) {
			t.Errorf("%s: octets lost or escaped: %s", c.req.Command, s)
		}
		for _, w := range c.wants {
			if !strings.Contains(s, w) {
				t.Errorf("%s: no %s in %s", c.req.Command, w, s)
			}
		}
	}
}

// TestEncodeValues: Encode keeps the octets of strings wherever they sit
// (a map key, a pointer, an interface, an array), leaves the value it was
// given as it was, and lets a value that encodes itself do so.
func TestEncodeValues(t *testing.T) {
	type inner struct {
		S string
		p string
	}
	s := "\xff<"
	in := map[string]any{"k\xfe": []any{&s, [1]string{s}, inner{S: s, p: s}, []byte(s), nil}}
	got, err := report.Encode(in)
	if err != nil {
		t.Fatal(err)
	}
	const want = `{"k%FE":["%FF<",["%FF<"],{"S":"%FF<"},"/zw=",null]}` + "\n"
	if string(got) != want {
		t.Errorf("got %s, want %s", got, want)
	}
	if s != "\xff<" || in["k\xfe"].([]any)[2].(inner).S != "\xff<" {
		t.Error("Encode changed its argument")
	}
	if got, err := report.Encode(nil); err != nil || string(got) != "null\n" {
		t.Errorf("nil: %s, %v", got, err)
	}
}
