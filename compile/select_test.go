package compile

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestReadAgent(t *testing.T) {
	literal := options{LiteralAgents: true}
	substring := options{Substring: true}
	for _, c := range []struct {
		opts   options
		value  string
		token  string
		usable bool
	}{
		{options{}, "Googlebot", "Googlebot", true},
		{options{}, "googlebot", "googlebot", true},
		{options{}, "Googlebot/2.1", "Googlebot", true},
		{options{}, "Googlebot ", "Googlebot", true},
		{options{}, " \tGooglebot-Image/1.0 (+http://x)", "Googlebot-Image", true},
		{options{}, "Mozilla/5.0 (compatible; Googlebot/2.1)", "Mozilla", true},
		{options{}, "Bot2", "Bot", true},
		{options{}, "", "", false},
		{options{}, "*", "", false},
		{options{}, "* bot", "", false},
		{options{}, "2bot", "", false},
		{options{}, "/x", "", false},
		{literal, "Googlebot", "Googlebot", true},
		{literal, "Googlebot/2.1", "Googlebot/2.1", false},
		{literal, "Googlebot ", "Googlebot ", false},
		{literal, "Bot2", "Bot2", false},
		{literal, "", "", false},
		{literal, "*", "*", false},
		{substring, " Googlebot/2.1 ", "Googlebot/2.1", true},
		{substring, " ", "", false},
	} {
		token, usable := c.opts.readAgent(c.value)
		if token != c.token || usable != c.usable {
			t.Errorf("%+v.ReadAgent(%q) = %q, %v; want %q, %v", c.opts, c.value, token, usable, c.token, c.usable)
		}
	}
}

// TestSelectReadsAgents checks that Select reads the caller's values as
// each dialect's options say, an unusable value included.
func TestSelectReadsAgents(t *testing.T) {
	body := []byte("User-agent: *\nDisallow: /star\n" +
		"User-agent: FooBot\nDisallow: /foo\n" +
		"User-agent: 2bot\nDisallow: /empty\n")
	for _, c := range []struct {
		opts   options
		agents []string
		groups []int
		named  bool
	}{
		{options{}, []string{"FooBot/1.0"}, []int{1}, true},
		{options{}, []string{"foobot "}, []int{1}, true},
		{options{}, []string{""}, []int{0}, false}, // an empty name is no token
		{options{}, []string{"2bot"}, []int{0}, false},
		{options{}, []string{"", "FooBot"}, []int{1}, true},
		{options{LiteralAgents: true}, []string{"FooBot/1.0"}, []int{0}, false},
		{options{LiteralAgents: true}, []string{"FooBot"}, []int{1}, true},
		{options{LiteralAgents: true}, []string{""}, []int{2}, true}, // as Google's library: "" equals the empty name
		{options{Substring: true, FirstRecord: true}, []string{"FooBot/1.0"}, []int{1}, true},
		{options{Substring: true, FirstRecord: true}, []string{""}, []int{0}, false},
	} {
		groups, named := c.opts.parse(body, nil).SelectGroups(c.agents...)
		if d := cmp.Diff(c.groups, groups); d != "" || named != c.named {
			t.Errorf("%+v: SelectGroups(%q) = %v, %v; want %v, %v", c.opts, c.agents, groups, named, c.groups, c.named)
		}
	}
}

// TestFirstNamedIsTheWalk checks FirstNamed against the walk it replaces,
// SelectGroups of each value in turn, on every suffix of a list of values
// (the registry's kind of crawler, and values each dialect reads apart),
// for each dialect, over small files and the shared corpus when present.
func TestFirstNamedIsTheWalk(t *testing.T) {
	bodies := []string{
		"User-agent: *\nDisallow: /star\nUser-agent: FooBot\nDisallow: /foo\nUser-agent: 2bot\nDisallow: /empty\n",
		"User-agent: googlebot-image\nUser-agent: *\nDisallow: /\n\nUser-agent: BAR\nAllow: /\n",
		"User-agent: bot\nDisallow: /\n", // a substring of most values, in the first-match dialects
		"Disallow: /\n",
		"",
	}
	if names, _ := filepath.Glob("../../shared/corpus/robots/*"); len(names) > 0 {
		for _, name := range names {
			b, err := os.ReadFile(name)
			if err != nil {
				t.Fatal(err)
			}
			bodies = append(bodies, string(b))
		}
	}
	values := []string{"GPTBot", "Googlebot-Image", "googlebot", "Googlebot/2.1", "", "*", "2bot",
		"FooBot/1.0", " bar ", "Bingbot", "CCBot", "ClaudeBot", "anthropic-ai", "Applebot-Extended",
		"Mozilla/5.0 (compatible; Baiduspider/2.0)", "Yandex", "PerplexityBot", "Bytespider",
		"facebookexternalhit", "msnbot", "Slurp", "DuckDuckBot", "AhrefsBot", "SemrushBot", "MJ12bot",
		"Amazonbot", "ia_archiver", "Twitterbot", "Google-Extended", "Googlebot"}
	walk := func(f *File, agents []string) int {
		for i, a := range agents {
			if _, named := f.SelectGroups(a); named {
				return i
			}
		}
		return -1
	}
	for _, body := range bodies {
		for _, d := range []Dialect{RFC9309, Google, Draft1996, Original1994} {
			f := d.Parse([]byte(body))
			for i := range len(values) + 1 {
				if got, want := f.FirstNamed(values[i:]...), walk(f, values[i:]); got != want {
					t.Fatalf("%v: FirstNamed(values[%d:]) = %d, the walk %d; file:\n%.300s", d, i, got, want, body)
				}
			}
			for _, v := range f.Names() { // every name the file gives, alone and after the others
				one := []string{v.Name, "GPTBot"}
				if got, want := f.FirstNamed(one...), walk(f, one); got != want {
					t.Fatalf("%v: FirstNamed(%q) = %d, the walk %d", d, one, got, want)
				}
			}
		}
	}
}
