package judge

import (
	"context"
	"io"
	"log/slog"
	"net/http"
	"net/http/cookiejar"
	"net/http/httptest"
	"net/url"
	"os"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/labstack/echo/v4"
	"github.com/tenkaichi-org/tenkaichi/rules"
	"github.com/tenkaichi-org/tenkaichi/rules/engine"
	"github.com/tenkaichi-org/tenkaichi/server/gamelog"
	"github.com/tenkaichi-org/tenkaichi/server/readmodel"
	"github.com/tenkaichi-org/tenkaichi/server/web"
	"github.com/tenkaichi-org/tenkaichi/storage"
	"github.com/tenkaichi-org/tenkaichi/storage/accounts"
	"github.com/tenkaichi-org/tenkaichi/storage/carddata"
	"github.com/tenkaichi-org/tenkaichi/storage/judging"
	"github.com/tenkaichi-org/tenkaichi/storage/storagetest"
	"github.com/tenkaichi-org/tenkaichi/views"
	"golang.org/x/crypto/bcrypt"
)

// benchGameActions is how far into a game the benchmarks tap: a game's
// middle, as the tracker sees it most; benchLongGameActions is a long
// game's end (both decks nearly empty), where a tap costs the most.
const (
	benchGameActions     = 120
	benchLongGameActions = 240
)

// trackerBench is a running event on a real database with one tracked
// game of n actions, both decklists registered.
type trackerBench struct {
	h      *Handler
	srv    http.Handler // the tracker's routes behind the server's middleware
	st     *storage.Store
	ev     *storage.Event
	tokens [2]string // P1's and P2's links
	gl     *storage.GameLog
	jc     *gamelog.Cards
}

func newTrackerBench(b *testing.B, n int) *trackerBench {
	b.Helper()
	ctx := context.Background()
	st := storagetest.New(b)
	tb := &trackerBench{st: st, tokens: [2]string{"bench-p1", "bench-p2"}}
	tb.h, tb.srv = benchServer(st)
	cards, err := rules.ReadCardsFile("../../testdata/fusion-world-cards.json")
	if err != nil {
		b.Fatal(err)
	}
	actor := storage.Actor{Name: "bench"}
	if err := carddata.New(st).ImportCards(ctx, actor, cards, nil); err != nil {
		b.Fatal(err)
	}
	// Set up (pages wait for the first organiser account until then).
	if err := accounts.New(st).CreateUser(ctx, &storage.User{Username: "org", PasswordHash: "x", Role: storage.RoleOrganiser}); err != nil {
		b.Fatal(err)
	}
	tb.ev = &storage.Event{Name: "Bench Cup", Game: "fusion-world", Format: "fw-standard", StartsOn: time.Date(2026, 12, 12, 0, 0, 0, 0, time.UTC),
		RoundMinutes: 35, TopCutBestOf: 3, Status: storage.StatusRunning}
	if err := st.CreateEvent(ctx, actor, tb.ev); err != nil {
		b.Fatal(err)
	}
	fs01, err := os.ReadFile("../../testdata/decklists/fs01-starter-son-goku.txt")
	if err != nil {
		b.Fatal(err)
	}
	lists := [2]struct{ text, leader string }{{string(fs01), "FS01-01"},
		{"4 FS02-02\n4 FS02-03\n4 FS02-04\n4 FS02-05\n4 FS02-06\n4 FS02-07\n4 FS02-08\n4 FS02-09\n4 FS02-10\n4 FS02-11\n4 FS02-12\n4 FS02-13\n2 FS02-14\n", "FS02-01"}}
	var ids [2]int64
	var players [2]gamelog.Player
	for i, name := range []string{"Ann", "Ben"} {
		en := &storage.Entry{EventID: tb.ev.ID, PlayerName: name, TokenHash: web.HashToken(tb.tokens[i]), DeckText: lists[i].text, DeckLeader: lists[i].leader}
		if err := st.CreateEntry(ctx, actor, en); err != nil {
			b.Fatal(err)
		}
		ids[i] = en.ID
		deck, err := gamelog.RegisteredDeck(ctx, tb.h.Store, tb.ev.ID, &en.ID)
		if err != nil || len(deck) == 0 {
			b.Fatalf("decklist of %s: %v, %v", name, deck, err)
		}
		players[i] = gamelog.Player{Name: name, Leader: lists[i].leader, Decklist: deck}
	}
	table := 1
	r, err := st.CreateRound(ctx, actor, tb.ev.ID, 1, storage.KindSwiss, 35*time.Minute, []storage.NewMatch{{TableNo: &table, P1: ids[0], P2: &ids[1]}})
	if err != nil {
		b.Fatal(err)
	}
	if err := st.PublishRound(ctx, actor, tb.ev.ID, 1); err != nil {
		b.Fatal(err)
	}
	ms, err := st.Matches(ctx, r.ID)
	if err != nil {
		b.Fatal(err)
	}
	body, err := gamelog.NewBody("Bench game", [][2]string{{"Event", tb.ev.Name}}, players)
	if err != nil {
		b.Fatal(err)
	}
	gl, _, err := judging.New(st).CreateTrackerLog(ctx, actor, &storage.GameLog{EventID: tb.ev.ID, MatchID: &ms[0].ID, Body: body})
	if err != nil {
		b.Fatal(err)
	}
	l, err := engine.ParseLog([]byte(body))
	if err != nil {
		b.Fatal(err)
	}
	if tb.jc, err = tb.h.cards.ForLog(ctx, l); err != nil {
		b.Fatal(err)
	}
	body = playOn(b, body, tb.jc, n)
	if tb.gl, err = judging.New(st).ChangeGameLog(ctx, actor, tb.ev.ID, gl.ID, func(*storage.GameLog) (*judging.GameLogChange, error) {
		return &judging.GameLogChange{Body: body}, nil
	}); err != nil {
		b.Fatal(err)
	}
	return tb
}

