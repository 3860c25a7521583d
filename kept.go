package robots

import (
	"encoding/binary"
	"math"
	"slices"
	"strings"
	"time"

	"github.com/robotsexclusion/robots/compile"
	"github.com/robotsexclusion/robots/normalize"
	"github.com/robotsexclusion/robots/usage"
)

// This file holds what a Matcher keeps of its groups, for Selection, Rules
// and its decisions. A crawler keeps a Matcher per host for as long as the
// file is fresh, so what it keeps is compact: a rule is 4 octets, or 6 in
// a long file (where its value ends in one copy of the groups' strings,
// and its line), an agent
// line 12 and a group 24, all in one slice of octets, rather than the
// parsed file's 48-octet entries, whose strings are substrings of the
// whole body. The canonical patterns are not kept: the automaton holds
// what it needs.

// keptLines are the groups of a Matcher, their agent lines and their
// rules, in file order. They share one string with the text of their
// values, data: a Matcher holds one allocation for them all, not one
// each, and no slice header for each.
type keptLines struct {
	// data is the text, textLen octets: the values of the agent lines,
	// end to end, then the rules', from the first rule's start on, then
	// the usage lines'. Then comes packed, a header of hdrBytes (20) octets, five 32-bit
	// little-endian numbers (the groups, the agent lines, where the first
	// rule's value starts in text, where the rules start in packed, and
	// the short form's base line plus one, or 0), then the groups,
	// groupBytes (24) octets each (see group), the agent lines, agentBytes
	// (12) each (see agent), and the rules, shortRuleBytes (4) or
	// ruleBytes (6) each (see rule) unless long is set. It is empty
	// when nothing is kept. The numbers are little-endian.
	data    string
	long    *longRules // the rules instead, when text is longer than maxKeptText or a line above maxKeptLine
	textLen uint32
	dialect uint8 // the dialect the rules were read in (a compile.Dialect), for Explain; it fits the padding
}

// text returns the text of the values.
func (l *keptLines) text() string { return l.data[:l.textLen] }

// packed returns the packed groups, agent lines and rules, with their
// header.
func (l *keptLines) packed() string { return l.data[l.textLen:] }

// le16, le32 and le64 read little-endian numbers at the start of s.
func le16(s string) uint32 { _ = s[1]; return uint32(s[0]) | uint32(s[1])<<8 }
func le32(s string) uint32 { _ = s[3]; return le16(s) | le16(s[2:])<<16 }
func le64(s string) uint64 { return uint64(le32(s)) | uint64(le32(s[4:]))<<32 }

// The fields of keptLines.packed's header, by index.
const (
	hdrGroups = iota
	hdrAgents
	hdrStart
	hdrRules
	hdrShort
	hdrBytes = 4 * iota
)

// hdr returns field i of the header, 0 when nothing is kept.
func (l *keptLines) hdr(i int) uint32 {
	p := l.packed()
	if len(p) < hdrBytes {
		return 0
	}
	return le32(p[4*i:])
}

// ngroups returns the number of kept groups.
func (l *keptLines) ngroups() int { return int(l.hdr(hdrGroups)) }

// rules returns the packed rules.
func (l *keptLines) rules() string { return l.packed()[l.hdr(hdrRules):] }

// A rule in keptLines.rules is where its value ends in keptLines.text (it
// starts where the previous one ends), then its line, with packedAllow set
// for an allow line: two 24-bit little-endian numbers. In the short form,
// which most files' rules take (text of at most maxShortText octets, and
// rules' lines at most maxShortSpan apart), they are two 16-bit numbers,
// the line less the base line of the header, shortAllow set for an allow
// line.
const (
	ruleBytes      = 6
	packedAllow    = 1 << 23
	shortRuleBytes = 4
	shortAllow     = 1 << 15
)

// maxShortText and maxShortSpan bound the short form (see ruleBytes).
// Tests lower them.
var maxShortText, maxShortSpan = 1<<16 - 1, shortAllow - 1

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
	n := len(l.packed()) - int(l.hdr(hdrRules))
	if l.hdr(hdrShort) != 0 {
		return n / shortRuleBytes
	}
	return n / ruleBytes
}

// rule returns the value, line and kind of the i-th kept rule.
func (l *keptLines) rule(i int) (value string, line int, allow bool) {
	if l.long != nil {
		n := l.long.lines[i]
		return l.long.values[i], int(n &^ allowBit), n&allowBit != 0
	}
	// A rule is two numbers of half its octets each (2 or 3): where its
	// value ends, and its line (less the header's base line in the short
	// form) with the allow bit on top.
	size, allowBit, base := uint32(ruleBytes), uint32(packedAllow), uint32(0)
	if b := l.hdr(hdrShort); b != 0 {
		size, allowBit, base = shortRuleBytes, shortAllow, b-1
	}
	rules, half, at := l.rules(), size/2, uint32(i)*size
	start := l.hdr(hdrStart)
	if i > 0 {
		start = littleEndian(rules[at-size : at-half])
	}
	n := littleEndian(rules[at+half : at+size])
	return l.data[start:littleEndian(rules[at:at+half])], int(base + n&^allowBit), n&allowBit != 0
}

