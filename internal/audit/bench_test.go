package audit_test

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/robotsexclusion/robots/crawlers"
	"github.com/robotsexclusion/robots/internal/audit"
)

// corpusCaptures returns a capture of each file of the shared corpus, each
// answered 200 as text/plain, or skips when the corpus is absent.
func corpusCaptures(b *testing.B) []audit.Capture {
	files, _ := filepath.Glob(filepath.Join("..", "..", "..", "shared", "corpus", "robots", "*"))
	if len(files) == 0 {
		b.Skip("needs ../shared: corpus absent")
	}
	var out []audit.Capture
	for _, f := range files {
		body, err := os.ReadFile(f)
		if err != nil {
			b.Fatal(err)
		}
		out = append(out, capture("https://"+filepath.Base(f)+"/robots.txt", 200, string(body)))
	}
	return out
}

// BenchmarkAudit audits each corpus file (one op is one capture, cycling
// over the corpus): for every crawler of the registry (registry), for one
// (one), and for every crawler of the registry each with an Auditor of its
// own (unshared: each crawler's file parsed and its rules compiled apart,
// as a tool that runs per file and crawler does). selections/op counts the
// analyses each record needs: one for the * groups and one per distinct
// set of named groups, which crawlers share.
//
//	go test ./internal/audit -run '^$' -bench Audit -benchtime 3226x
func BenchmarkAudit(b *testing.B) {
	cs := corpusCaptures(b)
	var names []string
	for _, c := range crawlers.All() {
		names = append(names, c.Name)
	}
	run := func(b *testing.B, auditors []*audit.Auditor) {
		sels := 0
		b.ReportAllocs()
		b.ResetTimer()
		for i := 0; i < b.N; i++ {
			for _, a := range auditors {
				sels += selections(a.Audit(&cs[i%len(cs)]))
			}
		}
		b.ReportMetric(float64(sels)/float64(b.N), "selections/op")
	}
	b.Run("registry", func(b *testing.B) { run(b, []*audit.Auditor{audit.New(audit.Options{})}) })
	b.Run("one", func(b *testing.B) { run(b, []*audit.Auditor{audit.New(audit.Options{Agents: []string{"GPTBot"}})}) })
	b.Run("unshared", func(b *testing.B) {
		var as []*audit.Auditor
		for _, n := range names {
			as = append(as, audit.New(audit.Options{Agents: []string{n}}))
		}
		run(b, as)
	})
}

// selections counts the distinct selections of a record's crawlers.
func selections(r *audit.Record) int {
	seen := map[string]bool{}
	for _, a := range r.Agents {
		if a.Group != audit.GroupNone {
			seen[a.Group+fmtInts(a.Lines)] = true
		}
	}
	return len(seen)
}

func fmtInts(v []int) string {
	b := make([]byte, 0, 8*len(v))
	for _, n := range v {
		b = append(b, byte(n), byte(n>>8), byte(n>>16), ',')
	}
	return string(b)
}
