package server

import (
	"io"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"testing"

	"github.com/tenkaichi-org/tenkaichi/storage/storagetest"
)

// A big round's result slips come 120 to a sheet, with links to the
// other sheets (kept off the paper).
func TestSlipsPaged(t *testing.T) {
	t.Parallel()
	st := storagetest.New(t)
	ev, _, _, _ := seedLoadEvent(t, st, 250)
	srv := httptest.NewServer(New(Config{Store: st}).Handler())
	t.Cleanup(srv.Close)
	cookie := staffCookie(t, st)
	get := func(path string) string {
		req, _ := http.NewRequest(http.MethodGet, srv.URL+path, nil)
		req.Header.Set("Cookie", cookie)
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer res.Body.Close()
		b, _ := io.ReadAll(res.Body)
		if res.StatusCode != http.StatusOK {
			t.Fatalf("%s: %d", path, res.StatusCode)
		}
		return string(b)
	}
	slips := "/events/" + strconv.FormatInt(ev.ID, 10) + "/print/slips"
	first := get(slips)
	if n := strings.Count(first, `data-testid="slip"`); n != 120 || !strings.Contains(first, "Page 1 of 2") || !strings.Contains(first, `href="`+slips+`?page=2"`) {
		t.Errorf("first sheet: %d slips, want 120 and a link to page 2 of 2", n)
	}
	second := get(slips + "?round=1&page=2")
	if n := strings.Count(second, `data-testid="slip"`); n != 5 || !strings.Contains(second, "Page 2 of 2") || !strings.Contains(second, `href="`+slips+`?round=1"`) {
		t.Errorf("second sheet: %d slips, want 5 and a link back to the first", n)
	}
	if !strings.Contains(second, "Table 125") || strings.Contains(second, "Table 120<") {
		t.Error("the second sheet has the wrong tables")
	}
}
