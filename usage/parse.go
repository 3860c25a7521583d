package usage

// This file reads values: a statement of preference (Content-Usage), a
// Content-Signal value, and a robots.txt Content-Usage rule (an optional
// path, then a statement). The Dictionary syntax is RFC 9651's, read by
// the scanner of quick.go; this file applies the vocabulary draft's
// processing to the keys it keeps, and explains failures.

import (
	"fmt"
	"strings"

	"github.com/robotsexclusion/robots/internal/diag"
)

// The diagnostics of a value are of the project's one Diagnostic type
// (robots.Diagnostic), under the codes the root package lists with their
// severities (robots.UsageSyntax, robots.BadValue, ...). Each says what was
// found and what parsing did with it; none stops parsing. A value's
// diagnostics have no line: the parser gives them the line of the value.

// problem is a diagnostic of a value.
func problem(code diag.Code, message string) diag.Diagnostic {
	return diag.Diagnostic{Code: code, Message: message}
}

// Parse reads a statement of preference in the AI Preferences vocabulary:
// the value of a Content-Usage header, or the preference of a Content-Usage
// rule (see ParseRule), following the processing algorithm of
// draft-ietf-aipref-vocab section 6.5 (see the package documentation). Every
// category it sets records from as its source. It never fails: a value
// that cannot be read leaves every category unknown and is reported in the
// diagnostics.
func Parse(value string, from Source) (Set, []diag.Diagnostic) {
	return parse(AIPref, value, from)
}

// ParseSignal reads a Content-Signal value: an RFC 9651 Dictionary whose
// keys search, ai-input and ai-train take the Tokens yes and no, and whose
// key use takes immediate, reference or full. It is read as Parse reads a
// Content-Usage value: parameters and unknown keys ignored, a key given
// twice keeps its last value, any other value leaves that category unknown,
// and a value that is not a Dictionary leaves every category unknown.
func ParseSignal(value string, from Source) (Set, []diag.Diagnostic) {
	return parse(ContentSignal, value, from)
}

// parse reads value in the vocabulary v as an RFC 9651 Dictionary (see
// quick.go) and applies the draft's processing to the keys it knows.
func parse(v Vocabulary, value string, from Source) (Set, []diag.Diagnostic) {
	return parseDictionary(v, value, pack(from))
}

// parseDictionary reads value in the vocabulary v: each key in the order
// it first appears, with its last value.
func parseDictionary(v Vocabulary, value string, from source) (Set, []diag.Diagnostic) {
	var s Set
	var diags []diag.Diagnostic
	if trimBlank(value) == "" {
		return s, []diag.Diagnostic{problem(diag.MissingPreference, "no preference is stated")}
	}
	p := scanner{s: value, v: v, follow: true}
	if !p.dictionary() {
		return s, []diag.Diagnostic{syntaxDiagnostic(value)}
	}
	other, slots := otherOf(v), &p.slots
	// The followed keys in the order they first appear, each with its
	// last value.
	for _, k := range p.order[:p.seen] {
		key, m := slots[k].key, slots[k].last
		c, ok := lookup(v, key)
		if !ok {
			if _, theirs := lookup(other, key); theirs && !(v == ContentSignal && key == useKey) {
				diags = append(diags, problem(diag.OtherVocabulary,
					key+" is a "+other.String()+" key, ignored in "+v.String()))
			}
			if v == ContentSignal && key == useKey {
				if u, ok := readUse(m); ok {
					s.use, s.useFrom = u, from
				} else {
					what, tok := describe(m)
					diags = append(diags, problem(diag.BadValue,
						"use is "+what+tok+", not immediate, reference or full: ignored"))
				}
			}
			continue
		}
		pref, d := read(v, key, m)
		if d.Code != "" {
			diags = append(diags, d)
		}
		if pref != Unknown {
			s.pref[c], s.from[c] = pref, from
		}
	}
	return s, diags
}

