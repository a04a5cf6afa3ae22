package server_test

import (
	"context"
	"fmt"
	"net/http"
	"net/url"
	"os"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/tenkaichi-org/tenkaichi/rules/engine"
	"github.com/tenkaichi-org/tenkaichi/server"
	"github.com/tenkaichi-org/tenkaichi/storage"
	"github.com/tenkaichi-org/tenkaichi/storage/judging"
)

// ben's registered list: the FS02 starter's cards, 50 of them.
const benDecklist = "Leader\n1 FS02-01\nMain\n4 FS02-02\n4 FS02-03\n4 FS02-04\n4 FS02-05\n4 FS02-06\n4 FS02-07\n4 FS02-08\n4 FS02-09\n4 FS02-10\n4 FS02-11\n4 FS02-12\n4 FS02-13\n2 FS02-14\n"

// trackerFixture is a published round with one match, Ann v Ben, both
// decklists registered, and the game tracker started from Ann's phone.
type trackerFixture struct {
	t      *testing.T
	later  *atomic.Int64 // how far the server's clock is ahead of time.Now
	d      *dayEvent
	match  int64
	names  [2]string // P1's and P2's names
	phones [2]*browser
	games  [2]string // each player's address of the tracked game
	logID  int64
}

// newTrackerMatch is the published match, Ann v Ben, with both decklists
// registered.
func newTrackerMatch(t *testing.T) *trackerFixture {
	t.Helper()
	later := new(atomic.Int64)
	clock := func() time.Time { return time.Now().Add(time.Duration(later.Load())) }
	a := newAppWith(t, func(cfg *server.Config) { cfg.Now = clock })
	a.store.SetClock(clock)
	return newTrackerMatchOn(t, a, later)
}

// newTrackerMatchOn is newTrackerMatch on a given app, whose clock runs
// later by what later holds (or not at all).
func newTrackerMatchOn(t *testing.T, a *app, later *atomic.Int64) *trackerFixture {
	t.Helper()
	org := a.organiser()
	importCards(t, a)
	d := newDayEvent(t, a, org, "0", "Ann", "Ben")
	ann, err := os.ReadFile("../testdata/decklists/fs01-starter-son-goku.txt")
	if err != nil {
		t.Fatal(err)
	}
	for name, list := range map[string]string{"Ann": string(ann), "Ben": benDecklist} {
		link := d.links[name]
		expectRedirect(t, "decklist of "+name, d.phone(name).post(link, link+"/deck", url.Values{"deck": {list}}), link)
	}
	d.pairAndPublish(1)
	f := &trackerFixture{t: t, later: later, d: d, match: mustMatchOf(t, a, d.id, d.ids["Ann"])}
	m, err := a.store.MatchByID(context.Background(), d.id, f.match)
	if err != nil {
		t.Fatal(err)
	}
	f.names = [2]string{"Ann", "Ben"}
	if m.P1EntryID != d.ids["Ann"] {
		f.names = [2]string{"Ben", "Ann"}
	}
	for i, name := range f.names {
		f.phones[i] = d.phone(name)
	}
	return f
}

// newTrackerFixture is newTrackerMatch with the game tracker started from
// P1's phone (and opened from P2's).
func newTrackerFixture(t *testing.T) *trackerFixture {
	t.Helper()
	f := newTrackerMatch(t)
	d := f.d
	// The player page links the tracker; with no game yet, it offers to
	// start one (both Leaders come from the decklists: nothing to type).
	link := d.links[f.names[0]]
	home := f.phones[0].get(link)
	mustContain(t, "player page", home.body, `href="`+link+`/game"`)
	start := f.phones[0].get(link + "/game")
	expectStatus(t, "start page", start, http.StatusOK)
	mustContain(t, "start page", start.body, "Start the game tracker")
	if strings.Contains(start.body, `name="leader_me"`) {
		t.Fatalf("start page asks for a Leader the decklist gives:\n%s", excerpt(start.body))
	}
	r := f.phones[0].post(link+"/game", link+"/game", url.Values{"game": {"1"}})
	if r.status != http.StatusSeeOther || !strings.HasPrefix(r.location, link+"/games/") {
		t.Fatalf("start: %d to %q\n%s", r.status, r.location, excerpt(r.body))
	}
	f.games[0] = r.location
	f.logID, _ = strconv.ParseInt(r.location[strings.LastIndexByte(r.location, '/')+1:], 10, 64)
	// The other phone starting it too opens the same game.
	other := d.links[f.names[1]]
	r = f.phones[1].post(other, other+"/game", nil)
	if r.status != http.StatusSeeOther || r.location != other+"/games/"+strconv.FormatInt(f.logID, 10) {
		t.Fatalf("second phone's start: %d to %q", r.status, r.location)
	}
	f.games[1] = r.location
	expectRedirect(t, "tracker link with a game", f.phones[1].get(other+"/game"), f.games[1])
	return f
}

