package server_test

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/tenkaichi-org/tenkaichi/rules"
	"github.com/tenkaichi-org/tenkaichi/storage"
	"github.com/tenkaichi-org/tenkaichi/storage/accounts"
	"github.com/tenkaichi-org/tenkaichi/storage/carddata"
	"github.com/tenkaichi-org/tenkaichi/storage/decklists"
	"github.com/tenkaichi-org/tenkaichi/storage/judging"
)

var playerLinkRe = regexp.MustCompile(`data-testid="player-link">[^<]*?(/p/[A-Za-z0-9_-]+)<`)

// dayEvent is a running event with players added at the counter.
type dayEvent struct {
	t     *testing.T
	a     *app
	org   *browser
	id    int64
	path  string
	links map[string]string // player name -> /p/... path
	ids   map[string]int64
}

func newDayEvent(t *testing.T, a *app, org *browser, topCut string, players ...string) *dayEvent {
	t.Helper()
	f := eventForm("Saturday Cup")
	f.Set("top_cut_size", topCut)
	f.Set("player_cap", "")
	id := createEvent(t, org, f.Get("name"))
	// createEvent used the default form; apply the top cut.
	ev, _ := a.store.EventByID(context.Background(), id)
	ev.TopCutSize, _ = strconv.Atoi(topCut)
	if err := a.store.UpdateEvent(context.Background(), storage.Actor{Name: "test"}, ev); err != nil {
		t.Fatal(err)
	}
	d := &dayEvent{t: t, a: a, org: org, id: id, path: "/events/" + strconv.FormatInt(id, 10), links: map[string]string{}, ids: map[string]int64{}}
	for _, name := range players {
		d.addPlayer(name)
	}
	return d
}

// addPlayer adds a player without a member number at the counter.
func (d *dayEvent) addPlayer(name string) {
	d.t.Helper()
	d.addMember(name, "")
}

// addMember adds a player at the counter with their member number (none
// when member is empty) and keeps their phone link, as the organiser hands
// it out.
func (d *dayEvent) addMember(name, member string) {
	d.t.Helper()
	form := url.Values{"player_name": {name}, "entered_round": {"1"}}
	if member != "" {
		form.Set("member_id", member)
	}
	r := d.org.post(d.path+"/players", d.path+"/players", form)
	if r.status != http.StatusSeeOther {
		d.t.Fatalf("add %s: %d\n%s", name, r.status, excerpt(r.body))
	}
	// The counter stays on the Players page; the new player's link is one
	// click away.
	const back = "/players?added="
	if !strings.Contains(r.location, back) {
		d.t.Fatalf("add %s: redirected to %s", name, r.location)
	}
	id, _ := strconv.ParseInt(r.location[strings.Index(r.location, back)+len(back):], 10, 64)
	detail := d.path + "/players/" + strconv.FormatInt(id, 10)
	page := d.org.get(detail)
	m := playerLinkRe.FindStringSubmatch(page.body)
	if m == nil {
		d.t.Fatalf("no player link on %s:\n%s", detail, excerpt(page.body))
	}
	d.links[name] = m[1]
	d.ids[name] = id
}

// phone is a player's browser holding their link.
func (d *dayEvent) phone(name string) *browser { return d.a.browser() }

func (d *dayEvent) report(b *browser, name, result string) response {
	d.t.Helper()
	link := d.links[name]
	page := b.get(link)
	m := regexp.MustCompile(`name="match" value="(\d+)"`).FindStringSubmatch(page.body)
	if m == nil {
		d.t.Fatalf("%s has no match to report:\n%s", name, excerpt(page.body))
	}
	return b.post(link, link+"/report", url.Values{"match": {m[1]}, "result": {result}})
}

func (d *dayEvent) pairAndPublish(n int) {
	d.t.Helper()
	r := d.org.post(d.path+"/rounds", d.path+"/rounds", url.Values{"decks_ok": {"1"}})
	want := fmt.Sprintf("%s/rounds/%d", d.path, n)
	expectRedirect(d.t, "pair round", r, want)
	expectRedirect(d.t, "publish", d.org.post(want, want+"/publish", nil), want)
}

func importCards(t *testing.T, a *app) {
	t.Helper()
	cards, err := rules.ReadCardsFile("../testdata/fusion-world-cards.json")
	if err != nil {
		t.Fatal(err)
	}
	if err := carddata.New(a.store).ImportCards(context.Background(), storage.Actor{Name: "test"}, cards, nil); err != nil {
		t.Fatal(err)
	}
}

