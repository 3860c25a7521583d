package usage

import "testing"

// TestTable checks the vocabulary table: labels unique within a
// vocabulary, every row filled in, and same pointing at an AIPref category.
func TestTable(t *testing.T) {
	for c := range Category(NumCategories) {
		row := vocabulary[c]
		if row.label == "" || row.title == "" || row.meaning == "" || row.reference == "" {
			t.Errorf("%d: incomplete row %+v", c, row)
		}
		if c.Vocabulary() != row.vocabulary || c.Label() != row.label {
			t.Errorf("%d: Vocabulary %s, Label %q; the table says %s, %q", c, c.Vocabulary(), c.Label(), row.vocabulary, row.label)
		}
		if got, ok := lookup(row.vocabulary, row.label); !ok || got != c {
			t.Errorf("lookup(%s, %q) = %v, %v; want %v", row.vocabulary, row.label, got, ok, c)
		}
		if row.same != NumCategories && row.same.Vocabulary() != AIPref {
			t.Errorf("%s: same is %s, not an AIPref category", c, row.same)
		}
		if row.vocabulary == AIPref && row.same != c {
			t.Errorf("%s: an AIPref category must be its own same", c)
		}
	}
	if _, ok := lookup(AIPref, "Train-AI"); ok {
		t.Error("labels are case sensitive")
	}
	if got := len(Categories(AIPref)) + len(Categories(ContentSignal)); got != NumCategories {
		t.Errorf("the vocabularies hold %d categories, want %d", got, NumCategories)
	}
	if c := Category(NumCategories); c.Vocabulary() != 0 || c.Label() != "" {
		t.Errorf("%s: Vocabulary %s, Label %q; want none", c, c.Vocabulary(), c.Label())
	}
}
