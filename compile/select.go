package compile

import (
	"cmp"
	"slices"
	"time"
)

// A Selection is what a file says to one crawler: the rules of every group
// that names it, or of every * group when none does (RFC 9309 2.2.1).
type Selection struct {
	Rules      []Rule        // merged; groups come in file order, so rules are in line order; may be the File's own (read only)
	Named      bool          // some group names the crawler
	Groups     []int         // the merged groups, as indices in File.Groups, in file order
	CrawlDelay time.Duration // the largest crawl-delay of the merged groups
	DelayLine  int           // its line; 0 when no merged group has one

	// Usage and Signals are the Content-Usage and Content-Signal lines
	// that apply: those of the merged groups and those outside any group
	// (File.Usage, File.Signals), which apply to every crawler, in line
	// order.
	Usage   []UsageRule
	Signals []Signal
	// HiddenUsage lists, when a group names the crawler, the lines of the
	// Content-Usage and Content-Signal lines of the * groups not merged,
	// which do not apply to it (RFC 9309: a named group replaces the * groups), in line
	// order; nil otherwise.
	HiddenUsage []int

	file *File // set by Selected: Rules and Usage are read from its groups in place
}

// Select merges the groups that apply to a crawler known by the given
// product tokens: Merge(SelectGroups(agents...)).
func (f *File) Select(agents ...string) Selection {
	return f.Merge(f.SelectGroups(agents...))
}

// SelectGroups returns the groups that apply to a crawler known by the given
// agent values, as indices in f.Groups in file order, and whether they name
// it (named) or are the * groups. Each value is first read as the file's
// dialect reads it (Dialect.ReadAgent): by default its leading product token, so that
// "Googlebot/2.1" is Googlebot. A token matches a group's user-agent name
// when the two are equal ignoring ASCII case; a value without a token
// matches none. With several values the groups naming any of them are all
// taken, as Google's crawler does.
//
// In the first-match dialects (Draft1996, Original1994) a name that is a
// case-insensitive substring of a value matches instead, and only the
// first group that applies is taken; in the Google dialect the values are
// compared as given.
func (f *File) SelectGroups(agents ...string) (groups []int, named bool) {
	var buf [4]string // most crawlers go by one or two tokens
	tokens := buf[:0]
	for _, a := range agents {
		if t, ok := f.opts.readAgent(a); ok || f.opts.LiteralAgents {
			tokens = append(tokens, t)
		}
	}
	pick := func(named bool) {
		for i := range f.Groups {
			if !f.Groups[i].matches(tokens, named, f.opts.Substring) {
				continue
			}
			groups = append(groups, i)
			if f.opts.FirstRecord {
				return
			}
		}
	}
	if pick(true); len(groups) > 0 {
		return groups, true
	}
	pick(false)
	return groups, false
}

// FirstNamed returns the index in agents of the first value that some
// group names, as SelectGroups of that value alone reports named, or -1
// when no group names any of them: the crawler that falls back from one
// token to the next (Robots.AgentFallback) finds its groups in one walk
// of the file, not one walk a value.
func (f *File) FirstNamed(agents ...string) int {
	if !f.namesAny() {
		return -1 // as most files: no value need be read
	}
	type token struct {
		s  string
		ok bool // it can name a group, as SelectGroups takes it
	}
	var buf [32]token // the registry's crawlers, without allocating
	tokens := buf[:0]
	var lengths uint64 // bit n: some token that can name a group is n octets long (n < 64)
	longest := 0
	for _, a := range agents {
		t, ok := f.opts.readAgent(a)
		ok = ok || f.opts.LiteralAgents
		tokens = append(tokens, token{t, ok})
		if ok {
			lengths |= 1 << min(len(t), 63)
			longest = max(longest, len(t))
		}
	}
	best := len(tokens)
	if best == 0 {
		return -1
	}
	for i := range f.Groups {
		for _, a := range f.Groups[i].Agents {
			if a.Global || f.opts.Substring && (a.Name == "" || len(a.Name) > longest) ||
				!f.opts.Substring && lengths&(1<<min(len(a.Name), 63)) == 0 {
				continue // a name no token can match: equal ones have its length, ones it is within are longer
			}
			for k, t := range tokens[:best] {
				if t.ok && (f.opts.Substring && containsFold(t.s, a.Name) || !f.opts.Substring && equalFold(a.Name, t.s)) {
					best = k
					break
				}
			}
			if best == 0 {
				return 0
			}
		}
	}
	if best == len(tokens) {
		return -1
	}
	return best
}

