package server

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"slices"
	"sort"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/labstack/echo/v4"
	"github.com/tenkaichi-org/tenkaichi/rules"
	"github.com/tenkaichi-org/tenkaichi/server/judge"
	"github.com/tenkaichi-org/tenkaichi/server/readmodel"
	"github.com/tenkaichi-org/tenkaichi/server/web"
	"github.com/tenkaichi-org/tenkaichi/storage"
	"github.com/tenkaichi-org/tenkaichi/views"
	"github.com/tenkaichi-org/tenkaichi/views/i18n"
)

// Decks: the organiser's overview, lock and publish.

func (s *Server) showDecks(c echo.Context) error {
	e, err := s.StaffEvent(c)
	if err != nil {
		return err
	}
	entries, err := s.Store.Entries(c.Request().Context(), e.ID)
	if err != nil {
		return err
	}
	ctx := c.Request().Context()
	pool, err := s.Store.CardPool(ctx, rules.Game(e.Game))
	if err != nil {
		return err
	}
	web.WithCardNames(c, pool)
	g := web.GameOf(e.Game)
	m := views.DecksPage{Nav: web.Nav(e, "decks"), Locked: e.DecksLocked, Public: e.DecksPublic,
		LeaderHeading: web.LeaderWord(ctx, g), Format: web.GameFormatName(ctx, e.Format)}
	if len(pool) == 0 {
		m.PoolWarning = i18n.T(ctx, "EventNoCards", i18n.Args{"Game": web.GameName(ctx, g.ID)})
	}
	for _, en := range entries {
		if en.Waitlisted {
			continue
		}
		row := views.DeckRow{EntryID: en.ID, Name: en.PlayerName, Status: en.DeckStatus, Leader: web.LeaderLabel(ctx, pool, en.DeckLeader), Checked: en.DeckChecked, Version: en.Version}
		if en.DeckProblems != "" {
			_ = json.Unmarshal([]byte(en.DeckProblems), &row.Problems)
		}
		switch en.DeckStatus {
		case storage.DeckLegal:
			m.Legal++
		case storage.DeckIllegal:
			m.Illegal++
		default:
			m.Missing++
		}
		m.Rows = append(m.Rows, row)
	}
	// Problems first: missing and illegal lists are what the organiser chases.
	order := map[string]int{storage.DeckMissing: 0, storage.DeckIllegal: 1, storage.DeckLegal: 2}
	sort.SliceStable(m.Rows, func(i, j int) bool { return order[m.Rows[i].Status] < order[m.Rows[j].Status] })
	return web.Render(c, http.StatusOK, views.DecksPageView(s.Page(c, i18n.T(c.Request().Context(), "StaffDecksTitle", i18n.Args{"Event": e.Name})), m))
}

func (s *Server) deckSettings(c echo.Context) error {
	e, err := s.OrganiserEvent(c)
	if err != nil {
		return err
	}
	locked, public := e.DecksLocked, e.DecksPublic
	switch c.FormValue("action") {
	case "lock":
		locked = true
	case "unlock":
		locked = false
	case "publish":
		public = true
	case "unpublish":
		public = false
	default:
		return &web.Error{Code: http.StatusUnprocessableEntity, Safe: i18n.T(c.Request().Context(), "StaffErrUnknownAction", nil)}
	}
	if err := s.Store.SetDeckSettings(c.Request().Context(), web.ActorOf(c), e.ID, locked, public); err != nil {
		return err
	}
	web.SetFlash(c, msgDecksChanged)
	return web.Redirect(c, fmt.Sprintf("/events/%d/decks", e.ID))
}

// Penalties.

func (s *Server) penaltiesPage(c echo.Context, e *storage.Event, f views.PenaltyForm, status int) error {
	ctx := c.Request().Context()
	d, err := readmodel.Load(ctx, s.Store, e)
	if err != nil {
		return err
	}
	ps, err := s.Store.Penalties(ctx, e.ID)
	if err != nil {
		return err
	}
	m := views.PenaltiesPage{Nav: web.Nav(e, "penalties"), Kinds: judge.PenaltyKinds(ctx), Form: f}
	for _, en := range d.Entries {
		if !en.Waitlisted {
			m.Players = append(m.Players, views.Option{Value: strconv.FormatInt(en.ID, 10), Label: en.PlayerName})
		}
	}
	for _, p := range ps {
		m.Rows = append(m.Rows, views.PenaltyRow{When: i18n.Clock(ctx, p.CreatedAt, e.Location()), Player: d.Name(&p.EntryID),
			Kind: judge.PenaltyLabel(ctx, p.Kind), Infraction: p.Infraction, Judge: p.JudgeName, Note: p.Note})
	}
	return web.Render(c, status, views.PenaltiesView(s.Page(c, i18n.T(c.Request().Context(), "PhonePenaltiesTitle", i18n.Args{"Event": e.Name})), m))
}

func (s *Server) showPenalties(c echo.Context) error {
	e, err := s.StaffEvent(c)
	if err != nil {
		return err
	}
	return s.penaltiesPage(c, e, views.PenaltyForm{Kind: "warning"}, http.StatusOK)
}

