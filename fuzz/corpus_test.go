package fuzz

import (
	"errors"
	"io/fs"
	"testing"

	"github.com/robotsexclusion/robots/internal/corpus"
)

// corpusDir is the shared real-world corpus, beside the repository. It is
// absent from a user's clone, and the tests that need it skip.
const corpusDir = "../../shared/corpus"

func loadCorpus(t testing.TB) []corpus.Site {
	t.Helper()
	sites, err := corpus.Read(corpusDir)
	if errors.Is(err, fs.ErrNotExist) {
		t.Skipf("needs ../shared: corpus absent (%v)", err)
	}
	if err != nil {
		t.Fatal(err)
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
			checkAgree(t, s.Robots, agent, s.URLs)
			n += len(s.URLs)
		}
	}
	t.Logf("%d sites, %d decisions per tier, no disagreement", len(sites), n)
}