// playOn appends moves the tracker offers until the game has n actions,
// as both phones would tap them: an outcome or a waiting skill first, then
// the turn player's draw, charge, play, attack (while the defender has
// more than 4 life, with the Leader), pass, end.
func playOn(b *testing.B, body string, jc *gamelog.Cards, n int) string {
	b.Helper()
	prefer := []engine.Verb{engine.VerbDamage, engine.VerbKO, engine.VerbMiss, engine.VerbUse, engine.VerbFirst, engine.VerbKeep,
		engine.VerbDraw, engine.VerbCharge, engine.VerbPlay, engine.VerbAttack, engine.VerbPass, engine.VerbEnd}
	for {
		l, err := engine.ParseLog([]byte(body))
		if err != nil {
			b.Fatal(err)
		}
		if len(l.Actions) >= n {
			return body
		}
		r := engine.Run(l, jc.Engine, engine.ReplayOptions{})
		if v := r.FirstViolation(); v != nil {
			b.Fatalf("the bench game broke a rule: %v", v)
		}
		st := &r.Final
		if st.Result.Over {
			b.Fatalf("the bench game ended after %d actions: %s\n%s", len(l.Actions), st.Result.Reason, engine.Summary(st))
		}
		var moves []engine.Action
		for _, side := range []engine.Side{engine.NoSide, engine.P1, engine.P2} {
			moves = append(moves, engine.NextMoves(st, side)...)
		}
		var pick *engine.Action
	choose:
		for _, verb := range prefer {
			for i := range moves {
				// Unnamed draws, and only the Leader attacks while the
				// defender has life to spare: the game goes on until the
				// decks run low.
				if verb == engine.VerbDraw && moves[i].Card != "" ||
					verb == engine.VerbAttack && (moves[i].Card != "leader" || len(st.Players[moves[i].Player.Other()].Life) <= 4) {
					continue
				}
				if moves[i].Verb == verb {
					pick = &moves[i]
					break choose
				}
			}
		}
		if pick == nil {
			b.Fatalf("no move after %d actions:\n%s", len(l.Actions), engine.Summary(st))
		}
		side := pick.Player
		if side == engine.NoSide {
			side = st.TurnPlayer
		}
		body = gamelog.TrimLog(body) + "\n" + engine.FormatAction(*pick) + byMark(side) + "\n"
	}
}

// BenchmarkTrackerApplyAndRender is what a tap costs the server besides
// the database: read the log, append the line, replay the game with the
// engine checking every step, work out the moves to offer, and render the
// tracker page.
func BenchmarkTrackerApplyAndRender(b *testing.B) {
	for _, n := range []int{benchGameActions, benchLongGameActions} {
		b.Run(strconv.Itoa(n)+"-actions", func(b *testing.B) { benchApplyAndRender(b, n) })
	}
}

