package reference_test

import (
	"slices"
	"testing"

	"github.com/robotsexclusion/robots/compile"
	"github.com/robotsexclusion/robots/internal/reference"
	"github.com/robotsexclusion/robots/normalize"
	"github.com/robotsexclusion/robots/usage"
)

// crawl returns an Allow (allow) or Disallow rule on line.
func crawl(allow bool, value string, line int) compile.Rule {
	return compile.Rule{Allow: allow, Pattern: value, Canonical: normalize.Canonical.Pattern(value), Line: line}
}

// cu returns the Content-Usage rule with the value on line, read as a
// parser would read it.
func cu(t *testing.T, value string, line int) compile.UsageRule {
	t.Helper()
	path, prefs, diags := usage.ParseRule(value, usage.Source{Line: line, Field: "Content-Usage"})
	if len(diags) > 0 {
		t.Fatalf("line %d %q: %v", line, value, diags)
	}
	pattern := ""
	if path != "" {
		pattern = normalize.Canonical.Pattern(path)
	}
	return compile.UsageRule{Line: line, Value: value, Path: path, Canonical: pattern, Prefs: prefs}
}

// cs returns the Content-Signal line with the value on line.
func cs(t *testing.T, value string, line int) compile.Signal {
	t.Helper()
	s, diags := usage.ParseSignal(value, usage.Source{Line: line, Field: "Content-Signal"})
	if len(diags) > 0 {
		t.Fatalf("line %d %q: %v", line, value, diags)
	}
	return compile.Signal{Line: line, Value: value, Prefs: s}
}

