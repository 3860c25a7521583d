package compile

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/robotsexclusion/robots/automaton"
	"github.com/robotsexclusion/robots/internal/dialect"
)

// TestLower compares the Programs of one file in each dialect, and of a
// file with Content-Usage rules, with their dumps.
func TestLower(t *testing.T) {
	const body = "User-agent: *\nDisallow: /a\nAllow: /a\nDisallow:\nAllow: /d/index.html\n"
	for _, c := range []struct {
		d    Dialect
		body string
		want string
	}{
		{RFC9309, body, "0 4 /a -> disallow 2\n0 5 /a -> allow 3\n0 27 /d/index.html -> allow 5\n0 max /robots.txt$ -> allow 0\n0 max /robots.txt? -> allow 0\n"},
		// The empty rule is kept, and stands for its line: the table of
		// verdicts is no longer the identity.
		{Google, body, "0 4 /a -> disallow 2\n0 5 /a -> allow 3\n0 0  -> allow 4\n0 27 /d/index.html -> allow 5\n0 9 /d/$ -> allow 5\n"},
		{Draft1996, body, "0 0 /a -> disallow 2\n0 0 /a -> allow 3\n0 0 /d/index.html -> allow 5\n"},
		{Original1994, body, "0 0 /a -> disallow 2\n"}, // Allow is an unknown key
		{RFC9309, "User-agent: *\nContent-Usage: train-ai=n\nDisallow: /x\nContent-Usage: /a* train-ai=y\nContent-Usage: /ab search=n\n",
			// A class per category (/a* and /ab are as long), each rule
			// ranked 3·length, +2 for n, +1 for y (see lowerusage.go).
			"0 4 /x -> disallow 3\n0 max /robots.txt$ -> allow 0\n0 max /robots.txt? -> allow 0\n1 2 \n1 10 /a*\n1 9 /ab\n2 0 \n2 9 /a*\n2 11 /ab\n"},
	} {
		p := c.d.Lower(c.d.Parse([]byte(c.body)).Select("x"))
		if got := p.String(); got != c.want {
			t.Errorf("%v %q: Lower =\n%s\nwant\n%s", c.d, c.body, got, c.want)
		}
	}
}

// TestVerdicts checks the compact table of verdicts: nil while the rules
// of class 0 are the Selection's, in order, with the dialect's after them;
// a table once they are not.
func TestVerdicts(t *testing.T) {
	for _, c := range []struct {
		d     Dialect
		body  string
		table string // fmt of the table
		file  int32
	}{
		{RFC9309, "User-agent: *\nDisallow: /a\nAllow: /b\n", "[]", 2},
		{RFC9309, "User-agent: *\nDisallow:\nAllow: /b\n", "[3 -1 -1]", 0}, // the empty rule is not lowered: rule 0 stands for the Selection's rule 1
		{Draft1996, "User-agent: *\nDisallow: /a\n", "[]", 1},
		{Google, "User-agent: *\nDisallow:\nAllow: /d/index.html\n", "[1 3 3]", 0},    // the empty Disallow allows: not the rule's own verdict
		{Google, "User-agent: *\nAllow: /d/index.html\nDisallow: /x\n", "[1 1 2]", 0}, // the index.html rule stands for its Allow
	} {
		p := c.d.Lower(c.d.Parse([]byte(c.body)).Select("x"))
		table, file := p.Verdicts()
		if got := fmt.Sprint(table); got != c.table || table == nil && file != c.file {
			t.Errorf("%v %q: Verdicts = %v, %d; want %s, %d\n%s", c.d, c.body, table, file, c.table, c.file, p.String())
		}
	}
}

// TestRulelessShared checks that the Programs of selections without a
// rule of the file share one Machine per dialect, and no other does.
func TestRulelessShared(t *testing.T) {
	for _, d := range dialect.All[Dialect]() {
		a := d.Lower(d.Parse([]byte("User-agent: x\nDisallow: /x\n")).Select("y"))
		b := d.Lower(d.Parse(nil).Select("y"))
		if a.Machine(automaton.Limits{}) != b.Machine(automaton.Limits{}) {
			t.Errorf("%v: programs without rules have machines of their own", d)
		}
		c := d.Lower(d.Parse([]byte("User-agent: *\nDisallow: /x\n")).Select("y"))
		if c.Machine(automaton.Limits{}) == a.Machine(automaton.Limits{}) {
			t.Errorf("%v: a program with a rule shares the machine of none", d)
		}
	}
}

