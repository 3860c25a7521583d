package compile

// This file lowers the Content-Usage rules selected for a crawler to ranked
// glob patterns of several classes, so that the automaton that decides
// Allow and Disallow decides them in the same pass, and turns the classes'
// winners back into preferences (UsageTable.Prefs).
//
// The semantics are draft-ietf-aipref-attach section 3.1's, as
// internal/reference.Usage states them: the Content-Usage rules whose
// pattern is the longest match apply (a rule without a path matches every
// URL with length 0), whatever their order; the rules of that length
// combine by the vocabulary's rule, any n winning, else any y. One
// winner per AIPref category (usage.Categories(usage.AIPref)) computes
// this exactly: class classCategory+i holds every Content-Usage rule,
// ranked by what it says of the i-th category,
//
//	3·length + 2   the rule states n
//	3·length + 1   the rule states y
//	3·length       the rule does not state the category
//
// so that a longer rule always beats a shorter one (3·length is above
// 3·(length−1) + 2), and among the longest, n beats y, which beats
// silence: the winner's preference is the category's, unknown when no rule
// of the longest length states it. A class for the longest length alone,
// compared with each category's winner, would compute the same with one
// class more to decide.
//
// Two categories share one class when their ranks order the rules alike:
// when one's rank above 3·length is a strictly increasing function of the
// other's, rule by rule (most often, every rule states the same of each,
// "train-ai=n, search=y" on every line). Ranks compare length first, then
// that offset, so both classes would pick the same winner for every URL,
// ties included; the shared class is ranked by the first category's
// offsets, and the table reads each category's preference and line from
// its winner. The automaton then builds and walks one class, not two.
//
// Between equal ranks the automaton takes the first rule given, and the
// rules are given in line order: the line reported for a category is the
// earliest of those that stated its preference, as the reference says.
//
// Most selections need only one class, whatever the categories: two different patterns of one length can both match a URL
// only if one of them holds a '*' (two literal prefixes of one length that
// match are the same octets; an anchored pattern matches only a URL
// shorter than an unanchored one of its length). So when no pattern with a
// '*' has the length of another pattern, the rules of the longest
// matching length all have one pattern: the rules are grouped by pattern,
// each group's preferences combined once, in line order, and lowered as
// one rule of class classCategory, ranked by its length, whose winner's
// preferences are the answer.

import (
	"iter"
	"strings"

	"github.com/robotsexclusion/robots/automaton"
	"github.com/robotsexclusion/robots/usage"
)

// The classes of a Program's rules: the automaton decides each class
// apart.
const (
	classCrawl    = 0 // Allow and Disallow, and the rules a dialect adds
	classCategory = 1 // classCategory+i: the Content-Usage rules, ranked for usage.Categories(usage.AIPref)[i]
)

// aiprefCategories are the categories of the usage classes, in class
// order.
var aiprefCategories = usage.Categories(usage.AIPref)

// usageClasses are the classes of the Content-Usage rules: every class
// but the crawl class's, one per AIPref category.
var usageClasses = func() automaton.ClassSet {
	n := classCategory + len(aiprefCategories)
	if n > automaton.MaxClasses {
		panic("compile: the usage categories need more classes than automaton.MaxClasses")
	}
	return automaton.ClassSet(1<<n-1) &^ (1 << classCrawl)
}()

// A UsageTable is what deciding preferences needs beside the automaton,
// for one selection: the line and preference of each lowered Content-Usage
// rule, and the preferences that hold for every URL that may be fetched.
// It holds no string of the file. The zero UsageTable states nothing.
type UsageTable struct {
	// rules are by index in LowerUsage's rules, len(aiprefCategories)
	// entries per rule, one per category: the rule's preference for it
	// (combined over its group, for rules grouped by pattern) and line.
	rules []usageEntry
	// class is, by index in aiprefCategories, the class that decides the
	// category; 0 (classCrawl) when no rule states it.
	class [usage.NumCategories]int8
	// fixed holds the Content-Signal lines combined, in line order, and,
	// when no Content-Usage rule has a path, the Content-Usage rules too:
	// they all apply to every URL.
	fixed usage.Set
	any   bool  // the selection has a Content-Usage or Content-Signal line
	base  int32 // the index in the Program's Rules of the first Content-Usage rule
}

// usageEntry is what a lowered Content-Usage rule contributes for one
// category when it wins.
type usageEntry struct {
	line int32
	pref usage.Pref
}