// namesAny reports whether a user-agent line of f is not *.
func (f *File) namesAny() bool {
	for i := range f.Groups {
		for _, a := range f.Groups[i].Agents {
			if !a.Global {
				return true
			}
		}
	}
	return false
}

// An AgentToken is one of a crawler's agent values as it is read to
// select the groups that apply (Dialect.ReadAgent).
//
// By default (RFC9309) a value is read as the value of a user-agent line
// is: spaces around it are dropped and its leading product token, a run of
// ASCII letters, '-' and '_', is taken, so that
// "Googlebot/2.1", a whole User-Agent header starting with Googlebot, and
// "Googlebot " all read as Googlebot. The token is compared with the names
// of the file's user-agent lines ignoring ASCII case. A value with no
// leading token ("", "*", "2bot", "/x") is not Usable: it names no group,
// and only the * groups apply.
//
// In the Google dialect a value is compared as
// given, exactly as Google's library compares it, and never reduced:
// "Googlebot/2.1" names no group (the * groups apply) and "" names the
// groups whose name reads as empty ("User-agent: 2bot"). Usable then says
// what Google's IsValidUserAgentToObey says: that the value is a non-empty
// run of ASCII letters, '-' and '_', the only values Google's crawlers
// obey with.
//
// In the first-match dialects (Draft1996, Original1994) the value, spaces
// dropped, is kept whole, and a group applies when its name is a substring
// of it ignoring ASCII case; "" is not Usable and only the first * record
// applies.
type AgentToken struct {
	Given   string // the value as passed
	Token   string // what is compared with the names of user-agent lines
	Reduced bool   // Token is not Given: the value was cut to its product token or trimmed
	Usable  bool   // Token can name a group (in the Google dialect: Given is a valid token)
}

// String returns the value as given, and what it was read as when that
// differs: "Googlebot/2.1 (read as Googlebot)", "360Spider (no product
// token)". Tools show a crawler's name so.
func (a AgentToken) String() string {
	switch {
	case a.Given == "*":
		return a.Given
	case a.Token == "" && a.Given != "":
		return a.Given + " (no product token)"
	case a.Reduced:
		return a.Given + " (read as " + a.Token + ")"
	}
	return a.Given
}

// ReadAgent reads a crawler's agent value v as d reads the value of a
// user-agent line, to select the groups that apply (see AgentToken).
func (d Dialect) ReadAgent(v string) AgentToken {
	t, ok := d.options().readAgent(v)
	return AgentToken{Given: v, Token: t, Reduced: t != v, Usable: ok}
}

// readAgent is ReadAgent's token, and whether it can name a group.
func (o options) readAgent(v string) (token string, usable bool) {
	switch {
	case o.LiteralAgents:
		name, global := agentName(v)
		return v, v != "" && !global && name == v
	case o.Substring:
		v = trim(v)
		return v, v != ""
	}
	name, global := agentName(trim(v))
	if global {
		return "", false
	}
	return name, name != ""
}

// Names returns the user-agent lines that name a crawler, the first line
// of each name (compared ignoring ASCII case), in file order: the crawlers
// the file speaks to by name, as written. Lines of * and lines that name
// no product token are left out. Each call returns a new slice.
func (f *File) Names() []UserAgent {
	var out []UserAgent
	seen := map[string]bool{}
	for i := range f.Groups {
		for _, a := range f.Groups[i].Agents {
			k := lowerASCII(a.Name)
			if a.Global || a.Name == "" || seen[k] {
				continue
			}
			seen[k] = true
			out = append(out, a)
		}
	}
	return out
}

// lowerASCII returns s with its ASCII letters in lower case, and no other
// octet changed: names compare ignoring ASCII case only.
func lowerASCII(s string) string {
	b := []byte(s)
	for i, c := range b {
		if 'A' <= c && c <= 'Z' {
			b[i] = c + 'a' - 'A'
		}
	}
	return string(b)
}

// Merge merges the rules of the given groups (indices in f.Groups, in file
// order, as SelectGroups returns them) into one Selection; named is recorded
// as Selection.Named.
func (f *File) Merge(groups []int, named bool) Selection { return f.merge(groups, named, true) }

// Selected is Merge for a caller that only lowers the selection
// (Dialect.Lower) and reads its other fields: Rules and Usage are left
// nil, and Lower reads the groups' rules and Content-Usage lines where f
// holds them, so that lowering a selection of many groups copies none of
// its lines. The Selection must be lowered while f is unchanged.
func (f *File) Selected(groups []int, named bool) Selection { return f.merge(groups, named, false) }

