package server_test

import (
	"bytes"
	"context"
	"html"
	"net/http"
	"net/url"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/tenkaichi-org/tenkaichi/storage"
	"github.com/tenkaichi-org/tenkaichi/storage/accounts"
	"github.com/tenkaichi-org/tenkaichi/views"
)

// pfEvent is an event made for the print tests: players by name, round 1
// published with results.
type pfEvent struct {
	id      int64
	path    string
	entries map[string]*storage.Entry
	order   []string // names in registration order
}

func pfPtr[T any](v T) *T { return &v }

var pfActor = storage.Actor{Name: "org"}

// pfNewEvent creates an event through the form and registers players in
// the store.
func pfNewEvent(t *testing.T, a *app, org *browser, name string, players ...string) *pfEvent {
	t.Helper()
	id := createEvent(t, org, name)
	f := &pfEvent{id: id, path: "/events/" + strconv.FormatInt(id, 10), entries: map[string]*storage.Entry{}}
	for _, p := range players {
		e := &storage.Entry{EventID: id, PlayerName: p, MemberID: "M-" + p, TokenHash: "tok-" + strconv.FormatInt(id, 10) + "-" + p}
		if err := a.store.CreateEntry(context.Background(), pfActor, e); err != nil {
			t.Fatal(err)
		}
		f.entries[p] = e
		f.order = append(f.order, p)
	}
	return f
}

// pfRound pairs a round: each pair is {p1, p2} ("" p2 is a bye); tables in order.
func pfRound(t *testing.T, a *app, f *pfEvent, number int, kind string, pairs [][2]string) []storage.Match {
	t.Helper()
	ctx := context.Background()
	var nm []storage.NewMatch
	table := 0
	for _, p := range pairs {
		m := storage.NewMatch{P1: f.entries[p[0]].ID}
		if p[1] != "" {
			table++
			m.TableNo, m.P2 = pfPtr(table), pfPtr(f.entries[p[1]].ID)
		}
		nm = append(nm, m)
	}
	r, err := a.store.CreateRound(ctx, pfActor, f.id, number, kind, 35*time.Minute, nm)
	if err != nil {
		t.Fatal(err)
	}
	if err := a.store.PublishRound(ctx, pfActor, f.id, number); err != nil {
		t.Fatal(err)
	}
	ms, err := a.store.Matches(ctx, r.ID)
	if err != nil {
		t.Fatal(err)
	}
	return ms
}

func pfResult(t *testing.T, a *app, f *pfEvent, m storage.Match, in storage.ResultInput) {
	t.Helper()
	if _, err := a.store.SetMatchResult(context.Background(), pfActor, f.id, m.ID, in, false, ""); err != nil {
		t.Fatal(err)
	}
}

var pfTags = regexp.MustCompile(`<[^>]*>`)

// pfText is the page's text without tags, spaces squeezed.
func pfText(body string) string {
	return strings.Join(strings.Fields(html.UnescapeString(pfTags.ReplaceAllString(body, " "))), " ")
}

// pfRows returns the text of each table body row.
func pfRows(body string) []string {
	var out []string
	for _, tb := range regexp.MustCompile(`(?s)<tbody>(.*?)</tbody>`).FindAllStringSubmatch(body, -1) {
		for _, m := range regexp.MustCompile(`(?s)<tr[^>]*>(.*?)</tr>`).FindAllStringSubmatch(tb[1], -1) {
			out = append(out, pfText(m[1]))
		}
	}
	return out
}

func pfSame(t *testing.T, what string, got, want []string) {
	t.Helper()
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Fatalf("%s:\ngot  %q\nwant %q", what, got, want)
	}
}

