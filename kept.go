package robots

import (
	"encoding/binary"
	"strings"
	"time"

	"github.com/robotsexclusion/robots/compile"
	"github.com/robotsexclusion/robots/usage"
)

// This file holds what a Matcher keeps of its groups, for Selection, Rules
// and its decisions. A crawler keeps a Matcher per host for as long as the
// file is fresh, so what it keeps is compact: a rule is 6 octets (where its
// value ends in one copy of the groups' strings, and its line) and an agent
// line 12, rather than the parsed file's 48-octet entries, whose strings
// are substrings of the whole body. The canonical patterns are not kept:
// the automaton holds what it needs.

// keptLines are the agent lines and rules of a Matcher's groups, in file
// order. The agent lines and the rules share one slice, packed: a
// Matcher holds one allocation for both, not one each.
type keptLines struct {
	packed  []byte     // the agent lines, agentBytes (12) octets each (see agent), then the rules, ruleBytes (6) octets each (see rule) unless long is set
	text    string     // the values of the agent lines, end to end, then the rules', from start on
	start   uint32     // where the first rule's value starts in text
	nagents uint32     // the agent lines
	long    *longRules // the rules instead, when text is longer than maxKeptText or a line above maxKeptLine
}

// rules returns the packed rules.
func (l *keptLines) rules() []byte { return l.packed[agentBytes*l.nagents:] }

// A rule in keptLines.rules is where its value ends in keptLines.text (it
// starts where the previous one ends), then its line, with packedAllow set
// for an allow line: two 24-bit little-endian numbers.
const (
	ruleBytes   = 6
	packedAllow = 1 << 23
)

// maxKeptText is the longest text whose offsets keptLines.rules holds,
// and maxKeptLine the highest line: a Matcher whose groups' strings are
// longer, or whose rules have a higher line, keeps its rules apart
// (keptLines.long). Tests lower them.
var maxKeptText, maxKeptLine = 1<<24 - 1, packedAllow - 1

// longRules are the kept rules when keptLines.rules cannot hold them: each
// rule's value, and its line with allowBit set for an allow line.
type longRules struct {
	values []string
	lines  []uint32
}

const allowBit = 1 << 31

// count returns the number of kept rules.
func (l *keptLines) count() int {
	if l.long != nil {
		return len(l.long.lines)
	}
	return (len(l.packed) - agentBytes*int(l.nagents)) / ruleBytes
}

// rule returns the value, line and kind of the i-th kept rule.
func (l *keptLines) rule(i int) (value string, line int, allow bool) {
	if l.long != nil {
		n := l.long.lines[i]
		return l.long.values[i], int(n &^ allowBit), n&allowBit != 0
	}
	rules := l.rules()
	r := rules[i*ruleBytes : i*ruleBytes+ruleBytes]
	start := l.start
	if i > 0 {
		start = uint24(rules[i*ruleBytes-ruleBytes:])
	}
	n := uint24(r[3:])
	return l.text[start:uint24(r)], int(n &^ packedAllow), n&packedAllow != 0
}

// uint24 reads a 24-bit little-endian number.
func uint24(b []byte) uint32 {
	_ = b[2]
	return uint32(b[0]) | uint32(b[1])<<8 | uint32(b[2])<<16
}

// appendUint24 appends v, below 1<<24, as 24 bits little-endian.
func appendUint24(b []byte, v uint32) []byte {
	return append(b, byte(v), byte(v>>8), byte(v>>16))
}

// An agent line in keptLines.packed is three 32-bit little-endian
// numbers: where its value ends in keptLines.text (it starts where the
// previous agent's ends, the first at 0), the length of its name, the
// token compared with a crawler's, which is always a prefix of its value,
// and its line, with globalBit set for a * line.
const (
	agentBytes = 12
	globalBit  = 1 << 31
)