// TestUsage transcribes the worked example of
// draft-ietf-aipref-attach section 3.4 (Figure 2 and Table 1), the
// examples of its section 1.2 and the Content Signals example, then the
// rules of its section 3.1 one by one.
func TestUsage(t *testing.T) {
	// Figure 2, the group for every crawler but ExampleBot:
	//	1 User-Agent: *
	//	2 Allow: /
	//	3 Disallow: /never/
	//	4 Content-Usage: train-ai=n
	//	5 Content-Usage: /ai-ok/ train-ai=y
	star := []compile.Rule{crawl(true, "/", 2), crawl(false, "/never/", 3)}
	starUsage := []compile.UsageRule{cu(t, "train-ai=n", 4), cu(t, "/ai-ok/ train-ai=y", 5)}
	// Figure 2, the group for ExampleBot:
	//	7 User-Agent: ExampleBot
	//	8 Allow: /
	//	9 Content-Usage: train-ai=y
	example := []compile.Rule{crawl(true, "/", 8)}
	exampleUsage := []compile.UsageRule{cu(t, "train-ai=y", 9)}

	u, y, n := usage.Unknown, usage.Allowed, usage.Disallowed
	type row struct {
		source  string
		rules   []compile.Rule
		usage   []compile.UsageRule
		signals []compile.Signal
		url     string
		crawl   bool
		train   usage.Pref // train-ai
		search  usage.Pref // search
		lines   []int
	}
	tests := []row{
		{"attach 3.4 Table 1", star, starUsage, nil, "/test", true, n, u, []int{4}},
		{"attach 3.4 Table 1", star, starUsage, nil, "/never/test", false, u, u, nil},
		{"attach 3.4 Table 1", star, starUsage, nil, "/ai-ok/test", true, y, u, []int{5}},
		{"attach 3.4: ExampleBot may fetch all, train-ai=y", example, exampleUsage, nil, "/test", true, y, u, []int{9}},
		{"attach 3.4: ExampleBot may fetch all, train-ai=y", example, exampleUsage, nil, "/never/test", true, y, u, []int{9}},
		{"attach 3.4: ExampleBot may fetch all, train-ai=y", example, exampleUsage, nil, "/ai-ok/test", true, y, u, []int{9}},
		// Rule order carries no meaning: the same group written backwards.
		{"attach 3.1: order carries no semantics", reversed(star), reversed(starUsage), nil, "/ai-ok/test", true, y, u, []int{5}},
		{"attach 3.1: order carries no semantics", reversed(star), reversed(starUsage), nil, "/test", true, n, u, []int{4}},
		{"attach 1.2 Examples (robots.txt)", []compile.Rule{crawl(true, "/", 2)}, []compile.UsageRule{cu(t, "train-ai=n", 3)}, nil,
			"https://example.com/anything?x", true, n, u, []int{3}},

		// Section 3.1 in words.
		{"attach 3.1: identical paths in conflict, n wins", nil,
			[]compile.UsageRule{cu(t, "/a train-ai=y, search=y", 2), cu(t, "/a train-ai=n", 3)}, nil, "/a/b", true, n, y, []int{2, 3}},
		{"attach 3.1: the longer path wins, even allowing", nil,
			[]compile.UsageRule{cu(t, "/a train-ai=n", 2), cu(t, "/a/b train-ai=y", 3)}, nil, "/a/b/c", true, y, u, []int{3}},
		{"attach 3.1: the longest rule's statement is whole", nil,
			[]compile.UsageRule{cu(t, "train-ai=n, search=n", 2), cu(t, "/a search=y", 3)}, nil, "/a", true, u, y, []int{3}},
		{"attach 3.1: length in encoded octets", nil,
			[]compile.UsageRule{cu(t, "/%E2%82%AC train-ai=y", 2), cu(t, "/€ train-ai=n", 3), cu(t, "/%E2%82 search=n", 4)}, nil,
			"/€uro", true, n, u, []int{2, 3}},
		{"attach 3.1: patterns as for Allow/Disallow", nil,
			[]compile.UsageRule{cu(t, "train-ai=y", 2), cu(t, "/*.pdf$ train-ai=n", 3)}, nil, "/doc/a.pdf", true, n, u, []int{3}},
		{"attach 3.1: patterns as for Allow/Disallow", nil,
			[]compile.UsageRule{cu(t, "train-ai=y", 2), cu(t, "/*.pdf$ train-ai=n", 3)}, nil, "/doc/a.pdf?x", true, y, u, []int{2}},
		{"attach 3.1: same length, different patterns, combined", nil,
			[]compile.UsageRule{cu(t, "/a* search=y", 2), cu(t, "/ab search=n", 3)}, nil, "/abc", true, u, n, []int{2, 3}},
		{"attach 3.1: no rule matches", nil, []compile.UsageRule{cu(t, "/a train-ai=n", 2)}, nil, "/b", true, u, u, nil},
		{"attach 3.1: a disallowed URL has none", []compile.Rule{crawl(false, "/", 2)},
			[]compile.UsageRule{cu(t, "train-ai=y", 3)}, []compile.Signal{cs(t, "search=yes", 4)}, "/x", false, u, u, nil},
		{"RFC 9309 2.2.2: /robots.txt is always allowed", []compile.Rule{crawl(false, "/", 2)},
			[]compile.UsageRule{cu(t, "train-ai=n", 3)}, nil, "/robots.txt", true, n, u, []int{3}},
	}
	for _, tt := range tests {
		t.Run(tt.source+" "+tt.url, func(t *testing.T) {
			allowed, prefs, lines := reference.Usage(compile.RFC9309, tt.rules, tt.usage, tt.signals, tt.url)
			if allowed != tt.crawl {
				t.Errorf("allowed %v, want %v", allowed, tt.crawl)
			}
			if got := prefs.Get(usage.TrainAI); got != tt.train {
				t.Errorf("train-ai %s, want %s", got, tt.train)
			}
			if got := prefs.Get(usage.Search); got != tt.search {
				t.Errorf("search %s, want %s", got, tt.search)
			}
			if !slices.Equal(lines, tt.lines) {
				t.Errorf("lines %v, want %v", lines, tt.lines)
			}
			for _, c := range usage.Categories(usage.AIPref) {
				if prefs.Get(c) != usage.Unknown && !slices.Contains(lines, prefs.From(c).Line) {
					t.Errorf("%s from %v, not one of the lines %v", c, prefs.From(c), lines)
				}
			}
		})
	}
}

