package audit

import (
	"maps"
	"slices"
	"strconv"

	"github.com/robotsexclusion/robots/internal/jsonw"
)

// SchemaVersion is the version of the record's schema, which every record
// carries (Record.Schema). It changes whenever a field is added, removed
// or changes meaning, so that a study can say which definitions it used.
const SchemaVersion = 1

// A Record is what the audit says of one capture: one JSON line of robots
// audit. The package documentation lists its fields with their meaning;
// fields with the omitempty option are left out when empty.
type Record struct {
	Schema        int       `json:"v"`
	File          string    `json:"file"`
	Offset        int64     `json:"offset"`
	Length        int64     `json:"length,omitempty"`
	URI           string    `json:"uri,omitempty"`
	Host          string    `json:"host,omitempty"`
	Date          string    `json:"date,omitempty"`
	Status        int       `json:"status,omitempty"`
	Location      string    `json:"location,omitempty"`
	Outcome       string    `json:"outcome,omitempty"`
	Redirect      *Redirect `json:"redirect,omitempty"`
	Size          int       `json:"size"`
	Digest        string    `json:"digest,omitempty"`
	Truncated     bool      `json:"truncated"`
	WARCTruncated string    `json:"warc_truncated,omitempty"`
	Lint          []string  `json:"lint,omitempty"`
	Agents        []Agent   `json:"agents,omitempty"`
	Error         string    `json:"error,omitempty"`
}

// A Redirect says where a redirect led within the input: the capture whose
// answer applies.
type Redirect struct {
	To     string `json:"to"`     // the URI of that capture
	Offset int64  `json:"offset"` // its offset in the same input
	Hops   int    `json:"hops"`   // redirects followed to reach it, from 1 to fetch.MaxRedirects
}

// An Agent is what the file that applies says to one crawler.
type Agent struct {
	Name        string            `json:"agent"`
	Group       string            `json:"group"`
	Lines       []int             `json:"lines,omitempty"`
	Root        string            `json:"root"`
	RootLine    int               `json:"root_line,omitempty"`
	Level       Level             `json:"level"`
	Witness     string            `json:"witness,omitempty"`
	WitnessLine int               `json:"witness_line,omitempty"`
	Usage       map[string]string `json:"usage,omitempty"`
	// UsageOverBudget says that the Content-Usage rules could not be
	// matched on "/" within the decision budget, so the categories they
	// state read "disallowed" in Usage, failing closed
	// (robots.Decision.UsageOverBudget).
	UsageOverBudget bool `json:"usage_over_budget,omitempty"`
}

// The values of Agent.Group.
const (
	GroupNamed = "named" // a group names the crawler
	GroupStar  = "*"     // no group names it; the * groups apply
	GroupNone  = "none"  // no group applies: no file, or neither a group naming it nor a * group
)

// The values of Agent.Root.
const (
	Allowed    = "allowed"
	Disallowed = "disallowed"
)

// OutcomeRedirect is the Outcome of a redirect whose target the input does
// not hold (within RedirectWindow captures of it): the fetch policy would
// follow it, and the input cannot say where it leads. The other outcomes
// are those of the fetch policy (fetch.Outcome's names).
const OutcomeRedirect = "redirect"

// A Level is how much of a site a crawler may fetch: Full (a full
// restriction: nothing), Partial, or None (no restriction), as the package
// documentation defines them.
type Level string

// The levels.
const (
	Full    Level = "full"
	Partial Level = "partial"
	None    Level = "none"
)

// Levels returns the levels, from the most restricted.
func Levels() []Level { return []Level{Full, Partial, None} }

