// Command synthwarc writes a synthetic robotstxt WARC file from a folder of
// robots.txt files named after their hosts (the shared corpus), for
// benchmarks of robots audit:
//
//	go run ./internal/warcgen/synthwarc -corpus ../shared/corpus/robots -n 100000 -o /tmp/synth.warc.gz
//
// -damage adds corrupt members, a body past the parse limit and a cut
// last member; -plain writes the records uncompressed; -hostile writes n
// captures of the bodies of warcgen.HostileKinds instead.
package main

import (
	"bufio"
	"flag"
	"fmt"
	"os"

	"github.com/robotsexclusion/robots/crawlers"
	"github.com/robotsexclusion/robots/internal/warcgen"
)

func main() {
	corpus := flag.String("corpus", "../shared/corpus/robots", "folder of robots.txt files named after their hosts")
	n := flag.Int("n", 100000, "captures to write")
	out := flag.String("o", "synth.warc.gz", "file to write")
	seed := flag.Uint64("seed", 1, "seed of the mix of kinds")
	damage := flag.Bool("damage", false, "add corrupt members, a large body and a cut last member")
	plain := flag.Bool("plain", false, "write records uncompressed")
	hostile := flag.Bool("hostile", false, "write hostile bodies (warcgen.HostileKinds) instead of the corpus")
	flag.Parse()
	if *hostile {
		var names []string
		for _, c := range crawlers.All() {
			names = append(names, c.Name)
		}
		err := writeFile(*out, !*plain, func(w *warcgen.Writer) error { return warcgen.Hostile(w, *n, names) })
		check(err)
		return
	}
	files, err := warcgen.ReadCorpus(*corpus)
	check(err)
	var st warcgen.Stats
	err = writeFile(*out, !*plain, func(w *warcgen.Writer) (err error) {
		st, err = warcgen.Synthetic(w, files, warcgen.Options{Captures: *n, Seed: *seed, Damage: *damage})
		return err
	})
	check(err)
	fmt.Fprintf(os.Stderr, "%s: %d records, %d responses, %v\n", *out, st.Records, st.Responses, st.Kinds)
}

// writeFile creates the file name and writes records to it with write,
// through a buffer, gzip per record when gzipped.
func writeFile(name string, gzipped bool, write func(*warcgen.Writer) error) error {
	f, err := os.Create(name)
	if err != nil {
		return err
	}
	bw := bufio.NewWriterSize(f, 1<<20)
	err = write(warcgen.NewWriter(bw, gzipped))
	if err == nil {
		err = bw.Flush()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	return err
}

// check exits with status 2 on an error.
func check(err error) {
	if err != nil {
		fmt.Fprintln(os.Stderr, "synthwarc:", err)
		os.Exit(2)
	}
}