// agent returns the value, name and line of the i-th kept agent line, and
// whether it is a * line.
func (l *keptLines) agent(i int) (value, name string, line int, global bool) {
	a, start := l.packed[i*agentBytes:i*agentBytes+agentBytes], uint32(0)
	if i > 0 {
		start = binary.LittleEndian.Uint32(l.packed[i*agentBytes-agentBytes:])
	}
	end, n, ln := binary.LittleEndian.Uint32(a), binary.LittleEndian.Uint32(a[4:]), binary.LittleEndian.Uint32(a[8:])
	value = l.text[start:end]
	return value, value[:n], int(ln &^ globalBit), ln&globalBit != 0
}

// A keptGroup is a selected group: its agents and rules are those of
// keptLines up to the ends given, from the previous group's ends.
type keptGroup struct {
	agentEnd, ruleEnd int32
	group             int32 // its index in the file's Groups
	delayLine         int32
	delay             time.Duration
	prefs             *keptUsage // nil when the group has no Content-Usage or Content-Signal line, as most have none
}

// keptUsage are the Content-Usage and Content-Signal lines of a kept
// group. A Content-Usage line is kept as its value and line, 12 octets: a
// file may hold thousands, which the automaton and the usage table decide,
// and its path and preferences are read again from its value when asked
// (see usage).
type keptUsage struct {
	usage   []keptValue
	signals []compile.Signal
}

// A keptValue is a value, keptLines.text[start:end], and its line.
type keptValue struct{ start, end, line uint32 }

// usage returns the group's Content-Usage lines, their values cut from
// text (keptLines.text). Their paths and preferences are read again by
// usage.ParseRule, as the parser read them (compile.UsageRule): the same
// value and line read the same.
func (k *keptGroup) usage(text string) []compile.UsageRule {
	if k.prefs == nil || len(k.prefs.usage) == 0 {
		return nil
	}
	out := make([]compile.UsageRule, len(k.prefs.usage))
	for i, v := range k.prefs.usage {
		value := text[v.start:v.end]
		path, prefs, _ := usage.ParseRule(value, usage.Source{Line: int(v.line), Field: compile.FieldContentUsage})
		out[i] = compile.UsageRule{Value: value, Path: path, Prefs: prefs, Line: int(v.line)}
	}
	return out
}

// signals returns the group's Content-Signal lines.
func (k *keptGroup) signals() []compile.Signal {
	if k.prefs == nil {
		return nil
	}
	return k.prefs.signals
}

