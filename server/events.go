package server

import (
	"context"
	"errors"
	"net/http"
	"slices"
	"strconv"

	"github.com/labstack/echo/v4"
	"github.com/tenkaichi-org/tenkaichi/rules"
	"github.com/tenkaichi-org/tenkaichi/server/web"
	"github.com/tenkaichi-org/tenkaichi/storage"
	"github.com/tenkaichi-org/tenkaichi/storage/accounts"
	"github.com/tenkaichi-org/tenkaichi/storage/carddata"
	"github.com/tenkaichi-org/tenkaichi/storage/decklists"
	"github.com/tenkaichi-org/tenkaichi/views"
	"github.com/tenkaichi-org/tenkaichi/views/i18n"
)

// Events: the home page's list, an organiser's events, an event's page,
// and creating, editing and deleting one with its judges.

func (s *Server) home(c echo.Context) error {
	ctx := c.Request().Context()
	es, err := s.Store.UpcomingAndRunning(ctx, s.Today())
	if err != nil {
		return err
	}
	rows, err := s.eventRows(c, es)
	if err != nil {
		return err
	}
	return web.Render(c, http.StatusOK, views.HomePage(s.PageTitled(c, i18n.M("AdminHomeTitle", nil)), rows))
}

func (s *Server) eventRows(c echo.Context, es []storage.Event) ([]views.EventRow, error) {
	ids := make([]int64, len(es))
	for i := range es {
		ids[i] = es[i].ID
	}
	counts, err := s.Store.EntryCounts(c.Request().Context(), ids)
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
		ID: e.ID, Name: e.Name, Game: e.Game, Format: web.GameFormatName(ctx, e.Format), Date: i18n.Date(ctx, e.StartsOn), Venue: e.Venue,
		Status: e.Status, State: statusLabel(e.Status), Players: players,
	}
}

// listEvents is the organiser's list: the events of their stores (every
// store's for the instance admin), each named with its store when they run
// several; ?store=ID keeps to one of them.
func (s *Server) listEvents(c echo.Context) error {
	stores, err := s.OrganiserStores(c)
	if err != nil {
		return err
	}
	if raw := c.QueryParam("store"); raw != "" {
		id, err := strconv.ParseInt(raw, 10, 64)
		if err != nil || !web.HasShop(stores, id) {
			return web.Refused(i18n.M("NotYourStore", nil))
		}
		stores = slices.DeleteFunc(stores, func(sh accounts.Shop) bool { return sh.ID != id })
	}
	es, err := s.Store.EventsOfShops(c.Request().Context(), web.ShopIDs(stores))
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
	return web.Render(c, http.StatusOK, views.EventsPage(s.PageTitled(c, i18n.M("StaffAllEvents", nil)), rows))
}

