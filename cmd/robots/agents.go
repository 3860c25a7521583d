package main

// The agents command: who a robots.txt lets in, for the crawlers of the
// registry (package registry), grouped by purpose so that "blocks AI
// training, stays in search" reads at a glance.

import (
	"bufio"
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"strings"
	"text/tabwriter"

	"github.com/robotsexclusion/robots"
	"github.com/robotsexclusion/robots/crawlers"
)

func init() {
	register(command{name: "agents", summary: "show which known crawlers a robots.txt lets in, by purpose", run: runAgents})
}

// maxReportPaths is how many paths besides / the report derives from the
// file's rules when no -path is given.
const maxReportPaths = 3

// agentReport is one registry agent's line of the report.
type agentReport struct {
	crawlers.Agent
	Named      bool          `json:"named"`       // a group names it; else the * groups apply
	GroupLines []int         `json:"group_lines"` // the first user-agent line of each group that applies
	Verdicts   []pathVerdict `json:"verdicts"`
	Usage      *string       `json:"usage"` // usage preferences robots.txt states for /; null when none
}

// pathVerdict is an agent's verdict on one path.
type pathVerdict struct {
	Path    string `json:"path"`
	Allowed bool   `json:"allowed"`
	Line    int    `json:"line"`
	Pattern string `json:"pattern"`
}

// unreadable is a user-agent line naming a registry agent whose name is
// not a product token: parsers read a shorter token from it.
type unreadable struct {
	Line  int    `json:"line"`
	Value string `json:"value"` // as written
	Agent string `json:"agent"` // the registry name it writes
	Token string `json:"token"` // what parsers read
	Named bool   `json:"named"` // whether this library names the agent by some group all the same
}

// agentsReport is the whole report on one file.
type agentsReport struct {
	Robots     string        `json:"robots"`
	Dialect    string        `json:"dialect"`
	Note       string        `json:"note,omitempty"`
	Paths      []string      `json:"paths"`
	Agents     []agentReport `json:"agents"`
	Unreadable []unreadable  `json:"unreadable"`
}

func runAgents(e *env, args []string) int {
	fs := flag.NewFlagSet("agents", flag.ContinueOnError)
	fs.SetOutput(e.stderr)
	asJSON := fs.Bool("json", false, "print the report as one JSON object")
	var paths agentList
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
			json.NewEncoder(out).Encode(crawlers.All())
			return exitOK
		}
		writeRegistry(out)
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
	rep := reportAgents(l, paths)
	if *asJSON {
		json.NewEncoder(out).Encode(rep)
		return exitOK
	}
	writeAgents(out, rep)
	return exitOK
}

// reportAgents decides the paths for every registry agent under l.
func reportAgents(l *loaded, paths []string) *agentsReport {
	r := l.r
	if len(paths) == 0 {
		paths = reportPaths(r)
	} else {
		paths = dedupe(append([]string{"/"}, paths...))
	}
	rep := &agentsReport{Robots: l.name, Dialect: r.Dialect().String(), Note: l.note, Paths: paths,
		Agents: []agentReport{}, Unreadable: []unreadable{}}
	for _, a := range crawlers.All() {
		m := r.Agent(a.Name)
		ar := agentReport{Agent: a, Named: m.Named(), GroupLines: []int{}}
		for _, g := range selectGroups(r, a.Name).Groups {
			ar.GroupLines = append(ar.GroupLines, g.Agents[0].Line)
		}
		for _, p := range paths {
			d := m.Decide(p)
			ar.Verdicts = append(ar.Verdicts, pathVerdict{Path: p, Allowed: d.Allowed, Line: d.Line, Pattern: d.Pattern})
		}
		if u, ok := usagePreferences(r, a.Name, "/"); ok {
			ar.Usage = &u
		}
		rep.Agents = append(rep.Agents, ar)
		if a.Readable() {
			continue
		}
		for _, g := range groupsOf(r) {
			for _, ua := range g.Agents {
				if len(ua.Value) >= len(a.Name) && equalFoldASCII(ua.Value[:len(a.Name)], a.Name) {
					rep.Unreadable = append(rep.Unreadable, unreadable{Line: ua.Line, Value: ua.Value, Agent: a.Name, Token: ua.Name, Named: ar.Named})
				}
			}
		}
	}
	return rep
}

// reportPaths returns / and up to maxReportPaths paths named by the file's
// disallow rules, in file order: each pattern's path with * read as nothing.
func reportPaths(r *robots.Robots) []string {
	out := []string{"/"}
	for _, g := range groupsOf(r) {
		for _, rule := range g.Rules {
			if len(out) > maxReportPaths {
				return out
			}
			if rule.Allow || rule.Value == "" {
				continue
			}
			p := strings.ReplaceAll(strings.TrimSuffix(rule.Value, "$"), "*", "")
			if !strings.HasPrefix(p, "/") {
				p = "/" + p
			}
			out = dedupe(append(out, p))
		}
	}
	return out
}

// writeRegistry prints the registry, grouped by purpose.
func writeRegistry(w io.Writer) {
	tw := newTable(w)
	for _, p := range crawlers.Purposes() {
		first := true
		for _, a := range crawlers.All() {
			if a.Purpose != p {
				continue
			}
			if first {
				fmt.Fprintf(tw, "%s\n", p)
				first = false
			}
			name := a.Name
			if !a.Readable() {
				name += " (read as " + a.Token + ")"
			}
			fmt.Fprintf(tw, "  %s\t%s\thonours robots.txt: %s\t%s\n", name, a.Operator, a.Honours, a.Source)
		}
	}
	tw.Flush()
	fmt.Fprintf(w, "%s (%s)\n", countNoun(crawlers.Count, "agent"), crawlers.Source)
}

// writeAgents prints the report: one line per registry agent, grouped by
// purpose, a column per path ("allow" or "BLOCK"), then the names no parser
// can read.
func writeAgents(w io.Writer, rep *agentsReport) {
	fmt.Fprintf(w, "%s (%s)\n", rep.Robots, rep.Dialect)
	if rep.Note != "" {
		fmt.Fprintf(w, "note: %s\n", rep.Note)
	}
	tw := newTable(w)
	head := []string{"", "honours", "group"}
	head = append(head, rep.Paths...)
	head = append(head, "usage")
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
			cells = append(cells, usage)
			fmt.Fprintln(tw, strings.Join(cells, "\t"))
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
	fmt.Fprintln(w, "usage: the usage preferences the file states for / (Content-Usage, Content-Signal); - when none")
}

// table is a tabwriter that drops the spaces it leaves at the ends of lines.
type table struct {
	*tabwriter.Writer
	buf *bytes.Buffer
	w   io.Writer
}

func newTable(w io.Writer) *table {
	buf := new(bytes.Buffer)
	return &table{Writer: tabwriter.NewWriter(buf, 0, 0, 2, ' ', 0), buf: buf, w: w}
}

// Flush writes the table, each line without trailing spaces.
func (t *table) Flush() {
	t.Writer.Flush()
	for _, line := range strings.SplitAfter(t.buf.String(), "\n") {
		if line != "" {
			io.WriteString(t.w, strings.TrimRight(line, " \n")+"\n")
		}
	}
	t.buf.Reset()
}
