package main

// The audit command: robots.txt captures in WARC files (Common Crawl's
// robotstxt files, a crawler's own archive) audited for the crawlers of the
// registry, one JSON line per capture. Package audit makes each record and
// follows redirects within an input, and audit.Run reads the inputs,
// audits them on every core and writes the records; this file reads the
// flags and lists the inputs, auditrun.go shows the progress and the
// summary.

import (
	"bufio"
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"sort"
	"strconv"
	"strings"

	"github.com/robotsexclusion/robots/crawlers"
	"github.com/robotsexclusion/robots/internal/audit"
)

// Exit statuses of audit besides exitOK and exitUsage: exitInputErrors
// plus the number of inputs that could not be read whole, at most
// maxInputErrors.
const (
	exitInputErrors = 64
	maxInputErrors  = 63
)

func runAudit(e *env, args []string) int {
	fs := flag.NewFlagSet("audit", flag.ContinueOnError)
	fs.SetOutput(e.stderr)
	agents := fs.String("agents", "", "audit for these crawlers, `NAME,...` (product tokens); default: every crawler of the registry")
	workers := fs.Int("workers", runtime.GOMAXPROCS(0), "audit on `N` cores")
	outDir := fs.String("o", "", "write the records of each input to `DIR`/NAME.jsonl (NAME: the input's file name without .warc.gz), under a temporary name until it is complete; inputs whose file exists are skipped, so a killed run resumes")
	shard := fs.String("shard", "", "audit shard `I/N` of the inputs only: those whose place in the input list, from 0, is I modulo N")
	name := fs.String("name", "", "the `NAME` standard input goes by: the file of its records, and with -o its records file's name (a URL piped in: curl -s URL | robots audit -name URL -)")
	list := fs.String("list", "", "read more input paths from `FILE` (- for standard input), one a line; blank and # lines skipped")
	summary := fs.Bool("summary", false, "print, per crawler, the counts and shares of each restriction level and usage preference over the records, instead of the records (which -o still writes)")
	asJSON := fs.Bool("json", false, "with -summary: print the summary as one JSON object")
	dialect := addDialectFlag(fs)
	fs.Usage = func() {
		fmt.Fprintln(e.stderr, "usage: robots audit [-agents NAME,...] [-workers N] [-o DIR] [-shard I/N] [-list FILE|-] [-name NAME] [-summary [-json]] [-dialect D] INPUT...")
		fmt.Fprintln(e.stderr, "Audits robots.txt captures in WARC files (.warc.gz, gzip per record or whole, and .warc):")
		fmt.Fprintln(e.stderr, "one JSON line per response record, in input order: where it is, the URI, status and RFC 9309")
		fmt.Fprintln(e.stderr, "outcome, lint's errors, and for each crawler the group that applies, its verdict on /, its")
		fmt.Fprintln(e.stderr, "restriction level (full, partial, none) and usage preferences. A redirect takes the answer of")
		fmt.Fprintln(e.stderr, "its target when the same input holds it. INPUT is a file, a directory (its .warc and .warc.gz")
		fmt.Fprintln(e.stderr, "files) or - (standard input). Damaged records give records with an error and the run goes on;")
		fmt.Fprintln(e.stderr, "a summary line on standard error counts what was read and written. Exit 0: every input read")
		fmt.Fprintf(e.stderr, "whole; %d+n: n inputs had errors (%d for %d or more); 2: usage error.\n", exitInputErrors, exitInputErrors+maxInputErrors, maxInputErrors)
		fs.PrintDefaults()
	}
	if code, ok := parseFlags(fs, args); !ok {
		return code
	}
	fail := func(format string, a ...any) int {
		fmt.Fprintf(e.stderr, "robots audit: "+format+"\n", a...)
		return exitUsage
	}
	if *workers < 1 {
		return fail("-workers must be at least 1")
	}
	if *asJSON && !*summary {
		return fail("-json goes with -summary: the records are JSON lines already")
	}
	shardI, shardN, err := parseShard(*shard)
	if err != nil {
		return fail("%v", err)
	}
	inputs, err := listInputs(e, fs.Args(), *list)
	if err != nil {
		return fail("%v", err)
	}
	if len(inputs) == 0 {
		fs.Usage()
		return exitUsage
	}
	if *name != "" {
		for i := range inputs {
			if inputs[i].Name == stdinName {
				inputs[i].Name = *name
			}
		}
	}
	inputs = shardInputs(inputs, shardI, shardN)
	if *outDir != "" {
		if err := os.MkdirAll(*outDir, 0o777); err != nil {
			return fail("%v", err)
		}
		if err := nameOutputs(inputs, *outDir); err != nil {
			return fail("%v", err)
		}
	}
	var names []string
	if *agents != "" {
		for _, n := range strings.Split(*agents, ",") {
			if n = strings.TrimSpace(n); n != "" {
				names = append(names, n)
			}
		}
		if len(names) == 0 {
			return fail("-agents names no crawler")
		}
	}
	var records io.Writer
	if !*summary {
		records = e.stdout
	}
	a := audit.New(audit.Options{Agents: names, Dialect: dialect.d})
	st, runErr := runInputs(e, a, *workers, records, *summary, inputs)
	if *summary {
		out := bufio.NewWriter(e.stdout)
		if *asJSON {
			writeJSON(out, st.Summary)
		} else {
			writeAuditSummary(out, &st.Summary)
		}
		if err := out.Flush(); err != nil {
			return fail("%v", err)
		}
	}
	if runErr != nil {
		return fail("%v", runErr)
	}
	if st.InputErrors > 0 {
		return exitInputErrors + min(st.InputErrors, maxInputErrors)
	}
	return exitOK
}

