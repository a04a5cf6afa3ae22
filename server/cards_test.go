package server_test

import (
	"bytes"
	"context"
	"mime/multipart"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tenkaichi-org/tenkaichi/rules"
	"github.com/tenkaichi-org/tenkaichi/storage/carddata"
)

func fixture(t *testing.T, name string) []byte {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("..", "testdata", name))
	if err != nil {
		t.Fatalf("test fixture: %v", err)
	}
	return b
}

// upload posts a file the way a browser's file input does.
func (b *browser) upload(formPage, path, field, filename string, content []byte) response {
	b.t.Helper()
	page := b.get(formPage)
	m := csrfInput.FindStringSubmatch(page.body)
	if m == nil {
		b.t.Fatalf("no CSRF token on %s", formPage)
	}
	var body bytes.Buffer
	w := multipart.NewWriter(&body)
	w.WriteField("_csrf", m[1])
	fw, _ := w.CreateFormFile(field, filename)
	fw.Write(content)
	w.Close()
	req, _ := http.NewRequest(http.MethodPost, b.app.srv.URL+path, &body)
	req.Header.Set("Content-Type", w.FormDataContentType())
	return b.do(req)
}

func TestOrganiserImportsCardsAndBanListThenChecksDeck(t *testing.T) {
	t.Parallel()
	a := newApp(t)
	org := a.organiser()
	ctx := context.Background()

	bad := org.upload("/cards", "/cards/import", "file", "bad.json", []byte(`[{"number":"FB01-001","name":"A","type":"Leader"},{"number":"FB01-002","name":"B","type":"Battle","cost":"lots"}]`))
	expectStatus(t, "bad card file", bad, http.StatusUnprocessableEntity)
	if !strings.Contains(bad.body, "record 2 (card FB01-002)") {
		t.Errorf("error does not name the record:\n%s", excerpt(bad.body))
	}
	if n, _ := carddata.New(a.store).CountCards(ctx, rules.GameFusionWorld); n != 0 {
		t.Fatalf("bad file stored %d cards", n)
	}

	r := org.upload("/cards", "/cards/import", "file", "fusion-world-cards.json", fixture(t, "fusion-world-cards.json"))
	expectRedirect(t, "import cards", r, "/cards")
	// A real card list is larger than ordinary form posts may be (2 MB): the
	// fixture, padded with whitespace to 3 MB, still imports.
	masters := fixture(t, "masters-cards.json")
	masters = append(masters, bytes.Repeat([]byte(" "), 3<<20-len(masters))...)
	r = org.upload("/cards", "/cards/import", "file", "masters-cards.json", masters)
	expectRedirect(t, "import masters cards", r, "/cards")
	if n, _ := carddata.New(a.store).CountCards(ctx, rules.GameMasters); n != 133 { // the fixture's card numbers
		t.Fatalf("%d Masters cards stored", n)
	}

	r = org.post("/cards", "/banlists", url.Values{"banlist": {"{not json"}})
	expectStatus(t, "bad ban list", r, http.StatusUnprocessableEntity)
	if !strings.Contains(r.body, "Nothing was saved") {
		t.Error("bad ban list not explained")
	}
	r = org.post("/cards", "/banlists", url.Values{"banlist": {string(fixture(t, "masters-banlist-2026-06.json"))}})
	expectRedirect(t, "save ban list", r, "/cards")
	page := org.get("/cards")
	for _, want := range []string{"March 2026", "<td>28 September 2018</td>", "/banlists/masters/2018-09-28", "(built in)"} {
		if !strings.Contains(page.body, want) {
			t.Errorf("cards page lacks %q", want)
		}
	}
	expectStatus(t, "ban list page", org.get("/banlists/fusion-world/2026-03-01"), http.StatusOK)
	expectStatus(t, "unknown ban list", org.get("/banlists/fusion-world/1999-01-01"), http.StatusNotFound)

	deck := string(fixture(t, "decklists/fs01-starter-son-goku.txt"))
	r = org.post("/decks/check", "/decks/check", url.Values{"format": {"fw-standard"}, "date": {"2026-06-01"}, "deck": {deck}})
	expectStatus(t, "check legal deck", r, http.StatusOK)
	if !strings.Contains(r.body, "This deck is legal.") {
		t.Errorf("FS01 not legal:\n%s", excerpt(r.body))
	}
	r = org.post("/decks/check", "/decks/check", url.Values{"format": {"fw-standard"}, "date": {"2026-06-01"}, "deck": {deck + "\n4 FB01-056\n"}})
	if !strings.Contains(r.body, "This deck is not legal") || !strings.Contains(r.body, "banned") {
		t.Errorf("banned card not reported:\n%s", excerpt(r.body))
	}
	r = org.post("/decks/check", "/decks/check", url.Values{"format": {"fw-standard"}, "date": {"2026-06-01"}, "deck": {"4 FS01-03\nthis is not a card line\n"}})
	expectStatus(t, "unreadable deck", r, http.StatusUnprocessableEntity)
	if !strings.Contains(r.body, "line 2") {
		t.Errorf("unreadable line not named:\n%s", excerpt(r.body))
	}
}

func TestCardPagesNeedAnOrganiser(t *testing.T) {
	t.Parallel()
	a := newApp(t)
	a.organiser()
	judge := a.signedIn("jules", "judge")
	expectStatus(t, "judge views cards", judge.get("/cards"), http.StatusForbidden)
	expectStatus(t, "judge saves ban list", judge.post("/decks/check", "/banlists", url.Values{"banlist": {"{}"}}), http.StatusForbidden)
	expectStatus(t, "judge checks a deck", judge.get("/decks/check"), http.StatusOK)
	anon := a.browser()
	if r := anon.get("/decks/check"); r.status != http.StatusSeeOther {
		t.Errorf("anonymous deck check tool: %d", r.status)
	}
}
