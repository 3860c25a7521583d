package compile

import (
	"fmt"
	"github.com/robotsexclusion/robots/internal/diag"
	"slices"
	"strings"
	"testing"

	"github.com/robotsexclusion/robots/internal/dialect"
	"github.com/robotsexclusion/robots/usage"
)

// usageDump prints the usage lines of a file, group by group: "file" for
// the lines outside any group, then each group by its agents.
func usageDump(f *File) string {
	var b strings.Builder
	line := func(where string, us []UsageRule, ss []Signal) {
		for _, u := range us {
			fmt.Fprintf(&b, "%s %d usage path=%q pattern=%q %v\n", where, u.Line, u.Path, u.Canonical, u.Prefs)
		}
		for _, s := range ss {
			fmt.Fprintf(&b, "%s %d signal %v\n", where, s.Line, s.Prefs)
		}
	}
	line("file", f.Usage, f.Signals)
	for _, g := range f.Groups {
		var names []string
		for _, a := range g.Agents {
			names = append(names, a.Value)
		}
		line(strings.Join(names, ","), g.Usage, g.Signals)
	}
	return b.String()
}

func TestParseUsage(t *testing.T) {
	all := []Dialect{RFC9309, Google, Draft1996, Original1994}
	tests := []struct {
		name     string
		dialects []Dialect
		body     string
		want     string
	}{
		{"draft example", all,
			"User-Agent: *\nAllow: /\nDisallow: /never/\nContent-Usage: train-ai=n\nContent-Usage: /ai-ok/ train-ai=y\n",
			"* 4 usage path=\"\" pattern=\"\" Content-Usage: train-ai=n\n" +
				"* 5 usage path=\"/ai-ok/\" pattern=\"/ai-ok/\" Content-Usage: train-ai=y\n"},
		{"label case and comment", all,
			"user-agent: a\ncontent-USAGE: /x search=y # not read\nCONTENT-signal: ai-train=no#x\nDisallow: /\n",
			"a 2 usage path=\"/x\" pattern=\"/x\" Content-Usage: search=y\n" +
				"a 3 signal Content-Signal: ai-train=no\n"},
		{"outside any group", all,
			"Content-Signal: search=yes\nContent-Usage: train-ai=n\nUser-agent: *\nContent-Usage: search=n\n",
			"file 2 usage path=\"\" pattern=\"\" Content-Usage: train-ai=n\n" +
				"file 1 signal Content-Signal: search=yes\n" +
				"* 4 usage path=\"\" pattern=\"\" Content-Usage: search=n\n"},
		// A Content-Signal line is no rule: a user-agent line after it
		// still joins the group, as after an unknown key. So does a
		// Content-Usage line in the dialects that read it so
		// (dialect.Read.UsageNotRule); in RFC 9309's, as the attach draft's
		// grammar says, it is a rule line, which ends the agents.
		{"no group boundary", []Dialect{Google, Draft1996, Original1994},
			"User-agent: a\nContent-Usage: train-ai=n\nUser-agent: b\nContent-Signal: search=no\nDisallow: /\n",
			"a,b 2 usage path=\"\" pattern=\"\" Content-Usage: train-ai=n\n" +
				"a,b 4 signal Content-Signal: search=no\n"},
		{"content-usage ends the agents", []Dialect{RFC9309},
			"User-agent: a\nContent-Usage: train-ai=n\nUser-agent: b\nContent-Signal: search=no\nDisallow: /\n",
			"a 2 usage path=\"\" pattern=\"\" Content-Usage: train-ai=n\n" +
				"b 4 signal Content-Signal: search=no\n"},
		{"content-signal does not end the agents", all,
			"User-agent: a\nContent-Signal: search=no\nUser-agent: b\nDisallow: /\n",
			"a,b 2 signal Content-Signal: search=no\n"},
		// A blank line ends a record in the first-match dialects: the
		// lines after it are outside any group.
		{"blank line ends a record", []Dialect{Draft1996, Original1994},
			"User-agent: a\nDisallow: /\n\nContent-Usage: train-ai=n\n",
			"file 4 usage path=\"\" pattern=\"\" Content-Usage: train-ai=n\n"},
		// The groups' lines share one slice, each group its own run of
		// it, the lines outside any group apart.
		{"groups and outside lines", []Dialect{Draft1996, Original1994},
			"User-agent: a\nContent-Usage: /a train-ai=n\nContent-Usage: /b search=y\n\nContent-Usage: /c train-ai=y\n" +
				"User-agent: b\nCONTENT-USAGE: /d search=n\n\nContent-Usage: /e search=y\nUser-agent: c\n  content-usage: /f train-ai=n\n",
			"file 5 usage path=\"/c\" pattern=\"/c\" Content-Usage: train-ai=y\n" +
				"file 9 usage path=\"/e\" pattern=\"/e\" Content-Usage: search=y\n" +
				"a 2 usage path=\"/a\" pattern=\"/a\" Content-Usage: train-ai=n\n" +
				"a 3 usage path=\"/b\" pattern=\"/b\" Content-Usage: search=y\n" +
				"b 7 usage path=\"/d\" pattern=\"/d\" Content-Usage: search=n\n" +
				"c 11 usage path=\"/f\" pattern=\"/f\" Content-Usage: train-ai=n\n"},
		{"blank line keeps the group", []Dialect{RFC9309, Google},
			"User-agent: a\nDisallow: /\n\nContent-Usage: train-ai=n\n",
			"a 4 usage path=\"\" pattern=\"\" Content-Usage: train-ai=n\n"},
		// Patterns take the dialect's octet form, as Allow and Disallow.
		{"canonical pattern", []Dialect{RFC9309},
			"User-agent: *\nContent-Usage: /%7ea/é train-ai=n\n",
			"* 2 usage path=\"/%7ea/é\" pattern=\"/~a/%C3%A9\" Content-Usage: train-ai=n\n"},
		{"raw pattern", []Dialect{Google},
			"User-agent: *\nContent-Usage: /%7ea/é train-ai=n\n",
			"* 2 usage path=\"/%7ea/é\" pattern=\"/%7Ea/%C3%A9\" Content-Usage: train-ai=n\n"},
	}
	for _, tt := range tests {
		for _, d := range tt.dialects {
			f := d.Parse([]byte(tt.body))
			if got := usageDump(f); got != tt.want {
				t.Errorf("%s, %v: got\n%swant\n%s", tt.name, d, got, tt.want)
			}
			for _, dg := range f.Diagnostics() {
				if dg.Code != diag.UnknownKey { // Allow, in Original1994
					t.Errorf("%s, %v: unexpected diagnostic %v", tt.name, d, dg)
				}
			}
		}
	}
}

