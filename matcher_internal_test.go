package robots

import (
	"fmt"
	"math"
	"reflect"
	"strings"
	"testing"
	"unsafe"

	"github.com/robotsexclusion/robots/automaton"
	"github.com/robotsexclusion/robots/internal/config"
	"github.com/robotsexclusion/robots/internal/engines"
)

// TestRulelessShared checks that matchers whose selection holds no rule of
// the file share one machine per dialect, and still decide as the dialect
// does.
func TestRulelessShared(t *testing.T) {
	for _, d := range []Dialect{RFC9309, Google, Draft1996, Original1994} {
		a := Parse([]byte("User-agent: *\nDisallow:\n"), WithDialect(d)).Agent("x")
		b := Parse([]byte("User-agent: other\nDisallow: /\n"), WithDialect(d)).Agent("x")
		c := Parse([]byte("User-agent: *\nDisallow: /\n"), WithDialect(d)).Agent("x")
		forced := Parse(nil, WithDialect(d), config.WithLimits(engines.Tier(automaton.TierNFA, automaton.Limits{}))).Agent("x")
		if d == Google {
			// An empty rule is a rule in the Google dialect: it is the line reported.
			if a.host.machine() == b.host.machine() {
				t.Errorf("%v: an empty rule's matcher shares the ruleless machine", d)
			}
			if got := a.Decide("/p"); !got.Allowed || got.Line != 2 {
				t.Errorf("%v: empty rule: Decide = %+v, want allowed by line 2", d, got)
			}
		} else if a.host.machine() != b.host.machine() {
			t.Errorf("%v: two ruleless matchers do not share their machine", d)
		}
		if c.host.machine() == b.host.machine() || forced.host.machine() == b.host.machine() {
			t.Errorf("%v: a matcher with rules, or with its own limits, shares the ruleless machine", d)
		}
		for _, m := range []*Matcher{b, forced} {
			if got := m.Decide("/p"); !got.Allowed || got.Line != 0 {
				t.Errorf("%v: ruleless Decide(/p) = %+v, want allowed by no rule", d, got)
			}
		}
		if got := c.Decide("/robots.txt"); got.Allowed != (d == RFC9309) {
			t.Errorf("%v: Decide(/robots.txt) = %+v", d, got)
		}
	}
}

// TestMatcherHoldsNoBodyString checks that the strings a Matcher keeps,
// for its decisions, Selection and Rules, are copies and not substrings
// of the parsed file's, which would keep the whole body alive.
func TestMatcherHoldsNoBodyString(t *testing.T) {
	r := Parse([]byte("User-agent: FooBot\nUser-agent: *\nDisallow: /a\nAllow: /a/b$\nDisallow: /*.pdf\nDisallow:\nContent-Usage: /u train-ai=n\nContent-Signal: search=yes\n\nUser-agent: other\nDisallow: /\n"))
	m := r.Agent("FooBot")
	from := map[*byte]bool{}
	for _, g := range r.file.Groups {
		for _, a := range g.Agents {
			from[unsafe.StringData(a.Name)], from[unsafe.StringData(a.Value)] = true, true
		}
		for _, rule := range g.Rules {
			from[unsafe.StringData(rule.Pattern)], from[unsafe.StringData(rule.Canonical)] = true, true
		}
		for _, u := range g.Usage {
			from[unsafe.StringData(u.Value)], from[unsafe.StringData(u.Path)], from[unsafe.StringData(u.Canonical)] = true, true, true
		}
		for _, sig := range g.Signals {
			from[unsafe.StringData(sig.Value)] = true
		}
	}
	check := func(what, s string) {
		if s != "" && from[unsafe.StringData(s)] {
			t.Errorf("%s %q is a string of the parsed file", what, s)
		}
	}
	sel := m.Selection()
	for _, g := range sel.Groups {
		for _, a := range g.Agents {
			check("agent value", a.Value)
			check("agent name", a.Name)
		}
		for _, r := range g.Rules {
			check("rule value", r.Pattern)
		}
		for _, u := range g.Usage {
			check("usage value", u.Value)
			check("usage path", u.Path)
			check("usage pattern", u.Canonical)
		}
		for _, sig := range g.Signals {
			check("signal value", sig.Value)
		}
	}
	for _, r := range m.Rules() {
		check("rule value", r.Pattern)
	}
	if len(sel.Groups) != 1 || len(sel.Groups[0].Usage) != 1 || len(sel.Groups[0].Signals) != 1 {
		t.Errorf("kept groups %+v: want one, with its usage lines", sel.Groups)
	}
	for _, d := range []string{"/a/x.pdf", "/a/b", "/a"} {
		check("decision pattern", m.Decide(d).Pattern)
	}
	if len(sel.Groups) != 1 {
		t.Fatalf("Selection: %d groups, want 1", len(sel.Groups))
	}
	want := cloneGroup(&r.file.Groups[0])
	if got := sel.Groups[0]; !reflect.DeepEqual(got, want) {
		t.Errorf("Selection group:\n got %+v\nwant %+v", got, want)
	}
	if got, want := len(m.Rules()), 4; got != want {
		t.Errorf("Rules: %d rules, want %d", got, want)
	}
	if got := m.Decide("/a/x.pdf"); got.Allowed || got.Pattern != "/*.pdf" {
		t.Errorf("Decide(/a/x.pdf) = %+v, want disallowed by /*.pdf", got)
	}
}

