package server_test

import (
	"context"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"testing"
)

// A zero byte or bytes that are not UTF-8 are refused with 422 naming the
// field, on both databases (PostgreSQL cannot store them), and nothing is
// stored.
func TestUnstorableCharactersAreRefused(t *testing.T) {
	t.Parallel()
	a := newApp(t)
	org := a.organiser()
	id := createEvent(t, org, "Byte Cup")
	path := "/events/" + strconv.FormatInt(id, 10)
	for _, name := range []string{"Ann\x00", "Ann\xff"} {
		r := a.browser().post(path+"/register", path+"/register", url.Values{"player_name": {name}})
		expectStatus(t, "register "+strconv.Quote(name), r, http.StatusUnprocessableEntity)
		if !strings.Contains(r.body, `The field &#34;player_name&#34; holds characters that cannot be stored`) &&
			!strings.Contains(r.body, `The field "player_name" holds characters that cannot be stored`) {
			t.Errorf("register %q: the message does not name the field:\n%s", name, excerpt(r.body))
		}
	}
	if es, _ := a.store.Entries(context.Background(), id); len(es) != 0 {
		t.Fatalf("%d entries stored from refused forms", len(es))
	}
	expectStatus(t, "rules search with a zero byte", a.browser().get("/rules?q=%00"), http.StatusUnprocessableEntity)
	r := a.browser().post("/login", "/login", url.Values{"username": {"org\xff"}, "password": {"x"}})
	expectStatus(t, "login with bytes that are not UTF-8", r, http.StatusUnprocessableEntity)
	f := eventForm("Edit\x00")
	r = org.post("/events/new", "/events", f)
	expectStatus(t, "event name with a zero byte", r, http.StatusUnprocessableEntity)
	// Ordinary text in any script still goes through.
	r = a.browser().post(path+"/register", path+"/register", url.Values{"player_name": {"Zoë 孫悟空"}})
	if r.status != http.StatusSeeOther {
		t.Fatalf("register a name in other scripts: %d\n%s", r.status, excerpt(r.body))
	}
}
