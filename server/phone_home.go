package server

import (
	"context"
	"errors"
	"net/http"
	"strconv"
	"time"

	"github.com/a-h/templ"
	"github.com/labstack/echo/v4"
	"github.com/tenkaichi-org/tenkaichi/rules"
	"github.com/tenkaichi-org/tenkaichi/server/gamelog"
	"github.com/tenkaichi-org/tenkaichi/server/readmodel"
	"github.com/tenkaichi-org/tenkaichi/server/web"
	"github.com/tenkaichi-org/tenkaichi/storage"
	"github.com/tenkaichi-org/tenkaichi/storage/judging"
	"github.com/tenkaichi-org/tenkaichi/views"
	"github.com/tenkaichi-org/tenkaichi/views/i18n"
)

// playerHome is GET /p/:token, the page every phone reloads when a round is
// published: one query reads the event's play version (and finds the link,
// the first time this instance sees it), the rest comes from the event's
// shared read model, and the page is sent as kept while it holds
// (phone_home_kept.go).
func (s *Server) playerHome(c echo.Context) error {
	ctx := c.Request().Context()
	hash := web.HashToken(c.Param("token"))
	link, err := s.playerLink(ctx, hash)
	if errors.Is(err, storage.ErrNotFound) {
		return s.LinkMiss(c)
	}
	if err != nil {
		return err
	}
	rm, err := s.models.Of(ctx, link.EventID, link.PlayVersion)
	if err != nil {
		return err
	}
	en := s.linkedEntry(rm, link, hash)
	if en == nil {
		// Deleted, or given a new link, since the link was read.
		return s.LinkMiss(c)
	}
	ev := rm.Data.Event
	c.SetCookie(&http.Cookie{Name: playerCookie(ev.ID), Value: c.Param("token"), Path: "/", HttpOnly: true,
		Secure: s.Secure(c), SameSite: http.SameSiteLaxMode, MaxAge: 7 * 24 * 3600})
	t, keepable := s.playerPageTagsOf(c, rm, en, link.PlayVersion)
	if !keepable {
		return s.renderPlayerPage(c, rm, en, ev, views.PlayerHome{}, http.StatusOK)
	}
	if done, err := web.NotModified(c, t.etag); done {
		return err
	}
	key := keptPageKey{hash, t.enc}
	kp := s.phones.page(key, t.tag)
	if kp == nil {
		page, err := s.playerPageView(c, rm, en, ev, views.PlayerHome{})
		if err != nil {
			return err
		}
		var part func([]byte) (int, int, bool)
		if t.clock != nil {
			part = clockPart
		}
		if kp, err = web.RenderKept(c, page, t.tag, t.enc, part); err != nil {
			return err
		}
		if t.clock != nil && !kp.Split() {
			// The clock is in the body: the page holds for this second only.
			kp.Tag = t.etag
		}
		s.phones.keepPage(key, kp)
	}
	clock, err := clockMarkup(ctx, t.clock)
	if err != nil {
		return err
	}
	return web.SendKept(c, kp, t.etag, clock)
}

// renderPlayerHome shows the player's page after a form (en and ev as the
// handler read them).
func (s *Server) renderPlayerHome(c echo.Context, en *storage.Entry, ev *storage.Event, m views.PlayerHome, status int) error {
	rm, err := s.models.Of(c.Request().Context(), ev.ID, 0)
	if err != nil {
		return err
	}
	return s.renderPlayerPage(c, rm, en, ev, m, status)
}

// renderPlayerPage renders the player's page from the event's read model. The
// read model is shared: nothing in it is changed here.
func (s *Server) renderPlayerPage(c echo.Context, rm *readmodel.Model, en *storage.Entry, ev *storage.Event, m views.PlayerHome, status int) error {
	page, err := s.playerPageView(c, rm, en, ev, m)
	if err != nil {
		return err
	}
	return web.Render(c, status, page)
}