// merge is Merge, or with lines false Selected.
func (f *File) merge(groups []int, named, lines bool) Selection {
	s := Selection{Named: named, Groups: groups}
	switch {
	case !lines:
		s.file = f
	case len(groups) == 1:
		// One group, as most crawlers select: its rules as they are,
		// capacity clipped, so that an append copies them.
		r := f.Groups[groups[0]].Rules
		s.Rules = r[:len(r):len(r)]
	default:
		n := 0
		for _, i := range groups {
			n += len(f.Groups[i].Rules)
		}
		s.Rules = make([]Rule, 0, n)
		for _, i := range groups {
			s.Rules = append(s.Rules, f.Groups[i].Rules...)
		}
	}
	for _, i := range groups {
		g := &f.Groups[i]
		if g.DelayLine != 0 && (s.DelayLine == 0 || g.CrawlDelay > s.CrawlDelay) {
			s.CrawlDelay, s.DelayLine = g.CrawlDelay, g.DelayLine
		}
	}
	if f.usageLines > 0 {
		f.mergeUsage(&s)
	}
	return s
}

// ruleList is the Allow and Disallow rules of a Selection, as Lower reads
// them: its Rules, or, for a Selection of Selected, those of its groups,
// in place. Rules of several groups are read through the groups, not
// gathered a pointer each: a file of thousands of rules over many groups
// for one crawler then costs the collector no table of pointers to scan,
// and the list eight octets a group that has rules, at most one a rule.
type ruleList struct {
	flat   []Rule      // the rules, when they are one slice
	file   []Group     // otherwise the file's groups
	groups []ruleGroup // and those of them read, in order
}

// A ruleGroup is a group of a ruleList, by its index in the file, and the
// number of rules of the groups up to it, itself included.
type ruleGroup struct {
	g, end int32
}

// rules returns the rules of group g of l.
func (l *ruleList) rules(g int) []Rule { return l.file[l.groups[g].g].Rules }

// crawlRules returns the rules of s.
func (s *Selection) crawlRules() ruleList {
	switch {
	case s.file == nil:
		return ruleList{flat: s.Rules}
	case len(s.Groups) == 0:
		return ruleList{}
	case len(s.Groups) == 1:
		return ruleList{flat: s.file.Groups[s.Groups[0]].Rules}
	}
	// The groups without rules, which a file of Content-Usage lines can
	// hold by the thousand, are left out.
	with := 0
	for _, i := range s.Groups {
		with += min(len(s.file.Groups[i].Rules), 1)
	}
	l := ruleList{file: s.file.Groups, groups: make([]ruleGroup, 0, with)}
	n := 0
	for _, i := range s.Groups {
		if rules := s.file.Groups[i].Rules; len(rules) > 0 {
			n += len(rules)
			l.groups = append(l.groups, ruleGroup{int32(i), int32(n)})
		}
	}
	return l
}

// len returns the number of rules.
func (l *ruleList) len() int {
	if len(l.groups) > 0 {
		return int(l.groups[len(l.groups)-1].end)
	}
	return len(l.flat) // 0 for a list of groups without rules
}

// at returns rule i.
func (l *ruleList) at(i int) *Rule {
	if l.file == nil {
		return &l.flat[i]
	}
	// The first group whose count passes i holds it.
	g, _ := slices.BinarySearchFunc(l.groups, int32(i+1), func(g ruleGroup, n int32) int { return cmp.Compare(g.end, n) })
	if g > 0 {
		i -= int(l.groups[g-1].end)
	}
	return &l.rules(g)[i]
}

// A ruleCursor reads the rules of a ruleList by increasing index, in
// steps of a rule, not a search of the groups each: the lowering reads a
// selection's rules in order.
type ruleCursor struct {
	l    *ruleList
	g    int // the group of the last rule read
	base int // the index of its first rule
}

// at returns rule i, which is not before the last rule c read.
func (c *ruleCursor) at(i int) *Rule {
	l := c.l
	if l.file == nil {
		return &l.flat[i]
	}
	for i >= int(l.groups[c.g].end) {
		c.base = int(l.groups[c.g].end)
		c.g++
	}
	return &l.rules(c.g)[i-c.base]
}

// parts returns the number of slices the rules are held in, in order.
func (l *ruleList) parts() int {
	if l.file != nil {
		return len(l.groups)
	}
	return 1
}

// part returns the rules of part k, 0 to parts()-1.
func (l *ruleList) part(k int) []Rule {
	if l.file != nil {
		return l.rules(k)
	}
	return l.flat
}

