package usage

import "testing"

// TestQuick checks which values the quick reader takes (the common ones,
// without allocating) and which it leaves to httpsfv.
func TestQuick(t *testing.T) {
	from := Source{Line: 1, Field: "x"}
	tests := []struct {
		v     Vocabulary
		value string
		ok    bool
	}{
		{AIPref, "train-ai=n, search=y", true},
		{AIPref, "train-ai=y,search=n \t", true},
		{AIPref, " search=y, x-y=tok", true},
		{AIPref, "train-ai=y, use=anything", true}, // use is no AIPref key
		{ContentSignal, "search=yes,ai-train=no,use=reference", true},
		{ContentSignal, "ai-input=no, x=y", true},
		{AIPref, "x", true}, // a Boolean no vocabulary knows
		{AIPref, "x1, train-ai=n,x2 ,x3", true},
		{ContentSignal, "x, search=yes", true},
		{AIPref, "use", true},                      // use is no AIPref key
		{ContentSignal, "use", false},              // a Boolean use: a diagnostic
		{AIPref, "ai-train", false},                // the other vocabulary's key
		{AIPref, "x;p", false},                     // parameters
		{AIPref, "x y", false},                     // not a Dictionary
		{AIPref, "", false},                        // no preference
		{AIPref, "\ttrain-ai=n", false},            // a leading tab is not a Dictionary
		{AIPref, "train-ai=n,", false},             // a trailing comma
		{AIPref, "train-ai=n;p=1", false},          // parameters
		{AIPref, "train-ai", false},                // a Boolean
		{AIPref, "train-ai=yes", false},            // a diagnostic
		{AIPref, "train-ai=n, ai-train=no", false}, // the other vocabulary
		{AIPref, `train-ai="n"`, false},            // a String
		{AIPref, "Train-ai=n", false},              // an uppercase key
		{ContentSignal, "search=y", false},         // a diagnostic
		{ContentSignal, "use=partial", false},      // not a use value
		{ContentSignal, "search=yes, train-ai=n", false},
	}
	for _, tt := range tests {
		s, ok := quick(tt.v, tt.value, pack(from))
		if ok != tt.ok {
			t.Errorf("quick(%s, %q) ok = %v, want %v", tt.v, tt.value, ok, tt.ok)
			continue
		}
		if !ok {
			continue
		}
		want, diags := parseDictionary(tt.v, tt.value, pack(from))
		if s != want || len(diags) > 0 {
			t.Errorf("quick(%s, %q) = %s, httpsfv reads %s %v", tt.v, tt.value, s, want, diags)
		}
		if n := testing.AllocsPerRun(10, func() { parse(tt.v, tt.value, from) }); n != 0 {
			t.Errorf("parse(%s, %q) allocates %.0f times", tt.v, tt.value, n)
		}
	}
}
