// Package kept holds what a compiled Matcher keeps of the groups it
// selected, for its decisions (the line and pattern of the deciding rule),
// Selection and Rules. A crawler keeps a Matcher per host for as long as
// the file is fresh, so this is compact: the groups, their user-agent lines
// and their rules are packed into one string with a copy of their values,
// rather than kept as the parsed file's 48-octet entries, whose strings are
// substrings of the whole body (which a Matcher must not keep alive). The
// canonical patterns are not kept: the automaton holds what it needs, and
// Rules puts a value in form again when asked.
//
// # Layout
//
// Lines.data is the text, then the packed records. The text is the values
// end to end: those of every kept group's user-agent lines, then of their
// rules, then (when the rules' values hold at least tailMinText octets) the
// tail Keep is given, then the values of their Content-Usage and
// Content-Signal lines, each in file order. A record gives where its value ends in the text; it starts
// where the previous one's ends (the first agent's at 0, the first rule's
// where the header says). Every number is little-endian.
//
//	header   hdrBytes (20): five uint32: groups, agent lines, where the
//	         first rule's value starts in the text, where the rules start
//	         in the records, and the short form's base line plus one (0
//	         when the rules are not in the short form)
//	groups   groupBytes (24) each: uint32 end of its agents (a count),
//	         uint32 end of its rules (a count), uint32 its index in the
//	         file's Groups, uint32 the line of its crawl-delay (0: none),
//	         int64 its crawl-delay
//	agents   agentBytes (12) each: uint32 end of its value, uint32 the
//	         length of its name (a prefix of its value), uint32 its line
//	         with globalBit set for a * line
//	rules    one of three forms, chosen by the capacity checks below:
//	         short, shortRuleBytes (4) each: uint16 end of its value,
//	         uint16 its line less the base line, shortAllow set for an
//	         allow; packed, ruleBytes (6) each: uint24 end of its value,
//	         uint24 its line, packedAllow set for an allow; or apart, none
//	         in the records but a slice of values and lines (Lines.long)
//
// The short form holds a text of at most maxShortText octets whose rules'
// lines are at most maxShortSpan apart, as most files' are; the packed form
// a text of at most maxKeptText octets and lines up to maxKeptLine; longer
// texts or higher lines keep their rules apart (fitsShort, fitsPacked).
//
// The Content-Usage and Content-Signal lines of a group, which most groups
// have none of, are kept apart (Usage), their values in the text.
package kept

import (
	"encoding/binary"
	"math"
	"strings"
	"time"

	"github.com/robotsexclusion/robots/compile"
	"github.com/robotsexclusion/robots/internal/dialect"
	"github.com/robotsexclusion/robots/normalize"
	"github.com/robotsexclusion/robots/usage"
)

// The sizes of the records, and their flags.
const (
	hdrBytes       = 20
	groupBytes     = 24
	agentBytes     = 12
	globalBit      = 1 << 31 // in an agent's line: a * line
	ruleBytes      = 6
	packedAllow    = 1 << 23 // in a packed rule's line: an allow line
	shortRuleBytes = 4
	shortAllow     = 1 << 15 // in a short rule's line: an allow line
	apartAllow     = 1 << 31 // in a rule kept apart's line: an allow line
)

// The fields of the header, by index.
const (
	hdrGroups = iota
	hdrAgents
	hdrStart
	hdrRules
	hdrShort
)

// The capacities of the forms of the rules (see the package comment).
// Tests lower them to reach every form with small files.
var (
	maxShortText = 1<<16 - 1       // the longest text of the short form
	tailMinText  = 4 << 10         // the least rules' text Keep lays a tail after (see Keep)
	maxShortSpan = shortAllow - 1  // the most lines between its first and last rule
	maxKeptText  = 1<<24 - 1       // the longest text of the packed form
	maxKeptLine  = packedAllow - 1 // the highest line of the packed form
)

