package compile

import (
	"math/rand/v2"
	"strings"
	"testing"
)

// slowLineBounds is lineBounds line by line, as its comment says it.
func slowLineBounds(s string) (rules, agents int) {
	bound := len(s)/minRuleLine + 1
	if strings.IndexByte(s, '\n') < 0 {
		n := min(strings.Count(s, "\r")+1, bound)
		return n, n
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
		}
	}
	return min(rules, bound), min(agents, bound)
}

// TestLineBounds checks lineBounds, which finds LFs eight octets at a time,
// against slowLineBounds on random bodies rich in the octets it reads
// (and in those next to LF in value, which a word-wide test could take for
// it).
func TestLineBounds(t *testing.T) {
	const alphabet = "\n\n\r \t\v\faAdDuUx:/\x0b\x09\x8a\x0a\x00\xff"
	r := rand.New(rand.NewPCG(5, 6))
	for range 100000 {
		b := make([]byte, r.IntN(40))
		for i := range b {
			b[i] = alphabet[r.IntN(len(alphabet))]
		}
		s := string(b)
		gr, ga := lineBounds(s)
		wr, wa := slowLineBounds(s)
		if gr != wr || ga != wa {
			t.Fatalf("lineBounds(%q) = %d, %d; want %d, %d", s, gr, ga, wr, wa)
		}
	}
}
