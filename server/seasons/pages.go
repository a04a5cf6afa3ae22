package seasons

import (
	"context"
	"errors"
	"net/http"
	"strings"
	"time"

	"github.com/labstack/echo/v4"
	"github.com/tenkaichi-org/tenkaichi/pairing/league"
	"github.com/tenkaichi-org/tenkaichi/rules"
	"github.com/tenkaichi-org/tenkaichi/server/web"
	"github.com/tenkaichi-org/tenkaichi/storage"
	"github.com/tenkaichi-org/tenkaichi/storage/leagues"
	"github.com/tenkaichi-org/tenkaichi/views"
	"github.com/tenkaichi-org/tenkaichi/views/i18n"
)

// List lists a store's seasons and the leagues it is in, or the regional
// leagues.
func (h *Handler) List(c echo.Context) error {
	ctx := c.Request().Context()
	sc := scopeOf(c)
	lgs := leagues.New(h.Store)
	var list []leagues.Season
	var err error
	m := views.SeasonsPage{NewURL: sc.base + "/new"}
	if sc.league() {
		list, err = lgs.Leagues(ctx)
	} else {
		m.StoreID, m.StoreName = sc.store.ID, sc.store.Name
		list, err = lgs.SeasonsOfStore(ctx, sc.store.ID)
	}
	if err != nil {
		return err
	}
	u := web.CurrentUser(c)
	for i := range list {
		se := &list[i]
		row := views.SeasonRow{ID: se.ID, Name: se.Name, GameFormat: gameFormat(se), From: i18n.Date(ctx, se.StartsOn),
			To: i18n.Date(ctx, se.EndsOn), League: se.IsLeague(), Public: se.Public}
		if !se.IsLeague() || u.IsAdmin {
			row.EditURL, row.EventsURL = editPath(se)+"/edit", editPath(se)+"/events"
		}
		m.Seasons = append(m.Seasons, row)
	}
	title := i18n.M("LeagueLeaguesTitle", nil)
	if !sc.league() {
		title = i18n.M("LeagueSeasonsTitle", i18n.Args{"Store": sc.store.Name})
	}
	return web.Render(c, http.StatusOK, views.SeasonsPageView(h.PageTitled(c, title), m))
}

// gameFormat names the season's game and format ("every format"),
// worded when the page renders.
func gameFormat(se *leagues.Season) i18n.Message {
	return i18n.Of(gameFormatPhrase{game: se.Game, format: se.Format})
}

type gameFormatPhrase struct{ game, format string }

func (p gameFormatPhrase) In(ctx context.Context) string {
	if p.format == "" {
		return i18n.M("LeagueGameEveryFormat", i18n.Args{"Game": web.GameShortName(ctx, rules.Game(p.game))}).In(ctx)
	}
	return web.GameFormatName(ctx, p.format)
}

// New shows the form of a new season (or league).
func (h *Handler) New(c echo.Context) error {
	sc := scopeOf(c)
	se := newSeason(h.Today())
	f := seasonForm(se)
	f.League = sc.league()
	return h.renderForm(c, sc, f, nil, http.StatusOK)
}

// Edit shows the form of a season.
func (h *Handler) Edit(c echo.Context) error {
	sc := scopeOf(c)
	se, err := h.season(c, sc)
	if err != nil {
		return err
	}
	return h.renderForm(c, sc, seasonForm(se), se.StoreIDs, http.StatusOK)
}

func (h *Handler) renderForm(c echo.Context, sc scope, f views.SeasonForm, stores []int64, status int) error {
	if err := h.withChoices(c.Request().Context(), &f, stores); err != nil {
		return err
	}
	f.Action, f.CancelURL = sc.base, sc.base
	title := i18n.M("LeagueNewSeasonTitle", nil)
	switch {
	case f.ID != 0:
		f.Action, f.CancelURL = sc.seasonPath(f.ID), boardPath(f.ID)
		title = i18n.M("LeagueEditTitle", i18n.Args{"Season": f.Name})
	case f.League:
		title = i18n.M("LeagueNewLeagueTitle", nil)
	}
	if sc.store != nil && f.ID == 0 {
		f.CancelURL = sc.base
	}
	return web.Render(c, status, views.SeasonFormPage(h.PageTitled(c, title), f))
}

