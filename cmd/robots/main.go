// Command robots checks URLs against robots.txt files, lints them, fetches
// them as a crawler would, and reads pages' robots META directives.
//
// Usage:
//
//	robots check -robots FILE|- -agent NAME [-dialect D] [-json] [-summary] [URL...]
//	robots check -agent NAME [-dialect D] [-json] [-summary] URL...  (fetches robots.txt live)
//	robots explain -robots FILE -agent NAME [-dialect D|all] [-json] URL...
//	robots test -robots FILE [-dialect D] [-json] EXPECTATIONS...
//	robots lint [-dialect D] [-json] [-strict] [-ignore CODE,...] FILE...
//	robots diff [-agent NAME]... [-urls FILE|-] [-json] OLD NEW
//	robots agents [-json] [-path P]... [FILE|URL]
//	robots audit [-agents NAME,...] [-workers N] [-o DIR] [-shard I/N] [-list FILE|-] [-summary [-json]] INPUT...
//	robots fetch HOST|HOST:PORT|URL...
//	robots meta -agent NAME [-user-agent UA] FILE|URL
//	robots serve [-addr 127.0.0.1:8080] [-ports 80,443]
//	robots version
//
// The command drives the library: each tool is a package (lint, diff,
// crawlers, audit, Matcher.Explain), and what -json prints comes from one
// place that other front ends share.
//
// Flags may come before or after the arguments; "--" ends them, and "-"
// names standard input. "robots help COMMAND" or "robots COMMAND -h" prints
// the flags of a command on standard output.
//
// Exit status: 0 when all is well (every URL allowed, no lint error), 1 when
// a URL is disallowed or a file has lint errors (with lint -strict, warnings
// too), 2 on usage or I/O errors (lint: a file could not be read; the others
// were linted), and 3 when check met input lines that are not URLs (the
// others were decided); audit exits 64 plus the number of inputs it could
// not read whole.
package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"runtime/debug"
	"strings"
)

// A command is one subcommand of the tool. Each lives in a file of its own;
// commands lists them all.
type command struct {
	name    string
	summary string // one line for the command list
	run     func(env *env, args []string) int
}

// commands are the subcommands, in the order the command list gives them.
var commands = []command{
	{"check", "decide URLs against a robots.txt file", runCheck},
	{"explain", "say which rules match a URL, which one wins and why", runExplain},
	{"test", "check a robots.txt file against expected verdicts", runTest},
	{"lint", "report lines of robots.txt files that are not plain and valid", runLint},
	{"diff", "show which verdicts a change to robots.txt flips", runDiff},
	{"agents", "show which known crawlers a robots.txt lets in, by purpose", runAgents},
	{"audit", "audit robots.txt captures in WARC files, per crawler: JSON lines or a summary", runAudit},
	{"fetch", "fetch robots.txt files and summarize them", runFetch},
	{"meta", "show a page's robots META and X-Robots-Tag directives and usage preferences for a crawler", runMeta},
	{"serve", "serve the robots.txt tester page on loopback", runServe},
	{"version", "print the version of the tool", runVersion},
}

// lookup returns the command of the given name.
func lookup(name string) (command, bool) {
	for _, c := range commands {
		if c.name == name {
			return c, true
		}
	}
	return command{}, false
}

// env is what a command may touch, so that tests can run commands in-process.
type env struct {
	stdin          io.Reader
	stdout, stderr io.Writer

	// stderrTTY says that stderr is a terminal, where check shows its
	// progress and summary; stdoutTTY that stdout is one.
	stderrTTY, stdoutTTY bool
}

// Exit statuses shared by every command.
const (
	exitOK       = 0 // all allowed, nothing to report
	exitFinding  = 1 // a URL is disallowed, or a file has lint errors
	exitUsage    = 2 // bad usage or an I/O error
	exitBadInput = 3 // check: some input lines were not URLs; the others were decided
)

func main() {
	e := &env{stdin: os.Stdin, stdout: os.Stdout, stderr: os.Stderr,
		stderrTTY: stdTerminal(os.Stderr), stdoutTTY: stdTerminal(os.Stdout)}
	os.Exit(run(e, os.Args[1:]))
}

// stdTerminal reports whether f is a character device, as a terminal is.
// It needs no dependency and is right for the purpose: /dev/null is a
// character device too, where progress costs nothing.
func stdTerminal(f *os.File) bool {
	fi, err := f.Stat()
	return err == nil && fi.Mode()&os.ModeCharDevice != 0
}

