package fetch

import (
	"errors"
	"strings"
	"testing"

	"github.com/robotsexclusion/robots"
	"github.com/robotsexclusion/robots/internal/hostiletest"
	"github.com/robotsexclusion/robots/usage"
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

// TestTransportUsageOverBudget checks a request whose URL robots.txt
// allows, exactly, but whose Content-Usage rules could not be matched
// within the decision budget: a Transport with a purpose those rules state
// refuses it for usage (fail closed), names the reason and wraps
// robots.ErrOverBudget; one with no purposes sends it.
func TestTransportUsageOverBudget(t *testing.T) {
	body, path := hostiletest.UsageOverBudget()
	s := newShop(t, 200, string(body))
	client, tr := newCrawler(t)
	tr.Purposes = []usage.Category{usage.TrainAI}
	resp, err := client.Get(s.URL + path)
	if err == nil {
		resp.Body.Close()
		t.Fatal("sent, want refused for usage")
	}
	var de *DisallowedError
	if !errors.Is(err, ErrUsageRefused) || errors.Is(err, ErrDisallowed) || !errors.As(err, &de) || !errors.Is(err, robots.ErrOverBudget) {
		t.Fatalf("err = %v, want ErrUsageRefused wrapping robots.ErrOverBudget", err)
	}
	if !de.Decision.Allowed || !de.Decision.UsageOverBudget || de.Purpose != usage.TrainAI {
		t.Errorf("refused with %+v, want an allowed decision, UsageOverBudget, purpose train-ai", de.Decision)
	}
	if msg := err.Error(); !strings.Contains(msg, "decision budget") || !strings.Contains(msg, "Content-Usage") {
		t.Errorf("message %q does not say why", msg)
	}
	if n := s.count(path); n != 0 {
		t.Errorf("the server got %d refused requests", n)
	}

	tr.Purposes = nil
	resp, err = client.Get(s.URL + path)
	if err != nil {
		t.Fatalf("with no purposes: %v, want the page", err)
	}
	resp.Body.Close()
	if n := s.count(path); n != 1 {
		t.Errorf("the server got %d requests, want 1", n)
	}
}
