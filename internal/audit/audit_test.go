package audit_test

import (
	"fmt"
	"net/http"
	"slices"
	"strings"
	"testing"

	"github.com/robotsexclusion/robots"
	"github.com/robotsexclusion/robots/internal/audit"
	"github.com/robotsexclusion/robots/internal/warcgen"
)

// response returns a stored HTTP response.
func response(status int, header http.Header, body string) []byte {
	c := warcgen.Capture{Status: status, Header: header, Body: []byte(body)}
	return c.ResponseBlock()
}

// capture returns a capture of uri answered with status and body.
func capture(uri string, status int, body string) audit.Capture {
	h := warcgen.TextHeader()
	if status >= 300 && status < 400 {
		h = http.Header{"Location": {body}}
		body = ""
	}
	return audit.Capture{File: "test.warc.gz", URI: uri, Date: "2025-01-13T12:00:00Z", Response: response(status, h, body)}
}

// agentOf returns the agent of a record named name.
func agentOf(t *testing.T, rec *audit.Record, name string) audit.Agent {
	t.Helper()
	for _, a := range rec.Agents {
		if a.Name == name {
			return a
		}
	}
	t.Fatalf("no agent %s in %+v", name, rec)
	return audit.Agent{}
}

// TestLevels decides the levels, groups, verdicts and witnesses of files
// for a crawler named in them and one that falls to *.
func TestLevels(t *testing.T) {
	a := audit.New(audit.Options{Agents: []string{"GPTBot", "Other"}})
	for _, tc := range []struct {
		body string
		want map[string]string // agent -> "group level root witness"
	}{
		{"", map[string]string{"GPTBot": "none none allowed -", "Other": "none none allowed -"}},
		{"User-agent: *\nDisallow: /\n", map[string]string{"GPTBot": "* full disallowed -", "Other": "* full disallowed -"}},
		{"User-agent: *\nDisallow: /private/\n\nUser-agent: GPTBot\nDisallow: /\n",
			map[string]string{"GPTBot": "named full disallowed -", "Other": "* partial allowed /private/"}},
		{"User-agent: GPTBot\nDisallow: /\nAllow: /public\n",
			map[string]string{"GPTBot": "named partial disallowed /public", "Other": "none none allowed -"}},
		{"User-agent: *\nDisallow: /\nAllow: /$\n", map[string]string{"GPTBot": "* partial allowed /x"}},
		{"User-agent: *\nDisallow: /$\n", map[string]string{"GPTBot": "* partial disallowed /x"}},
		{"User-agent: *\nDisallow: /*\n", map[string]string{"GPTBot": "* full disallowed -"}},
		{"User-agent: *\nAllow: /\nDisallow: /\n", map[string]string{"GPTBot": "* none allowed -"}},
		{"User-agent: *\nDisallow: /\nAllow: /robots.txt$\n", map[string]string{"GPTBot": "* full disallowed -"}},
		{"User-agent: *\nDisallow: /\nAllow: /robots.txt\n", map[string]string{"GPTBot": "* partial disallowed /robots.txtx"}},
		{"User-agent: *\nDisallow: /a\nAllow: /a\n", map[string]string{"GPTBot": "* none allowed -"}},
		{"User-agent: *\nDisallow: /*.pdf$\n", map[string]string{"GPTBot": "* partial allowed /.pdf"}},
		{"User-agent: GPTBot/1.0\nUser-agent: CCBot\nDisallow: /\n", map[string]string{"GPTBot": "named full disallowed -"}},
		{"User-agent: gptbot\nDisallow:\n\nUser-agent: *\nDisallow: /\n",
			map[string]string{"GPTBot": "named none allowed -", "Other": "* full disallowed -"}},
	} {
		rec := a.Audit(ptr(capture("https://example.com/robots.txt", 200, tc.body)))
		if rec.Outcome != "ok" || len(rec.Agents) != 2 {
			t.Errorf("%q: outcome %q, %d agents", tc.body, rec.Outcome, len(rec.Agents))
			continue
		}
		for name, want := range tc.want {
			ag := agentOf(t, rec, name)
			w := ag.Witness
			if w == "" {
				w = "-"
			}
			if got := fmt.Sprintf("%s %s %s %s", ag.Group, ag.Level, ag.Root, w); got != want {
				t.Errorf("%q, %s: %s, want %s", tc.body, name, got, want)
			}
		}
	}
}

func ptr[T any](v T) *T { return &v }

