package robots_test

import (
	"errors"
	"io/fs"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/robotsexclusion/robots"
	"github.com/robotsexclusion/robots/automaton"
	"github.com/robotsexclusion/robots/compile"
	"github.com/robotsexclusion/robots/internal/corpus"
	"github.com/robotsexclusion/robots/internal/hostiletest"
	"github.com/robotsexclusion/robots/internal/reference"
	"github.com/robotsexclusion/robots/usage"
)

// corpusFiles reads every robots.txt of the corpus, by name, or skips.
func corpusFiles(t *testing.T) map[string][]byte {
	t.Helper()
	ents, err := os.ReadDir(corpusDir)
	if errors.Is(err, fs.ErrNotExist) {
		t.Skipf("needs ../shared: corpus absent (%v)", err)
	}
	if err != nil {
		t.Fatal(err)
	}
	files := make(map[string][]byte, len(ents))
	for _, e := range ents {
		b, err := os.ReadFile(filepath.Join(corpusDir, e.Name()))
		if err != nil {
			t.Fatal(err)
		}
		files[e.Name()] = b
	}
	return files
}

// TestCorpusBounded checks that no file of the corpus can make a decision
// fail closed: for every file, for a crawler its groups name and one they
// do not, the plan built is within the decision budget whatever the URL
// (automaton.Stats.Bounded), and the corpus's URLs of the site are decided
// with no OverBudget, at most a fifth of the budget each.
func TestCorpusBounded(t *testing.T) {
	files := corpusFiles(t)
	sites, err := corpus.Read(filepath.Dir(corpusDir))
	if err != nil {
		t.Fatal(err)
	}
	urls := map[string][]string{}
	for _, s := range sites {
		urls[s.Name] = s.URLs
	}
	worst, worstBase, decided := 0.0, 0, 0
	for name, body := range files {
		r := robots.Parse(body)
		for _, agent := range []string{"Googlebot", "FooBot"} {
			m := r.Agent(agent)
			st := robots.MachineStats(m)
			if !st.Bounded {
				t.Errorf("%s, %s: the plan may cost %d units plus %d an octet, past the budget", name, agent, st.WorstBase, st.WorstPerOctet)
			}
			worstBase = max(worstBase, st.WorstBase)
			for _, u := range urls[name] {
				d := m.Decide(u)
				if d.OverBudget {
					t.Errorf("%s, %s, %q: failed closed", name, agent, u)
				}
				ratio := float64(m.Cost(u)) / float64(automaton.DecideBudget(len(u)))
				worst = max(worst, ratio)
				decided++
			}
		}
	}
	if worst > 0.2 {
		t.Errorf("a corpus URL costs %.2f of its budget, want at most a fifth", worst)
	}
	t.Logf("%d files bounded, the worst plan %d units plus its octets; %d decisions, the costliest %.3f of its budget", len(files), worstBase, decided, worst)
}

// wildcardRules returns the wildcard patterns of the rule lines of body,
// as written.
func wildcardRules(body []byte) []string {
	var out []string
	for _, g := range robots.Parse(body).Groups() {
		for _, r := range g.Rules {
			if strings.Contains(r.Pattern, "*") {
				out = append(out, r.Pattern)
			}
		}
	}
	return out
}

