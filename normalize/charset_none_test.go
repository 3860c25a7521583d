//go:build robots_nocharset

package normalize

import (
	"errors"
	"testing"
)

// TestNoCharsets checks the build without charset tables: the labels of
// UTF-8 are known, any other label is reported and the body kept as it is.
func TestNoCharsets(t *testing.T) {
	for _, label := range []string{"utf-8", " UTF8 ", "unicode-1-1-utf-8"} {
		if _, err := Encoding(label); err != nil {
			t.Errorf("Encoding(%q): %v", label, err)
		}
	}
	got, info, err := Body([]byte("caf\xE9"), "ISO-8859-1", 0)
	if !errors.Is(err, errNoCharsets) || string(got) != "caf\xE9" || info.Charset != "" {
		t.Errorf("latin-1 without tables: %q, %+v, %v; want the octets kept and errNoCharsets", got, info, err)
	}
	if got, _, err := Body([]byte("caf\xC3\xA9"), "utf-8", 0); err != nil || string(got) != "caf\xC3\xA9" {
		t.Errorf("utf-8 declared: %q, %v", got, err)
	}
}
