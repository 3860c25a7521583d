package conformance_test

import (
	"errors"
	"io/fs"
	"os"
	"testing"

	"github.com/robotsexclusion/robots/compile"
	"github.com/robotsexclusion/robots/internal/corpus"
	"github.com/robotsexclusion/robots/internal/reference"
	"github.com/robotsexclusion/robots/normalize"
)

// generatedOracle is Google's answers on generated edge cases, beside the
// repository (see ../../shared/oracle/README.md).
const generatedOracle = "../../shared/oracle/generated-google.jsonl.gz"

// TestReferenceAgreesWithGoogle runs the reference in the google dialect on
// the generated cases of the oracle and requires Google's decision and
// matching line, so that the google golden tables hold Google's answers. The
// long-lines cases are left out: the naive matcher takes the product of the
// pattern's and the URL's lengths, seconds for lines of 16 KB. The library
// itself is run on the whole oracle by the root package's tests.
func TestReferenceAgreesWithGoogle(t *testing.T) {
	if _, err := os.Stat(generatedOracle); errors.Is(err, fs.ErrNotExist) {
		t.Skipf("needs ../shared: %s absent", generatedOracle)
	}
	g := compile.Google
	n, bad := 0, 0
	err := corpus.ReadOracle(generatedOracle, "", func(c *corpus.OracleCase) error {
		if c.Category == "long-lines" {
			return nil
		}
		n++
		text, _, _ := normalize.Prepare(c.Body, g.BodyOptions())
		rules := g.Parse(text).Select(c.Agents...).Rules
		i, allowed := reference.Decide(g, rules, c.URL)
		line := 0
		if i >= 0 {
			line = rules[i].Line
		}
		if allowed != c.Allowed || line != c.Line {
			if bad++; bad <= 10 {
				t.Errorf("%s: robots %q, agents %q, url %q: reference allowed=%v line=%d, Google allowed=%v line=%d",
					c.Category, c.Body, c.Agents, c.URL, allowed, line, c.Allowed, c.Line)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("%d cases, %d disagreements", n, bad)
}
