// Package usage reads and combines usage preferences: what a site says may
// be done with content a crawler has fetched, such as training AI models or
// building a search index. A crawler that decides robots.txt with the root
// package gets them for a URL as Decision.Usage, and package meta reads
// them from a response's headers; this package holds the type both return
// (Set), the categories to ask it about, and the parsers of the values.
//
//	d := rules.Agent("FooBot").Decide(url) // rules from robots.Parse
//	if p, from := d.Usage.Combined(usage.TrainAI); p == usage.Disallowed {
//		return fmt.Errorf("%s: no AI training (%s)", url, from) // "line 4: Content-Usage"
//	}
//
// It reads two vocabularies, each an RFC 9651 structured-field Dictionary
// of labels and Tokens:
//
//   - the IETF AI Preferences vocabulary (draft-ietf-aipref-vocab, as of
//     2026-08-19): categories train-ai and search, values y and n
//     ("train-ai=n, search=y"), carried by the Content-Usage HTTP header
//     and robots.txt Content-Usage rules (draft-ietf-aipref-attach);
//   - Cloudflare's Content Signals (Content Signals Policy, 2025; no IETF
//     text): categories search, ai-input and ai-train, values yes and no,
//     and a use key (immediate, reference or full) ("search=yes,
//     ai-train=no"), carried by Content-Signal robots.txt lines and
//     headers.
//
// It knows nothing of robots.txt groups or of HTTP: it reads one value at
// a time (Parse, ParseSignal, ParseRule) and combines what it read
// (Set.Combine). The caller says where a value came from with a Source, and
// every preference keeps the source that set it.
//
// # Categories
//
// The drafts are not final, so each category's vocabulary, label, meaning
// and counterpart in the other vocabulary are one table in this package
// and nowhere else (Category.Vocabulary, Category.Label). The vocabulary
// draft defines its two categories side by side, with no hierarchy: a
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
// The two vocabularies stay apart in a Set: Get(TrainAI) is the
// Content-Usage answer, Get(SignalAITrain) the Content-Signal one. Combined
// gives one view of the categories that mean the same thing in both
// (train-ai and ai-train, search and search), by the same rule.
//
// # Content-Usage rules in robots.txt
//
// ParseRule splits a rule's value into its optional path and its preference
// (draft-ietf-aipref-attach section 3.2). Which rules apply to a URL (the
// longest matching path, order irrelevant, equal paths combined, nothing
// for a URL that may not be fetched; section 3.1) is the root package's
// work: Decision.Usage is the answer.
//
// # Malformed values
//
// Parsing never fails. What is wrong with a value is reported as
// diagnostics of the root package's Diagnostic type (robots.Diagnostic),
// under the codes it lists with their severities: an uppercase key, yes or
// no where y or n is meant or the other way round, a key of the other
// vocabulary, a value that is not one of the vocabulary's Tokens, a path
// that does not start with /, a value that is not a Dictionary. A
// diagnostic has no line: a robots.txt parser gives it the line it read.
//
// # Output
//
// A Set prints as the vocabularies write it (String), with its sources
// (AppendWithSources), or as JSON (AppendJSON, MarshalJSON): strings as
// encoding/json writes them with HTML escaping off, except that an octet
// that is not UTF-8 is kept, percent-encoded ("%FF"), not replaced.
//
// # Bounds
//
// A value is parsed in time and memory linear in its length; no limit is
// set here, since the callers in this module bound the lines and headers
// they read (package meta reads at most 64 KiB of a header), and a caller
// of Parse should do the same. The values files write most ("train-ai=n,
// search=y": members key=Token, no parameters, nothing to report) are read
// without allocating. A Set is a fixed-size value: copying, combining and
// reading one allocates nothing, so that a decision can return one without
// allocating.
package usage

import "strconv"

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

// A Category is a category of use of one vocabulary: what a preference is
// about. Get, From and Combined take one.
type Category uint8

