package server_test

import (
	"bytes"
	"context"
	"fmt"
	"net/http"
	"net/url"
	"os"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/tenkaichi-org/tenkaichi/rules"
	"github.com/tenkaichi-org/tenkaichi/rules/engine"
	"github.com/tenkaichi-org/tenkaichi/rules/engine/ruleindex"
	"github.com/tenkaichi-org/tenkaichi/storage"
	"github.com/tenkaichi-org/tenkaichi/storage/accounts"
	"github.com/tenkaichi-org/tenkaichi/storage/carddata"
	"github.com/tenkaichi-org/tenkaichi/storage/judging"
)

// judgeFixture is an event with the FS01/FS02 cards imported, one player,
// and a judge attached to it.
type judgeFixture struct {
	a       *app
	org     *browser
	judge   *browser
	event   *storage.Event
	entry   *storage.Entry
	base    string // /events/{id}/judge
	judgeID int64
}

func newJudgeFixture(t *testing.T) *judgeFixture {
	t.Helper()
	ctx := context.Background()
	a := newApp(t)
	f := &judgeFixture{a: a, org: a.organiser()}
	// The real cards, whose skills the engine reads (the feature match
	// leaves the Leaders' draws to it).
	data, err := os.ReadFile("../testdata/fusion-world-cards.json")
	if err != nil {
		t.Fatal(err)
	}
	cards, err := rules.ReadCards(bytes.NewReader(data), rules.CardFileAuto)
	if err != nil {
		t.Fatal(err)
	}
	if err := carddata.New(a.store).ImportCards(ctx, storage.Actor{Name: "test"}, cards, nil); err != nil {
		t.Fatal(err)
	}
	f.event = &storage.Event{Name: "Judged Cup", Game: "fusion-world", Format: "fw-standard",
		StartsOn: time.Date(2026, 12, 12, 0, 0, 0, 0, time.UTC), RoundMinutes: 35, TopCutBestOf: 3, Status: storage.StatusRunning}
	if err := a.store.CreateEvent(ctx, storage.Actor{Name: "test"}, f.event); err != nil {
		t.Fatal(err)
	}
	f.entry = &storage.Entry{EventID: f.event.ID, PlayerName: "Ana", TokenHash: "tok-ana"}
	if err := a.store.CreateEntry(ctx, storage.Actor{Name: "test"}, f.entry); err != nil {
		t.Fatal(err)
	}
	f.judge = a.signedIn("jules", storage.RoleJudge)
	u, err := accounts.New(a.store).UserByUsername(ctx, "jules")
	if err != nil {
		t.Fatal(err)
	}
	f.judgeID = u.ID
	if err := a.store.AddEventJudge(ctx, storage.Actor{Name: "test"}, f.event.ID, u.ID); err != nil {
		t.Fatal(err)
	}
	f.base = "/events/" + strconv.FormatInt(f.event.ID, 10) + "/judge"
	return f
}

// firstTurnAttack is legal up to step 4; step 5 attacks on the first
// player's first turn (CR 7-3-4-3-1); step 6 is legal again.
const firstTurnAttack = `[Seed "7"]
[P1 "Ana"]
[P1Leader "FS01-01"]
[P1Deck "50 ?"]
[P2 "Ben"]
[P2Leader "FS02-01"]
[P2Deck "50 ?"]

P2 first
P2 keep
P1 keep
P2 draw
P2 attack leader -> leader
P2 end
`

func mustContain(t *testing.T, what, body string, wants ...string) {
	t.Helper()
	for _, w := range wants {
		if !strings.Contains(body, w) {
			t.Errorf("%s lacks %q\n%s", what, w, excerpt(body))
		}
	}
}