var stepInput = regexp.MustCompile(`name="step" value="(\d+)"`)

// page is player i's tracker, with the step its forms carry.
func (f *trackerFixture) page(i int) (response, int) {
	f.t.Helper()
	p := f.phones[i].get(f.games[i])
	expectStatus(f.t, "tracker of "+f.names[i], p, http.StatusOK)
	m := stepInput.FindStringSubmatch(p.body)
	if m == nil {
		return p, -1
	}
	n, _ := strconv.Atoi(m[1])
	return p, n
}

// tapAt sends a line from player i's phone as made on a board of step
// actions.
func (f *trackerFixture) tapAt(i int, line string, step int) response {
	f.t.Helper()
	p := f.phones[i].get(f.games[i])
	tok := csrfInput.FindStringSubmatch(p.body)
	if tok == nil {
		f.t.Fatalf("no form on the tracker:\n%s", excerpt(p.body))
	}
	return f.phones[i].postRaw(f.games[i], url.Values{"_csrf": {tok[1]}, "line": {line}, "step": {strconv.Itoa(step)}})
}

// tap sends a line from player i's phone on the board it shows now.
func (f *trackerFixture) tap(i int, lines ...string) {
	f.t.Helper()
	for _, line := range lines {
		_, step := f.page(i)
		if r := f.tapAt(i, line, step); r.status != http.StatusSeeOther || r.location != f.games[i] {
			f.t.Fatalf("%s taps %q: %d to %q\n%s", f.names[i], line, r.status, r.location, excerpt(r.body))
		}
	}
}

func (f *trackerFixture) body() string {
	f.t.Helper()
	gl, err := judging.New(f.d.a.store).GameLogByID(context.Background(), f.d.id, f.logID)
	if err != nil {
		f.t.Fatal(err)
	}
	return gl.Body
}

func (f *trackerFixture) actions() []engine.Action {
	f.t.Helper()
	l, err := engine.ParseLog([]byte(f.body()))
	if err != nil {
		f.t.Fatalf("the tracker's log does not read: %v\n%s", err, f.body())
	}
	return l.Actions
}