// keep sets, on the compiled Matcher m, what it keeps of the groups of f at
// the given indices: the groups, and their strings copied into one
// allocation, so that m does not hold the body's text alive.
func (m *Matcher) keep(f *compile.File, groups []int) {
	size, nagents, nrules, lastLine := 0, 0, 0, 0
	for _, g := range groups {
		grp := &f.Groups[g]
		for _, a := range grp.Agents {
			if !strings.HasPrefix(a.Value, a.Name) {
				panic("robots: an agent's name is not a prefix of its value")
			}
			size += len(a.Value)
		}
		for _, r := range grp.Rules {
			size += len(r.Value)
			lastLine = max(lastLine, r.Line)
		}
		for _, u := range grp.Usage {
			size += len(u.Value)
		}
		for _, sig := range grp.Signals {
			size += len(sig.Value)
		}
		nagents += len(grp.Agents)
		nrules += len(grp.Rules)
	}
	// One string holds the agents' values, then the rules', then the
	// usage lines'; the copies are cut from it in the order written.
	var b strings.Builder
	b.Grow(size)
	for _, g := range groups {
		for _, a := range f.Groups[g].Agents {
			b.WriteString(a.Value)
		}
	}
	start := b.Len()
	for _, g := range groups {
		for _, r := range f.Groups[g].Rules {
			b.WriteString(r.Value)
		}
	}
	for _, g := range groups {
		grp := &f.Groups[g]
		for _, u := range grp.Usage {
			b.WriteString(u.Value)
		}
		for _, sig := range grp.Signals {
			b.WriteString(sig.Value)
		}
	}
	all, off := b.String(), 0
	next := func(s string) string {
		off += len(s)
		return all[off-len(s) : off]
	}
	long := len(all) > maxKeptText || lastLine > maxKeptLine
	m.lines.text = all
	packed := agentBytes * nagents
	if long {
		m.lines.long = &longRules{values: make([]string, 0, nrules), lines: make([]uint32, 0, nrules)}
	} else {
		m.lines.start = uint32(start)
		packed += ruleBytes * nrules
	}
	m.kept = make([]keptGroup, len(groups))
	m.lines.packed = make([]byte, 0, packed)
	for i, g := range groups {
		grp := &f.Groups[g]
		k := &m.kept[i]
		k.group, k.delay, k.delayLine = int32(g), grp.CrawlDelay, int32(grp.DelayLine)
		for _, a := range grp.Agents {
			next(a.Value)
			line := uint32(a.Line) &^ globalBit
			if a.Global {
				line |= globalBit
			}
			m.lines.packed = binary.LittleEndian.AppendUint32(m.lines.packed, uint32(off))
			m.lines.packed = binary.LittleEndian.AppendUint32(m.lines.packed, uint32(len(a.Name)))
			m.lines.packed = binary.LittleEndian.AppendUint32(m.lines.packed, line)
			m.lines.nagents++
		}
		k.agentEnd = int32(m.lines.nagents)
	}
	for i, g := range groups {
		for _, r := range f.Groups[g].Rules {
			v := next(r.Value)
			if long {
				n := uint32(r.Line) &^ allowBit
				if r.Allow {
					n |= allowBit
				}
				m.lines.long.values = append(m.lines.long.values, v)
				m.lines.long.lines = append(m.lines.long.lines, n)
				continue
			}
			n := uint32(r.Line)
			if r.Allow {
				n |= packedAllow
			}
			m.lines.packed = appendUint24(appendUint24(m.lines.packed, uint32(off)), n)
		}
		m.kept[i].ruleEnd = int32(m.lines.count())
	}
	for i, g := range groups {
		grp := &f.Groups[g]
		if len(grp.Usage) == 0 && len(grp.Signals) == 0 {
			continue
		}
		k := &keptUsage{}
		m.kept[i].prefs = k
		if len(grp.Usage) > 0 {
			k.usage = make([]keptValue, len(grp.Usage))
			for j, u := range grp.Usage {
				next(u.Value)
				k.usage[j] = keptValue{start: uint32(off - len(u.Value)), end: uint32(off), line: uint32(u.Line)}
			}
		}
		if len(grp.Signals) > 0 {
			k.signals = make([]compile.Signal, len(grp.Signals))
			for j, sig := range grp.Signals {
				k.signals[j] = compile.Signal{Value: next(sig.Value), Prefs: sig.Prefs, Line: sig.Line}
			}
		}
	}
}

// groupIndices returns the indices of the kept groups in the file's
// Groups.
func (m *Matcher) groupIndices() []int {
	out := make([]int, len(m.kept))
	for i := range m.kept {
		out[i] = int(m.kept[i].group)
	}
	return out
}

// group returns the i-th kept group in the root's type.
func (m *Matcher) group(i int) Group {
	k := &m.kept[i]
	a0, r0 := int32(0), int32(0)
	if i > 0 {
		a0, r0 = m.kept[i-1].agentEnd, m.kept[i-1].ruleEnd
	}
	out := Group{CrawlDelay: k.delay, DelayLine: int(k.delayLine)}
	out.Agents = make([]UserAgent, 0, k.agentEnd-a0)
	for j := a0; j < k.agentEnd; j++ {
		value, name, line, global := m.lines.agent(int(j))
		out.Agents = append(out.Agents, UserAgent{Line: line, Value: value, Name: name, Global: global})
	}
	if len(out.Agents) > 0 {
		out.Line = out.Agents[0].Line
	}
	out.Rules = m.lines.appendRules(nil, int(r0), int(k.ruleEnd))
	out.Usage = appendUsage(nil, k.usage(m.lines.text))
	out.Signals = appendSignals(nil, k.signals())
	return out
}

// appendRules appends the kept rules from i to j to out in the root's
// type.
func (l *keptLines) appendRules(out []Rule, i, j int) []Rule {
	for ; i < j; i++ {
		v, line, allow := l.rule(i)
		out = append(out, Rule{Line: line, Allow: allow, Pattern: v})
	}
	return out
}
