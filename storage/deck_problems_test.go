package storage_test

import (
	"reflect"
	"testing"

	"github.com/tenkaichi-org/tenkaichi/storage"
)

// A problem kept as the page's view of it (before the facts were) reads as
// the rules' facts: the key, its values, the line, card and rule; its
// English words only when it has no key, and the line's text never.
func TestDecodeDeckProblemsReadsTheOldShape(t *testing.T) {
	old := `[{"Line":2,"Text":"5 FS01-03","Card":"FS01-03","Rule":"CR 6-1-4-2","Message":"FS01-03 Master Roshi is limited to 4 per deck; the deck has 5","Key":"too-many-copies","Args":["FS01-03","Master Roshi",5,4]},` +
		`{"Line":0,"Card":"","Rule":"CR 6-1-3","Message":"The main deck's size is 5; it must be at least 50"}]`
	got, err := storage.DecodeDeckProblems(old)
	if err != nil {
		t.Fatal(err)
	}
	want := []storage.DeckProblem{
		{Key: "too-many-copies", Args: []any{"FS01-03", "Master Roshi", 5.0, 4.0}, Line: 2, Card: "FS01-03", Rule: "CR 6-1-4-2"},
		{Rule: "CR 6-1-3", Message: "The main deck's size is 5; it must be at least 50"},
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("old shape read as\n%+v\nwant\n%+v", got, want)
	}
	const facts = `[{"key":"too-many-copies","args":["FS01-03","Master Roshi",5,4],"line":2,"card":"FS01-03","rule":"CR 6-1-4-2"},` +
		`{"rule":"CR 6-1-3","message":"The main deck's size is 5; it must be at least 50"}]`
	if js := storage.EncodeDeckProblems(got); js != facts {
		t.Errorf("written as %s\nwant %s", js, facts)
	}
	again, err := storage.DecodeDeckProblems(facts)
	if err != nil || !reflect.DeepEqual(again, want) {
		t.Errorf("facts read back as %+v, %v", again, err)
	}
	if js := storage.EncodeDeckProblems(nil); js != "" {
		t.Errorf("no problems written as %q", js)
	}
	if ps, err := storage.DecodeDeckProblems(""); ps != nil || err != nil {
		t.Errorf("no problems read as %v, %v", ps, err)
	}
}
