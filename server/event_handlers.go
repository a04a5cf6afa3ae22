package server

import (
	"context"
	"crypto/rand"
	"encoding/binary"
	"errors"
	"net/http"
	"slices"
	"strconv"
	"time"

	"github.com/labstack/echo/v4"
	"github.com/tenkaichi-org/tenkaichi/rules"
	"github.com/tenkaichi-org/tenkaichi/storage"
	"github.com/tenkaichi-org/tenkaichi/views"
	"github.com/tenkaichi-org/tenkaichi/views/i18n"
)

func (s *Server) today() time.Time {
	y, m, d := s.now().UTC().Date()
	return time.Date(y, m, d, 0, 0, 0, 0, time.UTC)
}

func (s *Server) home(c echo.Context) error {
	ctx := c.Request().Context()
	es, err := s.store.UpcomingAndRunning(ctx, s.today())
	if err != nil {
		return err
	}
	rows, err := s.eventRows(c, es)
	if err != nil {
		return err
	}
	return render(c, http.StatusOK, views.HomePage(s.page(c, i18n.T(ctx, "AdminHomeTitle", nil)), rows))
}

func (s *Server) eventRows(c echo.Context, es []storage.Event) ([]views.EventRow, error) {
	ids := make([]int64, len(es))
	for i := range es {
		ids[i] = es[i].ID
	}
	counts, err := s.store.EntryCounts(c.Request().Context(), ids)
	if err != nil {
		return nil, err
	}
	rows := make([]views.EventRow, 0, len(es))
	for i := range es {
		rows = append(rows, eventRow(c.Request().Context(), &es[i], counts[es[i].ID]))
	}
	return rows, nil
}

// eventRow is an event in a list: its format named with its game
// ("Masters: Standard"), as lists hold events of several games.
func eventRow(ctx context.Context, e *storage.Event, players int64) views.EventRow {
	return views.EventRow{
		ID: e.ID, Name: e.Name, Game: e.Game, Format: gameFormatName(ctx, e.Format), Date: i18n.Date(ctx, e.StartsOn), Venue: e.Venue,
		Status: e.Status, State: statusLabel(ctx, e.Status), Players: players,
	}
}

// eventParam loads the event named in the URL, or answers 404.
func (s *Server) eventParam(c echo.Context) (*storage.Event, error) {
	id, err := strconv.ParseInt(c.Param("id"), 10, 64)
	if err != nil || id <= 0 {
		return nil, notFound()
	}
	return s.store.EventByID(c.Request().Context(), id)
}

// canSee: drafts are private to organisers and the event's judges.
func (s *Server) canSee(c echo.Context, e *storage.Event) (bool, error) {
	if e.Status != storage.StatusDraft {
		return true, nil
	}
	return s.isStaff(c, e)
}

// listEvents is the organiser's list: the events of their stores (every
// store's for the instance admin), each named with its store when they run
// several; ?store=ID keeps to one of them.
func (s *Server) listEvents(c echo.Context) error {
	stores, err := s.organiserStores(c)
	if err != nil {
		return err
	}
	if raw := c.QueryParam("store"); raw != "" {
		id, err := strconv.ParseInt(raw, 10, 64)
		if err != nil || !hasShop(stores, id) {
			return forbidden(i18n.T(c.Request().Context(), "NotYourStore", nil))
		}
		stores = slices.DeleteFunc(stores, func(sh storage.Shop) bool { return sh.ID != id })
	}
	es, err := s.store.EventsOfShops(c.Request().Context(), shopIDs(stores))
	if err != nil {
		return err
	}
	rows, err := s.eventRows(c, es)
	if err != nil {
		return err
	}
	if len(stores) > 1 {
		names := make(map[int64]string, len(stores))
		for _, sh := range stores {
			names[sh.ID] = sh.Name
		}
		for i := range rows {
			rows[i].Store = names[es[i].StoreID]
		}
	}
	return render(c, http.StatusOK, views.EventsPage(s.page(c, i18n.T(c.Request().Context(), "StaffAllEvents", nil)), rows))
}

