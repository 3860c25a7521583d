package bench

import (
	"flag"
	"math"
	"math/rand/v2"
	"slices"
	"sort"
	"testing"
	"time"

	"github.com/jimsmart/grobotstxt"
	"github.com/temoto/robotstxt"

	"github.com/robotsexclusion/robots"
	"github.com/robotsexclusion/robots/normalize"
)

// agent is the product token every benchmark decides for.
const agent = "Googlebot"

// A decider answers whether agent may fetch an absolute URL.
type decider func(url string) bool

// A peer is one way of deciding URLs: this library, another library, or the
// floor. prepare does, once per file, whatever the peer's API lets a crawler
// do once per file; the decider does the rest, per URL.
type peer struct {
	name    string
	prepare func(body []byte) decider
}

// peers are run side by side, in this order, on the same URLs.
var peers = []peer{
	{"robots", prepareRobots},
	{"temoto", prepareTemoto},
	{"grobotstxt", prepareGrobotstxt},
	{"floor", prepareFloor},
}

// prepareRobots parses once and compiles the agent's Matcher once;
// each URL is one Decide.
func prepareRobots(body []byte) decider {
	m := robots.Parse(body).Agent(agent)
	return func(url string) bool { return m.Decide(url).Allowed }
}

// prepareTemoto parses once and finds the agent's group once; each URL is
// one Group.Test of its path and query, which is what temoto matches (it
// does not parse URLs). The path is located without allocating, as the
// floor does. A file temoto rejects is treated as allowing everything, its
// answer for an empty file.
func prepareTemoto(body []byte) decider {
	r, err := robotstxt.FromBytes(body)
	if err != nil {
		r = &robotstxt.RobotsData{}
	}
	g := r.FindGroup(agent)
	return func(url string) bool { return g.Test(pathOf(url)) }
}

// pathOf returns the path and query of url, "/" when it has none.
func pathOf(url string) string {
	start, end, slash := normalize.PathBounds(url)
	switch {
	case !slash:
		return url[start:end]
	case start == end:
		return "/"
	}
	return "/" + url[start:end] // "http://h?q": rare
}

// prepareGrobotstxt keeps the body: grobotstxt, a port of Google's C++
// library, parses the file again for each URL, as that library does.
func prepareGrobotstxt(body []byte) decider {
	text := string(body)
	return func(url string) bool { return grobotstxt.AgentAllowed(text, agent, url) }
}

// prepareFloor ignores the file: per URL it locates the path and query as
// the library does, then makes one table lookup per octet. No matcher that
// reads every octet of the path can be much faster.
func prepareFloor([]byte) decider { return floor }

var floorTable [256]uint8

func init() {
	for i := range floorTable {
		floorTable[i] = uint8(i*131 + 7)
	}
}

func floor(url string) bool {
	start, end, slash := normalize.PathBounds(url)
	var sum uint
	if slash {
		sum = uint(floorTable['/'])
	}
	for i := start; i < end; i++ {
		sum += uint(floorTable[url[i]])
	}
	return sum&1 == 0
}

// A job is one unit of work: a URL and the decider for its file, or a
// file and a compiler.
type job[T any] struct {
	run func(T) bool
	arg T
}

// shuffle puts jobs in a seeded random order, the same for every peer given
// the same number of jobs, so that any prefix of the loop is a fair sample
// and sites are interleaved as a crawler interleaves hosts.
func shuffle[T any](s []T) {
	r := rand.New(rand.NewPCG(1, 2))
	r.Shuffle(len(s), func(i, j int) { s[i], s[j] = s[j], s[i] })
}

var (
	distBudget = flag.Duration("distbudget", 10*time.Second, "time limit for measuring the per-URL (per-file) distribution of one benchmark; past it the distribution is over a sample")
	maxCall    = flag.Duration("maxcall", 100*time.Millisecond, "skip a hostile benchmark whose single call takes longer than this (0: never skip)")
)

// cache holds the jobs of the benchmark being run, which the testing
// package calls several times with growing b.N, and what was measured once
// about them.
var cache struct {
	name  string
	jobs  any           // []job[T]
	first time.Duration // time of the first job, run once

	measured bool     // dist and extra are set
	dist     dist     // when options.unit is set
	extra    []metric // when options.once is set
}

type metric struct {
	value float64
	unit  string
}

// options of benchJobs.
type options struct {
	unit    string // "url" or "file": report the distribution per unit; "": do not measure it
	bytes   int64  // b.SetBytes, when nonzero
	maxCall bool   // skip when the first job takes longer than -maxcall
	// once, when not nil, measures further metrics once per run of the
	// benchmark; they are reported with the others.
	once func() []metric
	// together, when not nil, measures the distribution of single jobs
	// with other peers' (see together), instead of benchJobs alone.
	together func() dist
}