// TestUsageSignals transcribes the Content Signals example of
// spec/aipref/README.md and checks that the two vocabularies stay apart.
func TestUsageSignals(t *testing.T) {
	//	1 User-Agent: *
	//	2 Content-Signal: search=yes, ai-input=yes, ai-train=no
	//	3 Allow: /
	//	4 Content-Usage: /blog/ train-ai=y
	rules := []compile.Rule{crawl(true, "/", 3)}
	signals := []compile.Signal{cs(t, "search=yes, ai-input=yes, ai-train=no", 2)}
	cus := []compile.UsageRule{cu(t, "/blog/ train-ai=y", 4)}

	_, prefs, _ := reference.Usage(compile.RFC9309, rules, nil, signals, "/page")
	want := map[usage.Category]usage.Pref{
		usage.SignalSearch: usage.Allowed, usage.SignalAIInput: usage.Allowed, usage.SignalAITrain: usage.Disallowed,
	}
	for c := range usage.Category(usage.NumCategories) {
		if prefs.Get(c) != want[c] {
			t.Errorf("Content Signals example: %s is %s, want %s", c, prefs.Get(c), want[c])
		}
	}

	_, prefs, lines := reference.Usage(compile.RFC9309, rules, cus, signals, "/blog/post")
	if prefs.Get(usage.TrainAI) != usage.Allowed || prefs.Get(usage.SignalAITrain) != usage.Disallowed {
		t.Errorf("the vocabularies mixed: %s", prefs)
	}
	if p, from := prefs.Combined(usage.TrainAI); p != usage.Disallowed || from.Line != 2 {
		t.Errorf("Combined(train-ai) = %s from %v, want disallowed from line 2", p, from)
	}
	if !slices.Equal(lines, []int{4}) {
		t.Errorf("lines %v, want [4]", lines)
	}
}

// reversed returns a copy of s in reverse order.
func reversed[T any](s []T) []T {
	r := slices.Clone(s)
	slices.Reverse(r)
	return r
}

// TestUsageOrder checks that rule order carries no meaning
// (attach 3.1): every order of a group's rules gives the same answer, the
// sources included.
func TestUsageOrder(t *testing.T) {
	rules := []compile.Rule{crawl(true, "/", 1), crawl(false, "/never/", 2), crawl(true, "/never/ok", 3)}
	cus := []compile.UsageRule{
		cu(t, "train-ai=y, search=y", 4), cu(t, "search=n", 5), cu(t, "/a train-ai=n", 6),
		cu(t, "/a search=y", 7), cu(t, "/a* train-ai=y", 8), cu(t, "/never/ok train-ai=n", 9),
	}
	urls := []string{"/", "/a", "/ab", "/b", "/never/x", "/never/ok", "/robots.txt"}
	want := map[string]usage.Set{}
	for _, u := range urls {
		_, want[u], _ = reference.Usage(compile.RFC9309, rules, cus, nil, u)
	}
	// Every permutation of the six rules, by Heap's algorithm.
	perm := slices.Clone(cus)
	var permute func(k int)
	permute = func(k int) {
		if k == 1 {
			for _, u := range urls {
				if _, got, _ := reference.Usage(compile.RFC9309, reversed(rules), perm, nil, u); got != want[u] {
					t.Fatalf("%s: order %v gives %s, want %s", u, lineOrder(perm), got, want[u])
				}
			}
			return
		}
		for i := 0; i < k; i++ {
			permute(k - 1)
			if k%2 == 0 {
				perm[i], perm[k-1] = perm[k-1], perm[i]
			} else {
				perm[0], perm[k-1] = perm[k-1], perm[0]
			}
		}
	}
	permute(len(perm))
	// /a* (3 octets) beats /a (2): its statement is the whole answer.
	if p := want["/a"]; p.Get(usage.TrainAI) != usage.Allowed || p.From(usage.TrainAI).Line != 8 || p.Get(usage.Search) != usage.Unknown {
		t.Errorf("/a: %s", p)
	}
	// Two rules without a path: search=y and search=n combine, n wins.
	if p := want["/b"]; p.Get(usage.TrainAI) != usage.Allowed || p.Get(usage.Search) != usage.Disallowed || p.From(usage.Search).Line != 5 {
		t.Errorf("/b: %s", p)
	}
	if p := want["/never/x"]; p.Known() {
		t.Errorf("/never/x may not be fetched, yet %s", p)
	}
}

// lineOrder returns the lines of rules in order.
func lineOrder(rules []compile.UsageRule) []int {
	var out []int
	for _, r := range rules {
		out = append(out, r.Line)
	}
	return out
}
