package report

import (
	"fmt"

	"github.com/robotsexclusion/robots"
	"github.com/robotsexclusion/robots/diff"
)

// A Diff is what diff -json prints of a change.
type Diff struct {
	Old       string      `json:"old"`   // the name of the file before
	New       string      `json:"new"`   // and after
	Notes     []string    `json:"notes"` // what a fetch came to where it found no file
	URLs      int         `json:"urls"`
	Probes    int         `json:"probes"`
	Agents    []DiffAgent `json:"agents"`
	Accidents []Finding   `json:"accidents"` // diagnostics of the new file
}

// A DiffAgent is what a change does to one crawler.
type DiffAgent struct {
	Agent string `json:"agent"` // the name compared, as given
	Shown string `json:"shown"` // as tools show it: "Spinn3r (read as Spinn)"
	Flips []Flip `json:"flips"`
}

// A Flip is a URL whose verdict the change flips.
type Flip struct {
	URL   string  `json:"url"`
	Probe bool    `json:"probe"`
	Old   Verdict `json:"old"`
	New   Verdict `json:"new"`
}

// NewDiff returns res, a change from the file named oldName to the one
// named newName, as diff -json prints it.
func NewDiff(oldName, newName string, notes []string, res *diff.Result) Diff {
	out := Diff{Old: oldName, New: newName, Notes: append([]string{}, notes...), URLs: res.URLs, Probes: res.Probes,
		Agents: []DiffAgent{}, Accidents: []Finding{}}
	if res.Left > 0 {
		out.Notes = append(out.Notes, fmt.Sprintf("%d more crawlers the files name are not compared; give them with -agent", res.Left))
	}
	for _, a := range res.Agents {
		da := DiffAgent{Agent: a.Name, Shown: a.Read.String(), Flips: []Flip{}}
		for _, f := range a.Flips {
			da.Flips = append(da.Flips, Flip{URL: f.URL, Probe: f.Probe, Old: NewVerdict(f.Old), New: NewVerdict(f.New)})
		}
		out.Agents = append(out.Agents, da)
	}
	for _, d := range res.Accidents {
		out.Accidents = append(out.Accidents, NewFinding(newName, d))
	}
	return out
}

// Compare compares old and new as diff does, for the given agents (every
// one either file names, and *, when none) on the given URLs and the
// probes of both files' rules.
func Compare(old, new *robots.Robots, agents, urls []string) *diff.Result {
	return diff.Compare(old, new, diff.Options{Agents: agents, URLs: urls})
}