func TestPlayerDeckSubmissionShowsEveryProblem(t *testing.T) {
	t.Parallel()
	a := newApp(t)
	org := a.organiser()
	importCards(t, a)
	d := newDayEvent(t, a, org, "0", "Ann")
	ann := d.phone("Ann")
	link := d.links["Ann"]
	home := ann.get(link)
	expectStatus(t, "player page", home, http.StatusOK)
	if !strings.Contains(home.body, `data-testid="deck-status">Missing`) {
		t.Fatalf("new player's deck is not missing:\n%s", excerpt(home.body))
	}
	deck := string(fixture(t, "decklists/fs01-starter-son-goku.txt"))
	bad := deck + "\n4 FB01-056\n"
	// Saving redirects (post/redirect/get) to the page, which shows every
	// problem with its line and says the list was saved but is not legal.
	expectRedirect(t, "illegal deck", ann.post(link, link+"/deck", url.Values{"deck": {bad}}), link)
	r := ann.get(link)
	if !strings.Contains(r.body, "This deck is not legal") || !strings.Contains(r.body, "banned") || !strings.Contains(r.body, "Line ") ||
		!strings.Contains(r.body, "Decklist saved, not legal: ") {
		t.Fatalf("problems not shown with their lines:\n%s", excerpt(r.body))
	}
	r = ann.post(link, link+"/deck", url.Values{"deck": {"4 FS01-03\nnot a card\n"}})
	expectStatus(t, "unreadable deck", r, http.StatusUnprocessableEntity)
	if !strings.Contains(r.body, "line 2") {
		t.Fatalf("unreadable line not named:\n%s", excerpt(r.body))
	}
	expectRedirect(t, "legal deck", ann.post(link, link+"/deck", url.Values{"deck": {deck}}), link)
	r = ann.get(link)
	if !strings.Contains(r.body, "This deck is legal.") || !strings.Contains(r.body, "Decklist saved: it is legal.") {
		t.Fatalf("fixed deck not legal:\n%s", excerpt(r.body))
	}
	en, _ := a.store.EntryByID(context.Background(), d.id, d.ids["Ann"])
	if en.DeckStatus != storage.DeckLegal || en.DeckLeader == "" {
		t.Fatalf("stored deck: status %s leader %q", en.DeckStatus, en.DeckLeader)
	}
	// Locked lists cannot change from the phone.
	expectRedirect(t, "lock", org.post(d.path+"/decks", d.path+"/decks/settings", url.Values{"action": {"lock"}}), d.path+"/decks")
	r = ann.post(link, link+"/deck", url.Values{"deck": {bad}})
	expectStatus(t, "deck after lock", r, http.StatusConflict)
	en, _ = a.store.EntryByID(context.Background(), d.id, d.ids["Ann"])
	if en.DeckStatus != storage.DeckLegal {
		t.Fatal("a locked deck changed")
	}
	decks := org.get(d.path + "/decks")
	if !strings.Contains(decks.body, "1 legal · 0 not legal · 0 missing") {
		t.Fatalf("deck overview counts:\n%s", excerpt(decks.body))
	}
}

