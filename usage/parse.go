package usage

// This file reads values: a statement of preference (Content-Usage), a
// Content-Signal value, and a robots.txt Content-Usage rule (an optional
// path, then a statement). The Dictionary syntax is RFC 9651's, parsed by
// github.com/dunglas/httpsfv; this file only applies the vocabulary
// draft's processing to what it returns, and explains failures.

import (
	"fmt"
	"strings"

	"github.com/dunglas/httpsfv"
)

// A Code names a kind of diagnostic. Codes are stable: tools may match on
// them, and they never change meaning.
type Code string

// The diagnostics of a value. Each says what was found and what parsing did
// with it; none stops parsing.
const (
	Syntax            Code = "usage-syntax"             // not an RFC 9651 Dictionary: every category unknown
	UppercaseKey      Code = "usage-uppercase-key"      // a key with uppercase letters: not a Dictionary, every category unknown
	BadValue          Code = "usage-bad-value"          // a known key whose value is not y/n (yes/no): that category unknown
	YesNo             Code = "usage-yes-no"             // yes or no in a Content-Usage value, which takes y or n: unknown
	SignalYN          Code = "signal-y-n"               // y or n in a Content-Signal value, which takes yes or no: unknown
	OtherVocabulary   Code = "usage-other-vocabulary"   // a key of the other vocabulary (ai-train in Content-Usage): ignored
	BadPath           Code = "usage-bad-path"           // a rule's path does not start with /: read as part of the preference
	MissingPreference Code = "usage-missing-preference" // a rule or value with no preference: every category unknown
)

// A Diagnostic reports a malformed value.
type Diagnostic struct {
	Code    Code   // the kind of problem
	Key     string // the key concerned, "" when it concerns the whole value
	Message string // one sentence for people
}

// String returns "code: message".
func (d Diagnostic) String() string { return string(d.Code) + ": " + d.Message }

// Parse reads a statement of preference in the AI Preferences vocabulary:
// the value of a Content-Usage header, or the preference of a Content-Usage
// rule (see ParseRule), following the processing algorithm of
// draft-ietf-aipref-vocab section 6.5 (see the package documentation). Every
// category it sets records from as its source. It never fails: a value
// that cannot be read leaves every category unknown and is reported in the
// diagnostics.
func Parse(value string, from Source) (Set, []Diagnostic) {
	return parse(AIPref, value, from)
}

// ParseSignal reads a Content-Signal value: an RFC 9651 Dictionary whose
// keys search, ai-input and ai-train take the Tokens yes and no, and whose
// key use takes immediate, reference or full. It is read as Parse reads a
// Content-Usage value: parameters and unknown keys ignored, a key given
// twice keeps its last value, any other value leaves that category unknown,
// and a value that is not a Dictionary leaves every category unknown.
func ParseSignal(value string, from Source) (Set, []Diagnostic) {
	return parse(ContentSignal, value, from)
}

// parse reads value in the vocabulary v: quickly when quick can (see
// quick.go), otherwise with httpsfv.
func parse(v Vocabulary, value string, from Source) (Set, []Diagnostic) {
	if s, ok := quick(v, value, from); ok {
		return s, nil
	}
	return parseDictionary(v, value, from)
}

// parseDictionary reads value in the vocabulary v as an httpsfv Dictionary.
func parseDictionary(v Vocabulary, value string, from Source) (Set, []Diagnostic) {
	var s Set
	var diags []Diagnostic
	if strings.Trim(value, " \t") == "" {
		return s, []Diagnostic{{MissingPreference, "", "no preference is stated"}}
	}
	dict, err := httpsfv.UnmarshalDictionary([]string{value})
	if err != nil {
		return s, []Diagnostic{syntaxDiagnostic(value)}
	}
	other := AIPref
	if v == AIPref {
		other = ContentSignal
	}
	for _, key := range dict.Names() {
		m, _ := dict.Get(key)
		c, ok := Lookup(v, key)
		if !ok {
			if _, theirs := Lookup(other, key); theirs && !(v == ContentSignal && key == useKey) {
				diags = append(diags, Diagnostic{OtherVocabulary, key,
					fmt.Sprintf("%s is a %s key, ignored in %s", key, other, v)})
			}
			if v == ContentSignal && key == useKey {
				if u, ok := readUse(m); ok {
					s.use, s.useFrom = u, from
				} else {
					diags = append(diags, Diagnostic{BadValue, key,
						fmt.Sprintf("use is %s, not immediate, reference or full: ignored", describe(m))})
				}
			}
			continue
		}
		p, d := read(v, key, m)
		if d != nil {
			diags = append(diags, *d)
		}
		if p != Unknown {
			s.pref[c], s.from[c] = p, from
		}
	}
	return s, diags
}