func TestPrintPairingsByNameAndByTable(t *testing.T) {
	t.Parallel()
	a := newApp(t)
	org := a.organiser()
	f := pfNewEvent(t, a, org, "Print Cup", "Cleo", "ann", "Bob", "Dan", "Émile")
	pfRound(t, a, f, 1, storage.KindSwiss, [][2]string{{"Cleo", "ann"}, {"Bob", "Dan"}, {"Émile", ""}})

	r := org.get(f.path + "/print/pairings?round=1&by=name")
	expectStatus(t, "pairings by name", r, http.StatusOK)
	// Alphabetical regardless of case and accents; table and opponent.
	pfSame(t, "by name", pfRows(r.body), []string{"ann 1 Cleo", "Bob 2 Dan", "Cleo 1 ann", "Dan 2 Bob", "Émile Bye"})
	if !strings.Contains(r.body, "Pairings, round 1, by name") || strings.Contains(r.body, `class="site"`) {
		t.Fatalf("print sheet must have its title and no site navigation:\n%s", excerpt(r.body))
	}

	r = org.get(f.path + "/print/pairings?round=1&by=table")
	expectStatus(t, "pairings by table", r, http.StatusOK)
	pfSame(t, "by table", pfRows(r.body), []string{"1 Cleo ann", "2 Bob Dan", "– Émile Bye"})

	// Without a round: the latest one.
	pfRound(t, a, f, 2, storage.KindSwiss, [][2]string{{"ann", "Bob"}, {"Cleo", "Émile"}, {"Dan", ""}})
	r = org.get(f.path + "/print/pairings?by=table")
	pfSame(t, "latest round by table", pfRows(r.body), []string{"1 ann Bob", "2 Cleo Émile", "– Dan Bye"})

	expectStatus(t, "unknown round", org.get(f.path+"/print/pairings?round=9"), http.StatusNotFound)
	expectStatus(t, "bad round", org.get(f.path+"/print/pairings?round=x"), http.StatusNotFound)
	empty := pfNewEvent(t, a, org, "No Rounds", "Zed")
	r = org.get(empty.path + "/print/pairings")
	expectStatus(t, "event without rounds", r, http.StatusNotFound)
	if !strings.Contains(r.body, "no rounds yet") {
		t.Fatalf("no-rounds message missing:\n%s", excerpt(r.body))
	}
}

var pfQRLabel = regexp.MustCompile(`<svg xmlns="http://www.w3.org/2000/svg" class="qr" viewBox="0 0 (\d+) \d+"[^>]*aria-label="QR code: ([^"]+)"`)

func TestPrintSlipsCarryAQRCodeToTheMatch(t *testing.T) {
	t.Parallel()
	a := newApp(t)
	org := a.organiser()
	f := pfNewEvent(t, a, org, "Slip Cup", "Ann", "Bo", "Cy", "Di", "Ed")
	ms := pfRound(t, a, f, 1, storage.KindSwiss, [][2]string{{"Ann", "Bo"}, {"Cy", "Di"}, {"Ed", ""}})

	r := org.get(f.path + "/print/slips?round=1")
	expectStatus(t, "slips", r, http.StatusOK)
	if n := strings.Count(r.body, `data-testid="slip"`); n != 2 {
		t.Fatalf("%d slips, want 2 (no slip for a bye)", n)
	}
	qrs := pfQRLabel.FindAllStringSubmatch(r.body, -1)
	if len(qrs) != 2 {
		t.Fatalf("%d QR codes, want 2:\n%s", len(qrs), excerpt(r.body))
	}
	for i, m := range ms[:2] {
		want := a.srv.URL + "/events/" + strconv.FormatInt(f.id, 10) + "/matches/" + strconv.FormatInt(m.ID, 10)
		if qrs[i][2] != want {
			t.Errorf("slip %d QR encodes %q, want %q", i+1, qrs[i][2], want)
		}
		if size, _ := strconv.Atoi(qrs[i][1]); size < 21+8 {
			t.Errorf("slip %d QR is %d modules, too small for a QR code with its quiet zone", i+1, size)
		}
	}
	text := pfText(r.body)
	for _, want := range []string{"Slip Cup · Round 1 · Table 1", "Ann", "Bo", "Round 1 · Table 2", "Signature", "Games won", "Draw"} {
		if !strings.Contains(text, want) {
			t.Errorf("slips lack %q", want)
		}
	}
	if strings.Contains(r.body, "<script") {
		t.Error("print sheets must work without script")
	}
}