// Both phones record a game: the log is a paper game with both decklists,
// each line marked with the phone that entered it; an illegal action is
// flagged on both phones with its rule; only its own phone undoes it.
func TestTrackerRecordsAGameFromBothPhones(t *testing.T) {
	t.Parallel()
	f := newTrackerFixture(t)
	p1, p2 := f.names[0], f.names[1]
	body := f.body()
	mustContain(t, "new log", body, `[P1 "`+p1+`"]`, `[P2 "`+p2+`"]`, `[P1Leader "FS0`, `Decklist "`, `[Table "1"]`, `[Round "1"]`)

	page, step := f.page(0)
	if step != 0 {
		t.Fatalf("a new game at step %d", step)
	}
	mustContain(t, "P1's tracker in setup", page.body, "Setup: who goes first?", `value="P1 first"`, "I go first", `value="P2 first"`, p2+" goes first", "You: "+p1+" (P1)")

	f.tap(0, "P1 first", "P1 keep")
	f.tap(1, "P2 keep")
	f.tap(0, "P1 draw")
	// P1's own phone names the cards it knows; P2's sees a card drawn.
	page, _ = f.page(0)
	mustContain(t, "P1 after the draw", page.body, "Turn 1 · your turn · Charge Phase", "Charge a card", "End my turn")
	page, _ = f.page(1)
	mustContain(t, "P2 watching", page.body, "Turn 1 · "+p1+"&#39;s turn", p1+"</strong> drew a card", "Enter for "+p1)

	// Turn 1: the first player may not attack (CR 7-3-4-3-1). Typed on
	// P1's phone, it is recorded, skipped and flagged on both phones.
	f.tap(0, "P1 attack leader -> leader")
	for i := range f.phones {
		page, _ = f.page(i)
		mustContain(t, "flag on "+f.names[i]+"'s phone", page.body, `data-testid="tracker-flag"`, "CR 7-3-4-3-1", "is not allowed", "The tracker skipped it")
	}
	// P2's phone cannot undo P1's action; P1's can.
	page, step = f.page(1)
	if strings.Contains(page.body, `data-testid="tracker-undo"`) {
		t.Fatal("P2's phone offers to undo P1's action")
	}
	r := f.phones[1].post(f.games[1], f.games[1]+"/undo", url.Values{"step": {strconv.Itoa(step)}})
	expectStatus(t, "P2 undoing P1's action", r, http.StatusConflict)
	mustContain(t, "refused undo", r.body, "only by the phone that entered it")
	page, step = f.page(0)
	mustContain(t, "P1's undo", page.body, `data-testid="tracker-undo"`, "Undo my last action")
	before := len(f.actions())
	r = f.phones[0].post(f.games[0], f.games[0]+"/undo", url.Values{"step": {strconv.Itoa(step)}})
	expectRedirect(t, "P1 undoes", r, f.games[0])
	// The same undo sent again (a double tap) changes nothing more.
	r = f.phones[0].post(f.games[0], f.games[0]+"/undo", url.Values{"step": {strconv.Itoa(step)}})
	expectRedirect(t, "P1's undo again", r, f.games[0])
	if n := len(f.actions()); n != before-1 {
		t.Fatalf("%d actions after one undo of %d", n, before)
	}
	mustContain(t, "log after the undo", f.body(), "# undone by P1 (step "+strconv.Itoa(step)+"): P1 attack leader -> leader")
	for i := range f.phones {
		if page, _ = f.page(i); strings.Contains(page.body, `data-testid="tracker-flag"`) {
			t.Errorf("the undone action is still flagged on %s's phone", f.names[i])
		}
	}

	// A concession is one's own.
	_, step = f.page(1)
	r = f.tapAt(1, "P1 concede", step)
	expectStatus(t, "conceding for the opponent", r, http.StatusUnprocessableEntity)
	mustContain(t, "refused concession", r.body, "You can concede only for yourself.")
	// A line that is not one action is refused, and kept for correcting.
	r = f.tapAt(0, "P1 jump", step)
	expectStatus(t, "unreadable line", r, http.StatusUnprocessableEntity)
	mustContain(t, "unreadable line", r.body, "This line cannot be read", `value="P1 jump"`)

	f.tap(0, "P1 end")
	f.tap(1, "P2 draw", "P2 end")
	f.tap(0, "P1 draw", "P1 attack leader -> leader", "P1 pass")
	f.tap(1, "P2 pass")
	page, _ = f.page(1)
	mustContain(t, "damage step", page.body, "Damage Step: record the outcome", `value="damage"`)
	f.tap(1, "damage")
	page, _ = f.page(0)
	// Ann's Leader (15000) beat Ben's (15000): one life card.
	mustContain(t, "after the damage", page.body, `data-testid="tracker-life-P2">7<`, `data-testid="tracker-life-P1">8<`)

	// Every line the phones wrote replays, marked by the phone that
	// entered it.
	l, err := engine.ParseLog([]byte(f.body()))
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"P1 first  # by P1", "P2 keep  # by P2", "damage  # by P2"} {
		if !strings.Contains(f.body(), want+"\n") {
			t.Errorf("log lacks %q:\n%s", want, f.body())
		}
	}
	gl, _ := judging.New(f.d.a.store).GameLogByID(context.Background(), f.d.id, f.logID)
	if tot := gl.Totals(); tot == nil || tot.Life != [2]int{8, 7} || tot.Deck[0] <= 0 {
		t.Fatalf("counts kept with the log: %+v", tot)
	}
	if len(l.Actions) != len(f.actions()) {
		t.Fatal("log changed while reading")
	}
	audit, err := f.d.a.store.AuditLogFor(context.Background(), "game_log", f.logID)
	if err != nil || len(audit) < len(l.Actions) {
		t.Fatalf("audit rows: %d for %d actions, %v", len(audit), len(l.Actions), err)
	}
}

