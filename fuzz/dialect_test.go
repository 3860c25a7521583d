package fuzz

import (
	"testing"

	"github.com/robotsexclusion/robots"
	"github.com/robotsexclusion/robots/compile"
	"github.com/robotsexclusion/robots/internal/config"
	"github.com/robotsexclusion/robots/internal/dialect"
	ref "github.com/robotsexclusion/robots/internal/reference"
)

// FuzzDialects is FuzzDecide in the other dialects: every tier of the
// engine, in each dialect, must agree with the reference in that dialect on
// the decision, the line, the pattern and the usage preferences. Its seed corpus, beside the seeds
// below, is testdata/fuzz/FuzzDialects (see testdata/fuzz/README.md).
func FuzzDialects(f *testing.F) {
	f.Add([]byte("User-agent: *\nDisallow: /\nAllow: /d/index.html\nDisallow:\n"), "x", "/d/")
	f.Add([]byte("User-agent: bot\nDisallow: /a*b$\nAllow: /a\n\nUser-agent: *\nDisallow: /%7e\n"), "Robot", "/a*b$")
	f.Add([]byte("User-agent: *\nAllow: /caf\xC3\xA9\nDisallow: /%2fx%2A\n"), "x", "/caf%c3%a9")
	f.Add([]byte("User-agent: *\nContent-Usage: /a* train-ai=y\nUser-agent: b\nContent-Usage: /ab search=n\nContent-Signal: ai-train=no\nDisallow: /x\n"), "b", "/abc")
	f.Fuzz(func(t *testing.T, body []byte, agent, url string) {
		for _, d := range dialect.All[compile.Dialect]() {
			if d == compile.RFC9309 {
				continue // FuzzDecide
			}
			want := ref.Impl(d)(body, agent, url)
			for _, lim := range tiers {
				m := robots.Parse(body, robots.WithDialect(d), config.WithEngine(lim)).Agent(agent)
				got := m.Decide(url)
				if got.Allowed != want.Allowed || got.Line != want.Line || got.Pattern != want.Pattern || got.Usage != want.Usage {
					t.Fatalf("%v, tier %v: agent %q url %q body %q: got %+v, reference %+v", d, m.Stats().Engine, agent, url, body, got, want)
				}
			}
		}
	})
}