// The outcomes of the fetch policy, and what each says to every crawler.
func TestOutcomes(t *testing.T) {
	a := audit.New(audit.Options{Agents: []string{"GPTBot"}})
	for _, tc := range []struct {
		status int
		body   string
		want   string // outcome group level root
	}{
		{200, "User-agent: *\nDisallow: /x\n", "ok * partial allowed"},
		{404, "<html>not found</html>", "unavailable none none allowed"},
		{403, "", "unavailable none none allowed"},
		{503, "", "unreachable none full disallowed"},
		{429, "", "unreachable none full disallowed"},
		{304, "", "unreachable none full disallowed"},
	} {
		rec := a.Audit(ptr(capture("https://example.com/robots.txt", tc.status, tc.body)))
		ag := agentOf(t, rec, "GPTBot")
		if got := fmt.Sprintf("%s %s %s %s", rec.Outcome, ag.Group, ag.Level, ag.Root); got != tc.want || rec.Status != tc.status {
			t.Errorf("status %d: %s (status %d), want %s", tc.status, got, rec.Status, tc.want)
		}
	}
}

// Bodies that are not robots.txt, and captures that cannot be read, give
// records with an error.
func TestErrors(t *testing.T) {
	a := audit.New(audit.Options{Agents: []string{"GPTBot"}})
	large := "User-agent: *\n" + strings.Repeat("Disallow: /private/\n", (600<<10)/20)
	for _, tc := range []struct {
		name   string
		c      audit.Capture
		error  string
		agents bool
		lint   string
	}{
		{"html", capture("https://example.com/robots.txt", 200, "<!DOCTYPE html><html><body>hi</body></html>"), "not robots.txt: an HTML page", true, "html-body"},
		{"binary", capture("https://example.com/robots.txt", 200, "\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR"), "not robots.txt: binary", true, ""},
		{"large", capture("https://example.com/robots.txt", 200, large), "longer than the parse limit", true, "truncated"},
		{"not http", audit.Capture{URI: "https://example.com/robots.txt", Response: []byte("User-agent: *\nDisallow: /\n")}, "not an HTTP response", false, ""},
		{"bad uri", audit.Capture{URI: "ftp://example.com/robots.txt", Response: response(200, nil, "")}, "not an http or https URI", false, ""},
		{"read error", audit.Capture{URI: "https://example.com/robots.txt", Err: fmt.Errorf("corrupt gzip member at offset 4")}, "corrupt gzip member", false, ""},
		{"cut body", audit.Capture{URI: "https://example.com/robots.txt", Response: []byte("HTTP/1.1 200 OK\r\nContent-Length: 100\r\n\r\nUser-agent: *\n")}, "", true, ""},
	} {
		rec := a.Audit(&tc.c)
		if !strings.Contains(rec.Error, tc.error) || (tc.error == "") != (rec.Error == "") {
			t.Errorf("%s: error %q, want %q", tc.name, rec.Error, tc.error)
		}
		if (len(rec.Agents) > 0) != tc.agents {
			t.Errorf("%s: %d agents", tc.name, len(rec.Agents))
		}
		if tc.lint != "" && !slices.Contains(rec.Lint, tc.lint) {
			t.Errorf("%s: lint %v, want %s among them", tc.name, rec.Lint, tc.lint)
		}
	}
	// A body cut short (its Content-Length promised more) is what the
	// policy calls unreachable.
	rec := a.Audit(ptr(audit.Capture{URI: "https://example.com/robots.txt", Response: []byte("HTTP/1.1 200 OK\r\nContent-Length: 100\r\n\r\nUser-agent: *\n")}))
	if rec.Outcome != "unreachable" {
		t.Errorf("a cut body: outcome %q, want unreachable", rec.Outcome)
	}
}

// Bodies sent gzip-encoded or chunked, as some archives keep them, are
// read as the fetch policy reads them.
func TestEncodings(t *testing.T) {
	a := audit.New(audit.Options{Agents: []string{"GPTBot"}})
	body := []byte("User-agent: GPTBot\nDisallow: /\n")
	gz := warcgen.TextHeader()
	gz.Set("Content-Encoding", "gzip")
	ch := warcgen.TextHeader()
	ch.Set("Transfer-Encoding", "chunked")
	for name, c := range map[string]warcgen.Capture{
		"gzip":    {Status: 200, Header: gz, Body: warcgen.Gzipped(body)},
		"chunked": {Status: 200, Header: ch, Body: warcgen.Chunked(body, 7)},
	} {
		rec := a.Audit(&audit.Capture{URI: "https://example.com/robots.txt", Response: c.ResponseBlock()})
		if ag := agentOf(t, rec, "GPTBot"); rec.Size != len(body) || ag.Level != audit.Full || rec.Error != "" {
			t.Errorf("%s: size %d, level %s, error %q", name, rec.Size, ag.Level, rec.Error)
		}
	}
}

