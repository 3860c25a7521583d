package bench

import (
	"bytes"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/temoto/robotstxt"

	"github.com/robotsexclusion/robots"
)

// These tests only check that the benchmarks measure what they claim: the
// peers are wired to the right agent and URLs, and the generated files have
// the shape their comments give. The library's own tests are elsewhere.

// TestPeersAgree runs every peer on a file where RFC 9309, temoto and
// Google's library all give the same answers.
func TestPeersAgree(t *testing.T) {
	body := []byte(`User-agent: *
Disallow: /

User-agent: Googlebot
Disallow: /private
Allow: /private/public
Disallow: /*.pdf$
`)
	cases := []struct {
		url     string
		allowed bool
	}{
		{"https://example.com/", true},
		{"https://example.com", true},
		{"https://example.com/private/x", false},
		{"https://example.com/private/public/x", true},
		{"https://example.com/a/doc.pdf", false},
		{"https://example.com/a/doc.pdf?x=1", true},
		{"https://example.com/other?q=private", true},
	}
	for _, p := range peers {
		if p.name == "floor" {
			continue
		}
		d := p.prepare(body)
		for _, c := range cases {
			if got := d(c.url); got != c.allowed {
				t.Errorf("%s: %s: allowed = %v, want %v", p.name, c.url, got, c.allowed)
			}
		}
	}
}

// TestCorpusPeers runs every peer on the URLs of a few sites of the corpus
// and logs how often this library agrees with the others. The peers differ
// on purpose in places (temoto does not normalize percent-encoding, does not
// anchor its wildcard rules and picks one group by prefix), so agreement is
// only checked to be the common case.
func TestCorpusPeers(t *testing.T) {
	sites := loadCorpus(t)
	rejected := 0
	for _, s := range sites {
		if _, err := robotstxt.FromBytes(s.body); err != nil {
			rejected++
		}
	}
	t.Logf("temoto rejects %d of %d files", rejected, len(sites))

	var urls, sameTemoto, sameGoogle int
	n := 0
	for _, s := range sites {
		if len(s.urls) == 0 {
			continue
		}
		if n++; n > 10 {
			break
		}
		var answers [3][]bool
		for i, p := range peers[:3] {
			d := p.prepare(s.body)
			for _, u := range s.urls {
				answers[i] = append(answers[i], d(u))
			}
		}
		for i := range s.urls {
			urls++
			if answers[0][i] == answers[1][i] {
				sameTemoto++
			}
			if answers[0][i] == answers[2][i] {
				sameGoogle++
			}
		}
	}
	t.Logf("%d URLs of 10 sites: robots agrees with temoto on %d, with grobotstxt on %d", urls, sameTemoto, sameGoogle)
	if 2*sameTemoto < urls || 2*sameGoogle < urls {
		t.Errorf("the peers disagree on most URLs: the benchmarks are miswired")
	}
}

// TestSynth checks the generated files: they are the same on every call,
// have the number of rules asked, about the shares of '*' and '$' their
// comment gives, and the near-limit file fits the parse limit.
func TestSynth(t *testing.T) {
	for _, n := range []int{10, 1000} {
		s := synthFile(n, 0, 100, 1)
		if again := synthFile(n, 0, 100, 1); !bytes.Equal(s.body, again.body) || strings.Join(s.urls, " ") != strings.Join(again.urls, " ") {
			t.Errorf("rules=%d: the generator is not deterministic", n)
		}
		if g := robots.Parse(s.body).Groups(); len(g) != 1 || len(g[0].Rules) != n {
			t.Errorf("rules=%d: the library does not read one group of %d rules", n, n)
		}
		if n < 1000 {
			continue
		}
		star, dollar := 0, 0
		for _, r := range s.rules {
			if strings.Contains(r, "*") {
				star++
			}
			if strings.HasSuffix(r, "$") {
				dollar++
			}
		}
		if star < n*15/100 || star > n*30/100 || dollar < n*3/100 || dollar > n*8/100 {
			t.Errorf("rules=%d: %d with '*', %d with '$'; want about 20%% and 5%%", n, star, dollar)
		}
	}
	f := nearLimit()
	if n, limit := len(f.body), robots.DefaultParseLimit; n > limit || n < limit-1024 {
		t.Errorf("near-limit file has %d octets, want just under %d", n, limit)
	}
	for _, h := range []*hostileFile{starPairs(100), aStars(10), f} {
		for _, n := range []int{100, 1000} {
			u := h.url(n, rand.New(rand.NewPCG(1, 1)))
			if got := len(u) - len(synthHost); got != n {
				t.Errorf("%s: URL of %d octets of path, want %d", h.name, got, n)
			}
		}
	}
}
