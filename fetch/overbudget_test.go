package fetch

import (
	"errors"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/robotsexclusion/robots"
)

// TestTransportOverBudget checks the error of a request whose URL the
// origin's robots.txt could not decide within the decision budget: it is
// refused as disallowed, names the reason, and wraps
// robots.ErrOverBudget.
func TestTransportOverBudget(t *testing.T) {
	r := rand.New(rand.NewPCG(4, 26))
	seen := map[string]bool{}
	var b strings.Builder
	b.WriteString("User-agent: *\n")
	for b.Len() < robots.DefaultParseLimit-32 {
		l := "Disallow: /"
		for range 4 {
			l += "*" + string(rune('a'+r.IntN(26)))
		}
		l += "$\n"
		if !seen[l] {
			seen[l] = true
			b.WriteString(l)
		}
	}
	path := []byte("/")
	for len(path) < 1<<10 {
		path = append(path, byte('a'+r.IntN(26)))
	}
	s := newShop(t, 200, b.String())
	client, _ := newCrawler(t)
	resp, err := client.Get(s.URL + string(path))
	if err == nil {
		resp.Body.Close()
		t.Fatal("allowed, want refused")
	}
	var de *DisallowedError
	if !errors.Is(err, ErrDisallowed) || !errors.As(err, &de) || !errors.Is(err, robots.ErrOverBudget) {
		t.Fatalf("err = %v, want ErrDisallowed wrapping robots.ErrOverBudget", err)
	}
	if msg := err.Error(); !strings.Contains(msg, "decision budget") {
		t.Errorf("message %q does not say why", msg)
	}
	if n := s.count(string(path)); n != 0 {
		t.Errorf("the server got %d refused requests", n)
	}
}
