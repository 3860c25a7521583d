package fetch

import (
	"errors"
	"strings"
	"testing"

	"github.com/robotsexclusion/robots"
	"github.com/robotsexclusion/robots/internal/hostiletest"
)

// TestTransportOverBudget checks the error of a request whose URL the
// origin's robots.txt could not decide within the decision budget: it is
// refused as disallowed, names the reason, and wraps
// robots.ErrOverBudget.
func TestTransportOverBudget(t *testing.T) {
	body, path := hostiletest.OverBudget()
	s := newShop(t, 200, string(body))
	client, _ := newCrawler(t)
	resp, err := client.Get(s.URL + path)
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
	if n := s.count(path); n != 0 {
		t.Errorf("the server got %d refused requests", n)
	}
}