// TestLowerSelected checks that lowering a Selection of Selected, which
// reads the groups' lines in place, gives the Program that lowering
// Merge's copy gives: over one group, several, none, with Content-Usage
// and Content-Signal lines in groups and outside them, in every dialect.
func TestLowerSelected(t *testing.T) {
	bodies := []string{
		"User-agent: *\nDisallow: /a\nAllow: /a\nDisallow:\nAllow: /d/index.html\n",
		"User-agent: x\nDisallow: /a*b\nUser-agent: y\nAllow: /c\nUser-agent: x\nAllow: /a\nDisallow: /z$\n",
		"Content-Usage: train-ai=n\nUser-agent: *\nContent-Usage: /a* train-ai=y\nDisallow: /x\n\nContent-Usage: /ab search=n\nUser-agent: *\nContent-Usage: /b* search=y\nAllow: /x*y\nContent-Signal: search=yes\n",
		"User-agent: x\nContent-Usage: /p train-ai=n\nDisallow: /q\nUser-agent: *\nContent-Usage: /r search=n\nDisallow: /s\n",
		"Disallow: /nogroup\n",
		"",
		// Lines outside any group between the groups' (a blank line ends
		// a record in the first-match dialects).
		"User-agent: *\nContent-Usage: /a search=n\n\nContent-Usage: /b train-ai=n\nUser-agent: *\nContent-Usage: /x search=y\n",
		"Content-Usage: /c train-ai=n\n\nUser-agent: x\nContent-Usage: /d search=n\n\nContent-Usage: /x search=y\nUser-agent: x\nContent-Usage: /e* search=n\n",
	}
	for _, d := range []Dialect{RFC9309, Google, Draft1996, Original1994} {
		for _, body := range bodies {
			f := d.Parse([]byte(body))
			for _, agent := range []string{"x", "other"} {
				groups, named := f.SelectGroups(agent)
				want := d.Lower(f.Merge(groups, named))
				s := f.Selected(groups, named)
				if s.Rules != nil || s.Usage != nil {
					t.Errorf("%v %q %s: Selected copied lines: %d rules, %d usage", d, body, agent, len(s.Rules), len(s.Usage))
				}
				got := d.Lower(s)
				if got.String() != want.String() || fmt.Sprint(got.Verdicts()) != fmt.Sprint(want.Verdicts()) {
					t.Errorf("%v %q %s: Lower(Selected) =\n%s\nLower(Merge) =\n%s", d, body, agent, got.String(), want.String())
				}
				if (got.Usage == nil) != (want.Usage == nil) || got.Usage != nil && fmt.Sprint(*got.Usage) != fmt.Sprint(*want.Usage) {
					t.Errorf("%v %q %s: usage tables differ: %+v, %+v", d, body, agent, got.Usage, want.Usage)
				}
			}
		}
	}
}

// TestLowerShortcut checks Lower's shortcut for selections whose rules
// are lowered one for one against the path of any selection, on random
// files of a few groups (empty rules, index.html Allows, wildcards and
// Content-Usage lines among their lines), in every dialect.
func TestLowerShortcut(t *testing.T) {
	lines := []string{
		"User-agent: x", "User-agent: *", "Disallow: /a", "Allow: /a", "Disallow:", "Allow:",
		"Allow: /d/index.html", "Disallow: /*.gif$", "Allow: /a/b", "Disallow: /%7e", "Allow: /$",
		"Content-Usage: train-ai=n", "Content-Usage: /a search=y", "", "Crawl-delay: 1",
	}
	r := rand.New(rand.NewPCG(1, 2))
	shortcuts := 0
	for range 2000 {
		var b strings.Builder
		for range 1 + r.IntN(12) {
			b.WriteString(lines[r.IntN(len(lines))])
			b.WriteByte('\n')
		}
		for _, d := range []Dialect{RFC9309, Google, Draft1996, Original1994} {
			f := d.Parse([]byte(b.String()))
			for _, agent := range []string{"x", "y"} {
				groups, named := f.SelectGroups(agent)
				got := d.Lower(f.Selected(groups, named))
				want := d.lower(f.Selected(groups, named), true)
				if got.String() != want.String() || fmt.Sprint(got.Verdicts()) != fmt.Sprint(want.Verdicts()) || got.Crawl != want.Crawl || got.fileRules != want.fileRules {
					t.Fatalf("%v %q %s: Lower =\n%s%v %d\none by one =\n%s%v %d", d, b.String(), agent,
						got.String(), fmt.Sprint(got.Verdicts()), got.Crawl, want.String(), fmt.Sprint(want.Verdicts()), want.Crawl)
				}
				m := d.spec().Match
				sel := f.Selected(groups, named)
				rules := sel.crawlRules()
				if !m.FirstMatch && !m.IndexHTML && noEmpty(&rules) {
					shortcuts++
				}
			}
		}
	}
	if shortcuts < 1000 {
		t.Errorf("the shortcut was taken %d times; want many", shortcuts)
	}
}

// TestRuleListGroups checks that the rules of a selection of several
// groups, an empty one among them, read by index, part by part and by a
// cursor, are the groups' rules end to end.
func TestRuleListGroups(t *testing.T) {
	body := "User-agent: a\nDisallow: /1\nDisallow: /2\n" +
		"User-agent: b\nDisallow: /b\n" + // not selected
		"User-agent: a\nAllow: /3\n" +
		"User-agent: a\nDisallow: /4\nAllow: /5\nDisallow: /6\n" +
		"User-agent: a\n" // a group of no rule
	f := RFC9309.Parse([]byte(body))
	groups, named := f.SelectGroups("a")
	sel := f.Selected(groups, named)
	var want []string
	for _, g := range sel.Groups {
		for _, r := range f.Groups[g].Rules {
			want = append(want, r.Pattern)
		}
	}
	l := sel.crawlRules()
	var byIndex, byPart, byCursor []string
	c := ruleCursor{l: &l}
	for i := range l.len() {
		byIndex = append(byIndex, l.at(i).Pattern)
		byCursor = append(byCursor, c.at(i).Pattern)
	}
	for k := range l.parts() {
		for _, r := range l.part(k) {
			byPart = append(byPart, r.Pattern)
		}
	}
	if len(sel.Groups) < 4 || fmt.Sprint(want) != "[/1 /2 /3 /4 /5 /6]" {
		t.Fatalf("the test's file selects groups %v, rules %q", sel.Groups, want)
	}
	if fmt.Sprint(byIndex) != fmt.Sprint(want) || fmt.Sprint(byPart) != fmt.Sprint(want) || fmt.Sprint(byCursor) != fmt.Sprint(want) {
		t.Errorf("by index %q, by part %q, by cursor %q; want %q", byIndex, byPart, byCursor, want)
	}
}
