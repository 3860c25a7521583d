//go:build robots_nocharset

package charset

import (
	"bytes"
	"math/rand/v2"
	"testing"

	"golang.org/x/text/encoding/unicode"
)

// TestNoTables checks the labels the build without charset tables knows:
// those of UTF-8, and no other.
func TestNoTables(t *testing.T) {
	for _, label := range []string{"utf-8", " UTF8 ", "unicode-1-1-utf-8"} {
		if n, ok := EncodedLen(label, "café"); !ok || n != 5 {
			t.Errorf("EncodedLen(%q) = %d, %v", label, n, ok)
		}
	}
	if _, ok := EncodedLen("windows-1252", "a"); ok {
		t.Error("EncodedLen(windows-1252): ok without the tables")
	}
	if _, isUTF8, err := Lookup("windows-1252"); isUTF8 || err != ErrNoTables {
		t.Errorf("Lookup(windows-1252) = %v, %v; want ErrNoTables", isUTF8, err)
	}
}

// TestUTF16AsTheDefaultBuild holds the tagged build's UTF-16 decoder to
// the default build's (golang.org/x/text, linked by this test only): on
// edge cases and on random bodies of units that are often surrogates.
func TestUTF16AsTheDefaultBuild(t *testing.T) {
	cases := [][]byte{
		{}, {0xA}, {0xD8, 0x00}, {0xDC, 0x00}, {0xD8, 0x00, 0xDC, 0x00}, {0xD8, 0x00, 0x00, 0x41},
		{0xDB, 0xFF, 0xDF, 0xFF}, {0xD8, 0x00, 0xD8, 0x00, 0xDC, 0x00}, {0x00, 0x41, 0xDC}, {0xFE, 0xFF, 0x00, 0x41},
	}
	rng := rand.New(rand.NewPCG(3, 4))
	for range 3000 {
		b := make([]byte, rng.IntN(24))
		for i := range b {
			switch rng.IntN(4) {
			case 0:
				b[i] = 0xD8 + byte(rng.IntN(8))
			case 1:
				b[i] = 0
			default:
				b[i] = byte(rng.Uint32())
			}
		}
		cases = append(cases, b)
	}
	for _, c := range cases {
		for _, big := range []bool{true, false} {
			order, bom := unicode.LittleEndian, []byte{0xFF, 0xFE}
			if big {
				order, bom = unicode.BigEndian, []byte{0xFE, 0xFF}
			}
			body := append(bom, c...)
			want, err := unicode.UTF16(order, unicode.ExpectBOM).NewDecoder().Bytes(body)
			if err != nil {
				t.Fatal(err)
			}
			got, _ := UTF16(big)(body)
			if !bytes.Equal(got, want) {
				t.Errorf("% x (big-endian %v): %q, x/text says %q", body, big, got, want)
			}
		}
	}
}