// lowerUsage returns the Content-Usage rules of the selection s lowered
// to ranked patterns of the classes classCategory and up (see the file's
// comment), in line order within each class, yielded one at a time as
// Lower appends them to the Program (a slice of them was a copy of
// Program.Rules half as large again, a third of Lower's allocations on
// files of Content-Usage lines), how many it yields, and the table that
// turns the classes' winners into preferences. The preferences are the same in every
// dialect: longest match, whatever the dialect's ranking of Allow and
// Disallow; patterns are in the dialect's octet form, as Allow and
// Disallow patterns are.
//
// Two cases need no class, and nothing decided per URL: when no rule has a
// path, every rule applies to every URL, so the rules are combined here,
// once; and a category that no rule states is unknown for every URL, so it
// gets no class. When the rules can be grouped by pattern, they are, in
// one class (see the file's comment).
func lowerUsage(s Selection) (iter.Seq[lowered], int, UsageTable) {
	rules := s.usageRules()
	t := UsageTable{any: len(rules) > 0 || len(s.Signals) > 0}
	paths := false
	for _, u := range rules {
		paths = paths || u.Canonical != ""
	}
	if !paths {
		for _, u := range rules {
			t.fixed = t.fixed.Combine(u.Prefs)
		}
	}
	for _, sig := range s.Signals {
		t.fixed = t.fixed.Combine(sig.Prefs)
	}
	if !paths {
		return func(func(lowered) bool) {}, 0, t
	}
	if !starCollides(rules) {
		return lowerGrouped(rules, t)
	}
	// The stated categories, each with the class it shares with an
	// earlier one, or a class of its own.
	var offs [usage.NumCategories][]int8 // by category index: each rule's rank above 3·length
	var rep [usage.NumCategories]int     // by category index: the category whose class it shares, or itself
	nclass := 0
	for i, c := range aiprefCategories {
		o := make([]int8, len(rules))
		stated := false
		for r, u := range rules {
			o[r] = offset(u.Prefs.Get(c))
			stated = stated || o[r] != 0
		}
		if !stated {
			continue
		}
		offs[i], rep[i] = o, i
		for j := range i {
			if rep[j] == j && offs[j] != nil && sameOrder(offs[j], o) {
				rep[i] = j
				break
			}
		}
		if rep[i] == i {
			t.class[i] = int8(classCategory + nclass)
			nclass++
		} else {
			t.class[i] = t.class[rep[i]]
		}
	}
	n := len(rules) * nclass
	t.rules = make([]usageEntry, 0, n*len(aiprefCategories))
	for i := range aiprefCategories {
		if offs[i] == nil || rep[i] != i {
			continue
		}
		for _, u := range rules {
			for _, c := range aiprefCategories {
				t.rules = append(t.rules, usageEntry{line: int32(u.Line), pref: u.Prefs.Get(c)})
			}
		}
	}
	class := t.class
	return func(yield func(lowered) bool) {
		for i := range aiprefCategories {
			if offs[i] == nil || rep[i] != i {
				continue
			}
			for r, u := range rules {
				if !yield(lowered{pattern: u.Canonical, rank: 3*len(u.Canonical) + int(offs[i][r]), class: int(class[i]), line: u.Line}) {
					return
				}
			}
		}
	}, n, t
}

// offset returns a rule's rank above 3·length in the class of a category
// for which it states p: n wins a tie, y wins over silence.
func offset(p usage.Pref) int8 {
	switch p {
	case usage.Disallowed:
		return 2
	case usage.Allowed:
		return 1
	}
	return 0
}

// sameOrder reports whether the offsets b order the rules as a does: b is
// a strictly increasing function of a. Then the ranks 3·length + a and
// 3·length + b compare every two rules alike (length first, then offset),
// so one class decides both categories, ties falling to the same first
// rule.
func sameOrder(a, b []int8) bool {
	var to [3]int8 // to[x] is b's offset where a's is x, plus one; 0 when not seen
	for r := range a {
		switch x := to[a[r]]; {
		case x == 0:
			to[a[r]] = b[r] + 1
		case x != b[r]+1:
			return false
		}
	}
	last := int8(-1)
	for _, x := range to {
		if x == 0 {
			continue
		}
		if x-1 <= last {
			return false
		}
		last = x - 1
	}
	return true
}

