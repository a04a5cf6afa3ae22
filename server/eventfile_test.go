package server_test

import (
	"context"
	"encoding/json"
	"net/http"
	"net/url"
	"reflect"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/tenkaichi-org/tenkaichi/storage"
	"github.com/tenkaichi-org/tenkaichi/storage/accounts"
	"github.com/tenkaichi-org/tenkaichi/storage/judging"
	"github.com/tenkaichi-org/tenkaichi/storage/storagetest"
)

// instanceTables hold data of the whole installation, not of one event:
// the event file leaves them out.
var instanceTables = map[string]bool{
	"goose_db_version": true, "users": true, "sessions": true, "login_failures": true, "link_misses": true,
	"cards": true, "banlist_versions": true, "app_secrets": true, "app_settings": true,
	// Stores and their members are the installation's; an imported event goes
	// into the store chosen on the import form (events.store_id).
	"stores": true, "store_members": true, "store_invitations": true,
	// Players across events, seasons, ratings and push tokens (issue 27) are
	// the installation's: an imported event's entries are linked to its
	// players by member number (docs/leagues.md).
	"players": true, "player_merges": true, "seasons": true, "season_stores": true,
	"player_ratings": true, "rating_runs": true, "store_tokens": true,
	// The league version: a count of the league's changes kept by triggers.
	"league_changes": true,
}

// eventTablesNotInFile are tables of event data that the event file leaves
// out on purpose, with the reason.
var eventTablesNotInFile = map[string]string{
	"event_snapshots":       "a snapshot is a copy of the event file itself (docs/event-day.md)",
	"event_changes":         "the play version: a count of the event's changes kept by triggers, which an imported event starts anew",
	"event_results":         "the final results, computed from the event's standings again (docs/leagues.md)",
	"event_result_versions": "the play version the final results were computed at",
	"season_events":         "a season's choice of events is the season's, not the event's",
}

// efTables lists the database's tables and the columns of each.
func efTables(t *testing.T, st *storage.Store) map[string][]string {
	t.Helper()
	db := st.SQL()
	q := "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'"
	cols := "SELECT name FROM pragma_table_info($1)"
	if storagetest.Backend() == "postgres" {
		q = "SELECT table_name FROM information_schema.tables WHERE table_schema = current_schema() AND table_type = 'BASE TABLE'"
		cols = "SELECT column_name FROM information_schema.columns WHERE table_schema = current_schema() AND table_name = $1"
	}
	rows, err := db.Query(q)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for rows.Next() {
		var n string
		rows.Scan(&n)
		names = append(names, n)
	}
	rows.Close()
	out := map[string][]string{}
	for _, n := range names {
		rs, err := db.Query(cols, n)
		if err != nil {
			t.Fatal(err)
		}
		for rs.Next() {
			var c string
			rs.Scan(&c)
			out[n] = append(out[n], c)
		}
		rs.Close()
	}
	return out
}

// efCounts counts the rows of every table of event data that belong to
// one event. A table it cannot place, neither the installation's nor under
// an event, fails the test: whoever adds a table of event data adds it to
// the event file (and here), or says here why the file leaves it out.
func efCounts(t *testing.T, st *storage.Store, eventID int64) map[string]int {
	t.Helper()
	out := map[string]int{}
	for table, cols := range efTables(t, st) {
		if instanceTables[table] {
			continue
		}
		has := func(c string) bool { return strings.Contains(","+strings.Join(cols, ",")+",", ","+c+",") }
		var where string
		switch {
		case table == "events":
			where = "id = $1"
		case has("event_id"):
			where = "event_id = $1"
		case has("match_id"):
			where = "match_id IN (SELECT id FROM matches WHERE event_id = $1)"
		case has("entry_id"):
			where = "entry_id IN (SELECT id FROM entries WHERE event_id = $1)"
		default:
			t.Fatalf("table %s is neither the installation's (instanceTables) nor under an event: where does the event file carry it?", table)
		}
		var n int
		if err := st.SQL().QueryRow("SELECT COUNT(*) FROM "+table+" WHERE "+where, eventID).Scan(&n); err != nil {
			t.Fatalf("count %s: %v", table, err)
		}
		out[table] = n
	}
	return out
}

// efPlayerLink reads a player's phone link from the organiser's player page.
func efPlayerLink(t *testing.T, org *browser, eventPath string, entryID int64) string {
	t.Helper()
	page := org.get(eventPath + "/players/" + strconv.FormatInt(entryID, 10))
	m := playerLinkRe.FindStringSubmatch(page.body)
	if m == nil {
		t.Fatalf("no player link for entry %d:\n%s", entryID, excerpt(page.body))
	}
	return m[1]
}

