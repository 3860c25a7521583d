package usage_test

import (
	"bytes"
	"encoding/json"
	"github.com/robotsexclusion/robots/internal/diag"
	"slices"
	"strings"
	"testing"

	"github.com/robotsexclusion/robots/usage"
)

// want is the expected outcome of one value: the preference of every
// category not listed is Unknown.
type want map[usage.Category]usage.Pref

// check compares every category of s with w.
func check(t *testing.T, s usage.Set, w want) {
	t.Helper()
	for c := range usage.Category(usage.NumCategories) {
		if got := s.Get(c); got != w[c] {
			t.Errorf("%s: got %s, want %s", c, got, w[c])
		}
	}
}

// codes returns the codes of diags.
func codes(diags []diag.Diagnostic) []diag.Code {
	var out []diag.Code
	for _, d := range diags {
		out = append(out, d.Code)
	}
	return out
}

const (
	y = usage.Allowed
	n = usage.Disallowed
)

// TestParse transcribes every statement of preference in the drafts, each
// row tagged with the section it comes from, then the cases of the
// processing rules the drafts state in words.
func TestParse(t *testing.T) {
	tests := []struct {
		source string // where the example is written
		value  string
		want   want
		codes  []diag.Code
	}{
		// draft-ietf-aipref-vocab
		{"vocab 6 Exemplary Serialization Format", "train-ai=y, search=n", want{usage.TrainAI: y, usage.Search: n}, nil},
		{"vocab 6.5.1 Multiple Preferences: all unknown", `train-ai=y, train-ai, search=n, search="n"`, want{},
			[]diag.Code{diag.BadValue, diag.BadValue}},
		{"vocab 6.5.1: an uppercase key fails the Dictionary", "Train-AI=n", want{}, []diag.Code{diag.UppercaseKey}},
		{"vocab 6.5.1: an uppercase key fails the Dictionary", "train-ai=n, Search=n", want{}, []diag.Code{diag.UppercaseKey}},
		{"vocab 6.5.2 Preference Parameters", "train-ai;allow=n, train-ai=y", want{usage.TrainAI: y}, nil},
		// The draft's example ends in ';', which RFC 9651 section 4.2.3.2
		// does not allow: the Dictionary fails, and train-ai is unknown
		// either way, as the draft says.
		{"vocab 6.5.2 Preference Parameters: unknown", `train-ai;has;parameters="?";`, want{}, []diag.Code{diag.UsageSyntax}},
		{"vocab 6.5.2 (without the final ';')", `train-ai;has;parameters="?"`, want{}, []diag.Code{diag.BadValue}},
		// draft-ietf-aipref-attach
		{"attach 1.2 Examples (header)", "train-ai=n", want{usage.TrainAI: n}, nil},
		{"attach 3.4 Example, first group", "train-ai=n", want{usage.TrainAI: n}, nil},
		{"attach 3.4 Example, second group", "train-ai=y", want{usage.TrainAI: y}, nil},

		// vocab 6.5 Processing Algorithm, in words.
		{"vocab 6.5: y allows, n disallows", "search=y, train-ai=n", want{usage.TrainAI: n, usage.Search: y}, nil},
		{"vocab 6.5: parameters ignored", "train-ai=n;until=2030;why=\"x\"", want{usage.TrainAI: n}, nil},
		{"vocab 6.4: unknown keys ignored", "train-genai=n, bots=y, foo=(a b), train-ai=y", want{usage.TrainAI: y}, nil},
		{"vocab 6.5: another Token is unknown", "train-ai=maybe", want{}, []diag.Code{diag.BadValue}},
		{"vocab 6.5: a String is unknown", `train-ai="n"`, want{}, []diag.Code{diag.BadValue}},
		{"vocab 6.5: an Integer is unknown", "train-ai=0", want{}, []diag.Code{diag.BadValue}},
		{"vocab 6.5: an Inner List is unknown", "train-ai=(n)", want{}, []diag.Code{diag.BadValue}},
		{"vocab 6.5: a Boolean is unknown", "train-ai=?0, search", want{}, []diag.Code{diag.BadValue, diag.BadValue}},
		{"vocab 6.2: Tokens are case sensitive", "train-ai=N", want{}, []diag.Code{diag.BadValue}},
		{"vocab 6.5.1: the last value counts", "train-ai=n, train-ai=y", want{usage.TrainAI: y}, nil},
		{"vocab 6.5.1: the last value counts", "train-ai=y, search=y, train-ai=n", want{usage.TrainAI: n, usage.Search: y}, nil},
		{"vocab 3: no statement", "", want{}, []diag.Code{diag.MissingPreference}},
		{"RFC 9651 4.2.2: a trailing comma fails", "train-ai=n,", want{}, []diag.Code{diag.UsageSyntax}},
		{"RFC 9651 4.2.2: a missing comma fails", "train-ai=n search=y", want{}, []diag.Code{diag.UsageSyntax}},
		{"RFC 9651 4.2.2: space around = fails", "train-ai = n", want{}, []diag.Code{diag.UsageSyntax}},
		{"RFC 9651 4.2: space and tabs around members", " train-ai=n ,\tsearch=y\t", want{usage.TrainAI: n, usage.Search: y}, nil},
		{"issue 12: yes/no in Content-Usage", "train-ai=no, search=yes", want{}, []diag.Code{diag.YesNo, diag.YesNo}},
		{"issue 12: a Content-Signal key in Content-Usage", "ai-train=n", want{}, []diag.Code{diag.OtherVocabulary}},
	}
	for _, tt := range tests {
		t.Run(tt.source, func(t *testing.T) {
			from := usage.Source{Field: "Content-Usage"}
			s, diags := usage.Parse(tt.value, from)
			check(t, s, tt.want)
			if got := codes(diags); !slices.Equal(got, tt.codes) {
				t.Errorf("Parse(%q) diagnostics %v, want codes %v", tt.value, diags, tt.codes)
			}
			for c, p := range tt.want {
				if p != usage.Unknown && s.From(c) != from {
					t.Errorf("%s: source %v, want %v", c, s.From(c), from)
				}
			}
		})
	}
}