func TestRulesLookupByNumberKeywordAndCard(t *testing.T) {
	t.Parallel()
	f := newJudgeFixture(t)
	anon := f.a.browser() // the lookup needs no account

	r := anon.get("/rules?q=8-1-1")
	expectStatus(t, "rule number", r, http.StatusOK)
	mustContain(t, "rule number search", r.body, "CR 8-1-1", "Declaring an attack", "Rest Mode")
	r = anon.get("/rules?q=" + url.QueryEscape("CR 7-2"))
	mustContain(t, "rule prefix search", r.body, "CR 7-2-9", "CR 7-2-11")
	r = anon.get("/rules?q=" + url.QueryEscape("whose turn"))
	mustContain(t, "a topic now under its number", r.body, "CR 7-3-4", "Main Phase actions of the turn player")
	r = anon.get("/rules?q=blocker")
	mustContain(t, "keyword search", r.body, "[Blocker]", "FS02-12", "Bulma", `href="/rules/blocker"`)
	r = anon.get("/rules?q=FS01-07")
	mustContain(t, "card number search", r.body, "FS01-07", "Android 18")
	if strings.Contains(r.body, "Bulma") {
		t.Error("a card number search lists other cards")
	}
	r = anon.get("/rules?q=" + url.QueryEscape("<script>"))
	expectStatus(t, "search with markup", r, http.StatusOK)
	if strings.Contains(r.body, "<script>") {
		t.Error("the query is not escaped")
	}

	r = anon.get("/rules/blocker")
	expectStatus(t, "keyword page", r, http.StatusOK)
	mustContain(t, "keyword page", r.body, "[Blocker]", "Only one Blocker per battle")
	r = anon.get("/rules/8-1-1")
	expectStatus(t, "rule by bare number", r, http.StatusOK)
	mustContain(t, "rule by bare number", r.body, "Declaring an attack")
	expectStatus(t, "unknown rule", anon.get("/rules/cr-99-9"), http.StatusNotFound)

	// The index lists every rule once, and every link opens its rule.
	index := anon.get("/rules")
	links := regexp.MustCompile(`href="(/rules/[^"?]+)"`).FindAllStringSubmatch(index.body, -1)
	seen := map[string]bool{}
	for _, l := range links {
		seen[l[1]] = true
	}
	if len(seen) != len(ruleindex.Rules) {
		t.Fatalf("index has %d distinct rule links for %d rules", len(seen), len(ruleindex.Rules))
	}
	for u := range seen {
		expectStatus(t, u, anon.get(u), http.StatusOK)
	}
}

var logLink = regexp.MustCompile(`^/events/\d+/judge/logs/(\d+)$`)

// uploadLog pastes a log into the console and returns its page's path.
func (f *judgeFixture) uploadLog(t *testing.T, b *browser, title, body string) string {
	t.Helper()
	r := b.post(f.base, f.base+"/logs", url.Values{"title": {title}, "body": {body}})
	if r.status != http.StatusSeeOther || !logLink.MatchString(r.location) {
		t.Fatalf("upload %s: %d to %q\n%s", title, r.status, r.location, excerpt(r.body))
	}
	return r.location
}