// usageRules returns the Content-Usage lines of s in line order, one
// pointer each: into s.Usage, or, for a Selection of Selected, into its
// groups and the file's lines outside any group, as Merge would merge
// them.
func (s *Selection) usageRules() []*UsageRule {
	if s.file == nil {
		if len(s.Usage) == 0 {
			return nil
		}
		out := make([]*UsageRule, len(s.Usage))
		for i := range s.Usage {
			out[i] = &s.Usage[i]
		}
		return out
	}
	f := s.file
	n := len(f.Usage)
	for _, i := range s.Groups {
		n += len(f.Groups[i].Usage)
	}
	if n == 0 {
		return nil
	}
	// The groups' lines come in line order, groups being in file order;
	// the lines outside any group are merged in by line.
	out := make([]*UsageRule, 0, n)
	k := 0
	for _, i := range s.Groups {
		u := f.Groups[i].Usage
		for j := range u {
			for k < len(f.Usage) && f.Usage[k].Line < u[j].Line {
				out = append(out, &f.Usage[k])
				k++
			}
			out = append(out, &u[j])
		}
	}
	for ; k < len(f.Usage); k++ {
		out = append(out, &f.Usage[k])
	}
	return out
}

// mergeUsage sets the usage fields of s (see Selection) from the groups it
// merges and the file's lines outside any group.
//
// When the lines come from one place (one group, or the lines outside any
// group), s shares the File's slice, in file order already, rather than
// copy it: a file of many Content-Usage lines keeps them once.
func (f *File) mergeUsage(s *Selection) {
	if s.file == nil {
		s.Usage = merge(f, s.Groups, f.Usage, func(g *Group) []UsageRule { return g.Usage }, func(u UsageRule) int { return u.Line })
	}
	s.Signals = merge(f, s.Groups, f.Signals, func(g *Group) []Signal { return g.Signals }, func(s Signal) int { return s.Line })
	if !s.Named {
		return
	}
	star, _ := f.SelectGroups() // the groups of a crawler no group names
	for _, i := range star {
		if slices.Contains(s.Groups, i) {
			continue // a group naming * and the crawler applies
		}
		for _, u := range f.Groups[i].Usage {
			s.HiddenUsage = append(s.HiddenUsage, u.Line)
		}
		for _, sig := range f.Groups[i].Signals {
			s.HiddenUsage = append(s.HiddenUsage, sig.Line)
		}
	}
	slices.Sort(s.HiddenUsage)
}

// merge returns the lines outside any group (outside) and those of the
// groups at the given indices (of returns a group's), in line order (line
// returns a line's): the one slice that holds any, its capacity cut to its
// length, or a new slice of them all. Lines outside any group come first
// in file order, except in the dialects where a blank line ends a record,
// so the new slice is sorted by line.
func merge[T any](f *File, groups []int, outside []T, of func(*Group) []T, line func(T) int) []T {
	n, from := len(outside), outside
	for _, i := range groups {
		if lines := of(&f.Groups[i]); len(lines) > 0 {
			n += len(lines)
			from = lines
		}
	}
	switch {
	case n == 0:
		return nil
	case n == len(from):
		return from[:n:n]
	}
	out := make([]T, 0, n)
	out = append(out, outside...)
	for _, i := range groups {
		out = append(out, of(&f.Groups[i])...)
	}
	slices.SortStableFunc(out, func(a, b T) int { return line(a) - line(b) })
	return out
}

// matches reports whether the group names one of agents (named) or is a *
// group (!named). A name names an agent when the two are equal ignoring ASCII
// case, or with substring when the name is a non-empty substring of the agent
// ignoring ASCII case.
func (g *Group) matches(agents []string, named, substring bool) bool {
	for _, a := range g.Agents {
		if !named {
			if a.Global {
				return true
			}
			continue
		}
		if a.Global {
			continue
		}
		for _, want := range agents {
			if substring && a.Name != "" && containsFold(want, a.Name) || !substring && equalFold(a.Name, want) {
				return true
			}
		}
	}
	return false
}

// equalFold compares ignoring ASCII case only, so that no Unicode folding
// (the Kelvin sign and k, say) lets a crawler claim a group it is not named in.
func equalFold(a, b string) bool {
	if len(a) != len(b) {
		return false
	}
	for i := 0; i < len(a); i++ {
		x, y := a[i], b[i]
		if 'A' <= x && x <= 'Z' {
			x += 'a' - 'A'
		}
		if 'A' <= y && y <= 'Z' {
			y += 'a' - 'A'
		}
		if x != y {
			return false
		}
	}
	return true
}

// containsFold reports whether sub is within s, ignoring ASCII case only.
func containsFold(s, sub string) bool {
	for i := 0; i+len(sub) <= len(s); i++ {
		if equalFold(s[i:i+len(sub)], sub) {
			return true
		}
	}
	return false
}