// Two phones tapping at once: each tap carries the step its phone saw, so
// a tap on a board that moved on is refused, the same tap twice is applied
// once, and no action is lost or doubled, on both databases.
func TestTrackerConcurrentTapsNeitherLostNorDoubled(t *testing.T) {
	t.Parallel()
	f := newTrackerFixture(t)
	var wantLines []string
	for round := range 8 {
		_, step := f.page(0)
		lines := [2]string{fmt.Sprintf("P1 power leader +%d000", round+1), fmt.Sprintf("P2 power leader +%d000", round+1)}
		if round%2 == 1 {
			lines[1] = lines[0] // both phones enter the same action
		}
		var wg sync.WaitGroup
		statuses := [2]int{}
		for i := range f.phones {
			wg.Add(1)
			go func() {
				defer wg.Done()
				statuses[i] = f.tapAt(i, lines[i], step).status
			}()
		}
		wg.Wait()
		acts := f.actions()
		if len(acts) != step+1 {
			t.Fatalf("round %d: %d actions after two taps at step %d, want %d (statuses %v)\n%s", round, len(acts), step, step+1, statuses, f.body())
		}
		got := engine.FormatAction(acts[step])
		wantLines = append(wantLines, got)
		if round%2 == 1 {
			if statuses != [2]int{http.StatusSeeOther, http.StatusSeeOther} || got != lines[0] {
				t.Fatalf("round %d: the same tap from both phones: %v, recorded %q", round, statuses, got)
			}
			continue
		}
		won := 0
		if got == lines[1] {
			won = 1
		}
		if got != lines[won] || statuses[won] != http.StatusSeeOther || statuses[1-won] != http.StatusConflict {
			t.Fatalf("round %d: recorded %q with statuses %v", round, got, statuses)
		}
		// The refused phone's tap arrives again, on the old board: still refused.
		if r := f.tapAt(1-won, lines[1-won], step); r.status != http.StatusConflict {
			t.Fatalf("round %d: a stale tap answered %d", round, r.status)
		}
	}
	// A double tap on one phone (the same form sent twice) is one action.
	_, step := f.page(0)
	for range 2 {
		if r := f.tapAt(0, "P1 ki leader +1", step); r.status != http.StatusSeeOther {
			t.Fatalf("double tap: %d", r.status)
		}
	}
	acts := f.actions()
	if len(acts) != step+1 {
		t.Fatalf("a double tap gave %d actions, want %d", len(acts)-step, 1)
	}
	for i, want := range wantLines {
		if got := engine.FormatAction(acts[i]); got != want {
			t.Fatalf("action %d is %q, want %q", i+1, got, want)
		}
	}
}

