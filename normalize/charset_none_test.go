//go:build robots_nocharset

package normalize

import (
	"errors"
	"testing"

	"github.com/robotsexclusion/robots/internal/charset"
)

// TestNoCharsets checks Prepare in the build without charset tables: a
// label of UTF-8 is known, any other label is reported and the body kept
// as it is.
func TestNoCharsets(t *testing.T) {
	got, info, err := Prepare([]byte("caf\xE9"), BodyOptions{Charset: "ISO-8859-1"})
	if !errors.Is(err, charset.ErrNoTables) || string(got) != "caf\xE9" || info.Charset != "" {
		t.Errorf("latin-1 without tables: %q, %+v, %v; want the octets kept and charset.ErrNoTables", got, info, err)
	}
	if got, _, err := Prepare([]byte("caf\xC3\xA9"), BodyOptions{Charset: "utf-8"}); err != nil || string(got) != "caf\xC3\xA9" {
		t.Errorf("utf-8 declared: %q, %v", got, err)
	}
}