func TestJudgeUploadsLogAndStepsToFirstViolation(t *testing.T) {
	t.Parallel()
	f := newJudgeFixture(t)
	page := f.uploadLog(t, f.judge, "Table 4", firstTurnAttack)

	// Opened without a step, the page shows step 1, with the first illegal
	// step one click away in the banner.
	r := f.judge.get(page)
	expectStatus(t, "log page", r, http.StatusOK)
	mustContain(t, "opened", r.body, `data-testid="first-violation"`, "step 5", "(line 13)",
		`href="/rules/cr-7-3-4-3-1"`, "the player going first cannot attack on their first turn",
		"Step 1 of 6", `<a href="`+page+`?step=5">step 5</a>`)
	r = f.judge.get(page + "?step=5")
	mustContain(t, "first violation", r.body, "Step 5 of 6", "P2 attack leader -&gt; leader", "First illegal action.", `class="step step-illegal"`)
	r = f.judge.get(page + "?step=4")
	mustContain(t, "step 4", r.body, "Step 4 of 6", "P2 draw", "CR 7-2-9", "Turn 1, P2 Ben, charge phase",
		"FS01-01 Son Goku", "FS02-01 Vegeta", "15000", "0 active, 0 rest, 1 marker", page+"?step=3", page+"?step=5")
	if strings.Contains(r.body, "step-illegal") {
		t.Error("a legal step is marked illegal")
	}
	if m := regexp.MustCompile(`data-testid="life-P1">(\d+)<`).FindStringSubmatch(r.body); m == nil || m[1] != "8" {
		t.Errorf("P1's life at step 4: %v", m)
	}
	// The replay goes on past the illegal step; out-of-range steps are clamped.
	mustContain(t, "step 6", f.judge.get(page+"?step=6").body, "Step 6 of 6", "P2 end")
	mustContain(t, "step 99", f.judge.get(page+"?step=99").body, "Step 6 of 6")
	mustContain(t, "step 0", f.judge.get(page+"?step=0").body, "Step 0: setup")

	// A whole legal game: the judge console's replay agrees with the engine's golden file.
	game, err := os.ReadFile("../rules/engine/testdata/feature-match.log")
	if err != nil {
		t.Fatal(err)
	}
	page = f.uploadLog(t, f.judge, "Feature match", string(game))
	mustContain(t, "legal game opened", f.judge.get(page).body, `data-testid="no-violation"`, "Step 1 of 144")
	r = f.judge.get(page + "?step=144")
	mustContain(t, "legal game", r.body, `data-testid="no-violation"`, "Step 144 of 144", "Game over: P1 wins (defeat check)")

	// Costs come from the stored pool: this play is only illegal with card data.
	costly := strings.Replace(firstTurnAttack, "P2 attack leader -> leader", "P2 play FS02-13", 1)
	page = f.uploadLog(t, f.judge, "Too expensive", costly)
	mustContain(t, "cost check", f.judge.get(page+"?step=5").body, "Step 5 of 6", "CR 5-3-1", "P2 has no Active energy left to pay a cost of 5")

	// A line that does not fit the game is a log error, not a rule.
	page = f.uploadLog(t, f.judge, "Pass without a battle", strings.Replace(firstTurnAttack, "P2 attack leader -> leader", "P2 pass", 1))
	r = f.judge.get(page + "?step=5")
	mustContain(t, "log error", r.body, `data-testid="step-violation"`, `data-testid="log-error">Log error</span>`, "no battle is in progress")
	if strings.Contains(r.body, `<a class="rule-ref"`) {
		t.Error("a log error links a rule")
	}

	// Cards the pool does not know still replay; they show by number.
	unknown := strings.NewReplacer("FS01-01", "FB99-001", "FS02-01", "FB99-002").Replace(firstTurnAttack)
	page = f.uploadLog(t, f.judge, "Unknown leaders", unknown)
	mustContain(t, "unknown cards", f.judge.get(page+"?step=4").body, "Step 4 of 6", "FB99-001", "FB99-002")

	console := f.judge.get(f.base)
	expectStatus(t, "console", console, http.StatusOK)
	mustContain(t, "console", console.body, "Table 4", "Feature match", "Unknown leaders")
}