// fitsShort reports whether rules whose values end at most textLen octets
// into the text, on lines first to last, fit the short form.
func fitsShort(textLen, first, last int) bool {
	return textLen <= maxShortText && last-first <= maxShortSpan
}

// fitsPacked reports whether rules whose values end at most textLen
// octets into the text, the last on line last, fit the packed form.
func fitsPacked(textLen, last int) bool {
	return textLen <= maxKeptText && last <= maxKeptLine
}

// Lines are the groups of a Matcher, their user-agent lines and their
// rules, in file order (see the package comment). The zero Lines keep
// nothing.
type Lines struct {
	data    string // the text, then the packed records; "" when nothing is kept
	long    *apart // the rules, when they are kept apart; nil otherwise
	textLen uint32
}

// apart are the rules when the packed records cannot hold them: each
// rule's value, and its line with apartAllow set for an allow line.
type apart struct {
	values []string
	lines  []uint32
}

// Usage are the Content-Usage and Content-Signal lines of a kept group. A
// Content-Usage line is kept as where its value is in the text and its
// line, 12 octets: a file may hold thousands, which the automaton and the
// usage table decide, and its path and preferences are read again from its
// value when asked.
type Usage struct {
	usage   []value
	signals []value
}

// A value is text[start:end] and its line.
type value struct{ start, end, line uint32 }

// text returns the text of the values.
func (l *Lines) text() string { return l.data[:l.textLen] }

// packed returns the records, with their header.
func (l *Lines) packed() string { return l.data[l.textLen:] }

// le16, le32 and le64 read little-endian numbers at the start of s.
func le16(s string) uint32 { _ = s[1]; return uint32(s[0]) | uint32(s[1])<<8 }
func le32(s string) uint32 { _ = s[3]; return le16(s) | le16(s[2:])<<16 }
func le64(s string) uint64 { return uint64(le32(s)) | uint64(le32(s[4:]))<<32 }

// littleEndian reads a little-endian number of two or three octets.
func littleEndian(b string) uint32 {
	v := le16(b)
	if len(b) == 3 {
		v |= uint32(b[2]) << 16
	}
	return v
}

// hdr returns field i of the header, 0 when nothing is kept.
func (l *Lines) hdr(i int) uint32 {
	p := l.packed()
	if len(p) < hdrBytes {
		return 0
	}
	return le32(p[4*i:])
}

// Groups returns the number of kept groups.
func (l *Lines) Groups() int { return int(l.hdr(hdrGroups)) }

// Rules returns the number of kept rules.
func (l *Lines) Rules() int {
	if l.long != nil {
		return len(l.long.lines)
	}
	n := len(l.packed()) - int(l.hdr(hdrRules))
	if l.hdr(hdrShort) != 0 {
		return n / shortRuleBytes
	}
	return n / ruleBytes
}

// Rule returns the value, line and kind of the i-th kept rule. It does not
// allocate: a decision reports its rule so.
func (l *Lines) Rule(i int) (pattern string, line int, allow bool) {
	if l.long != nil {
		n := l.long.lines[i]
		return l.long.values[i], int(n &^ apartAllow), n&apartAllow != 0
	}
	// A rule is two numbers of half its octets each (2 or 3): where its
	// value ends, and its line (less the header's base line in the short
	// form) with the allow bit on top.
	size, allowBit, base := uint32(ruleBytes), uint32(packedAllow), uint32(0)
	if b := l.hdr(hdrShort); b != 0 {
		size, allowBit, base = shortRuleBytes, shortAllow, b-1
	}
	rules := l.packed()[l.hdr(hdrRules):]
	half, at := size/2, uint32(i)*size
	start := l.hdr(hdrStart)
	if i > 0 {
		start = littleEndian(rules[at-size : at-half])
	}
	n := littleEndian(rules[at+half : at+size])
	return l.data[start:littleEndian(rules[at:at+half])], int(base + n&^allowBit), n&allowBit != 0
}