// Create stores a new season of the store, or a league.
func (h *Handler) Create(c echo.Context) error {
	sc := scopeOf(c)
	f := views.SeasonForm{League: sc.league(), Errors: views.FieldProblems{}}
	se := &leagues.Season{}
	readSeasonForm(c, &f, se)
	if !sc.league() {
		id := sc.store.ID
		se.StoreID = &id
	}
	if len(f.Errors) > 0 {
		addRuleProblems(&f, se)
		return h.renderForm(c, sc, f, se.StoreIDs, http.StatusUnprocessableEntity)
	}
	err := leagues.New(h.Store).CreateSeason(c.Request().Context(), web.ActorOf(c), se)
	if inv, ok := isInvalid(err); ok {
		addProblems(&f, inv)
		return h.renderForm(c, sc, f, se.StoreIDs, http.StatusUnprocessableEntity)
	}
	if err != nil {
		return err
	}
	web.SetFlash(c, msgCreated)
	return web.Redirect(c, boardPath(se.ID))
}

// addRuleProblems adds the problems storage would find to a form that
// cannot be sent to it, so every field at fault is named at once.
func addRuleProblems(f *views.SeasonForm, se *leagues.Season) {
	ps := se.Rules().Validate()
	if strings.TrimSpace(se.Name) == "" {
		ps = append(ps, league.Problem{Field: leagues.FieldSeasonName, Key: "season-name-missing"})
	}
	if !se.StartsOn.IsZero() && !se.EndsOn.IsZero() && se.EndsOn.Before(se.StartsOn) {
		ps = append(ps, league.Problem{Field: leagues.FieldSeasonEnd, Key: "season-ends-before-start",
			Args: []any{se.StartsOn.Format(time.DateOnly), se.EndsOn.Format(time.DateOnly)}})
	}
	if f.League && len(se.StoreIDs) == 0 {
		ps = append(ps, league.Problem{Field: leagues.FieldSeasonStores, Key: "season-stores-missing"})
	}
	for _, p := range ps {
		if _, dup := f.Errors[p.Field]; !dup {
			f.Errors[p.Field] = problemMessage(storage.FieldProblem{Field: p.Field, Key: p.Key, Args: p.Args})
		}
	}
}

// Update saves a season read at the form's version.
func (h *Handler) Update(c echo.Context) error {
	sc := scopeOf(c)
	cur, err := h.season(c, sc)
	if err != nil {
		return err
	}
	f := views.SeasonForm{ID: cur.ID, League: sc.league(), Errors: views.FieldProblems{}}
	se := &leagues.Season{ID: cur.ID, StoreID: cur.StoreID}
	readSeasonForm(c, &f, se)
	if len(f.Errors) > 0 {
		addRuleProblems(&f, se)
		return h.renderForm(c, sc, f, se.StoreIDs, http.StatusUnprocessableEntity)
	}
	err = leagues.New(h.Store).UpdateSeason(c.Request().Context(), web.ActorOf(c), se)
	if inv, ok := isInvalid(err); ok {
		addProblems(&f, inv)
		return h.renderForm(c, sc, f, se.StoreIDs, http.StatusUnprocessableEntity)
	}
	if errors.Is(err, storage.ErrStale) {
		// What this user typed stays, against the version saved now.
		if now, err := leagues.New(h.Store).SeasonByID(c.Request().Context(), cur.ID); err == nil {
			f.Version = int64(now.Version)
		}
		f.Problem = i18n.M("LeagueErrStale", nil)
		return h.renderForm(c, sc, f, se.StoreIDs, http.StatusConflict)
	}
	if err != nil {
		return err
	}
	web.SetFlash(c, msgSaved)
	return web.Redirect(c, boardPath(se.ID))
}

// ConfirmDelete asks before a season is deleted.
func (h *Handler) ConfirmDelete(c echo.Context) error {
	sc := scopeOf(c)
	se, err := h.season(c, sc)
	if err != nil {
		return err
	}
	m := views.SeasonDeletePage{Name: se.Name, Action: sc.seasonPath(se.ID) + "/delete", CancelURL: boardPath(se.ID)}
	return web.Render(c, http.StatusOK, views.SeasonDeletePageView(h.PageTitled(c, i18n.M("LeagueDeleteTitle", i18n.Args{"Season": se.Name})), m))
}

// Delete deletes a season; its events stay as they are.
func (h *Handler) Delete(c echo.Context) error {
	sc := scopeOf(c)
	se, err := h.season(c, sc)
	if err != nil {
		return err
	}
	if err := leagues.New(h.Store).DeleteSeason(c.Request().Context(), web.ActorOf(c), se.ID); err != nil {
		return err
	}
	web.SetFlash(c, msgDeleted)
	return web.Redirect(c, sc.base)
}