// The categories: first the AI Preferences vocabulary's
// (draft-ietf-aipref-vocab section 4), then the Content Signals'. They run
// from 0 to NumCategories-1, so that a caller can range over them or size
// an array by them.
const (
	TrainAI       Category = iota // Content-Usage train-ai
	Search                        // Content-Usage search
	SignalSearch                  // Content-Signal search
	SignalAIInput                 // Content-Signal ai-input
	SignalAITrain                 // Content-Signal ai-train

	// NumCategories is the number of categories.
	NumCategories = iota
)

// A row is one row of the vocabulary table.
type row struct {
	vocabulary Vocabulary
	label      string // the key in a value: "train-ai", "ai-train"; case sensitive
	title      string // "AI Model Training"
	meaning    string // the use it covers, in short
	reference  string // where it is defined

	// same is the AIPref category that means the same thing, for the
	// Combined view; it is the category itself for an AIPref category, and
	// NumCategories when there is none.
	same Category
}

// vocabulary is the table: every label and meaning is here and nowhere else.
var vocabulary = [NumCategories]row{
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

// Vocabulary returns the vocabulary c belongs to.
func (c Category) Vocabulary() Vocabulary {
	if c < NumCategories {
		return vocabulary[c].vocabulary
	}
	return 0
}

// Label returns the key that names c in a value, as written: "train-ai",
// "search", "ai-train". Labels are case sensitive, and the two
// vocabularies share one ("search"); String tells them apart.
func (c Category) Label() string {
	if c < NumCategories {
		return vocabulary[c].label
	}
	return ""
}

// String returns the category's label, prefixed with its vocabulary for the
// Content Signals ("train-ai", "search", "Content-Signal search").
func (c Category) String() string {
	if c >= NumCategories {
		return "Category(" + strconv.Itoa(int(c)) + ")"
	}
	if vocabulary[c].vocabulary == ContentSignal {
		return "Content-Signal " + vocabulary[c].label
	}
	return vocabulary[c].label
}

// Categories returns the categories of a vocabulary, in the order of their
// constants.
func Categories(v Vocabulary) []Category {
	var out []Category
	for c := range Category(NumCategories) {
		if vocabulary[c].vocabulary == v {
			out = append(out, c)
		}
	}
	return out
}

// lookup returns the category of v whose label is label, compared byte for
// byte, as the vocabulary is case sensitive.
func lookup(v Vocabulary, label string) (Category, bool) {
	for c := range Category(NumCategories) {
		if vocabulary[c].vocabulary == v && vocabulary[c].label == label {
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
// of fixed size (56 octets); copying it allocates nothing, and two Sets
// compare with ==. It keeps a source's line up to 2,147,483,647, and tells
// apart up to 65,535 distinct fields, as many as any program names.
type Set struct {
	pref    [NumCategories]Pref
	use     Use // beside pref, so that the two share one word: a file may hold thousands of Sets
	from    [NumCategories]source
	useFrom source
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
		return s.from[c].unpack()
	}
	return Source{}
}

// Use returns the Content Signals use value and the source that set it.
func (s Set) Use() (Use, Source) { return s.use, s.useFrom.unpack() }

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
	s.from[c] = source{}
	if p != Unknown {
		s.from[c] = pack(src)
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
// vocabulary that means the same thing, and the source that decided it
// (the Content-Usage one when they agree). For TrainAI it joins train-ai and ai-train;
// for Search and SignalSearch, both searches; SignalAIInput has no
// counterpart and is returned alone.
func (s Set) Combined(c Category) (Pref, Source) {
	if c >= NumCategories {
		return Unknown, Source{}
	}
	same := vocabulary[c].same
	if same == NumCategories {
		return s.pref[c], s.from[c].unpack()
	}
	p, from := Unknown, source{}
	for d := range Category(NumCategories) {
		if vocabulary[d].same != same {
			continue
		}
		if q := p.Combine(s.pref[d]); q != p {
			p, from = q, s.from[d]
		}
	}
	return p, from.unpack()
}

// String returns the known preferences, each vocabulary in its own syntax:
// "Content-Usage: train-ai=n; Content-Signal: search=yes, use=reference",
// or "unknown" when nothing is known. AppendWithSources writes the same with the
// source of each.
func (s Set) String() string { return string(s.appendText(nil, false)) }
