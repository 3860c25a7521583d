package compile

import (
	"fmt"
	"math"
	"strings"
	"testing"
)

// dump writes lowered rules one a line: "rank allow|disallow line pattern".
func dump(low []Lowered) string {
	var b strings.Builder
	for _, l := range low {
		rank := fmt.Sprint(l.Rank)
		if l.Rank == math.MaxInt {
			rank = "max"
		}
		verb := "disallow"
		if l.Allow {
			verb = "allow"
		}
		fmt.Fprintf(&b, "%s %s %d %s\n", rank, verb, l.Line, l.Pattern)
	}
	return b.String()
}

func TestLower(t *testing.T) {
	const body = "User-agent: *\nDisallow: /a\nAllow: /a\nDisallow:\nAllow: /d/index.html\n"
	for _, c := range []struct {
		d    Dialect
		want string
	}{
		{RFC9309, "4 disallow 2 /a\n5 allow 3 /a\n27 allow 5 /d/index.html\nmax allow 0 /robots.txt$\nmax allow 0 /robots.txt?\n"},
		{Google, "4 disallow 2 /a\n5 allow 3 /a\n0 allow 4 \n27 allow 5 /d/index.html\n9 allow 5 /d/$\n"},
		{Draft1996, "0 disallow 2 /a\n0 allow 3 /a\n0 allow 5 /d/index.html\n"},
		{Original1994, "0 disallow 2 /a\n"}, // Allow is an unknown key
	} {
		got := dump(c.d.Lower(c.d.Options().Parse([]byte(body)).Select("x")))
		if got != c.want {
			t.Errorf("%v: Lower =\n%s\nwant\n%s", c.d, got, c.want)
		}
	}
}

func TestDialectNames(t *testing.T) {
	for _, d := range Dialects() {
		got, err := ParseDialect(strings.ToUpper(d.String()))
		if err != nil || got != d {
			t.Errorf("ParseDialect(%q) = %v, %v", d, got, err)
		}
	}
	if _, err := ParseDialect("klingon"); err == nil {
		t.Error("ParseDialect accepted an unknown name")
	}
	if d := Dialect(42); d.Valid() || d.String() != "Dialect(42)" || d.Options() != RFC9309.Options() {
		t.Errorf("an invalid dialect should be reported and read as rfc9309: %v", d)
	}
}