func TestSwissRoundReportsConfirmAndDispute(t *testing.T) {
	t.Parallel()
	a := newApp(t)
	org := a.organiser()
	d := newDayEvent(t, a, org, "0", "Ann", "Ben", "Cat", "Dan", "Eve")
	d.pairAndPublish(1)
	ctx := context.Background()
	r1, _ := a.store.RoundByNumber(ctx, d.id, 1)
	ms, _ := a.store.Matches(ctx, r1.ID)
	if len(ms) != 3 {
		t.Fatalf("5 players: %d matches, want 2 and a bye", len(ms))
	}
	opponent := map[string]string{}
	names := map[int64]string{}
	for n, id := range d.ids {
		names[id] = n
	}
	bye := ""
	for _, m := range ms {
		if m.P2EntryID == nil {
			bye = names[m.P1EntryID]
			continue
		}
		opponent[names[m.P1EntryID]] = names[*m.P2EntryID]
		opponent[names[*m.P2EntryID]] = names[m.P1EntryID]
	}
	if bye == "" {
		t.Fatal("no bye with 5 players")
	}
	var first, second string
	for n := range opponent {
		first, second = n, opponent[n]
		break
	}
	p1, p2 := d.phone(first), d.phone(second)
	home := p1.get(d.links[first])
	if !strings.Contains(home.body, `data-testid="my-opponent">`+second) {
		t.Fatalf("%s's page does not show opponent %s:\n%s", first, second, excerpt(home.body))
	}
	// Report, repeat (no change), confirm.
	expectRedirect(t, "report", d.report(p1, first, "won"), d.links[first])
	expectRedirect(t, "same report again", d.report(p1, first, "won"), d.links[first])
	page := p2.get(d.links[second])
	if !strings.Contains(page.body, `data-testid="confirm"`) {
		t.Fatalf("opponent is not asked to confirm:\n%s", excerpt(page.body))
	}
	m := regexp.MustCompile(`name="match" value="(\d+)"`).FindStringSubmatch(page.body)
	res := regexp.MustCompile(`name="result" value="(p[12])"`).FindStringSubmatch(page.body)
	r := p2.post(d.links[second], d.links[second]+"/report", url.Values{"match": {m[1]}, "result": {res[1]}, "games": {"same"}})
	expectRedirect(t, "confirm", r, d.links[second])
	page = p2.get(d.links[second])
	if !strings.Contains(page.body, `data-testid="final-result">You lost`) {
		t.Fatalf("confirmed result not shown to the loser:\n%s", excerpt(page.body))
	}
	// The winner's page shows the new standing (from the standings cache, which
	// the result must have invalidated).
	if page := p1.get(d.links[first]); !strings.Contains(page.body, "3 points (1-0-0)") {
		t.Fatalf("winner's standing not updated:\n%s", excerpt(page.body))
	}
	// The other table disagrees: disputed, and a judge is called.
	var third, fourth string
	for n, o := range opponent {
		if n != first && n != second {
			third, fourth = n, o
		}
	}
	d.report(d.phone(third), third, "won")
	d.report(d.phone(fourth), fourth, "won")
	calls := org.get(d.path + "/calls")
	if !strings.Contains(calls.body, "The players reported different results.") {
		t.Fatalf("dispute not in the judge queue:\n%s", excerpt(calls.body))
	}
	// A player's link acts for that player only: reporting another match is refused.
	firstMatch := strconv.FormatInt(mustMatchOf(t, a, d.id, d.ids[first]), 10)
	r = d.phone(third).post(d.links[third], d.links[third]+"/report", url.Values{"match": {firstMatch}, "result": {"won"}})
	expectStatus(t, "report for someone else's match", r, http.StatusForbidden)
	// The organiser settles the dispute; the round is complete.
	round := org.get(d.path + "/rounds/1")
	if !strings.Contains(round.body, `data-testid="outstanding">1 result missing<`) {
		t.Fatalf("outstanding count:\n%s", excerpt(round.body))
	}
	var disputed int64
	ms, _ = a.store.Matches(ctx, r1.ID)
	for _, m := range ms {
		if m.Status == storage.MatchDisputed {
			disputed = m.ID
		}
	}
	rr := org.post(d.path+"/rounds/1", fmt.Sprintf("%s/matches/%d/result", d.path, disputed), url.Values{"result": {"draw"}})
	expectBackToRound(t, "organiser result", rr, d.path+"/rounds/1")
	st := a.browser().get(d.path + "/standings")
	expectStatus(t, "public standings", st, http.StatusOK)
	if !strings.Contains(st.body, "OMW%") || !strings.Contains(st.body, first) || !strings.Contains(st.body, "After round 1") {
		t.Fatalf("standings:\n%s", excerpt(st.body))
	}
	// Round 2 pairs without a rematch.
	d.pairAndPublish(2)
	r2, _ := a.store.RoundByNumber(ctx, d.id, 2)
	ms2, _ := a.store.Matches(ctx, r2.ID)
	for _, m := range ms2 {
		if m.P2EntryID != nil && opponent[names[m.P1EntryID]] == names[*m.P2EntryID] {
			t.Fatalf("rematch in round 2: %s v %s", names[m.P1EntryID], names[*m.P2EntryID])
		}
		if m.P2EntryID == nil && names[m.P1EntryID] == bye {
			t.Fatalf("%s got a second bye", bye)
		}
	}
}

func TestBadPlayerLinksAndCSRF(t *testing.T) {
	t.Parallel()
	a := newApp(t)
	org := a.organiser()
	d := newDayEvent(t, a, org, "0", "Ann", "Ben")
	anon := a.browser()
	expectStatus(t, "wrong link", anon.get("/p/not-a-real-token"), http.StatusNotFound)
	// Posting from the link without the form's token is refused.
	r := anon.postRaw(d.links["Ann"]+"/drop", url.Values{})
	expectStatus(t, "drop without CSRF", r, http.StatusForbidden)
	en, _ := a.store.EntryByID(context.Background(), d.id, d.ids["Ann"])
	if en.DroppedRound != nil {
		t.Fatal("forged drop went through")
	}
	// A new link replaces the old one.
	page := org.get(fmt.Sprintf("%s/players/%d", d.path, d.ids["Ann"]))
	v := regexp.MustCompile(`name="version" value="(\d+)"`).FindStringSubmatch(page.body)[1]
	r = org.post(fmt.Sprintf("%s/players/%d", d.path, d.ids["Ann"]), fmt.Sprintf("%s/players/%d", d.path, d.ids["Ann"]), url.Values{"action": {"new-link"}, "version": {v}})
	if r.status != http.StatusSeeOther {
		t.Fatalf("new link: %d\n%s", r.status, excerpt(r.body))
	}
	expectStatus(t, "old link", anon.get(d.links["Ann"]), http.StatusNotFound)
	// Many wrong links from one address are slowed down.
	var last response
	for i := 0; i < 40; i++ {
		last = anon.get("/p/guess" + strconv.Itoa(i))
	}
	expectStatus(t, "guessing links", last, http.StatusTooManyRequests)
	// A real link from the same address (the venue's Wi-Fi) still works.
	expectStatus(t, "Ben's link after the guessing", a.browser().get(d.links["Ben"]), http.StatusOK)
}

