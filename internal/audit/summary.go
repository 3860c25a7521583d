package audit

// A Summary counts records: by outcome, and per crawler by restriction
// level, by whether a group names it, and by usage preference for "/".
// Summaries of parts of a crawl merge into the summary of the whole
// (Merge), so that machines that audit shards can be summed up.
type Summary struct {
	Records  int            `json:"records"`  // records added
	Errors   int            `json:"errors"`   // of them, those with an error
	Outcomes map[string]int `json:"outcomes"` // by Outcome; "" for records without one (captures that could not be read)
	Agents   []AgentSummary `json:"agents"`   // per crawler, in the order first met

	index map[string]int // Agents by name
}

// An AgentSummary counts the records of one crawler.
type AgentSummary struct {
	Name    string         `json:"agent"`
	Records int            `json:"records"` // records that report on it: those with agents
	Levels  map[Level]int  `json:"levels"`  // by level
	Named   int            `json:"named"`   // records where a group names it
	Usage   map[string]int `json:"usage"`   // by usage preference for "/", "KEY=VALUE" (Agent.Usage's members)
}

// Add counts a record.
func (s *Summary) Add(r *Record) {
	s.Records++
	if r.Error != "" {
		s.Errors++
	}
	if s.Outcomes == nil {
		s.Outcomes = map[string]int{}
	}
	s.Outcomes[r.Outcome]++
	for i := range r.Agents {
		a := &r.Agents[i]
		as := s.agent(a.Name)
		as.Records++
		as.Levels[a.Level]++
		if a.Group == GroupNamed {
			as.Named++
		}
		for k, v := range a.Usage {
			as.Usage[k+"="+v]++
		}
	}
}

// agent returns the summary of the crawler named name, added when new.
func (s *Summary) agent(name string) *AgentSummary {
	if s.index == nil { // a zero Summary, or one decoded from JSON
		s.index = map[string]int{}
		for i := range s.Agents {
			s.index[s.Agents[i].Name] = i
		}
	}
	if i, ok := s.index[name]; ok {
		a := &s.Agents[i]
		if a.Levels == nil {
			a.Levels = map[Level]int{}
		}
		if a.Usage == nil {
			a.Usage = map[string]int{}
		}
		return a
	}
	s.index[name] = len(s.Agents)
	s.Agents = append(s.Agents, AgentSummary{Name: name, Levels: map[Level]int{}, Usage: map[string]int{}})
	return &s.Agents[len(s.Agents)-1]
}

// Merge adds the counts of o to s.
func (s *Summary) Merge(o *Summary) {
	s.Records += o.Records
	s.Errors += o.Errors
	if s.Outcomes == nil {
		s.Outcomes = map[string]int{}
	}
	for k, n := range o.Outcomes {
		s.Outcomes[k] += n
	}
	for i := range o.Agents {
		oa := &o.Agents[i]
		as := s.agent(oa.Name)
		as.Records += oa.Records
		as.Named += oa.Named
		for l, n := range oa.Levels {
			as.Levels[l] += n
		}
		for k, n := range oa.Usage {
			as.Usage[k] += n
		}
	}
}
