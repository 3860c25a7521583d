package memo

import (
	"fmt"
	"strings"
	"sync"
	"testing"
)

// TestMap checks that a Map keeps the first value stored under a key, and
// at most its bound, its first key short (held in place) or long.
func TestMap(t *testing.T) {
	for _, first := range []string{"a", strings.Repeat("a", inlineKey), strings.Repeat("a", inlineKey+1)} {
		testMap(t, first)
	}
}

func testMap(t *testing.T, first string) {
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
		{first, 1, 1, true, 1},
		{first, 2, 1, true, 1}, // kept: the first value
		{first[1:], 7, 7, true, 2},
		{"b", 3, 3, true, 3},
		{"c", 4, 4, true, 4},
		{"d", 5, 5, false, 4}, // past the bound of 4
		{"b", 6, 3, true, 4},
	} {
		v, ok := m.Store([]byte(c.key), c.v, 4)
		if v != c.want || ok != c.stored || m.Len() != c.len {
			t.Errorf("first %q, %d: Store(%q, %d) = %d, %v (len %d); want %d, %v (len %d)", first, i, c.key, c.v, v, ok, m.Len(), c.want, c.stored, c.len)
		}
		if got, ok := m.Load([]byte(c.key)); ok != c.stored || ok && got != c.want {
			t.Errorf("first %q, %d: Load(%q) = %d, %v", first, i, c.key, got, ok)
		}
	}
}

// TestCache checks that concurrent Gets of one key build it once, that at
// most the bound is kept, and that a build that panics is built again by
// the next call.
func TestCache(t *testing.T) {
	for _, first := range []string{"k", strings.Repeat("k", inlineKey+1)} {
		testCache(t, first)
	}
}

func testCache(t *testing.T, first string) {
	var c Cache[string]
	var wg sync.WaitGroup
	for range 16 {
		wg.Go(func() {
			if v, kept := c.Get([]byte(first), 2, func() string { return "v" }); v != "v" || !kept {
				t.Errorf("Get = %q, %v", v, kept)
			}
		})
	}
	wg.Wait()
	if c.Builds() != 1 || c.Len() != 1 || !c.Kept([]byte(first)) || c.Kept([]byte(first[1:])) {
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

// TestFirstAllocatesNothing checks that the first entry of a Map, and the
// first slot of a Cache, are held in place: a short key stored first
// allocates nothing, and a Cache's first Get only what its build does.
// The second of each has an entry of its own.
func TestFirstAllocatesNothing(t *testing.T) {
	const runs = 100
	v := new(int)
	first, second := []byte("FooBot"), []byte("BarBot")
	// The Maps and Caches are allocated here, as a Robots holds them.
	maps, caches := make([]Map[*int], runs+1), make([]Cache[*int], 2*(runs+1))
	i := 0
	if n := testing.AllocsPerRun(runs, func() {
		m := &maps[i]
		i++
		m.Store(first, v, 4)
		if got, ok := m.Load(first); !ok || got != v {
			t.Fatal("the first entry is not kept")
		}
	}); n != 0 {
		t.Errorf("Map: the first Store allocates %v times; want 0", n)
	}
	build := func() *int { return v }
	i = 0
	if n := testing.AllocsPerRun(runs, func() {
		c := &caches[i]
		i++
		if got, kept := c.Get(first, 4, build); got != v || !kept {
			t.Fatal("the first value is not kept")
		}
	}); n != 0 {
		t.Errorf("Cache: the first Get allocates %v times; want 0", n)
	}
	if n := testing.AllocsPerRun(runs, func() {
		c := &caches[i]
		i++
		c.Get(first, 4, build)
		c.Get(second, 4, build)
	}); n == 0 {
		t.Error("Cache: the second key's Get allocates nothing; its slot is not its own")
	}
}
