package audit_test

import (
	"bytes"
	"encoding/json"
	"flag"
	"os"
	"reflect"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/robotsexclusion/robots/internal/audit"
	"github.com/robotsexclusion/robots/internal/report"
	"github.com/robotsexclusion/robots/usage"
)

var update = flag.Bool("update", false, "rewrite testdata/records.golden.jsonl")

// goldenCaptures are captures of every kind a record describes: a file
// naming some crawlers with usage lines and lint errors, a redirect
// followed and one not, a 404, a 503, an HTML page, a capture that could
// not be read, and one whose strings need escaping.
func goldenCaptures() []audit.Capture {
	return []audit.Capture{
		capture("https://shop.example/robots.txt", 200, "User-agent: *\nDisallow: /cart\nAllow: /cart/help\nContent-Usage: train-ai=n\n\n"+
			"User-agent: GPTBot\nUser-agent: CCBot\nDisallow: /\n\nUser-agent: Googlebot\nDisallow: /*?session=\nAllow: /x\nDisallow: /x\n\nUser-agent: Bingbot Disallow: /\n"),
		capture("http://shop.example/robots.txt", 301, "https://shop.example/robots.txt"),
		capture("http://gone.example/robots.txt", 302, "https://elsewhere.example/robots.txt"),
		capture("https://gone.example/robots.txt", 404, "<html>no</html>"),
		capture("https://busy.example/robots.txt", 503, ""),
		capture("https://soft404.example/robots.txt", 200, "<!DOCTYPE html><html><head><title>Home</title></head></html>"),
		{File: "test.warc.gz", Offset: 9000, URI: "https://cut.example/robots.txt", Err: errString("corrupt gzip member at offset 9000: flate: corrupt input before offset 40")},
		capture("https://xn--bcher-kva.example:8443/robots.txt", 200, "User-agent: *\nDisallow: /\"quoted\"\\back\u2028<tag>&\nSitemap: https://xn--bcher-kva.example/s.xml\n"),
	}
}

type errString string

func (e errString) Error() string { return string(e) }

// goldenRecords returns the records of goldenCaptures, through a Sequence.
func goldenRecords() []*audit.Record {
	a := audit.New(audit.Options{Agents: []string{"GPTBot", "CCBot", "Googlebot", "Bingbot", "ClaudeBot"}})
	cs := goldenCaptures()
	for i := range cs {
		cs[i].Digest = "sha1:" + strings.Repeat("A", 31) + strconv.Itoa(i)
		cs[i].Length = 100
		if cs[i].Offset == 0 {
			cs[i].Offset = int64(i) * 1000
		}
	}
	cs[0].Truncated = "length"
	return sequence2(a, cs)
}

// sequence2 is sequence without changing offsets.
func sequence2(a *audit.Auditor, cs []audit.Capture) []*audit.Record {
	seq := a.Sequence()
	var out []*audit.Record
	emit := func(r *audit.Record) { out = append(out, r) }
	for i := range cs {
		seq.Add(a.Audit(&cs[i]), emit)
	}
	seq.Flush(emit)
	return out
}

// marshal writes v as every -json output is written (report.Encode):
// encoding/json with HTML escaping off and every octet kept.
func marshal(t *testing.T, v any) []byte {
	t.Helper()
	b, err := report.Encode(v)
	if err != nil {
		t.Fatal(err)
	}
	return bytes.TrimSuffix(b, []byte("\n"))
}

