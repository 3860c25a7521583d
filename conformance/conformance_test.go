package conformance_test

import (
	"bytes"
	"flag"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/robotsexclusion/robots"
	"github.com/robotsexclusion/robots/automaton"
	"github.com/robotsexclusion/robots/compile"
	"github.com/robotsexclusion/robots/conformance"
	"github.com/robotsexclusion/robots/internal/config"
	"github.com/robotsexclusion/robots/internal/dialect"
	"github.com/robotsexclusion/robots/internal/engines"
	"github.com/robotsexclusion/robots/internal/reference"
)

var update = flag.Bool("update", false, "rewrite the golden tables of testdata/golden")

func loadSuite(t *testing.T) *conformance.Suite {
	t.Helper()
	s, err := conformance.Load(conformance.Files, conformance.SpecDir)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// tiers are the engine builds every case runs on (automaton.Engines): the
// default choice, each tier forced and the lazily built DFA forced.
var tiers = engines.All()

// tierName names a build of tiers in a test's name.
func tierName(lim automaton.Limits) string { return lim.String() }

// library runs the root package in dialect d, built with limits lim, as the
// suite's implementation.
func library(d compile.Dialect, lim automaton.Limits) conformance.Impl {
	return func(body []byte, agent, url string) conformance.Verdict {
		v := robots.Parse(body, robots.WithDialect(d), config.WithLimits(lim)).Agent(agent).Decide(url)
		return conformance.Verdict{Allowed: v.Allowed, Line: v.Line, Pattern: v.Pattern, Usage: v.Usage}
	}
}

// TestReferenceAgreesWithSpec runs the reference on every case of the spec
// files, each in its dialects: a wrong transcription, or a reference or
// parser that departs from the documents, shows here.
func TestReferenceAgreesWithSpec(t *testing.T) {
	s := loadSuite(t)
	for _, d := range dialect.All[compile.Dialect]() {
		verdict := reference.Verdict(d)
		for _, c := range s.Cases(d) {
			t.Run(d.String()+"/"+c.Name(), func(t *testing.T) {
				if err := conformance.Check(c, verdict(c)); err != nil {
					t.Error(err)
				}
			})
		}
	}
}

// TestMatchCasesRunAsBodies checks that a match case decided by Match
// directly gets the verdict of the body it stands for, so that goldens
// computed one way hold for implementations run the other way.
func TestMatchCasesRunAsBodies(t *testing.T) {
	for _, c := range loadSuite(t).Cases(compile.RFC9309) {
		if c.Kind != conformance.KindMatch {
			continue
		}
		t.Run(c.Name(), func(t *testing.T) {
			direct := reference.Verdict(compile.RFC9309)(c)
			viaBody := c.Run(reference.Impl(compile.RFC9309))
			if direct != viaBody {
				t.Errorf("%s: Match and the body %q disagree: direct %+v, body %+v", conformance.Describe(c), must(c.Input()), direct, viaBody)
			}
		})
	}
}

func must(body []byte, _, _ string) []byte { return body }

// TestSuiteRun runs the reference through Suite.Run, the entry point for
// other implementations, in every dialect.
func TestSuiteRun(t *testing.T) {
	s := loadSuite(t)
	for _, d := range dialect.All[compile.Dialect]() {
		if n := len(s.Cases(d)); n == 0 {
			t.Fatalf("no %s cases", d)
		}
		for _, err := range s.Run(d, reference.Impl(d)) {
			t.Errorf("%s: %v", d, err)
		}
	}
}

// TestLibraryMatchesGolden runs the library on every case, in each of the
// case's dialects and on every tier of the engine, and compares its
// decisions, deciding lines and patterns with the golden tables the
// reference wrote.
func TestLibraryMatchesGolden(t *testing.T) {
	suite := loadSuite(t)
	for _, d := range dialect.All[compile.Dialect]() {
		for _, spec := range suite.Specs {
			if len(spec.For(d)) == 0 {
				continue
			}
			for _, lim := range tiers {
				impl := library(d, lim)
				verdict := func(c *conformance.Case) conformance.Verdict { return c.Run(impl) }
				name := conformance.GoldenName(spec.Name, d)
				t.Run(name+"/"+tierName(lim), func(t *testing.T) {
					path := filepath.Join(conformance.GoldenDir, name)
					want, err := os.ReadFile(path)
					if err != nil {
						t.Fatalf("%v (run go generate)", err)
					}
					got := conformance.Golden(spec, d, verdict)
					if diff := cmp.Diff(lines(want), lines(got)); diff != "" {
						t.Errorf("the library departs from %s (-reference +library):\n%s", path, diff)
					}
				})
			}
		}
	}
}

// TestGoldenFresh regenerates the golden tables in memory and compares them
// with the files, so that a stale table fails go test as well as CI's go
// generate check. With -update it rewrites them.
func TestGoldenFresh(t *testing.T) {
	s := loadSuite(t)
	want := map[string]bool{}
	for _, spec := range s.Specs {
		for _, d := range dialect.All[compile.Dialect]() {
			if len(spec.For(d)) == 0 {
				continue
			}
			name := conformance.GoldenName(spec.Name, d)
			want[name] = true
			path := filepath.Join(conformance.GoldenDir, name)
			got := conformance.Golden(spec, d, reference.Verdict(d))
			if *update {
				if err := os.WriteFile(path, got, 0o644); err != nil {
					t.Fatal(err)
				}
				continue
			}
			old, err := os.ReadFile(path)
			if err != nil {
				t.Errorf("%v (run go generate, or go test -update)", err)
				continue
			}
			if !bytes.Equal(old, got) {
				t.Errorf("%s is stale; run go generate ./... (or go test -update) (-file +regenerated):\n%s",
					path, cmp.Diff(lines(old), lines(got)))
			}
		}
	}
	files, err := filepath.Glob(filepath.Join(conformance.GoldenDir, "*.golden"))
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range files {
		if !want[filepath.Base(f)] {
			t.Errorf("%s has no spec file or no case of its dialect; run go generate ./...", f)
		}
	}
}

func lines(b []byte) []string { return strings.Split(string(b), "\n") }

// TestFilesShipped checks that Files holds every spec file and golden
// table of this package's directory, as they are on disk.
func TestFilesShipped(t *testing.T) {
	for _, glob := range []string{filepath.Join(conformance.SpecDir, "*.txt"), filepath.Join(conformance.GoldenDir, "*.golden")} {
		disk, err := filepath.Glob(glob)
		if err != nil || len(disk) == 0 {
			t.Fatalf("%s: %d files, %v", glob, len(disk), err)
		}
		for i := range disk {
			disk[i] = filepath.ToSlash(disk[i])
		}
		shipped, err := fs.Glob(conformance.Files, filepath.ToSlash(glob))
		if err != nil {
			t.Fatal(err)
		}
		if diff := cmp.Diff(disk, shipped); diff != "" {
			t.Errorf("%s: Files departs from the directory (-disk +Files):\n%s", glob, diff)
			continue
		}
		for i, name := range disk {
			want, _ := os.ReadFile(name)
			if got, err := fs.ReadFile(conformance.Files, shipped[i]); err != nil || !bytes.Equal(got, want) {
				t.Errorf("%s: Files holds another text than the file (%v)", name, err)
			}
		}
	}
}
