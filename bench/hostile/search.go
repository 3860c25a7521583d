package hostile

import (
	"math"
	"math/rand/v2"
	"runtime"

	"github.com/robotsexclusion/robots"
	"github.com/robotsexclusion/robots/automaton"
)

// A Result is what a draw cost.
type Result struct {
	Params  Params
	Lines   int    // lines of the file
	Bytes   int    // octets of the file
	Work    int    // the most units of work deciding one of its URLs costs first (robots.Matcher.Cost)
	URL     int    // which of the draw's URLs that is
	Budget  int    // the decision budget of a URL of URLOctets octets of path
	Failed  int    // URLs whose decision failed closed (Decision.OverBudget)
	Alloc   uint64 // bytes Parse and the first Agent allocate
	Tier    string // the engine of the rules (robots.Stats.Engine)
	Bounded bool   // the plan's worst case is within the decision budget (robots.Stats.Bounded)
}

// Evaluate draws p's file and URLs, compiles the file for a crawler that
// its groups all apply to, and measures what its URLs cost to decide and
// what the compile allocates. The measures are counts, not times: the
// same on any machine. The URLs are costed first, as the first decisions
// of a new Matcher are made: by a scan of its rules when it starts with
// one (robots.Matcher.Cost), so that a file a scan would decide past the
// budget scores as such; only then does Stats, which builds the
// automaton, say which engine it is.
func Evaluate(p Params) Result {
	d := New(p)
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	m := robots.Parse(d.Body).Agent("x")
	runtime.ReadMemStats(&after)
	r := Result{
		Params: d.Params, Lines: d.Lines, Bytes: len(d.Body), URL: -1,
		Budget: automaton.DecideBudget(URLOctets), Alloc: after.TotalAlloc - before.TotalAlloc,
	}
	for i, u := range d.URLs {
		if w := m.Cost(u); w > r.Work {
			r.Work, r.URL = w, i
		}
	}
	for _, u := range d.URLs {
		if m.Decide(u).OverBudget {
			r.Failed++
		}
	}
	st := m.Stats()
	r.Tier, r.Bounded = st.Engine, st.Bounded
	return r
}

// An Objective scores a Result: the search climbs towards higher scores.
type Objective int

const (
	// Decide scores the work of the costliest URL, over the budget.
	Decide Objective = iota
	// Compile scores the bytes Parse and the first Agent allocate.
	Compile
)

// String names the objective, as the search's command takes it.
func (o Objective) String() string {
	if o == Compile {
		return "compile"
	}
	return "decide"
}

// Score returns r's score under o.
func (o Objective) Score(r Result) float64 {
	if o == Compile {
		return float64(r.Alloc)
	}
	return float64(r.Work) / float64(r.Budget)
}

// A Search climbs from random draws towards the worst.
type Search struct {
	Seed      uint64
	Objective Objective
	Restarts  int                                     // random draws before the climb
	Steps     int                                     // mutations tried in the climb
	MaxSize   int                                     // if positive, the largest file drawn (Params.Size): a search of the files a Matcher scans
	Stop      func() bool                             // if set, ends the search early when it returns true
	Log       func(step int, r Result, accepted bool) // if set, told of every draw
}

// Run runs the search and returns the worst draw found. The same Search
// finds the same draws, in the same order.
func (s Search) Run() Result {
	r := rand.New(rand.NewPCG(s.Seed, 0x636c696d62))
	var best Result
	bestScore := math.Inf(-1)
	try := func(step int, p Params) bool {
		if s.MaxSize > 0 {
			p.Size = min(p.Size, s.MaxSize)
		}
		res := Evaluate(p)
		sc := s.Objective.Score(res)
		ok := sc >= bestScore
		if ok {
			best, bestScore = res, sc
		}
		if s.Log != nil {
			s.Log(step, res, ok)
		}
		return ok
	}
	step := 0
	for ; step < s.Restarts && (s.Stop == nil || !s.Stop()); step++ {
		try(step, Random(r))
	}
	for i := 0; i < s.Steps && (s.Stop == nil || !s.Stop()); i, step = i+1, step+1 {
		try(step, Mutate(best.Params, r))
	}
	return best
}

// logUniform draws an integer from lo to hi, each power of two alike.
func logUniform(r *rand.Rand, lo, hi int) int {
	x := math.Exp(math.Log(float64(lo)) + r.Float64()*(math.Log(float64(hi+1))-math.Log(float64(lo))))
	return min(max(int(x), lo), hi)
}

// Random draws parameters from their whole ranges.
func Random(r *rand.Rand) Params {
	p := Params{
		Seed:     r.Uint64(),
		Alphabet: logUniform(r, 1, MaxAlphabet),
		StarsMin: logUniform(r, 1, 1000),
		SegMin:   logUniform(r, 1, 1100),
		Share:    r.Float64(),
		Anchor:   r.Float64(),
		Allow:    r.Float64() / 2,
		Groups:   logUniform(r, 1, MaxGroups),
		Size:     logUniform(r, 1<<10, robots.DefaultParseLimit),
	}
	p.StarsMax = p.StarsMin + logUniform(r, 1, p.StarsMin+1) - 1
	p.SegMax = p.SegMin + logUniform(r, 1, p.SegMin+1) - 1
	if r.IntN(3) == 0 {
		p.Prefix = logUniform(r, 1, 32)
	}
	if r.IntN(3) == 0 {
		p.Literal = r.Float64() / 2
	}
	if r.IntN(3) == 0 {
		p.Usage = r.Float64()
	}
	return p.clamp()
}

// Mutate returns p with one parameter moved, or its seed drawn again.
func Mutate(p Params, r *rand.Rand) Params {
	scale := func(x int) int {
		switch r.IntN(4) {
		case 0:
			return x * 2
		case 1:
			return x / 2
		case 2:
			return x + 1
		}
		return x - 1
	}
	nudge := func(f float64) float64 { return f + (r.Float64()-0.5)/2 }
	switch r.IntN(12) {
	case 0:
		p.Seed = r.Uint64()
	case 1:
		p.Alphabet = scale(p.Alphabet)
	case 2:
		p.StarsMin = scale(p.StarsMin)
		p.StarsMax = max(p.StarsMax, p.StarsMin)
	case 3:
		p.StarsMax = scale(p.StarsMax)
	case 4:
		p.SegMin = scale(p.SegMin)
		p.SegMax = max(p.SegMax, p.SegMin)
	case 5:
		p.SegMax = scale(p.SegMax)
	case 6:
		p.Prefix = scale(p.Prefix)
	case 7:
		p.Share = nudge(p.Share)
	case 8:
		p.Anchor = nudge(p.Anchor)
	case 9:
		if r.IntN(2) == 0 {
			p.Allow = nudge(p.Allow)
		} else {
			p.Literal = nudge(p.Literal)
		}
	case 10:
		if r.IntN(2) == 0 {
			p.Usage = nudge(p.Usage)
		} else {
			p.Groups = scale(p.Groups)
		}
	default:
		p.Size = scale(p.Size)
	}
	return p.clamp()
}