// A call from the tracker opens a judge call linked to the game at its
// step; the judge console opens the game there and steps back; the ruling
// is recorded against the game, closes the call, and both phones show it.
func TestTrackerJudgeCallAndRuling(t *testing.T) {
	t.Parallel()
	f := newTrackerFixture(t)
	f.tap(0, "P1 first", "P1 keep")
	f.tap(1, "P2 keep")
	f.tap(0, "P1 draw", "P1 attack leader -> leader")
	_, step := f.page(1)
	expectRedirect(t, "call from the tracker", f.phones[1].post(f.games[1], f.games[1]+"/judge", nil), f.games[1])
	page, _ := f.page(0)
	mustContain(t, "the other phone", page.body, "A judge is on the way")

	ctx := context.Background()
	calls, err := judging.New(f.d.a.store).JudgeCalls(ctx, f.d.id)
	if err != nil || len(calls) != 1 || calls[0].GameLogID == nil || *calls[0].GameLogID != f.logID || *calls[0].Step != step || *calls[0].MatchID != f.match {
		t.Fatalf("judge calls: %+v, %v", calls, err)
	}
	queue := f.d.org.get(f.d.path + "/calls")
	gameLink := fmt.Sprintf("%s/judge/logs/%d?step=%d&amp;call=%d", f.d.path, f.logID, step, calls[0].ID)
	mustContain(t, "judge queue", queue.body, "Open the game at step "+strconv.Itoa(step), gameLink)

	logPage := f.d.org.get(strings.ReplaceAll(gameLink, "&amp;", "&"))
	expectStatus(t, "the game in the judge console", logPage, http.StatusOK)
	mustContain(t, "judge's step page", logPage.body, "called a judge to this game at step "+strconv.Itoa(step),
		"Step "+strconv.Itoa(step)+" of "+strconv.Itoa(step), "CR 7-3-4-3-1", `name="call" value="`+strconv.FormatInt(calls[0].ID, 10)+`"`, "game tracker")
	back := f.d.org.get(fmt.Sprintf("%s/judge/logs/%d?step=%d", f.d.path, f.logID, step-1))
	mustContain(t, "a step back", back.body, "Step "+strconv.Itoa(step-1)+" of "+strconv.Itoa(step))

	r := f.d.org.post(strings.ReplaceAll(gameLink, "&amp;", "&"), f.d.path+"/judge/rulings", url.Values{
		"log": {strconv.FormatInt(f.logID, 10)}, "step": {strconv.Itoa(step)}, "match": {strconv.FormatInt(f.match, 10)},
		"rule": {"CR 7-3-4-3-1"}, "note": {"No attack on the first turn: the attack is taken back."}, "call": {strconv.FormatInt(calls[0].ID, 10)}})
	if r.status != http.StatusSeeOther {
		t.Fatalf("ruling: %d\n%s", r.status, excerpt(r.body))
	}
	if open, _ := judging.New(f.d.a.store).JudgeCalls(ctx, f.d.id); len(open) != 0 {
		t.Fatalf("the call is still open after the ruling: %+v", open)
	}
	rs, err := judging.New(f.d.a.store).RulingsForLog(ctx, f.d.id, f.logID)
	if err != nil || len(rs) != 1 || *rs[0].Step != step {
		t.Fatalf("rulings on the game: %+v, %v", rs, err)
	}
	for i := range f.phones {
		page, _ = f.page(i)
		mustContain(t, "ruling on "+f.names[i]+"'s phone", page.body, `data-testid="tracker-ruling"`, "the attack is taken back", "A judge has ruled on this step.")
		if strings.Contains(page.body, "A judge is on the way") {
			t.Errorf("%s's phone still says a judge is coming", f.names[i])
		}
	}
}

// When time is up, the tracker's life counts feed the end-of-round
// procedure: staff see who has more life where results are entered (the
// result preselected), and the players see it on their phones.
func TestTrackerCountsAtTime(t *testing.T) {
	t.Parallel()
	f := newTrackerFixture(t)
	ctx := context.Background()
	ev, _ := f.d.a.store.EventByID(ctx, f.d.id)
	ev.EndOfRound = "count"
	if err := f.d.a.store.UpdateEvent(ctx, storage.Actor{Name: "test"}, ev); err != nil {
		t.Fatal(err)
	}
	f.tap(0, "P1 first", "P1 keep")
	f.tap(1, "P2 keep")
	f.tap(0, "P1 draw", "P1 end")
	f.tap(1, "P2 draw", "P2 attack leader -> leader", "P2 pass")
	f.tap(0, "P1 pass")
	f.tap(1, "damage")
	round := f.d.path + "/rounds/1"
	page := f.d.org.get(round)
	mustContain(t, "round page", page.body, "Tracker, game 1: "+f.names[0]+" 7 life, "+f.names[1]+" 8 life")
	if strings.Contains(page.body, `data-testid="tracker-at-time"`) {
		t.Fatal("the at-time verdict before time is up")
	}
	expectRedirect(t, "start the clock", f.d.org.post(round, round+"/clock", url.Values{"action": {"start"}}), round)
	f.later.Store(int64(36 * time.Minute))
	page = f.d.org.get(round)
	verdict := "goes to " + f.names[1] + " (more life)"
	mustContain(t, "round page at time", page.body, `data-testid="tracker-at-time"`, verdict, `<option value="p2" selected>`)
	tracker, _ := f.page(0)
	mustContain(t, "tracker at time", tracker.body, `data-testid="tracker-at-time"`, verdict)
	home := f.phones[1].get(f.d.links[f.names[1]])
	mustContain(t, "player page at time", home.body, `data-testid="match-at-time"`, verdict)
}