func TestParseUsageDiagnostics(t *testing.T) {
	tests := []struct {
		line string
		want []diag.Code // of line 2
	}{
		{"Content-Usage: Train-AI=n", []diag.Code{diag.UppercaseKey}},
		{"Content-Usage: train-ai=yes", []diag.Code{diag.YesNo}},
		{"Content-Signal: ai-train=n", []diag.Code{diag.SignalYN}},
		{"Content-Usage: *.pdf train-ai=n", []diag.Code{diag.BadPath}},
		{"Content-Usage: /x", []diag.Code{diag.MissingPreference}},
		{"Content-Usage:", []diag.Code{diag.MissingPreference}},
		{"Content-Signal: search yes", []diag.Code{diag.UsageSyntax}},
		{"Content-Usage: train-ai=y, ai-train=n", []diag.Code{diag.OtherVocabulary}},
		{"Content-Usage: train-ai=y, search=\"n\", search=maybe", []diag.Code{diag.BadValue}},
		{"Content-Usage: train-ai=n", nil},
	}
	for _, tt := range tests {
		for _, d := range dialect.All[Dialect]() {
			f := d.Parse([]byte("User-agent: *\n" + tt.line + "\n"))
			var got []diag.Code
			for _, diag := range f.Diagnostics() {
				if diag.Line != 2 || diag.Message == "" {
					t.Errorf("%q, %v: diagnostic %v", tt.line, d, diag)
				}
				got = append(got, diag.Code)
			}
			if fmt.Sprint(got) != fmt.Sprint(tt.want) {
				t.Errorf("%q, %v: codes %v, want %v", tt.line, d, got, tt.want)
			}
		}
	}
}

