// Command robots checks URLs against robots.txt files, lints them, fetches
// them as a crawler would, and reads pages' robots META directives.
//
// Usage:
//
//	robots check -robots FILE|- -agent NAME [-dialect D] [-json] [URL...]
//	robots check -agent NAME [-dialect D] [-json] URL...  (fetches robots.txt live)
//	robots lint [-dialect D] FILE...
//	robots fetch URL...
//	robots meta -agent NAME FILE|URL
//
// Run "robots help COMMAND" for the flags of a command. Exit status: 0 when
// all is well (every URL allowed, no diagnostic), 1 when a URL is disallowed
// or a file has diagnostics, 2 on usage or I/O errors.
package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"sort"
)

// A command is one subcommand of the tool. Each lives in a file of its own
// and registers itself from an init function.
type command struct {
	name    string
	summary string // one line for the command list
	run     func(env *env, args []string) int
}

// env is what a command may touch, so that tests can run commands in-process.
type env struct {
	stdin          io.Reader
	stdout, stderr io.Writer
}

var commands = map[string]command{}

func register(c command) { commands[c.name] = c }

// Exit statuses shared by every command.
const (
	exitOK      = 0 // all allowed, nothing to report
	exitFinding = 1 // a URL is disallowed, or a file has diagnostics
	exitUsage   = 2 // bad usage or an I/O error
)

func main() {
	os.Exit(run(&env{stdin: os.Stdin, stdout: os.Stdout, stderr: os.Stderr}, os.Args[1:]))
}

func run(e *env, args []string) int {
	if len(args) == 0 {
		usage(e.stderr)
		return exitUsage
	}
	name := args[0]
	if name == "help" || name == "-h" || name == "-help" || name == "--help" {
		if len(args) > 1 {
			if c, ok := commands[args[1]]; ok {
				return c.run(e, []string{"-h"})
			}
		}
		usage(e.stdout)
		return exitOK
	}
	c, ok := commands[name]
	if !ok {
		fmt.Fprintf(e.stderr, "robots: unknown command %q\n", name)
		usage(e.stderr)
		return exitUsage
	}
	return c.run(e, args[1:])
}

// parseFlags parses a command's flags. When ok is false the command stops
// with code: exitOK after -h (the usage was printed), exitUsage after a bad
// flag (the flag package said which).
func parseFlags(fs *flag.FlagSet, args []string) (code int, ok bool) {
	switch err := fs.Parse(args); {
	case err == nil:
		return exitOK, true
	case errors.Is(err, flag.ErrHelp):
		return exitOK, false
	}
	return exitUsage, false
}

func usage(w io.Writer) {
	fmt.Fprintln(w, "usage: robots COMMAND [flags] [args]")
	fmt.Fprintln(w, "\ncommands:")
	names := make([]string, 0, len(commands))
	for n := range commands {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		fmt.Fprintf(w, "  %-8s %s\n", n, commands[n].summary)
	}
	fmt.Fprintln(w, "\nrun \"robots help COMMAND\" for a command's flags")
}