// RuleText returns the values of the kept rules end to end, a part of the
// kept text rather than a copy, followed by tail when Keep laid tail after
// them; or "" when there are none or they are kept apart.
func (l *Lines) RuleText(tail string) string {
	n := l.Rules()
	if l.long != nil || n == 0 {
		return ""
	}
	size := uint32(ruleBytes)
	if l.hdr(hdrShort) != 0 {
		size = shortRuleBytes
	}
	rules := l.packed()[l.hdr(hdrRules):]
	at := uint32(n-1) * size
	end := littleEndian(rules[at : at+size/2])
	if tail != "" && strings.HasPrefix(l.data[end:l.textLen], tail) {
		end += uint32(len(tail))
	}
	return l.data[l.hdr(hdrStart):end]
}

// AppendRules appends the kept rules from i to j to out, their canonical
// patterns put in form.
func (l *Lines) AppendRules(out []compile.Rule, i, j int, form normalize.Form) []compile.Rule {
	for ; i < j; i++ {
		v, line, allow := l.Rule(i)
		out = append(out, compile.Rule{Line: line, Allow: allow, Pattern: v, Canonical: form.Pattern(v)})
	}
	return out
}

// agent returns the value, name and line of the i-th kept agent line, and
// whether it is a * line.
func (l *Lines) agent(i int) (value, name string, line int, global bool) {
	at := hdrBytes + groupBytes*l.Groups() + i*agentBytes
	p := l.packed()
	a, start := p[at:at+agentBytes], uint32(0)
	if i > 0 {
		start = le32(p[at-agentBytes:])
	}
	end, n, ln := le32(a), le32(a[4:]), le32(a[8:])
	value = l.data[start:end]
	return value, value[:n], int(ln &^ globalBit), ln&globalBit != 0
}

// group is a kept group's record: its agents and rules are those up to
// the ends given, from the previous group's ends.
type group struct {
	agentEnd, ruleEnd int32
	index             int32 // in the file's Groups
	delayLine         int32
	delay             time.Duration
}

// appendGroup appends the record of g to b.
func appendGroup(b []byte, g *group) []byte {
	for _, v := range []int32{g.agentEnd, g.ruleEnd, g.index, g.delayLine} {
		b = binary.LittleEndian.AppendUint32(b, uint32(v))
	}
	return binary.LittleEndian.AppendUint64(b, uint64(g.delay))
}

// group returns the record of the i-th kept group.
func (l *Lines) group(i int) group {
	g := l.packed()[hdrBytes+i*groupBytes:][:groupBytes]
	u := func(j int) int32 { return int32(le32(g[4*j:])) }
	return group{agentEnd: u(0), ruleEnd: u(1), index: u(2), delayLine: u(3), delay: time.Duration(le64(g[16:]))}
}

// AgentLine returns the line of the first user-agent line of the i-th
// kept group (0 if it has none), without building the group.
func (l *Lines) AgentLine(i int) int {
	start := int32(0)
	if i > 0 {
		start = l.group(i - 1).agentEnd
	}
	if l.group(i).agentEnd == start {
		return 0
	}
	_, _, line, _ := l.agent(int(start))
	return line
}

// Index returns the index in the file's Groups of the i-th kept group.
func (l *Lines) Index(i int) int { return int(l.group(i).index) }

// Group returns the i-th kept group, with u its usage lines (nil when it
// has none), its canonical patterns put in form.
func (l *Lines) Group(i int, u *Usage, form normalize.Form) compile.Group {
	k := l.group(i)
	a0, r0 := int32(0), int32(0)
	if i > 0 {
		prev := l.group(i - 1)
		a0, r0 = prev.agentEnd, prev.ruleEnd
	}
	out := compile.Group{CrawlDelay: k.delay, DelayLine: int(k.delayLine)}
	out.Agents = make([]compile.UserAgent, 0, k.agentEnd-a0)
	for j := a0; j < k.agentEnd; j++ {
		value, name, line, global := l.agent(int(j))
		out.Agents = append(out.Agents, compile.UserAgent{Line: line, Value: value, Name: name, Global: global})
	}
	out.Rules = l.AppendRules(nil, int(r0), int(k.ruleEnd), form)
	if u != nil {
		out.Usage = u.rules(l.text(), form)
		out.Signals = u.signalLines(l.text())
	}
	return out
}

