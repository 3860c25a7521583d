package main

// The test command: a site's own unit test for its robots.txt. (The file is
// not test.go, which would read as a test file's name.)

import (
	"bufio"
	"bytes"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/robotsexclusion/robots"
)

func init() {
	register(command{name: "test", summary: "check a robots.txt file against expected verdicts", run: runTest})
}

// maxExpectations bounds the size of an expectations file, which is read
// whole: far more than a site keeps beside its robots.txt.
const maxExpectations = 4 << 20

// An expectation is one line of an expectations file.
type expectation struct {
	line    int
	allow   bool
	agent   string
	url     string
	wantStr string // "allow" or "disallow"
}

func runTest(e *env, args []string) int {
	fs := flag.NewFlagSet("test", flag.ContinueOnError)
	fs.SetOutput(e.stderr)
	file := fs.String("robots", "", "robots.txt `file` to test")
	dialect := addDialectFlag(fs)
	fs.Usage = func() {
		fmt.Fprintln(e.stderr, "usage: robots test -robots FILE [-dialect D] EXPECTATIONS...")
		fmt.Fprintln(e.stderr, "Each line of an expectations file reads \"allow|disallow AGENT URL\"; # starts a comment.")
		fmt.Fprintln(e.stderr, "Prints FILE:LINE: expected ... got ... for each failure; exit 1 on any.")
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
	total, failed := 0, 0
	for _, name := range fs.Args() {
		exps, err := readExpectations(name)
		if err != nil {
			fmt.Fprintf(e.stderr, "robots test: %v\n", err)
			return exitUsage
		}
		for _, x := range exps {
			total++
			d := r.Agent(x.agent).Decide(x.url)
			if d.Allowed == x.allow {
				continue
			}
			failed++
			why := "no rule matched"
			if d.Line != 0 {
				why = fmt.Sprintf("line %d of %s: %s", d.Line, robotsName, d.Pattern)
			}
			fmt.Fprintf(e.stdout, "%s:%d: expected %s got %s for %s %s (%s)\n",
				name, x.line, x.wantStr, verdictWord(d.Allowed), x.agent, x.url, why)
		}
	}
	if failed > 0 {
		fmt.Fprintf(e.stdout, "FAIL: %d of %s\n", failed, countNoun(total, "expectation"))
		return exitFinding
	}
	fmt.Fprintf(e.stdout, "ok: %s hold\n", countNoun(total, "expectation"))
	return exitOK
}

// verdictWord is a verdict in the words of an expectations file.
func verdictWord(allowed bool) string {
	if allowed {
		return "allow"
	}
	return "disallow"
}

// readExpectations reads an expectations file: lines "allow|disallow AGENT
// URL", # starting a comment, blank lines ignored.
func readExpectations(name string) ([]expectation, error) {
	f, err := os.Open(name)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	var out []expectation
	n, size := 0, 0
	for sc.Scan() {
		n++
		size += len(sc.Bytes()) + 1
		if size > maxExpectations {
			return nil, fmt.Errorf("%s: longer than %d octets", name, maxExpectations)
		}
		text := sc.Bytes()
		if i := bytes.IndexByte(text, '#'); i >= 0 {
			text = text[:i]
		}
		words := strings.Fields(string(text))
		if len(words) == 0 {
			continue
		}
		if len(words) != 3 || words[0] != "allow" && words[0] != "disallow" {
			return nil, fmt.Errorf("%s:%d: want \"allow|disallow AGENT URL\", got %q", name, n, strings.TrimSpace(string(text)))
		}
		out = append(out, expectation{line: n, allow: words[0] == "allow", wantStr: words[0], agent: words[1], url: words[2]})
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("reading %s: %w", name, err)
	}
	return out, nil
}