// TestParseSignal transcribes the Content Signals examples of
// spec/aipref/README.md, then the rules it states in words.
func TestParseSignal(t *testing.T) {
	tests := []struct {
		source string
		value  string
		want   want
		use    usage.Use
		codes  []diag.Code
	}{
		{"Content Signals policy example", "search=yes, ai-input=yes, ai-train=no",
			want{usage.SignalSearch: y, usage.SignalAIInput: y, usage.SignalAITrain: n}, usage.UseUnknown, nil},
		{"Content Signals, Cloudflare-managed files (2026)", "search=yes,ai-train=no,use=reference",
			want{usage.SignalSearch: y, usage.SignalAITrain: n}, usage.UseReference, nil},
		{"Content Signals: a key left out neither grants nor restricts", "ai-train=no",
			want{usage.SignalAITrain: n}, usage.UseUnknown, nil},
		{"Content Signals: use=immediate", "use=immediate", want{}, usage.UseImmediate, nil},
		{"Content Signals: use=full", "ai-input=no, use=full", want{usage.SignalAIInput: n}, usage.UseFull, nil},
		{"Content Signals: an unknown use", "use=sometimes", want{}, usage.UseUnknown, []diag.Code{diag.BadValue}},
		{"issue 12: y/n in Content-Signal", "search=y, ai-train=n", want{}, usage.UseUnknown, []diag.Code{diag.SignalYN, diag.SignalYN}},
		{"issue 12: a Content-Usage key in Content-Signal", "train-ai=no", want{}, usage.UseUnknown, []diag.Code{diag.OtherVocabulary}},
		{"issue 12: an uppercase key", "Search=yes, AI-Train=no", want{}, usage.UseUnknown, []diag.Code{diag.UppercaseKey}},
		{"read as Content-Usage is: parameters ignored", "ai-train=no;x=1", want{usage.SignalAITrain: n}, usage.UseUnknown, nil},
		{"read as Content-Usage is: the last value counts", "ai-train=no, ai-train=yes", want{usage.SignalAITrain: y}, usage.UseUnknown, nil},
		{"read as Content-Usage is: not a Dictionary", "search = yes", want{}, usage.UseUnknown, []diag.Code{diag.UsageSyntax}},
	}
	for _, tt := range tests {
		t.Run(tt.source, func(t *testing.T) {
			from := usage.Source{Line: 2, Field: "Content-Signal"}
			s, diags := usage.ParseSignal(tt.value, from)
			check(t, s, tt.want)
			if u, src := s.Use(); u != tt.use || (u != usage.UseUnknown && src != from) {
				t.Errorf("use %s from %v, want %s", u, src, tt.use)
			}
			if got := codes(diags); !slices.Equal(got, tt.codes) {
				t.Errorf("ParseSignal(%q) diagnostics %v, want codes %v", tt.value, diags, tt.codes)
			}
		})
	}
}