// maxInfraction is the longest infraction name a penalty takes.
const maxInfraction = 120

func (s *Server) givePenalty(c echo.Context) error {
	e, err := s.StaffEvent(c)
	if err != nil {
		return err
	}
	f := views.PenaltyForm{EntryID: c.FormValue("entry_id"), Kind: c.FormValue("kind"),
		Infraction: strings.TrimSpace(c.FormValue("infraction")), Note: strings.TrimSpace(c.FormValue("note")), Errors: views.FieldErrors{}}
	ctx := c.Request().Context()
	entryID, err := strconv.ParseInt(f.EntryID, 10, 64)
	if err != nil {
		f.Errors["entry_id"] = i18n.T(ctx, "StaffPenaltyChoosePlayer", nil)
	} else if _, err := s.Store.EntryByID(ctx, e.ID, entryID); err != nil {
		f.Errors["entry_id"] = i18n.T(ctx, "StaffPenaltyChoosePlayer", nil)
	}
	if !slices.Contains(storage.RulingPenaltyKinds, f.Kind) {
		f.Errors["kind"] = i18n.T(ctx, "JudgePenaltyKindProblem", nil)
	}
	if n := utf8.RuneCountInString(f.Infraction); n == 0 || n > maxInfraction {
		f.Errors["infraction"] = i18n.T(ctx, "StaffPenaltyInfractionProblem", i18n.Args{"Max": maxInfraction})
	}
	if len(f.Errors) > 0 {
		return s.penaltiesPage(c, e, f, http.StatusUnprocessableEntity)
	}
	p := &storage.RulingPenalty{EventID: e.ID, EntryID: entryID, Kind: f.Kind, Infraction: f.Infraction, Note: f.Note}
	if err := s.Store.GivePenalty(c.Request().Context(), web.ActorOf(c), p, 0); err != nil {
		return err
	}
	web.SetFlash(c, msgPenaltySaved)
	return web.Redirect(c, fmt.Sprintf("/events/%d/penalties", e.ID))
}

// Judge calls.

func (s *Server) showCalls(c echo.Context) error {
	e, err := s.StaffEvent(c)
	if err != nil {
		return err
	}
	ctx := c.Request().Context()
	d, err := readmodel.Load(ctx, s.Store, e)
	if err != nil {
		return err
	}
	calls, err := s.Store.JudgeCalls(ctx, e.ID)
	if err != nil {
		return err
	}
	type placed struct {
		match *storage.Match
		round int
	}
	matches := map[int64]placed{}
	for n, ms := range d.Matches {
		for i := range ms {
			matches[ms[i].ID] = placed{&ms[i], n}
		}
	}
	m := views.JudgeQueuePage{Nav: web.Nav(e, "judge")}
	for _, call := range calls {
		row := views.JudgeCallRow{ID: call.ID, Player: d.Name(call.EntryID), Reason: callReasonText(ctx, call), Status: call.Status, TakenBy: call.TakenBy,
			Waiting: i18n.N(ctx, "CallWaiting", int(s.Now().Sub(call.CreatedAt)/time.Minute), nil), Table: "?"}
		if call.MatchID != nil {
			if pm, ok := matches[*call.MatchID]; ok {
				if err := s.describeCallMatch(ctx, e, d, pm.match, pm.round, &row); err != nil {
					return err
				}
			}
		}
		if call.GameLogID != nil {
			if call.Step != nil {
				row.GameStep = *call.Step
			}
			row.GameURL = judge.StepURL(e, *call.GameLogID, row.GameStep) + "&call=" + strconv.FormatInt(call.ID, 10)
		}
		m.Calls = append(m.Calls, row)
	}
	p := s.Page(c, i18n.T(c.Request().Context(), "PhoneJudgeCallsTitle", i18n.Args{"Event": e.Name}))
	p.JSURL = web.LiveScriptURL()
	return web.Render(c, http.StatusOK, views.JudgeQueueView(p, m))
}

// callReasonText is a judge call's reason in the page's language where it
// is one of Tenkaichi's own: a dispute's (storage.DisputeReason), a call
// from a player's phone or from the game tracker at its step. Those are
// kept in English, and were kept in the player's language before, so the
// text of every language is recognised; any other reason (an imported
// event's) is shown as it is.
func callReasonText(ctx context.Context, call storage.JudgeCall) string {
	if call.Reason == storage.DisputeReason {
		return i18n.T(ctx, "PhoneCallDisputeReason", nil)
	}
	for _, l := range i18n.Languages() {
		in := i18n.WithLanguage(context.Background(), l.Code)
		if call.Reason == i18n.T(in, "PhoneCallReason", nil) {
			return i18n.T(ctx, "PhoneCallReason", nil)
		}
		if call.Step != nil && call.Reason == i18n.T(in, "TrackerCallReason", i18n.Args{"Step": *call.Step}) {
			return i18n.T(ctx, "TrackerCallReason", i18n.Args{"Step": *call.Step})
		}
	}
	return call.Reason
}

