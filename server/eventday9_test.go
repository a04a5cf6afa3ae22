package server_test

import (
	"context"
	"fmt"
	"net/http"
	"net/url"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/tenkaichi-org/tenkaichi/storage"
	"github.com/tenkaichi-org/tenkaichi/storage/judging"
)

// Setup reports two passwords that differ, also when the first is too short.
func TestSetupReportsMismatchedPasswords(t *testing.T) {
	t.Parallel()
	a := newApp(t)
	b := a.browser()
	r := b.post("/setup", "/setup", url.Values{"username": {"org"}, "display_name": {"Orla"}, "password": {"short"}, "password2": {"shorter"}})
	expectStatus(t, "setup", r, http.StatusUnprocessableEntity)
	mustContain(t, "setup", r.body, `id="password2-error"`, "The two passwords differ", `id="password-error"`)
	r = b.post("/setup", "/setup", url.Values{"username": {"org"}, "display_name": {"Orla"}, "password": {testPassword}, "password2": {testPassword + "!"}})
	expectStatus(t, "setup", r, http.StatusUnprocessableEntity)
	mustContain(t, "setup", r.body, "The two passwords differ")
}

// A player's page has no "Sign in" link and no standing before any result.
func TestPlayerPageBeforeRoundOne(t *testing.T) {
	t.Parallel()
	a := newApp(t)
	org := a.organiser()
	d := newDayEvent(t, a, org, "0", "Ann", "Ben")
	page := d.phone("Ann").get(d.links["Ann"])
	expectStatus(t, "player page", page, http.StatusOK)
	for _, gone := range []string{">Sign in<", `data-testid="standing"`, "Standing:"} {
		if strings.Contains(page.body, gone) {
			t.Errorf("player page before round 1 shows %q", gone)
		}
	}
	standings := a.browser().get(d.path + "/standings").body
	if strings.Contains(standings, "After round 0") || !strings.Contains(standings, "Before round 1") {
		t.Errorf("standings before round 1:\n%s", excerpt(standings))
	}
	d.pairAndPublish(1)
	expectRedirect(t, "report", d.report(d.phone("Ann"), "Ann", "won"), d.links["Ann"])
	expectRedirect(t, "agree", d.report(d.phone("Ben"), "Ben", "lost"), d.links["Ben"])
	mustContain(t, "player page after round 1", d.phone("Ben").get(d.links["Ben"]).body, "Standing: 2 · 0 points (0-1-0)")
	mustContain(t, "winner after round 1", d.phone("Ann").get(d.links["Ann"]).body, "Standing: 1 · 3 points (1-0-0)")
	if strings.Contains(d.phone("Ann").get(d.links["Ann"]).body, ">Sign in<") {
		t.Error("player page shows Sign in")
	}
}

// A player dropped before round 1 reads so, not "after round 0".
func TestDroppedBeforeRoundOne(t *testing.T) {
	t.Parallel()
	a := newApp(t)
	org := a.organiser()
	d := newDayEvent(t, a, org, "0", "Ann", "Ben")
	players := d.path + "/players"
	en, _ := a.store.EntryByID(context.Background(), d.id, d.ids["Ben"])
	r := org.post(players, players+"/"+strconv.FormatInt(en.ID, 10), url.Values{"action": {"drop"}, "version": {strconv.Itoa(en.Version)}})
	expectRedirect(t, "drop", r, players)
	page := org.get(players)
	mustContain(t, "players", page.body, "Dropped before round 1")
	if strings.Contains(page.body, "after round 0") {
		t.Fatal("after round 0")
	}
}