func (s *Server) showEvent(c echo.Context) error {
	ctx := c.Request().Context()
	e, err := s.eventParam(c)
	if err != nil {
		return err
	}
	if ok, err := s.canSee(c, e); err != nil {
		return err
	} else if !ok {
		return notFound()
	}
	n, err := s.store.CountEntries(ctx, e.ID)
	if err != nil {
		return err
	}
	d := views.EventDetail{EventRow: eventRow(ctx, e, n), RoundMinutes: e.RoundMinutes, TopCutBestOf: e.TopCutBestOf}
	d.TimeZone = zoneLabel(e, s.now())
	d.Game, d.Format = gameName(ctx, rules.Game(e.Game)), formatName(ctx, e.Format)
	if e.SwissRounds != nil {
		d.SwissRounds = strconv.Itoa(*e.SwissRounds)
	}
	switch {
	case e.TopCutSize == 0:
		d.TopCut = i18n.T(ctx, "StaffTopCutNone", nil)
	case e.TopCutBestOf == 1:
		d.TopCut = i18n.T(ctx, "StaffTopCutBestOfOne", i18n.Args{"Size": e.TopCutSize})
	default:
		d.TopCut = i18n.T(ctx, "StaffTopCutBestOf", i18n.Args{"Size": e.TopCutSize, "BestOf": e.TopCutBestOf})
	}
	judges, err := s.store.EventJudges(ctx, e.ID)
	if err != nil {
		return err
	}
	attached := map[int64]bool{}
	for _, j := range judges {
		d.JudgeIDs = append(d.JudgeIDs, views.JudgeRef{ID: j.ID, Name: j.Name()})
		attached[j.ID] = true
	}
	d.CanRegister = e.SelfRegistration && e.Status == storage.StatusRegistration
	access, err := s.accessTo(c, e)
	if err != nil {
		return err
	}
	d.IsStaff = access >= accessJudge
	if access == accessOrganiser {
		d.CanEdit, d.CanSeeAudit = true, true
		if err := s.eventCards(c, e, &d); err != nil {
			return err
		}
		if d.Store, err = s.storeLabel(c, e.StoreID); err != nil {
			return err
		}
		// Only the judges of the event's store can be attached.
		all, err := s.store.ShopMembersWithRole(ctx, e.StoreID, storage.RoleJudge)
		if err != nil {
			return err
		}
		for _, j := range all {
			if !attached[j.ID] {
				d.JudgeChoices = append(d.JudgeChoices, views.Option{Value: strconv.FormatInt(j.ID, 10), Label: j.Name()})
			}
		}
		log, err := s.store.AuditLog(ctx, e.ID, 30)
		if err != nil {
			return err
		}
		for _, a := range log {
			d.Audit = append(d.Audit, views.AuditRow{
				When: i18n.DateTimeSeconds(ctx, a.CreatedAt, e.Location()), Who: auditActorText(ctx, a),
				Change: auditChangeText(ctx, a.Action, a.Entity), EntityID: a.EntityID, Row: a.ID, Before: a.BeforeJSON, After: a.AfterJSON,
			})
		}
	}
	return render(c, http.StatusOK, views.EventPage(s.page(c, e.Name), d))
}

// eventCards tells the organiser what the event's decklists are checked
// against: its game's stored cards and the ban list in force on its date.
func (s *Server) eventCards(c echo.Context, e *storage.Event, d *views.EventDetail) error {
	ctx := c.Request().Context()
	g := gameOf(e.Game)
	n, err := s.store.CountCards(ctx, g.ID)
	if err != nil {
		return err
	}
	d.CardPool = i18n.N(ctx, "EventCardPool", int(n), i18n.Args{"Game": gameShortName(ctx, g.ID)})
	if n == 0 {
		d.PoolWarning = i18n.T(ctx, "EventNoCards", i18n.Args{"Game": gameName(ctx, g.ID)})
	}
	format, ok := rules.LookupFormat(e.Format)
	switch {
	case !ok || !format.AppliesBanList():
		d.BanList = i18n.T(ctx, "EventBanListNone", nil)
	default:
		bans, err := s.store.BanLists(ctx)
		if err != nil {
			return err
		}
		if v := bans.InForce(g.ID, e.StartsOn); v != nil {
			d.BanList = i18n.T(ctx, "EventBanListInForce", i18n.Args{"Name": v.Name, "Date": e.Date()})
		} else {
			d.BanList = i18n.T(ctx, "EventBanListNoneInForce", i18n.Args{"Game": gameShortName(ctx, g.ID), "Date": e.Date()})
		}
	}
	return nil
}