func TestSelfRegistrationWithCapAndWaitlist(t *testing.T) {
	t.Parallel()
	a := newApp(t)
	org := a.organiser()
	f := eventForm("Capped Cup")
	f.Set("player_cap", "2")
	r := org.post("/events/new", "/events", f)
	path := r.location
	for i, name := range []string{"Ann", "Ben", "Cat"} {
		b := a.browser()
		r := b.post(path+"/register", path+"/register", url.Values{"player_name": {name}})
		if r.status != http.StatusSeeOther || !strings.HasPrefix(r.location, "/p/") {
			t.Fatalf("register %s: %d to %q\n%s", name, r.status, r.location, excerpt(r.body))
		}
		home := b.get(r.location)
		waitlisted := strings.Contains(home.body, "You are on the waitlist")
		if waitlisted != (i == 2) {
			t.Errorf("%s waitlisted = %v", name, waitlisted)
		}
	}
	bad := a.browser().post(path+"/register", path+"/register", url.Values{"player_name": {"  "}})
	expectStatus(t, "blank name", bad, http.StatusUnprocessableEntity)
	if !strings.Contains(bad.body, `id="player_name-error"`) {
		t.Error("blank name not reported on the field")
	}
}

func TestJudgeOfAnotherEventIsRefused(t *testing.T) {
	t.Parallel()
	a := newApp(t)
	org := a.organiser()
	d := newDayEvent(t, a, org, "0", "Ann", "Ben")
	d.pairAndPublish(1)
	other := createEvent(t, org, "Other Event")
	judge := a.signedIn("jules", storage.RoleJudge)
	u, _ := accounts.New(a.store).UserByUsername(context.Background(), "jules")
	if err := a.store.AddEventJudge(context.Background(), storage.Actor{Name: "t"}, other, u.ID); err != nil {
		t.Fatal(err)
	}
	expectStatus(t, "other event's round", judge.get(d.path+"/rounds/1"), http.StatusForbidden)
	expectStatus(t, "other event's penalties", judge.get(d.path+"/penalties"), http.StatusForbidden)
	r := judge.post("/account", d.path+"/penalties", url.Values{"entry_id": {strconv.FormatInt(d.ids["Ann"], 10)}, "kind": {"warning"}, "infraction": {"Slow play"}})
	expectStatus(t, "penalty in another event", r, http.StatusForbidden)
	// Attached to this event, the judge may enter results but not pair.
	if err := a.store.AddEventJudge(context.Background(), storage.Actor{Name: "t"}, d.id, u.ID); err != nil {
		t.Fatal(err)
	}
	expectStatus(t, "own event's round", judge.get(d.path+"/rounds/1"), http.StatusOK)
	expectStatus(t, "judge pairs", judge.post(d.path+"/rounds", d.path+"/rounds", nil), http.StatusForbidden)
	r = judge.post(d.path+"/penalties", d.path+"/penalties", url.Values{"entry_id": {strconv.FormatInt(d.ids["Ann"], 10)}, "kind": {"match-loss"}, "infraction": {"Marked cards"}})
	expectRedirect(t, "judge gives a match loss", r, d.path+"/penalties")
	m, err := a.store.MatchByID(context.Background(), d.id, mustMatchOf(t, a, d.id, d.ids["Ann"]))
	if err != nil || m.Status != storage.MatchConfirmed || m.Side(d.ids["Ann"]) == m.Result {
		t.Fatalf("match loss not applied: %+v %v", m, err)
	}
}

func mustMatchOf(t *testing.T, a *app, eventID, entryID int64) int64 {
	t.Helper()
	r, err := a.store.RoundByNumber(context.Background(), eventID, 1)
	if err != nil {
		t.Fatal(err)
	}
	ms, _ := a.store.Matches(context.Background(), r.ID)
	for _, m := range ms {
		if m.Side(entryID) != "" {
			return m.ID
		}
	}
	t.Fatal("no match")
	return 0
}

