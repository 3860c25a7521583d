package memo

import (
	"fmt"
	"sync"
	"testing"
)

// TestMap checks that a Map keeps the first value stored under a key, and
// at most its bound.
func TestMap(t *testing.T) {
	var m Map[int]
	if _, ok := m.Load([]byte("a")); ok || m.Len() != 0 {
		t.Fatal("the zero Map is not empty")
	}
	for i, c := range []struct {
		key     string
		v, want int
		stored  bool
		len     int
	}{
		{"a", 1, 1, true, 1},
		{"a", 2, 1, true, 1}, // kept: the first value
		{"b", 3, 3, true, 2},
		{"c", 4, 4, true, 3},
		{"d", 5, 5, false, 3}, // past the bound of 3
		{"b", 6, 3, true, 3},
	} {
		v, ok := m.Store([]byte(c.key), c.v, 3)
		if v != c.want || ok != c.stored || m.Len() != c.len {
			t.Errorf("%d: Store(%q, %d) = %d, %v (len %d); want %d, %v (len %d)", i, c.key, c.v, v, ok, m.Len(), c.want, c.stored, c.len)
		}
		if got, ok := m.Load([]byte(c.key)); ok != c.stored || ok && got != c.want {
			t.Errorf("%d: Load(%q) = %d, %v", i, c.key, got, ok)
		}
	}
}

// TestCache checks that concurrent Gets of one key build it once, that at
// most the bound is kept, and that a build that panics is built again by
// the next call.
func TestCache(t *testing.T) {
	var c Cache[string]
	var wg sync.WaitGroup
	for range 16 {
		wg.Go(func() {
			if v, kept := c.Get([]byte("k"), 2, func() string { return "v" }); v != "v" || !kept {
				t.Errorf("Get = %q, %v", v, kept)
			}
		})
	}
	wg.Wait()
	if c.Builds() != 1 || c.Len() != 1 || !c.Kept([]byte("k")) {
		t.Errorf("after concurrent Gets: %d builds, %d kept", c.Builds(), c.Len())
	}
	for i := range 3 {
		k := fmt.Sprint("x", i)
		v, kept := c.Get([]byte(k), 2, func() string { return k })
		if v != k || kept != (i == 0) || c.Kept([]byte(k)) != kept {
			t.Errorf("Get(%q) = %q, %v", k, v, kept)
		}
	}
	func() {
		defer func() { recover() }()
		c.Get([]byte("p"), 10, func() string { panic("build") })
	}()
	if v, kept := c.Get([]byte("p"), 10, func() string { return "p" }); v != "p" || !kept {
		t.Errorf("after a panicking build: Get = %q, %v", v, kept)
	}
}