// parseShard reads -shard I/N; "" is shard 0 of 1.
func parseShard(s string) (i, n int, err error) {
	if s == "" {
		return 0, 1, nil
	}
	a, b, ok := strings.Cut(s, "/")
	i, err1 := strconv.Atoi(a)
	n, err2 := strconv.Atoi(b)
	if !ok || err1 != nil || err2 != nil || n < 1 || i < 0 || i >= n {
		return 0, 0, fmt.Errorf("-shard %q is not I/N with 0 <= I < N", s)
	}
	return i, n, nil
}

// stdinName is the name of standard input among the inputs.
const stdinName = "-"

// listInputs returns the inputs of the arguments and the list file, in
// order: a directory stands for its .warc and .warc.gz files, in lexical
// order of their paths.
func listInputs(e *env, args []string, list string) ([]audit.Input, error) {
	paths := append([]string(nil), args...)
	if list != "" {
		lp, err := readList(e, list)
		if err != nil {
			return nil, err
		}
		paths = append(paths, lp...)
	}
	var out []audit.Input
	stdin := list == stdinName
	for _, p := range paths {
		if p == stdinName {
			if stdin {
				return nil, errors.New("standard input named twice (an argument -, or -list -)")
			}
			stdin = true
			out = append(out, audit.Input{Name: p, Open: func() (io.ReadCloser, error) { return io.NopCloser(e.stdin), nil }})
			continue
		}
		fi, err := os.Stat(p)
		if err != nil || !fi.IsDir() {
			// Listed as given: when it cannot be read, reading it
			// reports the error, and the other inputs go on.
			out = append(out, audit.FileInput(p))
			continue
		}
		err = filepath.WalkDir(p, func(path string, d fs.DirEntry, err error) error {
			if err != nil {
				return err
			}
			if d.Type().IsRegular() && isWARCName(d.Name()) {
				fi, err := d.Info()
				if err != nil {
					return err
				}
				in := audit.FileInput(path)
				in.Size = fi.Size()
				out = append(out, in)
			}
			return nil
		})
		if err != nil {
			return nil, err
		}
	}
	return out, nil
}

// isWARCName reports whether a file name is a WARC file's.
func isWARCName(name string) bool {
	return strings.HasSuffix(name, ".warc") || strings.HasSuffix(name, ".warc.gz")
}

