package lint

import (
	"hash/maphash"
	"sync"

	"github.com/robotsexclusion/robots"
	"github.com/robotsexclusion/robots/compile"
	"github.com/robotsexclusion/robots/internal/dialect"
	"github.com/robotsexclusion/robots/internal/star"
	"github.com/robotsexclusion/robots/internal/words"
)

// checkDelayMerge finds a crawl-delay between the user-agent lines of one group:
// a group of only a crawl-delay, which is no rule, so the parser merged it
// into the next and its agents get that group's rules.
var checkDelayMerge = newCheck(robots.DelayMerge, func(p *pass) {
	betweenAgents(p, func(l compile.Line) bool { return l.Kind == compile.LineCrawlDelay },
		func(n, first, next int, _ compile.Line) {
			p.reportf(n, 0, "a group with only a crawl-delay does not end at it: the agents before it (line %d) share the rules of the agents after it (line %d)", first, next)
		})
})

// checkUsageMerge finds a Content-Usage or Content-Signal line between the
// user-agent lines of one group: a group of only usage lines, which do not
// end a group where they are no rules (and a Content-Signal line never
// does), merged into the next.
var checkUsageMerge = newCheck(robots.UsageMerge, func(p *pass) {
	betweenAgents(p, func(l compile.Line) bool {
		return l.Kind == compile.LineContentUsage || l.Kind == compile.LineContentSignal
	}, func(n, first, next int, l compile.Line) {
		field := dialect.FieldContentUsage
		if l.Kind == compile.LineContentSignal {
			field = dialect.FieldContentSignal
		}
		p.reportf(n, 0, "a group with only usage lines does not end at this %s line: the agents before it (line %d) share the rules and usage lines of the agents after it (line %d); end the group with a rule, such as Allow: /, before the next user-agent line",
			field, first, next)
	})
})

// betweenAgents calls report for the first line that is between two
// user-agent lines of one group and that want takes, with the group's
// first agent line and the next agent line.
func betweenAgents(p *pass, want func(compile.Line) bool, report func(n, first, next int, l compile.Line)) {
	for _, g := range p.groups() {
		for i := 1; i < len(g.Agents); i++ {
			for n := g.Agents[i-1].Line + 1; n < g.Agents[i].Line; n++ {
				if l, ok := p.line(n); ok && want(l) {
					report(n, g.Agents[0].Line, g.Agents[i].Line, l)
					break
				}
			}
		}
	}
}

// checkDuplicateRule finds a rule given twice in one group: the same kind and
// the same pattern as compared.
var checkDuplicateRule = newCheck(robots.DuplicateRule, func(p *pass) {
	eachRulePair(p, func(r, prev robots.Rule, same bool) {
		if same {
			p.reportf(r.Line, 0, "the same rule as line %d", prev.Line)
		}
	})
})

// checkConflictingRule finds a pattern both allowed and disallowed in one group:
// one of the two lines does nothing (the disallow, as allow wins a tie; in
// the first-match dialects, the later).
var checkConflictingRule = newCheck(robots.ConflictingRule, func(p *pass) {
	firstMatch := dialect.Of(p.Dialect).Match.FirstMatch
	eachRulePair(p, func(r, other robots.Rule, same bool) {
		if same {
			return
		}
		allow, disallow := r, other
		if !r.Allow {
			allow, disallow = other, r
		}
		loser, how := disallow, "allow wins a tie"
		if firstMatch {
			loser, how = r, "the first line that matches wins"
		}
		p.reportf(loser.Line, 0, "%q is disallowed on line %d and allowed on line %d; %s, so line %d does nothing",
			r.Pattern, disallow.Line, allow.Line, how, loser.Line)
	})
})

// eachRulePair calls fn, for each non-empty rule of a group whose pattern
// (as compared) an earlier rule of the group has too, with that earlier
// rule: of the same kind (same true) when there is one, else of the other.
// A group of at most pairScan rules is searched rule by rule, which costs
// less than hashing its patterns; one table serves every larger group,
// sized once, for the largest, and holds of each pattern the index of its
// first rule of each kind.
func eachRulePair(p *pass, fn func(r, earlier robots.Rule, same bool)) {
	var first *patternTable
	defer func() { first.release() }()
	for _, g := range p.groups() {
		if len(g.Rules) < 2 {
			continue
		}
		if len(g.Rules) <= pairScan {
			rulePairs(g.Rules, fn)
			continue
		}
		if first == nil {
			most := 0
			for _, g := range p.groups() {
				most = max(most, len(g.Rules))
			}
			first = newPatternTable(most)
		}
		first.reset()
		for i, r := range g.Rules {
			if r.Pattern == "" {
				continue
			}
			kind, other := 0, 1
			if r.Allow {
				kind, other = 1, 0
			}
			seen := first.find(r.Canonical)
			if seen[kind] != 0 {
				fn(r, g.Rules[seen[kind]-1], true)
				continue
			}
			seen[kind] = int32(i + 1)
			if seen[other] != 0 {
				fn(r, g.Rules[seen[other]-1], false)
			}
		}
	}
}

