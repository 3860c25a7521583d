package main

// The agents command: who a robots.txt lets in, for the crawlers of the
// registry (package crawlers), grouped by purpose so that "blocks AI
// training, stays in search" reads at a glance, then the names the file
// gives that the registry does not know.

import (
	"bufio"
	"flag"
	"fmt"
	"io"
	"strings"

	"github.com/robotsexclusion/robots/crawlers"
	"github.com/robotsexclusion/robots/internal/report"
	"github.com/robotsexclusion/robots/internal/words"
)

func runAgents(e *env, args []string) int {
	fs := flag.NewFlagSet("agents", flag.ContinueOnError)
	fs.SetOutput(e.stderr)
	asJSON := fs.Bool("json", false, "print the report as one JSON object")
	var paths stringList
	fs.Var(&paths, "path", "a `path` to decide besides / (repeatable); default: up to 3 from the file's rules")
	dialect := addDialectFlag(fs)
	live := addLiveFlags(fs)
	fs.Usage = func() {
		fmt.Fprintln(e.stderr, "usage: robots agents [-dialect D] [-json] [-path P]... [FILE|URL|-]")
		fmt.Fprintln(e.stderr, "For each crawler of the registry: its purpose, its verdict on / and a few paths,")
		fmt.Fprintln(e.stderr, "and whether a group names it or it falls to *. Without a file, lists the registry.")
		fs.PrintDefaults()
	}
	if code, ok := parseFlags(fs, args); !ok {
		return code
	}
	out := bufio.NewWriter(e.stdout)
	defer out.Flush()
	switch fs.NArg() {
	case 0:
		if *asJSON {
			writeJSON(out, crawlers.All())
		} else {
			writeRegistry(out)
		}
		return exitOK
	case 1:
	default:
		fs.Usage()
		return exitUsage
	}
	live.parse = append(live.parse, dialect.option())
	l, err := loadRobots(e, fs.Arg(0), live.cache(), dialect.option())
	if err != nil {
		fmt.Fprintf(e.stderr, "robots agents: %v\n", err)
		return exitUsage
	}
	rep := report.NewAgents(l.name, l.note, l.r, paths)
	if *asJSON {
		writeJSON(out, rep)
	} else {
		writeAgents(out, &rep)
	}
	return exitOK
}

// shownName is a registry name, with the token parsers read from it when
// it is not one.
func shownName(a crawlers.Agent) string {
	if a.Readable() {
		return a.Name
	}
	return a.Name + " (read as " + a.Token + ")"
}

// writeRegistry prints the registry, grouped by purpose.
func writeRegistry(w io.Writer) {
	tw := newTable(w)
	all := crawlers.All()
	for _, p := range crawlers.Purposes() {
		first := true
		for _, a := range all {
			if a.Purpose != p {
				continue
			}
			if first {
				fmt.Fprintf(tw, "%s\n", p)
				first = false
			}
			fmt.Fprintf(tw, "  %s\t%s\thonours robots.txt: %s\t%s\n", shownName(a), a.Operator, a.Honours, a.Source)
		}
	}
	tw.Flush()
	fmt.Fprintf(w, "%s (%s)\n", words.Count(len(crawlers.All()), "agent"), crawlers.Source)
}

// writeAgents prints the report: one line per registry agent, grouped by
// purpose, a column per path ("allow" or "BLOCK"), then the names no parser
// can read, then the names the registry does not know.
func writeAgents(w io.Writer, rep *report.Agents) {
	fmt.Fprintf(w, "%s (%s)\n", rep.Robots, rep.Dialect)
	if rep.Note != "" {
		fmt.Fprintf(w, "note: %s\n", rep.Note)
	}
	tw := newTable(w)
	head := append(append([]string{"", "honours", "group"}, rep.Paths...), "usage")
	for _, p := range crawlers.Purposes() {
		first := true
		for _, a := range rep.Agents {
			if a.Purpose != p {
				continue
			}
			if first {
				head[0] = string(p)
				fmt.Fprintln(tw, strings.Join(head, "\t"))
				first = false
			}
			group := "*"
			if a.Named {
				group = "named"
			}
			if len(a.GroupLines) > 0 {
				group += fmt.Sprintf(" (line %d)", a.GroupLines[0])
			} else {
				group += " (no group)"
			}
			cells := []string{"  " + a.Name, string(a.Honours), group}
			for _, v := range a.Verdicts {
				cell := "allow"
				if !v.Allowed {
					cell = "BLOCK"
				}
				cells = append(cells, cell)
			}
			usage := "-"
			if a.Usage != nil {
				usage = *a.Usage
			}
			fmt.Fprintln(tw, strings.Join(append(cells, usage), "\t"))
		}
	}
	tw.Flush()
	if len(rep.Unreadable) > 0 {
		fmt.Fprintln(w, "names that are not product tokens (RFC 9309 reads only their leading letters, - and _):")
		for _, u := range rep.Unreadable {
			fate := "here the * groups apply to it"
			if u.Named {
				fate = fmt.Sprintf("here %s's own value reads as %s too, so the group applies to it", u.Agent, u.Token)
			}
			fmt.Fprintf(w, "  line %d: User-agent: %s is read as %q, not as %s, which is not a product token (%s)\n",
				u.Line, u.Value, u.Token, u.Agent, fate)
		}
	}
	if len(rep.Unknown) > 0 {
		fmt.Fprintln(w, "named in the file, not in the registry:")
		for _, u := range rep.Unknown {
			fmt.Fprintf(w, "  line %d: User-agent: %s\n", u.Line, u.Shown)
		}
		if rep.More > 0 {
			fmt.Fprintf(w, "  and %d more\n", rep.More)
		}
	}
	fmt.Fprintln(w, "usage: the usage preferences the file states for / (Content-Usage, Content-Signal); - when none")
}
