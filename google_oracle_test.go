package robots_test

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/robotsexclusion/robots"
	"github.com/robotsexclusion/robots/internal/config"
	"github.com/robotsexclusion/robots/internal/corpus"
)

// The oracle holds Google's own answers (see its README.md): the verdict and
// matching line of Google's robots.txt library on every URL of the shared
// corpus, and on generated edge cases. It sits beside the repository, so
// the test is skipped where it is absent.
const (
	oracleDir = "../shared/oracle"
	corpusDir = "../shared/corpus/robots"
)

// raceEnabled is set by race_test.go under the race detector.
var raceEnabled = false

// TestGoogleOracle runs the Google dialect on every case of the oracle,
// through Parse, Agent (AgentAny for a list of agents) and Decide, on every
// engine (automaton.Engines), and requires Google's decision and matching
// line on each. Disagreements are counted by category, and the first few
// of each are shown in full.
func TestGoogleOracle(t *testing.T) {
	if raceEnabled {
		t.Skip("one goroutine: the race detector would only slow it down threefold")
	}
	for _, name := range []string{"corpus-google.jsonl.gz", "generated-google.jsonl.gz"} {
		path := filepath.Join(oracleDir, name)
		for _, lim := range config.Engines() {
			t.Run(strings.TrimSuffix(name, ".jsonl.gz")+"/"+lim.String(), func(t *testing.T) {
				if _, err := os.Stat(path); errors.Is(err, fs.ErrNotExist) {
					t.Skipf("needs ../shared: %s absent", path)
				}
				runOracle(t, path, lim)
			})
		}
	}
}

func runOracle(t *testing.T, path string, lim config.Engine) {
	const show = 5 // disagreements shown per category
	var (
		n, bad  int
		byCat   = map[string]int{}
		details = map[string][]string{}
		site    string
		r       *robots.Robots
	)
	err := corpus.ReadOracle(path, corpusDir, func(c *corpus.OracleCase) error {
		n++
		if c.Site == "" || c.Site != site {
			// A corpus file is parsed once for all its URLs.
			site, r = c.Site, robots.Parse(c.Body, robots.WithDialect(robots.Google), config.WithEngine(lim))
		}
		var d robots.Decision
		if c.Multi {
			d = r.AgentAny(c.Agents...).Decide(c.URL)
		} else {
			d = r.Agent(c.Agents[0]).Decide(c.URL)
		}
		if d.Allowed == c.Allowed && d.Line == c.Line {
			return nil
		}
		bad++
		cat := c.Category
		if cat == "" {
			cat = "corpus"
		}
		byCat[cat]++
		if len(details[cat]) < show {
			src := fmt.Sprintf("robots %q", c.Body)
			if c.Site != "" {
				src = "site " + c.Site
			}
			details[cat] = append(details[cat], fmt.Sprintf("%s, agents %q (list: %v), url %q: got allowed=%v line=%d (%q), Google allowed=%v line=%d",
				src, c.Agents, c.Multi, c.URL, d.Allowed, d.Line, d.Pattern, c.Allowed, c.Line))
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if n == 0 {
		t.Fatalf("%s: no cases", path)
	}
	t.Logf("%s: %d cases, %d disagreements in decision or line", path, n, bad)
	cats := make([]string, 0, len(byCat))
	for c := range byCat {
		cats = append(cats, c)
	}
	sort.Strings(cats)
	for _, c := range cats {
		t.Errorf("%s: %d disagreements, the first:\n\t%s", c, byCat[c], strings.Join(details[c], "\n\t"))
	}
}
