package audit_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/robotsexclusion/robots/internal/audit"
)

// sequence runs captures through a Sequence and returns the records in
// the order given out.
func sequence(a *audit.Auditor, cs []audit.Capture) []*audit.Record {
	seq := a.Sequence()
	var out []*audit.Record
	emit := func(r *audit.Record) { out = append(out, r) }
	for i := range cs {
		cs[i].Offset = int64(i) * 100
		seq.Add(a.Audit(&cs[i]), emit)
	}
	seq.Flush(emit)
	return out
}

// describe says what a record came to: outcome, redirect hops and where
// they led, and the level of its first agent.
func describe(r *audit.Record) string {
	s := r.Outcome
	if r.Redirect != nil {
		s += fmt.Sprintf(" via %d to %s@%d", r.Redirect.Hops, r.Redirect.To, r.Redirect.Offset)
	}
	if len(r.Agents) > 0 {
		s += " " + string(r.Agents[0].Level)
	}
	return s
}

func TestSequence(t *testing.T) {
	a := audit.New(audit.Options{Agents: []string{"GPTBot"}})
	full := "User-agent: *\nDisallow: /\n"
	redirect := func(from, to string) audit.Capture { return capture(from, 301, to) }
	ok := func(uri string) audit.Capture { return capture(uri, 200, full) }
	for _, tc := range []struct {
		name string
		cs   []audit.Capture
		want []string
	}{
		{"target after", []audit.Capture{redirect("http://a.example/robots.txt", "https://a.example/robots.txt"), ok("https://a.example/robots.txt")},
			[]string{"ok via 1 to https://a.example/robots.txt@100 full", "ok full"}},
		{"target before", []audit.Capture{ok("https://a.example/robots.txt"), redirect("http://a.example/robots.txt", "https://a.example/robots.txt")},
			[]string{"ok full", "ok via 1 to https://a.example/robots.txt@0 full"}},
		{"relative location, written otherwise", []audit.Capture{redirect("http://a.example/robots.txt", "HTTPS://A.EXAMPLE:443/robots.txt"), ok("https://a.example/robots.txt")},
			[]string{"ok via 1 to https://a.example/robots.txt@100 full", "ok full"}},
		{"chain", []audit.Capture{redirect("http://a.example/robots.txt", "https://a.example/robots.txt"),
			redirect("https://a.example/robots.txt", "https://www.a.example/robots.txt"), capture("https://www.a.example/robots.txt", 404, "")},
			[]string{"unavailable via 2 to https://www.a.example/robots.txt@200 none", "unavailable via 1 to https://www.a.example/robots.txt@200 none", "unavailable none"}},
		{"not in the input", []audit.Capture{redirect("http://a.example/robots.txt", "https://b.example/robots.txt"), ok("https://a.example/robots.txt")},
			[]string{"redirect", "ok full"}},
		{"loop", []audit.Capture{redirect("http://a.example/robots.txt", "https://a.example/robots.txt"), redirect("https://a.example/robots.txt", "http://a.example/robots.txt")},
			[]string{"unavailable none", "unavailable none"}},
		{"another scheme", []audit.Capture{redirect("http://a.example/robots.txt", "ftp://a.example/robots.txt")},
			[]string{"unreachable full"}},
		{"no location", []audit.Capture{capture("http://a.example/robots.txt", 302, "")},
			[]string{"unreachable full"}},
		{"target unreadable", []audit.Capture{redirect("http://a.example/robots.txt", "https://a.example/robots.txt"),
			{URI: "https://a.example/robots.txt", Err: fmt.Errorf("corrupt")}},
			[]string{"redirect", ""}},
	} {
		var got []string
		for _, r := range sequence(a, tc.cs) {
			got = append(got, describe(r))
		}
		if strings.Join(got, "\n") != strings.Join(tc.want, "\n") {
			t.Errorf("%s:\n%s\nwant\n%s", tc.name, strings.Join(got, "\n"), strings.Join(tc.want, "\n"))
		}
	}
}

// Five redirects are followed; a sixth makes the fetch unavailable.
func TestSequenceHops(t *testing.T) {
	a := audit.New(audit.Options{Agents: []string{"GPTBot"}})
	for hops := 1; hops <= 6; hops++ {
		var cs []audit.Capture
		for i := range hops {
			cs = append(cs, capture(fmt.Sprintf("https://a.example/%d", i), 301, fmt.Sprintf("/%d", i+1)))
		}
		cs = append(cs, capture(fmt.Sprintf("https://a.example/%d", hops), 200, "User-agent: *\nDisallow: /\n"))
		first := describe(sequence(a, cs)[0])
		want := fmt.Sprintf("ok via %d to https://a.example/%d@%d full", hops, hops, hops*100)
		if hops > 5 {
			want = "unavailable none"
		}
		if first != want {
			t.Errorf("%d redirects: %s, want %s", hops, first, want)
		}
	}
}

// A redirect finds its target among the RedirectWindow captures after it
// or before it, and no further; the records after it wait with it, so
// order is kept and at most about RedirectWindow records are held.
func TestSequenceWindow(t *testing.T) {
	a := audit.New(audit.Options{Agents: []string{"GPTBot"}})
	w := audit.RedirectWindow
	redirect := capture("http://t.example/robots.txt", 301, "https://t.example/robots.txt")
	target := capture("https://t.example/robots.txt", 200, "User-agent: *\nDisallow: /\n")
	for _, tc := range []struct {
		gap    int
		before bool // the target comes first
		found  bool
	}{
		{w - 1, false, true}, {w, false, false}, {w - 1, true, true}, {w, true, false},
	} {
		seq := a.Sequence()
		var out []*audit.Record
		emit := func(r *audit.Record) { out = append(out, r) }
		added, held := 0, 0
		var uris []string
		add := func(c audit.Capture) {
			seq.Add(a.Audit(&c), emit)
			uris = append(uris, c.URI)
			added++
			held = max(held, added-len(out))
		}
		first, last := redirect, target
		if tc.before {
			first, last = target, redirect
		}
		add(first)
		for i := range tc.gap {
			add(capture(fmt.Sprintf("https://f%d.example/robots.txt", i), 404, ""))
		}
		add(last)
		seq.Flush(emit)
		r := out[0]
		if tc.before {
			r = out[len(out)-1]
		}
		if found := r.Redirect != nil; found != tc.found {
			t.Errorf("gap %d, target before %v: found %v, want %v (%s)", tc.gap, tc.before, found, tc.found, describe(r))
		}
		for i, rec := range out {
			if rec.URI != uris[i] {
				t.Fatalf("gap %d: record %d is %s, the capture %s", tc.gap, i, rec.URI, uris[i])
			}
		}
		if held > w+1 {
			t.Errorf("gap %d: %d records held at once, more than %d", tc.gap, held, w+1)
		}
	}
}