// newEvent is the event form for the game in ?game= (Fusion World when none
// is given), filled with that game's defaults. The event belongs to one of
// the organiser's stores: a choice when they run several, none shown for one.
func (s *Server) newEvent(c echo.Context) error {
	stores, err := s.organiserStores(c)
	if err != nil {
		return err
	}
	if len(stores) == 0 {
		return forbidden(i18n.T(c.Request().Context(), "NoStoreYet", nil))
	}
	f := newEventForm(c.Request().Context(), s.today(), c.QueryParam("game"))
	withStores(c, &f, stores)
	return render(c, http.StatusOK, views.EventFormPage(s.page(c, i18n.T(c.Request().Context(), "StaffNewEvent", nil)), f))
}

// withStores offers the stores an event can be made in: a select box for
// several, a hidden field for one.
func withStores(c echo.Context, f *views.EventForm, stores []storage.Shop) {
	if len(stores) == 1 {
		f.StoreID = strconv.FormatInt(stores[0].ID, 10)
		return
	}
	f.StoreChoices = storeChoices(c, stores)
}

func (s *Server) createEvent(c echo.Context) error {
	stores, err := s.organiserStores(c)
	if err != nil {
		return err
	}
	shop, msg, err := s.chosenStore(c, stores)
	if err != nil {
		return err
	}
	f, ev, ok := readEventForm(c, nil, false)
	f.StoreID = c.FormValue("store_id")
	withStores(c, &f, stores)
	if msg != "" {
		f.Errors["store_id"] = msg
		ok = false
	}
	if !ok {
		return render(c, http.StatusUnprocessableEntity, views.EventFormPage(s.page(c, i18n.T(c.Request().Context(), "StaffNewEvent", nil)), f))
	}
	ev.StoreID = shop.ID
	ev.Seed = randomSeed()
	if err := s.store.CreateEvent(c.Request().Context(), actorOf(c), &ev); err != nil {
		return err
	}
	setFlash(c, msgEventCreated)
	return redirect(c, "/events/"+strconv.FormatInt(ev.ID, 10))
}

// randomSeed is the event's seed for reproducible pairings and tie-breaks.
func randomSeed() int64 {
	var b [8]byte
	_, _ = rand.Read(b[:])
	return int64(binary.LittleEndian.Uint64(b[:]) >> 1)
}

func (s *Server) editEvent(c echo.Context) error {
	e, err := s.eventParam(c)
	if err != nil {
		return err
	}
	locked, err := s.gameLocked(c, e)
	if err != nil {
		return err
	}
	f := eventFormFrom(c.Request().Context(), e, locked)
	if f.StoreName, err = s.storeLabel(c, e.StoreID); err != nil {
		return err
	}
	return render(c, http.StatusOK, views.EventFormPage(s.page(c, i18n.T(c.Request().Context(), "StaffEditEventTitle", i18n.Args{"Event": e.Name})), f))
}

// gameLocked reports whether the event's game can no longer change: a player
// has saved a decklist, which was checked against that game's cards.
func (s *Server) gameLocked(c echo.Context, e *storage.Event) (bool, error) {
	n, err := s.store.CountDecklists(c.Request().Context(), e.ID)
	return n > 0, err
}

func (s *Server) updateEvent(c echo.Context) error {
	e, err := s.eventParam(c)
	if err != nil {
		return err
	}
	locked, err := s.gameLocked(c, e)
	if err != nil {
		return err
	}
	f, ev, ok := readEventForm(c, e, locked)
	if f.StoreName, err = s.storeLabel(c, e.StoreID); err != nil {
		return err
	}
	if !ok {
		return render(c, http.StatusUnprocessableEntity, views.EventFormPage(s.page(c, i18n.T(c.Request().Context(), "StaffEditEventTitle", i18n.Args{"Event": e.Name})), f))
	}
	// Settings the form does not carry (deck locks, deadlines) keep their values.
	merged := *e
	applyEventForm(&merged, &ev)
	err = s.store.UpdateEvent(c.Request().Context(), actorOf(c), &merged)
	if errors.Is(err, storage.ErrStale) {
		// Show what is saved now beside what this user typed, so nothing is
		// silently lost: they can re-apply their change on the new version.
		f.Version = 0
		if cur, err := s.store.EventByID(c.Request().Context(), e.ID); err == nil {
			f.Version = cur.Version
		}
		f.Problem = i18n.T(c.Request().Context(), "StaffErrEventStale", nil)
		return render(c, http.StatusConflict, views.EventFormPage(s.page(c, i18n.T(c.Request().Context(), "StaffEditEventTitle", i18n.Args{"Event": e.Name})), f))
	}
	if err != nil {
		return err
	}
	setFlash(c, msgEventSaved)
	return redirect(c, "/events/"+strconv.FormatInt(e.ID, 10))
}