// TestParseRule transcribes the Content-Usage rules of the attachment
// draft and the splitting rules of its section 3.2.
func TestParseRule(t *testing.T) {
	tests := []struct {
		source string
		value  string
		path   string
		want   want
		codes  []diag.Code
	}{
		{"attach 1.2 Examples", "train-ai=n", "", want{usage.TrainAI: n}, nil},
		{"attach 3.4 Example", "/ai-ok/ train-ai=y", "/ai-ok/", want{usage.TrainAI: y}, nil},
		{"attach 3.2: a tab ends the path", "/a\ttrain-ai=n", "/a", want{usage.TrainAI: n}, nil},
		{"attach 3.2: space before and after the value", " \t/a   search=y \t", "/a", want{usage.Search: y}, nil},
		{"attach 3.2: no '/' first, no path", "search=n, train-ai=y", "", want{usage.Search: n, usage.TrainAI: y}, nil},
		{"attach 3.2: a path alone", "/a", "/a", want{}, []diag.Code{diag.MissingPreference}},
		{"attach 3.2: nothing", "", "", want{}, []diag.Code{diag.MissingPreference}},
		{"attach 3.2: a path not starting with /", "ai-ok/ train-ai=y", "", want{}, []diag.Code{diag.BadPath}},
		{"attach 3.2: a pattern starting with *", "*.pdf train-ai=n", "", want{}, []diag.Code{diag.BadPath}},
		{"attach 3.2: a Token may hold /", "a=b/c, train-ai=n", "", want{usage.TrainAI: n}, nil},
		{"attach 3.2: a path with wildcards", "/*.pdf$ train-ai=n", "/*.pdf$", want{usage.TrainAI: n}, nil},
		{"attach 3.2: a path, then an uppercase key", "/a Train-AI=n", "/a", want{}, []diag.Code{diag.UppercaseKey}},
	}
	for _, tt := range tests {
		t.Run(tt.source, func(t *testing.T) {
			path, s, diags := usage.ParseRule(tt.value, usage.Source{Line: 5})
			if path != tt.path {
				t.Errorf("ParseRule(%q) path %q, want %q", tt.value, path, tt.path)
			}
			check(t, s, tt.want)
			if got := codes(diags); !slices.Equal(got, tt.codes) {
				t.Errorf("ParseRule(%q) diagnostics %v, want codes %v", tt.value, diags, tt.codes)
			}
		})
	}
}

// TestCombine checks the combination rule of vocab 5.1 on every pair of
// preferences, and that the source of the decisive statement is kept.
func TestCombine(t *testing.T) {
	u := usage.Unknown
	table := []struct{ a, b, want usage.Pref }{
		{u, u, u}, {u, y, y}, {u, n, n},
		{y, u, y}, {y, y, y}, {y, n, n},
		{n, u, n}, {n, y, n}, {n, n, n},
	}
	for _, tt := range table {
		if got := tt.a.Combine(tt.b); got != tt.want {
			t.Errorf("%s.Combine(%s) = %s, want %s", tt.a, tt.b, got, tt.want)
		}
		a := usage.Set{}.With(usage.TrainAI, tt.a, usage.Source{Line: 1})
		b := usage.Set{}.With(usage.TrainAI, tt.b, usage.Source{Line: 2})
		c := a.Combine(b)
		if c.Get(usage.TrainAI) != tt.want {
			t.Errorf("Set %s + %s = %s, want %s", tt.a, tt.b, c.Get(usage.TrainAI), tt.want)
		}
		wantLine := 0
		switch {
		case tt.want == u:
		case tt.a == tt.want:
			wantLine = 1
		default:
			wantLine = 2
		}
		if got := c.From(usage.TrainAI).Line; got != wantLine {
			t.Errorf("Set %s + %s: from line %d, want %d", tt.a, tt.b, got, wantLine)
		}
	}
}