// TestDecidesIdentity checks that a Matcher whose machine's rules are the
// file's, in order, then the dialect's, keeps no table from one to the
// other, and that one whose rules differ (Google's empty rule, its
// index.html rule) keeps one and still reports the right lines.
func TestDecidesIdentity(t *testing.T) {
	for _, c := range []struct {
		d     Dialect
		body  string
		url   string
		table bool
		line  int
		allow bool
	}{
		{RFC9309, "User-agent: *\nDisallow: /a\nAllow: /a/b\n", "/a/b", false, 3, true},
		{RFC9309, "User-agent: *\nDisallow: /a\nAllow: /a/b\n", "/robots.txt", false, 0, true},
		{RFC9309, "User-agent: *\nDisallow:\nDisallow: /a\n", "/a", true, 3, false},
		{Google, "User-agent: *\nDisallow:\nDisallow: /a\n", "/b", true, 2, true},
		{Google, "User-agent: *\nDisallow: /\nAllow: /d/index.html\n", "/d/", true, 3, true},
		{Draft1996, "User-agent: *\nDisallow: /a\nDisallow: /\n", "/a", false, 2, false},
	} {
		m := Parse([]byte(c.body), WithDialect(c.d)).Agent("x")
		if got := m.decides() != nil; got != c.table {
			t.Errorf("%v %q: table kept %v, want %v", c.d, c.body, got, c.table)
		}
		if got := m.Decide(c.url); got.Line != c.line || got.Allowed != c.allow {
			t.Errorf("%v %q: Decide(%s) = %+v, want line %d, allowed %v", c.d, c.body, c.url, got, c.line, c.allow)
		}
	}
}

// TestMatcherSize checks that a Matcher, which holds its one agent value
// in place, as forAgents allocates it for each crawler and host, fits a
// 96-octet allocation: a crawler keeps one per host.
func TestMatcherSize(t *testing.T) {
	const limit = 96
	if size := unsafe.Sizeof(Matcher{}); size > limit {
		t.Errorf("a Matcher takes %d octets, more than %d", size, limit)
	}
}

// TestAgentInPlace checks that a Matcher's agent value reads back the same
// whether it is held in place (one value whose token fits) or in a slice
// (a list, or one value longer than the in-place offsets address).
func TestAgentInPlace(t *testing.T) {
	r := Parse([]byte("User-agent: FooBot\nDisallow: /a\n"))
	long := "FooBot/" + strings.Repeat("x", math.MaxUint16)
	for _, c := range []struct {
		agents  []string
		inPlace bool
	}{
		{[]string{"FooBot/2.1"}, true},
		{[]string{" *"}, true},
		{[]string{"FooBot", "BarBot"}, false},
		{[]string{long}, true}, // its token is at the start
		{[]string{strings.Repeat(" ", math.MaxUint16) + "FooBot"}, false},
	} {
		m := r.AgentAny(c.agents...)
		if got := m.agents.InPlace(); got != c.inPlace {
			t.Errorf("%.20q: held in place %v, want %v", c.agents, got, c.inPlace)
		}
		got := m.Selection().Agents
		if len(got) != len(c.agents) {
			t.Fatalf("%.20q: %d agents read back", c.agents, len(got))
		}
		for i, a := range c.agents {
			if want := r.readAgent(a); got[i] != want {
				t.Errorf("%.20q: agent %d read back as %+v, want %+v", c.agents, i, got[i], want)
			}
		}
	}
}

// TestScanSharesKeptText checks that a Matcher's scan keeps no copy of
// the file's patterns when they are written in their canonical form: each
// of them is a part of the kept lines' text.
func TestScanSharesKeptText(t *testing.T) {
	m := Parse([]byte("User-agent: *\nDisallow: /a\nAllow: /b/c\nDisallow:\nDisallow: /x*y$\n")).Agent("x")
	s := m.host.scan.Load()
	if s == nil {
		t.Fatal("no scan")
	}
	text := m.lines.RuleText(RFC9309.Appended())
	lo := uintptr(unsafe.Pointer(unsafe.StringData(text)))
	for _, r := range s.Rules()[:3] {
		if p := uintptr(unsafe.Pointer(unsafe.StringData(r.Pattern))); p < lo || p >= lo+uintptr(len(text)) {
			t.Errorf("pattern %q is a copy, not a part of the kept text %q", r.Pattern, text)
		}
	}
}

// TestMachineReadsKeptText checks what lets the automaton of a file too
// large to scan be built on the kept text rather than a copy of its
// patterns (compile.Program.MachineIn): in each dialect, the kept rules'
// values and the patterns the dialect appends are, end to end, the
// patterns of the Program's rules, when the file's patterns are in their
// canonical form.
func TestMachineReadsKeptText(t *testing.T) {
	var b strings.Builder
	b.WriteString("User-agent: *\n")
	for i := 0; b.Len() < 100000; i++ {
		fmt.Fprintf(&b, "Disallow: /docs/%d/page\nAllow: /docs/%d/*.css$\n", i, i)
	}
	for _, d := range []Dialect{RFC9309, Google} {
		r := Parse([]byte(b.String()), WithDialect(d))
		m := r.Agent("x")
		if m.host.scan.Load() != nil {
			t.Fatalf("%v: the file is scanned, not built", d)
		}
		groups, named := r.file.SelectGroups("x")
		p := d.Lower(r.file.Selected(groups, named))
		var want strings.Builder
		for _, rule := range p.Rules {
			want.WriteString(rule.Pattern)
		}
		if got := m.lines.RuleText(d.Appended()); got != want.String() {
			t.Errorf("%v: the kept text holds %d octets, the Program's patterns %d: not them end to end", d, len(got), want.Len())
		}
	}
}
