package normalize

import (
	"math/rand/v2"
	"testing"
)

func TestForms(t *testing.T) {
	for _, c := range []struct {
		form           Form
		value, pattern string
		url, path      string
	}{
		{Raw, "/café", "/caf%C3%A9", "/café", "/café"},
		{Raw, "/a%2fb%7e", "/a%2Fb%7E", "/a%2fb", "/a%2fb"},
		{Raw, "/%zz%4%", "/%zz%4%", "/%zz", "/%zz"},
		{Raw, "/a*b$c$", "/a*b$c$", "/a*b$?x", "/a*b$?x"},
		{Raw, "/\xFF", "/%FF", "http://h/\xFF#f", "/\xFF"},
		{Decoded, "/%7ejoe", "/~joe", "/%7Ejoe", "/~joe"},
		{Decoded, "/a%2fb", "/a%2Fb", "/a%2Fb", "/a%2Fb"},
		{Decoded, "/a*b$", "/a%2Ab%24", "/a%2ab%24", "/a%2Ab%24"},
		{Decoded, "/100%25", "/100%25", "/100%", "/100%25"},
		{Decoded, "/%2541", "/%2541", "/A", "/A"},
		{Decoded, "/caf%C3%A9", "/caf\xC3\xA9", "/café", "/café"},
		{Canonical, "/%7e*$", "/~*$", "/%7e*$", "/~%2A%24"},
	} {
		if got := c.form.Pattern(c.value); got != c.pattern {
			t.Errorf("%v.Pattern(%q) = %q, want %q", c.form, c.value, got, c.pattern)
		}
		if got := c.form.URL(c.url); got != c.path {
			t.Errorf("%v.URL(%q) = %q, want %q", c.form, c.url, got, c.path)
		}
	}
}

// TestFormInputs checks that every Form's Input yields exactly its URL,
// on random strings rich in the octets that forms treat specially.
func TestFormInputs(t *testing.T) {
	const alphabet = "/%2fF7eEaA*$?#;:\x00\x80\xFFxy"
	r := rand.New(rand.NewPCG(1, 2))
	for range 20000 {
		b := make([]byte, r.IntN(12))
		for i := range b {
			b[i] = alphabet[r.IntN(len(alphabet))]
		}
		url := string(b)
		for _, f := range []Form{Canonical, Raw, Decoded} {
			got := f.Input(url).AppendTo(nil)
			if want := f.URL(url); string(got) != want {
				t.Fatalf("%v.Input(%q) yields %q, URL gives %q", f, url, got, want)
			}
		}
	}
}

// TestPatternCleanNoCopy checks that a pattern already in canonical form,
// a final $ anchor included, is returned as it is, without allocating,
// and that a $ elsewhere is still escaped.
func TestPatternCleanNoCopy(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"/a/*.pdf$", "/a/*.pdf$"},
		{"/$", "/$"},
		{"$", "$"},
		{"/a$b$", "/a%24b$"},
		{"/a$*", "/a%24*"},
		{"/é$", "/%C3%A9$"},
	} {
		if got := canonicalPattern(c.in); got != c.want {
			t.Errorf("canonicalPattern(%q) = %q, want %q", c.in, got, c.want)
		}
		if c.in != c.want {
			continue
		}
		if n := testing.AllocsPerRun(10, func() { _ = canonicalPattern(c.in) }); n != 0 {
			t.Errorf("canonicalPattern(%q) allocates %v times, want 0", c.in, n)
		}
	}
}
