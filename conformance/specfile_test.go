package conformance_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/robotsexclusion/robots/compile"
	"github.com/robotsexclusion/robots/conformance"
	"github.com/robotsexclusion/robots/internal/dialect"
)

func TestParseSpec(t *testing.T) {
	const text = `# A comment.
source Doc 1.2 (example)
file one
| User-agent: *
|
| Disallow: /a # comment kept in the body
expect rfc9309,google FooBot /a/b disallowed  # trailing comment
expect all "Foo Bot" "/a b" allowed

file two
body "User-agent: *\rDisallow: /x \x00"
source Doc 3, Table 1
disputed the reason
match rfc9309 "" "http://h/#a" yes
match draft1996 /a*b /a*b no
`
	spec, err := conformance.ParseSpec("doc.txt", []byte(text))
	if err != nil {
		t.Fatal(err)
	}
	body1 := []byte("User-agent: *\n\nDisallow: /a # comment kept in the body\n")
	want := []conformance.Case{{
		Spec: "doc.txt", Line: 7, Source: "Doc 1.2 (example)", Kind: conformance.KindExpect,
		Dialects: []compile.Dialect{compile.RFC9309, compile.Google},
		File:     "one", Body: body1, Agent: "FooBot", URL: "/a/b",
	}, {
		Spec: "doc.txt", Line: 8, Source: "Doc 1.2 (example)", Kind: conformance.KindExpect,
		Dialects: dialect.All[compile.Dialect](),
		File:     "one", Body: body1, Agent: "Foo Bot", URL: "/a b", Allowed: true,
	}, {
		Spec: "doc.txt", Line: 14, Source: "Doc 3, Table 1", Kind: conformance.KindMatch,
		Dialects: []compile.Dialect{compile.RFC9309}, Disputed: "the reason",
		Pattern: "", URL: "http://h/#a", Matches: true,
	}, {
		Spec: "doc.txt", Line: 15, Source: "Doc 3, Table 1", Kind: conformance.KindMatch,
		Dialects: []compile.Dialect{compile.Draft1996},
		Pattern:  "/a*b", URL: "/a*b",
	}}
	if diff := cmp.Diff(want, spec.Cases); diff != "" {
		t.Errorf("ParseSpec (-want +got):\n%s", diff)
	}
	if got := conformance.WantAllowed(&spec.Cases[2]); got != true {
		t.Errorf("disputed match yes: WantAllowed = %v, want true (the opposite of a match)", got)
	}
	body, agent, url := spec.Cases[3].Input()
	if string(body) != "User-agent: *\nDisallow: /a*b\n" || agent != "ConformanceBot" || url != "/a*b" {
		t.Errorf("match Input() = %q, %q, %q", body, agent, url)
	}
	// The body line gives exact bytes.
	other := []byte("User-agent: *\rDisallow: /x \x00")
	s2, err := conformance.ParseSpec("d.txt", []byte("source s\nfile f\nbody \"User-agent: *\\rDisallow: /x \\x00\"\nexpect all a / allowed\n"))
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(other, s2.Cases[0].Body); diff != "" {
		t.Errorf("body line (-want +got):\n%s", diff)
	}
}

