package bench

import (
	"math/rand/v2"
	"testing"

	"github.com/jimsmart/grobotstxt"

	"github.com/robotsexclusion/robots"
)

// BenchmarkDialect times the decision for one URL in each dialect of the
// library, beside grobotstxt, the Go port of Google's C++ library, which the
// Google dialect reproduces (to the differences spec/google-dialect.md
// lists). Each op is one URL of the corpus, every site that has both files,
// in one seeded shuffled order, the same for every row:
//
//	corpus/rfc9309       Parse and Agent once per file (not timed), Decide per URL
//	corpus/google        the same with WithDialect(Google): URLs as given, index.html rule
//	corpus/draft1996     the same with WithDialect(Draft1996): first match, escapes decoded
//	corpus/grobotstxt    AgentAllowed(body, agent, url): the whole file parsed per URL
//
// All decide for the agent Googlebot.
func BenchmarkDialect(b *testing.B) {
	sites := loadCorpus(b)
	for _, p := range dialectPeers {
		b.Run("corpus/"+p.name, func(b *testing.B) {
			jobs := dialectJobs(sites, p.prepare)
			b.ReportAllocs()
			i, n := 0, 0
			for b.Loop() {
				if jobs[i].decide(jobs[i].url) {
					n++
				}
				if i++; i == len(jobs) {
					i = 0
				}
			}
			dialectSink = n
		})
	}
}

// dialectAgent is the product token every dialect benchmark decides for.
const dialectAgent = "Googlebot"

// dialectPeers are the rows of BenchmarkDialect: prepare does once per file
// what the peer's API lets a crawler do once per file.
var dialectPeers = []struct {
	name    string
	prepare func(body []byte) func(url string) bool
}{
	{"rfc9309", dialectMatcher(robots.RFC9309)},
	{"google", dialectMatcher(robots.Google)},
	{"draft1996", dialectMatcher(robots.Draft1996)},
	{"grobotstxt", func(body []byte) func(string) bool {
		text := string(body)
		return func(url string) bool { return grobotstxt.AgentAllowed(text, dialectAgent, url) }
	}},
}

// dialectMatcher parses a file in dialect d and compiles the agent's Matcher
// once; each URL is one Decide.
func dialectMatcher(d robots.Dialect) func([]byte) func(string) bool {
	return func(body []byte) func(string) bool {
		m := robots.Parse(body, robots.WithDialect(d)).Agent(dialectAgent)
		return func(url string) bool { return m.Decide(url).Allowed }
	}
}

// dialectJob is one URL and the decider of its file.
type dialectJob struct {
	decide func(string) bool
	url    string
}

// dialectJobs prepares every site that has URLs and returns its URLs, in a
// seeded random order that interleaves sites as a crawler interleaves hosts.
func dialectJobs(sites []site, prepare func([]byte) func(string) bool) []dialectJob {
	var jobs []dialectJob
	for _, s := range sites {
		if len(s.urls) == 0 {
			continue
		}
		d := prepare(s.body)
		for _, u := range s.urls {
			jobs = append(jobs, dialectJob{d, u})
		}
	}
	r := rand.New(rand.NewPCG(9309, 1996))
	r.Shuffle(len(jobs), func(i, j int) { jobs[i], jobs[j] = jobs[j], jobs[i] })
	return jobs
}

// dialectSink keeps the decisions alive.
var dialectSink int