// describeCallMatch fills a call's table, both players and what each
// reported, so a judge walks to the table knowing the dispute.
func (s *Server) describeCallMatch(ctx context.Context, e *storage.Event, d *readmodel.EventData, mt *storage.Match, round int, row *views.JudgeCallRow) error {
	if mt.TableNo != nil {
		row.Table = strconv.Itoa(*mt.TableNo)
	}
	row.P1, row.P2 = d.Name(&mt.P1EntryID), d.Name(mt.P2EntryID)
	row.MatchStatus = mt.Status
	row.RoundURL = fmt.Sprintf("/events/%d/rounds/%d#match-%d", e.ID, round, mt.ID)
	bestOf := 1
	for _, r := range d.Rounds {
		if r.Number == round && r.Kind == storage.KindTopCut {
			bestOf = e.TopCutBestOf
		}
	}
	reports, err := s.Store.Reports(ctx, mt.ID)
	if err != nil {
		return err
	}
	names := views.MatchRow{P1: row.P1, P2: row.P2}
	for _, r := range reports {
		said := matchResultText(ctx, names, storage.Match{Result: r.Result, P1Wins: r.P1Wins, P2Wins: r.P2Wins}, bestOf)
		row.Reports = append(row.Reports, views.CallReport{Player: d.Name(&r.EntryID), Result: said})
	}
	return nil
}

func (s *Server) updateCall(c echo.Context) error {
	e, err := s.StaffEvent(c)
	if err != nil {
		return err
	}
	id, err := strconv.ParseInt(c.Param("call"), 10, 64)
	if err != nil {
		return web.NotFound()
	}
	status := c.FormValue("status")
	if status != storage.CallTaken && status != storage.CallClosed {
		return &web.Error{Code: http.StatusUnprocessableEntity, Safe: i18n.T(c.Request().Context(), "StaffErrUnknownAction", nil)}
	}
	if err := s.Store.UpdateJudgeCall(c.Request().Context(), web.ActorOf(c), e.ID, id, status); err != nil {
		return err
	}
	web.SetFlash(c, msgCallUpdated)
	return web.Redirect(c, fmt.Sprintf("/events/%d/calls", e.ID))
}

// showMatch is where a match slip's QR code leads: staff go to the round's
// page; a player's phone that has opened its link before goes to its page.
func (s *Server) showMatch(c echo.Context) error {
	e, err := s.EventParam(c)
	if err != nil {
		return err
	}
	mt, err := s.matchParam(c, e)
	if err != nil {
		return err
	}
	if staff, err := s.IsStaff(c, e); err != nil {
		return err
	} else if staff {
		r, err := s.roundOfMatch(c, e, mt)
		if err != nil {
			return err
		}
		return web.Redirect(c, fmt.Sprintf("/events/%d/rounds/%d", e.ID, r.Number))
	}
	if e.Status == storage.StatusDraft {
		return web.NotFound() // private: not even its matches are said to exist
	}
	if ck, err := c.Cookie(playerCookie(e.ID)); err == nil && ck.Value != "" {
		if en, err := s.Store.EntryByTokenHash(c.Request().Context(), web.HashToken(ck.Value)); err == nil && en.EventID == e.ID {
			return web.Redirect(c, "/p/"+ck.Value)
		}
	}
	return &web.Error{Code: http.StatusForbidden, Safe: i18n.T(c.Request().Context(), "PhoneSlipNeedsOwnLink", nil)}
}

// playerCookie remembers a phone's player link per event, so the QR code on
// a match slip can take the player to their own page.
func playerCookie(eventID int64) string { return "tenkaichi_player_" + strconv.FormatInt(eventID, 10) }

// showDecklists shows every list to anyone once the organiser publishes
// them; before that only the event's staff see it.
func (s *Server) showDecklists(c echo.Context) error {
	e, err := s.EventParam(c)
	if err != nil {
		return err
	}
	if !e.DecksPublic || e.Status == storage.StatusDraft {
		if staff, err := s.IsStaff(c, e); err != nil {
			return err
		} else if !staff {
			return web.NotFound()
		}
	}
	entries, err := s.Store.Entries(c.Request().Context(), e.ID)
	if err != nil {
		return err
	}
	ctx := c.Request().Context()
	pool, err := s.Store.CardPool(ctx, rules.Game(e.Game))
	if err != nil {
		return err
	}
	m := views.PublicDecklistsPage{EventID: e.ID, EventName: e.Name}
	g := web.GameOf(e.Game)
	for _, en := range entries {
		if en.Waitlisted || en.DeckText == "" {
			continue
		}
		m.Lists = append(m.Lists, views.PublicDecklist{Player: en.PlayerName, Leader: web.DeckHeadline(ctx, g, pool, &en), Text: en.DeckText})
	}
	return web.Render(c, http.StatusOK, views.PublicDecklistsView(s.Page(c, i18n.T(ctx, "PhonePublicDecklistsTitle", i18n.Args{"Event": e.Name})), m))
}
