package bench

import (
	"bytes"
	"fmt"
	"runtime"
	"slices"
	"testing"

	"github.com/temoto/robotstxt"

	"github.com/robotsexclusion/robots"
	"github.com/robotsexclusion/robots/automaton"
	"github.com/robotsexclusion/robots/compile"
	"github.com/robotsexclusion/robots/internal/engines"
)

// A compiler does, for one file, what a crawler does once per file before
// deciding URLs. decider returns what a crawler keeps to decide URLs;
// file returns the parsed file, which also answers for other agents.
type compiler struct {
	name    string
	decider func(body []byte) any
	file    func(body []byte) any
}

// compilers are the peers that have a compile step: grobotstxt parses the
// file for every URL, and the floor does not read it.
var compilers = []compiler{
	{
		name:    "robots",
		decider: func(body []byte) any { return robots.Parse(body).Agent(agent) },
		file: func(body []byte) any {
			r := robots.Parse(body)
			r.Agent(agent)
			return r
		},
	},
	{
		name: "temoto",
		decider: func(body []byte) any {
			r, err := robotstxt.FromBytes(body)
			if err != nil {
				return nil
			}
			return r.FindGroup(agent)
		},
		file: func(body []byte) any {
			r, err := robotstxt.FromBytes(body)
			if err != nil {
				return nil
			}
			r.FindGroup(agent)
			return r
		},
	},
}

// BenchmarkCompile times reading one file and compiling what one agent
// needs (robots: Parse and Agent; temoto: FromBytes and FindGroup), each op
// one file:
//
//	corpus/<peer>      every robots file of the corpus, shuffled
//	rules=<n>/<peer>   the synthetic files of BenchmarkDecide
//	<hostile>/<peer>   the hostile files of BenchmarkDecide
//
// The corpus rows report the distribution of the time per file
// (p50-ns/file, ...) and the heap that stays in use per octet of robots.txt:
// retained-x keeps what decides URLs (robots: the Matcher; temoto: the
// Group), retained-p50-x is the median over files of the same, each file
// on its own, retained-file-x keeps the parsed file (robots: the Robots with
// its Matcher; temoto: the RobotsData). For this library, stats-x is the
// automata's own estimate (Stats().Bytes) per octet. The robots rows of the
// other files report the tier (a metric named tier-<name>, such as
// tier-dfa), DFA states, NFA positions and Stats().Bytes.
func BenchmarkCompile(b *testing.B) {
	b.Run("corpus", func(b *testing.B) {
		sites := loadCorpus(b)
		bodies := make([][]byte, len(sites))
		for i, s := range sites {
			bodies[i] = s.body
		}
		shuffle(bodies)
		for _, c := range compilers {
			b.Run(c.name, func(b *testing.B) {
				benchJobs(b, func() []job[[]byte] { return fileJobs(c, bodies) }, options{
					unit: "file",
					once: func() []metric { return retention(c, bodies) },
				})
			})
		}
	})
	for _, n := range ruleCounts {
		b.Run(fmt.Sprintf("rules=%d", n), func(b *testing.B) {
			benchFile(b, synthFile(n, 0, 0, 1).body)
		})
	}
	for _, h := range hostiles {
		b.Run(h.name, func(b *testing.B) { benchFile(b, h.make().body) })
	}
}

// benchFile runs every compiler on one file.
func benchFile(b *testing.B, body []byte) {
	for _, c := range compilers {
		b.Run(c.name, func(b *testing.B) {
			benchJobs(b, func() []job[[]byte] { return fileJobs(c, [][]byte{body}) }, options{})
			if c.name == "robots" {
				st, nfa := machineStats(body)
				reportTier(b, st.Tier.String())
				b.ReportMetric(float64(st.States), "states")
				b.ReportMetric(float64(nfa), "nfa-pos")
				b.ReportMetric(float64(st.Bytes), "table-B")
			}
		})
	}
}

func fileJobs(c compiler, bodies [][]byte) []job[[]byte] {
	jobs := make([]job[[]byte], len(bodies))
	for i, body := range bodies {
		jobs[i] = job[[]byte]{func(body []byte) bool { return c.decider(body) != nil }, body}
	}
	return jobs
}

// machineStats returns the statistics of the automaton that robots.Parse
// and Agent build for body at their defaults, through package compile,
// which reports more of it than robots.Stats, and the positions of its
// NFAs.
func machineStats(body []byte) (automaton.Stats, int) {
	p := compile.RFC9309.Lower(compile.RFC9309.Parse(body).Select(agent))
	m := p.Machine(automaton.Limits{})
	return m.Stats(), engines.NFAPositions(m)
}

// retention compiles every file, keeping the results, and reports the heap
// they hold against the octets of the files. Each body is copied first, so
// a compiler that keeps a reference to its input pays for it, as it would
// in a crawler that drops the body after parsing. The sum over files is the
// growth of the live heap while all results are held: one pair of
// collections for the corpus instead of one per file, and less noise.
func retention(c compiler, bodies [][]byte) []metric {
	size := 0
	for _, body := range bodies {
		size += len(body)
	}
	ms := []metric{
		{float64(retained(c.decider, bodies)) / float64(size), "retained-x"},
		{medianRetained(c.decider, bodies), "retained-p50-x"},
		{float64(retained(c.file, bodies)) / float64(size), "retained-file-x"},
	}
	if c.name == "robots" {
		sum := 0
		for _, body := range bodies {
			sum += robots.Parse(body).Agent(agent).Stats().Bytes
		}
		ms = append(ms, metric{float64(sum) / float64(size), "stats-x"})
	}
	return ms
}

// medianRetained returns the median over files of what keep's result
// holds per octet of the file: each file's is the growth of the live heap
// while retainedCopies results of it are held (so that the fixed overhead
// of a small file counts, and the heap's noise less).
func medianRetained(keep func([]byte) any, bodies [][]byte) float64 {
	ratios := make([]float64, 0, len(bodies))
	for _, body := range bodies {
		if len(body) == 0 {
			continue
		}
		copies := make([][]byte, retainedCopies)
		for i := range copies {
			copies[i] = body
		}
		ratios = append(ratios, float64(retained(keep, copies))/float64(retainedCopies*len(body)))
	}
	if len(ratios) == 0 {
		return 0
	}
	slices.Sort(ratios)
	return ratios[len(ratios)/2]
}

// retainedCopies is how many results of one file medianRetained holds.
const retainedCopies = 16

// retained returns the growth of the live heap while keep's results for
// all bodies are held.
func retained(keep func([]byte) any, bodies [][]byte) int64 {
	held := make([]any, len(bodies))
	var before, after runtime.MemStats
	runtime.GC()
	runtime.GC() // a second cycle empties the sync.Pools
	runtime.ReadMemStats(&before)
	for i, body := range bodies {
		held[i] = keep(bytes.Clone(body))
	}
	runtime.GC()
	runtime.GC()
	runtime.ReadMemStats(&after)
	runtime.KeepAlive(held)
	return int64(after.HeapAlloc) - int64(before.HeapAlloc)
}
