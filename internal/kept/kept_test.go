package kept

import (
	"fmt"
	"reflect"
	"strings"
	"testing"
	"unsafe"

	"github.com/robotsexclusion/robots/compile"
	"github.com/robotsexclusion/robots/normalize"
)

// TestFits checks the capacity checks at their bounds.
func TestFits(t *testing.T) {
	for _, c := range []struct {
		text, first, last int
		short, packed     bool
	}{
		{0, 1, 1, true, true},
		{maxShortText, 1, 1 + maxShortSpan, true, true},
		{maxShortText + 1, 1, 1, false, true},
		{maxShortText, 1, 2 + maxShortSpan, false, true},
		{maxKeptText, 1, maxKeptLine, false, true},
		{maxKeptText + 1, 1, 1, false, false},
		{0, maxKeptLine, maxKeptLine + 1, true, false}, // the short form's span fits, the line does not: Keep asks fitsPacked first
	} {
		if got := fitsShort(c.text, c.first, c.last); got != c.short {
			t.Errorf("fitsShort(%d, %d, %d) = %v", c.text, c.first, c.last, got)
		}
		if got := fitsPacked(c.text, c.last); got != c.packed {
			t.Errorf("fitsPacked(%d, %d) = %v", c.text, c.last, got)
		}
	}
}

// form names the form Lines keep their rules in.
func (l *Lines) form() string {
	switch {
	case l.long != nil:
		return "apart"
	case l.hdr(hdrShort) != 0:
		return "short"
	}
	return "packed"
}

// TestKeep keeps the groups of files in each form of the rules (lowering
// the capacities to reach the packed form and the rules kept apart), and
// checks that every form reads back the groups as the file has them.
func TestKeep(t *testing.T) {
	const body = "User-agent: FooBot/2.1\nUser-agent: *\nDisallow: /a\nAllow: /a/b$\nDisallow: /*.pdf\nDisallow:\nCrawl-delay: 2\n" +
		"Content-Usage: /u train-ai=n\nContent-Signal: search=yes\nContent-Signal: ai-train=no, x;a, search=y\n\n" +
		"User-agent: BarBot\nAllow: /\n" +
		"User-agent: FooBot\nDisallow: /c%2f\n"
	f := compile.RFC9309.Parse([]byte(body))
	defer func(st, ss, kt, kl int) {
		maxShortText, maxShortSpan, maxKeptText, maxKeptLine = st, ss, kt, kl
	}(maxShortText, maxShortSpan, maxKeptText, maxKeptLine)
	for _, c := range []struct {
		name                 string
		shortText, shortSpan int
		keptText, keptLine   int
		form                 string
	}{
		{"default", maxShortText, maxShortSpan, maxKeptText, maxKeptLine, "short"},
		{"text past the short form", 10, maxShortSpan, maxKeptText, maxKeptLine, "packed"},
		{"lines past the short form", maxShortText, 2, maxKeptText, maxKeptLine, "packed"},
		{"text past the packed form", 10, maxShortSpan, 10, maxKeptLine, "apart"},
		{"lines past the packed form", maxShortText, maxShortSpan, maxKeptText, 3, "apart"},
	} {
		maxShortText, maxShortSpan, maxKeptText, maxKeptLine = c.shortText, c.shortSpan, c.keptText, c.keptLine
		for _, groups := range [][]int{{0}, {0, 2}, {1}, {}} {
			l, prefs := Keep(f, groups, "")
			if len(groups) > 0 && groups[0] == 0 && l.form() != c.form { // group 1 alone is short enough for the short form
				t.Errorf("%s %v: rules kept %s, want %s", c.name, groups, l.form(), c.form)
			}
			if l.Groups() != len(groups) {
				t.Fatalf("%s %v: %d groups kept", c.name, groups, l.Groups())
			}
			var rules []compile.Rule
			for i, g := range groups {
				want := f.Groups[g]
				want.Agents = append([]compile.UserAgent(nil), want.Agents...)
				var u *Usage
				if prefs != nil {
					u = prefs[i]
				}
				got := l.Group(i, u, normalize.Canonical)
				if !reflect.DeepEqual(got, want) {
					t.Errorf("%s %v: group %d\n got %+v\nwant %+v", c.name, groups, i, got, want)
				}
				if l.Index(i) != g {
					t.Errorf("%s %v: group %d has index %d", c.name, groups, i, l.Index(i))
				}
				rules = append(rules, want.Rules...)
			}
			if got := l.AppendRules(nil, 0, l.Rules(), normalize.Canonical); fmt.Sprint(got) != fmt.Sprint(rules) {
				t.Errorf("%s %v: rules\n got %+v\nwant %+v", c.name, groups, got, rules)
			}
			for i, r := range rules {
				if p, line, allow := l.Rule(i); p != r.Pattern || line != r.Line || allow != r.Allow {
					t.Errorf("%s %v: rule %d = %q %d %v, want %+v", c.name, groups, i, p, line, allow, r)
				}
			}
		}
	}
}