func (s *Server) showEvent(c echo.Context) error {
	ctx := c.Request().Context()
	e, err := s.EventParam(c)
	if err != nil {
		return err
	}
	if ok, err := s.CanSee(c, e); err != nil {
		return err
	} else if !ok {
		return web.NotFound()
	}
	n, err := s.Store.CountEntries(ctx, e.ID)
	if err != nil {
		return err
	}
	d := views.EventDetail{EventRow: eventRow(ctx, e, n), RoundMinutes: e.RoundMinutes, TopCutBestOf: e.TopCutBestOf}
	d.TimeZone = web.ZoneLabel(e, s.Now())
	d.Game, d.Format = web.GameName(ctx, rules.Game(e.Game)), web.FormatName(ctx, e.Format)
	if e.SwissRounds != nil {
		d.SwissRounds = strconv.Itoa(*e.SwissRounds)
	}
	switch {
	case e.TopCutSize == 0:
		d.TopCut = i18n.M("StaffTopCutNone", nil)
	case e.TopCutBestOf == 1:
		d.TopCut = i18n.M("StaffTopCutBestOfOne", i18n.Args{"Size": e.TopCutSize})
	default:
		d.TopCut = i18n.M("StaffTopCutBestOf", i18n.Args{"Size": e.TopCutSize, "BestOf": e.TopCutBestOf})
	}
	judges, err := s.Store.EventJudges(ctx, e.ID)
	if err != nil {
		return err
	}
	attached := map[int64]bool{}
	for _, j := range judges {
		d.JudgeIDs = append(d.JudgeIDs, views.JudgeRef{ID: j.ID, Name: j.Name()})
		attached[j.ID] = true
	}
	d.CanRegister = e.SelfRegistration && e.Status == storage.StatusRegistration
	access, err := s.AccessTo(c, e)
	if err != nil {
		return err
	}
	d.IsStaff = access >= web.AccessJudge
	if access == web.AccessOrganiser {
		d.CanEdit, d.CanSeeAudit = true, true
		if err := s.eventCards(c, e, &d); err != nil {
			return err
		}
		if d.Store, err = s.storeLabel(c, e.StoreID); err != nil {
			return err
		}
		// Only the judges of the event's store can be attached.
		all, err := accounts.New(s.Store).ShopMembersWithRole(ctx, e.StoreID, storage.RoleJudge)
		if err != nil {
			return err
		}
		for _, j := range all {
			if !attached[j.ID] {
				d.JudgeChoices = append(d.JudgeChoices, views.Option{Value: strconv.FormatInt(j.ID, 10), Label: j.Name()})
			}
		}
		log, err := s.Store.AuditLog(ctx, e.ID, 30)
		if err != nil {
			return err
		}
		for _, a := range log {
			d.Audit = append(d.Audit, views.AuditRow{
				When: i18n.DateTimeSeconds(ctx, a.CreatedAt, e.Location()), Who: web.AuditActor(a),
				Change: web.AuditChange(a.Action, a.Entity), EntityID: a.EntityID, Row: a.ID, Before: a.BeforeJSON, After: a.AfterJSON,
			})
		}
	}
	return web.Render(c, http.StatusOK, views.EventPage(s.PageTitled(c, i18n.Verbatim(e.Name)), d))
}

// eventCards tells the organiser what the event's decklists are checked
// against: its game's stored cards and the ban list in force on its date.
func (s *Server) eventCards(c echo.Context, e *storage.Event, d *views.EventDetail) error {
	ctx := c.Request().Context()
	g := web.GameOf(e.Game)
	n, err := carddata.New(s.Store).CountCards(ctx, g.ID)
	if err != nil {
		return err
	}
	d.CardPool = i18n.MN("EventCardPool", int(n), i18n.Args{"Game": web.GameShortName(ctx, g.ID)})
	if n == 0 {
		d.PoolWarning = i18n.M("EventNoCards", i18n.Args{"Game": web.GameName(ctx, g.ID)})
	}
	format, ok := rules.LookupFormat(e.Format)
	switch {
	case !ok || !format.AppliesBanList():
		d.BanList = i18n.M("EventBanListNone", nil)
	default:
		bans, err := carddata.New(s.Store).BanLists(ctx)
		if err != nil {
			return err
		}
		if v := bans.InForce(g.ID, e.StartsOn); v != nil {
			d.BanList = i18n.M("EventBanListInForce", i18n.Args{"Name": i18n.BanListNamed(v.Name), "Date": e.Date()})
		} else {
			d.BanList = i18n.M("EventBanListNoneInForce", i18n.Args{"Game": web.GameShortName(ctx, g.ID), "Date": e.Date()})
		}
	}
	return nil
}

// newEvent is the event form for the game in ?game= (Fusion World when none
// is given), filled with that game's defaults. The event belongs to one of
// the organiser's stores: a choice when they run several, none shown for one.
func (s *Server) newEvent(c echo.Context) error {
	stores, err := s.OrganiserStores(c)
	if err != nil {
		return err
	}
	if len(stores) == 0 {
		return web.Refused(i18n.M("NoStoreYet", nil))
	}
	f := newEventForm(c.Request().Context(), s.Today(), c.QueryParam("game"))
	withStores(c, &f, stores)
	return web.Render(c, http.StatusOK, views.EventFormPage(s.PageTitled(c, i18n.M("StaffNewEvent", nil)), f))
}

