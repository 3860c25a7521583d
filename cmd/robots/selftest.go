package main

// The test command: a site's own unit test for its robots.txt. (The file is
// not test.go, which would read as a test file's name.)

import (
	"bufio"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"github.com/robotsexclusion/robots"
	"github.com/robotsexclusion/robots/internal/report"
	"github.com/robotsexclusion/robots/internal/words"
)

func runTest(e *env, args []string) int {
	fs := flag.NewFlagSet("test", flag.ContinueOnError)
	fs.SetOutput(e.stderr)
	file := fs.String("robots", "", "robots.txt `file` to test")
	asJSON := fs.Bool("json", false, "print one JSON object with every expectation and what the file decided")
	dialect := addDialectFlag(fs)
	fs.Usage = func() {
		fmt.Fprintln(e.stderr, "usage: robots test -robots FILE [-dialect D] [-json] EXPECTATIONS...")
		fmt.Fprintln(e.stderr, "Each line of an expectations file reads \"allow|disallow AGENT URL\"; # starts a comment.")
		fmt.Fprintln(e.stderr, "Prints FILE:LINE: expected ... got ... for each failure; exit 1 on any. A line that is")
		fmt.Fprintln(e.stderr, "not an expectation, a URL that is not a URL, or a file with no expectation exits 2.")
		fs.PrintDefaults()
	}
	if code, ok := parseFlags(fs, args); !ok {
		return code
	}
	if *file == "" || fs.NArg() == 0 {
		fs.Usage()
		return exitUsage
	}
	body, err := readRobotsBody(e, *file)
	if err != nil {
		fmt.Fprintf(e.stderr, "robots test: %v\n", err)
		return exitUsage
	}
	r := robots.Parse(body, dialect.option())
	robotsName := filepath.Base(*file)
	if *file == "-" {
		robotsName = "robots.txt"
	}
	t := report.Test{Robots: robotsName, Results: []report.TestResult{}}
	for _, name := range fs.Args() {
		data, err := readLimited(name, report.MaxExpectations+1) // ParseExpectations says when it is too long
		var exps []report.Expectation
		if err == nil {
			exps, err = report.ParseExpectations(name, data)
		}
		if err != nil {
			fmt.Fprintf(e.stderr, "robots test: %v\n", err)
			return exitUsage
		}
		t.Add(r, name, exps)
	}
	out := bufio.NewWriter(e.stdout)
	defer out.Flush()
	switch {
	case *asJSON:
		writeJSON(out, t)
	case t.Failed > 0:
		for _, res := range t.Results {
			if !res.Held {
				fmt.Fprintln(out, res.String(robotsName))
			}
		}
		fmt.Fprintf(out, "FAIL: %d of %s\n", t.Failed, words.Count(t.Total, "expectation"))
	default:
		fmt.Fprintf(out, "ok: %s hold\n", words.Count(t.Total, "expectation"))
	}
	if t.Failed > 0 {
		return exitFinding
	}
	return exitOK
}

// readLimited reads at most n octets of the named file.
func readLimited(name string, n int64) ([]byte, error) {
	f, err := os.Open(name)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return io.ReadAll(io.LimitReader(f, n))
}