// TestKeepCopies checks that no kept string is a substring of the parsed
// file's, which would keep the whole body alive.
func TestKeepCopies(t *testing.T) {
	f := compile.RFC9309.Parse([]byte("User-agent: FooBot\nDisallow: /a\nAllow: /b\nContent-Usage: /u train-ai=n\nContent-Signal: search=yes\n"))
	body := f.Text()
	inBody := func(s string) bool {
		p, b := uintptr(unsafe.Pointer(unsafe.StringData(s))), uintptr(unsafe.Pointer(unsafe.StringData(body)))
		return s != "" && p >= b && p < b+uintptr(len(body))
	}
	l, prefs := Keep(f, []int{0}, "")
	g := l.Group(0, prefs[0], normalize.Canonical)
	var all []string
	for _, a := range g.Agents {
		all = append(all, a.Value, a.Name)
	}
	for _, r := range g.Rules {
		all = append(all, r.Pattern)
	}
	for _, u := range g.Usage {
		all = append(all, u.Value, u.Path)
	}
	for _, s := range g.Signals {
		all = append(all, s.Value)
	}
	for _, s := range all {
		if inBody(s) {
			t.Errorf("%q is a substring of the body", s)
		}
	}
	if len(all) != 7 {
		t.Errorf("%d strings kept, want 7: %q", len(all), all)
	}
}

// TestKeepLines checks the lines kept at the bounds of the short form: its
// base line and span, and a line number that needs every bit the packed
// form gives it.
func TestKeepLines(t *testing.T) {
	var b strings.Builder
	b.WriteString("User-agent: *\n")
	b.WriteString("Disallow: /first\n")
	for range maxShortSpan {
		b.WriteString("\n")
	}
	b.WriteString("Allow: /last\n")
	f := compile.RFC9309.Parse([]byte(b.String()))
	l, _ := Keep(f, []int{0}, "")
	if l.form() != "packed" {
		t.Errorf("rules %d lines apart kept %s, want packed", maxShortSpan+1, l.form())
	}
	for i, want := range []struct {
		line  int
		allow bool
	}{{2, false}, {3 + maxShortSpan, true}} {
		if _, line, allow := l.Rule(i); line != want.line || allow != want.allow {
			t.Errorf("rule %d: line %d allow %v, want %+v", i, line, allow, want)
		}
	}
}