func TestEditPairingAndExtension(t *testing.T) {
	t.Parallel()
	a := newApp(t)
	org := a.organiser()
	d := newDayEvent(t, a, org, "0", "Ann", "Ben", "Cat", "Dan")
	d.pairAndPublish(1)
	ctx := context.Background()
	r1, _ := a.store.RoundByNumber(ctx, d.id, 1)
	ms, _ := a.store.Matches(ctx, r1.ID)
	a1, b1 := ms[0].P1EntryID, *ms[0].P2EntryID
	a2, b2 := ms[1].P1EntryID, *ms[1].P2EntryID
	path := func(m storage.Match, what string) string { return fmt.Sprintf("%s/matches/%d/%s", d.path, m.ID, what) }
	id := func(n int64) string { return strconv.FormatInt(n, 10) }
	// Without a reason: refused, nothing changes.
	r := org.post(d.path+"/rounds/1", path(ms[0], "pairing"), url.Values{"p1": {id(a1)}, "p2": {id(a2)}})
	expectStatus(t, "pairing change without reason", r, http.StatusUnprocessableEntity)
	// Swap opponents between the two tables, with a reason.
	expectRedirect(t, "change table 1", org.post(d.path+"/rounds/1", path(ms[0], "pairing"), url.Values{"p1": {id(a1)}, "p2": {id(a2)}, "reason": {"same household"}}), d.path+"/rounds/1")
	expectRedirect(t, "change table 2", org.post(d.path+"/rounds/1", path(ms[1], "pairing"), url.Values{"p1": {id(b1)}, "p2": {id(b2)}, "reason": {"same household"}}), d.path+"/rounds/1")
	m, _ := a.store.MatchByID(ctx, d.id, ms[0].ID)
	if *m.P2EntryID != a2 || m.Note != "same household" {
		t.Fatalf("table 1 after change: %+v", m)
	}
	log, _ := a.store.AuditLogFor(ctx, "match", ms[0].ID)
	if len(log) == 0 || log[0].Action != "edit-pairing" || !strings.Contains(log[0].AfterJSON, "same household") {
		t.Fatalf("pairing change not audited with its reason: %+v", log)
	}
	// A judge's extension for one table.
	expectRedirect(t, "extend", org.post(d.path+"/rounds/1", path(ms[1], "extend"), url.Values{"minutes": {"3"}}), d.path+"/rounds/1")
	m, _ = a.store.MatchByID(ctx, d.id, ms[1].ID)
	if m.ExtensionSeconds != 180 {
		t.Fatalf("extension = %d s", m.ExtensionSeconds)
	}
	r = org.post(d.path+"/rounds/1", path(ms[1], "extend"), url.Values{"minutes": {"90"}})
	expectStatus(t, "extension too long", r, http.StatusUnprocessableEntity)
	// Once the clock runs, the page states the event's end-of-round procedure.
	expectRedirect(t, "start clock", org.post(d.path+"/rounds/1", d.path+"/rounds/1/clock", url.Values{"action": {"start"}}), d.path+"/rounds/1")
	if page := org.get(d.path + "/rounds/1"); !strings.Contains(page.body, "then 3 more turns are played; a game still unfinished is a draw") {
		t.Fatalf("end-of-round procedure not shown:\n%s", excerpt(page.body))
	}
}

func TestDecklistDeadlineAndPublishing(t *testing.T) {
	t.Parallel()
	a := newApp(t)
	org := a.organiser()
	importCards(t, a)
	d := newDayEvent(t, a, org, "0", "Ann")
	deck := string(fixture(t, "decklists/fs01-starter-son-goku.txt"))
	ann := d.phone("Ann")
	link := d.links["Ann"]
	ann.post(link, link+"/deck", url.Values{"deck": {deck}})
	// Private until published.
	expectStatus(t, "lists before publishing", a.browser().get(d.path+"/decklists"), http.StatusNotFound)
	expectStatus(t, "lists for the organiser", org.get(d.path+"/decklists"), http.StatusOK)
	expectRedirect(t, "publish lists", org.post(d.path+"/decks", d.path+"/decks/settings", url.Values{"action": {"publish"}}), d.path+"/decks")
	pub := a.browser().get(d.path + "/decklists")
	if pub.status != http.StatusOK || !strings.Contains(pub.body, "Ann") || !strings.Contains(pub.body, "FS01-") {
		t.Fatalf("published lists: %d\n%s", pub.status, excerpt(pub.body))
	}
	// A deadline in the past closes submissions from phones.
	ev, _ := a.store.EventByID(context.Background(), d.id)
	past := ev.StartsOn.AddDate(-1, 0, 0)
	ev.DeckDeadline = &past
	if err := a.store.UpdateEvent(context.Background(), storage.Actor{Name: "t"}, ev); err != nil {
		t.Fatal(err)
	}
	r := ann.post(link, link+"/deck", url.Values{"deck": {deck + "\n1 FS01-03\n"}})
	expectStatus(t, "deck after the deadline", r, http.StatusConflict)
	if !strings.Contains(r.body, "deadline has passed") {
		t.Fatalf("deadline not explained:\n%s", excerpt(r.body))
	}
}