func TestGameLogParseErrorsNameTheLine(t *testing.T) {
	t.Parallel()
	f := newJudgeFixture(t)
	bad := strings.Replace(firstTurnAttack, "P2 draw", "P2 fly away", 1)
	r := f.judge.post(f.base, f.base+"/logs", url.Values{"title": {"Broken"}, "body": {bad}})
	expectStatus(t, "pasted log with a bad line", r, http.StatusUnprocessableEntity)
	mustContain(t, "parse error", r.body, `data-testid="parse-error"`, "line 12", `unknown action &#34;fly&#34;`)
	// What was pasted stays in the form, so it can be corrected.
	mustContain(t, "kept paste", r.body, "P2 fly away")

	r = f.judge.upload(f.base, f.base+"/logs", "file", "broken.json", []byte("{\n\"setup\": {\"seed\": 1},\n\"actions\": [{\"verb\": \"teleport\"}]\n}"))
	expectStatus(t, "uploaded JSON with a bad action", r, http.StatusUnprocessableEntity)
	mustContain(t, "JSON parse error", r.body, "line 3", "teleport")

	r = f.judge.post(f.base, f.base+"/logs", url.Values{"body": {"  "}})
	expectStatus(t, "empty log", r, http.StatusUnprocessableEntity)
	// PostgreSQL stores neither NUL bytes nor broken UTF-8: such a log is refused, not a 500,
	// pasted (the form field is named) or uploaded.
	r = f.judge.post(f.base, f.base+"/logs", url.Values{"body": {firstTurnAttack + "# \x00\xff\n"}})
	expectStatus(t, "binary log", r, http.StatusUnprocessableEntity)
	mustContain(t, "binary log", r.body, "The field &#34;body&#34; holds characters that cannot be stored")
	r = f.judge.upload(f.base, f.base+"/logs", "file", "binary.log", []byte(firstTurnAttack+"# \x00\xff\n"))
	expectStatus(t, "uploaded binary log", r, http.StatusUnprocessableEntity)
	mustContain(t, "uploaded binary log", r.body, "The log is not plain text (UTF-8).")
	if logs, _ := judging.New(f.a.store).GameLogs(context.Background(), f.event.ID); len(logs) != 0 {
		t.Fatalf("refused logs were stored: %d", len(logs))
	}
}

func TestRulingWithPenaltyIsSavedAndAudited(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	f := newJudgeFixture(t)
	page := f.uploadLog(t, f.judge, "Table 4", firstTurnAttack)
	logID, _ := strconv.ParseInt(logLink.FindStringSubmatch(page)[1], 10, 64)

	// The form on the illegal step is prefilled with its rule.
	r := f.judge.get(page + "?step=5")
	mustContain(t, "ruling form", r.body, `name="rule" value="CR 7-3-4-3-1"`, `name="step" value="5"`, `<option value="`+strconv.FormatInt(f.entry.ID, 10)+`">Ana</option>`)

	form := url.Values{"log": {strconv.FormatInt(logID, 10)}, "step": {"5"}, "rule": {"CR 7-3-4-3-1"},
		"note": {"Attack on the first turn; the attack is taken back."}, "penalty": {"warning"}, "entry": {""}, "infraction": {"Game rule violation"}}
	r = f.judge.post(page+"?step=5", f.base+"/rulings", form)
	expectStatus(t, "penalty without a player", r, http.StatusUnprocessableEntity)
	mustContain(t, "penalty without a player", r.body, "Choose the player who gets the penalty.", "Attack on the first turn")

	form.Set("entry", strconv.FormatInt(f.entry.ID, 10))
	r = f.judge.post(page+"?step=5", f.base+"/rulings", form)
	expectRedirect(t, "save ruling", r, page+"?step=5")
	r = f.judge.get(page + "?step=5")
	mustContain(t, "saved ruling", r.body, "Ruling saved.", "Warning for Ana: Game rule violation", "Attack on the first turn", "jules")

	rulings, err := judging.New(f.a.store).Rulings(ctx, f.event.ID)
	if err != nil || len(rulings) != 1 {
		t.Fatalf("rulings: %+v, %v", rulings, err)
	}
	got := rulings[0]
	if got.GameLogID == nil || *got.GameLogID != logID || got.Step == nil || *got.Step != 5 || got.Rule != "CR 7-3-4-3-1" ||
		got.JudgeID == nil || *got.JudgeID != f.judgeID || got.Penalty == nil || got.Penalty.Kind != "warning" || got.Penalty.EntryID != f.entry.ID {
		t.Fatalf("stored ruling: %+v penalty %+v", got, got.Penalty)
	}
	audit, err := f.a.store.AuditLogFor(ctx, "ruling", got.ID)
	if err != nil || len(audit) != 1 || audit[0].Actor != "jules" {
		t.Fatalf("ruling audit: %+v, %v", audit, err)
	}
	if pa, err := f.a.store.AuditLogFor(ctx, "penalty", got.Penalty.ID); err != nil || len(pa) != 1 {
		t.Fatalf("penalty audit: %+v, %v", pa, err)
	}

	// A ruling without a log, from the console.
	r = f.org.post(f.base, f.base+"/rulings", url.Values{"rule": {"[Blocker]"}, "note": {"Explained Blocker timing.\x00\xff"}})
	expectStatus(t, "console ruling with a zero byte", r, http.StatusUnprocessableEntity)
	r = f.org.post(f.base, f.base+"/rulings", url.Values{"rule": {"[Blocker]"}, "note": {"Explained Blocker timing."}})
	expectRedirect(t, "console ruling", r, f.base)
	mustContain(t, "console", f.org.get(f.base).body, "Explained Blocker timing.", "Warning for Ana", `href="`+page+`?step=5"`)
	r = f.org.post(f.base, f.base+"/rulings", url.Values{"note": {"x"}, "match": {"4711"}})
	expectStatus(t, "ruling on a match of no event", r, http.StatusUnprocessableEntity)
	mustContain(t, "unknown match", r.body, "This event has no match with that number.")
	if rs, _ := judging.New(f.a.store).Rulings(ctx, f.event.ID); len(rs) != 2 {
		t.Fatalf("%d rulings stored, want 2", len(rs))
	}
}

