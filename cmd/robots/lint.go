package main

import (
	"bufio"
	"flag"
	"fmt"
	"strings"

	"github.com/robotsexclusion/robots"
	"github.com/robotsexclusion/robots/internal/report"
)

// runLint is the lint command: package lint's checks on each file, each
// finding with its code's severity.
func runLint(e *env, args []string) int {
	fs := flag.NewFlagSet("lint", flag.ContinueOnError)
	fs.SetOutput(e.stderr)
	dialect := addDialectFlag(fs)
	asJSON := fs.Bool("json", false, "print one JSON object per diagnostic: file, line, column, code, severity, message")
	strict := fs.Bool("strict", false, "exit 1 for warnings too, not only for errors")
	ignore := fs.String("ignore", "", "comma-separated `codes` not to report")
	fs.Usage = func() {
		fmt.Fprintln(e.stderr, "usage: robots lint [-dialect D] [-json] [-strict] [-ignore CODE,...] FILE|-...")
		fmt.Fprintln(e.stderr, "prints FILE:LINE[:COLUMN]: SEVERITY: CODE: MESSAGE for each diagnostic.")
		fmt.Fprintln(e.stderr, "Severities: error (the line will not do what it looks like), warning (it works but")
		fmt.Fprintln(e.stderr, "is fragile), info. Exit 1 when there are errors (with -strict, warnings too), 2 when a")
		fmt.Fprintln(e.stderr, "file could not be read (the others are still linted), else 0.")
		fmt.Fprintln(e.stderr, "codes:")
		for _, c := range robots.Codes() {
			fmt.Fprintf(e.stderr, "  %-24s %-7s %s\n", c.Code, c.Severity, c.Doc)
		}
		fs.PrintDefaults()
	}
	if code, ok := parseFlags(fs, args); !ok {
		return code
	}
	if fs.NArg() == 0 {
		fs.Usage()
		return exitUsage
	}
	skip := map[robots.Code]bool{}
	for _, c := range strings.Split(*ignore, ",") {
		if c = strings.TrimSpace(c); c == "" {
			continue
		}
		if !robots.Code(c).Known() {
			fmt.Fprintf(e.stderr, "robots lint: -ignore: unknown code %q (see robots help lint)\n", c)
			return exitUsage
		}
		skip[robots.Code(c)] = true
	}
	out := bufio.NewWriter(e.stdout)
	defer out.Flush()
	status := exitOK
	for _, name := range fs.Args() {
		var found []report.Finding
		body, err := readRobotsBody(e, name)
		if err != nil {
			found = []report.Finding{report.NewFinding(name, robots.Diagnostic{Code: robots.ReadError, Message: err.Error()})}
			status = exitUsage
		} else {
			found = report.Lint(name, body, []robots.Option{dialect.option()})
		}
		for _, f := range found {
			if skip[f.Code] {
				continue
			}
			if *asJSON {
				writeJSON(out, f)
			} else {
				fmt.Fprintln(out, f)
			}
			if status == exitOK && (f.Severity == robots.SeverityError || *strict && f.Severity == robots.SeverityWarning) {
				status = exitFinding
			}
		}
	}
	return status
}
