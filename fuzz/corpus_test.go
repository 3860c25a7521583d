package fuzz

import (
	"bufio"
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// corpusDir is the shared real-world corpus, beside the repository. It is
// absent from a user's clone, and the tests that need it skip.
const corpusDir = "../../shared/corpus"

// corpusSite is one site of the corpus with both a robots.txt and URLs.
type corpusSite struct {
	name   string
	robots []byte
	urls   []string
}

func loadCorpus(t testing.TB) []corpusSite {
	t.Helper()
	names, err := os.ReadDir(filepath.Join(corpusDir, "links"))
	if err != nil {
		t.Skipf("corpus not present (%v)", err)
	}
	var sites []corpusSite
	for _, n := range names {
		body, err := os.ReadFile(filepath.Join(corpusDir, "robots", n.Name()))
		if err != nil {
			continue // a URL list without a robots file
		}
		links, err := os.ReadFile(filepath.Join(corpusDir, "links", n.Name()))
		if err != nil {
			t.Fatal(err)
		}
		s := corpusSite{name: n.Name(), robots: body}
		sc := bufio.NewScanner(bytes.NewReader(links))
		sc.Buffer(nil, 1<<20)
		for sc.Scan() {
			if u := strings.TrimSpace(sc.Text()); u != "" {
				s.urls = append(s.urls, u)
			}
		}
		sites = append(sites, s)
	}
	return sites
}

// TestCorpusAgrees runs every URL of the real corpus through every tier of
// the compiled engine and through the reference matcher, for a crawler that
// is often named (Googlebot) and one that never is (FooBot), and requires
// the same decision, line and pattern everywhere.
func TestCorpusAgrees(t *testing.T) {
	sites := loadCorpus(t)
	n := 0
	for _, s := range sites {
		for _, agent := range []string{"Googlebot", "FooBot"} {
			checkAgree(t, s.robots, agent, s.urls)
			n += len(s.urls)
		}
	}
	t.Logf("%d sites, %d decisions per tier, no disagreement", len(sites), n)
}