var efConfirmForm = regexp.MustCompile(`name="match" value="(\d+)"[^>]*>\s*<input type="hidden" name="result" value="([a-z0-9-]+)"[^>]*>\s*<input type="hidden" name="games" value="same"`)

// efEverything runs an event that uses every kind of event data: decklists,
// a waitlist, a team, a late entry, awarded byes, a fixed table, finished
// and running rounds, a half-reported match, a dispute with its judge call,
// a player's call for a judge (closed), a judge attached, a game log, a
// game tracked by the players' phones with a call made from it, a
// ruling with its penalty on a step of the log, another penalty,
// announcements (one removed) and the audit log of all of it.
func efEverything(t *testing.T, a *app, org *browser) (*dayEvent, map[string]storage.Match) {
	t.Helper()
	ctx := context.Background()
	d := newDayEvent(t, a, org, "0", "Ann", "Bo", "Cy", "Di", "Ed", "Flo")
	judge := a.signedIn("jules", storage.RoleJudge)
	_ = judge
	jules, err := accounts.New(a.store).UserByUsername(ctx, "jules")
	if err != nil {
		t.Fatal(err)
	}
	if err := a.store.AddEventJudge(ctx, pfActor, d.id, jules.ID); err != nil {
		t.Fatal(err)
	}
	asJudge := storage.Actor{UserID: jules.ID, Name: "jules"}
	entry := func(name string) *storage.Entry {
		e, err := a.store.EntryByID(ctx, d.id, d.ids[name])
		if err != nil {
			t.Fatal(err)
		}
		return e
	}
	ann := entry("Ann")
	ann.DeckText, ann.DeckStatus, ann.DeckLeader, ann.DeckColours = "Leader\n1 FB01-001\nMain\n4 FB01-010\n", storage.DeckLegal, "FB01-001", "Red"
	ann.Team, ann.FixedTable = "Kame House", pfPtr(1)
	if err := a.store.UpdateEntry(ctx, pfActor, "deck", ann); err != nil {
		t.Fatal(err)
	}
	bo := entry("Bo")
	bo.Team = "Kame House"
	if err := a.store.UpdateEntry(ctx, pfActor, "edit", bo); err != nil {
		t.Fatal(err)
	}
	if err := a.store.CreateEntry(ctx, pfActor, &storage.Entry{EventID: d.id, PlayerName: "Wanda", Waitlisted: true, TokenHash: "tok-wanda"}); err != nil {
		t.Fatal(err)
	}
	late := &storage.Entry{EventID: d.id, PlayerName: "Gus", EnteredRound: 2, TokenHash: "tok-gus"}
	if err := a.store.CreateEntry(ctx, pfActor, late); err != nil {
		t.Fatal(err)
	}
	d.ids["Gus"] = late.ID

	round := func(n int, pairs [][2]string) []storage.Match {
		var nm []storage.NewMatch
		for i, p := range pairs {
			m := storage.NewMatch{P1: d.ids[p[0]]}
			if p[1] != "" {
				m.TableNo, m.P2 = pfPtr(i+1), pfPtr(d.ids[p[1]])
			}
			nm = append(nm, m)
		}
		r, err := a.store.CreateRound(ctx, pfActor, d.id, n, storage.KindSwiss, 35*time.Minute, nm)
		if err != nil {
			t.Fatal(err)
		}
		if err := a.store.PublishRound(ctx, pfActor, d.id, n); err != nil {
			t.Fatal(err)
		}
		ms, err := a.store.Matches(ctx, r.ID)
		if err != nil {
			t.Fatal(err)
		}
		return ms
	}
	report := func(name, result string) {
		t.Helper()
		r := d.report(d.phone(name), name, result)
		if r.status != http.StatusSeeOther {
			t.Fatalf("%s reports %s: %d\n%s", name, result, r.status, excerpt(r.body))
		}
	}
	r1 := round(1, [][2]string{{"Ann", "Bo"}, {"Cy", "Di"}, {"Ed", "Flo"}})
	for _, rep := range [][2]string{{"Ann", "won"}, {"Bo", "lost"}, {"Cy", "won"}, {"Di", "lost"}, {"Ed", "lost"}, {"Flo", "won"}} {
		report(rep[0], rep[1])
	}
	r2 := round(2, [][2]string{{"Ann", "Cy"}, {"Bo", "Ed"}, {"Di", "Flo"}, {"Gus", ""}})
	report("Ann", "won") // half-reported: Cy has not confirmed
	report("Bo", "won")  // Bo and Ed both claim the win: a dispute and a judge call
	report("Ed", "won")
	calls, err := judging.New(a.store).JudgeCalls(ctx, d.id)
	if err != nil || len(calls) != 1 {
		t.Fatalf("judge calls after the dispute: %+v (%v)", calls, err)
	}
	if err := judging.New(a.store).UpdateJudgeCall(ctx, asJudge, d.id, calls[0].ID, storage.CallTaken); err != nil {
		t.Fatal(err)
	}
	flo := d.ids["Flo"]
	call, err := judging.New(a.store).OpenJudgeCall(ctx, d.id, &flo, nil, "Question about a card")
	if err != nil {
		t.Fatal(err)
	}
	if err := judging.New(a.store).UpdateJudgeCall(ctx, asJudge, d.id, call.ID, storage.CallClosed); err != nil {
		t.Fatal(err)
	}
	log := &storage.GameLog{EventID: d.id, MatchID: &r2[1].ID, GameNo: 1, Title: "Bo v Ed, game 1",
		Body: "# Bo v Ed\nP1 draws 6\nP2 draws 6\n"}
	if err := judging.New(a.store).CreateGameLog(ctx, asJudge, log); err != nil {
		t.Fatal(err)
	}
	if err := judging.New(a.store).CreateRuling(ctx, asJudge, &judging.Ruling{EventID: d.id, MatchID: &r2[1].ID, GameLogID: &log.ID,
		Step: pfPtr(2), Rule: "6-1-2", Note: "Drew an extra card"},
		&judging.RulingPenalty{EntryID: d.ids["Ed"], Kind: "warning", Infraction: "Drawing extra cards"}); err != nil {
		t.Fatal(err)
	}
	if err := judging.New(a.store).CreateRuling(ctx, asJudge, &judging.Ruling{EventID: d.id, Note: "Sleeves are fine"}, nil); err != nil {
		t.Fatal(err)
	}
	// Ann and Cy track their game from their phones; Cy calls a judge from it.
	tracked, _, err := judging.New(a.store).CreateTrackerLog(ctx, storage.Actor{Name: "player Ann"}, &storage.GameLog{EventID: d.id, MatchID: &r2[0].ID,
		Title: "Ann v Cy, game 1", Body: "# Ann v Cy\n[P1Leader \"FS01-01\"]\n[P2Leader \"FS02-01\"]\n"})
	if err != nil {
		t.Fatal(err)
	}
	if tracked, err = judging.New(a.store).ChangeGameLog(ctx, storage.Actor{Name: "player Ann"}, d.id, tracked.ID, func(gl *storage.GameLog) (*judging.GameLogChange, error) {
		return &judging.GameLogChange{Body: gl.Body + "P1 first  # by P1\n", Totals: &storage.GameTotals{Life: [2]int{8, 7}, Deck: [2]int{40, 41}}}, nil
	}); err != nil {
		t.Fatal(err)
	}
	if _, err := judging.New(a.store).OpenGameJudgeCall(ctx, d.id, d.ids["Cy"], tracked, 1, "Called from the game tracker at step 1."); err != nil {
		t.Fatal(err)
	}
	if err := judging.New(a.store).GivePenalty(ctx, pfActor, &judging.RulingPenalty{EventID: d.id, EntryID: d.ids["Di"], MatchID: &r1[1].ID,
		Kind: "caution", Infraction: "Tardiness", JudgeName: "org"}, 1); err != nil {
		t.Fatal(err)
	}
	// A deck check at a table of round 2, finished with its outcome.
	if checks, err := judging.New(a.store).StartDeckChecks(ctx, asJudge, d.id, 1, 0); err != nil {
		t.Fatal(err)
	} else if _, err := judging.New(a.store).FinishDeckCheck(ctx, asJudge, d.id, checks[0].ID, judging.DeckCheckOK, "", nil, 0); err != nil {
		t.Fatal(err)
	}
	if _, err := a.store.PostAnnouncement(ctx, pfActor, d.id, "Round 3 starts at 14:10"); err != nil {
		t.Fatal(err)
	}
	gone, err := a.store.PostAnnouncement(ctx, pfActor, d.id, "Lunch break")
	if err != nil {
		t.Fatal(err)
	}
	if err := a.store.RemoveAnnouncement(ctx, pfActor, d.id, gone.ID); err != nil {
		t.Fatal(err)
	}
	return d, map[string]storage.Match{"Ann-Cy": r2[0], "Bo-Ed": r2[1], "Ann-Bo": r1[0]}
}

