package profiles

import (
	"errors"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"time"

	"github.com/labstack/echo/v4"
	"github.com/tenkaichi-org/tenkaichi/server/web"
	"github.com/tenkaichi-org/tenkaichi/storage"
	"github.com/tenkaichi-org/tenkaichi/storage/accounts"
	"github.com/tenkaichi-org/tenkaichi/storage/leagues"
	"github.com/tenkaichi-org/tenkaichi/views"
	"github.com/tenkaichi-org/tenkaichi/views/i18n"
)

// A store's players directory (/stores/:store/players), for its
// organisers and the instance admin (the route's middleware checks): the
// players of the store's events, searched and a page at a time; the
// records that may be one person, to merge; the merges, to undo.

const (
	directoryPageSize = 50
	directoryMerges   = 20
)

// Directory shows the store's players directory.
func (h *Handler) Directory(c echo.Context) error {
	sh, err := h.storeParam(c)
	if err != nil {
		return err
	}
	return h.directoryPage(c, sh, i18n.Message{}, http.StatusOK)
}

// storeParam is the store of the URL (the route let only its organisers in).
func (h *Handler) storeParam(c echo.Context) (*accounts.Shop, error) {
	id, err := strconv.ParseInt(c.Param("store"), 10, 64)
	if err != nil || id <= 0 {
		return nil, web.NotFound()
	}
	return accounts.New(h.Store).ShopByID(c.Request().Context(), id)
}

func (h *Handler) directoryPage(c echo.Context, sh *accounts.Shop, problem i18n.Message, status int) error {
	ctx := c.Request().Context()
	m := views.StorePlayersPage{StoreID: sh.ID, StoreName: sh.Name, Problem: problem, Page: 1,
		Query: web.Clip(strings.TrimSpace(c.QueryParam("q")), 80)}
	if n, err := strconv.Atoi(c.QueryParam("page")); err == nil && n > 1 && n < 1_000_000 {
		m.Page = n
	}
	players, total, err := h.leagues.StorePlayers(ctx, sh.ID, m.Query, directoryPageSize, (m.Page-1)*directoryPageSize)
	if err != nil {
		return err
	}
	m.Total, m.Pages = total, (total+directoryPageSize-1)/directoryPageSize
	for _, p := range players {
		m.Players = append(m.Players, views.StorePlayerRow{ID: p.ID, Name: p.Name, MemberID: p.MemberID, Public: p.Public,
			Events: p.Events, LastPlayed: i18n.Date(ctx, p.LastPlayed)})
	}
	if m.Page > 1 {
		m.PrevURL = directoryURL(sh.ID, m.Query, m.Page-1)
	}
	if m.Page < m.Pages {
		m.NextURL = directoryURL(sh.ID, m.Query, m.Page+1)
	}
	if err := h.fillDuplicates(c, sh.ID, &m); err != nil {
		return err
	}
	if err := h.fillMerges(c, sh.ID, &m); err != nil {
		return err
	}
	return web.Render(c, status, views.StorePlayersView(h.PageTitled(c, i18n.M("ProfileDirectoryTitle", i18n.Args{"Store": sh.Name})), m))
}

func directoryURL(storeID int64, query string, page int) string {
	v := url.Values{}
	if query != "" {
		v.Set("q", query)
	}
	v.Set("page", strconv.Itoa(page))
	return "/stores/" + strconv.FormatInt(storeID, 10) + "/players?" + v.Encode()
}

func (h *Handler) fillDuplicates(c echo.Context, storeID int64, m *views.StorePlayersPage) error {
	ctx := c.Request().Context()
	groups, err := h.leagues.LikelyDuplicates(ctx, storeID)
	if err != nil {
		return err
	}
	for _, g := range groups {
		v := views.DuplicateGroupView{Key: g.NameKey}
		for _, p := range g.Players {
			v.Players = append(v.Players, views.StorePlayerRow{ID: p.ID, Name: p.Name, MemberID: p.MemberID,
				Events: p.Events, LastPlayed: i18n.Date(ctx, p.LastPlayed)})
		}
		m.Duplicates = append(m.Duplicates, v)
	}
	return nil
}

