// Gen writes the golden tables of package conformance: for every spec
// example file and every dialect it has cases of, the reference matcher's
// verdict, deciding line and deciding pattern on each of those cases (see
// conformance.Golden).
//
// It is run by go generate in the conformance directory:
//
//	go run ../gen -spec testdata/spec -golden testdata/golden
//
// It reads every *.txt file of the spec directory and writes NAME.golden
// (rfc9309) and NAME.DIALECT.golden (the other dialects) for each into the
// golden directory, only when their content changed, and removes golden
// tables that no spec file and dialect call for. A malformed spec file
// stops it with the file and line at fault.
package main

import (
	"bytes"
	"flag"
	"fmt"
	"os"
	"path/filepath"

	"github.com/robotsexclusion/robots/compile"
	"github.com/robotsexclusion/robots/conformance"
	"github.com/robotsexclusion/robots/internal/dialect"
	"github.com/robotsexclusion/robots/internal/reference"
)

func main() {
	specDir := flag.String("spec", conformance.SpecDir, "directory of the spec example files")
	goldenDir := flag.String("golden", conformance.GoldenDir, "directory of the golden tables to write")
	flag.Parse()
	if err := run(*specDir, *goldenDir); err != nil {
		fmt.Fprintln(os.Stderr, "gen:", err)
		os.Exit(1)
	}
}

func run(specDir, goldenDir string) error {
	suite, err := conformance.Load(os.DirFS(specDir), ".")
	if err != nil {
		return err
	}
	if err := os.MkdirAll(goldenDir, 0o755); err != nil {
		return err
	}
	want := map[string]bool{}
	for _, spec := range suite.Specs {
		for _, d := range dialect.All[compile.Dialect]() {
			n := len(spec.For(d))
			if n == 0 {
				continue
			}
			name := conformance.GoldenName(spec.Name, d)
			want[name] = true
			data := conformance.Golden(spec, d, reference.Verdict(d))
			path := filepath.Join(goldenDir, name)
			if old, err := os.ReadFile(path); err == nil && bytes.Equal(old, data) {
				continue
			}
			if err := os.WriteFile(path, data, 0o644); err != nil {
				return err
			}
			fmt.Printf("gen: wrote %s (%d %s cases)\n", path, n, d)
		}
	}
	stale, err := filepath.Glob(filepath.Join(goldenDir, "*.golden"))
	if err != nil {
		return err
	}
	for _, path := range stale {
		if !want[filepath.Base(path)] {
			if err := os.Remove(path); err != nil {
				return err
			}
			fmt.Printf("gen: removed %s (no spec file or no case of its dialect)\n", path)
		}
	}
	return nil
}