// In the top cut players report a best of three game by game, with who went
// first; the opponent confirms; the bracket shows the score and the winner.
func TestTopCutGameByGameReports(t *testing.T) {
	t.Parallel()
	a := newApp(t)
	org := a.organiser()
	d := newDayEvent(t, a, org, "2", "Ann", "Ben")
	ev, _ := a.store.EventByID(context.Background(), d.id)
	one := 1
	ev.SwissRounds = &one
	if err := a.store.UpdateEvent(context.Background(), storage.Actor{Name: "t"}, ev); err != nil {
		t.Fatal(err)
	}
	d.pairAndPublish(1)
	d.report(d.phone("Ann"), "Ann", "won")
	d.report(d.phone("Ben"), "Ben", "lost")
	expectRedirect(t, "start top cut", org.post(d.path+"/rounds", d.path+"/topcut", nil), d.path+"/rounds/2")
	expectRedirect(t, "publish cut", org.post(d.path+"/rounds/2", d.path+"/rounds/2/publish", nil), d.path+"/rounds/2")
	ann, ben := d.phone("Ann"), d.phone("Ben")
	page := ann.get(d.links["Ann"])
	if !strings.Contains(page.body, `data-testid="report-games"`) {
		t.Fatalf("no game-by-game form in the top cut:\n%s", excerpt(page.body))
	}
	match := regexp.MustCompile(`name="match" value="(\d+)"`).FindStringSubmatch(page.body)[1]
	// A game after a gap is refused.
	r := ann.post(d.links["Ann"], d.links["Ann"]+"/report", url.Values{"match": {match}, "result": {"games"}, "g1": {"won"}, "g3": {"won"}})
	expectStatus(t, "games with a gap", r, http.StatusUnprocessableEntity)
	// A third game after the match was won is refused.
	r = ann.post(d.links["Ann"], d.links["Ann"]+"/report", url.Values{"match": {match}, "result": {"games"}, "g1": {"won"}, "g2": {"won"}, "g3": {"lost"}})
	expectStatus(t, "game after the match was decided", r, http.StatusUnprocessableEntity)
	games := url.Values{"match": {match}, "result": {"games"}, "g1": {"lost"}, "g1_first": {"me"}, "g2": {"won"}, "g2_first": {"them"}, "g3": {"won"}, "g3_first": {"me"}}
	expectRedirect(t, "Ann reports", ann.post(d.links["Ann"], d.links["Ann"]+"/report", games), d.links["Ann"])
	page = ben.get(d.links["Ben"])
	if !strings.Contains(page.body, "You lost 1–2") {
		t.Fatalf("Ben does not see Ann's report from his side:\n%s", excerpt(page.body))
	}
	confirm := url.Values{"match": {match}, "result": {regexp.MustCompile(`name="result" value="(p[12])"`).FindStringSubmatch(page.body)[1]}, "games": {"same"}}
	expectRedirect(t, "Ben confirms", ben.post(d.links["Ben"], d.links["Ben"]+"/report", confirm), d.links["Ben"])
	st := a.browser().get(d.path + "/standings")
	if c := pfChampion.FindStringSubmatch(st.body); c == nil || pfText(c[1]) != "Ann" ||
		!strings.Contains(pfText(st.body), "1 Ann games won: 2 (advances) 2 Ben games won: 1") {
		t.Fatalf("bracket after the final:\n%s", excerpt(st.body))
	}
}

