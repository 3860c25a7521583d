package usage

import (
	"github.com/robotsexclusion/robots/internal/diag"
	"strings"
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
		for c := range Category(NumCategories) {
			if s.Get(c) != Unknown && c.Vocabulary() != AIPref {
				t.Fatalf("ParseRule(%q) sets %s", value, c)
			}
		}
	})
}

// FuzzQuick compares the quick reader with httpsfv's: on every value it
// accepts, in either vocabulary, it must give the Set that the Dictionary
// reading gives, with no diagnostic.
func FuzzQuick(f *testing.F) {
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
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, value string) {
		from := Source{Line: 3, Field: "x"}
		for _, v := range []Vocabulary{AIPref, ContentSignal} {
			s, ok := quick(v, value, pack(from))
			if !ok {
				if s != (Set{}) {
					t.Fatalf("%s %q: quick declines yet returns %s", v, value, s)
				}
				continue
			}
			want, diags := parseDictionary(v, value, pack(from))
			if s != want || len(diags) > 0 {
				t.Fatalf("%s %q: quick reads %s, httpsfv %s %v", v, value, s, want, diags)
			}
		}
	})
}