func run(e *env, args []string) int {
	if len(args) == 0 {
		usage(e.stderr)
		return exitUsage
	}
	name := args[0]
	if isHelp(name) || name == "help" {
		if len(args) > 1 && name == "help" {
			if c, ok := lookup(args[1]); ok {
				return c.run(helpEnv(e), []string{"-h"})
			}
			fmt.Fprintf(e.stderr, "robots: unknown command %q\n", args[1])
			usage(e.stderr)
			return exitUsage
		}
		usage(e.stdout)
		return exitOK
	}
	c, ok := lookup(name)
	if !ok {
		fmt.Fprintf(e.stderr, "robots: unknown command %q\n", name)
		usage(e.stderr)
		return exitUsage
	}
	if asksHelp(args[1:]) {
		e = helpEnv(e)
	}
	return c.run(e, args[1:])
}

// helpEnv returns e with stderr sent to stdout, for a command asked for its
// help: the usage the flag package prints then reaches a pager.
func helpEnv(e *env) *env {
	h := *e
	h.stderr = e.stdout
	h.stderrTTY = e.stdoutTTY
	return &h
}

// isHelp reports whether arg asks for help.
func isHelp(arg string) bool {
	switch arg {
	case "-h", "-help", "--help", "--h":
		return true
	}
	return false
}

// asksHelp reports whether a help flag comes before any "--" in args.
func asksHelp(args []string) bool {
	for _, a := range args {
		if a == "--" {
			return false
		}
		if isHelp(a) {
			return true
		}
	}
	return false
}

// parseFlags parses a command's flags. When ok is false the command stops
// with code: exitOK after -h (the usage was printed), exitUsage after a bad
// flag (the flag package said which).
//
// Flags may come before, between and after the arguments, as people type
// them ("check URL -json"); "--" ends the flags, and "-" is an argument
// (standard input). Afterwards fs.Args() holds the arguments in order.
//
// This is the standard flag package driven in a loop rather than
// github.com/spf13/pflag: pflag reads "-json" as the shorthands -j -s -o -n
// unless every flag set is configured otherwise, and the tool's single-dash
// long flags (-robots, -agent, -json) are its interface. The loop is all that
// interspersed flags need, with no dependency.
func parseFlags(fs *flag.FlagSet, args []string) (code int, ok bool) {
	var positional []string
	for {
		if err := fs.Parse(args); err != nil {
			if errors.Is(err, flag.ErrHelp) {
				return exitOK, false
			}
			return exitUsage, false
		}
		rest := fs.Args()
		if used := len(args) - len(rest); used > 0 && args[used-1] == "--" && !flagValue(fs, args[:used-1]) {
			positional = append(positional, rest...)
			break
		}
		if len(rest) == 0 {
			break
		}
		positional = append(positional, rest[0])
		args = rest[1:]
	}
	// Parsing "--" then the arguments leaves them as fs.Args().
	if err := fs.Parse(append([]string{"--"}, positional...)); err != nil {
		return exitUsage, false
	}
	return exitOK, true
}

// flagValue reports whether the last of args is a flag still waiting for
// its value, so that a "--" after it is that value, not the end of flags.
func flagValue(fs *flag.FlagSet, args []string) bool {
	if len(args) == 0 {
		return false
	}
	name := strings.TrimLeft(args[len(args)-1], "-")
	if name == args[len(args)-1] || strings.Contains(name, "=") {
		return false
	}
	f := fs.Lookup(name)
	if f == nil {
		return false
	}
	if b, ok := f.Value.(interface{ IsBoolFlag() bool }); ok && b.IsBoolFlag() {
		return false
	}
	return true
}

func usage(w io.Writer) {
	fmt.Fprintln(w, "usage: robots COMMAND [flags] [args]")
	fmt.Fprintln(w, "\ncommands:")
	for _, c := range commands {
		fmt.Fprintf(w, "  %-8s %s\n", c.name, c.summary)
	}
	fmt.Fprintln(w, "\nflags go before or after the arguments; \"--\" ends them")
	fmt.Fprintln(w, "run \"robots help COMMAND\" for a command's flags")
}

func runVersion(e *env, args []string) int {
	fs := flag.NewFlagSet("version", flag.ContinueOnError)
	fs.SetOutput(e.stderr)
	fs.Usage = func() { fmt.Fprintln(e.stderr, "usage: robots version") }
	if code, ok := parseFlags(fs, args); !ok {
		return code
	}
	if fs.NArg() != 0 {
		fs.Usage()
		return exitUsage
	}
	fmt.Fprintf(e.stdout, "robots %s\n", version())
	return exitOK
}

// version returns the module version the binary was built from: a tag such
// as v1.2.0 from "go install ...@v1.2.0", a pseudo-version from a clone, or
// "(devel)" when the build recorded none.
func version() string {
	bi, ok := debug.ReadBuildInfo()
	if !ok || bi.Main.Version == "" {
		return "(devel)"
	}
	return bi.Main.Version
}

// userAgent is the User-Agent of the tool's own requests: robots/VERSION.
// It never poses as the crawler being checked.
func userAgent() string {
	return "robots/" + version()
}
