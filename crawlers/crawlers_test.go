package crawlers

import (
	"crypto/sha256"
	"fmt"
	"os"
	"slices"
	"strings"
	"testing"
)

// TestFresh checks that table.go was generated from agents.tsv as it is
// (run go generate after editing it).
func TestFresh(t *testing.T) {
	data, err := os.ReadFile("agents.tsv")
	if err != nil {
		t.Fatal(err)
	}
	if want := fmt.Sprintf("agents.tsv sha256:%x", sha256.Sum256(data)); Source != want {
		t.Fatalf("table.go is stale: Source = %q, agents.tsv is %q; run go generate", Source, want)
	}
	n := 0
	for _, line := range strings.Split(string(data), "\n") {
		if strings.TrimSpace(line) != "" && !strings.HasPrefix(line, "#") {
			n++
		}
	}
	if n != count || len(All()) != count {
		t.Errorf("%d lines, count %d, All %d", n, count, len(All()))
	}
}

func TestTable(t *testing.T) {
	seen := map[string]bool{}
	for _, a := range All() {
		if !strings.HasPrefix(a.Name, a.Token) || a.Token == "" {
			t.Errorf("%s: token %q", a.Name, a.Token)
		}
		for _, c := range []byte(a.Token) {
			if !('a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || c == '-' || c == '_') {
				t.Errorf("%s: token %q is not a product token", a.Name, a.Token)
			}
		}
		if !slices.Contains(Purposes(), a.Purpose) || !slices.Contains([]Honours{HonoursYes, HonoursNo, HonoursUnknown}, a.Honours) {
			t.Errorf("%s: purpose %q, honours %q", a.Name, a.Purpose, a.Honours)
		}
		if seen[strings.ToLower(a.Name)] {
			t.Errorf("%s twice", a.Name)
		}
		seen[strings.ToLower(a.Name)] = true
	}
	// The names the issue lists, and the unreadable ones reports show.
	for _, name := range []string{"Googlebot", "Bingbot", "GPTBot", "OAI-SearchBot", "ChatGPT-User", "ClaudeBot",
		"Claude-SearchBot", "Claude-User", "Google-Extended", "Applebot", "Applebot-Extended", "CCBot",
		"PerplexityBot", "Perplexity-User", "Meta-ExternalAgent", "Amazonbot", "Bytespider"} {
		if !seen[strings.ToLower(name)] {
			t.Errorf("%s is not in the registry", name)
		}
	}
	for _, tc := range []struct{ name, token string }{{"AI2Bot", "AI"}, {"archive.org_bot", "archive"}, {"MJ12bot", "MJ"}} {
		i := slices.IndexFunc(All(), func(a Agent) bool { return a.Name == tc.name })
		if i < 0 || All()[i].Token != tc.token || All()[i].Readable() {
			t.Errorf("%s: want token %q, not readable", tc.name, tc.token)
		}
	}
}

func TestLookup(t *testing.T) {
	for _, tc := range []struct{ name, want string }{
		{"gptbot", "GPTBot"}, {"AI2Bot", "AI2Bot"}, {"ai", "AI2Bot"}, {"archive.org_bot", "archive.org_bot"},
		{"anthropic-ai", ""}, {"", ""},
	} {
		a, ok := Lookup(tc.name)
		if ok != (tc.want != "") || a.Name != tc.want {
			t.Errorf("Lookup(%q) = %q, %v; want %q", tc.name, a.Name, ok, tc.want)
		}
	}
}