// A tracked game is news to its two players only: their streams get
// "game", a phone at another table does not.
func TestTrackerNoticesGoToTheTwoPlayers(t *testing.T) {
	t.Parallel()
	f := newTrackerFixture(t)
	f.d.addPlayer("Cat")
	stream := sse(t, f.d.a.srv.URL+f.d.links[f.names[1]]+"/live")
	expectSSE(t, stream, "hello", f.d.id)
	other := sse(t, f.d.a.srv.URL+f.d.links["Cat"]+"/live")
	expectSSE(t, other, "hello", f.d.id)
	f.tap(0, "P1 first")
	expectSSE(t, stream, "game", f.d.id)
	expectQuiet(t, other, 1500*time.Millisecond)
}

// Another player's link cannot open or change the game; a judge's own log
// of the match is not a tracker's; nothing changes once the result is final.
func TestTrackerIsThePlayersOwn(t *testing.T) {
	t.Parallel()
	f := newTrackerFixture(t)
	f.d.addPlayer("Cat")
	cat := f.d.phone("Cat")
	catGame := f.d.links["Cat"] + "/games/" + strconv.FormatInt(f.logID, 10)
	expectStatus(t, "another player's game", cat.get(catGame), http.StatusNotFound)
	tok := csrfInput.FindStringSubmatch(cat.get(f.d.links["Cat"]).body)[1]
	expectStatus(t, "a tap on another player's game", cat.postRaw(catGame, url.Values{"_csrf": {tok}, "line": {"P1 first"}, "step": {"0"}}), http.StatusNotFound)
	if len(f.actions()) != 0 {
		t.Fatal("another player's tap was recorded")
	}
	expectStatus(t, "a game that does not exist", f.phones[0].get(f.d.links[f.names[0]]+"/games/999999"), http.StatusNotFound)
	// Without the form's step, nothing is entered.
	tok = csrfInput.FindStringSubmatch(f.phones[0].get(f.games[0]).body)[1]
	r := f.phones[0].postRaw(f.games[0], url.Values{"_csrf": {tok}, "line": {"P1 first"}})
	expectStatus(t, "a tap without its step", r, http.StatusUnprocessableEntity)

	// The result is final: the game is shown, nothing is entered.
	f.tap(0, "P1 first")
	expectRedirect(t, "report", f.d.report(f.phones[0], f.names[0], "won"), f.d.links[f.names[0]])
	expectRedirect(t, "confirm", f.d.report(f.phones[1], f.names[1], "lost"), f.d.links[f.names[1]])
	page, _ := f.page(1)
	mustContain(t, "final match", page.body, "The match&#39;s result is final")
	if strings.Contains(page.body, `name="line"`) {
		t.Fatal("a final match's game still takes taps")
	}
	_, step := f.page(0)
	if step < 0 {
		step = 1
	}
	expectStatus(t, "a tap after the result", f.tapAt(0, "P2 keep", step), http.StatusConflict)
}

