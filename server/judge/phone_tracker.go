package judge

import (
	"context"
	"errors"
	"net/http"
	"regexp"
	"strconv"
	"strings"

	"github.com/labstack/echo/v4"
	"github.com/tenkaichi-org/tenkaichi/rules/engine"
	"github.com/tenkaichi-org/tenkaichi/server/gamelog"
	"github.com/tenkaichi-org/tenkaichi/server/web"
	"github.com/tenkaichi-org/tenkaichi/storage"
	"github.com/tenkaichi-org/tenkaichi/storage/judging"
	"github.com/tenkaichi-org/tenkaichi/views"
	"github.com/tenkaichi-org/tenkaichi/views/i18n"
)

// The game tracker: both players of a match record a game from their phones
// into a game log (docs/event-day.md, "The game tracker"). Each tap appends
// one line of the notation (docs/game-log.md) marked with the phone that
// entered it, and the engine replays the log at once, so an illegal action
// is flagged on both phones with its rule. Every form carries the number of
// actions the phone saw: a tap sent twice is applied once, and a tap made on
// a board that has moved on since is refused rather than applied to another
// game than the one the player saw.

// trackerPlayer is the player of the link, on an event whose game the rules
// engine knows: an event of another game has no tracker (404, saying why).
func (h *Handler) trackerPlayer(c echo.Context) (*storage.Entry, *storage.Event, error) {
	en, ev, err := h.PlayerFromLink(c)
	if err != nil {
		return nil, nil, err
	}
	if g := web.GameOf(ev.Game); !g.Engine {
		return nil, nil, web.Failed(http.StatusNotFound, i18n.M("TrackerNoEngine", i18n.Args{"Game": web.GameNameMessage(g.ID)}))
	}
	return en, ev, nil
}

// trackedGame is a tracked game as one of its players opens it.
type trackedGame struct {
	entry *storage.Entry
	event *storage.Event
	log   *storage.GameLog
	match *storage.Match
	round *storage.Round
	// current: the match is the player's match of the latest round shown
	// to players (an older game is shown, not changed).
	current bool
	side    engine.Side
	names   [2]string // P1's and P2's names, as the log has them
	base    string    // the player's page, /p/{token}
	url     string    // this game's tracker
}

// trackedGame loads the game of the URL for the player of the link; another
// player's game, or a log that is not a tracker's, is not found.
func (h *Handler) trackedGame(c echo.Context) (*trackedGame, error) {
	en, ev, err := h.trackerPlayer(c)
	if err != nil {
		return nil, err
	}
	ctx := c.Request().Context()
	id, err := strconv.ParseInt(c.Param("log"), 10, 64)
	if err != nil || id <= 0 {
		return nil, web.NotFound()
	}
	gl, err := judging.New(h.Store).GameLogByID(ctx, ev.ID, id)
	if err != nil {
		return nil, err
	}
	if !gl.Tracker || gl.MatchID == nil {
		return nil, web.NotFound()
	}
	m, err := h.Store.MatchByID(ctx, ev.ID, *gl.MatchID)
	if err != nil {
		return nil, err
	}
	t := &trackedGame{entry: en, event: ev, log: gl, match: m, base: "/p/" + c.Param("token")}
	t.url = t.base + "/games/" + strconv.FormatInt(gl.ID, 10)
	switch m.Side(en.ID) {
	case storage.ResultP1:
		t.side = engine.P1
	case storage.ResultP2:
		t.side = engine.P2
	default:
		return nil, web.NotFound()
	}
	rounds, err := h.Store.Rounds(ctx, ev.ID)
	if err != nil {
		return nil, err
	}
	var latest *storage.Round
	for i := range rounds {
		if rounds[i].ID == m.RoundID {
			t.round = &rounds[i]
		}
		if rounds[i].Status != storage.RoundPreview {
			latest = &rounds[i]
		}
	}
	t.current = t.round != nil && latest != nil && latest.ID == t.round.ID
	return t, nil
}

// closed says why the game can no longer be changed (zero: it can).
func (t *trackedGame) closed() i18n.Message {
	switch {
	case t.match.Status == storage.MatchConfirmed:
		return i18n.M("TrackerMatchFinal", nil)
	case !t.current:
		return i18n.M("TrackerOldRound", nil)
	}
	return i18n.Message{}
}

// byComment marks the line a phone entered: "P1 draw  # by P1". Undo reads
// it back; a line a judge recorded has none and is nobody's to undo.
var byComment = regexp.MustCompile(`\s#\s*by (P[12])\s*$`)

func byMark(side engine.Side) string { return "  # by " + side.String() }

// enteredBy is the side whose phone entered the action on line n (1-based)
// of body, or NoSide.
func enteredBy(body string, n int) engine.Side {
	lines := strings.Split(body, "\n")
	if n < 1 || n > len(lines) {
		return engine.NoSide
	}
	m := byComment.FindStringSubmatch(strings.TrimRight(lines[n-1], "\r"))
	switch {
	case m == nil:
		return engine.NoSide
	case m[1] == "P1":
		return engine.P1
	}
	return engine.P2
}

