package fetch

import (
	"net/http"
	"testing"
)

// KeepSource reads the body once, with ParseSource: the Source is the one
// of the same text, and the rules are the same as without it.
func TestKeepSource(t *testing.T) {
	body := []byte("\xEF\xBB\xBFUser-agent: *\nDisallow: /private\n")
	h := http.Header{"Content-Type": {"text/plain"}}
	plain, err := (&Fetcher{}).FromStatus("https://example.com/robots.txt", 200, h, body)
	if err != nil {
		t.Fatal(err)
	}
	kept, err := (&Fetcher{KeepSource: true}).FromStatus("https://example.com/robots.txt", 200, h, body)
	if err != nil {
		t.Fatal(err)
	}
	if plain.Source != nil {
		t.Errorf("without KeepSource: Source = %v, want nil", plain.Source)
	}
	if kept.Source == nil {
		t.Fatal("with KeepSource: no Source")
	}
	if got, want := kept.Source.Text, "User-agent: *\nDisallow: /private\n"; got != want {
		t.Errorf("Source.Text = %q, want %q", got, want)
	}
	if n := len(kept.Source.Lines); n != 2 {
		t.Errorf("%d lines in the Source, want 2", n)
	}
	for _, u := range []string{"/", "/private/x"} {
		if a, b := plain.Decide("x", u).Allowed, kept.Decide("x", u).Allowed; a != b {
			t.Errorf("%s: allowed %v without KeepSource, %v with it", u, a, b)
		}
	}
	for _, status := range []int{404, 503} {
		res, _ := (&Fetcher{KeepSource: true}).FromStatus("https://example.com/robots.txt", status, h, body)
		if res.Source != nil {
			t.Errorf("status %d: Source = %v, want nil", status, res.Source)
		}
	}
}