// withStores offers the stores an event can be made in: a select box for
// several, a hidden field for one.
func withStores(c echo.Context, f *views.EventForm, stores []accounts.Shop) {
	if len(stores) == 1 {
		f.StoreID = strconv.FormatInt(stores[0].ID, 10)
		return
	}
	f.StoreChoices = web.StoreChoices(c, stores)
}

func (s *Server) createEvent(c echo.Context) error {
	stores, err := s.OrganiserStores(c)
	if err != nil {
		return err
	}
	shop, msg, err := s.ChosenStore(c, stores)
	if err != nil {
		return err
	}
	f, ev, ok := readEventForm(c, nil, false)
	f.StoreID = c.FormValue("store_id")
	withStores(c, &f, stores)
	if msg != "" {
		f.Errors["store_id"] = i18n.Verbatim(msg)
		ok = false
	}
	if !ok {
		return web.Render(c, http.StatusUnprocessableEntity, views.EventFormPage(s.PageTitled(c, i18n.M("StaffNewEvent", nil)), f))
	}
	ev.StoreID = shop.ID
	ev.Seed = web.RandomSeed()
	if err := s.Store.CreateEvent(c.Request().Context(), web.ActorOf(c), &ev); err != nil {
		return err
	}
	web.SetFlash(c, msgEventCreated)
	return web.Redirect(c, "/events/"+strconv.FormatInt(ev.ID, 10))
}

func (s *Server) editEvent(c echo.Context) error {
	e, err := s.EventParam(c)
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
	return web.Render(c, http.StatusOK, views.EventFormPage(s.PageTitled(c, i18n.M("StaffEditEventTitle", i18n.Args{"Event": e.Name})), f))
}

// gameLocked reports whether the event's game can no longer change: a player
// has saved a decklist, which was checked against that game's cards.
func (s *Server) gameLocked(c echo.Context, e *storage.Event) (bool, error) {
	n, err := decklists.New(s.Store).CountDecklists(c.Request().Context(), e.ID)
	return n > 0, err
}

func (s *Server) updateEvent(c echo.Context) error {
	e, err := s.EventParam(c)
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
	if ok {
		ok, err = s.twoDayUnchangedOnceClosed(c, e, &ev, f.Errors)
		if err != nil {
			return err
		}
	}
	if !ok {
		return web.Render(c, http.StatusUnprocessableEntity, views.EventFormPage(s.PageTitled(c, i18n.M("StaffEditEventTitle", i18n.Args{"Event": e.Name})), f))
	}
	// Settings the form does not carry (deck locks, deadlines) keep their values.
	merged := *e
	applyEventForm(&merged, &ev)
	err = s.Store.UpdateEvent(c.Request().Context(), web.ActorOf(c), &merged)
	if errors.Is(err, storage.ErrStale) {
		// Show what is saved now beside what this user typed, so nothing is
		// silently lost: they can re-apply their change on the new version.
		f.Version = 0
		if cur, err := s.Store.EventByID(c.Request().Context(), e.ID); err == nil {
			f.Version = cur.Version
		}
		f.Problem = i18n.M("StaffErrEventStale", nil)
		return web.Render(c, http.StatusConflict, views.EventFormPage(s.PageTitled(c, i18n.M("StaffEditEventTitle", i18n.Args{"Event": e.Name})), f))
	}
	if err != nil {
		return err
	}
	web.SetFlash(c, msgEventSaved)
	return web.Redirect(c, "/events/"+strconv.FormatInt(e.ID, 10))
}

func (s *Server) confirmDeleteEvent(c echo.Context) error {
	e, err := s.EventParam(c)
	if err != nil {
		return err
	}
	return web.Render(c, http.StatusOK, views.EventDeletePage(s.PageTitled(c, i18n.M("StaffDeleteEventTitle", i18n.Args{"Event": e.Name})), eventRow(c.Request().Context(), e, 0)))
}