// playerPageView is the player's page, ready to render.
func (s *Server) playerPageView(c echo.Context, rm *readmodel.Model, en *storage.Entry, ev *storage.Event, m views.PlayerHome) (templ.Component, error) {
	ctx := c.Request().Context()
	m.Token = "/p/" + c.Param("token")
	m.EventID, m.EventName, m.PlayerName = ev.ID, ev.Name, en.PlayerName
	m.Status = statusLabel(ev.Status)
	m.Waitlisted, m.Dropped = en.Waitlisted, en.DroppedRound != nil || en.Disqualified
	m.DeckStatus, m.DeckLocked = en.DeckStatus, ev.DecksLocked || ev.Status == storage.StatusFinished
	m.DeckLockedWhy = i18n.M("PhoneDecksLocked", nil)
	if ev.Status == storage.StatusFinished {
		m.DeckLockedWhy = i18n.M("PhoneDecksFinished", nil)
	}
	m.DeckFormat = i18n.M("DecksCheckedFor", i18n.Args{"Format": web.GameFormatName(ctx, ev.Format)})
	m.DeckHint = web.DeckPasteHint(ctx, rules.Game(ev.Game))
	if ev.DeckDeadline != nil {
		m.DeckDeadline = i18n.DateTime(ctx, *ev.DeckDeadline, ev.Location())
	}
	if m.DeckText == "" {
		m.DeckText = en.DeckText
	}
	if m.DeckResult == nil {
		m.DeckProblems = web.StoredDeckProblems(en)
	}
	flash := ""
	if m.Notice.IsZero() {
		flash = web.TakeFlashID(c)
		m.Notice = web.FlashMessage(flash)
	}
	if flash == msgDeckSaved && m.DeckResult == nil {
		// Just saved (and redirected here): show the whole check once more,
		// and say whether the list is legal.
		if res, _, problem := s.checkEntryDeck(c, ev, en, en.DeckText); problem.IsZero() {
			m.DeckResult = res
		}
		m.Notice = deckSavedText(ctx, en, ev, len(m.DeckProblems))
		m.NoticeWarn = en.DeckStatus != storage.DeckLegal
	}
	m.Announcements = web.AnnouncementList(ctx, nil, rm.Announcements, false)
	m.CallOpen = rm.CallOpen[en.ID]
	m.DayNote, m.FinishedDay1 = dayNote(rm.Data, en)
	m.Match = s.currentMatch(ctx, rm, en)
	playerTeamLines(&m, rm.Data, en)
	if err := s.matchAtTime(c.Request().Context(), rm, en, m.Match); err != nil {
		return nil, err
	}
	if err := s.recordedGame(c.Request().Context(), rm, m.Match); err != nil {
		return nil, err
	}
	// A standing means something once results are in: before that every
	// player is on 0 points and the rank is only the order of entry.
	if ranked := m.Match != nil && m.Match.Status == storage.MatchConfirmed || anyRoundComplete(rm.Data.Rounds); ranked {
		ranks, err := rm.PlayerRanks()
		if err != nil {
			return nil, err
		}
		if r, ok := ranks[readmodel.PlayerID(en.ID)]; ok {
			m.Rank, m.Points, m.Record = r.Rank, r.Points, r.Record
			m.Placing, m.LostIn = r.Place, r.LostIn
		}
		if err := teamPlacing(&m, rm, en); err != nil {
			return nil, err
		}
	}
	if i18n.Lang(ctx) == "ja" {
		// Only the cards the problems name, from the shared card cache.
		var shown []views.DeckProblem
		if m.DeckResult != nil {
			shown = m.DeckResult.Problems
		}
		if numbers := problemCards(shown, m.DeckProblems); len(numbers) > 0 {
			if jc, err := s.cards.Cards(ctx, numbers); err == nil {
				web.WithCardNames(c, jc.Pool)
			}
		}
	}
	p := s.PageTitled(c, i18n.Verbatim(ev.Name))
	p.Flash = i18n.Message{} // shown inside the page
	p.ForPlayer = true
	p.JSURL = web.LiveScriptURL()
	return views.PlayerHomeView(p, m), nil
}

