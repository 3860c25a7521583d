package usage

import "encoding/json"

// MarshalText returns the preference as String writes it.
func (p Pref) MarshalText() ([]byte, error) { return []byte(p.String()), nil }

// MarshalText returns the use value as String writes it.
func (u Use) MarshalText() ([]byte, error) { return []byte(u.String()), nil }

// jsonSource is a Source in JSON.
type jsonSource struct {
	Line  int    `json:"line,omitempty"`
	Field string `json:"field,omitempty"`
}

// jsonPref is one category's preference in JSON, its source omitted when
// the preference is unknown.
type jsonPref struct {
	Preference Pref        `json:"preference"`
	Source     *jsonSource `json:"source,omitempty"`
}

// MarshalJSON writes s as one object per vocabulary, keyed by the
// vocabulary's field name, then by label, and the use value:
//
//	{"Content-Usage":{"train-ai":{"preference":"disallowed","source":{"line":4,"field":"Content-Usage"}},
//	                  "search":{"preference":"unknown"}},
//	 "Content-Signal":{...},
//	 "use":{"value":"unknown"}}
//
// Every category of the table is listed, unknown ones too.
func (s Set) MarshalJSON() ([]byte, error) {
	pref := func(p Pref, src Source) jsonPref {
		j := jsonPref{Preference: p}
		if src != (Source{}) {
			j.Source = &jsonSource{src.Line, src.Field}
		}
		return j
	}
	out := map[string]any{}
	for _, v := range []Vocabulary{AIPref, ContentSignal} {
		m := map[string]jsonPref{}
		for _, c := range Categories(v) {
			m[vocabulary[c].Label] = pref(s.pref[c], s.from[c])
		}
		out[v.String()] = m
	}
	use := map[string]any{"value": s.use}
	if s.useFrom != (Source{}) {
		use["source"] = jsonSource{s.useFrom.Line, s.useFrom.Field}
	}
	out[useKey] = use
	return json.Marshal(out)
}