// TestScaledCorpusExact checks that files of ten times the wildcard rules
// of the corpus's largest wildcard file, drawn from the corpus's own
// wildcard rules, every line distinct, are decided exactly, none failing
// closed: on the URLs of the corpus's sites and on URLs built from the
// drawn rules, against the reference matcher.
func TestScaledCorpusExact(t *testing.T) {
	files := corpusFiles(t)
	var pool []string
	largest, largestName := 0, ""
	names := make([]string, 0, len(files))
	for name := range files {
		names = append(names, name)
	}
	slices.Sort(names)
	for _, name := range names {
		rules := wildcardRules(files[name])
		n := 0
		for _, p := range rules {
			n += len(p)
		}
		if n > largest {
			largest, largestName = n, name
		}
		pool = append(pool, rules...)
	}
	slices.Sort(pool)
	pool = slices.Compact(pool)
	sites, err := corpus.Read(filepath.Dir(corpusDir))
	if err != nil {
		t.Fatal(err)
	}
	var siteURLs []string
	for _, s := range sites {
		siteURLs = append(siteURLs, s.URLs...)
	}
	r := rand.New(rand.NewPCG(10, 24))
	for _, factor := range []int{1, 3, 10} {
		body, patterns := scaledFile(r, pool, factor*largest)
		m := robots.Parse(body).Agent("FooBot")
		st := robots.MachineStats(m)
		var urls []string
		for range 2000 {
			urls = append(urls, siteURLs[r.IntN(len(siteURLs))])
		}
		for range 2000 {
			urls = append(urls, fromPattern(r, patterns[r.IntN(len(patterns))], siteURLs))
		}
		rules := compile.RFC9309.Parse(body).Select("FooBot").Rules
		worst := 0.0
		for k, u := range urls {
			d := m.Decide(u)
			if d.OverBudget {
				t.Fatalf("%dx: %q failed closed", factor, u)
			}
			worst = max(worst, float64(m.Cost(u))/float64(automaton.DecideBudget(len(u))))
			if k%10 != 0 {
				continue // the reference matcher is slow: a tenth of the URLs
			}
			i, allowed := reference.Decide(compile.RFC9309, rules, u)
			line := 0
			if i >= 0 {
				line = rules[i].Line
			}
			if d.Allowed != allowed || d.Line != line {
				t.Fatalf("%dx: %q: allowed %v by line %d, the reference %v by line %d", factor, u, d.Allowed, d.Line, allowed, line)
			}
		}
		t.Logf("%dx %s's %d octets of wildcard rules: %d rules, %d octets; tier %v, bounded %v (worst %d + %d an octet); the costliest URL %.3f of its budget",
			factor, largestName, largest, len(patterns), len(body), st.Tier, st.Bounded, st.WorstBase, st.WorstPerOctet, worst)
	}
}

// scaledFile returns a file of one * group of wildcard rules drawn from
// pool, made distinct where drawn twice by a word of its own in place of
// one of its words, up to octets octets of patterns, and the patterns.
func scaledFile(r *rand.Rand, pool []string, octets int) ([]byte, []string) {
	seen := map[string]bool{}
	var b strings.Builder
	b.WriteString("User-agent: *\n")
	var patterns []string
	for n := 0; n < octets; {
		p := pool[r.IntN(len(pool))]
		for seen[p] {
			p = reword(r, p)
		}
		seen[p] = true
		patterns = append(patterns, p)
		n += len(p)
		if r.IntN(5) == 0 {
			b.WriteString("Allow: ")
		} else {
			b.WriteString("Disallow: ")
		}
		b.WriteString(p)
		b.WriteByte('\n')
	}
	return []byte(b.String()), patterns
}

// reword replaces a run of letters or digits of p by random ones, or adds
// a few at its end.
func reword(r *rand.Rand, p string) string {
	var runs [][2]int
	for i := 0; i < len(p); {
		j := i
		for j < len(p) && (p[j] >= 'a' && p[j] <= 'z' || p[j] >= '0' && p[j] <= '9') {
			j++
		}
		if j > i {
			runs = append(runs, [2]int{i, j})
			i = j
		} else {
			i++
		}
	}
	word := func(n int) string {
		w := make([]byte, n)
		for i := range w {
			w[i] = "abcdefghijklmnopqrstuvwxyz0123456789"[r.IntN(36)]
		}
		return string(w)
	}
	if len(runs) == 0 {
		return strings.TrimSuffix(p, "$") + word(3)
	}
	run := runs[r.IntN(len(runs))]
	return p[:run[0]] + word(max(run[1]-run[0], 2)) + p[run[1]:]
}

// fromPattern returns a URL that pattern p matches, its stars read as
// pieces of other URLs, or, one time in four, that it almost matches.
func fromPattern(r *rand.Rand, p string, urls []string) string {
	p = strings.TrimSuffix(p, "$")
	piece := func() string {
		u := urls[r.IntN(len(urls))]
		if i := strings.Index(u, "://"); i >= 0 {
			if j := strings.IndexByte(u[i+3:], '/'); j >= 0 {
				u = u[i+3+j:]
			}
		}
		a := r.IntN(len(u) + 1)
		return u[a:min(len(u), a+r.IntN(40))]
	}
	var b strings.Builder
	for i, seg := range strings.Split(p, "*") {
		if i > 0 {
			b.WriteString(piece())
		}
		if r.IntN(4) == 0 && len(seg) > 1 {
			seg = seg[:len(seg)-1] // almost
		}
		b.WriteString(seg)
	}
	if !strings.HasPrefix(b.String(), "/") {
		return "/" + b.String()
	}
	return b.String()
}

