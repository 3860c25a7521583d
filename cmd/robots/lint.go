package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"sort"
	"strings"

	"github.com/robotsexclusion/robots"
)

func init() {
	register(command{name: "lint", summary: "report lines of robots.txt files that are not plain and valid", run: runLint})
}

// A finding is one diagnostic of lint, as printed and as a -json object.
type finding struct {
	File     string   `json:"file"`
	Line     int      `json:"line"`             // 0: the file as a whole
	Column   int      `json:"column,omitempty"` // 1-based octet column, where it makes sense
	Code     string   `json:"code"`
	Severity severity `json:"severity"`
	Message  string   `json:"message"`
}

// String formats f as lint prints it:
//
//	robots.txt:1:20: error: collapsed-rule: ...
func (f finding) String() string {
	pos := f.File
	if f.Line > 0 {
		pos += fmt.Sprintf(":%d", f.Line)
		if f.Column > 0 {
			pos += fmt.Sprintf(":%d", f.Column)
		}
	}
	return fmt.Sprintf("%s: %s: %s: %s", pos, f.Severity, f.Code, f.Message)
}

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
		for _, c := range lintCodeList() {
			fmt.Fprintf(e.stderr, "  %-20s %s\n", c, severities[c])
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
	skip := map[string]bool{}
	for _, c := range strings.Split(*ignore, ",") {
		if c = strings.TrimSpace(c); c == "" {
			continue
		}
		if _, ok := severities[c]; !ok {
			fmt.Fprintf(e.stderr, "robots lint: -ignore: unknown code %q (see robots help lint)\n", c)
			return exitUsage
		}
		skip[c] = true
	}
	var enc *json.Encoder
	if *asJSON {
		enc = json.NewEncoder(e.stdout)
	}
	status := exitOK
	for _, name := range fs.Args() {
		var found []finding
		body, err := readInput(e, name)
		if err != nil {
			found = []finding{{File: name, Code: codeReadError, Severity: severityOf(codeReadError), Message: err.Error()}}
			status = exitUsage
		} else {
			found = lintFile(name, body, dialect.d)
		}
		for _, f := range found {
			if skip[f.Code] {
				continue
			}
			if enc != nil {
				enc.Encode(f)
			} else {
				fmt.Fprintln(e.stdout, f)
			}
			if status == exitOK && (f.Severity == sevError || *strict && f.Severity == sevWarning) {
				status = exitFinding
			}
		}
	}
	return status
}

// lintFile returns the findings of one robots.txt body, in line order: the
// parser's diagnostics, given their severities and reworded where lint
// knows more, and the checks of lint itself.
func lintFile(name string, body []byte, d robots.Dialect) []finding {
	r := robots.Parse(body, robots.WithDialect(d))
	l := newLinter(name, body, r)
	l.run()
	sort.SliceStable(l.found, func(i, j int) bool { return l.found[i].Line < l.found[j].Line })
	return l.found
}