// efAudit takes the audit log out of an exported file, with the ids of the
// server that wrote it blanked.
func efAudit(t *testing.T, x map[string]any) []any {
	t.Helper()
	ext := x["tenkaichi"].(map[string]any)
	rows, ok := ext["audit_log"].([]any)
	if !ok {
		t.Fatalf("no audit_log in the file")
	}
	delete(ext, "audit_log")
	for _, r := range rows {
		r.(map[string]any)["entity_id"] = json.Number("0")
	}
	return rows
}

// The event file carries everything of an event: import then export gives
// the same file apart from ids (and the import's own audit row), every
// table of event data has as many rows under the copy as under the
// original, the standings are in the same order, and the half-reported
// match can be confirmed by the opponent on the copy.
func TestEventFileRoundTripCarriesEverything(t *testing.T) {
	t.Parallel()
	a := newApp(t)
	org := a.organiser()
	ctx := context.Background()
	d, ms := efEverything(t, a, org)

	before := efCounts(t, a.store, d.id)
	for table, n := range before {
		if _, skip := eventTablesNotInFile[table]; !skip && n == 0 {
			t.Errorf("the event of this test has no row in %s: add that kind of data to efEverything, so the round trip covers it", table)
		}
	}
	if t.Failed() {
		t.FailNow()
	}
	first := pfExport(t, org, d.path)
	for _, want := range []string{`"reports": [`, `"judges": [`, `"jules"`, `"judge_calls": [`, `"status": "taken"`, `"status": "closed"`,
		`"game_logs": [`, `P1 draws 6`, `"rulings": [`, `"rule": "6-1-2"`, `"announcements": [`, `Round 3 starts at 14:10`,
		`"audit_log": [`, `"action": "remove"`, `"status": "disputed"`, `"tracker": true`, `"counts": {`, `"life": [`,
		`"game_log": 2,`, `"step": 1,`} {
		if !strings.Contains(string(first), want) {
			t.Errorf("the export lacks %s", want)
		}
	}

	// The store's own event: its export imports as a copy.
	r := pfUpload(t, org, "everything.json", first)
	m := eventPath.FindStringSubmatch(r.location)
	if r.status != http.StatusSeeOther || m == nil {
		t.Fatalf("import: %d to %q\n%s", r.status, r.location, excerpt(pfText(r.body)))
	}
	newID, _ := strconv.ParseInt(m[1], 10, 64)
	after := efCounts(t, a.store, newID)
	for table, n := range before {
		want := n
		if table == "audit_log" {
			want = n + 1 // the import itself
		}
		if _, skip := eventTablesNotInFile[table]; !skip && after[table] != want {
			t.Errorf("%s: %d rows under the original, %d under the copy (want %d)", table, n, after[table], want)
		}
	}

	second := pfExport(t, org, m[0])
	x1, x2 := pfDecode(t, first), pfDecode(t, second)
	a1, a2 := efAudit(t, x1), efAudit(t, x2)
	if len(a2) != len(a1)+1 || a2[len(a2)-1].(map[string]any)["action"] != "import" {
		t.Fatalf("audit log after the import: %d rows (the original %d), last %v", len(a2), len(a1), a2[len(a2)-1])
	}
	if !reflect.DeepEqual(a1, a2[:len(a1)]) {
		b1, _ := json.MarshalIndent(a1, "", " ")
		b2, _ := json.MarshalIndent(a2[:len(a1)], "", " ")
		t.Fatalf("the audit log changed in the round trip:\n%s\n----\n%s", b1, b2)
	}
	ids := map[string]string{}
	olds, news := x1["tenkaichi"].(map[string]any)["entries"].([]any), x2["tenkaichi"].(map[string]any)["entries"].([]any)
	if len(olds) != len(news) {
		t.Fatalf("%d entries, then %d", len(olds), len(news))
	}
	for i := range olds {
		ids[olds[i].(map[string]any)["id"].(string)] = news[i].(map[string]any)["id"].(string)
	}
	pfRenumber(x1, ids, "")
	pfOtherOrigin(t, x1, x2)
	if !reflect.DeepEqual(x1, x2) {
		b1, _ := json.MarshalIndent(x1, "", " ")
		b2, _ := json.MarshalIndent(x2, "", " ")
		t.Fatalf("second export differs from the first:\n%s\n----\n%s", b1, b2)
	}
	pfSame(t, "standings after the round trip", pfRows(org.get(m[0]+"/standings").body), pfRows(org.get(d.path+"/standings").body))
	if judges, _ := a.store.EventJudges(ctx, newID); len(judges) != 1 || judges[0].Username != "jules" {
		t.Fatalf("judges of the copy: %+v", judges)
	}

	// On the copy, Cy confirms Ann's report with their new link.
	es, _ := a.store.Entries(ctx, newID)
	var cy int64
	for _, e := range es {
		if e.PlayerName == "Cy" {
			cy = e.ID
		}
	}
	link := efPlayerLink(t, org, m[0], cy)
	phone := a.browser()
	page := phone.get(link)
	cf := efConfirmForm.FindStringSubmatch(page.body)
	if cf == nil || !strings.Contains(pfText(page.body), "Ann reported a result") {
		t.Fatalf("Cy's page on the copy offers no confirmation:\n%s", excerpt(pfText(page.body)))
	}
	expectRedirect(t, "Cy confirms", phone.post(link, link+"/report", url.Values{"match": {cf[1]}, "result": {cf[2]}, "games": {"same"}}), link)
	matchID, _ := strconv.ParseInt(cf[1], 10, 64)
	mt, err := a.store.MatchByID(ctx, newID, matchID)
	annCy := ms["Ann-Cy"]
	if err != nil || mt.Status != storage.MatchConfirmed || mt.Result != annCy.Side(d.ids["Ann"]) {
		t.Fatalf("after Cy confirms on the copy: %+v (%v)", mt, err)
	}
}