func TestParseSpecErrors(t *testing.T) {
	tests := []struct {
		text string
		want string // the start of the error
	}{
		{"source s\nfile f\n| a\nfrobnicate x\n", `x.txt:4: unknown keyword "frobnicate"`},
		{"| stray\n", "x.txt:1: body line outside a file block"},
		{"source s\nexpect all a / allowed\n", "x.txt:2: expect before any file block"},
		{"file f\n| a\nexpect all a / allowed\n", "x.txt:3: no source line"},
		{"source s\nfile f\n| a\nexpect rfc9309,bing a / allowed\n", `x.txt:4: unknown dialect "bing"`},
		{"source s\nfile f\n| a\nexpect rfc9309,rfc9309 a / allowed\n", `x.txt:4: dialect "rfc9309" listed twice`},
		{"source s\nfile f\n| a\nexpect all a / maybe\n", `x.txt:4: want allowed or disallowed, not "maybe"`},
		{"source s\nfile f\n| a\nexpect all a /\n", "x.txt:4: want: expect DIALECTS AGENT URL allowed|disallowed"},
		{"source s\nmatch all /a /a perhaps\n", `x.txt:2: want yes or no, not "perhaps"`},
		{"source s\nmatch all \"/a#b\" /a yes\n", `x.txt:2: pattern "/a#b" cannot be a rule value`},
		{"source s\nmatch all \"/a \" /a yes\n", `x.txt:2: pattern "/a " cannot be a rule value`},
		{"source s\nmatch all / /robots.txt no\n", `x.txt:2: "/robots.txt" is /robots.txt`},
		{"source s\nmatch all \"/a /a yes\n", "x.txt:2: bad quoted string"},
		{"source s\nmatch all \"/a\"/b /a yes\n", "x.txt:2: no blank after the quoted string"},
		{"source s\nfile f\nexpect all a / allowed\n", "x.txt:2: file has no body"},
		{"source s\nfile f\n", "x.txt:2: file has no body"},
		{"source s\nfile f\nbody \"\"\n| a\n", "x.txt:4: a file has either a body line"},
		{"source s\nfile f\n| a\nbody \"\"\n", "x.txt:4: a body line must come just after its file line"},
		{"source s\nfile f\n|a\n", `x.txt:3: a body line is "| TEXT"`},
		{"source s\nfile f\nbody\n", `x.txt:3: want: body "GO STRING"`},
		{"source s\nfile f\n| a\nfile f\n| b\n", `x.txt:4: file "f" already defined at line 2`},
		{"source s\nfile\n", "x.txt:2: want: file NAME"},
		{"source\n", "x.txt:1: source needs a text"},
		{"source s\ndisputed\n", "x.txt:2: disputed needs a reason"},
		{"source s\ndisputed why\nsource t\n", "x.txt:2: disputed must come just before"},
		{"source s\ndisputed why\n", "x.txt:2: disputed must come just before"},
		{"source s\ndisputed why\nfile f\n| a\n", "x.txt:2: disputed must come just before"},
		{"source s\nusage all a / unknown\n", "x.txt:2: usage before any file block"},
		{"source s\nfile f\n| a\nusage all a /\n", "x.txt:4: want: usage DIALECTS AGENT URL PREFERENCES"},
		{"source s\nfile f\n| a\nusage all a / \"\"\n", "x.txt:4: want preferences"},
		{"source s\nfile f\n| a\ndisputed why\nusage all a / unknown\n", "x.txt:4: disputed must come just before"},
	}
	for _, tt := range tests {
		_, err := conformance.ParseSpec("x.txt", []byte(tt.text))
		if err == nil || !strings.HasPrefix(err.Error(), tt.want) {
			t.Errorf("ParseSpec(%q) error = %v, want %q...", tt.text, err, tt.want)
		}
	}
}

// TestCorpusSize checks that every spec file has rfc9309 cases, and logs
// how many cases each document records per dialect (go test -v shows it).
func TestCorpusSize(t *testing.T) {
	s := loadSuite(t)
	var b strings.Builder
	fmt.Fprintf(&b, "%-20s %6s", "spec file", "cases")
	for _, d := range dialect.All[compile.Dialect]() {
		fmt.Fprintf(&b, " %12s", d)
	}
	fmt.Fprintf(&b, " %9s\n", "disputed")
	total := map[compile.Dialect]int{}
	var all, disputed int
	for _, spec := range s.Specs {
		if len(spec.For(compile.RFC9309)) == 0 {
			t.Errorf("%s has no rfc9309 case", spec.Name)
		}
		n := 0
		for _, c := range spec.Cases {
			if c.Disputed != "" {
				n++
			}
		}
		fmt.Fprintf(&b, "%-20s %6d", spec.Name, len(spec.Cases))
		for _, d := range dialect.All[compile.Dialect]() {
			fmt.Fprintf(&b, " %12d", len(spec.For(d)))
			total[d] += len(spec.For(d))
		}
		fmt.Fprintf(&b, " %9d\n", n)
		all += len(spec.Cases)
		disputed += n
	}
	fmt.Fprintf(&b, "%-20s %6d", "total", all)
	for _, d := range dialect.All[compile.Dialect]() {
		fmt.Fprintf(&b, " %12d", total[d])
	}
	fmt.Fprintf(&b, " %9d\n", disputed)
	t.Log("\n" + b.String())

	for _, spec := range s.Specs {
		for _, c := range spec.Cases {
			if c.Source == "" {
				t.Errorf("%s has no source", c.Name())
			}
		}
	}
}