// TestDecisionOverBudget checks what a decision that fails closed reports:
// disallowed, no line, OverBudget; and that a URL of the same file
// within the budget is decided exactly.
func TestDecisionOverBudget(t *testing.T) {
	body, url := hostiletest.OverBudget()
	m := robots.Parse(body).Agent("FooBot")
	if w, b := m.Cost(url), automaton.DecideBudget(len(url)); w <= b {
		t.Fatalf("the URL costs %d units, within the budget of %d: the test needs one past it", w, b)
	}
	want := robots.Decision{OverBudget: true}
	if d := m.Decide(url); d != want {
		t.Errorf("Decide = %+v, want %+v", d, want)
	}
	if m.Allowed(url) {
		t.Errorf("Allowed = true for a URL past the budget")
	}
	// A URL that moves few patterns on is decided exactly.
	short := "/zzzzd"
	rules := compile.RFC9309.Parse(body).Select("FooBot").Rules
	i, allowed := reference.Decide(compile.RFC9309, rules, short)
	d := m.Decide(short)
	if d.OverBudget || d.Allowed != allowed || i >= 0 && d.Line != rules[i].Line {
		t.Errorf("Decide(%q) = %+v, want allowed %v (rule %d)", short, d, allowed, i)
	}
}

// TestUsageOverBudget checks a file whose Content-Usage rules alone take a
// URL past the decision budget: the crawl verdict is still exact (decided
// again against Allow and Disallow alone), and the preference those rules
// state fails closed, Disallowed from a Content-Usage source of no line,
// with UsageOverBudget set. A URL of the same file within the budget is
// decided exactly, usage included.
func TestUsageOverBudget(t *testing.T) {
	body, url := hostiletest.UsageOverBudget()
	r := robots.Parse(body)
	if r.Truncated() {
		t.Fatal("the file is past the parse limit")
	}
	m := r.Agent("FooBot")
	if w, b := m.Cost(url), automaton.DecideBudget(len(url)); w <= b {
		t.Fatalf("the URL costs %d units, within the budget of %d: the test needs one past it", w, b)
	}
	d := m.Decide(url)
	if !d.Allowed || d.OverBudget || !d.UsageOverBudget || d.Line != 0 {
		t.Errorf("Decide = %+v, want allowed by no rule, UsageOverBudget", d)
	}
	if p, from := d.Usage.Combined(usage.TrainAI); p != usage.Disallowed || from != (usage.Source{Field: "Content-Usage"}) {
		t.Errorf("train-ai = %v from %+v, want n from Content-Usage of no line", p, from)
	}
	if p := d.Usage.Get(usage.Search); p != usage.Unknown {
		t.Errorf("search = %v, want unknown: no Content-Usage rule states it", p)
	}
	// The crawl rules decide as they do alone, past the budget too.
	private := "/private" + url
	d = m.Decide(private)
	if d.Allowed || d.OverBudget || d.UsageOverBudget || d.Line != 2 {
		t.Errorf("Decide(/private...) = %+v, want disallowed by line 2", d)
	}
	// A URL that moves few patterns on is decided exactly, usage included.
	rules := compile.RFC9309.Parse(body).Select("FooBot")
	for _, short := range []string{"/zzzzd", "/xayb"} {
		d := m.Decide(short)
		want := usage.Unknown
		for _, u := range rules.Usage {
			if reference.Match(u.Canonical, compile.RFC9309.Form().URL(short)) {
				want = usage.Allowed
			}
		}
		if !d.Allowed || d.UsageOverBudget || d.Usage.Get(usage.TrainAI) != want {
			t.Errorf("Decide(%q) = %+v, want allowed, train-ai %v", short, d, want)
		}
	}
}