// Judges are attached by account name; names with no judge account in the
// event's store (none at all, an organiser, a judge of another store) are
// reported, and no account is created.
func TestEventFileImportReportsJudgesItCannotAttach(t *testing.T) {
	t.Parallel()
	a := newApp(t)
	org := a.organiser()
	ctx := context.Background()
	d := newDayEvent(t, a, org, "0", "Ann", "Bo")
	a.signedIn("jules", storage.RoleJudge)
	a.signedIn("olga", storage.RoleOrganiser)
	other := &accounts.Shop{Name: "Other store"}
	if err := accounts.New(a.store).CreateShop(ctx, pfActor, other); err != nil {
		t.Fatal(err)
	}
	a.signedInAt("kim", storage.RoleJudge, other.ID)
	jules, _ := accounts.New(a.store).UserByUsername(ctx, "jules")
	if err := a.store.AddEventJudge(ctx, pfActor, d.id, jules.ID); err != nil {
		t.Fatal(err)
	}
	file := strings.Replace(string(pfExport(t, org, d.path)), `"judges": [`, `"judges": ["ghost", "kim", "olga", `, 1)
	usersBefore, _ := accounts.New(a.store).Users(ctx)
	first, _ := accounts.New(a.store).FirstShop(ctx)
	r := pfUploadTo(t, org, strconv.FormatInt(first.ID, 10), "judges.json", []byte(file))
	if r.status != http.StatusSeeOther || !strings.HasPrefix(r.location, "/events/import?imported=") {
		t.Fatalf("import with unknown judges: %d to %q", r.status, r.location)
	}
	r = org.get(r.location)
	expectStatus(t, "import with unknown judges", r, http.StatusOK)
	text := pfText(r.body)
	if !strings.Contains(text, "3 judges named in the file have no judge account in this event's store") ||
		!regexp.MustCompile(`ghost\s+kim\s+olga`).MatchString(text) {
		t.Fatalf("the page does not name the judges left out:\n%s", excerpt(text))
	}
	m := regexp.MustCompile(`href="(/events/(\d+))">Open the imported event`).FindStringSubmatch(r.body)
	if m == nil {
		t.Fatalf("no link to the imported event:\n%s", excerpt(r.body))
	}
	newID, _ := strconv.ParseInt(m[2], 10, 64)
	judges, _ := a.store.EventJudges(ctx, newID)
	usersAfter, _ := accounts.New(a.store).Users(ctx)
	if len(judges) != 1 || judges[0].Username != "jules" || len(usersAfter) != len(usersBefore) {
		t.Fatalf("judges of the copy %+v; accounts %d then %d", judges, len(usersBefore), len(usersAfter))
	}
	audit, _ := a.store.AuditLogFor(ctx, "event", newID)
	var names []string
	for _, row := range audit {
		if row.Action == "import" {
			var after struct {
				Missing []string `json:"judges_not_attached"`
			}
			json.Unmarshal([]byte(row.AfterJSON), &after)
			names = after.Missing
		}
	}
	sort.Strings(names)
	if strings.Join(names, ",") != "ghost,kim,olga" {
		t.Fatalf("the import's audit row names %q as not attached", names)
	}
}