// littleEndian reads a little-endian number of two or three octets.
func littleEndian(b string) uint32 {
	v := le16(b)
	if len(b) == 3 {
		v |= uint32(b[2]) << 16
	}
	return v
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
	at := hdrBytes + groupBytes*l.ngroups() + i*agentBytes
	p := l.packed()
	a, start := p[at:at+agentBytes], uint32(0)
	if i > 0 {
		start = le32(p[at-agentBytes:])
	}
	end, n, ln := le32(a), le32(a[4:]), le32(a[8:])
	value = l.data[start:end]
	return value, value[:n], int(ln &^ globalBit), ln&globalBit != 0
}

// A keptGroup is a selected group: its agents and rules are those of
// keptLines up to the ends given, from the previous group's ends. In
// keptLines.packed it is its first five fields, the first four in 32 bits
// and delay in 64, little-endian; its prefs are kept apart
// (matcherRare.prefs).
type keptGroup struct {
	agentEnd, ruleEnd int32
	group             int32 // its index in the file's Groups
	delayLine         int32
	delay             time.Duration
	prefs             *keptUsage // nil when the group has no Content-Usage or Content-Signal line, as most have none
}

const groupBytes = 24

// appendGroup appends the packed form of k to b.
func appendGroup(b []byte, k *keptGroup) []byte {
	for _, v := range []int32{k.agentEnd, k.ruleEnd, k.group, k.delayLine} {
		b = binary.LittleEndian.AppendUint32(b, uint32(v))
	}
	return binary.LittleEndian.AppendUint64(b, uint64(k.delay))
}

