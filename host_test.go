package robots

import (
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/robotsexclusion/robots/automaton"
	"github.com/robotsexclusion/robots/internal/config"
)

// hostBody is a small file, scanned by default, with a wildcard rule and
// an anchored one among its literal rules.
const hostBody = "User-agent: *\nDisallow: /private\nAllow: /private/open\nDisallow: /*.pdf$\nDisallow: /*?session=\n"

// hostURLs are decided by every test below, with the verdicts and lines
// hostBody gives them.
var hostURLs = []struct {
	url     string
	allowed bool
	line    int
}{
	{"https://example.com/", true, 0},
	{"https://example.com/private/x", false, 2},
	{"https://example.com/private/open/x", true, 3},
	{"https://example.com/a/b.pdf", false, 4},
	{"https://example.com/a/b.pdf?x", true, 0},
	{"https://example.com/a?session=1", false, 5},
	{"/robots.txt", true, 0},
}

func checkHostURLs(t *testing.T, m *Matcher, path string) {
	t.Helper()
	for _, c := range hostURLs {
		if d := m.Decide(c.url); d.Allowed != c.allowed || d.Line != c.line {
			t.Errorf("%s: Decide(%q) = %+v, want allowed %v by line %d", path, c.url, d, c.allowed, c.line)
		}
	}
}

// TestHostPromotes checks the ski-rental rule of a Matcher: it decides by
// the scan of its rules, builds nothing until the scan's work reaches the
// automaton's cost, then has the automaton built once, in the
// background, and decides alike on both.
func TestHostPromotes(t *testing.T) {
	m := Parse([]byte(hostBody)).Agent("x")
	h := m.host
	if h.scan.Load() == nil || h.built.Load() != nil {
		t.Fatal("a Matcher of four short rules did not start with the scan")
	}
	checkHostURLs(t, m, "scan")
	if h.built.Load() != nil {
		t.Fatal("the automaton was built for a few decisions")
	}
	// Decide until the work spent passes the cost, then wait for the
	// builder.
	for h.spent.Load() < h.cost {
		m.Decide(hostURLs[1].url)
	}
	deadline := time.Now().Add(10 * time.Second)
	for h.built.Load() == nil {
		if time.Now().After(deadline) {
			t.Fatal("no automaton 10s after the scan's work passed its cost")
		}
		m.Decide(hostURLs[1].url) // hands it again if the queue was full
		time.Sleep(time.Millisecond)
	}
	checkHostURLs(t, m, "promoted")
	if h.scan.Load() != nil {
		t.Error("the scan is kept after the automaton was built")
	}
}

// TestHostModes checks the modes the tests use: the scan alone never
// builds, and no scan builds at once.
func TestHostModes(t *testing.T) {
	only := Parse([]byte(hostBody), config.WithScan(config.ScanOnly)).Agent("x")
	for range 10000 {
		only.Decide(hostURLs[1].url)
	}
	if only.host.built.Load() != nil {
		t.Error("ScanOnly built the automaton")
	}
	checkHostURLs(t, only, "scan only")
	never := Parse([]byte(hostBody), config.WithScan(config.ScanNever)).Agent("x")
	if never.host.built.Load() == nil || never.host.scan.Load() != nil {
		t.Error("ScanNever did not build the automaton at once")
	}
	checkHostURLs(t, never, "no scan")
	// A URL of a few KB is decided by the scan; one longer than the scan
	// reads (64 KiB) by the automaton, built for it.
	long := Parse([]byte(hostBody), config.WithScan(config.ScanOnly)).Agent("x")
	for _, n := range []int{3000, 70000} {
		u := "/a/" + longPath(n) + ".pdf"
		if d := long.Decide(u); d.Allowed || d.Line != 4 {
			t.Errorf("Decide of a URL of %d octets = %+v, want disallowed by line 4", len(u), d)
		}
		if built := long.host.built.Load() != nil; built != (n > 64<<10) {
			t.Errorf("a URL of %d octets: automaton built %v", len(u), built)
		}
	}
	// Rules of which more than 31 search a URL are scanned for shorter
	// URLs only (here about 2,700 octets).
	var body strings.Builder
	body.WriteString("User-agent: x\nAllow: /a/\n")
	for i := range 40 {
		fmt.Fprintf(&body, "Disallow: /*%s%d\n", strings.Repeat("a", 100), i)
	}
	many := Parse([]byte(body.String()), config.WithScan(config.ScanOnly)).Agent("x")
	for _, n := range []int{1000, 10000} {
		u := "/a/" + longPath(n)
		if d := many.Decide(u); !d.Allowed || d.Line != 2 {
			t.Errorf("40 searching rules: Decide of a URL of %d octets = %+v, want allowed by line 2", len(u), d)
		}
		if built := many.host.built.Load() != nil; built != (n > 2000) {
			t.Errorf("40 searching rules: a URL of %d octets: automaton built %v", len(u), built)
		}
	}
}

func longPath(n int) string {
	b := make([]byte, n)
	for i := range b {
		b[i] = 'a' + byte(i%26)
	}
	return string(b)
}

// TestHostCost checks that Cost says what a decision would spend now: the
// scan's work while the Matcher scans, without building the automaton,
// and the automaton's for a URL longer than the scan reads, which builds
// it.
func TestHostCost(t *testing.T) {
	m := Parse([]byte(hostBody)).Agent("x")
	u := "/private/open/x.pdf"
	work := m.Cost(u)
	if m.host.built.Load() != nil {
		t.Fatal("Cost built the automaton of a Matcher that scans")
	}
	if _, want, ok := m.host.scan.Load().Match(m.form.Input(u)); !ok || work != want {
		t.Errorf("Cost(%q) = %d, want the scan's %d (ok %v)", u, work, want, ok)
	}
	if b := automaton.DecideBudget(len(u)); work <= 0 || work > b {
		t.Errorf("Cost(%q) = %d, want within (0, %d]", u, work, b)
	}
	long := "/a/" + longPath(70000)
	if w := m.Cost(long); w <= 0 || m.host.built.Load() == nil {
		t.Errorf("Cost of a URL of %d octets = %d, built %v; want the automaton's, built", len(long), w, m.host.built.Load() != nil)
	}
	if w := m.Cost(u); w != m.host.built.Load().Cost(m.form.Input(u), automaton.ClassSet(1)) {
		t.Errorf("Cost(%q) once built = %d, want the automaton's", u, w)
	}
}

// TestHostScanAllocs checks that deciding by the scan allocates nothing.
func TestHostScanAllocs(t *testing.T) {
	m := Parse([]byte(hostBody), config.WithScan(config.ScanOnly)).Agent("x")
	for _, c := range hostURLs {
		if n := testing.AllocsPerRun(100, func() { m.Decide(c.url) }); n != 0 {
			t.Errorf("Decide(%q) by the scan: %v allocations", c.url, n)
		}
	}
}

// TestHostConcurrent decides from many goroutines at once across the
// promotion (run it with -race): every decision is right, and one
// automaton is built.
func TestHostConcurrent(t *testing.T) {
	for range 20 {
		m := Parse([]byte(hostBody)).Agent("x")
		var wg sync.WaitGroup
		for range 4 {
			wg.Go(func() {
				for range 300 {
					checkHostURLs(t, m, "concurrent")
				}
			})
		}
		wg.Wait()
		if m.host.spent.Load() < m.host.cost {
			t.Fatalf("the test spent %d of the cost %d: decide more", m.host.spent.Load(), m.host.cost)
		}
	}
}
