package main

import (
	"bufio"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/robotsexclusion/robots"
)

func init() {
	register(command{name: "check", summary: "decide URLs against a robots.txt file", run: runCheck})
}

// checkResult is one output line of check -json.
type checkResult struct {
	URL     string `json:"url"`
	Allowed bool   `json:"allowed"`
	Line    int    `json:"line"`
	Pattern string `json:"pattern"`
}

func runCheck(e *env, args []string) int {
	fs := flag.NewFlagSet("check", flag.ContinueOnError)
	fs.SetOutput(e.stderr)
	file := fs.String("robots", "", "robots.txt `file` to read, or - for standard input")
	agent := fs.String("agent", "", "the crawler's product `token`, such as Googlebot")
	asJSON := fs.Bool("json", false, "print one JSON object per URL")
	live := addLiveFlags(fs) // for live mode, without -robots (live.go)
	dialect := addDialectFlag(fs)
	fs.Usage = func() {
		fmt.Fprintln(e.stderr, "usage: robots check -robots FILE|- -agent NAME [-dialect D] [-json] [URL...]")
		fmt.Fprintln(e.stderr, "       robots check -agent NAME [-dialect D] [-json] [-user-agent UA] [-timeout D] [-auth-disallows] [URL...]")
		fmt.Fprintln(e.stderr, "URLs come from the arguments, or one per line on standard input.")
		fmt.Fprintln(e.stderr, "Without -robots, each URL's robots.txt is fetched, once per origin.")
		fs.PrintDefaults()
	}
	if code, ok := parseFlags(fs, args); !ok {
		return code
	}
	// Live mode: without -robots, fetch each origin's robots.txt (live.go).
	if *file == "" && *agent != "" {
		live.parse = append(live.parse, dialect.option())
		return runCheckLive(e, live, *agent, *asJSON, fs.Args())
	}
	if *file == "" || *agent == "" {
		fmt.Fprintln(e.stderr, "robots check: -agent is required")
		fs.Usage()
		return exitUsage
	}
	if *file == "-" && fs.NArg() == 0 {
		fmt.Fprintln(e.stderr, "robots check: with -robots -, give the URLs as arguments")
		return exitUsage
	}
	body, err := readInput(e, *file)
	if err != nil {
		fmt.Fprintf(e.stderr, "robots check: %v\n", err)
		return exitUsage
	}
	m := robots.Parse(body, dialect.option()).Agent(*agent)

	status := exitOK
	out := bufio.NewWriter(e.stdout)
	defer out.Flush()
	enc := json.NewEncoder(out)
	decide := func(url string) {
		d := m.Decide(url)
		if !d.Allowed {
			status = exitFinding
		}
		if *asJSON {
			enc.Encode(checkResult{URL: url, Allowed: d.Allowed, Line: d.Line, Pattern: d.Pattern})
			return
		}
		fmt.Fprintln(out, formatDecision(url, d))
	}
	if err := eachURL(e, fs.Args(), decide); err != nil {
		out.Flush()
		fmt.Fprintf(e.stderr, "robots check: %v\n", err)
		return exitUsage
	}
	return status
}

// eachURL calls decide for each URL of args or, when there are none, for
// each non-blank line of standard input.
func eachURL(e *env, args []string, decide func(url string)) error {
	if len(args) > 0 {
		for _, u := range args {
			decide(u)
		}
		return nil
	}
	sc := bufio.NewScanner(e.stdin)
	sc.Buffer(make([]byte, 64<<10), 1<<20)
	for sc.Scan() {
		if u := strings.TrimSpace(sc.Text()); u != "" {
			decide(u)
		}
	}
	if err := sc.Err(); err != nil {
		return fmt.Errorf("reading URLs: %w", err)
	}
	return nil
}

// formatDecision prints a decision as one line: verdict, URL, and the rule
// that decided.
func formatDecision(url string, d robots.Decision) string {
	verdict := "allowed"
	if !d.Allowed {
		verdict = "disallowed"
	}
	if d.Line == 0 {
		return fmt.Sprintf("%-10s %s\t(no rule matched)", verdict, url)
	}
	return fmt.Sprintf("%-10s %s\tline %d: %s", verdict, url, d.Line, d.Pattern)
}

// readInput reads a named file, or standard input for "-".
func readInput(e *env, name string) ([]byte, error) {
	if name == "-" {
		return io.ReadAll(e.stdin)
	}
	return os.ReadFile(name)
}