// TestUsageDiagnosticsBounded checks that usage diagnostics count against
// MaxDiagnostics like the others.
func TestUsageDiagnosticsBounded(t *testing.T) {
	body := "User-agent: *\n" + strings.Repeat("Content-Usage: X=n\n", MaxDiagnostics+3)
	ds := RFC9309.Parse([]byte(body)).Diagnostics()
	if len(ds) != MaxDiagnostics+1 || ds[MaxDiagnostics].Code != diag.TooMany || ds[MaxDiagnostics].Line != MaxDiagnostics+2 {
		t.Fatalf("%d diagnostics, last %v; want %d, the last too-many at line %d", len(ds), ds[len(ds)-1], MaxDiagnostics+1, MaxDiagnostics+2)
	}
}

// TestUsageNotExtensions checks that usage lines are no longer listed as
// extensions, and that other extensions still are.
func TestUsageNotExtensions(t *testing.T) {
	f := RFC9309.Parse([]byte("User-agent: *\nContent-Usage: train-ai=n\nContent-Signal: search=yes\nHost: h.example\n"))
	if len(f.Extensions) != 1 || f.Extensions[0].Key != "host" {
		t.Errorf("extensions %+v, want only host", f.Extensions)
	}
}

func TestSelectUsage(t *testing.T) {
	body := "Content-Usage: search=y\n" + // 1: file-wide
		"User-agent: *\n" + // 2
		"Content-Usage: train-ai=n\n" + // 3
		"Content-Signal: ai-train=no\n" + // 4
		"User-agent: FooBot\n" + // 5: starts a group (line 3 is a rule line)
		"Disallow: /x\n" + // 6
		"User-agent: BarBot\n" + // 7
		"Content-Usage: /a train-ai=y\n" + // 8
		"Disallow: /b\n" + // 9
		"User-agent: *\n" + // 10
		"Disallow: /y\n" + // 11
		"Content-Signal: search=no\n" // 12
	tests := []struct {
		agent   string
		usage   []int // lines
		signals []int
		hidden  []int
	}{
		{"FooBot", []int{1}, nil, []int{3, 4, 12}},
		{"BarBot", []int{1, 8}, nil, []int{3, 4, 12}},
		{"Other", []int{1, 3}, []int{4, 12}, nil},
	}
	f := RFC9309.Parse([]byte(body))
	for _, tt := range tests {
		s := f.Select(tt.agent)
		var usage, signals []int
		for _, u := range s.Usage {
			usage = append(usage, u.Line)
		}
		for _, sig := range s.Signals {
			signals = append(signals, sig.Line)
		}
		if fmt.Sprint(usage, signals, s.HiddenUsage) != fmt.Sprint(tt.usage, tt.signals, tt.hidden) {
			t.Errorf("%s: usage %v signals %v hidden %v; want %v %v %v", tt.agent, usage, signals, s.HiddenUsage, tt.usage, tt.signals, tt.hidden)
		}
	}
	// A file without usage lines selects none, and allocates no slice.
	s := RFC9309.Parse([]byte("User-agent: FooBot\nDisallow: /\nUser-agent: *\nDisallow: /x\n")).Select("FooBot")
	if s.Usage != nil || s.Signals != nil || s.HiddenUsage != nil {
		t.Errorf("no usage lines: selection %+v", s)
	}
}

// TestSelectUsageInterleaved checks the line order of the selection's usage
// lines where a blank line puts lines outside any group between groups.
func TestSelectUsageInterleaved(t *testing.T) {
	f := Draft1996.Parse([]byte("User-agent: *\nContent-Usage: search=n\n\nContent-Usage: train-ai=n\nUser-agent: *\nContent-Usage: /x search=y\n"))
	var lines []int
	for _, u := range f.Select("a").Usage {
		lines = append(lines, u.Line)
	}
	if fmt.Sprint(lines) != "[2 4]" { // the first record only
		t.Errorf("lines %v, want [2 4]", lines)
	}
	f = Draft1996.Parse([]byte("Content-Usage: train-ai=n\n\nUser-agent: a\nContent-Usage: search=n\n\nContent-Usage: /x search=y\n"))
	lines = nil
	for _, u := range f.Select("a").Usage {
		lines = append(lines, u.Line)
	}
	if fmt.Sprint(lines) != "[1 4 6]" {
		t.Errorf("lines %v, want [1 4 6]", lines)
	}
}