func TestPrintStandingsNameTheirTiebreakers(t *testing.T) {
	t.Parallel()
	a := newApp(t)
	org := a.organiser()
	f := pfNewEvent(t, a, org, "Standings Cup", "Ann", "Bo", "Cy", "Di")
	ms := pfRound(t, a, f, 1, storage.KindSwiss, [][2]string{{"Ann", "Bo"}, {"Cy", "Di"}})
	pfResult(t, a, f, ms[0], storage.ResultInput{Result: storage.ResultP1, P1Wins: 2})
	pfResult(t, a, f, ms[1], storage.ResultInput{Result: storage.ResultP2, P2Wins: 2})
	ms = pfRound(t, a, f, 2, storage.KindSwiss, [][2]string{{"Ann", "Di"}, {"Bo", "Cy"}})
	pfResult(t, a, f, ms[0], storage.ResultInput{Result: storage.ResultP1, P1Wins: 2})
	pfResult(t, a, f, ms[1], storage.ResultInput{Result: storage.ResultDraw})

	r := org.get(f.path + "/print/standings")
	expectStatus(t, "standings", r, http.StatusOK)
	// Ann 2-0; Di 1-1 (OMW: Cy 0-1-1 → floor .33 and Ann 1.0); Bo and Cy 0-1-1.
	// Bandai: OMW% then OOMW%. Di: opponents Cy (0.1667 → floor 0.33) and Ann (1.0) → 66.50%.
	rows := pfRows(r.body)
	if len(rows) != 4 || !strings.HasPrefix(rows[0], "1 Ann 2-0-0 6 ") || !strings.HasPrefix(rows[1], "2 Di 1-1-0 3 66.50%") {
		t.Fatalf("standings rows: %q", rows)
	}
	text := pfText(r.body)
	for _, want := range []string{"Standings after round 2", "OMW%", "Opponents' match-win percentage", "OOMW%", "Opponents' opponents' match-win percentage"} {
		if !strings.Contains(text, want) {
			t.Errorf("standings lack %q", want)
		}
	}
}

var pfChampion = regexp.MustCompile(`(?s)data-testid="champion">(.*?)</p>`)