// starCollides reports whether a pattern with a '*' has the length of
// another, different pattern: then two rules of the longest matching
// length may have different patterns, and the rules cannot be grouped by
// pattern. It takes one pass over the rules.
func starCollides(rules []*UsageRule) bool {
	type length struct {
		first  string // the first pattern of the length
		star   bool   // a pattern of the length holds a '*'
		others bool   // a pattern of the length differs from first
	}
	byLen := make(map[int]length)
	for _, u := range rules {
		l, ok := byLen[len(u.Canonical)]
		if !ok {
			l.first = u.Canonical
		}
		l.star = l.star || strings.IndexByte(u.Canonical, '*') >= 0
		l.others = l.others || u.Canonical != l.first
		if l.star && l.others {
			return true
		}
		byLen[len(u.Canonical)] = l
	}
	return false
}

// lowerGrouped lowers rules, grouped by pattern, to one rule per pattern of
// class classCategory, ranked by its length, in the line order of their
// first rules, yielded one at a time, and says how many; t gets, for
// each, the preference of each category that its rules, combined in line
// order, state, and the line that stated it. One pass numbers the
// patterns, so that the second fills the table at its final size.
func lowerGrouped(rules []*UsageRule, t UsageTable) (iter.Seq[lowered], int, UsageTable) {
	group := make(map[string]int32, len(rules))
	of := make([]int32, len(rules)) // by rule: its pattern's number
	for r, u := range rules {
		g, ok := group[u.Canonical]
		if !ok {
			g = int32(len(group))
			group[u.Canonical] = g
		}
		of[r] = g
	}
	ncat := len(aiprefCategories)
	t.rules = make([]usageEntry, len(group)*ncat)
	for r, u := range rules {
		g := int(of[r])
		// Combined as usage.Set.Combine combines, category by
		// category: the first line to state what wins is kept.
		for i, c := range aiprefCategories {
			e := &t.rules[g*ncat+i]
			if p := e.pref.Combine(u.Prefs.Get(c)); p != e.pref {
				e.pref, e.line = p, int32(u.Prefs.From(c).Line)
			}
		}
	}
	for i := range aiprefCategories {
		t.class[i] = classCategory
	}
	// The patterns are numbered in the order of their first rules: the
	// rule that first has the next number is that pattern's first.
	return func(yield func(lowered) bool) {
		next := int32(0)
		for r, u := range rules {
			if of[r] != next {
				continue
			}
			next++
			if !yield(lowered{pattern: u.Canonical, rank: len(u.Canonical), class: classCategory, line: u.Line}) {
				return
			}
		}
	}, len(group), t
}

// Classes returns the classes whose winners Prefs reads, which the
// Machine must decide for a URL (automaton.Machine.MatchClasses), beside
// class 0; none when no Content-Usage rule has a path, and every URL that
// may be fetched has the same preferences.
func (t *UsageTable) Classes() automaton.ClassSet {
	if len(t.rules) == 0 {
		return 0
	}
	return usageClasses
}

// Prefs returns the preferences of a URL that may be fetched, given the
// winner of each class as automaton.Machine.MatchClasses gives them: the
// index in the Program's Rules of class c's winning rule in won[c], or -1
// when no rule of the class matched, or automaton.OverBudget when the
// class could not be decided within the decision budget. A category whose
// class is OverBudget fails closed: it reads usage.Disallowed, from a
// Content-Usage source of no line. Only the classes of Classes are read.
// Prefs does not allocate.
func (t *UsageTable) Prefs(won *[automaton.MaxClasses]int32) usage.Set {
	return t.prefs(won[:], t.base)
}

// prefs is Prefs, given the index of the first Content-Usage rule.
func (t *UsageTable) prefs(won []int32, base int32) usage.Set {
	// The Content-Usage rules state only AIPref categories, the
	// Content-Signal lines only others: combining them is setting the
	// first in the second.
	s := t.fixed
	if len(t.rules) == 0 {
		return s
	}
	for i, c := range aiprefCategories {
		if t.class[i] == classCrawl {
			continue
		}
		switch w := won[t.class[i]]; {
		case w >= base:
			s = t.rules[int(w-base)*len(aiprefCategories)+i].set(s, c)
		case w == automaton.OverBudget:
			s = s.With(c, usage.Disallowed, usage.Source{Field: fieldContentUsage})
		}
	}
	return s
}

// set returns s with e's preference for c, if it states one.
func (e *usageEntry) set(s usage.Set, c usage.Category) usage.Set {
	if e.pref == usage.Unknown {
		return s
	}
	return s.With(c, e.pref, usage.Source{Line: int(e.line), Field: fieldContentUsage})
}
