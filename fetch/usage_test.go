package fetch

import (
	"errors"
	"io"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/robotsexclusion/robots/usage"
)

// usageRobots states usage preferences for FooBot and, in the * group,
// the worked example of draft-ietf-aipref-attach section 3.4.
const usageRobots = `User-agent: *
Allow: /
Disallow: /never/
Content-Usage: train-ai=n
Content-Usage: /ai-ok/ train-ai=y

User-agent: FooBot
Disallow: /private
Content-Usage: /no-train/ train-ai=n
Content-Usage: /no-train/ok/ train-ai=y
Content-Signal: ai-input=no
`

// paths returns the paths requested, sorted.
func (s *shop) paths() []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	var out []string
	for p := range s.hits {
		out = append(out, p)
	}
	slices.Sort(out)
	return out
}

// usageCrawler returns a client whose Transport decides for agent with the
// given purposes.
func usageCrawler(t *testing.T, agent string, purposes ...usage.Category) *http.Client {
	client, tr := newCrawler(t)
	tr.Agent, tr.Purposes = agent, purposes
	return client
}

// TestTransportPurposes checks that a Transport refuses, before sending
// it, a request for which robots.txt says no to a declared purpose, and
// only then.
func TestTransportPurposes(t *testing.T) {
	cu := func(line int) usage.Source { return usage.Source{Line: line, Field: "Content-Usage"} }
	cs := func(line int) usage.Source { return usage.Source{Line: line, Field: "Content-Signal"} }
	tests := []struct {
		agent    string
		purposes []usage.Category
		path     string
		sent     string         // the path the server saw; "" when refused
		purpose  usage.Category // when refused for usage
		from     usage.Source
		disallow bool // refused by a Disallow rule instead
	}{
		{"FooBot", []usage.Category{usage.TrainAI}, "/public", "/public", 0, usage.Source{}, false},
		{"FooBot", []usage.Category{usage.TrainAI}, "/no-train/a", "", usage.TrainAI, cu(9), false},
		{"FooBot", []usage.Category{usage.TrainAI}, "/no-train/ok/a", "/no-train/ok/a", 0, usage.Source{}, false},
		{"FooBot", []usage.Category{usage.TrainAI}, "/private/a", "", 0, usage.Source{}, true},
		{"FooBot", []usage.Category{usage.Search}, "/no-train/a", "/no-train/a", 0, usage.Source{}, false},
		{"FooBot", nil, "/no-train/b", "/no-train/b", 0, usage.Source{}, false},
		// The combined view: ai-train is refused by train-ai=n.
		{"FooBot", []usage.Category{usage.SignalAITrain}, "/no-train/c", "", usage.SignalAITrain, cu(9), false},
		// A Content-Signal line holds for the whole group.
		{"FooBot", []usage.Category{usage.SignalAIInput}, "/public", "", usage.SignalAIInput, cs(11), false},
		{"FooBot", []usage.Category{usage.Search, usage.SignalAIInput, usage.TrainAI}, "/no-train/d", "", usage.SignalAIInput, cs(11), false},
		// Decided on every reading of the path, any no winning: as sent,
		// dot segments resolved, %2F read as "/".
		{"FooBot", []usage.Category{usage.TrainAI}, "/public/../no-train/e", "", usage.TrainAI, cu(9), false},
		{"FooBot", []usage.Category{usage.TrainAI}, "/no-train/%2E%2E/f", "", usage.TrainAI, cu(9), false},
		{"FooBot", []usage.Category{usage.TrainAI}, "/no-train%2Fg", "", usage.TrainAI, cu(9), false},
		{"FooBot", []usage.Category{usage.TrainAI}, "/no-train;x/h", "", usage.TrainAI, cu(9), false},
		{"FooBot", []usage.Category{usage.TrainAI}, "/x/../public", "/x/../public", 0, usage.Source{}, false},
		// The draft's worked example, for a crawler without a group of its own.
		{"BarBot", []usage.Category{usage.TrainAI}, "/test", "", usage.TrainAI, cu(4), false},
		{"BarBot", []usage.Category{usage.TrainAI}, "/ai-ok/test", "/ai-ok/test", 0, usage.Source{}, false},
		{"BarBot", []usage.Category{usage.TrainAI}, "/never/test", "", 0, usage.Source{}, true},
		{"BarBot", []usage.Category{usage.Search}, "/test", "/test", 0, usage.Source{}, false},
		// robots.txt itself is always fetched.
		{"BarBot", []usage.Category{usage.TrainAI}, "/robots.txt", "/robots.txt", 0, usage.Source{}, false},
	}
	for _, tt := range tests {
		t.Run(tt.agent+tt.path, func(t *testing.T) {
			s := newShop(t, 200, usageRobots)
			client := usageCrawler(t, tt.agent, tt.purposes...)
			resp, err := client.Get(s.URL + tt.path)
			if tt.sent != "" {
				if err != nil {
					t.Fatalf("refused: %v", err)
				}
				resp.Body.Close()
				if s.count(tt.sent) != 1 {
					t.Errorf("%s reached the server %d times, want once", tt.sent, s.count(tt.sent))
				}
				return
			}
			if err == nil {
				resp.Body.Close()
				t.Fatal("sent, want refused")
			}
			if paths := s.paths(); !slices.Equal(paths, []string{"/robots.txt"}) {
				t.Errorf("requests for %v, want only /robots.txt", paths)
			}
			if tt.disallow {
				if !errors.Is(err, ErrDisallowed) || errors.Is(err, ErrUsageRefused) {
					t.Errorf("err = %v, want ErrDisallowed only", err)
				}
				return
			}
			var ue *DisallowedError
			if !errors.As(err, &ue) || !errors.Is(err, ErrUsageRefused) || errors.Is(err, ErrDisallowed) || errors.Is(err, ErrUnreachable) {
				t.Fatalf("err = %v (%T), want a *DisallowedError that is ErrUsageRefused only", err, err)
			}
			if ue.Purpose != tt.purpose || ue.Source != tt.from || ue.Agent != tt.agent || !ue.Decision.Allowed {
				t.Errorf("refused for %s by %q (agent %s, allowed %v), want %s by %q", ue.Purpose, ue.Source, ue.Agent, ue.Decision.Allowed, tt.purpose, tt.from)
			}
			for _, want := range []string{tt.purpose.Label(), "/robots.txt line", tt.from.Field} {
				if !strings.Contains(err.Error(), want) {
					t.Errorf("error %q does not say %q", err, want)
				}
			}
		})
	}
}

