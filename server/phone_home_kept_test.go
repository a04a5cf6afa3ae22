package server

import (
	"bytes"
	"compress/gzip"
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/tenkaichi-org/tenkaichi/server/web"
	"github.com/tenkaichi-org/tenkaichi/storage"
	"github.com/tenkaichi-org/tenkaichi/storage/storagetest"
)

// keptPhone asks for a player's page as a phone does (gzip, its cookies).
type keptPhone struct {
	t       *testing.T
	url     string
	cookies string
}

func (p *keptPhone) get(ifNoneMatch string) (status int, etag, page string) {
	p.t.Helper()
	req, _ := http.NewRequest(http.MethodGet, p.url, nil)
	req.Header.Set("Accept-Encoding", "gzip")
	if p.cookies != "" {
		req.Header.Set("Cookie", p.cookies)
	}
	if ifNoneMatch != "" {
		req.Header.Set("If-None-Match", ifNoneMatch)
	}
	res, err := (&http.Client{Transport: &http.Transport{DisableCompression: true}}).Do(req)
	if err != nil {
		p.t.Fatal(err)
	}
	defer res.Body.Close()
	body, _ := io.ReadAll(res.Body)
	if p.cookies == "" {
		var kv []string
		for _, c := range res.Cookies() {
			kv = append(kv, c.Name+"="+c.Value)
		}
		p.cookies = strings.Join(kv, "; ")
	}
	if res.Header.Get("Content-Encoding") == "gzip" {
		zr, err := gzip.NewReader(bytes.NewReader(body))
		if err != nil {
			p.t.Fatalf("gzip: %v", err)
		}
		if body, err = io.ReadAll(zr); err != nil {
			p.t.Fatalf("gzip body: %v", err)
		}
	}
	return res.StatusCode, res.Header.Get("ETag"), string(body)
}

// The player's page answers a revalidation with 304 while what it shows
// holds, and is sent again (the kept copy, its running clock filled in to
// the second) until the clock's second, a change to the event or the link
// changes it.
func TestPlayerPageKept(t *testing.T) {
	t.Parallel()
	st := storagetest.New(t)
	ev, tokens, _, _ := seedLoadEvent(t, st, 2)
	var now atomic.Int64
	now.Store(time.Now().UnixNano())
	server := New(Config{Store: st, Now: func() time.Time { return time.Unix(0, now.Load()) }})
	srv := httptest.NewServer(server.Handler())
	t.Cleanup(srv.Close)
	phone := &keptPhone{t: t, url: srv.URL + "/p/" + tokens[0]}
	phone.get("") // the CSRF cookie, as a phone has it

	status, etag, first := phone.get("")
	if status != http.StatusOK || !strings.Contains(first, `<time class="countdown"`) || !strings.Contains(first, "Player 0002") {
		t.Fatalf("player page: %d\n%s", status, first)
	}
	if status, _, _ := phone.get(etag); status != http.StatusNotModified {
		t.Fatalf("revalidated unchanged: %d, want 304", status)
	}
	server.phones.mu.Lock()
	for key, kp := range server.phones.pages {
		if !kp.Split() {
			t.Errorf("the page kept for %v holds its running clock: it would be rendered every second", key)
		}
	}
	server.phones.mu.Unlock()
	if _, again, second := phone.get(""); second != first || again != etag {
		t.Errorf("the kept page differs from the first: ETag %s, was %s", again, etag)
	}

	// Two seconds later the clock shows two seconds less.
	now.Add(int64(2 * time.Second))
	status, later, page := phone.get(etag)
	if status != http.StatusOK || later == etag {
		t.Fatalf("two seconds later: %d, ETag %s (was %s), want 200 and a new one", status, later, etag)
	}
	clockOf := func(page string) string {
		start, end, ok := clockPart([]byte(page))
		if !ok {
			t.Fatalf("no clock in the page:\n%s", page)
		}
		return page[start:end]
	}
	if clockOf(page) == clockOf(first) || strings.Replace(page, clockOf(page), clockOf(first), 1) != first {
		t.Errorf("two seconds later the page should differ in its clock alone:\n%s\n%s", clockOf(first), clockOf(page))
	}

	// Pausing the clock is a change: a new page, which then holds.
	ctx := context.Background()
	if _, err := st.ChangeClock(ctx, storage.Actor{Name: "load"}, ev.ID, 1, storage.ClockPause, 0); err != nil {
		t.Fatal(err)
	}
	status, paused, page := phone.get(later)
	if status != http.StatusOK || !strings.Contains(page, `data-state="paused"`) {
		t.Fatalf("after the pause: %d\n%s", status, page)
	}
	now.Add(int64(5 * time.Second))
	if status, _, _ := phone.get(paused); status != http.StatusNotModified {
		t.Errorf("paused clock, later: %d, want 304", status)
	}
	if _, err := st.PostAnnouncement(ctx, storage.Actor{Name: "load"}, ev.ID, "Lunch at noon."); err != nil {
		t.Fatal(err)
	}
	if status, _, page := phone.get(paused); status != http.StatusOK || !strings.Contains(page, "Lunch at noon.") {
		t.Errorf("after an announcement: %d, want 200 with it", status)
	}

	// A new link for the entry: the old one, kept in memory, leads nowhere.
	en, err := st.EntryByID(ctx, ev.ID, mustEntryOf(t, st, ev.ID, web.HashToken(tokens[0])))
	if err != nil {
		t.Fatal(err)
	}
	if err := st.SetEntryTokenHash(ctx, en.ID, en.TokenGeneration, web.HashToken("another")); err != nil {
		t.Fatal(err)
	}
	if status, _, _ := phone.get(""); status != http.StatusNotFound {
		t.Errorf("old link after a new one: %d, want 404", status)
	}
}

func mustEntryOf(t *testing.T, st *storage.Store, eventID int64, hash string) int64 {
	t.Helper()
	l, err := st.PlayerLinkByTokenHash(context.Background(), hash)
	if err != nil || l.EventID != eventID {
		t.Fatalf("link: %v", err)
	}
	return l.EntryID
}