// lowDump writes lowered usage rules one a line: "class rank line pattern".
func lowDump(low []lowered) string {
	var b strings.Builder
	for _, l := range low {
		fmt.Fprintf(&b, "%d %d %d %s\n", l.class, l.rank, l.line, l.pattern)
	}
	return b.String()
}

func TestLowerUsage(t *testing.T) {
	tests := []struct {
		name, body string
		want       string // the lowered rules
		walk       bool
		fixed      string // the preferences of every URL when there is no walk
	}{
		{"none", "User-agent: *\nDisallow: /x\n", "", false, "unknown"},
		{"signals only", "Content-Signal: search=yes\nUser-agent: *\nContent-Signal: ai-train=no, search=no\n", "", false,
			"Content-Signal: search=no, ai-train=no"},
		{"no path", "User-agent: *\nContent-Usage: train-ai=y\nContent-Usage: train-ai=n, search=y\n", "", false,
			"Content-Usage: train-ai=n, search=y"},
		// No '*' pattern shares its length: one class, one rule per
		// pattern, ranked by its length.
		{"grouped", "User-agent: *\nContent-Usage: train-ai=n\nContent-Usage: /a train-ai=y\nContent-Usage: /*.pdf$ search=n\nContent-Usage: /a search=y\n",
			"1 0 2 \n1 2 3 /a\n1 7 4 /*.pdf$\n", true, ""},
		// /a* and /ab have one length: every rule in each stated
		// category's class, 3·length, +2 n, +1 y.
		{"categories", "User-agent: *\nContent-Usage: /a* train-ai=n\nContent-Usage: /ab search=y\n",
			"1 11 2 /a*\n1 9 3 /ab\n2 9 2 /a*\n2 10 3 /ab\n", true, ""},
		// train-ai and search order the rules alike (n above silence,
		// y above silence): one class, ranked by train-ai.
		{"shared", "User-agent: *\nContent-Usage: /a* train-ai=n, search=y\nContent-Usage: /ab foo=bar\nContent-Usage: /b* train-ai=n, search=y\n",
			"1 11 2 /a*\n1 9 3 /ab\n1 11 4 /b*\n", true, ""},
		// Alike but for one rule (y above n for search, below for
		// train-ai): a class each.
		{"not shared", "User-agent: *\nContent-Usage: /a* train-ai=n, search=y\nContent-Usage: /ab train-ai=y, search=n\n",
			"1 11 2 /a*\n1 10 3 /ab\n2 10 2 /a*\n2 11 3 /ab\n", true, ""},
		// search is stated by no rule: no class of its own.
		{"one category", "User-agent: *\nContent-Usage: /a* train-ai=y\nContent-Usage: /ab train-ai=yes\n",
			"1 10 2 /a*\n1 9 3 /ab\n", true, ""},
	}
	for _, tt := range tests {
		seq, _, table := lowerUsage(RFC9309.Parse([]byte(tt.body)).Select("x"))
		low := slices.Collect(seq)
		if got := lowDump(low); got != tt.want {
			t.Errorf("%s: lowered\n%swant\n%s", tt.name, got, tt.want)
		}
		if (table.Classes() != 0) != tt.walk || table.any != (tt.fixed != "unknown") {
			t.Errorf("%s: Classes %b, any %v", tt.name, table.Classes(), table.any)
		}
		if !tt.walk {
			if got := table.prefs(nil, 0).String(); got != tt.fixed {
				t.Errorf("%s: preferences %s, want %s", tt.name, got, tt.fixed)
			}
		}
	}
}