// Usage preferences for "/" are reported per crawler, keyed by category.
func TestUsage(t *testing.T) {
	a := audit.New(audit.Options{Agents: []string{"GPTBot", "Googlebot"}})
	body := "User-agent: *\nAllow: /\nContent-Usage: train-ai=n, search=y\nContent-Signal: ai-train=no, use=reference\n\nUser-agent: Googlebot\nAllow: /\n"
	rec := a.Audit(ptr(capture("https://example.com/robots.txt", 200, body)))
	got := agentOf(t, rec, "GPTBot").Usage
	want := map[string]string{"train-ai": "disallowed", "search": "allowed", "signal-ai-train": "disallowed", "signal-use": "reference"}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("GPTBot's usage %v, want %v", got, want)
	}
	if u := agentOf(t, rec, "Googlebot").Usage; u != nil {
		t.Errorf("Googlebot's group states none, got %v", u)
	}
}

// The agents default to the registry, in its order; a dialect applies.
func TestOptions(t *testing.T) {
	a := audit.New(audit.Options{})
	rec := a.Audit(ptr(capture("https://example.com/robots.txt", 200, "User-agent: *\nDisallow: /\n")))
	if len(rec.Agents) != len(a.Agents()) || len(rec.Agents) != a.NumAgents() || len(rec.Agents) < 20 || rec.Agents[0].Name != a.Agents()[0] {
		t.Errorf("%d agents, the Auditor says %d", len(rec.Agents), len(a.Agents()))
	}
	// In the Google dialect /robots.txt is decided like any path.
	g := audit.New(audit.Options{Agents: []string{"GPTBot"}, Dialect: robots.Google})
	rec = g.Audit(ptr(capture("https://example.com/robots.txt", 200, "User-agent: *\nDisallow: /\nAllow: /robots.txt$\n")))
	if ag := agentOf(t, rec, "GPTBot"); ag.Level != audit.Partial || ag.Witness != "/robots.txt" {
		t.Errorf("google dialect: %s %s, want partial /robots.txt", ag.Level, ag.Witness)
	}
}

// A record's witness and lines are bounded, whatever the file.
func TestRecordBounds(t *testing.T) {
	a := audit.New(audit.Options{Agents: []string{"GPTBot"}})
	long := "/" + strings.Repeat("a", audit.MaxWitness)
	rec := a.Audit(ptr(capture("https://example.com/robots.txt", 200, "User-agent: *\nDisallow: "+long+"\n")))
	if ag := agentOf(t, rec, "GPTBot"); ag.Level != audit.Partial || ag.Witness != "" || ag.WitnessLine != 2 {
		t.Errorf("a rule of %d octets: level %s, witness of %d octets, line %d", len(long), ag.Level, len(ag.Witness), ag.WitnessLine)
	}
	body := strings.Repeat("User-agent: *\nDisallow: /x\n", audit.MaxLines+5)
	rec = a.Audit(ptr(capture("https://example.com/robots.txt", 200, body)))
	if ag := agentOf(t, rec, "GPTBot"); len(ag.Lines) != audit.MaxLines || ag.Lines[1] != 3 {
		t.Errorf("%d groups: lines %v, want the first %d", audit.MaxLines+5, ag.Lines, audit.MaxLines)
	}
}

// A file whose every probe fails closed over the decision budget is probed
// only until MaxOverBudget of them have: the record says so in its error,
// and keeps the level its decided probes give.
func TestProbesOverBudget(t *testing.T) {
	a := audit.New(audit.Options{Agents: []string{"GPTBot", "CCBot"}})
	rec := a.Audit(ptr(capture("https://example.com/robots.txt", 200, string(warcgen.HostileBody("wild", nil)))))
	if !strings.Contains(rec.Error, audit.ErrProbes.Error()) {
		t.Fatalf("error %q, want it to say %q", rec.Error, audit.ErrProbes)
	}
	want := fmt.Sprintf("%d of them", audit.MaxOverBudget+1)
	if !strings.Contains(rec.Error, want) {
		t.Errorf("error %q, want %q: probing goes on past the bound", rec.Error, want)
	}
	if ag := agentOf(t, rec, "GPTBot"); ag.Root != audit.Disallowed || ag.Level != audit.Full {
		t.Errorf("GPTBot: root %s, level %s; want disallowed, full (\"/\" fails closed)", ag.Root, ag.Level)
	}
	rec = a.Audit(ptr(capture("https://example.com/robots.txt", 200, "User-agent: *\nDisallow: /*a*b*c$\n")))
	if strings.Contains(rec.Error, audit.ErrProbes.Error()) {
		t.Errorf("a plain file: error %q", rec.Error)
	}
}
