// Package usage reads and combines usage preferences: what a site says may be
// done with content a crawler has fetched, such as training AI models or
// building a search index. It knows two vocabularies:
//
//   - the IETF AI Preferences vocabulary (draft-ietf-aipref-vocab), carried
//     by Content-Usage HTTP headers and robots.txt rules
//     (draft-ietf-aipref-attach): categories train-ai and search, values y
//     and n, written as an RFC 9651 structured-field Dictionary
//     ("train-ai=n, search=y");
//   - Cloudflare's Content Signals, carried by Content-Signal lines and
//     headers: categories search, ai-input and ai-train, values yes and no,
//     and a use key (immediate, reference or full), written the same way
//     ("search=yes, ai-train=no").
//
// The package knows nothing of robots.txt groups or of HTTP: it reads one
// value at a time (Parse, ParseSignal, ParseRule), and combines what it read
// (Set.Combine). A caller says where a value came from with a Source, and
// every preference keeps the source that set it.
//
// # The vocabulary table
//
// The drafts are not final, so the categories, their labels, meanings and
// which of them mean the same thing live in one table (see Category.Info and
// Lookup) and nowhere else. The vocabulary draft this table follows (as of
// 2026-08-19) defines two categories side by side, with no hierarchy: a
// preference for one says nothing about the other. Labels are case
// sensitive.
//
// # Preferences
//
// Each category is Allowed, Disallowed or Unknown. Parsing follows the
// vocabulary draft's processing algorithm (section 6.5): the value is parsed
// as a Dictionary; for each category the value of its label counts, its
// parameters ignored; the Token y allows, the Token n disallows, anything
// else (no key, a String, a Boolean, another Token) leaves the category
// unknown; a key given twice keeps its last value; unknown keys are
// ignored; and a value that is not a valid Dictionary (an uppercase key,
// a trailing comma) leaves every category unknown. Content Signals are read
// the same way, with the Tokens yes and no.
//
// Statements are combined category by category as the vocabulary draft
// says (section 5.1): any Disallowed wins, else any Allowed, else Unknown.
//
// The two vocabularies stay apart in a Set: Get(TrainAI) is the
// Content-Usage answer, Get(SignalAITrain) the Content-Signal one. Combined
// gives one view of the categories that mean the same thing in both
// (train-ai and ai-train, search and search), by the same rule: any no wins.
//
// # Content-Usage rules in robots.txt
//
// ParseRule splits a rule's value into its optional path and its
// preference (draft-ietf-aipref-attach section 3.2). Which rules apply to a
// URL (the longest matching path, order irrelevant, equal paths combined,
// nothing for a URL that may not be fetched; section 3.1) is defined by the
// naive reference conformance.ReferenceUsage. The robots.txt parser
// (package compile) reads these rules, and the root package decides them
// in the automaton that decides Allow and Disallow (Decision.Usage).
//
// # Malformed values
//
// Parsing never fails. What is wrong with a value is reported as
// diagnostics of the project's one Diagnostic type (robots.Diagnostic),
// with stable codes that the root package lists with their severities (an
// uppercase key, yes/no where y/n is
// meant or the other way round, a key of the other vocabulary, a value that
// is not y or n, a path that does not start with /, a value that is not a
// Dictionary), which a robots.txt parser can attach to the line it read.
//
// # Bounds
//
// A value is parsed in time and memory linear in its length; no limit is
// set here, since every caller already bounds the lines and headers it
// reads. The values files write most ("train-ai=n, search=y": members
// key=Token, no parameters, nothing to report) are read without
// allocating (quick.go); others through github.com/dunglas/httpsfv. A Set is a fixed-size value that allocates nothing, so that a
// matcher can return one from a decision without allocating.
package usage

import (
	"strconv"
	"strings"
)

// A Pref is the preference for one category of use.
type Pref uint8

// The three preferences. The zero value is Unknown.
const (
	Unknown    Pref = iota // no statement, or none understood
	Allowed                // y (Content-Usage), yes (Content-Signal)
	Disallowed             // n (Content-Usage), no (Content-Signal)
)

var prefNames = [...]string{"unknown", "allowed", "disallowed"}

// String returns "unknown", "allowed" or "disallowed".
func (p Pref) String() string {
	if int(p) < len(prefNames) {
		return prefNames[p]
	}
	return "Pref(" + strconv.Itoa(int(p)) + ")"
}

// Combine returns the combination of two preferences for one category, by
// the vocabulary draft's rule (section 5.1): Disallowed if either is,
// otherwise Allowed if either is, otherwise Unknown.
func (p Pref) Combine(q Pref) Pref {
	switch {
	case p == Disallowed || q == Disallowed:
		return Disallowed
	case p == Allowed || q == Allowed:
		return Allowed
	}
	return Unknown
}

// A Vocabulary is a set of categories and the syntax of their values.
type Vocabulary uint8