func (s *Server) confirmDeleteEvent(c echo.Context) error {
	e, err := s.eventParam(c)
	if err != nil {
		return err
	}
	return render(c, http.StatusOK, views.EventDeletePage(s.page(c, i18n.T(c.Request().Context(), "StaffDeleteEventTitle", i18n.Args{"Event": e.Name})), eventRow(c.Request().Context(), e, 0)))
}

func (s *Server) deleteEvent(c echo.Context) error {
	e, err := s.eventParam(c)
	if err != nil {
		return err
	}
	if err := s.store.DeleteEvent(c.Request().Context(), actorOf(c), e.ID); err != nil {
		return err
	}
	setFlash(c, msgEventDeleted)
	return redirect(c, "/events")
}

func (s *Server) addJudge(c echo.Context) error {
	e, err := s.eventParam(c)
	if err != nil {
		return err
	}
	uid, err := strconv.ParseInt(c.FormValue("user_id"), 10, 64)
	if err != nil {
		return &appError{Code: http.StatusUnprocessableEntity, Safe: i18n.T(c.Request().Context(), "StaffErrChooseJudge", nil)}
	}
	// A judge account of another store is not offered, and not taken.
	member, err := s.store.IsShopMember(c.Request().Context(), e.StoreID, uid)
	if err != nil {
		return err
	}
	if !member {
		return &appError{Code: http.StatusUnprocessableEntity, Safe: i18n.T(c.Request().Context(), "JudgeOfAnotherStore", nil)}
	}
	err = s.store.AddEventJudge(c.Request().Context(), actorOf(c), e.ID, uid)
	if errors.Is(err, storage.ErrNotFound) || errors.Is(err, storage.ErrConflict) {
		return &appError{Code: http.StatusUnprocessableEntity, Safe: i18n.T(c.Request().Context(), "StaffErrChooseJudgeAccount", nil), Err: err}
	}
	if err != nil {
		return err
	}
	setFlash(c, msgJudgeAdded)
	return redirect(c, "/events/"+strconv.FormatInt(e.ID, 10))
}

func (s *Server) removeJudge(c echo.Context) error {
	e, err := s.eventParam(c)
	if err != nil {
		return err
	}
	uid, err := strconv.ParseInt(c.Param("user"), 10, 64)
	if err != nil {
		return notFound()
	}
	if err := s.store.RemoveEventJudge(c.Request().Context(), actorOf(c), e.ID, uid); err != nil {
		return err
	}
	setFlash(c, msgJudgeRemoved)
	return redirect(c, "/events/"+strconv.FormatInt(e.ID, 10))
}

func (s *Server) healthz(c echo.Context) error {
	ctx, cancel := contextWithTimeout(c, 2*time.Second)
	defer cancel()
	if err := s.store.Ping(ctx); err != nil {
		s.log.Warn("health check: database unreachable", "err", err)
		return c.String(http.StatusServiceUnavailable, "database unreachable\n")
	}
	return c.String(http.StatusOK, "ok\n")
}

// applyEventForm copies the fields the event form edits from src to dst.
func applyEventForm(dst, src *storage.Event) {
	dst.Version, dst.Name, dst.Game, dst.Format, dst.StartsOn, dst.Venue = src.Version, src.Name, src.Game, src.Format, src.StartsOn, src.Venue
	dst.RoundMinutes, dst.SwissRounds, dst.TopCutSize, dst.TopCutBestOf, dst.Status = src.RoundMinutes, src.SwissRounds, src.TopCutSize, src.TopCutBestOf, src.Status
	dst.DeckDeadline = src.DeckDeadline
	dst.PlayerCap, dst.SelfRegistration, dst.EndOfRound, dst.ExtraTurns, dst.Tiebreakers = src.PlayerCap, src.SelfRegistration, src.EndOfRound, src.ExtraTurns, src.Tiebreakers
	dst.PointsWin, dst.PointsDraw, dst.PointsLoss, dst.PointsBye = src.PointsWin, src.PointsDraw, src.PointsLoss, src.PointsBye
	dst.Language, dst.TimeZone = src.Language, src.TimeZone
}

// storeLabel is the store's name for an organiser who runs several stores
// (so they can tell which one an event is for), "" for one who runs one.
func (s *Server) storeLabel(c echo.Context, storeID int64) (string, error) {
	stores, err := s.organiserStores(c)
	if err != nil || len(stores) < 2 {
		return "", err
	}
	for _, sh := range stores {
		if sh.ID == storeID {
			return sh.Name, nil
		}
	}
	return "", nil
}