func TestJudgePagesAreForOrganisersAndTheEventsJudges(t *testing.T) {
	t.Parallel()
	f := newJudgeFixture(t)
	page := f.uploadLog(t, f.org, "Table 1", firstTurnAttack)

	anon := f.a.browser()
	for _, p := range []string{f.base, page, page + "/record"} {
		r := anon.get(p)
		if r.status != http.StatusSeeOther || !strings.HasPrefix(r.location, "/login?next=") {
			t.Errorf("anonymous %s: %d to %q", p, r.status, r.location)
		}
	}
	other := f.a.signedIn("otto", storage.RoleJudge)
	ctx := context.Background()
	otherEvent := &storage.Event{Name: "Other Cup", Game: "fusion-world", Format: "fw-standard", StartsOn: time.Now(), RoundMinutes: 35, TopCutBestOf: 3}
	if err := f.a.store.CreateEvent(ctx, storage.Actor{Name: "test"}, otherEvent); err != nil {
		t.Fatal(err)
	}
	u, _ := accounts.New(f.a.store).UserByUsername(ctx, "otto")
	if err := f.a.store.AddEventJudge(ctx, storage.Actor{Name: "test"}, otherEvent.ID, u.ID); err != nil {
		t.Fatal(err)
	}
	for _, p := range []string{f.base, page, page + "/record"} {
		expectStatus(t, "judge of another event: "+p, other.get(p), http.StatusForbidden)
	}
	r := other.post("/rules", f.base+"/rulings", url.Values{"note": {"sneaky"}})
	expectStatus(t, "judge of another event posts a ruling", r, http.StatusForbidden)
	// Their own event's console works, and does not show this event's logs.
	own := other.get("/events/" + strconv.FormatInt(otherEvent.ID, 10) + "/judge")
	expectStatus(t, "own console", own, http.StatusOK)
	if strings.Contains(own.body, "Table 1") {
		t.Error("another event's log is listed")
	}
	// A log is only reachable through its own event.
	id := logLink.FindStringSubmatch(page)[1]
	expectStatus(t, "log through another event", other.get("/events/"+strconv.FormatInt(otherEvent.ID, 10)+"/judge/logs/"+id), http.StatusNotFound)

	expectStatus(t, "organiser console", f.org.get(f.base), http.StatusOK)
	expectStatus(t, "attached judge console", f.judge.get(page), http.StatusOK)
	expectStatus(t, "missing event", f.org.get("/events/99999/judge"), http.StatusNotFound)

	// CSRF: the same form without its token is refused.
	r = f.judge.postRaw(f.base+"/rulings", url.Values{"note": {"no token"}})
	expectStatus(t, "ruling without CSRF token", r, http.StatusForbidden)
	r = f.judge.postRaw(page+"/record", url.Values{"line": {"P1 concede"}})
	expectStatus(t, "record without CSRF token", r, http.StatusForbidden)
	if rs, _ := judging.New(f.a.store).Rulings(ctx, f.event.ID); len(rs) != 0 {
		t.Fatalf("refused rulings were stored: %d", len(rs))
	}
}

