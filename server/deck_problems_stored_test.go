package server_test

import (
	"context"
	"html"
	"net/url"
	"os"
	"strings"
	"testing"

	"github.com/tenkaichi-org/tenkaichi/storage"
)

// The German words of the problem "5 FS01-03" makes (too many copies).
const tooManyCopiesDE = "ist auf 4 pro Deck begrenzt; das Deck hat 5"

// oldDeckProblems is how entries and event files kept a check's problems
// before they kept the rules' facts: the page's view of each problem, with
// English words.
const oldDeckProblems = `[{"Line":0,"Card":"","Rule":"CR 6-1-3","Message":"The main deck's size is 5; it must be at least 50","Key":"deck-too-small","Args":[5,50]},` +
	`{"Line":2,"Text":"5 FS01-03","Card":"FS01-03","Rule":"CR 6-1-4-2","Message":"FS01-03 Master Roshi is limited to 4 per deck; the deck has 5","Key":"too-many-copies","Args":["FS01-03","Master Roshi",5,4]}]`

// storedFacts reads an entry's problems and checks they are the rules'
// facts: a key and its values, no words.
func storedFacts(t *testing.T, st *storage.Store, eventID, entryID int64) []storage.DeckProblem {
	t.Helper()
	en, err := st.EntryByID(context.Background(), eventID, entryID)
	if err != nil {
		t.Fatal(err)
	}
	facts, err := storage.DecodeDeckProblems(en.DeckProblems)
	if err != nil || len(facts) != 2 {
		t.Fatalf("stored problems %s: %v", en.DeckProblems, err)
	}
	if strings.Contains(en.DeckProblems, "Message") || strings.Contains(en.DeckProblems, "limited to") {
		t.Errorf("stored problems keep words: %s", en.DeckProblems)
	}
	if f := facts[1]; f.Key != "too-many-copies" || f.Line != 2 || f.Card != "FS01-03" || f.Rule != "CR 6-1-4-2" || len(f.Args) != 4 {
		t.Errorf("stored problem %+v", f)
	}
	return facts
}

// A list saved from an English phone keeps the rules' facts, not English
// words, and reads in German for a German reader, on the organiser's
// Decks page and on the player's own page.
func TestDeckProblemsStoredAsFactsReadInTheReadersLanguage(t *testing.T) {
	t.Parallel()
	a := newApp(t)
	org := a.organiser()
	importCards(t, a)
	d := newDayEvent(t, a, org, "0", "Ann")
	ann, link := d.phone("Ann"), d.links["Ann"]
	ann.get("/language?lang=en&back=" + link)
	expectRedirect(t, "en save", ann.post(link, link+"/deck", url.Values{"deck": {"Leader: FS01-01\n5 FS01-03\n"}}), link)
	mustContain(t, "en player page", html.UnescapeString(ann.get(link).body), "is limited to 4 per deck; the deck has 5")
	storedFacts(t, a.store, d.id, d.ids["Ann"])

	org.get("/language?lang=de&back=" + d.path + "/decks")
	mustContain(t, "de decks page", html.UnescapeString(org.get(d.path+"/decks").body), tooManyCopiesDE, "5 FS01-03")
	ann.get("/language?lang=de&back=" + link)
	mustContain(t, "de player page", html.UnescapeString(ann.get(link).body), tooManyCopiesDE, "5 FS01-03")
}

// A row saved before the facts were (the page's view, in English) still
// reads, in the reader's language, with the text of its line.
func TestOldDeckProblemsRowStillReads(t *testing.T) {
	t.Parallel()
	a := newApp(t)
	org := a.organiser()
	importCards(t, a)
	d := newDayEvent(t, a, org, "0", "Ann")
	ann, link := d.phone("Ann"), d.links["Ann"]
	expectRedirect(t, "save", ann.post(link, link+"/deck", url.Values{"deck": {"Leader: FS01-01\n5 FS01-03\n"}}), link)
	ann.get(link) // shows the check once, after saving; later visits read the stored problems
	if _, err := a.store.SQL().Exec("UPDATE entries SET deck_problems = $1 WHERE id = $2", oldDeckProblems, d.ids["Ann"]); err != nil {
		t.Fatal(err)
	}
	org.get("/language?lang=de&back=" + d.path + "/decks")
	page := html.UnescapeString(org.get(d.path + "/decks").body)
	mustContain(t, "de decks page, old row", page, tooManyCopiesDE, "5 FS01-03")
	if strings.Contains(page, "limited to") {
		t.Errorf("de decks page shows the old row's English words:\n%s", excerpt(page))
	}
	ann.get("/language?lang=de&back=" + link)
	mustContain(t, "de player page, old row", html.UnescapeString(ann.get(link).body), tooManyCopiesDE)

	// Its event file carries the facts.
	data := string(pfExport(t, org, d.path))
	if !strings.Contains(data, `\"key\":\"too-many-copies\"`) || strings.Contains(data, "Message") {
		t.Errorf("export of an old row's problems:\n%s", excerpt(data))
	}
}

// An event file written before the facts were (its problems the page's
// view, in English) still imports: the entry keeps the facts, pages say
// them in the reader's language and the event's own export writes facts.
func TestOldEventFileDeckProblemsStillRead(t *testing.T) {
	t.Parallel()
	a := newApp(t)
	org := a.organiser()
	importCards(t, a)
	data, err := os.ReadFile("../testdata/event-files/old-deck-problems.export.json")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(data), `\"Message\":`) {
		t.Fatal("the fixture is not an old file")
	}
	path, id := pfImport(t, org, "old-deck-problems.export.json", data)
	es, err := a.store.Entries(context.Background(), id)
	if err != nil || len(es) != 2 {
		t.Fatalf("entries %v, %v", es, err)
	}
	storedFacts(t, a.store, id, es[0].ID)

	org.get("/language?lang=de&back=" + path + "/decks")
	mustContain(t, "de decks page, old file", html.UnescapeString(org.get(path+"/decks").body), tooManyCopiesDE, "5 FS01-03")
	out := string(pfExport(t, org, path))
	if !strings.Contains(out, `\"key\":\"too-many-copies\"`) || strings.Contains(out, "Message") {
		t.Errorf("export of an old file's problems:\n%s", excerpt(out))
	}
}