func (s *Server) deleteEvent(c echo.Context) error {
	e, err := s.EventParam(c)
	if err != nil {
		return err
	}
	if err := s.Store.DeleteEvent(c.Request().Context(), web.ActorOf(c), e.ID); err != nil {
		return err
	}
	web.SetFlash(c, msgEventDeleted)
	return web.Redirect(c, "/events")
}

func (s *Server) addJudge(c echo.Context) error {
	e, err := s.EventParam(c)
	if err != nil {
		return err
	}
	uid, err := strconv.ParseInt(c.FormValue("user_id"), 10, 64)
	if err != nil {
		return &web.Error{Code: http.StatusUnprocessableEntity, Msg: i18n.M("StaffErrChooseJudge", nil)}
	}
	// A judge account of another store is not offered, and not taken.
	member, err := accounts.New(s.Store).IsShopMember(c.Request().Context(), e.StoreID, uid)
	if err != nil {
		return err
	}
	if !member {
		return &web.Error{Code: http.StatusUnprocessableEntity, Msg: i18n.M("JudgeOfAnotherStore", nil)}
	}
	err = s.Store.AddEventJudge(c.Request().Context(), web.ActorOf(c), e.ID, uid)
	if errors.Is(err, storage.ErrNotFound) || errors.Is(err, storage.ErrConflict) {
		return &web.Error{Code: http.StatusUnprocessableEntity, Msg: i18n.M("StaffErrChooseJudgeAccount", nil), Err: err}
	}
	if err != nil {
		return err
	}
	web.SetFlash(c, msgJudgeAdded)
	return web.Redirect(c, "/events/"+strconv.FormatInt(e.ID, 10))
}

func (s *Server) removeJudge(c echo.Context) error {
	e, err := s.EventParam(c)
	if err != nil {
		return err
	}
	uid, err := strconv.ParseInt(c.Param("user"), 10, 64)
	if err != nil {
		return web.NotFound()
	}
	if err := s.Store.RemoveEventJudge(c.Request().Context(), web.ActorOf(c), e.ID, uid); err != nil {
		return err
	}
	web.SetFlash(c, msgJudgeRemoved)
	return web.Redirect(c, "/events/"+strconv.FormatInt(e.ID, 10))
}

// applyEventForm copies the fields the event form edits from src to dst.
func applyEventForm(dst, src *storage.Event) {
	dst.Version, dst.Name, dst.Game, dst.Format, dst.StartsOn, dst.Venue = src.Version, src.Name, src.Game, src.Format, src.StartsOn, src.Venue
	dst.RoundMinutes, dst.SwissRounds, dst.TopCutSize, dst.TopCutBestOf, dst.Status = src.RoundMinutes, src.SwissRounds, src.TopCutSize, src.TopCutBestOf, src.Status
	dst.DeckDeadline = src.DeckDeadline
	dst.PlayerCap, dst.SelfRegistration, dst.EndOfRound, dst.ExtraTurns, dst.Tiebreakers = src.PlayerCap, src.SelfRegistration, src.EndOfRound, src.ExtraTurns, src.Tiebreakers
	dst.PointsWin, dst.PointsDraw, dst.PointsLoss, dst.PointsBye = src.PointsWin, src.PointsDraw, src.PointsLoss, src.PointsBye
	dst.Language, dst.TimeZone, dst.SeedByRating = src.Language, src.TimeZone, src.SeedByRating
	dst.TeamEvent = src.TeamEvent
	dst.NoIntentionalDraws = src.NoIntentionalDraws
}

// storeLabel is the store's name for an organiser who runs several stores
// (so they can tell which one an event is for), "" for one who runs one.
func (s *Server) storeLabel(c echo.Context, storeID int64) (string, error) {
	stores, err := s.OrganiserStores(c)
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