// The player's page offers the tracker only while the game can be played:
// once the match's result is confirmed it links the recorded game instead,
// read-only; once the event is finished, a match with no recorded game
// shows neither.
func TestTrackerButtonOnlyWhileTheMatchIsOpen(t *testing.T) {
	t.Parallel()
	f := newTrackerFixture(t)
	link := f.d.links[f.names[1]]
	home := f.phones[1].get(link)
	mustContain(t, "open match", home.body, `data-testid="open-tracker"`)
	if strings.Contains(home.body, `data-testid="recorded-game"`) {
		t.Fatal("a recorded-game link while the tracker is open")
	}
	f.tap(0, "P1 first")
	expectRedirect(t, "report", f.d.report(f.phones[0], f.names[0], "won"), f.d.links[f.names[0]])
	expectRedirect(t, "confirm", f.d.report(f.phones[1], f.names[1], "lost"), link)
	home = f.phones[1].get(link)
	if strings.Contains(home.body, `data-testid="open-tracker"`) {
		t.Fatalf("the tracker is offered for a confirmed match:\n%s", excerpt(home.body))
	}
	mustContain(t, "confirmed match", home.body, `data-testid="recorded-game"`, `href="`+f.games[1]+`"`, "See the recorded game")
	game, _ := f.page(1)
	mustContain(t, "recorded game", game.body, "went first", "The match&#39;s result is final")
	if strings.Contains(game.body, `name="line"`) {
		t.Fatal("the recorded game of a confirmed match takes taps")
	}

	// A finished event with a match nobody tracked: no button, no link.
	g := newTrackerMatch(t)
	ctx := context.Background()
	ev, err := g.d.a.store.EventByID(ctx, g.d.id)
	if err != nil {
		t.Fatal(err)
	}
	home = g.phones[0].get(g.d.links[g.names[0]])
	mustContain(t, "event running", home.body, `data-testid="open-tracker"`)
	ev.Status = storage.StatusFinished
	if err := g.d.a.store.UpdateEvent(ctx, storage.Actor{Name: "test"}, ev); err != nil {
		t.Fatal(err)
	}
	home = g.phones[0].get(g.d.links[g.names[0]])
	if strings.Contains(home.body, `data-testid="open-tracker"`) || strings.Contains(home.body, `data-testid="recorded-game"`) {
		t.Fatalf("a finished event's player page offers the tracker:\n%s", excerpt(home.body))
	}
	if ev, _ := g.d.a.store.EventByID(ctx, g.d.id); ev.Status != storage.StatusFinished {
		t.Fatalf("the event is %q, not finished: the test proves nothing", ev.Status)
	}
}

// An illegal tap is flagged on a German and a Japanese phone in the
// phone's language, with its rule number as it is.
func TestTrackerFlagInGermanAndJapanese(t *testing.T) {
	t.Parallel()
	f := newTrackerFixture(t)
	f.tap(0, "P1 first", "P1 keep")
	f.tap(1, "P2 keep")
	f.tap(0, "P1 draw", "P1 attack leader -> leader")
	de, _ := f.phones[1].getIn(f.games[1], "de")
	mustContain(t, "German flag", de.body, `data-testid="tracker-flag"`, "CR 7-3-4-3-1", "der Startspieler darf in seinem ersten Zug nicht angreifen")
	ja, _ := f.phones[0].getIn(f.games[0], "ja")
	mustContain(t, "Japanese flag", ja.body, `data-testid="tracker-flag"`, "CR 7-3-4-3-1", "先攻プレイヤーは最初のターンにアタックできません")
	for what, body := range map[string]string{"German": de.body, "Japanese": ja.body} {
		if strings.Contains(body, "the player going first cannot attack") {
			t.Errorf("the %s tracker shows the engine's English", what)
		}
	}
}

// A Japanese phone's tracker names the cards as Japanese cards do (the
// card data's name_jp), as the judge's board does: the Leaders on the
// board and the cards in the moves; other languages keep the English names.
func TestTrackerCardNamesInJapanese(t *testing.T) {
	t.Parallel()
	f := newTrackerFixture(t)
	f.tap(0, "P1 first", "P1 keep")
	f.tap(1, "P2 keep")
	f.tap(0, "P1 draw", "P1 play FS01-03")
	cards := regexp.MustCompile(`<span class="tk-card-name">([^<]*)</span>`)
	names := func(body string) string {
		var out []string
		for _, m := range cards.FindAllStringSubmatch(body, -1) {
			out = append(out, m[1])
		}
		return strings.Join(out, "|")
	}
	for i := range f.phones {
		ja, _ := f.phones[i].getIn(f.games[i], "ja")
		de, _ := f.phones[i].getIn(f.games[i], "de")
		if got := names(ja.body); !strings.Contains(got, "孫悟空") || !strings.Contains(got, "ベジータ") || strings.Contains(got, "Son Goku") || strings.Contains(got, "Vegeta") {
			t.Errorf("%s's Japanese tracker names the cards %q", f.names[i], got)
		}
		if strings.Contains(ja.body, "Master Roshi") || !strings.Contains(ja.body, "亀仙人") {
			t.Errorf("%s's Japanese tracker does not name FS01-03 亀仙人:\n%s", f.names[i], excerpt(ja.body))
		}
		if got := names(de.body); !strings.Contains(got, "Son Goku") || !strings.Contains(got, "Vegeta") || strings.Contains(got, "孫悟空") {
			t.Errorf("%s's German tracker names the cards %q", f.names[i], got)
		}
	}
}