// undoneMark is the comment an undone line becomes, so the log keeps what
// was undone, by whom and at which step.
func undoneMark(side engine.Side, step int) string {
	return "# undone by " + side.String() + " (step " + strconv.Itoa(step) + "): "
}

// trackerProblem is a refused tap: the page says why, with this status, and
// the log is unchanged.
type trackerProblem struct {
	status int
	msg    i18n.Message
}

// Error is why the tap was refused (the page words msg itself).
func (p *trackerProblem) Error() string { return p.msg.In(context.Background()) }

// expectedStep reads the number of actions the phone saw.
func expectedStep(c echo.Context) (int, bool) {
	n, err := strconv.Atoi(c.FormValue("step"))
	return n, err == nil && n >= 0
}

// TrackerAct enters one action: a one-tap button's line or a typed one.
func (h *Handler) TrackerAct(c echo.Context) error {
	t, err := h.trackedGame(c)
	if err != nil {
		return err
	}
	ctx := c.Request().Context()
	line := strings.Join(strings.Fields(c.FormValue("line")), " ")
	m := views.TrackerPage{Line: line}
	refuse := func(status int, msg i18n.Message) error {
		m.Problem = msg
		return h.renderTracker(c, t, m, status)
	}
	if msg := t.closed(); !msg.IsZero() {
		return refuse(http.StatusConflict, msg)
	}
	expect, ok := expectedStep(c)
	if !ok {
		return refuse(http.StatusUnprocessableEntity, i18n.M("TrackerReload", nil))
	}
	switch {
	case line == "":
		return refuse(http.StatusUnprocessableEntity, i18n.M("TrackerLineEmpty", nil))
	case strings.ContainsAny(line, "#\r\n") || len(line) > 300 || !web.PlainText(line):
		return refuse(http.StatusUnprocessableEntity, i18n.M("TrackerOneLine", nil))
	}
	// Read the line against the log as loaded, to refuse what cannot be
	// read at once and to know the cards it names: the transaction below
	// then only reads, checks and writes.
	base, pre, err := gamelog.TextBody(t.log.Body)
	if err != nil {
		return refuse(http.StatusUnprocessableEntity, gamelog.ParseProblem(err))
	}
	appended, named, problem := gamelog.AppendLine(base, pre, line+byMark(t.side))
	if !problem.IsZero() {
		return refuse(http.StatusUnprocessableEntity, problem)
	}
	jc, err := h.cards.Cards(ctx, gamelog.Numbers(named))
	if err != nil {
		return err
	}
	_, err = judging.New(h.Store).ChangeGameLog(ctx, h.playerActor(t), t.event.ID, t.log.ID, func(cur *storage.GameLog) (*judging.GameLogChange, error) {
		// Usually nobody has written since the log was read: what was read
		// above stands; else read the log as it is now.
		before, body, after := pre, appended, named
		if cur.Body != t.log.Body {
			base, before, err = gamelog.TextBody(cur.Body)
			if err != nil {
				return nil, &trackerProblem{http.StatusUnprocessableEntity, gamelog.ParseProblem(err)}
			}
			var problem i18n.Message
			if body, after, problem = gamelog.AppendLine(base, before, line+byMark(t.side)); !problem.IsZero() {
				return nil, &trackerProblem{http.StatusUnprocessableEntity, problem}
			}
		}
		n := len(before.Actions)
		entered := after.Actions[n]
		if n != expect {
			if n == expect+1 && engine.FormatAction(before.Actions[n-1]) == engine.FormatAction(entered) {
				return nil, nil // this tap, sent again (or the same tap from the other phone): already in
			}
			return nil, &trackerProblem{http.StatusConflict, i18n.M("TrackerMovedOn", nil)}
		}
		if entered.Verb == engine.VerbConcede && entered.Player != t.side {
			return nil, &trackerProblem{http.StatusUnprocessableEntity, i18n.M("TrackerConcedeOwn", nil)}
		}
		r := engine.Run(after, jc.Engine, engine.ReplayOptions{RunOn: true})
		audit := map[string]any{"append": engine.FormatAction(entered), "step": n + 1, "by": t.side.String()}
		if v := r.Steps[n].Violation; v != nil {
			audit["illegal"] = v.Rule
		}
		return &judging.GameLogChange{Body: body, Totals: gamelog.Totals(&r.Final), Audit: audit}, nil
	})
	return h.answerTap(c, t, m, err)
}