// TestUsageTablePrefs checks how the classes' winners are read: a winner
// that states nothing leaves its category unknown, and the line reported
// is the winner's.
func TestUsageTablePrefs(t *testing.T) {
	body := "User-agent: *\nContent-Signal: ai-input=no\nContent-Usage: /a* train-ai=y, search=n\nContent-Usage: /ab train-ai=y\n"
	seq, n, table := lowerUsage(RFC9309.Parse([]byte(body)).Select("x"))
	low := slices.Collect(seq)
	if len(low) != n {
		t.Fatalf("%d lowered rules, %d said", len(low), n)
	}
	if n := classCategory + len(aiprefCategories); len(low) != 4 || n != 3 {
		t.Fatalf("%d lowered rules, %d classes", len(low), n)
	}
	const base = 10
	tests := []struct {
		won  []int32 // by class
		want string
	}{
		{[]int32{0, -1, -1}, "Content-Signal: ai-input=no"},
		{[]int32{0, base + 0, base + 2}, "Content-Usage: train-ai=y, search=n; Content-Signal: ai-input=no"},
		{[]int32{-1, base + 1, base + 3}, "Content-Usage: train-ai=y; Content-Signal: ai-input=no"}, // /ab says nothing of search
	}
	for _, tt := range tests {
		got := table.prefs(tt.won, base)
		if got.String() != tt.want {
			t.Errorf("winners %v: %s, want %s", tt.won, got, tt.want)
		}
	}
	got := table.prefs([]int32{0, base + 1, base + 2}, base)
	if got.From(usage.TrainAI) != (usage.Source{Line: 4, Field: "Content-Usage"}) || got.From(usage.Search).Line != 3 || got.From(usage.SignalAIInput).Line != 2 {
		t.Errorf("sources: %v %v %v", got.From(usage.TrainAI), got.From(usage.Search), got.From(usage.SignalAIInput))
	}
}

// TestUsageTableGrouped checks the table of rules grouped by pattern: the
// winner's group states every category, combined in line order.
func TestUsageTableGrouped(t *testing.T) {
	body := "User-agent: *\nContent-Usage: /a train-ai=y\nContent-Usage: /a train-ai=n, search=y\nContent-Usage: /b search=n\nContent-Usage: /a search=n\n"
	seq, n, table := lowerUsage(RFC9309.Parse([]byte(body)).Select("x"))
	low := slices.Collect(seq)
	if len(low) != n {
		t.Fatalf("%d lowered rules, %d said", len(low), n)
	}
	if got := lowDump(low); got != "1 2 2 /a\n1 2 4 /b\n" {
		t.Fatalf("lowered\n%s", got)
	}
	const base = 3
	got := table.prefs([]int32{0, base + 0, 7}, base)
	if got.String() != "Content-Usage: train-ai=n, search=n" || got.From(usage.TrainAI).Line != 3 || got.From(usage.Search).Line != 5 {
		t.Errorf("/a: %v, from lines %d and %d", got, got.From(usage.TrainAI).Line, got.From(usage.Search).Line)
	}
	if got := table.prefs([]int32{0, base + 1}, base); got.String() != "Content-Usage: search=n" || got.From(usage.Search).Line != 4 {
		t.Errorf("/b: %v", got)
	}
	if got := table.prefs([]int32{0, -1}, base); got.Known() {
		t.Errorf("no winner: %v", got)
	}
}

// BenchmarkUsage reads and lowers files filled with Content-Usage lines, to
// the default parse limit: lines saying the same of both categories for
// paths /*a_i*b_i (usage-astar: one class, rules not grouped), one
// wildcard path repeated, whose every pair of rules has one length (once
// quadratic in starCollides), and literal paths /a_i (grouped by pattern). B/op and allocs/op are what Parse, Select
// and lowerUsage allocate for the whole file.
func BenchmarkUsage(b *testing.B) {
	const limit = 500 << 10
	fill := func(line func(i int) string) []byte {
		body := []byte("User-agent: *\n")
		for i := 0; ; i++ {
			l := line(i)
			if len(body)+len(l) > limit {
				return body
			}
			body = append(body, l...)
		}
	}
	for _, c := range []struct {
		name string
		body []byte
	}{
		{"astar", fill(func(i int) string { return fmt.Sprintf("Content-Usage: /*a%d*b%d train-ai=n, search=y\n", i, i) })},
		{"same-star", fill(func(int) string { return "Content-Usage: /*a train-ai=n, search=y\n" })},
		{"literal", fill(func(i int) string { return fmt.Sprintf("Content-Usage: /a%d train-ai=n, search=y\n", i) })},
	} {
		b.Run(c.name, func(b *testing.B) {
			b.ReportAllocs()
			b.SetBytes(int64(len(c.body)))
			for b.Loop() {
				_, n, _ := lowerUsage(RFC9309.Parse(c.body).Select("x"))
				if n == 0 {
					b.Fatal("nothing lowered")
				}
			}
		})
	}
}