// A patternTable holds, of each pattern of a group, its first disallow and
// allow rule (index+1; 0 for none): a hash table with open addressing,
// which finds a pattern and adds it in one probe sequence, where a map
// takes a lookup and a store.
type patternTable struct {
	seed    maphash.Seed
	slots   []int32 // index+1 in entries; 0 for a free slot
	entries []patternEntry
}

type patternEntry struct {
	pattern string
	first   [2]int32
}

// maxPooledSlots is the largest patternTable kept for the next file: a
// table for groups of up to 1,024 rules, 24 KiB, which most files fit.
// A larger one, for a file built to be large, is dropped after use, so
// that memory stays flat.
const maxPooledSlots = 2048

// patternTables keeps the patternTables of files already checked: a
// tool that lints file after file (robots audit) would otherwise allocate
// one for each.
var patternTables = sync.Pool{New: func() any { return &patternTable{seed: maphash.MakeSeed()} }}

// newPatternTable returns an empty table for groups of at most n rules: at
// most half its slots are ever taken, and entries never grows, so that
// find's pointers stay valid.
func newPatternTable(n int) *patternTable {
	size := 1
	for size < 2*n {
		size *= 2
	}
	t := patternTables.Get().(*patternTable)
	if cap(t.slots) >= size {
		t.slots = t.slots[:size]
		clear(t.slots)
	} else {
		t.slots = make([]int32, size)
	}
	if cap(t.entries) < n {
		t.entries = make([]patternEntry, 0, n)
	}
	t.entries = t.entries[:0]
	return t
}

// release gives t back for the next file, when it is small enough to keep;
// t may be nil.
func (t *patternTable) release() {
	if t == nil || cap(t.slots) > maxPooledSlots {
		return
	}
	clear(t.entries) // no pattern of this file is kept alive (reset cleared the groups before)
	patternTables.Put(t)
}

// reset empties t for the next group.
func (t *patternTable) reset() {
	clear(t.slots)
	clear(t.entries) // the entries in use: those of other files are cleared already
	t.entries = t.entries[:0]
}

// find returns the entry of pattern, added when it is new.
func (t *patternTable) find(pattern string) *[2]int32 {
	mask := uint64(len(t.slots) - 1)
	for h := maphash.String(t.seed, pattern) & mask; ; h = (h + 1) & mask {
		e := t.slots[h]
		if e == 0 {
			t.entries = append(t.entries, patternEntry{pattern: pattern})
			t.slots[h] = int32(len(t.entries))
			return &t.entries[len(t.entries)-1].first
		}
		if t.entries[e-1].pattern == pattern {
			return &t.entries[e-1].first
		}
	}
}

// pairScan is the most rules of a group that eachRulePair searches rule by
// rule (their square, at most 528 comparisons of patterns, most of which
// differ in length).
const pairScan = 32

// rulePairs is eachRulePair on the rules of one group, rule by rule: the
// earlier rule is the first of the same kind and pattern, else the first
// of the other kind.
func rulePairs(rules []robots.Rule, fn func(r, earlier robots.Rule, same bool)) {
	for i, r := range rules {
		if r.Pattern == "" {
			continue
		}
		other := -1
		same := false
		for j, e := range rules[:i] {
			if e.Pattern == "" || e.Canonical != r.Canonical {
				continue
			}
			if e.Allow == r.Allow {
				fn(r, e, true)
				same = true
				break
			}
			if other < 0 {
				other = j
			}
		}
		if !same && other >= 0 {
			fn(r, rules[other], false)
		}
	}
}

// checkSecondStar finds a * group after the first: RFC 9309 and Google merge
// the two, the first-match dialects obey only the first.
var checkSecondStar = newCheck(robots.SecondStar, func(p *pass) {
	first := 0
	for _, g := range p.groups() {
		for _, a := range g.Agents {
			if !a.Global {
				continue
			}
			if first == 0 {
				first = a.Line
				continue
			}
			p.reportf(a.Line, 0, "a second * group: RFC 9309 and Google merge it with the one at line %d, the first-match dialects ignore it", first)
		}
	}
})

// checkStarReplaced finds a crawler that a group names, for which disallow
// rules of the * group no longer apply: a named group replaces the * group,
// it does not add to it, which files often forget (star.LeftBehind says which).
var checkStarReplaced = newCheck(robots.StarReplaced, func(p *pass) {
	starRules := p.Robots.AgentAny().Rules()
	for _, a := range names(p) {
		left := star.LeftBehind(p.Robots, a.Name, starRules)
		if len(left) == 0 {
			continue
		}
		p.reportf(a.Line, 0, "the group for %s replaces the * group for it: %s of the * group (first: line %d) %s not apply to it",
			a, words.Count(len(left), "disallow rule"), left[0].Line, words.Plural(len(left), "does", "do"))
	}
})