// read returns the preference a Dictionary member states for the category
// labelled key in v, parameters ignored, and a diagnostic when the member
// is not one of v's two Tokens.
func read(v Vocabulary, key string, m httpsfv.Member) (Pref, *Diagnostic) {
	tok, isToken := token(m)
	switch {
	case isToken && tok == v.allow():
		return Allowed, nil
	case isToken && tok == v.disallow():
		return Disallowed, nil
	}
	want := v.allow() + " or " + v.disallow()
	d := &Diagnostic{BadValue, key, fmt.Sprintf("%s is %s, not %s: unknown", key, describe(m), want)}
	switch {
	case v == AIPref && isToken && (tok == "yes" || tok == "no"):
		d.Code = YesNo
		d.Message = fmt.Sprintf("%s=%s: Content-Usage takes %s, not yes or no: unknown", key, tok, want)
	case v == ContentSignal && isToken && (tok == "y" || tok == "n"):
		d.Code = SignalYN
		d.Message = fmt.Sprintf("%s=%s: Content-Signal takes %s, not y or n: unknown", key, tok, want)
	}
	return Unknown, d
}

// readUse reads the value of the use key.
func readUse(m httpsfv.Member) (Use, bool) {
	tok, ok := token(m)
	if !ok {
		return UseUnknown, false
	}
	u := useOf(tok)
	return u, u != UseUnknown
}

// token returns the Token a member holds, if it is a Token.
func token(m httpsfv.Member) (string, bool) {
	it, ok := m.(httpsfv.Item)
	if !ok {
		return "", false
	}
	t, ok := it.Value.(httpsfv.Token)
	return string(t), ok
}

// describe names what a member holds, for a diagnostic: "the Token yes",
// "a String", "a Boolean" (a key without a value), "an Inner List".
func describe(m httpsfv.Member) string {
	it, ok := m.(httpsfv.Item)
	if !ok {
		return "an Inner List"
	}
	switch v := it.Value.(type) {
	case httpsfv.Token:
		return "the Token " + string(v)
	case bool:
		if v {
			return "a Boolean (a key without a value)"
		}
		return "a Boolean"
	case string:
		return "a String"
	case int64:
		return "an Integer"
	case float64:
		return "a Decimal"
	case []byte:
		return "a Byte Sequence"
	}
	return "not a Token"
}

// syntaxDiagnostic explains why value is not a Dictionary.
func syntaxDiagnostic(value string) Diagnostic {
	if lower := strings.ToLower(value); lower != value {
		if _, err := httpsfv.UnmarshalDictionary([]string{lower}); err == nil {
			return Diagnostic{UppercaseKey, "", "keys are lowercase (the format is case sensitive): not a Dictionary, every category unknown"}
		}
	}
	return Diagnostic{Syntax, "", "not a structured-field Dictionary (RFC 9651): every category unknown"}
}

// ParseRule reads the value of a robots.txt Content-Usage rule, as
// draft-ietf-aipref-attach section 3.2 says: value is what follows the
// colon, up to a '#' or the end of the line. Space and tabs around it are
// ignored. When it starts with '/', the path runs to the first space or tab
// and the rest is the preference; otherwise the path is absent ("") and the
// whole value is the preference, which Parse reads.
//
// The path is returned as written; the caller canonicalizes it as it does
// Allow and Disallow paths. A value whose first word is not a path but
// looks like one ("*.pdf train-ai=n", "ai-ok/ train-ai=y") is reported as
// a bad path; as the draft says, it is read as a preference, which then
// fails to parse.
func ParseRule(value string, from Source) (path string, s Set, diags []Diagnostic) {
	value = strings.Trim(value, " \t")
	pref := value
	if strings.HasPrefix(value, "/") {
		i := strings.IndexAny(value, " \t")
		if i < 0 {
			return value, Set{}, []Diagnostic{{MissingPreference, "", "a path without a preference: every category unknown"}}
		}
		path, pref = value[:i], strings.TrimLeft(value[i:], " \t")
	}
	s, diags = Parse(pref, from)
	if path == "" && len(diags) == 1 && (diags[0].Code == Syntax || diags[0].Code == UppercaseKey) {
		if first, _, found := strings.Cut(strings.ReplaceAll(value, "\t", " "), " "); found && looksLikePath(first) {
			diags[0] = Diagnostic{BadPath, "", fmt.Sprintf("%q does not start with /, so it is not a path: the value is not a preference, every category unknown", first)}
		}
	}
	return path, s, diags
}

// looksLikePath reports whether the first word of a rule value that is not
// a Dictionary was meant as a path: it starts with '*', or holds a '/'
// before any '='.
func looksLikePath(word string) bool {
	key, _, _ := strings.Cut(word, "=")
	return strings.HasPrefix(word, "*") || strings.Contains(key, "/")
}
