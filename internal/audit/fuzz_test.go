package audit_test

import (
	"bytes"
	"sync"
	"testing"

	"github.com/robotsexclusion/robots/internal/audit"
)

// FuzzAudit: no stored response makes Audit panic, every record that has
// an outcome but a redirect's reports every crawler, and AppendJSON writes
// what encoding/json writes.
func FuzzAudit(f *testing.F) {
	f.Add([]byte("HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\n\r\nUser-agent: *\nDisallow: /x\n"), "https://a.example/robots.txt")
	f.Add([]byte("HTTP/1.1 301 Moved\r\nLocation: /elsewhere\r\n\r\n"), "http://a.example/robots.txt")
	f.Add([]byte("HTTP/1.1 200 OK\r\nContent-Encoding: gzip\r\nContent-Length: 3\r\n\r\nabc"), "https://a.example/robots.txt")
	f.Add([]byte("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nUser-\r\n0\r\n\r\n"), "https://a.example/robots.txt")
	f.Add([]byte("not http"), "https://a.example/robots.txt")
	a := audit.New(audit.Options{Agents: []string{"GPTBot", "Googlebot", "*"}})
	f.Fuzz(func(t *testing.T, response []byte, uri string) {
		rec := a.Audit(&audit.Capture{URI: uri, Response: response})
		if rec.Schema != audit.SchemaVersion {
			t.Fatalf("schema %d", rec.Schema)
		}
		if rec.Outcome != "" && rec.Outcome != audit.OutcomeRedirect && len(rec.Agents) != 3 {
			t.Fatalf("outcome %s with %d agents", rec.Outcome, len(rec.Agents))
		}
		if got, want := rec.AppendJSON(nil), marshal(t, rec); !bytes.Equal(got, want) {
			t.Fatalf("AppendJSON\n%s\nencoding/json\n%s", got, want)
		}
	})
}

// An Auditor audits on many goroutines at once, each capture as alone.
func TestConcurrent(t *testing.T) {
	a := audit.New(audit.Options{})
	cs := goldenCaptures()
	want := make([][]byte, len(cs))
	for i := range cs {
		want[i] = a.Audit(&cs[i]).AppendJSON(nil)
	}
	var wg sync.WaitGroup
	for g := range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for k := range 20 {
				i := (g + k) % len(cs)
				if got := a.Audit(&cs[i]).AppendJSON(nil); !bytes.Equal(got, want[i]) {
					t.Errorf("capture %d on goroutine %d: %s, want %s", i, g, got, want[i])
					return
				}
			}
		}()
	}
	wg.Wait()
}
