package compile

import (
	"strings"
	"testing"

	"github.com/robotsexclusion/robots/internal/dialect"
	"github.com/robotsexclusion/robots/normalize"
)

// patterns returns the patterns of the rules Select gives agents, in order.
func patterns(o options, body string, agents ...string) string {
	var out []string
	for _, r := range o.parse([]byte(body), nil).Select(agents...).Rules {
		out = append(out, r.Canonical)
	}
	return strings.Join(out, " ")
}

func TestOptions(t *testing.T) {
	first := options{Form: normalize.Decoded, ExactKeys: true, BlankLines: true, Substring: true, FirstRecord: true}
	first94 := first
	first94.NoAllow = true
	for _, c := range []struct {
		name   string
		opts   options
		body   string
		agents []string
		want   string
	}{
		{"default", options{}, "User-agent: *\nDisalow: /a\nDisallow /b\nAllow: /%7e", []string{"x"}, "/a /b /~"},
		{"line cut", options{MaxLineLength: 14}, "User-agent: *\nDisallow: /abcdef", []string{"x"}, "/abc"},
		{"raw form", options{Form: normalize.Raw}, "User-agent: *\nAllow: /%7e\xE9", []string{"x"}, "/%7E%E9"},
		{"exact keys", first, "User-agent: *\nDisalow: /a\nDisallow /b\nDisallowed: /c\nDisallow: /d", []string{"x"}, "/d"},
		{"no allow", first94, "User-agent: *\nAllow: /a\nDisallow: /b", []string{"x"}, "/b"},
		{"blank line ends record", first, "User-agent: *\nDisallow: /a\n\nDisallow: /b", []string{"x"}, "/a"},
		{"comment line does not", first, "User-agent: *\nDisallow: /a\n# c\nDisallow: /b", []string{"x"}, "/a /b"},
		{"substring", first, "User-agent: bot\nDisallow: /a", []string{"Robot"}, "/a"},
		{"first record", first, "User-agent: bot\nDisallow: /a\n\nUser-agent: robot\nDisallow: /b", []string{"Robot"}, "/a"},
		{"first * record", first, "User-agent: *\nDisallow: /a\n\nUser-agent: *\nDisallow: /b", []string{"x"}, "/a"},
		{"empty name", first, "User-agent:\nDisallow: /a", []string{"x"}, ""},
		{"any agent", first, "User-agent: a\nDisallow: /a\n\nUser-agent: b\nDisallow: /b", []string{"b", "a"}, "/a"},
		{"merged by default", options{}, "User-agent: a\nDisallow: /a\n\nUser-agent: b\nDisallow: /b", []string{"b", "a"}, "/a /b"},
	} {
		if got := patterns(c.opts, c.body, c.agents...); got != c.want {
			t.Errorf("%s: patterns %q, want %q", c.name, got, c.want)
		}
	}
}

func TestMissingColonTrim(t *testing.T) {
	// Google's library trims VT and FF around a value after a missing
	// colon as it does after a colon.
	if got := patterns(options{}, "User-agent: *\nDisallow \v/a\f", "x"); got != "/a" {
		t.Errorf("patterns %q, want /a", got)
	}
}

// TestDialectRows checks that the constants name the rows of the table
// they stand for, in the order of the constants.
func TestDialectRows(t *testing.T) {
	for d, want := range map[Dialect]string{RFC9309: "rfc9309", Google: "google", Draft1996: "draft1996", Original1994: "original1994"} {
		if d.String() != want {
			t.Errorf("Dialect(%d) is %q, want %q", int(d), d, want)
		}
	}
	if n := len(dialect.All[Dialect]()); n != 4 {
		t.Errorf("%d dialects, want 4", n)
	}
}

// TestDialectString checks the names of the dialects, and that a value
// that is not a dialect says so and reads as rfc9309.
func TestDialectString(t *testing.T) {
	want := []string{"rfc9309", "google", "draft1996", "original1994"}
	for i, d := range dialect.All[Dialect]() {
		if d.String() != want[i] {
			t.Errorf("Dialect(%d).String() = %q, want %q", i, d, want[i])
		}
	}
	if d := Dialect(42); d.valid() || d.String() != "Dialect(42)" || d.options() != RFC9309.options() {
		t.Errorf("an invalid dialect should be reported and read as rfc9309: %v", d)
	}
}