func anyRoundComplete(rounds []storage.Round) bool {
	for _, r := range rounds {
		if r.Status == storage.RoundFinished {
			return true
		}
	}
	return false
}

// deckSavedText says a list was saved, and whether it is legal.
func deckSavedText(ctx context.Context, en *storage.Entry, ev *storage.Event, problems int) i18n.Message {
	switch {
	case en.DeckStatus == storage.DeckLegal:
		return i18n.M("DeckSavedLegal", nil)
	case ev.DeckDeadline != nil:
		return i18n.MN("DeckSavedNotLegalDeadline", problems, i18n.Args{"Deadline": i18n.DateTime(ctx, *ev.DeckDeadline, ev.Location())})
	}
	return i18n.MN("DeckSavedNotLegal", problems, nil)
}

// matchAtTime adds the end-of-round procedure on the game tracker's counts
// once the match's time is up and its result is not in. The counts change
// with every tap, so they are not in the read model: only then is it worth
// a query.
func (s *Server) matchAtTime(ctx context.Context, rm *readmodel.Model, en *storage.Entry, pm *views.PlayerMatch) error {
	if pm == nil || pm.Bye || !pm.Final.IsZero() || !pm.Clock.TimeUp() {
		return nil
	}
	games, err := judging.New(s.Store).TrackerGames(ctx, rm.Data.Event.ID, []int64{pm.ID})
	if err != nil {
		return err
	}
	if gl, ok := games[pm.ID]; ok {
		mt := rm.MatchOf[en.ID]
		pm.AtTime = gamelog.AtTime(rm.Data.Event.EndOfRound, gl.Totals(), [2]string{rm.Data.Name(&mt.P1EntryID), rm.Data.Name(mt.P2EntryID)})
	}
	return nil
}

// recordedGame finds the game the tracker recorded for a match whose
// tracker is closed, to link to it (read-only: the tracker refuses changes
// to a confirmed match or an old round). The latest round's recorded games
// are read once per read model: what closes a tracker (a confirmed result,
// the event finished) changes the play version, and a closed one does not
// change.
func (s *Server) recordedGame(ctx context.Context, rm *readmodel.Model, pm *views.PlayerMatch) error {
	if pm == nil || pm.Bye || pm.Tracker || !web.GameOf(rm.Data.Event.Game).Engine || rm.Latest == nil {
		return nil
	}
	v, err := rm.Memo("tracker-games", func() (any, error) {
		var ids []int64
		for _, m := range rm.Data.Matches[rm.Latest.Number] {
			ids = append(ids, m.ID)
		}
		// Shared by every request of the read model: one phone giving up
		// must not leave its cancellation behind for the others.
		return judging.New(s.Store).TrackerGames(context.WithoutCancel(ctx), rm.Data.Event.ID, ids)
	})
	if err != nil {
		return err
	}
	if gl, ok := v.(map[int64]storage.GameLog)[pm.ID]; ok {
		pm.RecordedGame = gl.ID
	}
	return nil
}

