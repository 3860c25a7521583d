package warcgen_test

import (
	"bytes"
	"io"
	"testing"

	"github.com/robotsexclusion/robots/internal/warc"
	"github.com/robotsexclusion/robots/internal/warcgen"
)

// Synthetic's Stats count what a reader finds in the file it writes.
func TestSynthetic(t *testing.T) {
	files := []warcgen.File{{Host: "a.example", Body: []byte("User-agent: *\nDisallow: /a\n")}, {Host: "b.example", Body: nil}}
	for _, damage := range []bool{false, true} {
		var buf bytes.Buffer
		st, err := warcgen.Synthetic(warcgen.NewWriter(&buf, true), files, warcgen.Options{Captures: 2 * warcgen.DamageEvery, Seed: 3, Damage: damage})
		if err != nil {
			t.Fatal(err)
		}
		r := warc.NewReader(bytes.NewReader(buf.Bytes()))
		records, responses, damaged := 0, 0, 0
		for {
			rec, err := r.Next()
			if err == io.EOF {
				break
			}
			if err != nil {
				t.Fatal(err)
			}
			records++
			if rec.Type == "response" || rec.Err != nil {
				responses++
			}
			if rec.Err != nil {
				damaged++
			}
		}
		wantDamaged := 0
		if damage {
			wantDamaged = st.Kinds["corrupt"] + 1 // and the cut last member
		}
		if records != st.Records || responses != st.Responses || damaged != wantDamaged || st.Cut != damage {
			t.Errorf("damage %v: read %d records, %d responses, %d damaged; Stats say %d, %d, %d (cut %v)",
				damage, records, responses, damaged, st.Records, st.Responses, wantDamaged, st.Cut)
		}
		kinds := 0
		for _, n := range st.Kinds {
			kinds += n
		}
		if kinds != 2*warcgen.DamageEvery {
			t.Errorf("damage %v: %d captures by kind, want %d", damage, kinds, 2*warcgen.DamageEvery)
		}
	}
}

// Each hostile body is as large as it says.
func TestHostile(t *testing.T) {
	for _, k := range warcgen.HostileKinds {
		b := warcgen.HostileBody(k, []string{"GPTBot", "CCBot"})
		min := 400 << 10
		if k == "agents" {
			min = 40 << 10
		}
		if len(b) < min {
			t.Errorf("%s: %d octets, want at least %d", k, len(b), min)
		}
	}
	var buf bytes.Buffer
	if err := warcgen.Hostile(warcgen.NewWriter(&buf, true), len(warcgen.HostileKinds), []string{"GPTBot"}); err != nil {
		t.Fatal(err)
	}
}