// The ban list page names every card, from the card pool when the list
// itself gives only the number.
func TestBanListNamesEveryCard(t *testing.T) {
	t.Parallel()
	a := newApp(t)
	org := a.organiser()
	page := org.get("/banlists/fusion-world/2026-03-01")
	mustContain(t, "without cards", page.body, "not in the card pool")
	importCards(t, a)
	page = org.get("/banlists/fusion-world/2026-03-01")
	mustContain(t, "ban list", page.body, "<td>FB04-094</td><td>Majin Buu : Kid</td>", "<td>SB01-015</td><td>Self-Destruct</td>")
	if strings.Contains(page.body, "not in the card pool") || regexp.MustCompile(`<td>[A-Z0-9-]+</td><td></td>`).MatchString(page.body) {
		t.Fatalf("a card without a name:\n%s", excerpt(page.body))
	}
}

// The judge console has the event's navigation and links the in-app help;
// no page points at a file in docs/.
func TestJudgeConsoleNavigationAndHelp(t *testing.T) {
	t.Parallel()
	f := newJudgeFixture(t)
	console := f.judge.get(f.base)
	mustContain(t, "console", console.body, `aria-label="Event"`, `href="/events/`+strconv.FormatInt(f.event.ID, 10)+`/rounds"`, `href="/help/game-log"`)
	page := f.uploadLog(t, f.judge, "Table 4", firstTurnAttack)
	for _, u := range []string{f.base, page, page + "/record", "/help/game-log"} {
		body := f.judge.get(u).body
		if strings.Contains(body, "docs/") {
			t.Errorf("%s points at a file in docs/", u)
		}
	}
	help := a0(f).get("/help/game-log")
	expectStatus(t, "help", help, http.StatusOK)
	mustContain(t, "help", help.body, "P1 attack ATTACKER -&gt; TARGET", "[P1Leader")
}

func a0(f *judgeFixture) *browser { return f.a.browser() }

// An impossible best-of-three report explains games.
func TestImpossibleBestOfThreeExplainsGames(t *testing.T) {
	t.Parallel()
	a := newApp(t)
	org := a.organiser()
	d := newDayEvent(t, a, org, "2", "Ann", "Ben")
	ev, _ := a.store.EventByID(context.Background(), d.id)
	ev.SwissRounds = ptrInt(1)
	if err := a.store.UpdateEvent(context.Background(), storage.Actor{Name: "t"}, ev); err != nil {
		t.Fatal(err)
	}
	d.pairAndPublish(1)
	expectRedirect(t, "r1", d.report(d.phone("Ann"), "Ann", "won"), d.links["Ann"])
	expectRedirect(t, "r1", d.report(d.phone("Ben"), "Ben", "lost"), d.links["Ben"])
	expectRedirect(t, "top cut", org.post(d.path+"/rounds", d.path+"/topcut", nil), d.path+"/rounds/2")
	expectRedirect(t, "publish", org.post(d.path+"/rounds/2", d.path+"/rounds/2/publish", nil), d.path+"/rounds/2")
	ann := d.phone("Ann")
	home := ann.get(d.links["Ann"])
	m := regexp.MustCompile(`name="match" value="(\d+)"`).FindStringSubmatch(home.body)
	cases := []struct {
		games url.Values
		want  string
	}{
		{url.Values{"g1": {"won"}}, "A best of 3 ends when a player has won 2 games, and in the games given nobody has (1 at most)."},
		{url.Values{"g1": {"won"}, "g2": {"won"}, "g3": {"lost"}}, "so game 3 was never played: the match was already decided."},
		{url.Values{"g1": {"won"}, "g3": {"won"}}, "Give the games in order: game 3 has a winner but game 2 does not."},
		{url.Values{}, "No game is given. A best of 3 ends when a player has won 2 games"},
	}
	for _, c := range cases {
		form := c.games
		form.Set("match", m[1])
		form.Set("result", "games")
		r := ann.post(d.links["Ann"], d.links["Ann"]+"/report", form)
		expectStatus(t, fmt.Sprint(c.games), r, http.StatusUnprocessableEntity)
		mustContain(t, fmt.Sprint(c.games), r.body, c.want)
	}
}

func ptrInt(n int) *int { return &n }

