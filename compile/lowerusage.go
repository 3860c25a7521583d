package compile

// This file lowers the Content-Usage rules selected for a crawler to ranked
// glob patterns of several classes, so that the automaton that decides
// Allow and Disallow decides them in the same pass, and turns the classes'
// winners back into preferences (UsageTable.Prefs).
//
// The semantics are draft-ietf-aipref-attach section 3.1's, as
// conformance.ReferenceUsage states them: the Content-Usage rules whose
// pattern is the longest match apply (a rule without a path matches every
// URL with length 0), whatever their order; the rules of that length
// combine by the vocabulary's rule, any n winning, else any y. One
// winner per class computes this exactly:
//
//   - ClassPresence holds every rule, ranked by its pattern's length: its
//     winner's length is the longest match;
//   - ClassCategory+i holds the rules that state the i-th AIPref category
//     (usage.Categories(usage.AIPref)), ranked 2·length, plus 1 for n, so
//     that n beats y at equal length; the category's preference is its
//     winner's when the winner is as long as the presence winner, and
//     unknown otherwise (no rule of the longest length states it).
//
// Between equal ranks the automaton takes the first rule given, and the
// rules are given in line order: the line reported for a category is the
// earliest of those that stated its preference, as the reference says.

import (
	"github.com/robotsexclusion/robots/usage"
)

// The classes of the rules that Lower and LowerUsage return (see
// Lowered.Class): the automaton decides each class apart.
const (
	ClassCrawl    = 0 // Allow and Disallow, and the rules a dialect adds
	ClassPresence = 1 // every Content-Usage rule, ranked by its length
	ClassCategory = 2 // ClassCategory+i: the Content-Usage rules stating usage.Categories(usage.AIPref)[i]
)

// aiprefCategories are the categories of the usage classes, in class
// order.
var aiprefCategories = usage.Categories(usage.AIPref)

// NumClasses returns the number of classes the lowered rules use: the
// crawl class, the presence class and one class per AIPref category.
func NumClasses() int { return ClassCategory + len(aiprefCategories) }

// A UsageTable is what deciding preferences needs beside the automaton,
// for one selection: the length, line and preference of each lowered
// Content-Usage rule, and the Content-Signal lines combined. It holds no
// string of the file. The zero UsageTable states nothing.
type UsageTable struct {
	rules   []usageEntry // by index in LowerUsage's rules
	signals usage.Set    // the selection's Content-Signal lines combined, in line order
	any     bool         // the selection has a Content-Usage or Content-Signal line
}

// usageEntry is what a lowered Content-Usage rule contributes when it wins
// its class.
type usageEntry struct {
	length int32
	line   int32
	pref   usage.Pref // the preference for the class's category; Unknown in ClassPresence
}

// LowerUsage returns the Content-Usage rules of the selection s lowered
// to ranked patterns of the classes ClassPresence and up (see the file's
// comment), in line order within each class, and the table that turns the
// classes' winners into preferences. The preferences are the same in every
// dialect: longest match, whatever the dialect's ranking of Allow and
// Disallow; patterns are in the dialect's octet form, as Allow and
// Disallow patterns are.
func LowerUsage(s Selection) ([]Lowered, UsageTable) {
	t := UsageTable{any: len(s.Usage) > 0 || len(s.Signals) > 0}
	for _, sig := range s.Signals {
		t.signals = t.signals.Combine(sig.Prefs)
	}
	if len(s.Usage) == 0 {
		return nil, t
	}
	n := len(s.Usage)
	for _, u := range s.Usage {
		for _, c := range aiprefCategories {
			if u.Prefs.Get(c) != usage.Unknown {
				n++
			}
		}
	}
	out := make([]Lowered, 0, n)
	t.rules = make([]usageEntry, 0, n)
	add := func(u UsageRule, class, rank int, pref usage.Pref) {
		out = append(out, Lowered{Pattern: u.Pattern, Rank: rank, Class: class, Line: u.Line, Value: u.Value})
		t.rules = append(t.rules, usageEntry{length: int32(len(u.Pattern)), line: int32(u.Line), pref: pref})
	}
	for _, u := range s.Usage {
		add(u, ClassPresence, len(u.Pattern), usage.Unknown)
	}
	for i, c := range aiprefCategories {
		for _, u := range s.Usage {
			p := u.Prefs.Get(c)
			if p == usage.Unknown {
				continue
			}
			rank := 2 * len(u.Pattern)
			if p == usage.Disallowed {
				rank++ // n wins a tie
			}
			add(u, ClassCategory+i, rank, p)
		}
	}
	return out, t
}

// Any reports whether the selection has any Content-Usage or
// Content-Signal line; without one, every URL's preferences are the zero
// Set.
func (t *UsageTable) Any() bool { return t.any }

// Walk reports whether deciding a URL's preferences needs the usage
// classes walked: whether the selection has Content-Usage rules.
func (t *UsageTable) Walk() bool { return len(t.rules) > 0 }

// Prefs returns the preferences of a URL that may be fetched, given the
// winner of each class: won[c] is the index of class c's winning rule in
// base plus the index in LowerUsage's rules, or below base (-1) when no
// rule of the class matched. won must hold NumClasses entries when Walk
// reports true; it is not read otherwise. Prefs does not allocate.
func (t *UsageTable) Prefs(won []int32, base int32) usage.Set {
	var s usage.Set
	if len(t.rules) > 0 && won[ClassPresence] >= base {
		longest := t.rules[won[ClassPresence]-base].length
		for i, c := range aiprefCategories {
			w := won[ClassCategory+i]
			if w < base {
				continue
			}
			if e := &t.rules[w-base]; e.length == longest {
				s = s.With(c, e.pref, usage.Source{Line: int(e.line), Field: FieldContentUsage})
			}
		}
	}
	return s.Combine(t.signals)
}