func TestPrintBracketFromTheTopCut(t *testing.T) {
	t.Parallel()
	a := newApp(t)
	org := a.organiser()
	f := pfNewEvent(t, a, org, "Cut Cup", "Ann", "Bo", "Cy", "Di", "Ed", "Flo", "Gus", "Hal")
	ctx := context.Background()
	ev, _ := a.store.EventByID(ctx, f.id)
	ev.TopCutSize = 4
	if err := a.store.UpdateEvent(ctx, pfActor, ev); err != nil {
		t.Fatal(err)
	}
	r := org.get(f.path + "/print/bracket")
	if !strings.Contains(r.body, "no Swiss results yet") {
		t.Fatalf("a cut before any result must say it has no seeds yet:\n%s", excerpt(r.body))
	}
	ms := pfRound(t, a, f, 1, storage.KindSwiss, [][2]string{{"Ann", "Bo"}, {"Cy", "Di"}, {"Ed", "Flo"}, {"Gus", "Hal"}})
	for _, m := range ms {
		pfResult(t, a, f, m, storage.ResultInput{Result: storage.ResultP1, P1Wins: 1})
	}
	ms = pfRound(t, a, f, 2, storage.KindSwiss, [][2]string{{"Ann", "Cy"}, {"Ed", "Gus"}, {"Bo", "Di"}, {"Flo", "Hal"}})
	for _, m := range ms {
		pfResult(t, a, f, m, storage.ResultInput{Result: storage.ResultP1, P1Wins: 1})
	}
	// Ann and Ed are 2-0, Cy and Gus 1-1 with the better opponents.
	r = org.get(f.path + "/print/bracket")
	expectStatus(t, "bracket", r, http.StatusOK)
	text := pfText(r.body)
	if !strings.Contains(text, "Top 4") || !strings.Contains(r.body, `data-testid="bracket"`) {
		t.Fatalf("bracket sheet:\n%s", excerpt(r.body))
	}
	// Seed 1 meets seed 4, seed 2 meets seed 3; the final is not decided.
	first := regexp.MustCompile(`1 (Ann|Ed) 4 (\w+)`).FindStringSubmatch(text)
	if first == nil || !strings.Contains(text, "To be decided") {
		t.Fatalf("semi-final 1 v 4 missing or final decided: %s", text)
	}
	if c := pfChampion.FindStringSubmatch(r.body); c == nil || pfText(c[1]) != "To be decided" {
		t.Fatalf("no champion before the cut is played: %v", c)
	}

	// Play the cut: 1 and 2 win their semi-finals in two games, then 1 wins the final.
	b := regexp.MustCompile(`(\d) (Ann|Ed|Cy|Gus|Bo|Di|Flo|Hal)`).FindAllStringSubmatch(text, 4)
	seed := map[string]string{}
	for _, m := range b {
		seed[m[1]] = m[2]
	}
	games := `[{"winner":"p1","first":"p1"},{"winner":"p1","first":"p2"}]`
	cut := pfRound(t, a, f, 3, storage.KindTopCut, [][2]string{{seed["1"], seed["4"]}, {seed["2"], seed["3"]}})
	for _, m := range cut {
		pfResult(t, a, f, m, storage.ResultInput{Result: storage.ResultP1, P1Wins: 2, Games: games})
	}
	final := pfRound(t, a, f, 4, storage.KindTopCut, [][2]string{{seed["1"], seed["2"]}})
	pfResult(t, a, f, final[0], storage.ResultInput{Result: storage.ResultP1, P1Wins: 2, Games: games})
	r = org.get(f.path + "/print/bracket")
	expectStatus(t, "bracket after the cut", r, http.StatusOK)
	if c := pfChampion.FindStringSubmatch(r.body); c == nil || pfText(c[1]) != seed["1"] {
		t.Fatalf("champion %s missing: %s", seed["1"], pfText(r.body))
	}
	// Each side of a played match shows its games won: the final is 2-0.
	if !strings.Contains(pfText(r.body), "Final 1 "+seed["1"]+" games won: 2 (advances) 2 "+seed["2"]+" games won: 0") {
		t.Fatalf("final's game scores missing: %s", pfText(r.body))
	}

	// An event without a top cut says so.
	none := pfNewEvent(t, a, org, "No Cut", "Zed")
	ev, _ = a.store.EventByID(ctx, none.id)
	ev.TopCutSize = 0
	if err := a.store.UpdateEvent(ctx, pfActor, ev); err != nil {
		t.Fatal(err)
	}
	r = org.get(none.path + "/print/bracket")
	if !strings.Contains(r.body, "has no top cut") {
		t.Fatalf("no-cut message missing:\n%s", excerpt(r.body))
	}
}

func TestPrintRegistrationPosterHasTheLinkAndItsQRCode(t *testing.T) {
	t.Parallel()
	a := newApp(t)
	org := a.organiser()
	f := pfNewEvent(t, a, org, "Poster Cup")
	r := org.get(f.path + "/print/registration")
	expectStatus(t, "poster", r, http.StatusOK)
	want := a.srv.URL + f.path + "/register"
	m := pfQRLabel.FindStringSubmatch(r.body)
	if m == nil || m[2] != want || !strings.Contains(r.body, "<code>"+want+"</code>") {
		t.Fatalf("poster QR/URL for %q:\n%s", want, excerpt(r.body))
	}
	if strings.Contains(r.body, "Self-registration is switched off") {
		t.Fatal("the form's event has self-registration on")
	}
}

