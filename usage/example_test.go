package usage_test

import (
	"fmt"

	"github.com/robotsexclusion/robots/usage"
)

// A crawler that trains models combines what a response's Content-Usage
// header and its site's Content-Signal line say, and keeps the page out of
// training unless training is allowed (here a no wins over a yes).
func Example() {
	prefs, _ := usage.Parse("train-ai=y, search=y", usage.Source{Field: "Content-Usage"})
	signal, _ := usage.ParseSignal("ai-train=no", usage.Source{Line: 2, Field: "Content-Signal"})
	if p, from := prefs.Combine(signal).Combined(usage.TrainAI); p != usage.Allowed {
		fmt.Println("keep out of training:", p, "by", from)
	}
	// Output:
	// keep out of training: disallowed by line 2: Content-Signal
}

// The vocabulary draft's own example of duplicate keys: the last value of
// each key counts, and neither is the Token y or n.
func ExampleParse() {
	prefs, diags := usage.Parse(`train-ai=y, train-ai, search=n, search="n"`, usage.Source{Line: 3})
	fmt.Println(prefs.Get(usage.TrainAI), prefs.Get(usage.Search))
	for _, d := range diags {
		fmt.Println(d)
	}
	// Output:
	// unknown unknown
	// error: usage-bad-value: train-ai is a Boolean (a key without a value), not y or n: unknown
	// error: usage-bad-value: search is a String, not y or n: unknown
}

func ExampleParseSignal() {
	prefs, _ := usage.ParseSignal("search=yes, ai-train=no, use=reference", usage.Source{Line: 2, Field: "Content-Signal"})
	fmt.Println(prefs)
	fmt.Println(prefs.Get(usage.SignalAITrain), "from", prefs.From(usage.SignalAITrain))
	use, _ := prefs.Use()
	fmt.Println("use:", use)
	// Output:
	// Content-Signal: search=yes, ai-train=no, use=reference
	// disallowed from line 2: Content-Signal
	// use: reference
}

func ExampleParseRule() {
	for _, value := range []string{"/ai-ok/ train-ai=y", "train-ai=n", "ai-ok/ train-ai=y"} {
		path, prefs, diags := usage.ParseRule(value, usage.Source{Line: 5})
		fmt.Printf("%q: path %q, %s %v\n", value, path, prefs, diags)
	}
	// Output:
	// "/ai-ok/ train-ai=y": path "/ai-ok/", Content-Usage: train-ai=y []
	// "train-ai=n": path "", Content-Usage: train-ai=n []
	// "ai-ok/ train-ai=y": path "", unknown [error: usage-bad-path: "ai-ok/" does not start with /, so it is not a path: the value is not a preference, every category unknown]
}

// Statements from robots.txt and from headers combine category by
// category: any no wins. Combined joins the categories the two
// vocabularies share.
func ExampleSet_Combine() {
	file, _ := usage.Parse("train-ai=y", usage.Source{Line: 4, Field: "Content-Usage"})
	signal, _ := usage.ParseSignal("ai-train=no, search=yes", usage.Source{Line: 2, Field: "Content-Signal"})
	header, _ := usage.Parse("search=y", usage.Source{Field: "Content-Usage header"})
	prefs := file.Combine(signal).Combine(header)
	for _, c := range usage.Categories(usage.AIPref) {
		p, from := prefs.Combined(c)
		fmt.Printf("%s: %s (%s)\n", c, p, from)
	}
	// Output:
	// train-ai: disallowed (line 2: Content-Signal)
	// search: allowed (Content-Usage header)
}

// Every category belongs to one vocabulary and has a label, the key that
// names it in a value; String tells apart the labels the two share.
func ExampleCategory_Label() {
	for c := range usage.Category(usage.NumCategories) {
		fmt.Printf("%-14s %-9s %s\n", c.Vocabulary(), c.Label(), c)
	}
	// Output:
	// Content-Usage  train-ai  train-ai
	// Content-Usage  search    search
	// Content-Signal search    Content-Signal search
	// Content-Signal ai-input  Content-Signal ai-input
	// Content-Signal ai-train  Content-Signal ai-train
}

// A crawler that logs its decisions appends each Set to a reused buffer,
// as text with the line or field that set each preference, or as JSON.
func ExampleSet_AppendWithSources() {
	s, _ := usage.Parse("train-ai=n, search=y", usage.Source{Line: 4, Field: "Content-Usage"})
	buf := make([]byte, 0, 512)
	buf = s.AppendWithSources(buf[:0])
	fmt.Printf("%s\n", buf)
	buf = s.AppendJSON(buf[:0])
	fmt.Printf("%s\n", buf)
	// Output:
	// Content-Usage: train-ai=n (line 4), search=y (line 4)
	// {"Content-Signal":{"ai-input":{"preference":"unknown"},"ai-train":{"preference":"unknown"},"search":{"preference":"unknown"}},"Content-Usage":{"search":{"preference":"allowed","source":{"line":4,"field":"Content-Usage"}},"train-ai":{"preference":"disallowed","source":{"line":4,"field":"Content-Usage"}}},"use":{"value":"unknown"}}
}
