package compile

import (
	"errors"
	"fmt"
	"io/fs"
	"math/rand/v2"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"testing"

	"github.com/robotsexclusion/robots/normalize"
)

// boundLimit is the size the bodies of the allocation bounds' tests fill:
// the root package's default parse limit.
const boundLimit = normalize.DefaultLimit

// boundBodies are bodies built to cost the most to parse and to lower
// per octet: short lines of each entry the parser keeps (rules, agents,
// groups, sitemaps, extensions, Content-Usage and Content-Signal lines,
// diagnostics), and the wildcard and usage families of the hostile
// benchmarks, each to boundLimit.
var boundBodies = []struct {
	name string
	body func() []byte
}{
	{"empty", func() []byte { return nil }},
	{"one-rule", func() []byte { return []byte("User-agent: *\nDisallow: /\n") }},
	{"short-rules", func() []byte { return fill("User-agent: *\n", func(int) string { return "allow:\n" }) }},
	{"groups", func() []byte { return fill("", func(int) string { return "useragent\nallow:\n" }) }},
	{"agents-only", func() []byte { return fill("", func(int) string { return "useragent\n" }) }},
	{"short-keys", func() []byte { return fill("", func(int) string { return "a:\nu:\ns:\ndi:\nal:\nuser:\nsi:\n" }) }},
	{"short-extensions", func() []byte { return fill("", func(int) string { return "x:\n" }) }},
	{"sitemaps", func() []byte { return fill("", func(int) string { return "sitemap:\n" }) }},
	{"short-usage", func() []byte { return fill("", func(int) string { return "Content-Usage: x\n" }) }},
	{"short-usage-params", func() []byte { return fill("", func(int) string { return "Content-Usage: x;a\n" }) }},
	{"short-signal", func() []byte { return fill("", func(int) string { return "Content-Signal:\n" }) }},
	{"group-usage", func() []byte {
		return fill("User-agent: *\n", func(i int) string { return fmt.Sprintf("Content-Usage: /*a%d train-ai=n\n", i) })
	}},
	{"usage-astar", func() []byte {
		return fill("User-agent: *\n", func(i int) string {
			return fmt.Sprintf("Content-Usage: /*a%d*b%d train-ai=n, search=y\n", i, i)
		})
	}},
	{"usage-mixed", func() []byte {
		return fill("User-agent: *\n", func(i int) string {
			return fmt.Sprintf("Content-Usage: /*a%d*b%d train-ai=%c\nDisallow: /*a%d*b%d\nContent-Signal: search=yes\n", i, i, "ny"[i%2], i, i)
		})
	}},
	{"astar", func() []byte {
		return fill("User-agent: *\n", func(i int) string { return fmt.Sprintf("Disallow: /*a%d*b%d\n", i, i) })
	}},
	{"manystar", func() []byte {
		return fill("User-agent: *\n", func(i int) string {
			r := rand.New(rand.NewPCG(uint64(i), 100))
			var b strings.Builder
			b.WriteString("Disallow: /")
			for range 100 {
				b.WriteByte('*')
				b.WriteByte(byte('a' + r.IntN(5)))
			}
			return b.String() + "$\n"
		})
	}},
	{"escapes", func() []byte {
		return fill("User-agent: *\n", func(int) string { return "Disallow: /%zz%41 é\n" })
	}},
	{"many-groups", func() []byte {
		return fill("", func(i int) string {
			return fmt.Sprintf("User-agent: *\nDisallow: /a%d\nContent-Usage: /b%d train-ai=n\n", i, i)
		})
	}},
}

// fill returns head, then line(0), line(1), ... up to boundLimit octets.
func fill(head string, line func(i int) string) []byte {
	var b strings.Builder
	b.WriteString(head)
	for i := 0; ; i++ {
		l := line(i)
		if b.Len()+len(l) > boundLimit {
			return []byte(b.String())
		}
		b.WriteString(l)
	}
}