func (h *Handler) fillMerges(c echo.Context, storeID int64, m *views.StorePlayersPage) error {
	ctx := c.Request().Context()
	merges, err := h.leagues.StoreMerges(ctx, storeID, directoryMerges)
	if err != nil {
		return err
	}
	for _, x := range merges {
		m.Merges = append(m.Merges, views.MergeRow{ID: x.ID, KeptID: x.KeptID, KeptName: x.KeptName, MergedID: x.MergedID, MergedName: x.MergedName,
			Entries: len(x.MovedEntryIDs), When: i18n.DateTime(ctx, x.CreatedAt, time.UTC), By: x.Actor, Undone: x.UndoneAt != nil})
	}
	return nil
}

// Merge merges one record of the store's players into another.
func (h *Handler) Merge(c echo.Context) error {
	sh, err := h.storeParam(c)
	if err != nil {
		return err
	}
	ctx := c.Request().Context()
	kept, err1 := strconv.ParseInt(c.FormValue("kept"), 10, 64)
	merged, err2 := strconv.ParseInt(c.FormValue("merged"), 10, 64)
	if err1 != nil || err2 != nil || kept <= 0 || merged <= 0 {
		return h.directoryPage(c, sh, i18n.M("ProfileErrMergeChoose", nil), http.StatusUnprocessableEntity)
	}
	if kept == merged {
		return h.directoryPage(c, sh, i18n.M("ProfileErrMergeSame", nil), http.StatusUnprocessableEntity)
	}
	for _, id := range []int64{kept, merged} {
		here, err := h.leagues.PlayedAtStore(ctx, sh.ID, id)
		if err != nil {
			return err
		}
		if !here {
			return h.directoryPage(c, sh, i18n.M("ProfileErrNotStorePlayer", nil), http.StatusUnprocessableEntity)
		}
	}
	_, err = h.leagues.MergePlayers(ctx, web.ActorOf(c), kept, merged)
	switch {
	case errors.Is(err, storage.ErrPlayerGone) || errors.Is(err, storage.ErrNotFound):
		return h.directoryPage(c, sh, i18n.M("ProfileErrMergeGone", nil), http.StatusConflict)
	case err != nil:
		return err
	}
	web.SetFlash(c, msgMerged)
	return web.Redirect(c, storePath(sh.ID))
}

// UndoMerge undoes a merge of the store's players, or says why it cannot.
func (h *Handler) UndoMerge(c echo.Context) error {
	sh, err := h.storeParam(c)
	if err != nil {
		return err
	}
	ctx := c.Request().Context()
	id, err := strconv.ParseInt(c.Param("merge"), 10, 64)
	if err != nil || id <= 0 {
		return web.NotFound()
	}
	m, err := h.leagues.MergeByID(ctx, id)
	if err != nil {
		return err
	}
	if ok, err := h.leagues.MergeOfStore(ctx, sh.ID, m); err != nil || !ok {
		if err == nil {
			err = web.NotFound()
		}
		return err
	}
	if m.UndoneAt != nil {
		return h.directoryPage(c, sh, i18n.M("ProfileErrUndoneAlready", nil), http.StatusConflict)
	}
	err = h.leagues.UndoMerge(ctx, web.ActorOf(c), id)
	if errors.Is(err, storage.ErrConflict) {
		return h.undoRefused(c, sh, m)
	}
	if err != nil {
		return err
	}
	web.SetFlash(c, msgMergeUndone)
	return web.Redirect(c, storePath(sh.ID))
}

// undoRefused says why the merge cannot be undone: a later merge or a
// removal changed its records or their entries since.
func (h *Handler) undoRefused(c echo.Context, sh *accounts.Shop, m *leagues.PlayerMerge) error {
	ctx := c.Request().Context()
	names := [2]string{}
	for i, id := range []int64{m.MergedID, m.KeptID} {
		p, err := h.Store.PlayerByID(ctx, id)
		if err != nil {
			return err
		}
		names[i] = p.Name
	}
	return h.directoryPage(c, sh, i18n.M("ProfileErrUndoRefused", i18n.Args{"Merged": names[0], "Kept": names[1]}), http.StatusConflict)
}

func storePath(storeID int64) string { return "/stores/" + strconv.FormatInt(storeID, 10) + "/players" }