// signalLines returns the Content-Signal lines, their values cut from
// text and their preferences read again by usage.ParseSignal, as the
// parser read them: a Signal is 80 octets, a value 12, and a file may
// hold a Content-Signal line every 16 octets.
func (u *Usage) signalLines(text string) []compile.Signal {
	if len(u.signals) == 0 {
		return nil
	}
	out := make([]compile.Signal, len(u.signals))
	for i, v := range u.signals {
		value := text[v.start:v.end]
		prefs, _ := usage.ParseSignal(value, usage.Source{Line: int(v.line), Field: dialect.FieldContentSignal})
		out[i] = compile.Signal{Line: int(v.line), Value: value, Prefs: prefs}
	}
	return out
}

// rules returns the Content-Usage lines, their values cut from text.
// Their paths and preferences are read again by usage.ParseRule, as the
// parser read them, and their paths put in form: the same value and line
// read the same.
func (u *Usage) rules(text string, form normalize.Form) []compile.UsageRule {
	if len(u.usage) == 0 {
		return nil
	}
	out := make([]compile.UsageRule, len(u.usage))
	for i, v := range u.usage {
		value := text[v.start:v.end]
		path, prefs, _ := usage.ParseRule(value, usage.Source{Line: int(v.line), Field: dialect.FieldContentUsage})
		out[i] = compile.UsageRule{Line: int(v.line), Value: value, Path: path, Prefs: prefs}
		if path != "" {
			out[i].Canonical = form.Pattern(path)
		}
	}
	return out
}