// benchJobs times jobs round robin, one job per op, reporting allocations,
// and the distribution of single jobs when o.unit is set. build is called
// once per benchmark, its result kept while the testing package calls the
// benchmark again with a larger b.N.
func benchJobs[T any](b *testing.B, build func() []job[T], o options) {
	b.StopTimer()
	if cache.name != b.Name() {
		jobs := build()
		t := time.Now()
		jobs[0].run(jobs[0].arg)
		cache.name, cache.jobs, cache.first = b.Name(), jobs, time.Since(t)
		cache.measured, cache.dist, cache.extra = false, dist{}, nil
	}
	jobs := cache.jobs.([]job[T])
	if o.maxCall && *maxCall > 0 && cache.first > *maxCall {
		b.Skipf("one call takes %v, more than -maxcall=%v", cache.first.Round(time.Millisecond), *maxCall)
	}
	// b.N is 1 on the first call of each round (-count).
	if b.N == 1 || !cache.measured {
		cache.measured = true
		switch {
		case o.together != nil:
			cache.dist = o.together()
		case o.unit != "":
			cache.dist = measure(len(jobs), func(i int) bool { return jobs[i].run(jobs[i].arg) })
		}
		if o.once != nil {
			cache.extra = o.once()
		}
	}
	if o.bytes > 0 {
		b.SetBytes(o.bytes)
	}
	b.ReportAllocs()
	b.StartTimer()
	yes, k := 0, 0
	for range b.N {
		j := &jobs[k]
		if j.run(j.arg) {
			yes++
		}
		if k++; k == len(jobs) {
			k = 0
		}
	}
	b.StopTimer()
	sink += yes
	if o.unit != "" {
		cache.dist.report(b, o.unit)
	}
	for _, m := range cache.extra {
		b.ReportMetric(m.value, m.unit)
	}
}

var sink int

// dist is the distribution of the time of single jobs.
type dist struct {
	n             int // jobs measured
	p50, p99, avg float64
}

// batch is the least time measured at once: long enough that reading the
// clock is a small part of it.
const batch = 2 * time.Microsecond

// measure times each of n jobs on its own (timeJob), going through the
// jobs in order until the -distbudget runs out; since jobs are shuffled, a
// partial pass is a fair sample. Repetition warms the caches for the job,
// so these are warm times: the mean of the round-robin loop (ns/op) is the
// cold figure.
func measure(n int, run func(i int) bool) dist {
	return measureTogether(n, []func(i int) bool{run})[0]
}

// measureTogether is measure for the jobs of several peers at once, job i
// of each peer in turn (the peers' jobs are the same URLs or hosts in the
// same order), with -distbudget for each peer. The machine's speed drifts
// during a measurement (by a third within minutes on a shared one): timed
// in one interleaved pass, the peers meet the same drift, and the ratio of
// their distributions does not depend on which ran when.
func measureTogether(n int, runs []func(i int) bool) []dist {
	ts := make([][]float64, len(runs))
	for p := range ts {
		ts[p] = make([]float64, 0, n)
	}
	start := time.Now()
	budget := time.Duration(len(runs)) * *distBudget
	allowed := 0
	for i := range n {
		if i > 0 && time.Since(start) > budget {
			break
		}
		for p, run := range runs {
			ts[p] = append(ts[p], timeJob(func() bool { return run(i) }, &allowed))
		}
	}
	sink += allowed
	out := make([]dist, len(runs))
	for p := range runs {
		out[p] = distOf(ts[p])
	}
	return out
}

// together times the jobs of several peers with measureTogether, once per
// round of each peer's benchmark: the testing package runs a peer's
// benchmark -count times before the next peer's, so the first peer to
// need round r measures it for all, and the others report what it found.
type together struct {
	names []string
	runs  []func(i int) bool
	n     int      // jobs of each peer
	done  [][]dist // by round, by peer
	taken []int    // by peer, the rounds it reported
}

// add adds a peer's jobs; every peer's are the same n jobs in the same order.
func (tg *together) add(name string, n int, run func(i int) bool) {
	tg.names, tg.runs, tg.taken, tg.n = append(tg.names, name), append(tg.runs, run), append(tg.taken, 0), n
}

// next returns the distribution of the peer's next round, or nil when
// the peer is not one of tg's.
func (tg *together) next(name string) func() dist {
	p := slices.Index(tg.names, name)
	if p < 0 {
		return nil
	}
	return func() dist {
		r := tg.taken[p]
		tg.taken[p]++
		for len(tg.done) <= r {
			tg.done = append(tg.done, measureTogether(tg.n, tg.runs))
		}
		return tg.done[r][p]
	}
}

// timeJob times one job: run once, untimed, then repeated until a batch of
// repetitions takes at least 2µs, then two more batches of that size (twice
// as many repetitions whenever one takes less than 1µs, not counted), and
// returns the time of one run in the fastest batch (the others may have
// been interrupted). It counts the runs that return true in allowed.
func timeJob(run func() bool, allowed *int) float64 {
	// One call first, untimed: a first call that is slow (cold caches, a
	// first walk that builds) would otherwise end the calibration at one
	// repetition a batch, and the batches would time single calls, the
	// clock's reading included.
	if run() {
		*allowed++
	}
	reps, best := 1, math.Inf(1)
	for k := 0; k < 3; {
		t := time.Now()
		for range reps {
			if run() {
				*allowed++
			}
		}
		d := time.Since(t)
		if d < batch && k == 0 || d < batch/2 {
			// Still calibrating, or the job got faster since (a cache
			// filled, a lazily built DFA took over): more repetitions,
			// so that the clock stays a small part.
			reps *= 2
			continue
		}
		best = min(best, float64(d)/float64(reps))
		k++
	}
	return best
}

// distOf returns the distribution of the times ts, which it sorts.
func distOf(ts []float64) dist {
	sort.Float64s(ts)
	sum := 0.0
	for _, t := range ts {
		sum += t
	}
	return dist{
		n:   len(ts),
		p50: ts[len(ts)/2],
		p99: ts[int(math.Ceil(0.99*float64(len(ts))))-1],
		avg: sum / float64(len(ts)),
	}
}

func (d dist) report(b *testing.B, unit string) {
	b.ReportMetric(d.p50, "p50-ns/"+unit)
	b.ReportMetric(d.p99, "p99-ns/"+unit)
	b.ReportMetric(d.avg, "mean-ns/"+unit)
	b.ReportMetric(float64(d.n), unit+"s")
}
