package heappeak

import (
	"runtime"
	"testing"
	"time"
)

var sink []byte

// TestStart: a block held while sampling shows in the peak, and nothing
// held shows less.
func TestStart(t *testing.T) {
	runtime.GC()
	stop := Start(50 * time.Microsecond)
	sink = make([]byte, 8<<20)
	time.Sleep(time.Millisecond)
	held := stop()
	sink = nil
	runtime.GC()
	if held < 8<<20 {
		t.Errorf("peak %d while holding 8 MiB", held)
	}
}
