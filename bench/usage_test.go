package bench

import (
	"bytes"
	"testing"

	"github.com/robotsexclusion/robots"
	"github.com/robotsexclusion/robots/usage"
)

// BenchmarkDecideUsage times the decision for one URL of the corpus, each
// op one URL, with usage preferences absent and present, on the same URLs
// in the same order:
//
//	corpus/none    the corpus files as they are (none has a usage line)
//	corpus/line    each file with one Content-Usage line outside any group
//	               ("train-ai=n"), which applies to every crawler
//	corpus/paths   each file with that line and two with paths, one a
//	               wildcard ("/blog/ train-ai=y", "/*.pdf$ search=n"):
//	               one usage class, whose DFA reads the URL with the crawl
//	               rules' and whose wildcard tier walks it once more
//	corpus/collide the same with "/*.pdf search=n", a wildcard pattern of
//	               the length of another: one usage class per category
//
// Each decision reads the verdict and the train-ai preference.
func BenchmarkDecideUsage(b *testing.B) {
	sites := loadCorpus(b)
	for _, v := range []struct {
		name, lines string
	}{
		{"none", ""},
		{"line", "Content-Usage: train-ai=n\n"},
		{"paths", "Content-Usage: train-ai=n\nContent-Usage: /blog/ train-ai=y\nContent-Usage: /*.pdf$ search=n\n"},
		{"collide", "Content-Usage: train-ai=n\nContent-Usage: /blog/ train-ai=y\nContent-Usage: /*.pdf search=n\n"},
	} {
		b.Run("corpus/"+v.name, func(b *testing.B) {
			p := peer{"robots", func(body []byte) decider {
				m := robots.Parse(withUsage(body, v.lines)).Agent(agent)
				return func(url string) bool {
					d := m.Decide(url)
					return d.Allowed && d.Usage.Get(usage.TrainAI) != usage.Disallowed
				}
			}}
			benchJobs(b, func() []job[string] { return corpusJobs(sites, p) }, options{unit: "url"})
		})
	}
}

// withUsage returns body with lines before its first line, after its byte
// order mark if it has one, so that they are outside any group.
func withUsage(body []byte, lines string) []byte {
	if lines == "" {
		return body
	}
	bom := []byte("\xef\xbb\xbf")
	rest, hasBOM := bytes.CutPrefix(body, bom)
	var out []byte
	if hasBOM {
		out = append(out, bom...)
	}
	out = append(out, lines...)
	return append(out, rest...)
}