// AppendJSON appends the record as one line of JSON, without the line
// end: the octets encoding/json writes for it with HTML escaping off,
// except that every octet is kept: one that is not part of valid UTF-8
// is percent-encoded ("\xff" as "%FF"), where encoding/json would write
// U+FFFD.
func (r *Record) AppendJSON(b []byte) []byte {
	b = append(b, `{"v":`...)
	b = strconv.AppendInt(b, int64(r.Schema), 10)
	b = appendField(b, "file", r.File, true)
	b = append(b, `,"offset":`...)
	b = strconv.AppendInt(b, r.Offset, 10)
	if r.Length != 0 {
		b = append(b, `,"length":`...)
		b = strconv.AppendInt(b, r.Length, 10)
	}
	b = appendField(b, "uri", r.URI, false)
	b = appendField(b, "host", r.Host, false)
	b = appendField(b, "date", r.Date, false)
	if r.Status != 0 {
		b = append(b, `,"status":`...)
		b = strconv.AppendInt(b, int64(r.Status), 10)
	}
	b = appendField(b, "location", r.Location, false)
	b = appendField(b, "outcome", r.Outcome, false)
	if r.Redirect != nil {
		b = append(b, `,"redirect":{"to":`...)
		b = jsonw.AppendString(b, r.Redirect.To)
		b = append(b, `,"offset":`...)
		b = strconv.AppendInt(b, r.Redirect.Offset, 10)
		b = append(b, `,"hops":`...)
		b = strconv.AppendInt(b, int64(r.Redirect.Hops), 10)
		b = append(b, '}')
	}
	b = append(b, `,"size":`...)
	b = strconv.AppendInt(b, int64(r.Size), 10)
	b = appendField(b, "digest", r.Digest, false)
	b = append(b, `,"truncated":`...)
	b = strconv.AppendBool(b, r.Truncated)
	b = appendField(b, "warc_truncated", r.WARCTruncated, false)
	if len(r.Lint) > 0 {
		b = append(b, `,"lint":[`...)
		for i, c := range r.Lint {
			if i > 0 {
				b = append(b, ',')
			}
			b = jsonw.AppendString(b, c)
		}
		b = append(b, ']')
	}
	if len(r.Agents) > 0 {
		b = append(b, `,"agents":[`...)
		// Most crawlers of a record share one analysis (the * groups'),
		// so an agent the same as the one before but for its name copies
		// that one's encoded fields rather than encoding them again.
		from, to := 0, 0 // the previous agent's fields after its name, in b
		for i := range r.Agents {
			ag := &r.Agents[i]
			if i > 0 {
				b = append(b, ',')
			}
			b = append(b, `{"agent":`...)
			b = jsonw.AppendString(b, ag.Name)
			at := len(b)
			if i > 0 && ag.sameFields(&r.Agents[i-1]) {
				b = append(b, b[from:to]...)
			} else {
				b = ag.appendFields(b)
			}
			from, to = at, len(b)
		}
		b = append(b, ']')
	}
	b = appendField(b, "error", r.Error, false)
	return append(b, '}')
}

// sameFields reports whether a and o are the same but for their names.
func (a *Agent) sameFields(o *Agent) bool {
	return a.Group == o.Group && a.Root == o.Root && a.RootLine == o.RootLine && a.Level == o.Level &&
		a.Witness == o.Witness && a.WitnessLine == o.WitnessLine &&
		slices.Equal(a.Lines, o.Lines) && maps.Equal(a.Usage, o.Usage)
}

// appendFields appends the fields of the agent's JSON object after its
// name, and the object's end.
func (a *Agent) appendFields(b []byte) []byte {
	b = appendField(b, "group", a.Group, true)
	if len(a.Lines) > 0 {
		b = append(b, `,"lines":[`...)
		for i, l := range a.Lines {
			if i > 0 {
				b = append(b, ',')
			}
			b = strconv.AppendInt(b, int64(l), 10)
		}
		b = append(b, ']')
	}
	b = appendField(b, "root", a.Root, true)
	if a.RootLine != 0 {
		b = append(b, `,"root_line":`...)
		b = strconv.AppendInt(b, int64(a.RootLine), 10)
	}
	b = appendField(b, "level", string(a.Level), true)
	b = appendField(b, "witness", a.Witness, false)
	if a.WitnessLine != 0 {
		b = append(b, `,"witness_line":`...)
		b = strconv.AppendInt(b, int64(a.WitnessLine), 10)
	}
	if len(a.Usage) > 0 {
		b = append(b, `,"usage":{`...)
		keys := make([]string, 0, len(a.Usage))
		for k := range a.Usage {
			keys = append(keys, k)
		}
		slices.Sort(keys)
		for i, k := range keys {
			if i > 0 {
				b = append(b, ',')
			}
			b = jsonw.AppendString(b, k)
			b = append(b, ':')
			b = jsonw.AppendString(b, a.Usage[k])
		}
		b = append(b, '}')
	}
	if a.UsageOverBudget {
		b = append(b, `,"usage_over_budget":true`...)
	}
	return append(b, '}')
}

// appendField appends `,"name":"value"`, or nothing when value is empty
// and not always.
func appendField(b []byte, name, value string, always bool) []byte {
	if value == "" && !always {
		return b
	}
	b = append(b, ',', '"')
	b = append(b, name...)
	b = append(b, '"', ':')
	return jsonw.AppendString(b, value)
}
