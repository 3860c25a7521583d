package main

// The diff command: what a change to robots.txt does (package diff). This
// file reads the flags, the files and the URL list, and writes the text.

import (
	"bufio"
	"flag"
	"fmt"
	"io"
	"os"
	"slices"
	"strings"

	"github.com/robotsexclusion/robots/internal/report"
	"github.com/robotsexclusion/robots/internal/words"
)

// maxDiffURLs bounds the URLs diff reads from a list.
const maxDiffURLs = 1 << 20

// probeExamples is how many probes the text shows of one change: the
// shortest.
const probeExamples = 3

func runDiff(e *env, args []string) int {
	fs := flag.NewFlagSet("diff", flag.ContinueOnError)
	fs.SetOutput(e.stderr)
	var agents stringList
	fs.Var(&agents, "agent", "an agent's product `token` to compare (repeatable); default: every one either file names, and *")
	asJSON := fs.Bool("json", false, "print the diff as one JSON object, every flip included")
	all := fs.Bool("all", false, "list every probe that flips, not one line per change of rule")
	urlsFile := fs.String("urls", "", "a `file` of URLs to decide, one per line (- for standard input), beside the probes")
	dialect := addDialectFlag(fs)
	live := addLiveFlags(fs)
	fs.Usage = func() {
		fmt.Fprintln(e.stderr, "usage: robots diff [-agent NAME]... [-urls FILE|-] [-dialect D] [-all] [-json] OLD NEW")
		fmt.Fprintln(e.stderr, "OLD and NEW are robots.txt files or URLs. Every agent decides the URLs of -urls (- reads")
		fmt.Fprintln(e.stderr, "them from standard input) and probe paths derived from both files' rules under each;")
		fmt.Fprintln(e.stderr, "each verdict that flips is printed. Exit 1 on any flip or accident.")
		fs.PrintDefaults()
	}
	if code, ok := parseFlags(fs, args); !ok {
		return code
	}
	if fs.NArg() != 2 {
		fs.Usage()
		return exitUsage
	}
	live.parse = append(live.parse, dialect.option())
	cache := live.cache()
	var files [2]*loaded
	var notes []string
	for i, arg := range fs.Args() {
		l, err := loadRobots(e, arg, cache, dialect.option())
		if err != nil {
			fmt.Fprintf(e.stderr, "robots diff: %v\n", err)
			return exitUsage
		}
		files[i] = l
		if l.note != "" {
			notes = append(notes, l.note)
		}
	}
	urls, err := diffURLs(e, *urlsFile)
	if err != nil {
		fmt.Fprintf(e.stderr, "robots diff: %v\n", err)
		return exitUsage
	}
	res := report.Compare(files[0].r, files[1].r, agents, urls)
	rep := report.NewDiff(files[0].name, files[1].name, notes, res)
	out := bufio.NewWriter(e.stdout)
	defer out.Flush()
	if *asJSON {
		writeJSON(out, rep)
	} else {
		writeDiff(out, &rep, *all)
	}
	if res.Changed() {
		return exitFinding
	}
	return exitOK
}

// diffURLs reads the URL list of -urls: a file, or standard input for "-".
// Without -urls there is none: standard input is read only when asked, so
// that diff never waits behind a pipe left open.
func diffURLs(e *env, name string) ([]string, error) {
	var r io.Reader
	switch name {
	case "":
		return nil, nil
	case "-":
		r = e.stdin
	default:
		f, err := os.Open(name)
		if err != nil {
			return nil, err
		}
		defer f.Close()
		r = f
	}
	var urls []string
	sc := bufio.NewScanner(r)
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		if u := strings.TrimSpace(sc.Text()); u != "" && !strings.HasPrefix(u, "#") {
			if len(urls) == maxDiffURLs {
				return nil, fmt.Errorf("more than %d URLs", maxDiffURLs)
			}
			urls = append(urls, u)
		}
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("reading URLs: %w", err)
	}
	return urls, nil
}

// writeDiff prints the flips grouped by agent, each agent's summary first,
// then the accidents. Flips of the URL list are printed one a line; flips
// of probes one line per change of deciding rule, with a few examples,
// unless all is set:
//
//	*: 2 flips in 9 URLs and 31 probes (2 newly disallowed)
//	  https://a.example/checkout/x  allowed (no rule matched) -> disallowed by line 4: /checkout
//	  probes: allowed (no rule matched) -> disallowed by line 4: /checkout: 3 probes, such as /checkout /checkout/ /checkoutx
func writeDiff(w io.Writer, res *report.Diff, all bool) {
	fmt.Fprintf(w, "--- %s\n+++ %s\n", res.Old, res.New)
	for _, n := range res.Notes {
		fmt.Fprintf(w, "note: %s\n", n)
	}
	decided := fmt.Sprintf("%s and %s", words.Count(res.URLs, "URL"), words.Count(res.Probes, "probe"))
	for _, a := range res.Agents {
		if len(a.Flips) == 0 {
			fmt.Fprintf(w, "%s: no flips in %s\n", a.Shown, decided)
			continue
		}
		closed := 0
		for _, f := range a.Flips {
			if !f.New.Allowed {
				closed++
			}
		}
		var parts []string
		if closed > 0 {
			parts = append(parts, fmt.Sprintf("%d newly disallowed", closed))
		}
		if n := len(a.Flips) - closed; n > 0 {
			parts = append(parts, fmt.Sprintf("%d newly allowed", n))
		}
		fmt.Fprintf(w, "%s: %s in %s (%s)\n", a.Shown, words.Count(len(a.Flips), "flip"), decided, strings.Join(parts, ", "))
		width := 0
		for _, f := range a.Flips {
			if all || !f.Probe {
				width = max(width, len(f.URL))
			}
		}
		var changes []string // of probes, in order of first appearance
		byChange := map[string][]string{}
		for _, f := range a.Flips {
			change := f.Old.String() + " -> " + f.New.String()
			if all || !f.Probe {
				fmt.Fprintf(w, "  %-*s  %s\n", width, f.URL, change)
				continue
			}
			if byChange[change] == nil {
				changes = append(changes, change)
			}
			byChange[change] = append(byChange[change], f.URL)
		}
		for _, c := range changes {
			ps := byChange[c]
			ex := slices.Clone(ps)
			slices.SortStableFunc(ex, func(a, b string) int { return len(a) - len(b) }) // the shortest say most
			ex = ex[:min(len(ex), probeExamples)]
			fmt.Fprintf(w, "  probes: %s: %s, such as %s\n", c, words.Count(len(ps), "probe"), strings.Join(ex, " "))
		}
	}
	if len(res.Accidents) > 0 {
		fmt.Fprintln(w, "accidents:")
		for _, a := range res.Accidents {
			fmt.Fprintf(w, "  %s\n", a.Message)
		}
	}
}
