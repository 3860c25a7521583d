package robots

// This file applies the ski-rental rule to a host's whole automaton: a
// crawler compiles a Matcher for the few URLs it fetches from a host
// before the file expires, often one, and for one URL building the
// automaton costs more than trying each rule. So a Matcher of a few short
// rules (automaton.NewScan says which) starts with a scan of them, best
// first, and counts the work its decisions spend; once that equals what
// building the automaton costs (automaton.Scan.BuildCost), a background
// goroutine builds it, once, and decisions use it from then on. A deciding
// goroutine never waits for the build nor allocates for it: it hands the
// Matcher to the builder with a send that gives up when the queue is full
// (a later decision hands it again). A URL longer than the scan reads (64
// KiB, or fewer octets for rules of which more than 31 search one URL:
// automaton.NewScanIn) makes it build at once, in its own goroutine,
// within that URL's decision budget; no scan goes past the budget
// (automaton.NewScan takes only rules it can decide within it), though a
// decision here still falls back to the automaton if one did. Tools that
// ask what the automaton is (Stats) build it too; Cost says what a
// decision would spend now, by the scan while there is one.

import (
	"sync"
	"sync/atomic"

	"github.com/robotsexclusion/robots/automaton"
	"github.com/robotsexclusion/robots/compile"
	"github.com/robotsexclusion/robots/internal/config"
)

// A host is what a Matcher decides with, shared by its copies: the
// automaton once built, and until then the scan of its rules.
type host struct {
	built  atomic.Pointer[automaton.Machine]
	scan   atomic.Pointer[automaton.Scan] // nil once built
	spent  atomic.Int64                   // the units of work the scan's decisions spent
	queued atomic.Bool                    // handed to the builder, or built
	cost   int64                          // spent past this, the automaton is built
}

// init makes h, a new host, the host of the Program p: a scan of its rules
// when the default build is asked and the rules can be scanned
// (compile.Program.Scan), the automaton otherwise. text is the kept rules'
// values end to end, and after them, in a file of many rules, the patterns
// the dialect appends (kept.Lines.RuleText): the scan keeps it, and the
// automaton's build reads the patterns there, rather than a copy of the
// patterns when they are that.
func (h *host) init(p *compile.Program, lim automaton.Limits, mode config.Scan, text string) {
	if mode != config.ScanNever {
		if s := p.Scan(lim, text); s != nil {
			h.scan.Store(s)
			h.cost = int64(s.BuildCost())
			if mode == config.ScanOnly {
				h.queued.Store(true) // never handed to the builder
			}
			return
		}
	}
	h.built.Store(p.MachineIn(lim, text))
}

// match decides in, as automaton.Machine.Match does.
func (h *host) match(in automaton.Input) int32 {
	if s := h.scan.Load(); s != nil {
		if r, work, ok := s.Match(in); ok {
			if h.spent.Add(int64(work)) >= h.cost && !h.queued.Load() && h.queued.CompareAndSwap(false, true) {
				promote(h)
			}
			return r
		}
	}
	return h.machine().Match(in)
}

// work returns the units of work deciding in costs, over the classes of
// set, as match would decide it now: by the scan while h scans and the
// scan reads in (a scan decides class 0 alone: the rules of a Matcher
// that scans are all of it), by the automaton otherwise. The work is not
// counted towards building the automaton: a tool asked for it, not a
// crawler.
func (h *host) work(in automaton.Input, set automaton.ClassSet) int {
	if s := h.scan.Load(); s != nil {
		if _, work, ok := s.Match(in); ok {
			return work
		}
	}
	return h.machine().Cost(in, set)
}

// machine returns the automaton, building it if no one has.
func (h *host) machine() *automaton.Machine {
	if m := h.built.Load(); m != nil {
		return m
	}
	s := h.scan.Load()
	if s == nil { // built since the first load
		return h.built.Load()
	}
	m := automaton.Compile(s.Rules(), automaton.Limits{})
	if !h.built.CompareAndSwap(nil, m) {
		m = h.built.Load()
	}
	h.scan.Store(nil)
	return m
}

// promotions queue the hosts whose automaton is to be built, for one
// builder goroutine, started at the first.
var (
	promotions = make(chan *host, promotionQueue)
	builder    sync.Once
)

// promotionQueue is how many hosts may wait for the builder; a decision
// that finds the queue full leaves its host for a later one.
const promotionQueue = 256

// promote hands h to the builder, without waiting.
func promote(h *host) {
	builder.Do(func() {
		go func() {
			for h := range promotions {
				h.machine()
			}
		}()
	})
	select {
	case promotions <- h:
	default:
		h.queued.Store(false)
	}
}
