package main

import (
	"flag"
	"fmt"

	"github.com/robotsexclusion/robots"
)

func init() {
	register(command{name: "lint", summary: "report lines of robots.txt files that are not plain and valid", run: runLint})
}

func runLint(e *env, args []string) int {
	fs := flag.NewFlagSet("lint", flag.ContinueOnError)
	fs.SetOutput(e.stderr)
	dialect := addDialectFlag(fs)
	fs.Usage = func() {
		fmt.Fprintln(e.stderr, "usage: robots lint [-dialect D] FILE...")
		fmt.Fprintln(e.stderr, "prints FILE:LINE: code: message for each diagnostic; exit 1 when there are any")
		fs.PrintDefaults()
	}
	if code, ok := parseFlags(fs, args); !ok {
		return code
	}
	if fs.NArg() == 0 {
		fs.Usage()
		return exitUsage
	}
	status := exitOK
	for _, name := range fs.Args() {
		body, err := readInput(e, name)
		if err != nil {
			fmt.Fprintf(e.stderr, "robots lint: %v\n", err)
			return exitUsage
		}
		for _, d := range robots.Parse(body, dialect.option()).Diagnostics() {
			fmt.Fprintf(e.stdout, "%s:%d: %s: %s\n", name, d.Line, d.Code, d.Message)
			status = exitFinding
		}
	}
	return status
}
