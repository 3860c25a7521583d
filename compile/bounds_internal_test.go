package compile

import (
	"math/rand/v2"
	"strings"
	"testing"
)

// slowLineBounds is lineBounds line by line, as its comment says it.
func slowLineBounds(s string) (rules, agents, sitemaps int) {
	ruleBound, agentBound := len(s)/minRuleLine+1, len(s)/minAgentLine+1
	if strings.IndexByte(s, '\n') < 0 {
		n := strings.Count(s, "\r") + 1
		return min(n, ruleBound), min(n, agentBound), 0
	}
	for _, line := range strings.Split(s, "\n") {
		line = strings.ToLower(strings.TrimLeft(line, " \t\v\f"))
		has := func(prefixes ...string) bool {
			for _, p := range prefixes {
				if strings.HasPrefix(line, p) {
					return true
				}
			}
			return false
		}
		switch {
		case has("allow", "disal", "dissa", "diasl"):
			rules++
		case has("user-agent", "useragent", "user agent"):
			agents++
		case has("site"):
			sitemaps++
		}
	}
	return min(rules, ruleBound), min(agents, agentBound), min(sitemaps, ruleBound)
}

// TestLineBounds checks lineBounds against slowLineBounds on random bodies
// rich in the octets it reads.
func TestLineBounds(t *testing.T) {
	const alphabet = "\n\n\r \t\v\faAdDuUsSlLiIeErRx:/\x8a\x00\xff"
	r := rand.New(rand.NewPCG(5, 6))
	for range 100000 {
		b := make([]byte, r.IntN(40))
		for i := range b {
			b[i] = alphabet[r.IntN(len(alphabet))]
		}
		s := string(b)
		gr, ga, gs := lineBounds(s)
		wr, wa, ws := slowLineBounds(s)
		if gr != wr || ga != wa || gs != ws {
			t.Fatalf("lineBounds(%q) = %d, %d, %d; want %d, %d, %d", s, gr, ga, gs, wr, wa, ws)
		}
	}
}

// TestLineBoundsKeys checks which keys lineBounds counts, and on random
// bodies of key-like pieces, that it agrees with slowLineBounds.
func TestLineBoundsKeys(t *testing.T) {
	tests := []struct {
		body                    string
		rules, agents, sitemaps int
	}{
		{"User-agent: a\nUSERAGENT b\n user agent:\n", 0, 3, 0},
		{"Allow: /\n\tdisallow:\nDissallow: /x\nDIASLLOW /y\n", 4, 0, 0},
		{"Sitemap: https://e/s\nsite-map: x\n", 0, 0, 2},
		{"a:\nu:\ns:\nd:\nus:\nuse:\nx:\n", 0, 0, 0},
		{"al:\ndi:\nuser:\nsi:\nallo\ndisa:\nuser-agen\nsit\n", 0, 0, 0},
		{"ALLOWED\ndisallaw\nDiAsLlow\nUser Agent\nSITE-MAP\n", 3, 1, 1},
	}
	for _, tt := range tests {
		if r, a, s := lineBounds(tt.body); r != tt.rules || a != tt.agents || s != tt.sitemaps {
			t.Errorf("lineBounds(%q) = %d, %d, %d; want %d, %d, %d", tt.body, r, a, s, tt.rules, tt.agents, tt.sitemaps)
		}
	}
	pieces := []string{"\n", "\r", " ", "\t", "a", "A", "l", "L", "d", "i", "I", "u", "User", "s", "e", "r", "user", "si", ":", "/x",
		"allow", "ALLOW", "disal", "DisSa", "diasl", "-agent", "agent", "te", "site", "-", "ow"}
	r := rand.New(rand.NewPCG(7, 8))
	for range 50000 {
		var b strings.Builder
		for range r.IntN(20) {
			b.WriteString(pieces[r.IntN(len(pieces))])
		}
		s := b.String()
		gr, ga, gs := lineBounds(s)
		wr, wa, ws := slowLineBounds(s)
		if gr != wr || ga != wa || gs != ws {
			t.Fatalf("lineBounds(%q) = %d, %d, %d; want %d, %d, %d", s, gr, ga, gs, wr, wa, ws)
		}
	}
}