func TestScorekeeperRecordsOnlyLegalLines(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	f := newJudgeFixture(t)
	r := f.judge.post(f.base, f.base+"/logs/new", url.Values{"title": {"Feature match"}, "p1": {"Ana"}, "p1_leader": {"fs01-01"}, "p2": {"Ben"}, "p2_leader": {"not a card"}})
	expectStatus(t, "new log with a bad Leader", r, http.StatusUnprocessableEntity)
	mustContain(t, "bad Leader", r.body, "Give the Leader&#39;s card number")

	r = f.judge.post(f.base, f.base+"/logs/new", url.Values{"title": {"Feature match"}, "p1": {"Ana"}, "p1_leader": {"fs01-01"}, "p2": {"Ben"}, "p2_leader": {"FS02-01"}})
	if r.status != http.StatusSeeOther || !strings.HasSuffix(r.location, "/record") {
		t.Fatalf("new log: %d to %q", r.status, r.location)
	}
	record := r.location
	logID, _ := strconv.ParseInt(strings.Split(record, "/")[5], 10, 64)
	page := f.judge.get(record)
	expectStatus(t, "record page", page, http.StatusOK)
	mustContain(t, "record page", page.body, "Setup", "FS01-01 Son Goku", `value="P1 first"`)

	body := func() string {
		t.Helper()
		gl, err := judging.New(f.a.store).GameLogByID(ctx, f.event.ID, logID)
		if err != nil {
			t.Fatal(err)
		}
		return gl.Body
	}
	add := func(form url.Values) response {
		t.Helper()
		return f.judge.post(record, record, form)
	}
	expectRedirect(t, "quick P1 first", add(url.Values{"quick": {"P1 first"}}), record)
	start := body()
	tests := []struct {
		name string
		form url.Values
		want string
	}{
		{"illegal: second player decides first", url.Values{"line": {"P2 keep"}}, "Not allowed (CR 6-2-1-8): the first player decides on a redraw first."},
		{"unreadable line", url.Values{"line": {"P1 jump"}}, "This line cannot be read: unknown action &#34;jump&#34;"},
		{"a tag", url.Values{"line": {`[Seed "3"]`}}, "This line cannot be read: tags must come before the first action"},
		{"a comment", url.Values{"line": {"# nothing"}}, "Write one action"},
		{"two lines", url.Values{"line": {"P1 keep\nP2 keep"}}, "Write one action on one line."},
		{"nothing", url.Values{"line": {""}}, "Write the next action"},
	}
	for _, tc := range tests {
		r := add(tc.form)
		expectStatus(t, tc.name, r, http.StatusUnprocessableEntity)
		mustContain(t, tc.name, r.body, tc.want, `data-testid="record-problem"`)
		if got := body(); got != start {
			t.Fatalf("%s changed the log:\n%s", tc.name, got)
		}
	}
	expectRedirect(t, "typed P1 keep", add(url.Values{"line": {"P1 keep"}}), record)
	// The helper selects build the line when nothing is typed.
	expectRedirect(t, "helper P2 keep", add(url.Values{"player": {"P2"}, "verb": {"keep"}, "args": {""}}), record)
	expectRedirect(t, "P1 draw", add(url.Values{"line": {"P1 draw"}}), record)
	if got := body(); !strings.HasSuffix(got, "\nP1 first\nP1 keep\nP2 keep\nP1 draw\n") {
		t.Fatalf("recorded log:\n%s", got)
	}
	page = f.judge.get(record)
	mustContain(t, "board after the draw", page.body, "Action added.", "Turn 1, P1 Ana, charge phase", `value="P1 end"`, "4 actions recorded")

	// What the scorekeeper wrote replays in the judge console and the engine.
	l, err := engine.ParseLog([]byte(body()))
	if err != nil {
		t.Fatal(err)
	}
	if v := engine.Run(l, nil, engine.ReplayOptions{}).FirstViolation(); v != nil {
		t.Fatalf("recorded log does not replay: %v", v)
	}
	mustContain(t, "step page of the recorded log", f.judge.get(logLinkFor(f, logID)+"?step=4").body, "No illegal action", "Step 4 of 4")

	audit, err := f.a.store.AuditLogFor(ctx, "game_log", logID)
	if err != nil || len(audit) != 5 {
		t.Fatalf("audit of a created log and four appends: %d rows, %v", len(audit), err)
	}
}