// keptGroup returns the i-th kept group.
func (m *Matcher) keptGroup(i int) keptGroup {
	g := m.lines.packed()[hdrBytes+i*groupBytes:][:groupBytes]
	u := func(j int) int32 { return int32(le32(g[4*j:])) }
	k := keptGroup{agentEnd: u(0), ruleEnd: u(1), group: u(2), delayLine: u(3), delay: time.Duration(le64(g[16:]))}
	if m.rare != nil && m.rare.prefs != nil {
		k.prefs = m.rare.prefs[i]
	}
	return k
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
// usage.ParseRule, as the parser read them, and their paths put in form:
// the same value and line read the same.
func (k *keptGroup) usage(text string, form normalize.Form) []compile.UsageRule {
	if k.prefs == nil || len(k.prefs.usage) == 0 {
		return nil
	}
	out := make([]compile.UsageRule, len(k.prefs.usage))
	for i, v := range k.prefs.usage {
		value := text[v.start:v.end]
		path, prefs, _ := usage.ParseRule(value, usage.Source{Line: int(v.line), Field: compile.FieldContentUsage})
		out[i] = compile.UsageRule{Line: int(v.line), Value: value, Path: path, Prefs: prefs}
		if path != "" {
			out[i].Canonical = form.Pattern(path)
		}
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
	size, nagents, nrules, firstLine, lastLine := 0, 0, 0, math.MaxInt, 0
	ruleText := 0 // the rules' values, end to end
	for _, g := range groups {
		grp := &f.Groups[g]
		for _, a := range grp.Agents {
			if !strings.HasPrefix(a.Value, a.Name) {
				panic("robots: an agent's name is not a prefix of its value")
			}
			size += len(a.Value)
		}
		for i := range grp.Rules {
			r := &grp.Rules[i]
			ruleText += len(r.Pattern)
			firstLine, lastLine = min(firstLine, r.Line), max(lastLine, r.Line)
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
	size += ruleText
	// One string holds the agents' values, then the rules', then the
	// usage lines', then the packed groups, agents and rules (see
	// keptLines): the packed part is written first, apart, from the
	// values' lengths (off moves past each value), and the copies are
	// cut from the string in the order written.
	start, off := 0, 0
	for _, g := range groups {
		for _, a := range f.Groups[g].Agents {
			start += len(a.Value)
		}
	}
	long := size > maxKeptText || lastLine > maxKeptLine
	short := !long && size <= maxShortText && lastLine-firstLine <= maxShortSpan
	base := 0 // the short form's base line plus one
	rulesAt := hdrBytes + groupBytes*len(groups) + agentBytes*nagents
	packed := rulesAt
	switch {
	case long:
		m.lines.long = &longRules{values: make([]string, 0, nrules), lines: make([]uint32, 0, nrules)}
	case short:
		packed += shortRuleBytes * nrules
		base = min(firstLine, lastLine) + 1 // 1 without rules
	default:
		packed += ruleBytes * nrules
	}
	// The groups' records are written in place once their ends are known.
	p := make([]byte, hdrBytes+groupBytes*len(groups), packed)
	for i, v := range []int{len(groups), nagents, start, rulesAt, base} {
		binary.LittleEndian.PutUint32(p[4*i:], uint32(v))
	}
	kept := func(i int) []byte { at := hdrBytes + groupBytes*i; return p[at:at] }
	nagents = 0
	for i, g := range groups {
		grp := &f.Groups[g]
		for _, a := range grp.Agents {
			off += len(a.Value)
			line := uint32(a.Line) &^ globalBit
			if a.Global {
				line |= globalBit
			}
			p = binary.LittleEndian.AppendUint32(p, uint32(off))
			p = binary.LittleEndian.AppendUint32(p, uint32(len(a.Name)))
			p = binary.LittleEndian.AppendUint32(p, line)
			nagents++
		}
		binary.LittleEndian.PutUint32(kept(i)[:4], uint32(nagents))
	}
	nrules = 0
	for i, g := range groups {
		rules := f.Groups[g].Rules
		for j := range rules {
			r := &rules[j]
			off += len(r.Pattern)
			nrules++
			if long {
				n := uint32(r.Line) &^ allowBit
				if r.Allow {
					n |= allowBit
				}
				m.lines.long.lines = append(m.lines.long.lines, n)
				continue
			}
			if short {
				n := uint16(r.Line - (base - 1))
				if r.Allow {
					n |= shortAllow
				}
				p = binary.LittleEndian.AppendUint16(binary.LittleEndian.AppendUint16(p, uint16(off)), n)
				continue
			}
			n := uint32(r.Line)
			if r.Allow {
				n |= packedAllow
			}
			p = appendUint24(appendUint24(p, uint32(off)), n)
		}
		grp := &f.Groups[g]
		appendGroup(kept(i)[:0:groupBytes], &keptGroup{
			agentEnd: int32(binary.LittleEndian.Uint32(kept(i)[:4])), ruleEnd: int32(nrules),
			group: int32(g), delayLine: int32(grp.DelayLine), delay: grp.CrawlDelay,
		})
	}
	var b strings.Builder
	b.Grow(size + len(p))
	for _, g := range groups {
		for _, a := range f.Groups[g].Agents {
			b.WriteString(a.Value)
		}
	}
	for _, g := range groups {
		rules := f.Groups[g].Rules
		for j := range rules {
			b.WriteString(rules[j].Pattern)
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
	b.Write(p)
	data := b.String()
	m.lines.data, m.lines.textLen = data, uint32(size)
	cut := func(s string) string {
		off += len(s)
		return data[off-len(s) : off]
	}
	if off = start; long {
		for _, g := range groups {
			for _, r := range f.Groups[g].Rules {
				m.lines.long.values = append(m.lines.long.values, cut(r.Pattern))
			}
		}
	} else {
		off += ruleText // past the rules' values, to the usage lines'
	}
	for i, g := range groups {
		grp := &f.Groups[g]
		if len(grp.Usage) == 0 && len(grp.Signals) == 0 {
			continue
		}
		k := &keptUsage{}
		if m.rare == nil {
			m.rare = new(matcherRare)
		}
		if m.rare.prefs == nil {
			m.rare.prefs = make([]*keptUsage, len(groups))
		}
		m.rare.prefs[i] = k
		if len(grp.Usage) > 0 {
			k.usage = make([]keptValue, len(grp.Usage))
			for j, u := range grp.Usage {
				cut(u.Value)
				k.usage[j] = keptValue{start: uint32(off - len(u.Value)), end: uint32(off), line: uint32(u.Line)}
			}
		}
		if len(grp.Signals) > 0 {
			k.signals = make([]compile.Signal, len(grp.Signals))
			for j, sig := range grp.Signals {
				k.signals[j] = compile.Signal{Value: cut(sig.Value), Prefs: sig.Prefs, Line: sig.Line}
			}
		}
	}
}

// groupIndices returns the indices of the kept groups in the file's
// Groups.
func (m *Matcher) groupIndices() []int {
	out := make([]int, m.lines.ngroups())
	for i := range out {
		out[i] = int(m.keptGroup(i).group)
	}
	return out
}

// group returns the i-th kept group in the root's type.
func (m *Matcher) group(i int) Group {
	k := m.keptGroup(i)
	a0, r0 := int32(0), int32(0)
	if i > 0 {
		prev := m.keptGroup(i - 1)
		a0, r0 = prev.agentEnd, prev.ruleEnd
	}
	out := Group{CrawlDelay: k.delay, DelayLine: int(k.delayLine)}
	out.Agents = make([]UserAgent, 0, k.agentEnd-a0)
	for j := a0; j < k.agentEnd; j++ {
		value, name, line, global := m.lines.agent(int(j))
		out.Agents = append(out.Agents, UserAgent{Line: line, Value: value, Name: name, Global: global})
	}
	out.Rules = m.lines.appendRules(nil, int(r0), int(k.ruleEnd))
	out.Usage = k.usage(m.lines.text(), compile.Dialect(m.lines.dialect).Form())
	out.Signals = slices.Clone(k.signals())
	return out
}

// appendRules appends the kept rules from i to j to out, their canonical
// patterns put in the form of the dialect they were read in.
func (l *keptLines) appendRules(out []Rule, i, j int) []Rule {
	form := compile.Dialect(l.dialect).Form()
	for ; i < j; i++ {
		v, line, allow := l.rule(i)
		out = append(out, Rule{Line: line, Allow: allow, Pattern: v, Canonical: form.Pattern(v)})
	}
	return out
}
