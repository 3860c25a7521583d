package usage

// This file reads the values most files write, "train-ai=n, search=y",
// without building an httpsfv Dictionary: a file that repeats such a line
// for every path would otherwise pay a handful of allocations a line.
//
// quick accepts a strict subset of RFC 9651 Dictionaries, on which its
// answer is the one parse computes from httpsfv's reading, diagnostics
// included (there are none): every member is key=Token with no
// parameters, or a bare key (a Boolean) that neither vocabulary knows,
// every key of the vocabulary holds one of its two Tokens (or use one of
// its values in a Content-Signal), and no key is of the other vocabulary. Anything else, and every value that draws a diagnostic, is
// left to httpsfv. FuzzQuick compares the two readings.

// quick reads value in the vocabulary v when it is of the subset above,
// and reports whether it was; it does not allocate.
func quick(v Vocabulary, value string, from source) (s Set, ok bool) {
	other := AIPref
	if v == AIPref {
		other = ContentSignal
	}
	i := 0
	for i < len(value) && value[i] == ' ' {
		i++
	}
	if i == len(value) {
		return Set{}, false // no preference: a diagnostic
	}
	for {
		k := i
		if c := value[i]; c != '*' && (c < 'a' || c > 'z') {
			return Set{}, false
		}
		for i++; i < len(value) && isKeyChar(value[i]); i++ {
		}
		key := value[k:i]
		if i == len(value) || value[i] == ',' || value[i] == ' ' || value[i] == '\t' {
			// A Boolean: ignored, without a diagnostic, when no
			// vocabulary knows its key, as a file of lines such as
			// "Content-Usage: x" holds.
			if _, known := lookup(v, key); known || v == ContentSignal && key == useKey {
				return Set{}, false
			}
			if _, theirs := lookup(other, key); theirs {
				return Set{}, false
			}
		} else if !quickMember(v, other, key, value, &i, &s, from) {
			return Set{}, false
		}
		for i < len(value) && (value[i] == ' ' || value[i] == '\t') {
			i++
		}
		if i == len(value) {
			return s, true
		}
		if value[i] != ',' {
			return Set{}, false // parameters, or not a Dictionary
		}
		for i++; i < len(value) && (value[i] == ' ' || value[i] == '\t'); i++ {
		}
		if i == len(value) {
			return Set{}, false // a trailing comma
		}
	}
}

// quickMember reads the member of key whose value starts at value[*i], an
// '=', into s, moving *i past it, and reports whether it is of the subset
// quick takes.
func quickMember(v, other Vocabulary, key, value string, at *int, s *Set, from source) bool {
	i := *at
	if value[i] != '=' {
		return false // parameters
	}
	i++
	t := i
	if i == len(value) || !isAlpha(value[i]) && value[i] != '*' {
		return false // not a Token
	}
	for i++; i < len(value) && isTokenChar(value[i]); i++ {
	}
	*at = i
	tok := value[t:i]
	if c, known := lookup(v, key); known {
		switch tok {
		case v.allow():
			s.pref[c], s.from[c] = Allowed, from
		case v.disallow():
			s.pref[c], s.from[c] = Disallowed, from
		default:
			return false
		}
		return true
	}
	if v == ContentSignal && key == useKey {
		u := useOf(tok)
		if u == UseUnknown {
			return false
		}
		s.use, s.useFrom = u, from
		return true
	}
	_, theirs := lookup(other, key)
	return !theirs
}

// useOf returns the Use labelled tok, UseUnknown when none is.
func useOf(tok string) Use {
	for u, label := range useLabels {
		if label != "" && label == tok {
			return Use(u)
		}
	}
	return UseUnknown
}

// isKeyChar reports whether c may follow the first character of a key
// (RFC 9651 section 3.1.2: lcalpha, DIGIT, "_", "-", ".", "*").
func isKeyChar(c byte) bool {
	return 'a' <= c && c <= 'z' || '0' <= c && c <= '9' || c == '_' || c == '-' || c == '.' || c == '*'
}

// isAlpha reports whether c is an ASCII letter.
func isAlpha(c byte) bool { return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' }

// isTokenChar reports whether c may follow the first character of a Token
// (RFC 9651 section 3.3.4: tchar, ":" and "/").
func isTokenChar(c byte) bool {
	if isAlpha(c) || '0' <= c && c <= '9' {
		return true
	}
	switch c {
	case '!', '#', '$', '%', '&', '\'', '*', '+', '-', '.', '^', '_', '`', '|', '~', ':', '/':
		return true
	}
	return false
}