// Two phones reporting different results at the same instant over HTTP:
// both requests succeed or are refused cleanly, and the match ends in one
// outcome with both reports stored.
func TestRacingReportsOverHTTP(t *testing.T) {
	t.Parallel()
	a := newApp(t)
	org := a.organiser()
	d := newDayEvent(t, a, org, "0", "Ann", "Ben")
	d.pairAndPublish(1)
	matchID := strconv.FormatInt(mustMatchOf(t, a, d.id, d.ids["Ann"]), 10)
	ann, ben := d.phone("Ann"), d.phone("Ben")
	// Fetch both forms first, so the two posts can leave together.
	tok := func(b *browser, link string) string {
		return csrfInput.FindStringSubmatch(b.get(link).body)[1]
	}
	annTok, benTok := tok(ann, d.links["Ann"]), tok(ben, d.links["Ben"])
	results := make(chan int, 2)
	start := make(chan struct{})
	for _, p := range []struct {
		b      *browser
		link   string
		tok    string
		result string
	}{{ann, d.links["Ann"], annTok, "won"}, {ben, d.links["Ben"], benTok, "won"}} {
		go func() {
			<-start
			results <- p.b.postRaw(p.link+"/report", url.Values{"_csrf": {p.tok}, "match": {matchID}, "result": {p.result}}).status
		}()
	}
	close(start)
	for i := 0; i < 2; i++ {
		if st := <-results; st != http.StatusSeeOther {
			t.Fatalf("racing report answered %d", st)
		}
	}
	id, _ := strconv.ParseInt(matchID, 10, 64)
	m, _ := a.store.MatchByID(context.Background(), d.id, id)
	reps, _ := a.store.Reports(context.Background(), id)
	if m.Status != storage.MatchDisputed || len(reps) != 2 {
		t.Fatalf("after racing reports: status %s with %d reports", m.Status, len(reps))
	}
	calls, _ := judging.New(a.store).JudgeCalls(context.Background(), d.id)
	if len(calls) != 1 {
		t.Fatalf("%d judge calls for one dispute", len(calls))
	}
}

func TestRoundsPageNamesPlayersNotCheckedIn(t *testing.T) {
	t.Parallel()
	a := newApp(t)
	org := a.organiser()
	d := newDayEvent(t, a, org, "0", "Ann", "Ben")
	page := org.get(d.path + "/players")
	v := regexp.MustCompile(`name="version" value="(\d+)"`).FindStringSubmatch(page.body)[1]
	// Check in Ann (the first row of the list).
	r := org.post(d.path+"/players", fmt.Sprintf("%s/players/%d", d.path, d.ids["Ann"]), url.Values{"action": {"checkin"}, "version": {v}})
	expectRedirect(t, "check in", r, d.path+"/players")
	rounds := org.get(d.path + "/rounds")
	m := regexp.MustCompile(`(?s)data-testid="not-checked-in">.*?</div>`).FindString(rounds.body)
	if !strings.Contains(m, "Ben") || strings.Contains(m, "Ann") {
		t.Fatalf("not-checked-in list: %q", m)
	}
	d.pairAndPublish(1)
	if strings.Contains(org.get(d.path+"/rounds").body, "not-checked-in") {
		t.Error("the check-in reminder stays after round 1")
	}
}

// Before round 1 the organiser drops everyone who has not checked in, in one
// step; the judge may not; round 1 pairs only the players who are here.
func TestDropEveryoneNotCheckedIn(t *testing.T) {
	t.Parallel()
	a := newApp(t)
	org := a.organiser()
	d := newDayEvent(t, a, org, "0", "Ann", "Ben", "Cat", "Dan", "Eve")
	for _, name := range []string{"Ann", "Cat", "Dan", "Eve"} {
		player := fmt.Sprintf("%s/players/%d", d.path, d.ids[name])
		v := regexp.MustCompile(`name="version" value="(\d+)"`).FindStringSubmatch(org.get(player).body)[1]
		r := org.post(player, player, url.Values{"action": {"checkin"}, "version": {v}})
		expectRedirect(t, "check in "+name, r, d.path+"/players")
	}
	rounds := org.get(d.path + "/rounds")
	if !strings.Contains(rounds.body, `data-testid="drop-not-checked-in"`) {
		t.Fatalf("no drop button on the rounds page:\n%s", excerpt(rounds.body))
	}
	judge := a.signedIn("jules", storage.RoleJudge)
	u, _ := accounts.New(a.store).UserByUsername(context.Background(), "jules")
	if err := a.store.AddEventJudge(context.Background(), storage.Actor{Name: "t"}, d.id, u.ID); err != nil {
		t.Fatal(err)
	}
	expectStatus(t, "judge drops absent players", judge.post(d.path+"/rounds", d.path+"/players/drop-not-checked-in", nil), http.StatusForbidden)
	expectRedirect(t, "drop absent players", org.post(d.path+"/rounds", d.path+"/players/drop-not-checked-in", nil), d.path+"/rounds")
	rounds = org.get(d.path + "/rounds")
	if !strings.Contains(rounds.body, "The players who had not checked in are dropped.") || strings.Contains(rounds.body, `data-testid="not-checked-in"`) {
		t.Fatalf("rounds page after the drop:\n%s", excerpt(rounds.body))
	}
	d.pairAndPublish(1)
	round := org.get(d.path + "/rounds/1").body
	if strings.Contains(round, "Ben") {
		t.Error("Ben, who never checked in, is paired")
	}
	for _, name := range []string{"Ann", "Cat", "Dan", "Eve"} {
		if !strings.Contains(round, name) {
			t.Errorf("%s, who checked in, is not paired", name)
		}
	}
	// After round 1 the shortcut is refused; dropping is one by one.
	r := org.post(d.path+"/rounds", d.path+"/players/drop-not-checked-in", nil)
	expectStatus(t, "drop absent players after round 1", r, http.StatusConflict)
}

