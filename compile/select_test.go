package compile

import (
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