// TrackerUndo takes back the player's own last action: its line becomes a
// comment saying what was undone, so both phones and the judge see it.
func (h *Handler) TrackerUndo(c echo.Context) error {
	t, err := h.trackedGame(c)
	if err != nil {
		return err
	}
	ctx := c.Request().Context()
	var m views.TrackerPage
	refuse := func(status int, msg i18n.Message) error {
		m.Problem = msg
		return h.renderTracker(c, t, m, status)
	}
	if msg := t.closed(); !msg.IsZero() {
		return refuse(http.StatusConflict, msg)
	}
	expect, ok := expectedStep(c)
	if !ok || expect < 1 {
		return refuse(http.StatusUnprocessableEntity, i18n.M("TrackerReload", nil))
	}
	if ruled, err := h.ruledOn(ctx, t, expect); err != nil || ruled {
		if err != nil {
			return err
		}
		return refuse(http.StatusConflict, i18n.M("TrackerUndoRuled", nil))
	}
	_, pre, err := gamelog.TextBody(t.log.Body)
	if err != nil {
		return refuse(http.StatusUnprocessableEntity, gamelog.ParseProblem(err))
	}
	jc, err := h.cards.Cards(ctx, gamelog.Numbers(pre))
	if err != nil {
		return err
	}
	_, err = judging.New(h.Store).ChangeGameLog(ctx, h.playerActor(t), t.event.ID, t.log.ID, func(cur *storage.GameLog) (*judging.GameLogChange, error) {
		base, before, err := gamelog.TextBody(cur.Body)
		if err != nil {
			return nil, &trackerProblem{http.StatusUnprocessableEntity, gamelog.ParseProblem(err)}
		}
		n := len(before.Actions)
		mark := undoneMark(t.side, expect)
		if n == expect-1 && strings.HasPrefix(lastLine(base), mark) {
			return nil, nil // this undo, sent again: already done
		}
		if n != expect {
			return nil, &trackerProblem{http.StatusConflict, i18n.M("TrackerMovedOn", nil)}
		}
		last := before.Actions[n-1]
		if enteredBy(base, last.Line) != t.side {
			return nil, &trackerProblem{http.StatusConflict, i18n.M("TrackerUndoNotYours", nil)}
		}
		lines := strings.Split(base, "\n")
		lines[last.Line-1] = mark + engine.FormatAction(last)
		body := strings.Join(lines, "\n")
		after, err := engine.ParseLog([]byte(body))
		if err != nil || len(after.Actions) != n-1 {
			return nil, errors.New("tracker: undo did not remove exactly one action") // our bug
		}
		r := engine.Run(after, jc.Engine, engine.ReplayOptions{RunOn: true})
		return &judging.GameLogChange{Body: body, Totals: gamelog.Totals(&r.Final),
			Audit: map[string]any{"undo": engine.FormatAction(last), "step": n, "by": t.side.String()}}, nil
	})
	return h.answerTap(c, t, m, err)
}

// ruledOn says whether a judge has ruled on step of the tracked game.
func (h *Handler) ruledOn(ctx context.Context, t *trackedGame, step int) (bool, error) {
	rulings, err := judging.New(h.Store).RulingsForLog(ctx, t.event.ID, t.log.ID)
	if err != nil {
		return false, err
	}
	for _, r := range rulings {
		if r.Step != nil && *r.Step == step {
			return true, nil
		}
	}
	return false, nil
}

// answerTap answers a tap once its transaction is over: a redirect to the
// tracker (post/redirect/get; live.js follows it in the background), or,
// for a refused tap, the page with why, m's typed line kept, under a 4xx
// status.
func (h *Handler) answerTap(c echo.Context, t *trackedGame, m views.TrackerPage, err error) error {
	var tp *trackerProblem
	if errors.As(err, &tp) {
		m.Problem = tp.msg
		return h.renderTracker(c, t, m, tp.status)
	}
	if err != nil {
		return err
	}
	return web.Redirect(c, t.url)
}

// lastLine is the last line of s that is not blank.
func lastLine(s string) string {
	s = strings.TrimRight(s, " \t\r\n")
	return strings.TrimSpace(s[strings.LastIndexByte(s, '\n')+1:])
}

// TrackerCallJudge calls a judge to the game: the call names the game's log
// and the step it is at, so the judge console opens it there.
func (h *Handler) TrackerCallJudge(c echo.Context) error {
	t, err := h.trackedGame(c)
	if err != nil {
		return err
	}
	ctx := c.Request().Context()
	_, l, err := gamelog.TextBody(t.log.Body)
	step := 0
	if err == nil {
		step = len(l.Actions)
	}
	// Kept in English, like a dispute's; the judges' page says it in its
	// language (callReasonText).
	reason := storedText(context.Background(), i18n.M("TrackerCallReason", i18n.Args{"Step": step}))
	if _, err := judging.New(h.Store).OpenGameJudgeCall(ctx, t.event.ID, t.entry.ID, t.log, step, reason); err != nil {
		return err
	}
	return web.Redirect(c, t.url)
}

// playerActor is who the audit log names for a tap.
func (h *Handler) playerActor(t *trackedGame) storage.Actor {
	return storage.PlayerActor(t.entry.PlayerName)
}

// TrackerShow is the tracker of one game (GET: live.js fetches it again
// when the other phone enters something).
func (h *Handler) TrackerShow(c echo.Context) error {
	t, err := h.trackedGame(c)
	if err != nil {
		return err
	}
	return h.renderTracker(c, t, views.TrackerPage{}, http.StatusOK)
}