// A draft is private: its match pages and judge pages answer 404 to anyone
// but its staff, as for an event that does not exist.
func TestDraftMatchesAndJudgePagesAreNotFound(t *testing.T) {
	t.Parallel()
	a := newApp(t)
	org := a.organiser()
	d := newDayEvent(t, a, org, "0", "Ann", "Ben")
	d.pairAndPublish(1)
	ctx := context.Background()
	r1, _ := a.store.RoundByNumber(ctx, d.id, 1)
	ms, _ := a.store.Matches(ctx, r1.ID)
	matchPage := fmt.Sprintf("%s/matches/%d", d.path, ms[0].ID)
	expectStatus(t, "match page of a running event", a.browser().get(matchPage), http.StatusForbidden)
	ev, _ := a.store.EventByID(ctx, d.id)
	ev.Status = storage.StatusDraft
	if err := a.store.UpdateEvent(ctx, storage.Actor{Name: "test"}, ev); err != nil {
		t.Fatal(err)
	}
	expectStatus(t, "match page of a draft", a.browser().get(matchPage), http.StatusNotFound)
	other := a.signedIn("jules", storage.RoleJudge)
	expectStatus(t, "judge console of a draft, for a judge of other events", other.get(d.path+"/judge"), http.StatusNotFound)
	if r := org.get(matchPage); r.status != http.StatusSeeOther {
		t.Fatalf("organiser on the draft's match page: %d", r.status)
	}
}

// Issue 30, point 4: once the event is finished its decklists are final.
// The phone's deck section says so instead of offering the form, and a
// list sent anyway is refused with 409 and that reason, the saved one kept.
func TestDecklistsLockWhenTheEventFinishes(t *testing.T) {
	t.Parallel()
	a := newApp(t)
	ctx := context.Background()
	org := a.organiser()
	importCards(t, a)
	d := newDayEvent(t, a, org, "0", "Ann")
	deck := string(fixture(t, "decklists/fs01-starter-son-goku.txt"))
	ann := d.phone("Ann")
	link := d.links["Ann"]
	expectRedirect(t, "deck while open", ann.post(link, link+"/deck", url.Values{"deck": {deck}}), link)
	ev, _ := a.store.EventByID(ctx, d.id)
	ev.Status = storage.StatusFinished
	if err := a.store.UpdateEvent(ctx, storage.Actor{Name: "t"}, ev); err != nil {
		t.Fatal(err)
	}
	const locked = "The event is finished, so decklists are locked."
	home := ann.get(link)
	if !strings.Contains(home.body, `data-testid="deck-locked">`+locked) || strings.Contains(home.body, `action="`+link+`/deck"`) {
		t.Fatalf("finished event's deck section:\n%s", excerpt(home.body))
	}
	for what, text := range map[string]string{"a legal list": deck, "an illegal list": deck + "\n4 FB01-056\n", "an unreadable list": "not a card\n"} {
		r := ann.post(link, link+"/deck", url.Values{"deck": {text}})
		expectStatus(t, what+" after the end", r, http.StatusConflict)
		if !strings.Contains(r.body, locked) || strings.Contains(r.body, "Decklist saved") {
			t.Fatalf("%s after the end not refused with its reason:\n%s", what, excerpt(r.body))
		}
	}
	en, _ := a.store.EntryByID(ctx, d.id, d.ids["Ann"])
	if en.DeckStatus != storage.DeckLegal || en.DeckText != deck {
		t.Fatalf("a finished event's list changed: %s %q", en.DeckStatus, en.DeckText)
	}
	// The storage refuses too, whoever calls it, unless a judge forces it.
	err := decklists.New(a.store).SaveDeck(ctx, storage.PlayerActor("Ann"), d.id, d.ids["Ann"], decklists.DeckSubmission{Text: "x", Status: storage.DeckIllegal}, false)
	if !errors.Is(err, decklists.ErrDecksFinished) {
		t.Fatalf("storage saved a finished event's list: %v", err)
	}
}
