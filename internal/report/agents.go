package report

import (
	"strings"

	"github.com/robotsexclusion/robots"
	"github.com/robotsexclusion/robots/crawlers"
	"github.com/robotsexclusion/robots/internal/probe"
)

// maxReportPaths is how many paths besides / the report derives from the
// file's disallow rules when none is given.
const maxReportPaths = 3

// Agents is who a robots.txt lets in, as agents -json prints it: a row per
// crawler of the registry, the user-agent lines whose name is not a
// product token, and the names the file gives that the registry does not
// know.
type Agents struct {
	Robots     string       `json:"robots"`
	Dialect    string       `json:"dialect"`
	Note       string       `json:"note,omitempty"` // what a fetch came to where it found no file
	Paths      []string     `json:"paths"`          // the paths decided, / first
	Agents     []AgentRow   `json:"agents"`
	Unreadable []Unreadable `json:"unreadable"`
	Unknown    []Unknown    `json:"unknown"`      // the first maxUnknown
	More       int          `json:"more_unknown"` // the names past them
}

// maxUnknown bounds the names the registry does not know that the report
// lists: a file may name tens of thousands.
const maxUnknown = 100

// An AgentRow is one registry crawler under the file.
type AgentRow struct {
	crawlers.Agent
	Named      bool          `json:"named"`       // a group names it; else the * groups apply
	GroupLines []int         `json:"group_lines"` // the first user-agent line of each group that applies
	Verdicts   []PathVerdict `json:"verdicts"`
	Usage      *string       `json:"usage"` // the usage preferences the file states for /; null when none
}

// A PathVerdict is a crawler's verdict on one path.
type PathVerdict struct {
	Path string `json:"path"`
	Verdict
}

// An Unreadable is a user-agent line naming a registry crawler whose name
// is not a product token: parsers read a shorter token from it.
type Unreadable struct {
	Line  int    `json:"line"`
	Value string `json:"value"` // as written
	Agent string `json:"agent"` // the registry name it writes
	Token string `json:"token"` // what parsers read
	Named bool   `json:"named"` // whether the crawler's own name reads as that token too, so the group applies to it
}

// An Unknown is a name the file gives that the registry does not know.
type Unknown struct {
	Line  int    `json:"line"`
	Value string `json:"value"` // as written
	Shown string `json:"shown"` // with what it is read as
}

// ReportPaths returns / and up to three paths named by the file's disallow
// rules, in file order (probe.RulePath).
func ReportPaths(r *robots.Robots) []string {
	out := []string{"/"}
	for _, g := range r.Groups() {
		for _, rule := range g.Rules {
			if len(out) > maxReportPaths {
				return out
			}
			if !rule.Allow && rule.Pattern != "" {
				out = appendNew(out, probe.RulePath(rule.Pattern))
			}
		}
	}
	return out
}

// appendNew appends s unless list holds it.
func appendNew(list []string, s string) []string {
	for _, x := range list {
		if x == s {
			return list
		}
	}
	return append(list, s)
}

// NewAgents decides / and paths (ReportPaths when none) for every crawler
// of the registry under r, the file named name.
func NewAgents(name, note string, r *robots.Robots, paths []string) Agents {
	if len(paths) == 0 {
		paths = ReportPaths(r)
	} else {
		all := []string{"/"}
		for _, p := range paths {
			all = appendNew(all, p)
		}
		paths = all
	}
	rep := Agents{Robots: name, Dialect: r.Dialect().String(), Note: note, Paths: paths,
		Agents: []AgentRow{}, Unreadable: []Unreadable{}, Unknown: []Unknown{}}
	for _, a := range crawlers.All() {
		m := r.Agent(a.Name)
		sel := m.Selection()
		row := AgentRow{Agent: a, Named: sel.Named, GroupLines: []int{}}
		for _, g := range sel.Groups {
			row.GroupLines = append(row.GroupLines, g.Agents[0].Line)
		}
		for _, p := range paths {
			row.Verdicts = append(row.Verdicts, PathVerdict{Path: p, Verdict: NewVerdict(m.Decide(p))})
		}
		if d := m.Decide("/"); d.Usage.Known() {
			s := d.Usage.String()
			if d.UsageOverBudget {
				s += " (" + usageNotMatched + ")"
			}
			row.Usage = &s
		}
		rep.Agents = append(rep.Agents, row)
	}
	for _, ua := range r.Names() {
		word := ua.Value
		if i := strings.IndexAny(word, "/ \t"); i >= 0 {
			word = word[:i] // "AI2Bot/1.0" writes AI2Bot
		}
		a, ok := crawlers.Lookup(word)
		switch {
		case ok && !a.Readable():
			rep.Unreadable = append(rep.Unreadable, Unreadable{Line: ua.Line, Value: ua.Value, Agent: a.Name, Token: ua.Name,
				Named: r.Agent(a.Name).Named()})
		case !ok:
			switch _, known := crawlers.Lookup(ua.Name); {
			case known:
			case len(rep.Unknown) == maxUnknown:
				rep.More++
			default:
				rep.Unknown = append(rep.Unknown, Unknown{Line: ua.Line, Value: ua.Value, Shown: ua.String()})
			}
		}
	}
	return rep
}