// TestJSON: AppendJSON writes what encoding/json writes for the Record
// type, and the JSON reads back into a Record with no member unknown.
func TestJSON(t *testing.T) {
	recs := goldenRecords()
	// A record whose Content-Usage rules failed closed on "/" for one
	// crawler, which no golden capture has.
	for _, r := range recs {
		if len(r.Agents) > 0 {
			c := *r
			c.Agents = slices.Clone(r.Agents)
			c.Agents[0].Usage = map[string]string{"train-ai": usage.Disallowed.String()}
			c.Agents[0].UsageOverBudget = true
			recs = append(recs, &c)
			break
		}
	}
	if !bytes.Contains(recs[len(recs)-1].AppendJSON(nil), []byte(`"usage_over_budget":true`)) {
		t.Error("no record says usage_over_budget")
	}
	for _, rec := range recs {
		got := rec.AppendJSON(nil)
		if want := marshal(t, rec); !bytes.Equal(got, want) {
			t.Errorf("AppendJSON:\n%s\nencoding/json:\n%s", got, want)
		}
		dec := json.NewDecoder(bytes.NewReader(got))
		dec.DisallowUnknownFields()
		var back audit.Record
		if err := dec.Decode(&back); err != nil {
			t.Errorf("%s: %v", got, err)
		}
		if again := back.AppendJSON(nil); !bytes.Equal(again, got) {
			t.Errorf("read back and written again:\n%s\nwas\n%s", again, got)
		}
	}
}

// TestJSONNeighbours: crawlers whose answers differ from the one before
// in a single field, or only in their names, are each written as
// encoding/json writes them (AppendJSON copies the fields of a crawler
// the same as the one before but for its name).
func TestJSONNeighbours(t *testing.T) {
	base := audit.Agent{Group: audit.GroupStar, Lines: []int{1, 4}, Root: audit.Allowed, RootLine: 2, Level: audit.Partial,
		Witness: "/a", WitnessLine: 3, Usage: map[string]string{"train-ai": "disallowed"}}
	variants := []func(a *audit.Agent){
		func(a *audit.Agent) {},
		func(a *audit.Agent) { a.Group = audit.GroupNamed },
		func(a *audit.Agent) { a.Lines = []int{1, 5} },
		func(a *audit.Agent) { a.Lines = nil },
		func(a *audit.Agent) { a.Root = audit.Disallowed },
		func(a *audit.Agent) { a.RootLine = 0 },
		func(a *audit.Agent) { a.Level = audit.None },
		func(a *audit.Agent) { a.Witness = "/b" },
		func(a *audit.Agent) { a.WitnessLine = 9 },
		func(a *audit.Agent) { a.Usage = map[string]string{"train-ai": "allowed"} },
		func(a *audit.Agent) { a.Usage = map[string]string{"search": "disallowed"} },
		func(a *audit.Agent) { a.Usage = nil },
	}
	for i, change := range variants {
		rec := &audit.Record{Schema: audit.SchemaVersion, File: "f", URI: "https://x.example/robots.txt"}
		for j, name := range []string{"A", "B", "C", "D"} {
			a := base
			a.Name = name
			if j == 1 || j == 2 {
				change(&a)
			}
			rec.Agents = append(rec.Agents, a)
		}
		if got, want := rec.AppendJSON(nil), marshal(t, rec); !bytes.Equal(got, want) {
			t.Errorf("variant %d: AppendJSON:\n%s\nencoding/json:\n%s", i, got, want)
		}
	}
}

// TestOctets: a record keeps every octet of a crawler's name, a pattern,
// a URI and a Location that are not UTF-8 (percent-encoded), and writes
// '&', '<' and '>' as they are, as every -json output does.
func TestOctets(t *testing.T) {
	const name = "Bot\xff&<>"
	a := audit.New(audit.Options{Agents: []string{name}})
	cs := []audit.Capture{
		capture("https://oct.example/robots.txt?\xff&<>", 200, "User-agent: "+name+"\nDisallow: /\xff&<b>\nAllow: /\n"),
		capture("http://oct.example/robots.txt", 301, "https://else.example/\xff&<>"),
	}
	wants := [][]string{{`"agent":"Bot%FF&<>"`, `robots.txt?%FF&<>"`, `"witness":"/%FF&<b>"`}, {`else.example/%FF`}}
	for i, rec := range sequence2(a, cs) {
		got := rec.AppendJSON(nil)
		if want := marshal(t, rec); !bytes.Equal(got, want) {
			t.Errorf("AppendJSON:\n%s\nreport.Encode:\n%s", got, want)
		}
		s := string(got)
		if !utf8.ValidString(s) || strings.Contains(s, "\ufffd") || strings.Contains(s, "\uFFFD") || strings.Contains(s, `\u00`) {
			t.Errorf("octets lost or escaped: %s", s)
		}
		for _, w := range wants[i] {
			if !strings.Contains(s, w) {
				t.Errorf("no %s in %s", w, s)
			}
		}
	}
}