// The vocabularies.
const (
	AIPref        Vocabulary = iota + 1 // IETF draft-ietf-aipref-vocab: Content-Usage, values y and n
	ContentSignal                       // Cloudflare Content Signals: Content-Signal, values yes and no
)

// String returns the name of the field that carries the vocabulary:
// "Content-Usage" or "Content-Signal".
func (v Vocabulary) String() string {
	switch v {
	case AIPref:
		return "Content-Usage"
	case ContentSignal:
		return "Content-Signal"
	}
	return "Vocabulary(" + strconv.Itoa(int(v)) + ")"
}

// allow and disallow return the Tokens that state a preference in v.
func (v Vocabulary) allow() string {
	if v == ContentSignal {
		return "yes"
	}
	return "y"
}

func (v Vocabulary) disallow() string {
	if v == ContentSignal {
		return "no"
	}
	return "n"
}

// A Category is a category of use of one vocabulary. Its label and meaning
// are in the vocabulary table (Info).
type Category uint8

// The categories, in the order of the vocabulary table.
const (
	TrainAI       Category = iota // Content-Usage train-ai
	Search                        // Content-Usage search
	SignalSearch                  // Content-Signal search
	SignalAIInput                 // Content-Signal ai-input
	SignalAITrain                 // Content-Signal ai-train

	// NumCategories is the number of categories in the table.
	NumCategories = iota
)

// A CategoryInfo is one row of the vocabulary table.
type CategoryInfo struct {
	Vocabulary Vocabulary
	Label      string // the key in a value: "train-ai", "ai-train"; case sensitive
	Title      string // "AI Model Training"
	Meaning    string // the use it covers, in short
	Reference  string // where it is defined

	// Same is the AIPref category that means the same thing, for the
	// Combined view; it is the category itself for an AIPref category, and
	// NumCategories when there is none.
	Same Category
}

// vocabulary is the table: every label and meaning is here and nowhere else.
var vocabulary = [NumCategories]CategoryInfo{
	TrainAI: {AIPref, "train-ai", "AI Model Training",
		"using the content to change the learned parameters of an AI model that generates synthetic content",
		"draft-ietf-aipref-vocab, section 4.1", TrainAI},
	Search: {AIPref, "search", "Search",
		"using the content in an application whose purpose is to select content and direct users to where it is, linking to it, with excerpts only to help judge relevance; not summaries",
		"draft-ietf-aipref-vocab, section 4.2", Search},
	SignalSearch: {ContentSignal, "search", "Search",
		"building a search index and showing links and short excerpts; not AI-generated summaries",
		"Cloudflare Content Signals Policy (2025)", Search},
	SignalAIInput: {ContentSignal, "ai-input", "AI Input",
		"feeding the content into AI models when they answer: retrieval-augmented generation, grounding",
		"Cloudflare Content Signals Policy (2025)", NumCategories},
	SignalAITrain: {ContentSignal, "ai-train", "AI Training",
		"training or fine-tuning AI models",
		"Cloudflare Content Signals Policy (2025)", TrainAI},
}

// Info returns the vocabulary table's row for c.
func (c Category) Info() CategoryInfo {
	if c < NumCategories {
		return vocabulary[c]
	}
	return CategoryInfo{}
}

// String returns the category's label, prefixed with its vocabulary for the
// Content Signals ("train-ai", "search", "Content-Signal search").
func (c Category) String() string {
	if c >= NumCategories {
		return "Category(" + strconv.Itoa(int(c)) + ")"
	}
	if vocabulary[c].Vocabulary == ContentSignal {
		return "Content-Signal " + vocabulary[c].Label
	}
	return vocabulary[c].Label
}

// Categories returns the categories of a vocabulary, in table order.
func Categories(v Vocabulary) []Category {
	var out []Category
	for c := range Category(NumCategories) {
		if vocabulary[c].Vocabulary == v {
			out = append(out, c)
		}
	}
	return out
}

// Lookup returns the category of v whose label is label, compared byte for
// byte, as the vocabulary is case sensitive.
func Lookup(v Vocabulary, label string) (Category, bool) {
	for c := range Category(NumCategories) {
		if vocabulary[c].Vocabulary == v && vocabulary[c].Label == label {
			return c, true
		}
	}
	return 0, false
}

// A Use is the value of the use key of Content Signals, which Cloudflare's
// managed files write beside the categories (use=reference). No published
// text defines what each value permits; it is reported as read.
type Use uint8

// The use values. The zero value is UseUnknown: no use key, or one not
// understood.
const (
	UseUnknown Use = iota
	UseImmediate
	UseReference
	UseFull
)

var useLabels = [...]string{"", "immediate", "reference", "full"}

// useKey is the key of the Use value in a Content-Signal value.
const useKey = "use"

// String returns the value as written ("immediate", "reference", "full"),
// or "unknown".
func (u Use) String() string {
	if u == UseUnknown {
		return "unknown"
	}
	if int(u) < len(useLabels) {
		return useLabels[u]
	}
	return "Use(" + strconv.Itoa(int(u)) + ")"
}

