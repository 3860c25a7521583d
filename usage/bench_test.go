package usage

import (
	"strings"
	"testing"
)

// BenchmarkParse measures reading the values seen in robots.txt files and
// headers, parameters, inner lists and bad values included: none
// allocates but for its diagnostics. Per byte, compare with the parser's
// cost per input byte.
func BenchmarkParse(b *testing.B) {
	cases := []struct {
		name  string
		vocab Vocabulary
		value string
	}{
		{"ContentUsage/Short", AIPref, "train-ai=n"},
		{"ContentUsage/Two", AIPref, "train-ai=n, search=y"},
		{"ContentUsage/Invalid", AIPref, "Train-AI=n"},
		{"ContentSignal/Managed", ContentSignal, "search=yes,ai-train=no,use=reference"},
		{"ContentUsage/Params", AIPref, "train-ai=n;a"},
		{"ContentUsage/InnerList", AIPref, "train-ai=(n y);a, search=y"},
		{"ContentSignal/Params", ContentSignal, "search=yes;a, ai-train=no"},
		{"ContentUsage/BadValue", AIPref, "train-ai=yes"},
		// Linear in the length, duplicate keys and parameters included.
		{"ContentUsage/Long64KiB", AIPref, strings.Repeat("train-ai=n;p=1, x-y=?1, ", 64<<10/24)},
	}
	for _, c := range cases {
		b.Run(c.name, func(b *testing.B) {
			b.ReportAllocs()
			b.SetBytes(int64(len(c.value)))
			for b.Loop() {
				parse(c.vocab, c.value, Source{Line: 1})
			}
		})
	}
}