// The judge queue shows a dispute's table, both players and what each
// reported; entering the result as staff closes the call (audited).
func TestDisputeInJudgeQueueClosedByStaffResult(t *testing.T) {
	t.Parallel()
	a := newApp(t)
	org := a.organiser()
	d := newDayEvent(t, a, org, "0", "Ann", "Ben")
	d.pairAndPublish(1)
	expectRedirect(t, "Ann", d.report(d.phone("Ann"), "Ann", "won"), d.links["Ann"])
	expectRedirect(t, "Ben", d.report(d.phone("Ben"), "Ben", "won"), d.links["Ben"])
	queue := org.get(d.path + "/calls")
	mustContain(t, "queue", queue.body, "Table 1", `data-testid="call-players"`, "Disputed: a judge decides",
		"Ann reported: Ann won", "Ben reported: Ben won", "Enter the result")
	ms := regexp.MustCompile(`/rounds/1#match-(\d+)`).FindStringSubmatch(queue.body)
	if ms == nil {
		t.Fatalf("no link to the match:\n%s", excerpt(queue.body))
	}
	round := d.path + "/rounds/1"
	expectBackToRound(t, "staff result", org.post(round, d.path+"/matches/"+ms[1]+"/result", url.Values{"result": {"p1"}}), round)
	queue = org.get(d.path + "/calls")
	mustContain(t, "queue after the result", queue.body, "No open calls.")
	calls, _ := judging.New(a.store).JudgeCalls(context.Background(), d.id)
	if len(calls) != 0 {
		t.Fatalf("%d open calls", len(calls))
	}
	log, _ := a.store.AuditLog(context.Background(), d.id, 30)
	closed := false
	for _, row := range log {
		if row.Entity == "judge-call" && row.Action == "closed" && strings.Contains(row.AfterJSON, "result entered by staff") {
			closed = true
		}
	}
	if !closed {
		t.Fatal("closing the call is not in the audit log")
	}
}

// The staff round page narrows a big round to the tables that need someone.
func TestRoundPageFilters(t *testing.T) {
	t.Parallel()
	a := newApp(t)
	org := a.organiser()
	var names []string
	for i := 1; i <= 12; i++ {
		names = append(names, fmt.Sprintf("P%02d", i))
	}
	d := newDayEvent(t, a, org, "0", names...)
	d.pairAndPublish(1)
	ctx := context.Background()
	r1, _ := a.store.RoundByNumber(ctx, d.id, 1)
	ms, _ := a.store.Matches(ctx, r1.ID)
	round := d.path + "/rounds/1"
	// Table 1 final, table 2 disputed, table 3 extended.
	expectBackToRound(t, "result", org.post(round, d.path+"/matches/"+itoa64(ms[0].ID)+"/result", url.Values{"result": {"p1"}}), round)
	in := storage.ResultInput{Result: storage.ResultP1, P1Wins: 1}
	a.store.ReportResult(ctx, d.id, ms[1].ID, ms[1].P1EntryID, in)
	a.store.ReportResult(ctx, d.id, ms[1].ID, *ms[1].P2EntryID, storage.ResultInput{Result: storage.ResultP2, P2Wins: 1})
	expectRedirect(t, "extend", org.post(round, d.path+"/matches/"+itoa64(ms[2].ID)+"/extend", url.Values{"minutes": {"3"}}), round)

	rows := func(body string) int { return strings.Count(body, `<tr id="match-`) }
	page := org.get(round)
	mustContain(t, "all", page.body, "All tables (6)", "Not reported (4)", "Disputed (1)", "Extended (1)")
	if n := rows(page.body); n != 6 {
		t.Fatalf("all tables: %d rows", n)
	}
	for show, want := range map[string]int{"unreported": 4, "disputed": 1, "extended": 1} {
		page := org.get(round + "?show=" + show)
		if n := rows(page.body); n != want {
			t.Errorf("%s: %d rows, want %d", show, n, want)
		}
	}
	if !strings.Contains(org.get(round+"?show=disputed").body, `id="match-`+itoa64(ms[1].ID)+`"`) {
		t.Error("the disputed filter does not show the disputed table")
	}
}
