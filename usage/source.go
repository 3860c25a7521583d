package usage

import (
	"math"
	"sync"
	"sync/atomic"
)

// A source is a Source packed into eight octets, as a Set holds one for
// each category: its line, kept up to math.MaxInt32 (a robots.txt has
// fewer lines than normalize.MaxLimit octets), and its field by its index
// in the table of fields. A Set of Sources would be 152 octets; of sources
// it is 56, and a parsed file holds one for each Content-Usage and
// Content-Signal line, which may come one every 16 octets. The zero source
// is the zero Source, and two sources are equal exactly when the Sources
// they pack are (past the line limit, when their lines are both at it).
type source struct {
	line  int32
	field uint16
}

// The fields every Set of a robots.txt file names, which pack finds
// without the table's lock: the Decide path packs them.
const (
	fieldContentUsage  = "Content-Usage"
	fieldContentSignal = "Content-Signal"
)

// maxFields is how many distinct fields the table tells apart; a source of
// a field past them packs its field as "" (no program names that many).
const maxFields = math.MaxUint16

// fields is the table of the fields sources name, by index: each field
// once, added under mu and read without it.
var fields struct {
	mu    sync.Mutex
	names atomic.Pointer[[]string] // never modified once stored
	index map[string]uint16
}

func init() {
	names := []string{"", fieldContentUsage, fieldContentSignal}
	fields.names.Store(&names)
	fields.index = map[string]uint16{"": 0, fieldContentUsage: 1, fieldContentSignal: 2}
}

// pack returns s as a source.
func pack(s Source) source {
	line := int32(min(max(s.Line, math.MinInt32), math.MaxInt32))
	return source{line: line, field: fieldIndex(s.Field)}
}

// fieldIndex returns the index of f in the table of fields, adding it.
func fieldIndex(f string) uint16 {
	switch f {
	case "":
		return 0
	case fieldContentUsage:
		return 1
	case fieldContentSignal:
		return 2
	}
	fields.mu.Lock()
	defer fields.mu.Unlock()
	if i, ok := fields.index[f]; ok {
		return i
	}
	old := *fields.names.Load()
	if len(old) >= maxFields {
		return 0
	}
	names := append(old[:len(old):len(old)], f)
	fields.index[f] = uint16(len(old))
	fields.names.Store(&names)
	return uint16(len(old))
}

// unpack returns the Source s packs.
func (s source) unpack() Source {
	return Source{Line: int(s.line), Field: (*fields.names.Load())[s.field]}
}
