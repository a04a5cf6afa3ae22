package server_test

import (
	"context"
	"net/http"
	"net/url"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/tenkaichi-org/tenkaichi/storage"
	"github.com/tenkaichi-org/tenkaichi/storage/accounts"
)

func eventForm(name string) url.Values {
	return url.Values{
		"name": {name}, "game": {"fusion-world"}, "format": {"fw-standard"}, "date": {"2026-12-20"},
		"venue": {"Kame House Games"}, "round_minutes": {"35"}, "swiss_rounds": {""}, "top_cut_size": {"8"},
		"top_cut_best_of": {"3"}, "status": {"registration"}, "player_cap": {"64"}, "self_registration": {"on"}, "intentional_draws": {"on"},
		"end_of_round": {"draw"}, "extra_turns": {"3"}, "tiebreakers": {"bandai"},
		"points_win": {"3"}, "points_draw": {"1"}, "points_loss": {"0"}, "points_bye": {"3"},
	}
}

var eventPath = regexp.MustCompile(`^/events/(\d+)$`)

func createEvent(t *testing.T, b *browser, name string) int64 {
	t.Helper()
	return createEventWith(t, b, eventForm(name))
}

// createEventWith creates an event from the form f through the event form.
func createEventWith(t *testing.T, b *browser, f url.Values) int64 {
	t.Helper()
	r := b.post("/events/new", "/events", f)
	m := eventPath.FindStringSubmatch(r.location)
	if r.status != http.StatusSeeOther || m == nil {
		t.Fatalf("create event: %d to %q\n%s", r.status, r.location, excerpt(r.body))
	}
	id, _ := strconv.ParseInt(m[1], 10, 64)
	return id
}