// Every organiser-only page refuses anonymous visitors and judges (even the
// event's own judge).
func TestPrintExportPagesAreForOrganisersOnly(t *testing.T) {
	t.Parallel()
	a := newApp(t)
	org := a.organiser()
	f := pfNewEvent(t, a, org, "Private Cup", "Ann", "Bo")
	pfRound(t, a, f, 1, storage.KindSwiss, [][2]string{{"Ann", "Bo"}})
	judge := a.signedIn("jules", storage.RoleJudge)
	u, _ := accounts.New(a.store).UserByUsername(context.Background(), "jules")
	if err := a.store.AddEventJudge(context.Background(), pfActor, f.id, u.ID); err != nil {
		t.Fatal(err)
	}
	anon := a.browser()
	pages := []string{"/print/pairings?round=1", "/print/pairings?by=table", "/print/slips", "/print/standings",
		"/print/bracket", "/print/registration", "/export", "/standings.csv"}
	for _, p := range pages {
		expectStatus(t, "organiser "+p, org.get(f.path+p), http.StatusOK)
		r := anon.get(f.path + p)
		if r.status != http.StatusSeeOther || !strings.HasPrefix(r.location, "/login") {
			t.Errorf("anonymous %s: %d to %q, want the sign-in page", p, r.status, r.location)
		}
		expectStatus(t, "judge "+p, judge.get(f.path+p), http.StatusForbidden)
	}
	expectStatus(t, "judge import form", judge.get("/events/import"), http.StatusForbidden)
	r := anon.get("/events/import")
	if r.status != http.StatusSeeOther {
		t.Errorf("anonymous import form: %d", r.status)
	}
	// The judge's POST carries a valid CSRF token and is still refused.
	expectStatus(t, "judge import", judge.post("/account", "/events/import", url.Values{}), http.StatusForbidden)
	expectStatus(t, "unknown event", org.get("/events/999999/print/standings"), http.StatusNotFound)
	// An import without the form's CSRF token is refused, even for an organiser.
	expectStatus(t, "import without CSRF", org.postRaw("/events/import", url.Values{}), http.StatusForbidden)
}

// Every link of the organiser's tools box leads to a working page.
func TestPrintEventToolsLinksWork(t *testing.T) {
	t.Parallel()
	a := newApp(t)
	org := a.organiser()
	f := pfNewEvent(t, a, org, "Links Cup", "Ann", "Bo", "Cy")
	ms := pfRound(t, a, f, 1, storage.KindSwiss, [][2]string{{"Ann", "Bo"}, {"Cy", ""}})
	pfResult(t, a, f, ms[0], storage.ResultInput{Result: storage.ResultP1, P1Wins: 2})
	var buf bytes.Buffer
	if err := views.EventToolsLinks(f.id).Render(context.Background(), &buf); err != nil {
		t.Fatal(err)
	}
	links := regexp.MustCompile(`href="([^"]+)"`).FindAllStringSubmatch(buf.String(), -1)
	if len(links) < 10 {
		t.Fatalf("%d links in the tools box:\n%s", len(links), buf.String())
	}
	for _, l := range links {
		p := html.UnescapeString(l[1])
		expectStatus(t, p, org.get(p), http.StatusOK)
	}
}

// Issue 30, point 6: a draft's registration page is not found, so its
// poster is not offered: the sheet says why and prints no link or QR code
// a phone could scan. Once registration opens, the poster is there.
func TestDraftOffersNoRegistrationPoster(t *testing.T) {
	t.Parallel()
	a := newApp(t)
	org := a.organiser()
	form := eventForm("Draft Cup")
	form.Set("status", storage.StatusDraft)
	id := createEventWith(t, org, form)
	path := "/events/" + strconv.FormatInt(id, 10)
	if ev, _ := a.store.EventByID(context.Background(), id); ev.Status != storage.StatusDraft {
		t.Fatalf("the event is %s, not a draft", ev.Status)
	}
	r := org.get(path + "/print/registration")
	expectStatus(t, "draft's poster", r, http.StatusConflict)
	if !strings.Contains(r.body, `data-testid="poster-draft">This event is still a draft`) ||
		strings.Contains(r.body, path+"/register") || strings.Contains(r.body, "<svg") {
		t.Fatalf("a draft's poster is offered:\n%s", excerpt(r.body))
	}
	ev, _ := a.store.EventByID(context.Background(), id)
	ev.Status = storage.StatusRegistration
	if err := a.store.UpdateEvent(context.Background(), pfActor, ev); err != nil {
		t.Fatal(err)
	}
	r = org.get(path + "/print/registration")
	expectStatus(t, "poster once registration is open", r, http.StatusOK)
	if !strings.Contains(r.body, "<code>"+a.srv.URL+path+"/register</code>") || strings.Contains(r.body, "still a draft") {
		t.Fatalf("the open event's poster:\n%s", excerpt(r.body))
	}
	expectStatus(t, "the poster's link", a.browser().get(path+"/register"), http.StatusOK)
}