// TestUsageBound checks the count that sizes the Content-Usage lines: every line that can be one, ended by CR or LF.
func TestUsageBound(t *testing.T) {
	tests := []struct {
		body string
		want int
	}{
		{"", 0},
		{"User-agent: *\nContent-Usage: train-ai=n\n", 1},
		{" \tcontent-usage: /a train-ai=n\rCONTENT-USAGE:x\r\nContent-Usage", 3},
		{"# Content-Usage: train-ai=n\nx-content-usage: y\ncontent-usag: z\nContent-Signal: search=no\n", 0},
		{"content-usage: a\rcontent-usage: b\rx\rcontent-usage", 3},             // CR alone ends lines
		{"x\r\n\r\ncontent-usage: a\n\rcontent-usage: b\r\r\ncontent-usage", 3}, // CR LF, LF CR, CR CR LF
		{"Content-Usage: a\n\tCONTENT-USAGE: b\ncontent-usagex\nAllow: /\n", 3}, // LF alone: no CR is looked for
		{"content-u\u017fage: a\ncontent-usage: b\n", 1},                        // ASCII case only: U+017F folds to s in Unicode
	}
	for _, tt := range tests {
		if got := keyBound(tt.body, "content-usage"); got != tt.want {
			t.Errorf("keyBound(%q) = %d, want %d", tt.body, got, tt.want)
		}
	}
	// Each group's lines are its own: appending to one cannot write over
	// the next's.
	f := RFC9309.Parse([]byte("User-agent: a\nContent-Usage: /a train-ai=n\nUser-agent: b\nContent-Usage: /b train-ai=n\n"))
	for _, g := range f.Groups {
		if len(g.Usage) != 1 || cap(g.Usage) != 1 {
			t.Errorf("group %s: %d usage lines, capacity %d", g.Agents[0].Value, len(g.Usage), cap(g.Usage))
		}
	}
}

// TestStarCollides checks when rules cannot be grouped by pattern: a
// wildcard pattern and another pattern of its length.
func TestStarCollides(t *testing.T) {
	tests := []struct {
		patterns []string
		want     bool
	}{
		{[]string{"/a*", "/a*", "/a*"}, false}, // one pattern, repeated
		{[]string{"/ab", "/cd", "/a*b"}, false},
		{[]string{"", "/a*", "/x"}, false},
		{[]string{"/ab", "/a*"}, true},
		{[]string{"/a*", "/b*"}, true},
		{[]string{"/abc", "/ab$", "/a*c", "/a*c"}, true},
	}
	for _, tt := range tests {
		var rules []*UsageRule
		for _, p := range tt.patterns {
			rules = append(rules, &UsageRule{Canonical: p})
		}
		if got := starCollides(rules); got != tt.want {
			t.Errorf("starCollides(%q) = %v, want %v", tt.patterns, got, tt.want)
		}
	}
}

// TestExtensionsBounded checks that a File keeps at most MaxExtensions
// extension lines, and says so once, at the first line it drops.
func TestExtensionsBounded(t *testing.T) {
	body := "User-agent: *\n" + strings.Repeat("Host: h\n", MaxExtensions+3)
	f := RFC9309.Parse([]byte(body))
	if len(f.Extensions) != MaxExtensions || f.Extensions[MaxExtensions-1].Line != MaxExtensions+1 {
		t.Fatalf("%d extensions kept, the last %+v", len(f.Extensions), f.Extensions[len(f.Extensions)-1])
	}
	var too []diag.Diagnostic
	for _, d := range f.Diagnostics() {
		if d.Code == diag.TooManyExtensions {
			too = append(too, d)
		}
	}
	if len(too) != 1 || too[0].Line != MaxExtensions+2 {
		t.Errorf("too-many-extensions diagnostics %v, want one at line %d", too, MaxExtensions+2)
	}
}
