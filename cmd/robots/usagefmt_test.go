package main

import (
	"encoding/json"
	"testing"

	prefs "github.com/robotsexclusion/robots/usage"
)

// usageSet parses a Content-Usage value read on line cu and a
// Content-Signal value read on line cs, and combines them.
func usageSet(t *testing.T, usage string, cu int, signal string, cs int) prefs.Set {
	t.Helper()
	var s prefs.Set
	if usage != "" {
		a, _ := prefs.Parse(usage, prefs.Source{Line: cu, Field: "Content-Usage"})
		s = s.Combine(a)
	}
	if signal != "" {
		b, _ := prefs.ParseSignal(signal, prefs.Source{Line: cs, Field: "Content-Signal"})
		s = s.Combine(b)
	}
	return s
}

// TestUsageFormat checks the text form of preferences, and that the JSON
// form is byte for byte what encoding/json writes.
func TestUsageFormat(t *testing.T) {
	tests := []struct {
		set  prefs.Set
		text string
	}{
		{prefs.Set{}, "unknown"},
		{usageSet(t, "train-ai=n", 4, "", 0), "Content-Usage: train-ai=n (line 4)"},
		{usageSet(t, "search=y, train-ai=n", 4, "", 0), "Content-Usage: train-ai=n (line 4), search=y (line 4)"},
		{usageSet(t, "", 0, "search=yes, ai-train=no, use=reference", 9), "Content-Signal: search=yes (line 9), ai-train=no (line 9), use=reference (line 9)"},
		{usageSet(t, "train-ai=y", 2, "ai-input=no", 3), "Content-Usage: train-ai=y (line 2); Content-Signal: ai-input=no (line 3)"},
		{prefs.Set{}.With(prefs.TrainAI, prefs.Disallowed, prefs.Source{Field: `meta name="robots"`}), `Content-Usage: train-ai=n (meta name="robots")`},
		{usageSet(t, "", 0, "use=full", 7), "Content-Signal: use=full (line 7)"},
	}
	for _, tt := range tests {
		if got := usageText(tt.set); got != tt.text {
			t.Errorf("text %q, want %q", got, tt.text)
		}
		want, err := json.Marshal(tt.set)
		if err != nil {
			t.Fatal(err)
		}
		if got := appendUsageJSON(nil, tt.set); string(got) != string(want) {
			t.Errorf("%s: JSON\n%s\nwant\n%s", tt.text, got, want)
		}
	}
}

// TestUsageFormatAllocs checks that appending preferences to a buffer with
// room allocates nothing, so that check -usage stays allocation-free.
func TestUsageFormatAllocs(t *testing.T) {
	s := usageSet(t, "train-ai=n, search=y", 4, "ai-input=no, use=reference", 5)
	buf := make([]byte, 0, 4096)
	if n := testing.AllocsPerRun(100, func() {
		buf = appendUsageText(buf[:0], s)
		buf = appendUsageJSON(buf[:0], s)
	}); n != 0 {
		t.Errorf("%v allocations, want 0", n)
	}
}
