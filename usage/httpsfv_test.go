package usage

// This file keeps the reading of a value through
// github.com/dunglas/httpsfv that the package made before it had its own
// scanner: FuzzDictionary compares the two, diagnostics included.

import (
	"fmt"
	"strings"

	"github.com/dunglas/httpsfv"

	"github.com/robotsexclusion/robots/internal/diag"
)

// parseHTTPSFV reads value in the vocabulary v as an httpsfv Dictionary.
func parseHTTPSFV(v Vocabulary, value string, from source) (Set, []diag.Diagnostic) {
	var s Set
	var diags []diag.Diagnostic
	if strings.Trim(value, " \t") == "" {
		return s, []diag.Diagnostic{problem(diag.MissingPreference, "no preference is stated")}
	}
	dict, err := httpsfv.UnmarshalDictionary([]string{value})
	if err != nil {
		return s, []diag.Diagnostic{syntaxHTTPSFV(value)}
	}
	other := AIPref
	if v == AIPref {
		other = ContentSignal
	}
	for _, key := range dict.Names() {
		m, _ := dict.Get(key)
		c, ok := lookup(v, key)
		if !ok {
			if _, theirs := lookup(other, key); theirs && !(v == ContentSignal && key == useKey) {
				diags = append(diags, problem(diag.OtherVocabulary,
					fmt.Sprintf("%s is a %s key, ignored in %s", key, other, v)))
			}
			if v == ContentSignal && key == useKey {
				if u, ok := readUseHTTPSFV(m); ok {
					s.use, s.useFrom = u, from
				} else {
					diags = append(diags, problem(diag.BadValue,
						fmt.Sprintf("use is %s, not immediate, reference or full: ignored", describeHTTPSFV(m))))
				}
			}
			continue
		}
		p, d := readHTTPSFV(v, key, m)
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
func readHTTPSFV(v Vocabulary, key string, m httpsfv.Member) (Pref, *diag.Diagnostic) {
	tok, isToken := tokenHTTPSFV(m)
	switch {
	case isToken && tok == v.allow():
		return Allowed, nil
	case isToken && tok == v.disallow():
		return Disallowed, nil
	}
	want := v.allow() + " or " + v.disallow()
	d := &diag.Diagnostic{Code: diag.BadValue, Message: fmt.Sprintf("%s is %s, not %s: unknown", key, describeHTTPSFV(m), want)}
	switch {
	case v == AIPref && isToken && (tok == "yes" || tok == "no"):
		d.Code = diag.YesNo
		d.Message = fmt.Sprintf("%s=%s: Content-Usage takes %s, not yes or no: unknown", key, tok, want)
	case v == ContentSignal && isToken && (tok == "y" || tok == "n"):
		d.Code = diag.SignalYN
		d.Message = fmt.Sprintf("%s=%s: Content-Signal takes %s, not y or n: unknown", key, tok, want)
	}
	return Unknown, d
}

// readUse reads the value of the use key.
func readUseHTTPSFV(m httpsfv.Member) (Use, bool) {
	tok, ok := tokenHTTPSFV(m)
	if !ok {
		return UseUnknown, false
	}
	u := useOf(tok)
	return u, u != UseUnknown
}

// token returns the Token a member holds, if it is a Token.
func tokenHTTPSFV(m httpsfv.Member) (string, bool) {
	it, ok := m.(httpsfv.Item)
	if !ok {
		return "", false
	}
	t, ok := it.Value.(httpsfv.Token)
	return string(t), ok
}

// describe names what a member holds, for a diagnostic: "the Token yes",
// "a String", "a Boolean" (a key without a value), "an Inner List".
func describeHTTPSFV(m httpsfv.Member) string {
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
func syntaxHTTPSFV(value string) diag.Diagnostic {
	if lower := strings.ToLower(value); lower != value {
		if _, err := httpsfv.UnmarshalDictionary([]string{lower}); err == nil {
			return problem(diag.UppercaseKey, "keys are lowercase (the format is case sensitive): not a Dictionary, every category unknown")
		}
	}
	return problem(diag.UsageSyntax, "not a structured-field Dictionary (RFC 9651): every category unknown")
}