// TestCombined checks the combined view of the two vocabularies.
func TestCombined(t *testing.T) {
	cu, _ := usage.Parse("train-ai=y, search=y", usage.Source{Line: 3, Field: "Content-Usage"})
	cs, _ := usage.ParseSignal("search=no, ai-train=yes, ai-input=no", usage.Source{Line: 4, Field: "Content-Signal"})
	s := cu.Combine(cs)
	tests := []struct {
		c    usage.Category
		want usage.Pref
		line int
	}{
		{usage.TrainAI, y, 3},       // train-ai=y and ai-train=yes: the first
		{usage.SignalAITrain, y, 3}, // the same view
		{usage.Search, n, 4},        // search=y and search=no: no wins
		{usage.SignalSearch, n, 4},
		{usage.SignalAIInput, n, 4}, // no counterpart
	}
	for _, tt := range tests {
		p, from := s.Combined(tt.c)
		if p != tt.want || from.Line != tt.line {
			t.Errorf("Combined(%s) = %s from %v, want %s from line %d", tt.c, p, from, tt.want, tt.line)
		}
	}
	// The vocabularies stay apart.
	if s.Get(usage.Search) != y || s.Get(usage.SignalSearch) != n {
		t.Errorf("Get: search %s, Content-Signal search %s", s.Get(usage.Search), s.Get(usage.SignalSearch))
	}
	if got, want := s.String(), "Content-Usage: train-ai=y, search=y; Content-Signal: search=no, ai-input=no, ai-train=yes"; got != want {
		t.Errorf("String() = %q, want %q", got, want)
	}
}

// TestZeroAlloc checks that a Set is a value: combining and reading one
// allocates nothing.
func TestZeroAlloc(t *testing.T) {
	a, _ := usage.Parse("train-ai=n", usage.Source{Line: 1})
	b, _ := usage.ParseSignal("search=yes, ai-train=yes", usage.Source{Line: 2})
	var sink usage.Pref
	allocs := testing.AllocsPerRun(100, func() {
		s := a.Combine(b)
		p, _ := s.Combined(usage.TrainAI)
		sink = p.Combine(s.Get(usage.Search))
	})
	if allocs != 0 {
		t.Errorf("Combine and Combined allocate %.0f times", allocs)
	}
	_ = sink
}

// TestJSON checks the JSON form of a Set.
func TestJSON(t *testing.T) {
	cu, _ := usage.Parse("train-ai=n", usage.Source{Line: 4, Field: "Content-Usage"})
	cs, _ := usage.ParseSignal("search=yes, use=reference", usage.Source{Line: 2, Field: "Content-Signal"})
	b, err := json.Marshal(cu.Combine(cs))
	if err != nil {
		t.Fatal(err)
	}
	want := `{"Content-Signal":{"ai-input":{"preference":"unknown"},"ai-train":{"preference":"unknown"},` +
		`"search":{"preference":"allowed","source":{"line":2,"field":"Content-Signal"}}},` +
		`"Content-Usage":{"search":{"preference":"unknown"},` +
		`"train-ai":{"preference":"disallowed","source":{"line":4,"field":"Content-Usage"}}},` +
		`"use":{"source":{"line":2,"field":"Content-Signal"},"value":"reference"}}`
	if string(b) != want {
		t.Errorf("JSON\n%s\nwant\n%s", b, want)
	}
}

// usageSet parses a Content-Usage value read on line cu and a
// Content-Signal value read on line cs, and combines them.
func usageSet(t *testing.T, cuValue string, cu int, signal string, cs int) usage.Set {
	t.Helper()
	var s usage.Set
	if cuValue != "" {
		a, _ := usage.Parse(cuValue, usage.Source{Line: cu, Field: "Content-Usage"})
		s = s.Combine(a)
	}
	if signal != "" {
		b, _ := usage.ParseSignal(signal, usage.Source{Line: cs, Field: "Content-Signal"})
		s = s.Combine(b)
	}
	return s
}