// allocated returns the bytes f allocates, as the process counts them:
// when a call passes bound, the least of it and up to two more calls, so
// that what another goroutine allocates meanwhile (the runtime's own, a
// finalizer's: once in some dozens of runs under load, a few KiB) is not
// taken for f's. An f that passes bound on every call still does.
func allocated(f func(), bound int) uint64 {
	n := allocatedOnce(f)
	for try := 0; try < 2 && n > uint64(bound); try++ {
		n = min(n, allocatedOnce(f))
	}
	return n
}

// allocatedOnce returns the bytes the process allocates while f runs.
func allocatedOnce(f func()) uint64 {
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	f()
	runtime.ReadMemStats(&after)
	return after.TotalAlloc - before.TotalAlloc
}

// TestAllocBounds checks the allocation bounds of the package comment on
// the bodies built to cost the most and on the corpus's largest files:
// Parse allocates at most parseBytesPerOctet octets per octet of the body
// plus parseBytesBase, and lowering a crawler's selection (Selected, then
// Lower) at most lowerBytesPerRule octets per rule selected (Allow,
// Disallow and Content-Usage lines) plus lowerBytesBase, in every dialect.
func TestAllocBounds(t *testing.T) {
	var bodies []namedBody
	for _, b := range boundBodies {
		bodies = append(bodies, namedBody{b.name, b.body()})
	}
	bodies = append(bodies, largestCorpusFiles(t, 3)...)
	worstParse, worstLower := 0.0, 0.0
	for _, b := range bodies {
		for _, d := range []Dialect{RFC9309, Google, Draft1996} {
			var f *File
			bound := parseBytesPerOctet*len(b.b) + parseBytesBase
			parse := allocated(func() { f = d.Parse(b.b) }, bound)
			if parse > uint64(bound) {
				t.Errorf("%s, %v: Parse allocated %d bytes for %d octets, bound %d", b.name, d, parse, len(b.b), bound)
			}
			if len(b.b) > 64<<10 {
				worstParse = max(worstParse, float64(parse)/float64(len(b.b)))
			}
			agents := []string{"FooBot"}
			if names := f.Names(); len(names) > 0 {
				agents = append(agents, names[0].Value)
			}
			for _, a := range agents {
				groups, named := f.SelectGroups(a)
				rules := len(f.Usage)
				for _, g := range groups {
					rules += len(f.Groups[g].Rules) + len(f.Groups[g].Usage)
				}
				var p Program
				bound := lowerBytesPerRule*rules + lowerBytesBase
				lower := allocated(func() { p = d.Lower(f.Selected(groups, named)) }, bound)
				if lower > uint64(bound) {
					t.Errorf("%s, %v, %s: lowering %d rules allocated %d bytes, bound %d", b.name, d, a, rules, lower, bound)
				}
				if rules > 1000 {
					worstLower = max(worstLower, float64(lower)/float64(rules))
				}
				_ = p
			}
		}
	}
	t.Logf("the most per octet parsed, %.1f bytes (bound %d); per rule lowered, %.1f (bound %d)", worstParse, parseBytesPerOctet, worstLower, lowerBytesPerRule)
}

// A namedBody is a body to test and its name.
type namedBody struct {
	name string
	b    []byte
}

// largestCorpusFiles returns the n largest files of the corpus, or none
// when it is absent.
func largestCorpusFiles(t *testing.T, n int) []namedBody {
	const dir = "../../shared/corpus/robots"
	ents, err := os.ReadDir(dir)
	if errors.Is(err, fs.ErrNotExist) {
		t.Logf("corpus absent (%v): the bounds are checked on built bodies only", err)
		return nil
	}
	if err != nil {
		t.Fatal(err)
	}
	type sized struct {
		name string
		size int64
	}
	var all []sized
	for _, e := range ents {
		if info, err := e.Info(); err == nil && info.Mode().IsRegular() {
			all = append(all, sized{e.Name(), info.Size()})
		}
	}
	slices.SortFunc(all, func(a, b sized) int { return int(b.size - a.size) })
	var out []namedBody
	for _, f := range all[:min(n, len(all))] {
		b, err := os.ReadFile(filepath.Join(dir, f.name))
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, namedBody{f.name, b})
	}
	return out
}