// readList reads the paths of a list file, one a line.
func readList(e *env, name string) ([]string, error) {
	var r io.Reader = e.stdin
	if name != stdinName {
		f, err := os.Open(name)
		if err != nil {
			return nil, err
		}
		defer f.Close()
		r = f
	}
	var out []string
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 64<<10), 1<<20)
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if line != "" && !strings.HasPrefix(line, "#") {
			out = append(out, line)
		}
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("reading %s: %w", name, err)
	}
	return out, nil
}

// shardInputs returns the inputs of shard i of n: those whose place in
// the list, from 0, is i modulo n.
func shardInputs(in []audit.Input, i, n int) []audit.Input {
	var out []audit.Input
	for k, x := range in {
		if k%n == i {
			out = append(out, x)
		}
	}
	return out
}

// outputName returns the name of the records file of an input named
// name: CC-MAIN-...-00000.warc.gz gives CC-MAIN-...-00000.jsonl, and so
// does a URL that ends so.
func outputName(name string) string {
	if name == stdinName {
		return "stdin.jsonl"
	}
	base := name[strings.LastIndexAny(name, `/\`)+1:]
	if base == "" {
		base = "input"
	}
	for _, ext := range []string{".gz", ".warc"} {
		base = strings.TrimSuffix(base, ext)
	}
	return base + ".jsonl"
}

// nameOutputs sets the records file of each input under dir, and fails
// when two inputs would share one.
func nameOutputs(inputs []audit.Input, dir string) error {
	seen := map[string]string{}
	for i, in := range inputs {
		name := outputName(in.Name)
		if other, ok := seen[name]; ok {
			return fmt.Errorf("%s and %s would both write %s: give inputs distinct file names, or audit them in two runs", other, in.Name, name)
		}
		seen[name] = in.Name
		inputs[i].Out = filepath.Join(dir, name)
	}
	return nil
}

// writeAuditSummary prints the summary: the outcomes, then a row per
// crawler with its count and share of each level, how often a group names
// it, and its usage preferences.
func writeAuditSummary(w io.Writer, s *audit.Summary) {
	fmt.Fprintf(w, "%s records, %s with an error\n", commas(s.Records), commas(s.Errors))
	var outcomes []string
	for k := range s.Outcomes {
		outcomes = append(outcomes, k)
	}
	sort.Strings(outcomes)
	for _, k := range outcomes {
		name := k
		if name == "" {
			name = "(not read)"
		}
		fmt.Fprintf(w, "  %-12s %s\n", name, countShare(s.Outcomes[k], s.Records))
	}
	tw := newTable(w)
	fmt.Fprintln(tw, "agent\tpurpose\trecords\tfull\tpartial\tnone\tnamed")
	for _, a := range s.Agents {
		purpose := "-"
		if c, ok := crawlers.Lookup(a.Name); ok {
			purpose = string(c.Purpose)
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\t%s\t%s\n", a.Name, purpose, commas(a.Records),
			countShare(a.Levels[audit.Full], a.Records), countShare(a.Levels[audit.Partial], a.Records),
			countShare(a.Levels[audit.None], a.Records), countShare(a.Named, a.Records))
	}
	tw.Flush()
	first := true
	for _, a := range s.Agents {
		if len(a.Usage) == 0 {
			continue
		}
		if first {
			fmt.Fprintln(w, "usage preferences for /:")
			first = false
		}
		var keys []string
		for k := range a.Usage {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		var parts []string
		for _, k := range keys {
			parts = append(parts, k+" "+countShare(a.Usage[k], a.Records))
		}
		fmt.Fprintf(w, "  %s: %s\n", a.Name, strings.Join(parts, ", "))
	}
}

// countShare writes a count and its share of a total: "1,234 (12.3%)".
func countShare(n, total int) string {
	if total == 0 {
		return commas(n)
	}
	return fmt.Sprintf("%s (%.1f%%)", commas(n), 100*float64(n)/float64(total))
}