// jsonByMaps writes s as encoding/json writes maps of its members: the
// form AppendJSON keeps, byte for byte.
func jsonByMaps(t *testing.T, s usage.Set) []byte {
	type source struct {
		Line  int    `json:"line,omitempty"`
		Field string `json:"field,omitempty"`
	}
	type pref struct {
		Preference string  `json:"preference"`
		Source     *source `json:"source,omitempty"`
	}
	out := map[string]any{}
	for _, v := range []usage.Vocabulary{usage.AIPref, usage.ContentSignal} {
		m := map[string]pref{}
		for _, c := range usage.Categories(v) {
			p := pref{Preference: s.Get(c).String()}
			if from := s.From(c); from != (usage.Source{}) {
				p.Source = &source{from.Line, from.Field}
			}
			m[c.Label()] = p
		}
		out[v.String()] = m
	}
	u, from := s.Use()
	use := map[string]any{"value": u.String()}
	if from != (usage.Source{}) {
		use["source"] = source{from.Line, from.Field}
	}
	out["use"] = use
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(out); err != nil {
		t.Fatal(err)
	}
	return bytes.TrimSuffix(buf.Bytes(), []byte("\n"))
}

// TestAppend checks the text form of preferences, and that the JSON form is
// byte for byte what encoding/json writes of the same members.
func TestAppend(t *testing.T) {
	tests := []struct {
		set  usage.Set
		text string
	}{
		{usage.Set{}, "unknown"},
		{usageSet(t, "train-ai=n", 4, "", 0), "Content-Usage: train-ai=n (line 4)"},
		{usageSet(t, "search=y, train-ai=n", 4, "", 0), "Content-Usage: train-ai=n (line 4), search=y (line 4)"},
		{usageSet(t, "", 0, "search=yes, ai-train=no, use=reference", 9), "Content-Signal: search=yes (line 9), ai-train=no (line 9), use=reference (line 9)"},
		{usageSet(t, "train-ai=y", 2, "ai-input=no", 3), "Content-Usage: train-ai=y (line 2); Content-Signal: ai-input=no (line 3)"},
		{usage.Set{}.With(usage.TrainAI, usage.Disallowed, usage.Source{Field: `meta name="robots"`}), `Content-Usage: train-ai=n (meta name="robots")`},
		{usageSet(t, "", 0, "use=full", 7), "Content-Signal: use=full (line 7)"},
	}
	for _, tt := range tests {
		if got := string(tt.set.AppendWithSources(nil)); got != tt.text {
			t.Errorf("text %q, want %q", got, tt.text)
		}
		want := jsonByMaps(t, tt.set)
		if got := tt.set.AppendJSON(nil); !bytes.Equal(got, want) {
			t.Errorf("%s: JSON\n%s\nwant\n%s", tt.text, got, want)
		}
		if got, _ := json.Marshal(tt.set); !bytes.Equal(got, want) {
			t.Errorf("%s: MarshalJSON\n%s\nwant\n%s", tt.text, got, want)
		}
	}
	s := usageSet(t, "train-ai=n, search=y", 4, "ai-input=no, use=reference", 5)
	buf := make([]byte, 0, 4096)
	if n := testing.AllocsPerRun(100, func() {
		buf = s.AppendWithSources(buf[:0])
		buf = s.AppendJSON(buf[:0])
	}); n != 0 {
		t.Errorf("appending allocates %v times, want 0", n)
	}
}

// TestJSONOctets checks that AppendJSON writes HTML characters as they are
// and keeps every octet of a source's field, percent-encoding those that
// are not UTF-8, where encoding/json would write U+FFFD. (json.Marshal
// escapes HTML characters in what MarshalJSON returns; an Encoder with
// SetEscapeHTML(false) keeps them.)
func TestJSONOctets(t *testing.T) {
	s, _ := usage.Parse("train-ai=n", usage.Source{Field: "X-<Usage>&\xff"})
	got := string(s.AppendJSON(nil))
	want := `"train-ai":{"preference":"disallowed","source":{"field":"X-<Usage>&%FF"}}`
	if !strings.Contains(got, want) {
		t.Errorf("AppendJSON = %s, want it to hold %s", got, want)
	}
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(s); err != nil || strings.TrimSuffix(buf.String(), "\n") != got {
		t.Errorf("Encode = %s, %v; want %s", buf.String(), err, got)
	}
}