func logLinkFor(f *judgeFixture, id int64) string {
	return fmt.Sprintf("%s/logs/%d", f.base, id)
}

func TestFeatureMatchLogTakesPlayersFromThePairing(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	f := newJudgeFixture(t)
	// Ben registered a decklist: the log bounds his deck by it (a paper game).
	ben := &storage.Entry{EventID: f.event.ID, PlayerName: "Ben", TokenHash: "tok-ben",
		DeckText: "Leader\n1 FS02-01\nMain\n4 FS02-05\n4 FS02-12\n42 FS02-14\n"}
	if err := f.a.store.CreateEntry(ctx, storage.Actor{Name: "test"}, ben); err != nil {
		t.Fatal(err)
	}
	table := 4
	round, err := f.a.store.CreateRound(ctx, storage.Actor{Name: "test"}, f.event.ID, 1, "swiss", 35*time.Minute,
		[]storage.NewMatch{{TableNo: &table, P1: f.entry.ID, P2: &ben.ID}})
	if err != nil {
		t.Fatal(err)
	}
	ms, err := f.a.store.Matches(ctx, round.ID)
	if err != nil || len(ms) != 1 {
		t.Fatalf("matches: %v, %v", ms, err)
	}
	match := strconv.FormatInt(ms[0].ID, 10)
	label := "Match " + match + ", table 4: Ana v Ben"

	r := f.judge.post(f.base, f.base+"/logs/new", url.Values{"match": {"99999"}, "p1_leader": {"FS01-01"}, "p2_leader": {"FS02-01"}})
	expectStatus(t, "log for a match of no event", r, http.StatusUnprocessableEntity)
	mustContain(t, "unknown match", r.body, "This event has no match with that number.")

	r = f.judge.post(f.base, f.base+"/logs/new", url.Values{"match": {match}, "game_no": {"2"}, "p1_leader": {"FS01-01"}, "p2_leader": {"FS02-01"}})
	if r.status != http.StatusSeeOther || !strings.HasSuffix(r.location, "/record") {
		t.Fatalf("new log for the match: %d to %q\n%s", r.status, r.location, excerpt(r.body))
	}
	mustContain(t, "record page", f.judge.get(r.location).body, label, "P1 Ana", "P2 Ben")
	logs, err := judging.New(f.a.store).GameLogs(ctx, f.event.ID)
	if err != nil || len(logs) != 1 || logs[0].MatchID == nil || *logs[0].MatchID != ms[0].ID || logs[0].GameNo != 2 {
		t.Fatalf("stored log: %+v, %v", logs, err)
	}
	gl, _ := judging.New(f.a.store).GameLogByID(ctx, f.event.ID, logs[0].ID)
	mustContain(t, "log body", gl.Body, `[P1 "Ana"]`, `[P2 "Ben"]`, `[P1Deck "50 ?"]`, `[P2Decklist "4 FS02-05, 4 FS02-12, 42 FS02-14"]`)

	r = f.judge.post(f.base, f.base+"/rulings", url.Values{"match": {match}, "note": {"Slow play reminder."}})
	expectRedirect(t, "ruling on the match", r, f.base)
	console := f.judge.get(f.base)
	mustContain(t, "console", console.body, label, "Slow play reminder.", "Game 2")
}

