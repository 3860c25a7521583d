package bench

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"testing"
)

// corpusDir is where the real-world corpus lives (see its README.md): one
// robots.txt body per site in robots/<site> and the URLs crawled on that
// site in links/<site>. It is not part of the repository; benchmarks that
// need it skip when it is absent.
var corpusDir = flag.String("corpus", filepath.FromSlash("../../shared/corpus"), "directory of the robots.txt corpus (robots/ and links/)")

// A site is one robots.txt body and the URLs seen on its host.
type site struct {
	name string
	body []byte
	urls []string // nil when the corpus has no URL list for the site
}

var corpus struct {
	once  sync.Once
	sites []site // every robots file, by name
	err   error
}

// loadCorpus returns every site of the corpus, sorted by name, or skips b
// when the corpus is absent.
func loadCorpus(tb testing.TB) []site {
	corpus.once.Do(func() {
		corpus.sites, corpus.err = readCorpus(*corpusDir)
	})
	if corpus.err != nil {
		tb.Skipf("no corpus: %v", corpus.err)
	}
	return corpus.sites
}

func readCorpus(dir string) ([]site, error) {
	ents, err := os.ReadDir(filepath.Join(dir, "robots"))
	if err != nil {
		return nil, err
	}
	var sites []site
	for _, e := range ents {
		if !e.Type().IsRegular() {
			continue
		}
		body, err := os.ReadFile(filepath.Join(dir, "robots", e.Name()))
		if err != nil {
			return nil, err
		}
		s := site{name: e.Name(), body: body}
		links, err := os.ReadFile(filepath.Join(dir, "links", e.Name()))
		if err == nil {
			for line := range bytes.Lines(links) {
				if u := strings.TrimRight(string(line), "\r\n"); u != "" {
					s.urls = append(s.urls, u)
				}
			}
		} else if !os.IsNotExist(err) {
			return nil, err
		}
		sites = append(sites, s)
	}
	sort.Slice(sites, func(i, j int) bool { return sites[i].name < sites[j].name })
	return sites, nil
}