func TestEventCreateEditDeleteIsAudited(t *testing.T) {
	t.Parallel()
	a := newApp(t)
	org := a.organiser()
	ctx := context.Background()
	id := createEvent(t, org, "Winter Regional")
	ev, err := a.store.EventByID(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	if ev.Name != "Winter Regional" || ev.Date() != "2026-12-20" || ev.RoundMinutes != 35 || ev.SwissRounds != nil ||
		ev.TopCutSize != 8 || ev.TopCutBestOf != 3 || ev.Status != storage.StatusRegistration || ev.Seed == 0 ||
		ev.PlayerCap == nil || *ev.PlayerCap != 64 || !ev.SelfRegistration || ev.PointsWin != 3 || ev.PointsBye != 3 || ev.Tiebreakers != "bandai" {
		t.Fatalf("stored event: %+v", ev)
	}
	page := org.get("/events/" + strconv.FormatInt(id, 10))
	expectStatus(t, "event page", page, http.StatusOK)
	for _, want := range []string{"Winter Regional", "Kame House Games", "35 minutes", "Set from attendance", "Top 8, best of 3"} {
		if !strings.Contains(page.body, want) {
			t.Errorf("event page lacks %q", want)
		}
	}

	edit := eventForm("Winter Regional Championship")
	edit.Set("version", strconv.Itoa(ev.Version))
	edit.Set("swiss_rounds", "5")
	edit.Set("round_minutes", "40")
	edit.Del("self_registration") // unticked
	edit.Set("points_draw", "0")
	path := "/events/" + strconv.FormatInt(id, 10)
	expectRedirect(t, "edit event", org.post(path+"/edit", path, edit), path)
	ev, _ = a.store.EventByID(ctx, id)
	if ev.Name != "Winter Regional Championship" || ev.SwissRounds == nil || *ev.SwissRounds != 5 || ev.RoundMinutes != 40 || ev.Version != 2 ||
		ev.SelfRegistration || ev.PointsDraw != 0 {
		t.Fatalf("after edit: %+v", ev)
	}

	expectRedirect(t, "delete event", org.post(path+"/delete", path+"/delete", nil), "/events")
	expectStatus(t, "deleted event page", org.get(path), http.StatusNotFound)

	log, err := a.store.AuditLogFor(ctx, "event", id)
	if err != nil {
		t.Fatal(err)
	}
	if len(log) != 3 {
		t.Fatalf("audit rows: %d, want 3 (create, update, delete)", len(log))
	}
	for i, action := range []string{"delete", "update", "create"} {
		if log[i].Action != action || log[i].Actor != "org" || log[i].UserID == nil {
			t.Errorf("audit row %d: %+v, want %s by org", i, log[i], action)
		}
	}
	if !strings.Contains(log[1].BeforeJSON, `"name":"Winter Regional"`) || !strings.Contains(log[1].AfterJSON, `"name":"Winter Regional Championship"`) {
		t.Errorf("update audit before/after: %s -> %s", log[1].BeforeJSON, log[1].AfterJSON)
	}
	if log[0].BeforeJSON == "" || log[0].AfterJSON != "" {
		t.Errorf("delete audit keeps before only: %q / %q", log[0].BeforeJSON, log[0].AfterJSON)
	}
}

func TestEventFormRejectsBadFields(t *testing.T) {
	t.Parallel()
	a := newApp(t)
	org := a.organiser()
	cases := []struct {
		field, value, message string
	}{
		{"name", "", "Give the event a name."},
		{"game", "pokemon", "Choose a game from the list."},
		{"format", "vintage", "Choose a format of Dragon Ball Super Card Game Fusion World: Standard, Draft, Sealed."},
		{"date", "20/12/2026", "Give the date as YYYY-MM-DD"},
		{"round_minutes", "thirty", "Give the round length as a whole number"},
		{"round_minutes", "0", "Give the round length as a whole number"},
		{"swiss_rounds", "-1", "Give a number of rounds from 1 to 20"},
		{"top_cut_size", "1", "A top cut needs at least 2 players"},
		{"top_cut_best_of", "2", "Choose best of one, three or five."},
		{"status", "paused", "Choose a status from the list."},
		{"player_cap", "1", "Give a cap from 2 to 10000 players"},
		{"end_of_round", "coin-flip", "Choose what happens at time from the list."},
		{"tiebreakers", "vibes", "Choose tiebreakers from the list."},
		{"points_win", "1", "A win must be worth more than a draw"},
		{"points_bye", "eleven", "Give points as a whole number"},
	}
	for _, tc := range cases {
		t.Run(tc.field+"="+tc.value, func(t *testing.T) {
			f := eventForm("Bad " + tc.field)
			f.Set(tc.field, tc.value)
			r := org.post("/events/new", "/events", f)
			expectStatus(t, "bad "+tc.field, r, http.StatusUnprocessableEntity)
			if !strings.Contains(r.body, tc.message) {
				t.Errorf("no message %q in\n%s", tc.message, excerpt(r.body))
			}
			if !strings.Contains(r.body, `id="`+tc.field+`-error"`) {
				t.Errorf("message not attached to field %s", tc.field)
			}
		})
	}
	if es, _ := a.store.Events(context.Background()); len(es) != 0 {
		t.Fatalf("bad forms created %d events", len(es))
	}
}

func TestStaleEventEditIsAConflict(t *testing.T) {
	t.Parallel()
	a := newApp(t)
	org := a.organiser()
	id := createEvent(t, org, "Store Cup")
	path := "/events/" + strconv.FormatInt(id, 10)
	first := eventForm("Store Cup")
	first.Set("version", "1")
	first.Set("venue", "Hall A")
	second := eventForm("Store Cup")
	second.Set("version", "1") // loaded before the first save
	second.Set("venue", "Hall B")
	expectRedirect(t, "first save", org.post(path+"/edit", path, first), path)
	r := org.post(path+"/edit", path, second)
	expectStatus(t, "stale save", r, http.StatusConflict)
	if !strings.Contains(r.body, "Someone else saved this event") || !strings.Contains(r.body, `value="Hall B"`) {
		t.Errorf("conflict page should explain and keep the typed values:\n%s", excerpt(r.body))
	}
	ev, _ := a.store.EventByID(context.Background(), id)
	if ev.Venue != "Hall A" {
		t.Fatalf("stale edit overwrote the venue: %q", ev.Venue)
	}
}

func TestUnknownIDsAre404(t *testing.T) {
	t.Parallel()
	a := newApp(t)
	org := a.organiser()
	for _, p := range []string{"/events/999", "/events/abc", "/events/999/edit", "/events/0/delete", "/nowhere"} {
		expectStatus(t, p, org.get(p), http.StatusNotFound)
	}
	r := org.post("/events/new", "/events/999", eventForm("Ghost"))
	expectStatus(t, "edit unknown event", r, http.StatusNotFound)
}

func TestAuthorisation(t *testing.T) {
	t.Parallel()
	a := newApp(t)
	org := a.organiser()
	id := createEvent(t, org, "Judged Event")
	path := "/events/" + strconv.FormatInt(id, 10)
	judge := a.signedIn("jules", storage.RoleJudge)
	anon := a.browser()

	// Anonymous visitors are sent to sign in for organiser pages.
	for _, p := range []string{"/events", "/events/new", path + "/edit", path + "/delete", "/account"} {
		r := anon.get(p)
		if r.status != http.StatusSeeOther || !strings.HasPrefix(r.location, "/login?next=") {
			t.Errorf("anonymous GET %s: %d to %q, want redirect to login", p, r.status, r.location)
		}
	}
	// A judge is signed in but may not change events.
	for _, p := range []string{"/events", "/events/new", path + "/edit", path + "/delete"} {
		expectStatus(t, "judge GET "+p, judge.get(p), http.StatusForbidden)
	}
	f := eventForm("Hijacked")
	f.Set("version", "1")
	expectStatus(t, "judge edits event", judge.post("/account", path, f), http.StatusForbidden)
	expectStatus(t, "judge deletes event", judge.post("/account", path+"/delete", nil), http.StatusForbidden)
	expectStatus(t, "judge creates event", judge.post("/account", "/events", eventForm("Judge's own")), http.StatusForbidden)
	ev, _ := a.store.EventByID(context.Background(), id)
	if ev.Name != "Judged Event" {
		t.Fatalf("judge changed the event: %q", ev.Name)
	}
	// Anyone may read a public event page; only organisers see edit links and the audit log.
	for who, b := range map[string]*browser{"anonymous": anon, "judge": judge} {
		r := b.get(path)
		expectStatus(t, who+" reads event", r, http.StatusOK)
		if strings.Contains(r.body, `data-testid="audit"`) || strings.Contains(r.body, path+"/edit") {
			t.Errorf("%s sees organiser controls", who)
		}
	}
	if r := org.get(path); !strings.Contains(r.body, `data-testid="audit"`) {
		t.Error("organiser does not see the audit log")
	}
}

func TestDraftEventsArePrivate(t *testing.T) {
	t.Parallel()
	a := newApp(t)
	org := a.organiser()
	f := eventForm("Secret Draft")
	f.Set("status", "draft")
	r := org.post("/events/new", "/events", f)
	path := r.location
	id, _ := strconv.ParseInt(strings.TrimPrefix(path, "/events/"), 10, 64)
	judge := a.signedIn("jules", storage.RoleJudge)
	other := a.signedIn("kim", storage.RoleJudge)
	anon := a.browser()
	expectStatus(t, "anonymous reads draft", anon.get(path), http.StatusNotFound)
	expectStatus(t, "unattached judge reads draft", judge.get(path), http.StatusNotFound)
	if strings.Contains(anon.get("/").body, "Secret Draft") {
		t.Error("draft listed on the home page")
	}
	// Attach one judge: that judge may read it, the other still may not.
	u, _ := accounts.New(a.store).UserByUsername(context.Background(), "jules")
	expectRedirect(t, "attach judge", org.post(path, path+"/judges", url.Values{"user_id": {strconv.FormatInt(u.ID, 10)}}), path)
	if ok, _ := a.store.IsEventJudge(context.Background(), id, u.ID); !ok {
		t.Fatal("judge not attached")
	}
	expectStatus(t, "attached judge reads draft", judge.get(path), http.StatusOK)
	expectStatus(t, "other judge reads draft", other.get(path), http.StatusNotFound)
	// Only judge accounts can be attached.
	orgUser, _ := accounts.New(a.store).UserByUsername(context.Background(), "org")
	expectStatus(t, "attach organiser as judge", org.post(path, path+"/judges", url.Values{"user_id": {strconv.FormatInt(orgUser.ID, 10)}}), http.StatusUnprocessableEntity)
}

func TestHomeListsPublicEvents(t *testing.T) {
	t.Parallel()
	a := newApp(t)
	org := a.organiser()
	createEvent(t, org, "Open Championship")
	r := a.browser().get("/")
	expectStatus(t, "home", r, http.StatusOK)
	if !strings.Contains(r.body, "Open Championship") {
		t.Errorf("home does not list the open event:\n%s", excerpt(r.body))
	}
}

func TestHealthz(t *testing.T) {
	t.Parallel()
	a := newApp(t)
	expectStatus(t, "healthz", a.browser().get("/healthz"), http.StatusOK)
	a.store.Close()
	expectStatus(t, "healthz with database closed", a.browser().get("/healthz"), http.StatusServiceUnavailable)
}

func TestStaticAssetsAreEmbedded(t *testing.T) {
	t.Parallel()
	a := newApp(t)
	a.organiser()
	page := a.browser().get("/login")
	m := regexp.MustCompile(`href="(/static/[0-9a-f]+/app\.css)"`).FindStringSubmatch(page.body)
	if m == nil {
		t.Fatal("no stylesheet link")
	}
	css := a.browser().get(m[1])
	expectStatus(t, "stylesheet", css, http.StatusOK)
	if !strings.Contains(css.body, "@media print") {
		t.Error("stylesheet has no print rules")
	}
	expectStatus(t, "old asset hash", a.browser().get("/static/000000000000/app.css"), http.StatusNotFound)
	expectStatus(t, "path escape", a.browser().get(strings.Replace(m[1], "app.css", "..%2f..%2fgo.mod", 1)), http.StatusNotFound)
}