// Keep returns what is kept of the groups of f at the given indices, in
// file order: the groups, with their strings copied into one allocation,
// so that they do not hold the body's text alive, and, by kept group, its
// usage lines (nil when no group has any). When the rules' values hold at
// least tailMinText octets, tail follows them in the text, so that
// RuleText returns both in one string: the patterns a compiler appends to
// the rules' (compile.Dialect.Appended), which it then reads in place
// rather than in a copy of them all. A smaller file's rules are scanned
// in place without it (compile.Program.Scan), and a copy of its few
// patterns costs less than keeping the tail.
func Keep(f *compile.File, groups []int, tail string) (Lines, []*Usage) {
	size, nagents, nrules, firstLine, lastLine := 0, 0, 0, math.MaxInt, 0
	ruleText := 0 // the rules' values, end to end
	for _, g := range groups {
		grp := &f.Groups[g]
		for _, a := range grp.Agents {
			if !strings.HasPrefix(a.Value, a.Name) {
				panic("kept: an agent's name is not a prefix of its value")
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
	if ruleText < tailMinText {
		tail = ""
	}
	size += ruleText + len(tail)
	// The records are written apart, from the values' lengths (off moves
	// past each value), as the values are written into the string; the
	// records follow the text in it, and the copies kept apart are cut
	// from it.
	start, off := 0, 0
	for _, g := range groups {
		for _, a := range f.Groups[g].Agents {
			start += len(a.Value)
		}
	}
	var l Lines
	packed := fitsPacked(size, lastLine)
	short := packed && fitsShort(size, firstLine, lastLine)
	base := 0 // the short form's base line plus one
	rulesAt := hdrBytes + groupBytes*len(groups) + agentBytes*nagents
	end := rulesAt
	switch {
	case !packed:
		l.long = &apart{values: make([]string, 0, nrules), lines: make([]uint32, 0, nrules)}
	case short:
		end += shortRuleBytes * nrules
		base = min(firstLine, lastLine) + 1 // 1 without rules
	default:
		end += ruleBytes * nrules
	}
	// The groups' records are written in place once their ends are known.
	// They are copied into the string after the text, so those of most
	// selections are written on the stack.
	var stack [stackRecords]byte
	var p []byte
	if end <= len(stack) {
		p = stack[: hdrBytes+groupBytes*len(groups) : end]
	} else {
		p = make([]byte, hdrBytes+groupBytes*len(groups), end)
	}
	// The text is written as the records are: the agents' values, then
	// the rules', in the order the records take them.
	var b strings.Builder
	b.Grow(size + end)
	for i, v := range []int{len(groups), nagents, start, rulesAt, base} {
		binary.LittleEndian.PutUint32(p[4*i:], uint32(v))
	}
	rec := func(i int) []byte { at := hdrBytes + groupBytes*i; return p[at:at] }
	nagents = 0
	for i, g := range groups {
		for _, a := range f.Groups[g].Agents {
			b.WriteString(a.Value)
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
		binary.LittleEndian.PutUint32(rec(i)[:4], uint32(nagents))
	}
	nrules = 0
	for i, g := range groups {
		grp := &f.Groups[g]
		for j := range grp.Rules {
			r := &grp.Rules[j]
			b.WriteString(r.Pattern)
			off += len(r.Pattern)
			nrules++
			switch {
			case !packed:
				n := uint32(r.Line) &^ apartAllow
				if r.Allow {
					n |= apartAllow
				}
				l.long.lines = append(l.long.lines, n)
			case short:
				n := uint16(r.Line - (base - 1))
				if r.Allow {
					n |= shortAllow
				}
				p = binary.LittleEndian.AppendUint16(binary.LittleEndian.AppendUint16(p, uint16(off)), n)
			default:
				n := uint32(r.Line)
				if r.Allow {
					n |= packedAllow
				}
				p = appendUint24(appendUint24(p, uint32(off)), n)
			}
		}
		appendGroup(rec(i)[:0:groupBytes], &group{
			agentEnd: int32(binary.LittleEndian.Uint32(rec(i)[:4])), ruleEnd: int32(nrules),
			index: int32(g), delayLine: int32(grp.DelayLine), delay: grp.CrawlDelay,
		})
	}
	b.WriteString(tail)
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
	l.data, l.textLen = data, uint32(size)
	cut := func(s string) string {
		off += len(s)
		return data[off-len(s) : off]
	}
	if off = start; !packed {
		for _, g := range groups {
			for _, r := range f.Groups[g].Rules {
				l.long.values = append(l.long.values, cut(r.Pattern))
			}
		}
	} else {
		off += ruleText // past the rules' values
	}
	off += len(tail) // to the usage lines' values
	var prefs []*Usage
	for i, g := range groups {
		grp := &f.Groups[g]
		if len(grp.Usage) == 0 && len(grp.Signals) == 0 {
			continue
		}
		if prefs == nil {
			prefs = make([]*Usage, len(groups))
		}
		u := &Usage{}
		prefs[i] = u
		if len(grp.Usage) > 0 {
			u.usage = make([]value, len(grp.Usage))
			for j, r := range grp.Usage {
				cut(r.Value)
				u.usage[j] = value{start: uint32(off - len(r.Value)), end: uint32(off), line: uint32(r.Line)}
			}
		}
		if len(grp.Signals) > 0 {
			u.signals = make([]value, len(grp.Signals))
			for j, sig := range grp.Signals {
				cut(sig.Value)
				u.signals[j] = value{start: uint32(off - len(sig.Value)), end: uint32(off), line: uint32(sig.Line)}
			}
		}
	}
	return l, prefs
}

// stackRecords is the most octets of records Keep writes on the stack
// before it copies them into the string it keeps: those of a group of 100
// rules and a few user-agent lines in the short form.
const stackRecords = 512

// appendUint24 appends v, below 1<<24, as 24 bits little-endian.
func appendUint24(b []byte, v uint32) []byte {
	return append(b, byte(v), byte(v>>8), byte(v>>16))
}
