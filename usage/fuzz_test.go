package usage

import (
	"slices"
	"strings"

	"github.com/robotsexclusion/robots/internal/diag"
	"testing"
)

// FuzzPreference reads one value as a Content-Usage statement, a
// Content-Signal value and a robots.txt rule. Nothing may panic; each
// reading sets only its own vocabulary's categories, each with the source
// it was given; a value that is not a Dictionary sets nothing; every
// diagnostic has a code and a message; a rule's path starts with '/' and
// holds no space or tab; and the preferences read back from their own
// String form.
func FuzzPreference(f *testing.F) {
	for _, s := range []string{
		"train-ai=y, search=n",
		`train-ai=y, train-ai, search=n, search="n"`,
		"train-ai;allow=n, train-ai=y",
		`train-ai;has;parameters="?";`,
		"search=yes, ai-input=yes, ai-train=no",
		"search=yes,ai-train=no,use=reference",
		"/ai-ok/ train-ai=y",
		"*.pdf train-ai=n",
		"Train-AI=N",
		"train-ai=(y n);a=?1, search=:AAA=:, x=@1659578233, y=%\"caf%c3%a9\", z=1.5",
		" \t/a \t\t train-ai=n \t",
		"/a\t",
		"/ \t",
		"\t \t",
		"/a\ttrain-ai=y\t/b",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, value string) {
		from := Source{Line: 7, Field: "x"}
		for _, v := range []Vocabulary{AIPref, ContentSignal} {
			s, diags := parse(v, value, from)
			failed := false
			for _, d := range diags {
				if d.Code == "" || d.Message == "" {
					t.Fatalf("%s %q: diagnostic %+v", v, value, d)
				}
				failed = failed || d.Code == diag.UsageSyntax || d.Code == diag.UppercaseKey || d.Code == diag.MissingPreference
			}
			if failed && s.Known() {
				t.Fatalf("%s %q: not a Dictionary, yet %s", v, value, s)
			}
			for c := range Category(NumCategories) {
				if s.Get(c) == Unknown {
					if s.From(c) != (Source{}) {
						t.Fatalf("%s %q: unknown %s has a source", v, value, c)
					}
					continue
				}
				if c.Vocabulary() != v || s.From(c) != from {
					t.Fatalf("%s %q: %s set to %s from %v", v, value, c, s.Get(c), s.From(c))
				}
			}
			if u, _ := s.Use(); u != UseUnknown && v != ContentSignal {
				t.Fatalf("%s %q: use %s", v, value, u)
			}
			if s.Known() {
				line := s.String()
				_, body, _ := strings.Cut(line, ": ")
				back, diags := parse(v, body, from)
				if back != s {
					t.Fatalf("%s %q: String %q reads back as %s (%v)", v, value, line, back, diags)
				}
			}
		}
		path, s, _ := ParseRule(value, from)
		if path != "" && (path[0] != '/' || strings.ContainsAny(path, " \t")) {
			t.Fatalf("ParseRule(%q): path %q", value, path)
		}
		gotV, gotPath, gotPref := splitRule(value)
		wantV, wantPath, wantPref := splitBySplitting(value)
		if gotV != wantV || gotPath != wantPath || gotPref != wantPref {
			t.Fatalf("splitRule(%q) = %q, %q, %q; with package strings, %q, %q, %q", value, gotV, gotPath, gotPref, wantV, wantPath, wantPref)
		}
		for c := range Category(NumCategories) {
			if s.Get(c) != Unknown && c.Vocabulary() != AIPref {
				t.Fatalf("ParseRule(%q) sets %s", value, c)
			}
		}
	})
}

// FuzzDictionary compares the package's reading of a value, in either
// vocabulary, with the one it made through httpsfv: the same Set and the
// same diagnostics, in the same order.
func FuzzDictionary(f *testing.F) {
	for _, s := range []string{
		"train-ai=n, search=y",
		"train-ai=y,search=n",
		"  train-ai=n\t, search=y \t",
		"train-ai=y, train-ai=n",
		"train-ai=yes, train-ai=n",
		"train-ai=n, search=y,",
		"train-ai=n;a=b",
		"train-ai=n search=y",
		"\ttrain-ai=n",
		"x*.-_9=Tok/:en, train-ai=y",
		"search=yes, ai-train=no, use=reference",
		"search=yes, use=partial",
		"ai-train=no, train-ai=n",
		"train-ai=N",
		"Train-ai=n",
		"*=*, train-ai=n",
		"x",
		"x1, train-ai=n,x2 ,x3",
		"use, search=yes",
		"train-ai=n, train-ai",
		// Parameters, on members, Booleans and inner lists.
		"train-ai=n;a",
		"x;a",
		"train-ai=y;a=1;b=?0;c=\"s\";d=tok;e=:AA==:;f=-1.5;g=@12;h=%\"%c3%a9\"",
		"train-ai=n; a",
		"train-ai=n;A",
		"train-ai=n;",
		// Inner lists.
		"train-ai=(n y);a, search=( y  ),x=()",
		"train-ai=(n", "x=(a b)c", "x=(a;p=1 \"s\");q",
		// Every bare item type, as a known key's value and an unknown one's.
		"train-ai=\"n\", search=?1, ai-train=?0",
		"train-ai=12, search=-1.25, x=123456789012345, y=1234567890123456",
		"train-ai=1.2345, x=1234567890123.1, y=123456789012.123, z=-, w=1.",
		"train-ai=:AAA=:, x=:AA==:, y=:A===:, z=:AAAA:, w=:AAA:, v=::, u=:AA=A:",
		"train-ai=@1659578233, x=@-1, y=@1.5",
		"train-ai=%\"caf%c3%a9\", x=%\"%ff\", y=%\"%C3%A9\", z=%\"a\", w=%x",
		"x=\"a\\\"b\\\\c\", y=\"\\n\"",
		"use=(full), search=:AA==:",
		// The other vocabulary, given twice, with a bad value.
		"ai-train=(no), train-ai=y, ai-train=no",
		"search=n, train-ai=(y);a, search=yes",
		"TRAIN-AI=N;A",
		"\u212a=n",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, value string) {
		from := Source{Line: 3, Field: "x"}
		for _, v := range []Vocabulary{AIPref, ContentSignal} {
			got, gotDiags := parseDictionary(v, value, pack(from))
			want, wantDiags := parseHTTPSFV(v, value, pack(from))
			if got != want || !slices.Equal(gotDiags, wantDiags) {
				t.Fatalf("%s %q: read as %s %v, httpsfv %s %v", v, value, got, gotDiags, want, wantDiags)
			}
		}
	})
}

// splitBySplitting is splitRule as the draft's section 3.2 reads, with
// package strings' functions.
func splitBySplitting(value string) (trimmed, path, pref string) {
	value = strings.Trim(value, " \t")
	if !strings.HasPrefix(value, "/") {
		return value, "", value
	}
	i := strings.IndexAny(value, " \t")
	if i < 0 {
		return value, value, ""
	}
	return value, value[:i], strings.TrimLeft(value[i:], " \t")
}