// currentMatch is the player's match in the latest published round.
func (s *Server) currentMatch(ctx context.Context, rm *readmodel.Model, en *storage.Entry) *views.PlayerMatch {
	round, mt := rm.Latest, rm.MatchOf[en.ID]
	if round == nil || mt == nil {
		return nil
	}
	d := rm.Data
	side := mt.Side(en.ID)
	pm := &views.PlayerMatch{ID: mt.ID, Round: round.Number, RoundName: s.roundTitle(d, round), Kind: round.Kind, Status: mt.Status, BestOf: 1}
	if round.Kind == storage.KindTopCut {
		pm.BestOf = d.Event.TopCutBestOf
	}
	if mt.P2EntryID == nil {
		pm.Bye = true
		return pm
	}
	if mt.TableNo != nil {
		pm.Table = strconv.Itoa(*mt.TableNo)
		pm.Feature = round.Kind == storage.KindSwiss && d.Event.IsFeatureTable(*mt.TableNo)
	}
	opp := mt.P2EntryID
	if side == storage.ResultP2 {
		opp = &mt.P1EntryID
	}
	pm.Opponent = d.Name(opp)
	// The tracker is for a game being played: not once the match's result
	// is confirmed or the event is over (a recorded game stays viewable,
	// recordedGame).
	pm.Tracker = web.GameOf(d.Event.Game).Engine && d.Event.Status != storage.StatusFinished && mt.Status != storage.MatchConfirmed
	pm.Clock = web.ClockView(d.Event.ID, round, time.Duration(mt.ExtensionSeconds)*time.Second, s.Now())
	for _, r := range rm.Reports[mt.ID] {
		text := describeResult(r.Result, r.P1Wins, r.P2Wins, side, pm.BestOf)
		if r.Intentional {
			text = i18n.M("PhoneResultIntentionalDraw", nil)
		}
		if r.EntryID == en.ID {
			pm.MyReport, pm.MyProposal = text, r.Intentional
			pm.MyGames = web.GamesInPlayerTerms(r.Games, side)
		} else {
			pm.TheirReport, pm.TheirProposal = text, r.Intentional
			pm.TheirResult = r.Result
			pm.NeedConfirm = mt.Status == storage.MatchReported
		}
	}
	if mt.Status == storage.MatchConfirmed {
		pm.Final = describeResult(mt.Result, mt.P1Wins, mt.P2Wins, side, pm.BestOf)
		if mt.Intentional {
			pm.Final = i18n.M("PhoneResultIntentionalDraw", nil)
		}
		pm.Outcome = outcome(mt.Result, side)
	}
	// Either player may propose an intentional draw before or during a
	// Swiss match, unless the event turned them off.
	pm.CanProposeDraw = !d.Event.NoIntentionalDraws && round.Kind == storage.KindSwiss && mt.Status != storage.MatchConfirmed &&
		!pm.MyProposal && !pm.TheirProposal
	return pm
}

// outcome is a final result from one player's side, for its style: only a
// win is shown as good news.
func outcome(result, side string) string {
	switch result {
	case side:
		return "won"
	case storage.ResultDraw:
		return "draw"
	}
	return "lost"
}

// describeResult says a result from one player's side: "You won 2–1".
func describeResult(result string, p1Wins, p2Wins int, side string, bestOf int) i18n.Message {
	mine, theirs := p1Wins, p2Wins
	if side == storage.ResultP2 {
		mine, theirs = p2Wins, p1Wins
	}
	score := i18n.Args{"Mine": mine, "Theirs": theirs}
	scored := bestOf > 1
	switch {
	case result == storage.ResultDoubleLoss:
		return i18n.M("PhoneResultDoubleLoss", nil)
	case result == storage.ResultDraw && scored:
		return i18n.M("PhoneResultDrawScore", score)
	case result == storage.ResultDraw:
		return i18n.M("PhoneResultDraw", nil)
	case result == side && scored:
		return i18n.M("PhoneResultWonScore", score)
	case result == side:
		return i18n.M("PhoneResultWon", nil)
	case (result == storage.ResultP1 || result == storage.ResultP2) && scored:
		return i18n.M("PhoneResultLostScore", score)
	case result == storage.ResultP1 || result == storage.ResultP2:
		return i18n.M("PhoneResultLost", nil)
	}
	return i18n.Message{}
}

// problemCards are the values of deck problems that may be card numbers.
func problemCards(problems ...[]views.DeckProblem) []string {
	var out []string
	for _, list := range problems {
		for _, p := range list {
			for _, v := range p.Args {
				if s, ok := v.(string); ok && rules.CanonicalNumber(s) != "" {
					out = append(out, s)
				}
			}
		}
	}
	return out
}
