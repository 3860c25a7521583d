package compile

import (
	"math/rand/v2"
	"strings"
	"testing"
)

// slowLineBounds is lineBounds line by line, as its comment says it.
func slowLineBounds(s string) (rules, agents, sitemaps int) {
	bound := len(s)/minRuleLine + 1
	if strings.IndexByte(s, '\n') < 0 {
		n := min(strings.Count(s, "\r")+1, bound)
		return n, n, 0
	}
	for _, line := range strings.Split(s, "\n") {
		line = strings.TrimLeft(line, " \t\v\f")
		if line == "" {
			continue
		}
		switch line[0] | 0x20 {
		case 'a', 'd':
			rules++
		case 'u':
			agents++
		case 's':
			sitemaps++
		}
	}
	return min(rules, bound), min(agents, bound), min(sitemaps, bound)
}

// TestLineBounds checks lineBounds against slowLineBounds on random bodies
// rich in the octets it reads.
func TestLineBounds(t *testing.T) {
	const alphabet = "\n\n\r \t\v\faAdDuUsSx:/\x8a\x00\xff"
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