// read returns the preference a Dictionary member states for the category
// labelled key in v, parameters ignored, and a diagnostic (a zero one when
// there is none) when the member is not one of v's two Tokens. Each
// message is one concatenation: one allocation.
func read(v Vocabulary, key string, m member) (Pref, diag.Diagnostic) {
	tok, isToken := m.tok, m.kind == kindToken
	switch {
	case isToken && tok == v.allow():
		return Allowed, diag.Diagnostic{}
	case isToken && tok == v.disallow():
		return Disallowed, diag.Diagnostic{}
	case v == AIPref && isToken && (tok == "yes" || tok == "no"):
		return Unknown, problem(diag.YesNo,
			key+"="+tok+": Content-Usage takes "+v.allow()+" or "+v.disallow()+", not yes or no: unknown")
	case v == ContentSignal && isToken && (tok == "y" || tok == "n"):
		return Unknown, problem(diag.SignalYN,
			key+"="+tok+": Content-Signal takes "+v.allow()+" or "+v.disallow()+", not y or n: unknown")
	}
	what, tok := describe(m)
	return Unknown, problem(diag.BadValue,
		key+" is "+what+tok+", not "+v.allow()+" or "+v.disallow()+": unknown")
}

// readUse reads the value of the use key.
func readUse(m member) (Use, bool) {
	if m.kind != kindToken {
		return UseUnknown, false
	}
	u := useOf(m.tok)
	return u, u != UseUnknown
}

// describe names what a member holds, for a diagnostic, in two parts
// that the message joins: ("the Token ", "yes"), ("a String", ""), ("a
// Boolean (a key without a value)", ""), ("an Inner List", "").
func describe(m member) (what, tok string) {
	switch m.kind {
	case kindToken:
		return "the Token ", m.tok
	case kindTrue:
		return "a Boolean (a key without a value)", ""
	case kindFalse:
		return "a Boolean", ""
	case kindString:
		return "a String", ""
	case kindInteger:
		return "an Integer", ""
	case kindDecimal:
		return "a Decimal", ""
	case kindBytes:
		return "a Byte Sequence", ""
	case kindInnerList:
		return "an Inner List", ""
	}
	return "not a Token", ""
}

// syntaxDiagnostic explains why value is not a Dictionary.
func syntaxDiagnostic(value string) diag.Diagnostic {
	if lower := strings.ToLower(value); lower != value && isDictionary(lower) {
		return problem(diag.UppercaseKey, "keys are lowercase (the format is case sensitive): not a Dictionary, every category unknown")
	}
	return problem(diag.UsageSyntax, "not a structured-field Dictionary (RFC 9651): every category unknown")
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
func ParseRule(value string, from Source) (path string, s Set, diags []diag.Diagnostic) {
	value, path, pref := splitRule(value)
	if path != "" && pref == "" {
		return path, Set{}, []diag.Diagnostic{problem(diag.MissingPreference, "a path without a preference: every category unknown")}
	}
	s, diags = Parse(pref, from)
	if path == "" && len(diags) == 1 && (diags[0].Code == diag.UsageSyntax || diags[0].Code == diag.UppercaseKey) {
		if first, _, found := strings.Cut(strings.ReplaceAll(value, "\t", " "), " "); found && looksLikePath(first) {
			diags[0] = problem(diag.BadPath, fmt.Sprintf("%q does not start with /, so it is not a path: the value is not a preference, every category unknown", first))
		}
	}
	return path, s, diags
}

// splitRule returns a rule's value without its leading and trailing spaces
// and tabs, and, when it starts with '/', its path, up to the first space
// or tab, and its preference, after the run of them; otherwise no path,
// and the whole value as the preference. It reads the value in loops: a
// file of Content-Usage lines spent a tenth of its parse in strings.Trim,
// IndexAny and TrimLeft here.
func splitRule(value string) (trimmed, path, pref string) {
	value = trimBlank(value)
	if len(value) == 0 || value[0] != '/' {
		return value, "", value
	}
	i := 1
	for i < len(value) && !isBlank(value[i]) {
		i++
	}
	path = value[:i]
	for i < len(value) && isBlank(value[i]) {
		i++
	}
	return value, path, value[i:]
}

// looksLikePath reports whether the first word of a rule value that is not
// a Dictionary was meant as a path: it starts with '*', or holds a '/'
// before any '='.
func looksLikePath(word string) bool {
	key, _, _ := strings.Cut(word, "=")
	return strings.HasPrefix(word, "*") || strings.Contains(key, "/")
}

// isBlank reports whether c is a space or a tab, the white space around a
// value and between a path and its preference.
func isBlank(c byte) bool { return c == ' ' || c == '\t' }

// trimBlank returns s without its leading and trailing spaces and tabs.
func trimBlank(s string) string {
	i, j := 0, len(s)
	for i < j && isBlank(s[i]) {
		i++
	}
	for j > i && isBlank(s[j-1]) {
		j--
	}
	return s[i:j]
}