// TestGolden compares the records of goldenCaptures with
// testdata/records.golden.jsonl (go generate rewrites it).
func TestGolden(t *testing.T) {
	var b []byte
	for _, rec := range goldenRecords() {
		b = append(rec.AppendJSON(b), '\n')
	}
	const name = "testdata/records.golden.jsonl"
	if *update {
		if err := os.WriteFile(name, b, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(b, want) {
		t.Errorf("the records differ from %s (go generate ./internal/audit rewrites it):\n%s", name, b)
	}
}

// member matches a row of a member table of the package documentation.
var member = regexp.MustCompile(`(?m)^//\t([a-z_]+)\s+(int|string|bool|object|\[int\]|\[string\]|\[object\])\s`)

// TestSchemaDocumented: the package documentation lists every member of
// the record and of its agents, and nothing else, under the schema
// version the records carry.
func TestSchemaDocumented(t *testing.T) {
	doc, err := os.ReadFile("doc.go")
	if err != nil {
		t.Fatal(err)
	}
	if want := "# The record (schema version " + strconv.Itoa(audit.SchemaVersion) + ")"; !bytes.Contains(doc, []byte(want)) {
		t.Errorf("the package documentation has no heading %q", want)
	}
	var documented []string
	for _, m := range member.FindAllSubmatch(doc, -1) {
		documented = append(documented, string(m[1]))
	}
	var fields []string
	for _, typ := range []reflect.Type{reflect.TypeFor[audit.Record](), reflect.TypeFor[audit.Agent]()} {
		for f := range typ.Fields() {
			name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
			fields = append(fields, name)
		}
	}
	if !slices.Equal(documented, fields) {
		t.Errorf("documented members, in order:\n%v\nthe types' members:\n%v", documented, fields)
	}
	for _, rec := range goldenRecords() {
		if rec.Schema != audit.SchemaVersion {
			t.Errorf("a record of schema %d", rec.Schema)
		}
	}
}

func TestSummary(t *testing.T) {
	recs := goldenRecords()
	var all, a, b audit.Summary
	for i, r := range recs {
		all.Add(r)
		if i%2 == 0 {
			a.Add(r)
		} else {
			b.Add(r)
		}
	}
	a.Merge(&b)
	if got, want := marshal(t, &a), marshal(t, &all); !bytes.Equal(got, want) {
		t.Errorf("merged halves:\n%s\nthe whole:\n%s", got, want)
	}
	if all.Records != len(recs) || all.Outcomes["ok"] != 4 || all.Outcomes["redirect"] != 1 || all.Outcomes[""] != 1 {
		t.Errorf("counts %+v", all)
	}
	gpt := all.Agents[0]
	if gpt.Name != "GPTBot" || gpt.Records != len(recs)-2 || gpt.Named != 2 ||
		gpt.Levels[audit.Full] != 3 || gpt.Levels[audit.None] != 2 || gpt.Levels[audit.Partial] != 1 {
		t.Errorf("GPTBot: %+v", gpt)
	}
	if c := all.Agents[4]; c.Name != "ClaudeBot" || c.Usage["train-ai=disallowed"] != 2 {
		t.Errorf("ClaudeBot: %+v", c)
	}
	// A summary read back from JSON goes on counting.
	var back audit.Summary
	if err := json.Unmarshal(marshal(t, &all), &back); err != nil {
		t.Fatal(err)
	}
	back.Add(recs[0])
	all.Add(recs[0])
	if got, want := marshal(t, &back), marshal(t, &all); !bytes.Equal(got, want) {
		t.Errorf("read back and counted on:\n%s\nwant\n%s", got, want)
	}
}