// A Source says where a statement of preference was read: a line of a file
// (robots.txt), a field (an HTTP header, a META tag), or both. Its zero
// value is no source.
type Source struct {
	Line  int    // 1-based line of the file; 0 when not from a file
	Field string // "Content-Usage", "Content-Signal", "X-Robots-Tag", `meta name="robots"`, ...
}

// String returns "line 4: Content-Usage", "Content-Usage" or "line 4"; ""
// for the zero Source.
func (s Source) String() string {
	switch {
	case s.Line > 0 && s.Field != "":
		return "line " + strconv.Itoa(s.Line) + ": " + s.Field
	case s.Line > 0:
		return "line " + strconv.Itoa(s.Line)
	}
	return s.Field
}

// A Set is the preference for every category of both vocabularies, the
// Content Signals use value, and for each the source that set it. The zero
// Set holds no statement: every category Unknown. A Set is a plain value
// of fixed size; copying it allocates nothing, and two Sets compare with ==.
type Set struct {
	pref    [NumCategories]Pref
	use     Use // beside pref, so that the two share one word: a file may hold thousands of Sets
	from    [NumCategories]Source
	useFrom Source
}

// Get returns the preference for c.
func (s Set) Get(c Category) Pref {
	if c < NumCategories {
		return s.pref[c]
	}
	return Unknown
}

// From returns the source that set the preference for c: the first, in the
// order the statements were combined, that stated what Get returns. It is
// the zero Source when the preference is Unknown.
func (s Set) From(c Category) Source {
	if c < NumCategories {
		return s.from[c]
	}
	return Source{}
}

// Use returns the Content Signals use value and the source that set it.
func (s Set) Use() (Use, Source) { return s.use, s.useFrom }

// Known reports whether any category's preference or the use value is
// known.
func (s Set) Known() bool {
	for _, p := range s.pref {
		if p != Unknown {
			return true
		}
	}
	return s.use != UseUnknown
}

// With returns s with the preference for c set to p, from src, replacing
// what s held for c. It is for callers that map another format onto the
// vocabulary (such as the noai META directive); a preference of Unknown
// clears the category.
func (s Set) With(c Category, p Pref, src Source) Set {
	if c >= NumCategories {
		return s
	}
	s.pref[c] = p
	s.from[c] = src
	if p == Unknown {
		s.from[c] = Source{}
	}
	return s
}

// Combine returns the combination of two statements, category by category:
// Disallowed if either says so, otherwise Allowed if either says so,
// otherwise Unknown (draft-ietf-aipref-vocab, section 5.1). Each category
// keeps the source of the statement that decided it, s's when both agree.
//
// No published text orders the use values, so the use value of s is kept
// when it has one, otherwise o's.
func (s Set) Combine(o Set) Set {
	for c := range s.pref {
		if p := s.pref[c].Combine(o.pref[c]); p != s.pref[c] {
			s.pref[c], s.from[c] = p, o.from[c]
		}
	}
	if s.use == UseUnknown {
		s.use, s.useFrom = o.use, o.useFrom
	}
	return s
}

// Combined returns the combined view of c: the preference for c combined,
// by the rule of Combine, with that of every category of the other
// vocabulary that means the same thing (the Same column of the table), and
// the source that decided it (the earlier in table order when they agree,
// so the Content-Usage one). For TrainAI it joins train-ai and ai-train;
// for Search and SignalSearch, both searches; SignalAIInput has no
// counterpart and is returned alone.
func (s Set) Combined(c Category) (Pref, Source) {
	if c >= NumCategories {
		return Unknown, Source{}
	}
	same := vocabulary[c].Same
	if same == NumCategories {
		return s.pref[c], s.from[c]
	}
	p, from := Unknown, Source{}
	for d := range Category(NumCategories) {
		if vocabulary[d].Same != same {
			continue
		}
		if q := p.Combine(s.pref[d]); q != p {
			p, from = q, s.from[d]
		}
	}
	return p, from
}

// String returns the known preferences, each vocabulary in its own syntax:
// "Content-Usage: train-ai=n; Content-Signal: search=yes, use=reference",
// or "unknown" when nothing is known.
func (s Set) String() string {
	var parts []string
	for _, v := range []Vocabulary{AIPref, ContentSignal} {
		var kv []string
		for _, c := range Categories(v) {
			switch s.pref[c] {
			case Allowed:
				kv = append(kv, vocabulary[c].Label+"="+v.allow())
			case Disallowed:
				kv = append(kv, vocabulary[c].Label+"="+v.disallow())
			}
		}
		if v == ContentSignal && s.use != UseUnknown {
			kv = append(kv, useKey+"="+s.use.String())
		}
		if len(kv) > 0 {
			parts = append(parts, v.String()+": "+strings.Join(kv, ", "))
		}
	}
	if len(parts) == 0 {
		return "unknown"
	}
	return strings.Join(parts, "; ")
}