// TestRuleText checks that RuleText is the kept rules' values end to end,
// in the short and packed forms, and a part of the kept text rather than
// a copy; and "" when no rule is kept.
func TestRuleText(t *testing.T) {
	var far strings.Builder
	far.WriteString("User-agent: a\nUser-agent: *\nDisallow: /first\nDisallow:\n")
	for range maxShortSpan {
		far.WriteString("\n")
	}
	far.WriteString("Allow: /last*$\n")
	for _, tt := range []struct{ body, form string }{
		{"User-agent: *\nDisallow: /a\nAllow: /b/c\nDisallow:\nDisallow: /x*y$\n", "short"},
		{far.String(), "packed"},
		{"User-agent: *\nCrawl-delay: 1\n", "short"},
	} {
		l, _ := Keep(compile.RFC9309.Parse([]byte(tt.body)), []int{0}, "")
		if l.form() != tt.form {
			t.Fatalf("%q kept %s, want %s", tt.body, l.form(), tt.form)
		}
		var want strings.Builder
		for i := range l.Rules() {
			p, _, _ := l.Rule(i)
			want.WriteString(p)
		}
		got := l.RuleText("")
		if got != want.String() {
			t.Errorf("%q: RuleText() = %q, want %q", tt.body, got, want.String())
		}
		if got != "" && !strings.Contains(l.data, got) {
			t.Errorf("%q: RuleText() is not in the kept text", tt.body)
		}
		if start := uintptr(unsafe.Pointer(unsafe.StringData(got))); got != "" &&
			(start < uintptr(unsafe.Pointer(unsafe.StringData(l.data))) || start >= uintptr(unsafe.Pointer(unsafe.StringData(l.data)))+uintptr(len(l.data))) {
			t.Errorf("%q: RuleText() is a copy, not a part of the kept text", tt.body)
		}
	}
}

// TestRuleTextTail checks the tail Keep lays after the rules' values of a
// file of many rules: RuleText returns the values and the tail end to end,
// a part of the kept text; asked with no tail it returns the values alone;
// the rules, agents and usage lines read as without a tail; and a file
// whose rules hold less than tailMinText octets keeps no tail.
func TestRuleTextTail(t *testing.T) {
	const tail = "/robots.txt$/robots.txt?"
	for _, rules := range []int{10, 2 * tailMinText / 8} {
		var b, values strings.Builder
		b.WriteString("User-agent: a\nContent-Usage: /u train-ai=n\n")
		for i := range rules {
			v := fmt.Sprintf("/p%05d", i)
			fmt.Fprintf(&b, "Disallow: %s\n", v)
			values.WriteString(v)
		}
		b.WriteString("Content-Signal: search=yes\n")
		f := compile.RFC9309.Parse([]byte(b.String()))
		plain, plainPrefs := Keep(f, []int{0}, "")
		l, prefs := Keep(f, []int{0}, tail)
		want := values.String()
		if values.Len() >= tailMinText {
			want += tail
		}
		got := l.RuleText(tail)
		if got != want {
			t.Fatalf("%d rules: RuleText(tail) = %.40q… (%d octets), want %d octets", rules, got, len(got), len(want))
		}
		if start := uintptr(unsafe.Pointer(unsafe.StringData(got))); start < uintptr(unsafe.Pointer(unsafe.StringData(l.data))) || start+uintptr(len(got)) > uintptr(unsafe.Pointer(unsafe.StringData(l.data)))+uintptr(len(l.data)) {
			t.Errorf("%d rules: RuleText(tail) is not a part of the kept text", rules)
		}
		if got := l.RuleText(""); got != values.String() {
			t.Errorf("%d rules: RuleText(\"\") holds %d octets, want the %d of the values", rules, len(got), values.Len())
		}
		if got := plain.RuleText(tail); got != values.String() {
			t.Errorf("%d rules: kept without a tail, RuleText(tail) holds %d octets, want the %d of the values", rules, len(got), values.Len())
		}
		g, w := l.Group(0, prefs[0], normalize.Canonical), plain.Group(0, plainPrefs[0], normalize.Canonical)
		if !reflect.DeepEqual(g, w) {
			t.Errorf("%d rules: kept with a tail, the group reads otherwise than kept without", rules)
		}
		if len(g.Usage) != 1 || g.Usage[0].Value != "/u train-ai=n" || len(g.Signals) != 1 || g.Signals[0].Value != "search=yes" {
			t.Errorf("%d rules: kept with a tail, the usage lines read %+v and %+v", rules, g.Usage, g.Signals)
		}
	}
}