// checkStarUsageHidden finds a crawler that a group names, for which the
// Content-Usage and Content-Signal lines of the * group no longer apply: a
// named group replaces the * group, its usage lines too, so a site that
// states its preferences once, for every crawler, states none for the
// crawlers it names (star.HiddenUsage says which, and keeps quiet about a group
// that disallows everything).
var checkStarUsageHidden = newCheck(robots.StarUsageHidden, func(p *pass) {
	for _, a := range names(p) {
		hidden := star.HiddenUsage(p.Robots, a.Name)
		if len(hidden) == 0 {
			continue
		}
		own := 0
		for _, g := range p.Robots.Agent(a.Name).Selection().Groups {
			own += len(g.Usage) + len(g.Signals)
		}
		state := "its own group states none"
		if own > 0 {
			state = "its own group states " + words.Count(own, "usage line") + " instead"
		}
		n := len(hidden)
		p.reportf(a.Line, 0, "the group for %s replaces the * group for it, usage preferences too: the * group's Content-Usage and Content-Signal %s %s %s not apply to it, and %s; repeat %s in its group if %s meant for it too",
			a, words.Plural(n, "line", "lines"), words.Lines(hidden), words.Plural(n, "does", "do"), state, words.Plural(n, "it", "them"), words.Plural(n, "it is", "they are"))
	}
})

// checkUsageFileWide notes the Content-Usage and Content-Signal lines outside
// any group: this library applies them to every crawler, beside the lines
// of its groups (as crawler-commons does); a parser that reads only groups
// ignores them.
var checkUsageFileWide = newCheck(robots.UsageFileWide, func(p *pass) {
	note := func(line int, field string) {
		p.reportf(line, 0, "%s outside any group applies to every crawler, file-wide, beside the lines of its groups (as crawler-commons reads it); parsers that read only groups ignore it, so repeat it in the groups to be sure", field)
	}
	for _, u := range p.Robots.Usage() {
		note(u.Line, dialect.FieldContentUsage)
	}
	for _, s := range p.Robots.Signals() {
		note(s.Line, dialect.FieldContentSignal)
	}
})

// maxNames bounds the named crawlers the checks that ask a Matcher of each
// (checkStarReplaced, checkStarUsageHidden) ask: selecting one crawler's
// groups reads every group, so a file of tens of thousands of one-line groups would
// otherwise cost their square.
const maxNames = 1000

// names returns the first maxNames crawlers the file names, and reports
// at the first line past them that the rest are not checked.
func names(p *pass) []robots.UserAgent {
	all := p.Robots.Names()
	if len(all) <= maxNames {
		return all
	}
	p.reportf(all[maxNames].Line, 0, "the file names more than %d crawlers: this check asks of the first %d only, and none from this line on", maxNames, maxNames)
	return all[:maxNames]
}

// extensionSyntax is the syntax of each extension that has one, and how to
// say it.
var extensionSyntax = map[string]struct {
	ok   func(string) bool
	want string
}{
	"host":         {hostSyntax, "a host name, with an optional scheme and port (Yandex)"},
	"clean-param":  {cleanParamSyntax, "parameters joined by & and an optional path (Yandex)"},
	"request-rate": {requestRateSyntax, "pages/seconds such as 1/5s, and an optional HHMM-HHMM"},
	"visit-time":   {visitTimeSyntax, "HHMM-HHMM"},
}

// checkExtensionSyntax checks the values of the extensions real files use whose
// syntax is defined: host, clean-param, request-rate and visit-time (their
// meaning is another matter: few crawlers read them).
var checkExtensionSyntax = newCheck(robots.ExtensionSyntax, func(p *pass) {
	for _, e := range p.Robots.Extensions() {
		syn, ok := extensionSyntax[e.Key]
		if !ok || e.Value == "" || syn.ok(e.Value) {
			continue // an empty value is the parser's to report
		}
		p.reportf(e.Line, 0, "%s: %q is not %s", e.Key, e.Value, syn.want)
	}
})

// checkPastLimit finds content past RFC 9309's minimum parse limit in a file
// read with a larger one (robots.WithParseLimit): crawlers that stop at
// the minimum, as RFC 9309 allows and Google does, ignore what follows.
var checkPastLimit = newCheck(robots.PastLimit, func(p *pass) {
	src := p.Source
	if p.Robots.Truncated() || src.BodyOffset(len(src.Text)) <= robots.DefaultParseLimit {
		return
	}
	for i, l := range src.Lines {
		if src.BodyOffset(l.Span.End) > robots.DefaultParseLimit {
			p.reportf(i+1, 0, "the file is longer than %d octets; crawlers that stop there, as RFC 9309 allows and Google does, ignore what follows", robots.DefaultParseLimit)
			return
		}
	}
})