// A JSON log is rewritten in the text notation when a line is appended, as
// lines can only be added to text.
func TestScorekeeperAppendsToAJSONLog(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	f := newJudgeFixture(t)
	js := `{"setup": {"seed": 5, "players": [{"name": "Ana", "leader": "FS01-01", "deck": []}, {"name": "Ben", "leader": "FS02-01", "deck": []}]}, "actions": [{"player": "P1", "verb": "first"}]}`
	page := f.uploadLog(t, f.judge, "JSON", js)
	record := page + "/record"
	expectRedirect(t, "append to JSON", f.judge.post(record, record, url.Values{"line": {"P1 keep"}}), record)
	id, _ := strconv.ParseInt(logLink.FindStringSubmatch(page)[1], 10, 64)
	gl, err := judging.New(f.a.store).GameLogByID(ctx, f.event.ID, id)
	if err != nil {
		t.Fatal(err)
	}
	mustContain(t, "rewritten log", gl.Body, `[Seed "5"]`, `[P1 "Ana"]`, `[P2Leader "FS02-01"]`, "P1 first\nP1 keep\n")
	l, err := engine.ParseLog([]byte(gl.Body))
	if err != nil || len(l.Actions) != 2 || l.Setup.Seed != 5 {
		t.Fatalf("rewritten log reads back as %+v, %v", l, err)
	}
}

// The console shows what the engine does with card skills: a skill waiting
// for its player's choices (and a one-tap line for it on the record page),
// copy numbers of cards in play, and the skills it does not read, flagged.
// skillsGame has Whis's [On Play] waiting for P1's choice and two copies of
// Son Goten in P2's Battle Area.
const skillsGame = `[Seed "7"]
[P1 "Ana"]
[P1Leader "FS01-01"]
[P1Deck "50 ?"]
[P2 "Ben"]
[P2Leader "FS02-01"]
[P2Deck "50 ?"]

P1 first
P1 keep
P2 keep
P1 draw
P1 charge FS01-10
P1 end
P2 draw
P2 charge FS02-05
P2 play FS02-05
P2 play FS02-05
P2 end
P1 draw
P1 charge FS01-02
P1 play FS01-02
`

func TestJudgeShowsCardSkills(t *testing.T) {
	t.Parallel()
	f := newJudgeFixture(t)
	game := skillsGame
	page := f.uploadLog(t, f.judge, "Skills", game)
	r := f.judge.get(page + "?step=99") // the last step: the skill waits
	mustContain(t, "waiting skill", r.body, `data-testid="waiting"`, "Waiting for P1 Ana", "FS01-02 Whis [On Play]",
		"Choose up to 1 of your opponent", "P1 use FS01-02 -&gt; ", "FS02-05#2 Son Goten", "FS02-05#1 Son Goten")
	mustContain(t, "record page", f.judge.get(strings.Replace(page, "/logs/", "/logs/", 1)+"/record").body, `value="P1 use FS01-02"`)
	// The same game with The Strongest Fighters, whose skills the engine does not read.
	unread := strings.Replace(game, `[P1Leader "FS01-01"]`, `[P1Leader "FP-030"]`, 1)
	page = f.uploadLog(t, f.judge, "Unread", unread)
	mustContain(t, "unread skill", f.judge.get(page+"?step=1").body, "not read by the engine", "the engine does not read this skill", "This card has all card names and special traits")
}