// TestPreferences checks the preferences of fetched responses: robots.txt
// for the URL, then the headers, then the META tags of the body.
func TestPreferences(t *testing.T) {
	const noaiPage = `<html><head><meta name="robots" content="noai"></head><body>text</body></html>`
	s := serve(t, func(w http.ResponseWriter, r *http.Request) {
		switch r.URL.Path {
		case "/robots.txt":
			io.WriteString(w, usageRobots)
		case "/article":
			w.Header().Set("Content-Usage", "search=y")
			w.Header().Set("Content-Type", "text/html")
			io.WriteString(w, noaiPage)
		case "/no-train/ok/page":
			w.Header().Set("Content-Usage", "train-ai=n")
			io.WriteString(w, "plain")
		case "/no-train/ok/doc.pdf":
			w.Header().Set("Content-Type", "application/pdf")
			io.WriteString(w, noaiPage) // not HTML: its META tags are not read
		default:
			io.WriteString(w, "page")
		}
	})
	robotsLine := func(line int, field string) usage.Source { return usage.Source{Line: line, Field: field} }
	header := usage.Source{Field: "Content-Usage"}
	metaTag := usage.Source{Field: `meta name="robots"`}
	type pref struct {
		c    usage.Category
		p    usage.Pref
		from usage.Source
	}
	tests := []struct {
		agent    string
		path     string
		withBody bool
		want     []pref
	}{
		{"FooBot", "/article", true, []pref{
			{usage.TrainAI, usage.Disallowed, metaTag},
			{usage.Search, usage.Allowed, header},
			{usage.SignalAIInput, usage.Disallowed, robotsLine(11, "Content-Signal")}}},
		{"FooBot", "/article", false, []pref{
			{usage.TrainAI, usage.Unknown, usage.Source{}},
			{usage.Search, usage.Allowed, header}}},
		// The header's n beats robots.txt's y.
		{"FooBot", "/no-train/ok/page", true, []pref{{usage.TrainAI, usage.Disallowed, header}}},
		{"FooBot", "/no-train/ok/doc.pdf", true, []pref{{usage.TrainAI, usage.Allowed, robotsLine(10, "Content-Usage")}}},
		{"BarBot", "/test", true, []pref{{usage.TrainAI, usage.Disallowed, robotsLine(4, "Content-Usage")}}},
		{"BarBot", "/ai-ok/../ai-ok/x", true, []pref{{usage.TrainAI, usage.Allowed, robotsLine(5, "Content-Usage")}}},
	}
	for _, tt := range tests {
		t.Run(tt.agent+tt.path, func(t *testing.T) {
			client, tr := newCrawler(t)
			tr.Agent = tt.agent
			resp, err := client.Get(s.URL + tt.path)
			if err != nil {
				t.Fatal(err)
			}
			body, err := io.ReadAll(resp.Body)
			resp.Body.Close()
			if err != nil {
				t.Fatal(err)
			}
			if !tt.withBody {
				body = nil
			}
			got, err := tr.Preferences(resp, body)
			if err != nil {
				t.Fatal(err)
			}
			for _, w := range tt.want {
				if got.Get(w.c) != w.p || got.From(w.c) != w.from {
					t.Errorf("%s: %s from %q, want %s from %q", w.c, got.Get(w.c), got.From(w.c), w.p, w.from)
				}
			}
			// Result.Preferences says the same for a crawler that fetches
			// on its own.
			res, err := tr.Cache.Get(resp.Request.Context(), s.URL)
			if err != nil {
				t.Fatal(err)
			}
			if again, err := res.Preferences(tt.agent, resp, body); err != nil || again != got {
				t.Errorf("Result.Preferences: %s, %v; Transport.Preferences: %s", again, err, got)
			}
		})
	}
}

// TestPreferencesErrors checks the responses Preferences cannot read.
func TestPreferencesErrors(t *testing.T) {
	s := newShop(t, 200, usageRobots)
	_, tr := newCrawler(t)
	other, _ := url.Parse("https://other.example/page")
	for name, resp := range map[string]*http.Response{
		"no response": nil,
		"no request":  {Header: http.Header{}},
	} {
		if _, err := tr.Preferences(resp, nil); err == nil {
			t.Errorf("%s: no error", name)
		}
	}
	res, err := (&Fetcher{Timeout: 5 * time.Second}).Fetch(t.Context(), s.URL)
	if err != nil {
		t.Fatal(err)
	}
	resp := &http.Response{Header: http.Header{}, Request: &http.Request{URL: other}}
	if _, err := res.Preferences("FooBot", resp, nil); err == nil || !strings.Contains(err.Error(), "origin") {
		t.Errorf("a response of another origin: err = %v", err)
	}
	if paths := s.paths(); !slices.Equal(paths, []string{"/robots.txt"}) {
		t.Errorf("requests for %v, want only /robots.txt", paths)
	}
}