func benchApplyAndRender(b *testing.B, n int) {
	tb := newTrackerBench(b, n)
	ctx := context.Background()
	m, err := tb.st.MatchByID(ctx, tb.ev.ID, *tb.gl.MatchID)
	if err != nil {
		b.Fatal(err)
	}
	t := &trackedGame{event: tb.ev, log: tb.gl, match: m, side: engine.P1, base: "/p/x", url: "/p/x/games/1", current: true}
	_, l, err := gamelog.TextBody(tb.gl.Body)
	if err != nil {
		b.Fatal(err)
	}
	st := engine.Run(l, tb.jc.Engine, engine.ReplayOptions{}).Final
	line := engine.FormatAction(engine.NextMoves(&st, st.TurnPlayer)[0]) + byMark(st.TurnPlayer)
	page := views.Page{Title: "Table 1", CSSURL: "/static/x/app.css"}
	b.ReportAllocs()
	for b.Loop() {
		base, before, err := gamelog.TextBody(tb.gl.Body)
		if err != nil {
			b.Fatal(err)
		}
		body, after, problem := gamelog.AppendLine(base, before, line)
		if !problem.IsZero() {
			b.Fatal(problem.In(ctx))
		}
		r := engine.Run(after, tb.jc.Engine, engine.ReplayOptions{RunOn: true})
		if r.Steps[len(r.Steps)-1].Violation != nil {
			b.Fatal(r.Steps[len(r.Steps)-1].Violation)
		}
		_ = gamelog.Totals(&r.Final)
		mv := trackerModel(ctx, t, &trackerReplay{log: after, replay: r, cards: tb.jc, body: body}, nil, trackerFrame(ctx, t, views.TrackerPage{}, time.Now()))
		if err := views.TrackerView(page, mv).Render(ctx, io.Discard); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(len(l.Actions)), "actions")
}

var benchCSRF = regexp.MustCompile(`name="_csrf" value="([^"]+)"`)

// BenchmarkTrackerTapHTTP is a tap from a phone end to end over HTTP on a
// real database, as live.js sends it: the POST (the player's link checked,
// the game's row held while the line is checked and appended, in one
// transaction with its audit row and notice) and the GET its redirect leads
// to (the tracker rendered for the phone). Taps alternate with undoing
// them, so the game stays as long.
func BenchmarkTrackerTapHTTP(b *testing.B) {
	tb := newTrackerBench(b, benchGameActions)
	hs := httptest.NewServer(tb.srv)
	b.Cleanup(hs.Close)
	_, l, err := gamelog.TextBody(tb.gl.Body)
	if err != nil {
		b.Fatal(err)
	}
	st := engine.Run(l, tb.jc.Engine, engine.ReplayOptions{}).Final
	side := st.TurnPlayer
	line := engine.FormatAction(engine.NextMoves(&st, side)[0])
	game := hs.URL + "/p/" + tb.tokens[side] + "/games/" + strconv.FormatInt(tb.gl.ID, 10)
	jar, _ := cookiejar.New(nil)
	client := &http.Client{Jar: jar}
	res, err := client.Get(game)
	if err != nil {
		b.Fatal(err)
	}
	page, _ := io.ReadAll(res.Body)
	res.Body.Close()
	tok := benchCSRF.FindSubmatch(page)
	if tok == nil {
		b.Fatalf("no form on the tracker (%d)", res.StatusCode)
	}
	post := func(path string, form url.Values) {
		form.Set("_csrf", string(tok[1]))
		req, _ := http.NewRequest(http.MethodPost, game+path, strings.NewReader(form.Encode()))
		req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
		res, err := client.Do(req)
		if err != nil {
			b.Fatal(err)
		}
		out, _ := io.ReadAll(res.Body)
		res.Body.Close()
		if res.StatusCode != http.StatusOK || !strings.Contains(string(out), `data-live-part="tracker"`) || strings.Contains(string(out), `data-testid="tracker-problem"`) {
			b.Fatalf("%s: %d\n%s", path, res.StatusCode, out)
		}
	}
	n := strconv.Itoa(len(l.Actions))
	after := strconv.Itoa(len(l.Actions) + 1)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if i%2 == 0 {
			post("", url.Values{"line": {line}, "step": {n}})
		} else {
			post("/undo", url.Values{"step": {after}})
		}
	}
	b.ReportMetric(float64(len(l.Actions)), "actions")
}

// benchServer is the tracker's routes on a bare Echo, behind the
// middleware the server puts before every page (server/routes.go).
func benchServer(st *storage.Store) (*Handler, http.Handler) {
	kit := &web.Kit{Store: st, Log: slog.New(slog.DiscardHandler), Now: time.Now, BcryptCost: bcrypt.MinCost}
	h := New(kit, readmodel.NewCache(st), gamelog.NewCardCache(st))
	e := echo.New()
	e.HTTPErrorHandler = kit.HandleError
	app := e.Group("", web.PlainInput, kit.CSRF(), kit.LoadSession, kit.ChooseLanguage, kit.SetupGate, kit.EventScope)
	app.GET("/p/:token/games/:log", h.TrackerShow)
	app.POST("/p/:token/games/:log", h.TrackerAct)
	app.POST("/p/:token/games/:log/undo", h.TrackerUndo)
	return h, e
}
